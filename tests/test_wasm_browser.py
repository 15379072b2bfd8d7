"""The static site (``safari-ai export-site``) in headless Chromium, served by a
plain file server (``python -m http.server`` on a loopback port), no
``safari-ai serve`` behind it.

``safari-engine.js`` runs with its real Web Worker: docs/web.md's example page
works as written; each game is played a few moves against the engine
(``analyse`` in the worker, its best move applied) and its searches equal the
native build's; a long analysis leaves the page responsive and ``stop()``
ends it at once with the best move found so far. Skipped, with the reason,
when Chromium, Playwright, node's module or the web extra is missing.
"""
from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

import safari_ai
from safari_ai.web.site import export_site, find_wasm

from test_web_browser import (CHROMIUM, browser, new_game,  # noqa: F401 - browser: a fixture
                              play_whole_game)

ROOT = Path(__file__).resolve().parents[1]
pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="no Chromium found (apt-get install chromium)"),
    pytest.mark.skipif(find_wasm() is None, reason="the WebAssembly module is not built "
                                                   "(make -C csrc wasm)"),
]


def example_page() -> str:
    """The ten-line example page of docs/web.md, as written there."""
    text = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    match = re.search(r"```html\n(<!doctype html>.*?)```", text, re.S)
    assert match, "docs/web.md has no example page"
    return match.group(1)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The exported site, served by python -m http.server; its URL."""
    directory = tmp_path_factory.mktemp("site")
    export_site(directory)
    (directory / "example.html").write_text(example_page(), encoding="utf-8")
    (directory / "blank.html").write_text("<!doctype html><title>blank</title>", encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-u", "-m", "http.server", "0", "--bind",
                             "127.0.0.1", "-d", str(directory)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        match = re.search(r"port (\d+)", line)
        assert match, f"http.server did not say its port: {line!r}"
        yield f"http://127.0.0.1:{match.group(1)}/"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture
def page(browser: Any, site: str) -> Iterator[Any]:  # noqa: F811 - the imported fixture
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(30000)
    page.goto(site + "blank.html")
    yield page
    context.close()
    assert not errors, errors


def test_the_documented_example_page_works(page: Any, site: str) -> None:
    page.goto(site + "example.html")
    page.wait_for_function("document.getElementById('out').textContent.startsWith('best ')",
                           timeout=30000)
    text = page.inner_text("#out")
    pos = safari_ai.Position.new("turtles", {"tattoo": True}).apply("d1xd3").apply("d7xd5")
    assert text.split()[1] in pos.legal_moves()


PLAY = """async ([game, engineMoves, seed]) => {
  const engine = await import("./safari-engine.js");
  let pos = await engine.newPosition(game, {});
  let rng = seed;
  const reports = [];
  for (let ply = 0; ply < 200 && reports.length < engineMoves; ply++) {
    const legal = await engine.moves(pos);
    if (legal.result) break;
    let move;
    if (legal.outcomes) {                  // the dice: a seeded pick
      rng = (rng * 1103515245 + 12345) % 2147483648;
      move = legal.outcomes[rng % legal.outcomes.length][0];
    } else {                               // the engine's move, searched in the worker
      const report = await engine.analyse(pos, { limits: { depth: 2 }, seed: 1 });
      reports.push([pos, report]);
      move = report.bestmove;
    }
    pos = await engine.apply(pos, [move]);
  }
  return reports;
}"""


@pytest.mark.parametrize("game", safari_ai.game_names())
def test_each_game_played_against_the_engine_in_the_worker(page: Any, game: str) -> None:
    reports = page.evaluate(PLAY, [game, 4, random.Random(game).randrange(1000)])
    assert len(reports) == 4
    for pos, report in reports:
        native = safari_ai.analyse(safari_ai.Position.from_json(pos), depth=2, seed=1)
        assert report["bestmove"] == native.best_move
        assert report["nodes"] == native.nodes and report["score"] == native.score


STOP = """async () => {
  const engine = await import("./safari-engine.js");
  const pos = await engine.newPosition("zebras", {});
  let ticks = 0;
  const timer = setInterval(() => { ticks += 1; }, 20);
  const progress = [];
  const started = performance.now();
  const answer = engine.analyse(pos, { limits: { movetime: 10000 } }, (p) => progress.push(p.depth));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const ticksWhileSearching = ticks;
  engine.stop();
  const report = await answer;
  const stoppedAfter = performance.now() - started;
  clearInterval(timer);
  const again = await engine.analyse(pos, { limits: { depth: 2 }, seed: 1 });
  return { report, stoppedAfter, ticksWhileSearching, progress, again };
}"""


def test_a_long_analysis_leaves_the_page_responsive_and_stop_ends_it(page: Any) -> None:
    out = page.evaluate(STOP)
    assert out["ticksWhileSearching"] >= 20            # the page's timers ran meanwhile
    assert out["stoppedAfter"] < 5000                  # not the 10 s asked for
    assert out["progress"] and out["report"]["depth"] == out["progress"][-1]
    legal = safari_ai.Position.new("zebras").legal_moves()
    assert out["report"]["bestmove"] in legal
    assert out["again"]["bestmove"] in legal           # a fresh worker after stop
    assert json.dumps(out["again"]).count("error") == 0


# -- the page itself, from the static site ------------------------------------------

def start_game(page: Any, url: str, game: str, kind: str, value: int,
               seats: dict[int, str] | None = None) -> None:
    """Opens the site's page at ``url`` and starts a game of ``game`` with the
    engine limited by ``kind`` (movetime, depth, nodes) ``value``."""
    page.goto(url + "index.html?roll_ms=0")
    page.wait_for_function("document.body.dataset.idle === 'true'")
    page.select_option("#game", game)
    for seat, who in (seats or {}).items():
        page.select_option(f"#seat-{seat}", who)
    page.select_option("#limit-kind", kind)
    page.fill("#limit-value", str(value))
    page.click("#start")
    page.wait_for_function("document.body.dataset.idle === 'true'")


def play_typed(page: Any, move: str) -> None:
    """Types a move in the page's move box and plays it."""
    before = page.evaluate("window.safari.state.plies.length")
    page.fill("#move-input", move)
    page.press("#move-input", "Enter")
    page.wait_for_function(f"window.safari.state.plies.length > {before}")
    page.wait_for_function("document.body.dataset.idle === 'true'")


