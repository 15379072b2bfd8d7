"""Benchmarks (pytest-benchmark). Run: ``pytest bench --benchmark-enable``.

Speed is measured here and reported in notes, never asserted."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
