"""The protocol engine: :class:`Engine` reads one command line at a time and
answers it (the command table, the handshake and options, ``position``, the
debug commands, and ``go``, which hands its search to the worker). The
pieces it is made of live in the modules beside it: ``text`` (errors,
quoting), ``options``, ``go`` (the ``go`` line, clocks), ``output`` (the
``info`` lines and where lines go), ``worker`` (the job queue and stop
signals); the move itself is chosen by a :class:`~safari_ai.player.EnginePlayer`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from safari_ai._version import __version__
from safari_ai.errors import SafariError, SearchError
from safari_ai.jsontext import value_end, value_or_text
from safari_ai.player import INFINITE_MS, EnginePlayer, SearchFn, TreeFactory
from safari_ai.position import Position, games
from safari_ai.protocol.go import GoRequest, time_budget
from safari_ai.protocol.options import engine_options, load_weights
from safari_ai.protocol.output import (
    LineSink,
    chance_pov,
    chance_summary,
    info_lines,
    outcome_line,
    terminal_line,
    zero_sum,
)
from safari_ai.protocol.text import ProtocolError, one_line, quote
from safari_ai.protocol.worker import Gate, Job, SearchWorker
from safari_ai.search import MctsSession, Report, analyse
from safari_ai.settings import SEARCH_NAMES, SETTINGS, Settings

__all__ = ["Engine", "HELP", "PROTOCOL_VERSION", "ENGINE_NAME", "ENGINE_AUTHOR", "STOP_WAIT"]

PROTOCOL_VERSION = 1
ENGINE_NAME = f"safari_ai {__version__}"
ENGINE_AUTHOR = "the safari_ai authors"
STOP_WAIT = 10.0
"""Seconds ``stop`` waits at most for the stopped searches' ``bestmove`` (a
search ends within milliseconds; this only keeps the reader alive)."""

AnalyseFn = SearchFn


_UCI_HINTS = {
    "uci": "this is the safari_ai protocol: send 'safari'",
    "ucinewgame": "send 'newgame'",
}

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
        thread); None keeps them and returns them from :meth:`feed` (see
        :mod:`safari_ai.protocol`).
    :param analyse_fn: the search (``safari_ai.analyse``'s signature); tests
        may pass another.
    :param new_position: makes a start position (``Position.new``'s signature).
    :param read_position: reads a JSON position (``Position.from_json``).
    :param new_tree: makes the MCTS tree kept between searches
        (:class:`~safari_ai.search.MctsSession`); None: never keep one.
    """

    def __init__(
        self,
        emit: Callable[[str], None] | None = None,
        *,
        analyse_fn: AnalyseFn = analyse,
        new_position: Callable[[str, dict[str, Any] | None], Any] = Position.new,
        read_position: Callable[[str], Any] = Position.from_json,
        game_names: Sequence[str] | None = None,
        new_tree: TreeFactory | None = MctsSession,
        files: bool = True,
        caps: Mapping[str, int] | None = None,
        gate: Gate | None = None,
    ) -> None:
        self._out = LineSink(emit)
        self._new_position = new_position
        self._read_position = read_position
        self._games = list(games() if game_names is None else game_names)
        self.options = {opt.name.lower(): opt for opt in engine_options()}
        self._files = files
        for name, cap in (caps or {}).items():
            option = self.options[name.lower()]
            assert option.maximum is not None and option.minimum is not None
            option.maximum = max(option.minimum, min(option.maximum, cap))
            option.default = option.value = min(option.default, option.maximum)
        self.position: Any = None
        # the positions from the base of the last 'position' line to
        # self.position, and the moves between them (for tree reuse)
        self._path: list[Any] = []
        self._path_moves: list[str] = []
        # the engine as a player (its MCTS tree kept between searches); used
        # by the worker only
        self._player = EnginePlayer(search=analyse_fn, new_tree=new_tree)
        self._tree_stale = False  # set by newgame: drop the tree
        self._weights: Any = None  # the Weights option's file, loaded
        self.finished = False
        self._line = ""  # the line being answered
        self._worker = SearchWorker(self._emit, gate)
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
        self._line = line  # 'position json' reads its JSON as sent, spaces and all
        out = self._drain()
        if not tokens or self.finished:
            return out
        handler = self.COMMANDS.get(tokens[0])
        try:
            if handler is None:
                hint = _UCI_HINTS.get(tokens[0], "try 'help'")
                raise ProtocolError(f"unknown command {quote(tokens[0])} ({hint})")
            out.extend(handler(tokens[1:]))
        except ProtocolError as error:
            out.append(f"info string error: {error}")
        except Exception as error:  # noqa: BLE001 - the loop must survive anything
            out.append(
                f"info string error: {tokens[0]}: internal error: {type(error).__name__}: {error}"
            )
        return [one_line(item) for item in out] + self._drain()

    @property
    def searching(self) -> bool:
        """True from an accepted ``go`` (or ``perft``) until its last line
        (``bestmove``, ``nodes``) is written, and while others wait behind it."""
        return self._worker.busy

    def wait(self, timeout: float | None = None) -> list[str]:
        """Waits for the running job and those queued behind it to end;
        returns their lines not yet returned."""
        last = self._worker.last_job()
        if last is not None:
            last.done.wait(timeout)
        return self._drain()

    def close(self) -> None:
        """Stops any search and waits (briefly) for the worker."""
        self._worker.stop_all(timeout=2.0)

    def end_of_input(self) -> list[str]:
        """What the engine does when its input ends: a search with a limit is
        let finish (so ``printf 'position ...\\ngo depth 5\\n' | safari-ai engine``
        prints its ``bestmove``); ``go infinite`` and ``perft`` are stopped.
        Returns the lines not yet returned; afterwards :attr:`finished` is True.
        """
        if self.finished:
            self._worker.stop_all(timeout=0.0)
            out = self._drain()
        else:
            self._worker.stop_unbounded()
            out = self.wait()
        self.finished = True
        return out

    # -- output ----------------------------------------------------------
    def _emit(self, line: str) -> None:
        self._out.emit(line)

    def _drain(self) -> list[str]:
        return self._out.drain()

    # -- handshake and options ---------------------------------------------
    def _cmd_safari(self, args: list[str]) -> list[str]:
        self._no_args("safari", args)
        lines = [
            f"id name {ENGINE_NAME}",
            f"id author {ENGINE_AUTHOR}",
            f"id protocol {PROTOCOL_VERSION}",
            f"id games {' '.join(self._games)}",
        ]
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
            name_tokens, value_tokens = args[1:at], args[at + 1 :]
        else:
            name_tokens, value_tokens = args[1:], []
        name = " ".join(name_tokens)
        if not name:
            raise ProtocolError("setoption: missing option name after 'name'")
        option = self.options.get(name.lower())
        if option is None:
            raise ProtocolError(f"setoption: unknown option {quote(name)}")
        if not value_tokens:
            raise ProtocolError(f"setoption: option {option.name} needs 'value VALUE'")
        value = option.parse(" ".join(value_tokens))
        if option.game is not None:
            try:
                self._new_position(option.game, {str(option.key): value})
            except SafariError as error:
                raise ProtocolError(
                    f"setoption: bad value for option {option.name}: {error}"
                ) from None
        if option.name == "Weights":
            self._weights = load_weights(value, self._files)
            self._tree_stale = True  # a tree grown under other weights
        option.value = value
        if option.name == "TreeReuse" and not value:
            self._tree_stale = True
        return []

    def _option(self, name: str) -> Any:
        return self.options[name.lower()].value

    def _game_rules(self, game: str) -> dict[str, Any]:
        return {
            str(opt.key): opt.value
            for opt in self.options.values()
            if opt.game == game and opt.value != opt.default
        }

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
            raise ProtocolError(f"position: expected 'startpos' or 'json', got {quote(kind)}")
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
            raise ProtocolError(
                f"position startpos: missing game (one of {', '.join(self._games)})"
            )
        game = args[0]
        if game not in self._games:
            raise ProtocolError(
                f"position startpos: unknown game {quote(game)} (one of {', '.join(self._games)})"
            )
        rules = self._game_rules(game)
        rest = args[1:]
        while rest and rest[0] != "moves":
            key, sep, raw = rest[0].partition("=")
            if not sep or not key:
                raise ProtocolError(
                    f"position startpos: expected KEY=VALUE or 'moves', got {quote(rest[0])}"
                )
            try:
                rules[key] = value_or_text(raw)  # under the input limits (jsontext)
            except SafariError as error:
                raise ProtocolError(f"position startpos: {key}: {error}") from None
            rest = rest[1:]
        try:
            pos = self._new_position(game, rules or None)
        except SafariError as error:
            raise ProtocolError(f"position startpos: {error}") from None
        return pos, rest[1:]

    def _json_position(self, args: list[str]) -> tuple[Any, list[str]]:
        # the line after 'position json', as sent (tokens lose runs of spaces)
        parts = self._line.split(None, 2)
        text = parts[2].rstrip("\r\n") if len(parts) == 3 and args else ""
        if not text:
            raise ProtocolError("position json: missing the JSON object")
        # Python's scanner only finds where the object ends; the text itself,
        # as sent, goes to the C position reader (the one the CLI and the API
        # use), so that it refuses what they refuse (a duplicate key, ...).
        try:
            start, end = value_end(text)  # under the input limits (jsontext)
        except SafariError as error:
            raise ProtocolError(f"position json: not JSON: {error}") from None
        except RecursionError:
            raise ProtocolError("position json: not JSON: nested too deeply") from None
        except ValueError as error:  # e.g. a number of thousands of digits
            raise ProtocolError(f"position json: not JSON: {str(error)[:80]}") from None
        if text[start] != "{":
            raise ProtocolError("position json: expected a JSON object {...}")
        rest = text[end:].split()
        if rest and rest[0] != "moves":
            raise ProtocolError(
                f"position json: expected 'moves' after the JSON, got {quote(rest[0])}"
            )
        try:
            pos = self._read_position(text[start:end])
        except SafariError as error:
            raise ProtocolError(f"position json: {error}") from None
        return pos, rest[1:]

    def _need_position(self, command: str) -> Any:
        if self.position is None:
            raise ProtocolError(f"{command}: no position; send 'position' first")
        weights = self._weights
        if weights is not None and weights.game == self.position.game:
            return self.position.with_weights(weights)  # the Weights option
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
            pairs = " ".join(f"{o} {p.numerator}/{p.denominator}" for o, p in pos.chance_outcomes())
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
            raise ProtocolError(f"perft: N must be an integer, got {quote(args[0])}") from None
        if not 1 <= depth <= 64:
            raise ProtocolError(f"perft: N must be 1..64, got {quote(args[0])}")
        pos = self._need_position("perft")
        return self._submit(
            Job(lambda: self._run_perft(pos, depth), unbounded=True, failed=None), blocking=True
        )

    def _run_perft(self, pos: Any, depth: int) -> str:
        """The worker: one ``MOVE COUNT`` line per root move, then returns
        ``nodes TOTAL``; ``stop`` ends it within milliseconds, also inside a
        root move (the C walk reads the stop flag)."""
        moves = [o for o, _ in pos.chance_outcomes()] if pos.is_chance() else pos.legal_moves()
        total = 0
        for move in moves:
            child = pos.apply(move)
            count: int | None = 0
            if depth == 1 or not child.is_terminal():
                count = child.perft_stoppable(depth - 1, self._worker.stop_flag)
            if count is None or self._worker.stop_flag.is_set:
                self._emit("info string perft stopped")
                break
            total += count
            self._emit(f"{move} {count}")
        return f"nodes {total}"

    # -- search ----------------------------------------------------------
    def _cmd_go(self, args: list[str]) -> list[str]:
        request = GoRequest.parse(args)
        pos = self._need_position("go")
        settings = {
            name: self._option(name)
            for name in (
                "Threads",
                "Hash",
                "MultiPV",
                "Seed",
                "Algorithm",
                "MctsLeaf",
                "MoveOverhead",
                "TreeReuse",
                "Multiplayer",
            )
        }
        settings["path"] = (list(self._path), list(self._path_moves))
        return self._submit(
            Job(
                lambda: self._run_go(pos, request, settings),
                unbounded=not request.limited(),
                failed="bestmove (none)",
            ),
            blocking=request.limited(),
        )

    def _cmd_stop(self, args: list[str]) -> list[str]:
        self._no_args("stop", args)
        # Waits for the bestmove (milliseconds), so that it comes before the
        # answer to anything sent after 'stop' (a GUI's 'isready'). Without
        # an emit callback 'stop' returns it; with one the worker writes it,
        # and the reader carries on after STOP_WAIT even if it did not come.
        self._worker.stop_all(timeout=None if self._out.callback is None else STOP_WAIT)
        return []

    def _cmd_quit(self, args: list[str]) -> list[str]:
        self._worker.stop_all(timeout=2.0)
        self.finished = True
        return []

    # -- the worker ---------------------------------------------------------
    def _submit(self, job: Job, blocking: bool) -> list[str]:
        """Runs ``job`` on the worker now, or queues it behind the running one.

        Without an emit callback a ``blocking`` job accepted while the engine
        is idle is waited for, so that ``feed`` returns its lines.
        """
        idle = self._worker.submit(job)
        if blocking and idle and self._out.callback is None:
            job.done.wait()
        return []

    def _run_go(self, pos: Any, request: GoRequest, settings: dict[str, Any]) -> str:
        """The worker: searches, emits ``info`` lines, and returns the one
        ``bestmove`` line (the worker writes it).

        The search's own clock (C) is the only deadline: ``movetime`` and
        the share of a clock become the search's ``movetime`` limit in
        milliseconds; ``stop`` raises the C search's stop flag."""
        try:
            search = self._settings(pos, request, settings)
        except (ProtocolError, SafariError) as error:
            self._emit(f"info string error: {error}")
            return "bestmove (none)"
        try:
            if pos.is_terminal():
                self._emit(terminal_line(pos))
                best = "(none)"
            elif pos.is_chance():
                self._go_chance(pos, search)
                best = "(none)"
            else:
                best = self._go_decision(pos, search, settings)
        except SafariError as error:
            self._emit(f"info string error: go: {error}")
            best = "(none)"
        if request.infinite:
            self._worker.stop_event.wait()
        return f"bestmove {best}"

    def _movetime_ms(self, pos: Any, request: GoRequest, settings: dict[str, Any]) -> int | None:
        """Milliseconds the search may take: ``movetime``, the share of the
        mover's clock (:func:`time_budget`), the smaller of the two;
        :data:`INFINITE_MS` (until ``stop``) for ``go infinite`` or a ``go``
        without a limit; None when only ``depth`` or ``nodes`` bound it."""
        if request.infinite or not request.limited():
            return INFINITE_MS
        limits = []
        if request.movetime is not None:
            limits.append(request.movetime)
        if request.clocks:
            if isinstance(pos.to_move, int):
                player = pos.to_move
                if player not in request.clocks:
                    alias = {0: " or wtime", 1: " or btime"}.get(player, "")
                    raise ProtocolError(f"go: no clock for player {player} (time{player}{alias})")
            else:  # a chance position: the clock of pov, else the smallest
                player = self._chance_pov([pos.apply(o) for o, _ in pos.chance_outcomes()])
                if player not in request.clocks:
                    player = min(request.clocks, key=lambda p: request.clocks[p])
            limits.append(
                time_budget(
                    request.clocks[player],
                    request.increments.get(player, 0),
                    request.movestogo,
                    settings["MoveOverhead"],
                )
            )
        return min(limits) if limits else None

    def _settings(self, pos: Any, request: GoRequest, settings: dict[str, Any]) -> Settings:
        """The search's one :class:`~safari_ai.settings.Settings`, checked
        once: the ``go`` line's limits and, for every search setting that is
        a ``setoption`` option (the table's ``option``: Seed, MultiPV, Hash,
        Algorithm, ...), the engine's value of it."""
        options = {
            item.name: settings[item.option]
            for item in SETTINGS
            if item.option is not None and item.name in SEARCH_NAMES
        }
        return Settings.of(
            depth=request.depth,
            nodes=request.nodes,
            movetime=self._movetime_ms(pos, request, settings),
            **options,
        )

    def _go_decision(self, pos: Any, search: Settings, settings: dict[str, Any]) -> str:
        last: list[tuple[int, int]] = []

        def progress(report: Report) -> None:
            last[:] = [(report.depth, report.nodes)]
            for line in info_lines(report):
                self._emit(line)

        player = self._player_for(settings)
        if player.session is not None:
            player.catch_up(*settings["path"])
        report = player.choose(pos, search, stop=self._worker.stop_flag, progress=progress)
        if player.session is not None:
            self._emit(f"info string reused {report.reused}")
        if last != [(report.depth, report.nodes)]:
            for line in info_lines(report):
                self._emit(line)
        if report.best_move is None:  # not at a decision position: the caller sends (none)
            raise SearchError("go: the search returned no move")
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

    # -- chance nodes ------------------------------------------------------
    def _go_chance(self, pos: Any, search: Settings) -> None:
        """Expected values at a chance position: one expectimax search of the
        position (``safari_ai.analyse``, as ``safari-ai analyse`` runs it),
        which values every outcome; after each completed iteration a line
        per outcome valued so far, most probable first, then the summary (a
        client shows the outcomes' values while it runs); at the end a line
        per outcome and the summary again.
        """
        is_zero_sum = zero_sum(pos)

        def report_lines(report: Report, final: bool = False) -> None:
            pov = chance_pov(report)
            for outcome in report.outcomes:  # while it runs, the outcomes valued so far
                if final or outcome.expected is not None:
                    self._emit(outcome_line(outcome, pov, is_zero_sum))
            self._emit(chance_summary(report, is_zero_sum))

        report_lines(
            self._player.search(  # algo auto: expectimax, the search that values chance
                pos,
                replace(search, algo="auto"),
                stop=self._worker.stop_flag,
                progress=report_lines,
            ),
            final=True,
        )

    @staticmethod
    def _chance_pov(children: list[Any]) -> int:
        movers = {c.to_move for c in children if isinstance(c.to_move, int)}
        return movers.pop() if len(movers) == 1 else 0

    # -- helpers -----------------------------------------------------------
    @staticmethod
    def _no_args(command: str, args: list[str]) -> None:
        if args:
            raise ProtocolError(f"{command}: unexpected {quote(args[0])}")
