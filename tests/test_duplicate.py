"""Duplicate races (every seat rotation of a deal on common dice), the per-deal
statistics and their GSPRT, and what a match records of how it was played
(``match-runs.jsonl``, the warning for a set-up that is not symmetric)."""

from __future__ import annotations

import hashlib
import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from safari_ai.cli import main
from safari_ai.match import (
    MATCH_RUNS,
    CommonDice,
    GameOutcome,
    MatchSummary,
    deal_margins,
    make_jobs,
    opening,
    parse_spec,
    pick_outcome,
    run_match,
)
from safari_ai.position import Position
from safari_ai.record import GameRecord
from safari_ai.stats import llr_normal, mean_interval, sprt_bounds, sprt_normal


def test_pick_outcome_inverts_the_cumulative_distribution() -> None:
    outcomes = [("a", Fraction(1, 4)), ("b", Fraction(1, 2)), ("c", Fraction(1, 4))]
    assert [pick_outcome(outcomes, u) for u in (0.0, 0.2499, 0.25, 0.7499, 0.75, 0.99999)] == [
        "a",
        "a",
        "b",
        "b",
        "c",
        "c",
    ]


def test_common_dice_key_each_draw_by_distribution_and_occurrence() -> None:
    one = [("x", Fraction(1, 2)), ("y", Fraction(1, 2))]
    other = [("p", Fraction(1, 3)), ("q", Fraction(2, 3))]
    plain, interleaved = CommonDice(5, 2), CommonDice(5, 2)
    first = [plain.uniform(one) for _ in range(3)]
    mixed = [
        interleaved.uniform(one),
        interleaved.uniform(other),
        interleaved.uniform(other),
        interleaved.uniform(one),
        interleaved.uniform(one),
    ]
    # the draws of `one` do not move when draws of another distribution come between
    assert [mixed[0], mixed[3], mixed[4]] == first
    assert len(set(first)) == 3 and mixed[1] != mixed[2]
    assert CommonDice(5, 3).uniform(one) != first[0]  # another deal, other dice
    assert CommonDice(6, 2).uniform(one) != first[0]  # another seed, other dice


def _chance_draws(record: dict[str, Any]) -> dict[tuple[str, int], str]:
    """Each chance outcome of a record after its opening, keyed as CommonDice keys
    it: the distribution's digest and how often that distribution came before."""
    game = GameRecord.from_json(record)
    positions = game.replay()
    seen: dict[str, int] = {}
    draws = {}
    for entry, pos in zip(game.moves, positions):
        if entry["by"] != "chance" or entry.get("comment") == "opening":
            continue
        outcomes = pos.chance_outcomes()
        kind = hashlib.sha1("|".join(f"{o}={p}" for o, p in outcomes).encode()).hexdigest()
        j = seen.get(kind, 0)
        seen[kind] = j + 1
        draws[kind, j] = entry["move"]
    return draws


def test_the_rotations_of_a_deal_play_on_the_same_dice() -> None:
    a, b = parse_spec("algo=expectimax,depth=1"), parse_spec("algo=greedy")
    jobs = make_jobs("ostrich", {"players": 3}, a, b, 3, 11, 3, duplicate=3)
    assert [(j.pair, j.colour) for j in jobs] == [(0, 0), (0, 1), (0, 2)]
    summary = run_match(jobs)
    records = [o.record for o in summary.outcomes]
    start = opening("ostrich", {"players": 3}, 3, 11, 0)
    for seat, record in enumerate(records):
        assert GameRecord.from_json(record).move_list()[:3] == start
        assert [p["role"] for p in record["players"]] == [
            "A" if i == seat else "B" for i in range(3)
        ]
        assert record["settings"]["match"]["duplicate"] is True
    draws = [_chance_draws(r) for r in records]
    for i in range(3):
        for j in range(i + 1, 3):
            common = draws[i].keys() & draws[j].keys()
            assert len(common) >= 10  # the full rolls at least
            assert all(draws[i][key] == draws[j][key] for key in common)
    # the games themselves differ (other players in the seats), the dice do not
    assert len({tuple(GameRecord.from_json(r).move_list()) for r in records}) == 3


def _outcome(deal: int, seat: int, result: list[float] | None) -> GameOutcome:
    n = 3
    record = {
        "players": [{"seat": i, "role": "A" if i == seat else "B"} for i in range(n)],
        "result": result,
    }
    return GameOutcome(deal, seat, 0, record)


