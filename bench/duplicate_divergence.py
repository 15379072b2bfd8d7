"""How much of a duplicate deal the play decides (docs/strength.md, "The
arena's ceiling").

In the duplicate format (``safari-ai match --duplicate``) each deal of a
2-player game is played twice on the same dice, A in seat 0 and then in seat
1. Up to the first ply at which the two games differ, both games reached the
same positions, so that ply is a position where A and B chose differently
(the dice are common random numbers: the same position draws the same
outcome). This script reads a match's records directory and counts, per
complete deal:

* whether the two games were played alike to the end (the players agreed at
  every decision), or where they first differed (the kind of move, e.g.
  ``move``, ``lose``, ``order``);
* A's points in the deal (0, ½, 1, 1½, 2): a deal "turns" when it is not
  1, i.e. when the seat and the dice did not decide it alone.

::

    python bench/duplicate_divergence.py DIR [DIR ...]

If the players chose differently in most deals but few deals turned, and as
many each way, the result was decided by the seat and the dice, not by the
play.
"""

from __future__ import annotations

import argparse
import collections
import glob
import json
import os
from dataclasses import dataclass
from typing import Any

from safari_ai.match import a_score


@dataclass(frozen=True)
class Deal:
    """One complete 2-game deal: where its games first differ and A's points."""

    name: str
    first_difference: int | None  # the ply index, None when played alike
    kind: str  # the kind of A's or B's first differing move, "alike" if none
    a_points: float  # 0, 0.5, 1, 1.5 or 2


def a_points(record: dict[str, Any]) -> float:
    """A's points in one game record: 1 for a win, ½ a draw, 0 a loss."""
    seat = next(p["seat"] for p in record["players"] if p["role"] == "A")
    return (a_score(record["result"], seat) + 1) / 2


def first_difference(first: list[str], second: list[str]) -> int | None:
    """The first index at which two move lists differ (one may end first), or
    None when they are the same list."""
    for ply, (one, other) in enumerate(zip(first, second)):
        if one != other:
            return ply
    return None if len(first) == len(second) else min(len(first), len(second))


def move_kind(move: str) -> str:
    """The kind of a move token: its text before ':' (``move:c5`` -> ``move``)."""
    return move.split(":", 1)[0]


def read_deals(directory: str) -> list[Deal]:
    """The complete 2-game deals of a records directory (``GAME-NNNN-a.json``
    and ``-b.json``), in deal order. Raises ValueError for a record that is not
    of a 2-player game."""
    games: dict[str, dict[str, dict[str, Any]]] = collections.defaultdict(dict)
    for path in sorted(glob.glob(os.path.join(directory, "*-*-?.json"))):
        with open(path, encoding="utf-8") as handle:
            record = json.load(handle)
        if len(record["result"]) != 2:
            raise ValueError(
                f"{path}: result has {len(record['result'])} players; only 2-player deals are read"
            )
        deal, game = os.path.basename(path)[: -len(".json")].rsplit("-", 1)
        games[deal][game] = record
    deals = []
    for name, pair in sorted(games.items()):
        if set(pair) != {"a", "b"}:
            continue
        moves = [[m["move"] for m in pair[g]["moves"]] for g in ("a", "b")]
        ply = first_difference(moves[0], moves[1])
        if ply is None:
            kind = "alike"
        else:
            kind = move_kind(moves[0][ply] if ply < len(moves[0]) else moves[1][ply])
        deals.append(Deal(name, ply, kind, a_points(pair["a"]) + a_points(pair["b"])))
    return deals


def summary(deals: list[Deal]) -> str:
    """The counts as text: deals, how many were played differently and where,
    and how many turned each way."""
    if not deals:
        return "no complete deal"
    differed = [d for d in deals if d.first_difference is not None]
    turned_a = sum(1 for d in deals if d.a_points > 1)
    turned_b = sum(1 for d in deals if d.a_points < 1)
    lines = [
        f"{len(deals)} complete deals; the players chose differently in {len(differed)} "
        f"({100 * len(differed) / len(deals):.0f} %)",
        f"turned to A: {turned_a}, to B: {turned_b}; split 1 : 1: {len(deals) - turned_a - turned_b}",
    ]
    by_kind: dict[str, collections.Counter[float]] = collections.defaultdict(collections.Counter)
    for deal in deals:
        by_kind[deal.kind][deal.a_points] += 1
    for kind, counts in sorted(by_kind.items(), key=lambda item: -sum(item[1].values())):
        points = ", ".join(f"{p:g}: {n}" for p, n in sorted(counts.items()))
        lines.append(
            f"  first difference {kind}: {sum(counts.values())} deals (A's points {points})"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directories", nargs="+", metavar="DIR", help="a match's records directory")
    args = parser.parse_args()
    for directory in args.directories:
        print(directory)
        print(summary(read_deals(directory)))


if __name__ == "__main__":
    main()
