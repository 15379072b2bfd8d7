"""How fast ``safari-ai serve`` frees the search slot of a client that leaves
(issue 32, N9; figures for docs/web.md).

    python bench/web_leave.py [--rounds 20]

A real uvicorn server in this process (one slot, a 20 s cap). Each round a
client starts a 20 s search and goes away: a plain ``POST /api/analyse``
whose connection is closed, and a WebSocket ``go infinite`` whose socket is
closed; the time from the close to the slot being free again is measured
(median and largest). Measured, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))

import websockets.sync.client as ws_client
from serve_process import in_thread

import safari_ai
from safari_ai.web.app import ServerConfig, create_app


def _until_free(app: object, free: int) -> float:
    slots = app.state.server.slots  # type: ignore[attr-defined]
    started = time.perf_counter()
    while slots._value != free:
        if time.perf_counter() - started > 30:
            raise SystemExit("the slot was not freed within 30 s")
        time.sleep(0.0005)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    app = create_app(ServerConfig(max_movetime_ms=20000, workers=1))
    start = safari_ai.Position.new("turtles").to_json()
    body = json.dumps({"position": start, "limits": {"movetime": 20000}}).encode()
    plain, socket_closed = [], []
    with in_thread(app) as address:
        host, port = address.split(":")
        for _ in range(args.rounds):
            conn = socket.create_connection((host, int(port)))
            conn.sendall(
                f"POST /api/analyse HTTP/1.1\r\nHost: {address}\r\nContent-Type: "
                f"application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode()
                + body
            )
            _until_free(app, 0)
            time.sleep(0.1)
            conn.close()
            plain.append(_until_free(app, 1))
            with ws_client.connect(f"ws://{address}/api/engine") as ws:
                ws.send("position startpos turtles")
                ws.send("go infinite")
                _until_free(app, 0)
                time.sleep(0.1)
            socket_closed.append(_until_free(app, 1))
    for name, times in (
        ("plain /api/analyse, connection closed", plain),
        ("WebSocket go infinite, socket closed", socket_closed),
    ):
        print(
            f"{name}: slot free after median {statistics.median(times) * 1000:.1f} ms, "
            f"largest {max(times) * 1000:.1f} ms ({len(times)} rounds)"
        )


if __name__ == "__main__":
    main()
