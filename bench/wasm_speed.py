"""Nodes per second of the WebAssembly module (in Node) against the native build.

    make -C csrc wasm && python bench/wasm_speed.py [--repeat 3] [--extra 2] [--chromium]

The same searches, one thread each, on the bench positions (alpha-beta,
turtles and zebras, at their bench depth) and on positions of the dice
games (expectimax: ostrich and arena); each search is run ``--repeat`` times
and its fastest run kept. The node counts must agree (tests/test_wasm.py
checks it; here it is printed); nps is the core's own (nodes / its clock).
With ``--chromium`` the module runs in headless Chromium (Playwright, the
system's chromium) instead of Node, from the exported site on a plain file
server, and the time from opening a page to the engine's first move
(``safari-engine.js``: module fetched and compiled, worker started, a
depth-4 search of the turtles start) is measured too.
Also prints the module's size, raw and gzip -9. Figures: docs/web.md.
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import safari_ai
from safari_ai.bench import BENCH_POSITIONS
from safari_ai.web.site import _static, find_wasm

ROOT = Path(__file__).resolve().parents[1]


def positions(extra: int) -> list[tuple[str, str, dict[str, Any]]]:
    """(label, position text, options) of every search, ``extra`` plies deeper
    than the bench's (the bench searches take milliseconds: too short to time)."""
    out = []
    for label, game, rules, moves, depth in BENCH_POSITIONS:
        pos = safari_ai.Position.new(game, rules)
        for move in moves:
            pos = pos.apply(move)
        out.append((label, pos.to_json_text(), {"depth": depth + extra, "seed": 1}))
    for game, depth in (("ostrich", 4 + extra // 2), ("arena", 7 + extra)):
        pos = safari_ai.Position.new(game)
        while pos.to_move == "chance":
            pos = pos.apply(pos.chance_outcomes()[0][0])
        out.append((f"{game}-expectimax", pos.to_json_text(), {"depth": depth, "seed": 1}))
    return out


SEARCHES = """async (requests) => {
  const { instantiate } = await import("./safari-core.js");
  const bytes = await (await fetch("./safari.wasm")).arrayBuffer();
  const core = await instantiate(await WebAssembly.compile(bytes));
  return requests.map(([position, options]) => core.analyse(position, options));
}"""

FIRST_MOVE = """async () => {
  const engine = await import("./safari-engine.js");
  const pos = await engine.newPosition("turtles", {});
  const report = await engine.analyse(pos, { limits: { depth: 4 }, seed: 1 });
  return [performance.now(), report.bestmove];
}"""


def in_chromium(requests: list[list[str]]) -> list[Any]:
    """The searches in headless Chromium, from the exported site on http.server;
    prints the time from opening a page to the engine's first move."""
    import tempfile

    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests"))
    from test_wasm_browser import start_game

    from safari_ai.web.site import export_site

    with tempfile.TemporaryDirectory() as directory:
        export_site(Path(directory))
        (Path(directory) / "blank.html").write_text("<!doctype html>")
        server = subprocess.Popen(
            [
                sys.executable,
                "-u",
                "-m",
                "http.server",
                "0",
                "--bind",
                "127.0.0.1",
                "-d",
                directory,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        try:
            port = (server.stdout.readline() if server.stdout else "").split("port ")[1].split()[0]
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=shutil.which("chromium"), args=["--no-sandbox", "--disable-gpu"]
                )
                firsts = []
                for _ in range(5):
                    page = browser.new_page()
                    page.goto(f"http://127.0.0.1:{port}/blank.html")
                    firsts.append(page.evaluate(FIRST_MOVE)[0])
                    page.close()
                firsts.sort()
                print(
                    f"page opened to the engine's first move (turtles start, depth 4): "
                    f"median {firsts[2]:.0f} ms ({firsts[0]:.0f}-{firsts[-1]:.0f})"
                )
                pages = []
                for _ in range(5):  # the site's own page: engine as player 0, depth 4
                    page = browser.new_page()
                    start_game(
                        page,
                        f"http://127.0.0.1:{port}/",
                        "turtles",
                        "depth",
                        4,
                        {0: "engine", 1: "human"},
                    )
                    page.wait_for_function("window.safari.state.plies.length >= 1")
                    pages.append(page.evaluate("performance.now()"))
                    page.close()
                pages.sort()
                print(
                    f"the site's page opened, new game started, to the engine's first move "
                    f"(turtles, depth 4, includes the form's clicks): median {pages[2]:.0f} ms "
                    f"({pages[0]:.0f}-{pages[-1]:.0f})"
                )
                page = browser.new_page()
                page.goto(f"http://127.0.0.1:{port}/blank.html")
                page.set_default_timeout(600000)
                answers: list[Any] = page.evaluate(SEARCHES, requests)
                browser.close()
        finally:
            server.terminate()
            server.wait()
    return answers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--extra", type=int, default=2, help="plies beyond the bench depth")
    parser.add_argument("--chromium", action="store_true", help="in Chromium, not Node")
    args = parser.parse_args()
    wasm, node = find_wasm(), shutil.which("node")
    if wasm is None or node is None:
        sys.exit("needs node and the module (make -C csrc wasm)")
    cases = positions(args.extra)
    requests = [
        [text, json.dumps(options)] for _, text, options in cases for _ in range(args.repeat)
    ]
    if args.chromium:
        answers = in_chromium(requests)
    else:
        done = subprocess.run(
            [node, str(ROOT / "tests" / "wasm_driver.mjs")],
            check=True,
            capture_output=True,
            text=True,
            input=json.dumps(
                {
                    "wasm": str(wasm),
                    "static": str(_static()),
                    "mode": "core",
                    "requests": [{"call": "analyse", "args": r} for r in requests],
                }
            ),
        )
        answers = json.loads(done.stdout)
    print(
        f"{'position':22} {'algo':10} {'nodes':>9} {'native nps':>11} {'wasm nps':>10} "
        f"{'wasm/native':>11}"
    )
    for i, (label, text, options) in enumerate(cases):
        module = max(answers[i * args.repeat : (i + 1) * args.repeat], key=lambda r: r["nps"])
        native = max(
            (
                safari_ai.analyse(safari_ai.Position.from_json(text), **options)
                for _ in range(args.repeat)
            ),
            key=lambda r: r.nps,
        )
        same = "" if native.nodes == module["nodes"] else f"  NODES DIFFER: {native.nodes}"
        print(
            f"{label:22} {module['algo']:10} {module['nodes']:9d} {native.nps:11d} "
            f"{module['nps']:10d} {module['nps'] / native.nps:10.0%}{same}"
        )
    raw = wasm.read_bytes()
    print(f"module {wasm}: {len(raw)} bytes, {len(gzip.compress(raw, 9))} gzip -9")


if __name__ == "__main__":
    main()
