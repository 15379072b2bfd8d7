"""Matches between two players: engine configurations, simple players, or any
protocol engine by command line.

A player is given by a SPEC, comma-separated ``KEY=VALUE`` items:

* ``algo=alphabeta|mcts|auto|...`` (the in-process engine; default ``auto``),
  or ``algo=random`` / ``algo=greedy`` / ``algo=plain`` (uniform random; one-ply
  greedy on the engine's evaluation, an immediate win first; one ply on a
  fixed plain evaluation that never changes, :mod:`safari_ai.baseline`);
* limits ``depth=N``, ``nodes=N``, ``movetime=MS``; ``hash=MB``, ``leaf=rollout|evaluate``;
* ``reuse=yes|no`` (``algo=mcts``, or ``auto`` where it picks MCTS): keep the
  MCTS tree from one move to the next (:class:`~safari_ai.search.MctsSession`;
  default yes): the player is told every ply of the game, its own moves, the
  others' and the dice;
* ``multiplayer=auto|maxn|paranoid|margin``: how expectimax models the other players
  in a race of more than two (:func:`~safari_ai.search.analyse`; default auto);
* ``name=TEXT`` (for the report);
* ``weights=FILE``: the in-process engine evaluates with this weights file
  (``safari-ai tune``; docs/tuning.md);
* ``opt.NAME=VALUE`` (``setoption`` for a command-line engine), ``cwd=DIR``
  (its working directory);
* ``cmd=COMMAND LINE``: a protocol engine (docs/protocol.md) driven by
  :class:`~safari_ai.engine_client.EngineClient`; ``cmd`` must come last, as
  everything after ``cmd=`` is the command (split as a shell would);
  ``timeout=S`` (seconds, default 60) is how long such an engine may stay
  silent beyond its own movetime before it forfeits the game.

An engine that cannot be started, exits or stays silent **forfeits** the game:
the game ends there, its side loses (in a two-player game the record's result
is a win for the other seat; in a race of more players ``null``), and the
record says so in ``termination`` and ``forfeit`` (:func:`play_game`).

The games run on a :class:`~safari_ai.executors.Backend` (:mod:`safari_ai.executors`:
this machine's processes, the default, or a Ray cluster, docs/cluster.md).
Every game is seeded from the match seed alone, so a node- or depth-limited
match plays the same games on either.

Games come in pairs: each opening (``opening_plies`` seeded random plies: moves
uniform, chance outcomes by probability) is played once with player A as
player 0 and once as player 1; the chance outcomes after the opening are drawn
from the same seeded stream in both games. Player A takes seat ``colour``, B the
other seats (a game of more players gives B all of them). A's result: win when
its result beats every other seat's, draw on a tie, loss otherwise.

**Duplicate** matches (``duplicate=True``, ``match --duplicate``) play every
rotation of the seats on one **deal** (an opening and a dice seed): in a game
of N players the deal is played N times, A in seat 0, 1, ..., N-1 and B in the
others, as duplicate bridge deals the same cards to every table. The dice are
**common random numbers** (:class:`CommonDice`): a chance position's outcome is
drawn by the inverse of its distribution from one uniform number, and that
number is keyed by the deal, the distribution (its outcomes and
probabilities) and how many chance positions of that same distribution the
game has seen before. So the j-th full roll of the dice is the same roll in
every rotation, even when the games have diverged and the j-th roll comes
after different moves, and a re-roll of two dice does not shift the rolls
that follow it (it draws from its own sequence). The result is counted per
deal: A's margin in the deal (its points less the mean of B's seats, averaged
over the deal's N games), with its 95 % interval over deals
(:meth:`MatchSummary.deal_margin`) and a GSPRT over deals
(:func:`safari_ai.stats.sprt_normal`).

Every match writes ``match-runs.jsonl`` into its records directory (:func:`match_info`):
the settings, both builds (package version, git commit where known, a protocol
engine's ``id name``), whether the set-up is symmetric, and the load average
at its start and end; every record carries the load average at its game's end.
"""

from __future__ import annotations

import hashlib
import json
import random
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from safari_ai import settings
from safari_ai.errors import SafariError
from safari_ai.executors import (
    Backend,
    BackendError,
    ProcessBackend,
    RayBackend,
    make_backend,
    start_ray,
)
from safari_ai.limits import LIMIT_BOUNDS, Limits
from safari_ai.settings import Settings

__all__ = [
    "PlayerSpec",
    "parse_spec",
    "MatchJob",
    "GameOutcome",
    "play_game",
    "make_jobs",
    "run_match",
    "MatchSummary",
    "record_name",
    "finished_outcome",
    "Backend",
    "ProcessBackend",
    "RayBackend",
    "BackendError",
    "make_backend",
    "start_ray",
    "pair_scores",
    "DEFAULT_MOVETIME",
    "CommonDice",
    "deal_margins",
    "setup_warning",
    "match_info",
    "build_info",
    "SEAT_LETTERS",
    "load_average",
    "MatchPlan",
    "MatchRuns",
    "MATCH_RUNS",
    "resume_jobs",
    "save_json",
    "save_text",
    "signed",
    "elo_text",
    "pentanomial_text",
]

DEFAULT_MOVETIME = 100
"""Milliseconds a move for an engine player whose SPEC sets no limit (and no ``--movetime``)."""


SIMPLE_PLAYERS = ("random", "greedy", "plain")
"""The ``algo`` values of the players that do not search (no limits, no clock)."""

_NO_LIMITS = Limits()
"""A SPEC's limits before any is read (replaced when the SPEC is parsed)."""


