"""Screen: can the side behind in an arena duel keep away and take the draw
at the round cap? (issue 28 point 5; docs/strength.md, "The arena's
ceiling").

The round cap draws a duel (``[0, 0]``). A draw is worth more than a likely
loss, so the side whose stand-up odds are below one half (the feature
``fight``: csrc/games/arena_fight.c) might gain by running for 30 rounds
rather than fighting. The search cannot see this: at 50 ms it looks one or
two rounds ahead, and the evaluation's ``centre`` term draws both gladiators
to the middle.

Player A is the engine (expectimax at a fixed depth) except when its side is
behind by the fight's odds and it is to move or end its activation: then it
never attacks and takes the step (or ``end``) that leaves its gladiator
farthest from the nearest enemy, the first of equal ones. With
``--fight-back`` it leaves the choice to the search whenever it could strike
(and keeps away again after the strike). Player B is the
same engine choosing every move by its search. Both play in this process, at
one build, on duplicate dice (each deal twice, A in each seat)::

    python bench/arena_keep_away.py --deals 150 --seed 9 [--depth 11] [--workers 2] [--fight-back]

It prints the pentanomial of A's points per deal (0, ½, 1, 1½, 2), the Elo
with its 95 % interval, and A's wins, draws and losses.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from arena_screen import OverridingPlayer, fight_chance, run_screen


def hex_qr(name: str) -> tuple[int, int]:
    """Axial (q, r) of a hex name: ``c5`` is q 2, r 4."""
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def hex_distance(a: str, b: str) -> int:
    """Steps between two hexes on an open board (axial coordinates)."""
    (q1, r1), (q2, r2) = hex_qr(a), hex_qr(b)
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def nearest_enemy(state: dict[str, Any], side: int, here: str) -> int:
    """Distance from ``here`` to the nearest gladiator of the other side."""
    enemies = [g["hex"] for g in state["gladiators"] if g["side"] != side]
    return min(hex_distance(here, enemy) for enemy in enemies)


def keep_away_move(pos: Any, legal: list[str]) -> str | None:
    """The step or ``end`` that keeps the active gladiator farthest from the
    enemy (so never an attack), or None when the position offers neither (an
    allocation, the order of play)."""
    options = [m for m in legal if m.startswith("move:") or m == "end"]
    if not options:
        return None
    state = json.loads(pos.to_json_text())
    side = pos.to_move
    active = state["active"]["id"]
    here = next(g["hex"] for g in state["gladiators"] if g["id"] == active)

    def distance(move: str) -> int:
        return nearest_enemy(state, side, here if move == "end" else move.split(":", 1)[1])

    return max(options, key=distance)


class KeepAwayWhenBehind(OverridingPlayer):
    """The engine, except that it keeps away while its side is behind by the
    fight's odds (with ``fight_back``, not where it could strike)."""

    def __init__(self, inner: Any, fight_back: bool = False) -> None:
        super().__init__(inner)
        self.fight_back = fight_back

    def override(self, pos: Any, legal: list[str]) -> str | None:
        if fight_chance(pos, pos.to_move) >= 0.5:
            return None
        if self.fight_back and any(m.startswith("attack:") for m in legal):
            return None
        return keep_away_move(pos, legal)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--depth", type=int, default=11)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--fight-back",
        action="store_true",
        help="when an enemy is in reach of a strike, leave the choice to the search (then step away)",
    )
    args = parser.parse_args()

    def wrap(player: Any) -> KeepAwayWhenBehind:
        return KeepAwayWhenBehind(player, args.fight_back)

    run_screen("keep-away", wrap, args.deals, args.seed, args.depth, args.workers)


if __name__ == "__main__":
    main()
