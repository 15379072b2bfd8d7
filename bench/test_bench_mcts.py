"""MCTS simulations per second (random rollouts), one thread and two.

    pytest bench/test_bench_mcts.py --benchmark-enable -s

Each benchmark stores ``extra_info["simulations_per_s"]`` (wall clock: on a
loaded machine compare CPU time too). Figures and where the time goes are in
docs/design.md ("MCTS").
"""

from __future__ import annotations

from typing import Any

import pytest

import safari_ai

SIMULATIONS = 200_000


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("game", ["turtles", "zebras"])
def test_mcts_simulations(benchmark: Any, game: str, threads: int) -> None:
    if game not in safari_ai.game_names():
        pytest.skip(f"no {game} in the C core")
    pos = safari_ai.Position.new(game)
    report = benchmark.pedantic(
        safari_ai.analyse,
        args=(pos,),
        kwargs={"nodes": SIMULATIONS, "seed": 1, "algo": "mcts", "threads": threads},
        rounds=1,
        iterations=1,
    )
    rate = report.nodes / benchmark.stats.stats.min
    benchmark.extra_info["simulations_per_s"] = rate
    print(f"\n{game}, {threads} thread(s): {rate:,.0f} simulations/s")
