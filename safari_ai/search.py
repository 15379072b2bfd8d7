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

from collections.abc import Callable
from typing import Any

from safari_ai import _core
from safari_ai.errors import IllegalMoveError, LimitError, SearchError, from_core
from safari_ai.limits import DEFAULT_MOVETIME_MS, Limits
from safari_ai.position import Position
from safari_ai.predictions import analyse_sampled
from safari_ai.report import SCORE_WIN, Line, Outcome, Report
from safari_ai.settings import Settings

__all__ = [
    "Line",
    "Outcome",
    "Report",
    "analyse",
    "MctsSession",
    "SearchError",
    "LimitError",
    "Limits",
    "StopFlag",
    "SCORE_WIN",
    "ALGORITHMS",
    "PRUNINGS",
    "MULTIPLAYERS",
    "DEFAULT_MOVETIME_MS",
    "resolve_algo",
    "Settings",
]

ALGORITHMS = tuple(_core.ALGOS)
PRUNINGS = tuple(_core.PRUNINGS)
MULTIPLAYERS = tuple(_core.MULTIPLAYERS)
"""Expectimax's models for more than two players: ``auto`` (the measured
best for the number of players), ``maxn``, ``paranoid``."""
StopFlag = _core.StopFlag


def resolve_algo(
    pos: Position,
    algo: str = "auto",
    limits: Limits | None = None,
    *,
    depth: int | None = None,
    nodes: int | None = None,
) -> str:
    """The algorithm :func:`analyse` runs at ``pos`` for ``algo``: itself, or
    for ``"auto"`` the game's default: alpha-beta without dice, expectimax
    with them (in the ostrich race choosing by margin, whatever the limits;
    measured stronger, docs/search-expectimax.md "Which algorithm auto
    picks").

    :raises SearchError: ``algo`` is not one of :data:`ALGORITHMS`.
    """
    if algo not in ALGORITHMS:
        raise SearchError(f"unknown algorithm {algo!r} (known: {', '.join(ALGORITHMS)})")
    return _core.search_algo(pos._c, Limits.of(limits, depth=depth, nodes=nodes), algo)


def analyse(
    pos: Position,
    settings: Settings | Limits | int | None = None,
    nodes: int | None = None,
    movetime: int | None = None,
    seed: int | None = None,
    *,
    stop: StopFlag | None = None,
    progress: Callable[[Report], None] | None = None,
    depth: int | None = None,
    limits: Limits | None = None,
    **options: Any,
) -> Report:
    """Searches ``pos`` and reports the best move, its score and the principal variation.

    What to search with is one :class:`~safari_ai.settings.Settings`
    (``analyse(pos, Settings.of(depth=4, seed=1, algo="mcts"))``), made and
    checked where the input was read and passed on as it is: its
    :class:`~safari_ai.limits.Limits` go to the C search unchanged. ``stop``
    (a :data:`StopFlag`) ends the search early; ``progress`` is called with a
    partial :class:`Report` after each iteration.

    The older forms make that one value (:meth:`Settings.of
    <safari_ai.settings.Settings.of>`): a :class:`~safari_ai.limits.Limits`
    in the second argument or ``limits=``, or the limits as arguments, in the
    order of the common contract (``analyse(pos, depth=4, seed=1)``;
    ``depth``, ``nodes``, ``movetime``, ``seed`` also by position), with the
    other settings as keywords (``algo="mcts"``); not both.

    The settings: ``depth`` (plies), ``nodes``, ``movetime`` (milliseconds);
    with none given the search runs for 1000 ms. ``seed`` fixes every random
    choice; with the same limits (other than time) the same seed gives the
    same report. ``table=False`` searches without the transposition table (for tests).
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
    race: ``"maxn"`` (each maximises their own expected score),
    ``"margin"`` (each maximises their expected score less the mean of the
    others'; the lines still carry every player's expected score, and the
    mover's own as ``score``), ``"paranoid"`` (all minimise the mover's; its
    lines then carry only the mover's value, in ``score``, and no
    ``expected``), or ``"auto"``, the measured best (margin).

    Ostrich's hidden predictions (rule book section 5): ``predictions="sampled"``
    with ``player=P`` searches ``samples`` copies of the position in which
    the other players' tiles are redrawn from the tiles P does not hold, and
    averages them (:mod:`safari_ai.predictions`); the limits apply to each
    sample, except ``movetime``, which is shared among them; ``progress``
    then gets the average so far after every iteration of every sample.

    :raises SearchError: the position is terminal, or a chance position for an
        algorithm other than expectimax.
    :raises LimitError: (a :class:`SearchError`; :class:`SettingError
        <safari_ai.settings.SettingError>`) a setting is not in its range or
        choices (:data:`safari_ai.settings.SETTINGS`; ``depth``, ``nodes``
        and ``movetime`` are at least 1), naming it.
    :raises TypeError: the settings given twice (a :class:`Settings
        <safari_ai.settings.Settings>` or :class:`Limits
        <safari_ai.limits.Limits>` and keywords), or an unknown keyword.
    """
    if not isinstance(pos, Position):
        raise TypeError(f"analyse() needs a Position, got {type(pos).__name__}")
    if not isinstance(settings, Settings):
        settings = _settings_of(settings, depth, nodes, movetime, seed, limits, options)
    elif (depth, nodes, movetime, seed, limits) != (None,) * 5 or options:
        raise TypeError("give the settings once: a Settings, or keywords, not both")
    if settings.predictions != "open":
        if pos.is_chance():
            raise SearchError(
                "predictions: a chance position has no move to choose; "
                "sampled predictions need a decision position"
            )
        return analyse_sampled(pos, settings, stop=stop, progress=progress)
    try:
        return _core.search(
            pos._c,
            settings.limits,
            settings.algo,
            stop,
            progress,
            settings.table,
            settings.leaf == "evaluate",
            settings.pruning,
            settings.multiplayer,
        )
    except _core.CoreError as error:
        raise from_core(error, SearchError) from None


