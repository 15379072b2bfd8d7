"""Searching positions: :func:`analyse` and its report, and :class:`MctsSession`
(MCTS that keeps its tree from one move to the next).

The search runs in C without the GIL (alpha-beta for turtles and zebras by
default, expectimax for ostrich and arena, MCTS with ``algo="mcts"``). Scores
are integers from the point of view of the player to move: evaluation units for
heuristic values, and for a result the search has proven, ``SCORE_WIN - plies``
(a win that many plies away) or its negation; :attr:`Line.score_text` spells
them ``cp 35``, ``win 5``, ``loss 4``. Expectimax scores are 100 times the
mover's expected result, and so are MCTS's in the dice games (1000 times its
mean value in [-1, 1] in turtles and zebras); the lines of both carry
:attr:`Line.expected`.

At a chance position (the dice are about to be rolled) expectimax values
every outcome: the report has no line and no best move, but
:attr:`Report.expected` (every player's expected result of the position) and
:attr:`Report.outcomes` (each outcome's exact probability and expected
results, most probable first).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, NamedTuple, Optional

from safari_ai import _core
from safari_ai.errors import IllegalMoveError, LimitError, SearchError, from_core
from safari_ai.limits import DEFAULT_MOVETIME_MS, Limits, check_limit
from safari_ai.position import Position

__all__ = ["Line", "Outcome", "Report", "analyse", "MctsSession", "SearchError", "LimitError",
           "Limits", "StopFlag", "SCORE_WIN", "ALGORITHMS", "PRUNINGS", "MULTIPLAYERS",
           "DEFAULT_MOVETIME_MS", "resolve_algo"]

SCORE_WIN: int = _core.SCORE_WIN
ALGORITHMS = tuple(_core.ALGOS)
PRUNINGS = tuple(_core.PRUNINGS)
MULTIPLAYERS = tuple(_core.MULTIPLAYERS)
"""Expectimax's models for more than two players: ``auto`` (the measured
best for the number of players), ``maxn``, ``paranoid``."""
StopFlag = _core.StopFlag

@dataclass(frozen=True)
class Line:
    """One principal variation with its score (for the player to move).

    ``expected`` (expectimax and MCTS; empty from alpha-beta): the line's
    expected result for every player, by player index. Arena and other
    two-player games: each side's win probability, a draw counting half
    (``(v + 1) / 2`` for the side's expected result ``v`` in [-1, 1]). Ostrich:
    each player's expected score in points.
    """

    score: int
    exact: bool
    pv: list[str]
    expected: list[float] = field(default_factory=list)

    @property
    def move(self) -> str:
        """The line's first move."""
        return self.pv[0]

    @property
    def score_text(self) -> str:
        """``cp N`` for a heuristic score, ``win N`` / ``loss N`` (plies) for a proven one."""
        if self.exact and self.score > 0:
            return f"win {SCORE_WIN - self.score}"
        if self.exact and self.score < 0:
            return f"loss {SCORE_WIN + self.score}"
        return f"cp {self.score}"


class Outcome(NamedTuple):
    """One outcome of a chance position, as expectimax valued it.

    ``probability`` is exact; ``expected`` is every player's expected result
    after the outcome (units as :attr:`Line.expected`), None when the search
    stopped before it reached the outcome; ``depth`` is the plies searched
    below it (0: the outcome ends the game); ``best`` the best move after it
    when a player chooses there; ``to_move`` who moves after it (a player
    index, ``"chance"`` or ``"terminal"``).
    """

    outcome: str
    probability: Fraction
    expected: Optional[list[float]]
    depth: int = 0
    best: Optional[str] = None
    to_move: int | str = "terminal"

    def to_json(self) -> dict[str, Any]:
        """``{"outcome", "probability": "p/q", "expected", "depth", "best"}``."""
        return {"outcome": self.outcome,
                "probability": f"{self.probability.numerator}/{self.probability.denominator}",
                "expected": self.expected, "depth": self.depth, "best": self.best}


@dataclass(frozen=True)
class Report:
    """What :func:`analyse` found. ``lines[0]`` is the best line.

    At a chance position there are no lines: :attr:`chance_expected` holds
    every player's expected result of the position and :attr:`outcomes` each
    outcome's (see :attr:`is_chance`).
    """

    algo: str
    depth: int
    seldepth: int
    nodes: int
    seconds: float
    lines: list[Line]
    win_probability: Optional[float] = None
    extra: dict[str, Any] = field(default_factory=dict)
    hashfull: Optional[int] = None
    """Permille in use of the transposition table (alpha-beta) or of the node
    arena (MCTS); None without one."""
    reused: int = 0
    """:class:`MctsSession`: the visits the root already had from earlier
    searches (tree reuse), on top of this search's :attr:`nodes`; else 0."""
    threads: int = 1
    """Threads that searched."""
    outcomes: list[Outcome] = field(default_factory=list)
    """A chance position: every outcome, most probable first (equal
    probabilities by spelling); else empty."""
    chance_expected: Optional[list[float]] = None
    """A chance position: every player's expected result of the position."""
    valued: int = 0
    """A chance position: how many outcomes were valued. Fewer than
    ``len(outcomes)`` only when the limits stopped the first iteration; the
    expectation is then an unbiased estimate from a seeded uniform sample of
    the outcomes (docs/search-expectimax.md)."""

    @property
    def is_chance(self) -> bool:
        """True for the report of a chance position (no move to choose)."""
        return self.chance_expected is not None

    @property
    def best_move(self) -> Optional[str]:
        """The canonical spelling of the move the engine would play (None at a
        chance position)."""
        return self.lines[0].move if self.lines else None

    @property
    def score(self) -> int:
        """The best line's score, for the player to move."""
        return self.lines[0].score

    @property
    def pv(self) -> list[str]:
        """The principal variation."""
        return self.lines[0].pv if self.lines else []

    @property
    def expected(self) -> Optional[list[float]]:
        """Every player's expected result: the position's at a chance
        position, else the best line's (dice games; None from alpha-beta)."""
        if self.chance_expected is not None:
            return self.chance_expected
        return self.lines[0].expected or None

    @property
    def nps(self) -> int:
        """Nodes per second."""
        return int(self.nodes / self.seconds) if self.seconds > 0 else 0

    def to_json(self) -> dict[str, Any]:
        """The report as JSON: ``bestmove``, ``score``, ``pv``, ``nodes``, ``depth`` and more
        (``expected``: the best line's :attr:`Line.expected`; then :attr:`extra`). At a
        chance position ``bestmove`` is null and ``expected``, ``outcomes`` (each
        ``{"outcome", "probability": "p/q", "expected", ...}``) and ``valued`` say
        what the position and each outcome are worth."""
        if self.is_chance:
            out: dict[str, Any] = {
                "bestmove": None, "expected": self.chance_expected,
                "outcomes": [o.to_json() for o in self.outcomes], "valued": self.valued,
                "nodes": self.nodes, "nps": self.nps, "depth": self.depth,
                "seldepth": self.seldepth, "seconds": round(self.seconds, 3),
                "algo": self.algo, "threads": self.threads}
            for key, value in self.extra.items():
                out.setdefault(key, value)
            return out
        out = {
            "bestmove": self.best_move,
            "score": self.score,
            "score_text": self.lines[0].score_text,
            "pv": self.pv,
            "nodes": self.nodes,
            "nps": self.nps,
            "depth": self.depth,
            "seldepth": self.seldepth,
            "seconds": round(self.seconds, 3),
            "algo": self.algo,
            "win_probability": self.win_probability,
            "lines": [{"move": line.move, "score": line.score, "score_text": line.score_text,
                       "pv": line.pv, "expected": line.expected} for line in self.lines],
            "expected": self.lines[0].expected,
            "reused": self.reused,
            "threads": self.threads,
        }
        for key, value in self.extra.items():
            out.setdefault(key, value)
        return out


def _report(raw: dict[str, Any]) -> Report:
    lines = [Line(item["score"], item["exact"], item["pv"], item.get("expected", []))
             for item in raw["lines"]]
    total = raw.get("total_weight") or 1
    movers = {-1: "chance", -2: "terminal"}
    outcomes = [Outcome(name, Fraction(weight, total), expected, depth, best,
                        movers.get(mover, mover))
                for name, weight, expected, depth, mover, best in raw.get("outcomes") or []]
    return Report(raw["algo"], raw["depth"], raw["seldepth"], raw["nodes"], raw["seconds"],
                  lines, raw["win_probability"], hashfull=raw.get("hashfull"),
                  reused=raw.get("reused", 0), threads=raw.get("threads") or 1,
                  outcomes=outcomes,
                  chance_expected=raw.get("expected") if raw.get("chance") else None,
                  valued=raw.get("valued", 0))


def _limits(depth: int | None, nodes: int | None, movetime: int | None, seed: int | None,
            multipv: int, threads: int, hash_mb: int) -> Limits:
    """The limits checked (:class:`LimitError` naming one out of range), with the
    default search time when none of depth, nodes and movetime is given."""
    return Limits(depth=depth, nodes=nodes, movetime=movetime,
                  seed=0 if seed is None else seed, multipv=multipv, threads=threads,
                  hash_mb=hash_mb).or_default_time()


def resolve_algo(pos: Position, algo: str = "auto", depth: int | None = None,
                 nodes: int | None = None) -> str:
    """The algorithm :func:`analyse` runs at ``pos`` for ``algo``: itself, or
    for ``"auto"`` the game's default for its number of players: alpha-beta
    without dice; with dice expectimax, except MCTS in an ostrich race of 2
    or 3 players searched by time alone (no ``depth`` nor ``nodes``; measured
    stronger there, docs/strength.md "Several players").

    :raises SearchError: ``algo`` is not one of :data:`ALGORITHMS`.
    """
    if algo not in ALGORITHMS:
        raise SearchError(f"unknown algorithm {algo!r} (known: {', '.join(ALGORITHMS)})")
    return _core.search_algo(pos._c, depth or 0, nodes or 0, 0, algo)


def analyse(pos: Position, depth: int | None = None, nodes: int | None = None,
            movetime: int | None = None, seed: int | None = None, *, multipv: int = 1,
            threads: int = 1, algo: str = "auto", hash_mb: int = 16, table: bool = True,
            leaf: str = "evaluate",
            stop: Optional[StopFlag] = None,
            progress: Optional[Callable[[Report], None]] = None, pruning: str = "auto",
            chance_width: int = 0, predictions: str = "open", player: int | None = None,
            samples: int = 8, multiplayer: str = "auto") -> Report:
    """Searches ``pos`` and reports the best move, its score and the principal variation.

    Limits: ``depth`` (plies), ``nodes``, ``movetime`` (milliseconds); with none
    given the search runs for 1000 ms. ``seed`` fixes every random choice; with
    the same limits (other than time) the same seed gives the same report.
    ``progress`` is called with a partial :class:`Report` after each iteration.
    ``table=False`` searches without the transposition table (for tests).
    ``leaf`` ("evaluate", the default, or "rollout") says how MCTS values a
    new leaf: the game's evaluation, or a random playout; the evaluation
    measured stronger in every game but zebras (level) and runs 3-4 times more
    simulations a second (docs/strength.md). The evaluation is squashed by
    tanh(v / 400) in the two-player games and read as an expected score in
    the ostrich race.

    At a chance position (only expectimax, the default there, values one)
    the report has no lines: :attr:`Report.expected` and
    :attr:`Report.outcomes` (each outcome's exact probability, a
    :class:`~fractions.Fraction`, and expected results). The roll is a ply:
    ``depth=d`` searches each outcome ``d - 1`` plies deep.

    ``threads``: alpha-beta runs Lazy SMP, MCTS root-parallel trees,
    expectimax shares the root's moves (or outcomes) among the threads, each
    with its own table of ``hash_mb / threads``; the report says how many
    searched (:attr:`Report.threads`).

    Expectimax (games with dice): ``pruning`` is one of :data:`PRUNINGS`
    (``"auto"`` is Star2; ``"none"`` is plain expectimax, for tests);
    ``chance_width`` is the number of outcomes above which a chance position
    is estimated from a seeded sample (0: the default, 32, with the first
    chance layer below the root always searched whole and deeper samples
    growing with the depth left; a width given applies to every layer below
    the root; docs/search-expectimax.md). ``multiplayer`` (one of
    :data:`MULTIPLAYERS`) is how expectimax models the other players in a
    race of more than two: ``"maxn"`` (each maximises their own expected
    score), ``"paranoid"`` (all minimise the mover's; its lines then carry
    only the mover's value, in ``score``, and no ``expected``), or
    ``"auto"``, the measured best for the number of players.

    Ostrich's hidden predictions (rule book section 5): ``predictions="sampled"``
    with ``player=P`` searches ``samples`` copies of the position in which
    the other players' tiles are redrawn from the tiles P does not hold, and
    averages them (:mod:`safari_ai.predictions`); the limits apply to each
    sample, except ``movetime``, which is shared among them; ``progress``
    then gets the average so far after every iteration of every sample.

    :raises SearchError: the position is terminal, or a chance position for an
        algorithm other than expectimax.
    :raises LimitError: (a :class:`SearchError`) a limit is not an integer in
        its range (:data:`safari_ai.limits.LIMIT_BOUNDS`; ``depth``, ``nodes``
        and ``movetime`` are at least 1), naming it.
    """
    if not isinstance(pos, Position):
        raise TypeError(f"analyse() needs a Position, got {type(pos).__name__}")
    if predictions != "open" and pos.is_chance():
        raise SearchError("predictions: a chance position has no move to choose; "
                          "sampled predictions need a decision position")
    limits = _limits(depth, nodes, movetime, seed, multipv, threads, hash_mb)
    check_limit("chance_width", chance_width)
    depth, nodes, movetime = limits.depth, limits.nodes, limits.movetime
    if leaf not in ("rollout", "evaluate"):
        raise SearchError(f"leaf must be 'rollout' or 'evaluate', got {leaf!r}")
    if predictions != "open":
        from safari_ai.predictions import analyse_sampled
        return analyse_sampled(pos, predictions, player, samples, seed or 0,
                               depth=depth, nodes=nodes, movetime=movetime, multipv=multipv,
                               threads=threads, algo=algo, hash_mb=hash_mb, table=table,
                               stop=stop, pruning=pruning, chance_width=chance_width,
                               progress=progress, multiplayer=multiplayer)
    callback = None if progress is None else (lambda raw: progress(_report(raw)))
    try:
        raw = _core.search(pos._c, depth or 0, nodes or 0, movetime or 0, multipv, threads,
                           seed or 0, algo, hash_mb, stop, callback, table,
                           leaf == "evaluate", pruning, chance_width, multiplayer)
    except _core.CoreError as error:
        raise from_core(error, SearchError) from None
    return _report(raw)




class MctsSession:
    """MCTS that keeps its tree between moves (tree reuse).

    :func:`analyse` forgets its tree when it returns. A session keeps it: tell
    it every move and chance outcome played (:meth:`advance`: your move, the
    opponents' moves, the dice), and the next :meth:`search` starts from the
    subtree below them, with the visits the earlier searches made there
    (:attr:`Report.reused`). The search always checks: a position that is not
    the tree's root (the session was not told the moves, or was told others)
    is searched from a fresh tree, as is one with another ``leaf``.

    >>> session = MctsSession()
    >>> pos = Position.new("turtles")
    >>> report = session.search(pos, nodes=2000, seed=1)
    >>> reply = pos.apply(report.best_move).legal_moves()[0]
    >>> session.advance(report.best_move, reply) == session.visits
    True
    >>> pos = pos.apply(report.best_move).apply(reply)
    >>> session.search(pos, nodes=2000, seed=1).reused == session.visits - 2000
    True

    One call at a time: while a search runs (on another thread), the other
    methods raise :class:`SearchError`. The search runs in C without the GIL.
    With ``threads > 1`` the search is root-parallel as :func:`analyse`'s; the
    calling thread's tree is the one kept, the helper threads' trees are
    built afresh on every search (``reused`` counts the kept tree's visits).

    Memory: a fresh tree takes what :func:`analyse` would (``hash_mb``, or
    room for the node limit); a kept tree is given that much room again on
    top of what it holds, without a node limit up to twice ``hash_mb``.
    """

    def __init__(self) -> None:
        self._core = _core.CMctsSession()

    def search(self, pos: Position, nodes: int | None = None, movetime: int | None = None,
               seed: int | None = None, *, multipv: int = 1, threads: int = 1,
               hash_mb: int = 16, leaf: str = "evaluate", stop: Optional[StopFlag] = None,
               progress: Optional[Callable[[Report], None]] = None) -> Report:
        """Searches ``pos`` by MCTS, reusing the tree when ``pos`` is its root.

        Limits as :func:`analyse` (``nodes`` counts this search's simulations;
        with neither limit given it runs for 1000 ms); ``seed`` fixes every
        random choice: the same calls in the same order with the same seeds
        give the same reports.

        :raises SearchError: a terminal or chance position.
        :raises LimitError: a limit out of range, as :func:`analyse`.
        """
        if not isinstance(pos, Position):
            raise TypeError(f"search() needs a Position, got {type(pos).__name__}")
        limits = _limits(None, nodes, movetime, seed, multipv, threads, hash_mb)
        nodes, movetime = limits.nodes, limits.movetime
        if leaf not in ("rollout", "evaluate"):
            raise SearchError(f"leaf must be 'rollout' or 'evaluate', got {leaf!r}")
        callback = None if progress is None else (lambda raw: progress(_report(raw)))
        try:
            raw = self._core.search(pos._c, nodes or 0, movetime or 0, multipv, threads,
                                    seed or 0, hash_mb, stop, callback, leaf == "evaluate")
        except _core.CoreError as error:
            raise from_core(error, SearchError) from None
        raw["threads"] = raw.get("threads") or threads   # the session's search runs them all
        return _report(raw)

    def advance(self, *moves: str) -> int:
        """Tells the session the moves and chance outcomes played since the
        root, in order: the subtree below them becomes the tree. Returns the
        visits kept at the new root (0 when the line was never searched; the
        tree then starts empty there).

        All the moves are checked at the root before any is played. Without a
        tree (a new or cleared session) there is nothing to keep or check.

        :raises IllegalMoveError: a move is not legal where it is played
            (``.move`` holds it); the tree is unchanged.
        """
        for move in moves:
            if not isinstance(move, str):
                raise IllegalMoveError(f"illegal move {move!r}: a move is a string", str(move))
        core = self._call(lambda: self._core.root("advance"))
        check = None if core is None else Position(core)
        if check is None:
            return 0
        for move in moves:
            check = check.apply(move)      # IllegalMoveError names the move
        try:
            for move in moves:
                self._core.advance(move)
        except _core.CoreError as error:
            raise from_core(error, SearchError, move) from None
        return self.visits

    def clear(self) -> None:
        """Drops the tree: the next search starts afresh."""
        self._call(self._core.clear)

    @property
    def root(self) -> Optional[Position]:
        """The position at the tree's root (None without a tree)."""
        core = self._call(lambda: self._core.root("root"))
        return None if core is None else Position(core)

    @property
    def visits(self) -> int:
        """The root's visits: what the next search at the root reuses."""
        return int(self._call(lambda: self._core.visits))

    @property
    def nodes(self) -> int:
        """Nodes in the tree (0 without one)."""
        return int(self._call(lambda: self._core.nodes))

    def child_visits(self, move: str) -> int:
        """Visits of the root's child reached by ``move`` (0 when never searched)."""
        return int(self._call(lambda: self._core.child_visits(move)))

    @staticmethod
    def _call(fn: Callable[[], Any]) -> Any:
        try:
            return fn()
        except _core.CoreError as error:
            raise from_core(error, SearchError) from None
