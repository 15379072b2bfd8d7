"""The evaluations as weighted sums of named features (issue 20, point 1):
features from the core as numpy arrays, one C call for a batch, and
evaluate(0) == weights @ features on many random positions of every game."""

import random

import numpy as np
import pytest

import safari_ai
from safari_ai import EvalWeights, Position, WeightsError
from safari_ai.search import analyse

LINEAR = ["turtles", "zebras", "arena"]


def random_positions(game: str, count: int, seed: int) -> list[Position]:
    """Positions met along seeded random games (decisions, chance and terminal)."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        pos = Position.new(game)
        for _ in range(200):
            out.append(pos)
            if pos.is_terminal():
                break
            if pos.is_chance():
                outcomes = pos.chance_outcomes()
                pos = pos.apply(
                    rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
                )
            else:
                pos = pos.apply(rng.choice(pos.legal_moves()))
    return out[:count]


@pytest.fixture(scope="module", params=LINEAR)
def sample(request):
    game = request.param
    return game, random_positions(game, 400, seed=20)


def test_feature_names_name_every_feature():
    for game in LINEAR:
        names = safari_ai.feature_names(game)
        assert names and len(set(names)) == len(names)
        assert len(EvalWeights.default(game).weights) == len(names)
        assert Position.new(game).features().shape == (len(names),)
    assert safari_ai.feature_names("ostrich") == ["points", "dice", "turn"]
    assert Position.new("ostrich").features().shape == (3,)
    assert EvalWeights.default("ostrich").weights == (100, 100, 0)
    assert EvalWeights.default("ostrich").win_scale == 0.0  # a score race: no win logistic
    with pytest.raises(WeightsError, match="unknown game"):
        safari_ai.feature_names("chess")


def test_evaluation_is_the_dot_product_of_weights_and_features(sample):
    game, positions = sample
    weights = EvalWeights.default(game).vector()
    for pos in positions:
        f = pos.features()
        assert f.dtype == np.float64
        assert pos.evaluate(0) == int(weights @ f), pos.to_json_text()
        assert pos.evaluate(1) == -pos.evaluate(0)


def test_features_vary_over_the_sample(sample):
    # A feature constant over 400 positions would say nothing (and could hide a
    # feature that is never computed).
    game, positions = sample
    matrix = safari_ai.features(positions)
    varying = {
        name
        for name, column in zip(safari_ai.feature_names(game), matrix.T)
        if column.min() != column.max()
    }
    expected = {
        "turtles": {"active", "advance", "to_move"},
        "zebras": {
            "control",
            "open",
            "inauguration",
            "tempo",
            "hand_zebras",
            "hand_gazelles",
            "hand_elephant",
            "hand_lion",
            "hand_crocodiles",
        },
        "arena": {
            "standing",
            "attack",
            "defense",
            "speed",
            "centre",
            "kill_threat",
            "late_lead",
        },
    }[game]
    assert expected <= varying


def test_zebras_features_are_exact_fractions():
    """Zebras' features are shares of territories, in steps of 1/1024 (exact in
    binary): the identity holds to the centi-point, with any weights."""
    positions = random_positions("zebras", 300, seed=21)
    rng = np.random.default_rng(7)
    # A few sets: the core's table of weight sets holds 255 for the process.
    n = len(safari_ai.feature_names("zebras"))
    sets = [rng.integers(-10000, 10001, size=n) for _ in range(3)]
    fractions = 0
    for k, pos in enumerate(positions):
        f = pos.features()
        assert np.array_equal(f * 1024, np.rint(f * 1024))
        fractions += bool(np.any(f != np.rint(f)))
        w = sets[k % len(sets)]
        tuned = pos.with_weights(EvalWeights("zebras", tuple(int(v) for v in w), 500.0))
        assert tuned.evaluate(0) == int(w.astype(float) @ f) == -tuned.evaluate(1)
    assert fractions > len(positions) // 4  # open territories are shared


def test_zebras_features_at_the_end_are_the_score():
    """At the end every share is +-1: control is the territory points, no cell
    is open, nobody has the tempo, the hands are empty, and the evaluation is
    100 x the score."""
    rng = np.random.default_rng(3)
    for _ in range(10):
        pos = Position.new("zebras")
        while not pos.is_terminal():
            moves = pos.legal_moves()
            pos = pos.apply(moves[int(rng.integers(len(moves)))])
        control, open_cells, inauguration, tempo, *hands = pos.features()
        assert control == int(control) and open_cells == 0 and tempo == 0
        assert hands == [0, 0, 0, 0, 0]
        assert pos.evaluate(0) == 100 * control + 500 * inauguration
        assert (pos.evaluate(0) > 0) == (pos.result()[0] > 0)


def test_batch_equals_the_rows_of_single_positions(sample):
    game, positions = sample
    matrix = safari_ai.features(positions)
    assert matrix.shape == (len(positions), len(safari_ai.feature_names(game)))
    assert matrix.dtype == np.float64 and matrix.flags["C_CONTIGUOUS"]
    np.testing.assert_array_equal(matrix, np.stack([p.features() for p in positions]))


def test_batch_rejects_mixed_games_and_games_without_features():
    mixed = [Position.new("turtles"), Position.new("turtles"), Position.new("zebras")]
    with pytest.raises(WeightsError, match=r"positions\[2\]: a zebras position"):
        safari_ai.features(mixed)
    with pytest.raises(WeightsError, match=r"players\[1\]: no player 4 in the game"):
        safari_ai.features([Position.new("ostrich")] * 2, players=[0, 4])
    with pytest.raises(WeightsError, match=r"players\[0\]: not an integer"):
        safari_ai.features([Position.new("ostrich")], players=["0"])
    with pytest.raises(WeightsError, match=r"positions\[1\]: not a Position"):
        safari_ai.features([Position.new("turtles"), "turtles"])
    assert safari_ai.features([]).shape == (0, 0)


def test_other_weights_change_the_evaluation_exactly(sample):
    game, positions = sample
    rng = np.random.default_rng(7)
    n = len(safari_ai.feature_names(game))
    values = tuple(int(v) for v in rng.integers(-500, 500, n))
    weights = EvalWeights(game, values, 123.0)
    for pos in positions[::4]:
        tuned = pos.with_weights(weights)
        assert tuned.evaluate(0) == int(np.asarray(values, dtype=float) @ pos.features())
        assert tuned.evaluate(1) == -tuned.evaluate(0)
        assert pos.evaluate(0) == int(EvalWeights.default(game).vector() @ pos.features())
        assert tuned == pos  # the same position; only its evaluation differs


def test_weights_are_kept_by_moves_and_reported():
    weights = EvalWeights("turtles", (1, 2, 3, 4, 5, 6), 50.0)
    pos = Position.new("turtles").with_weights(weights)
    assert pos.weights() == weights
    child = pos.apply(pos.legal_moves()[0])
    assert child.weights() == weights
    assert Position.new("turtles").weights() == EvalWeights.default("turtles")


def test_bad_weight_sets_are_refused_naming_the_problem():
    pos = Position.new("turtles")
    with pytest.raises(WeightsError, match="turtles has 6 features, got 2"):
        pos.with_weights(EvalWeights("turtles", (1, 2), 100.0))
    with pytest.raises(WeightsError, match="must be -10000..10000"):
        pos.with_weights(EvalWeights("turtles", (1, 2, 3, 4, 5, 10001), 100.0))
    with pytest.raises(WeightsError, match="win_scale must be > 0"):
        pos.with_weights(EvalWeights("turtles", (1, 2, 3, 4, 5, 6), 0.0))
    with pytest.raises(WeightsError, match=r"weights\[2\] must be an integer, got 1.5"):
        pos.with_weights(EvalWeights("turtles", (1, 2, 1.5, 4, 5, 6), 100.0))
    with pytest.raises(WeightsError, match="for zebras, not turtles"):
        pos.with_weights(EvalWeights.default("zebras"))


def test_many_weight_sets_share_slots():
    # Equal sets share a slot of the core's table, so loading the same file
    # again and again never fills it.
    pos = Position.new("zebras")
    for _ in range(600):
        pos.with_weights(EvalWeights("zebras", (1, 2, 3, 4, 5, 6, 7, 8, 9), 99.0))


def test_searches_evaluate_with_the_positions_weights():
    pos = Position.new("turtles").apply("d1xd3")
    flat = EvalWeights("turtles", (0, 0, 0, 0, 0, 0), 100.0)
    report = analyse(pos.with_weights(flat), depth=2, seed=1)
    assert report.score == 0  # every leaf is worth 0 under all-zero weights
    assert analyse(pos, depth=2, seed=1).score != 0
    only_tempo = EvalWeights("turtles", (0, 0, 0, 0, 0, 37), 100.0)
    # Depth 1: the leaves have the other player to move: -37 from the mover's view.
    assert analyse(pos.with_weights(only_tempo), depth=1, seed=1).score == -37
