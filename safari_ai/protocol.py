"""The engine protocol: a UCI-like text protocol, as a pure core.

:class:`Engine` turns one input line into the list of output lines it answers
at once; it reads and writes nothing itself. Searches run on a worker thread,
so ``isready`` and ``stop`` are answered while one runs. Where the lines of a
search go depends on how the engine was made:

* ``Engine(emit=callback)`` (the ``safari-ai engine`` command): the worker
  hands each ``info`` line and the ``bestmove`` to ``callback`` as it comes.
* ``Engine()`` (tests, scripts): a ``go`` with a finite limit blocks and
  returns the whole search, ``info`` lines then ``bestmove``; ``go infinite``
  returns at once, and the search's lines come back, in order, at the head of
  the answers to the following lines (the ``bestmove`` with ``stop``'s).

The engine is idle again the moment a search's ``bestmove`` is written; a
``go`` (or ``perft``) that comes while one runs is queued and runs after it
(it then returns at once, also without ``emit``); ``stop`` ends the running
search and the queued ones, each with its ``bestmove`` (docs/protocol.md,
section 6).

>>> eng = Engine()
>>> eng.feed("position startpos turtles moves d1xd3")
[]
>>> eng.feed("go depth 1")[-1].startswith("bestmove ")
True
>>> eng.feed("fly")
["info string error: unknown command 'fly' (try 'help')"]

The protocol itself is defined in ``docs/protocol.md``. Commands are dispatched
through an exact-match table (:attr:`Engine.COMMANDS`); any problem with a line
gives one ``info string error: ...`` line naming the offending token, and the
engine keeps working.
"""
from __future__ import annotations

import json
import re
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence

from safari_ai._version import __version__
from safari_ai.errors import SafariError
from safari_ai.player import INFINITE_MS, EnginePlayer, TreeFactory
from safari_ai.position import Position, games
from safari_ai.search import ALGORITHMS, MctsSession, Report, StopFlag, analyse

__all__ = ["Engine", "ProtocolError", "EngineOption", "time_budget", "PROTOCOL_VERSION",
           "MOVE_OVERHEAD_MS", "DEFAULT_MOVESTOGO"]

PROTOCOL_VERSION = 1
ENGINE_NAME = f"safari_ai {__version__}"
ENGINE_AUTHOR = "the safari_ai authors"
MOVE_OVERHEAD_MS = 30
"""Default of the ``MoveOverhead`` option: clock time kept back for I/O per move."""
DEFAULT_MOVESTOGO = 30
"""Moves the clock is shared over when ``go`` gives no ``movestogo``."""
"""The movetime given to the search for ``go infinite`` (about 31 years)."""
SCORE_RACE_GAMES = frozenset({"ostrich"})
"""Games whose results are points per player rather than a zero-sum +1/0/-1
(rules/README.md); for them a score cannot be turned to another player's view."""
MAX_PLAYERS = 8
STOP_WAIT = 10.0
"""Seconds ``stop`` waits at most for the stopped searches' ``bestmove`` (a
search ends within milliseconds; this only keeps the reader alive)."""

AnalyseFn = Callable[..., Report]


class ProtocolError(Exception):
    """A line the engine cannot act on; the message names the offending token."""


def _one_line(text: str) -> str:
    """``text`` with any line break made a space: an answer is always one line."""
    return text.replace("\r", " ").replace("\n", " ") if ("\n" in text or "\r" in text) else text


def _quote(token: str) -> str:
    return repr(token) if len(token) <= 60 else repr(token[:57] + "...")


# -- options -----------------------------------------------------------------

@dataclass
class EngineOption:
    """One ``setoption`` option, as the handshake announces it (UCI types)."""

    name: str
    kind: str                    # "spin", "check", "combo" or "string"
    default: Any
    minimum: Optional[int] = None
    maximum: Optional[int] = None
    choices: Sequence[str] = ()
    game: Optional[str] = None   # a rules option of this game
    key: Optional[str] = None    # its key in "rules"
    value: Any = None

    def __post_init__(self) -> None:
        self.value = self.default

    def describe(self) -> str:
        """The handshake line: ``option name N type T default D ...``."""
        default = _format_value(self.default)
        text = f"option name {self.name} type {self.kind} default {default}"
        if self.kind == "spin":
            text += f" min {self.minimum} max {self.maximum}"
        for choice in self.choices:
            text += f" var {choice}"
        return text

    def parse(self, raw: str) -> Any:
        """The value ``raw`` means for this option; :class:`ProtocolError` when bad."""
        where = f"setoption: bad value {_quote(raw)} for option {self.name}"
        if self.kind == "check":
            if raw.lower() not in ("true", "false"):
                raise ProtocolError(f"{where}: expected true or false")
            return raw.lower() == "true"
        if self.kind == "spin":
            try:
                number = int(raw)
            except ValueError:
                raise ProtocolError(f"{where}: expected an integer") from None
            assert self.minimum is not None and self.maximum is not None
            if not self.minimum <= number <= self.maximum:
                raise ProtocolError(f"{where}: out of range {self.minimum}..{self.maximum}")
            return number
        if self.kind == "combo":
            for choice in self.choices:
                if choice.lower() == raw.lower():
                    return choice
            raise ProtocolError(f"{where}: expected one of {', '.join(self.choices)}")
        if raw == "<empty>":
            return ""
        return raw


