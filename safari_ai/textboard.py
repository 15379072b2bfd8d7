"""Positions drawn as text for the terminal (``safari-ai play``), optionally in ANSI colour."""

from __future__ import annotations

import os
from collections.abc import Callable, Collection
from typing import Any, TextIO

from safari_ai.render.arena import axial, default_arena
from safari_ai.render.ostrich import track_rows
from safari_ai.render.turtles import cells as turtle_cells

ANSI = {
    "0": "\033[1;31m",
    "1": "\033[1;34m",
    "2": "\033[1;32m",
    "3": "\033[1;35m",
    "4": "\033[1;33m",
    "n": "\033[2m",
    "mark": "\033[7m",
    "dim": "\033[2m",
    "animals": "\033[1;33m",
    "end": "\033[0m",
}


def use_colour(stream: TextIO, choice: bool | None = None) -> bool:
    """Colour only on a terminal and when NO_COLOR is unset (or when forced)."""
    if choice is not None:
        return choice
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class Painter:
    def __init__(self, colour: bool) -> None:
        self.colour = colour

    def __call__(self, text: str, key: str) -> str:
        if not self.colour or key not in ANSI:
            return text
        return f"{ANSI[key]}{text}{ANSI['end']}"


FACE_DOWN = "(face down)"
"""What a hidden prediction tile shows (ostrich)."""


def draw(
    pos: dict[str, Any],
    colour: bool = False,
    last_move: str | None = None,
    hidden: Collection[int] = (),
) -> str:
    """``pos`` (a position's JSON) as text; ``hidden``: the seats whose secret
    prediction tile (the ostrich race) is shown face down."""
    paint = Painter(colour)
    if hidden and isinstance(pos.get("predictions"), list):
        pos = dict(
            pos,
            predictions=[
                FACE_DOWN if seat in hidden and tile is not None else tile
                for seat, tile in enumerate(pos["predictions"])
            ],
        )
    drawer: Callable[[dict[str, Any], Painter, str | None], list[str]] = {
        "turtles": _turtles,
        "zebras": _zebras,
        "ostrich": _ostrich,
        "arena": _arena,
    }.get(pos.get("game", ""), _generic)
    return "\n".join(drawer(pos, paint, last_move))


def _generic(pos: dict[str, Any], paint: Painter, last: str | None) -> list[str]:
    import json

    return [json.dumps(pos)]


def _turtles(pos: dict[str, Any], paint: Painter, last: str | None) -> list[str]:
    from safari_ai.render.turtles import move_cells

    marked = set(move_cells(last))
    grid: dict[int, list[tuple[int, str]]] = {}
    for name, (q, r) in turtle_cells().items():
        code = pos["board"].get(name, "")
        token = f"{name}:{code}" if code else f"{name}"
        token = token.ljust(5)
        key = "mark" if name in marked else (code[0] if code else "dim")
        grid.setdefault(2 * r + q, []).append((q, paint(token, key)))
    lines = []
    for y in sorted(grid):
        row = ""
        for q, token in sorted(grid[y]):
            col = (q + 3) * 5
            row += " " * max(0, col - _visible_len(row)) + token
        lines.append("  " + row.rstrip())
    extra = f"phase {pos['phase']}, turn {pos['turns']}"
    if any(pos.get("reserve", [0, 0])):
        extra += f", reserves {pos['reserve'][0]} / {pos['reserve'][1]}"
    if pos.get("pending"):
        extra += ", effects pending on " + " ".join(pos["pending"])
    lines.append(f"  turtles: {extra}; player 0 heads for d7, player 1 for d1")
    return lines


def _visible_len(text: str) -> int:
    import re

    return len(re.sub(r"\033\[[0-9;]*m", "", text))


