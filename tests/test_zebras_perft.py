"""zebras perft off the rule book's examples: tests/data/perft/zebras_midgame.perft.

Three mid-game positions from seeded random playouts (one also with
``croc_chain: false``) and an end-game whose branches all end at depth 3 (a terminal
position above the depth counts nothing). The counts were computed by the reference
(tests/reference/zebras.py), never by the C under test, and are recomputed from it
here. The rule book's own positions are in zebras.perft (tests/test_perft.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import reference_module

import safari_ai

DATA = Path(__file__).parent / "data" / "perft" / "zebras_midgame.perft"


def read_cases() -> list[tuple[str, dict, list[tuple[int, int]]]]:
    cases: list[tuple[str, dict, list[tuple[int, int]]]] = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        keyword, _, rest = line.partition(" ")
        if keyword == "id":
            cases.append((rest, {}, []))
        elif keyword == "position":
            cases[-1][1].update(json.loads(rest))
        elif keyword == "perft":
            depth, count = rest.split()
            cases[-1][2].append((int(depth), int(count)))
    return cases


CASES = read_cases()


def test_the_file_is_complete():
    assert len(CASES) == 5
    assert sum(len(counts) for _, _, counts in CASES) == 16


@pytest.mark.parametrize("name, position, counts", CASES, ids=[c[0] for c in CASES])
def test_engine_perft(name, position, counts):
    pos = safari_ai.Position.from_json(position)
    assert pos.to_json() == position  # stored canonical
    assert [(d, pos.perft(d)) for d, _ in counts] == counts


@pytest.mark.parametrize("name, position, counts", CASES, ids=[c[0] for c in CASES])
def test_reference_perft(name, position, counts):
    ref = reference_module("zebras")
    assert [(d, ref.perft(position, d)) for d, _ in counts] == counts
