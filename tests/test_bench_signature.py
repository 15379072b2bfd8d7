"""The bench signature (``safari-ai bench``) is deterministic and recorded.

A change to the search or the rules that changes the node count must update
bench/signature.txt deliberately (and say ``Bench: N`` in its commit message).
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from safari_ai.bench import run_bench
from safari_ai.cli import main

SIGNATURE = Path(__file__).resolve().parents[1] / "bench" / "signature.txt"


def test_bench_is_deterministic_and_matches_the_signature() -> None:
    first, second = run_bench(), run_bench()
    assert first.nodes == second.nodes
    assert first.total == int(SIGNATURE.read_text().split()[0])


def test_bench_command_prints_counts_and_total() -> None:
    result = CliRunner().invoke(main, ["bench"])
    lines = result.stdout.splitlines()
    assert result.exit_code == 0 and lines[-1] == f"nodes {run_bench().total}"
    assert all(len(line.split()) == 2 for line in lines)
