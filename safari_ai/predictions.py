"""Ostrich's hidden predictions in analysis (rule book section 5).

A position lists every player's prediction tile, but at the table player P
knows only their own. ``analyse(pos, predictions="sampled", player=P)``
therefore searches ``samples`` copies of the position in which every other
player's tile is replaced by a tile drawn uniformly, without replacement, from
the tiles P does not hold, drawn afresh for each copy from a generator seeded
by ``seed``, and averages what the searches find:

* each copy is searched by expectimax with the caller's limits (``movetime``
  is shared: each copy gets ``movetime // samples`` milliseconds) and with as
  many lines as the report holds (16), so that most root moves get a value in
  every copy;
* a move's expected results are averaged over the copies. A move that a copy
  did not report (only possible with more than 16 legal moves) counts there
  with that copy's lowest reported values for the player to move, which
  bounds its true values from above;
* the lines are ranked by the mover's averaged expected score; ``score`` is
  100 times it (centi-points); ``report.extra`` holds ``predictions``
  (``"sampled"``), ``samples`` and ``player``;
* ``progress`` (optional) is called after every iteration of every copy's
  search with the average so far: the copies searched and the current one's
  last iteration (``extra["sample"]``: which copy, from 1).

It works over :meth:`Position.to_json` / :meth:`Position.from_json`, so the C
search is unchanged. The module sits below :mod:`safari_ai.search`: it
imports nothing from it, and :func:`safari_ai.analyse` hands
:func:`analyse_sampled` the search to run on each copy (``search``).
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Callable, Optional

from safari_ai import _core
from safari_ai.errors import SearchError
from safari_ai.limits import DEFAULT_MOVETIME_MS
from safari_ai.position import Position
from safari_ai.report import Line, Report
from safari_ai.settings import Settings

__all__ = ["TILES", "redraw_predictions", "analyse_sampled"]

# The ten tiles of the rule book (section 2.5 [decision]): every ostrich
# twice in each slot.
TILES = ("ABCD", "ACEB", "BCDE", "BDAC", "CDEA", "CEBD", "DACE", "DEAB", "EABC", "EBDA")
MAX_LINES = 16


def redraw_predictions(pos: Position, player: int, rng: random.Random) -> Position:
    """``pos`` with every dealt tile but ``player``'s redrawn, uniformly and
    without replacement, from the tiles ``player`` does not hold.

    :raises SearchError: not a position with prediction tiles (ostrich's), or
        ``player`` has no tile.
    """
    data = pos.to_json()
    if "predictions" not in data:
        raise SearchError(f"predictions='sampled' is for the ostrich race, not {pos.game}")
    tiles = data["predictions"]
    if not isinstance(player, int) or not 0 <= player < len(tiles):
        raise SearchError(f"player must be 0..{len(tiles) - 1} for predictions='sampled', "
                          f"got {player!r}")
    own = tiles[player]
    if own is None:
        raise SearchError(f"player {player} holds no prediction tile yet")
    others = [p for p, tile in enumerate(tiles) if p != player and tile is not None]
    drawn = rng.sample([tile for tile in TILES if tile != own], len(others))
    for p, tile in zip(others, drawn):
        tiles[p] = tile
    return Position.from_json(data)


def _average_lines(reports: list[Report], mover: int) -> list[Line]:
    """One line per move, its expected results averaged over the reports."""
    first_seen: dict[str, Line] = {}
    for report in reports:
        for line in report.lines:
            first_seen.setdefault(line.move, line)
    lines = []
    for move, first in first_seen.items():
        total = [0.0] * len(first.expected)
        for report in reports:
            found = [line for line in report.lines if line.move == move]
            line = found[0] if found else min(report.lines, key=lambda other: other.expected[mover])
            total = [a + b for a, b in zip(total, line.expected)]
        mean = [value / len(reports) for value in total]
        lines.append(Line(round(100 * mean[mover]), False, first.pv, mean))
    lines.sort(key=lambda line: -line.expected[mover])  # stable: first seen first
    return lines


def _combined(pos: Position, reports: list[Report], mover: int, multipv: int,
              extra: dict[str, Any]) -> Report:
    """One report of the copies' reports: their lines averaged; the win
    chances the model gives the best line's averaged expected results."""
    lines = _average_lines(reports, mover)[:multipv]
    return Report("expectimax", min(r.depth for r in reports), max(r.seldepth for r in reports),
                  sum(r.nodes for r in reports), sum(r.seconds for r in reports), lines,
                  None, extra,
                  win_chances=pos.win_chances(lines[0].expected) if lines else None)


def analyse_sampled(pos: Position, settings: Settings, *, stop: Optional[_core.StopFlag],
                    progress: Optional[Callable[[Report], None]] = None,
                    search: Callable[..., Report]) -> Report:
    """:func:`safari_ai.analyse` with ``settings.predictions == "sampled"`` (see the module).

    ``search`` is :func:`safari_ai.analyse` itself (passed in, so that this
    module does not import :mod:`safari_ai.search`); each copy is searched
    with ``predictions="open"``, its default.

    ``settings.limits`` apply to each sample, except ``movetime`` (the given one or,
    with no limit, :data:`~safari_ai.limits.DEFAULT_MOVETIME_MS`), shared
    among them, and ``multipv``: each sample reports every move (up to
    ``MAX_LINES``) for the average; each sample's settings are derived from
    ``settings`` by :func:`dataclasses.replace`.

    Every copy is searched by expectimax with max-n (``algo`` and
    ``multiplayer`` ``"auto"`` mean that here): the average needs every
    player's expected results, which MCTS gives but paranoid search does not.

    :raises SearchError: not ``"sampled"``, not an ostrich
        position, no ``player``, or anything :func:`safari_ai.analyse` raises.
    """
    predictions, player, samples = settings.predictions, settings.player, settings.samples
    algo, multiplayer, limits = settings.algo, settings.multiplayer, settings.limits
    if predictions != "sampled":
        raise SearchError(f"predictions must be 'open' or 'sampled', got {predictions!r}")
    if player is None:
        raise SearchError("predictions='sampled' needs player=P, the player whose tile is known")
    if algo not in ("auto", "expectimax"):
        raise SearchError(f"predictions='sampled' averages expectimax values, not {algo}")
    if multiplayer not in ("auto", "maxn"):
        raise SearchError(f"predictions='sampled' averages every player's expected results "
                          f"(max-n), not multiplayer={multiplayer!r}")
    mover = pos.to_move
    if not isinstance(mover, int):
        raise SearchError("predictions='sampled' needs a decision position")
    rng = random.Random(f"predictions/{limits.seed}/{player}")
    movetime = limits.movetime if limits.bounded else DEFAULT_MOVETIME_MS
    per_sample = None if movetime is None else max(1, movetime // samples)
    multipv = limits.multipv
    extra: dict[str, Any] = {"predictions": "sampled", "samples": samples, "player": player}
    reports: list[Report] = []
    for index in range(samples):
        copy = redraw_predictions(pos, player, rng)
        partial = None
        if progress is not None:
            def partial(report: Report, sample: int = index + 1) -> None:
                progress(_combined(pos, reports + [report], mover, multipv,
                                   {**extra, "sample": sample}))
        sample_limits = replace(limits, movetime=per_sample,
                                multipv=min(MAX_LINES, len(copy.legal_moves())))
        reports.append(search(copy, replace(settings, limits=sample_limits, algo="expectimax",
                                            multiplayer="maxn", predictions="open"),
                              stop=stop, progress=partial))
    return _combined(pos, reports, mover, multipv, extra)
