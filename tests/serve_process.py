"""``safari-ai serve`` as a real server process for the tests: started on a
free port from an empty directory (so the installed package is the one
imported), its URL read from the line it prints, stopped afterwards."""
from __future__ import annotations

import re
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


@contextmanager
def serving(cwd: Path, *options: str) -> Iterator[str]:
    """Runs ``python -m safari_ai serve --port 0 OPTIONS`` in ``cwd`` and
    yields its URL (``http://127.0.0.1:PORT/``), the moment it is printed."""
    proc = subprocess.Popen([sys.executable, "-m", "safari_ai", "serve", "--port", "0", *options],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd)
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        match = re.search(r"http://127\.0\.0\.1:\d+/", line)
        if not match:
            proc.kill()
            raise AssertionError(f"serve did not print its URL: {line!r} "
                                 f"{proc.stderr.read() if proc.stderr else ''}")
        yield match.group(0)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
