"""Ratings and accuracy measured against players of known strength (issue 27, point 4).

Players whose order is known: ``random`` < ``greedy`` (one ply) < the engine
at N nodes a move < at 10 N < at 100 N. Each plays a pair of games (colours
swapped, a seeded 2-ply random opening) against a common opponent, the engine
at 10 N, in every game and in ostrich races of 2 to 5 players; every record is
analysed at the default level (:data:`safari_ai.annotate.LEVELS`), and only
the known player's decisions are counted.

Prints, per game, each player's mean accuracy (docs/records.md) and mean
error per decision and whether both order the players as known; then the
rating bands derived from them, per unit (win probability: the two-player
games pooled; points: ostrich): a player's rating is the band of its
accuracy, a band's lower bound halfway between the mean accuracies of two
consecutive players (pooled over the games). The bands are printed as the
table of docs/records.md and as ``safari_ai.annotate.RATINGS``.

Records and analyses are cached in ``--dir`` (default
``bench/records/ratings``). One process::

    python bench/analysis_ratings.py [--nodes 1024] [--pairs 3] [--race-pairs 1]
"""
from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path
from typing import Any

from safari_ai.annotate import Annotation, annotate
from safari_ai.match import make_jobs, parse_spec, run_match
from safari_ai.record import GameRecord

SETUPS: list[tuple[str, str, dict[str, Any]]] = [
    ("turtles", "turtles", {}), ("zebras", "zebras", {}), ("arena", "arena", {}),
    ("ostrich-2", "ostrich", {"players": 2}), ("ostrich-3", "ostrich", {"players": 3}),
    ("ostrich-4", "ostrich", {"players": 4}), ("ostrich-5", "ostrich", {"players": 5}),
]
NAMES = ["beginner", "casual", "intermediate", "advanced", "expert"]
"""The band of each player, weakest first (the strongest band's top is open)."""


def players(nodes: int) -> list[tuple[str, str]]:
    """(label, spec) of the known players, weakest first."""
    return [("random", "algo=random"), ("greedy", "algo=greedy"),
            (f"engine {nodes}", f"nodes={nodes}"), (f"engine {10 * nodes}", f"nodes={10 * nodes}"),
            (f"engine {100 * nodes}", f"nodes={100 * nodes}")]


def analysed(folder: Path, name: str, game: str, rules: dict[str, Any], spec: str,
             opponent: str, pairs: int, level: str) -> list[tuple[int, dict[str, Any]]]:
    """(the known player's seat, the record's analysis) of its games (cached)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.json"
    if path.exists():
        return [(seat, data) for seat, data in json.loads(path.read_text())]
    a, b = parse_spec(spec), parse_spec(opponent)
    out = []
    for outcome in run_match(make_jobs(game, rules, a, b, 2 * pairs, seed=4,
                                       opening_plies=2)).outcomes:
        record = GameRecord.from_json(outcome.record)
        out.append((outcome.colour, annotate(record, level=level).to_json()))
    path.write_text(json.dumps(out))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=1024,
                        help="N (the core checks a node limit every 1,024 nodes).")
    parser.add_argument("--pairs", type=int, default=3, help="Pairs of games per player.")
    parser.add_argument("--race-pairs", type=int, default=1,
                        help="Pairs of games per player in the ostrich races.")
    parser.add_argument("--dir", default=str(Path(__file__).parent / "records" / "ratings"))
    parser.add_argument("--level", default="default", help="The analysis level.")
    parser.add_argument("--setups", nargs="*", default=[s[0] for s in SETUPS])
    args = parser.parse_args()
    known = players(args.nodes)
    opponent = f"nodes={10 * args.nodes}"
    pooled: dict[str, list[list[float]]] = {"win probability": [[] for _ in known],
                                            "points": [[] for _ in known]}
    print(f"{'game':<10} " + " ".join(f"{label:>16}" for label, _ in known)
          + "  accuracy order  error order")
    for name, game, rules in SETUPS:
        if name not in args.setups:
            continue
        accuracy, error = [], []
        units = "points"
        for label, spec in known:
            games = analysed(Path(args.dir) / f"{args.nodes}-{args.level}", f"{name}-{label.replace(' ', '')}",
                             game, rules, spec, opponent,
                             args.race_pairs if game == "ostrich" else args.pairs, args.level)
            # the summary recomputed from the cached plies (today's definition)
            rows = [Annotation(data["game"], data["limits"], data["units"],
                               players=len(data["summary"]), plies=data["plies"]
                               ).summary()[str(seat)] for seat, data in games]
            units = games[0][1]["units"]
            moves = sum(r["moves"] for r in rows)
            counted = sum(r["contested"] for r in rows)
            acc = sum(r["accuracy"] * r["contested"] for r in rows if r["contested"]) / \
                max(1, counted)
            err = sum(r["total_error"] for r in rows) / max(1, moves)
            accuracy.append(acc)
            error.append(err)
            pooled[units][len(accuracy) - 1].append(acc)
        ordered = all(x < y for x, y in zip(accuracy, accuracy[1:]))
        ordered_error = all(x > y for x, y in zip(error, error[1:]))
        print(f"{name:<10} " + " ".join(f"{a:>7.1f} ({e:.3f})" for a, e in zip(accuracy, error))
              + f"  {'yes' if ordered else 'NO':>14}  {'yes' if ordered_error else 'NO':>11}",
              flush=True)
    print("\nbands (a rating is the band of the accuracy; mean accuracy of the players):")
    ratings = {}
    for units, columns in pooled.items():
        means = [statistics.fmean(c) if c else None for c in columns]
        if None in means:
            continue
        bounds = [round((x + y) / 2, 1) for x, y in zip(means, means[1:])]
        for i in range(1, len(bounds)):   # players out of order: an empty band, not a reversed one
            bounds[i] = max(bounds[i], bounds[i - 1])
        ratings[units] = tuple(zip(NAMES[::-1], [float(b) for b in bounds[::-1]]))
        print(f"| {units} | " + " | ".join(f"{label} {m:.1f}" for (label, _), m in zip(known, means))
              + " |")
        print("| band | " + " | ".join(f"{n} from {b}" for n, b in zip(NAMES[1:], bounds)) + " |")
    print(f"\nRATINGS = {ratings}")


if __name__ == "__main__":
    main()
