"""Hostile input files and values give one ``error: ...`` line and exit code 1
in every command that reads them, under the input limits every reader shares
(safari_ai.jsontext; issue 21 points 9 and 13)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import safari_ai
from safari_ai import jsontext
from safari_ai.cli import main

DEEP = "[" * 100_000 + "]" * 100_000
DEEP_OBJECT = '{"a":' * 1_000 + "1" + "}" * 1_000
LONG_NUMBER = '{"game": "turtles", "x": ' + "7" * 5_000 + "}"
HUGE = '{"game": "turtles", "x": [' + ",".join(["1"] * 600_000) + "]}"  # 1.2 MB
READERS = [
    ["moves"],
    ["analyse", "--depth", "1"],
    ["render"],
    ["replay"],
    ["apply"],
    ["perft", "--depth", "1"],
]


def _one_error_line(result: object, expect: str) -> None:
    output = result.output
    assert result.exit_code == 1, output
    assert isinstance(result.exception, SystemExit), result.exception
    assert output.startswith("error: ") and output.count("\n") == 1, output
    assert expect in output, output


@pytest.mark.parametrize("command", READERS, ids=lambda c: c[0])
@pytest.mark.parametrize(
    ("text", "expect"),
    [
        (DEEP, f"nesting deeper than {jsontext.MAX_DEPTH} levels"),
        (DEEP_OBJECT, f"nesting deeper than {jsontext.MAX_DEPTH} levels"),
        (LONG_NUMBER, f"number longer than {jsontext.MAX_NUMBER_CHARS} characters"),
        (HUGE, f"larger than the input limit of {jsontext.MAX_BYTES} bytes"),
        ("\ufeff{}", "malformed JSON"),
    ],
    ids=["deep", "deep-object", "long-number", "huge", "bom"],
)
def test_every_reader_refuses_hostile_files(
    command: list[str], text: str, expect: str, tmp_path: Path
) -> None:
    file = tmp_path / "input.json"
    file.write_text(text)
    result = CliRunner().invoke(main, [command[0], str(file), *command[1:]])
    _one_error_line(result, expect)


@pytest.mark.parametrize("command", READERS, ids=lambda c: c[0])
def test_standard_input_has_the_same_limits(command: list[str]) -> None:
    result = CliRunner().invoke(main, [command[0], "-", *command[1:]], input=DEEP)
    _one_error_line(result, "nesting deeper than")


def test_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    file = tmp_path / "input.json"
    file.write_bytes(b'{"game": "\xff"}')
    _one_error_line(CliRunner().invoke(main, ["analyse", str(file)]), "not UTF-8")


@pytest.mark.parametrize(
    ("value", "expect"),
    [
        ("[" * 1000 + "]" * 1000, "nesting deeper than"),
        ("9" * 5000, "number longer than"),
        ("{" + '"a":1,' * 3 + '"a":2}', "duplicate key"),
    ],
)
def test_new_rules_values_beyond_the_limits(value: str, expect: str) -> None:
    result = CliRunner().invoke(main, ["new", "turtles", "--rules", f"max_turns={value}"])
    _one_error_line(result, expect)
    assert "--rules max_turns" in result.output


def test_new_rules_bare_strings_still_work() -> None:
    result = CliRunner().invoke(main, ["new", "turtles", "--rules", "tattoo_setup=random"])
    assert result.exit_code == 1 and "tattoo_setup" in result.output  # refused by the rules
    result = CliRunner().invoke(main, ["new", "turtles", "--rules", "max_turns=50"])
    assert result.exit_code == 0 and '"max_turns": 50' in result.output


def _limit_memory() -> None:
    limit = 1 << 30  # 1 GiB: reading /dev/zero whole would die here, not take the machine
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


@pytest.mark.parametrize("command", [["moves"], ["analyse"], ["replay"], ["render"]])
def test_dev_zero_is_refused_after_the_limit(command: list[str], tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    # AddressSanitizer (CI's sanitized pass preloads it) reserves terabytes of
    # address space for its shadow memory at start-up: no address-space cap there.
    sanitized = "libasan" in os.environ.get("LD_PRELOAD", "")
    done = subprocess.run(
        [sys.executable, "-m", "safari_ai", command[0], "/dev/zero"],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=None if sanitized else _limit_memory,
        cwd=tmp_path,
    )
    assert done.returncode == 1, done.stderr[-500:]
    assert done.stderr == (
        f"error: /dev/zero: larger than the input limit of {jsontext.MAX_BYTES} bytes\n"
    )


def test_python_reads_only_what_the_c_reader_accepts() -> None:
    """A duplicate key: refused by analyse as by moves (the C reading decides)."""
    text = safari_ai.Position.new("turtles").to_json_text()
    duplicated = text[:-1] + ', "turns": 0}'
    with pytest.raises(safari_ai.SafariError, match="duplicate key"):
        jsontext.loads(duplicated)
    with pytest.raises(safari_ai.SafariError, match="duplicate key"):
        safari_ai.Position.from_json(duplicated)
