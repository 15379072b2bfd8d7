"""Reads tests/data/perft/<game>.perft (python-chess's three-keyword format:
``id``, ``position`` with one-line JSON, then ``perft DEPTH COUNT`` lines)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data" / "perft"


@dataclass
class PerftCase:
    label: str
    position: dict[str, Any]
    counts: dict[int, int] = field(default_factory=dict)


def load_cases(game: str) -> list[PerftCase]:
    """Every case of the game's perft file, in file order ([] if none)."""
    path = DATA / f"{game}.perft"
    if not path.exists():
        return []
    cases: list[PerftCase] = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        keyword, _, rest = raw.partition(" ")
        if keyword == "id":
            cases.append(PerftCase(rest, {}))
        elif keyword == "position":
            cases[-1].position = json.loads(rest)
        elif keyword == "perft":
            depth, count = rest.split()
            cases[-1].counts[int(depth)] = int(count)
    return cases
