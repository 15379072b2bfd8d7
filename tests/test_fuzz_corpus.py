"""The fuzzers' seed corpus (csrc/fuzz/corpus/) holds real positions and games:
each position is accepted and round-trips, each game's moves are legal from its
start (csrc/fuzz/make_corpus.py writes them; run it again when a format changes)."""

from __future__ import annotations

from pathlib import Path

import pytest

import safari_ai

CORPUS = Path(__file__).resolve().parents[1] / "csrc" / "fuzz" / "corpus"
STARTS = [
    ("turtles", None),
    ("turtles", {"tattoo": True}),
    ("turtles", {"hatching": True}),
    ("zebras", None),
    ("zebras", {"croc_chain": True}),
    ("ostrich", None),
    ("ostrich", {"lion": True}),
    ("ostrich", {"players": 2}),
    ("arena", None),
    ("arena", {"animals": True}),
]


def test_the_move_harness_starts_are_the_corpus_script_starts() -> None:
    script = (CORPUS.parent / "make_corpus.py").read_text()
    harness = (CORPUS.parent / "fuzz_move.c").read_text()
    for game, rules in STARTS:
        assert f'("{game}", ' in script
        spelled = (
            "NULL"
            if rules is None
            else '"' + str(rules).replace("'", '\\"').replace("True", "true").replace(" ", "") + '"'
        )
        assert f'{{"{game}", {spelled}}}' in harness, (game, spelled)


@pytest.mark.parametrize("path", sorted((CORPUS / "position").glob("*.json")), ids=lambda p: p.name)
def test_corpus_positions_are_valid(path: Path) -> None:
    text = path.read_text()
    pos = safari_ai.Position.from_json(text)
    assert pos.to_json_text() == text


@pytest.mark.parametrize("path", sorted((CORPUS / "move").iterdir()), ids=lambda p: p.name)
def test_corpus_games_are_legal(path: Path) -> None:
    data = path.read_bytes()
    game, rules = STARTS[data[0] % len(STARTS)]
    pos = safari_ai.Position.new(game, rules)
    moves = data[1:].decode().split()
    assert moves
    for move in moves:
        pos = pos.apply(move)