def test_deal_margins_by_hand() -> None:
    outcomes = [
        _outcome(0, 0, [10, 4, 6]),
        _outcome(0, 1, [3, 9, 3]),
        _outcome(0, 2, [2, 2, 8]),
        _outcome(1, 0, [5, 5, 5]),
        _outcome(1, 1, [6, 0, 0]),  # a seat missing
        _outcome(2, 0, [1, 2, 3]),
        _outcome(2, 1, None),
        _outcome(2, 2, [0, 0, 9]),  # no result
        _outcome(3, 2, [4, 4, 1]),
        _outcome(3, 0, [0, 6, 6]),
        _outcome(3, 1, [3, 3, 3]),
    ]
    # deal 0: 10 - 5, 9 - 3, 8 - 2; deal 3: 0 - 6, 3 - 3, 1 - 4
    assert deal_margins(outcomes) == pytest.approx([17 / 3, -3.0])
    summary = MatchSummary(0, 0, 0, outcomes)
    mean, half, deals = summary.deal_margin()
    assert deals == 2 and (mean, half) == pytest.approx(mean_interval([17 / 3, -3.0]))
    assert MatchSummary(0, 0, 0, outcomes[3:8]).deal_margin() == (0.0, 0.0, 0)


def test_gsprt_on_means_by_hand() -> None:
    values = [1.0, 2.0, 3.0, 6.0]  # mean 3, variance (4 + 1 + 0 + 9) / 4 = 3.5
    assert llr_normal(values, 0.0, 1.0) == pytest.approx(1 / 3.5 * (12 - 4 * 0.5))
    assert llr_normal(values, 3.0, 4.0) == pytest.approx(1 / 3.5 * (12 - 4 * 3.5))
    # H0 and H1 swapped: the ratio turns over
    assert llr_normal(values, 1.0, 0.0) == pytest.approx(-llr_normal(values, 0.0, 1.0))
    lower, upper = sprt_bounds()
    assert sprt_normal(values, 0.0, 1.0).verdict == "continue"  # 2.86 < 2.94
    assert sprt_normal(values * 3, 0.0, 1.0).verdict == "H1"  # three times the evidence
    assert sprt_normal([v - 4 for v in values] * 3, 0.0, 1.0).verdict == "H0"  # -5.14
    # a verdict needs SPRT_NORMAL_MIN_VALUES values, however strong the LLR
    assert sprt_normal(values * 2, 0.0, 1.0).llr >= upper
    assert sprt_normal(values * 2, 0.0, 1.0).verdict == "continue"  # 8 values
    assert (
        sprt_normal([-1.0, -1.5], 0.0, 1.0).llr < -20
        and sprt_normal([-1.0, -1.5], 0.0, 1.0).verdict == "continue"
    )
    assert sprt_normal([2.0, 2.0], 0.0, 1.0).llr == 0.0  # no variance yet: no verdict
    assert sprt_normal([2.0], 0.0, 1.0).verdict == "continue"
    assert (sprt_normal(values, 0, 1).lower, sprt_normal(values, 0, 1).upper) == (lower, upper)
    with pytest.raises(ValueError):
        llr_normal([1.0], 0.0, 1.0)


