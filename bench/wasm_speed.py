"""Nodes per second of the WebAssembly module (in Node) against the native build.

    make -C csrc wasm && python bench/wasm_speed.py [--repeat 3] [--extra 2]

The same searches, one thread each, on the bench positions (alpha-beta,
turtles and zebras, at their bench depth) and on positions of the dice
games (expectimax: ostrich and arena); each search is run ``--repeat`` times
and its fastest run kept. The node counts must agree (tests/test_wasm.py
checks it; here it is printed); nps is the core's own (nodes / its clock).
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--extra", type=int, default=2, help="plies beyond the bench depth")
    args = parser.parse_args()
    wasm, node = find_wasm(), shutil.which("node")
    if wasm is None or node is None:
        sys.exit("needs node and the module (make -C csrc wasm)")
    cases = positions(args.extra)
    requests = [{"call": "analyse", "args": [text, json.dumps(options)]}
                for _, text, options in cases for _ in range(args.repeat)]
    done = subprocess.run([node, str(ROOT / "tests" / "wasm_driver.mjs")], check=True,
                          capture_output=True, text=True,
                          input=json.dumps({"wasm": str(wasm), "static": str(_static()),
                                            "mode": "core", "requests": requests}))
    answers = json.loads(done.stdout)
    print(f"{'position':22} {'algo':10} {'nodes':>9} {'native nps':>11} {'wasm nps':>10} "
          f"{'wasm/native':>11}")
    for i, (label, text, options) in enumerate(cases):
        module = max(answers[i * args.repeat:(i + 1) * args.repeat], key=lambda r: r["nps"])
        native = max((safari_ai.analyse(safari_ai.Position.from_json(text), **options)
                      for _ in range(args.repeat)), key=lambda r: r.nps)
        same = "" if native.nodes == module["nodes"] else f"  NODES DIFFER: {native.nodes}"
        print(f"{label:22} {module['algo']:10} {module['nodes']:9d} {native.nps:11d} "
              f"{module['nps']:10d} {module['nps'] / native.nps:10.0%}{same}")
    raw = wasm.read_bytes()
    print(f"module {wasm}: {len(raw)} bytes, {len(gzip.compress(raw, 9))} gzip -9")


if __name__ == "__main__":
    main()
