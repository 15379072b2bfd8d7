"""safari_ai.engine_client against a real ``safari-ai engine`` process, and the
engine-versus-engine example. Timeouts only catch hangs; nothing asserts speed."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import safari_ai
from safari_ai.engine_client import (
    EngineClient,
    EngineError,
    EngineExited,
    EngineStartError,
    EngineTimeout,
    parse_info,
)

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def client():
    engine = EngineClient.start_safari(timeout=30)
    yield engine
    assert engine.quit() == 0


def test_handshake(client: EngineClient) -> None:
    info = client.info
    assert info.name.startswith("safari_ai") and info.protocol == 1
    assert info.games == list(safari_ai.game_names())
    multipv = info.options["MultiPV"]
    assert (multipv.kind, multipv.default, multipv.minimum, multipv.maximum) == ("spin", "1", 1, 16)
    assert "alphabeta" in info.options["Algorithm"].choices


def test_position_go_and_debug_commands(client: EngineClient) -> None:
    client.new_game()
    client.position("turtles", rules={"max_turns": 50}, moves=["d1xd3"])
    pos = safari_ai.Position.new("turtles", {"max_turns": 50}).apply("d1xd3")
    assert client.legal_moves() == pos.legal_moves()
    assert client.perft(2) == pos.perft(2)
    shown = client.display()
    assert shown["tomove"] == "1" and shown["json"] == pos.to_json_text()
    result = client.go(depth=3)
    assert result.bestmove in pos.legal_moves()
    assert result.score is not None and result.pv[0] == result.bestmove
    assert result.best is not None and result.best.depth == 3 and not result.errors


def test_json_position_and_clock(client: EngineClient) -> None:
    pos = safari_ai.Position.new("zebras")
    client.position(position=pos.to_json())
    result = client.go(clocks={0: 400, 1: 400})
    assert result.bestmove in pos.legal_moves()


def test_refusals_raise_with_the_engine_message(client: EngineClient) -> None:
    with pytest.raises(EngineError, match="move 1 \\(zz\\)"):
        client.position("turtles", moves=["zz"])
    with pytest.raises(EngineError, match="MultiPV"):
        client.set_option("MultiPV", 0)
    client.set_option("MultiPV", 2)
    client.position("turtles")
    result = client.go(depth=2)
    assert {info.multipv for info in result.infos} == {1, 2}
    client.set_option("MultiPV", 1)
    client.isready()


def test_infinite_search_stops(client: EngineClient) -> None:
    client.position("turtles")
    client.go_infinite()
    client.isready()  # answered while searching
    client.set_option("Seed", 3)  # options may change during a search
    result = client.stop(timeout=10)
    assert result.bestmove in safari_ai.Position.new("turtles").legal_moves()
    assert result.infos


def test_parse_info_reads_every_field() -> None:
    info = parse_info(
        "info depth 4 seldepth 6 multipv 1 score win 5 winprob 0.750 "
        "expect 0.5,-0.5 nodes 100 nps 2000 hashfull 12 time 50 pv a b c"
    )
    assert (info.depth, info.seldepth, info.multipv, info.score) == (4, 6, 1, "win 5")
    assert info.winprob == 0.75 and info.expect == [0.5, -0.5] and info.hashfull == 12
    assert info.pv == ["a", "b", "c"] and info.score_value == 1_000_000 - 5
    outcome = parse_info("info outcome die:hit prob 1/3 depth 0 score loss 1 pov 0")
    assert outcome.outcome == "die:hit" and outcome.prob == Fraction(1, 3) and outcome.pov == 0
    assert parse_info("info string error: boom").string == "error: boom"


def one_line_naming(error: Exception, *words: str) -> str:
    """The error's message: one line, naming ``words``, no long float."""
    text = str(error)
    assert "\n" not in text and text.strip() == text
    for word in words:
        assert word in text, (word, text)
    assert not re.search(r"\d\.\d{3,}", text), text
    return text


