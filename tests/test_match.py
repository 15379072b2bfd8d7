"""``safari-ai match``: pairs of games with colours swapped, records, statistics."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from safari_ai.cli import main
from safari_ai.match import (
    ProcessBackend,
    elo_text,
    finished_outcome,
    make_jobs,
    opening,
    pair_scores,
    parse_spec,
    run_match,
    signed,
)
from safari_ai.record import GameRecord


def test_spec_parsing() -> None:
    spec = parse_spec("algo=mcts,nodes=300,name=m,opt.Hash=8,cmd=prog --flag a,b")
    assert spec.algo == "mcts" and spec.nodes == 300 and spec.label() == "m"
    assert spec.options == {"Hash": "8"} and spec.cmd == ["prog", "--flag", "a,b"]
    assert parse_spec("algo=alphabeta").movetime == 100  # a default limit
    for bad in (
        "depth=x",
        "colour=red",
        "depth",
        "leaf=maybe",
        "depth=121",
        "nodes=0",
        "hash=65537",
        "timeout=0",
        "timeout=x",
    ):
        with pytest.raises(ValueError):
            parse_spec(bad)
    with pytest.raises(ValueError, match="movetime must be an integer in 1..2147483647"):
        parse_spec("movetime=99999999999999999999999")
    huge = CliRunner().invoke(main, ["match", "turtles", "-a", "movetime=99999999999999999999999"])
    assert (
        huge.exit_code == 2
        and "movetime" in huge.output
        and huge.exception is not None
        and isinstance(huge.exception, SystemExit)
    )


def test_pairs_share_their_opening_and_swap_colours() -> None:
    a, b = parse_spec("algo=alphabeta,depth=1"), parse_spec("algo=random")
    summary = run_match(make_jobs("turtles", {}, a, b, 4, 7, 3))
    assert summary.games == 4 and summary.wins + summary.draws + summary.losses == 4
    records = [GameRecord.from_json(o.record) for o in summary.outcomes]
    for pair in (0, 1):
        first, second = records[2 * pair], records[2 * pair + 1]
        assert first.move_list()[:3] == second.move_list()[:3] == opening("turtles", {}, 3, 7, pair)
        assert [p["role"] for p in first.players] == ["A", "B"]
        assert [p["role"] for p in second.players] == ["B", "A"]
    assert opening("turtles", {}, 3, 7, 0) != opening("turtles", {}, 3, 7, 1)
    for record in records:
        final = record.replay()[-1]
        assert final.is_terminal() and record.result == final.result()


def test_depth_beats_random() -> None:
    a, b = parse_spec("algo=alphabeta,depth=2"), parse_spec("algo=random")
    summary = run_match(make_jobs("zebras", {}, a, b, 4, 1, 2), workers=2)
    assert summary.wins >= 3


def test_match_command(tmp_path: Path) -> None:
    out = tmp_path / "records"
    result = CliRunner().invoke(
        main,
        [
            "match",
            "turtles",
            "-a",
            "algo=alphabeta,depth=2",
            "-b",
            "algo=greedy",
            "--games",
            "4",
            "--workers",
            "2",
            "--sprt",
            "0,50",
            "--records",
            str(out),
            "--seed",
            "3",
        ],
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[2].startswith("games 4: A wins")
    assert lines[3].startswith("elo ") and lines[4].startswith("pairs 2 (A's points")
    assert lines[5].startswith("mean result A ")  # no margin line: in a zero-sum duel
    assert lines[6].startswith("sprt [0, 50] games: LLR")  # it is twice the mean
    assert lines[7].startswith("sprt [0, 50] pairs: LLR")
    files = sorted(out.glob("*.json"))
    assert [f.name for f in files] == [
        "turtles-0001-a.json",
        "turtles-0001-b.json",
        "turtles-0002-a.json",
        "turtles-0002-b.json",
    ]
    replayed = CliRunner().invoke(main, ["replay", str(files[0])])
    assert replayed.exit_code == 0 and "result [" in replayed.stdout
    summary = CliRunner().invoke(
        main,
        [
            "match",
            "turtles",
            "-a",
            "algo=random",
            "-b",
            "algo=random",
            "--games",
            "2",
            "--json",
            "--records",
            str(out),
            "--no-progress",
        ],
    )
    data = json.loads(summary.stdout)
    assert data["games"] == 2 and data["sprt"] is None
    bad = CliRunner().invoke(main, ["match", "turtles", "-a", "depth=zero"])
    assert bad.exit_code == 2


def test_protocol_engine_by_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # run outside the source tree (whose uncompiled safari_ai would shadow the
    # built one) with this copy of safari_ai on the path
    import safari_ai

    monkeypatch.setenv("PYTHONPATH", str(Path(safari_ai.__file__).resolve().parents[1]))
    cmd = f"cmd={sys.executable} -m safari_ai engine"
    a, b = parse_spec(f"depth=1,cwd={tmp_path}," + cmd), parse_spec("algo=random")
    summary = run_match(make_jobs("turtles", {}, a, b, 2, 5, 2))
    assert summary.games == 2
    scored = [m for o in summary.outcomes for m in o.record["moves"] if m.get("score")]
    assert scored  # the engine's info lines reached the record


@pytest.mark.skipif(
    "arena" not in __import__("safari_ai").game_names(), reason="the C core has no arena yet"
)
def test_a_dice_game_match_records_its_rolls() -> None:
    a, b = parse_spec("algo=greedy"), parse_spec("algo=random")
    summary = run_match(make_jobs("arena", {}, a, b, 2, 4, 2))
    for outcome in summary.outcomes:
        record = GameRecord.from_json(outcome.record)
        assert any(m["by"] == "chance" for m in record.moves)
        assert record.replay()[-1].is_terminal()
    # the same seeded dice stream for both games of a pair: the first roll after
    # the opening is drawn with the same random number
    first = [GameRecord.from_json(o.record).moves for o in summary.outcomes]
    assert first[0][:2] == first[1][:2]


def test_resume_counts_matching_records_and_plays_the_rest(tmp_path: Path) -> None:
    out = tmp_path / "records"
    args = [
        "match",
        "zebras",
        "-a",
        "algo=alphabeta,depth=1",
        "-b",
        "algo=random",
        "--games",
        "4",
        "--seed",
        "5",
        "--records",
        str(out),
        "--json",
        "--no-progress",
    ]
    first = json.loads(CliRunner().invoke(main, args).stdout)
    kept = out / "zebras-0001-a.json"
    kept_text = kept.read_text()
    (out / "zebras-0001-b.json").unlink()  # missing: played again
    other = json.loads((out / "zebras-0002-a.json").read_text())
    other["settings"]["match"]["seed"] = 6  # another match's game: played again
    (out / "zebras-0002-a.json").write_text(json.dumps(other))
    unfinished = json.loads((out / "zebras-0002-b.json").read_text())
    unfinished["result"] = None  # no result: played again
    (out / "zebras-0002-b.json").write_text(json.dumps(unfinished))
    again = json.loads(CliRunner().invoke(main, args + ["--resume"]).stdout)
    assert kept.read_text() == kept_text  # counted, not replayed
    for name in ("zebras-0001-b.json", "zebras-0002-a.json", "zebras-0002-b.json"):
        record = json.loads((out / name).read_text())
        assert record["settings"]["match"]["seed"] == 5 and record["result"] is not None
    assert (again["wins"], again["draws"], again["losses"]) == (
        first["wins"],
        first["draws"],
        first["losses"],
    )  # the same games, seeded alike
    greedy = args.copy()
    greedy[greedy.index("algo=random")] = "algo=greedy"  # other players: nothing reused
    assert json.loads(CliRunner().invoke(main, greedy + ["--resume"]).stdout)["games"] == 4
    assert json.loads((out / "zebras-0001-a.json").read_text())["players"][1]["settings"] == {
        "algo": "greedy"
    }


def test_mean_result_of_a_race_is_the_points_of_the_seats() -> None:
    a, b = parse_spec("algo=greedy"), parse_spec("algo=random")
    summary = run_match(make_jobs("ostrich", {"players": 3}, a, b, 4, 2, 0))
    points = [o.record["result"] for o in summary.outcomes]
    mine = [r[o.colour] for r, o in zip(points, summary.outcomes)]
    mean, half = summary.mean_result()
    assert mean == pytest.approx(sum(mine) / 4) and half >= 0
    others = [(sum(r) - r[o.colour]) / 2 for r, o in zip(points, summary.outcomes)]
    assert summary.opponents_mean() == pytest.approx(sum(others) / 4)
    margins = [m - o for m, o in zip(mine, others)]
    margin, margin_half = summary.margin()
    assert margin == pytest.approx(sum(margins) / 4) and margin == pytest.approx(
        mean - sum(others) / 4
    )
    spread = sum((m - margin) ** 2 for m in margins) / 3
    assert margin_half == pytest.approx(1.96 * (spread / 4) ** 0.5)


def test_match_prints_the_margin_of_a_race(tmp_path: Path) -> None:
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
        "2",
        "--records",
        str(tmp_path),
        "--no-progress",
    ]
    summary = json.loads(CliRunner().invoke(main, args + ["--json"]).stdout)
    records = [json.loads(p.read_text()) for p in sorted(tmp_path.glob("*.json"))]
    margins = []
    for record in records:
        seat = next(p["seat"] for p in record["players"] if p["role"] == "A")
        result = record["result"]
        margins.append(result[seat] - (sum(result) - result[seat]) / 2)
    assert summary["margin"] == pytest.approx(sum(margins) / 2)
    assert summary["margin"] == pytest.approx(
        summary["mean_result"] - summary["opponents_mean_result"]
    )
    text = CliRunner().invoke(main, args + ["--resume"]).stdout  # the same games, counted
    assert f"margin A - B seats {summary['margin']:+.3f} ± {summary['margin_error95']:.3f}" in text


def test_movetime_shorthand_applies_where_the_spec_sets_no_limit(tmp_path: Path) -> None:
    assert parse_spec("algo=mcts", 50).movetime == 50
    assert parse_spec("algo=mcts,movetime=20", 50).movetime == 20  # the spec wins
    depth = parse_spec("algo=alphabeta,depth=2", 50)
    assert depth.depth == 2 and depth.movetime is None  # a limit of its own
    assert parse_spec("algo=random", 50).movetime is None  # no search, no limit
    assert parse_spec("algo=auto").movetime == 100  # the default
    out = tmp_path / "r"
    result = CliRunner().invoke(
        main,
        [
            "match",
            "turtles",
            "-a",
            "algo=alphabeta",
            "-b",
            "algo=alphabeta,movetime=3",
            "--movetime",
            "7",
            "--games",
            "1",
            "--records",
            str(out),
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    players = json.loads((out / "turtles-0001-a.json").read_text())["players"]
    assert [p["settings"]["movetime"] for p in players] == [7, 3]


def test_a_race_of_more_players_prints_no_elo(tmp_path: Path) -> None:
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
        "2",
        "--opening-plies",
        "0",
        "--records",
        str(tmp_path),
        "--no-progress",
    ]
    text = CliRunner().invoke(main, args)
    assert text.exit_code == 0, text.output
    assert not any(line.startswith(("elo", "pairs")) for line in text.stdout.splitlines())
    assert any(line.startswith("mean result A") for line in text.stdout.splitlines())
    data = json.loads(CliRunner().invoke(main, args + ["--json"]).stdout)
    assert data["elo"] is None and data["pentanomial"] is None
    assert CliRunner().invoke(main, args + ["--sprt", "0,50"]).exit_code == 2


def test_no_minus_zero_in_the_figures() -> None:
    assert signed(-0.4) == "+0" and signed(-0.0004, 3) == "+0.000" and signed(-0.6) == "-1"
    # 350.5 / 702 = 0.49929: an Elo difference of -0.5 that used to print as "-0"
    assert elo_text(350, 1, 351).startswith("+0 ± ")


FAKE_ENGINE = """
import sys
import threading
import time
mode = sys.argv[1]
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "safari":
        print("id name fake", flush=True)
        if mode == "mute":
            continue
        print("safariok", flush=True)
    elif words[0] == "isready":
        print("readyok", flush=True)
    elif words[0] == "go" and mode == "exit":
        sys.exit(3)
    elif words[0] == "quit":
        break
