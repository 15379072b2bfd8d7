"""bench/duplicate_divergence.py: where the two games of a duplicate deal part."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import bench_script
import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "duplicate_divergence.py"


divergence = bench_script.load("duplicate_divergence")


def _record(a_seat: int, moves: list[str], result: list[int]) -> dict[str, Any]:
    roles = ["A", "B"] if a_seat == 0 else ["B", "A"]
    return {
        "players": [{"seat": seat, "role": role} for seat, role in enumerate(roles)],
        "moves": [{"move": move} for move in moves],
        "result": result,
    }


def _write(directory: Path, deal: int, game: str, record: dict[str, Any]) -> None:
    (directory / f"arena-{deal:04d}-{game}.json").write_text(json.dumps(record))


def test_first_difference() -> None:
    assert divergence.first_difference(["x", "y"], ["x", "y"]) is None
    assert divergence.first_difference(["x", "y"], ["x", "z"]) == 1
    assert divergence.first_difference(["x"], ["x", "z"]) == 1


def test_deals_counted_by_first_difference_and_points(tmp_path: Path) -> None:
    # Deal 1: played alike, seat 0 wins both games: A's points 1.
    _write(tmp_path, 1, "a", _record(0, ["init:0", "move:c5"], [1, -1]))
    _write(tmp_path, 1, "b", _record(1, ["init:0", "move:c5"], [1, -1]))
    # Deal 2: the players part at ply 1 (a move), A wins both seats: 2.
    _write(tmp_path, 2, "a", _record(0, ["init:1", "move:c5", "wounds:1"], [1, -1]))
    _write(tmp_path, 2, "b", _record(1, ["init:1", "move:b6"], [-1, 1]))
    # Deal 3: they part at an allocation; A loses one game, draws the other.
    _write(tmp_path, 3, "a", _record(0, ["init:0", "lose:0-1-0"], [-1, 1]))
    _write(tmp_path, 3, "b", _record(1, ["init:0", "lose:1-0-0"], [0, 0]))
    # Deal 4 is incomplete and not counted.
    _write(tmp_path, 4, "a", _record(0, ["init:0"], [1, -1]))

    deals = divergence.read_deals(str(tmp_path))
    assert [(d.first_difference, d.kind, d.a_points) for d in deals] == [
        (None, "alike", 1.0),
        (1, "move", 2.0),
        (1, "lose", 0.5),
    ]
    text = divergence.summary(deals)
    assert "3 complete deals; the players chose differently in 2 (67 %)" in text
    assert "turned to A: 1, to B: 1; split 1 : 1: 1" in text


def test_a_race_of_more_players_is_refused(tmp_path: Path) -> None:
    record = _record(0, ["roll"], [3, 1])
    record["result"] = [3, 1, 2]
    _write(tmp_path, 1, "a", record)
    with pytest.raises(ValueError, match="3 players"):
        divergence.read_deals(str(tmp_path))


def test_on_a_real_duplicate_match(tmp_path: Path) -> None:
    """A match of greedy against random on duplicate dice: the script reads
    its records, and a deal played alike is always split 1 : 1."""
    records = tmp_path / "records"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "safari_ai",
            "match",
            "arena",
            "-a",
            "algo=greedy",
            "-b",
            "algo=random",
        ]
        + [
            "--games",
            "6",
            "--duplicate",
            "--seed",
            "3",
            "--workers",
            "1",
            "--records",
            str(records),
        ],
        check=True,
        capture_output=True,
        cwd=tmp_path,
    )
    deals = divergence.read_deals(str(records))
    assert len(deals) == 3
    for deal in deals:
        if deal.first_difference is None:
            assert deal.a_points == 1.0
    output = subprocess.run(
        [sys.executable, str(SCRIPT), str(records)], check=True, capture_output=True, text=True
    ).stdout
    assert "3 complete deals" in output