def _settings_of(
    first: Limits | int | None,
    depth: int | None,
    nodes: int | None,
    movetime: int | None,
    seed: int | None,
    limits: Limits | None,
    options: dict[str, Any],
) -> Settings:
    """The one :class:`Settings` of :func:`analyse`'s older forms: a Limits
    (second argument or ``limits=``) or the limits as arguments, and the
    other settings as keywords."""
    if isinstance(first, Limits):  # analyse(pos, Limits(...))
        if limits is not None:
            raise TypeError("give the limits once: a Limits in the second argument or limits=")
        limits = first
    elif first is not None:  # analyse(pos, 4): the contract's depth by position
        if depth is not None:
            raise TypeError("analyse() got the depth twice (by position and depth=)")
        depth = first
    return Settings.of(limits, depth=depth, nodes=nodes, movetime=movetime, seed=seed, **options)


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

    def search(
        self,
        pos: Position,
        limits: Limits | None = None,
        *,
        nodes: int | None = None,
        movetime: int | None = None,
        seed: int | None = None,
        multipv: int | None = None,
        threads: int | None = None,
        hash_mb: int | None = None,
        leaf: str = "evaluate",
        stop: StopFlag | None = None,
        progress: Callable[[Report], None] | None = None,
    ) -> Report:
        """Searches ``pos`` by MCTS, reusing the tree when ``pos`` is its root.

        Limits as :func:`analyse`: one :class:`~safari_ai.limits.Limits` or
        keywords (``nodes`` counts this search's simulations; with no limit
        given it runs for 1000 ms; MCTS has no depth: a ``depth`` alone in
        ``limits`` leaves it running until ``stop``); ``seed`` fixes every
        random choice: the same calls in the same order with the same seeds
        give the same reports.

        :raises SearchError: a terminal or chance position.
        :raises LimitError: a limit out of range, as :func:`analyse`.
        :raises TypeError: both ``limits`` and a keyword limit.
        """
        if not isinstance(pos, Position):
            raise TypeError(f"search() needs a Position, got {type(pos).__name__}")
        limits = Limits.of(
            limits,
            nodes=nodes,
            movetime=movetime,
            seed=seed,
            multipv=multipv,
            threads=threads,
            hash_mb=hash_mb,
        )
        if leaf not in ("rollout", "evaluate"):
            raise SearchError(f"leaf must be 'rollout' or 'evaluate', got {leaf!r}")
        try:
            return self._core.search(pos._c, limits, stop, progress, leaf == "evaluate")
        except _core.CoreError as error:
            raise from_core(error, SearchError) from None

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
            check = check.apply(move)  # IllegalMoveError names the move
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
    def root(self) -> Position | None:
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
