"""How many games the duplicate format saves: from the records of a
``safari-ai match --duplicate`` run, the variance of A's margin game by game
(what independent games, each on its own dice, would have: every game of the
run is, on its own, such a game) against the variance of A's margin per deal
(the N seat rotations of one deal on common dice, averaged).

    python bench/duplicate_gain.py DIR [DIR ...]

For a 95 % interval of half-width h, independent games need
(1.96 s_game / h)^2 games, the duplicate format N (1.96 s_deal / h)^2 games
(N a deal), so the duplicate format needs the fraction
N s_deal^2 / s_game^2 of the games; the script prints that fraction with a
95 % bootstrap interval (deals resampled, 2,000 times, seed 1) and the saving
1 - fraction. docs/strength.md "Duplicate dice" has the figures.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
from pathlib import Path


def deals_of(folder: Path) -> list[list[float]]:
    """A's margin in each game of each complete deal of a duplicate run's records."""
    by_deal: dict[int, dict[int, float]] = {}
    seats = 0
    for path in sorted(folder.glob("*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        if (
            not (record.get("settings", {}).get("match", {}).get("duplicate"))
            or record.get("result") is None
        ):
            continue
        result = record["result"]
        seats = len(result)
        seat = next(p["seat"] for p in record["players"] if p["role"] == "A")
        margin = result[seat] - (sum(result) - result[seat]) / (seats - 1)
        by_deal.setdefault(record["settings"]["match"]["pair"], {})[seat] = margin
    return [list(games.values()) for _, games in sorted(by_deal.items()) if len(games) == seats]


def fraction(deals: list[list[float]]) -> float:
    """N s_deal^2 / s_game^2: the duplicate format's games for the same interval
    as a fraction of independent games'."""
    n = len(deals[0])
    per_game = [m for deal in deals for m in deal]
    per_deal = [sum(deal) / n for deal in deals]
    return n * statistics.variance(per_deal) / statistics.variance(per_game)


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        print("usage: python bench/duplicate_gain.py DIR [DIR ...]", file=sys.stderr)
        return 2
    print(
        "| records | players | deals | s game | s deal | games needed (dup / indep., 95%) "
        "| saving |"
    )
    print("|---|---|---|---|---|---|---|")
    for name in argv:
        deals = deals_of(Path(name))
        if len(deals) < 3:
            print(f"{name}: fewer than 3 complete duplicate deals", file=sys.stderr)
            continue
        n = len(deals[0])
        rng = random.Random(1)
        boots = sorted(
            fraction([deals[rng.randrange(len(deals))] for _ in deals]) for _ in range(2000)
        )
        low, high = boots[49], boots[1949]
        f = fraction(deals)
        s_game = statistics.stdev([m for deal in deals for m in deal])
        s_deal = statistics.stdev([sum(deal) / n for deal in deals])
        print(
            f"| {name} | {n} | {len(deals)} | {s_game:.2f} | {s_deal:.2f} | "
            f"{f:.2f} ({low:.2f}–{high:.2f}) | {100 * (1 - f):.0f} % |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
