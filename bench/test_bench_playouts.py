"""Random-playout speed of each game in C and in the Python reference.

    pytest bench/test_bench_playouts.py --benchmark-enable -s

Plies per second go to ``extra_info["plies_per_s"]``; the last lines printed
give the C/reference ratio per game.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from playout import pick_move, pick_outcome, rng_for

import safari_ai

GAMES = ["turtles", "zebras", "ostrich", "arena"]
C_GAMES = {"turtles": 2000, "zebras": 2000, "ostrich": 200, "arena": 200}
REFERENCE_GAMES = {"turtles": 100, "zebras": 100, "ostrich": 10, "arena": 10}
RATES: dict[str, dict[str, float]] = {}


@pytest.mark.parametrize("game", GAMES)
def test_playouts_c(benchmark: Any, game: str) -> None:
    if game not in safari_ai.game_names():
        pytest.skip(f"no {game} in the C core")
    pos = safari_ai.Position.new(game)
    plies = benchmark.pedantic(pos.random_playouts, args=(C_GAMES[game], 1), rounds=3, iterations=1)
    rate = plies / benchmark.stats.stats.min
    benchmark.extra_info["plies_per_s"] = rate
    RATES.setdefault(game, {})["c"] = rate


def reference_playouts(ref: Any, games: int) -> int:
    plies = 0
    for i in range(games):
        rng = rng_for("bench", i)
        pos = ref.new_position({})
        while (who := ref.to_move(pos)) != "terminal":
            move = (
                pick_outcome(rng, ref.chance_outcomes(pos))
                if who == "chance"
                else pick_move(rng, ref.legal_moves(pos))
            )
            pos = ref.apply(pos, move)
            plies += 1
    return plies


@pytest.mark.parametrize("game", GAMES)
def test_playouts_reference(benchmark: Any, game: str) -> None:
    try:
        ref = importlib.import_module(f"reference.{game}")
    except ModuleNotFoundError:
        pytest.skip(f"no reference for {game}")
    plies = benchmark.pedantic(
        reference_playouts, args=(ref, REFERENCE_GAMES[game]), rounds=1, iterations=1
    )
    rate = plies / benchmark.stats.stats.min
    benchmark.extra_info["plies_per_s"] = rate
    RATES.setdefault(game, {})["reference"] = rate


def teardown_module() -> None:
    for game, rates in RATES.items():
        if "c" in rates and "reference" in rates:
            print(
                f"\n{game} playouts: C {rates['c']:,.0f} plies/s, reference "
                f"{rates['reference']:,.0f} plies/s, ratio {rates['c'] / rates['reference']:,.0f}x"
            )
