"""The web page of ``safari-ai serve`` in a real headless Chromium (Playwright).

A real server (``python -m safari_ai serve --port 0``) on 127.0.0.1; the
browser is the system's Chromium (Debian's ``chromium``, or the path in
``SAFARI_CHROMIUM``). Whole games of each game are played by clicks on the
board against the engine at depth 1, to the result. Skipped, with the reason,
when Playwright or Chromium is missing.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serve_process import serving

import safari_ai

pytest.importorskip("starlette", reason="the web extra is not installed (pip install '.[web]')")
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="Playwright is not installed (pip install playwright)"
)


def _chromium() -> str | None:
    for candidate in (
        os.environ.get("SAFARI_CHROMIUM"),
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
        shutil.which("google-chrome"),
    ):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


CHROMIUM = _chromium()
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium found (apt-get install chromium, or set SAFARI_CHROMIUM)"
)
SCREENSHOT = Path(__file__).resolve().parents[1] / "docs" / "web-screenshot.png"
PHONE_SCREENSHOT = SCREENSHOT.with_name("web-phone.png")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("serve"), "--max-movetime", "3000") as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    # CI's sanitizer pass preloads libasan into Python (and so into the server it
    # starts); the browser and Playwright's driver are not built for it.
    preload = os.environ.pop("LD_PRELOAD", None)
    try:
        manager = sync_api.sync_playwright()
        playwright = manager.start()
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"], env=dict(os.environ)
        )
    finally:
        if preload is not None:
            os.environ["LD_PRELOAD"] = preload
    try:
        yield chromium
    finally:
        chromium.close()
        playwright.stop()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(20000)
    page.goto(server + "?roll_ms=0")
    page.wait_for_selector("#board svg")
    wait_idle(page)
    yield page
    context.close()
    assert not errors, errors


def wait_idle(page: Any) -> None:
    page.wait_for_function("document.body.dataset.idle === 'true'")


# The shown position's refresh is over (its moves are in: legalFor is the
# token of the last refresh) and nothing is pending: a roll or an engine move
# it scheduled keeps the page from idle until it is played, so this is the
# page's "done reacting" to what it shows.
SETTLED = (
    "window.safari.state.legalFor === window.safari.state.token"
    " && document.body.dataset.idle === 'true'"
)


def wait_settled(page: Any, condition: str = "true") -> None:
    """Waits until ``condition`` (JavaScript) holds and the page has settled
    (:data:`SETTLED`), both seen at the same moment."""
    page.wait_for_function(f"({condition}) && {SETTLED}")


def new_game(
    page: Any,
    game: str,
    rules: dict[str, Any] | None = None,
    seats: list[str] | None = None,
    depth: int = 1,
) -> None:
    """Fills the new-game form as a person would, then starts the game."""
    page.select_option("#game", game)
    for key, value in (rules or {}).items():
        field = page.locator(f'#rules input[data-key="{key}"]')
        if isinstance(value, bool):
            field.set_checked(value)
        else:
            field.fill(str(value))
            field.dispatch_event("change")
    for seat, kind in enumerate(seats or []):
        page.select_option(f"#seat-{seat}", kind)
    page.select_option("#limit-kind", "depth")
    page.fill("#limit-value", str(depth))
    page.click("#start")
    wait_idle(page)


def key_selector(key: str) -> str:
    """The board element a place ``KIND:NAME`` names: ``data-KIND="NAME"``
    (a piece before a cell, as a click on it would land)."""
    kind, name = key.split(":", 1)
    return f'g.piece[data-{kind}="{name}"]' if kind == "id" else f'[data-{kind}="{name}"]'


def click_key(page: Any, key: str) -> None:
    """A real mouse click at the centre of the cell (or piece) the key names:
    whatever is drawn on top there receives it."""
    locator = page.locator("#board " + key_selector(key)).first
    box = locator.bounding_box()
    assert box is not None, key
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def plies(page: Any) -> int:
    return page.evaluate("window.safari.state.plies.length")


def play_move_by_clicks(page: Any, move: str) -> None:
    """Clicks the board along the move's cells; picks from the candidate list
    only where the clicks cannot decide."""
    before = plies(page)
    keys = page.evaluate("(m) => window.safari.movePlaces(m)", move)
    for key in keys:
        if plies(page) != before:
            break
        click_key(page, key)
        page.wait_for_function("document.body.dataset.idle === 'true'")
    if plies(page) == before:
        page.click(f'#candidates button[data-move="{move}"]')
    page.wait_for_function(f"window.safari.state.plies.length > {before}")
    wait_idle(page)


def play_whole_game(page: Any, seed: int, max_plies: int = 600) -> dict[str, Any]:
    """Player 0 (human) moves at random by clicks; the engine and the dice do the rest."""
    rng = random.Random(seed)
    for _ in range(max_plies):
        wait_idle(page)
        if page.evaluate("document.body.dataset.toMove") == "terminal":
            break
        moves = page.evaluate("window.safari.humanMoves()")
        assert moves, page.inner_text("#status")
        play_move_by_clicks(page, rng.choice(moves))
    else:
        pytest.fail(f"no result after {max_plies} plies")
    return page.evaluate(
        "({status: document.getElementById('status').textContent,"
        " plies: window.safari.state.plies.length,"
        " result: window.safari.state.lastResult})"
    )


# The dice games last 120-190 plies: 20-60 s each on a loaded 2-core machine (slow).
GAMES = [
    pytest.param("turtles", {"max_turns": 24}, None, id="turtles"),
    pytest.param("zebras", {}, None, id="zebras"),
    pytest.param(
        "ostrich", {"players": 2}, ["human", "engine"], id="ostrich", marks=pytest.mark.slow
    ),
    pytest.param("arena", {}, None, id="arena", marks=pytest.mark.slow),
]


@pytest.mark.parametrize("game,rules,seats", GAMES)
def test_whole_game_by_clicks(
    page: Any, game: str, rules: dict[str, Any], seats: list[str] | None
) -> None:
    new_game(page, game, rules, seats)
    assert page.evaluate("window.safari.state.seats") == ["human", "engine"]
    outcome = play_whole_game(page, seed=7)
    assert "game over" in outcome["status"], outcome
    assert outcome["result"] is not None and len(outcome["result"]) == 2
    bys = page.evaluate("window.safari.state.plies.map(p => p.by)")
    assert 0 in bys and 1 in bys, bys  # both the human and the engine moved
    if game in ("ostrich", "arena"):
        assert "chance" in bys  # and the page rolled the dice
        assert page.inner_text("#dice")
    if game == "ostrich":
        # the race is over: every tile is shown (while it ran, the human saw only
        # their own: test_ostrich_human_sees_only_their_own_tile, test_web_review)
        svg = page.inner_html("#board")
        assert "predicts: ????" not in svg and "player 1 predicts:" in svg, svg[-400:]


def test_ostrich_human_sees_only_their_own_tile(page: Any) -> None:
    new_game(page, "ostrich", {"players": 3}, ["human", "engine", "engine"])
    page.wait_for_function("window.safari.state.plies.length >= 3")  # three tiles dealt
    wait_idle(page)
    tiles = page.evaluate("window.safari.state.plies[2].pos.predictions")
    svg = page.inner_html("#board")
    assert f"player 0 predicts: {tiles[0]}" in svg
    assert tiles[1] not in svg and tiles[2] not in svg
    listed = page.inner_text("#movelist")
    assert f"pred:{tiles[0]}" in listed and listed.count("pred:????") == 2
    assert f"pred:{tiles[1]}" not in listed and f"pred:{tiles[2]}" not in listed


def test_illegal_click_is_refused_with_a_message(page: Any) -> None:
    new_game(page, "turtles")
    click_key(page, "cell:d4")  # an empty cell: nothing to play there
    assert "Illegal" in page.inner_text("#message")
    click_key(page, "cell:d1")  # select a turtle ...
    click_key(page, "cell:g4")  # ... and a cell it cannot reach
    assert "Illegal: no legal move goes from d1 to g4" in page.inner_text("#message")
    assert plies(page) == 0
    page.fill("#move-input", "d1-d7")  # typed moves are checked too
    page.press("#move-input", "Enter")
    assert "not a legal move" in page.inner_text("#message")
    assert plies(page) == 0


def test_keyboard_only_move(page: Any) -> None:
    new_game(page, "turtles", seats=["human", "human"])
    page.focus('#board g.piece[data-cell="c2"]')  # cells and pieces are in the tab order
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('role')") == "button"
    page.focus('#board polygon[data-cell="d3"]')
    page.keyboard.press("Enter")
    page.wait_for_function("window.safari.state.plies.length === 1")
    assert page.evaluate("window.safari.state.plies[0].move") == "c2-d3"


def test_moves_have_the_games_own_words(page: Any) -> None:
    """Candidate buttons and move-list entries are titled with what the move
    does, as POST /api/describe (the game's C) says it."""
    page.select_option("#dice-mode", "manual")  # the initiative roll waits for a pick
    new_game(page, "arena", seats=["human", "human"], depth=1)
    start = page.evaluate("window.safari.state.start")
    words = {d.move: d.text for d in safari_ai.describe_moves(safari_ai.Position.from_json(start))}
    buttons = page.locator("#candidates button.candidate")
    assert buttons.count() == len(words) > 0
    for button in buttons.all():
        assert button.get_attribute("title") == words[button.get_attribute("data-move")]
    page.click('#candidates button[data-move="init:0"]')
    page.wait_for_function("window.safari.state.plies.length === 1")
    wait_idle(page)
    entry = page.locator("#movelist button").first
    assert entry.get_attribute("title") == words["init:0"]
    assert (
        page.locator('#candidates button[data-move="order:01"]').get_attribute("title")
        == "player 0 acts first this round, then player 1"
    )


def test_a_seat_changed_while_a_move_is_taken_in_offers_no_stale_moves(page: Any) -> None:
    """Between a move and the refresh it starts, the shown position is new but
    its moves are not in yet. A seat changed then redraws the panels: they must
    offer nothing rather than the last position's choices (here the dice of
    the initiative roll, whose list has no moves: CI once saw the page fail on
    it). The moves arrive, and the new position's are offered."""
    page.select_option("#dice-mode", "manual")
    new_game(page, "arena", seats=["human", "human"], depth=1)
    held: list[Any] = []
    page.route("**/api/moves", lambda route: held.append(route))  # the next moves wait
    page.click('#candidates button[data-move="init:0"]')
    page.wait_for_function("window.safari.state.plies.length === 1")
    while not held:
        page.wait_for_timeout(20)
    page.select_option("#seat-1", "engine")  # redraws the panels at once
    assert page.locator("#candidates button.candidate").count() == 0
    assert page.evaluate("window.safari.humanMoves()") == []
    page.select_option("#seat-1", "human")
    held[0].continue_()
    page.unroute("**/api/moves")
    wait_settled(page)
    offered = page.locator("#candidates button.candidate").all()
    assert {b.get_attribute("data-move") for b in offered} >= {"order:01", "order:10"}


def test_undo_redo_and_navigation(page: Any) -> None:
    new_game(page, "turtles")
    play_move_by_clicks(page, "d1xd3")
    page.wait_for_function("window.safari.state.plies.length === 2")  # the engine answered
    wait_idle(page)
    reply = page.evaluate("window.safari.state.plies[1].move")
    page.click("#undo")  # takes both moves back, not only the view
    wait_idle(page)
    assert page.evaluate("window.safari.state.cursor") == 0
    assert page.evaluate("window.safari.state.plies.length") == 0
    assert page.inner_text("#movelist").strip() == ""
    assert "player 0 to move" in page.inner_text("#status")
    assert page.locator('#board g.piece[data-cell="d1"]').count() == 1  # the turtle is back
    page.click("#redo")  # brings them back, to the human's next turn
    wait_idle(page)
    assert page.evaluate("window.safari.state.cursor") == 2
    assert page.evaluate("window.safari.state.plies.map(p => p.move)") == ["d1xd3", reply]
    page.click("#prev")  # the arrows move the view only
    wait_idle(page)
    assert page.evaluate("[window.safari.state.cursor, window.safari.state.plies.length]") == [1, 2]
    page.click("#last")
    wait_idle(page)
    assert page.evaluate("window.safari.state.cursor") == 2
    assert reply in page.inner_text("#movelist")
    # keyboard only: back one ply with the arrow key, a different move typed in
    page.click("#status")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    wait_idle(page)
    assert page.evaluate("window.safari.state.cursor") == 0
    page.fill("#move-input", "c2-c3")
    page.press("#move-input", "Enter")
    page.wait_for_function(
        "window.safari.state.plies.length === 2 && window.safari.state.plies[0].move === 'c2-c3'"
    )


def test_analysis_panel_updates(page: Any) -> None:
    new_game(page, "zebras", seats=["human", "human"])
    page.check("#analyse")
    page.wait_for_function("document.getElementById('engine-info').textContent.includes('depth')")
    page.wait_for_function("document.querySelectorAll('#pv-lines li').length >= 2")
    first = page.inner_text("#pv-lines")
    page.click("#stop")
    wait_idle(page)
    play_move_by_clicks(page, "@07")
    # the new position's lines: placements, and not the opening's guardian
    # move "@NN", which no later position has (the old search's lines,
    # "@00 Ga1@01 ...", hold placements too, and may still be shown just after
    # the move is played)
    page.wait_for_function(
        "(() => { const lines = [...document.querySelectorAll('#pv-lines li')]"
        ".map((li) => li.textContent);"
        " return lines.length > 0 && lines.every((line) =>"
        " /(^| )[CEGLZ][a-f][1-5]\\S*/.test(line) && !/(^| )@\\d+( |$)/.test(line)); })()"
    )
    lines = page.inner_text("#pv-lines")
    assert lines != first and re.search(r"[CEGLZ][a-f][1-5]", lines), lines
    assert not re.search(r"(^| )@\d+( |$)", lines, re.M), lines  # not the opening's
    page.click("#stop")
    page.uncheck("#analyse")
    wait_idle(page)


def test_saved_record_loads_back_and_is_analysed(page: Any, tmp_path: Path) -> None:
    new_game(page, "arena")
    for _ in range(6):
        wait_idle(page)
        if page.evaluate("document.body.dataset.toMove") == "terminal":
            break
        play_move_by_clicks(page, page.evaluate("window.safari.humanMoves()")[0])
    moves = page.evaluate("window.safari.state.plies.map(p => p.move)")
    with page.expect_download() as download:
        page.click("#save-record")
    path = tmp_path / "game.json"
    download.value.save_as(path)
    record = json.loads(path.read_text())
    assert record["format"] == "safari-ai-record" and record["game"] == "arena"
    assert [entry["move"] for entry in record["moves"]] == moves
    new_game(page, "turtles")  # something else, then load the record
    page.set_input_files("#load", str(path))
    page.wait_for_function(f"window.safari.state.plies.length === {len(moves)}")
    wait_idle(page)
    assert page.evaluate("window.safari.state.game") == "arena"
    assert page.evaluate("window.safari.state.plies.map(p => p.move)") == moves
    assert "Loaded a game record" in page.inner_text("#message")
    # the record analysis, per ply
    page.select_option("#review-kind", "nodes")
    page.fill("#review-value", "50")
    page.click("#review-run")
    page.wait_for_function(
        f"document.querySelectorAll('#review-table tbody tr').length === {len(moves)}"
    )
    assert page.locator("#review-table tbody tr").first.inner_text().startswith("1")


def random_record(game: str, plies: int, seed: int, rules: dict[str, Any]) -> dict[str, Any]:
    """A record of ``plies`` random moves and rolls, as a person would save it."""
    import safari_ai

    rng = random.Random(seed)
    pos = safari_ai.Position.new(game, rules)
    start, moves = pos.to_json(), []
    while len(moves) < plies and not pos.is_terminal():
        if pos.is_chance():
            outcomes, weights = zip(*pos.chance_outcomes())
            move, by = rng.choices(outcomes, [float(w) for w in weights])[0], "chance"
        else:
            move, by = rng.choice(pos.legal_moves()), pos.to_move
        moves.append({"ply": len(moves) + 1, "by": by, "move": move})
        pos = pos.apply(move)
    return {
        "format": "safari-ai-record",
        "version": 1,
        "game": game,
        "date": "2026-12-01T00:00:00Z",
        "players": [],
        "settings": {},
        "start": start,
        "moves": moves,
        "result": None,
        "termination": "abandoned",
    }


def test_ostrich_record_analysis_shows_progress_and_every_players_luck(
    page: Any, tmp_path: Path
) -> None:
    record = random_record("ostrich", 36, seed=11, rules={"players": 3})
    path = tmp_path / "race.json"
    path.write_text(json.dumps(record))
    page.set_input_files("#load", str(path))
    page.wait_for_function("window.safari.state.plies.length === 36")
    wait_idle(page)
    assert page.input_value('#rules input[data-key="players"]') == "3"  # the record's rules
    # what the progress line says while the analysis runs
    page.evaluate("""() => { window.seenProgress = [];
        new MutationObserver(() => window.seenProgress.push(
            document.getElementById('review-text').textContent))
          .observe(document.getElementById('review-text'), {childList: true, subtree: true,
                                                            characterData: true}); }""")
    page.select_option("#review-kind", "movetime")
    page.fill("#review-value", "20")  # 20 ms a position: a few seconds
    page.click("#review-run")
    page.wait_for_function(
        "document.getElementById('review-text').textContent.startsWith('analysed')", timeout=120000
    )
    seen = page.evaluate("window.seenProgress")
    assert any(re.fullmatch(r"analysing: \d+ of 37 positions", text) for text in seen), seen
    assert "analysed 36 plies" in page.inner_text("#review-text")
    heads = page.locator("#review-table thead th").all_inner_texts()
    assert heads[-3:] == ["luck p0", "luck p1", "luck p2"], heads
    rows = page.evaluate(
        "[...document.querySelectorAll('#review-table tbody tr')]"
        ".map(r => [...r.cells].map(c => c.textContent))"
    )
    assert len(rows) == 36
    rolls = [row for row in rows if row[1] == "dice"]
    assert len(rolls) >= 10
    for row in rolls:  # a luck figure for every player
        assert all(re.fullmatch(r"[+-]\d+\.\d\d", cell) and cell != "-0.00" for cell in row[-3:]), (
            row
        )
    for row in rows:
        if row[1] != "dice":  # a decision: the best move and the error
            assert row[3] and re.match(r"\d+\.\d\d|forced", row[4]), row
    summary = page.evaluate(
        "[...document.querySelectorAll('#review-summary tbody tr')]"
        ".map(r => [...r.cells].map(c => c.textContent))"
    )
    assert [row[0] for row in summary] == ["p0", "p1", "p2"]
    assert all(row[4] == str(len(rolls)) for row in summary), summary
    assert not page.locator("#review-progress").is_visible()


def test_ostrich_engine_thinking_is_shown_live(page: Any) -> None:
    """An engine seat of the race thinks over the streamed analysis: the panel
    updates while it searches; it never sees the human's tile, nor the human its."""
    bodies: list[dict[str, Any]] = []
    page.on(
        "request",
        lambda request: (
            bodies.append(json.loads(request.post_data))
            if request.url.endswith("/api/analyse")
            else None
        ),
    )
    page.select_option("#game", "ostrich")
    field = page.locator('#rules input[data-key="players"]')
    field.fill("2")
    field.dispatch_event("change")
    page.select_option("#seat-0", "engine")  # the engine moves first
    page.select_option("#seat-1", "human")
    page.select_option("#limit-kind", "movetime")
    page.fill("#limit-value", "2500")
    page.fill("#multipv", "3")
    page.evaluate("""() => { window.seenInfo = [];
        new MutationObserver(() => { if (window.safari.state.thinking)
            window.seenInfo.push([window.safari.state.plies.length,
                                  document.getElementById('engine-info').textContent,
                                  document.getElementById('pv-lines').innerText]); })
          .observe(document.getElementById('engine'), {childList: true, subtree: true,
                                                       characterData: true}); }""")
    page.click("#start")
    page.wait_for_function("window.seenInfo.filter(s => s[1].includes('sample')).length >= 4")
    seen = [s for s in page.evaluate("window.seenInfo") if "sample" in s[1]]
    before = seen[0][0]  # the plies played when the engine began
    seen = [s for s in seen if s[0] == before]
    assert len({text for _, text, _ in seen}) >= 3, seen  # it changed during one search
    assert all(
        re.search(
            r"depth \d+ nodes \d+ nps \d+ \| sample \d/8 \| expected points "
            r"p0 \d+\.\d\d, p1 \d+\.\d\d",
            text,
        )
        for _, text, _ in seen
    ), seen
    assert any(lines.count("pts") >= 2 for _, _, lines in seen), seen  # MultiPV lines
    # the engine (player 0) searched with the tiles it cannot see redrawn ...
    asked = [b for b in bodies if "position" in b]
    assert asked and all(
        b["predictions"] == "sampled" and b["player"] == 0 and b["stream"] for b in asked
    )
    # ... and the human (player 1) sees neither the engine's tile nor its thinking's
    tiles = page.evaluate(
        "window.safari.state.start && window.safari.state.plies[1].pos.predictions"
    )
    svg = page.inner_html("#board")
    assert f"player 1 predicts: {tiles[1]}" in svg and "player 0 predicts: ????" in svg
    shown = page.inner_text("#engine") + page.inner_text("#movelist")
    assert tiles[0] not in shown, shown
    # Stop: the engine plays its best move so far at once (the plies counted
    # while it thinks, at the same moment: read after, its move could be in)
    now = page.wait_for_function(
        "window.safari.state.thinking && {plies: window.safari.state.plies.length}"
    ).json_value()["plies"]
    page.click("#stop")
    page.wait_for_function(f"window.safari.state.plies.length > {now}", timeout=5000)
    assert page.evaluate(f"window.safari.state.plies[{now}].by") == 0
    # the game analysis reads every tile: not while the human plays the race
    page.click("#review-run")
    assert "opens when the race is over" in page.inner_text("#message")
    assert page.locator("#review-table tbody tr").count() == 0
    page.select_option("#seat-0", "human")  # no further engine search
    page.click("#stop")
    wait_idle(page)


def test_a_server_failure_is_a_readable_message(page: Any) -> None:
    new_game(page, "turtles", seats=["human", "human"])
    page.route(
        "**/api/apply",
        lambda route: route.fulfill(
            status=500, content_type="text/plain", body="Internal Server Error"
        ),
    )
    page.fill("#move-input", "d1xd3")
    page.press("#move-input", "Enter")
    page.wait_for_function("document.getElementById('message').textContent.includes('500')")
    message = page.inner_text("#message")
    assert message == (
        "The move was not played: the server answered HTTP 500: Internal Server Error"
    ), message
    assert plies(page) == 0
    page.unroute("**/api/apply")
    page.fill("#move-input", "d1xd3")  # the page goes on working
    page.press("#move-input", "Enter")
    page.wait_for_function("window.safari.state.plies.length === 1")


def load_record(page: Any, record: dict[str, Any], tmp_path: Path) -> None:
    """Loads ``record`` as a person would (the file input) and waits for it."""
    path = tmp_path / f"{record['game']}-record.json"
    path.write_text(json.dumps(record))
    page.set_input_files("#load", str(path))
    page.wait_for_function(
        f"window.safari.state.plies.length === {len(record['moves'])}"
        f" && window.safari.state.game === {json.dumps(record['game'])}"
    )
    wait_idle(page)


def test_phone_sized_window_and_screenshot(browser: Any, server: str, tmp_path: Path) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    phone = context.new_page()
    phone.goto(server)
    phone.wait_for_selector("#board svg")
    wait_idle(phone)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 400, width  # no sideways scrolling on a phone
    board = phone.locator("#board svg").bounding_box()
    assert board is not None and board["width"] <= 390
    if os.environ.get("SAFARI_SCREENSHOT"):  # docs/web.md's phone picture: a game under way
        load_record(phone, random_record("turtles", 24, seed=5, rules={}), tmp_path)
        phone.evaluate("document.getElementById('status').scrollIntoView()")
        phone.screenshot(path=str(PHONE_SCREENSHOT))
    context.close()
    # the README's picture: an analysed game, a marked decision shown on the board
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    desk = context.new_page()
    desk.goto(server + "?roll_ms=0")
    desk.wait_for_selector("#board svg")
    wait_idle(desk)
    load_record(desk, random_record("turtles", 40, seed=5, rules={}), tmp_path)
    desk.select_option("#review-kind", "level:quick")
    desk.click("#review-run")
    desk.wait_for_function(
        "document.getElementById('review-text').textContent.startsWith('analysed')", timeout=120000
    )
    dots = desk.locator('#review-graph svg[aria-label*="evaluation graph"] circle.mark')
    assert dots.count() >= 1
    dots.nth(dots.count() // 2).click()
    wait_idle(desk)
    desk.wait_for_function("document.getElementById('ply-note').textContent !== ''")
    desk.check("#analyse")
    desk.wait_for_function("document.querySelectorAll('#pv-lines li').length >= 2")
    if os.environ.get("SAFARI_SCREENSHOT"):  # the whole page: board, analysis, graph
        desk.wait_for_timeout(300)  # for the picture only: the bar's 0.3 s transition
        desk.evaluate("window.scrollTo(0, 0)")
        desk.screenshot(path=str(SCREENSHOT), full_page=True)
    desk.click("#stop")
    wait_idle(desk)
    context.close()
