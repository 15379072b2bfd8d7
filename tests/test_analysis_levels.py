"""Verdicts that reproduce (issue 27, point 3).

A record's analysis runs by default at a level (``quick`` / ``default`` /
``thorough``: a depth per game, cut by a node count in the race's default),
not on the clock, so the same record
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
from safari_ai.annotate import LEVELS, LINES, annotate, level_limits
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
    "game,rules,level,plies",
    [
        ("turtles", {}, "default", 30),
        ("arena", {}, "default", 30),
        ("ostrich", {"players": 3}, "quick", 30),
        # the race's default level: depths cut by a node count, as reproducible
        ("ostrich", {"players": 3}, "default", 16),
    ],
)
def test_the_same_record_twice_idle_and_busy_gives_the_same_verdicts(
    game: str, rules: dict[str, Any], level: str, plies: int
) -> None:
    record = engine_record(game, rules, seed=5, plies=plies)
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


@pytest.mark.parametrize("game", ["turtles", "zebras", "arena", "ostrich"])
@pytest.mark.parametrize("chance", [False, True])
def test_each_level_searches_at_least_as_deep_as_the_one_before(game: str, chance: bool) -> None:
    """Depths never fall from quick to thorough, and the thorough level has no
    node limit: a level cut by nodes (the race's default) stops at or before
    the thorough depth, so thorough is never the shallower of the two."""
    quick, default, thorough = (level_limits(game, level, chance) for level in LEVELS)
    assert 1 <= quick["depth"] <= default["depth"] <= thorough["depth"]
    assert "nodes" not in thorough
    assert "nodes" not in quick or "nodes" in default


def test_the_race_default_level_stops_at_its_node_limit_and_says_so(tmp_path: Any) -> None:
    """The race's default level searches its depth or its node count,
    whichever comes first, and the first line of the report names both."""
    decision, rolls = level_limits("ostrich", "default"), level_limits("ostrich", "default", True)
    assert decision.get("nodes") and rolls.get("nodes")
    record = engine_record("ostrich", {"players": 3}, seed=4, plies=10)
    path = tmp_path / "race.json"
    path.write_text(json.dumps(record.to_json()))
    out = CliRunner().invoke(main, ["analyse", str(path), "--quiet"])
    assert out.exit_code == 0, out.output
    said = (
        f"level default (depth {decision['depth']} or {decision['nodes']} nodes; "
        f"rolls depth {rolls['depth']} or {rolls['nodes']} nodes)"
    )
    assert said in out.stdout.splitlines()[0]
    data = annotate(record).to_json()
    assert data["limits"] == decision and data["chance_limits"] == rolls
    # a search the node limit stopped ends below the level's depth
    assert any(
        p["depth"] < (rolls if p["by"] == "chance" else decision)["depth"]
        for p in data["plies"]
        if p.get("depth")
    )


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
