"""``safari-ai serve`` as a real server process for the tests: started on a
free port from an empty directory (so the installed package is the one
imported), its URL read from the line it prints, stopped afterwards; and
:func:`in_thread`, an application on a real uvicorn in a thread."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


@contextmanager
def serving(cwd: Path, *options: str) -> Iterator[str]:
    """Runs ``python -m safari_ai serve --port 0 OPTIONS`` in ``cwd`` and
    yields its URL (``http://127.0.0.1:PORT/``), the moment it is printed."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "safari_ai", "serve", "--port", "0", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
    )
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        match = re.search(r"http://127\.0\.0\.1:\d+/", line)
        if not match:
            proc.kill()
            raise AssertionError(
                f"serve did not print its URL: {line!r} {proc.stderr.read() if proc.stderr else ''}"
            )
        yield match.group(0)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextmanager
def in_thread(app: Any, **options: Any) -> Iterator[str]:
    """Serves ``app`` with uvicorn (``options``: more of ``uvicorn.Config``)
    on a free loopback port in a thread; yields ``127.0.0.1:PORT`` once it
    has started, and stops it afterwards."""
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", **options))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(500):
        if server.started:
            break
        time.sleep(0.02)
    try:
        yield f"127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(10)
