"""A reason for every mark (issue 27, point 5).

Every decision the record analysis marks doubtful or worse carries, in its
JSON and its text, the line after the played move and the line after the
best one, the features whose weighted change most separates the two lines'
end positions, phrased from the templates, and in the dice games the dice
view of the next roll. Nothing in a reason is what the search did not show:
the lines are the search's lines, the features are recomputed here from their
end positions, and the dice view from two searches of the rolls.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner
from test_annotate import random_record

import safari_ai
from safari_ai.annotate import annotate, format_report, level_limits
from safari_ai.cli import main
from safari_ai.reasons import MAX_FEATURES, line_end, phrase
from safari_ai.tune import feature_names

CASES = [("turtles", {}, 1), ("zebras", {}, 2), ("arena", {}, 1)]


@pytest.fixture(scope="module", params=CASES, ids=[c[0] for c in CASES])
def analysed(request: pytest.FixtureRequest) -> tuple[Any, Any]:
    game, rules, seed = request.param
    record = random_record(game, rules, seed=seed)
    return record, annotate(record, level="quick")


def test_every_marked_decision_has_a_reason_the_search_showed(analysed: tuple[Any, Any]) -> None:
    record, result = analysed
    positions = record.replay()
    marked = 0
    for index, item in enumerate(result.plies):
        if item["by"] == "chance" or item["class"] is None:
            assert "reason" not in item
            continue
        marked += 1
        reason = item["reason"]
        pos = positions[index]
        assert reason["played_line"][0] == item["move"]
        assert reason["best_line"] == item["pv"] and reason["best_line"][0] == item["best"]
        end_played = line_end(pos, reason["played_line"])  # legal lines, as searched
        end_best = line_end(pos, reason["best_line"])
        assert (
            0 < len(reason["features"]) <= MAX_FEATURES
            or "features do not favour" in reason["text"]
            or "ends" in reason["text"]
        )
        weights = dict(zip(feature_names(pos.game), pos.weights().weights))
        names = feature_names(pos.game)
        for row in reason["features"]:
            i = names.index(row["feature"])
            assert row["played"] == end_played.features(pos.to_move)[i]
            assert row["best"] == end_best.features(pos.to_move)[i]
            assert row["weighted"] == pytest.approx(
                weights[row["feature"]] * (row["best"] - row["played"])
            )
            assert row["weighted"] > 0
            assert row["text"] == phrase(pos.game, row["feature"], row["played"] - row["best"])
            assert row["text"] in reason["text"]
        weighted = [row["weighted"] for row in reason["features"]]
        assert weighted == sorted(weighted, reverse=True)
        if pos.facts.has_chance:
            assert "dice" in reason
    assert marked >= 3
    text = format_report(result)
    assert sum(line.lstrip().startswith("why: ") for line in text) == marked


def test_the_played_line_is_the_searchs_own() -> None:
    """The played move's line is its line in the one search when the search
    gave it whole (as long as the best line), else the line the next
    position's search found after it, cut to the best line's length."""
    record = random_record("turtles", {}, seed=1)
    result = annotate(record, level="quick")
    depth = level_limits("turtles", "quick")["depth"]
    positions = record.replay()
    own = following = 0
    for index, item in enumerate(result.plies):
        if "reason" not in item or not item["played_in_lines"]:
            continue
        pos = positions[index]
        report = safari_ai.analyse(pos, depth=depth, multipv=min(16, len(pos.legal_moves())))
        line = next(line for line in report.lines if line.move == item["move"])
        played = item["reason"]["played_line"]
        if len(line.pv) >= len(item["pv"]):
            assert played == line.pv
            own += 1
        elif not positions[index + 1].is_terminal():
            after = safari_ai.analyse(positions[index + 1], depth=depth)
            assert played == [item["move"]] + after.pv[: len(item["pv"]) - 1]
            following += 1
    assert own + following >= 2


def test_the_dice_view_counts_the_next_rolls_outcomes() -> None:
    record = random_record("arena", {}, seed=1)
    result = annotate(record, level="quick")
    positions = record.replay()
    views = 0
    for index, item in enumerate(result.plies):
        dice = item.get("reason", {}).get("dice")
        if not dice:
            continue
        views += 1
        assert dice["better"] + dice["worse"] <= dice["rolls"]
        assert 0.0 <= dice["probability_better"] <= 1.0 + 1e-9
        assert f"on {dice['better']} of the {dice['rolls']} outcomes" in dice["text"]
        # the roll after the best line's first moves has as many outcomes as said
        pos = positions[index]
        for move in item["reason"]["best_line"]:
            if pos.is_chance():
                break
            pos = pos.apply(move)
        assert len(pos.chance_outcomes()) == dice["rolls"]
    assert views >= 1


def test_every_feature_has_its_two_phrases() -> None:
    for game in safari_ai.games():
        assert len(game.feature_phrases) == len(feature_names(game.name)), game.name
        for fewer, more in game.feature_phrases:
            assert fewer != more and "fewer" not in more, (fewer, more)
    assert phrase("turtles", "active", -1.0) == "1 fewer active turtle"
    assert phrase("arena", "attack", 2.0) == "2 more attack dice"


def test_the_json_carries_the_reasons(tmp_path: Any) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(random_record("turtles", {}, seed=1).to_json()))
    result = CliRunner().invoke(
        main, ["analyse", str(path), "--quiet", "--json", "--level", "quick"]
    )
    assert result.exit_code == 0, result.output
    plies = json.loads(result.stdout)["plies"]
    marked = [p for p in plies if p["by"] != "chance" and p["class"] is not None]
    assert marked and all(p["reason"]["text"] for p in marked)
