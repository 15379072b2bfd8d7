"""Whole-game analysis of a game record (``safari-ai analyse RECORD.json``), as
gnubg analyses a backgammon match (docs/records.md).

Every position of the game is searched once, with the same limits, by
:func:`safari_ai.analyse`: a decision position for its best move and value, a
chance position by expectimax for its expected value and every outcome's. So
a record of N plies costs N + 1 searches (the last position too, unless the
game is over), whatever the dice: an ostrich roll of 1,512 outcomes is one
search, not one per outcome.

The limits are by default a **level** (:data:`LEVELS`: ``quick``, ``default``,
``thorough``), a depth per game, measured (docs/records.md, "Levels"), so that
the verdicts do not depend on the clock: the same record analysed twice, on a
busy machine or an idle one, gives the same best moves, errors, marks and
luck (one thread, the same seed). Explicit ``depth``/``nodes``/``movetime``
limits replace the level (``movetime`` makes the verdicts depend on the
machine's load).

Values are in the game's result units, for every player: in a two-player game
the player's **win probability** (a draw counting half); in the ostrich race
the player's **expected points**. A proven result is a value like any other
(a proven win is 1.0), never a sentinel. Alpha-beta's scores (turtles,
zebras) are mapped to a win probability by ``(1 + tanh(cp / 400)) / 2``, the
mapping MCTS and expectimax use for an evaluation.

* A **decision** (ply of player P): the position is searched for its
  :data:`LINES` best lines (every legal move when there are at most that
  many), so that the played move is valued in the same search, at the same
  depth, as the best one (as gnubg ranks every candidate at the same ply):
  ``best`` is the engine's move, ``value`` every player's value of the
  position (the best line), ``played_value`` P's value of the move played,
  its line's value. Only when the move is not among those lines (more legal
  moves than :data:`LINES`), the search has shown it is no better than the
  last line; its value is then the next position's own value, capped at the
  last line's (``"played_in_lines": false``).
  The **error** is ``best_value - played_value``, never below 0, classed by
  the thresholds of :data:`THRESHOLDS`. In the race a decision is valued by
  the mover's **margin** (its expected points less the mean of the others',
  as the engine plays and a match scores a race): the search lets every
  player choose by margin, ``value`` stays every player's expected points,
  and ``best_value``, ``played_value`` and the error are P's margins.
* A **chance ply** (a roll, a deal): ``expected`` is every player's expected
  value before it (the probability-weighted mean over the outcomes, from the
  position's expectimax search), ``after`` every player's value of the
  outcome that came, from the same search; each player's **luck** is
  ``after - expected``, in a race the change of the player's margin (so the
  players' lucks of a roll sum to 0). Over all outcomes of one roll,
  probability x luck sums to 0 for every player.
  When the limits stop the position's search before its first iteration
  has valued every outcome (an ostrich roll of 1,512 outcomes in a few
  milliseconds), ``expected`` is the search's unbiased estimate from the
  outcomes it valued (``"estimated": true``), and an outcome it did not
  reach is valued as they were, by the evaluation.
* Plies whose record entry has ``"comment": "opening"`` (the random start of a
  match) are analysed and shown but charged to nobody (``"charged": false``).

The searches, values, errors, marks, luck and the summary (accuracy, rating)
are the C core's (csrc/search/annotate.c and verdicts.c), which the
WebAssembly module of the static site runs too; this module adds each marked
decision's reason (:mod:`safari_ai.reasons`) and the text report.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from safari_ai import _core
from safari_ai.errors import SafariError, from_core
from safari_ai.facts import games
from safari_ai.limits import Limits
from safari_ai.reasons import explain
from safari_ai.record import GameRecord

__all__ = [
    "annotate",
    "Annotation",
    "AnalysisEnded",
    "THRESHOLDS",
    "RATINGS",
    "LEVEL_RATINGS",
    "NAMES",
    "rating_key",
    "move_accuracy",
    "classify",
    "format_ply",
    "format_header",
    "format_summary",
    "LEVELS",
    "DEFAULT_LEVEL",
    "level_limits",
    "format_report",
    "format_limits",
    "format_reason",
]

LINES = 16
"""Lines searched at each decision (the core's most, ``SA_MAX_MULTIPV``): the
played move is valued in the same search as the best when it is among them."""

LEVELS = ("quick", "default", "thorough")
"""The analysis levels; each game's depths and node limits for them are the
core's (:attr:`safari_ai.Game.analysis_depths`,
:attr:`safari_ai.Game.analysis_nodes`), measured by
bench/analysis_stability.py and bench/analysis_ratings.py (docs/records.md,
"Levels")."""
DEFAULT_LEVEL = "default"


def level_limits(game: str, level: str, chance: bool = False) -> dict[str, int]:
    """The limits of one search at ``level`` in ``game``: ``{"depth": d}``, and
    ``"nodes"`` where the level also stops a search at a node count (the
    race's default level); the level's chance limits at a chance position.

    :raises LimitError: an unknown level (field ``level``).
    """
    from safari_ai.errors import LimitError
    from safari_ai.facts import game as game_facts

    if level not in LEVELS:
        raise LimitError(f"level: unknown level {level!r} (one of {', '.join(LEVELS)})", "level")
    facts, i = game_facts(game), LEVELS.index(level)
    nodes = facts.analysis_nodes[i][int(chance)]
    return {"depth": facts.analysis_depths[i][int(chance)], **({"nodes": nodes} if nodes else {})}


THRESHOLDS: dict[str, tuple[tuple[str, float], ...]] = {
    units: tuple(_core.analysis_marks(units)) for units in ("win probability", "points")
}
"""Error classes by the game's units (the core's, csrc/search/verdicts.c): an
error at least this large (win probability lost; in the race margin points lost) gets
the class, worst first."""

NAMES = ("beginner", "casual", "intermediate", "advanced", "expert")
"""The rating bands, weakest first."""


def rating_key(game: str, players: int) -> str:
    """The key of :data:`RATINGS`: ``GAME-N`` for a game of N players."""
    return f"{game}-{players}"


LEVEL_RATINGS: dict[str, dict[str, tuple[tuple[str, float], ...]]] = {
    level: {
        rating_key(game.name, players): tuple(zip(NAMES[:0:-1], least))
        for game in games()
        if game.rating_bands
        for players, least in game.rating_bands[index].items()
    }
    for index, level in enumerate(LEVELS)
}
"""A player's rating by accuracy (:func:`move_accuracy`, averaged over the
contested decisions), per analysis level (:data:`LEVELS`), game and number of
players (:func:`rating_key`): the first band whose lower bound it reaches,
best first, else ``beginner``. The bounds are the core's game facts
(:attr:`safari_ai.Game.rating_bands`), halfway between the accuracies of
players of known strength (random < greedy < the engine at N, 10 N, 100 N
nodes a move) in that game, measured at that level by
``bench/analysis_ratings.py``: a deeper analysis finds more errors in the
same play, so each level has its own. Where a level's own were not measured
(:attr:`safari_ai.Game.rating_measured`) the default level's rate it, and an
analysis by explicit limits is rated as the default level; a game without
bands gets no rating."""

RATINGS: dict[str, tuple[tuple[str, float], ...]] = LEVEL_RATINGS[DEFAULT_LEVEL]
"""The default level's bands (:data:`LEVEL_RATINGS`)."""


