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
  The **error** is ``value[P] - played_value``, never below 0, classed by the
  thresholds of :data:`THRESHOLDS`.
* A **chance ply** (a roll, a deal): ``expected`` is every player's expected
  value before it (the probability-weighted mean over the outcomes, from the
  position's expectimax search), ``after`` every player's value of the
  outcome that came, from the same search; each player's **luck** is
  ``after - expected``. Over all outcomes of one roll, probability x luck sums
  to 0 for every player.
  When the limits stop the position's search before its first iteration
  has valued every outcome (an ostrich roll of 1,512 outcomes in a few
  milliseconds), ``expected`` is the search's unbiased estimate from the
  outcomes it valued (``"estimated": true``), and an outcome it did not
  reach is valued as they were, by the evaluation.
* Plies whose record entry has ``"comment": "opening"`` (the random start of a
  match) are analysed and shown but charged to nobody (``"charged": false``).
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Optional

from safari_ai.limits import Limits
from safari_ai.reasons import explain
from safari_ai.record import GameRecord
from safari_ai.search import Report, analyse

__all__ = ["annotate", "Annotation", "THRESHOLDS", "RATINGS", "NAMES", "rating_key", "EVAL_SCALE", "classify",
           "format_ply", "format_header", "format_summary", "units_of", "LEVELS",
           "DEFAULT_LEVEL", "level_limits", "move_accuracy", "format_report", "format_limits",
           "format_reason"]

LINES = 16
"""Lines searched at each decision (the core's most, ``SA_MAX_MULTIPV``): the
played move is valued in the same search as the best when it is among them."""

LEVELS = ("quick", "default", "thorough")
"""The analysis levels; each game's depths for them are the core's
(:attr:`safari_ai.Game.analysis_depths`), measured by
bench/analysis_stability.py (docs/records.md, "Levels")."""
DEFAULT_LEVEL = "default"


def level_limits(game: str, level: str, chance: bool = False) -> dict[str, int]:
    """The limits of one search at ``level`` in ``game``: ``{"depth": d}``, the
    level's chance depth at a chance position.

    :raises LimitError: an unknown level (field ``level``).
    """
    from safari_ai.errors import LimitError

    from safari_ai.facts import game as game_facts

    if level not in LEVELS:
        raise LimitError(f"level: unknown level {level!r} (one of {', '.join(LEVELS)})",
                         "level")
    return {"depth": game_facts(game).analysis_depths[LEVELS.index(level)][int(chance)]}
EVAL_SCALE = 400.0
"""cp -> value: ``tanh(cp / EVAL_SCALE)``, as MCTS and expectimax read an evaluation."""

THRESHOLDS: dict[str, tuple[tuple[str, float], ...]] = {
    "win probability": (("very bad", 0.10), ("bad", 0.05), ("doubtful", 0.02)),
    "points": (("very bad", 1.0), ("bad", 0.5), ("doubtful", 0.2)),
}
"""Error classes by the game's units: an error at least this large (win
probability lost; expected points lost) gets the class, worst first."""

NAMES = ("beginner", "casual", "intermediate", "advanced", "expert")
"""The rating bands, weakest first."""

RATINGS: dict[str, tuple[tuple[str, float], ...]] = {
    # measured by bench/analysis_ratings.py at the default level (docs/records.md, "Ratings")
    "turtles-2": (("expert", 91.5), ("advanced", 84.1), ("intermediate", 71.2), ("casual", 55.2)),
    "zebras-2": (("expert", 88.1), ("advanced", 82.8), ("intermediate", 71.0), ("casual", 48.9)),
    "arena-2": (("expert", 98.1), ("advanced", 98.1), ("intermediate", 90.6), ("casual", 82.6)),
    "ostrich-2": (("expert", 99.2), ("advanced", 97.8), ("intermediate", 97.5), ("casual", 90.8)),
    "ostrich-3": (("expert", 99.1), ("advanced", 98.2), ("intermediate", 98.2), ("casual", 91.3)),
    "ostrich-4": (("expert", 99.0), ("advanced", 98.6), ("intermediate", 98.5), ("casual", 89.9)),
    "ostrich-5": (("expert", 99.3), ("advanced", 98.6), ("intermediate", 98.2), ("casual", 92.2)),
}
"""A player's rating by accuracy (:func:`move_accuracy`, averaged over the
contested decisions), per game and number of players (:func:`rating_key`):
the first band whose lower bound it reaches, best first, else ``beginner``.
The bounds lie halfway between the accuracies of players of known strength
(random < greedy < the engine at N, 10 N, 100 N nodes a move) in that game,
measured by ``bench/analysis_ratings.py``."""


def rating_key(game: str, players: int) -> str:
    """The key of :data:`RATINGS`: ``GAME-N`` for a game of N players."""
    return f"{game}-{players}"


DECIDED = 0.02
"""Two-player games: a decision whose best value for the mover is below this
or above 1 - this is in a game already decided; its move counts for neither
accuracy nor rating (every move there loses nearly nothing)."""


PERCENT_PER_UNIT: dict[str, float] = {"win probability": 100.0, "points": 10.0}
"""An error in percentage points of win probability: 100 per unit of win
probability; in the ostrich race 10 per expected point lost (a point lost is
counted as ten points of win percentage, the ratio of the two columns of
:data:`THRESHOLDS`)."""


def move_accuracy(error: float, units: str) -> float:
    """One move's accuracy, 0-100, from its error, as lichess's: ``103.1668 x
    exp(-0.04354 x e) - 3.1669`` for ``e`` the win percentage lost
    (:data:`PERCENT_PER_UNIT`), clamped to 0..100 (docs/records.md)."""
    lost = max(0.0, error) * PERCENT_PER_UNIT[units]
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * lost) - 3.1669))


