"""The transcripts in README.md and docs/ are run and compared (issue 29 point 6),
so that a change which alters them fails here until the docs are updated.

A fenced block is checked when its info string carries the word ``checked``:

* ```` ```console checked ````: lines ``$ COMMAND`` are run by bash from a
  scratch directory holding a link to ``examples/`` (files a command writes stay
  there); the lines below a command, up to the next ``$``, are its standard
  output (write ``2>&1`` in the command to show standard error too). A command
  that fails must show its error that way.
* ```` ```protocol checked ````: lines ``> LINE`` are sent to one engine
  (:class:`safari_ai.protocol.Engine`, the core of ``safari-ai engine``), each
  after the answers to the one before, searches included; lines ``< LINE`` are
  what it answers.

What is compared: every line, except that ``...`` (or ``…``) inside a line
matches any text, a line of only ``...`` matches any number of lines, and the
figures that vary from run to run (``nps``, ``time``) are not compared. So a
transcript keeps whatever is reproducible: moves, scores, node counts of seeded
single-thread searches with depth or node limits.

A second test reads every ``safari-ai COMMAND ... --option`` written in README.md
and docs/ (code spans and code blocks) and requires the command and each of its
options to exist, as ``safari-ai COMMAND --help`` lists them.
"""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest

from safari_ai.cli import main as cli
from safari_ai.protocol import Engine

ROOT = Path(__file__).resolve().parents[1]
DOC_FILES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.M | re.S)
VARYING = re.compile(r"\b(nps|time) [0-9.]+")
ELLIPSIS = re.compile(r"\.\.\.|…")
TIMEOUT = 120


def _blocks() -> list[tuple[str, int, str, str]]:
    """(document, line number, kind, body) of every checked block."""
    found = []
    for path in DOC_FILES:
        text = path.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            words = match.group(1).split()
            if "checked" in words:
                line = text.count("\n", 0, match.start()) + 1
                found.append((str(path.relative_to(ROOT)), line, words[0], match.group(2)))
    return found


BLOCKS = _blocks()


def _pattern(expected: str) -> re.Pattern[str]:
    parts = ELLIPSIS.split(VARYING.sub(r"\1 *", expected.rstrip()))
    return re.compile(".*".join(re.escape(part) for part in parts))


def lines_match(expected: list[str], actual: list[str]) -> bool:
    """True when ``actual`` fits ``expected`` (the rules of the module's doc)."""
    actual = [VARYING.sub(r"\1 *", line.rstrip()) for line in actual]
    patterns = [None if ELLIPSIS.fullmatch(line.strip()) else _pattern(line) for line in expected]

    @functools.cache
    def fits(i: int, j: int) -> bool:
        if i == len(patterns):
            return j == len(actual)
        pattern = patterns[i]
        if pattern is None:
            return any(fits(i + 1, k) for k in range(j, len(actual) + 1))
        return j < len(actual) and pattern.fullmatch(actual[j]) is not None and fits(i + 1, j + 1)

    return fits(0, 0)


def _explain(what: str, expected: list[str], actual: list[str]) -> str:
    return (
        f"{what}\n--- the docs say:\n"
        + "\n".join(expected)
        + "\n--- the program says:\n"
        + "\n".join(actual)
    )


def test_the_docs_have_checked_transcripts() -> None:
    kinds = {(doc, kind) for doc, _, kind, _ in BLOCKS}
    assert ("README.md", "console") in kinds
    assert ("docs/cli.md", "console") in kinds and ("docs/protocol.md", "protocol") in kinds
    assert {kind for _, kind in kinds} <= {"console", "protocol"}, kinds


