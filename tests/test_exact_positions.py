"""The engine on exact positions (issue 19, point 1).

tests/data/exact_*.json hold decision positions near the end of a game with
every move's value computed by full expectimax to the terminal positions over
the reference rules (tests/reference/, independent of the C core), and the
best move, unique by a margin (tests/make_exact_positions.py writes them and
says how). Here the default search (expectimax, default sampling, seeded, a
depth limit so that the report is deterministic) must find that best move,
and where its depth reaches every terminal position of the tree, report every
move's value as the exact one within ``TOLERANCE``.

The default suite takes every ``SUBSET``-th position; the slow variant takes
them all, at the depth that reaches the end and 4 plies beyond.
"""
from __future__ import annotations

import json
import os
from typing import Any

import pytest

import safari_ai

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
TOLERANCE = 1e-9   # win probabilities (arena); the values are exact fractions
SUBSET = 3         # the default suite checks every third position
SEED = 1


def entries(game: str) -> list[dict[str, Any]]:
    path = os.path.join(DATA, f"exact_{game}.json")
    with open(path) as f:
        return json.load(f)["positions"]


def cases(game: str, subset: bool) -> list[Any]:
    found = entries(game)
    chosen = found[::SUBSET] if subset else found
    return [pytest.param(entry, id=entry["name"]) for entry in chosen]


def check(entry: dict[str, Any], extra: int) -> None:
    pos = safari_ai.Position.from_json(entry["position"])
    mover = entry["mover"]
    moves = sorted(pos.legal_moves())
    assert moves == sorted(entry["values"]), "the engine's moves differ from the reference's"
    depth = entry["plies"] + extra
    report = safari_ai.analyse(pos, depth=depth, seed=SEED, multipv=min(16, len(moves)))
    assert report.best_move in entry["best"], (entry["name"], report.best_move, entry["best"])
    if len(moves) <= 16:
        values = {line.move: line.expected for line in report.lines}
        assert sorted(values) == moves
        for move, want in entry["values"].items():
            assert values[move] == pytest.approx(want, abs=TOLERANCE), (entry["name"], move)
    else:
        line = report.lines[0]
        assert line.expected == pytest.approx(entry["values"][line.move], abs=TOLERANCE)


def test_the_data_is_what_the_generator_promises() -> None:
    """Each entry: a unique best move, ahead by its margin, over every move
    the engine lists."""
    for game in ("arena",):
        found = entries(game)
        assert len(found) == 30
        for entry in found:
            values, mover = entry["values"], entry["mover"]
            best = entry["best"]
            assert len(best) == 1
            top = values[best[0]][mover]
            assert all(top - v[mover] >= entry["margin"] - 1e-12
                       for m, v in values.items() if m != best[0])
            assert entry["margin"] >= 0.005
            assert entry["position"]["game"] == game


@pytest.mark.parametrize("entry", cases("arena", subset=True))
def test_arena_exact_positions(entry: dict[str, Any]) -> None:
    check(entry, extra=2)


@pytest.mark.slow
@pytest.mark.parametrize("extra", [2, 6])
@pytest.mark.parametrize("entry", cases("arena", subset=False))
def test_arena_exact_positions_all(entry: dict[str, Any], extra: int) -> None:
    check(entry, extra=extra)
