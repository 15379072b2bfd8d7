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
import math
import random
from typing import Any

import safari_ai
import safari_ai.match as match
from safari_ai.executors import ProcessBackend

FIGHT = safari_ai.feature_names("arena").index("fight")


def fight_chance(pos: Any, side: int) -> float:
    """``side``'s chance to win the stand-up fight from ``pos`` (the feature is
    100 x the log-odds that side 0 wins)."""
    side0 = 1 / (1 + math.exp(-pos.features()[FIGHT] / 100))
    return side0 if side == 0 else 1 - side0


class AllocateByFight:
    """A match player (``match.make_player``'s shape) that allocates wounds by
    :func:`fight_chance` and leaves every other move to ``inner``."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.overridden = 0

    def __call__(self, pos: Any, rng: random.Random) -> tuple[str, str | None]:
        legal = [str(m) for m in pos.legal_moves()]
        if legal and all(m.startswith("lose:") for m in legal):
            chance = {m: fight_chance(pos.apply(m), pos.to_move) for m in legal}
            if max(chance.values()) > min(chance.values()):  # the fight tells them apart
                self.overridden += 1
                return max(legal, key=chance.__getitem__), None
        result: tuple[str, str | None] = self.inner(pos, rng)
        return result

    def observe(self, move: str) -> None:
        self.inner.observe(move)

    def close(self) -> None:
        getattr(self.inner, "close", lambda: None)()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--depth", type=int, default=11)
    args = parser.parse_args()
    a = match.parse_spec(f"name=allocate-by-fight,algo=expectimax,depth={args.depth}")
    b = match.parse_spec(f"name=search,algo=expectimax,depth={args.depth}")
    plain_player = match.make_player

    def make_player(spec: match.PlayerSpec) -> Any:
        player = plain_player(spec)
        return AllocateByFight(player) if spec.label() == a.label() else player

    match.make_player = make_player  # type: ignore[assignment]
    jobs = match.make_jobs("arena", {}, a, b, 2 * args.deals, args.seed, 2, duplicate=2)
    summary = match.run_match(jobs, backend=ProcessBackend(1))
    pairs = summary.pentanomial()
    score = sum(i * n for i, n in enumerate(pairs)) / (4 * sum(pairs))
    spread = sum(n * (i / 4 - score) ** 2 for i, n in enumerate(pairs)) / sum(pairs)
    half = 1.96 * math.sqrt(spread / sum(pairs))

    def elo(s: float) -> float:
        return -400 * math.log10(1 / s - 1)

    print(f"deals {sum(pairs)}, pairs (A's points 0, 1/2, 1, 3/2, 2) {pairs}")
    print(
        f"A's score {score:.4f}: {elo(score):+.1f} Elo "
        f"(95 %: {elo(score - half):+.1f} to {elo(score + half):+.1f})"
    )


if __name__ == "__main__":
    main()
