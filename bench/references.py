"""Frozen reference engines: earlier commits of this repository, each built into
its own virtual environment, so that any later build can be matched against
them as a protocol engine with one command.

    python bench/references.py build b5c0d0a dd0a4ba   # builds what is missing
    python bench/references.py list                    # what is built
    python bench/references.py path dd0a4ba            # its safari-ai program

``build`` prints one line a reference, ``NAME COMMIT PROGRAM engine``: the
command line of its protocol engine (docs/protocol.md). A match against it,
both players behind the protocol (docs/strength.md):

    safari-ai match ostrich --rules players=2 \\
      -a "name=new,cmd=.venv/bin/safari-ai engine" \\
      -b "name=dd0a4ba,cmd=$(python bench/references.py path dd0a4ba) engine" \\
      --movetime 50 --games 400 --workers 1 --records DIR --resume

A reference is the commit's tree exported with ``git archive`` (no work tree, no
checkout of anything else) into ``CACHE/COMMIT/src``, and installed with pip into
``CACHE/COMMIT/venv``; ``CACHE`` is ``$SAFARI_REFERENCES`` or
``~/.cache/safari-ai/references``. The environment holds
``safari-reference.json`` (the commit), which ``safari-ai match`` reads into its
``match-runs.jsonl`` as that engine's build. A reference once built is never rebuilt
(a commit does not change); delete its directory to build it again. CI needs
none: tests/test_references.py builds one only under ``-m slow``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

REFERENCE_FILE = "safari-reference.json"
"""The file in a reference's environment that names its commit (safari_ai.match reads it)."""

HERE = Path(__file__).resolve().parent


def cache_dir() -> Path:
    """Where references are built: ``$SAFARI_REFERENCES`` or ``~/.cache/safari-ai/references``."""
    env = os.environ.get("SAFARI_REFERENCES")
    return Path(env) if env else Path.home() / ".cache" / "safari-ai" / "references"


def resolve(rev: str, repo: Path = HERE.parent) -> str:
    """The full commit a revision names in ``repo``; SystemExit naming it when none."""
    done = subprocess.run(
        ["git", "-C", str(repo), "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise SystemExit(f"references: {rev!r} is not a commit of {repo}")
    return done.stdout.strip()


def program(commit: str) -> Path:
    """The ``safari-ai`` program of a reference's environment."""
    return cache_dir() / commit / "venv" / "bin" / "safari-ai"


def built(commit: str) -> bool:
    """The reference was built completely (its reference file is written last)."""
    return (cache_dir() / commit / "venv" / REFERENCE_FILE).is_file()


def build(rev: str, repo: Path = HERE.parent, quiet: bool = True) -> Path:
    """Builds the reference ``rev`` unless built; returns its ``safari-ai`` program."""
    commit = resolve(rev, repo)
    if built(commit):
        return program(commit)
    root = cache_dir() / commit
    if root.exists():
        shutil.rmtree(root)  # an earlier build that did not finish
    src = root / "src"
    src.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(repo), "archive", "--format=tar", commit], capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(src)], input=archive.stdout, check=True)
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install"] + (["-q"] if quiet else [])
    subprocess.run(pip + [str(src)], check=True)
    (venv / REFERENCE_FILE).write_text(
        json.dumps(
            {
                "name": rev,
                "commit": commit,
                "built": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            },
            indent=1,
        )
        + "\n",
        encoding="utf-8",
    )
    return program(commit)


def references() -> list[dict[str, str]]:
    """The references built in the cache: their reference files."""
    out = []
    root = cache_dir()
    for directory in sorted(root.iterdir()) if root.is_dir() else []:
        info = directory / "venv" / REFERENCE_FILE
        if info.is_file():
            out.append(json.loads(info.read_text(encoding="utf-8")))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build references (those missing) and print their engines")
    b.add_argument("revs", nargs="+", metavar="REV")
    b.add_argument("--verbose", action="store_true", help="pip's output too")
    p = sub.add_parser("path", help="print a built reference's safari-ai program")
    p.add_argument("rev", metavar="REV")
    sub.add_parser("list", help="list the built references")
    args = parser.parse_args(argv)
    if args.command == "build":
        for rev in args.revs:
            path = build(rev, quiet=not args.verbose)
            print(f"{rev} {resolve(rev)} {path} engine", flush=True)
    elif args.command == "path":
        commit = resolve(args.rev)
        if not built(commit):
            raise SystemExit(
                f"references: {args.rev} is not built: python bench/references.py build {args.rev}"
            )
        print(program(commit))
    else:
        for info in references():
            print(f"{info['name']} {info['commit']} {program(info['commit'])} engine")
    return 0


if __name__ == "__main__":
    sys.exit(main())
