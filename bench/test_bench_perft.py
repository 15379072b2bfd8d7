"""Perft speed of the C core against the Python reference, on the same positions.

    pytest bench/test_bench_perft.py --benchmark-enable

Each benchmark stores its leaves per second in ``extra_info["leaves_per_s"]``
(shown with ``--benchmark-columns=...`` or in ``--benchmark-json``) and prints a
summary line with the C/reference ratio.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

import safari_ai

CASES = [  # (game, rules, depth for C, depth for the reference)
    ("turtles", {}, 5, 4),
    ("turtles", {"hatching": True}, 4, 3),
    ("zebras", {}, 4, 3),
]
RATES: dict[tuple[str, str], dict[str, float]] = {}


def _ids(case: tuple[str, dict[str, Any], int, int]) -> str:
    game, rules, _, _ = case
    return game + "".join(f"-{k}" for k in rules)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_perft_c(benchmark: Any, case: tuple[str, dict[str, Any], int, int]) -> None:
    game, rules, depth, _ = case
    if game not in safari_ai.game_names():
        pytest.skip(f"no {game} in the C core")
    pos = safari_ai.Position.new(game, rules)
    leaves = benchmark.pedantic(pos.perft, args=(depth,), rounds=3, iterations=1)
    rate = leaves / benchmark.stats.stats.min
    benchmark.extra_info["leaves_per_s"] = rate
    RATES.setdefault((game, _ids(case)), {})["c"] = rate


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_perft_reference(benchmark: Any, case: tuple[str, dict[str, Any], int, int]) -> None:
    game, rules, _, depth = case
    try:
        ref = importlib.import_module(f"reference.{game}")
    except ModuleNotFoundError:
        pytest.skip(f"no reference for {game}")
    pos = ref.new_position(rules)
    leaves = benchmark.pedantic(ref.perft, args=(pos, depth), rounds=1, iterations=1)
    rate = leaves / benchmark.stats.stats.min
    benchmark.extra_info["leaves_per_s"] = rate
    RATES.setdefault((game, _ids(case)), {})["reference"] = rate


def teardown_module() -> None:
    for (_, name), rates in RATES.items():
        if "c" in rates and "reference" in rates:
            print(
                f"\n{name}: C {rates['c']:,.0f} leaves/s, reference "
                f"{rates['reference']:,.0f} leaves/s, ratio {rates['c'] / rates['reference']:,.0f}x"
            )