def move_accuracy(error: float, units: str) -> float:
    """One move's accuracy, 0-100, from its error, as lichess's: ``103.1668 x
    exp(-0.04354 x e) - 3.1669`` for ``e`` the win percentage lost (an
    expected point lost counts as ten), clamped to 0..100 (the core's,
    docs/records.md)."""
    return _core.move_accuracy(error, units)


def classify(error: float, units: str) -> str | None:
    """The class of an error (None below the smallest threshold)."""
    for name, least in THRESHOLDS[units]:
        if error >= least:
            return name
    return None


class AnalysisEnded(SafariError):
    """The analysis ended before its last search: ``reason`` is ``"stopped"``
    (the stop flag) or ``"over budget"`` (``budget_s``)."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"the record analysis was {reason}")
        self.reason = reason


@dataclass
class Annotation:
    """The analysis of one record: ``plies`` (one dict per ply, see the
    module's docstring) and :meth:`summary`."""

    game: str
    limits: dict[str, Any]
    units: str
    players: int = 2
    level: str | None = None
    """The level whose limits were used (None: explicit limits)."""
    chance_limits: dict[str, Any] | None = None
    """The limits of a chance position's search when they differ from ``limits``."""
    reason_seconds: float = 0.0
    """Time spent on the reasons of the marked decisions (not in the JSON,
    which holds only what does not depend on the machine but ``seconds``)."""
    plies: list[dict[str, Any]] = field(default_factory=list)
    threads: int = 1
    seconds: float = 0.0

    def summary(self) -> dict[str, dict[str, Any]]:
        """Per player (by index as a string): decisions, errors by class, total
        and average error, accuracy (contested decisions), rolls and total
        luck, and a rating by the bands of the analysis's level
        (:data:`LEVEL_RATINGS`); plies not charged (openings) and forced moves
        do not count (the core's, csrc/search/verdicts.c)."""
        plies = [{k: v for k, v in p.items() if k in _SUMMARY_READS} for p in self.plies]
        summary: dict[str, dict[str, Any]] = json.loads(
            _core.analysis_summary(
                json.dumps(plies),
                self.players,
                self.units,
                self.game,
                LEVELS.index(self.level) if self.level in LEVELS else -1,
            )
        )
        return summary

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "level": self.level,
            "limits": self.limits,
            "chance_limits": self.chance_limits or self.limits,
            "units": self.units,
            "thresholds": {name: least for name, least in THRESHOLDS[self.units]},
            "threads": self.threads,
            "seconds": round(self.seconds, 3),
            "plies": self.plies,
            "summary": self.summary(),
        }


