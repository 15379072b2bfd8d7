"""A client for engines that speak the safari_ai protocol (docs/protocol.md).

:class:`EngineClient` starts an engine process (another ``safari-ai engine``, or
any program speaking the protocol), reads its output on a background thread and
offers one method per command. Frontends and match runners use it::

    with EngineClient.start_safari() as engine:
        engine.set_option("MultiPV", 2)
        engine.position(game="turtles", moves=["d1xd3"])
        result = engine.go(depth=4)
        print(result.bestmove, result.score, result.pv)

Every wait has a timeout (:class:`EngineTimeout`), so a stuck engine cannot
hang its caller; ``info string error:`` lines are collected in
:attr:`SearchResult.errors` and :attr:`EngineClient.errors`.

Errors are typed, all :class:`EngineError`, each with a one-line message that
names the engine's command (callers print ``error: {message}``):

* :class:`EngineStartError`: the program cannot be started (no such file, not
  executable);
* :class:`EngineExited`: the engine exited, or closed its output, while an
  answer was awaited (``returncode`` when known);
* :class:`EngineTimeout`: no answer within the timeout (``seconds``);
* :class:`EngineError` itself: the engine refused a command (its own error
  line is the message).
"""

from __future__ import annotations

import json
import os
import queue
import shlex
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

__all__ = [
    "EngineClient",
    "EngineError",
    "EngineStartError",
    "EngineExited",
    "EngineTimeout",
    "EngineInfo",
    "EngineOptionSpec",
    "Info",
    "SearchResult",
    "parse_info",
]


class EngineError(RuntimeError):
    """The engine cannot be used: it refused a command (the message is its
    error line), or one of the subclasses. ``command`` is the engine's command
    line as text (empty when unknown)."""

    def __init__(self, message: str, command: str = "") -> None:
        super().__init__(message)
        self.command = command


class EngineStartError(EngineError):
    """The engine's program cannot be started."""


class EngineExited(EngineError):
    """The engine exited (or closed its output) while the client awaited an
    answer; ``returncode`` is its exit code when known."""

    def __init__(self, message: str, command: str = "", returncode: int | None = None) -> None:
        super().__init__(message, command)
        self.returncode = returncode


class EngineTimeout(EngineError):
    """The engine did not answer within ``seconds``."""

    def __init__(self, message: str, command: str = "", seconds: float = 0.0) -> None:
        super().__init__(message, command)
        self.seconds = seconds


def format_seconds(seconds: float) -> str:
    """A duration for a message: ``30 s``, ``2.5 s``, ``0.05 s``.

    >>> format_seconds(29.99992178399998), format_seconds(2.5), format_seconds(0.05)
    ('30 s', '2.5 s', '0.05 s')
    """
    return f"{seconds:.0f} s" if seconds >= 10 else f"{seconds:.2g} s"


@dataclass
class EngineOptionSpec:
    """One ``option`` line of the handshake."""

    name: str
    kind: str
    default: str
    minimum: int | None = None
    maximum: int | None = None
    choices: list[str] = field(default_factory=list)


@dataclass
class EngineInfo:
    """What the handshake told: ``id`` lines and options."""

    name: str = ""
    author: str = ""
    protocol: int | None = None
    games: list[str] = field(default_factory=list)
    options: dict[str, EngineOptionSpec] = field(default_factory=dict)


@dataclass
class Info:
    """One parsed ``info`` line. ``score`` is the text (``cp 35``, ``win 5``)."""

    depth: int | None = None
    seldepth: int | None = None
    multipv: int | None = None
    score: str | None = None
    pov: int | None = None
    nodes: int | None = None
    nps: int | None = None
    time: int | None = None
    hashfull: int | None = None
    winprob: float | None = None
    expect: list[float] | None = None
    outcome: str | None = None
    prob: Fraction | None = None
    outcomes: str | None = None
    pv: list[str] = field(default_factory=list)
    string: str | None = None
    raw: str = ""

    @property
    def score_value(self) -> int | None:
        """The score as one integer for sorting: cp as is, a win (loss) in N plies
        as ``±(1_000_000 - N)``."""
        if self.score is None:
            return None
        kind, number = self.score.split()
        n = int(number)
        return n if kind == "cp" else 1_000_000 - n if kind == "win" else -(1_000_000 - n)