def units_of(pos: Any) -> str:
    """``"win probability"`` for a position of two players of a zero-sum game
    (:attr:`safari_ai.Game.zero_sum`), else ``"points"`` (a points race:
    values are expected points)."""
    return "win probability" if _two_player_zero_sum(pos) else "points"


def classify(error: float, units: str) -> Optional[str]:
    """The class of an error (None below the smallest threshold)."""
    for name, least in THRESHOLDS[units]:
        if error >= least:
            return name
    return None


def rating(accuracy: float, game: str, players: int) -> Optional[str]:
    """The band of an accuracy in ``game`` with ``players`` players
    (:data:`RATINGS`); None for a game whose bands were not measured."""
    bands = RATINGS.get(rating_key(game, players))
    if bands is None:
        return None
    for name, least in bands:
        if accuracy >= least:
            return name
    return "beginner"


def contested(item: dict[str, Any], units: str) -> bool:
    """A decision in a game not yet decided (:data:`DECIDED`; every decision of a race)."""
    return units != "win probability" or DECIDED <= item["best_value"] <= 1 - DECIDED


@dataclass
class Annotation:
    """The analysis of one record: ``plies`` (one dict per ply, see the
    module's docstring) and :meth:`summary`."""

    game: str
    limits: dict[str, Any]
    units: str
    players: int = 2
    level: Optional[str] = None
    """The level whose limits were used (None: explicit limits)."""
    chance_limits: Optional[dict[str, Any]] = None
    """The limits of a chance position's search when they differ from ``limits``."""
    reason_seconds: float = 0.0
    """Time spent on the reasons of the marked decisions (not in the JSON,
    which holds only what does not depend on the machine but ``seconds``)."""
    plies: list[dict[str, Any]] = field(default_factory=list)
    threads: int = 1
    seconds: float = 0.0

    def summary(self) -> dict[str, dict[str, Any]]:
        """Per player (by index as a string): decisions, errors by class, total
        and average error, rolls and total luck, and a rating. Plies not
        charged (openings) and forced moves do not count."""
        out: dict[str, dict[str, Any]] = {}
        for player in range(self.players):
            decisions = [p for p in self.plies if p["by"] == player and p["charged"]
                         and not p.get("forced")]
            errors = [p["error"] for p in decisions]
            classes = {name: sum(1 for p in decisions if p["class"] == name)
                       for name, _ in THRESHOLDS[self.units]}
            luck = [p["luck"][player] for p in self.plies
                    if p["by"] == "chance" and p["charged"] and p["luck"] is not None]
            total = sum(errors)
            average = total / len(errors) if errors else 0.0
            counted = [p["error"] for p in decisions if contested(p, self.units)]
            accuracy = (sum(move_accuracy(e, self.units) for e in counted) / len(counted)
                        if counted else None)
            out[str(player)] = {
                "moves": len(decisions),
                "best_moves": sum(1 for p in decisions if p["move"] == p["best"]),
                "errors": sum(classes.values()), **{k.replace(" ", "_"): v
                                                    for k, v in classes.items()},
                "total_error": total, "average_error": average, "accuracy": accuracy,
                "rolls": len(luck), "total_luck": sum(luck),
                "contested": len(counted),
                "rating": None if accuracy is None else rating(accuracy, self.game, self.players)}
        return out

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "level": self.level, "limits": self.limits,
                "chance_limits": self.chance_limits or self.limits, "units": self.units,
                "thresholds": {name: least for name, least in THRESHOLDS[self.units]},
                "threads": self.threads, "seconds": round(self.seconds, 3),
                "plies": self.plies, "summary": self.summary()}


