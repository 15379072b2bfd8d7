"""Turtles: the 37-cell hexagonal island (flat-topped hexes, columns a-g upright)."""

from __future__ import annotations

import math
import re
from typing import Any

from safari_ai.render._svg import (
    LAST_MOVE_COLOUR,
    NEUTRAL_COLOUR,
    Canvas,
    Legend,
    caption,
    hex_points,
    player_colour,
    result_text,
    to_move_text,
)

SIZE = 30.0
# where the board and the key lie (Canvas.views): at a phone's width the
# board alone fills it, so its names (12) come out at 12 px or more
BOARD_VIEW = (48.0, 26.0, 344.0, 380.0)
KEY_VIEW = (410.0, 0.0, 350.0, 440.0)
CELL_RE = re.compile(r"[a-g][1-7]")
TATTOOS = {"L": "Life", "C": "Change", "I": "Immortality", "X": "Contamination"}


def cells() -> dict[str, tuple[int, int]]:
    """Every cell name with its axial (q, r), as in the rule book's section 2."""
    out = {}
    for q in range(-3, 4):
        for r in range(-3, 4):
            if abs(q + r) <= 3:
                rank = min(3, 3 - q) - r + 1
                out[f"{'abcdefg'[q + 3]}{rank}"] = (q, r)
    return out


def move_cells(move: str | None) -> list[str]:
    """The cells a move names, in order (the part after ``/`` of a jump is team digits)."""
    if not move:
        return []
    return CELL_RE.findall(move)


def render(pos: dict[str, Any], last_move: str | None, result: list[int] | None) -> str:
    width, height = 760.0, 440.0
    canvas = Canvas(width, height, f"turtles: {to_move_text(pos)}")
    cx, cy = 220.0, 215.0
    marked = move_cells(last_move)
    board = canvas.group("board")
    pieces = canvas.group("pieces")
    path = canvas.group("last-move-layer")
    names = canvas.group("cell-names")  # above the pieces: readable under a turtle
    goals = {"d7": "goal of player 0", "d1": "goal of player 1"}
    for name, (q, r) in sorted(cells().items()):
        x = cx + q * 1.5 * SIZE
        y = cy + (r + q / 2) * math.sqrt(3) * SIZE
        cls = "cell" + (" last-move" if name in marked else "")
        fill = LAST_MOVE_COLOUR if name in marked else ("#e9dcb5" if name in goals else "#d8e8c8")
        canvas.add(
            board,
            "polygon",
            points=hex_points(x, y, SIZE - 1, pointy=False),
            fill=fill,
            stroke="#6b7f5a",
            stroke_width=1.5,
            class_=cls,
            **{"data-cell": name},
        )
        canvas.label(names, x, y + SIZE * 0.66, name, size=12)
        code = pos["board"].get(name)
        if code is None:
            continue
        owner = "neutral" if code[0] == "n" else code[0]
        kind = code[1:]
        group = canvas.group(
            "piece",
            pieces,
            **{"data-owner": owner, "data-cell": name, "data-kind": kind or "plain"},
        )
        colour = NEUTRAL_COLOUR if owner == "neutral" else player_colour(int(owner))
        canvas.add(
            group,
            "circle",
            cx=float(x),
            cy=y - 3.0,
            r=SIZE * 0.54,
            fill=colour,
            stroke="#222",
            stroke_width=2.0,
            stroke_dasharray="4 3" if owner == "neutral" else None,
        )
        if kind:
            canvas.text(group, x, y - 3, kind, size=14, fill="#fff", weight="bold")
    if marked:
        _arrow(canvas, path, marked, cx, cy)
    lines = [f"turtles  {to_move_text(pos)}", f"phase {pos['phase']}, turn {pos['turns']}"]
    if result is not None:
        lines.append(result_text(result))
    reserve = pos["reserve"]
    if any(reserve):
        lines.append(f"reserves: player 0 {reserve[0]}, player 1 {reserve[1]}")
    if pos["pending"]:
        lines.append("effects pending: " + " ".join(pos["pending"]))
    if pos["changing"]:
        lines.append(f"Change waiting at {pos['changing']}")
    if last_move:
        lines.append(f"last move: {last_move}")
    end = caption(canvas, lines, 420, 40)
    _legend(canvas, 420.0, end + 8, tattoo=bool(pos["rules"].get("tattoo")))
    canvas.views(BOARD_VIEW, KEY_VIEW)
    return canvas.to_string()


def _legend(canvas: Canvas, x: float, y: float, tattoo: bool) -> None:
    key = Legend(canvas, x, y)
    key.row("player 0, runs north to d7", fill=player_colour(0), shape="circle")
    key.row("player 1, runs south to d1", fill=player_colour(1), shape="circle")
    key.row("neutral (turned over)", fill=NEUTRAL_COLOUR, shape="circle", dashed=True)
    key.row("d1 / d7: home corners, goals", fill="#e9dcb5", stroke="#6b7f5a")
    key.row("cells of the last move", fill=LAST_MOVE_COLOUR, stroke="#6b7f5a")
    if tattoo:
        key.note("tattooed turtles:")
        for letter, name in TATTOOS.items():
            key.row(name, fill="#777", symbol=letter, shape="circle")
    key.note("cell names: column a-g, rank 1")
    key.note("at the south end of each column")


def _arrow(canvas: Canvas, layer: Any, marked: list[str], cx: float, cy: float) -> None:
    table = cells()
    points = []
    for name in marked:
        if name in table:
            q, r = table[name]
            points.append(f"{cx + q * 1.5 * SIZE:.1f},{cy + (r + q / 2) * math.sqrt(3) * SIZE:.1f}")
    if len(points) >= 2:
        canvas.add(
            layer,
            "polyline",
            points=" ".join(points),
            fill="none",
            stroke="#222",
            stroke_width=3.0,
            stroke_opacity=0.6,
            class_="last-move-path",
        )