def test_duplicate_match_command(tmp_path: Path) -> None:
    out = tmp_path / "records"
    args = [
        "match",
        "ostrich",
        "--rules",
        "players=3",
        "-a",
        "algo=greedy",
        "-b",
        "algo=random",
        "--games",
        "4",
        "--duplicate",
        "--records",
        str(out),
        "--no-progress",
        "--seed",
        "2",
    ]
    result = CliRunner().invoke(main, args + ["--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    names = sorted(p.name for p in out.glob("*.json"))
    assert names == [f"ostrich-000{d}-{s}.json" for d in (1, 2) for s in "abc"]  # 2 whole deals
    margins = []
    for deal in (1, 2):
        per_game = []
        for path in sorted(out.glob(f"ostrich-000{deal}-*.json")):
            record = json.loads(path.read_text())
            seat = next(p["seat"] for p in record["players"] if p["role"] == "A")
            result_ = record["result"]
            per_game.append(result_[seat] - (sum(result_) - result_[seat]) / 2)
        margins.append(sum(per_game) / 3)
    mean, half = mean_interval(margins)
    assert summary["duplicate"] is True and summary["deals"] == 2 and summary["games"] == 6
    assert summary["deal_margin"] == pytest.approx(mean)
    assert summary["deal_margin_error95"] == pytest.approx(half)
    assert summary["setup"] == "baseline" and summary["warning"] is None
    text = CliRunner().invoke(main, args + ["--resume"]).stdout  # the same games, counted
    assert (
        f"duplicate deals 2 (3 seat rotations each): margin A - B seats {mean:+.3f} "
        f"± {half:.3f} (95%, deal by deal)"
    ) in text
    runs = [json.loads(line) for line in (out / MATCH_RUNS).read_text().splitlines()]
    assert len(runs) == 2 and runs[1]["settings"]["resume"] is True
    for run in runs:
        assert run["settings"]["duplicate"] is True and run["settings"]["games"] == 6
        assert run["setup"] == "baseline" and run["a"]["build"]["package"]
        assert run["a"]["settings"] == {"algo": "greedy"}
        assert len(run["load_average_start"]) == 3 and len(run["load_average_end"]) == 3
    assert runs[1]["games_counted"] == 6
    record = json.loads((out / "ostrich-0001-a.json").read_text())
    assert (
        len(record["settings"]["load_average"]) == 3 and record["settings"]["setup"] == "baseline"
    )


def test_sprt_margin_stops_over_deals_and_checks_its_input(tmp_path: Path) -> None:
    args = [
        "match",
        "ostrich",
        "--rules",
        "players=3",
        "-a",
        "algo=greedy",
        "-b",
        "algo=random",
        "--records",
        str(tmp_path),
        "--no-progress",
        "--seed",
        "1",
    ]
    result = CliRunner().invoke(
        main, args + ["--games", "300", "--duplicate", "--sprt-margin", "0,3", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    # greedy outscores random by far more than 3 points a race: H1 well before 100 deals
    assert data["sprt_margin"]["verdict"] == "H1" and data["stopped_early"]
    assert data["deals"] < 100 and data["sprt_margin"]["llr"] >= data["sprt_margin"]["upper"]
    for bad, message in (
        (["--sprt-margin", "0,3"], "needs --duplicate"),
        (["--duplicate", "--sprt-margin", "x"], "is not M0,M1"),
        (["--duplicate", "--sprt-margin", "3,1"], "M0 must be below M1"),
    ):
        failed = CliRunner().invoke(main, args + ["--games", "3"] + bad)
        assert (
            failed.exit_code == 2 and message in failed.output and "--sprt-margin" in failed.output
        )


def test_a_mixed_setup_is_warned_about_and_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import safari_ai

    monkeypatch.setenv("PYTHONPATH", str(Path(safari_ai.__file__).resolve().parents[1]))
    out = tmp_path / "records"
    cmd = f"cmd={sys.executable} -m safari_ai engine"
    result = CliRunner().invoke(
        main,
        [
            "match",
            "turtles",
            "-a",
            "algo=greedy",
            "-b",
            f"depth=1,cwd={tmp_path},{cmd}",
            "--games",
            "2",
            "--records",
            str(out),
            "--no-progress",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "WARNING: not symmetric: A plays in this process" in result.stderr
    assert "setup: mixed" in result.stdout
    run = json.loads((out / MATCH_RUNS).read_text())
    assert run["setup"] == "mixed" and "not symmetric" in run["warning"]
    assert run["b"]["where"] == "protocol" and run["b"]["build"]["id_name"].startswith("safari_ai ")
    assert run["a"]["where"] == "in-process"
    symmetric = CliRunner().invoke(
        main,
        [
            "match",
            "turtles",
            "-a",
            "algo=greedy",
            "-b",
            "algo=random",
            "--games",
            "2",
            "--records",
            str(tmp_path / "other"),
            "--no-progress",
        ],
    )
    assert "WARNING" not in symmetric.stderr and "setup:" not in symmetric.stdout
    # a fixed baseline (no clock, the same in every build) against a protocol engine is fair
    fixed = CliRunner().invoke(
        main,
        [
            "match",
            "turtles",
            "-a",
            "algo=plain",
            "-b",
            f"depth=1,cwd={tmp_path},{cmd}",
            "--games",
            "2",
            "--records",
            str(tmp_path / "fixed"),
            "--no-progress",
        ],
    )
    assert fixed.exit_code == 0 and "WARNING" not in fixed.stderr
    assert json.loads((tmp_path / "fixed" / MATCH_RUNS).read_text())["setup"] == "baseline"


def test_the_in_process_build_names_its_version() -> None:
    from safari_ai._version import __version__
    from safari_ai.match import build_info

    info = build_info()
    assert info["package"] == __version__ and "commit" in info
    if info["commit"] is not None:
        assert len(info["commit"]) == 40
    assert Position.new("ostrich").num_players >= 2  # the build that answered plays
