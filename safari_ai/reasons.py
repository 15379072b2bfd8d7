"""Why a move was marked: what the analysis's own search showed (issue 27, point 5).

For a decision the record analysis marks doubtful or worse
(:mod:`safari_ai.annotate`), :func:`explain` says what the search showed and
nothing more:

* the **line after the played move** and the **line after the best move**:
  the principal variations of the analysis's search (the played move's own
  line when it was one of the search's lines, else the next position's
  search's line after it);
* the **features** that most separate the two lines' end positions: the
  evaluation is ``weights · features`` (:meth:`Position.features`,
  :meth:`Position.weights`), so each feature's weighted change from the best
  line's end to the played line's end is a share of the difference the
  evaluation sees there. The two or three largest in the best line's favour
  are phrased from the two phrases the core gives each feature
  (:attr:`safari_ai.Game.feature_phrases`, next to the feature's name in
  csrc/games/<game>_eval.c): "after
  d6-d5 d5xd3: 1 fewer active turtle than after e5-d5 ..."; two-player
  features count the mover's side minus the opponent's. A line that ends
  the game is said as such;
* in the dice games the **dice view**: the first roll along each line, both
  searched at the analysis's chance depth; on how many of the roll's
  outcomes (and with what probability) the best move's line does better for
  the mover than the played one's.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from safari_ai.position import Position
from safari_ai.report import margin

__all__ = ["explain", "phrase", "line_end", "feature_reasons", "dice_view", "MAX_FEATURES"]

MAX_FEATURES = 3
"""Features named per reason, at most."""


def _amount(x: float) -> str:
    return str(int(round(x))) if abs(x - round(x)) < 1e-9 else f"{x:.1f}"


def phrase(game: str, feature: str, change: float) -> str:
    """The template of ``feature`` for a change ``change`` (the played line's
    end minus the best line's, counted for the mover)."""
    from safari_ai.facts import game as game_facts
    from safari_ai.tune import feature_names

    fewer, more = game_facts(game).feature_phrases[feature_names(game).index(feature)]
    n = abs(change)
    one = abs(n - 1) < 1e-9
    return (fewer if change < 0 else more).format(
        n=_amount(n), s="" if one else "s", es="" if one else "es", ce="e" if one else "ce"
    )


def line_end(pos: Position, line: Sequence[str]) -> Position:
    """The position at the end of ``line`` played from ``pos``."""
    for move in line:
        pos = pos.apply(move)
    return pos


def feature_reasons(
    start: Position, mover: int, played: Sequence[str], best: Sequence[str]
) -> list[dict[str, Any]]:
    """The features whose weighted change most separates the two lines' ends
    in the best line's favour (at most :data:`MAX_FEATURES`), largest first:
    ``{"feature", "played", "best", "weighted", "text"}`` (``weighted``:
    weight x (best - played), in evaluation units, for the mover)."""
    from safari_ai.tune import feature_names

    end_played, end_best = line_end(start, played), line_end(start, best)
    if end_played.is_terminal() or end_best.is_terminal():
        return []
    names = feature_names(start.game)
    weights = end_best.weights().weights
    f_played, f_best = end_played.features(mover), end_best.features(mover)
    rows: list[dict[str, Any]] = []
    for i, name in enumerate(names):
        weighted = float(weights[i]) * float(f_best[i] - f_played[i])
        if weighted > 0:
            rows.append(
                {
                    "feature": name,
                    "played": float(f_played[i]),
                    "best": float(f_best[i]),
                    "weighted": weighted,
                    "text": phrase(start.game, name, float(f_played[i] - f_best[i])),
                }
            )
    rows.sort(key=lambda row: -float(row["weighted"]))
    return rows[:MAX_FEATURES]


def _end_text(end: Position, mover: int) -> str | None:
    if not end.is_terminal():
        return None
    result = end.result()
    if end.num_players == 2 and end.facts.zero_sum:
        mine = result[mover]
        return (
            "the game ends in a "
            + ("win" if mine > 0 else "loss" if mine < 0 else "draw")
            + " for the mover"
        )
    return "the race ends with " + ", ".join(f"p{p} {r}" for p, r in enumerate(result))


def _first_roll(pos: Position, line: Sequence[str]) -> Position | None:
    for move in line:
        if pos.is_chance():
            return pos
        pos = pos.apply(move)
    return pos if pos.is_chance() else None


def _worth(values: Sequence[float], mover: int, start: Position) -> float:
    """What the mover maximises: its value, or in a race its margin (its
    points less the mean of the others', as the analysis values a race)."""
    if start.facts.zero_sum or len(values) < 2:
        return float(values[mover])
    return margin(values, mover)


def dice_view(
    start: Position,
    mover: int,
    played: Sequence[str],
    best: Sequence[str],
    limits: Mapping[str, int],
    seed: int,
) -> dict[str, Any] | None:
    """The first roll along each line, searched with ``limits`` (a depth and a
    node limit, as the analysis searches its rolls): on how many of
    its outcomes (and with what probability) the best line's position is
    worth more to the mover than the played line's (each outcome's expected
    result for the mover, in a race its margin, from the two searches). None
    when a line has no roll or the two rolls have different outcomes."""
    from safari_ai.search import analyse
    from safari_ai.settings import Settings

    roll_played, roll_best = _first_roll(start, played), _first_roll(start, best)
    if roll_played is None or roll_best is None:
        return None
    outcomes = roll_best.chance_outcomes()
    if [o for o, _ in outcomes] != [o for o, _ in roll_played.chance_outcomes()]:
        return None
    # a race: margin, as the analysis values every roll and decision
    settings = Settings.of(**limits, seed=seed, multiplayer="margin")
    searched_best = analyse(roll_best, settings)
    searched_played = analyse(roll_played, settings)
    best_by = {o.outcome: o for o in searched_best.outcomes}
    played_by = {o.outcome: o for o in searched_played.outcomes}
    better = worse = 0
    p_better = 0.0
    for outcome, probability in outcomes:
        b, p = best_by[outcome].expected, played_by[outcome].expected
        if b is None or p is None:
            continue
        b_worth, p_worth = _worth(b, mover, start), _worth(p, mover, start)
        if b_worth > p_worth + 1e-9:
            better += 1
            p_better += float(probability)
        elif p_worth > b_worth + 1e-9:
            worse += 1
    return {
        "rolls": len(outcomes),
        "better": better,
        "worse": worse,
        "probability_better": p_better,
        "text": f"on {better} of the {len(outcomes)} outcomes of the next roll "
        f"(probability {p_better:.2f}) the best move does better, "
        f"on {worse} worse",
    }


def explain(
    pos: Position,
    played: Sequence[str],
    best: Sequence[str],
    *,
    dice_limits: Mapping[str, int] | None = None,
    seed: int = 0,
) -> tuple[dict[str, Any], float]:
    """The reason for a marked decision at ``pos`` (see the module's
    docstring) and the seconds it took: ``played`` and ``best`` are the two
    lines, each starting with its move. ``dice_limits``: the limits of the dice
    view's searches (the analysis's chance limits; None: no dice view)."""
    started = time.perf_counter()
    mover = pos.to_move
    assert isinstance(mover, int)
    features = feature_reasons(pos, mover, played, best)
    end_played, end_best = line_end(pos, played), line_end(pos, best)
    why: str
    if end_played.is_terminal() or end_best.is_terminal():
        parts = []
        if end_played.is_terminal():
            parts.append(f"after {' '.join(played)} {_end_text(end_played, mover)}")
        if end_best.is_terminal():
            parts.append(f"after {' '.join(best)} {_end_text(end_best, mover)}")
        why = "; ".join(parts)
    elif features:
        why = (
            f"after {' '.join(played)}: "
            + ", ".join(f["text"] for f in features)
            + f" than after {' '.join(best)}"
        )
    else:
        why = (
            f"after {' '.join(played)} and after {' '.join(best)} the evaluation's "
            "features do not favour the best line; the difference is in the search "
            "below them"
        )
    out: dict[str, Any] = {
        "played_line": list(played),
        "best_line": list(best),
        "features": features,
        "text": why,
    }
    if dice_limits is not None and pos.facts.has_chance:
        out["dice"] = dice_view(pos, mover, played, best, dice_limits, seed)
    return out, time.perf_counter() - started
