"""Learn from your mistakes (issue 30, point 4), in a real headless Chromium.

After "Analyse the game", the page walks a player through their own marked
decisions: it shows the position before each, takes a tried move by clicks
(as in play) or typed, and says whether it is within the doubtful threshold
of the best with the analysis's own numbers, then shows the engine's line.
A move that is neither the best nor the one played is judged by the same
analysis of a one-move record, which this test runs again in Python: the
page's verdict is that analysis's, and its search of the position is the
game analysis's (the same best move). The game itself is never changed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from test_web_browser import browser, click_key, page, random_record, server, wait_idle
from test_web_review import analyse, load


def learn_state(page: Any) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate(
        "({index: window.safari.learn.index, list: window.safari.learn.list,"
        " cursor: window.safari.state.cursor, plies: window.safari.state.plies.length,"
        " last: window.safari.learn.last, hidden: document.getElementById('learn').hidden})"
    )
    return state


def try_by_clicks(page: Any, move: str) -> None:
    """Clicks the board along the move's cells (the candidate list where the
    clicks cannot decide), then waits for the verdict."""
    keys = page.evaluate("(m) => window.safari.movePlaces(m)", move)
    for key in keys:
        if page.evaluate("window.safari.learn.last") is not None:
            break
        click_key(page, key)
    if page.evaluate("window.safari.learn.last") is None:
        page.click(f'#candidates button[data-move="{move}"]')
    page.wait_for_function("window.safari.learn.last !== null")


def test_learn_walks_through_the_marked_decisions(page: Any, tmp_path: Path) -> None:
    from safari_ai.annotate import annotate
    from safari_ai.record import GameRecord

    record = random_record("turtles", 30, seed=5, rules={})
    load(page, record, tmp_path)
    analyse(page)  # depth 1 (test_web_review's helper)
    review = page.evaluate("window.safari.state.review")
    counts = {
        p: sum(1 for ply in review if ply["by"] == p and ply["class"] and not ply["forced"])
        for p in (0, 1)
    }
    player = max(counts, key=lambda p: counts[p])
    assert counts[player] >= 2, counts
    page.select_option("#learn-player", str(player))
    page.click("#learn-start")
    page.wait_for_function("!document.getElementById('learn').hidden")
    wait_idle(page)
    state = learn_state(page)
    marked = [ply for ply in review if ply["by"] == player and ply["class"] and not ply["forced"]]
    assert [item["ply"] for item in state["list"]] == [ply["ply"] for ply in marked]
    first = marked[0]
    assert state["cursor"] == first["ply"] - 1  # the position before the decision
    text = page.inner_text("#learn-text")
    assert f"Decision 1 of {len(marked)}: ply {first['ply']}" in text and first["move"] in text
    assert page.inner_text("#learn-verdict") == "" and page.inner_text("#learn-line") == ""

    # the best move, by clicks on the board: good, and the engine's line shown
    try_by_clicks(page, first["best"])
    verdict = page.inner_text("#learn-verdict")
    assert "good, within the doubtful threshold" in verdict, verdict
    assert page.inner_text("#learn-line").startswith("The engine's line: " + " ".join(first["pv"]))
    assert learn_state(page)["plies"] == len(record["moves"])  # nothing played

    # the move played in the game: the analysis's own error and class
    page.fill("#move-input", first["move"])
    page.press("#move-input", "Enter")
    page.wait_for_function(
        f"window.safari.learn.last && window.safari.learn.last.move === {json.dumps(first['move'])}"
    )
    assert f"{first['class']} (error" in page.inner_text("#learn-verdict")

    # another move: the same analysis of the decision with that move
    legal = page.evaluate("window.safari.state.legal.moves")
    other = next(m for m in legal if m not in (first["best"], first["move"]))
    page.fill("#move-input", other)
    page.press("#move-input", "Enter")
    page.wait_for_function(
        f"window.safari.learn.last && window.safari.learn.last.move === {json.dumps(other)}",
        timeout=60000,
    )
    seen = learn_state(page)["last"]
    start = page.evaluate(f"window.safari.state.plies[{first['ply'] - 2}].pos")
    one = GameRecord.from_json(
        {**record, "start": start, "moves": [{"ply": 1, "by": player, "move": other}]}
    )
    expected = annotate(one, {"depth": 1}).plies[0]
    assert expected["best"] == first["best"]  # the game analysis's search of the position
    assert seen["class"] == expected["class"] and abs(seen["error"] - expected["error"]) < 1e-9
    verdict = page.inner_text("#learn-verdict")
    assert verdict.startswith(other + ": ")
    assert ("good, within the doubtful threshold" in verdict) == (expected["class"] is None)

    # Next, Previous, Quit: the decisions in turn; the game unchanged
    page.click("#learn-next")
    page.wait_for_function(f"window.safari.state.cursor === {marked[1]['ply'] - 1}")
    assert "Decision 2 of" in page.inner_text("#learn-text")
    assert page.inner_text("#learn-verdict") == ""
    page.click("#learn-prev")
    page.wait_for_function(f"window.safari.state.cursor === {first['ply'] - 1}")
    page.click("#learn-quit")
    state = learn_state(page)
    assert state["hidden"] and state["index"] == -1
    assert state["plies"] == len(record["moves"])
    wait_idle(page)