def _two_player_zero_sum(pos: Any) -> bool:
    return bool(pos.num_players == 2 and pos.facts.zero_sum)


def terminal_values(pos: Any) -> list[float]:
    """Every player's value of a finished game."""
    result = pos.result()
    if _two_player_zero_sum(pos):
        return [1.0 if r > 0 else 0.0 if r < 0 else 0.5 for r in result]
    return [float(r) for r in result]


def horizon_values(pos: Any) -> list[float]:
    """Every player's value of ``pos`` by its evaluation alone, as expectimax
    reads it at its horizon (two players: ``(1 + tanh(cp / 400)) / 2``;
    points races: centi-points / 100): what the outcomes valued in a search
    cut short in its first iteration got."""
    if pos.is_terminal():
        return terminal_values(pos)
    if _two_player_zero_sum(pos):
        mine = (1.0 + math.tanh(pos.evaluate(0) / EVAL_SCALE)) / 2.0
        return [mine, 1.0 - mine]
    return [pos.evaluate(p) / 100.0 for p in range(pos.num_players)]


def report_values(pos: Any, report: Report, line: Any = None) -> list[float]:
    """Every player's value of a searched position (see the module's
    docstring), by its best line or by ``line``."""
    if line is None and report.expected is not None:
        return [float(x) for x in report.expected]
    line = report.lines[0] if line is None else line
    if line.expected:
        return [float(x) for x in line.expected]
    # alpha-beta: the mover's score
    if line.exact:
        mine = 1.0 if line.score > 0 else 0.0 if line.score < 0 else 0.5
    else:
        mine = (1.0 + math.tanh(line.score / EVAL_SCALE)) / 2.0
    return [mine if p == pos.to_move else 1.0 - mine for p in range(pos.num_players)]


class _Searcher:
    """One search per position: limits, algorithm and seed fixed. The
    :class:`~safari_ai.limits.Limits` is made once (``base``); only the number
    of lines differs from one position to the next (one value per number,
    made the first time it is needed)."""

    def __init__(self, base: Limits, search: Callable[..., Report], algo: str,
                 chance: Optional[Limits] = None) -> None:
        self.base = base
        self.chance = base if chance is None else chance
        self.search = search
        self.algo = algo
        self.used_threads = base.threads
        self._by_lines: dict[int, Limits] = {base.multipv: base}

    def _limits(self, lines: int) -> Limits:
        if lines not in self._by_lines:
            self._by_lines[lines] = replace(self.base, multipv=lines)
        return self._by_lines[lines]

    def run(self, pos: Any) -> Report:
        # expectimax values chance positions whatever the algorithm at decisions
        chance = pos.is_chance()
        algo = "auto" if chance else self.algo
        extra: dict[str, Any] = {}
        if not pos.facts.zero_sum:   # a score race (Game facts)
            # every player's expected points, decisions and rolls by one model:
            # expectimax with max-n, whatever auto and multiplayer=auto pick
            # (paranoid search values the mover alone)
            algo = "expectimax" if algo == "auto" else algo
            extra["multiplayer"] = "maxn"
        limits = self.chance if chance else self._limits(min(LINES, len(pos.legal_moves())))
        report = self.search(pos, limits, algo=algo, **extra)
        self.used_threads = getattr(report, "threads", self.base.threads)
        return report


