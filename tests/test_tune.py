"""Texel tuning (issue 20, point 2): the fit recovers known weights, weight
files load exactly as written, records become labelled samples, and the
`safari-ai tune` command writes a file the engine loads."""

import json

import numpy as np
import pytest
from click.testing import CliRunner

from safari_ai import EvalWeights, Position, WeightsError
from safari_ai.cli import main
from safari_ai.tune import (
    Samples,
    fit_scale,
    fit_score_weights,
    fit_weights,
    fit_weights_holding,
    log_loss,
    sample_records,
    score_rmse,
    split,
    tune,
)


def synthetic(true_w, scale, n, seed):
    rng = np.random.default_rng(seed)
    x = rng.integers(-6, 7, size=(n, len(true_w))).astype(float)
    p = 1 / (1 + np.exp(-(x @ np.asarray(true_w, dtype=float)) / scale))
    y = (rng.random(n) < p).astype(float)
    return x, y


def test_fit_recovers_known_weights():
    true_w = [100, -40, 250, 0, 60]
    x, y = synthetic(true_w, 300.0, 60000, seed=3)
    fitted = fit_weights(x, y, 300.0, l2=0.0)
    assert np.allclose(fitted, true_w, atol=12), fitted


def test_regularisation_shrinks_the_weights():
    x, y = synthetic([100, -40, 250], 300.0, 5000, seed=4)
    free = fit_weights(x, y, 300.0, l2=0.0)
    shrunk = fit_weights(x, y, 300.0, l2=1.0)
    assert np.linalg.norm(shrunk) < 0.5 * np.linalg.norm(free)


def test_a_constant_feature_needs_regularisation():
    x, y = synthetic([100, -40], 300.0, 2000, seed=8)
    x = np.hstack([x, np.zeros((len(y), 1))])  # a feature the samples never show
    with pytest.raises(WeightsError, match="L2 regularisation > 0"):
        fit_weights(x, y, 300.0, l2=0.0)
    assert fit_weights(x, y, 300.0, l2=1e-3)[2] == 0.0


def test_fit_scale_recovers_the_logistic_scale():
    rng = np.random.default_rng(5)
    values = rng.normal(0, 400, 50000)
    y = (rng.random(values.size) < 1 / (1 + np.exp(-values / 180.0))).astype(float)
    assert fit_scale(values, y) == pytest.approx(180.0, rel=0.05)


def test_log_loss_of_known_predictions():
    assert log_loss(np.array([0.5, 0.5]), np.array([1.0, 0.0])) == pytest.approx(np.log(2))
    assert log_loss(np.array([0.9]), np.array([1.0])) == pytest.approx(-np.log(0.9))


def test_tune_improves_held_out_loss_on_synthetic_samples():
    true_w = [120, 30, -80, 10, 0, 50]
    x, y = synthetic(true_w, 250.0, 20000, seed=6)
    ids = np.arange(len(y)) // 20  # 1000 "games" of 20 positions
    n = len(y)
    samples = Samples(
        "turtles",
        x,
        y,
        ids,
        np.zeros(n, int),
        np.full(n, np.nan),
        np.zeros(n, int),
        int(ids.max()) + 1,
    )
    result = tune(samples, holdout=0.25, l2=1e-4, seed=2)
    assert result.loss_after < result.loss_before
    assert result.n_train + result.n_holdout == n
    # The weights come out in the units of the scale: at the true scale, the
    # true weights.
    at_true_scale = tune(samples, holdout=0.25, l2=1e-4, seed=2, scale=250.0)
    assert np.allclose(at_true_scale.after.weights, true_w, atol=15), at_true_scale.after


def test_holding_weights_fits_the_others_and_the_scale():
    """With the first weight held at its true value, the fit finds the scale
    and the other weights (zebras' control is held at 100 so that its scores
    stay centi-points)."""
    true_w = np.array([100.0, -40.0, 250.0, 60.0])
    x, y = synthetic(true_w, 300.0, 60000, seed=9)
    start = np.array([100.0, 0.0, 0.0, 0.0])
    weights, scale = fit_weights_holding(x, y, start, [0], l2=0.0)
    assert weights[0] == 100.0 and scale == pytest.approx(300.0, rel=0.05)
    assert np.allclose(weights, true_w, atol=15), weights
    # Held at twice its true value, everything doubles, the scale included.
    weights, scale = fit_weights_holding(x, y, 2 * start, [0], l2=0.0)
    assert scale == pytest.approx(600.0, rel=0.05)
    assert np.allclose(weights, 2 * true_w, atol=30), weights