def test_a_dead_engine_is_an_error_not_a_hang(tmp_path: Path) -> None:
    dead = EngineClient([sys.executable, "-c", "import sys; sys.exit(3)"], timeout=10, cwd=tmp_path)
    with pytest.raises(EngineExited) as caught:
        dead.handshake()
    one_line_naming(caught.value, sys.executable, "exited with code 3")
    assert caught.value.returncode == 3 and caught.value.command == dead.name
    with pytest.raises(EngineExited):  # and so is every later command
        dead.go(depth=1)
    dead.close()


def test_an_engine_that_cannot_start_is_a_typed_one_line_error(tmp_path: Path) -> None:
    with pytest.raises(EngineStartError) as caught:
        EngineClient(["/no/such/engine", "--flag"], cwd=tmp_path)
    one_line_naming(
        caught.value, "engine '/no/such/engine --flag' cannot be started", "no such file"
    )
    with pytest.raises(EngineStartError, match="no engine command"):
        EngineClient([])
    assert issubclass(EngineStartError, EngineError)


def test_a_silent_engine_times_out_with_a_rounded_time(tmp_path: Path) -> None:
    silent = EngineClient(
        [sys.executable, "-c", "import time; time.sleep(60)"], timeout=0.3, cwd=tmp_path
    )
    with pytest.raises(EngineTimeout) as caught:
        silent.handshake()
    text = one_line_naming(caught.value, sys.executable, "'safariok'", "within 0.3 s")
    assert caught.value.seconds == 0.3, text
    with pytest.raises(EngineTimeout) as caught:
        silent.read_until("bestmove", timeout=0.2)
    one_line_naming(caught.value, "'bestmove'", "within 0.2 s")
    silent.close(timeout=0.1)


def _client_cycles(client: EngineClient, game: str, cycles: int, seed: int) -> None:
    """As a GUI: position (no isready) and go, as soon as each bestmove is read."""
    rng = random.Random(seed)
    start = safari_ai.Position.new(game)
    pos, moves = start, []
    client.set_option("Hash", 1)
    for _ in range(cycles):
        while pos.is_terminal() or pos.is_chance() or len(moves) >= 40:
            if pos.is_terminal() or len(moves) >= 40:
                pos, moves = start, []
                continue
            outcomes = pos.chance_outcomes()
            roll = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
            pos, moves = pos.apply(roll), moves + [roll]
        client.position(game, moves=moves, sync=False)
        result = client.go(depth=1, timeout=30)
        assert not result.errors and result.bestmove in pos.legal_moves(), result.lines
        pos, moves = pos.apply(result.bestmove), moves + [result.bestmove]
    client.isready()
    assert not client.errors


@pytest.mark.parametrize("game", safari_ai.game_names())
def test_position_without_isready_then_go_cycles(game: str) -> None:
    """Issue 14: 200 cycles a game (1,000 in the slow mode)."""
    with EngineClient.start_safari(timeout=30) as engine:
        _client_cycles(engine, game, 200, seed=21)


@pytest.mark.slow
@pytest.mark.parametrize("game", safari_ai.game_names())
def test_position_without_isready_then_go_cycles_1000(game: str) -> None:
    with EngineClient.start_safari(timeout=30) as engine:
        _client_cycles(engine, game, 1000, seed=1021)


def test_a_refused_position_without_isready_shows_in_the_next_go(client: EngineClient) -> None:
    client.position("turtles", moves=["d1xd3"])
    client.position("turtles", moves=["zz"], sync=False)
    result = client.go(depth=1)
    assert any("'zz'" in line for line in result.errors)
    assert result.bestmove in safari_ai.Position.new("turtles").apply("d1xd3").legal_moves()


def test_engine_vs_engine_example_plays_a_game(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(Path(safari_ai.__file__).resolve().parents[1]))
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "engine_vs_engine.py"), "--quiet"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    last = done.stdout.splitlines()[-1]
    assert last.startswith("result [") or last.startswith("result unfinished")
