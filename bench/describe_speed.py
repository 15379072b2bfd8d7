"""What the page's extra request costs: ``POST /api/describe`` (every legal
move's places and words) beside ``POST /api/moves``, through the ASGI app in
this process, on the turtles start and on an ostrich roll (1,512 outcomes,
the largest answer). Measured, never asserted.

    python bench/describe_speed.py [--rounds 15]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))

from local_client import LocalClient

import safari_ai
from safari_ai.web.app import create_app


def positions() -> dict[str, safari_ai.Position]:
    roll = safari_ai.Position.new("ostrich")
    while roll.is_chance():  # the deal, then the first roll
        roll = roll.apply(roll.chance_outcomes()[0][0])
        if roll.to_json()["phase"] == "roll":
            break
    return {"turtles start": safari_ai.Position.new("turtles"), "ostrich roll": roll}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    rounds = parser.parse_args().rounds
    with LocalClient(create_app()) as client:
        for name, pos in positions().items():
            body = json.dumps({"position": pos.to_json()})
            for path in ("/api/moves", "/api/describe"):
                times = []
                for _ in range(rounds):
                    start = time.perf_counter()
                    answer = client.post(
                        path, content=body, headers={"content-type": "application/json"}
                    )
                    times.append(time.perf_counter() - start)
                print(
                    f"{name:14} {path:14} median {1000 * statistics.median(times):6.1f} ms"
                    f"  {len(answer.content):7} bytes"
                )
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
