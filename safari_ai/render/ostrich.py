"""Ostrich: the three-lane track drawn from start (bottom) to finish (top), the
ostriches, berries, the lion, the dice and the players' predictions."""

from __future__ import annotations

import re
from typing import Any

from safari_ai.render._svg import (
    LAST_MOVE_COLOUR,
    Canvas,
    Legend,
    caption,
    die,
    player_colour,
    result_text,
    to_move_text,
)

CELL = 34.0
LEFT, TOP = 50.0, 30.0
# the panel (dice, caption, key) right of the track; the track's view
# (Canvas.views) is 245 wide: at a phone's width it is drawn 1.5 times larger
PANEL = LEFT + 3 * CELL + 130
# The default track of the rule book (section 2.3): tiles from start to finish.
DEFAULT_TRACK: list[dict[str, Any]] = [
    {"name": "start", "curve": False, "rows": ["nnn", "n.n", "..."]},
    {"name": "crocodiles", "curve": False, "rows": [".#.", "kkk", "..."]},
    {"name": "lava", "curve": False, "rows": ["..#", "lll", "..."]},
    {"name": "ravine", "curve": False, "rows": ["...", "=x=", "..."]},
    {"name": "vortex", "curve": True, "rows": ["q..", ".@.", "..q"]},
    {"name": "finish", "curve": False, "rows": ["...", ".#.", "fff"]},
]
TERRAIN = {
    ".": ("normal", "#e8e2c8"),
    "#": ("rock", "#6d6d6d"),
    "q": ("quicksand", "#c9a66b"),
    "k": ("crocodile", "#5f9a5a"),
    "l": ("lava", "#e0603a"),
    "=": ("bridge", "#a0703a"),
    "x": ("ravine", "#2b2b2b"),
    "@": ("vortex", "#7b6fd0"),
    "n": ("nest", "#f4e1a8"),
    "f": ("finish", "#ffffff"),
}
# The ostriches belong to nobody: a palette apart from the players' colours
# (_svg.PLAYER_COLOURS: red, blue, green, purple, gold), each with its letter.
OSTRICH_COLOURS = {"A": "#00897b", "B": "#00acc1", "C": "#6d4c41", "D": "#d81b60", "E": "#212121"}
SPACE_RE = re.compile(r"(\d{1,2})([abc])")


def track_rows(pos: dict[str, Any]) -> list[tuple[str, str, bool]]:
    """(terrain row, tile name, curve) for every row from 0 upwards."""
    tiles = DEFAULT_TRACK if pos.get("track", "default") == "default" else pos["track"]
    return [(row, tile["name"], bool(tile.get("curve"))) for tile in tiles for row in tile["rows"]]


def move_marks(move: str | None) -> tuple[set[str], set[str]]:
    """The spaces and the ostrich letters a move names."""
    if not move:
        return set(), set()
    spaces = {f"{int(n)}{lane}" for n, lane in SPACE_RE.findall(move)}
    letters = set()
    head = re.match(r"^([A-E])\d:|^\*([A-E])$", move)  # a path (A1:rs) or a flip (*A)
    if head:
        letters.add(head.group(1) or head.group(2))
    target = re.match(r"^target:([A-E])$", move)
    if target:
        letters.add(target.group(1))
    return spaces, letters