_SUMMARY_READS = ("by", "charged", "forced", "move", "best", "class", "error", "best_value", "luck")


def annotate(
    record: GameRecord,
    limits: dict[str, Any] | None = None,
    *,
    algo: str = "auto",
    seed: int = 0,
    threads: int = 1,
    hash_mb: int = 16,
    progress: Callable[[int, int], None] | None = None,
    outcomes: bool = False,
    level: str | None = None,
    stop: _core.StopFlag | None = None,
    movetime_cap: int | None = None,
    budget_s: float | None = None,
    on_ply: Callable[[dict[str, Any]], None] | None = None,
) -> Annotation:
    """Annotates every ply of ``record`` (see the module's docstring).

    ``limits``: ``depth``/``nodes``/``movetime`` of each search; without
    them the ``level``'s (:data:`LEVELS`, default :data:`DEFAULT_LEVEL`);
    not both. ``progress(done, total)`` is called after each position
    searched; ``on_ply(item)`` with each ply's item as soon as it is
    complete, its reason included (the ``"plies"`` entry of
    :meth:`Annotation.to_json`), so that a client draws the evaluation while
    the analysis runs; ``outcomes=True`` also keeps, per chance ply, every outcome's
    probability and luck (``"outcomes"``). ``stop`` (a set flag starts no
    further search), ``movetime_cap`` (every search stops by then, in ms)
    and ``budget_s`` (no search starts past it) are a server's.

    :raises LimitError: an unknown level, both limits and a level, or a limit
        out of range.
    :raises RecordError: the record is refused.
    :raises AnalysisEnded: stopped, or over the budget.
    """
    from safari_ai.errors import LimitError, SearchError

    started = time.monotonic()
    if limits and level is not None:
        raise LimitError(
            "level: give a level or limits (depth, nodes, movetime), not both", "level"
        )
    chance_limits: dict[str, Any] | None = None
    if not limits:
        level = level or DEFAULT_LEVEL
        limits = level_limits(record.game, level)
        chance_limits = level_limits(record.game, level, chance=True)
        asked: dict[str, Any] = {}
    else:
        asked = limits = dict(limits)
    Limits(**limits, seed=seed, threads=threads, hash_mb=hash_mb)  # checked once
    positions = record.replay()
    # the dice view of a reason searches its rolls as the analysis does (its
    # depth and node limit; a time limit alone: the default level's)
    dice_limits = chance_limits or limits
    if not dice_limits.get("depth") and not dice_limits.get("nodes"):
        dice_limits = level_limits(record.game, DEFAULT_LEVEL, chance=True)
    dice_limits = {k: v for k, v in dice_limits.items() if k in ("depth", "nodes")}
    reasons: dict[int, tuple[Any, float]] = {}

    def explained(index: int, item: dict[str, Any]) -> dict[str, Any]:
        """``item`` with its reason (a marked decision's), found once."""
        played_line = item.pop("_played_line", None)
        if item.get("class") is not None:
            if index not in reasons:
                reasons[index] = explain(
                    positions[index], played_line, item["pv"], dice_limits=dice_limits, seed=seed
                )
            item["reason"] = reasons[index][0]
        return item

    streamed = 0

    def ply(text: str) -> None:
        nonlocal streamed
        assert on_ply is not None
        on_ply(explained(streamed, json.loads(text)))
        streamed += 1

    try:
        text, ended = _core.annotate_record(
            record.text(),
            asked,
            LEVELS.index(level) if level else 1,
            algo,
            seed,
            threads,
            hash_mb,
            outcomes,
            True,
            movetime_cap or 0,
            0 if budget_s is None else max(1, int(budget_s * 1000)),
            stop,
            progress,
            None if on_ply is None else ply,
        )
    except _core.CoreError as error:
        raise from_core(error, SearchError) from None
    if text is None:
        raise AnalysisEnded("stopped" if ended == 1 else "over budget")
    data = json.loads(text)
    out = Annotation(
        record.game,
        limits,
        data["units"],
        players=positions[0].num_players,
        level=level,
        chance_limits=None if chance_limits == limits else chance_limits,
        plies=data["plies"],
        threads=data["threads"],
    )
    for index, item in enumerate(out.plies):
        explained(index, item)
    out.reason_seconds = sum(seconds for _, seconds in reasons.values())
    out.seconds = time.monotonic() - started
    return out


