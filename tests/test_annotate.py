"""``safari-ai analyse RECORD.json``: errors per decision, luck per roll, per
player summary, all in the game's result units (docs/records.md)."""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_multiplayer import margin_key
from test_play import ZEBRAS_LAST_PLACEMENT

import safari_ai
from safari_ai import Position
from safari_ai.annotate import (
    LEVEL_RATINGS,
    LEVELS,
    NAMES,
    RATINGS,
    THRESHOLDS,
    Annotation,
    annotate,
    classify,
    format_report,
    move_accuracy,
    rating_key,
)
from safari_ai.cli import main
from safari_ai.record import GameRecord

OSTRICH = "ostrich" in safari_ai.game_names()


def turtles_record() -> GameRecord:
    record = GameRecord(start=safari_ai.Position.new("turtles").to_json())
    pos = safari_ai.Position.new("turtles")
    for move in ("d1xd3", "d7xd5", "c2-c3", "c5-c4"):
        record.add(pos.to_move, move)
        pos = pos.apply(move)
    return record


def random_record(
    game: str, rules: dict, seed: int, openings: int = 0, skip: int = 0
) -> GameRecord:
    """A seeded random game from its ``skip``-th ply to the end; its first
    ``openings`` plies marked as a match marks its random openings."""
    rng = random.Random(seed)
    pos = safari_ai.Position.new(game, rules)
    for _ in range(skip):
        pos = pos.apply(
            rng.choice([o for o, _ in pos.chance_outcomes()])
            if pos.is_chance()
            else rng.choice(pos.legal_moves())
        )
    record = GameRecord(start=pos.to_json())
    while not pos.is_terminal():
        move = (
            rng.choice([o for o, _ in pos.chance_outcomes()])
            if pos.is_chance()
            else rng.choice(pos.legal_moves())
        )
        extra = {"comment": "opening"} if len(record.moves) < openings else {}
        record.add("chance" if pos.is_chance() else pos.to_move, move, **extra)
        pos = pos.apply(move)
    record.result = pos.result()
    return record


def test_errors_are_best_minus_played_in_win_probability() -> None:
    result = annotate(turtles_record(), {"depth": 2})
    assert result.units == "win probability"
    assert [p["move"] for p in result.plies] == ["d1xd3", "d7xd5", "c2-c3", "c5-c4"]
    for item in result.plies:
        assert item["error"] >= 0 and 0.0 <= item["best_value"] <= 1.0
        assert sum(item["value"]) == pytest.approx(1.0)
        if item["move"] == item["best"]:
            assert item["error"] == 0 and item["played_value"] == item["best_value"]
        else:
            assert item["error"] == pytest.approx(
                max(0.0, item["best_value"] - item["played_value"])
            )
        assert item["class"] == classify(item["error"], "win probability")
    assert result.summary()["0"]["moves"] == 2


def test_a_losing_last_placement_costs_a_whole_win_not_10000() -> None:
    # zebras example 8: Ce4xf4 wins, Ce4 loses (rule book table)
    record = GameRecord(start=ZEBRAS_LAST_PLACEMENT)
    record.add(0, "Ce4")
    item = annotate(record, {"depth": 1}).plies[0]
    assert item["best"] == "Ce4xf4" and item["best_value"] == 1.0
    assert item["played_value"] == 0.0 and item["error"] == 1.0
    assert item["class"] == THRESHOLDS["win probability"][0][0]  # the worst class


def test_a_planted_turtles_blunder_is_the_worst_error() -> None:
    """The engine plays both sides (depth 3) except at ply 7, where the move
    that leaves the mover worst off (by a 2-ply search of every move) is
    planted; the analysis finds it, and classes it worst."""
    pos = safari_ai.Position.new("turtles")
    record = GameRecord(start=pos.to_json())
    planted = 7
    for ply in range(1, 13):
        if ply == planted:

            def after(move: str, pos: safari_ai.Position = pos) -> int:  # the opponent's score
                return safari_ai.analyse(pos.apply(move), depth=2).score

            move = max(pos.legal_moves(), key=after)
        else:
            move = safari_ai.analyse(pos, depth=3).best_move
        record.add(pos.to_move, move)
        pos = pos.apply(move)
    result = annotate(record, {"depth": 3})
    errors = {item["ply"]: item["error"] for item in result.plies}
    assert max(errors, key=lambda ply: errors[ply]) == planted
    worst = THRESHOLDS["win probability"][0][0]
    assert result.plies[planted - 1]["class"] == worst
    row = result.summary()[str(result.plies[planted - 1]["by"])]
    assert row[worst.replace(" ", "_")] >= 1 and row["errors"] >= 1