def _format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value == "":
        return "<empty>"
    return str(value)


_RANGE = re.compile(r"out of range (-?\d+)\.\.(-?\d+)")
_CHOICES = re.compile(r'is not one of ((?:"[^"]*"(?:, )?)+)')


def _rules_options(game: str) -> list[EngineOption]:
    """The rules options of ``game`` as engine options named ``game.key``.

    Types come from the defaults; ranges and choices are read from the core's
    own validation messages when it gives them (else ``spin`` falls back to a
    wide range and a string option to type ``string``).
    """
    rules = Position.new(game).to_json().get("rules", {})
    options = []
    for key, default in rules.items():
        name = f"{game}.{key}"
        if isinstance(default, bool):
            options.append(EngineOption(name, "check", default, game=game, key=key))
        elif isinstance(default, int):
            low, high = -(2 ** 31), 2 ** 31 - 1
            match = _RANGE.search(_probe(game, key, -(2 ** 62)))
            if match:
                low, high = int(match.group(1)), int(match.group(2))
            options.append(EngineOption(name, "spin", default, low, high, game=game, key=key))
        elif isinstance(default, str):
            match = _CHOICES.search(_probe(game, key, "\u0001?"))
            if match:
                choices = re.findall(r'"([^"]*)"', match.group(1))
                options.append(EngineOption(name, "combo", default, choices=choices,
                                            game=game, key=key))
            else:
                options.append(EngineOption(name, "string", default, game=game, key=key))
    return options


def _probe(game: str, key: str, value: Any) -> str:
    """The core's message for an out-of-range rules value ('' when it is accepted)."""
    try:
        Position.new(game, {key: value})
    except SafariError as error:
        return str(error)
    return ""


def _engine_options() -> list[EngineOption]:
    options = [
        EngineOption("Threads", "spin", 1, 1, 64),
        EngineOption("Hash", "spin", 16, 1, 65536),
        EngineOption("MultiPV", "spin", 1, 1, 16),
        EngineOption("Seed", "spin", 0, 0, 2 ** 63 - 1),
        EngineOption("Algorithm", "combo", "auto", choices=list(ALGORITHMS)),
        EngineOption("MctsLeaf", "combo", "evaluate", choices=["rollout", "evaluate"]),
        EngineOption("TreeReuse", "check", True),
        EngineOption("MoveOverhead", "spin", MOVE_OVERHEAD_MS, 0, 10000),
    ]
    for game in games():
        options.extend(_rules_options(game))
    return options


# -- time --------------------------------------------------------------------

def time_budget(remaining_ms: int, increment_ms: int = 0, movestogo: Optional[int] = None,
                overhead_ms: int = MOVE_OVERHEAD_MS) -> int:
    """Milliseconds to search one move on a clock (the rule of docs/protocol.md).

    ``usable = remaining - overhead``; the share is ``usable / movestogo +
    3/4 increment``, never more than ``usable``, never less than 1 ms.

    >>> time_budget(60000, 0)
    1999
    >>> time_budget(1000, 500, movestogo=1)
    970
    >>> time_budget(10, 0)
    1
    """
    usable = remaining_ms - overhead_ms
    if usable <= 0:
        return 1
    moves = movestogo if movestogo and movestogo > 0 else DEFAULT_MOVESTOGO
    share = usable // moves + (3 * max(increment_ms, 0)) // 4
    return max(1, min(share, usable))


# -- go ----------------------------------------------------------------------

_GO_INT_FIELDS = {"depth", "nodes", "movetime", "movestogo", "wtime", "btime", "winc", "binc"}
_GO_INT_FIELDS |= {f"time{p}" for p in range(MAX_PLAYERS)} | {f"inc{p}" for p in range(MAX_PLAYERS)}
_CLOCK_ALIASES = {"wtime": "time0", "btime": "time1", "winc": "inc0", "binc": "inc1"}


