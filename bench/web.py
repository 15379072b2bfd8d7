"""Latency and throughput of ``safari-ai serve`` (figures for docs/web.md).

    python bench/web.py [--requests 200] [--concurrent 16]

Starts ``safari-ai serve --port 0`` (a real uvicorn server on 127.0.0.1) and
measures, over loopback with httpx:

* ``/api/moves`` on the turtles start position (median and 95th percentile);
* a 1-node ``/api/analyse`` on the same position;
* the throughput of ``--concurrent`` simultaneous ``/api/analyse`` requests of
  100 ms each (answers per second; the pool runs one search per core);
* the page's load time in headless Chromium (navigation to the first board
  drawn and the page idle), when Playwright and Chromium are there.

Speed is measured and noted, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import httpx

import safari_ai


def start_server() -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "safari_ai", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
        cwd=tempfile.mkdtemp(),
    )
    line = proc.stdout.readline() if proc.stdout else ""
    match = re.search(r"http://\S+/", line)
    if not match:
        proc.kill()
        raise SystemExit(f"serve did not start: {line!r}")
    return proc, match.group(0)


def timed(client: httpx.Client, path: str, body: dict, count: int) -> list[float]:
    out = []
    for _ in range(count):
        started = time.perf_counter()
        response = client.post(path, json=body)
        out.append(1000 * (time.perf_counter() - started))
        assert response.status_code == 200, response.text
    return out


def summary(name: str, ms: list[float]) -> None:
    ms = sorted(ms)
    p95 = ms[int(0.95 * (len(ms) - 1))]
    print(f"{name}: median {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms ({len(ms)} requests)")


async def concurrent(url: str, count: int, rounds: int) -> None:
    pos = safari_ai.Position.new("turtles").to_json()
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        started = time.perf_counter()
        for _ in range(rounds):
            answers = await asyncio.gather(
                *[
                    client.post("/api/analyse", json={"position": pos, "limits": {"movetime": 100}})
                    for _ in range(count)
                ]
            )
            assert all(a.status_code == 200 for a in answers)
        elapsed = time.perf_counter() - started
    total = count * rounds
    print(
        f"{total} analyses of 100 ms, {count} at a time: {elapsed:.2f} s, "
        f"{total / elapsed:.1f} answers/s (pool of {os.cpu_count()} slots: at most "
        f"{10 * (os.cpu_count() or 1):.0f}/s)"
    )


def page_load(url: str) -> None:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("page load: skipped (no Playwright)")
        return
    chromium = os.environ.get("SAFARI_CHROMIUM") or shutil.which("chromium")
    if not chromium:
        print("page load: skipped (no Chromium)")
        return
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        times = []
        for _ in range(5):
            page = browser.new_page()
            started = time.perf_counter()
            page.goto(url)
            page.wait_for_selector("#board svg")
            page.wait_for_function("document.body.dataset.idle === 'true'")
            times.append(1000 * (time.perf_counter() - started))
            timing = page.evaluate("JSON.stringify(performance.getEntriesByType('navigation')[0])")
            page.close()
        browser.close()
    print(
        f"page load to the board drawn and idle: median {statistics.median(times):.0f} ms "
        f"(runs {', '.join(f'{t:.0f}' for t in times)}); last navigation entry {timing[:120]}..."
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--concurrent", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    proc, url = start_server()
    try:
        print(f"server {url}; {os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f}")
        pos = safari_ai.Position.new("turtles").to_json()
        with httpx.Client(base_url=url, timeout=60) as client:
            timed(client, "/api/moves", {"position": pos}, 20)  # warm up
            summary("/api/moves", timed(client, "/api/moves", {"position": pos}, args.requests))
            summary(
                "/api/analyse nodes 1",
                timed(
                    client, "/api/analyse", {"position": pos, "limits": {"nodes": 1}}, args.requests
                ),
            )
        asyncio.run(concurrent(url, args.concurrent, args.rounds))
        page_load(url)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


if __name__ == "__main__":
    main()
