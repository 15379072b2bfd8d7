"""The arena's reported win probability (csrc/games/arena_calibration.c,
issue 20 point 4): the search's expected result recalibrated by the side to
move, the stage of the duel and the dice, as fitted on self-play
(docs/tuning.md, "arena"). Only the reported figure changes."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from test_arena_eval import duel

import safari_ai
from safari_ai import EvalWeights, Position
from safari_ai.cli import main

MATERIAL = EvalWeights(
    "arena", (300, 100, 100, 100) + (0,) * (len(safari_ai.feature_names("arena")) - 4), 200.0
)


def reported(pos: Position, p: float) -> float:
    return pos._c.expected_win_probability(p)


def mover_at(pos: Position, side: int) -> Position:
    """The first decision of ``side`` after ``pos``'s initiative roll."""
    for outcome, _ in pos.chance_outcomes():
        after = pos.apply(outcome)
        if after.to_move == side:
            return after
    raise AssertionError(f"no initiative outcome lets side {side} choose")


def test_certain_results_are_kept():
    pos = mover_at(duel("a5", "i5", round_=1), 0)
    assert reported(pos, 0.0) == 0.0
    assert reported(pos, 1.0) == 1.0


@pytest.mark.parametrize("round_", [1, 10, 20, 29])
@pytest.mark.parametrize("side", [0, 1])
def test_more_expected_is_more_likely(round_: int, side: int):
    pos = mover_at(duel("c5", "g5", round_=round_), side)
    values = [reported(pos, p / 20) for p in range(1, 20)]
    assert all(0.0 < v < 1.0 for v in values)
    assert values == sorted(values) and len(set(values)) == len(values)


def test_side_zero_is_favoured_early_and_less_late():
    """The seat's edge (side 0 scores 0.60 in a mirror duel of level play):
    at round 1 of a duel of two thraexes, a level 0.5 reads as more for side 0
    and less for side 1, and the gap narrows as the cap nears."""
    mirror = {"stats1": (4, 3, 2)}
    early0 = reported(mover_at(duel("a5", "i5", round_=1, **mirror), 0), 0.5)
    early1 = reported(mover_at(duel("a5", "i5", round_=1, **mirror), 1), 0.5)
    late0 = reported(mover_at(duel("a5", "i5", round_=25, **mirror), 0), 0.5)
    late1 = reported(mover_at(duel("a5", "i5", round_=25, **mirror), 1), 0.5)
    assert early0 > 0.5 > early1
    assert early0 - early1 > late0 - late1


def test_attack_dice_count_early():
    """Early in a duel, the side with more Attack dice (and as many dice in
    all) wins more often than its expected result says."""
    more_attack = mover_at(duel("a5", "i5", round_=1, stats0=(5, 2, 2), stats1=(3, 4, 2)), 0)
    less_attack = mover_at(duel("a5", "i5", round_=1, stats0=(2, 5, 2), stats1=(3, 4, 2)), 0)
    assert reported(more_attack, 0.5) > reported(less_attack, 0.5)


def test_other_games_and_weight_sets_report_the_expected_result():
    turtles = Position.new("turtles")
    assert reported(turtles, 0.3) == 0.3
    pos = mover_at(duel("a5", "i5", round_=1), 0)
    assert reported(pos, 0.3) != 0.3
    assert reported(pos.with_weights(MATERIAL), 0.3) == 0.3
    assert reported(pos.with_weights(EvalWeights.default("arena")), 0.3) == reported(pos, 0.3)


def test_the_search_reports_the_calibrated_figure(tmp_path):
    pos = mover_at(duel("c5", "g5", round_=3), 0)
    report = safari_ai.analyse(pos, depth=2)
    expected = report.lines[0].expected[0]
    assert 0.0 < expected < 1.0
    assert report.win_probability == pytest.approx(reported(pos, expected), abs=1e-12)
    assert report.win_probability != pytest.approx(expected, abs=1e-3)
    path = tmp_path / "pos.json"
    path.write_text(pos.to_json_text())
    out = CliRunner().invoke(main, ["analyse", str(path), "--depth", "2", "--json", "--quiet"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["win_probability"] == pytest.approx(report.win_probability, abs=1e-12)
    assert data["expected"][0] == pytest.approx(expected, abs=1e-12)
