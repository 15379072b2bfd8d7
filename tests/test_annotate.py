"""``safari-ai analyse RECORD.json``: best move and loss per move, luck per roll."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

import safari_ai
from safari_ai.annotate import PROVEN_CP, annotate
from safari_ai.cli import main
from safari_ai.record import GameRecord
from test_play import ZEBRAS_LAST_PLACEMENT
from toy_dice import ToyPosition, toy_analyse


def turtles_record() -> GameRecord:
    record = GameRecord(start=safari_ai.Position.new("turtles").to_json())
    pos = safari_ai.Position.new("turtles")
    for move in ("d1xd3", "d7xd5", "c2-c3", "c5-c4"):
        record.add(pos.to_move, move)
        pos = pos.apply(move)
    return record


def test_losses_are_best_minus_played_and_never_negative() -> None:
    result = annotate(turtles_record(), {"depth": 2})
    assert [p["move"] for p in result.plies] == ["d1xd3", "d7xd5", "c2-c3", "c5-c4"]
    for item in result.plies:
        assert item["best"] in safari_ai.Position.from_json(
            turtles_record().replay()[item["ply"] - 1].to_json()).legal_moves()
        assert item["loss"] >= 0
        if item["move"] == item["best"]:
            assert item["loss"] == 0
        else:
            assert item["loss"] == max(0, item["best_score"] - item["played_score"])
    assert result.summary()["0"]["moves"] == 2


def test_a_losing_last_placement_costs_a_whole_win() -> None:
    # zebras example 8: Ce4xf4 wins, Ce4 loses (rule book table)
    record = GameRecord(start=ZEBRAS_LAST_PLACEMENT)
    record.add(0, "Ce4")
    item = annotate(record, {"depth": 1}).plies[0]
    assert item["best"] == "Ce4xf4" and item["best_score"] == PROVEN_CP
    assert item["played_score"] == -PROVEN_CP and item["loss"] == 2 * PROVEN_CP


def test_luck_of_a_roll_is_after_minus_expected_for_each_player() -> None:
    start = ToyPosition()
    record = GameRecord(start=start.to_json())
    record.replay = lambda: [start, start.apply("gamble"),  # type: ignore[method-assign]
                             start.apply("gamble").apply("die:miss")]
    record.moves = [{"ply": 1, "by": 0, "move": "gamble"},
                    {"ply": 2, "by": "chance", "move": "die:miss"}]
    result = annotate(record, {"depth": 6}, search=toy_analyse)
    roll = result.plies[1]
    assert roll["by"] == "chance" and roll["loss"] is None
    before, after, luck = roll["expected"], roll["after"], roll["luck"]
    # a hit (1/3) wins at once: PROVEN_CP for player 0; a miss leaves after[0]
    assert before[0] == round(PROVEN_CP / 3 + 2 / 3 * after[0], 1)
    assert luck[0] == round(after[0] - before[0], 1) < 0
    assert luck[1] == -luck[0]  # zero-sum
    assert result.summary()["0"]["total_luck"] == luck[0]


def test_analyse_command_tells_records_from_positions(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    turtles_record().save(path)
    result = CliRunner().invoke(main, ["analyse", str(path), "--depth", "2"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split()[:3] == ["1", "0", "d1xd3"] and "loss" in lines[0]
    assert lines[-3].startswith("player 0: 2 moves") and lines[-1] == "result None"
    data = json.loads(CliRunner().invoke(main, ["analyse", str(path), "--depth", "2",
                                                "--json"]).stdout)
    assert len(data["plies"]) == 4 and set(data["summary"]) == {"0", "1"}
    position = tmp_path / "pos.json"
    position.write_text(safari_ai.Position.new("turtles").to_json_text())
    plain = CliRunner().invoke(main, ["analyse", str(position), "--depth", "2", "--quiet"])
    assert plain.stdout.startswith("bestmove ")
    broken = json.loads(path.read_text())
    broken["moves"][1]["move"] = "zz9"
    path.write_text(json.dumps(broken))
    bad = CliRunner().invoke(main, ["analyse", str(path), "--depth", "1"])
    assert bad.exit_code == 1 and "ply 2" in bad.stderr


def test_luck_in_the_arena_when_its_search_exists() -> None:
    import pytest

    from safari_ai.search import SearchError
    if "arena" not in safari_ai.games():
        pytest.skip("the C core has no arena yet")
    example = json.loads((Path(__file__).resolve().parent / "data" /
                          "arena_examples.json").read_text())[1]  # arena.md example 2
    try:
        safari_ai.analyse(safari_ai.Position.from_json(example), depth=1)
    except SearchError:
        pytest.skip("no search for arena in this core yet")
    record = GameRecord(start=example)
    record.add(0, "attack:1a")
    record.add("chance", "wounds:2")
    roll = annotate(record, {"depth": 2}).plies[1]
    assert len(roll["luck"]) == 2 and roll["luck"][0] == -roll["luck"][1]
