"""A page of another origin, in a real headless Chromium, cannot drive
``safari-ai serve`` (issue 32, N1/N5; docs/web.md, "Who can use the server").

The attacker's page is served from a second loopback port (another origin:
``http://127.0.0.1:OTHER``); it opens the engine WebSocket, sends the
"simple" POSTs a page may send without a CORS preflight (``text/plain``, a
form) and a JSON fetch, and every one fails: the WebSocket never opens, the
server logs each refusal, the JSON fetch's preflight fails. The server's own
page behind a token (``serve --token``) still works: board, API, engine.
"""

from __future__ import annotations

import http.server
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install '.[web]')")
pytest.importorskip(
    "playwright.sync_api", reason="Playwright is not installed (pip install playwright)"
)

from test_web_browser import CHROMIUM, browser, wait_idle  # browser: the fixture

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium found (apt-get install chromium, or set SAFARI_CHROMIUM)"
)

ATTACK = b"""<!doctype html><title>another site</title><script>
window.report = {};
const target = new URLSearchParams(location.search).get("target");
const ws = new WebSocket(target.replace("http", "ws") + "api/engine");
ws.onopen = () => { report.ws = "open"; ws.send("safari"); };
ws.onmessage = (e) => { report.line = e.data; };
ws.onclose = (e) => { report.ws = report.ws || `closed ${e.code}`; };
const body = JSON.stringify({position: {game: "turtles"}, limits: {movetime: 5000}});
Promise.all([
  fetch(target + "api/analyse", {method: "POST", mode: "no-cors", body,
        headers: {"content-type": "text/plain"}}).then(r => "sent " + r.type, e => "failed"),
  fetch(target + "api/new", {method: "POST", mode: "no-cors",
        body: new URLSearchParams({game: "turtles"})}).then(r => "sent " + r.type, e => "failed"),
  fetch(target + "api/new", {method: "POST", body: JSON.stringify({game: "turtles"}),
        headers: {"content-type": "application/json"}}).then(r => r.text(), e => "failed"),
]).then(([plain, form, json]) => Object.assign(report, {plain, form, json, done: true}));
</script>"""


@contextmanager
def serve(tmp_path: Path, *options: str) -> Iterator[tuple[str, Path]]:
    """``safari-ai serve --port 0 OPTIONS``: its URL as printed (token and
    all) and the file its log goes to."""
    log = tmp_path / "serve.log"
    with open(log, "w") as errors:
        proc = subprocess.Popen(
            [sys.executable, "-m", "safari_ai", "serve", "--port", "0", *options],
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
            cwd=tmp_path,
        )
        try:
            line = proc.stdout.readline() if proc.stdout else ""
            found = re.search(r"http://127\.0\.0\.1:\d+/\S*", line)
            assert found, (line, log.read_text())
            yield found.group(0), log
        finally:
            proc.terminate()
            proc.wait(timeout=10)


@contextmanager
def other_site() -> Iterator[str]:
    """The attacker's page on a second loopback port."""

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("content-type", "text/html")
            self.send_header("content-length", str(len(ATTACK)))
            self.end_headers()
            self.wfile.write(ATTACK)

        def log_message(self, *args: Any) -> None:
            pass

    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{site.server_address[1]}/"
    finally:
        site.shutdown()
        site.server_close()


def test_a_page_of_another_origin_cannot_use_the_server(browser: Any, tmp_path: Path) -> None:
    with serve(tmp_path) as (url, log), other_site() as attacker:
        context = browser.new_context()
        page = context.new_page()
        page.goto(f"{attacker}?target={url}")
        page.wait_for_function("window.report.done && window.report.ws", timeout=20000)
        report = page.evaluate("window.report")
        context.close()
        for _ in range(100):
            if log.read_text().count("refused") >= 3:
                break
            time.sleep(0.05)
        logged = log.read_text()
    assert report["ws"].startswith("closed"), report  # never opened
    assert "line" not in report  # not one engine line
    assert report["json"] == "failed", report  # the preflight fails
    origin = attacker.rstrip("/")
    assert f"refused websocket /api/engine from 127.0.0.1: origin '{origin}'" in logged, logged
    assert f"refused http /api/analyse from 127.0.0.1: origin '{origin}'" in logged, logged
    assert f"refused http /api/new from 127.0.0.1: origin '{origin}'" in logged, logged
    assert "Traceback" not in logged


def test_the_own_page_works_with_its_token(browser: Any, tmp_path: Path) -> None:
    with serve(tmp_path, "--token", "tok-123", "--max-movetime", "3000") as (url, log):
        assert url.endswith("/?token=tok-123"), url
        context = browser.new_context()
        page = context.new_page()
        page.set_default_timeout(20000)
        page.goto(url + "&roll_ms=0")
        page.wait_for_selector("#board svg")  # /api/games, /api/new, render
        wait_idle(page)
        page.check("#analyse")  # the engine WebSocket
        page.wait_for_function(
            "document.getElementById('engine-info').textContent.includes('depth')"
        )
        page.click("#stop")
        page.uncheck("#analyse")
        wait_idle(page)
        context.close()
        assert "refused" not in log.read_text()
