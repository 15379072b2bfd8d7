"""``safari-ai analyse DIR_OR_FILES... --out OUTDIR``: one JSON per input, timings
apart, resumable, a per-player summary (process backend; Ray in test_ray_local.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from safari_ai import Position
from safari_ai.batch import BatchError, collect_inputs, player_summary
from safari_ai.cli import main
from safari_ai.match import make_jobs, parse_spec, run_match


@pytest.fixture()
def inputs(tmp_path: Path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    a, b = parse_spec("algo=greedy,name=greedy"), parse_spec("algo=random,name=random")
    for outcome in run_match(make_jobs("turtles", {}, a, b, 2, 6, 2)).outcomes:
        (folder / f"game-{outcome.colour}.json").write_text(json.dumps(outcome.record))
    (folder / "start.json").write_text(json.dumps(Position.new("turtles").to_json()))
    (folder / "notes.txt").write_text("not an input")
    return folder


def _run(*args: str) -> object:
    return CliRunner().invoke(main, ["analyse", *args])


def test_one_output_per_input_with_the_timings_apart(inputs: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = _run(str(inputs), "--out", str(out), "--nodes", "300", "--workers", "2")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["game-0.json", "game-1.json", "start.json"]
    position = json.loads((out / "start.json").read_text())
    assert position["kind"] == "position" and position["settings"]["limits"] == {"nodes": 300}
    assert "seconds" not in position["analysis"] and "nps" not in position["analysis"]
    assert set(position["timings"]) >= {"seconds", "nps", "seconds_total"}
    single = json.loads(
        CliRunner()
        .invoke(main, ["analyse", str(inputs / "start.json"), "--nodes", "300", "--json"])
        .stdout
    )
    assert position["analysis"]["bestmove"] == single["bestmove"]
    assert position["analysis"]["pv"] == single["pv"]
    record = json.loads((out / "game-0.json").read_text())
    assert record["kind"] == "record" and record["players"] == ["greedy", "random"]
    assert len(record["analysis"]["plies"]) == len(
        json.loads((inputs / "game-0.json").read_text())["moves"]
    )
    # the summary: one line per player, both games counted
    lines = result.stdout.splitlines()
    assert lines[0].startswith("3 analysed, 0 done before, 0 failed")
    assert sum(line.startswith("player greedy: games 2") for line in lines) == 1
    assert sum(line.startswith("player random: games 2") for line in lines) == 1


def test_a_second_run_skips_what_is_done_and_redoes_other_settings(
    inputs: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    assert _run(str(inputs), "--out", str(out), "--nodes", "200").exit_code == 0
    first = {p.name: p.read_text() for p in out.iterdir()}
    (out / "game-1.json").unlink()
    again = _run(
        str(inputs / "game-0.json"),
        str(inputs / "game-1.json"),
        "--out",
        str(out),
        "--nodes",
        "200",
        "--json",
    )
    data = json.loads(again.stdout)
    assert (data["written"], data["skipped"]) == (1, 1)
    assert (out / "game-0.json").read_text() == first["game-0.json"]  # not redone
    redone = json.loads((out / "game-1.json").read_text())
    assert redone["analysis"] == json.loads(first["game-1.json"])["analysis"]  # reproducible
    other = json.loads(_run(str(inputs), "--out", str(out), "--nodes", "201", "--json").stdout)
    assert (other["written"], other["skipped"]) == (3, 0)  # other limits: all done again


def test_bad_inputs_are_named_and_retried(inputs: Path, tmp_path: Path) -> None:
    (inputs / "broken.json").write_text("{nope")
    out = tmp_path / "out"
    result = _run(str(inputs), "--out", str(out), "--nodes", "100")
    assert result.exit_code == 1
    assert (
        "error: broken.json: malformed JSON" in result.stderr and "Traceback" not in result.output
    )
    assert not (out / "broken.json").exists() and (out / "start.json").exists()
    missing = _run(str(tmp_path / "nothing"), "--out", str(out))
    assert missing.exit_code == 1 and "nothing: no such file or directory" in missing.stderr
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "start.json").write_text("{}")
    with pytest.raises(BatchError, match="two inputs named start.json"):
        collect_inputs([str(inputs), str(tmp_path / "other")])
    assert _run(str(inputs / "start.json"), str(inputs / "game-0.json")).exit_code == 2
    assert _run(str(inputs / "start.json"), "--workers", "2").exit_code == 2


def test_the_player_summary_adds_up_the_games() -> None:
    outputs = [
        {
            "kind": "record",
            "players": ["x", "y"],
            "analysis": {
                "summary": {
                    "0": {"moves": 3, "total_loss": 10.0, "average_loss": 3.3},
                    "1": {"moves": 2, "total_loss": 4.0},
                }
            },
        },
        {
            "kind": "record",
            "players": ["y", "x"],
            "analysis": {
                "summary": {
                    "0": {"moves": 1, "total_loss": 1.0},
                    "1": {"moves": 5, "total_loss": 0.5},
                }
            },
        },
        {"kind": "position", "analysis": {}},
    ]
    assert player_summary(outputs) == {
        "x": {"games": 2, "moves": 8, "total_loss": 10.5},
        "y": {"games": 2, "moves": 3, "total_loss": 5.0},
    }