"""


def _fake(tmp_path: Path, mode: str, timeout: str = "") -> str:
    script = tmp_path / "fake_engine.py"
    script.write_text(FAKE_ENGINE)
    return f"name=fake-{mode},depth=1,{timeout}cmd={sys.executable} {script} {mode}"


@pytest.mark.parametrize("mode", ["exit", "silent", "mute"])
def test_an_engine_that_exits_or_stays_silent_forfeits(tmp_path: Path, mode: str) -> None:
    # exit: dies at its first "go"; silent: never answers "go"; mute: never ends the handshake
    b = parse_spec(_fake(tmp_path, mode, "timeout=0.5,"))
    jobs = make_jobs("turtles", {}, parse_spec("algo=random"), b, 2, 3, 2)
    summary = run_match(jobs)
    assert summary.games == 2 and summary.wins == 2 and summary.forfeits == {"A": 0, "B": 2}
    for outcome in summary.outcomes:
        record = outcome.record
        assert outcome.forfeit == "B" and record["forfeit"]["role"] == "B"
        assert record["forfeit"]["engine"] == "fake-" + mode
        assert record["termination"].startswith("forfeit by B (fake-" + mode + "): ")
        assert "\n" not in record["termination"]
        assert record["result"][outcome.colour] == 1 and sum(record["result"]) == 0
        assert GameRecord.from_json(record).replay()  # the plies before it stand
        assert finished_outcome(jobs[outcome.colour], record) is None  # --resume replays it


def test_an_engine_that_cannot_start_stops_the_match(tmp_path: Path) -> None:
    """At the start, as fastchess and cutechess: one line, exit 1, nothing played."""
    out = tmp_path / "r"
    result = CliRunner().invoke(
        main,
        [
            "match",
            "turtles",
            "-a",
            "cmd=/no/such/engine",
            "-b",
            "algo=random",
            "--games",
            "2",
            "--records",
            str(out),
            "--json",
            "--no-progress",
        ],
    )
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert "engine A" in result.stderr and "/no/such/engine" in result.stderr
    assert "cannot be started" in result.stderr and "Traceback" not in result.output
    assert not out.exists() or not list(out.glob("*.json"))


def test_an_engine_missing_in_the_runner_forfeits_its_games() -> None:
    """The runner itself (a crash mid-match) still forfeits the games, each in its record."""
    summary = run_match(
        make_jobs(
            "turtles", {}, parse_spec("cmd=/no/such/engine"), parse_spec("algo=random"), 2, 1, 0
        )
    )
    assert summary.losses == 2 and summary.forfeits == {"A": 2, "B": 0}
    record = summary.outcomes[0].record
    assert record["forfeit"]["role"] == "A" and "cannot start" in record["termination"]


def test_sprt_stops_the_match_at_a_verdict(tmp_path: Path) -> None:
    out = tmp_path / "r"
    result = CliRunner().invoke(
        main,
        [
            "match",
            "turtles",
            "-a",
            "algo=alphabeta,depth=1",
            "-b",
            "algo=random",
            "--games",
            "60",
            "--sprt",
            "0,200",
            "--records",
            str(out),
            "--json",
            "--no-progress",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["stopped_early"] and data["sprt"]["pairs"]["verdict"] == "H1"
    assert data["games"] < 60 and len(list(out.glob("*.json"))) == data["games"]
    assert data["pentanomial"]["pairs"] == data["games"] // 2


def test_pair_scores_take_complete_pairs_only() -> None:
    a, b = parse_spec("algo=alphabeta,depth=1"), parse_spec("algo=random")
    summary = run_match(make_jobs("turtles", {}, a, b, 5, 2, 2), backend=ProcessBackend(2))
    pairs = pair_scores(summary.outcomes)
    assert len(pairs) == 2  # the fifth game has no twin
    assert pairs == [
        (o[0].score, o[1].score) for o in (summary.outcomes[0:2], summary.outcomes[2:4])
    ]
    assert sum(summary.pentanomial()) == 2


def _return_soon_if_first(item: int) -> int:
    time.sleep(0.2 if item == 0 else 30)
    return item


def test_a_process_pool_closed_early_leaves_no_thread_behind() -> None:
    # Closing the run early (a match stopped, Ctrl-C) kills the workers; the pool's
    # manager thread must be gone too when run() returns, or Python's exit hook
    # wakes it through a pipe the thread is closing (EBADF at exit after Ctrl-C)
    from concurrent.futures import process as pool_internals

    runs = ProcessBackend(2).run(_return_soon_if_first, [0, 1, 2, 3])
    assert next(runs) == (0, 0)
    runs.close()
    left = [
        t for t in threading.enumerate() if isinstance(t, pool_internals._ExecutorManagerThread)
    ]
    assert left == []


def popen_interruptible(command: list[str], **kwargs: Any) -> subprocess.Popen[str]:
    """Start COMMAND in a session of its own, as a terminal's foreground job whose
    Ctrl-C (SIGINT to its process group) a test stands for.

    A shell starts a background job (`pytest ... &`, CI under nohup) with SIGINT
    ignored, and an ignored signal stays ignored across exec: the command would
    never see the test's interrupt. So SIGINT is at its default while it starts."""
    inherited = signal.getsignal(signal.SIGINT)
    if inherited == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        return subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
            **kwargs,
        )
    finally:
        if inherited == signal.SIG_IGN:
            signal.signal(signal.SIGINT, signal.SIG_IGN)


