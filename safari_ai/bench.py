"""The bench signature: a deterministic node count of the search.

``safari-ai bench`` searches a fixed list of positions at a fixed depth on one
thread and prints the nodes of each and their total. The total changes only
when the search or the rules change (never with the machine), so it is
recorded in commit messages of search changes as ``Bench: N`` (as Stockfish
does) and in ``bench/signature.txt``, which a test compares.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from safari_ai.facts import game_names
from safari_ai.position import Position
from safari_ai.search import analyse
from safari_ai.settings import Settings

__all__ = ["BENCH_POSITIONS", "BenchResult", "run_bench"]


def _load_positions() -> list[tuple[str, str, dict[str, Any], list[str], int]]:
    """The bench positions: data (bench_positions.json beside this module),
    so that the code names no game and a new position is a line of JSON."""
    rows = json.loads((Path(__file__).parent / "bench_positions.json").read_text())
    return [(row["label"], row["game"], row["rules"], row["moves"], row["depth"]) for row in rows]


BENCH_POSITIONS: list[tuple[str, str, dict[str, Any], list[str], int]] = _load_positions()
"""(label, game, rules, moves from the start position, depth), in order."""


@dataclass(frozen=True)
class BenchResult:
    """Nodes per bench position, their total, and the time it took."""

    nodes: dict[str, int]
    seconds: float

    @property
    def total(self) -> int:
        return sum(self.nodes.values())


def run_bench(on_position: Callable[[str, int], None] | None = None) -> BenchResult:
    """Searches every bench position of the registered games; returns the counts."""
    nodes: dict[str, int] = {}
    started = time.perf_counter()
    for label, game, rules, moves, depth in BENCH_POSITIONS:
        if game not in game_names():
            continue
        pos = Position.new(game, rules)
        for move in moves:
            pos = pos.apply(move)
        report = analyse(pos, Settings.of(depth=depth, seed=0, threads=1, algo="alphabeta"))
        nodes[label] = report.nodes
        if on_position is not None:
            on_position(label, report.nodes)
    return BenchResult(nodes, time.perf_counter() - started)
