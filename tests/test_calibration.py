"""Win probabilities (issue 20, point 4): alpha-beta reports the mover's win
probability as a logistic of its score (1 or 0 when proven), in the report,
in analyse --json and in the protocol's info lines; the calibration table,
its expected calibration error and the reliability diagram."""

import json
import math
import random
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from click.testing import CliRunner

from safari_ai import EvalWeights, Position, analyse
from safari_ai.cli import main
from safari_ai.protocol import Engine
from safari_ai.tune import (
    CalibrationBin,
    calibration,
    expected_calibration_error,
    reliability_svg,
    score_probability,
)


def logistic(score: float, scale: float) -> float:
    return 1.0 / (1.0 + math.exp(-score / scale))


@pytest.mark.parametrize(
    "game, moves", [("turtles", ["d1xd3", "d7xd5"]), ("zebras", ["@12", "Ee1@15", "Lb5@16"])]
)
def test_alphabeta_reports_the_logistic_of_its_score(game, moves):
    pos = Position.new(game)
    for move in moves:
        pos = pos.apply(move)
    scale = EvalWeights.default(game).win_scale
    assert scale > 0
    seen = []
    report = analyse(pos, depth=3, seed=1, algo="alphabeta", progress=seen.append)
    assert report.algo == "alphabeta"
    assert report.win_probability == pytest.approx(logistic(report.score, scale), abs=1e-12)
    for step in seen:  # every progress report carries it too
        assert step.win_probability == pytest.approx(logistic(step.score, scale), abs=1e-12)
    # Another weight set's scale reads the same score otherwise.
    wide = EvalWeights(game, EvalWeights.default(game).weights, scale * 4)
    other = analyse(pos.with_weights(wide), depth=3, seed=1, algo="alphabeta")
    assert other.score == report.score
    assert other.win_probability == pytest.approx(logistic(report.score, scale * 4), abs=1e-12)


def proven_position(game: str, seed: int) -> Position:
    """A position a shallow search solves: seeded random games, near their end."""
    rng = random.Random(seed)
    for _ in range(50):
        pos, path = Position.new(game), []
        while not pos.is_terminal():
            path.append(pos)
            pos = pos.apply(rng.choice(pos.legal_moves()))
        for candidate in reversed(path[-4:]):
            if analyse(candidate, depth=4, seed=1).lines[0].exact:
                return candidate
    raise AssertionError("no solved position found")


def test_proven_results_give_one_or_zero_or_a_half():
    for seed in range(6):
        pos = proven_position("turtles", seed)
        report = analyse(pos, depth=4, seed=1)
        line = report.lines[0]
        assert line.exact
        expected = 1.0 if line.score > 0 else 0.0 if line.score < 0 else 0.5
        assert report.win_probability == expected


def test_analyse_json_and_text_carry_the_win_probability(tmp_path):
    path = tmp_path / "pos.json"
    pos = Position.new("turtles").apply("d1xd3")
    path.write_text(pos.to_json_text())
    result = CliRunner().invoke(main, ["analyse", str(path), "--depth", "2", "--quiet", "--json"])
    data = json.loads(result.output)
    scale = EvalWeights.default("turtles").win_scale
    assert data["win_probability"] == pytest.approx(logistic(data["score"], scale))
    text = CliRunner().invoke(main, ["analyse", str(path), "--depth", "2", "--quiet"])
    assert f"winprob {data['win_probability']:.4f}" in text.output


def test_protocol_info_lines_carry_winprob_and_the_weights_option(tmp_path):
    engine = Engine()
    try:
        engine.feed("position startpos turtles moves d1xd3")
        lines = engine.feed("go depth 2")
        info = [line for line in lines if line.startswith("info depth")]
        assert info and all(" winprob " in line for line in info)
        score = int(info[-1].split(" score cp ")[1].split()[0])
        winprob = float(info[-1].split(" winprob ")[1].split()[0])
        scale = EvalWeights.default("turtles").win_scale
        assert winprob == pytest.approx(logistic(score, scale), abs=1e-3)
        # setoption name Weights: the evaluation is the file's weights @ features.
        weights = EvalWeights("turtles", (10, 0, 1, 0, 0, 100), 50.0)
        path = tmp_path / "w.json"
        weights.save(path)
        assert engine.feed(f"setoption name Weights value {path}") == []
        pos = Position.new("turtles").apply("d1xd3")
        value = int(np.asarray(weights.weights, dtype=float) @ pos.features())
        assert engine.feed("eval") == [f"eval cp {-value} pov 1"]
        bad = engine.feed(f"setoption name Weights value {tmp_path / 'missing.json'}")
        assert len(bad) == 1 and "Weights" in bad[0] and "cannot read it" in bad[0]
        assert engine.feed("setoption name Weights value <empty>") == []
        assert engine.feed("eval") == [f"eval cp {pos.evaluate(1)} pov 1"]
    finally:
        engine.close()


def test_score_probability_maps_scores_and_proven_results():
    p = score_probability(
        np.array([0.0, 200.0, -200.0, np.inf, -np.inf]), np.array([0, 0, 0, 1, -1]), 200.0
    )
    assert p == pytest.approx([0.5, logistic(200, 200), logistic(-200, 200), 1.0, 0.0])


def test_calibration_table_and_ece():
    p = np.array([0.05, 0.05, 0.15, 0.95, 0.95, 0.95, 0.95, 1.0])
    outcome = np.array([0.0, 0.0, 1.0, 1.0, 1.0, 0.5, 1.0, 1.0])
    table = calibration(p, outcome)
    assert [b.count for b in table] == [2, 1, 0, 0, 0, 0, 0, 0, 0, 5]
    assert table[0].predicted == pytest.approx(0.05) and table[0].observed == 0.0
    assert table[9].predicted == pytest.approx(0.96) and table[9].observed == pytest.approx(0.9)
    ece = expected_calibration_error(table)
    assert ece == pytest.approx((2 * 0.05 + 1 * 0.85 + 5 * 0.06) / 8)
    perfect = [CalibrationBin(0.0, 0.1, 10, 0.05, 0.05)]
    assert expected_calibration_error(perfect) == 0.0


def test_reliability_diagram_is_well_formed_svg():
    rng = np.random.default_rng(1)
    p = rng.random(500)
    outcome = (rng.random(500) < p).astype(float)
    svg = reliability_svg(
        {"turtles": calibration(p, outcome), "zebras": calibration(p, 1 - outcome)},
        "a <test> & title",
    )
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    polylines = [e for e in root.iter() if e.tag.endswith("polyline")]
    assert len(polylines) == 2
    texts = " ".join(e.text or "" for e in root.iter() if e.tag.endswith("text"))
    assert "turtles (ECE" in texts and "a <test> & title" in texts
