"""The whole-game analysis of a record in the static site (the C core as
WebAssembly, safari-engine.js) against ``safari-ai serve`` (POST /api/analyse
with the record, the native build), on the same records, one thread.

    make -C csrc wasm && python bench/wasm_record_analysis.py [--level default] [--chromium]

The records are seeded games of up to 200 plies (samples.py's
``mixed_record``: every third move random, the others the engine's at depth 1;
turtles, zebras, arena and a 3-player ostrich race).
Native: the HTTP API of a default server in process (Starlette's test
client, so the time is the analysis, the reasons of the marked moves
included, and JSON). Node: ``safari-engine.js``'s ``analyse({record})``
without the worker. With ``--chromium``: the same call in headless Chromium
through the exported site's worker (Playwright, the system's chromium).
Each is run ``--repeat`` times, the fastest kept. Figures: docs/web.md.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from safari_ai.samples import mixed_record
from safari_ai.web.site import _static, find_wasm

ROOT = Path(__file__).resolve().parents[1]
RECORDS = (("turtles", {}), ("zebras", {}), ("arena", {}), ("ostrich", {"players": 3}))

NODE_TIMER = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";
const input = JSON.parse(readFileSync(0, "utf8"));
const engine = await import(pathToFileURL(path.join(input.static, "safari-engine.js")));
engine.useEngine({ worker: false, module: new WebAssembly.Module(readFileSync(input.wasm)),
                   games: input.games });
const out = [];
for (const body of input.bodies) {
  let best = Infinity, plies = 0;
  for (let i = 0; i < input.repeat; i++) {
    const t = performance.now();
    const answer = await engine.analyse(undefined, body);
    best = Math.min(best, performance.now() - t);
    plies = answer.plies ? answer.plies.length : answer.error;
  }
  out.push([best / 1000, plies]);
}
process.stdout.write(JSON.stringify(out));
"""


def native(bodies: list[dict[str, Any]], repeat: int) -> list[float]:
    sys.path.insert(0, str(ROOT / "tests"))
    from local_client import LocalClient

    from safari_ai.web.app import create_app

    times = []
    with LocalClient(create_app()) as client:
        for body in bodies:
            best = float("inf")
            for _ in range(repeat):
                started = time.perf_counter()
                answer = client.post(
                    "/api/analyse",
                    content=json.dumps(body),
                    headers={"content-type": "application/json"},
                ).json()
                best = min(best, time.perf_counter() - started)
                assert "plies" in answer, answer
            times.append(best)
    return times


def games_list() -> Any:
    from safari_ai.web.site import games_json

    return json.loads(games_json())["games"]


def in_node(bodies: list[dict[str, Any]], repeat: int) -> list[float]:
    script = ROOT / "bench" / ".wasm_record_timer.mjs"
    script.write_text(NODE_TIMER)
    try:
        env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
        done = subprocess.run(
            ["node", str(script)],
            input=json.dumps(
                {
                    "static": str(_static()),
                    "wasm": str(find_wasm()),
                    "games": games_list(),
                    "bodies": bodies,
                    "repeat": repeat,
                }
            ),
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
    finally:
        script.unlink()
    return [seconds for seconds, _ in json.loads(done.stdout)]


CHROMIUM_TIMER = """async ([bodies, repeat]) => {
  const engine = await import("./safari-engine.js");
  const out = [];
  for (const body of bodies) {
    let best = Infinity;
    for (let i = 0; i < repeat; i++) {
      const t = performance.now();
      await engine.analyse(undefined, body);
      best = Math.min(best, performance.now() - t);
    }
    out.push(best / 1000);
  }
  return out;
}"""


def in_chromium(bodies: list[dict[str, Any]], repeat: int) -> list[float]:
    import tempfile

    from playwright.sync_api import sync_playwright

    from safari_ai.web.site import export_site

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    with tempfile.TemporaryDirectory() as directory:
        export_site(Path(directory))
        server = subprocess.Popen(
            [sys.executable, "-m", "http.server", "8731", "--bind", "127.0.0.1", "-d", directory],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            time.sleep(1)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium)
                page = browser.new_page()
                page.goto("http://127.0.0.1:8731/index.html")
                result: list[float] = page.evaluate(CHROMIUM_TIMER, [bodies, repeat])
                browser.close()
                return result
        finally:
            server.terminate()
            server.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="default", choices=("quick", "default", "thorough"))
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--chromium", action="store_true")
    args = parser.parse_args()
    if find_wasm() is None:
        sys.exit("the WebAssembly module is not built: make -C csrc wasm")
    records = [(game, mixed_record(game, rules, 1).to_json()) for game, rules in RECORDS]
    bodies = [{"record": data, "level": args.level} for _, data in records]
    served = native(bodies, args.repeat)
    module = in_chromium(bodies, args.repeat) if args.chromium else in_node(bodies, args.repeat)
    where = "chromium" if args.chromium else "node"
    print(f"{'record':<10} {'plies':>5}  {'serve s':>8}  {where + ' s':>10}  ratio")
    for (game, data), a, b in zip(records, served, module):
        print(f"{game:<10} {len(data['moves']):>5}  {a:>8.2f}  {b:>10.2f}  {b / a:>5.2f}")


if __name__ == "__main__":
    main()