def annotate(record: GameRecord, limits: Optional[dict[str, Any]] = None, *, algo: str = "auto",
             seed: int = 0, threads: int = 1, hash_mb: int = 16,
             search: Callable[..., Report] = analyse,
             progress: Optional[Callable[[int, int], None]] = None,
             outcomes: bool = False, level: Optional[str] = None) -> Annotation:
    """Annotates every ply of ``record`` (see the module's docstring).

    ``limits``: ``depth``/``nodes``/``movetime`` of each search; without
    them the ``level``'s (:data:`LEVELS`, default :data:`DEFAULT_LEVEL`);
    not both. ``progress(done, total)`` is called after each position
    searched; ``outcomes=True`` also keeps, per chance ply, every outcome's
    probability and luck (``"outcomes"``).

    :raises LimitError: an unknown level, both limits and a level, or a limit
        out of range.
    """
    from safari_ai.errors import LimitError

    started = time.monotonic()
    if limits and level is not None:
        raise LimitError("level: give a level or limits (depth, nodes, movetime), not both",
                         "level")
    chance_limits: Optional[dict[str, Any]] = None
    if not limits:
        level = level or DEFAULT_LEVEL
        limits = level_limits(record.game, level)
        chance_limits = level_limits(record.game, level, chance=True)
    limits = dict(limits)
    positions = record.replay()
    start = positions[0]
    units = units_of(start)
    base = Limits(**limits, seed=seed, threads=threads, hash_mb=hash_mb)  # checked once
    chance = None if chance_limits is None or chance_limits == limits else \
        Limits(**chance_limits, seed=seed, threads=threads, hash_mb=hash_mb)
    searcher = _Searcher(base, search, algo, chance)
    # the dice view of a reason searches its rolls as deep as the analysis does
    dice_depth = (chance_limits or limits).get("depth") or \
        level_limits(record.game, DEFAULT_LEVEL, chance=True)["depth"]
    out = Annotation(record.game, limits, units, players=start.num_players, level=level,
                     chance_limits=None if chance is None else chance_limits)
    total = len(positions)
    values: list[Optional[list[float]]] = [None] * total
    reports: list[Optional[Report]] = [None] * total

    def value(index: int) -> list[float]:
        if values[index] is None:
            pos = positions[index]
            if pos.is_terminal():
                values[index] = terminal_values(pos)
            else:
                searched = searcher.run(pos)
                reports[index] = searched
                values[index] = report_values(pos, searched)
            if progress is not None:
                progress(index + 1, total)
        return values[index]  # type: ignore[return-value]

    for index, entry in enumerate(record.moves):
        pos = positions[index]
        before = value(index)
        report = reports[index]
        item: dict[str, Any] = {"ply": entry.get("ply", index + 1), "by": entry["by"],
                                "move": entry["move"],
                                "charged": entry.get("comment") != "opening"}
        if entry.get("comment"):
            item["comment"] = entry["comment"]
        item["depth"] = None if report is None else report.depth
        if pos.is_chance():
            item.update(_chance_item(pos, report, entry["move"], before, outcomes))
            if item["after"] is None:  # the limits stopped the search before it came
                after = horizon_values(positions[index + 1])
                item.update(after=after, luck=[a - b for a, b in zip(after, before)])
        else:
            item.update(_decision_item(pos, report, entry["move"], before, value(index + 1),
                                       units))
            played_line = item.pop("_played_line")
            if item["class"] is not None:
                after_report = reports[index + 1]
                if after_report is not None and after_report.pv and (
                        played_line is None or len(played_line) < len(item["pv"])):
                    # the search's own line of the move is missing or cut short (a
                    # table hit): the next position's search's line after the move,
                    # as long as the best line, so both lines end at the same ply
                    played_line = [entry["move"]] + list(after_report.pv)[:len(item["pv"]) - 1]
                elif played_line is None:
                    played_line = [entry["move"]]
                item["reason"], seconds = explain(pos, played_line, item["pv"],
                                                  dice_depth=dice_depth, seed=seed)
                out.reason_seconds += seconds
        out.plies.append(item)
    if progress is not None and values[-1] is None:
        progress(total, total)
    out.threads = searcher.used_threads
    out.seconds = time.monotonic() - started
    return out


def _decision_item(pos: Any, report: Optional[Report], move: str, before: list[float],
                   after: list[float], units: str) -> dict[str, Any]:
    mover = pos.to_move
    assert report is not None
    best = report.best_move
    best_value = before[mover]
    line = next((line for line in report.lines if line.move == move), None)
    if move == best:
        played_value = best_value
    elif line is not None:                        # valued in the same search
        played_value = report_values(pos, report, line)[mover]
    else:   # shown no better than the last line: the next position's value, capped there
        played_value = min(after[mover], report_values(pos, report, report.lines[-1])[mover])
    error = max(0.0, best_value - played_value)
    return {"best": best, "value": before, "best_value": best_value,
            "played_value": played_value, "played_in_lines": line is not None,
            "error": error, "class": classify(error, units),
            "forced": len(pos.legal_moves()) == 1, "pv": list(report.pv),
            "_played_line": None if line is None else list(line.pv),
            # what the search reports to a person (docs/tuning.md): the
            # mover's calibrated win probability (two players), every
            # player's chance to win (ostrich); the values above stay on the
            # search's own scale, on which errors and luck add up
            "win_probability": report.win_probability, "win_chances": report.win_chances}


