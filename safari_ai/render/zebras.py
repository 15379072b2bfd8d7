"""Zebras: the 6x5 grid with its six territories, the rivers and the guardian track."""

from __future__ import annotations

import re
from typing import Any

from safari_ai.render._svg import (
    LAST_MOVE_COLOUR,
    Canvas,
    Legend,
    caption,
    player_colour,
    result_text,
    to_move_text,
)

CELL = 60.0
LEFT, TOP = 60.0, 60.0
TERRITORY = ["123333", "122344", "112334", "512226", "556666"]  # rule book section 2.2
TERRITORY_FILL = {
    "1": "#e8d8a8",
    "2": "#cfe3b8",
    "3": "#f0c9a0",
    "4": "#bcd7e6",
    "5": "#e0c0d8",
    "6": "#d6d0f0",
}
NAMES = {"Z": "zebra", "G": "gazelle", "E": "elephant", "L": "lion", "C": "crocodile"}
VALUES = {"Z": 6, "G": 2, "E": 5, "L": 1, "C": 0}  # face up; face down 0
CELL_RE = re.compile(r"[a-f][1-5]")
# where the board (with its track) and the key lie (Canvas.views); the
# board's text (15) and pieces (40) stay at 12 and 32 px at a phone's width
BOARD_VIEW = (10.0, 10.0, 460.0, 400.0)
KEY_VIEW = (475.0, 0.0, 255.0, 460.0)


def track_xy(position: int) -> tuple[float, float]:
    """The centre of a guardian track position (0-21, clockwise from the top left)."""
    if position <= 5:
        return LEFT + (position + 0.5) * CELL, TOP - 25
    if position <= 10:
        return LEFT + 6 * CELL + 25, TOP + (position - 6 + 0.5) * CELL
    if position <= 16:
        return LEFT + (16 - position + 0.5) * CELL, TOP + 5 * CELL + 25
    return LEFT - 25, TOP + (21 - position + 0.5) * CELL


def move_cells(move: str | None) -> list[str]:
    return CELL_RE.findall(move or "")


def scores(pos: dict[str, Any]) -> list[int]:
    """Each player's points under the current majorities (rule book section 4.8)."""
    counts = {t: [0, 0] for t in "123456"}
    points = {t: 0 for t in "123456"}
    for row in range(5):
        for col, token in enumerate(pos["board"][row].split(" ")):
            if token != "..":
                territory = TERRITORY[row][col]
                counts[territory][int(token[0])] += 1
                points[territory] += VALUES[token[1]] if token[1].isupper() else 0
    out = [0, 0]
    for territory, (count0, count1) in counts.items():
        if count0 != count1:
            out[0 if count0 > count1 else 1] += points[territory]
    if pos["inauguration"] is not None:
        out[pos["inauguration"]] += 5
    return out


