"""How many exact positions (tests/data/exact_*.json) an engine finds: for each
position and seed, one ``safari-ai analyse POS --movetime MS --seed S --json
--quiet`` of the engine given (any installed ``safari-ai``), and whether its
``bestmove`` is the position's exact best move (issue 19, point 1).

    python bench/exact_found.py tests/data/exact_arena.json \\
        --engine .venv/bin/safari-ai --movetime 2000 --seeds 1 2 3

prints one line per position and a Markdown row per seed: found / positions,
the depths reached, and the names of the positions missed. Run it with the
machine otherwise quiet: the limit is wall-clock time.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import tempfile


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", help="tests/data/exact_GAME.json")
    parser.add_argument("--engine", default="safari-ai", help="the safari-ai command")
    parser.add_argument("--movetime", type=int, default=2000)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    args = parser.parse_args()
    with open(args.data) as f:
        entries = json.load(f)["positions"]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in args.seeds:
            found, depths, missed = 0, [], []
            for entry in entries:
                path = os.path.join(tmp, entry["name"] + ".json")
                with open(path, "w") as f:
                    json.dump(entry["position"], f)
                out = subprocess.run(
                    [
                        args.engine,
                        "analyse",
                        path,
                        "--movetime",
                        str(args.movetime),
                        "--seed",
                        str(seed),
                        "--json",
                        "--quiet",
                    ],
                    check=True,
                    capture_output=True,
                    text=True,
                ).stdout
                report = json.loads(out)
                ok = report["bestmove"] in entry["best"]
                found += ok
                depths.append(report["depth"])
                if not ok:
                    missed.append(entry["name"])
                print(
                    f"seed {seed} {entry['name']}: {report['bestmove']} "
                    f"({'found' if ok else 'missed, best ' + entry['best'][0]}) "
                    f"depth {report['depth']}",
                    flush=True,
                )
            rows.append(
                f"| {seed} | {found} / {len(entries)} | {min(depths)}-{max(depths)} | "
                f"{', '.join(missed) or '-'} |"
            )
    print("| seed | found | depth | missed |")
    print("|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
