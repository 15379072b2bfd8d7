"""The board readable on a phone and on a desktop, in a real headless Chromium
(issue 30, point 5).

At 390 x 844 (a phone) and at 1366 x 900 (a laptop) in each of the four
games, a position from the middle of a game is loaded and measured as drawn:
the board alone fills the phone's width (its key, the caption and the legend,
goes below it; beside it on the laptop), every text in the board is at least
12 CSS px, every piece and every place a tap lands (cells, spaces, hexes,
guardian positions) at least 32 px, and nothing scrolls sideways.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_web_browser import browser, load_record, random_record, server, wait_idle
from test_web_review import analyse

GAMES: list[tuple[str, dict[str, Any], int]] = [
    ("turtles", {}, 30),
    ("zebras", {}, 30),
    ("ostrich", {"players": 3}, 60),
    ("arena", {}, 40),
]
SIZES = {"phone": (390, 844), "laptop": (1366, 900)}

# What the page shows, measured in CSS px: the board's <svg> and the key's,
# each text of the board (those inside the board's box: the picture's key is
# clipped out of it) at its drawn font size, and the smaller side of each
# piece and each tap target (a berry is a mark on its space: the space is
# the target).
MEASURE = """() => {
  const svg = document.querySelector('#board svg');
  const box = svg.getBoundingClientRect();
  const scale = svg.getScreenCTM().a;
  const inside = (el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
  };
  const side = (el) => { const r = el.getBoundingClientRect(); return Math.min(r.width, r.height); };
  const rect = (el) => { const r = el.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width}; };
  return {
    viewport: window.innerWidth,
    scrollWidth: document.documentElement.scrollWidth,
    board: rect(svg),
    key: rect(document.querySelector('#board-key svg')),
    keyText: document.querySelector('#board-key svg').textContent,
    texts: [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim() && inside(t))
      .map((t) => [t.textContent, Number(t.getAttribute('font-size')) * scale]),
    pieces: [...svg.querySelectorAll('g.piece')].filter(inside)
      .map((g) => [g.dataset.kind, side(g)]),
    targets: [...svg.querySelectorAll('.clickable:not(.berry)')].filter(inside)
      .map((el) => [el.getAttribute('aria-label'), side(el)]),
  };
}"""


@pytest.mark.parametrize("size", SIZES)
def test_the_board_is_readable_in_every_game(
    browser: Any, server: str, tmp_path: Path, size: str
) -> None:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server + "?roll_ms=0")
    page.wait_for_selector("#board svg")
    wait_idle(page)
    for game, rules, plies in GAMES:
        load_record(page, random_record(game, plies, seed=7, rules=rules), tmp_path)
        page.wait_for_function("document.querySelector('#board svg').dataset.board !== undefined")
        seen = page.evaluate(MEASURE)
        where = f"{game} at {width} x {height}"
        assert seen["scrollWidth"] <= seen["viewport"], where  # no sideways scrolling
        assert seen["texts"] and seen["pieces"] and seen["targets"], (where, seen)
        small = [(t, round(px, 1)) for t, px in seen["texts"] if px < 12]
        assert not small, (where, small)
        tiny = [(k, round(px, 1)) for k, px in seen["pieces"] if px < 32]
        assert not tiny, (where, tiny)
        tiny = [(k, round(px, 1)) for k, px in seen["targets"] if px < 32]
        assert not tiny, (where, tiny)
        board, key = seen["board"], seen["key"]
        assert "key" in seen["keyText"] and key["width"] > 100, where  # the key is shown
        if size == "phone":
            # the board fills the width; the key below it
            assert board["width"] >= 0.95 * seen["viewport"] - 12, (where, board)
            assert key["top"] >= board["bottom"] - 1, (where, board, key)
        else:
            assert key["left"] >= board["right"] - 1, (where, board, key)  # beside it
    # the analysis (its tables, graph) and learning from it: still no sideways scrolling
    analyse(page)
    page.click("#learn-start")
    page.wait_for_function("!document.getElementById('learn').hidden")
    wait_idle(page)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()
    assert not errors, errors
