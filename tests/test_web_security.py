"""``safari-ai serve`` is shut to other web pages and holds its limits
(docs/web.md, "Who can use the server"; issue 32).

Origin, Host, Content-Type and token checks on every endpoint and on the
WebSocket handshake; no file of the server named over the WebSocket; every
engine search (a queued ``go`` too) holding a pool slot and stopped at the
operator's cap; caps read by the one strict integer parser and announced as
enforced; a client that leaves has its search stopped at once; slow clients
timed out, connections per address bounded, a client leaving mid-body logged
as one line. The browser as the attacker is in test_web_browser_origin.py.
"""

from __future__ import annotations

import json
import logging
import socket
import threading
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Optional

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install '.[web]')")
pytest.importorskip("httpx", reason="httpx is needed by Starlette's TestClient")

import httpx

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

import safari_ai
from safari_ai.web.app import ServerConfig, create_app
from safari_ai.web.guard import guarded_h11

START = safari_ai.Position.new("turtles").to_json()
OWN = "http://127.0.0.1"


def local(config: ServerConfig | None = None, host: str = "127.0.0.1") -> TestClient:
    return TestClient(
        create_app(config or ServerConfig(max_movetime_ms=2000, workers=2)),
        base_url=f"http://{host}",
    )


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with local() as test_client:
        yield test_client


def socket_to(client: TestClient, path: str = "/api/engine", **headers: str) -> Any:
    return client.websocket_connect(path, headers={"host": "127.0.0.1", **headers})


def until(ws: Any, prefix: str, limit: int = 2000) -> list[str]:
    lines = []
    for _ in range(limit):
        lines.append(ws.receive_text())
        if lines[-1].startswith(prefix):
            return lines
    raise AssertionError(f"no {prefix!r} in {lines[-5:]}")


# -- who may use the server ------------------------------------------------------


@pytest.mark.parametrize(
    "origin",
    [
        "http://evil.example",
        "null",
        "https://attacker.test:4443",
        "http://127.0.0.1:9",
        "http://localhost",
    ],
)
def test_another_origin_is_refused_on_post_and_websocket(client: TestClient, origin: str) -> None:
    response = client.post("/api/moves", json={"position": START}, headers={"origin": origin})
    assert response.status_code == 403
    assert response.json()["field"] == "origin"
    assert origin in response.json()["error"]
    with pytest.raises(WebSocketDisconnect):
        with socket_to(client, origin=origin) as ws:
            ws.send_text("isready")
            ws.receive_text()


def test_the_own_origin_and_no_origin_are_served(client: TestClient) -> None:
    for headers in ({"origin": OWN}, {}):  # a browser page of the server; curl
        assert (
            client.post("/api/moves", json={"position": START}, headers=headers).status_code == 200
        )
        with socket_to(client, **headers) as ws:
            ws.send_text("isready")
            assert ws.receive_text() == "readyok"


def test_an_allowed_origin_is_served() -> None:
    gui = "https://gui.example:8443"
    with local(ServerConfig(allow_origins=(gui + "/",))) as allowed:
        assert (
            allowed.post(
                "/api/moves", json={"position": START}, headers={"origin": gui}
            ).status_code
            == 200
        )
        with socket_to(allowed, origin=gui) as ws:
            ws.send_text("isready")
            assert ws.receive_text() == "readyok"
        assert (
            allowed.post(
                "/api/moves", json={"position": START}, headers={"origin": "https://other.example"}
            ).status_code
            == 403
        )


@pytest.mark.parametrize(
    "kind",
    [
        "text/plain",
        "text/plain;charset=UTF-8",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        None,
    ],
)
def test_bodies_a_page_sends_without_preflight_are_415(
    client: TestClient, kind: str | None
) -> None:
    headers = {} if kind is None else {"content-type": kind}
    response = client.post("/api/analyse", content=json.dumps({"position": START}), headers=headers)
    assert response.status_code == 415
    assert response.json()["field"] == "content-type"


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "rebind.attacker.test"])
def test_a_host_the_server_does_not_answer_to_is_refused(host: str) -> None:
    """DNS rebinding: a page whose name now points at 127.0.0.1 is same-origin
    with itself, but its requests carry its own name as Host."""
    with local(host=host) as rebound:
        response = rebound.post("/api/moves", json={"position": START})
        assert response.status_code == 403 and response.json()["field"] == "host"
        assert rebound.get("/api/games").status_code == 403
        assert rebound.get("/").status_code == 403