def test_luck_is_after_minus_expected_for_every_player_and_averages_to_zero() -> None:
    """Each roll of an arena game: every player's luck is the value after the
    outcome that came minus the expected value before it; over the roll's
    outcomes, probability x luck sums to 0; the summary adds it up."""
    record = random_record("arena", {}, seed=4)
    result = annotate(record, {"depth": 2}, outcomes=True)
    rolls = [p for p in result.plies if p["by"] == "chance"]
    assert len(rolls) >= 5
    for roll in rolls:
        before, after, luck = roll["expected"], roll["after"], roll["luck"]
        assert luck == pytest.approx([a - b for a, b in zip(after, before)])
        for player in range(2):
            assert sum(
                float(Fraction(o["probability"])) * o["luck"][player] for o in roll["outcomes"]
            ) == pytest.approx(0.0, abs=1e-12)
    for player in range(2):
        charged = [p["luck"][player] for p in rolls if p["charged"]]
        assert result.summary()[str(player)]["total_luck"] == pytest.approx(sum(charged))


@pytest.mark.skipif(not OSTRICH, reason="no ostrich in the C core")
@pytest.mark.parametrize("players, seed", [(2, 3), (3, 4)])
def test_a_race_decision_is_valued_by_margin_as_analyse_plays(players: int, seed: int) -> None:
    """The record analysis of a race values each decision as the engine
    chooses (``analyse`` under ``auto``: margin, the mover's points less the
    mean of the others'): its best move is analyse's at the same depth, and
    its error is the best line's margin less the played move's line's, both
    from one search of 16 lines (by max-n, the mover's own points, several of
    these would differ)."""
    record = random_record("ostrich", {"players": players}, seed=seed, skip=150)
    result = annotate(record, {"depth": 2})
    positions = record.replay()
    checked = differs = 0
    for index, item in enumerate(result.plies):
        pos = positions[index]
        if item["by"] == "chance" or len(pos.legal_moves()) < 2 or not item["played_in_lines"]:
            continue
        report = safari_ai.analyse(pos, depth=2, seed=0, multipv=16)
        margins = {line.move: margin_key(list(line.expected), pos.to_move) for line in report.lines}
        assert item["best"] == report.best_move
        assert item["value"] == pytest.approx(list(report.lines[0].expected))
        assert item["best_value"] == pytest.approx(max(margins.values()))
        assert item["played_value"] == pytest.approx(margins[item["move"]])
        assert item["error"] == pytest.approx(max(margins.values()) - margins[item["move"]])
        own = {line.move: line.expected[pos.to_move] for line in report.lines}
        differs += item["error"] != pytest.approx(max(own.values()) - own[item["move"]])
        checked += 1
    assert checked >= 5 and differs >= 1
    assert "values in points, errors and luck in margin points" in format_report(result)[0]


