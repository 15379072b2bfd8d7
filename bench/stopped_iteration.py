"""How often expectimax's decision comes from a stopped iteration, and how
often that changes the move (docs/strength.md, "Keeping the stopped
iteration").

At a decision, a search stopped by its limits keeps the iteration it was in
when that iteration had searched its lead (csrc/search/expectimax_root.c).
For each of COUNT decision positions of seeded random play, this searches
with a node limit (a stand-in for a time limit that does not depend on the
machine's load) and again to the depth that search completed: when the two
reports differ, the stopped iteration was used; when their best moves
differ, it changed the move.

    python bench/stopped_iteration.py [--nodes 200000] [--count 60] [--seed 3]
"""

from __future__ import annotations

import argparse
import random

import safari_ai

SETUPS = (("arena", None), ("ostrich", {"players": 2}), ("ostrich", {"players": 5}))


def positions(game: str, rules: dict | None, count: int, seed: int) -> list[safari_ai.Position]:
    """Decision positions with a choice, after 4 to 119 random plies."""
    rng = random.Random(seed)
    found: list[safari_ai.Position] = []
    while len(found) < count:
        pos = safari_ai.Position.new(game, rules)
        for _ in range(rng.randrange(4, 120)):
            if pos.is_terminal():
                break
            if pos.is_chance():
                pos = pos.apply(rng.choice(pos.chance_outcomes())[0])
            else:
                pos = pos.apply(rng.choice(pos.legal_moves()))
        if not pos.is_terminal() and not pos.is_chance() and len(pos.legal_moves()) > 1:
            found.append(pos)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=200_000)
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    for game, rules in SETUPS:
        if game not in safari_ai.game_names():
            continue
        used = changed = 0
        found = positions(game, rules, args.count, args.seed)
        for pos in found:
            report = safari_ai.analyse(pos, nodes=args.nodes, seed=1)
            if report.depth < 1:
                continue
            completed = safari_ai.analyse(pos, depth=report.depth, seed=1)
            if report.lines != completed.lines:
                used += 1
                changed += report.best_move != completed.best_move
        label = game + (f" {rules['players']} players" if rules else "")
        print(
            f"{label}: {len(found)} positions at {args.nodes} nodes; "
            f"the stopped iteration used at {used}, the move changed at {changed}"
        )


if __name__ == "__main__":
    main()
