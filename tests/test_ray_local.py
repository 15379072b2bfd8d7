"""The Ray backend on a local Ray (one per module, two CPUs): the same games and
the same batch analyses as the process pool, and a game whose worker is killed
is replayed, once."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ray = pytest.importorskip("ray")

from safari_ai.batch import run_batch  # noqa: E402 - only once Ray is known to be there
from safari_ai.match import ProcessBackend, RayBackend, make_jobs, parse_spec, run_match, start_ray  # noqa: E402


@pytest.fixture(scope="module")
def local_ray() -> Iterator[RayBackend]:
    assert start_ray(num_cpus=2)
    backend = RayBackend(workers=2)
    assert not backend.owned  # it uses the Ray this module started
    yield backend
    ray.shutdown()


def _games(summary: Any) -> dict[tuple[int, int], tuple[list[str], Any]]:
    return {
        (o.pair, o.colour): ([m["move"] for m in o.record["moves"]], o.record["result"])
        for o in summary.outcomes
    }


def test_the_same_games_and_analyses_on_both_backends(
    local_ray: RayBackend, tmp_path: Path
) -> None:
    # one test, so that pytest-xdist starts one Ray for the default suite
    for game, a, b in (
        ("turtles", "algo=alphabeta,nodes=400", "algo=mcts,nodes=150"),
        ("arena", "algo=auto,depth=1", "algo=greedy"),
    ):
        jobs = make_jobs(game, {}, parse_spec(a), parse_spec(b), 4, 11, 2)
        on_ray = run_match(jobs, backend=local_ray)
        on_processes = run_match(jobs, backend=ProcessBackend(2))
        assert on_ray.games == 4 and _games(on_ray) == _games(on_processes)
        if game == "arena":  # dice games: the rolls are plies of the records
            assert any(m["by"] == "chance" for o in on_ray.outcomes for m in o.record["moves"])

    # an early stop (as --sprt makes) cancels the games still running or waiting
    jobs = make_jobs(
        "zebras",
        {},
        parse_spec("algo=alphabeta,nodes=3000"),
        parse_spec("algo=mcts,nodes=400"),
        12,
        5,
        2,
    )
    stopped = run_match(jobs, backend=local_ray, stop=lambda outcomes: len(outcomes) >= 2)
    assert stopped.stopped_early and 2 <= stopped.games < 12
    assert len({(o.pair, o.colour) for o in stopped.outcomes}) == stopped.games

    # batch analysis: node-limited output identical but for the timings
    inputs = tmp_path / "in"
    inputs.mkdir()
    jobs = make_jobs("turtles", {}, parse_spec("algo=greedy"), parse_spec("algo=random"), 2, 4, 2)
    for outcome in run_match(jobs).outcomes:
        (inputs / f"g{outcome.colour}.json").write_text(json.dumps(outcome.record))
    (inputs / "pos.json").write_text(
        json.dumps(__import__("safari_ai").Position.new("zebras").to_json())
    )
    settings = {"limits": {"nodes": 200}, "algo": "auto", "seed": 3}
    out_ray, out_local = tmp_path / "ray", tmp_path / "local"
    on_ray_batch = run_batch([str(inputs)], str(out_ray), settings, local_ray)
    run_batch([str(inputs)], str(out_local), settings, ProcessBackend(2))
    assert sorted(on_ray_batch.written) == ["g0.json", "g1.json", "pos.json"]
    for name in on_ray_batch.written:
        ray_out = json.loads((out_ray / name).read_text())
        local_out = json.loads((out_local / name).read_text())
        assert ray_out.pop("timings") and local_out.pop("timings")
        assert ray_out == local_out


KILLER = """
import os, signal, subprocess, sys
# A protocol engine (ours, behind this proxy) that kills the process driving it
# -- the Ray worker playing the game -- at its third search, once (the marker).
marker = sys.argv[1]
engine = subprocess.Popen([sys.executable, "-m", "safari_ai", "engine"], stdin=subprocess.PIPE,
                          stdout=sys.stdout, text=True)
searches = 0
for line in sys.stdin:
    if line.startswith("go"):
        searches += 1
        if searches == 3:
            try:
                os.close(os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
                os.kill(os.getppid(), signal.SIGKILL)
            except FileExistsError:
                pass
    engine.stdin.write(line)
    engine.stdin.flush()
engine.stdin.close()
engine.wait()
"""


@pytest.mark.slow
def test_a_game_whose_worker_is_killed_is_played_again_once(
    local_ray: RayBackend, tmp_path: Path
) -> None:
    script, marker = tmp_path / "killer.py", tmp_path / "killed"
    script.write_text(KILLER)
    spec = f"name=b,depth=1,cwd={tmp_path},cmd={sys.executable} {script} {marker}"
    jobs = make_jobs("turtles", {}, parse_spec("algo=greedy"), parse_spec(spec), 4, 2, 2)
    seen: list[tuple[int, int]] = []
    summary = run_match(jobs, backend=local_ray, on_game=lambda o: seen.append((o.pair, o.colour)))
    assert marker.exists()  # a worker was killed in the middle of a game
    assert sorted(seen) == [(0, 0), (0, 1), (1, 0), (1, 1)]  # every game once
    assert summary.games == 4 and summary.forfeits == {"A": 0, "B": 0}
    # the game played again is the game it would have been
    plain = parse_spec(f"name=b,depth=1,cwd={tmp_path},cmd={sys.executable} -m safari_ai engine")
    again = run_match(make_jobs("turtles", {}, parse_spec("algo=greedy"), plain, 4, 2, 2))
    assert _games(summary) == _games(again)
