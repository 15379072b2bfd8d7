"""Matches between two players: engine configurations, simple players, or any
protocol engine by command line.

A player is given by a SPEC, comma-separated ``KEY=VALUE`` items:

* ``algo=alphabeta|mcts|auto|...`` (the in-process engine; default ``auto``),
  or ``algo=random`` / ``algo=greedy`` (uniform random; one-ply greedy on the
  engine's evaluation, an immediate win first);
* limits ``depth=N``, ``nodes=N``, ``movetime=MS``; ``hash=MB``, ``leaf=rollout|evaluate``;
* ``reuse=yes|no`` (``algo=mcts``): keep the MCTS tree from one move to the
  next (:class:`~safari_ai.search.MctsSession`; default yes): the player is
  told every ply of the game, its own moves, the others' and the dice;
* ``name=TEXT`` (for the report);
* ``weights=FILE``: the in-process engine evaluates with this weights file
  (``safari-ai tune``; docs/tuning.md);
* ``opt.NAME=VALUE`` (``setoption`` for a command-line engine), ``cwd=DIR``
  (its working directory);
* ``cmd=COMMAND LINE``: a protocol engine (docs/protocol.md) driven by
  :class:`~safari_ai.engine_client.EngineClient`; ``cmd`` must come last, as
  everything after ``cmd=`` is the command (split as a shell would).

Games come in pairs: each opening (``opening_plies`` seeded random plies: moves
uniform, chance outcomes by probability) is played once with player A as
player 0 and once as player 1; the chance outcomes after the opening are drawn
from the same seeded stream in both games. Player A takes seat ``colour``, B the
other seats (a game of more players gives B all of them). A's result: win when
its result beats every other seat's, draw on a tie, loss otherwise.
"""
from __future__ import annotations

import random
import shlex
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Optional

__all__ = ["PlayerSpec", "parse_spec", "MatchJob", "GameOutcome", "play_game", "make_jobs",
           "run_match", "MatchSummary", "record_name", "finished_outcome"]


