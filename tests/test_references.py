"""bench/references.py: frozen earlier builds of the engine (the build itself is slow)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "references.py"


def _run(*args: str, cache: Path) -> subprocess.CompletedProcess[str]:
    import os

    env = dict(os.environ, SAFARI_REFERENCES=str(cache))
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, env=env, timeout=900
    )


def _has_history() -> bool:
    done = subprocess.run(
        ["git", "-C", str(SCRIPT.parent), "rev-parse", "HEAD"], capture_output=True, text=True
    )
    return done.returncode == 0


needs_git = pytest.mark.skipif(not _has_history(), reason="not a git checkout")


@needs_git
def test_unknown_and_unbuilt_references_fail_with_one_line(tmp_path: Path) -> None:
    bad = _run("path", "no-such-commit", cache=tmp_path)
    assert bad.returncode != 0 and "'no-such-commit' is not a commit" in bad.stderr
    assert "Traceback" not in bad.stderr
    unbuilt = _run("path", "HEAD", cache=tmp_path)
    assert unbuilt.returncode != 0 and "is not built" in unbuilt.stderr
    assert "references.py build HEAD" in unbuilt.stderr
    listed = _run("list", cache=tmp_path)
    assert listed.returncode == 0 and listed.stdout == ""


@needs_git
@pytest.mark.slow
def test_a_reference_builds_once_and_plays_through_the_protocol(tmp_path: Path) -> None:
    built = _run("build", "HEAD", cache=tmp_path)
    assert built.returncode == 0, built.stderr
    name, commit, program, word = built.stdout.split()
    assert (name, word) == ("HEAD", "engine") and len(commit) == 40
    assert _run("path", "HEAD", cache=tmp_path).stdout.strip() == program
    info = json.loads((Path(program).parents[1] / "safari-reference.json").read_text())
    assert info["commit"] == commit
    again = _run("build", "HEAD", cache=tmp_path)  # built already: nothing to do
    assert again.returncode == 0 and again.stdout == built.stdout
    answer = subprocess.run(
        [program, "engine"], input="safari\nquit\n", capture_output=True, text=True, timeout=60
    )
    assert "id name safari_ai" in answer.stdout and "safariok" in answer.stdout
    from safari_ai.match import engine_build, parse_spec

    build = engine_build(parse_spec(f"cmd={program} engine"))
    assert build["commit"] == commit and build["id_name"].startswith("safari_ai ")
