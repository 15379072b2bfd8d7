"""The C rules against the pure-Python reference, over seeded random playouts.

For every game that both the C core and ``tests/reference`` have, and every
variant the reference lists in ``VARIANTS``, ``PLAYOUTS`` games are played; at
every position the two must agree on whose turn it is, the sorted legal moves,
the chance outcomes with their exact probabilities, the successor position (the
whole canonical JSON) and the result. A failure prints the moves that led there
and a diff of the two positions.
"""
from __future__ import annotations

import difflib
import json
from typing import Any

import pytest

import safari_ai
from conftest import PLAYOUTS, reference_module
from playout import MAX_PLIES, pick_move, pick_outcome, rng_for

GAMES = ["turtles", "zebras", "ostrich", "arena"]


def _variants() -> list[Any]:
    params = []
    for game in GAMES:
        try:
            module = __import__(f"reference.{game}", fromlist=["VARIANTS"])
        except ModuleNotFoundError:
            params.append(pytest.param(game, None, marks=pytest.mark.skip(
                reason=f"no reference for {game} yet")))
            continue
        for name in getattr(module, "VARIANTS", {"default": {}}):
            params.append(pytest.param(game, name, id=f"{game}-{name}"))
    return params


def _diff(engine: dict[str, Any], reference: dict[str, Any]) -> str:
    left = json.dumps(engine, indent=1, sort_keys=True).splitlines()
    right = json.dumps(reference, indent=1, sort_keys=True).splitlines()
    return "\n".join(difflib.unified_diff(left, right, "engine (C)", "reference", lineterm=""))


class Mismatch(AssertionError):
    pass


def _check(condition: bool, what: str, history: list[str], engine: Any, reference: Any) -> None:
    if not condition:
        detail = _diff(engine, reference) if isinstance(engine, dict) else (
            f"  engine:    {engine!r}\n  reference: {reference!r}")
        raise Mismatch(f"{what} differ after moves {' '.join(history) or '(start)'}\n{detail}")


def play_one(game: str, rules: dict[str, Any], seed: str) -> int:
    """Plays one seeded game on both implementations; returns its length."""
    ref = reference_module(game)
    rng = rng_for(seed)
    ref_pos = ref.new_position(rules)
    pos = safari_ai.Position.new(game, rules)
    history: list[str] = []
    _check(pos.to_json() == ref_pos, "start positions", history, pos.to_json(), ref_pos)
    for _ in range(MAX_PLIES):
        who = ref.to_move(ref_pos)
        _check(pos.to_move == who, "to_move", history, pos.to_move, who)
        if who == "terminal":
            _check(pos.result() == ref.result(ref_pos), "results", history,
                   pos.result(), ref.result(ref_pos))
            return len(history)
        if who == "chance":
            outcomes = ref.chance_outcomes(ref_pos)
            _check(pos.chance_outcomes() == outcomes, "chance outcomes", history,
                   pos.chance_outcomes(), outcomes)
            move = pick_outcome(rng, outcomes)
        else:
            moves = ref.legal_moves(ref_pos)
            _check(pos.legal_moves() == moves, "legal moves", history, pos.legal_moves(), moves)
            move = pick_move(rng, moves)
        history.append(move)
        ref_pos = ref.apply(ref_pos, move)
        pos = pos.apply(move)
        engine_json = pos.to_json()
        _check(engine_json == ref_pos, "positions", history, engine_json, ref_pos)
    raise Mismatch(f"no end after {MAX_PLIES} plies: {' '.join(history[:50])} ...")


@pytest.mark.parametrize(("game", "variant"), _variants())
def test_engine_matches_reference(game: str, variant: str) -> None:
    if game not in safari_ai.games():
        pytest.skip(f"the C core has no {game} yet")
    rules = reference_module(game).VARIANTS[variant]
    lengths = [play_one(game, rules, f"{game}/{variant}/{i}") for i in range(PLAYOUTS)]
    assert len(lengths) == PLAYOUTS and min(lengths) >= 1