@pytest.mark.parametrize("host", ["localhost:8000", "127.0.0.1", "[::1]:8000", "192.168.1.20"])
def test_loopback_names_and_addresses_are_served(host: str) -> None:
    with local(host=host) as named:
        assert named.get("/api/games").status_code == 200
    with local(ServerConfig(allow_hosts=("safari.lan",)), host="safari.lan") as listed:
        assert listed.get("/api/games").status_code == 200


def test_a_token_is_needed_when_set() -> None:
    with local(ServerConfig(token="s3cret")) as guarded:
        assert guarded.get("/").status_code == 200  # the page itself is public
        refused = guarded.post("/api/moves", json={"position": START})
        assert refused.status_code == 401 and refused.json()["field"] == "token"
        assert guarded.get("/api/games").status_code == 401
        assert (
            guarded.post(
                "/api/moves", json={"position": START}, headers={"x-safari-token": "wrong"}
            ).status_code
            == 401
        )
        assert (
            guarded.post(
                "/api/moves", json={"position": START}, headers={"x-safari-token": "s3cret"}
            ).status_code
            == 200
        )
        assert guarded.get("/api/games?token=s3cret").status_code == 200
        assert (
            guarded.get("/api/games", headers={"authorization": "Bearer s3cret"}).status_code == 200
        )
        with pytest.raises(WebSocketDisconnect):
            with socket_to(guarded) as ws:
                ws.receive_text()
        with socket_to(guarded, "/api/engine?token=s3cret") as ws:
            ws.send_text("isready")
            assert ws.receive_text() == "readyok"