@dataclass
class GoRequest:
    """A parsed ``go`` line."""

    depth: Optional[int] = None
    nodes: Optional[int] = None
    movetime: Optional[int] = None
    infinite: bool = False
    movestogo: Optional[int] = None
    clocks: dict[int, int] = field(default_factory=dict)
    increments: dict[int, int] = field(default_factory=dict)

    @classmethod
    def parse(cls, tokens: Sequence[str]) -> GoRequest:
        """Reads the tokens after ``go``; :class:`ProtocolError` names a bad one."""
        request = cls()
        i = 0
        while i < len(tokens):
            name = tokens[i]
            if name == "infinite":
                request.infinite = True
                i += 1
                continue
            if name not in _GO_INT_FIELDS:
                raise ProtocolError(f"go: unknown parameter {_quote(name)}")
            if i + 1 >= len(tokens):
                raise ProtocolError(f"go: {name} needs a value")
            raw = tokens[i + 1]
            try:
                value = int(raw)
            except ValueError:
                raise ProtocolError(f"go: {name} needs an integer, got {_quote(raw)}") from None
            name = _CLOCK_ALIASES.get(name, name)
            value = min(value, INFINITE_MS)  # longer is "for ever"; keeps C's int64 safe
            if name in ("depth", "nodes", "movetime", "movestogo") and value < 1:
                raise ProtocolError(f"go: {name} must be at least 1, got {_quote(raw)}")
            if name == "depth" and value > 120:
                raise ProtocolError(f"go: depth must be at most 120, got {_quote(raw)}")
            if name.startswith("time"):
                request.clocks[int(name[4:])] = value
            elif name.startswith("inc"):
                request.increments[int(name[3:])] = value
            else:
                setattr(request, name, value)
            i += 2
        return request

    def limited(self) -> bool:
        """True when something other than ``stop`` ends the search."""
        return not self.infinite and (self.depth is not None or self.nodes is not None
                                      or self.movetime is not None or bool(self.clocks))


# -- values over chance ------------------------------------------------------

def _fmt(x: float) -> str:
    return f"{x:.3f}"


def _chance_fields(expected: Optional[list[float]], pov: int, zero_sum: bool) -> list[str]:
    """The ``score ... pov``, ``winprob`` and ``expect`` fields of a chance
    position's or an outcome's expected results (every player's)."""
    if expected is None:
        return []
    if zero_sum:   # expected[p]: p's win probability, a draw counting half
        return [f"score cp {round(100 * (2 * expected[pov] - 1))} pov {pov}",
                f"winprob {_fmt(expected[pov])}",
                f"expect {','.join(_fmt(x) for x in expected)}"]
    return [f"score cp {round(100 * expected[pov])} pov {pov}",
            f"expect {','.join(_fmt(x) for x in expected)}"]


def _report_expect(report: Report) -> Optional[list[float]]:
    expected = getattr(report, "expected", None)
    if expected is None:
        expected = report.extra.get("expected")
    return None if expected is None else [float(x) for x in expected]


# -- the engine --------------------------------------------------------------

@dataclass
class _Job:
    """One ``go`` or ``perft`` accepted by the engine, run on the worker in turn.

    ``run`` does the work, emitting its ``info`` lines, and returns the last
    line (``bestmove M``, ``nodes N``), which the worker writes as it marks
    the job done: once that line is out, the engine is idle.
    """

    run: Callable[[], Optional[str]]
    unbounded: bool                  # go infinite, perft: stopped at end of input
    failed: Optional[str]            # the last line when ``run`` raises
    stopped: bool = False            # 'stop' came before it started
    done: threading.Event = field(default_factory=threading.Event)


_UCI_HINTS = {"uci": "this is the safari_ai protocol: send 'safari'",
              "ucinewgame": "send 'newgame'"}

HELP = [
    "commands (docs/protocol.md):",
    "  safari | isready | setoption name N value V | newgame",
    "  position startpos GAME [KEY=VALUE ...] [moves M ...]",
    "  position json {...} [moves M ...]",
    "  go [depth N] [nodes N] [movetime MS] [infinite] [wtime MS btime MS winc MS binc MS"
    " movestogo N] | stop | quit",
    "  debug: d | moves | perft N | eval | help",
]