@pytest.mark.parametrize("game", ["turtles", "zebras", "arena"])
def test_static_page_plays_against_the_engine(page: Any, site: str, game: str) -> None:
    start_game(page, site, game, "depth", 2)
    rng = random.Random(game)
    for _ in range(3):
        moves = page.evaluate("window.safari.humanMoves()")
        assert moves, page.inner_text("#status")
        play_typed(page, rng.choice(moves))
    state = page.evaluate("window.safari.state.plies.map((p) => [p.by, p.move])")
    assert sum(1 for by, _ in state if by not in (0, "chance")) >= 2, state   # the engine replied
    assert page.locator("#board svg [data-cell], #board svg [data-hex]").count() > 30  # render.js
    page.check("#analyse")
    page.wait_for_function("document.getElementById('engine-info').textContent.startsWith('depth')")


def test_static_page_says_what_needs_safari_ai_serve(page: Any, site: str,
                                                     tmp_path: Path) -> None:
    page.goto(site + "index.html?roll_ms=0")
    page.wait_for_function("document.body.dataset.idle === 'true'")
    page.select_option("#game", "ostrich")       # seat 0 human, the others the engine
    page.click("#start")
    page.wait_for_function("document.body.dataset.idle === 'true'")
    for _ in range(10):                           # until an engine seat is to move
        if "(engine)" in page.inner_text("#status"):
            break
        moves = page.evaluate("window.safari.humanMoves()")
        play_typed(page, moves[0])
    page.wait_for_function("document.getElementById('message').textContent.includes('serve')")
    assert "needs safari-ai serve" in page.inner_text("#message")
    record = {"format": "safari-ai-record", "version": 1, "game": "turtles",
              "start": safari_ai.Position.new("turtles").to_json(), "moves": []}
    (tmp_path / "record.json").write_text(json.dumps(record))
    page.set_input_files("#load", str(tmp_path / "record.json"))
    page.wait_for_function("document.getElementById('message').textContent.includes('record')")
    assert "needs safari-ai serve" in page.inner_text("#message")


@pytest.mark.parametrize("game,rules", [
    pytest.param("turtles", {"max_turns": 24}, id="turtles"),
    pytest.param("zebras", {}, id="zebras"),
    pytest.param("arena", {}, id="arena", marks=pytest.mark.slow)])
def test_static_page_whole_game_by_clicks(page: Any, site: str, game: str,
                                          rules: dict[str, Any]) -> None:
    """A whole game by clicks on render.js's board against the engine at depth 1."""
    page.goto(site + "index.html?roll_ms=0")
    page.wait_for_function("document.body.dataset.idle === 'true'")
    new_game(page, game, rules)
    end = play_whole_game(page, seed=4)
    assert end["result"] is not None and "game over" in end["status"], end


def test_static_page_stop_plays_the_best_move_so_far(page: Any, site: str) -> None:
    start_game(page, site, "zebras", "movetime", 9000)
    play_move = page.evaluate("window.safari.humanMoves()")[0]
    page.fill("#move-input", play_move)
    page.press("#move-input", "Enter")
    page.wait_for_function("document.getElementById('engine-info').textContent.startsWith('depth')")
    started = page.evaluate("performance.now()")
    page.click("#stop")
    page.wait_for_function("window.safari.state.plies.length >= 2", timeout=5000)
    assert page.evaluate("performance.now()") - started < 3000      # not the 9 s asked for
    by, move = page.evaluate("[window.safari.state.plies[1].by, window.safari.state.plies[1].move]")
    assert by == 1
    assert move in safari_ai.Position.new("zebras").apply(play_move).legal_moves()
