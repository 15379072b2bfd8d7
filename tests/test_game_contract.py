"""The contract every registered game keeps (OpenSpiel's basic tests).

Parametrized over the C core's registry, so a game is covered by registering
it. At every position of seeded random playouts of each reference variant (or
of the default rules): legal moves sorted and unique and empty exactly at
chance and terminal positions; chance probabilities positive, sorted by
spelling and summing to 1; the JSON round trip gives the same position; the
incremental Zobrist key equals a from-scratch one; applying to a copy leaves
the parent untouched; results at the end well formed.
"""

from __future__ import annotations

import importlib
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from playout import MAX_PLIES, pick_move, pick_outcome, rng_for

import safari_ai

CONTRACT_PLAYOUTS = 30
# An ostrich race lasts about 195 plies against 30 for the other games.
CONTRACT_PLAYOUTS_BY_GAME = {"ostrich": 6}
# The default suite plays the first of these per rule set; the thorough
# checks (``pytest -m slow``) play the rest.
DEFAULT_CONTRACT_PLAYOUTS = {"ostrich": 1}
DEFAULT_CONTRACT_PLAYOUTS_OTHERS = 8


def _rule_sets(game: str) -> list[dict[str, Any]]:
    try:
        return list(importlib.import_module(f"reference.{game}").VARIANTS.values())
    except ModuleNotFoundError:
        return [{}]


def _check_position(pos: safari_ai.Position) -> None:
    again = safari_ai.Position.from_json(pos.to_json())
    assert again == pos and again.to_json() == pos.to_json()
    assert pos.zobrist_hash() == pos.zobrist_hash_from_scratch()
    moves = pos.legal_moves()
    outcomes = pos.chance_outcomes()
    if pos.to_move == "terminal":
        assert moves == [] and outcomes == []
        result = pos.result()
        assert len(result) == pos.num_players
        assert all(isinstance(value, int) for value in result)
        if pos.game in ("turtles", "zebras", "arena"):
            assert sorted(result) in ([-1, 1], [0, 0])
    elif pos.to_move == "chance":
        assert moves == [] and outcomes
        spellings = [outcome for outcome, _ in outcomes]
        assert spellings == sorted(set(spellings))
        assert all(p > 0 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == Fraction(1)
    else:
        assert isinstance(pos.to_move, int) and 0 <= pos.to_move < pos.num_players
        assert moves and moves == sorted(set(moves)) and outcomes == []
        assert all(" " not in m and m.isascii() and m.isprintable() for m in moves)


def _contract_cases() -> list[Any]:
    """``(game, rules index, first seed, stop)``: the default share, then the thorough one."""
    params = []
    for game in safari_ai.game_names():
        total = CONTRACT_PLAYOUTS_BY_GAME.get(game, CONTRACT_PLAYOUTS)
        default = DEFAULT_CONTRACT_PLAYOUTS.get(game, DEFAULT_CONTRACT_PLAYOUTS_OTHERS)
        for rules_index in range(len(_rule_sets(game))):
            params.append(pytest.param(game, rules_index, 0, default, id=f"{game}-{rules_index}"))
            params.append(
                pytest.param(
                    game,
                    rules_index,
                    default,
                    total,
                    id=f"{game}-{rules_index}-more",
                    marks=pytest.mark.slow,
                )
            )
    return params


@pytest.mark.parametrize(("game", "rules_index", "first", "stop"), _contract_cases())
def test_random_playouts_keep_the_contract(
    game: str, rules_index: int, first: int, stop: int
) -> None:
    rules = _rule_sets(game)[rules_index]
    for i in range(first, stop):
        rng = rng_for("contract", game, rules_index, i)
        pos = safari_ai.Position.new(game, rules)
        for _ in range(MAX_PLIES):
            _check_position(pos)
            if pos.is_terminal():
                break
            before = pos.to_json_text()
            move = (
                pick_outcome(rng, pos.chance_outcomes())
                if pos.is_chance()
                else pick_move(rng, pos.legal_moves())
            )
            child = pos.apply(move)
            assert pos.to_json_text() == before  # the parent is untouched
            pos = child
        else:
            pytest.fail(f"{game}: no end after {MAX_PLIES} plies")


@pytest.mark.parametrize("game", safari_ai.game_names())
def test_terminal_positions_refuse_moves(game: str) -> None:
    rng = rng_for("terminal", game)
    pos = safari_ai.Position.new(game)
    while not pos.is_terminal():
        pos = pos.apply(
            pick_outcome(rng, pos.chance_outcomes())
            if pos.is_chance()
            else pick_move(rng, pos.legal_moves())
        )
    with pytest.raises(safari_ai.IllegalMoveError, match="over"):
        pos.apply("anything")


@pytest.mark.parametrize("game", safari_ai.game_names())
def test_new_position_rejects_unknown_rules(game: str) -> None:
    with pytest.raises(safari_ai.PositionError, match="no_such_option") as info:
        safari_ai.Position.new(game, {"no_such_option": True})
    assert info.value.field == "rules.no_such_option"


def test_registry_lists_the_games() -> None:
    names = safari_ai.game_names()
    assert names and len(names) == len(set(names))
    # each has its rule book page (docs/games/NAME.md), where a fifth game would add one
    docs = Path(__file__).resolve().parents[1] / "docs" / "games"
    assert all(name.isidentifier() and (docs / f"{name}.md").is_file() for name in names)