def check_ostrich_record(record: GameRecord, limits: dict, min_rolls: int) -> None:
    """Every roll has a luck figure for every player, the change of its
    margin; over each roll's outcomes, probability x luck sums to 0 for every
    player; the plies marked
    opening are shown but charged to nobody; values are expected points."""
    result = annotate(record, limits, outcomes=True)
    assert result.units == "points" and len(result.plies) == len(record.moves)
    rolls = [p for p in result.plies if p["by"] == "chance"]
    assert len(rolls) >= min_rolls
    for roll in rolls:
        assert len(roll["luck"]) == 3 and all(isinstance(x, float) for x in roll["luck"])
        # a race's luck is the change of each player's margin (points less the
        # others' mean), so the players' lucks of a roll sum to zero
        change = [a - b for a, b in zip(roll["after"], roll["expected"])]
        margins = [c - (sum(change) - c) / 2 for c in change]
        assert roll["luck"] == pytest.approx(margins, abs=1e-9)
        assert math.fsum(roll["luck"]) == pytest.approx(0.0, abs=1e-9)
        assert sum(Fraction(o["probability"]) for o in roll["outcomes"]) == 1
        for player in range(3):
            total = math.fsum(
                float(Fraction(o["probability"])) * o["luck"][player] for o in roll["outcomes"]
            )
            assert abs(total) < 1e-9
    assert [p["charged"] for p in result.plies[:3]] == [False, False, True]
    summary = result.summary()
    charged_rolls = sum(1 for p in rolls if p["charged"])
    assert all(summary[str(p)]["rolls"] == charged_rolls for p in range(3))
    moves = [p for p in result.plies if p["by"] != "chance"]
    assert all(0.0 <= v <= 24.0 for p in moves for v in p["value"])
    for p in moves:  # a decision is valued by the mover's margin
        assert p["best_value"] == pytest.approx(margin_key(p["value"], p["by"]))
        assert p["error"] == pytest.approx(max(0.0, p["best_value"] - p["played_value"]))
    for p in moves:  # every player's chance to win, as the search reports it
        assert p["win_probability"] is None
        assert len(p["win_chances"]) == 3 and sum(p["win_chances"]) == pytest.approx(1.0)
        leader = max(range(3), key=lambda q: p["value"][q])
        assert p["win_chances"][leader] == max(p["win_chances"])


@pytest.mark.skipif(not OSTRICH, reason="no ostrich in the C core")
def test_the_end_of_a_three_player_ostrich_record() -> None:
    """The last 40-odd plies of a race (the record starts mid-race)."""
    check_ostrich_record(
        random_record("ostrich", {"players": 3}, seed=4, openings=2, skip=150),
        {"depth": 1},
        min_rolls=8,
    )


@pytest.mark.slow
@pytest.mark.skipif(not OSTRICH, reason="no ostrich in the C core")
def test_a_three_player_ostrich_record_end_to_end() -> None:
    """A whole race, the opening deals marked as a match marks them."""
    check_ostrich_record(
        random_record("ostrich", {"players": 3}, seed=4, openings=2), {"depth": 1}, min_rolls=30
    )


def test_opening_plies_are_charged_to_nobody() -> None:
    record = turtles_record()
    for entry in record.moves[:2]:
        entry["comment"] = "opening"
    result = annotate(record, {"depth": 2})
    assert [p["charged"] for p in result.plies] == [False, False, True, True]
    assert result.summary()["0"]["moves"] + result.summary()["1"]["moves"] == 2


# docs/records.md: the win percentage lost, 100 per unit of win probability,
# 10 per expected point in the race
PERCENT_PER_UNIT = {"win probability": 100.0, "points": 10.0}


def one_decision_of_accuracy(accuracy: float, units: str) -> dict[str, Any]:
    """A contested decision of player 0 whose move accuracy is ``accuracy``."""
    error = -math.log((accuracy + 3.1669) / 103.1668) / 0.04354 / PERCENT_PER_UNIT[units]
    return {
        "by": 0,
        "charged": True,
        "forced": False,
        "move": "m",
        "best": "b",
        "best_value": 0.5,
        "error": error,
        "class": classify(error, units),
    }


