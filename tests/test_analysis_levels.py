"""Verdicts that reproduce (issue 27, point 3).

A record's analysis runs by default at a level (``quick`` / ``default`` /
``thorough``: a depth per game), not on the clock, so the same record
analysed twice, idle or busy, gives the same best moves, errors, marks and
luck; the played move is valued in the same search as the best one; the
output says which level or limits were used.
"""

from __future__ import annotations

import json
import math
import threading
from typing import Any

import pytest
from click.testing import CliRunner
from test_annotate import random_record

import safari_ai
from safari_ai.annotate import LINES, annotate, level_limits
from safari_ai.cli import main
from safari_ai.errors import LimitError
from safari_ai.record import GameRecord
from safari_ai.samples import mixed_record


def engine_record(game: str, rules: dict[str, Any], seed: int, plies: int) -> GameRecord:
    """A seeded game: a random move every third ply, the engine at depth 2 otherwise."""
    return mixed_record(game, rules, seed, plies, depth=2)


def verdicts(data: dict[str, Any]) -> dict[str, Any]:
    """An analysis as JSON less the one figure that depends on the machine (``seconds``)."""
    return {k: v for k, v in data.items() if k != "seconds"}


@pytest.mark.parametrize(
    "game,rules", [("turtles", {}), ("arena", {}), ("ostrich", {"players": 3})]
)
def test_the_same_record_twice_idle_and_busy_gives_the_same_verdicts(
    game: str, rules: dict[str, Any]
) -> None:
    level = "quick" if game == "ostrich" else "default"
    record = engine_record(game, rules, seed=5, plies=30)
    idle = verdicts(annotate(record, level=level).to_json())
    # busy: two other searches on a time limit run all along the second analysis
    stop = safari_ai.StopFlag()
    busy = [
        threading.Thread(
            target=safari_ai.analyse,
            args=(safari_ai.Position.new("zebras"),),
            kwargs={"movetime": 600_000, "stop": stop},
        )
        for _ in range(2)
    ]
    for thread in busy:
        thread.start()
    try:
        loaded = verdicts(annotate(record, level=level, threads=1, seed=0).to_json())
    finally:
        stop.set()
        for thread in busy:
            thread.join()
    assert loaded == idle
    assert idle["level"] == level and idle["limits"] == level_limits(game, level)
    marks = [p["class"] for p in idle["plies"] if p["by"] != "chance"]
    assert len(marks) >= 5


def test_a_seed_and_one_thread_fix_the_analysis() -> None:
    record = random_record("arena", {}, seed=3)
    one = verdicts(annotate(record, seed=7, threads=1).to_json())
    two = verdicts(annotate(record, seed=7, threads=1).to_json())
    assert one == two


def report_values(pos: safari_ai.Position, line: Any) -> list[float]:
    """A line's value for every player, as the analysis reads it: its
    expected results, else (alpha-beta) the win probability of its score,
    (1 + tanh(cp / 400)) / 2, or 1 / 0 / 0.5 for a proven result."""
    if line.expected:
        return [float(x) for x in line.expected]
    if line.exact:
        mine = 1.0 if line.score > 0 else 0.0 if line.score < 0 else 0.5
    else:
        mine = (1.0 + math.tanh(line.score / 400.0)) / 2.0
    return [mine if p == pos.to_move else 1.0 - mine for p in range(pos.num_players)]


def test_the_played_move_is_valued_in_the_same_search_as_the_best() -> None:
    """Every move of a position with at most 16 legal moves is one of the
    lines of the one search: the played move's value is its line's, at the
    same depth as the best move's."""
    record = engine_record("turtles", {}, seed=2, plies=60)
    result = annotate(record, level="quick")
    positions = record.replay()
    depth = level_limits("turtles", "quick")["depth"]
    checked = 0
    for index, item in enumerate(result.plies):
        pos = positions[index]
        if item["by"] == "chance" or item["forced"]:
            continue
        if len(pos.legal_moves()) <= LINES:
            assert item["played_in_lines"], item
            report = safari_ai.analyse(pos, depth=depth, multipv=len(pos.legal_moves()))
            line = next(line for line in report.lines if line.move == item["move"])
            assert item["played_value"] == pytest.approx(report_values(pos, line)[pos.to_move])
            assert item["best_value"] >= item["played_value"]
            checked += 1
    assert checked >= 5


def test_the_engine_at_the_analysis_depth_is_not_marked() -> None:
    """A game the engine plays at the default level's depth: none of its moves is marked."""
    depth = level_limits("arena", "default")["depth"]
    import random

    rng = random.Random(11)
    pos = safari_ai.Position.new("arena")
    record = GameRecord(start=pos.to_json())
    while not pos.is_terminal() and len(record.moves) < 60:
        if pos.is_chance():
            outcomes, weights = zip(*pos.chance_outcomes())
            move = rng.choices(outcomes, [float(w) for w in weights])[0]
        else:
            move = safari_ai.analyse(pos, depth=depth, seed=0).best_move
        record.add("chance" if pos.is_chance() else pos.to_move, move)
        pos = pos.apply(move)
    decisions = [p for p in annotate(record).plies if p["by"] != "chance"]
    assert len(decisions) >= 10
    assert [p for p in decisions if p["class"] is not None] == []


def test_the_output_says_the_level_or_the_limits(tmp_path: Any) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(engine_record("zebras", {}, 1, 12).to_json()))
    runner = CliRunner()
    text = runner.invoke(main, ["analyse", str(path), "--quiet"])
    assert text.exit_code == 0, text.output
    depth = level_limits("zebras", "default")["depth"]
    assert f"level default (depth {depth})" in text.stdout.splitlines()[0]
    quick = runner.invoke(main, ["analyse", str(path), "--quiet", "--json", "--level", "quick"])
    data = json.loads(quick.stdout)
    assert data["level"] == "quick" and data["limits"] == level_limits("zebras", "quick")
    timed = runner.invoke(main, ["analyse", str(path), "--quiet", "--movetime", "5"])
    assert "limits movetime 5" in timed.stdout.splitlines()[0]
    both = runner.invoke(
        main, ["analyse", str(path), "--quiet", "--depth", "2", "--level", "quick"]
    )
    assert both.exit_code != 0 and "--level" in both.output
    with pytest.raises(LimitError, match="level"):
        annotate(engine_record("zebras", {}, 1, 4), level="slow")
