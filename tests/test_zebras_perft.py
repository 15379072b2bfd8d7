"""Perft of the C engine against the counts in tests/data/perft/zebras.perft.

The counts were computed by the pure-Python reference (tests/reference/zebras.py),
never by the C under test: the start and example 3 of the rule book (§8, both
``croc_chain`` values), three mid-game positions from seeded random playouts (one also
with ``croc_chain: false``) and an end-game position whose branches all end at depth 3.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import safari_ai

DATA = Path(__file__).parent / "data" / "perft" / "zebras.perft"


def read_cases() -> list[tuple[str, dict, list[tuple[int, int]]]]:
    cases: list[tuple[str, dict, list[tuple[int, int]]]] = []
    for line in DATA.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
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
    assert len(CASES) == 9
    assert sum(len(counts) for _, _, counts in CASES) == 28


@pytest.mark.parametrize("name, position, counts", CASES, ids=[c[0] for c in CASES])
def test_perft(name, position, counts):
    pos = safari_ai.Position.from_json(position)
    assert pos.to_json() == position  # stored canonical
    for depth, count in counts:
        assert pos.perft(depth) == count, (name, depth)
