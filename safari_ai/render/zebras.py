"""Zebras: the 6x5 grid with its six territories, the rivers and the guardian track."""
from __future__ import annotations

import re
from typing import Any, Optional

from safari_ai.render._svg import (LAST_MOVE_COLOUR, Canvas, caption, player_colour,
                                   to_move_text)

CELL = 60.0
LEFT, TOP = 60.0, 60.0
TERRITORY = ["122333", "122344", "112334", "512226", "556666"]  # rule book section 2.2
TERRITORY_FILL = {"1": "#e8d8a8", "2": "#cfe3b8", "3": "#f0c9a0", "4": "#bcd7e6",
                  "5": "#e0c0d8", "6": "#d6d0f0"}
NAMES = {"Z": "zebra", "G": "gazelle", "E": "elephant", "L": "lion", "C": "crocodile"}
CELL_RE = re.compile(r"[a-f][1-5]")


def track_xy(position: int) -> tuple[float, float]:
    """The centre of a guardian track position (0-21, clockwise from the top left)."""
    if position <= 5:
        return LEFT + (position + 0.5) * CELL, TOP - 25
    if position <= 10:
        return LEFT + 6 * CELL + 25, TOP + (position - 6 + 0.5) * CELL
    if position <= 16:
        return LEFT + (16 - position + 0.5) * CELL, TOP + 5 * CELL + 25
    return LEFT - 25, TOP + (21 - position + 0.5) * CELL


def move_cells(move: Optional[str]) -> list[str]:
    return CELL_RE.findall(move or "")


def render(pos: dict[str, Any], last_move: Optional[str]) -> str:
    width, height = LEFT * 2 + 6 * CELL + 200, TOP * 2 + 5 * CELL + 120
    canvas = Canvas(width, height, f"zebras: {to_move_text(pos)}")
    marked = move_cells(last_move)
    board = canvas.group("board")
    pieces = canvas.group("pieces")
    rows = pos["board"]
    for row in range(5):
        tokens = rows[row].split(" ")
        for col in range(6):
            name = f"{'abcdef'[col]}{row + 1}"
            x, y = LEFT + col * CELL, TOP + row * CELL
            territory = TERRITORY[row][col]
            canvas.add(board, "rect", x=x, y=y, width=CELL, height=CELL,
                       fill=LAST_MOVE_COLOUR if name in marked else TERRITORY_FILL[territory],
                       stroke="#999", stroke_width=0.5,
                       class_="cell last-move" if name in marked else "cell",
                       **{"data-cell": name, "data-territory": f"T{territory}"})
            canvas.text(board, x + 9, y + 8, name, size=8, fill="#666", cls="cell-name")
            token = tokens[col]
            if token == "..":
                continue
            owner, letter = token[0], token[1]
            face_up = letter.isupper()
            group = canvas.group("piece", pieces, **{
                "data-owner": owner, "data-cell": name, "data-kind": NAMES[letter.upper()],
                "data-face": "up" if face_up else "down"})
            canvas.add(group, "rect", x=x + 9, y=y + 9, width=CELL - 18, height=CELL - 18, rx=8.0,
                       fill=player_colour(int(owner)) if face_up else "#fff",
                       stroke=player_colour(int(owner)), stroke_width=3.0)
            canvas.text(group, x + CELL / 2, y + CELL / 2, letter.upper(), size=20,
                        fill="#fff" if face_up else player_colour(int(owner)), weight="bold")
    # rivers: thick lines between adjacent cells of different territories
    rivers = canvas.group("rivers")
    for row in range(5):
        for col in range(6):
            if col < 5 and TERRITORY[row][col] != TERRITORY[row][col + 1]:
                x = LEFT + (col + 1) * CELL
                canvas.add(rivers, "line", x1=x, y1=TOP + row * CELL, x2=x,
                           y2=TOP + (row + 1) * CELL, stroke="#3a7bd5", stroke_width=5.0)
            if row < 4 and TERRITORY[row][col] != TERRITORY[row + 1][col]:
                y = TOP + (row + 1) * CELL
                canvas.add(rivers, "line", x1=LEFT + col * CELL, y1=y, x2=LEFT + (col + 1) * CELL,
                           y2=y, stroke="#3a7bd5", stroke_width=5.0)
    canvas.add(board, "rect", x=LEFT, y=TOP, width=6 * CELL, height=5 * CELL, fill="none",
               stroke="#333", stroke_width=2.0)
    track = canvas.group("track")
    guardian = pos.get("guardian")
    moved_to = re.search(r"@(\d\d)$", last_move or "")
    for number in range(22):
        x, y = track_xy(number)
        here = guardian == number
        canvas.add(track, "circle", cx=x, cy=y, r=11.0 if here else 9.0,
                   fill="#222" if here else ("#f2c500" if moved_to and int(moved_to.group(1)) == number
                                             else "#fff"),
                   stroke="#555", stroke_width=1.0,
                   class_="guardian" if here else "track-position",
                   **{"data-position": str(number)})
        canvas.text(track, x, y, str(number), size=8, fill="#fff" if here else "#555")
    hands = pos.get("hands", [{}, {}])
    lines = [f"zebras  {to_move_text(pos)}",
             f"guardian: {guardian if guardian is not None else 'not placed'}",
             f"inauguration: {'nobody' if pos.get('inauguration') is None else 'player %s' % pos['inauguration']}"]
    for player, hand in enumerate(hands):
        lines.append(f"hand {player}: " + " ".join(f"{k}{v}" for k, v in hand.items()))
    if last_move:
        lines.append(f"last move: {last_move}")
    caption(canvas, lines, LEFT + 6 * CELL + 55, TOP, size=12)
    caption(canvas, ["lowercase/outlined = face down; blue lines = rivers"], LEFT, height - 40,
            size=11)
    return canvas.to_string()
