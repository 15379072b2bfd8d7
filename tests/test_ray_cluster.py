"""A match on a Ray head started by the test on 127.0.0.1 (``ray start --head``),
reached through ``--address``: interrupted with Ctrl-C, it leaves every finished
game in --records, and ``--resume`` plays the rest (the same games as the
process pool)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_match import popen_interruptible

pytest.importorskip("ray")

BIN = Path(sys.executable).parent
# how Ray's core worker reports an internal check failure (a bug of Ray's)
RAY_CHECK_FAILURE = "You have likely discovered a bug in Ray"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _session_processes(marker: str) -> list[int]:
    """Processes whose command line names the head's temporary directory."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker in (entry / "cmdline").read_bytes().decode(errors="replace"):
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


@pytest.fixture(scope="module")
def ray_head() -> Iterator[tuple[str, dict[str, str]]]:
    port = _free_port()
    temp = tempfile.mkdtemp(prefix="rayt", dir="/tmp")  # short: Ray's socket paths live here
    env = dict(os.environ, RAY_AUTH_MODE="disabled", RAY_USAGE_STATS_ENABLED="0")
    env.pop("RAY_ADDRESS", None)
    head = subprocess.Popen(
        [
            str(BIN / "ray"),
            "start",
            "--head",
            "--port",
            str(port),
            "--node-ip-address",
            "127.0.0.1",
            "--num-cpus",
            "2",
            "--include-dashboard",
            "false",
            "--disable-usage-stats",
            "--temp-dir",
            temp,
            "--block",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert head.poll() is None, "ray start --head failed"
                time.sleep(0.5)
        yield f"127.0.0.1:{port}", env
    finally:
        os.killpg(head.pid, signal.SIGKILL)  # the group this test started
        head.wait()
        for pid in _session_processes(temp):  # workers that left the group
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        shutil.rmtree(temp, ignore_errors=True)


@pytest.mark.slow
def test_ctrl_c_keeps_the_finished_games_and_resume_plays_the_rest(
    ray_head: tuple[str, dict[str, str]], tmp_path: Path
) -> None:
    address, env = ray_head
    records = tmp_path / "records"
    command = [
        str(BIN / "safari-ai"),
        "match",
        "zebras",
        "-a",
        "algo=alphabeta,nodes=4000",
        "-b",
        "algo=mcts,nodes=500",
        "--games",
        "12",
        "--seed",
        "4",
        "--records",
        str(records),
        "--json",
        "--no-progress",
    ]
    on_ray = command + ["--backend", "ray", "--address", address]
    run = popen_interruptible(on_ray, cwd=tmp_path, env=env)
    deadline = time.monotonic() + 180
    while len(list(records.glob("*.json"))) < 2 and time.monotonic() < deadline:
        assert run.poll() is None, run.communicate()
        time.sleep(0.05)
    os.killpg(run.pid, signal.SIGINT)  # as Ctrl-C in a terminal: the driver's whole group
    try:
        _, err = run.communicate(timeout=120)
    finally:
        if run.poll() is None:  # hung: leave no process behind
            os.killpg(run.pid, signal.SIGKILL)
    if run.returncode != 130 and RAY_CHECK_FAILURE in err:
        # Ray's own core worker can abort on a task reply that arrives after
        # the interrupt (its "Check failed ... Tried to complete task that was
        # not pending": a Ray bug, seen once in a CI run). The driver never
        # got to say its line then; what must hold still holds: the finished
        # games are kept whole and --resume plays exactly the rest (below).
        warnings.warn(
            f"Ray aborted on Ctrl-C (exit {run.returncode}): {RAY_CHECK_FAILURE}", stacklevel=1
        )
    else:
        assert run.returncode == 130, err
        assert "--resume" in err.splitlines()[-1] and "Traceback" not in err
    kept = {p.name: p.read_text() for p in records.glob("*.json")}
    assert 2 <= len(kept) < 12
    for text in kept.values():  # whole records of finished games, nothing half-written
        assert isinstance(json.loads(text)["result"], list)
    assert not list(records.glob("*.tmp*"))

    again = subprocess.run(
        on_ray + ["--resume"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )
    assert again.returncode == 0, again.stderr
    summary = json.loads(again.stdout)
    assert summary["games"] == 12 and len(list(records.glob("*.json"))) == 12
    for name, text in kept.items():
        assert (records / name).read_text() == text  # counted, not played again

    local = tmp_path / "local"
    reference = subprocess.run(
        command[: command.index("--records") + 1] + [str(local), "--json", "--workers", "2"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert json.loads(reference.stdout)["wins"] == summary["wins"]
    for path in local.glob("*.json"):
        ours, theirs = json.loads((records / path.name).read_text()), json.loads(path.read_text())
        assert ours["moves"] == theirs["moves"] and ours["result"] == theirs["result"]