def test_ctrl_c_keeps_finished_games_and_resume_plays_the_rest(tmp_path: Path) -> None:
    # Ctrl-C in a terminal reaches the whole process group: the driver and its workers
    import os
    import shutil
    import signal
    import subprocess
    import time

    records = tmp_path / "records"
    command = [
        shutil.which("safari-ai") or "safari-ai",
        "match",
        "zebras",
        "-a",
        "algo=alphabeta,nodes=3000",
        "-b",
        "algo=mcts,nodes=400",
        "--games",
        "30",
        "--workers",
        "2",
        "--seed",
        "2",
        "--records",
        str(records),
        "--json",
        "--no-progress",
    ]
    run = popen_interruptible(command, cwd=tmp_path)
    deadline = time.monotonic() + 120
    while len(list(records.glob("*.json"))) < 2 and time.monotonic() < deadline:
        assert run.poll() is None, run.communicate()
        time.sleep(0.02)
    os.killpg(run.pid, signal.SIGINT)
    try:
        _, err = run.communicate(timeout=60)
    finally:
        if run.poll() is None:  # hung: leave no process behind
            os.killpg(run.pid, signal.SIGKILL)
    assert run.returncode == 130 and "Traceback" not in err, err
    assert err.splitlines()[-1].startswith("interrupted: ") and "--resume" in err
    kept = {p.name: p.read_text() for p in records.glob("*.json")}
    assert 2 <= len(kept) < 30 and not list(records.glob("*.tmp*"))
    again = subprocess.run(
        command + ["--resume"], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert again.returncode == 0 and json.loads(again.stdout)["games"] == 30
    assert all((records / name).read_text() == text for name, text in kept.items())


def test_a_forfeit_in_a_race_has_no_result(tmp_path: Path) -> None:
    b = parse_spec("name=ghost,cmd=/no/such/engine")
    summary = run_match(make_jobs("ostrich", {"players": 3}, parse_spec("algo=greedy"), b, 2, 1, 0))
    assert summary.wins == 2 and summary.forfeits == {"A": 0, "B": 2}
    assert all(
        o.record["result"] is None and o.record["forfeit"]["role"] == "B" for o in summary.outcomes
    )
    assert summary.mean_result() == (0.0, 0.0) and summary.opponents_mean() == 0.0
    assert summary.margin() == (0.0, 0.0)
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
            "name=ghost,cmd=/no/such/engine",
            "--games",
            "2",
            "--records",
            str(tmp_path),
            "--no-progress",
        ],
    )
    assert result.exit_code == 1 and "engine B" in result.stderr  # stopped before it begins


