"""SVG pictures: well-formed XML that shows what the position holds."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import safari_ai
from safari_ai.cli import main
from safari_ai.render import RenderError, render

DATA = Path(__file__).resolve().parent / "data"
NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return root


def pieces(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(NS + "g") if "piece" in g.get("class", "").split()]


def owners(root: ET.Element) -> Counter:
    return Counter(g.get("data-owner") for g in pieces(root))


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(NS + "text")]


def examples(game: str) -> list[dict]:
    return json.loads((DATA / f"{game}_examples.json").read_text())


def test_turtles_start_has_eight_turtles_a_side_and_marks_the_last_move() -> None:
    root = parse(render(safari_ai.Position.new("turtles").to_json(), last_move="d1xd3"))
    assert owners(root) == Counter({"0": 8, "1": 8})
    marked = {
        p.get("data-cell") for p in root.iter(NS + "polygon") if "last-move" in p.get("class", "")
    }
    assert marked == {"d1", "d3"}
    assert "last move: d1xd3" in " ".join(texts(root))
    assert (
        len([p for p in root.iter(NS + "polygon") if p.get("class", "").startswith("cell")]) == 37
    )


def test_turtles_neutral_and_tattooed_pieces() -> None:
    pos = safari_ai.Position.new("turtles", {"tattoo": True}).to_json()
    pos["board"]["f5"] = "nL"  # player 1's Life turtle, turned over
    root = parse(render(pos))
    assert owners(root)["neutral"] == 1
    kinds = Counter(g.get("data-kind") for g in pieces(root))
    assert kinds["L"] == 2 and kinds["X"] == 2 and kinds["plain"] == 8


def test_zebras_faces_hands_and_guardian() -> None:
    pos = {
        "game": "zebras",
        "rules": {"croc_chain": True},
        "to_move": 0,
        "board": [
            ".. 1Z 1Z .. 0C 0E",
            ".. 1Z 0C .. .. 0g",
            ".. 0Z .. .. .. 0L",
            ".. .. 1L .. .. 1C",
            "1Z .. .. .. .. 1Z",
        ],
        "guardian": 12,
        "inauguration": None,
        "hands": [
            {"Z": 4, "G": 5, "E": 0, "L": 0, "C": 0},
            {"Z": 0, "G": 6, "E": 1, "L": 0, "C": 1},
        ],
    }
    root = parse(render(pos, "Ze3@14"))
    assert owners(root) == Counter({"0": 6, "1": 7})
    down = [g for g in pieces(root) if g.get("data-face") == "down"]
    assert [(g.get("data-cell"), g.get("data-kind")) for g in down] == [("f2", "gazelle")]
    guardian = [c for c in root.iter(NS + "circle") if c.get("class") == "guardian"]
    assert [c.get("data-position") for c in guardian] == ["12"]
    assert any("hand 0: Z4 G5" in t for t in texts(root))
    assert {
        r.get("data-cell") for r in root.iter(NS + "rect") if "last-move" in r.get("class", "")
    } == {"e3"}


@pytest.mark.parametrize("index", range(len(examples("ostrich"))))
def test_ostrich_rule_book_examples(index: int) -> None:
    pos = examples("ostrich")[index]
    root = parse(render(pos))
    shown = {
        g.get("data-kind"): g.get("data-space")
        for g in pieces(root)
        if g.get("data-owner") == "race"
    }
    assert shown == pos["ostriches"]
    faces = [g.get("data-face") for g in root.iter(NS + "g") if g.get("class") == "die"]
    dice = pos.get("dice")
    assert faces == ([] if dice is None else list(dice["white"]) + [dice["black"]])
    berries = [c.get("data-space") for c in root.iter(NS + "circle") if c.get("class") == "berry"]
    assert sorted(berries) == sorted(pos["berries"])
    lion = [g for g in pieces(root) if g.get("data-owner") == "lion"]
    assert len(lion) == (1 if (pos.get("lion") or {}).get("space") else 0)


def test_ostrich_dice_faces_as_text() -> None:
    pos = next(p for p in examples("ostrich") if p.get("dice"))
    root = parse(render(pos, last_move="A1:rsS"))
    die_text = [t.text for t in root.iter(NS + "text") if t.get("class") == "die-face"]
    assert "".join(die_text) == pos["dice"]["white"] + pos["dice"]["black"]
    assert any(g.get("data-kind") == "A" and "last-move" in g.get("class") for g in pieces(root))


@pytest.mark.parametrize("index", range(len(examples("arena"))))
def test_arena_rule_book_examples(index: int) -> None:
    pos = examples("arena")[index]
    root = parse(render(pos, last_move="move:d5"))
    on_board = Counter(str(g["side"]) for g in pos["gladiators"] if g["hex"])
    on_board.update("animals" for a in pos["animals"] if a["hex"])
    assert owners(root) == on_board
    hexes = [p for p in root.iter(NS + "polygon") if p.get("class", "").startswith("hex")]
    assert len(hexes) == 61
    ids = {g.get("data-id"): g.get("data-hex") for g in pieces(root)}
    assert ids == {c["id"]: c["hex"] for c in pos["gladiators"] + pos["animals"] if c["hex"]}


def test_text_is_escaped() -> None:
    pos = examples("arena")[0]
    pos["gladiators"][0]["name"] = "<&>\"'"
    root = parse(render(pos))
    assert any("<&>" in t for t in texts(root))


def test_unknown_game_is_an_error() -> None:
    with pytest.raises(RenderError, match="game"):
        render({"game": "chess"})


def test_render_command_writes_a_file_and_reads_records(tmp_path: Path) -> None:
    start = tmp_path / "start.json"
    start.write_text(safari_ai.Position.new("turtles").to_json_text())
    out = tmp_path / "board.svg"
    result = CliRunner().invoke(
        main, ["render", str(start), "-o", str(out), "--last-move", "d1xd3"]
    )
    assert result.exit_code == 0, result.output
    assert owners(parse(out.read_text())) == Counter({"0": 8, "1": 8})
    from safari_ai.record import GameRecord

    record = GameRecord(start=safari_ai.Position.new("turtles").to_json())
    record.add(0, "d1xd3")
    record.add(1, "d7xd5")
    path = tmp_path / "game.json"
    record.save(path)
    result = CliRunner().invoke(main, ["render", str(path)])
    assert result.exit_code == 0
    root = parse(result.stdout)
    assert "last move: d7xd5" in " ".join(texts(root))
    result = CliRunner().invoke(main, ["render", str(path), "--ply", "1"])
    assert "last move: d1xd3" in " ".join(texts(parse(result.stdout)))
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "chess"}')
    result = CliRunner().invoke(main, ["render", str(bad)])
    assert result.exit_code == 1 and "chess" in result.stderr


@pytest.mark.parametrize("game", safari_ai.game_names())
def test_every_registered_start_position(game: str) -> None:
    root = parse(render(safari_ai.Position.new(game).to_json()))
    known = {"turtles": 16, "zebras": 0, "arena": 2, "ostrich": 5}
    if game in known:
        assert len(pieces(root)) == known[game]
    # any game: the board has places a click can name (POST /api/describe's places)
    assert re.search(r'data-(cell|hex|space|position)="', render(safari_ai.Position.new(game)))


# -- legends, names, results, colours (issue 14, point 7) -----------------------


def legend_symbols(root: ET.Element) -> set[str]:
    legend = [g for g in root.iter(NS + "g") if g.get("class") == "legend"]
    assert len(legend) == 1
    return {
        g.get("data-symbol") for g in legend[0].iter(NS + "g") if g.get("class") == "legend-entry"
    }


def legend_text(root: ET.Element) -> str:
    legend = next(g for g in root.iter(NS + "g") if g.get("class") == "legend")
    return " ".join(t.text or "" for t in legend.iter(NS + "text"))


def test_every_picture_has_a_key_to_its_symbols() -> None:
    turtles = parse(render(safari_ai.Position.new("turtles", {"tattoo": True}).to_json()))
    assert {"L", "C", "I", "X"} <= legend_symbols(turtles)
    assert "neutral" in legend_text(turtles)
    zebras = parse(render(safari_ai.Position.new("zebras").to_json()))
    assert {"Z", "G", "E", "L", "C"} <= legend_symbols(zebras)
    assert "face down" in legend_text(zebras) and "river" in legend_text(zebras)
    ostrich = parse(render(examples("ostrich")[4]))
    first_words = {entry.split()[0] for entry in legend_symbols(ostrich)}
    assert {"#", "q", "k", "l", "=", "x", "@", "n", "f"} <= first_words
    arena = parse(render(examples("arena")[6]))
    assert {"L", "B", "R"} <= legend_symbols(arena)
    assert "Attack" in legend_text(arena) and "Speed" in legend_text(arena)


def test_cell_names_are_drawn_above_the_pieces() -> None:
    cases = {
        "turtles": ("cell-names", 37),
        "zebras": ("cell-names", 30),
        "arena": ("hex-names", 61),
    }
    for game, (layer, count) in cases.items():
        root = parse(render(safari_ai.Position.new(game).to_json()))
        groups = [g.get("class") for g in root if g.tag == NS + "g"]
        assert groups.index(layer) > groups.index("pieces"), (game, groups)
        names = [t for t in root.iter(NS + "text") if t.get("class") in ("cell-name", "hex-name")]
        assert len(names) == count
        assert all(t.get("paint-order") == "stroke" for t in names)  # a halo over a piece


def test_zebras_territories_follow_the_rule_book() -> None:
    book = {
        "T1": "a1 a2 a3 b3 b4",
        "T2": "b1 b2 c2 c3 c4 d4 e4",
        "T3": "c1 d1 e1 f1 d2 d3 e3",
        "T4": "e2 f2 f3",
        "T5": "a4 a5 b5",
        "T6": "f4 c5 d5 e5 f5",
    }
    root = parse(render(safari_ai.Position.new("zebras").to_json()))
    drawn = {
        r.get("data-cell"): r.get("data-territory")
        for r in root.iter(NS + "rect")
        if r.get("data-territory")
    }
    assert drawn == {cell: name for name, cells in book.items() for cell in cells.split()}


ZEBRAS_EXAMPLE_8 = {
    "game": "zebras",
    "rules": {"croc_chain": True},
    "to_move": 0,
    "board": [
        "0L 1g 1C 0G 1Z 0E",
        "0g 0Z 1Z 0G 1G 0Z",
        "0Z 1G 1G 1C 0G 1Z",
        "0Z 1E 1z 0G .. 1G",
        "0C 1g 1L 1z 0G 0Z",
    ],
    "guardian": 4,
    "inauguration": 1,
    "hands": [{"Z": 0, "G": 0, "E": 0, "L": 0, "C": 1}, {"Z": 0, "G": 0, "E": 0, "L": 0, "C": 0}],
}


def test_a_finished_game_states_its_result() -> None:
    turtles = {
        "game": "turtles",
        "rules": {},
        "to_move": "terminal",
        "phase": "over",
        "side": 0,
        "turns": 0,
        "board": {"d6": "0", "d7": "1", "c6": "1", "e6": "1", "b1": "1", "d3": "n"},
        "reserve": [0, 0],
        "pending": [],
        "changing": None,
    }
    assert "player 1 wins (result -1, 1)" in texts(parse(render(turtles)))
    zebras = safari_ai.Position.from_json(ZEBRAS_EXAMPLE_8).apply("Ce4xf4")
    shown = texts(parse(render(zebras.to_json(), "Ce4xf4")))
    assert "player 0 wins (result 1, -1)" in shown
    assert "points: player 0 46, player 1 37" in shown
    ostrich = safari_ai.Position.from_json(examples("ostrich")[8]).apply("D0:s")
    assert "final scores: player 0 7, player 1 16, player 2 8" in texts(
        parse(render(ostrich.to_json()))
    )
    arena = safari_ai.Position.from_json(examples("arena")[3]).apply("wounds:2")
    assert "player 0 wins (result 1, -1)" in texts(parse(render(arena.to_json())))
    running = texts(parse(render(safari_ai.Position.new("turtles").to_json())))
    assert not any("wins" in t or "draw" in t for t in running)


def test_players_and_ostriches_have_distinct_colours() -> None:
    from safari_ai.render._svg import PLAYER_COLOURS
    from safari_ai.render.ostrich import OSTRICH_COLOURS

    def rgb(colour: str) -> tuple[int, ...]:
        return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))

    palette = PLAYER_COLOURS + list(OSTRICH_COLOURS.values())
    assert len(set(palette)) == len(palette)
    for i, a in enumerate(palette):
        for b in palette[i + 1 :]:
            assert sum((x - y) ** 2 for x, y in zip(rgb(a), rgb(b))) ** 0.5 > 60, (a, b)
    root = parse(render(examples("ostrich")[1]))
    fills = {c.get("fill") for g in pieces(root) for c in g.iter(NS + "circle")}
    keys = {r.get("fill") for r in root.iter(NS + "rect") if r.get("class") == "player-key"}
    assert keys and fills and not fills & keys


def test_render_ply_past_the_end_is_an_error_naming_ply(tmp_path: Path) -> None:
    from safari_ai.record import GameRecord

    record = GameRecord(start=safari_ai.Position.new("turtles").to_json())
    record.add(0, "d1xd3")
    record.add(1, "d7xd5")
    path = tmp_path / "game.json"
    record.save(path)
    result = CliRunner().invoke(main, ["render", str(path), "--ply", "2"])
    assert result.exit_code == 0 and "last move: d7xd5" in texts(parse(result.stdout))
    result = CliRunner().invoke(main, ["render", str(path), "--ply", "3"])
    assert result.exit_code == 2 and "--ply" in result.stderr and "2 plies" in result.stderr
    assert result.stdout == ""


# -- bad input: only PositionError (issue 21, point 11) ---------------------------


def test_an_invalid_position_is_a_position_error_naming_the_field() -> None:
    pos = examples("ostrich")[1]
    pos["ostriches"]["C"] = "CCDDE"
    with pytest.raises(safari_ai.PositionError) as caught:
        render(pos)
    assert caught.value.field is not None and "ostriches" in caught.value.field
    with pytest.raises(RenderError):
        render(json.dumps(pos))
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    with pytest.raises(RenderError):
        render({"game": "turtles", "board": deep})
    with pytest.raises(RenderError):
        render("[" * 100000)


def _base_positions() -> list[dict]:
    rng = random.Random(21)
    bases = examples("ostrich") + examples("arena") + [ZEBRAS_EXAMPLE_8]
    for game, rules in (
        ("turtles", {}),
        ("turtles", {"tattoo": True}),
        ("turtles", {"hatching": True}),
        ("zebras", {}),
        ("ostrich", {"lion": True}),
        ("ostrich", {"players": 2}),
        ("arena", {}),
        ("arena", {"format": "primus", "animals": True}),
    ):
        pos = safari_ai.Position.new(game, rules)
        for _ in range(6):
            walk = pos
            for _ in range(rng.randrange(0, 40)):
                if walk.is_terminal():
                    break
                if walk.is_chance():
                    outcomes = walk.chance_outcomes()
                    walk = walk.apply(rng.choice(outcomes)[0])
                else:
                    walk = walk.apply(rng.choice(walk.legal_moves()))
            bases.append(walk.to_json())
    return bases


JUNK = [
    None,
    True,
    False,
    0,
    -1,
    7,
    2**70,
    1.5,
    "",
    "x",
    "CCDDE",
    "99z",
    "a1",
    "0a",
    "..",
    [],
    {},
    [0],
    {"x": 1},
    "1G 1G",
    ["CCDDE"],
    "default",
]


def _mutate(value: Any, rng: random.Random, depth: int = 0) -> Any:
    """A copy of ``value`` with one random change somewhere inside it."""
    if isinstance(value, dict) and value and (depth == 0 or rng.random() < 0.7):
        key = rng.choice(list(value))
        out = dict(value)
        action = rng.random()
        if action < 0.15:
            del out[key]
        elif action < 0.2:
            out["unknown"] = rng.choice(JUNK)
        else:
            out[key] = _mutate(value[key], rng, depth + 1)
        return out
    if isinstance(value, list) and value and rng.random() < 0.7:
        out = list(value)
        i = rng.randrange(len(out))
        action = rng.random()
        if action < 0.15:
            del out[i]
        elif action < 0.25:
            out.append(rng.choice(out))
        else:
            out[i] = _mutate(out[i], rng, depth + 1)
        return out
    if isinstance(value, str) and value and rng.random() < 0.6:
        chars = list(value)
        action = rng.random()
        if action < 0.3:
            chars.insert(rng.randrange(len(chars) + 1), rng.choice(value + "abcxyz019.#@ CDE"))
        elif action < 0.6:
            del chars[rng.randrange(len(chars))]
        else:
            chars[rng.randrange(len(chars))] = rng.choice("abcfgz0123456789.#ACDEWn ")
        return "".join(chars)
    if isinstance(value, bool):
        return not value
    if isinstance(value, int) and rng.random() < 0.6:
        return value + rng.choice([-2, -1, 1, 2, 30, 1000])
    return rng.choice(JUNK)


def test_mutated_positions_render_or_raise_position_error_only() -> None:
    """Every mutation of real positions either draws (well-formed SVG) or raises
    RenderError (a PositionError); never AssertionError, RecursionError, KeyError..."""
    rng = random.Random(2026)
    bases = _base_positions()
    drawn = refused = 0
    for number in range(3000):
        pos = rng.choice(bases)
        for _ in range(rng.choice([1, 1, 2, 3])):
            pos = _mutate(pos, rng)
        source = json.dumps(pos) if number % 2 else pos
        try:
            parse(render(source, last_move=rng.choice([None, "d1xd3", "A1:rsS", "move:d5", "@x"])))
            drawn += 1
        except RenderError as error:
            assert isinstance(error, safari_ai.PositionError) and str(error)
            refused += 1
    assert drawn > 100 and refused > 1000, (drawn, refused)


def test_ostrich_marks_only_the_ostrich_a_move_names() -> None:
    pos = examples("ostrich")[4]

    def marked(move: str) -> set[str]:
        return {
            g.get("data-kind")
            for g in pieces(parse(render(pos, move)))
            if "last-move" in g.get("class", "")
        }

    assert marked("CDDWW/W") == set()  # a roll names dice faces, not ostriches
    assert marked("C2:sss") == {"C"} and marked("*D") == {"D"} and marked("target:E") == {"E"}


# -- the board and its key, apart (issue 30, point 5) ------------------------------


def _box(text: str | None) -> tuple[float, float, float, float]:
    assert text, "the picture names its view boxes"
    x, y, w, h = (float(v) for v in text.split())
    return x, y, x + w, y + h


def _points(el: ET.Element) -> list[tuple[float, float]]:
    """The corners of a cell, space, hex, piece shape or track position."""
    tag = el.tag[len(NS) :]
    if tag == "polygon":
        return [tuple(float(v) for v in p.split(",")) for p in el.get("points", "").split()]  # type: ignore[misc]
    if tag == "rect":
        x, y, w, h = (float(el.get(k, "0")) for k in ("x", "y", "width", "height"))
        return [(x, y), (x + w, y + h)]
    if tag == "circle":
        cx, cy, r = (float(el.get(k, "0")) for k in ("cx", "cy", "r"))
        return [(cx - r, cy - r), (cx + r, cy + r)]
    return []


@pytest.mark.parametrize("game", ["turtles", "zebras", "ostrich", "arena"])
def test_the_board_and_its_key_lie_apart(game: str) -> None:
    """data-board holds every cell, space, hex, guardian position and piece;
    data-key holds the legend and the caption; the two do not overlap and
    both lie in the picture (which, as `safari-ai render` writes it, holds both)."""
    positions = [safari_ai.Position.new(game).to_json()]
    if game in ("ostrich", "arena"):
        positions += examples(game)
    if game == "zebras":
        positions.append(ZEBRAS_EXAMPLE_8)
    for pos in positions:
        root = parse(render(pos))
        board, key = _box(root.get("data-board")), _box(root.get("data-key"))
        width, height = float(root.get("width", "0")), float(root.get("height", "0"))
        for x0, y0, x1, y1 in (board, key):
            assert 0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height
        assert board[2] <= key[0] or key[2] <= board[0]  # side by side, apart
        drawn = [
            el
            for el in root.iter()
            if el.get("data-cell")
            or el.get("data-hex")
            or el.get("data-space")
            or el.get("data-position")
        ]
        drawn += [shape for g in pieces(root) for shape in g if shape.tag != NS + "text"]
        assert drawn
        for el in drawn:
            for x, y in _points(el):
                assert board[0] <= x <= board[2] and board[1] <= y <= board[3], (game, el.attrib)
        for group in root:
            if group.get("class") in ("legend", "caption"):
                for text in group.iter(NS + "text"):
                    x, y = float(text.get("x", "0")), float(text.get("y", "0"))
                    assert key[0] <= x <= key[2] and key[1] <= y <= key[3], (game, text.text)