# -- text output ------------------------------------------------------------


def _fmt(x: float | None, units: str, signed: bool = False) -> str:
    if x is None:
        return "-"
    digits = 4 if units == "win probability" else 3
    return f"{x:+.{digits}f}" if signed else f"{x:.{digits}f}"


def format_header(players: int, luck_columns: bool = True) -> str:
    """The column headings of :func:`format_ply`'s lines (``luck_columns``:
    the game has chance plies)."""
    luck = " ".join(f"{'luck ' + str(p):>8}" for p in range(players)) if luck_columns else ""
    return (
        f"{'ply':>4}  {'by':<6}  {'move':<14}  {'best':<14}  {'value':>7}  {'played':>7}  "
        f"{'error':>7}  {'class':<10}  {luck}"
    ).rstrip()


def format_ply(item: dict[str, Any], units: str, players: int) -> str:
    """One line of the text report: a decision's best move, value, played
    value, error and class, or a roll's luck for every player. Opening plies
    say ``opening`` in the class column."""
    by = "chance" if item["by"] == "chance" else str(item["by"])
    note = "" if item["charged"] else "opening"
    head = f"{item['ply']:>4}  {by:<6}  {item['move']:<14}  "
    if item["by"] == "chance":
        luck = item["luck"] or [None] * players
        cells = " ".join(f"{_fmt(x, units, True):>8}" for x in luck)
        mark = "~" if item.get("estimated") else ""
        return (f"{head}{'':<14}  {'':>7}  {'':>7}  {'':>7}  {note:<10}  {cells}{mark}").rstrip()
    best = "=" if item["best"] == item["move"] else item["best"]
    cls = note or ("forced" if item.get("forced") else item["class"] or "")
    return (
        f"{head}{best:<14}  {_fmt(item['best_value'], units):>7}  "
        f"{_fmt(item['played_value'], units):>7}  {_fmt(item['error'], units):>7}  "
        f"{cls:<10}"
    ).rstrip()