@dataclass
class PlayerSpec:
    """A match player as its SPEC gives it. ``limits`` (depth, nodes,
    movetime, hash) is made and checked once, when the SPEC is parsed, and
    passed to every search of the player as it is (with a seed per move)."""

    algo: str = "auto"
    limits: Limits = _NO_LIMITS
    leaf: str = "evaluate"
    multiplayer: str = "auto"
    reuse: bool = True
    name: str = ""
    cmd: list[str] | None = None
    cwd: str | None = None
    timeout: float = 60.0
    options: dict[str, str] = field(default_factory=dict)
    weights: str | None = None

    @property
    def depth(self) -> int | None:
        return self.limits.depth

    @property
    def nodes(self) -> int | None:
        return self.limits.nodes

    @property
    def movetime(self) -> int | None:
        return self.limits.movetime

    @property
    def hash_mb(self) -> int:
        return self.limits.hash_mb

    def label(self) -> str:
        if self.name:
            return self.name
        base = " ".join(self.cmd) if self.cmd else self.algo
        limits = [
            f"{k} {v}"
            for k, v in (("depth", self.depth), ("nodes", self.nodes), ("movetime", self.movetime))
            if v is not None
        ]
        return base + (f" ({', '.join(limits)})" if limits else "")

    def settings(self) -> dict[str, Any]:
        out: dict[str, Any] = {"algo": self.algo}
        for key in ("depth", "nodes", "movetime"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.cmd:
            out["cmd"] = self.cmd
            out["options"] = self.options
        elif self.algo not in SIMPLE_PLAYERS:
            out.update(hash=self.hash_mb, leaf=self.leaf)
            if self.algo in ("mcts", "auto"):
                out["reuse"] = self.reuse
            if self.multiplayer != "auto":
                out["multiplayer"] = self.multiplayer
            if self.weights is not None:
                out["weights"] = self.weights
        return out

    def limited(self) -> bool:
        return self.limits.bounded


_LIMIT_MAX = {
    "depth": LIMIT_BOUNDS["depth"][1],
    "nodes": LIMIT_BOUNDS["nodes"][1],
    "movetime": 2**31 - 1,
    "hash": LIMIT_BOUNDS["hash_mb"][1],
}
"""The largest value of each numeric SPEC key (the search's own bounds,
:data:`~safari_ai.limits.LIMIT_BOUNDS`, but a movetime of at most 2^31 - 1
ms, 24 days, which any protocol engine's clock holds)."""


def parse_spec(text: str, movetime: int | None = None) -> PlayerSpec:
    """A :class:`PlayerSpec` from ``KEY=VALUE,...``; ValueError naming the bad item.

    An engine player (not ``random`` or ``greedy``) whose SPEC sets no limit
    (``depth``, ``nodes``, ``movetime``) gets ``movetime`` milliseconds a move
    (``match --movetime``), else :data:`DEFAULT_MOVETIME`.
    """
    spec = PlayerSpec()
    numbers: dict[str, int] = {}
    rest = text
    while rest:
        if rest.startswith("cmd="):
            spec.cmd = shlex.split(rest[4:])
            if not spec.cmd:
                raise ValueError("cmd= needs a command line")
            break
        item, _, rest = rest.partition(",")
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"{item!r} is not KEY=VALUE")
        if key in ("depth", "nodes", "movetime", "hash"):
            name = "hash_mb" if key == "hash" else key  # the one table (safari_ai.settings)
            numbers[name] = settings.parse(name, value, caps={name: _LIMIT_MAX[key]})
        elif key == "algo":
            # a search of the table, or one of the match's own players
            if value.lower() in SIMPLE_PLAYERS:
                spec.algo = value.lower()
            else:
                try:
                    spec.algo = settings.parse("algo", value)
                except settings.SettingError:  # name the match's own players too
                    algo = next(item for item in settings.SETTINGS if item.name == "algo")
                    choices = ", ".join(algo.choices + SIMPLE_PLAYERS)
                    raise ValueError(f'algo must be one of {choices}, got "{value}"') from None
        elif key in ("leaf", "multiplayer"):
            setattr(spec, key, settings.parse(key, value))
        elif key == "reuse":
            if value.lower() not in ("yes", "no", "true", "false", "1", "0"):
                raise ValueError("reuse: yes or no")
            spec.reuse = value.lower() in ("yes", "true", "1")
        elif key == "name":
            spec.name = value
        elif key == "cwd":
            spec.cwd = value
        elif key == "timeout":
            try:
                spec.timeout = float(value)
            except ValueError:
                raise ValueError(f"timeout: {value!r} is not a number of seconds") from None
            if not 0 < spec.timeout < 1e6:
                raise ValueError("timeout: must be > 0 seconds")
        elif key == "weights":
            from safari_ai.tune import EvalWeights

            EvalWeights.load(value)  # WeightsError (a ValueError) naming the problem
            spec.weights = value
        elif key.startswith("opt.") and len(key) > 4:
            spec.options[key[4:]] = value
        else:
            raise ValueError(
                f"unknown key {key!r} (algo, depth, nodes, movetime, hash, leaf, "
                "multiplayer, reuse, name, cwd, timeout, weights, opt.NAME, cmd)"
            )
    engine = spec.cmd is not None or spec.algo not in SIMPLE_PLAYERS
    if engine and not {"depth", "nodes", "movetime"} & set(numbers):
        numbers["movetime"] = DEFAULT_MOVETIME if movetime is None else movetime
    spec.limits = Limits(**numbers)  # checked once, here (LimitError names the key)
    return spec


# -- players -----------------------------------------------------------------

Mover = Callable[[Any, random.Random], tuple[str, str | None]]


def _random_move(pos: Any, rng: random.Random) -> tuple[str, str | None]:
    moves = pos.legal_moves()
    return moves[rng.randrange(len(moves))], None


def _greedy_move(pos: Any, rng: random.Random) -> tuple[str, str | None]:
    me = pos.to_move
    best: list[str] = []
    best_value = -float("inf")
    for move in pos.legal_moves():
        child = pos.apply(move)
        if child.is_terminal():
            result = child.result()
            others = max(r for i, r in enumerate(result) if i != me)
            value = (
                float("inf")
                if result[me] > others
                else 0.0
                if result[me] == others
                else -float("inf")
            )
        else:
            value = float(child.evaluate(me))
        if value > best_value:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    return best[rng.randrange(len(best))], None


class _EnginePlayer:
    """The in-process engine as a match player: a
    :class:`~safari_ai.player.EnginePlayer` set up from a SPEC. With
    ``algo=mcts`` (and ``reuse``) it keeps its tree between its moves:
    :meth:`observe` is told every ply played, and the search checks the
    position against the tree anyway."""

    def __init__(self, spec: PlayerSpec, new_tree: Any = None) -> None:
        from safari_ai.player import EnginePlayer

        self.spec = spec
        keep_tree = (
            spec.algo in ("mcts", "auto") and spec.reuse and bool(spec.nodes or spec.movetime)
        )
        extra = {} if new_tree is None else {"new_tree": new_tree}
        self.player = EnginePlayer(spec.algo, keep_tree=keep_tree, **extra)
        # the player's one Settings, from the SPEC; each move gets its own seed
        self.settings = Settings(
            spec.limits, algo=spec.algo, leaf=spec.leaf, multiplayer=spec.multiplayer
        )
        self.weights: Any = None
        if spec.weights is not None:
            from safari_ai.tune import EvalWeights

            self.weights = EvalWeights.load(spec.weights)

    @property
    def session(self) -> Any:
        """The kept MCTS tree (None when each move is searched afresh)."""
        return self.player.session

    def __call__(self, pos: Any, rng: random.Random) -> tuple[str, str | None]:
        if self.weights is not None and self.weights.game == pos.game:
            pos = pos.with_weights(self.weights)
        report = self.player.choose(pos, self.settings.with_seed(rng.randrange(2**32)))
        return report.lines[0].move, report.lines[0].score_text

    def observe(self, move: str) -> None:
        """A ply of the game was played (by anyone, or the dice)."""
        self.player.observe([move])


