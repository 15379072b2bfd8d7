"""SVG pictures: well-formed XML that shows what the position holds."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

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
    marked = {p.get("data-cell") for p in root.iter(NS + "polygon")
              if "last-move" in p.get("class", "")}
    assert marked == {"d1", "d3"}
    assert "last move: d1xd3" in " ".join(texts(root))
    assert len([p for p in root.iter(NS + "polygon") if p.get("class", "").startswith("cell")]) == 37


def test_turtles_neutral_and_tattooed_pieces() -> None:
    pos = safari_ai.Position.new("turtles", {"tattoo": True}).to_json()
    pos["board"]["d4"] = "nL"
    root = parse(render(pos))
    assert owners(root)["neutral"] == 1
    kinds = Counter(g.get("data-kind") for g in pieces(root))
    assert kinds["L"] == 2 + 1 and kinds["X"] == 2 and kinds["plain"] == 8


def test_zebras_faces_hands_and_guardian() -> None:
    pos = {"game": "zebras", "rules": {"croc_chain": True}, "to_move": 0,
           "board": [".. 1Z 1Z .. 0C 0E", ".. 1Z 0C .. .. 0g", ".. 0Z .. .. .. 0L",
                     ".. .. 1L .. .. 1C", "1Z .. .. .. .. 1Z"],
           "guardian": 12, "inauguration": None,
           "hands": [{"Z": 4, "G": 5, "E": 0, "L": 0, "C": 0},
                     {"Z": 0, "G": 6, "E": 1, "L": 0, "C": 1}]}
    root = parse(render(pos, "Ze3@14"))
    assert owners(root) == Counter({"0": 6, "1": 7})
    down = [g for g in pieces(root) if g.get("data-face") == "down"]
    assert [(g.get("data-cell"), g.get("data-kind")) for g in down] == [("f2", "gazelle")]
    guardian = [c for c in root.iter(NS + "circle") if c.get("class") == "guardian"]
    assert [c.get("data-position") for c in guardian] == ["12"]
    assert any("hand 0: Z4 G5" in t for t in texts(root))
    assert {r.get("data-cell") for r in root.iter(NS + "rect")
            if "last-move" in r.get("class", "")} == {"e3"}


@pytest.mark.parametrize("index", range(len(examples("ostrich"))))
def test_ostrich_rule_book_examples(index: int) -> None:
    pos = examples("ostrich")[index]
    root = parse(render(pos))
    shown = {g.get("data-kind"): g.get("data-space") for g in pieces(root)
             if g.get("data-owner") == "race"}
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
    result = CliRunner().invoke(main, ["render", str(start), "-o", str(out), "--last-move", "d1xd3"])
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


@pytest.mark.parametrize("game", safari_ai.games())
def test_every_registered_start_position(game: str) -> None:
    root = parse(render(safari_ai.Position.new(game).to_json()))
    expected = {"turtles": 16, "zebras": 0, "arena": 2, "ostrich": 5}[game]
    assert len(pieces(root)) == expected