def format_summary(annotation: Annotation) -> list[str]:
    """The per-player table, with headings (rolls and luck only in a game
    with chance plies)."""
    units = annotation.units
    dice = any(p["by"] == "chance" for p in annotation.plies)
    names = [name for name, _ in THRESHOLDS[units]][::-1]
    heads = "  ".join(f"{n:>8}" for n in names)
    luck_head = f"  {'rolls':>5}  {'luck':>8}" if dice else ""
    lines = [
        f"{'player':>6}  {'moves':>5}  {'errors':>6}  {heads}  {'total err':>9}  "
        f"{'avg err':>8}  {'accuracy':>8}{luck_head}  rating"
    ]
    for player, row in annotation.summary().items():
        counts = "  ".join(f"{row[n.replace(' ', '_')]:>8}" for n in names)
        luck = f"  {row['rolls']:>5}  {_fmt(row['total_luck'], units, True):>8}" if dice else ""
        lines.append(
            f"{player:>6}  {row['moves']:>5}  {row['errors']:>6}  {counts}  "
            f"{_fmt(row['total_error'], units):>9}  {_fmt(row['average_error'], units):>8}"
            f"  {'-' if row['accuracy'] is None else format(row['accuracy'], '.1f'):>8}"
            f"{luck}  {row['rating'] or '-'}"
        )
    return lines


def format_limits(annotation: Annotation) -> str:
    """``level default (depth 7)``, ``limits movetime 200`` or, where a search
    stops at a depth or a node count, ``level default (depth 4 or 1000000
    nodes; rolls depth 3 or 1000000 nodes)``: what the analysis searched
    with, as its text report's first line says."""

    def spell(limits: dict[str, Any]) -> str:
        return " or ".join(
            f"{v} nodes" if k == "nodes" and len(limits) > 1 else f"{k} {v}"
            for k, v in limits.items()
        )

    text = spell(annotation.limits)
    if annotation.chance_limits is not None and annotation.chance_limits != annotation.limits:
        text += f"; rolls {spell(annotation.chance_limits)}"
    return f"level {annotation.level} ({text})" if annotation.level else f"limits {text}"


def format_report(annotation: Annotation) -> list[str]:
    """The whole text report (``safari-ai analyse RECORD.json``): a first line
    with the game, the units and the limits, a line per ply, then the summary."""
    # a race: values are expected points, a decision's value, played and error the mover's margin
    units = annotation.units + (
        ", errors and luck in margin points" if annotation.units == "points" else ""
    )
    lines = [
        f"{annotation.game}, {annotation.players} players, values in {units}, "
        f"{format_limits(annotation)}, threads {annotation.threads}",
        format_header(annotation.players, any(p["by"] == "chance" for p in annotation.plies)),
    ]
    for item in annotation.plies:
        lines.append(format_ply(item, annotation.units, annotation.players))
        lines += format_reason(item)
    return lines + [""] + format_summary(annotation)


def format_reason(item: dict[str, Any]) -> list[str]:
    """A marked decision's reason, indented below its line: ``why: ...`` and,
    in the dice games, ``dice: ...`` (nothing for an unmarked ply)."""
    reason = item.get("reason")
    if not reason:
        return []
    lines = [f"{'':>6}why: {reason['text']}"]
    if reason.get("dice"):
        lines.append(f"{'':>6}dice: {reason['dice']['text']}")
    return lines