def _console(body: str, tmp_path: Path) -> None:
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    env = dict(
        os.environ,
        NO_COLOR="1",
        COLUMNS="100",
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    )
    command: str | None = None
    expected: list[str] = []

    def run() -> None:
        assert command is not None
        done = subprocess.run(
            ["bash", "-c", command],
            cwd=tmp_path,
            env=env,
            text=True,
            capture_output=True,
            timeout=TIMEOUT,
            stdin=subprocess.DEVNULL,
        )
        assert done.returncode == 0, f"$ {command}\nexit {done.returncode}: {done.stderr}"
        actual = done.stdout.splitlines()
        assert lines_match(expected, actual), _explain(f"$ {command}", expected, actual)

    for line in body.splitlines():
        if line.startswith("$ "):
            if command is not None:
                run()
            command, expected = line[2:], []
        else:
            assert command is not None, f"output before any '$ ' command: {line!r}"
            expected.append(line)
    assert command is not None, "a checked console block without a '$ ' command"
    run()


def _protocol(body: str) -> None:
    engine = Engine()
    actual: list[str] = []
    expected: list[str] = []
    try:
        for line in body.splitlines():
            if line.startswith("> "):
                actual += engine.feed(line[2:])
                actual += engine.wait(TIMEOUT)
                assert not engine.searching, f"{line!r}: no answer within {TIMEOUT} s"
            elif line.startswith("< "):
                expected.append(line[2:])
            else:
                assert not line.strip(), f"a line neither '> ' nor '< ': {line!r}"
    finally:
        engine.close()
    assert lines_match(expected, actual), _explain("the transcript", expected, actual)


@pytest.mark.parametrize(
    "doc, line, kind, body", [pytest.param(*block, id=f"{block[0]}:{block[1]}") for block in BLOCKS]
)
def test_transcript(doc: str, line: int, kind: str, body: str, tmp_path: Path) -> None:
    if kind == "console":
        _console(body, tmp_path)
    else:
        _protocol(body)


# -- every command and option the docs name exists ---------------------------

SPAN = re.compile(r"`([^`\n]+)`")


NOT_COMMANDS = {"serving"}  # `safari-ai serving http://...`: what `serve` prints


def _command_lines() -> list[tuple[str, str]]:
    """(document, text) of every code span, and every code block line, that
    starts with ``safari-ai``; not docs/history/, which keeps what was run then."""
    found = []
    for path in DOC_FILES:
        if "history" in path.relative_to(ROOT).parts:
            continue
        text = path.read_text(encoding="utf-8")
        doc = str(path.relative_to(ROOT))
        pieces = SPAN.findall(FENCE.sub("", text))
        for match in FENCE.finditer(text):
            pieces += [line.removeprefix("$ ") for line in match.group(2).splitlines()]
        for piece in pieces:
            for part in re.split(r"&&|\||;", piece):
                part = part.strip()
                if part.startswith(("safari-ai ", "python -m safari_ai ")):
                    found.append((doc, part))
    return found


def _options(command: click.Command) -> set[str]:
    return {name for param in command.params for name in param.opts + param.secondary_opts}


def test_every_command_and_option_in_the_docs_exists() -> None:
    assert isinstance(cli, click.Group)
    wrong = []
    seen = 0
    for doc, text in _command_lines():
        words = text.removeprefix("python -m safari_ai").removeprefix("safari-ai").split()
        name = words[0] if words else "--help"
        if name.startswith("-") or name in NOT_COMMANDS or not name.islower():
            continue  # safari-ai --help, --version, safari-ai COMMAND
        command = cli.commands.get(name)
        if command is None:
            wrong.append(f"{doc}: no command {name!r} in `{text}`")
            continue
        seen += 1
        known = _options(command) | {"--help", "-h"}
        for word in words:
            option = word.split("=")[0]
            if re.fullmatch(r"--?[a-z][a-z-]*", option) and option not in known:
                wrong.append(f"{doc}: `safari-ai {name}` has no option {option} (in `{text}`)")
    assert seen > 50
    assert not wrong, "\n".join(wrong)


def test_ci_runs_the_readme_test_command() -> None:
    """README's second quick-start command is the line CI (.ci/run) runs."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"^```sh\n(python3 -m venv [^\n]*)\n```", readme, re.M)
    assert len(commands) == 2, commands
    assert "pip install . && safari-ai analyse examples/" in commands[0]
    assert commands[1] in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
