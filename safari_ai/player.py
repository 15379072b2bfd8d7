"""One engine player: the in-process engine kept in step with a game.

``safari-ai play`` (:mod:`safari_ai.play`), the match runner
(:mod:`safari_ai.match`) and the engine protocol (:mod:`safari_ai.protocol`)
all choose their moves through an :class:`EnginePlayer`: :meth:`~EnginePlayer.choose`
searches a position, :meth:`~EnginePlayer.observe` is told every ply played
since (the engine's own moves, the other players' and the chance outcomes).
With ``algo="mcts"`` and ``keep_tree`` the player keeps its MCTS tree
(:class:`~safari_ai.search.MctsSession`) from one move to the next; otherwise
each move is a fresh :func:`~safari_ai.search.analyse`. ``algo="auto"`` is
resolved per search (:func:`~safari_ai.search.resolve_algo`: the game's
default for its number of players and the limits); where it picks MCTS,
``keep_tree`` keeps the tree as for ``"mcts"``.

The search and the tree are injected (``search=``, ``new_tree=``), so a test
can drive a frontend with a stand-in search and no tree, without the
frontend knowing:

>>> from safari_ai.position import Position
>>> player = EnginePlayer("mcts", keep_tree=True)
>>> pos = Position.new("turtles")
>>> move = player.choose(pos, Limits(nodes=500, seed=1)).best_move
>>> reply = pos.apply(move).legal_moves()[0]
>>> player.observe([move, reply])
>>> player.choose(pos.apply(move).apply(reply), nodes=500, seed=1).reused > 0
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from safari_ai.errors import SafariError
from safari_ai.limits import Limits
from safari_ai.position import Position
from safari_ai.search import MctsSession, Report, StopFlag, analyse, resolve_algo
from safari_ai.settings import Settings

__all__ = ["EnginePlayer", "SearchFn", "TreeFactory", "INFINITE_MS"]

SearchFn = Callable[..., Report]
"""A one-shot search with :func:`safari_ai.analyse`'s signature: called as
``search(position, settings, stop=..., progress=...)`` with one
:class:`~safari_ai.settings.Settings`."""

TreeFactory = Callable[[], MctsSession]
"""Makes an empty tree-keeping search (:class:`~safari_ai.search.MctsSession`'s interface)."""

INFINITE_MS = 10**12
"""The movetime of a search that runs until it is stopped (MCTS has no depth)."""


class EnginePlayer:
    """The engine as a player of one game at a time.

    :param algo: the search algorithm (``safari_ai.ALGORITHMS``).
    :param keep_tree: with ``algo="mcts"``, keep the tree between moves.
    :param search: the one-shot search (default :func:`safari_ai.analyse`).
    :param new_tree: makes the tree-keeping search (default
        :class:`~safari_ai.search.MctsSession`); None: never keep a tree.
    """

    def __init__(
        self,
        algo: str = "auto",
        *,
        keep_tree: bool = False,
        search: SearchFn = analyse,
        new_tree: TreeFactory | None = MctsSession,
    ) -> None:
        self.search = search
        self._new_tree = new_tree
        self._tree: MctsSession | None = None
        self.algo = algo
        self.keep_tree = keep_tree
        self.configure(algo, keep_tree)

    def configure(self, algo: str, keep_tree: bool) -> None:
        """Changes the algorithm and whether the tree is kept (a tree not kept
        is dropped; one kept while another algorithm searches stays)."""
        self.algo, self.keep_tree = algo, keep_tree
        if not keep_tree:
            self._tree = None
        if self.session is None and self._uses_tree() and algo == "mcts":
            assert self._new_tree is not None
            self._tree = self._new_tree()

    def _uses_tree(self) -> bool:
        """A tree may be kept: ``keep_tree`` with ``mcts``, or with ``auto``
        (made at the first search auto runs as MCTS)."""
        return self.keep_tree and self.algo in ("mcts", "auto") and self._new_tree is not None

    @property
    def session(self) -> MctsSession | None:
        """The kept MCTS tree, None when the player searches afresh each move."""
        return self._tree if self._uses_tree() else None

    def choose(
        self,
        position: Position,
        settings: Settings | Limits | None = None,
        *,
        stop: StopFlag | None = None,
        progress: Callable[[Report], None] | None = None,
        **options: Any,
    ) -> Report:
        """Searches ``position`` with ``settings`` (one
        :class:`~safari_ai.settings.Settings`, passed to the search as it
        is but for its ``algo``: the player's, unless the settings name one
        other than ``auto``). As :func:`safari_ai.analyse`, ``settings`` may
        instead be a :class:`~safari_ai.limits.Limits` or left out, with
        ``options`` the other settings by name (``algo``, ``leaf``,
        ``multiplayer``, ..., or the limits ``depth``, ``nodes``, ...), which
        make the one value.

        With a kept tree the search starts from it when ``position`` is its
        root (every ply since was observed), else from a fresh tree; a depth
        alone does not limit MCTS, which then runs until stopped.
        """
        if not isinstance(settings, Settings):
            settings = Settings.of(settings, **{"algo": self.algo, **options})
        elif options:
            raise TypeError("give the settings once: a Settings, or keywords, not both")
        algo = self.algo if settings.algo == "auto" else settings.algo
        if algo == "auto" and self._uses_tree() and isinstance(position, Position):
            algo = resolve_algo(position, "auto", settings.limits)
            if algo == "mcts" and self._tree is None:
                assert self._new_tree is not None
                self._tree = self._new_tree()
        session = self.session
        if session is None or algo != "mcts":
            if algo != settings.algo:
                settings = replace(settings, algo=algo)
            return self.search(position, settings, stop=stop, progress=progress)
        return session.search(
            position, settings.limits, leaf=settings.leaf, stop=stop, progress=progress
        )

    def observe(self, moves: Sequence[str]) -> None:
        """The plies played since the last search or observation, in order:
        moves of every player and chance outcomes. A kept tree follows them;
        one they do not fit is dropped (the next search starts afresh)."""
        session = self.session
        if session is None or not moves:
            return
        try:
            session.advance(*moves)
        except SafariError:
            session.clear()

    def catch_up(self, path: Sequence[Position], moves: Sequence[str]) -> None:
        """The game is now ``path[-1]``, reached from ``path[0]`` by ``moves``
        (``path[i + 1] = path[i].apply(moves[i])``), as a protocol ``position``
        line gives it. When the tree's root is on ``path`` *before* its end,
        the tree follows the moves since; otherwise (an unrelated position,
        or the one searched last again, which is searched afresh so that a
        seed still gives the same answer) the tree is dropped."""
        session = self.session
        if session is None:
            return
        root = session.root
        if root is not None:
            key = root.zobrist_hash()
            for index in range(len(moves) - 1, -1, -1):
                if path[index].zobrist_hash() == key and path[index] == root:
                    try:
                        session.advance(*moves[index:])
                        return
                    except SafariError:
                        break
        session.clear()

    def new_game(self) -> None:
        """Forgets the game: the next search starts from a fresh tree."""
        if self._tree is not None:
            self._tree.clear()
