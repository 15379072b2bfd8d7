"""The page's game review in a real headless Chromium (issue 30, points 1-3).

One state, reset as a whole: after a game is analysed, a new game or a loaded
record of another game leaves nothing of the old analysis on the page. The
evaluation graph: an SVG named "evaluation graph" with the marked decisions as
dots in their class colours, a click on a dot shows that ply. The move list
shows each mark's symbol.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from test_web_browser import (  # fixtures used by name
    browser,
    load_record,
    new_game,
    page,
    random_record,
    server,
    wait_idle,
    wait_settled,
)

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("turtles", {}),
    ("zebras", {}),
    ("ostrich", {"players": 3}),
    ("arena", {}),
]
MARKS = {"doubtful": "?!", "bad": "?", "very bad": "??"}


def cells(page: Any, selector: str) -> list[list[str]]:
    rows: list[list[str]] = page.evaluate(
        f"[...document.querySelectorAll('{selector}')].map(r => [...r.cells].map(c => c.textContent))"
    )
    return rows


def analyse(page: Any, depth: int = 1) -> None:
    page.select_option("#review-kind", "depth")
    page.fill("#review-value", str(depth))
    page.click("#review-run")
    page.wait_for_function(
        "document.getElementById('review-text').textContent.startsWith('analysed')", timeout=120000
    )


load = load_record


def assert_no_review(page: Any, game: str) -> None:
    """Nothing of the previous game's analysis: table, headers, summary, graph, text."""
    assert page.evaluate("window.safari.state.game") == game
    assert page.evaluate("window.safari.state.review") is None
    assert cells(page, "#review-table tbody tr") == []
    heads = page.locator("#review-table thead th").all_inner_texts()
    assert heads == ["ply", "by", "move", "best", "error", "why"], heads
    assert cells(page, "#review-summary tbody tr") == []
    assert page.locator("#review-summary thead th").count() == 0
    assert page.inner_text("#review-text") == ""
    assert page.locator("#review-graph svg").count() == 0
    listed = page.locator("#movelist li").all_inner_texts()
    shown = [text.replace("pred:????", "") for text in listed]  # a hidden tile is no mark
    assert not any(mark in text for text in shown for mark in ("?!", "??", " ?")), listed


def test_each_game_after_an_analysed_one_starts_clean(page: Any, tmp_path: Path) -> None:
    """Each game in turn is loaded from a record and analysed; the next is then
    first started by the form (played), then loaded: neither keeps a trace."""
    for index, (game, rules) in enumerate(GAMES):
        record = random_record(game, 14, seed=3 + index, rules=rules)
        load(page, record, tmp_path)
        assert_no_review(page, game)
        analyse(page)
        review = page.evaluate("window.safari.state.review")
        dice = any(ply["by"] == "chance" for ply in review)
        heads = page.locator("#review-table thead th").all_inner_texts()
        players = len(cells(page, "#review-summary tbody tr"))
        # luck columns only for a game with dice, one per player
        assert heads[6:] == ([f"luck p{p}" for p in range(players)] if dice else []), heads
        assert page.locator("#review-graph svg").count() == 1
        following, following_rules = GAMES[(index + 1) % len(GAMES)]
        new_game(page, following, following_rules)
        assert_no_review(page, following)


