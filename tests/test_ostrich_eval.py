"""Ostrich's evaluation (csrc/games/ostrich_eval.c) through the Python API:
Position.evaluate(p) is each player's expected score in centi-points, within
0..2400 and exact at the end of the race; expectimax reads it at its horizon,
so a shallow analysis tells the moves apart, deterministically for a seed."""

from __future__ import annotations

import json

import pytest
from playout import pick_move, pick_outcome, rng_for

import safari_ai

pytestmark = pytest.mark.skipif(
    "ostrich" not in safari_ai.game_names(), reason="no ostrich in the C core"
)


def playout(rules: dict, seed: object) -> list[safari_ai.Position]:
    """Every position of one seeded random race, the terminal one included."""
    rng = rng_for("ostrich-eval", seed)
    pos = safari_ai.Position.new("ostrich", rules)
    positions = [pos]
    while not pos.is_terminal():
        move = (
            pick_outcome(rng, pos.chance_outcomes())
            if pos.is_chance()
            else pick_move(rng, pos.legal_moves())
        )
        pos = pos.apply(move)
        positions.append(pos)
    return positions


@pytest.mark.parametrize(
    "rules",
    [
        {},
        {"players": 2},
        {"players": 5, "lion": True},
        {"quicksand": "stop", "berry_trigger": "end", "last_tie": "none"},
    ],
)
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
    with pytest.raises(ValueError, match="player must be 0..2"):
        pos.evaluate(3)  # no such player


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
    assert [(line.move, tuple(line.expected)) for line in again.lines] == [
        (line.move, tuple(line.expected)) for line in report.lines
    ]


