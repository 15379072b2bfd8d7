"""``mypy --strict`` over the package (issue 16 point 6), with the repository's
configuration (``[tool.mypy]`` in pyproject.toml); ``safari_ai/_core.pyi``
types the compiled module. The cache goes to ``.mypy_cache`` at the
repository root: a first run takes some seconds, later ones about one.
"""

from __future__ import annotations

from pathlib import Path

import mypy.api

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "pyproject.toml"
CACHE = ROOT / ".mypy_cache"


def _mypy(*args: str) -> tuple[str, int]:
    stdout, stderr, status = mypy.api.run(
        ["--config-file", str(CONFIG), "--cache-dir", str(CACHE), *args]
    )
    return stdout + stderr, status


def test_the_package_type_checks_strictly(tmp_path: Path) -> None:
    """The configuration refuses an unannotated function (so it is strict),
    and the package passes it. One test, so that two xdist workers never
    share the cache at once."""
    sample = tmp_path / "sample.py"
    sample.write_text("def double(x):\n    return 2 * x\n")
    output, status = _mypy(str(sample))
    assert status == 1, output
    assert "missing a type annotation" in output

    output, status = _mypy(str(ROOT / "safari_ai"))
    assert status == 0, output
    assert "Success: no issues found" in output
