"""Ostrich's evaluation (csrc/games/ostrich_eval.c) through the Python API:
Position.evaluate(p) is each player's expected score in centi-points, within
0..2400 and exact at the end of the race; expectimax reads it at its horizon,
so a shallow analysis tells the moves apart, deterministically for a seed."""
from __future__ import annotations

import json

import pytest

import safari_ai
from playout import pick_move, pick_outcome, rng_for

pytestmark = pytest.mark.skipif("ostrich" not in safari_ai.game_names(), reason="no ostrich in the C core")


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


def board(pos: safari_ai.Position) -> tuple[str, ...]:
    """What the evaluation's race model reads (csrc/games/ostrich_eval.c): the
    rules, the ostriches, the places taken, the bewitched, the berries and
    the lion; not the dice, the phase or whose turn it is."""
    data = pos.to_json()
    lion = data["lion"]
    return tuple(json.dumps(item, sort_keys=True) for item in (
        data["rules"], data["ostriches"], data["finished"], data["bewitched"],
        data["berries"], lion["state"], lion["space"]))


def values(pos: safari_ai.Position) -> list[int]:
    return [pos.evaluate(p) for p in range(pos.num_players)]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("lion", [False, True])
def test_evaluate_does_not_depend_on_what_was_evaluated_before(players: int, lion: bool) -> None:
    """The race model is cached per thread by the board it reads, so the
    outcomes of one roll share it: each position's values right after its
    siblings (the cached model) equal its values right after a position on
    another board (a model built afresh)."""
    rules = {"players": players, "lion": lion}
    line = playout(rules, "cache")
    targets: list[safari_ai.Position] = []
    for pos in line:
        targets.append(pos)
        if pos.is_chance():
            outcomes = pos.chance_outcomes()
            targets += [pos.apply(move) for move, _ in outcomes[::max(1, len(outcomes) // 12)]]
    warm = [values(pos) for pos in targets]
    flushes = [line[0], line[len(line) // 2], line[-2]]
    for pos, expected in zip(targets, warm):
        flush = next((f for f in flushes if board(f) != board(pos) and not f.is_terminal()), None)
        assert flush is not None
        values(flush)
        assert values(pos) == expected, pos.to_json_text()
    # Many of the warm values came from a model built for a sibling.
    assert sum(board(a) == board(b) for a, b in zip(targets, targets[1:])) > len(targets) // 2