def board(pos: safari_ai.Position) -> tuple[str, ...]:
    """What the evaluation's race models read (csrc/games/ostrich_eval.c): the
    rules, the ostriches, the places taken, the bewitched, the berries and
    the lion; not the dice, the phase or whose turn it is (the dice feature
    reads those, from models cached by this board)."""
    data = pos.to_json()
    lion = data["lion"]
    return tuple(
        json.dumps(item, sort_keys=True)
        for item in (
            data["rules"],
            data["ostriches"],
            data["finished"],
            data["bewitched"],
            data["berries"],
            lion["state"],
            lion["space"],
        )
    )


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
            targets += [pos.apply(move) for move, _ in outcomes[:: max(1, len(outcomes) // 12)]]
    warm = [values(pos) for pos in targets]
    flushes = [line[0], line[len(line) // 2], line[-2]]
    for pos, expected in zip(targets, warm):
        flush = next((f for f in flushes if board(f) != board(pos) and not f.is_terminal()), None)
        assert flush is not None
        values(flush)
        assert values(pos) == expected, pos.to_json_text()
    # Many of the warm values came from a model built for a sibling.
    assert sum(board(a) == board(b) for a, b in zip(targets, targets[1:])) > len(targets) // 2


# -- the evaluation as a weighted sum of features (issue 20) -------------------------

# E2 of the rule book (4 players, player 1 = BDAC to act), its dice replaced.
E2 = {
    "game": "ostrich",
    "rules": {},
    "to_move": 1,
    "track": "default",
    "berries": ["13c", "5b", "8a"],
    "berry_pool": {"dofnooxoor": 1, "peepa": 1, "ter": 1},
    "ostriches": {"A": "2a", "B": "3a", "C": "0c", "D": "3c", "E": "1c"},
    "finished": "",
    "bewitched": "",
    "predictions": ["DEAB", "BDAC", "CEBD", "EABC"],
    "current": 1,
    "mode": "normal",
    "phase": "action",
    "dice": {"white": "AAAWW", "black": "B"},
    "reroll": None,
    "left": None,
    "moved": "",
    "pending": None,
    "bonus": 0,
    "extra": 0,
    "lion": {"state": "off", "space": None, "turns": 0},
}
POINTS, DICE, TURN = 0, 1, 2


def e2(**changes: object) -> safari_ai.Position:
    data = dict(E2, **changes)
    return safari_ai.Position.from_json(json.dumps(data))


def clamped_dot(weights: safari_ai.EvalWeights, features: object) -> int:
    import numpy as np

    return int(min(max(int(np.asarray(weights.weights, dtype=float) @ features), 0), 2400))


@pytest.mark.parametrize("rules", [{"players": 2}, {"players": 5, "lion": True}, {}])
def test_weights_dot_features_is_the_evaluation(rules: dict) -> None:
    """evaluate(p) == clamp(int(weights . features(p)), 0, 2400) for every
    player of every non-terminal position of a random race, with the default
    weights and with others; at the end the value is exact whatever the weights."""
    other = safari_ai.EvalWeights("ostrich", (93, 41, 35), 0.0)
    positions = playout(rules, "dot")
    batch = safari_ai.features(
        positions[:-1] * 2, players=[0] * (len(positions) - 1) + [1] * (len(positions) - 1)
    )
    for weights in (safari_ai.EvalWeights.default("ostrich"), other):
        for k, pos in enumerate(positions[:-1]):
            pos = pos.with_weights(weights)
            for p in range(pos.num_players):
                assert pos.evaluate(p) == clamped_dot(weights, pos.features(p)), pos.to_json_text()
            assert list(batch[k]) == list(pos.features(0))
            assert list(batch[len(positions) - 1 + k]) == list(pos.features(1))
        end = positions[-1].with_weights(weights)
        assert [end.evaluate(p) for p in range(end.num_players)] == [100 * r for r in end.result()]
        assert [end.features(p)[POINTS] for p in range(end.num_players)] == end.result()


def test_turn_marks_the_player_to_act() -> None:
    pos = e2()
    assert [pos.features(p)[TURN] for p in range(4)] == [0.0, 1.0, 0.0, 0.0]
    assert safari_ai.Position.new("ostrich").features(0)[TURN] == 0.0  # the deal: nobody's turn
    with pytest.raises(ValueError, match="player must be 0..3"):
        pos.features(4)


def test_dice_in_hand_move_the_value_the_right_way() -> None:
    """Player 1 (BDAC: B first, C last) holds dice at its action. Three B dice
    and two wilds carry its winner forward: its value rises above the board's
    (the dice feature is positive, and B's backers gain); three C dice can
    only push its predicted last ostrich (or bewitch B with the black die):
    the feature is negative. Player 0 (DEAB) predicted B last: the B move
    costs it."""
    board = e2(dice={"white": "ADEEW", "black": "B"})
    good, bad = e2(dice={"white": "BBBWW", "black": "B"}), e2(dice={"white": "CCCWW", "black": "B"})
    points = board.features(1)[POINTS]
    assert good.features(1)[POINTS] == bad.features(1)[POINTS] == points  # one board
    assert good.features(1)[DICE] > 0.5 > 0 > bad.features(1)[DICE]
    assert good.evaluate(1) > 100 * points > bad.evaluate(1)
    assert good.features(0)[DICE] < -0.5
    # Without the dice (weight 0) the three are the board's value.
    board_only = safari_ai.EvalWeights("ostrich", (100, 0, 0), 0.0)
    assert len({pos.with_weights(board_only).evaluate(1) for pos in (board, good, bad)}) == 1


def test_a_reroll_is_the_mean_of_its_outcomes() -> None:
    """At a re-roll (chance), the dice feature is the probability-weighted
    mean of the outcomes' (to the features' 1/1024 rounding), and the
    outcomes of one roll are valued apart."""
    choice = e2(phase="reroll_choice", dice={"white": "ABDWW", "black": "E"})
    for move in ("r:AB", "r:ABDWW*", "r:*"):
        reroll = choice.apply(move)
        assert reroll.is_chance()
        outcomes = reroll.chance_outcomes()
        total = sum(weight for _, weight in outcomes)
        for p in range(4):
            mean = (
                sum(
                    weight * reroll.apply(outcome).features(p)[DICE] for outcome, weight in outcomes
                )
                / total
            )
            assert abs(reroll.features(p)[DICE] - mean) <= 1 / 1024, (move, p)
    roll = safari_ai.Position.from_json(
        json.dumps(dict(E2, phase="roll", dice=None, to_move="chance"))
    )
    assert roll.features(1)[DICE] == 0.0  # nobody holds dice yet
    values = {roll.apply(outcome).evaluate(1) for outcome, _ in roll.chance_outcomes()[::7]}
    assert len(values) > 20


def test_the_dice_caches_hold_the_predictions() -> None:
    """The option the mover takes and the dice feature are cached per board;
    two positions on one board with other tiles (as a search of sampled
    predictions sees them) must each get their own values, whatever was
    evaluated just before."""
    dice = {"white": "ABDWW", "black": "E"}
    tiles = [
        ["DEAB", "BDAC", "CEBD", "EABC"],
        ["DEAB", "CDEA", "CEBD", "EABC"],
        ["ABCD", "EBDA", "DACE", "BCDE"],
    ]
    positions = [e2(dice=dice, predictions=t) for t in tiles]
    positions += [e2(dice=dice, predictions=t, phase="reroll_choice").apply("r:AW*") for t in tiles]
    other_board = e2(ostriches={"A": "4a", "B": "3a", "C": "0c", "D": "3c", "E": "1c"})
    cold = []
    for pos in positions:
        values(other_board)
        cold.append(values(pos))
    warm = [values(pos) for pos in positions]
    assert warm == cold
    assert len({tuple(v) for v in cold[:3]}) == 3