@dataclass
class PlayerSpec:
    algo: str = "auto"
    depth: Optional[int] = None
    nodes: Optional[int] = None
    movetime: Optional[int] = None
    hash_mb: int = 16
    leaf: str = "evaluate"
    reuse: bool = True
    name: str = ""
    cmd: Optional[list[str]] = None
    cwd: Optional[str] = None
    options: dict[str, str] = field(default_factory=dict)
    weights: Optional[str] = None

    def label(self) -> str:
        if self.name:
            return self.name
        base = " ".join(self.cmd) if self.cmd else self.algo
        limits = [f"{k} {v}" for k, v in (("depth", self.depth), ("nodes", self.nodes),
                                          ("movetime", self.movetime)) if v is not None]
        return base + (f" ({', '.join(limits)})" if limits else "")

    def settings(self) -> dict[str, Any]:
        out: dict[str, Any] = {"algo": self.algo}
        for key in ("depth", "nodes", "movetime"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.cmd:
            out["cmd"] = self.cmd
            out["options"] = self.options
        elif self.algo not in ("random", "greedy"):
            out.update(hash=self.hash_mb, leaf=self.leaf)
            if self.algo == "mcts":
                out["reuse"] = self.reuse
            if self.weights is not None:
                out["weights"] = self.weights
        return out

    def limited(self) -> bool:
        return any(v is not None for v in (self.depth, self.nodes, self.movetime))


def parse_spec(text: str) -> PlayerSpec:
    """A :class:`PlayerSpec` from ``KEY=VALUE,...``; ValueError naming the bad item."""
    spec = PlayerSpec()
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
            try:
                number = int(value)
            except ValueError:
                raise ValueError(f"{key}: {value!r} is not an integer") from None
            if number < 1:
                raise ValueError(f"{key}: must be >= 1")
            setattr(spec, "hash_mb" if key == "hash" else key, number)
        elif key == "algo":
            spec.algo = value
        elif key == "leaf":
            if value not in ("rollout", "evaluate"):
                raise ValueError("leaf: rollout or evaluate")
            spec.leaf = value
        elif key == "reuse":
            if value.lower() not in ("yes", "no", "true", "false", "1", "0"):
                raise ValueError("reuse: yes or no")
            spec.reuse = value.lower() in ("yes", "true", "1")
        elif key == "name":
            spec.name = value
        elif key == "cwd":
            spec.cwd = value
        elif key == "weights":
            from safari_ai.tune import EvalWeights

            EvalWeights.load(value)  # WeightsError (a ValueError) naming the problem
            spec.weights = value
        elif key.startswith("opt.") and len(key) > 4:
            spec.options[key[4:]] = value
        else:
            raise ValueError(f"unknown key {key!r} (algo, depth, nodes, movetime, hash, leaf, "
                             "reuse, name, cwd, weights, opt.NAME, cmd)")
    if spec.cmd is None and spec.algo not in ("random", "greedy") and not spec.limited():
        spec.movetime = 100
    if spec.cmd is not None and not spec.limited():
        spec.movetime = 100
    return spec


# -- players -----------------------------------------------------------------

Mover = Callable[[Any, random.Random], tuple[str, Optional[str]]]


def _random_move(pos: Any, rng: random.Random) -> tuple[str, Optional[str]]:
    moves = pos.legal_moves()
    return moves[rng.randrange(len(moves))], None


def _greedy_move(pos: Any, rng: random.Random) -> tuple[str, Optional[str]]:
    me = pos.to_move
    best: list[str] = []
    best_value = -float("inf")
    for move in pos.legal_moves():
        child = pos.apply(move)
        if child.is_terminal():
            result = child.result()
            others = max(r for i, r in enumerate(result) if i != me)
            value = float("inf") if result[me] > others else 0.0 if result[me] == others \
                else -float("inf")
        else:
            value = float(child.evaluate(me))
        if value > best_value:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    return best[rng.randrange(len(best))], None


class _EnginePlayer:
    """The in-process engine. With ``algo=mcts`` (and ``reuse``) it keeps its
    tree between its moves: :meth:`observe` is told every ply played, and the
    search checks the position against the tree anyway."""

    def __init__(self, spec: PlayerSpec) -> None:
        from safari_ai.search import MctsSession

        self.spec = spec
        self.session = None
        if spec.algo == "mcts" and spec.reuse and (spec.nodes or spec.movetime):
            self.session = MctsSession()
        self.weights: Any = None
        if spec.weights is not None:
            from safari_ai.tune import EvalWeights

            self.weights = EvalWeights.load(spec.weights)

    def __call__(self, pos: Any, rng: random.Random) -> tuple[str, Optional[str]]:
        from safari_ai.search import analyse

        s = self.spec
        if self.weights is not None and self.weights.game == pos.game:
            pos = pos.with_weights(self.weights)
        if self.session is not None:
            report = self.session.search(pos, nodes=s.nodes, movetime=s.movetime,
                                         seed=rng.randrange(2**32), hash_mb=s.hash_mb,
                                         leaf=s.leaf)
        else:
            report = analyse(pos, depth=s.depth, nodes=s.nodes, movetime=s.movetime,
                             seed=rng.randrange(2**32), algo=s.algo, hash_mb=s.hash_mb,
                             leaf=s.leaf)
        return report.best_move, report.lines[0].score_text

    def observe(self, move: str) -> None:
        """A ply of the game was played (by anyone, or the dice)."""
        from safari_ai.errors import SafariError

        if self.session is not None:
            try:
                self.session.advance(move)
            except SafariError:  # out of step: the next search starts afresh
                self.session.clear()


class _ProtocolPlayer:
    """A protocol engine. It is sent the position it first moved in, then the
    plies played since (``position json {...} moves ...``), as UCI GUIs do, so
    an engine that keeps its tree (ours with ``TreeReuse``) can reuse it."""

    def __init__(self, spec: PlayerSpec) -> None:
        from safari_ai.engine_client import EngineClient

        self.spec = spec
        self.client = EngineClient(spec.cmd or [], cwd=spec.cwd)
        self.client.handshake()
        for name, value in spec.options.items():
            self.client.set_option(name, value)
        self.client.isready()
        self.base: Any = None       # the position first sent, or None
        self.moves: list[str] = []  # the plies since
        self.now: Any = None        # base after moves

    def __call__(self, pos: Any, rng: random.Random) -> tuple[str, Optional[str]]:
        s = self.spec
        if self.now is None or self.now != pos:
            self.base, self.moves, self.now = pos, [], pos
        self.client.position(position=self.base.to_json(), moves=self.moves)
        result = self.client.go(depth=s.depth, nodes=s.nodes, movetime=s.movetime,
                                timeout=60.0 + (s.movetime or 0) / 1000 * 2)
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
    return _EnginePlayer(spec)


# -- games -------------------------------------------------------------------

@dataclass
class MatchJob:
    game: str
    rules: dict[str, Any]
    a: PlayerSpec
    b: PlayerSpec
    pair: int
    colour: int  # A's seat
    seed: int
    opening_plies: int
    max_plies: int = 2000


@dataclass
class GameOutcome:
    pair: int
    colour: int
    score: int  # +1 / 0 / -1 for A
    record: dict[str, Any]


def _chance(pos: Any, rng: random.Random) -> str:
    outcomes = pos.chance_outcomes()
    return rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]


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


