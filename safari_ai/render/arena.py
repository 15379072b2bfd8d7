"""Arena: the hex arena (pointy-topped hexes, row 1 at the bottom), gladiators by
side, animals, and the state of the round (initiative, pending attack, pool)."""

from __future__ import annotations

import math
import re
from typing import Any

from safari_ai.render._svg import (
    ANIMAL_COLOUR,
    LAST_MOVE_COLOUR,
    Canvas,
    Legend,
    caption,
    hex_points,
    player_colour,
    result_text,
    to_move_text,
)

SIZE = 28.0
HEX_RE = re.compile(r"^([a-z])(\d{1,2})$")
SPECIES_LETTER = {"lion": "L", "bear": "B", "rhino": "R"}
# the board's text: at a phone's width the arena (about 450 wide) is drawn at
# 0.85, so 14.5 comes out at 12 px or more
TEXT = 14.5


def default_arena() -> dict[str, Any]:
    hexes = [f"{chr(97 + q)}{r + 1}" for q in range(9) for r in range(9) if 4 <= q + r <= 12]
    return {"hexes": sorted(hexes), "I": "a5", "II": "i5"}


def axial(name: str) -> tuple[int, int]:
    match = HEX_RE.match(name)
    if not match:
        raise ValueError(f"bad hex {name!r}")
    return ord(match.group(1)) - 97, int(match.group(2)) - 1


def move_marks(move: str | None) -> tuple[set[str], set[str]]:
    """(hexes, combatant ids) a move names."""
    if not move:
        return set(), set()
    kind, _, arg = move.partition(":")
    if kind in ("move", "step") and HEX_RE.match(arg):
        return {arg}, set()
    if kind in ("attack", "activate", "target"):
        return set(), {arg}
    return set(), set()


