"""The page's speed in headless Chromium (issue 30): figures for docs/web.md.

    python bench/page_speed.py [--plies 150] [--rounds 5]

Starts ``safari-ai serve`` and, in Chromium at 1366 x 900 and at 390 x 844:

* the time to draw the board after a step back (``<`` clicked: the moves and
  the picture fetched, the board and its key shown), median of ``--rounds``
  in each of the four games, from a loaded record of 30-60 plies;
* "Analyse the game" of a 2-player ostrich race of ``--plies`` random plies at
  the default level: the time from the click to the analysis shown, and to
  the evaluation graph's first drawing (it fills in live).

Speed is measured and reported, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from serve_process import serving
from test_web_browser import _chromium, random_record

GAMES = [
    ("turtles", {}, 30),
    ("zebras", {}, 30),
    ("ostrich", {"players": 3}, 60),
    ("arena", {}, 40),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=150)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    os.environ.pop("LD_PRELOAD", None)
    tmp = Path(tempfile.mkdtemp())
    with serving(tmp, "--max-movetime", "3000") as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=_chromium(), args=["--no-sandbox", "--disable-gpu"]
        )
        for width, height in ((1366, 900), (390, 844)):
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto(url + "?roll_ms=0")
            page.wait_for_selector("#board svg")
            page.wait_for_function("document.body.dataset.idle === 'true'")
            for game, rules, plies in GAMES:
                record = random_record(game, plies, seed=7, rules=rules)
                (tmp / "r.json").write_text(json.dumps(record))
                page.set_input_files("#load", str(tmp / "r.json"))
                page.wait_for_function(
                    f"window.safari.state.plies.length === {len(record['moves'])}"
                )
                page.wait_for_function("document.body.dataset.idle === 'true'")
                times = []
                for _ in range(args.rounds):
                    before = page.evaluate("window.safari.state.cursor")
                    page.evaluate("document.querySelector('#board svg').dataset.old = '1'")
                    started = time.perf_counter()
                    page.click("#prev")
                    page.wait_for_function(
                        f"window.safari.state.cursor === {before - 1} && "
                        "!document.querySelector('#board svg').dataset.old && "
                        "document.querySelector('#board-key svg') !== null"
                    )
                    times.append(time.perf_counter() - started)
                print(
                    f"{width}x{height} {game}: board after a step back, median "
                    f"{statistics.median(times) * 1000:.0f} ms, worst {max(times) * 1000:.0f} ms"
                )
            page.close()
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.goto(url + "?roll_ms=0")
        page.wait_for_selector("#board svg")
        page.wait_for_function("document.body.dataset.idle === 'true'")
        record = random_record("ostrich", args.plies, seed=3, rules={"players": 2})
        (tmp / "race.json").write_text(json.dumps(record))
        page.set_input_files("#load", str(tmp / "race.json"))
        page.wait_for_function(f"window.safari.state.plies.length === {len(record['moves'])}")
        page.wait_for_function("document.body.dataset.idle === 'true'")
        page.select_option("#review-kind", "level:default")
        started = time.perf_counter()
        page.click("#review-run")
        page.wait_for_function("document.querySelector('#review-graph svg') !== null", polling=20)
        first = time.perf_counter() - started
        page.wait_for_function(
            "document.getElementById('review-text').textContent.startsWith('analysed')",
            timeout=300000,
        )
        total = time.perf_counter() - started
        print(
            f"race of {len(record['moves'])} plies, 2 players, level default: graph first drawn "
            f"after {first:.2f} s, analysis shown after {total:.2f} s "
            f"({page.inner_text('#review-text')})"
        )
        browser.close()
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
