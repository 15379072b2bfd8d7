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
with its 95 % interval, and the share of A's games drawn.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from typing import Any

import safari_ai
import safari_ai.match as match
from safari_ai.executors import ProcessBackend
from safari_ai.stats import elo_pentanomial

FIGHT = safari_ai.feature_names("arena").index("fight")


def fight_chance(pos: Any, side: int) -> float:
    """``side``'s chance to win the stand-up fight from ``pos`` (the feature is
    100 x the log-odds that side 0 wins)."""
    side0 = 1 / (1 + math.exp(-pos.features()[FIGHT] / 100))
    return side0 if side == 0 else 1 - side0


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


class KeepAwayWhenBehind:
    """A match player (``match.make_player``'s shape) that keeps away while its
    side is behind by the fight's odds and leaves every other move to ``inner``."""

    def __init__(self, inner: Any, fight_back: bool = False) -> None:
        self.inner = inner
        self.fight_back = fight_back

    def __call__(self, pos: Any, rng: random.Random) -> tuple[str, str | None]:
        legal = [str(m) for m in pos.legal_moves()]
        can_strike = any(m.startswith("attack:") for m in legal)
        if fight_chance(pos, pos.to_move) < 0.5 and not (self.fight_back and can_strike):
            move = keep_away_move(pos, legal)
            if move is not None:
                return move, None
        result: tuple[str, str | None] = self.inner(pos, rng)
        return result

    def observe(self, move: str) -> None:
        self.inner.observe(move)

    def close(self) -> None:
        getattr(self.inner, "close", lambda: None)()


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
    a = match.parse_spec(f"name=keep-away,algo=expectimax,depth={args.depth}")
    b = match.parse_spec(f"name=search,algo=expectimax,depth={args.depth}")
    plain_player = match.make_player

    def make_player(spec: match.PlayerSpec) -> Any:
        player = plain_player(spec)
        return KeepAwayWhenBehind(player, args.fight_back) if spec.label() == a.label() else player

    match.make_player = make_player  # type: ignore[assignment]
    jobs = match.make_jobs("arena", {}, a, b, 2 * args.deals, args.seed, 2, duplicate=2)
    summary = match.run_match(jobs, backend=ProcessBackend(args.workers))
    pairs = summary.pentanomial()
    score, elo, half = elo_pentanomial(pairs)
    print(f"deals {sum(pairs)}, pairs (A's points 0, 1/2, 1, 3/2, 2) {pairs}")
    print(f"A's score {score:.4f}: {elo:+.1f} ± {half:.1f} Elo (95 %)")
    print(
        f"games {summary.games}: A wins {summary.wins}, draws {summary.draws}, losses {summary.losses}"
    )


if __name__ == "__main__":
    main()