def render(pos: dict[str, Any], last_move: str | None, result: list[int] | None) -> str:
    width, height = LEFT * 2 + 6 * CELL + 250, TOP * 2 + 5 * CELL + 40
    canvas = Canvas(width, height, f"zebras: {to_move_text(pos)}")
    marked = move_cells(last_move)
    board = canvas.group("board")
    pieces = canvas.group("pieces")
    names = canvas.group("cell-names")  # above the pieces
    rows = pos["board"]
    labelled: set[str] = set()
    for row in range(5):
        tokens = rows[row].split(" ")
        for col in range(6):
            name = f"{'abcdef'[col]}{row + 1}"
            x, y = LEFT + col * CELL, TOP + row * CELL
            territory = TERRITORY[row][col]
            canvas.add(
                board,
                "rect",
                x=x,
                y=y,
                width=CELL,
                height=CELL,
                fill=LAST_MOVE_COLOUR if name in marked else TERRITORY_FILL[territory],
                stroke="#999",
                stroke_width=0.5,
                class_="cell last-move" if name in marked else "cell",
                **{"data-cell": name, "data-territory": f"T{territory}"},
            )
            canvas.label(names, x + 13, y + 10, name, size=15)
            if territory not in labelled:  # one territory name, on its first cell
                labelled.add(territory)
                canvas.label(
                    names,
                    x + CELL - 13,
                    y + 10,
                    f"T{territory}",
                    size=15,
                    fill="#7a4a00",
                    cls="territory-name",
                )
            token = tokens[col]
            if token == "..":
                continue
            owner, letter = token[0], token[1]
            face_up = letter.isupper()
            group = canvas.group(
                "piece",
                pieces,
                **{
                    "data-owner": owner,
                    "data-cell": name,
                    "data-kind": NAMES[letter.upper()],
                    "data-face": "up" if face_up else "down",
                },
            )
            canvas.add(
                group,
                "rect",
                x=x + 10,
                y=y + 16,
                width=CELL - 20,
                height=CELL - 20,
                rx=8.0,
                fill=player_colour(int(owner)) if face_up else "#fff",
                stroke=player_colour(int(owner)),
                stroke_width=3.0,
            )
            canvas.text(
                group,
                x + CELL / 2,
                y + CELL / 2 + 6,
                letter.upper(),
                size=20,
                fill="#fff" if face_up else player_colour(int(owner)),
                weight="bold",
            )
    # rivers: thick lines between adjacent cells of different territories
    rivers = canvas.group("rivers")
    for row in range(5):
        for col in range(6):
            if col < 5 and TERRITORY[row][col] != TERRITORY[row][col + 1]:
                x = LEFT + (col + 1) * CELL
                canvas.add(
                    rivers,
                    "line",
                    x1=x,
                    y1=TOP + row * CELL,
                    x2=x,
                    y2=TOP + (row + 1) * CELL,
                    stroke="#3a7bd5",
                    stroke_width=5.0,
                )
            if row < 4 and TERRITORY[row][col] != TERRITORY[row + 1][col]:
                y = TOP + (row + 1) * CELL
                canvas.add(
                    rivers,
                    "line",
                    x1=LEFT + col * CELL,
                    y1=y,
                    x2=LEFT + (col + 1) * CELL,
                    y2=y,
                    stroke="#3a7bd5",
                    stroke_width=5.0,
                )
    canvas.add(
        board,
        "rect",
        x=LEFT,
        y=TOP,
        width=6 * CELL,
        height=5 * CELL,
        fill="none",
        stroke="#333",
        stroke_width=2.0,
    )
    track = canvas.group("track")
    guardian = pos.get("guardian")
    moved_to = re.search(r"@(\d\d)$", last_move or "")
    for number in range(22):
        x, y = track_xy(number)
        here = guardian == number
        canvas.add(
            track,
            "circle",
            cx=x,
            cy=y,
            r=22.0 if here else 20.0,
            fill="#222"
            if here
            else ("#f2c500" if moved_to and int(moved_to.group(1)) == number else "#fff"),
            stroke="#555",
            stroke_width=1.0,
            class_="guardian" if here else "track-position",
            **{"data-position": str(number)},
        )
        canvas.text(track, x, y, str(number), size=15, fill="#fff" if here else "#555")
    hands = pos.get("hands", [{}, {}])
    lines = [f"zebras  {to_move_text(pos)}"]
    score = scores(pos)
    if result is not None:
        lines.append(result_text(result))
        lines.append(f"points: player 0 {score[0]}, player 1 {score[1]}")
    else:
        lines.append(f"points if it ended now: {score[0]} : {score[1]}")
    lines += [
        f"guardian: {guardian if guardian is not None else 'not placed'}",
        f"inauguration: {'nobody' if pos.get('inauguration') is None else 'player %s' % pos['inauguration']}",
    ]
    for player, hand in enumerate(hands):
        lines.append(f"hand {player}: " + " ".join(f"{k}{v}" for k, v in hand.items()))
    if last_move:
        lines.append(f"last move: {last_move}")
    end = _legend(canvas, LEFT + 6 * CELL + 60, TOP - 20)
    caption(canvas, lines, LEFT + 6 * CELL + 60, end + 8, size=12, step=16)
    canvas.views(BOARD_VIEW, KEY_VIEW)
    return canvas.to_string()


def _legend(canvas: Canvas, x: float, y: float) -> float:
    """The key from (x, y); returns the y below it."""
    key = Legend(canvas, x, y)
    key.row("player 0 (face up)", fill=player_colour(0))
    key.row("player 1 (face up)", fill=player_colour(1))
    key.row("face down: worth 0", fill="#fff", stroke=player_colour(0))
    for letter, name in NAMES.items():
        key.row(
            f"{name}, {VALUES[letter]} point{'s' if VALUES[letter] != 1 else ''}",
            fill="#888",
            symbol=letter,
        )
    key.row("river between territories", fill="#3a7bd5", shape="line")
    key.row("T1-T6 territories (colours)", fill=TERRITORY_FILL["2"], stroke="#999")
    key.row("guardian (its position)", fill="#222", shape="circle")
    key.row("guardian's last move", fill="#f2c500", shape="circle", stroke="#555")
    key.note("track 0-21 clockwise: 0-5 columns a-f,")
    key.note("6-10 rows 1-5, 11-16 columns f-a,")
    key.note("17-21 rows 5-1")
    return key.y