def test_evaluation_graph_marks_and_jumps(page: Any, tmp_path: Path) -> None:
    """Turtles and the race: one line for two players, one a player for three;
    a dot a marked decision in its class colour, its title the ply, move and
    mark; a click on it shows the position after that ply; the move list shows
    the mark's symbol."""
    for game, rules, seed in (("turtles", {}, 5), ("ostrich", {"players": 3}, 11)):
        record = random_record(game, 30, seed=seed, rules=rules)
        load(page, record, tmp_path)
        analyse(page)
        graph = page.locator('#review-graph svg[aria-label*="evaluation graph"]')
        assert graph.count() == 1
        review = page.evaluate("window.safari.state.review")
        players = int(page.evaluate("window.safari.state.start.rules?.players ?? 2"))
        assert graph.locator("path").count() == (1 if players == 2 else players)
        marked = [ply for ply in review if ply["by"] != "chance" and ply["class"]]
        dots = graph.locator("circle.mark")
        assert dots.count() == len(marked)
        assert marked, "a random game has marked decisions"
        for dot, ply in zip(dots.all(), marked):
            title = dot.locator("title").text_content() or ""
            assert f"ply {ply['ply']}" in title and ply["move"] in title
            assert MARKS[ply["class"]] in title
        listed = page.locator("#movelist li").all_inner_texts()
        for ply in marked:
            assert listed[ply["ply"] - 1].endswith(" " + MARKS[ply["class"]]), listed[
                ply["ply"] - 1
            ]
        target = marked[len(marked) // 2]
        page.click("#first")
        dots.nth(len(marked) // 2).click()
        page.wait_for_function(f"window.safari.state.cursor === {target['ply']}")
        # under the board: the move, its mark, the best move and the reason
        wait_idle(page)
        page.wait_for_function("document.getElementById('ply-note').textContent !== ''")
        note = page.inner_text("#ply-note")
        assert note.startswith(
            f"p{target['by']} played {target['move']} {MARKS[target['class']]}"
        ), note
        if target["best"] and target["best"] != target["move"]:
            assert f"best {target['best']}" in note, note
            before = page.evaluate(
                f"window.safari.state.plies[{target['ply'] - 2}]?.pos ?? window.safari.state.start"
            )
            keys = page.evaluate(
                "([p, m]) => window.safari.describeLine(p, [m])", [before, target["best"]]
            )[0]["places"]
            page.wait_for_function(
                f"document.getElementById('board').dataset.bestMarked === "
                f"{json.dumps(target['best'])}"
            )
            assert (page.locator("#board .best-move").count() >= 1) == bool(keys), keys
        assert target["reason"]["text"] in note
        page.click("#first")  # the start: no decision, no note, no mark
        page.wait_for_function("window.safari.state.cursor === 0")
        wait_idle(page)
        page.wait_for_function(
            "document.getElementById('ply-note').textContent === ''", timeout=5000
        )
        assert page.locator("#board .best-move").count() == 0
        # per player accuracy and rating above the table and the graph
        summary = page.locator("#review-summary").bounding_box()
        assert (
            summary
            and summary["y"] < (page.locator("#review-graph").bounding_box() or {"y": 0})["y"]
        )
        assert page.locator("#review-summary tbody tr").count() == players
        colours = {ply["class"]: dot.get_attribute("fill") for dot, ply in zip(dots.all(), marked)}
        assert len(set(colours.values())) == len(colours)  # one colour a class


# Keeps every line the page's engine WebSocket receives in window.engineLines
# (the socket opens at the first live analysis, after this runs).
ENGINE_LINES = """() => {
  window.engineLines = [];
  const Base = window.WebSocket;
  window.WebSocket = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => window.engineLines.push(String(event.data)));
    }
  };
}"""


def test_a_loaded_dice_position_waits_for_the_roll(page: Any, tmp_path: Path) -> None:
    """A position where dice are to be rolled is loaded: nothing is rolled until
    the user asks (Roll), so it can be analysed first. After the Roll the page
    rolls on by itself (the dice are the page's) up to the next decision."""
    import safari_ai

    pos = safari_ai.Position.new("ostrich", {"players": 3})
    while not pos.is_chance():
        pos = pos.apply(pos.legal_moves()[0])
    outcomes = [outcome for outcome, _ in pos.chance_outcomes()]
    path = tmp_path / "dice.json"
    path.write_text(json.dumps(pos.to_json()))
    page.evaluate(ENGINE_LINES)
    page.set_input_files("#load", str(path))
    # the load's refresh is over and nothing is pending: a roll the page had
    # scheduled (at once: roll_ms=0) would keep it from idle until played
    wait_settled(page, "document.getElementById('message').textContent.startsWith('Loaded')")
    assert page.evaluate("window.safari.state.plies.length") == 0
    assert "dice to roll" in page.inner_text("#status")
    page.check("#analyse")  # the position analysed before the roll
    page.wait_for_function("document.getElementById('engine-info').textContent !== 'idle'")
    # the outcomes' values stream while the search runs (before any Stop)
    page.wait_for_function(
        "[...document.querySelectorAll('#pv-lines li')]"
        ".some((li) => /^pred:\\S+ \\(\\d+\\/\\d+\\): .*expect/.test(li.textContent))"
    )
    assert page.is_checked("#analyse")
    page.uncheck("#analyse")
    # the analysis is over (its bestmove: after the Stop, or the server's time cap)
    page.wait_for_function("window.engineLines.some((line) => line.startsWith('bestmove'))")
    wait_settled(page)
    assert page.evaluate("window.safari.state.plies.length") == 0  # still not rolled
    assert "dice to roll" in page.inner_text("#status")
    page.click("#roll")
    # the page rolls on at once after the first roll (the race deals a tile to
    # each player, then rolls), so one ply played lasts only a moment: wait for
    # the first, then for the page to settle at the next decision
    wait_settled(page, "window.safari.state.plies.length >= 1")
    played = page.evaluate("window.safari.state.plies.map((ply) => [ply.by, ply.move])")
    assert played[0][0] == "chance" and played[0][1] in outcomes, played
    assert all(by == "chance" for by, _ in played), played  # every seat is human
    assert "to move (you)" in page.inner_text("#status")


def test_the_race_shows_every_tile_when_it_is_over(page: Any, tmp_path: Path) -> None:
    """One human seat sees only their own prediction tile while the race runs,
    and every player's once it is over."""
    record = random_record("ostrich", 5000, seed=2, rules={"players": 3})
    assert record["moves"][-1]["ply"] < 5000  # played to the end
    for finished in (False, True):
        part = dict(record, moves=record["moves"] if finished else record["moves"][:-1])
        load(page, part, tmp_path)
        page.select_option("#seat-1", "engine")
        page.select_option("#seat-2", "engine")
        page.click("#first")
        page.wait_for_function("window.safari.state.cursor === 0")
        wait_idle(page)
        hidden = "????" in page.inner_text("#movelist")
        assert hidden != finished, page.inner_text("#movelist")


def test_the_graph_fills_in_while_the_analysis_runs(page: Any, tmp_path: Path) -> None:
    """Each analysed ply's values stream in: the graph is drawn with a part of
    the game before the analysis ends, then with all of it."""
    record = random_record("turtles", 30, seed=5, rules={})
    load(page, record, tmp_path)
    page.evaluate("""() => {
      window.seenPlies = [];
      new MutationObserver(() => window.seenPlies.push(
          Number(document.getElementById('review-graph').dataset.plies || 0)))
        .observe(document.getElementById('review-graph'), {attributes: true, childList: true});
    }""")
    # deep enough that the plies come one by one (at depth 1 the whole game can
    # arrive in one piece of the stream, drawn once)
    analyse(page, depth=6)
    seen = page.evaluate("window.seenPlies")
    assert seen[-1] == len(record["moves"]), seen
    partial = [n for n in seen if 0 < n < len(record["moves"])]
    assert partial, seen  # drawn before the end
    assert partial == sorted(partial)


def test_seats_come_back_after_a_load(page: Any, tmp_path: Path) -> None:
    """A loaded record makes every seat human; the next New game has the
    seats the user chose before (and any change made since)."""
    new_game(page, "zebras", seats=["human", "engine"])
    load(page, random_record("turtles", 6, seed=1, rules={}), tmp_path)
    assert page.evaluate("window.safari.state.seats") == ["human", "human"]
    page.select_option("#game", "zebras")
    page.click("#start")
    wait_idle(page)
    assert page.evaluate("window.safari.state.seats") == ["human", "engine"]
    assert page.input_value("#seat-1") == "engine"
    load(page, random_record("turtles", 6, seed=2, rules={}), tmp_path)
    page.select_option("#seat-0", "engine")  # a change after the load counts
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "human")
    page.click("#start")
    wait_idle(page)
    assert page.evaluate("window.safari.state.seats") == ["human", "human"]