class Engine:
    """The protocol core: ``feed(line)`` returns the lines answered at once.

    :param emit: where a search's lines go as they come (from the worker
        thread); None keeps them and returns them from :meth:`feed` (see the
        module docstring).
    :param analyse_fn: the search (``safari_ai.analyse``'s signature); tests
        may pass another.
    :param new_position: makes a start position (``Position.new``'s signature).
    :param read_position: reads a JSON position (``Position.from_json``).
    :param new_tree: makes the MCTS tree kept between searches
        (:class:`~safari_ai.search.MctsSession`); None: never keep one.
    """

    def __init__(self, emit: Optional[Callable[[str], None]] = None, *,
                 analyse_fn: AnalyseFn = analyse,
                 new_position: Callable[[str, Optional[dict[str, Any]]], Any] = Position.new,
                 read_position: Callable[[str], Any] = Position.from_json,
                 game_names: Optional[Sequence[str]] = None,
                 new_tree: Optional[TreeFactory] = MctsSession) -> None:
        self._emit_cb = emit
        self._new_position = new_position
        self._read_position = read_position
        self._games = list(games() if game_names is None else game_names)
        self.options = {opt.name.lower(): opt for opt in _engine_options()}
        self.position: Any = None
        # the positions from the base of the last 'position' line to
        # self.position, and the moves between them (for tree reuse)
        self._path: list[Any] = []
        self._path_moves: list[str] = []
        # the engine as a player (its MCTS tree kept between searches); used
        # by the worker only
        self._player = EnginePlayer(search=analyse_fn, new_tree=new_tree)
        self._tree_stale = False                   # set by newgame: drop the tree
        self.finished = False
        self._lock = threading.Lock()
        self._pending: list[str] = []
        # The jobs: the one running on the worker and those queued behind it.
        # _state guards both; the worker writes a job's last line and takes
        # the next job under it, so a command read after that line (a 'go'
        # right after 'bestmove') always finds the engine idle.
        self._state = threading.Lock()
        self._running: Optional[_Job] = None
        self._queue: deque[_Job] = deque()
        self._worker: Optional[threading.Thread] = None
        # the running job's stop signals (the worker sets them for each job)
        self._stop_flag = StopFlag()
        self._stop_event = threading.Event()
        self.COMMANDS: dict[str, Callable[[list[str]], list[str]]] = {
            "safari": self._cmd_safari,
            "isready": self._cmd_isready,
            "setoption": self._cmd_setoption,
            "newgame": self._cmd_newgame,
            "position": self._cmd_position,
            "go": self._cmd_go,
            "stop": self._cmd_stop,
            "quit": self._cmd_quit,
            "d": self._cmd_display,
            "moves": self._cmd_moves,
            "perft": self._cmd_perft,
            "eval": self._cmd_eval,
            "help": self._cmd_help,
        }

    # -- entry point -----------------------------------------------------
    def feed(self, line: str) -> list[str]:
        """Acts on one input line; returns the lines to print now.

        Never raises for bad input: a problem gives one ``info string error:``
        line. After ``quit`` :attr:`finished` is True.
        """
        tokens = line.split()
        out = self._drain()
        if not tokens or self.finished:
            return out
        handler = self.COMMANDS.get(tokens[0])
        try:
            if handler is None:
                hint = _UCI_HINTS.get(tokens[0], "try 'help'")
                raise ProtocolError(f"unknown command {_quote(tokens[0])} ({hint})")
            out.extend(handler(tokens[1:]))
        except ProtocolError as error:
            out.append(f"info string error: {error}")
        except Exception as error:  # noqa: BLE001 - the loop must survive anything
            out.append(f"info string error: {tokens[0]}: internal error: "
                       f"{type(error).__name__}: {error}")
        return [_one_line(item) for item in out] + self._drain()

    @property
    def searching(self) -> bool:
        """True from an accepted ``go`` (or ``perft``) until its last line
        (``bestmove``, ``nodes``) is written, and while others wait behind it."""
        with self._state:
            return self._running is not None

    def wait(self, timeout: Optional[float] = None) -> list[str]:
        """Waits for the running job and those queued behind it to end;
        returns their lines not yet returned."""
        last = self._last_job()
        if last is not None:
            last.done.wait(timeout)
        return self._drain()

    def close(self) -> None:
        """Stops any search and waits (briefly) for the worker."""
        self._stop_search(timeout=2.0)

    def end_of_input(self) -> list[str]:
        """What the engine does when its input ends: a search with a limit is
        let finish (so ``printf 'position ...\\ngo depth 5\\n' | safari-ai engine``
        prints its ``bestmove``); ``go infinite`` and ``perft`` are stopped.
        Returns the lines not yet returned; afterwards :attr:`finished` is True.
        """
        if self.finished:
            self._stop_search(timeout=0.0)
            out = self._drain()
        else:
            with self._state:
                if self._running is not None and self._running.unbounded:
                    self._raise_stop()
                for job in self._queue:
                    job.stopped = job.stopped or job.unbounded
            out = self.wait()
        self.finished = True
        return out

    # -- output ----------------------------------------------------------
    def _emit(self, line: str) -> None:
        line = _one_line(line)
        if self._emit_cb is not None:
            self._emit_cb(line)
        else:
            with self._lock:
                self._pending.append(line)

    def _drain(self) -> list[str]:
        with self._lock:
            lines, self._pending = self._pending, []
        return lines

    # -- handshake and options ---------------------------------------------
    def _cmd_safari(self, args: list[str]) -> list[str]:
        self._no_args("safari", args)
        lines = [f"id name {ENGINE_NAME}", f"id author {ENGINE_AUTHOR}",
                 f"id protocol {PROTOCOL_VERSION}", f"id games {' '.join(self._games)}"]
        lines += [opt.describe() for opt in self.options.values()]
        return lines + ["safariok"]

    def _cmd_isready(self, args: list[str]) -> list[str]:
        self._no_args("isready", args)
        return ["readyok"]

    def _cmd_help(self, args: list[str]) -> list[str]:
        return [f"info string {line}" for line in HELP]

    def _cmd_setoption(self, args: list[str]) -> list[str]:
        if not args or args[0] != "name":
            raise ProtocolError("setoption: expected 'setoption name NAME value VALUE'")
        if "value" in args:
            at = args.index("value")
            name_tokens, value_tokens = args[1:at], args[at + 1:]
        else:
            name_tokens, value_tokens = args[1:], []
        name = " ".join(name_tokens)
        if not name:
            raise ProtocolError("setoption: missing option name after 'name'")
        option = self.options.get(name.lower())
        if option is None:
            raise ProtocolError(f"setoption: unknown option {_quote(name)}")
        if not value_tokens:
            raise ProtocolError(f"setoption: option {option.name} needs 'value VALUE'")
        value = option.parse(" ".join(value_tokens))
        if option.game is not None:
            try:
                self._new_position(option.game, {str(option.key): value})
            except SafariError as error:
                raise ProtocolError(f"setoption: bad value for option {option.name}: "
                                    f"{error}") from None
        option.value = value
        if option.name == "TreeReuse" and not value:
            self._tree_stale = True
        return []

    def _option(self, name: str) -> Any:
        return self.options[name.lower()].value

    def _game_rules(self, game: str) -> dict[str, Any]:
        return {str(opt.key): opt.value for opt in self.options.values()
                if opt.game == game and opt.value != opt.default}

    def _cmd_newgame(self, args: list[str]) -> list[str]:
        self._no_args("newgame", args)
        self.position = None
        self._path, self._path_moves = [], []
        self._tree_stale = True
        return []

    # -- position --------------------------------------------------------
    def _cmd_position(self, args: list[str]) -> list[str]:
        if not args:
            raise ProtocolError("position: expected 'startpos GAME ...' or 'json {...}'")
        kind, rest = args[0], args[1:]
        if kind == "startpos":
            pos, moves = self._startpos(rest)
        elif kind == "json":
            pos, moves = self._json_position(rest)
        else:
            raise ProtocolError(f"position: expected 'startpos' or 'json', got {_quote(kind)}")
        path = [pos]
        for number, move in enumerate(moves, start=1):
            if pos.is_terminal():
                raise ProtocolError(f"position: move {number} ({move}): the game is over")
            try:
                pos = pos.apply(move)
            except SafariError as error:
                raise ProtocolError(f"position: move {number} ({move}): {error}") from None
            path.append(pos)
        self.position = pos
        self._path, self._path_moves = path, list(moves)
        return []

    def _startpos(self, args: list[str]) -> tuple[Any, list[str]]:
        if not args or args[0] == "moves":
            raise ProtocolError(f"position startpos: missing game (one of "
                                f"{', '.join(self._games)})")
        game = args[0]
        if game not in self._games:
            raise ProtocolError(f"position startpos: unknown game {_quote(game)} (one of "
                                f"{', '.join(self._games)})")
        rules = self._game_rules(game)
        rest = args[1:]
        while rest and rest[0] != "moves":
            key, sep, raw = rest[0].partition("=")
            if not sep or not key:
                raise ProtocolError(f"position startpos: expected KEY=VALUE or 'moves', "
                                    f"got {_quote(rest[0])}")
            try:
                rules[key] = json.loads(raw)
            except json.JSONDecodeError:
                rules[key] = raw
            rest = rest[1:]
        try:
            pos = self._new_position(game, rules or None)
        except SafariError as error:
            raise ProtocolError(f"position startpos: {error}") from None
        return pos, rest[1:]

    def _json_position(self, args: list[str]) -> tuple[Any, list[str]]:
        text = " ".join(args)
        if not text:
            raise ProtocolError("position json: missing the JSON object")
        # Python's reader only finds where the object ends; the text itself,
        # as sent, goes to the position reader (the one the CLI and the API
        # use), so that it refuses what they refuse (a duplicate key, ...).
        try:
            obj, end = json.JSONDecoder().raw_decode(text)
        except json.JSONDecodeError as error:
            raise ProtocolError(f"position json: not JSON: {error}") from None
        except RecursionError:
            raise ProtocolError("position json: not JSON: nested too deeply") from None
        except ValueError as error:  # e.g. a number of thousands of digits
            raise ProtocolError(f"position json: not JSON: {str(error)[:80]}") from None
        if not isinstance(obj, dict):
            raise ProtocolError("position json: expected a JSON object {...}")
        rest = text[end:].split()
        if rest and rest[0] != "moves":
            raise ProtocolError(f"position json: expected 'moves' after the JSON, "
                                f"got {_quote(rest[0])}")
        try:
            pos = self._read_position(text[:end])
        except SafariError as error:
            raise ProtocolError(f"position json: {error}") from None
        return pos, rest[1:]

    def _need_position(self, command: str) -> Any:
        if self.position is None:
            raise ProtocolError(f"{command}: no position; send 'position' first")
        return self.position

    # -- debug -----------------------------------------------------------
    def _cmd_display(self, args: list[str]) -> list[str]:
        self._no_args("d", args)
        pos = self._need_position("d")
        lines = [f"game {pos.game}", f"tomove {pos.to_move}", f"players {pos.num_players}"]
        if pos.is_terminal():
            lines.append(f"result {' '.join(str(r) for r in pos.result())}")
        elif pos.is_chance():
            lines.append(f"outcomes {len(pos.chance_outcomes())}")
        else:
            lines.append(f"moves {len(pos.legal_moves())}")
        lines.append(f"key {pos.zobrist_hash():016x}")
        lines.append(f"json {pos.to_json_text()}")
        return lines

    def _cmd_moves(self, args: list[str]) -> list[str]:
        self._no_args("moves", args)
        pos = self._need_position("moves")
        if pos.is_chance():
            pairs = " ".join(f"{o} {p.numerator}/{p.denominator}"
                             for o, p in pos.chance_outcomes())
            return [f"outcomes {pairs}"]
        legal = pos.legal_moves()
        return [f"moves {' '.join(legal)}" if legal else "moves (none)"]

    def _cmd_eval(self, args: list[str]) -> list[str]:
        self._no_args("eval", args)
        pos = self._need_position("eval")
        if pos.is_terminal():
            return [f"eval result {' '.join(str(r) for r in pos.result())}"]
        pov = pos.to_move if isinstance(pos.to_move, int) else 0
        return [f"eval cp {pos.evaluate(pov)} pov {pov}"]

    def _cmd_perft(self, args: list[str]) -> list[str]:
        if len(args) != 1:
            raise ProtocolError("perft: expected 'perft N'")
        try:
            depth = int(args[0])
        except ValueError:
            raise ProtocolError(f"perft: N must be an integer, got {_quote(args[0])}") from None
        if not 1 <= depth <= 64:
            raise ProtocolError(f"perft: N must be 1..64, got {_quote(args[0])}")
        pos = self._need_position("perft")
        return self._submit(_Job(lambda: self._run_perft(pos, depth), unbounded=True,
                                 failed=None), blocking=True)

    def _run_perft(self, pos: Any, depth: int) -> str:
        """The worker: one ``MOVE COUNT`` line per root move, then returns
        ``nodes TOTAL``; ``stop`` ends it within milliseconds, also inside a
        root move (the C walk reads the stop flag)."""
        moves = ([o for o, _ in pos.chance_outcomes()] if pos.is_chance()
                 else pos.legal_moves())
        total = 0
        for move in moves:
            child = pos.apply(move)
            count: Optional[int] = 0
            if depth == 1 or not child.is_terminal():
                count = (child.perft_stoppable(depth - 1, self._stop_flag)
                         if hasattr(child, "perft_stoppable") else child.perft(depth - 1))
            if count is None or self._stop_flag.is_set:
                self._emit("info string perft stopped")
                break
            total += count
            self._emit(f"{move} {count}")
        return f"nodes {total}"

    # -- search ----------------------------------------------------------
    def _cmd_go(self, args: list[str]) -> list[str]:
        request = GoRequest.parse(args)
        pos = self._need_position("go")
        settings = {name: self._option(name) for name in
                    ("Threads", "Hash", "MultiPV", "Seed", "Algorithm", "MctsLeaf",
                     "MoveOverhead", "TreeReuse")}
        settings["path"] = (list(self._path), list(self._path_moves))
        return self._submit(_Job(lambda: self._run_go(pos, request, settings),
                                 unbounded=not request.limited(), failed="bestmove (none)"),
                            blocking=request.limited())

    def _cmd_stop(self, args: list[str]) -> list[str]:
        self._no_args("stop", args)
        # Waits for the bestmove (milliseconds), so that it comes before the
        # answer to anything sent after 'stop' (a GUI's 'isready'). Without
        # an emit callback 'stop' returns it; with one the worker writes it,
        # and the reader carries on after STOP_WAIT even if it did not come.
        self._stop_search(timeout=None if self._emit_cb is None else STOP_WAIT)
        return []

    def _cmd_quit(self, args: list[str]) -> list[str]:
        self._stop_search(timeout=2.0)
        self.finished = True
        return []

    # -- the worker and its jobs -------------------------------------------
    def _last_job(self) -> Optional[_Job]:
        with self._state:
            return self._queue[-1] if self._queue else self._running

    def _raise_stop(self) -> None:
        """Raises the running job's stop signals (under ``_state``)."""
        self._stop_flag.set()
        self._stop_event.set()

    def _stop_search(self, timeout: Optional[float]) -> None:
        """Stops the running job and every job queued behind it (each still
        writes its last line: a queued ``go`` searches with its stop flag
        already raised, which gives a legal move at once), then waits for the
        last of them at most ``timeout`` seconds (None: until it ends)."""
        with self._state:
            if self._running is not None:
                self._raise_stop()
            for job in self._queue:
                job.stopped = True
            last = self._queue[-1] if self._queue else self._running
        if last is not None and timeout != 0.0:
            last.done.wait(timeout)

    def _expire(self, job: Optional[_Job]) -> None:
        """A search's time is up: stops it, unless it has ended meanwhile (a
        late timer must not stop the next job)."""
        with self._state:
            if job is not None and self._running is job:
                self._stop_flag.set()

    def _submit(self, job: _Job, blocking: bool) -> list[str]:
        """Runs ``job`` on the worker now, or queues it behind the running one.

        Without an emit callback a ``blocking`` job accepted while the engine
        is idle is waited for, so that ``feed`` returns its lines.
        """
        with self._state:
            idle = self._running is None
            if idle:
                self._begin(job)
                self._worker = threading.Thread(target=self._work, args=(job,),
                                                name="safari-search", daemon=True)
                self._worker.start()
            else:
                self._queue.append(job)
        if blocking and idle and self._emit_cb is None:
            job.done.wait()
        return []

    def _begin(self, job: _Job) -> None:
        """Makes ``job`` the running one (under ``_state``)."""
        self._running = job
        if job.stopped:
            self._raise_stop()
        else:
            self._stop_flag.clear()
            self._stop_event.clear()

    def _work(self, job: Optional[_Job]) -> None:
        """The worker thread: runs ``job`` and then each queued job in turn."""
        while job is not None:
            try:
                last = job.run()
            except Exception as error:  # noqa: BLE001 - report, never die silently
                self._emit(f"info string error: internal error: {type(error).__name__}: "
                           f"{error}")
                last = job.failed
            with self._state:
                if last is not None:
                    self._emit(last)
                job.done.set()
                job = self._queue.popleft() if self._queue else None
                if job is None:
                    self._running = None
                else:
                    self._begin(job)

    def _run_go(self, pos: Any, request: GoRequest, settings: dict[str, Any]) -> str:
        """The worker: searches, emits ``info`` lines, and returns the one
        ``bestmove`` line (the worker writes it)."""
        try:
            deadline = self._deadline(pos, request, settings)
        except ProtocolError as error:
            self._emit(f"info string error: {error}")
            return "bestmove (none)"
        timer = None
        if deadline is not None:
            timer = threading.Timer(deadline, self._expire, args=(self._running,))
            timer.daemon = True
            timer.start()
        try:
            if pos.is_terminal():
                self._emit(f"info depth 0 expect {','.join(_fmt(r) for r in pos.result())}")
                best = "(none)"
            elif pos.is_chance():
                self._go_chance(pos, request, settings, deadline)
                best = "(none)"
            else:
                best = self._go_decision(pos, request, settings, deadline)
        except SafariError as error:
            self._emit(f"info string error: go: {error}")
            best = "(none)"
        finally:
            if timer is not None:
                timer.cancel()
        if request.infinite:
            self._stop_event.wait()
        return f"bestmove {best}"

    def _deadline(self, pos: Any, request: GoRequest, settings: dict[str, Any]) -> Optional[float]:
        """Seconds the search may take (None: no time limit)."""
        if request.infinite:
            return None
        limits = []
        if request.movetime is not None:
            limits.append(request.movetime)
        if request.clocks:
            if isinstance(pos.to_move, int):
                player = pos.to_move
                if player not in request.clocks:
                    alias = {0: " or wtime", 1: " or btime"}.get(player, "")
                    raise ProtocolError(f"go: no clock for player {player} "
                                        f"(time{player}{alias})")
            else:  # a chance position: the clock of pov, else the smallest
                player = self._chance_pov([pos.apply(o) for o, _ in pos.chance_outcomes()])
                if player not in request.clocks:
                    player = min(request.clocks, key=lambda p: request.clocks[p])
            limits.append(time_budget(request.clocks[player], request.increments.get(player, 0),
                                      request.movestogo, settings["MoveOverhead"]))
        return min(limits) / 1000.0 if limits else None

    def _search_kwargs(self, request: GoRequest, settings: dict[str, Any],
                       deadline: Optional[float]) -> dict[str, Any]:
        movetime = None if deadline is None else max(1, int(deadline * 1000))
        if request.infinite or not request.limited():
            movetime = INFINITE_MS
        return dict(depth=request.depth, nodes=request.nodes, movetime=movetime,
                    seed=settings["Seed"], threads=settings["Threads"],
                    algo=settings["Algorithm"], hash_mb=settings["Hash"],
                    leaf=settings["MctsLeaf"], stop=self._stop_flag)

    def _go_decision(self, pos: Any, request: GoRequest, settings: dict[str, Any],
                     deadline: Optional[float]) -> str:
        last: list[tuple[int, int]] = []

        def progress(report: Report) -> None:
            last[:] = [(report.depth, report.nodes)]
            for line in self._info_lines(pos, report):
                self._emit(line)

        player = self._player_for(settings)
        if player.session is not None:
            player.catch_up(*settings["path"])
        report = player.choose(pos, multipv=settings["MultiPV"], progress=progress,
                               **self._search_kwargs(request, settings, deadline))
        if player.session is not None:
            self._emit(f"info string reused {report.reused}")
        if last != [(report.depth, report.nodes)]:
            for line in self._info_lines(pos, report):
                self._emit(line)
        return report.best_move

    # -- tree reuse (MCTS) -------------------------------------------------
    def _player_for(self, settings: dict[str, Any]) -> EnginePlayer:
        """The engine player set up for this search: its tree is kept with
        ``Algorithm`` mcts and ``TreeReuse`` on, dropped after ``newgame``.
        Runs on the worker: the tree is never used by two threads."""
        if self._tree_stale:
            self._tree_stale = False
            self._player.new_game()
        self._player.configure(settings["Algorithm"], settings["TreeReuse"])
        return self._player

    def _info_lines(self, pos: Any, report: Report) -> list[str]:
        lines = []
        ms = int(report.seconds * 1000)
        extra = ""
        if report.win_probability is not None:
            extra += f" winprob {_fmt(report.win_probability)}"
        expect = _report_expect(report)
        if expect is not None:
            extra += f" expect {','.join(_fmt(x) for x in expect)}"
        hashfull = getattr(report, "hashfull", None)
        hash_text = f" hashfull {hashfull}" if hashfull is not None and hashfull >= 0 else ""
        for number, line in enumerate(report.lines, start=1):
            lines.append(f"info depth {report.depth} seldepth {report.seldepth} "
                         f"multipv {number} score {line.score_text}"
                         f"{extra if number == 1 else ''} nodes {report.nodes} "
                         f"nps {report.nps}{hash_text} time {ms} pv {' '.join(line.pv)}")
        return lines

    # -- chance nodes ------------------------------------------------------
    def _go_chance(self, pos: Any, request: GoRequest, settings: dict[str, Any],
                   deadline: Optional[float]) -> None:
        """Expected values at a chance position: one expectimax search of the
        position (``safari_ai.analyse``, as ``safari-ai analyse`` runs it),
        which values every outcome; a progress line per completed iteration,
        then a line per outcome, most probable first, and the summary again.
        """
        zero_sum = pos.num_players == 2 and pos.game not in SCORE_RACE_GAMES

        def pov_of(report: Report) -> int:
            movers = {o.to_move for o in report.outcomes if isinstance(o.to_move, int)}
            return movers.pop() if len(movers) == 1 else 0

        def summary(report: Report) -> str:
            seconds = report.seconds
            parts = [f"info depth {report.depth} seldepth {report.seldepth}",
                     *_chance_fields(report.expected, pov_of(report), zero_sum),
                     f"nodes {report.nodes} nps {report.nps} time {int(seconds * 1000)} "
                     f"outcomes {report.valued}/{len(report.outcomes)}"]
            return " ".join(parts)

        kwargs = self._search_kwargs(request, settings, deadline)
        kwargs["algo"] = "auto"            # expectimax: the search that values chance
        report = self._player.search(pos, progress=lambda r: self._emit(summary(r)), **kwargs)
        pov = pov_of(report)
        for outcome in report.outcomes:
            prob = outcome.probability
            parts = [f"info outcome {outcome.outcome} prob {prob.numerator}/{prob.denominator}",
                     f"depth {outcome.depth}", *_chance_fields(outcome.expected, pov, zero_sum)]
            if outcome.best:
                parts.append(f"pv {outcome.best}")
            self._emit(" ".join(parts))
        self._emit(summary(report))

    @staticmethod
    def _chance_pov(children: list[Any]) -> int:
        movers = {c.to_move for c in children if isinstance(c.to_move, int)}
        return movers.pop() if len(movers) == 1 else 0

    # -- helpers -----------------------------------------------------------
    @staticmethod
    def _no_args(command: str, args: list[str]) -> None:
        if args:
            raise ProtocolError(f"{command}: unexpected {_quote(args[0])}")
