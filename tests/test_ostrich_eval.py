"""Ostrich's evaluation (csrc/games/ostrich_eval.c) through the Python API:
Position.evaluate(p) is each player's expected score in centi-points, within
0..2400 and exact at the end of the race; expectimax reads it at its horizon,
so a shallow analysis tells the moves apart, deterministically for a seed."""
from __future__ import annotations

import pytest

import safari_ai
from playout import pick_move, pick_outcome, rng_for

pytestmark = pytest.mark.skipif("ostrich" not in safari_ai.games(), reason="no ostrich in the C core")


def playout(rules: dict, seed: object) -> list[safari_ai.Position]:
    """Every position of one seeded random race, the terminal one included."""
    rng = rng_for("ostrich-eval", seed)
    pos = safari_ai.Position.new("ostrich", rules)
    positions = [pos]
    while not pos.is_terminal():
        move = (pick_outcome(rng, pos.chance_outcomes()) if pos.is_chance()
                else pick_move(rng, pos.legal_moves()))
        pos = pos.apply(move)
        positions.append(pos)
    return positions


@pytest.mark.parametrize("rules", [{}, {"players": 2}, {"players": 5, "lion": True},
                                   {"quicksand": "stop", "berry_trigger": "end", "last_tie": "none"}])
def test_evaluate_is_a_score_along_playouts(rules: dict) -> None:
    for seed in range(2):
        positions = playout(rules, seed)
        for pos in positions:
            for p in range(pos.num_players):
                assert 0 <= pos.evaluate(p) <= 2400, pos.to_json_text()
        end = positions[-1]
        assert [end.evaluate(p) for p in range(end.num_players)] == [100 * r for r in end.result()]


def test_evaluate_during_the_deal_is_the_mean_over_the_free_tiles() -> None:
    pos = safari_ai.Position.new("ostrich", {"players": 3})
    # Nothing dealt: the same ten tiles for everyone, so the same value.
    values = [pos.evaluate(p) for p in range(3)]
    assert values[0] == values[1] == values[2] > 0
    assert pos.evaluate(3) == 0  # no such player


def opening() -> safari_ai.Position:
    """The first action of a seeded 4-player race."""
    rng = rng_for("ostrich-eval-opening")
    pos = safari_ai.Position.new("ostrich")
    while pos.to_json()["phase"] != "action":
        pos = pos.apply(pick_outcome(rng, pos.chance_outcomes()) if pos.is_chance() else "keep")
    return pos


def test_analyse_sees_the_evaluation() -> None:
    pos = opening()
    moves = pos.legal_moves()
    multipv = min(8, len(moves))
    report = safari_ai.analyse(pos, depth=2, seed=5, multipv=multipv)
    assert report.algo == "expectimax" and report.depth == 2
    expected = [tuple(line.expected) for line in report.lines]
    # Without an evaluation every depth-2 value here would be 0 (no race can
    # end in two plies from the opening): with it, values are scores and
    # differ between moves.
    assert all(0.0 <= v <= 24.0 for line in expected for v in line)
    assert any(v > 0.0 for line in expected for v in line)
    assert len(set(expected)) > 1
    again = safari_ai.analyse(pos, depth=2, seed=5, multipv=multipv)
    assert [(line.move, tuple(line.expected)) for line in again.lines] == \
        [(line.move, tuple(line.expected)) for line in report.lines]
