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
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_wasm import untimed
from test_web_browser import CHROMIUM, browser, new_game, play_whole_game

import safari_ai
import safari_ai.record
from safari_ai.web.site import export_site, find_wasm

ROOT = Path(__file__).resolve().parents[1]
pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="no Chromium found (apt-get install chromium)"),
    pytest.mark.skipif(
        find_wasm() is None, reason="the WebAssembly module is not built (make -C csrc wasm)"
    ),
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
    proc = subprocess.Popen(
        [
            sys.executable,
            "-u",
            "-m",
            "http.server",
            "0",
            "--bind",
            "127.0.0.1",
            "-d",
            str(directory),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        match = re.search(r"port (\d+)", line)
        assert match, f"http.server did not say its port: {line!r}"
        yield f"http://127.0.0.1:{match.group(1)}/"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture
def page(browser: Any, site: str) -> Iterator[Any]:
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
    page.wait_for_function(
        "document.getElementById('out').textContent.startsWith('best ')", timeout=30000
    )
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
    assert out["ticksWhileSearching"] >= 20  # the page's timers ran meanwhile
    assert out["stoppedAfter"] < 5000  # not the 10 s asked for
    assert out["progress"] and out["report"]["depth"] == out["progress"][-1]
    legal = safari_ai.Position.new("zebras").legal_moves()
    assert out["report"]["bestmove"] in legal
    assert out["again"]["bestmove"] in legal  # a fresh worker after stop
    assert json.dumps(out["again"]).count("error") == 0


# -- the page itself, from the static site ------------------------------------------


def start_game(
    page: Any, url: str, game: str, kind: str, value: int, seats: dict[int, str] | None = None
) -> None:
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
    assert sum(1 for by, _ in state if by not in (0, "chance")) >= 2, state  # the engine replied
    assert page.locator("#board svg [data-cell], #board svg [data-hex]").count() > 30  # render.js
    page.check("#analyse")
    page.wait_for_function("document.getElementById('engine-info').textContent.startsWith('depth')")


def test_static_page_ostrich_engine_seats_play_with_hidden_tiles(page: Any, site: str) -> None:
    """Issue 31 (a): in the static site the race's engine seats move, each
    searching with the tiles it cannot see redrawn (the core's sampled
    search, in the worker): every engine move is the native
    ``analyse(predictions="sampled", player=seat)``'s at the page's seed."""
    start_game(page, site, "ostrich", "depth", 1, seats={0: "human", 1: "engine"})
    for _ in range(40):  # until the engine has moved twice
        bys = page.evaluate("window.safari.state.plies.map((p) => p.by)")
        if bys.count(1) >= 2 or page.evaluate("document.body.dataset.toMove") == "terminal":
            break
        moves = page.evaluate("window.safari.humanMoves()")
        assert moves, page.inner_text("#status")
        play_typed(page, moves[0])
    assert "serve" not in page.inner_text("#message")
    start = page.evaluate("window.safari.state.start")
    plies = page.evaluate("window.safari.state.plies.map((p) => [p.by, p.move, p.pos])")
    seed = int(page.input_value("#seed") or 0)
    engine = 0
    for index, (by, move, _) in enumerate(plies):
        if by != 1:
            continue
        before = safari_ai.Position.from_json(start if index == 0 else plies[index - 1][2])
        native = safari_ai.analyse(before, depth=1, seed=seed, predictions="sampled", player=1)
        assert move == native.best_move, (index, move)
        engine += 1
    assert engine >= 2, plies


def finished_record(game: str, seed: int) -> dict[str, Any]:
    """A whole game of ``game`` by seeded random moves, as a record."""
    from safari_ai.record import GameRecord

    rng = random.Random(seed)
    pos = safari_ai.Position.new(game)
    record = GameRecord(start=pos.to_json())
    while not pos.is_terminal() and len(record.moves) < 400:
        moves = pos.legal_moves() or [o for o, _ in pos.chance_outcomes()]
        move = rng.choice(moves)
        record.add(pos.to_move, move)
        pos = pos.apply(move)
    record.result = pos.result() if pos.is_terminal() else None
    return record.to_json()


def load_record(page: Any, site: str, tmp_path: Path, record: dict[str, Any]) -> None:
    """Opens the site's page and loads ``record`` from a file, as a person would."""
    page.goto(site + "index.html?roll_ms=0")
    page.wait_for_function("document.body.dataset.idle === 'true'")
    (tmp_path / "record.json").write_text(json.dumps(record))
    page.set_input_files("#load", str(tmp_path / "record.json"))
    page.wait_for_function("document.getElementById('message').textContent.includes('record')")


def test_static_page_loads_a_game_record(page: Any, site: str, tmp_path: Path) -> None:
    """Issue 31 (b): the static site loads a record (the core's record reader
    in the module) and shows every ply, as behind `safari-ai serve`; a bad
    record is refused with the reader's message naming the ply."""
    record = finished_record("zebras", 3)
    load_record(page, site, tmp_path, record)
    assert "Loaded a game record" in page.inner_text("#message")
    plies = page.evaluate("window.safari.state.plies.map((p) => [p.by, p.move, p.pos])")
    positions = safari_ai.record.GameRecord.from_json(record).replay()
    assert [(by, move) for by, move, _ in plies] == [(m["by"], m["move"]) for m in record["moves"]]
    assert [pos for _, _, pos in plies] == [p.to_json() for p in positions[1:]]
    bad = json.loads(json.dumps(record))
    bad["moves"][5]["move"] = "zz"
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    page.set_input_files("#load", str(tmp_path / "bad.json"))
    page.wait_for_function("document.getElementById('message').textContent.includes('ply 6')")
    assert page.inner_text("#message").startswith("Load: record: ply 6: ")


def test_static_page_analyses_a_loaded_record(page: Any, site: str, tmp_path: Path) -> None:
    """Issue 31 (c): in the static site *Analyse the game* runs the core's
    whole-game analysis in the worker: the table, marks and summary are the
    native analysis's (the marked moves' reasons aside, Python)."""
    from safari_ai.annotate import annotate

    record = finished_record("turtles", 5)
    load_record(page, site, tmp_path, record)
    page.select_option("#review-kind", "level:quick")
    page.click("#review-run")
    page.wait_for_function(
        "document.getElementById('review-text').textContent.startsWith('analysed')", timeout=60000
    )
    got = page.evaluate("window.safari.state.review")
    want = annotate(safari_ai.record.GameRecord.from_json(record), level="quick").plies
    # floats to 12 digits: the evaluation's tanh is wasi-libc's in the module
    assert untimed([{k: v for k, v in p.items() if k != "reason"} for p in want]) == untimed(got)
    rows = page.locator("#review-table tbody tr").count()
    assert rows == len(record["moves"])
    assert page.locator("#review-summary tbody tr").count() == 2
    assert "serve" not in page.inner_text("#message")


@pytest.mark.parametrize(
    "game,rules",
    [
        pytest.param("turtles", {"max_turns": 24}, id="turtles"),
        pytest.param("zebras", {}, id="zebras"),
        pytest.param("arena", {}, id="arena", marks=pytest.mark.slow),
    ],
)
def test_static_page_whole_game_by_clicks(
    page: Any, site: str, game: str, rules: dict[str, Any]
) -> None:
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
    assert page.evaluate("performance.now()") - started < 3000  # not the 9 s asked for
    by, move = page.evaluate("[window.safari.state.plies[1].by, window.safari.state.plies[1].move]")
    assert by == 1
    assert move in safari_ai.Position.new("zebras").apply(play_move).legal_moves()
