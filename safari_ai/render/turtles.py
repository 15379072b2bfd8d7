"""Turtles: the 37-cell hexagonal island (flat-topped hexes, columns a-g upright)."""
from __future__ import annotations

import math
import re
from typing import Any, Optional

from safari_ai.render._svg import (LAST_MOVE_COLOUR, NEUTRAL_COLOUR, Canvas, caption,
                                   hex_points, player_colour, to_move_text)

SIZE = 30.0
CELL_RE = re.compile(r"[a-g][1-7]")


def cells() -> dict[str, tuple[int, int]]:
    """Every cell name with its axial (q, r), as in the rule book's section 2."""
    out = {}
    for q in range(-3, 4):
        for r in range(-3, 4):
            if abs(q + r) <= 3:
                rank = min(3, 3 - q) - r + 1
                out[f"{'abcdefg'[q + 3]}{rank}"] = (q, r)
    return out


def move_cells(move: Optional[str]) -> list[str]:
    """The cells a move names, in order (the part after ``/`` of a jump is team digits)."""
    if not move:
        return []
    return CELL_RE.findall(move)


def render(pos: dict[str, Any], last_move: Optional[str]) -> str:
    width, height = 440.0, 520.0
    canvas = Canvas(width, height, f"turtles: {to_move_text(pos)}")
    cx, cy = width / 2, 215.0
    marked = move_cells(last_move)
    board = canvas.group("board")
    pieces = canvas.group("pieces")
    goals = {"d7": "goal of player 0", "d1": "goal of player 1"}
    for name, (q, r) in sorted(cells().items()):
        x = cx + q * 1.5 * SIZE
        y = cy + (r + q / 2) * math.sqrt(3) * SIZE
        cls = "cell" + (" last-move" if name in marked else "")
        fill = LAST_MOVE_COLOUR if name in marked else ("#e9dcb5" if name in goals else "#d8e8c8")
        canvas.add(board, "polygon", points=hex_points(x, y, SIZE - 1, pointy=False),
                   fill=fill, stroke="#6b7f5a", stroke_width=1.5, class_=cls,
                   **{"data-cell": name})
        canvas.text(board, x, y + SIZE * 0.62, name, size=8, fill="#5a6a4a", cls="cell-name")
        code = pos.get("board", {}).get(name)
        if code is None:
            continue
        owner = "neutral" if code[0] == "n" else code[0]
        kind = code[1:]
        group = canvas.group("piece", pieces, **{"data-owner": owner, "data-cell": name,
                                                 "data-kind": kind or "plain"})
        colour = NEUTRAL_COLOUR if owner == "neutral" else player_colour(int(owner))
        canvas.add(group, "circle", cx=float(x), cy=float(y), r=SIZE * 0.55, fill=colour,
                   stroke="#222", stroke_width=2.0,
                   stroke_dasharray="4 3" if owner == "neutral" else None)
        if kind:
            canvas.text(group, x, y, kind, size=15, fill="#fff", weight="bold")
    if marked:
        _arrow(canvas, marked, cx, cy)
    lines = [f"turtles  {to_move_text(pos)}  (phase {pos.get('phase')}, turn {pos.get('turns')})"]
    reserve = pos.get("reserve", [0, 0])
    if any(reserve):
        lines.append(f"reserves: player 0 {reserve[0]}, player 1 {reserve[1]}")
    if pos.get("pending"):
        lines.append("effects pending: " + " ".join(pos["pending"]))
    if pos.get("changing"):
        lines.append(f"Change waiting at {pos['changing']}")
    lines.append("player 0 (red) goes north to d7; player 1 (blue) goes south to d1")
    if last_move:
        lines.append(f"last move: {last_move}")
    caption(canvas, lines, 12, 440)
    return canvas.to_string()


def _arrow(canvas: Canvas, marked: list[str], cx: float, cy: float) -> None:
    table = cells()
    points = []
    for name in marked:
        if name in table:
            q, r = table[name]
            points.append(f"{cx + q * 1.5 * SIZE:.1f},{cy + (r + q / 2) * math.sqrt(3) * SIZE:.1f}")
    if len(points) >= 2:
        canvas.add(None, "polyline", points=" ".join(points), fill="none", stroke="#222",
                   stroke_width=3.0, stroke_opacity=0.6, class_="last-move-path")
