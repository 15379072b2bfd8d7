"""Ostrich's hidden predictions in analysis (rule book section 5).

A position lists every player's prediction tile, but at the table player P
knows only their own. ``analyse(pos, predictions="sampled", player=P)``
therefore searches ``samples`` copies of the position in which every other
player's tile is replaced by a tile drawn uniformly, without replacement, from
the tiles P does not hold, drawn afresh for each copy from a generator seeded
by ``seed`` and P, and averages what the searches find:

* each copy is searched by expectimax with the caller's limits (``movetime``
  is shared: each copy gets ``movetime // samples`` milliseconds) and with as
  many lines as the report holds (16), so that most root moves get a value in
  every copy;
* a move's expected results are averaged over the copies. A move that a copy
  did not report (only possible with more than 16 legal moves) counts there
  with that copy's lowest reported values for the player to move, which
  bounds its true values from above;
* the lines are ranked by the mover's averaged expected score; ``score`` is
  100 times it (centi-points, rounded half to even); ``report.extra`` holds
  ``predictions`` (``"sampled"``), ``samples`` and ``player``;
* ``progress`` (optional) is called after every iteration of every copy's
  search with the average so far: the copies searched and the current one's
  last iteration (``extra["sample"]``: which copy, from 1).

The whole of it is the C core's (csrc/search/predictions.c,
``sa_search_sampled``), so that the WebAssembly module of the static site
(csrc/wasm/binding.c) gives the same answers; this module checks the Python
arguments and names the report's ``extra``. It sits below
:mod:`safari_ai.search` and imports nothing from it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from safari_ai import _core
from safari_ai.errors import SearchError, from_core
from safari_ai.position import Position
from safari_ai.report import Report
from safari_ai.settings import Settings

__all__ = ["redraw_predictions", "analyse_sampled"]


def redraw_predictions(pos: Position, player: int, seed: int) -> Position:
    """``pos`` with every dealt tile but ``player``'s redrawn, uniformly and
    without replacement, from the tiles ``player`` does not hold, by a
    generator seeded by ``seed`` (0..2**64-1): one copy of
    :func:`analyse_sampled`'s (the core's ``sa_position_redraw_hidden``).

    :raises SearchError: not a position with prediction tiles (ostrich's), or
        ``player`` has no tile.
    """
    if not isinstance(player, int) or isinstance(player, bool):
        raise SearchError(f"player must be an integer for predictions='sampled', got {player!r}")
    copy = pos._c.copy()
    try:
        copy.redraw_hidden(player, seed)
    except _core.CoreError as error:
        raise from_core(error, SearchError) from None
    except OverflowError:
        raise SearchError(
            f"player must be 0..{pos.num_players - 1} for predictions='sampled', got {player!r}"
        ) from None
    return Position(copy)


def analyse_sampled(
    pos: Position,
    settings: Settings,
    *,
    stop: _core.StopFlag | None,
    progress: Callable[[Report], None] | None = None,
) -> Report:
    """:func:`safari_ai.analyse` with ``settings.predictions == "sampled"`` (see the module).

    ``settings.limits`` apply to each sample, except ``movetime`` (the given one or,
    with no limit, :data:`~safari_ai.limits.DEFAULT_MOVETIME_MS`), shared
    among them, and ``multipv``: each sample reports every move (up to 16)
    for the average.

    Every copy is searched by expectimax with max-n (``algo`` and
    ``multiplayer`` ``"auto"`` mean that here): the average needs every
    player's expected results, which MCTS gives but paranoid search does not.

    :raises SearchError: an unknown ``predictions`` value, not an ostrich
        position, no ``player``, or anything :func:`safari_ai.analyse` raises.
    """
    predictions, player, samples = settings.predictions, settings.player, settings.samples
    algo, multiplayer, limits = settings.algo, settings.multiplayer, settings.limits
    if predictions != "sampled":
        raise SearchError(f"predictions must be 'open' or 'sampled', got {predictions!r}")
    if player is None:
        raise SearchError("predictions='sampled' needs player=P, the player whose tile is known")
    if not isinstance(samples, int) or isinstance(samples, bool) or not 1 <= samples < 2**31:
        raise SearchError(f"samples must be an integer >= 1, got {samples!r}")
    if not isinstance(player, int) or isinstance(player, bool) or not -(2**31) <= player < 2**31:
        raise SearchError(
            f"player must be 0..{pos.num_players - 1} for predictions='sampled', got {player!r}"
        )
    extra: dict[str, Any] = {"predictions": "sampled", "samples": samples, "player": player}
    partial = None
    if progress is not None:

        def partial(report: Report) -> None:
            progress(replace(report, extra={**extra, **report.extra}))

    try:
        report = _core.search_sampled(
            pos._c,
            limits,
            player,
            samples,
            algo,
            stop,
            partial,
            settings.table,
            settings.pruning,
            multiplayer,
        )
    except _core.CoreError as error:
        raise from_core(error, SearchError) from None
    return replace(report, extra=extra)
