"""Weights files go through one strict reader (safari_ai.weights), in every
place that reads them: ``analyse --weights``, ``match -a weights=``,
``tune --start`` and the protocol's ``setoption name Weights`` (issue 32,
N6). Hostile files (a huge or deep text, a device, a FIFO, a duplicate key,
an unknown field, a 5,000-digit number) give one line naming the problem,
never a traceback, a hang or a read of gigabytes. And ``tune``'s numeric
options refuse NaN and infinities (N7)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from safari_ai import EvalWeights, Position, WeightsError
from safari_ai.protocol import Engine

GOOD = EvalWeights("turtles", (0, 0, 0, 0, 0, 37), 100.0).to_json()


def _with(**members: object) -> str:
    return json.dumps({**GOOD, **members})


BAD_TEXTS = {
    "brackets": ("[" * 100_000, "nest"),
    "deep": ('{"a":' * 5000 + "1" + "}" * 5000, "nest"),
    "duplicate": ('{"format": "safari-ai-weights", "format": "safari-ai-weights"}', "duplicate"),
    "unknown-field": (_with(extra=1), "field 'extra': unknown field"),
    "fit-list": (_with(fit=[1, 2]), "field 'fit' must be an object"),
    "fit-nested": (_with(fit={"a": {"b": 1}}), "field 'fit.a'"),
    "digits": (json.dumps(GOOD).replace('"to_move": 37', '"to_move": ' + "9" * 5000), "number"),
    "huge-scale": (_with(win_scale=1e300), "field 'win_scale'"),
    "nan": (json.dumps(GOOD).replace("100.0", "NaN"), "NaN"),
    "not-utf8": (None, "UTF-8"),
}


def bad_file(tmp_path: Path, name: str) -> Path:
    text, _ = BAD_TEXTS[name]
    path = tmp_path / f"{name}.json"
    if text is None:
        path.write_bytes(b'{"format": "\xff"}')
    else:
        path.write_text(text)
    return path


@pytest.mark.parametrize("name", sorted(BAD_TEXTS))
def test_bad_weights_texts_are_one_line_naming_the_problem(tmp_path: Path, name: str) -> None:
    path = bad_file(tmp_path, name)
    with pytest.raises(WeightsError) as error:
        EvalWeights.load(path)
    message = str(error.value)
    assert "\n" not in message and len(message) < 300, message
    assert BAD_TEXTS[name][1].lower() in message.lower(), message
    assert str(path) in message


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/stdin", "/dev/null", "/"])
def test_devices_and_directories_are_refused_up_front(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    with pytest.raises(WeightsError, match="not a regular file|cannot read it"):
        EvalWeights.load(device)


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    outcome: list[str] = []
    reader = threading.Thread(target=lambda: outcome.append(_error_of(fifo)), daemon=True)
    reader.start()
    reader.join(10)
    assert outcome and "not a regular file" in outcome[0]


def _error_of(path: Path) -> str:
    try:
        EvalWeights.load(path)
    except WeightsError as error:
        return str(error)
    return "read"


def _run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    # from a directory without the source tree: the installed package runs
    return subprocess.run(
        [sys.executable, "-m", "safari_ai", *args],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
        cwd=cwd,
    )


def _analyse(tmp_path: Path, weights: str) -> list[str]:
    pos = tmp_path / "pos.json"
    pos.write_text(Position.new("turtles").to_json_text())
    return ["analyse", str(pos), "--depth", "1", "--weights", weights]


def _match(tmp_path: Path, weights: str) -> list[str]:
    return [
        "match",
        "turtles",
        "-a",
        f"algo=alphabeta,depth=1,weights={weights}",
        "-b",
        "algo=alphabeta,depth=1",
        "--games",
        "1",
    ]


def _tune(tmp_path: Path, weights: str) -> list[str]:
    (tmp_path / "records").mkdir(exist_ok=True)
    return ["tune", "turtles", "--records", str(tmp_path / "records"), "--start", weights]


@pytest.mark.parametrize("command", [_analyse, _match, _tune], ids=["analyse", "match", "tune"])
@pytest.mark.parametrize(
    "name", ["brackets", "deep", "duplicate", "fit-list", "digits", "/dev/zero"]
)
def test_every_command_reads_weights_strictly(
    tmp_path: Path, command: Callable[[Path, str], list[str]], name: str
) -> None:
    weights = name if name.startswith("/") else str(bad_file(tmp_path, name))
    result = _run_cli(*command(tmp_path, weights), cwd=tmp_path)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    # one line says it (match's spec errors come as click's usage error)
    said = [line for line in result.stderr.splitlines() if line.lower().startswith("error:")]
    assert len(said) == 1 and weights in said[0], result.stderr


@pytest.mark.parametrize("name", ["brackets", "duplicate", "fit-list", "digits"])
def test_the_protocol_reads_weights_files_strictly(tmp_path: Path, name: str) -> None:
    path = bad_file(tmp_path, name)
    engine = Engine()
    [answer] = engine.feed(f"setoption name Weights value {path}")
    assert answer.startswith(
        f"info string error: setoption: bad value for option Weights: weights file {str(path)!r}"
    ), answer
    [answer] = engine.feed("setoption name Weights value /dev/zero")
    assert "not a regular file" in answer
    good = tmp_path / "good.json"
    good.write_text(json.dumps(GOOD))
    assert engine.feed(f"setoption name Weights value {good}") == []
    assert engine.feed(f"setoption name Weights value {json.dumps(GOOD)}") == []  # as content


@pytest.mark.parametrize(
    "option, value",
    [("--l2", "nan"), ("--l2", "inf"), ("--l2", "-inf"), ("--holdout", "nan"), ("--l2", "NaN")],
)
def test_tune_refuses_nan_and_infinities(tmp_path: Path, option: str, value: str) -> None:
    (tmp_path / "records").mkdir()
    result = _run_cli(
        "tune", "turtles", "--records", str(tmp_path / "records"), option, value, cwd=tmp_path
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert f"Invalid value for '{option}'" in result.stderr