def play_game(job: MatchJob) -> GameOutcome:
    """Plays one game of a match (in a worker process)."""
    from safari_ai.position import Position
    from safari_ai.record import GameRecord

    start = Position.new(job.game, job.rules)
    pos = start
    record = GameRecord(start=start.to_json(), settings={
        "match": {"pair": job.pair, "seed": job.seed, "opening_plies": job.opening_plies}})
    n = pos.num_players
    record.players = [{"seat": i, "name": (job.a if i == job.colour else job.b).label(),
                       "role": "A" if i == job.colour else "B",
                       "settings": (job.a if i == job.colour else job.b).settings()}
                      for i in range(n)]
    for move in opening(job.game, job.rules, job.opening_plies, job.seed, job.pair):
        record.add(pos.to_move, move, comment="opening")
        pos = pos.apply(move)
    dice = random.Random(f"dice/{job.seed}/{job.pair}")
    rng = random.Random(f"players/{job.seed}/{job.pair}/{job.colour}")
    players = {"A": make_player(job.a), "B": make_player(job.b)}
    try:
        while not pos.is_terminal() and len(record.moves) < job.max_plies:
            if pos.is_chance():
                move = _chance(pos, dice)
                record.add("chance", move)
            else:
                who = "A" if pos.to_move == job.colour else "B"
                move, score = players[who](pos, rng)
                record.add(pos.to_move, move, score=score)
            pos = pos.apply(move)
            for player in players.values():
                if hasattr(player, "observe"):
                    player.observe(move)
    finally:
        for player in players.values():
            if hasattr(player, "close"):
                player.close()
    if pos.is_terminal():
        record.result = pos.result()
        record.termination = "end of game"
        score = a_score(record.result, job.colour)
    else:
        record.result = [0] * n
        record.termination = f"adjudicated a draw after {job.max_plies} plies"
        score = 0
    return GameOutcome(job.pair, job.colour, score, record.to_json())


def make_jobs(game: str, rules: dict[str, Any], a: PlayerSpec, b: PlayerSpec, games: int,
              seed: int, opening_plies: int) -> list[MatchJob]:
    """``games`` jobs: pairs of games on one opening with the colours swapped."""
    return [MatchJob(game, rules, a, b, i // 2, i % 2, seed, opening_plies)
            for i in range(games)]


def record_name(job: MatchJob) -> str:
    """The file name of a job's game record: ``GAME-PAIR-a.json`` (A as player 0)
    or ``GAME-PAIR-b.json`` (A as player 1), pairs counted from 1."""
    return f"{job.game}-{job.pair + 1:04d}-{'ab'[job.colour]}.json"


def finished_outcome(job: MatchJob, record: dict[str, Any]) -> Optional[GameOutcome]:
    """The outcome of ``job`` read from a record an earlier run wrote for it, or
    None when the record is of another game (players, seats, seed, opening,
    rules) or unfinished, so that a resumed match only counts games it would
    have played the same way."""
    try:
        players = record["players"]
        same = (record.get("game") == job.game
                and record["settings"]["match"] == {"pair": job.pair, "seed": job.seed,
                                                    "opening_plies": job.opening_plies}
                and all(p["settings"] == (job.a if p["seat"] == job.colour else job.b).settings()
                        and p["role"] == ("A" if p["seat"] == job.colour else "B")
                        for p in players)
                and all((k, v) in record["start"]["rules"].items() for k, v in job.rules.items()))
        result = record["result"]
    except (KeyError, TypeError, AttributeError):
        return None
    if not same or not isinstance(result, list) or len(result) != len(players):
        return None
    return GameOutcome(job.pair, job.colour, a_score(result, job.colour), record)


@dataclass
class MatchSummary:
    wins: int
    draws: int
    losses: int
    outcomes: list[GameOutcome]

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def mean_result(self) -> tuple[float, float]:
        """A's mean game result (the game's own result value of A's seat: +1/0/-1
        in the two-player games, points in the ostrich race) with the half-width
        of its 95% interval."""
        from safari_ai.stats import mean_interval

        return mean_interval([float(o.record["result"][o.colour]) for o in self.outcomes])

    def opponents_mean(self) -> float:
        """The mean result of B's seats (each game's mean over B's seats)."""
        means = [sum(float(r) for i, r in enumerate(o.record["result"]) if i != o.colour)
                 / (len(o.record["result"]) - 1) for o in self.outcomes]
        return sum(means) / len(means)


def run_match(jobs: list[MatchJob], workers: int = 1,
              on_game: Optional[Callable[[GameOutcome], None]] = None,
              finished: Optional[list[GameOutcome]] = None) -> MatchSummary:
    """Plays the jobs, in ``workers`` processes when more than one; ``on_game`` is
    called as each game ends (in completion order). ``finished`` are outcomes of
    games played earlier (a resumed match), counted in the summary."""
    outcomes: list[GameOutcome] = list(finished or [])

    def results() -> Iterator[GameOutcome]:
        if workers <= 1:
            for job in jobs:
                yield play_game(job)
            return
        from concurrent.futures import ProcessPoolExecutor, as_completed

        with ProcessPoolExecutor(workers) as pool:
            futures = [pool.submit(play_game, job) for job in jobs]
            for future in as_completed(futures):
                yield future.result()

    for outcome in results():
        outcomes.append(outcome)
        if on_game is not None:
            on_game(outcome)
    outcomes.sort(key=lambda o: (o.pair, o.colour))
    scores = [o.score for o in outcomes]
    return MatchSummary(scores.count(1), scores.count(0), scores.count(-1), outcomes)