def test_tune_holds_the_named_weights():
    true_w = [100, 30, -80, 10, 0, 50]
    x, y = synthetic(true_w, 250.0, 20000, seed=6)
    ids = np.arange(len(y)) // 20
    n = len(y)
    samples = Samples(
        "turtles",
        x,
        y,
        ids,
        np.zeros(n, int),
        np.full(n, np.nan),
        np.zeros(n, int),
        int(ids.max()) + 1,
    )
    start = EvalWeights("turtles", (100, 0, 0, 0, 0, 0), 100.0)
    result = tune(samples, start=start, holdout=0.25, l2=1e-4, seed=2, hold=["active"])
    assert result.after.weights[0] == 100
    assert np.allclose(result.after.weights, true_w, atol=15), result.after
    assert result.after.fit["held"] == ["active"]
    assert result.after.fit["eval_scale_after"] == pytest.approx(250.0, rel=0.1)
    assert result.loss_after < result.loss_before
    with pytest.raises(WeightsError, match="--hold: 'mobility' is not a feature of turtles"):
        tune(samples, hold=["mobility"])


def test_split_keeps_each_game_on_one_side():
    n = 100
    ids = np.arange(n) // 10
    samples = Samples(
        "turtles",
        np.zeros((n, 6)),
        np.zeros(n),
        ids,
        np.zeros(n, int),
        np.zeros(n),
        np.zeros(n, int),
        10,
    )
    train, held = split(samples, 0.3, seed=1)
    assert len(train) + len(held) == n
    assert not set(train.game_ids) & set(held.game_ids)
    assert len(set(held.game_ids)) == 3


# -- weight files ------------------------------------------------------------------


def test_weight_file_round_trip_and_exact_evaluation(tmp_path):
    weights = EvalWeights("zebras", (90, 150, 480, 25, 700, 400, 800, 900, 1000), 212.5)
    path = tmp_path / "w.json"
    weights.save(path)
    loaded = EvalWeights.load(path)
    assert loaded == weights
    data = json.loads(path.read_text())
    assert data["weights"]["inauguration"] == 480 and data["win_scale"] == 212.5
    pos = Position.new("zebras")
    for move in ["@12", "Ee1@15", "Lb5@16"]:
        pos = pos.apply(move)
    tuned = pos.with_weights(loaded)
    assert tuned.evaluate(0) == int(np.asarray(weights.weights, dtype=float) @ pos.features())


def _drop_reserve(data):
    del data["weights"]["reserve"]


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(format="x"), "field 'format'"),
        (lambda d: d.update(game="chess"), "field 'game': unknown game"),
        (lambda d: d.update(game="ostrich"), "'weights.active': not a feature of ostrich"),
        (
            lambda d: d.update(game="ostrich", weights={"points": 1, "dice": 2, "turn": 3}),
            "ostrich has no win probability scale",
        ),
        (lambda d: d.update(weights=[1, 2]), "field 'weights' must be an object"),
        (_drop_reserve, "field 'weights.reserve' is missing"),
        (lambda d: d["weights"].update(queen=9), "field 'weights.queen': not a feature of turtles"),
        (lambda d: d["weights"].update(active=1.5), "field 'weights.active' must be an integer"),
        (lambda d: d["weights"].update(active=20000), "field 'weights.active' must be an integer"),
        (lambda d: d["weights"].update(active=True), "field 'weights.active' must be an integer"),
        (lambda d: d.update(win_scale=-3), "field 'win_scale' must be a number > 0"),
        (lambda d: d.update(win_scale="big"), "field 'win_scale' must be a number > 0"),
    ],
)
def test_bad_weight_files_name_the_field(tmp_path, change, message):
    data = EvalWeights.default("turtles").to_json()
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(WeightsError, match=message):
        EvalWeights.load(path)


def test_unreadable_weight_files(tmp_path):
    with pytest.raises(WeightsError, match="cannot read it"):
        EvalWeights.load(tmp_path / "missing.json")
    path = tmp_path / "text.json"
    path.write_text("{not json")
    with pytest.raises(WeightsError, match="not JSON"):
        EvalWeights.load(path)