class _ProtocolPlayer:
    """A protocol engine. It is sent the position it first moved in, then the
    plies played since (``position json {...} moves ...``), as UCI GUIs do, so
    an engine that keeps its tree (ours with ``TreeReuse``) can reuse it."""

    def __init__(self, spec: PlayerSpec) -> None:
        from safari_ai.engine_client import EngineClient

        self.spec = spec
        self.client = EngineClient(spec.cmd or [], cwd=spec.cwd, timeout=spec.timeout)
        try:
            self.client.handshake()
            for name, value in spec.options.items():
                self.client.set_option(name, value)
            self.client.isready()
        except BaseException:
            self.client.close(timeout=1.0)  # killed if it does not end by itself
            raise
        self.base: Any = None  # the position first sent, or None
        self.moves: list[str] = []  # the plies since
        self.now: Any = None  # base after moves

    def __call__(self, pos: Any, rng: random.Random) -> tuple[str, str | None]:
        s = self.spec
        if self.now is None or self.now != pos:
            self.base, self.moves, self.now = pos, [], pos
        self.client.position(position=self.base.to_json(), moves=self.moves)
        result = self.client.go(
            depth=s.depth,
            nodes=s.nodes,
            movetime=s.movetime,
            timeout=s.timeout + (s.movetime or 0) / 1000 * 2,
        )
        return result.bestmove, result.score

    def observe(self, move: str) -> None:
        if self.now is not None:
            self.moves.append(move)
            self.now = self.now.apply(move)

    def close(self) -> None:
        self.client.quit()


def make_player(spec: PlayerSpec) -> Any:
    if spec.cmd:
        return _ProtocolPlayer(spec)
    if spec.algo == "random":
        return _random_move
    if spec.algo == "greedy":
        return _greedy_move
    if spec.algo == "plain":
        from safari_ai.baseline import plain_move

        return plain_move
    return _EnginePlayer(spec)


# -- set-up and builds ---------------------------------------------------------

FIXED_PLAYERS = ("random", "plain")
"""The in-process players that are the same in every build and keep no clock:
against one of them any player is measured alike (``setup_kind`` "baseline")."""


def setup_kind(a: PlayerSpec, b: PlayerSpec) -> str:
    """``"in-process"`` (both players in the match's process, one build),
    ``"protocol"`` (both protocol engines), ``"baseline"`` (one of them a
    :data:`FIXED_PLAYERS` player: no clock, no build of its own) or
    ``"mixed"`` (an engine or greedy in this process against a protocol engine)."""
    if any(s.cmd is None and s.algo in FIXED_PLAYERS for s in (a, b)):
        return "baseline"
    if bool(a.cmd) != bool(b.cmd):
        return "mixed"
    return "protocol" if a.cmd else "in-process"


def setup_warning(a: PlayerSpec, b: PlayerSpec) -> str | None:
    """The warning for a set-up that does not treat the players alike (one in
    the match's process, the other a protocol engine), else None."""
    if setup_kind(a, b) != "mixed":
        return None
    inside, outside = ("A", "B") if b.cmd else ("B", "A")
    return (
        f"not symmetric: {inside} plays in this process (this build), {outside} is a "
        "protocol engine (its own process, build and pipes); a strength figure needs "
        "both in-process or both behind the protocol (docs/strength.md)"
    )


def load_average() -> list[float] | None:
    """The machine's load average over 1, 5 and 15 minutes (None where unknown)."""
    import os

    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


REFERENCE_FILE = "safari-reference.json"
"""The file bench/references.py writes into a reference's environment: its commit."""