def render(pos: dict[str, Any], last_move: str | None, result: list[int] | None) -> str:
    rows = track_rows(pos)
    n_rows = len(rows)
    board_h = n_rows * CELL
    width = PANEL + 425
    height = max(TOP * 2 + board_h + 20, 640.0)
    canvas = Canvas(width, height, f"ostrich: {to_move_text(pos)}")
    spaces, letters = move_marks(last_move)
    board = canvas.group("track")
    for lane in range(3):  # lane letters above and below the track
        for y_lane in (TOP - 10, TOP + board_h + 10):
            canvas.text(
                board,
                LEFT + lane * CELL + CELL / 2,
                y_lane,
                "abc"[lane],
                size=12,
                fill="#555",
                cls="lane-name",
            )

    def xy(space: str) -> tuple[float, float]:
        match = SPACE_RE.fullmatch(space)
        assert match, space
        row, lane = int(match.group(1)), "abc".index(match.group(2))
        return LEFT + lane * CELL + CELL / 2, TOP + (n_rows - 1 - row) * CELL + CELL / 2

    previous_tile = None
    terrain_marks: list[tuple[float, float, str]] = []
    for number, (terrain_row, tile, curve) in enumerate(rows):
        y = TOP + (n_rows - 1 - number) * CELL
        canvas.text(board, LEFT - 14, y + CELL / 2, str(number), size=12, fill="#555")
        if tile != previous_tile:
            canvas.text(
                board,
                LEFT + 3 * CELL + 8,
                y + CELL / 2,
                tile + (" (curve)" if curve else ""),
                size=12,
                anchor="start",
                fill="#777",
            )
            canvas.add(
                board,
                "line",
                x1=LEFT - 4,
                y1=y + CELL,
                x2=LEFT + 3 * CELL + 4,
                y2=y + CELL,
                stroke="#333",
                stroke_width=2.0,
            )
            previous_tile = tile
        for lane, char in enumerate(terrain_row):
            name = f"{number}{'abc'[lane]}"
            kind, fill = TERRAIN.get(char, ("unknown", "#fff"))
            canvas.add(
                board,
                "rect",
                x=LEFT + lane * CELL,
                y=y,
                width=CELL,
                height=CELL,
                fill=LAST_MOVE_COLOUR if name in spaces else fill,
                stroke="#999",
                stroke_width=0.5 if not curve else 1.5,
                class_="space last-move" if name in spaces else "space",
                **{"data-space": name, "data-terrain": kind},
            )
            if char != ".":
                terrain_marks.append((LEFT + lane * CELL + 7, y + CELL - 8, char))
    pieces = canvas.group("pieces")
    for space in pos.get("berries", []):
        x, y = xy(space)
        canvas.add(
            pieces,
            "circle",
            cx=x + CELL / 3,
            cy=y - CELL / 3,
            r=5.0,
            fill="#8e2a6b",
            stroke="#fff",
            class_="berry",
            **{"data-space": space},
        )
    bewitched = pos.get("bewitched", "")
    for letter, space in sorted(pos.get("ostriches", {}).items()):
        x, y = xy(space)
        cls = "piece last-move" if letter in letters else "piece"
        group = canvas.group(
            cls,
            pieces,
            **{
                "data-owner": "race",
                "data-kind": letter,
                "data-id": letter,
                "data-space": space,
                "data-state": "bewitched" if letter in bewitched else "running",
            },
        )
        canvas.add(
            group,
            "circle",
            cx=x,
            cy=y,
            r=CELL * 0.47,
            fill=OSTRICH_COLOURS[letter],
            stroke="#f2c500" if letter in letters else "#222",
            stroke_width=4.0 if letter in letters else 1.5,
            stroke_dasharray="3 2" if letter in bewitched else None,
        )
        canvas.text(group, x, y, letter, size=14, fill="#fff", weight="bold")
    lion = pos.get("lion") or {}
    if lion.get("space"):
        x, y = xy(lion["space"])
        group = canvas.group(
            "piece",
            pieces,
            **{"data-owner": "lion", "data-kind": "lion", "data-space": lion["space"]},
        )
        canvas.add(
            group,
            "rect",
            x=x - 15,
            y=y - 15,
            width=30.0,
            height=30.0,
            rx=3.0,
            fill="#b5651d",
            stroke="#222",
        )
        canvas.text(group, x, y, "L", size=14, fill="#fff", weight="bold")
    names = canvas.group("terrain-letters")  # above the pieces, in a corner of the space
    for x, y, char in terrain_marks:
        canvas.label(names, x, y, char, size=12, cls="terrain-letter")
    panel = PANEL
    dice_group = canvas.group("dice")
    y = TOP
    dice = pos.get("dice")
    if dice:
        canvas.text(dice_group, panel, y + 11, "roll", size=12, anchor="start")
        for i, face in enumerate(dice["white"]):
            die(canvas, dice_group, panel + 40 + i * 27, y, face)
        die(canvas, dice_group, panel + 40 + 5 * 27 + 8, y, dice["black"], black=True)
        y += 34
    if pos.get("left"):
        canvas.text(dice_group, panel, y + 8, f"dice left: {pos['left']}", size=12, anchor="start")
        y += 20
    if pos.get("reroll"):
        reroll = pos["reroll"]
        canvas.text(
            dice_group,
            panel,
            y + 8,
            f"re-rolling: {reroll['white'] or '-'}{' and black' if reroll.get('black') else ''}",
            size=12,
            anchor="start",
        )
        y += 20
    lines = [
        f"ostrich  {to_move_text(pos)}",
        f"turn of player {pos.get('current')}, {pos.get('mode')} roll, phase {pos.get('phase')}",
    ]
    if result is not None:
        lines.append(result_text(result, points=True))
    for player, tile in enumerate(pos.get("predictions", [])):
        lines.append(f"player {player} predicts: {tile if tile else '(not dealt)'}")
    if pos.get("finished"):
        lines.append(f"finished (1st, 2nd, 3rd): {', '.join(pos['finished'])}")
    if bewitched:
        lines.append(f"bewitched: {bewitched}")
    pool = pos.get("berry_pool") or {}
    if pool:
        lines.append("berry pool: " + ", ".join(f"{k} {v}" for k, v in sorted(pool.items())))
    if lion.get("state", "off") != "off":
        lines.append(
            f"lion: {lion['state']}" + (f" on {lion['space']}" if lion.get("space") else "")
        )
    if pos.get("bonus") or pos.get("extra"):
        lines.append(f"bonus rolls {pos.get('bonus', 0)}, extra turns {pos.get('extra', 0)}")
    if last_move:
        lines.append(f"last move: {last_move}")
    top = y + 20
    end = caption(canvas, lines, panel, top, size=12)
    first_player_line = 2 + (result is not None)
    for player in range(len(pos.get("predictions", []))):
        canvas.add(
            None,
            "rect",
            x=panel - 12,
            y=top + (player + first_player_line) * 18 - 4,
            width=8.0,
            height=8.0,
            fill=player_colour(player),
            class_="player-key",
        )
    _legend(canvas, panel, end + 6)
    canvas.views(
        (20.0, 6.0, 245.0, TOP + board_h + 18), (panel - 16, 0.0, width - panel + 16, height)
    )
    return canvas.to_string()


def _legend(canvas: Canvas, x: float, y: float) -> None:
    key = Legend(canvas, x, y, step=16)
    key.row("ostriches A-E (nobody's)", fill=OSTRICH_COLOURS["A"], symbol="A", shape="circle")
    key.row("bewitched ostrich", fill=OSTRICH_COLOURS["B"], symbol="B", shape="circle", dashed=True)
    key.row("lion", fill="#b5651d", symbol="L")
    key.row("face-down berry", fill="#8e2a6b", shape="circle", stroke="#fff")
    key.note("terrain (letter in the space's corner):")
    for char, (name, fill) in TERRAIN.items():
        if char != ".":
            key.row(f"{char}  {name}", fill=fill, stroke="#999")
    key.note("thick outline: a curve tile, no lane change")
    key.note("space names: row, then lane (13c)")
