"""The real ``safari-ai engine`` process, spoken to through pipes.

Started as ``python -m safari_ai engine`` from a temporary directory with
``PYTHONPATH`` at this copy of safari_ai (as tests/test_cli.py does), so it
runs both in place and installed. Timeouts here only prove that nothing hung;
no test asserts speed.
"""
from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import safari_ai

HANG = 30.0  # seconds: far above any answer's time, only to catch a hang


class Process:
    """The engine process with a reader thread (reads never block forever)."""

    def __init__(self, cwd: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(Path(safari_ai.__file__).resolve().parents[1]))
        self.proc = subprocess.Popen([sys.executable, "-m", "safari_ai", "engine"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, cwd=cwd, env=env)
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def send(self, data: str | bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data.encode() if isinstance(data, str) else data)
        self.proc.stdin.flush()

    def until(self, prefix: str) -> list[str]:
        out: list[str] = []
        deadline = time.monotonic() + HANG
        while True:
            line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            assert line is not None, f"engine closed its output; got {out}"
            text = line.decode("utf-8").rstrip("\n")
            out.append(text)
            if text == prefix or text.startswith(prefix + " "):
                return out

    def finish(self) -> tuple[int, bytes]:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        code = self.proc.wait(HANG)
        assert self.proc.stderr is not None
        return code, self.proc.stderr.read()


@pytest.fixture()
def engine(tmp_path: Path):
    proc = Process(tmp_path)
    yield proc
    if proc.proc.poll() is None:
        proc.proc.kill()
        proc.proc.wait()


def test_handshake_search_and_quit(engine: Process) -> None:
    engine.send("safari\n")
    lines = engine.until("safariok")
    assert lines[0].startswith("id name safari_ai")
    engine.send("isready\n")
    assert engine.until("readyok") == ["readyok"]
    engine.send("position startpos turtles moves d1xd3\ngo depth 3\n")
    lines = engine.until("bestmove")
    assert lines[-1].split()[1] in safari_ai.Position.new("turtles").apply("d1xd3").legal_moves()
    assert any(line.startswith("info depth 3 ") for line in lines)
    engine.send("quit\n")
    assert engine.proc.wait(HANG) == 0


def test_stop_during_go_infinite_and_isready_meanwhile(engine: Process) -> None:
    engine.send("position startpos turtles\ngo infinite\n")
    time.sleep(0.2)
    engine.send("isready\n")
    assert engine.until("readyok")[-1] == "readyok"  # answered while searching
    engine.send("stop\n")
    lines = engine.until("bestmove")
    assert lines[-1].split()[1] in safari_ai.Position.new("turtles").legal_moves()
    engine.send("isready\n")
    assert engine.until("readyok")[-1] == "readyok"
    code, err = engine.finish()
    assert code == 0 and err == b""


def test_garbage_input_gives_errors_and_the_engine_carries_on(engine: Process) -> None:
    garbage = [b"\x00\xff\xfe binary\n", b"go go go\n", b"position json {{{\n",
               b"setoption name Hash value -1\n", "pösítíon ünícode\n".encode(),
               b"x" * 100000 + b"\n", b"position startpos turtles moves zz\n", b"\r\n",
               b"perft -1\n", b"moves\n"]
    for line in garbage:
        engine.send(line)
    engine.send("isready\n")
    lines = engine.until("readyok")
    errors = [line for line in lines if line.startswith("info string error:")]
    assert len(errors) == len(garbage) - 1  # the blank line says nothing
    assert any("'zz'" in line for line in errors)
    engine.send("position startpos zebras\ngo depth 2\n")
    assert engine.until("bestmove")[-1].startswith("bestmove ")
    code, err = engine.finish()
    assert code == 0 and err == b""


def test_end_of_input_after_go_prints_the_bestmove(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(Path(safari_ai.__file__).resolve().parents[1]))
    done = subprocess.run([sys.executable, "-m", "safari_ai", "engine"], cwd=tmp_path, env=env,
                          input=b"position startpos turtles\ngo depth 3\n", capture_output=True,
                          timeout=HANG)
    assert done.returncode == 0
    assert done.stdout.decode().splitlines()[-1].startswith("bestmove ")


def test_end_of_input_stops_go_infinite(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(Path(safari_ai.__file__).resolve().parents[1]))
    done = subprocess.run([sys.executable, "-m", "safari_ai", "engine"], cwd=tmp_path, env=env,
                          input=b"position startpos turtles\ngo infinite\n", capture_output=True,
                          timeout=HANG)
    assert done.returncode == 0
    assert done.stdout.decode().splitlines()[-1].startswith("bestmove ")


def test_clock_go_answers(engine: Process) -> None:
    engine.send("position startpos turtles\ngo wtime 500 btime 500 winc 0 binc 0\n")
    assert engine.until("bestmove")[-1].startswith("bestmove ")
    engine.send("quit\n")
    assert engine.proc.wait(HANG) == 0


def test_quit_during_a_deep_perft_exits(engine: Process) -> None:
    engine.send("position startpos zebras\nperft 30\n")
    engine.send("isready\n")
    assert engine.until("readyok")[-1] == "readyok"
    engine.send("go depth 1\n")  # refused: the perft is still running
    assert "search is running" in engine.until("info string error:")[-1]
    engine.send("quit\n")
    assert engine.proc.wait(HANG) == 0


def test_engine_command_through_click() -> None:
    from click.testing import CliRunner

    from safari_ai.cli import main

    result = CliRunner().invoke(main, ["engine"],
                                input="isready\nbogus\nposition startpos turtles\ngo depth 2\n")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "readyok" and lines[-1].startswith("bestmove ")
    assert "info string error: unknown command 'bogus' (try 'help')" in lines
