"""ruff's lint over the repository (issue 29 point 5): the rules of pyproject.toml's
[tool.ruff.lint], the same as `make lint` and CI. A `noqa` that silences nothing is an
error too (RUF100). The formatters (`ruff format`, clang-format) are checked by
`make format-check` in CI, not here."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_check_finds_nothing() -> None:
    if importlib.util.find_spec("ruff") is None:
        pytest.skip("ruff is not installed (it is in the test extra: pip install '.[test]')")
    run = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