def _chance_item(pos: Any, report: Optional[Report], move: str, before: list[float],
                 keep_outcomes: bool) -> dict[str, Any]:
    assert report is not None
    by_name = {o.outcome: o for o in report.outcomes}
    came = by_name.get(move)
    probability = dict(pos.chance_outcomes())[move]
    after = came.expected if came is not None else None
    item: dict[str, Any] = {
        "probability": f"{probability.numerator}/{probability.denominator}",
        "expected": before, "after": after,
        "luck": None if after is None else [a - b for a, b in zip(after, before)],
        "estimated": report.valued < len(report.outcomes)}
    if keep_outcomes:
        item["outcomes"] = [
            {"outcome": o.outcome, "probability": o.probability,
             "luck": None if o.expected is None else [a - b for a, b in zip(o.expected, before)]}
            for o in report.outcomes]
    return item


# -- text output ------------------------------------------------------------

def _fmt(x: Optional[float], units: str, signed: bool = False) -> str:
    if x is None:
        return "-"
    digits = 4 if units == "win probability" else 3
    return f"{x:+.{digits}f}" if signed else f"{x:.{digits}f}"


def format_header(players: int, luck_columns: bool = True) -> str:
    """The column headings of :func:`format_ply`'s lines (``luck_columns``:
    the game has chance plies)."""
    luck = " ".join(f"{'luck ' + str(p):>8}" for p in range(players)) if luck_columns else ""
    return (f"{'ply':>4}  {'by':<6}  {'move':<14}  {'best':<14}  {'value':>7}  {'played':>7}  "
            f"{'error':>7}  {'class':<10}  {luck}").rstrip()


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
    return (f"{head}{best:<14}  {_fmt(item['best_value'], units):>7}  "
            f"{_fmt(item['played_value'], units):>7}  {_fmt(item['error'], units):>7}  "
            f"{cls:<10}").rstrip()


def format_summary(annotation: Annotation) -> list[str]:
    """The per-player table, with headings (rolls and luck only in a game
    with chance plies)."""
    units = annotation.units
    dice = any(p["by"] == "chance" for p in annotation.plies)
    names = [name for name, _ in THRESHOLDS[units]][::-1]
    heads = "  ".join(f"{n:>8}" for n in names)
    luck_head = f"  {'rolls':>5}  {'luck':>8}" if dice else ""
    lines = [f"{'player':>6}  {'moves':>5}  {'errors':>6}  {heads}  {'total err':>9}  "
             f"{'avg err':>8}  {'accuracy':>8}{luck_head}  rating"]
    for player, row in annotation.summary().items():
        counts = "  ".join(f"{row[n.replace(' ', '_')]:>8}" for n in names)
        luck = (f"  {row['rolls']:>5}  {_fmt(row['total_luck'], units, True):>8}" if dice
                else "")
        lines.append(f"{player:>6}  {row['moves']:>5}  {row['errors']:>6}  {counts}  "
                     f"{_fmt(row['total_error'], units):>9}  {_fmt(row['average_error'], units):>8}"
                     f"  {'-' if row['accuracy'] is None else format(row['accuracy'], '.1f'):>8}"
                     f"{luck}  {row['rating'] or '-'}")
    return lines


def format_limits(annotation: Annotation) -> str:
    """``level default (depth 7)`` or ``limits movetime 200``: what the
    analysis searched with, as its text report's first line says."""
    def spell(limits: dict[str, Any]) -> str:
        return " ".join(f"{k} {v}" for k, v in limits.items())
    text = spell(annotation.limits)
    if annotation.chance_limits is not None and annotation.chance_limits != annotation.limits:
        text += f", rolls {spell(annotation.chance_limits)}"
    return f"level {annotation.level} ({text})" if annotation.level else f"limits {text}"


def format_report(annotation: Annotation) -> list[str]:
    """The whole text report (``safari-ai analyse RECORD.json``): a first line
    with the game, the units and the limits, a line per ply, then the summary."""
    lines = [f"{annotation.game}, {annotation.players} players, values in {annotation.units}, "
             f"{format_limits(annotation)}, threads {annotation.threads}",
             format_header(annotation.players,
                           any(p["by"] == "chance" for p in annotation.plies))]
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
