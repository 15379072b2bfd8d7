"""Expectimax: nodes per second per game, and what *-minimax pruning saves.

    pytest bench/test_bench_expectimax.py --benchmark-enable -s

* ``test_expectimax_speed``: nodes/s on fixed positions at a fixed depth
  (``extra_info["nodes_per_s"]``); the node count is deterministic, the time
  is not.
* ``test_pruning_reduction``: total nodes of plain expectimax, Star1 and Star2
  at equal depth over a fixed set of arena positions (close fights, see
  tests/test_search_expectimax.py) and the opening of the default duel,
  nothing sampled; the root values are
  equal (the tests check that), so the node counts compare like with like.
  Published *-minimax results (Ballard 1983; Hauk, Buro and Schaeffer 2004,
  on backgammon-like trees) cut more than half the nodes; our figures are in
  docs/search-expectimax.md.

Speed is reported, never asserted.
"""

from __future__ import annotations

from typing import Any

import pytest

import safari_ai

try:
    from test_search_expectimax import EXACT, arena_positions, ostrich_opening
except ImportError:  # pragma: no cover - run from elsewhere
    pytest.skip("needs tests/ on the path (bench/conftest.py)", allow_module_level=True)

SPEED = {"arena": 14, "ostrich": 4}  # depth searched per game
REDUCTION_DEPTHS = (4, 6, 8, 10)


def _arena_opening() -> safari_ai.Position:
    """The default duel after the first initiative roll (side 0 orders)."""
    return safari_ai.Position.new("arena").apply("init:0")


def _position(game: str) -> safari_ai.Position:
    return _arena_opening() if game == "arena" else ostrich_opening()


@pytest.mark.parametrize("game", sorted(SPEED))
def test_expectimax_speed(benchmark: Any, game: str) -> None:
    if game not in safari_ai.game_names():
        pytest.skip(f"no {game} in the C core")
    pos = _position(game)
    report = benchmark.pedantic(
        safari_ai.analyse,
        args=(pos,),
        kwargs={"depth": SPEED[game], "seed": 1},
        rounds=3,
        iterations=1,
    )
    rate = report.nodes / benchmark.stats.stats.min
    benchmark.extra_info["nodes"] = report.nodes
    benchmark.extra_info["nodes_per_s"] = rate
    print(f"\n{game} depth {SPEED[game]}: {report.nodes:,} nodes, {rate:,.0f} nodes/s")


def test_pruning_reduction(benchmark: Any) -> None:
    if "arena" not in safari_ai.game_names():
        pytest.skip("no arena in the C core")
    positions = [*arena_positions(12, "bench-pruning"), _arena_opening()]

    def count() -> dict[tuple[int, str], int]:
        totals: dict[tuple[int, str], int] = {}
        for depth in REDUCTION_DEPTHS:
            for pruning in ("none", "star1", "star2"):
                totals[depth, pruning] = sum(
                    safari_ai.analyse(pos, depth=depth, pruning=pruning, chance_width=EXACT).nodes
                    for pos in positions
                )
        return totals

    totals = benchmark.pedantic(count, rounds=1, iterations=1)
    print(f"\narena, {len(positions)} positions, nodes by depth (reduction against plain):")
    for depth in REDUCTION_DEPTHS:
        plain = totals[depth, "none"]
        cells = [f"plain {plain:,}"]
        for pruning in ("star1", "star2"):
            nodes = totals[depth, pruning]
            cells.append(f"{pruning} {nodes:,} (-{100 * (1 - nodes / plain):.0f}%)")
            benchmark.extra_info[f"d{depth}_{pruning}_reduction"] = 1 - nodes / plain
        print(f"  depth {depth}: " + ", ".join(cells))
