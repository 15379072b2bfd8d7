"""``safari-ai match``: pairs of games with colours swapped, records, statistics."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from safari_ai.cli import main
from safari_ai.match import make_jobs, opening, parse_spec, run_match
from safari_ai.record import GameRecord


def test_spec_parsing() -> None:
    spec = parse_spec("algo=mcts,nodes=300,name=m,opt.Hash=8,cmd=prog --flag a,b")
    assert spec.algo == "mcts" and spec.nodes == 300 and spec.label() == "m"
    assert spec.options == {"Hash": "8"} and spec.cmd == ["prog", "--flag", "a,b"]
    assert parse_spec("algo=alphabeta").movetime == 100  # a default limit
    for bad in ("depth=x", "colour=red", "depth", "leaf=maybe"):
        with pytest.raises(ValueError):
            parse_spec(bad)


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
    result = CliRunner().invoke(main, [
        "match", "turtles", "-a", "algo=alphabeta,depth=2", "-b", "algo=greedy", "--games", "4",
        "--workers", "2", "--sprt", "0,50", "--records", str(out), "--seed", "3"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[2].startswith("games 4: A wins")
    assert lines[3].startswith("elo ") and lines[4].startswith("mean result A ")
    assert lines[5].startswith("sprt [0, 50] LLR")
    files = sorted(out.glob("*.json"))
    assert [f.name for f in files] == ["turtles-0001-a.json", "turtles-0001-b.json",
                                       "turtles-0002-a.json", "turtles-0002-b.json"]
    replayed = CliRunner().invoke(main, ["replay", str(files[0])])
    assert replayed.exit_code == 0 and "result [" in replayed.stdout
    summary = CliRunner().invoke(main, ["match", "turtles", "-a", "algo=random", "-b",
                                        "algo=random", "--games", "2", "--json",
                                        "--records", str(out), "--no-progress"])
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


@pytest.mark.skipif("arena" not in __import__("safari_ai").games(),
                    reason="the C core has no arena yet")
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
    args = ["match", "zebras", "-a", "algo=alphabeta,depth=1", "-b", "algo=random", "--games",
            "4", "--seed", "5", "--records", str(out), "--json", "--no-progress"]
    first = json.loads(CliRunner().invoke(main, args).stdout)
    kept = out / "zebras-0001-a.json"
    kept_text = kept.read_text()
    (out / "zebras-0001-b.json").unlink()                    # missing: played again
    other = json.loads((out / "zebras-0002-a.json").read_text())
    other["settings"]["match"]["seed"] = 6                   # another match's game: played again
    (out / "zebras-0002-a.json").write_text(json.dumps(other))
    unfinished = json.loads((out / "zebras-0002-b.json").read_text())
    unfinished["result"] = None                              # no result: played again
    (out / "zebras-0002-b.json").write_text(json.dumps(unfinished))
    again = json.loads(CliRunner().invoke(main, args + ["--resume"]).stdout)
    assert kept.read_text() == kept_text                     # counted, not replayed
    for name in ("zebras-0001-b.json", "zebras-0002-a.json", "zebras-0002-b.json"):
        record = json.loads((out / name).read_text())
        assert record["settings"]["match"]["seed"] == 5 and record["result"] is not None
    assert (again["wins"], again["draws"], again["losses"]) == \
        (first["wins"], first["draws"], first["losses"])     # the same games, seeded alike
    greedy = args.copy()
    greedy[greedy.index("algo=random")] = "algo=greedy"      # other players: nothing reused
    assert json.loads(CliRunner().invoke(main, greedy + ["--resume"]).stdout)["games"] == 4
    assert json.loads((out / "zebras-0001-a.json").read_text())["players"][1]["settings"] == \
        {"algo": "greedy"}


def test_mean_result_of_a_race_is_the_points_of_the_seats() -> None:
    a, b = parse_spec("algo=greedy"), parse_spec("algo=random")
    summary = run_match(make_jobs("ostrich", {"players": 3}, a, b, 4, 2, 0))
    points = [o.record["result"] for o in summary.outcomes]
    mine = [r[o.colour] for r, o in zip(points, summary.outcomes)]
    mean, half = summary.mean_result()
    assert mean == pytest.approx(sum(mine) / 4) and half >= 0
    others = [(sum(r) - r[o.colour]) / 2 for r, o in zip(points, summary.outcomes)]
    assert summary.opponents_mean() == pytest.approx(sum(others) / 4)
