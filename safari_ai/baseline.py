"""A baseline that does not move: one-ply play on a fixed, plain evaluation
written here once and never tuned, so that a better evaluation of the engine
counts as a gain against it (``algo=greedy`` reads the engine's own evaluation,
and gains with it). ``safari-ai match ... -b algo=plain``; docs/strength.md.

* **ostrich**: the move after which the player's own tile would score most if
  the race ended in the order the ostriches stand now: the finished ones in
  their finishing order, then the others by row, the row nearest the finish
  first (a plain distance-to-finish count: no dice, berries, lion or jumps),
  ties by letter; the ostrich on the lowest row is last (rule book 4.10:
  5/4/3 for the 1st/2nd/3rd predicted right, 2 for each other of the
  predicted top three in the top three, doubled when the predicted last is
  last). Ties between moves are broken at random.
* **the duels** (turtles, zebras, arena): a move that wins at once, else one
  after which the opponent, if it is to move, has no move that wins at once
  (two plies of the rules, no evaluation), else any move; at random among equals.

A move that ends the game is worth its result: in the race the player's real
points, in a duel a win above everything and a loss below.
"""

from __future__ import annotations

import random
from typing import Any

__all__ = ["plain_move", "ostrich_projected_score"]


def _row(space: Any) -> int:
    """The row of an ostrich's space (``"13c"`` → 13); -1 off the track."""
    if not isinstance(space, str) or not space[:-1].isdigit():
        return -1
    return int(space[:-1])


def ostrich_projected_score(data: dict[str, Any], player: int) -> int:
    """``player``'s score against its tile if the race ended in the order of the
    ostriches now (the module's docstring); 0 while the tile is not dealt."""
    tile = (
        (data.get("predictions") or [None])[player]
        if player < len(data.get("predictions") or [])
        else None
    )
    if not isinstance(tile, str) or len(tile) < 4:
        return 0
    finished = list(data.get("finished") or "")
    spaces: dict[str, Any] = data.get("ostriches") or {}
    running = sorted((o for o in spaces if o not in finished), key=lambda o: (-_row(spaces[o]), o))
    order = finished + running
    last = order[-1] if order else ""
    top = order[:3]
    score = 0
    for place, ostrich in enumerate(tile[:3]):
        if place < len(top) and top[place] == ostrich:
            score += 5 - place
        elif ostrich in top:
            score += 2
    return score * 2 if tile[3] == last else score


def _terminal_value(child: Any, me: int) -> float:
    result = child.result()
    others = max(r for i, r in enumerate(result) if i != me)
    return float("inf") if result[me] > others else 0.0 if result[me] == others else -float("inf")


def _wins_at_once(pos: Any, who: int) -> bool:
    """Some legal move of ``who`` (to move at ``pos``) ends the game won by it."""
    for move in pos.legal_moves():
        child = pos.apply(move)
        if child.is_terminal() and _terminal_value(child, who) == float("inf"):
            return True
    return False


def _is_race(pos: Any) -> bool:
    """A game scored in points (the race), not won or lost (a duel): the
    core's fact ``zero_sum``, so no game is named here."""
    from safari_ai.facts import game

    return not game(pos.game).zero_sum


def _plain_value(child: Any, me: int) -> float:
    if _is_race(child):  # points: the real ones once the race is over
        return (
            float(child.result()[me])
            if child.is_terminal()
            else float(ostrich_projected_score(child.to_json(), me))
        )
    if child.is_terminal():
        return _terminal_value(child, me)
    if child.is_chance() or child.to_move == me:
        return 0.0
    return -1.0 if _wins_at_once(child, int(child.to_move)) else 0.0


def plain_move(pos: Any, rng: random.Random) -> tuple[str, str | None]:
    """The baseline's move at decision ``pos`` (the module's docstring), and no score."""
    me = pos.to_move
    best: list[str] = []
    best_value = -float("inf")
    for move in pos.legal_moves():
        value = _plain_value(pos.apply(move), me)
        if value > best_value or not best:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    return best[rng.randrange(len(best))], None
