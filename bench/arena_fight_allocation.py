"""Screen: does the stand-up fight's exact odds choose the arena's wound
allocations better than the search? (issue 28 point 5; docs/strength.md,
"What is left in the arena").

Player A is the engine (expectimax at a fixed depth) except at a wound
allocation of a duel (every legal move a ``lose:A-D-S``): there it gives up
the dice that leave its side the best chance by the feature ``fight``, the
exact odds of the duel fought to the end as a stand-up fight
(csrc/games/arena_fight.c; docs/games/arena.md, "Evaluation"). Player B is
the same engine choosing every move by its search. Both play in this process,
at one build, on duplicate dice (each deal twice, A in each seat), so the
result is a symmetric match; the pentanomial counts deals by A's points in
them (0, ½, 1, 1½, 2)::

    python bench/arena_fight_allocation.py --deals 300 --seed 9 [--depth 11]

In 20 self-play records of the engine at 102,400 nodes (bench/analysis_ratings.py),
47 of its 61 allocations differ from the fight's choice, by 2.5 points of
the fight's win probability on average: either the engine allocates badly
or the stand-up fight (no movement, no round cap) is the wrong guide.
"""

from __future__ import annotations

import argparse
from typing import Any

from arena_screen import OverridingPlayer, fight_chance, run_screen


class AllocateByFight(OverridingPlayer):
    """The engine, except that it allocates wounds by :func:`fight_chance`
    wherever the fight's odds tell the splits apart."""

    def override(self, pos: Any, legal: list[str]) -> str | None:
        if not legal or not all(m.startswith("lose:") for m in legal):
            return None
        chance = {m: fight_chance(pos.apply(m), pos.to_move) for m in legal}
        if max(chance.values()) == min(chance.values()):  # the fight cannot tell them apart
            return None
        return max(legal, key=chance.__getitem__)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--depth", type=int, default=11)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    run_screen(
        "allocate-by-fight", AllocateByFight, args.deals, args.seed, args.depth, args.workers
    )


if __name__ == "__main__":
    main()