def parse_info(line: str) -> Info:
    """Parses an ``info`` line; unknown keys are skipped with their value.

    >>> parse_info("info depth 3 score cp -12 nodes 40 pv a b").score
    'cp -12'
    >>> parse_info("info outcome 1-1 prob 1/36 expect 0.5,-0.5").prob
    Fraction(1, 36)
    """
    info = Info(raw=line)
    tokens = line.split()
    i = 1
    while i < len(tokens):
        key = tokens[i]
        if key == "string":
            info.string = " ".join(tokens[i + 1 :])
            break
        if key == "pv":
            info.pv = tokens[i + 1 :]
            break
        if key == "score" and i + 2 < len(tokens) + 1:
            info.score = " ".join(tokens[i + 1 : i + 3])
            i += 3
            continue
        value = tokens[i + 1] if i + 1 < len(tokens) else ""
        try:
            if key in ("depth", "seldepth", "multipv", "nodes", "nps", "time", "hashfull", "pov"):
                setattr(info, key, int(value))
            elif key == "winprob":
                info.winprob = float(value)
            elif key == "expect":
                info.expect = [float(x) for x in value.split(",")]
            elif key == "prob":
                info.prob = Fraction(value)
            elif key in ("outcome", "outcomes"):
                setattr(info, key, value)
        except ValueError:
            pass
        i += 2
    return info


@dataclass
class SearchResult:
    """What one ``go`` produced: the ``bestmove`` and everything before it."""

    bestmove: str
    infos: list[Info]
    errors: list[str]
    lines: list[str]

    @property
    def best(self) -> Info | None:
        """The last main-line ``info`` (multipv 1, not an outcome line), if any."""
        for info in reversed(self.infos):
            if info.outcome is None and info.string is None and info.multipv in (None, 1):
                return info
        return None

    @property
    def score(self) -> str | None:
        """The final score text (``cp 35``), or None."""
        best = self.best
        return None if best is None else best.score

    @property
    def pv(self) -> list[str]:
        """The final principal variation."""
        best = self.best
        return [] if best is None else best.pv

    @property
    def outcomes(self) -> list[Info]:
        """At a chance position: one ``info outcome`` per outcome."""
        return [info for info in self.infos if info.outcome is not None]