def test_a_rating_is_the_band_of_the_accuracy_in_the_players_own_game() -> None:
    """Bands measured for every game and every number of ostrich players
    (bench/analysis_ratings.py), best first, bounds never rising; a summary
    rates each player by the bands of its own game and number of players."""
    assert set(RATINGS) == {
        "turtles-2",
        "zebras-2",
        "arena-2",
        "ostrich-2",
        "ostrich-3",
        "ostrich-4",
        "ostrich-5",
    }
    for bands in RATINGS.values():
        assert [name for name, _ in bands] == list(NAMES[:0:-1])
        assert all(a >= b for (_, a), (_, b) in zip(bands, bands[1:]))
    assert rating_key("ostrich", 3) == "ostrich-3" and rating_key("arena", 2) == "arena-2"
    for game, players, units in (
        ("ostrich", 3, "points"),
        ("ostrich", 5, "points"),
        ("arena", 2, "win probability"),
        ("turtles", 2, "win probability"),
    ):
        bands = RATINGS[rating_key(game, players)]
        for name, least in bands:
            # one contested decision whose accuracy lies just above the band's bound
            accuracy = least + 0.01
            ply = one_decision_of_accuracy(accuracy, units)
            assert move_accuracy(ply["error"], units) == pytest.approx(accuracy)
            expected = next(n for n, bound in bands if accuracy >= bound)  # best first
            row = Annotation(game, {"depth": 1}, units, players=players, plies=[ply]).summary()["0"]
            assert row["accuracy"] == pytest.approx(accuracy)
            assert row["rating"] == expected  # the band itself, or a better one of equal bound
            assert expected == name or dict(bands)[expected] == least
        worst = one_decision_of_accuracy(1.0, units)  # a very bad move
        assert worst["class"] == "very bad"
        below = Annotation(game, {"depth": 1}, units, players=players, plies=[worst]).summary()["0"]
        assert below["accuracy"] < bands[-1][1] and below["rating"] == NAMES[0]
    # a game whose bands were never measured (a test game) has an accuracy, no rating
    toy = Annotation(
        "toydice",
        {"depth": 1},
        "win probability",
        plies=[
            {
                "by": 0,
                "charged": True,
                "forced": False,
                "move": "m",
                "best": "m",
                "best_value": 0.5,
                "error": 0.0,
                "class": None,
            }
        ],
    ).summary()["0"]
    assert toy["accuracy"] == pytest.approx(100.0, abs=0.001) and toy["rating"] is None


def band_of(accuracy: float, bands: tuple[tuple[str, float], ...]) -> str:
    """The band of ``accuracy`` by ``bands`` (best first)."""
    return next((name for name, bound in bands if accuracy >= bound), NAMES[0])


def test_each_level_rates_by_its_own_bands_where_they_were_measured() -> None:
    """A deeper analysis finds more errors in the same play, so a level's
    ratings use the bands measured at that level (Game.rating_measured);
    elsewhere, and for an analysis by explicit limits, the default level's."""
    assert set(LEVEL_RATINGS) == set(LEVELS) and LEVEL_RATINGS["default"] is RATINGS
    told_apart = 0
    for key, default_bands in RATINGS.items():
        name, players = key.rsplit("-", 1)
        facts = safari_ai.facts.game(name)
        units = "points" if name == "ostrich" else "win probability"
        for index, level in enumerate(LEVELS):
            bands = LEVEL_RATINGS[level][key]
            if int(players) not in facts.rating_measured[index]:
                assert bands == default_bands, (level, key)
            assert [n for n, _ in bands] == list(NAMES[:0:-1])
            assert all(a >= b for (_, a), (_, b) in zip(bands, bands[1:])), (level, key)
            # an accuracy just above each of the level's bounds: that band by
            # the level's analysis, the default's band by explicit limits
            for _, least in bands:
                accuracy = least + 0.01
                plies = [one_decision_of_accuracy(accuracy, units)]
                by_level = Annotation(
                    name, {"depth": 1}, units, players=int(players), level=level, plies=plies
                )
                by_limits = Annotation(name, {"depth": 1}, units, players=int(players), plies=plies)
                own, default = band_of(accuracy, bands), band_of(accuracy, default_bands)
                assert by_level.summary()["0"]["rating"] == own, (level, key, accuracy)
                assert by_limits.summary()["0"]["rating"] == default, (key, accuracy)
                told_apart += own != default
    assert told_apart > 0  # some level's own bands rate some play otherwise


