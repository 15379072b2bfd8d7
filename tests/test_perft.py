"""Perft of the C core against counts computed by the reference.

The deep counts in tests/data/perft/ were made by tests/make_perft_data.py from
the reference implementation; shallow ones are recomputed from the reference
here, so the data file cannot drift from it.
"""

from __future__ import annotations

import pytest
from conftest import reference_module
from perft_data import PerftCase, load_cases

import safari_ai

GAMES = list(safari_ai.game_names())  # every registered game, in the registry's order
LIVE_DEPTH = 2  # depths recomputed from the reference during the test run


def _cases() -> list[object]:
    params = []
    for game in GAMES:
        for case in load_cases(game):
            params.append(pytest.param(game, case, id=f"{game}-{case.label}"))
    return params


@pytest.mark.parametrize(("game", "case"), _cases())
def test_engine_perft_matches_reference_counts(game: str, case: PerftCase) -> None:
    if game not in safari_ai.game_names():
        pytest.skip(f"the C core has no {game} yet")
    pos = safari_ai.Position.from_json(case.position)
    engine = {depth: pos.perft(depth) for depth in case.counts}
    assert engine == case.counts


@pytest.mark.parametrize(("game", "case"), _cases())
def test_perft_data_agrees_with_reference(game: str, case: PerftCase) -> None:
    ref = reference_module(game)
    for depth in (d for d in case.counts if d <= LIVE_DEPTH):
        assert ref.perft(case.position, depth) == case.counts[depth], depth


@pytest.mark.parametrize("game", ["turtles"])
def test_perft_files_are_complete(game: str) -> None:
    """Every variant's start position is there, at depths 1 to 4 (Weiss's count check)."""
    cases = load_cases(game)
    starts = [case for case in cases if case.label.startswith("start-")]
    assert len(starts) >= len(reference_module(game).VARIANTS)
    assert all(sorted(case.counts) == [1, 2, 3, 4] for case in cases)