def render(pos: dict[str, Any], last_move: str | None, result: list[int] | None) -> str:
    arena = default_arena() if pos.get("arena", "default") == "default" else pos["arena"]
    coords = {name: axial(name) for name in arena["hexes"]}
    w = math.sqrt(3) * SIZE
    xs = [(q + r / 2) * w for q, r in coords.values()]
    ys = [-r * 1.5 * SIZE for q, r in coords.values()]
    off_x, off_y = 40 - min(xs) + w / 2, 40 - min(ys) + SIZE
    board_w = max(xs) - min(xs) + w + 80
    board_h = max(ys) - min(ys) + 2 * SIZE + 80
    width, height = board_w + 320, max(board_h, 560.0) + 40
    canvas = Canvas(width, height, f"arena: {to_move_text(pos)}")
    hexes, ids = move_marks(last_move)
    pending = pos.get("pending") or {}
    active = (pos.get("active") or {}).get("id")

    def xy(name: str) -> tuple[float, float]:
        q, r = coords[name]
        return off_x + (q + r / 2) * w, off_y - r * 1.5 * SIZE

    board = canvas.group("board")
    pieces = canvas.group("pieces")
    names = canvas.group("hex-names")  # above the pieces: readable under a fighter
    for name in arena["hexes"]:
        x, y = xy(name)
        start = "I" if name == arena["I"] else "II" if name == arena["II"] else None
        cls = "hex last-move" if name in hexes else "hex"
        canvas.add(
            board,
            "polygon",
            points=hex_points(x, y, SIZE - 1, pointy=True),
            fill=LAST_MOVE_COLOUR if name in hexes else ("#e6cf9c" if start else "#efe3c4"),
            stroke="#a08a5a",
            stroke_width=1.0,
            class_=cls,
            **{"data-hex": name},
        )
        canvas.label(
            names,
            x,
            y + SIZE * 0.68,
            name + (f" {start}" if start else ""),
            size=TEXT,
            cls="hex-name",
        )
    for glad in pos.get("gladiators", []):
        if glad.get("hex") is None:
            continue
        x, y = xy(glad["hex"])
        marked = glad["id"] in ids or glad["id"] == active
        group = canvas.group(
            "piece last-move" if glad["id"] in ids else "piece",
            pieces,
            **{
                "data-owner": str(glad["side"]),
                "data-kind": "gladiator",
                "data-id": glad["id"],
                "data-hex": glad["hex"],
            },
        )
        canvas.add(
            group,
            "circle",
            cx=x,
            cy=y - 3,
            r=SIZE * 0.7,
            fill=player_colour(glad["side"]),
            stroke="#f2c500" if marked else "#222",
            stroke_width=4.0 if marked else 1.5,
        )
        canvas.text(group, x, y - 10, glad["id"], size=TEXT, fill="#fff", weight="bold")
        canvas.text(
            group,
            x,
            y + 4,
            f"{glad['attack']}/{glad['defense']}/{glad['speed']}",
            size=TEXT,
            fill="#fff",
            cls="dice-triplet",
        )
    for animal in pos.get("animals", []):
        if animal.get("hex") is None:
            continue
        x, y = xy(animal["hex"])
        marked = animal["id"] in ids or animal["id"] == active
        group = canvas.group(
            "piece last-move" if animal["id"] in ids else "piece",
            pieces,
            **{
                "data-owner": "animals",
                "data-kind": animal["species"],
                "data-id": animal["id"],
                "data-hex": animal["hex"],
            },
        )
        canvas.add(
            group,
            "polygon",
            points=hex_points(x, y - 3, SIZE * 0.8, pointy=False),
            fill=ANIMAL_COLOUR,
            stroke="#f2c500" if marked else "#222",
            stroke_width=4.0 if marked else 1.5,
        )
        canvas.text(
            group,
            x,
            y - 10,
            SPECIES_LETTER.get(animal["species"], "?") + animal["id"],
            size=TEXT,
            fill="#fff",
            weight="bold",
        )
        canvas.text(
            group,
            x,
            y + 4,
            f"{animal['attack']}/{animal['defense']}/{animal['speed']}",
            size=TEXT,
            fill="#fff",
            cls="dice-triplet",
        )
    if pending.get("attacker") and pending.get("target"):
        where = {c["id"]: c.get("hex") for c in pos.get("gladiators", []) + pos.get("animals", [])}
        a, t = where.get(pending["attacker"]), where.get(pending["target"])
        if a and t:
            (x1, y1), (x2, y2) = xy(a), xy(t)
            canvas.add(
                None,
                "line",
                x1=x1,
                y1=y1,
                x2=x2,
                y2=y2,
                stroke="#c0392b",
                stroke_width=4.0,
                stroke_opacity=0.7,
                class_="attack",
            )
    lines = [f"arena  {to_move_text(pos)}", f"round {pos.get('round')}, phase {pos.get('phase')}"]
    if pos.get("team_order"):
        lines.append("team order: " + " ".join(pos["team_order"]))
    if pos.get("pool"):
        lines.append(f"event pool: {pos['pool']} dice")
    if active:
        lines.append(f"acting: {active}")
    if pending.get("attacker"):
        lines.append(f"attack: {pending['attacker']} on {pending['target']}")
    if pending.get("wounds"):
        lines.append(f"wounds to take: {pending['wounds']} on {pending['target']}")
    for glad in pos.get("gladiators", []):
        lines.append(
            f"{glad['id']} {glad['name']}: A{glad['attack']} D{glad['defense']} "
            f"S{glad['speed']} wounds {glad['wounds']}"
        )
    for animal in pos.get("animals", []):
        lines.append(
            f"{animal['id']} {animal['species']}: A{animal['attack']} D{animal['defense']} "
            f"S{animal['speed']}" + ("" if animal.get("hex") else f" waiting at {animal['entry']}")
        )
    if result is not None:
        lines.append(result_text(result))
    if last_move:
        lines.append(f"last move: {last_move}")
    end = caption(canvas, lines, board_w + 10, 40, size=12)
    _legend(canvas, board_w + 10, end + 8)
    canvas.views((34.0, 34.0, board_w - 68, board_h - 68), (board_w, 0.0, width - board_w, height))
    return canvas.to_string()


def _legend(canvas: Canvas, x: float, y: float) -> None:
    key = Legend(canvas, x, y, step=16)
    key.row("side 0 gladiator (0a, 0b)", fill=player_colour(0), shape="circle")
    key.row("side 1 gladiator (1a, 1b)", fill=player_colour(1), shape="circle")
    for species, letter in SPECIES_LETTER.items():
        key.row(f"{species} (animal x, y or z)", fill=ANIMAL_COLOUR, symbol=letter)
    key.note("4/3/2 under a fighter: its Attack /")
    key.note("Defense / Speed dice (a wound costs one)")
    key.row("active fighter, or one the move names", fill="#fff", shape="circle", stroke="#f2c500")
    key.row("attack being rolled", fill="#c0392b", shape="line")
    key.row("I, II: start and entry hexes", fill="#e6cf9c", stroke="#a08a5a")
    key.note("hex names: letter, row (row 1 at the bottom)")