def _checkout_commit(directory: str) -> dict[str, Any] | None:
    """The git commit of the checkout holding ``directory`` and whether its
    tracked files differ from it (None when it is in no checkout or git is missing)."""
    import subprocess

    try:
        head = subprocess.run(
            ["git", "-C", directory, "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
        )
        if head.returncode != 0:
            return None
        dirty = subprocess.run(
            ["git", "-C", directory, "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return {
        "commit": head.stdout.strip(),
        "dirty": bool(dirty.stdout.strip()),
        "source": f"the git checkout holding {directory}",
    }


def _environment_build(prefix: str) -> dict[str, Any]:
    """The commit of the build installed in the environment at ``prefix``: the
    reference file bench/references.py wrote there, else the checkout holding the
    environment (the usual ``.venv`` inside a worktree; the build may be older
    than the checkout, and ``dirty`` says the checkout has changes), else unknown."""
    import json
    import os

    try:
        with open(os.path.join(prefix, REFERENCE_FILE), encoding="utf-8") as handle:
            data = json.load(handle)
        return {
            "commit": data["commit"],
            "dirty": False,
            "source": f"{os.path.join(prefix, REFERENCE_FILE)} (bench/references.py)",
        }
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return _checkout_commit(os.path.dirname(os.path.abspath(prefix))) or {"commit": None}


def build_info() -> dict[str, Any]:
    """This process's build: the package version and, where known, its commit."""
    import platform
    import sys

    from safari_ai._version import __version__

    return {
        "package": __version__,
        "python": platform.python_version(),
        **_environment_build(sys.prefix),
    }


def engine_build(spec: PlayerSpec) -> dict[str, Any]:
    """A protocol engine's build: its ``id name`` (asked once, through the
    handshake) and, where its command is a program in an environment, that
    environment's commit (:func:`_environment_build`). An engine that cannot be
    asked gets ``"error"``."""
    import os
    import shutil

    from safari_ai.engine_client import EngineClient

    out: dict[str, Any] = {}
    assert spec.cmd
    program = shutil.which(
        spec.cmd[0],
        path=None if spec.cwd is None else os.pathsep.join([spec.cwd, os.environ.get("PATH", "")]),
    )
    if program is not None:
        out.update(
            _environment_build(os.path.dirname(os.path.dirname(os.path.realpath(program))))
            if os.path.basename(os.path.dirname(program)) == "bin"
            else {}
        )
    client = None
    try:
        client = EngineClient(spec.cmd, cwd=spec.cwd, timeout=spec.timeout)
        out["id_name"] = client.handshake().name
    except _engine_failures() as error:
        out["error"] = _one_line(error)
    finally:
        if client is not None:
            try:
                client.quit()
            except _engine_failures():
                pass
    return out


def player_info(spec: PlayerSpec) -> dict[str, Any]:
    """One player of :func:`match_info`: label, SPEC settings and build."""
    where = "protocol" if spec.cmd else "in-process"
    return {
        "label": spec.label(),
        "where": where,
        "settings": spec.settings(),
        "build": engine_build(spec) if spec.cmd else build_info(),
    }


def match_info(game: str, a: PlayerSpec, b: PlayerSpec, settings: dict[str, Any]) -> dict[str, Any]:
    """What ``match-runs.jsonl`` says of a run of a match at its start: the game, the
    command's ``settings``, both players with their builds, the set-up
    (:func:`setup_kind`) and its warning, the match's own build and the load
    average now. The CLI adds the end and the summary."""
    import datetime
    import os

    return {
        "game": game,
        "settings": settings,
        "a": player_info(a),
        "b": player_info(b),
        "setup": setup_kind(a, b),
        "warning": setup_warning(a, b),
        "match_build": build_info(),
        "cpus": os.cpu_count(),
        "started": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "load_average_start": load_average(),
    }


# -- games -------------------------------------------------------------------


@dataclass
class MatchJob:
    game: str
    rules: dict[str, Any]
    a: PlayerSpec
    b: PlayerSpec
    pair: int  # the pair, or with ``duplicate`` the deal
    colour: int  # A's seat
    seed: int
    opening_plies: int
    max_plies: int = 2000
    duplicate: bool = False  # every seat rotation of the deal, on common dice

    def settings(self) -> dict[str, Any]:
        """The match settings a record of this game carries (and a resumed
        match compares): pair, seed, opening plies, and ``duplicate`` when set."""
        out: dict[str, Any] = {
            "pair": self.pair,
            "seed": self.seed,
            "opening_plies": self.opening_plies,
        }
        if self.duplicate:
            out["duplicate"] = True
        return out


@dataclass
class GameOutcome:
    pair: int
    colour: int
    score: int  # +1 / 0 / -1 for A
    record: dict[str, Any]
    forfeit: str | None = None  # "A" or "B": who forfeited the game


def _chance(pos: Any, rng: random.Random) -> str:
    outcomes = pos.chance_outcomes()
    outcome: str = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
    return outcome


class CommonDice:
    """The dice of one deal as common random numbers: the chance outcome of a
    position is drawn by inverse transform from a uniform number keyed by
    ``(seed, deal, distribution, occurrence)``, where the distribution is the
    position's list of (outcome, probability) and the occurrence counts the
    chance positions of that distribution met so far in this game. Two games of
    the deal draw the same outcome at their j-th chance position of each kind
    (the j-th roll of all the dice, the j-th re-roll of two dice, ...), whatever
    moves came between. The key is a SHA-1 digest, the same in every process."""

    def __init__(self, seed: int, deal: int) -> None:
        self.prefix = f"dice/{seed}/{deal}"
        self.seen: dict[str, int] = {}

    def uniform(self, outcomes: Sequence[tuple[str, Any]]) -> float:
        """The next uniform number in [0, 1) for a chance position with these outcomes."""
        kind = hashlib.sha1("|".join(f"{o}={p}" for o, p in outcomes).encode()).hexdigest()
        j = self.seen.get(kind, 0)
        self.seen[kind] = j + 1
        return random.Random(f"{self.prefix}/{kind}/{j}").random()

    def __call__(self, pos: Any) -> str:
        """The outcome drawn at chance position ``pos``."""
        outcomes = pos.chance_outcomes()
        return pick_outcome(outcomes, self.uniform(outcomes))


def pick_outcome(outcomes: Sequence[tuple[str, Any]], u: float) -> str:
    """The outcome whose cumulative probability interval (in the order given)
    holds ``u`` in [0, 1); the last outcome if rounding leaves ``u`` beyond the
    sum."""
    total = 0.0
    for outcome, p in outcomes:
        total += float(p)
        if u < total:
            return str(outcome)
    return str(outcomes[-1][0])


def opening(game: str, rules: dict[str, Any], plies: int, seed: int, pair: int) -> list[str]:
    """The seeded random opening of a pair (fewer plies when the game ends first)."""
    from safari_ai.position import Position

    rng = random.Random(f"opening/{seed}/{pair}")
    pos = Position.new(game, rules)
    moves: list[str] = []
    for _ in range(plies):
        if pos.is_terminal():
            break
        move = _chance(pos, rng) if pos.is_chance() else _random_move(pos, rng)[0]
        # an opening ply that ends the game is not played
        if pos.apply(move).is_terminal():
            break
        moves.append(move)
        pos = pos.apply(move)
    return moves


def a_score(result: list[Any], seat: int) -> int:
    mine = result[seat]
    others = max(r for i, r in enumerate(result) if i != seat)
    return 1 if mine > others else 0 if mine == others else -1


class _Forfeit(Exception):
    """A command-line engine failed: it could not be started, exited, stayed
    silent, or answered something unusable (such as an illegal move)."""

    def __init__(self, role: str, message: str) -> None:
        super().__init__(message)
        self.role = role


def _engine_failures() -> tuple[type[BaseException], ...]:
    from safari_ai.engine_client import EngineError

    return (EngineError, OSError)


def _one_line(error: BaseException) -> str:
    """The error's message on one line (the exception's name when it has none)."""
    return " ".join(str(error).split()) or type(error).__name__


def _forfeit_seat(job: MatchJob, pos: Any, role: str) -> int:
    """The seat that forfeits: A's; for B the seat to move, or B's first seat."""
    if role == "A":
        return job.colour
    if not pos.is_terminal() and not pos.is_chance() and pos.to_move != job.colour:
        return int(pos.to_move)
    return next(i for i in range(pos.num_players) if i != job.colour)


def _make_players(job: MatchJob) -> dict[str, Any]:
    """A's and B's players; a command-line engine that cannot start raises
    :class:`_Forfeit` naming its role (the players made so far are closed)."""
    players: dict[str, Any] = {}
    for role, spec in (("A", job.a), ("B", job.b)):
        try:
            players[role] = make_player(spec)
        except _engine_failures() as error:
            _close_players(players)
            raise _Forfeit(role, f"cannot start: {_one_line(error)}") from None
    return players


def _close_players(players: dict[str, Any]) -> None:
    for player in players.values():
        if hasattr(player, "close"):
            try:
                player.close()
            except _engine_failures():
                pass  # it is going anyway


def _forfeit_result(n: int, loser: int) -> list[int] | None:
    """A forfeit's result: in a two-player game a win (+1) for the other seat
    and a loss (-1) for the forfeiting one; a race of more players has no
    result that would mean the same, so None."""
    return [-1 if i == loser else 1 for i in range(n)] if n == 2 else None


def play_game(job: MatchJob) -> GameOutcome:
    """Plays one game of a match (in a worker process). A command-line engine
    that fails forfeits the game (see the module's docstring); nothing raises
    for it."""
    from safari_ai.position import Position
    from safari_ai.record import GameRecord

    start = Position.new(job.game, job.rules)
    pos = start
    record = GameRecord(
        start=start.to_json(), settings={"match": job.settings(), "setup": setup_kind(job.a, job.b)}
    )
    n = pos.num_players
    record.players = [
        {
            "seat": i,
            "name": (job.a if i == job.colour else job.b).label(),
            "role": "A" if i == job.colour else "B",
            "settings": (job.a if i == job.colour else job.b).settings(),
        }
        for i in range(n)
    ]
    for move in opening(job.game, job.rules, job.opening_plies, job.seed, job.pair):
        record.add(pos.to_move, move, comment="opening")
        pos = pos.apply(move)
    stream = random.Random(f"dice/{job.seed}/{job.pair}")
    common = CommonDice(job.seed, job.pair) if job.duplicate else None
    rng = random.Random(f"players/{job.seed}/{job.pair}/{job.colour}")
    players: dict[str, Any] = {}
    forfeit: _Forfeit | None = None
    try:
        players = _make_players(job)
        while not pos.is_terminal() and len(record.moves) < job.max_plies:
            if pos.is_chance():
                move = common(pos) if common is not None else _chance(pos, stream)
                record.add("chance", move)
            else:
                who = "A" if pos.to_move == job.colour else "B"
                spec = job.a if who == "A" else job.b
                try:
                    move, score = players[who](pos, rng)
                    if spec.cmd:
                        pos.apply(move)  # an illegal move from an engine forfeits
                except _engine_failures() + (SafariError,) as error:
                    if not spec.cmd:
                        raise
                    raise _Forfeit(who, _one_line(error)) from None
                record.add(pos.to_move, move, score=score)
            pos = pos.apply(move)
            for player in players.values():
                if hasattr(player, "observe"):
                    player.observe(move)
    except _Forfeit as error:
        forfeit = error
    finally:
        _close_players(players)
    record.settings["load_average"] = load_average()
    if forfeit is not None:
        seat = _forfeit_seat(job, pos, forfeit.role)
        spec = job.a if forfeit.role == "A" else job.b
        record.result = _forfeit_result(n, seat)
        record.termination = f"forfeit by {forfeit.role} ({spec.label()}): {forfeit}"
        info = {"role": forfeit.role, "seat": seat, "engine": spec.label(), "error": str(forfeit)}
        data = record.to_json()
        data["forfeit"] = info
        return GameOutcome(
            job.pair, job.colour, -1 if forfeit.role == "A" else 1, data, forfeit=forfeit.role
        )
    if pos.is_terminal():
        record.result = pos.result()
        record.termination = "end of game"
        score = a_score(record.result, job.colour)
    else:
        record.result = [0] * n
        record.termination = f"adjudicated a draw after {job.max_plies} plies"
        score = 0
    return GameOutcome(job.pair, job.colour, score, record.to_json())


def make_jobs(
    game: str,
    rules: dict[str, Any],
    a: PlayerSpec,
    b: PlayerSpec,
    games: int,
    seed: int,
    opening_plies: int,
    duplicate: int = 0,
) -> list[MatchJob]:
    """``games`` jobs: pairs of games on one opening with the colours swapped;
    with ``duplicate`` = N (the game's number of players), deals of N games,
    A in each seat once on the deal's common dice (``games`` rounded up to
    whole deals)."""
    if duplicate:
        deals = -(-games // duplicate)
        return [
            MatchJob(
                game,
                rules,
                a,
                b,
                i // duplicate,
                i % duplicate,
                seed,
                opening_plies,
                duplicate=True,
            )
            for i in range(deals * duplicate)
        ]
    return [MatchJob(game, rules, a, b, i // 2, i % 2, seed, opening_plies) for i in range(games)]


SEAT_LETTERS = "abcde"
"""A's seat in a record's file name: ``a`` for seat 0, ``b`` for seat 1, ..."""


def record_name(job: MatchJob) -> str:
    """The file name of a job's game record: ``GAME-PAIR-a.json`` (A as player 0),
    ``GAME-PAIR-b.json`` (A as player 1), ... (``c`` to ``e`` in the seat
    rotations of a duplicate race), pairs or deals counted from 1."""
    return f"{job.game}-{job.pair + 1:04d}-{SEAT_LETTERS[job.colour]}.json"


def finished_outcome(job: MatchJob, record: dict[str, Any]) -> GameOutcome | None:
    """The outcome of ``job`` read from a record an earlier run wrote for it, or
    None when the record is of another game (players, seats, seed, opening,
    rules), unfinished, or a forfeit (an engine failed: the game is played
    again), so that a resumed match only counts games it would have played the
    same way."""
    if not isinstance(record, dict) or record.get("forfeit") is not None:
        return None
    try:
        players = record["players"]
        same = (
            record.get("game") == job.game
            and record["settings"]["match"] == job.settings()
            and all(
                p["settings"] == (job.a if p["seat"] == job.colour else job.b).settings()
                and p["role"] == ("A" if p["seat"] == job.colour else "B")
                for p in players
            )
            and all((k, v) in record["start"]["rules"].items() for k, v in job.rules.items())
        )
        result = record["result"]
    except (KeyError, TypeError, AttributeError):
        return None
    if not same or not isinstance(result, list) or len(result) != len(players):
        return None
    return GameOutcome(job.pair, job.colour, a_score(result, job.colour), record)


@dataclass
class MatchSummary:
    """The games of a match (``outcomes``, by pair and colour) and A's W/D/L;
    a forfeit counts as a loss of the side that forfeited (``forfeits``)."""

    wins: int
    draws: int
    losses: int
    outcomes: list[GameOutcome]
    stopped_early: bool = False  # the SPRT reached a verdict before the last game

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def forfeits(self) -> dict[str, int]:
        """Games forfeited by each side: ``{"A": n, "B": m}``."""
        return {role: sum(1 for o in self.outcomes if o.forfeit == role) for role in "AB"}

    @property
    def players(self) -> int:
        """Seats in the match's game (2 when no game has been played)."""
        for o in self.outcomes:
            return len(o.record["players"])
        return 2

    def pentanomial(self) -> list[int]:
        """Counts of the complete colour-swapped pairs by A's points in the pair
        (0, 0.5, 1, 1.5, 2): see :func:`safari_ai.stats.pentanomial`."""
        from safari_ai.stats import pentanomial

        return pentanomial(pair_scores(self.outcomes))

    @property
    def scored(self) -> list[GameOutcome]:
        """The games that have a result (a forfeit in a race of more players has none)."""
        return [o for o in self.outcomes if o.record.get("result") is not None]

    @property
    def zero_sum(self) -> bool:
        """Every result sums to 0 (a duel won, lost or drawn), so A's margin over
        B is twice A's mean result; True when no game has a result."""
        return all(sum(o.record["result"]) == 0 for o in self.scored)

    def mean_result(self) -> tuple[float, float]:
        """A's mean game result (the game's own result value of A's seat: +1/0/-1
        in the two-player games, points in the ostrich race) with the half-width
        of its 95% interval, over the games that have a result; (0, 0) when none
        has."""
        from safari_ai.stats import mean_interval

        values = [float(o.record["result"][o.colour]) for o in self.scored]
        return mean_interval(values) if values else (0.0, 0.0)

    def opponents_mean(self) -> float:
        """The mean result of B's seats (each game's mean over B's seats)."""
        means = [_others_mean(o) for o in self.scored]
        return sum(means) / len(means) if means else 0.0

    def margin(self) -> tuple[float, float]:
        """A's mean margin over B's seats, game by game (A's result less the
        mean of B's seats in the same game), with the half-width of its 95%
        interval; (0, 0) when no game has a result. In a race the seats share
        the dice and the track, so whether A scores more than B is read from
        this interval of the difference, not from two means side by side."""
        from safari_ai.stats import mean_interval

        margins = [float(o.record["result"][o.colour]) - _others_mean(o) for o in self.scored]
        return mean_interval(margins) if margins else (0.0, 0.0)

    def deal_margins(self) -> list[float]:
        """A's margin in each complete deal of a duplicate match: :func:`deal_margins`."""
        return deal_margins(self.outcomes)

    def deal_margin(self) -> tuple[float, float, int]:
        """A's mean margin per deal with the half-width of its 95% interval over
        deals, and the number of complete deals; (0, 0, 0) when there is none."""
        from safari_ai.stats import mean_interval

        margins = self.deal_margins()
        if not margins:
            return 0.0, 0.0, 0
        mean, half = mean_interval(margins)
        return mean, half, len(margins)

    def verdicts(self, plan: MatchPlan) -> tuple[Any, Any, Any]:
        """The GSPRT verdicts of ``plan``'s hypotheses (:mod:`safari_ai.stats`),
        each None when not asked for: on the games (W/D/L), on the complete
        colour-swapped pairs, and on A's margin per deal."""
        from safari_ai.stats import sprt, sprt_normal, sprt_pentanomial

        bounds, margin = plan.sprt, plan.sprt_margin
        counts = self.pentanomial() if plan.seats == 2 else []
        games = None if bounds is None else sprt(self.wins, self.draws, self.losses, *bounds)
        pairs = None if bounds is None or not sum(counts) else sprt_pentanomial(counts, *bounds)
        deals = None if margin is None else sprt_normal(self.deal_margins(), *margin)
        return games, pairs, deals

    def to_json(self, plan: MatchPlan) -> dict[str, Any]:
        """The summary as ``safari-ai match --json`` prints it: W/D/L, Elo
        (two players), the pentanomial, mean results and margins, forfeits,
        the duplicate deals and the GSPRT verdicts of ``plan``."""
        from safari_ai.stats import elo, elo_pentanomial

        duel = plan.seats == 2
        score, difference, elo_error = elo(self.wins, self.draws, self.losses)
        counts = self.pentanomial() if duel else []
        verdict, pair_verdict, margin_verdict = self.verdicts(plan)
        mean, half = self.mean_result()
        margin, margin_half = self.margin()
        deal_mean, deal_half, deals = self.deal_margin() if plan.duplicate else (0.0, 0.0, 0)
        penta = None
        if sum(counts):
            p_score, p_elo, p_error = elo_pentanomial(counts)
            penta = {
                "counts": counts,
                "pairs": sum(counts),
                "score": p_score,
                "elo": p_elo,
                "elo_error95": p_error,
            }
        bounds, m_bounds = plan.sprt, plan.sprt_margin
        return {
            "game": plan.game,
            "a": plan.a.label(),
            "b": plan.b.label(),
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": score,
            "elo": difference if duel else None,
            "elo_error95": elo_error if duel else None,
            "pentanomial": penta,
            "mean_result": mean,
            "mean_result_error95": half,
            "opponents_mean_result": self.opponents_mean(),
            "margin": margin,
            "margin_error95": margin_half,
            "forfeits": self.forfeits,
            "backend": plan.backend,
            "stopped_early": self.stopped_early,
            "records": plan.records,
            "setup": plan.setup,
            "warning": plan.warning,
            "duplicate": plan.duplicate,
            "deals": deals if plan.duplicate else None,
            "deal_margin": deal_mean if plan.duplicate else None,
            "deal_margin_error95": deal_half if plan.duplicate else None,
            "sprt_margin": None
            if margin_verdict is None or m_bounds is None
            else {
                "m0": m_bounds[0],
                "m1": m_bounds[1],
                "llr": margin_verdict.llr,
                "lower": margin_verdict.lower,
                "upper": margin_verdict.upper,
                "verdict": margin_verdict.verdict,
            },
            "sprt": None
            if verdict is None or bounds is None
            else {
                "elo0": bounds[0],
                "elo1": bounds[1],
                "llr": verdict.llr,
                "lower": verdict.lower,
                "upper": verdict.upper,
                "verdict": verdict.verdict,
                "pairs": None
                if pair_verdict is None
                else {"llr": pair_verdict.llr, "verdict": pair_verdict.verdict},
            },
        }

    def text(self, plan: MatchPlan) -> list[str]:
        """The summary as ``safari-ai match`` prints it, line by line."""
        from safari_ai.stats import elo

        w, d, lost = self.wins, self.draws, self.losses
        score = elo(w, d, lost)[0]
        verdict, pair_verdict, margin_verdict = self.verdicts(plan)
        stopped = "; the match stopped there" if self.stopped_early else ""
        out = [
            f"A: {plan.a.label()}",
            f"B: {plan.b.label()}",
            f"games {self.games}: A wins {w}, draws {d}, losses {lost}; score {100 * score:.1f}%",
        ]
        if plan.seats == 2:  # a race of more players has no Elo: the mean results say it
            counts = self.pentanomial()
            out.append(f"elo {elo_text(w, d, lost)}")
            if sum(counts):
                out.append(pentanomial_text(counts))
        out += self._mean_lines()
        if plan.duplicate:
            deal_mean, deal_half, deals = self.deal_margin()
            out.append(
                f"duplicate deals {deals} ({plan.seats} seat rotations each): margin "
                f"A - B seats {signed(deal_mean, 3)} ± {deal_half:.3f} (95%, deal by "
                "deal)"
                if deals
                else "duplicate deals 0: no deal has all its seat rotations"
            )
        if margin_verdict is not None and plan.sprt_margin is not None:
            m0, m1 = plan.sprt_margin
            out.append(f"sprt margin [{m0:g}, {m1:g}] deals: {margin_verdict.text()}{stopped}")
        if self.forfeits["A"] or self.forfeits["B"]:
            out.append(f"forfeits A {self.forfeits['A']}, B {self.forfeits['B']}")
        if plan.warning is not None:
            out.append(f"setup: {plan.setup} (not symmetric; see the warning)")
        if verdict is not None and plan.sprt is not None:  # sprt is set when verdict is
            low, high = plan.sprt
            out.append(f"sprt [{low:g}, {high:g}] games: {verdict.text()}")
            if pair_verdict is not None:
                out.append(f"sprt [{low:g}, {high:g}] pairs: {pair_verdict.text()}{stopped}")
        out.append(f"records {plan.records}")
        return out

    def _mean_lines(self) -> list[str]:
        """A's mean result and, in a game that is not a zero-sum duel, its margin."""
        if not self.scored:
            return ["mean result: no game has one (every game was forfeited)"]
        mean, half = self.mean_result()
        out = [
            f"mean result A {signed(mean, 3)} ± {half:.3f} (95%), "
            f"B seats {signed(self.opponents_mean(), 3)}"
        ]
        if not self.zero_sum:  # in a zero-sum duel the margin is twice A's mean
            margin, margin_half = self.margin()
            out.append(
                f"margin A - B seats {signed(margin, 3)} ± {margin_half:.3f} (95%, game by game)"
            )
        return out


def deal_margins(outcomes: Sequence[GameOutcome]) -> list[float]:
    """A's margin in each deal all of whose N seat rotations (N = the game's
    players) are in ``outcomes`` with a result: the mean over the deal's games
    of A's result less the mean of B's seats, deals in order. A deal cut short
    (an early stop, a forfeit in a race, an odd last game) is left out."""
    by_deal: dict[int, dict[int, GameOutcome]] = {}
    for o in outcomes:
        by_deal.setdefault(o.pair, {})[o.colour] = o
    margins = []
    for _, games in sorted(by_deal.items()):
        seats = len(next(iter(games.values())).record["players"])
        if sorted(games) != list(range(seats)) or any(
            g.record.get("result") is None for g in games.values()
        ):
            continue
        margins.append(
            sum(float(g.record["result"][g.colour]) - _others_mean(g) for g in games.values())
            / seats
        )
    return margins


def _others_mean(outcome: GameOutcome) -> float:
    """The mean result of the seats other than A's in one game with a result."""
    result = outcome.record["result"]
    return sum(float(r) for i, r in enumerate(result) if i != outcome.colour) / (len(result) - 1)


def pair_scores(outcomes: Sequence[GameOutcome]) -> list[tuple[int, int]]:
    """A's two game scores (+1/0/-1) in every pair both of whose games are in
    ``outcomes`` (a pair cut short by an early stop, or an odd last game, is left out)."""
    by_pair: dict[int, dict[int, int]] = {}
    for o in outcomes:
        by_pair.setdefault(o.pair, {})[o.colour] = o.score
    return [(games[0], games[1]) for _, games in sorted(by_pair.items()) if len(games) == 2]


def run_match(
    jobs: list[MatchJob],
    workers: int = 1,
    on_game: Callable[[GameOutcome], None] | None = None,
    finished: list[GameOutcome] | None = None,
    backend: Backend | None = None,
    stop: Callable[[list[GameOutcome]], bool] | None = None,
) -> MatchSummary:
    """Plays the jobs on ``backend`` (default: ``workers`` local processes);
    ``on_game`` is called as each game ends (in completion order). ``finished``
    are outcomes of games played earlier (a resumed match), counted in the
    summary. ``stop`` is asked after each game, with every outcome so far; when
    it says True the games still running or waiting are cancelled (an SPRT
    verdict). An interrupted match (KeyboardInterrupt) cancels its games too, and
    ``on_game`` has been called for every game finished before."""
    outcomes: list[GameOutcome] = list(finished or [])
    total = len(outcomes) + len(jobs)
    runner = backend if backend is not None else ProcessBackend(workers)
    stopped = stop is not None and bool(outcomes) and stop(outcomes)
    results = runner.run(play_game, jobs) if not stopped else iter(())
    try:
        for _, outcome in results:
            outcomes.append(outcome)
            if on_game is not None:
                on_game(outcome)
            if stop is not None and stop(outcomes):
                stopped = len(outcomes) < total
                break
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()  # cancels what is left
    outcomes.sort(key=lambda o: (o.pair, o.colour))
    scores = [o.score for o in outcomes]
    return MatchSummary(scores.count(1), scores.count(0), scores.count(-1), outcomes, stopped)


# -- a match command's plan, its runs file, resuming, and the summary it prints --

MATCH_RUNS = "match-runs.jsonl"
"""The file in a match's records directory that says how its games were played:
one JSON object a run of the command (a resumed match adds one), with the
settings, both builds, the set-up and the load average at its start and end
(:func:`match_info`, :class:`MatchRuns`). Not ``*.json``, so tools that read every
``*.json`` of the directory as a game record pass it by."""


@dataclass(frozen=True)
class MatchPlan:
    """What a match was asked for beyond its games: the players, the seats of
    the game, the duplicate form, the GSPRT hypotheses (``sprt``: Elo H0 and
    H1 on the colour-swapped pairs; ``sprt_margin``: points, over deals), the
    backend's name and the records directory. :class:`MatchSummary` reads it
    to make its report (:meth:`MatchSummary.to_json`, :meth:`MatchSummary.text`)."""

    game: str
    a: PlayerSpec
    b: PlayerSpec
    seats: int = 2
    duplicate: bool = False
    sprt: tuple[float, float] | None = None
    sprt_margin: tuple[float, float] | None = None
    backend: str = "processes"
    records: str = "match-records"

    @property
    def setup(self) -> str:
        """:func:`setup_kind` of the two players."""
        return setup_kind(self.a, self.b)

    @property
    def warning(self) -> str | None:
        """:func:`setup_warning` of the two players."""
        return setup_warning(self.a, self.b)

    def stop_rule(self) -> Callable[[list[GameOutcome]], bool] | None:
        """The early stop of :func:`run_match` (None: play every game): with
        ``sprt_margin``, the GSPRT over complete deals on A's margin per deal
        has reached H0 or H1; with ``sprt``, the GSPRT on the complete
        colour-swapped pairs (pentanomial)."""
        from safari_ai.stats import pentanomial, sprt_normal, sprt_pentanomial

        margin, bounds = self.sprt_margin, self.sprt
        if margin is not None:

            def margin_stop(outcomes: list[GameOutcome]) -> bool:
                return sprt_normal(deal_margins(outcomes), *margin).verdict != "continue"

            return margin_stop
        if bounds is None:
            return None

        def pair_stop(outcomes: list[GameOutcome]) -> bool:
            pairs = pair_scores(outcomes)
            return (
                bool(pairs) and sprt_pentanomial(pentanomial(pairs), *bounds).verdict != "continue"
            )

        return pair_stop


def save_text(path: str, text: str) -> None:
    """Writes ``text`` to ``path`` whole or not at all (a temporary file renamed),
    so an interrupted run leaves no half-written file."""
    import os

    temporary = f"{path}.tmp{os.getpid()}"
    try:
        with open(temporary, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temporary, path)
    except BaseException:  # Ctrl-C in the middle too: no stray temporary file
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def save_json(path: str, data: Any) -> None:
    """Writes ``data`` to ``path`` whole or not at all (:func:`save_text`)."""
    save_text(path, json.dumps(data, indent=1) + "\n")


class MatchRuns:
    """``DIR/match-runs.jsonl`` (:data:`MATCH_RUNS`) for one run of a match:
    the runs written before (kept when the match is resumed), then this run's
    ``info`` (:func:`match_info`), written at once; :meth:`finish` adds its end."""

    def __init__(self, records_dir: str, info: dict[str, Any], resume: bool = False) -> None:
        import os

        self.path = os.path.join(records_dir, MATCH_RUNS)
        self.runs = self._read() if resume else []
        self.info = info
        self.runs.append(info)
        self._save()

    def _read(self) -> list[Any]:
        """The runs written before (none when the file is missing or unreadable)."""
        try:
            with open(self.path, encoding="utf-8") as handle:
                return [json.loads(line) for line in handle if line.strip()]
        except (OSError, ValueError):
            return []

    def _save(self) -> None:
        save_text(self.path, "".join(json.dumps(run) + "\n" for run in self.runs))

    def finish(self, summary: MatchSummary) -> None:
        """Adds this run's end: the time, the load average and the games counted."""
        import datetime

        self.info.update(
            finished=datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            load_average_end=load_average(),
            games_counted=summary.games,
        )
        self._save()


def resume_jobs(jobs: list[MatchJob], records_dir: str) -> tuple[list[GameOutcome], list[MatchJob]]:
    """``--resume``: the outcomes of the jobs whose records in ``records_dir``
    were played with the same players, seed and opening
    (:func:`finished_outcome`), and the jobs left to play."""
    import os

    from safari_ai.errors import SafariError
    from safari_ai.jsontext import loads, read_file

    finished = []
    for job in jobs:
        try:
            record = loads(read_file(os.path.join(records_dir, record_name(job))))
        except SafariError:
            continue
        outcome = finished_outcome(job, record)
        if outcome is not None:
            finished.append(outcome)
    done = {(o.pair, o.colour) for o in finished}
    return finished, [job for job in jobs if (job.pair, job.colour) not in done]


def signed(value: float, digits: int = 0) -> str:
    """``value`` with its sign, never ``-0`` (a value that rounds to zero is ``+0``).

    >>> signed(-0.4), signed(-0.0004, 3), signed(2.5, 1)
    ('+0', '+0.000', '+2.5')
    """
    text = f"{value:+.{digits}f}"
    return f"{0.0:+.{digits}f}" if float(text) == 0 else text


def elo_text(wins: int, draws: int, losses: int) -> str:
    """A's Elo difference with its 95% interval, or a bound when every game
    was won (or lost)."""
    from safari_ai.stats import elo

    _, difference, error = elo(wins, draws, losses)
    if draws == 0 and (wins == 0 or losses == 0):
        return (
            f"{'>' if losses == 0 else '<'} {signed(difference)} "
            f"(bound: every game {'won' if losses == 0 else 'lost'})"
        )
    return f"{signed(difference)} ± {error:.0f} (95%)"


def pentanomial_text(counts: list[int]) -> str:
    """The pentanomial counts of the complete pairs and the Elo they give."""
    from safari_ai.stats import elo_pentanomial

    _, difference, error = elo_pentanomial(counts)
    pairs = sum(counts)
    if counts[1:] == [0, 0, 0, 0] or counts[:4] == [0, 0, 0, 0]:
        figure = f"{'>' if counts[4] else '<'} {signed(difference)} (bound)"
    else:
        figure = f"{signed(difference)} ± {error:.0f} (95%)"
    return f"pairs {pairs} (A's points 0/0.5/1/1.5/2: {' '.join(map(str, counts))}): elo {figure}"