def _zebras(pos: dict[str, Any], paint: Painter, last: str | None) -> list[str]:
    from safari_ai.render.zebras import TERRITORY, move_cells

    marked = set(move_cells(last))
    lines = ["       a  b  c  d  e  f      territories"]
    for row, text in enumerate(pos["board"]):
        cells = []
        for col, token in enumerate(text.split(" ")):
            name = f"{'abcdef'[col]}{row + 1}"
            key = "mark" if name in marked else (token[0] if token != ".." else "dim")
            cells.append(paint(token, key))
        lines.append(f"  {row + 1}    " + " ".join(cells) + "      " + " ".join(TERRITORY[row]))
    guardian = pos.get("guardian")
    if guardian is None:
        where = "not placed"
    else:
        where = f"{guardian}: " + (
            f"column {'abcdef'[guardian]}"
            if guardian <= 5
            else f"row {guardian - 5}"
            if guardian <= 10
            else f"column {'fedcba'[guardian - 11]}"
            if guardian <= 16
            else f"row {22 - guardian}"
        )
    lines.append(
        f"  guardian {where}; inauguration: "
        f"{'nobody' if pos.get('inauguration') is None else pos['inauguration']}"
    )
    for player, hand in enumerate(pos["hands"]):
        lines.append(
            f"  hand {paint(str(player), str(player))}: "
            + " ".join(f"{k}{v}" for k, v in hand.items())
        )
    return lines


def _ostrich(pos: dict[str, Any], paint: Painter, last: str | None) -> list[str]:
    rows = track_rows(pos)
    where = {space: letter for letter, space in pos.get("ostriches", {}).items()}
    lion = (pos.get("lion") or {}).get("space")
    berries = set(pos.get("berries", []))
    lines = []
    for number in range(len(rows) - 1, -1, -1):
        terrain, tile, curve = rows[number]
        out = []
        for lane, char in enumerate(terrain):
            space = f"{number}{'abc'[lane]}"
            if space in where:
                out.append(paint(where[space], "1"))
            elif space == lion:
                out.append(paint("L", "animals"))
            elif space in berries:
                out.append("*")
            else:
                out.append(char)
        lines.append(
            f"  {number:3d}  {' '.join(out)}   {tile if number == 0 or rows[number - 1][1] != tile else ''}"
        )
    dice = pos.get("dice")
    if dice:
        lines.append(
            f"  dice {dice['white']} / black {dice['black']}"
            + (f", left {pos['left']}" if pos.get("left") else "")
        )
    for player, tile in enumerate(pos.get("predictions", [])):
        lines.append(f"  player {player} predicts {tile or '(not dealt)'}")
    if pos.get("finished"):
        lines.append(f"  finished: {pos['finished']}")
    lines.append(
        f"  player {pos.get('current')}'s {pos.get('mode')} turn, phase {pos.get('phase')}"
    )
    return lines


def _arena(pos: dict[str, Any], paint: Painter, last: str | None) -> list[str]:
    arena = default_arena() if pos.get("arena", "default") == "default" else pos["arena"]
    occupant = {}
    for c in pos.get("gladiators", []):
        if c.get("hex"):
            occupant[c["hex"]] = paint(c["id"], str(c["side"]))
    for a in pos.get("animals", []):
        if a.get("hex"):
            occupant[a["hex"]] = paint(a["species"][0].upper() + a["id"], "animals")
    coords = {name: axial(name) for name in arena["hexes"]}
    lines = []
    for r in sorted({r for _, r in coords.values()}, reverse=True):
        row = ""
        for name, (q, rr) in sorted(coords.items(), key=lambda kv: kv[1][0]):
            if rr != r:
                continue
            col = 4 * q + 2 * r
            row += " " * max(0, col - _visible_len(row)) + occupant.get(name, name.ljust(3))
        lines.append("  " + row.rstrip())
    lines.append(
        f"  round {pos['round']}, phase {pos['phase']}"
        + (f", event pool {pos['pool']}" if pos.get("pool") else "")
    )
    for c in pos.get("gladiators", []):
        lines.append(
            f"  {paint(c['id'], str(c['side']))} {c['name']}: A{c['attack']} "
            f"D{c['defense']} S{c['speed']} wounds {c['wounds']}"
        )
    for a in pos.get("animals", []):
        lines.append(f"  {a['id']} {a['species']}: A{a['attack']} D{a['defense']} S{a['speed']}")
    return lines