class EngineClient:
    """Drives one engine process through the protocol.

    :param command: the program and its arguments.
    :param timeout: default seconds to wait for any answer.
    :param cwd, env: passed to :class:`subprocess.Popen`.
    """

    def __init__(
        self,
        command: Sequence[str],
        *,
        timeout: float = 30.0,
        cwd: str | os.PathLike[str] | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.command = list(command)
        self.name = shlex.join(self.command)
        """The command as one line of text, for messages."""
        self.timeout = timeout
        self.errors: list[str] = []
        self.info = EngineInfo()
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._pushback: list[str] = []
        if not self.command:
            raise EngineStartError("no engine command given")
        try:
            self._process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                cwd=cwd,
                env=None if env is None else dict(env),
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as error:
            reason = (error.strerror or str(error)).lower()
            where = (
                f" (in {cwd})"
                if cwd is not None
                and isinstance(error, FileNotFoundError)
                and not os.path.isdir(cwd)
                else ""
            )
            raise EngineStartError(
                f"engine {self.name!r} cannot be started: {reason}{where}", self.name
            ) from None
        self._reader = threading.Thread(target=self._read, name="engine-reader", daemon=True)
        self._reader.start()

    @classmethod
    def start_safari(cls, *, timeout: float = 30.0, handshake: bool = True) -> EngineClient:
        """Starts ``python -m safari_ai engine`` with this interpreter and this
        copy of safari_ai, then (by default) does the handshake."""
        package_parent = str(Path(__file__).resolve().parents[1])
        env = dict(os.environ)
        env["PYTHONPATH"] = package_parent + (
            os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else ""
        )
        # run outside any source tree, whose uncompiled safari_ai would shadow this one
        client = cls(
            [sys.executable, "-m", "safari_ai", "engine"],
            timeout=timeout,
            env=env,
            cwd=tempfile.gettempdir(),
        )
        if handshake:
            client.handshake()
        return client

    # -- plumbing ----------------------------------------------------------
    def _read(self) -> None:
        assert self._process.stdout is not None
        for line in self._process.stdout:
            self._lines.put(line.rstrip("\r\n"))
        self._lines.put(None)

    def send(self, line: str) -> None:
        """Writes one command line.

        :raises EngineExited: the engine has exited.
        """
        if "\n" in line or "\r" in line:
            raise ValueError(f"a command is one line: {line!r}")
        assert self._process.stdin is not None
        try:
            self._process.stdin.write(line + "\n")
            self._process.stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            raise self._exited(f"before {line.split(' ', 1)[0]!r} could be sent") from None

    def read_line(self, timeout: float | None = None, awaited: str = "an answer") -> str:
        """The next output line.

        :raises EngineTimeout: none came within ``timeout`` seconds.
        :raises EngineExited: the engine closed its output.
        """
        if self._pushback:
            return self._pushback.pop(0)
        wait = self.timeout if timeout is None else timeout
        try:
            line = self._lines.get(timeout=max(0.0, wait))
        except queue.Empty:
            raise self._silent(awaited, wait) from None
        if line is None:
            self._lines.put(None)
            raise self._exited(f"while awaiting {awaited}")
        if line.startswith("info string error:"):
            self.errors.append(line)
        return line

    def read_until(self, prefix: str, timeout: float | None = None) -> list[str]:
        """Lines up to and including the first that starts with ``prefix``.

        :raises EngineTimeout: it did not come within ``timeout`` seconds.
        :raises EngineExited: the engine closed its output first.
        """
        total = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + total
        lines = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0 and not self._pushback:
                raise self._silent(repr(prefix), total)
            try:
                lines.append(self.read_line(left, repr(prefix)))
            except EngineTimeout:
                raise self._silent(repr(prefix), total) from None
            if lines[-1] == prefix or lines[-1].startswith(prefix + " "):
                return lines

    def _silent(self, awaited: str, seconds: float) -> EngineTimeout:
        return EngineTimeout(
            f"engine {self.name!r} sent no {awaited} within {format_seconds(seconds)}",
            self.name,
            seconds,
        )

    def _exited(self, when: str) -> EngineExited:
        """The error for an engine found gone; waits a moment for its exit code."""
        try:
            code: int | None = self._process.wait(1.0)
        except subprocess.TimeoutExpired:
            code = None
        what = "closed its output" if code is None else f"exited with code {code}"
        return EngineExited(f"engine {self.name!r} {what} {when}", self.name, code)

    # -- commands ----------------------------------------------------------
    def handshake(self) -> EngineInfo:
        """``safari`` .. ``safariok``; fills and returns :attr:`info`."""
        self.send("safari")
        info = EngineInfo()
        for line in self.read_until("safariok"):
            tokens = line.split()
            if line.startswith("id name "):
                info.name = line[len("id name ") :]
            elif line.startswith("id author "):
                info.author = line[len("id author ") :]
            elif line.startswith("id protocol ") and len(tokens) == 3 and tokens[2].isdigit():
                info.protocol = int(tokens[2])
            elif line.startswith("id games"):
                info.games = tokens[2:]
            elif line.startswith("option name "):
                spec = _parse_option(tokens)
                info.options[spec.name] = spec
        self.info = info
        return info

    def isready(self, timeout: float | None = None) -> None:
        """``isready``; returns at ``readyok``."""
        self.send("isready")
        self.read_until("readyok", timeout)

    def set_option(self, name: str, value: Any) -> None:
        """``setoption name NAME value VALUE`` (booleans as true/false).

        :raises EngineError: the engine refused it (its error line is the message).
        """
        text = ("true" if value else "false") if isinstance(value, bool) else str(value)
        self._checked(f"setoption name {name} value {text}")

    def new_game(self) -> None:
        """``newgame``."""
        self._checked("newgame")

    def position(
        self,
        game: str | None = None,
        *,
        rules: Mapping[str, Any] | None = None,
        position: Mapping[str, Any] | str | None = None,
        moves: Sequence[str] = (),
        sync: bool = True,
    ) -> None:
        """``position startpos GAME [KEY=VALUE ...]`` or ``position json {...}``,
        then ``moves ...``.

        ``sync=False`` sends the line and returns, as a GUI does before its
        ``go``, without the ``isready`` round trip that checks it; a refusal
        then shows in the next :meth:`go`'s :attr:`SearchResult.errors` (and
        that ``go`` searches the previous position).

        :raises EngineError: the engine refused it (its error line is the message).
        """
        if (game is None) == (position is None):
            raise ValueError("give exactly one of game and position")
        if position is not None:
            text = position if isinstance(position, str) else json.dumps(position)
            line = f"position json {' '.join(text.split())}"
        else:
            line = f"position startpos {game}"
            for key, value in (rules or {}).items():
                line += f" {key}={json.dumps(value) if not isinstance(value, str) else value}"
        if moves:
            line += " moves " + " ".join(moves)
        if sync:
            self._checked(line)
        else:
            self.send(line)

    def go(
        self,
        *,
        depth: int | None = None,
        nodes: int | None = None,
        movetime: int | None = None,
        clocks: Mapping[int, int] | None = None,
        increments: Mapping[int, int] | None = None,
        movestogo: int | None = None,
        timeout: float | None = None,
    ) -> SearchResult:
        """Sends ``go`` with the given limits and waits for ``bestmove``.

        ``clocks`` / ``increments`` map players to milliseconds (``time0``,
        ``inc0``, ...). With no limit at all the engine searches until
        :meth:`stop`; use :meth:`go_infinite` for that.
        """
        parts = ["go"]
        for key, value in (
            ("depth", depth),
            ("nodes", nodes),
            ("movetime", movetime),
            ("movestogo", movestogo),
        ):
            if value is not None:
                parts += [key, str(value)]
        for player, ms in (clocks or {}).items():
            parts += [f"time{player}", str(ms)]
        for player, ms in (increments or {}).items():
            parts += [f"inc{player}", str(ms)]
        if len(parts) == 1:
            raise ValueError("go() needs a limit; use go_infinite() and stop()")
        self.send(" ".join(parts))
        return self._result(self.read_until("bestmove", timeout))

    def go_infinite(self) -> None:
        """``go infinite``; collect the result with :meth:`stop`."""
        self.send("go infinite")

    def stop(self, timeout: float | None = None) -> SearchResult:
        """``stop``; waits for the running search's ``bestmove``."""
        self.send("stop")
        return self._result(self.read_until("bestmove", timeout))

    def legal_moves(self) -> list[str] | list[tuple[str, Fraction]]:
        """The ``moves`` debug command: moves, or (outcome, probability) pairs."""
        line = self._answer("moves", ("moves", "outcomes"))
        tokens = line.split()[1:]
        if line.startswith("outcomes"):
            return [(tokens[i], Fraction(tokens[i + 1])) for i in range(0, len(tokens), 2)]
        return [] if tokens == ["(none)"] else tokens

    def perft(self, depth: int, timeout: float | None = None) -> int:
        """The ``perft N`` debug command: the node count."""
        self.send(f"perft {depth}")
        lines = self.read_until("nodes", timeout)
        return int(lines[-1].split()[1])

    def display(self) -> dict[str, str]:
        """The ``d`` debug command, as {first word: rest of line}."""
        lines = self._answers("d")
        return {
            line.split(" ", 1)[0]: line.split(" ", 1)[1] if " " in line else "" for line in lines
        }

    def quit(self, timeout: float = 5.0) -> int:
        """``quit``; waits for the process to end (kills it after ``timeout``)."""
        try:
            self.send("quit")
        except EngineError:
            pass
        return self.close(timeout)

    def close(self, timeout: float = 5.0) -> int:
        """Closes the pipes and waits for the process; returns its exit code."""
        for stream in (self._process.stdin,):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        try:
            return self._process.wait(timeout)
        except subprocess.TimeoutExpired:
            self._process.kill()
            return self._process.wait()

    @property
    def returncode(self) -> int | None:
        """The exit code, or None while the engine runs."""
        return self._process.poll()

    def __enter__(self) -> EngineClient:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._process.poll() is None:
            self.quit()

    # -- helpers -----------------------------------------------------------
    def _answers(self, command: str) -> list[str]:
        """Sends ``command`` then ``isready``; the lines before ``readyok``,
        keeping a running search's lines (``info`` other than errors,
        ``bestmove``) for later reads."""
        self.send(command)
        self.send("isready")
        answers, search = [], []
        for answer in self.read_until("readyok")[:-1]:
            if answer.startswith("bestmove") or (
                answer.startswith("info ") and not answer.startswith("info string")
            ):
                search.append(answer)
            else:
                answers.append(answer)
        self._pushback.extend(search)
        return answers

    def _checked(self, line: str) -> None:
        """Sends a command that answers nothing when all is well."""
        for answer in self._answers(line):
            if answer.startswith("info string error:"):
                raise EngineError(answer[len("info string error:") :].strip(), self.name)

    def _answer(self, command: str, prefixes: Sequence[str]) -> str:
        found = None
        for answer in self._answers(command):
            if answer.startswith("info string error:"):
                raise EngineError(answer[len("info string error:") :].strip(), self.name)
            if answer.split(" ", 1)[0] in prefixes:
                found = answer
        if found is None:
            raise EngineError(f"engine {self.name!r} gave no answer to {command!r}", self.name)
        return found

    @staticmethod
    def _result(lines: list[str]) -> SearchResult:
        infos = [parse_info(line) for line in lines if line.startswith("info ")]
        errors = [line for line in lines if line.startswith("info string error:")]
        return SearchResult(lines[-1].split()[1], infos, errors, lines)


def _parse_option(tokens: list[str]) -> EngineOptionSpec:
    """``option name N type T default D [min A max B] [var V ...]``."""
    fields: dict[str, list[str]] = {}
    key = None
    for token in tokens[1:]:
        if token in ("name", "type", "default", "min", "max", "var"):
            key = token
            if token == "var":
                fields.setdefault("var", []).append("")
            else:
                fields.setdefault(key, [])
            continue
        if key == "var":
            fields["var"][-1] = (fields["var"][-1] + " " + token).strip()
        elif key is not None:
            fields[key].append(token)

    def one(name: str) -> str:
        return " ".join(fields.get(name, []))

    return EngineOptionSpec(
        one("name"),
        one("type"),
        one("default"),
        int(one("min")) if one("min").lstrip("-").isdigit() else None,
        int(one("max")) if one("max").lstrip("-").isdigit() else None,
        fields.get("var", []),
    )
