"""Chance-outcome generation of the dice games, in C and in the reference.

    pytest bench/test_bench_chance.py --benchmark-enable -s

The positions: the first roll of an ostrich race (1,512 outcomes) and an
arena Primus attack. The C side is timed through the API's spelled, sorted
list (``moves_text``: generation, spelling and sorting, without the Python
cache of ``chance_outcomes()``); ``csrc/build/sa_cli chance FILE N`` times the
bare C generator. The reference keeps the ostrich roll's outcome list from
import time, so its call is a list copy; the from-scratch build of that list is
timed separately.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from playout import pick_move, pick_outcome, rng_for

import safari_ai


def first_big_chance(game: str, rules: dict[str, Any], at_least: int) -> safari_ai.Position:
    rng = rng_for("bench-chance", game)
    pos = safari_ai.Position.new(game, rules)
    while not (pos.is_chance() and len(pos.chance_outcomes()) >= at_least):
        pos = pos.apply(
            pick_outcome(rng, pos.chance_outcomes())
            if pos.is_chance()
            else pick_move(rng, pos.legal_moves())
        )
    return pos


CASES = [("ostrich", {}, 1000), ("arena", {"format": "primus"}, 4)]


@pytest.mark.parametrize(("game", "rules", "at_least"), CASES, ids=[c[0] for c in CASES])
def test_chance_outcomes_c(benchmark: Any, game: str, rules: dict[str, Any], at_least: int) -> None:
    pos = first_big_chance(game, rules, at_least)
    text = benchmark(pos._c.moves_text)
    print(
        f"\n{game}: {len(text.split())} outcomes, C via the API: "
        f"{1 / benchmark.stats.stats.mean:,.0f} calls/s"
    )


@pytest.mark.parametrize(("game", "rules", "at_least"), CASES, ids=[c[0] for c in CASES])
def test_chance_outcomes_reference(
    benchmark: Any, game: str, rules: dict[str, Any], at_least: int
) -> None:
    ref = importlib.import_module(f"reference.{game}")
    pos = ref.load(first_big_chance(game, rules, at_least).to_json())
    outcomes = benchmark(ref.chance_outcomes, pos)
    print(
        f"\n{game}: {len(outcomes)} outcomes, reference: "
        f"{1 / benchmark.stats.stats.mean:,.0f} calls/s"
    )


def test_ostrich_roll_from_scratch_reference(benchmark: Any) -> None:
    ref = importlib.import_module("reference.ostrich")

    def build() -> list[tuple[str, Any]]:
        return sorted((w + "/" + b, p / 6) for w, p in ref._multisets(5) for b in ref.FACES)

    outcomes = benchmark.pedantic(build, rounds=5, iterations=1)
    print(
        f"\nostrich roll built from scratch by the reference: {len(outcomes)} outcomes, "
        f"{1 / benchmark.stats.stats.mean:,.0f} calls/s"
    )