def test_serve_beyond_loopback_prints_a_token_and_says_so(tmp_path: Any) -> None:
    import subprocess
    import sys

    proc = subprocess.Popen(
        [sys.executable, "-m", "safari_ai", "serve", "--host", "0.0.0.0", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    try:
        assert proc.stdout is not None
        first, second = proc.stdout.readline(), proc.stdout.readline()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    assert "safari-ai serving http://0.0.0.0:" in first and "/?token=" in first, first
    assert "every API request needs the token" in second, second
    token = first.split("token=")[1].split()[0]
    assert len(token) >= 24


# -- no file system through the network -------------------------------------------


@pytest.mark.parametrize(
    "path", ["/etc/passwd", "/proc/self/environ", "/dev/zero", "/dev/stdin", "/", "weights.json"]
)
def test_weights_files_are_not_read_over_the_websocket(client: TestClient, path: str) -> None:
    with socket_to(client) as ws:
        ws.send_text(f"setoption name Weights value {path}")
        answer = ws.receive_text()
        assert answer.startswith(
            "info string error: setoption: bad value for option Weights: this server reads no files"
        ), answer
        assert path not in answer.split("Weights:")[1] or path == "/"


def test_weights_are_sent_as_json_content(client: TestClient) -> None:
    flat = safari_ai.EvalWeights("turtles", (0, 0, 0, 0, 0, 37), 100.0)
    with socket_to(client) as ws:
        ws.send_text("position startpos turtles")
        ws.send_text("eval")
        default = ws.receive_text()
        ws.send_text(f"setoption name Weights value {json.dumps(flat.to_json())}")
        ws.send_text("eval")
        tuned = ws.receive_text()
        assert tuned != default
        assert tuned == f"eval cp {Position_eval(flat)} pov 0"
        for bad, says in (
            ("[" * 100_000, "Weights"),
            ('{"format": "safari-ai-weights", "format": 1}', "duplicate"),
            (json.dumps({**flat.to_json(), "fit": [1, 2]}), "fit"),
        ):
            ws.send_text(f"setoption name Weights value {bad}")
            answer = ws.receive_text()
            assert answer.startswith(
                "info string error: setoption: bad value for option Weights"
            ), answer[:200]
            assert says in answer and "\n" not in answer and len(answer) < 400


def Position_eval(weights: safari_ai.EvalWeights) -> int:
    return safari_ai.Position.new("turtles").with_weights(weights).evaluate(0)


# -- caps: parsed once, announced as enforced --------------------------------------


def test_handshake_announces_the_caps_it_enforces(client: TestClient) -> None:
    with socket_to(client) as ws:
        ws.send_text("safari")
        lines = until(ws, "safariok")
        assert "option name Threads type spin default 1 min 1 max 1" in lines
        assert "option name Hash type spin default 16 min 1 max 256" in lines
        for value in ("+8", "0_8", "1_024", "٣", "1" * 41, "1e3", "0x10", "-0_1"):
            for name in ("Threads", "Hash"):
                ws.send_text(f"setoption name {name} value {value}")
                answer = ws.receive_text()
                assert answer.startswith("info string error: setoption: bad value"), (
                    name,
                    value,
                    answer,
                )
        ws.send_text("setoption name Hash value 256")
        ws.send_text("setoption name Threads value 1")
        ws.send_text("isready")
        assert ws.receive_text() == "readyok"  # the caps themselves are accepted


# -- every search holds a slot and obeys the cap ----------------------------------


def test_a_queued_go_takes_a_slot_and_stops_at_the_cap() -> None:
    """N3: a ``go`` sent while the engine searches waits behind it; it too
    needs a slot of the pool and ends at --max-movetime."""
    config = ServerConfig(max_movetime_ms=600, workers=1)
    with local(config) as one_slot:
        slots = one_slot.app.state.server.slots
        with socket_to(one_slot) as first, socket_to(one_slot) as second:
            first.send_text("position startpos turtles")
            first.send_text("go infinite")
            first.send_text("go infinite")  # queued behind the first
            second.send_text("position startpos turtles")
            started = time.perf_counter()
            until(first, "bestmove")
            second.send_text("go depth 1")
            until(first, "bestmove")  # the queued one, at the cap too
            took = time.perf_counter() - started
            until(second, "bestmove")
            waited = time.perf_counter() - started
        # two capped searches one after the other, then the other client's
        assert 1.0 < took < 6, took
        assert waited >= took
        for _ in range(100):
            if slots._value == 1:
                break
            time.sleep(0.01)
        assert slots._value == 1


def test_searches_never_exceed_the_pool() -> None:
    """Four connections with a search each and one queued: never more than
    the pool's two slots taken (the gauge: searches running at once)."""
    config = ServerConfig(max_movetime_ms=400, workers=2)
    with local(config) as pool:
        server = pool.app.state.server
        seen = []
        done = threading.Event()

        def watch() -> None:
            while not done.is_set():
                seen.append(server.slots._value)
                time.sleep(0.005)

        watcher = threading.Thread(target=watch)
        watcher.start()
        sockets = [socket_to(pool).__enter__() for _ in range(4)]
        try:
            for ws in sockets:
                ws.send_text("position startpos zebras")
                ws.send_text("go infinite")
                ws.send_text("go movetime 100000")
            for ws in sockets:
                until(ws, "bestmove")
                until(ws, "bestmove")
        finally:
            done.set()
            watcher.join()
            for ws in sockets:
                ws.__exit__(None, None, None)
        assert min(seen) >= 0 and 0 in seen  # the pool was full, never overdrawn


# -- a real server: clients that leave, slow clients ------------------------------


@contextmanager
def live(config: ServerConfig, http: Any = "auto") -> Iterator[tuple[str, Any]]:
    from serve_process import in_thread

    app = create_app(config)
    with in_thread(app, http=http, timeout_keep_alive=5) as address:
        yield address, app


def post_head(path: str, host: str, length: int) -> bytes:
    return (
        f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {length}\r\n\r\n"
    ).encode()


def wait_for_slots(app: Any, free: int, limit_s: float) -> float | None:
    started = time.perf_counter()
    while time.perf_counter() - started < limit_s:
        if app.state.server.slots._value == free:
            return time.perf_counter() - started
        time.sleep(0.002)
    return None


def test_an_abandoned_analysis_is_stopped_and_frees_its_slot() -> None:
    """N9: a plain (not streamed) analysis whose client leaves stops at once."""
    with live(ServerConfig(max_movetime_ms=20000, workers=1)) as (address, app):
        host, port = address.split(":")
        body = json.dumps({"position": START, "limits": {"movetime": 20000}}).encode()
        conn = socket.create_connection((host, int(port)))
        conn.sendall(post_head("/api/analyse", address, len(body)) + body)
        assert wait_for_slots(app, 0, 5) is not None  # the search runs
        conn.close()
        freed = wait_for_slots(app, 1, 5)
        assert freed is not None and freed < 1.0, freed  # measured: a few ms
        answer = httpx.post(
            f"http://{address}/api/analyse",
            timeout=10,
            json={"position": START, "limits": {"nodes": 1}},
        )
        assert answer.status_code == 200


def test_a_closed_websocket_frees_its_slot_at_once() -> None:
    import websockets.sync.client as ws_client

    with live(ServerConfig(max_movetime_ms=20000, workers=1)) as (address, app):
        with ws_client.connect(f"ws://{address}/api/engine") as ws:
            ws.send("position startpos turtles")
            ws.send("go infinite")
            assert wait_for_slots(app, 0, 5) is not None
        freed = wait_for_slots(app, 1, 5)
        assert freed is not None and freed < 1.0, freed


@pytest.mark.parametrize("limits", [{"max_connections": 1}, {"connections_per_client": 1}])
def test_websockets_over_the_limit_are_closed_with_1013(limits: dict[str, int]) -> None:
    """On a real server (a refused handshake would be HTTP 403, without a code)."""
    import websockets.exceptions
    import websockets.sync.client as ws_client

    with live(ServerConfig(**limits)) as (address, app):
        with ws_client.connect(f"ws://{address}/api/engine") as first:
            first.send("isready")
            assert first.recv(timeout=10) == "readyok"
            with ws_client.connect(f"ws://{address}/api/engine") as second:
                with pytest.raises(websockets.exceptions.ConnectionClosed) as closed:
                    second.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
            assert closed.value.rcvd.reason == "too many engine connections"
        for _ in range(100):  # free again once the server has seen the first close
            with ws_client.connect(f"ws://{address}/api/engine") as again:
                again.send("isready")
                try:
                    assert again.recv(timeout=10) == "readyok"
                    break
                except websockets.exceptions.ConnectionClosed:
                    time.sleep(0.05)
        else:
            raise AssertionError("no connection accepted after the first closed")


def test_slow_clients_are_timed_out_and_bounded_per_address(
    caplog: pytest.LogCaptureFixture,
) -> None:
    config = ServerConfig(connections_per_client=4)
    with live(config, http=guarded_h11(read_timeout=0.5, per_client=4)) as (address, app):
        host, port = address.split(":")
        partial_head = socket.create_connection((host, int(port)))
        partial_head.sendall(b"POST /api/moves HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        partial_body = socket.create_connection((host, int(port)))
        partial_body.sendall(post_head("/api/moves", address, 1000) + b'{"position": ')
        with caplog.at_level(logging.WARNING, logger="safari_ai.web"):
            for conn in (partial_head, partial_body):
                conn.settimeout(5)
                started = time.perf_counter()
                assert conn.recv(100) == b""  # closed by the server
                assert time.perf_counter() - started < 3
                conn.close()
            held = [socket.create_connection((host, int(port))) for _ in range(4)]
            extra = socket.create_connection((host, int(port)))
            extra.settimeout(5)
            assert extra.recv(100) == b""  # the fifth from this address is closed
            for conn in held + [extra]:
                conn.close()
        messages = [r.getMessage() for r in caplog.records]
        assert any("no whole request within 0.5 s" in m for m in messages), messages
        assert any("more than 4 open" in m for m in messages), messages
        assert not any(r.exc_info for r in caplog.records)
        # a whole request is answered as ever
        assert httpx.get(f"http://{address}/api/games", timeout=10).status_code == 200


def test_a_client_leaving_mid_body_is_one_plain_line(caplog: pytest.LogCaptureFixture) -> None:
    with live(ServerConfig()) as (address, app):
        host, port = address.split(":")
        with caplog.at_level(logging.INFO):
            conn = socket.create_connection((host, int(port)))
            conn.sendall(post_head("/api/moves", address, 1000) + b'{"position": ')
            time.sleep(0.3)
            conn.close()
            for _ in range(200):
                if any("left before its request body" in r.getMessage() for r in caplog.records):
                    break
                time.sleep(0.01)
        lines = [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert [r.getMessage() for r in lines if "left before" in r.getMessage()], [
            r.getMessage() for r in lines
        ]
        assert not any(r.exc_info for r in lines)
        assert not any("internal error" in r.getMessage() for r in lines)


@pytest.mark.slow
def test_many_slow_clients_are_all_closed_and_the_server_answers() -> None:
    """N10 as a load: 200 partial headers and 200 partial bodies from
    loopback (bounded; the thorough checks run it): all closed by the
    deadline, and the server answers meanwhile."""
    with live(ServerConfig(), http=guarded_h11(read_timeout=1.0, per_client=1000)) as (
        address,
        app,
    ):
        host, port = address.split(":")
        conns = []
        for i in range(400):
            conn = socket.create_connection((host, int(port)))
            conn.sendall(
                b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                if i % 2
                else post_head("/api/moves", address, 1000) + b"{"
            )
            conns.append(conn)
        assert httpx.get(f"http://{address}/api/games", timeout=10).status_code == 200
        started = time.perf_counter()
        for conn in conns:
            conn.settimeout(10)
            assert conn.recv(100) == b""
            conn.close()
        assert time.perf_counter() - started < 10
