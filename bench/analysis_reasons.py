"""Coverage and cost of the reasons of marked moves (issue 27, point 5).

Analyses seeded records whose every third move is random (the others the
engine at depth 1), so that there are marks to explain, at the ``default``
level, and prints per game: the decisions marked doubtful or worse, how many
carry a reason (the target is all), how many of those name features (the
rest say the features do not separate the lines, or that a line ends the
game), how many have a dice view, and the extra time per marked decision
(the reasons' time over the marked decisions) against the analysis's time
per decision::

    python bench/analysis_reasons.py [--records 4]
"""

from __future__ import annotations

import argparse
from typing import Any

from safari_ai.annotate import annotate
from safari_ai.samples import mixed_record

GAMES: dict[str, dict[str, Any]] = {
    "turtles": {},
    "zebras": {},
    "arena": {},
    "ostrich": {"players": 2},
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=4)
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    print(
        f"{'game':<8} {'decisions':>9} {'marked':>6} {'reasons':>7} {'features':>8} "
        f"{'dice':>5} {'ms/marked':>9} {'ms/decision':>11}"
    )
    for game in args.games:
        decisions = marked = reasons = featured = dice = 0
        reason_s = analysis_s = 0.0
        for seed in range(args.records):
            result = annotate(mixed_record(game, GAMES[game], seed))
            analysis_s += result.seconds - result.reason_seconds
            reason_s += result.reason_seconds
            for item in result.plies:
                if item["by"] == "chance":
                    continue
                decisions += 1
                if item["class"] is None:
                    continue
                marked += 1
                reason = item.get("reason")
                reasons += reason is not None and bool(reason["text"])
                featured += bool(reason and reason["features"])
                dice += bool(reason and reason.get("dice"))
        print(
            f"{game:<8} {decisions:>9} {marked:>6} {reasons:>7} {featured:>8} {dice:>5} "
            f"{1000 * reason_s / max(1, marked):>9.1f} "
            f"{1000 * analysis_s / max(1, decisions):>11.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