# -- records to samples to a weights file -----------------------------------------


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    folder = tmp_path_factory.mktemp("records")
    result = CliRunner().invoke(
        main,
        [
            "match",
            "turtles",
            "-a",
            "algo=alphabeta,depth=1",
            "-b",
            "algo=alphabeta,depth=2",
            "--games",
            "12",
            "--opening-plies",
            "4",
            "--records",
            str(folder),
            "--no-progress",
        ],
    )
    assert result.exit_code == 0, result.output
    return folder


def test_samples_are_labelled_with_the_final_result(records):
    samples = sample_records("turtles", records)
    assert samples.n_records == 12
    assert samples.x.shape == (len(samples), 6)
    for path in sorted(records.glob("*.json")):
        data = json.loads(path.read_text())
        assert data["result"][0] in (-1, 0, 1)
    # Every position of one game carries that game's result for player 0.
    for record_id in np.unique(samples.game_ids):
        assert len(set(samples.y[samples.game_ids == record_id])) == 1
    assert set(np.unique(samples.y)) <= {0.0, 0.5, 1.0}
    # The opening plies are not sampled; the search scores are read.
    assert np.isfinite(samples.score).mean() > 0.9
    assert set(np.unique(samples.mover)) == {0, 1}
    fewer = sample_records("turtles", records, every=3)
    assert len(fewer) < len(samples) / 2


def test_sample_records_errors(tmp_path, records):
    with pytest.raises(WeightsError, match="is not a directory"):
        sample_records("turtles", tmp_path / "nowhere")
    with pytest.raises(WeightsError, match="no finished zebras record"):
        sample_records("zebras", records)
    with pytest.raises(WeightsError, match="no finished ostrich record"):
        sample_records("ostrich", records)


