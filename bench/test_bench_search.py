"""Search speed per algorithm and game, one thread.

    pytest bench/test_bench_search.py --benchmark-enable -s

Nodes (MCTS: simulations) per second go to ``extra_info`` and are printed.
Targets from the search issue: alpha-beta >= 1 M nodes/s, MCTS >= 500 k
simulations/s, perft with bulk counting >= 20 M leaves/s (bench_perft).
"""

from __future__ import annotations

from typing import Any

import pytest

import safari_ai

SETTINGS = [  # (algo, leaf, limits)
    ("alphabeta", "rollout", {"movetime": 2000}),
    ("mcts", "rollout", {"nodes": 200_000}),
    ("mcts", "evaluate", {"nodes": 400_000}),
]
GAMES = ["turtles", "zebras"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    ("algo", "leaf", "limits"), SETTINGS, ids=[f"{a}-{leaf}" for a, leaf, _ in SETTINGS]
)
def test_search_speed(
    benchmark: Any, game: str, algo: str, leaf: str, limits: dict[str, int]
) -> None:
    if game not in safari_ai.game_names():
        pytest.skip(f"no {game} in the C core")
    pos = safari_ai.Position.new(game)
    report = benchmark.pedantic(
        safari_ai.analyse,
        args=(pos,),
        kwargs=dict(limits, algo=algo, leaf=leaf, seed=1),
        rounds=1,
        iterations=1,
    )
    benchmark.extra_info["nodes_per_s"] = report.nps
    print(
        f"\n{game} {algo}/{leaf}: {report.nodes:,} nodes in {report.seconds:.2f} s = "
        f"{report.nps:,} nodes/s, depth {report.depth}"
    )