def test_backend_choices_fail_cleanly(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from safari_ai.match import BackendError, make_backend

    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    with pytest.raises(BackendError, match=r"pip install 'safari_ai\[ray\]'"):
        make_backend("ray")
    result = CliRunner().invoke(
        main, ["match", "turtles", "--backend", "ray", "--records", str(tmp_path)]
    )
    assert result.exit_code == 1 and result.stderr.startswith("error: --backend ray needs Ray")
    assert CliRunner().invoke(main, ["match", "turtles", "--address", "x:1"]).exit_code == 2
    with pytest.raises(BackendError):
        make_backend("processes", address="x:1")


def test_the_summary_makes_its_report_from_the_plan(tmp_path: Path) -> None:
    """The JSON and the text of ``match`` are the summary's (MatchSummary.to_json
    and .text of a MatchPlan), the command line only prints them."""
    from safari_ai.match import MatchPlan, MatchRuns, match_info

    a, b = parse_spec("algo=greedy"), parse_spec("algo=random")
    summary = run_match(make_jobs("turtles", {}, a, b, 4, 7, 2))
    plan = MatchPlan("turtles", a, b, 2, sprt=(-50.0, 50.0), records=str(tmp_path))
    data = summary.to_json(plan)
    assert (data["wins"], data["draws"], data["losses"]) == (
        summary.wins,
        summary.draws,
        summary.losses,
    )
    assert data["games"] == 4 and data["sprt"]["elo0"] == -50.0 and data["sprt_margin"] is None
    assert data["setup"] == "baseline" and data["records"] == str(tmp_path)
    text = summary.text(plan)
    assert text[:2] == ["A: greedy", "B: random"] and text[-1] == f"records {tmp_path}"
    assert text[2].startswith(f"games 4: A wins {summary.wins}, draws {summary.draws}")
    assert any(line.startswith("sprt [-50, 50] games: ") for line in text)
    # the early stop follows the hypotheses asked for: none without them
    assert plan.stop_rule() is not None and MatchPlan("turtles", a, b).stop_rule() is None
    # the runs file: this run's start, then its end
    runs = MatchRuns(str(tmp_path), match_info("turtles", a, b, {"games": 4}))
    runs.finish(summary)
    again = MatchRuns(str(tmp_path), match_info("turtles", a, b, {"games": 4}), resume=True)
    assert len(again.runs) == 2 and again.runs[0]["games_counted"] == 4


def test_an_unknown_algo_in_a_spec_names_every_player_a_spec_takes() -> None:
    """A match spec's algo is a search of the settings table or one of the
    match's own players (random, greedy, plain), in any case; the error for
    anything else lists both."""
    from safari_ai.match import SIMPLE_PLAYERS, parse_spec

    assert parse_spec("algo=GREEDY").algo == "greedy"
    assert parse_spec("algo=MCTS").algo == "mcts"
    with pytest.raises(ValueError) as caught:
        parse_spec("algo=foo")
    message = str(caught.value)
    assert '"foo"' in message and "expectimax" in message
    assert all(name in message for name in SIMPLE_PLAYERS)