def measured_bands(level: str) -> dict[str, tuple[tuple[str, float], ...]]:
    """LEVEL_RATINGS[level] of the games and numbers of players measured at
    ``level`` (the others are the default level's)."""
    return {
        key: bands
        for key, bands in LEVEL_RATINGS[level].items()
        if int(key.rsplit("-", 1)[1])
        in safari_ai.facts.game(key.rsplit("-", 1)[0]).rating_measured[LEVELS.index(level)]
    }


def level_heading(level: str) -> str:
    """How bench/analysis_ratings.py and docs/records.md head a level's
    tables: ``| rating |`` for the default level, ``| rating (quick) |``."""
    return "" if level == "default" else f" ({level})"


@pytest.mark.parametrize("level", LEVELS)
def test_the_bands_are_the_ones_docs_records_shows(level: str) -> None:
    """The table bench/analysis_ratings.py prints for each level, as
    docs/records.md shows it, holds the bands that level rates with, for
    every game and number of players measured at it."""
    text = (Path(__file__).parent.parent / "docs" / "records.md").read_text()
    lines = text[text.index(f"| rating{level_heading(level)} | ") :].splitlines()
    keys = [cell.strip() for cell in lines[0].strip("|").split("|")][1:]
    shown = {key: [] for key in keys}
    for line in lines[2 : 2 + len(NAMES) - 1]:
        name, *cells = [cell.strip() for cell in line.strip("|").split("|")]
        for key, cell in zip(keys, cells):
            shown[key].append((name, float(cell.removeprefix("≥ "))))
    assert {key: tuple(bands) for key, bands in shown.items()} == measured_bands(level)