def test_tune_command_writes_a_weights_file_the_engine_loads(tmp_path, records):
    out = tmp_path / "tuned.json"
    svg = tmp_path / "rel.svg"
    result = CliRunner().invoke(
        main,
        [
            "tune",
            "turtles",
            "--records",
            str(records),
            "--out",
            str(out),
            "--svg",
            str(svg),
            "--holdout",
            "0.3",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "held-out log-loss: before" in result.output
    weights = EvalWeights.load(out)
    assert weights.game == "turtles" and weights.fit["holdout_positions"] > 0
    assert svg.read_text().startswith("<svg")
    position = tmp_path / "pos.json"
    position.write_text(Position.new("turtles").apply("d1xd3").to_json_text())
    flat = tmp_path / "flat.json"
    flat.write_text(json.dumps(EvalWeights("turtles", (0,) * 6, 100.0).to_json()))
    analysed = CliRunner().invoke(
        main,
        ["analyse", str(position), "--depth", "2", "--quiet", "--json", "--weights", str(flat)],
    )
    assert analysed.exit_code == 0, analysed.output
    report = json.loads(analysed.output)
    assert report["score"] == 0 and report["win_probability"] == 0.5
    as_json = CliRunner().invoke(main, ["tune", "turtles", "--records", str(records), "--json"])
    assert json.loads(as_json.output)["holdout_log_loss_after"] > 0
    held = tmp_path / "held.json"
    result = CliRunner().invoke(
        main,
        [
            "tune",
            "turtles",
            "--records",
            str(records),
            "--hold",
            "active,guard",
            "--out",
            str(held),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "held: active, guard; scale K of the fitted weights" in result.output
    default = EvalWeights.default("turtles").named()
    fitted = EvalWeights.load(held)
    assert fitted.named()["active"] == default["active"]
    assert fitted.named()["guard"] == default["guard"]
    assert fitted.fit["held"] == ["active", "guard"]
    result = CliRunner().invoke(
        main, ["tune", "turtles", "--records", str(records), "--hold", "mobility"]
    )
    assert (
        result.exit_code == 1 and "--hold: 'mobility' is not a feature of turtles" in result.output
    )


def test_tune_and_analyse_errors(tmp_path, records):
    runner = CliRunner()
    result = runner.invoke(main, ["tune", "zebras", "--records", str(records)])
    assert result.exit_code == 1 and "no finished zebras record" in result.output
    position = tmp_path / "pos.json"
    position.write_text(Position.new("zebras").to_json_text())
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(EvalWeights.default("turtles").to_json()))
    result = runner.invoke(main, ["analyse", str(position), "--depth", "1", "--weights", str(bad)])
    assert result.exit_code == 1 and "--weights: weights: for turtles, not zebras" in result.output
    record = sorted(records.glob("*.json"))[0]
    result = runner.invoke(main, ["analyse", str(record), "--depth", "1", "--weights", str(bad)])
    assert result.exit_code == 1 and "not to a game record" in result.output


def test_match_specs_take_a_weights_file(tmp_path):
    from safari_ai.match import _EnginePlayer, parse_spec

    flat = tmp_path / "flat.json"
    EvalWeights("turtles", (0,) * 6, 100.0).save(flat)
    spec = parse_spec(f"algo=alphabeta,depth=2,weights={flat}")
    assert spec.weights == str(flat) and spec.settings()["weights"] == str(flat)
    with pytest.raises(ValueError, match="cannot read it"):
        parse_spec(f"algo=alphabeta,depth=2,weights={tmp_path / 'missing.json'}")
    import random

    player = _EnginePlayer(spec)
    pos = Position.new("turtles").apply("d1xd3")
    _, score = player(pos, random.Random(1))
    assert score == "cp 0"  # every leaf is worth 0 under the file's weights
    _, default_score = _EnginePlayer(parse_spec("algo=alphabeta,depth=2"))(pos, random.Random(1))
    assert default_score != "cp 0"


# -- a score race (ostrich): least squares on each player's final points ------------


def test_score_fit_recovers_known_weights():
    rng = np.random.default_rng(9)
    x = np.column_stack(
        [rng.uniform(0, 20, 20000), rng.normal(0, 2, 20000), rng.integers(0, 2, 20000)]
    )
    points = x @ np.array([0.9, 0.6, 0.3]) + rng.normal(0, 0.5, 20000)
    assert np.allclose(fit_score_weights(x, points, l2=0.0), [90, 60, 30], atol=3)
    # The RMSE reads the evaluation as the engine does: truncated, clamped.
    assert (
        score_rmse(
            np.array([[30.0, 0, 0], [-1.0, 0, 0]]), np.array([100, 0, 0]), np.array([24.0, 0.0])
        )
        == 0.0
    )


@pytest.fixture(scope="module")
def race_records(tmp_path_factory):
    folder = tmp_path_factory.mktemp("race")
    result = CliRunner().invoke(
        main,
        [
            "match",
            "ostrich",
            "--rules",
            "players=3",
            "-a",
            "algo=greedy",
            "-b",
            "algo=greedy",
            "--games",
            "6",
            "--records",
            str(folder),
            "--no-progress",
        ],
    )
    assert result.exit_code == 0, result.output
    return folder


def test_score_race_samples_one_row_per_player(race_records):
    samples = sample_records("ostrich", race_records, every=5)
    assert samples.n_records == 6 and samples.x.shape == (len(samples), 3)
    assert len(samples) % 3 == 0
    results = {}
    for path in sorted(race_records.glob("*.json")):
        results[len(results)] = json.loads(path.read_text())["result"]
    for record_id, result in results.items():
        rows = samples.game_ids == record_id
        # Each position gives the players 0, 1, 2 in turn, labelled with their points.
        assert list(samples.mover[rows][:3]) == [0, 1, 2]
        assert list(samples.y[rows][:3]) == [float(r) for r in result]
    # Row k holds the features counted for its player.
    first = json.loads(sorted(race_records.glob("*.json"))[0].read_text())
    pos = Position.from_json(first["start"])
    for entry in first["moves"]:
        if entry.get("comment") != "opening" and isinstance(pos.to_move, int):
            break  # the first decision after the opening: the first sample
        pos = pos.apply(entry["move"])
    assert list(samples.x[1]) == list(pos.features(1))
    result = tune(samples, holdout=0.34, seed=2)
    assert result.loss_name == "rmse_points" and result.loss_before > 0
    assert result.to_json()["holdout_rmse_points_after"] == result.loss_after
    assert result.after.win_scale == 0.0


def test_tune_command_fits_a_score_race(tmp_path, race_records):
    out = tmp_path / "ostrich.json"
    result = CliRunner().invoke(
        main,
        ["tune", "ostrich", "--records", str(race_records), "--holdout", "0.34", "--out", str(out)],
    )
    assert result.exit_code == 0, result.output
    assert "held-out RMSE (points)" in result.output
    weights = EvalWeights.load(out)
    assert weights.game == "ostrich" and weights.win_scale == 0.0
    pos = Position.new("ostrich").with_weights(weights)
    assert pos.weights() == weights