@pytest.mark.parametrize("level", LEVELS)
def test_the_bands_are_derived_from_the_accuracies_docs_records_shows(level: str) -> None:
    """The bands each level rates with are the ones bench/analysis_ratings.py
    derives from the known players' accuracies of docs/records.md's figures
    table for that level (shown to 0.1, so each bound within 0.1 of the
    derived one); the players are KNOWN's, weakest first (a level may add
    stronger ones)."""
    import importlib.util

    path = Path(__file__).resolve().parents[1] / "bench" / "analysis_ratings.py"
    spec = importlib.util.spec_from_file_location("analysis_ratings", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    text = (Path(__file__).parent.parent / "docs" / "records.md").read_text()
    lines = text[text.index(f"| game{level_heading(level)} | player 1 |") :].splitlines()[2:]
    measured = measured_bands(level)
    rows = {}
    for line in lines[: len(measured)]:
        key, *cells, _ = [cell.strip() for cell in line.strip("|").split("|")]
        shown = [cell.split(": ") for cell in cells if cell != "-"]
        known = bench.players(key.rsplit("-", 1)[0])
        assert [label for label, _ in shown][: len(known)] == [label for label, _ in known], key
        rows[key] = bench.derive_bounds([float(figures.split()[0]) for _, figures in shown])
    assert set(rows) == set(measured)
    for key, bounds in rows.items():
        shown = [least for _, least in measured[key]][::-1]  # casual ... expert
        assert shown == pytest.approx(bounds, abs=0.1 + 1e-9), (level, key)


def test_analyse_command_on_a_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    turtles_record().save(path)
    result = CliRunner().invoke(main, ["analyse", str(path), "--depth", "2"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("turtles, 2 players, values in win probability")
    assert lines[1].split()[:8] == [
        "ply",
        "by",
        "move",
        "best",
        "value",
        "played",
        "error",
        "class",
    ]
    assert lines[2].split()[:3] == ["1", "0", "d1xd3"]
    heading = lines.index("") + 1
    assert lines[heading].split()[:3] == ["player", "moves", "errors"]
    assert lines[-1] == "result (none)"  # the record gives none (not Python's None)
    data = json.loads(
        CliRunner().invoke(main, ["analyse", str(path), "--depth", "2", "--json"]).stdout
    )
    assert len(data["plies"]) == 4 and set(data["summary"]) == {"0", "1"}
    assert data["units"] == "win probability" and data["threads"] == 1
    assert set(data["thresholds"]) == {name for name, _ in THRESHOLDS["win probability"]}
    for key in ("best", "value", "best_value", "played_value", "error", "class", "pv"):
        assert key in data["plies"][0]
    position = tmp_path / "pos.json"
    position.write_text(safari_ai.Position.new("turtles").to_json_text())
    plain = CliRunner().invoke(main, ["analyse", str(position), "--depth", "2", "--quiet"])
    assert plain.stdout.startswith("bestmove ")
    broken = json.loads(path.read_text())
    broken["moves"][1]["move"] = "zz9"
    path.write_text(json.dumps(broken))
    bad = CliRunner().invoke(main, ["analyse", str(path), "--depth", "1"])
    assert bad.exit_code == 1 and "ply 2" in bad.stderr


def test_luck_in_the_arena() -> None:
    if "arena" not in safari_ai.game_names():
        pytest.skip("the C core has no arena")
    example = json.loads(
        (Path(__file__).resolve().parent / "data" / "arena_examples.json").read_text()
    )[1]  # arena.md example 2
    record = GameRecord(start=example)
    record.add(0, "attack:1a")
    record.add("chance", "wounds:2")
    attack, roll = annotate(record, {"depth": 2}).plies
    assert len(roll["luck"]) == 2 and roll["luck"][0] == pytest.approx(-roll["luck"][1])
    # the decision carries the win probability the search reports: the
    # arena's calibration of the mover's expected result, not that value
    pos = Position.from_json(example)
    assert attack["win_probability"] == pytest.approx(
        pos._c.expected_win_probability(attack["best_value"]), abs=1e-12
    )
    assert attack["win_probability"] != pytest.approx(attack["best_value"], abs=1e-3)
    assert attack["win_chances"] is None


@pytest.mark.skipif(not OSTRICH, reason="no ostrich in the C core")
def test_a_roll_cut_short_still_has_luck_for_every_player() -> None:
    """100 nodes cannot value an ostrich roll's 1,512 outcomes: the expectation
    is the search's estimate, and an outcome it did not reach is valued by
    the evaluation, as the outcomes it reached were."""
    record = random_record("ostrich", {"players": 3}, seed=4, skip=150)
    positions = record.replay()
    rolls = [
        p
        for p in annotate(record, {"nodes": 100}).plies
        if p["by"] == "chance" and len(positions[p["ply"] - 1].chance_outcomes()) == 1512
    ]
    assert rolls and all(p["estimated"] for p in rolls)
    for roll in rolls:
        assert len(roll["luck"]) == 3 and None not in roll["luck"]
        pos = positions[roll["ply"]]
        assert roll["after"] == pytest.approx(
            [pos.evaluate(p) / 100 for p in range(3)] if not pos.is_terminal() else pos.result()
        )


def test_the_progress_bar_waits_a_second_and_goes_to_standard_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from safari_ai.cli import _ProgressBar

    quick = _ProgressBar("analysing")  # a record done within a second: no bar
    quick.update(5, 5)
    quick.close()
    assert capsys.readouterr() == ("", "")
    slow = _ProgressBar("analysing", after=0.0)  # as if a second had passed
    slow.update(2, 4)
    slow.update(4, 4)
    slow.close()
    out, err = capsys.readouterr()
    assert out == "" and "4/4 positions" in err and "[###############" in err
    path = tmp_path / "game.json"
    turtles_record().save(path)
    result = CliRunner().invoke(main, ["analyse", str(path), "--depth", "1"])
    assert result.exit_code == 0 and result.stderr == ""


def test_a_move_among_the_best_lines_is_valued_in_the_same_search() -> None:
    """The played move, when it is one of the engine's best lines, is valued
    by that line: the same search and horizon as the best move."""
    pos = safari_ai.Position.new("turtles")
    report = safari_ai.analyse(pos, depth=3, multipv=4)
    second = report.lines[1]
    record = GameRecord(start=pos.to_json())
    record.add(0, second.move)
    item = annotate(record, {"depth": 3}).plies[0]
    assert item["best"] == report.best_move and item["played_in_lines"]
    mine = (1 + math.tanh(second.score / 400)) / 2
    assert item["played_value"] == pytest.approx(mine)
    assert item["error"] == pytest.approx(item["best_value"] - mine)
