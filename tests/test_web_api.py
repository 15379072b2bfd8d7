"""The HTTP and WebSocket API of ``safari-ai serve`` (docs/web.md).

Every endpoint is checked against the command line's own output for the same
request; every bad input gets HTTP 400 (413 for a body too large) with
``{"error", "field"}`` and the server keeps serving; 16 concurrent analyses on
a real uvicorn server are all answered; the WebSocket speaks the engine protocol.
"""

from __future__ import annotations

import asyncio
import json
import random
import socket
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install '.[web]')")
pytest.importorskip("httpx", reason="httpx is needed by Starlette's TestClient")

import httpx
from click.testing import CliRunner

with warnings.catch_warnings():
    # Starlette 1.x announces a move from httpx to httpx2 for its TestClient
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from local_client import LocalClient

import safari_ai
from safari_ai.cli import main as cli
from safari_ai.protocol import Engine
from safari_ai.web.app import ServerConfig, create_app


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with LocalClient(
        create_app(ServerConfig(max_movetime_ms=2000, workers=2, max_body_bytes=200_000))
    ) as test_client:
        yield test_client


def run_cli(*args: str, stdin: str | None = None) -> str:
    result = CliRunner().invoke(cli, list(args), input=stdin)
    assert result.exit_code == 0, result.output
    return result.stdout


def cli_json(*args: str, stdin: str | None = None) -> Any:
    return json.loads(run_cli(*args, stdin=stdin))


def walk(game: str, plies: int, rules: dict[str, Any] | None = None) -> safari_ai.Position:
    """The position after ``plies`` first moves (first outcomes at chance)."""
    pos = safari_ai.Position.new(game, rules or {})
    for _ in range(plies):
        if pos.is_terminal():
            break
        pos = pos.apply(pos.chance_outcomes()[0][0] if pos.is_chance() else pos.legal_moves()[0])
    return pos


def to_decision(game: str, rules: dict[str, Any] | None = None) -> safari_ai.Position:
    pos = safari_ai.Position.new(game, rules or {})
    while pos.is_chance():
        pos = pos.apply(pos.chance_outcomes()[-1][0])
    return pos


def to_end(game: str) -> safari_ai.Position:
    pos = safari_ai.Position.new(game, {"max_turns": 4} if game == "turtles" else {})
    while not pos.is_terminal():
        pos = pos.apply(pos.chance_outcomes()[0][0] if pos.is_chance() else pos.legal_moves()[-1])
    return pos


def ok(response: httpx.Response) -> Any:
    assert response.status_code == 200, response.text
    return response.json()


# -- every endpoint answers as the CLI does -----------------------------------


def test_games_lists_each_game_with_its_rules(client: TestClient) -> None:
    games = ok(client.get("/api/games"))["games"]
    assert [g["name"] for g in games] == list(safari_ai.game_names())
    for facts in games:
        start = cli_json("new", facts["name"])
        assert facts["rules"] == start["rules"]
        assert {o["key"]: o["default"] for o in facts["options"]} == start["rules"]
        assert facts["players"] == safari_ai.Position.new(facts["name"]).num_players


@pytest.mark.parametrize(
    "game,rules,cli_rules",
    [
        ("turtles", {}, []),
        (
            "turtles",
            {"tattoo": True, "max_turns": 60},
            ["--rules", "tattoo=true", "--rules", "max_turns=60"],
        ),
        ("zebras", {"croc_chain": False}, ["--rules", "croc_chain=false"]),
        ("ostrich", {"players": 3, "lion": True}, ["--rules", "players=3", "--rules", "lion=true"]),
        ("arena", {}, []),
    ],
)
def test_new_is_cli_new(
    client: TestClient, game: str, rules: dict[str, Any], cli_rules: list[str]
) -> None:
    assert ok(client.post("/api/new", json={"game": game, "rules": rules})) == cli_json(
        "new", game, *cli_rules
    )


@pytest.mark.parametrize(
    "pos",
    [
        walk("turtles", 3),
        walk("zebras", 2),
        walk("ostrich", 0),
        to_decision("ostrich"),
        walk("arena", 0),
        to_decision("arena"),
        to_end("zebras"),
    ],
    ids=[
        "turtles",
        "zebras",
        "ostrich-deal",
        "ostrich-decision",
        "arena-initiative",
        "arena-decision",
        "zebras-end",
    ],
)
def test_moves_is_cli_moves_json(client: TestClient, pos: safari_ai.Position) -> None:
    answer = ok(client.post("/api/moves", json={"position": pos.to_json()}))
    expected = cli_json("moves", "-", "--json", stdin=json.dumps(pos.to_json()))
    if pos.is_chance():
        assert answer == {"outcomes": expected}
        assert all(isinstance(p, str) and "/" in p for _, p in answer["outcomes"])
    elif pos.is_terminal():
        assert answer == {"moves": expected, "result": pos.result()}
    else:
        assert answer == {"moves": expected}


@pytest.mark.parametrize("game", safari_ai.game_names())
def test_apply_is_cli_apply(client: TestClient, game: str) -> None:
    pos = safari_ai.Position.new(game)
    moves = []
    for _ in range(5):
        move = pos.chance_outcomes()[-1][0] if pos.is_chance() else pos.legal_moves()[-1]
        moves.append(move)
        pos = pos.apply(move)
    start = safari_ai.Position.new(game).to_json()
    answer = ok(client.post("/api/apply", json={"position": start, "moves": moves}))
    assert answer == cli_json("apply", "-", *moves, stdin=json.dumps(start))
    assert answer == pos.to_json()


TIMING = {"nps", "seconds"}


@pytest.mark.parametrize(
    "game,depth,multipv", [("turtles", 4, 2), ("zebras", 2, 3), ("ostrich", 1, 1), ("arena", 2, 2)]
)
def test_analyse_is_cli_analyse_json(
    client: TestClient, game: str, depth: int, multipv: int
) -> None:
    pos = to_decision(game, {"players": 2} if game == "ostrich" else None)
    answer = ok(
        client.post(
            "/api/analyse",
            json={
                "position": pos.to_json(),
                "limits": {"depth": depth},
                "multipv": multipv,
                "seed": 5,
            },
        )
    )
    expected = cli_json(
        "analyse",
        "-",
        "--json",
        "--quiet",
        "--depth",
        str(depth),
        "--multipv",
        str(multipv),
        "--seed",
        "5",
        stdin=json.dumps(pos.to_json()),
    )
    assert set(answer) == set(expected)
    assert {k: v for k, v in answer.items() if k not in TIMING} == {
        k: v for k, v in expected.items() if k not in TIMING
    }
    assert answer["bestmove"] in pos.legal_moves()


def test_analyse_ostrich_sampled_predictions_is_cli(client: TestClient) -> None:
    pos = to_decision("ostrich", {"players": 2})
    body = {
        "position": pos.to_json(),
        "limits": {"depth": 1},
        "predictions": "sampled",
        "player": 0,
        "seed": 3,
    }
    answer = ok(client.post("/api/analyse", json=body))
    expected = cli_json(
        "analyse",
        "-",
        "--json",
        "--quiet",
        "--depth",
        "1",
        "--seed",
        "3",
        "--predictions",
        "sampled",
        "--player",
        "0",
        stdin=json.dumps(pos.to_json()),
    )
    assert {k: v for k, v in answer.items() if k not in TIMING} == {
        k: v for k, v in expected.items() if k not in TIMING
    }
    assert answer["predictions"] == "sampled"


def _record(game: str, plies: int) -> dict[str, Any]:
    pos = safari_ai.Position.new(game)
    start = pos.to_json()
    moves = []
    for ply in range(1, plies + 1):
        by = "chance" if pos.is_chance() else pos.to_move
        move = pos.chance_outcomes()[0][0] if pos.is_chance() else pos.legal_moves()[0]
        moves.append({"ply": ply, "by": by, "move": move})
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


@pytest.mark.parametrize(
    "game,plies,depth", [("turtles", 6, 2), ("arena", 6, 2), ("ostrich", 16, 1)]
)
def test_analyse_record_is_cli_analyse_record(
    client: TestClient, game: str, plies: int, depth: int
) -> None:
    record = _record(game, plies)
    limits = {"depth": depth}
    answer = ok(client.post("/api/analyse", json={"record": record, "limits": limits}))
    expected = cli_json(
        "analyse", "-", "--json", "--quiet", "--depth", str(depth), stdin=json.dumps(record)
    )
    timing = "seconds"  # how long the analysis took: the one figure that may differ
    assert {**answer, timing: None} == {**expected, timing: None}
    assert len(answer["plies"]) == plies
    # a record given as the "position", as the CLI's argument may be either
    again = ok(client.post("/api/analyse", json={"position": record, "limits": limits}))
    assert {**again, timing: None} == {**expected, timing: None}
    # streamed: the progress, then the same analysis
    progress, result = streamed(client, {"record": record, "limits": limits})
    assert {**result, timing: None} == {**expected, timing: None}
    assert {k: v for k, v in progress[-1].items() if k != "ply"} == {
        "done": plies + 1,
        "total": plies + 1,
    }
    # each ply's entry streams as soon as it is complete: the graph fills in live
    assert [p["ply"] for p in progress if "ply" in p] == result["plies"]
    first = next(n for n, p in enumerate(progress) if "ply" in p)
    assert progress[first]["done"] < plies + 1


def random_record(
    game: str, plies: int, seed: int, rules: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A record of ``plies`` random moves and rolls (fewer if the game ends)."""
    rng = random.Random(seed)
    pos = safari_ai.Position.new(game, rules or {})
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


def streamed(client: TestClient, body: dict[str, Any]) -> tuple[list[Any], Any]:
    """A ``"stream": true`` analysis: its progress lines and its result."""
    progress, result = [], None
    with client.stream("POST", "/api/analyse", json={**body, "stream": True}) as response:
        assert response.status_code == 200, response.read()
        assert response.headers["content-type"].startswith("application/x-ndjson")
        for line in response.iter_lines():
            if not line:
                continue  # a keep-alive
            item = json.loads(line)
            assert result is None, "nothing after the result"
            assert set(item) in ({"progress"}, {"result"}), item
            if "progress" in item:
                progress.append(item["progress"])
            else:
                result = item["result"]
    assert result is not None
    return progress, result


def test_ostrich_race_record_is_analysed_with_luck_for_every_player(client: TestClient) -> None:
    # 3 players, 40 plies: the deals, 11 rolls of up to 1,512 outcomes; one search a position
    record = random_record("ostrich", 40, seed=4, rules={"players": 3})
    started = time.perf_counter()
    progress, result = streamed(client, {"record": record, "limits": {"movetime": 20}})
    elapsed = time.perf_counter() - started
    assert len(result["plies"]) == 40 and result["units"] == "points"
    assert [p["done"] for p in progress] == sorted(p["done"] for p in progress)
    assert {k: v for k, v in progress[-1].items() if k != "ply"} == {"done": 41, "total": 41}
    assert len(progress) >= 20
    assert [p["ply"] for p in progress if "ply" in p] == result["plies"]
    rolls = [p for p in result["plies"] if p["by"] == "chance"]
    assert len(rolls) >= 10
    for ply in rolls:
        assert len(ply["luck"]) == 3 and all(isinstance(x, float) for x in ply["luck"]), ply
    for ply in result["plies"]:
        if ply["by"] != "chance":
            assert ply["best"] and ply["error"] >= 0, ply
    assert set(result["summary"]) == {"0", "1", "2"}
    for row in result["summary"].values():
        assert row["rolls"] == len(rolls) and isinstance(row["total_luck"], float)
    # each search stopped at 20 ms (the 2 s cap of this server never reached)
    assert result["limits"] == {"movetime": 20}
    assert elapsed < 41 * 2.0, elapsed


def test_streamed_sampled_analysis_shows_each_sample_as_it_goes(client: TestClient) -> None:
    pos = to_decision("ostrich", {"players": 3})
    body = {
        "position": pos.to_json(),
        "limits": {"depth": 2},
        "predictions": "sampled",
        "player": 1,
        "multipv": 2,
        "seed": 4,
    }
    progress, result = streamed(client, body)
    expected = ok(client.post("/api/analyse", json=body))
    assert {k: v for k, v in result.items() if k not in TIMING} == {
        k: v for k, v in expected.items() if k not in TIMING
    }
    samples = [p["sample"] for p in progress]
    assert samples == sorted(samples) and samples[0] == 1 and samples[-1] == result["samples"]
    assert {p["depth"] for p in progress} >= {1, 2}
    for partial in progress:
        assert partial["predictions"] == "sampled" and partial["player"] == 1
        assert partial["bestmove"] in pos.legal_moves() and len(partial["lines"]) <= 2
        assert len(partial["expected"]) == 3
    assert [p["nodes"] for p in progress] == sorted(p["nodes"] for p in progress)


def test_a_quiet_stream_sends_keep_alives(client: TestClient) -> None:
    # two searches of 700 ms with no progress between: blank lines keep the line busy
    body = {"record": _record("turtles", 1), "limits": {"movetime": 700}, "stream": True}
    with client.stream("POST", "/api/analyse", json=body) as response:
        lines = list(response.iter_lines())
    assert lines.count("") >= 1, lines
    items = [json.loads(line) for line in lines if line]
    # the counts, then the ply's entry once complete (the graph's live values)
    assert [item["progress"]["done"] for item in items[:-1]] == [1, 2, 2]
    assert items[-2]["progress"]["ply"] == items[-1]["result"]["plies"][0]
    assert len(items[-1]["result"]["plies"]) == 1


def test_record_analysis_over_the_budget_is_refused_before_searching() -> None:
    with LocalClient(create_app(ServerConfig(record_budget_s=1.0))) as small:
        record = _record("turtles", 6)  # 7 positions x 500 ms > 1 s
        response = small.post("/api/analyse", json={"record": record, "limits": {"movetime": 500}})
        assert response.status_code == 400
        answer = response.json()
        assert answer["field"] == "limits.movetime" and "at most 142 ms" in answer["error"]
        ok(small.post("/api/analyse", json={"record": record, "limits": {"movetime": 100}}))


# -- an unexpected failure is a JSON answer too --------------------------------


def test_an_unexpected_exception_is_a_json_500(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import safari_ai.annotate
    import safari_ai.web.app as web_app

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug\nwith a second line")

    monkeypatch.setattr(web_app, "moves_json", broken)
    response = client.post("/api/moves", json={"position": START})
    assert response.status_code == 500
    assert response.json() == {"error": "internal error: RuntimeError: a bug", "field": None}
    # in a search on the pool, and in a streamed answer (its last line)
    monkeypatch.setattr(safari_ai.annotate, "annotate", broken)
    record = {"record": _record("turtles", 2), "limits": {"depth": 1}}
    response = client.post("/api/analyse", json=record)
    assert response.status_code == 500 and response.json()["field"] is None
    with client.stream("POST", "/api/analyse", json={**record, "stream": True}) as response:
        lines = [json.loads(line) for line in response.iter_lines() if line]
    assert lines == [{"error": "internal error: RuntimeError: a bug", "field": None}]
    # outside the API's routes too (the page itself)
    monkeypatch.setattr(web_app, "_static_dir", broken)
    plain = LocalClient(client.app, raise_server_exceptions=False)  # no second lifespan
    response = plain.get("/")
    assert response.status_code == 500
    assert response.json() == {"error": "internal error: RuntimeError: a bug", "field": None}
    monkeypatch.undo()
    # and the server goes on serving
    assert ok(client.post("/api/moves", json={"position": START}))["moves"]
    assert ok(client.post("/api/analyse", json=record))["plies"]


@pytest.mark.parametrize(
    "game,plies", [("turtles", 3), ("zebras", 4), ("ostrich", 12), ("arena", 5)]
)
def test_render_is_cli_render(client: TestClient, game: str, plies: int) -> None:
    pos = safari_ai.Position.new(game)
    last = None
    for _ in range(plies):
        last = pos.chance_outcomes()[0][0] if pos.is_chance() else pos.legal_moves()[0]
        pos = pos.apply(last)
    response = client.post("/api/render", json={"position": pos.to_json(), "last_move": last})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert response.text == run_cli(
        "render", "-", "--last-move", last, stdin=json.dumps(pos.to_json())
    )


def test_render_hides_the_other_players_prediction_tiles(client: TestClient) -> None:
    pos = to_decision("ostrich", {"players": 3})
    tiles = pos.to_json()["predictions"]
    svg = client.post("/api/render", json={"position": pos.to_json(), "seat": 1}).text
    assert f"player 1 predicts: {tiles[1]}" in svg
    assert tiles[0] not in svg and tiles[2] not in svg
    assert "player 0 predicts: ????" in svg


def test_replay_gives_every_position(client: TestClient) -> None:
    record = _record("zebras", 5)
    answer = ok(client.post("/api/replay", json={"record": record}))
    assert len(answer["positions"]) == 6
    assert answer["positions"][-1] == cli_json("replay", "-", "--json", stdin=json.dumps(record))


def test_page_and_static_files(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert 'src="/static/app.js"' in page.text
    for name, kind in (("app.js", "javascript"), ("style.css", "text/css")):
        response = client.get(f"/static/{name}")
        assert response.status_code == 200 and kind in response.headers["content-type"]
    assert client.get("/static/../app.py").status_code == 404


# -- bad input ------------------------------------------------------------------

START = safari_ai.Position.new("turtles").to_json()
BAD_BOARD = {**START, "board": {**START["board"], "z9": "0"}}
TERMINAL = to_end("turtles").to_json()
BAD = [
    ("/api/new", b"{not json", "body"),
    ("/api/new", [1, 2], "body"),
    ("/api/new", {}, "game"),
    ("/api/new", {"game": "chess"}, "game"),
    ("/api/new", {"game": "turtles", "rules": []}, "rules"),
    ("/api/new", {"game": "turtles", "rules": {"max_turns": -1}}, "rules.max_turns"),
    ("/api/moves", {}, "position"),
    ("/api/moves", {"position": "turtles"}, "position"),
    ("/api/moves", {"position": {**START, "game": "chess"}}, "position.game"),
    ("/api/moves", {"position": BAD_BOARD}, "position.board.z9"),
    ("/api/moves", {"position": {**START, "to_move": 1}}, "position.to_move"),
    ("/api/apply", {"position": START, "moves": "d1xd3"}, "moves"),
    ("/api/apply", {"position": START, "moves": ["d1xd3", "d1xd3"]}, "moves[1]"),
    ("/api/apply", {"position": START, "moves": [7]}, "moves"),
    ("/api/analyse", {"position": START, "limits": {"depth": 0}}, "limits.depth"),
    ("/api/analyse", {"position": START, "limits": {"depth": 121}}, "limits.depth"),
    ("/api/analyse", {"position": START, "limits": {"movetime": 2001}}, "limits.movetime"),
    ("/api/analyse", {"position": START, "limits": {"nodes": "many"}}, "limits.nodes"),
    ("/api/analyse", {"position": START, "limits": {"moves": 3}}, "limits.moves"),
    ("/api/analyse", {"position": START, "limits": 100}, "limits"),
    ("/api/analyse", {"position": START, "multipv": 17}, "multipv"),
    ("/api/analyse", {"position": START, "algo": "magic"}, "algo"),
    ("/api/analyse", {"position": START, "seed": -1}, "seed"),
    ("/api/analyse", {"position": START, "predictions": "sampled"}, "player"),
    ("/api/analyse", {"position": START, "stream": "yes"}, "stream"),
    (
        "/api/analyse",
        {
            "position": safari_ai.Position.new("ostrich").to_json(),
            "predictions": "sampled",
            "player": 0,
            "stream": True,
        },
        "position",
    ),
    ("/api/analyse", {"position": TERMINAL, "limits": {"depth": 1}, "stream": True}, "position"),
    ("/api/analyse", {"position": TERMINAL, "limits": {"depth": 1}}, "position"),
    ("/api/analyse", {"record": {"format": "safari-ai-record", "version": 9}}, "record"),
    (
        "/api/analyse",
        {"record": {**_record("turtles", 2), "moves": [{"ply": 1, "by": 0, "move": "a1-a7"}]}},
        "record",
    ),
    ("/api/render", {"position": START, "last_move": 5}, "last_move"),
    ("/api/render", {"position": START, "seat": 9}, "seat"),
    ("/api/replay", {}, "record"),
]


@pytest.mark.parametrize(
    "path,body,field", BAD, ids=[f"{p}-{f}-{i}" for i, (p, _, f) in enumerate(BAD)]
)
def test_bad_input_is_400_naming_the_field(
    client: TestClient, path: str, body: Any, field: str
) -> None:
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    response = client.post(path, content=content, headers={"content-type": "application/json"})
    assert response.status_code == 400, response.text
    answer = response.json()
    assert set(answer) == {"error", "field"}
    assert answer["field"] == field, answer
    assert answer["error"] and "\n" not in answer["error"] and "Traceback" not in answer["error"]
    assert ok(client.get("/api/games"))["games"]  # and the server keeps serving


def test_body_too_large_is_refused(client: TestClient) -> None:
    big = json.dumps({"position": START, "padding": "x" * 300_000})
    response = client.post(
        "/api/moves", content=big.encode(), headers={"content-type": "application/json"}
    )
    assert response.status_code == 413
    assert response.json()["field"] == "body"
    # without a Content-Length (chunked), the limit holds too
    response = client.post(
        "/api/moves",
        content=iter([big[:150_000].encode(), big[150_000:].encode()]),
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 413


def test_no_endpoint_takes_a_file_name(client: TestClient, tmp_path: Path) -> None:
    # a path where a position or record goes is just a bad value, never opened
    target = tmp_path / "pos.json"
    target.write_text(json.dumps(START))
    for path, body in (
        ("/api/moves", {"position": str(target)}),
        ("/api/analyse", {"record": str(target)}),
        ("/api/render", {"position": str(target)}),
    ):
        response = client.post(path, json=body)
        assert response.status_code == 400, (path, response.text)


# -- a real server: concurrency --------------------------------------------------


@pytest.fixture(scope="module")
def live() -> Iterator[tuple[str, Any]]:
    from serve_process import in_thread

    app = create_app(ServerConfig(max_movetime_ms=1500, workers=2))
    with in_thread(app) as address:
        yield f"http://{address}", app


def test_sixteen_concurrent_analyses_are_all_answered(live: tuple[str, Any]) -> None:
    url, app = live
    positions = [walk("turtles", n).to_json() for n in range(8)] + [
        walk("zebras", n).to_json() for n in range(8)
    ]

    async def run() -> list[httpx.Response]:
        async with httpx.AsyncClient(base_url=url, timeout=60) as http:
            return await asyncio.gather(
                *[
                    http.post("/api/analyse", json={"position": p, "limits": {"movetime": 100}})
                    for p in positions
                ]
            )

    started = time.perf_counter()
    answers = asyncio.run(run())
    elapsed = time.perf_counter() - started
    assert [r.status_code for r in answers] == [200] * 16
    for pos, response in zip(positions, answers):
        assert response.json()["bestmove"] in safari_ai.Position.from_json(pos).legal_moves()
    # two slots: the 16 searches of 100 ms ran in about 8 rounds, not all at once
    assert elapsed >= 0.7, elapsed
    assert app.state.server.slots._value == 2


def test_a_stream_closed_by_its_client_stops_its_search() -> None:
    # a server whose cap (20 s) would let the search run on
    from serve_process import in_thread

    app = create_app(ServerConfig(max_movetime_ms=20000, workers=1))
    pos = to_decision("ostrich", {"players": 2})
    body = {
        "position": pos.to_json(),
        "limits": {"movetime": 20000},
        "predictions": "sampled",
        "player": 0,
        "stream": True,
    }

    async def run() -> float:
        async with httpx.AsyncClient(base_url=url, timeout=60) as http:
            async with http.stream("POST", "/api/analyse", json=body) as response:
                async for line in response.aiter_lines():
                    if line:
                        assert "progress" in json.loads(line)
                        break  # then the client goes away
            closed = time.perf_counter()
            slots = app.state.server.slots
            while slots._value < 1 and time.perf_counter() - closed < 30:
                await asyncio.sleep(0.05)
            # the slot is free again: the next request is answered at once
            answer = await http.post(
                "/api/analyse", json={"position": START, "limits": {"depth": 1}}
            )
            assert answer.status_code == 200
            return time.perf_counter() - closed

    with in_thread(app) as address:
        url = f"http://{address}"
        freed = asyncio.run(run())
    assert freed < 10, freed  # stopped: not the 20 s the search had


# -- the engine WebSocket ------------------------------------------------------


def _until(ws: Any, prefix: str, limit: int = 500) -> list[str]:
    lines = []
    for _ in range(limit):
        line = ws.receive_text()
        lines.append(line)
        if line.startswith(prefix):
            return lines
    raise AssertionError(f"no {prefix!r} in {lines[-5:]}")


def test_engine_socket_speaks_the_protocol(client: TestClient) -> None:
    with client.websocket_connect("/api/engine") as ws:
        ws.send_text("safari")
        handshake = _until(ws, "safariok")
        assert handshake[0].startswith("id name safari_ai")
        assert any(line.startswith("option name turtles.tattoo") for line in handshake)
        ws.send_text("isready")
        assert ws.receive_text() == "readyok"
        ws.send_text("position startpos turtles moves d1xd3\ngo depth 4")  # two lines, one message
        lines = _until(ws, "bestmove")
        assert any(line.startswith("info depth 4") for line in lines)
        core = Engine()
        core.feed("position startpos turtles moves d1xd3")
        assert lines[-1] == core.feed("go depth 4")[-1]  # the same engine answers
        ws.send_text("fly")
        assert ws.receive_text().startswith("info string error: unknown command 'fly'")
        ws.send_text("position startpos arena")
        ws.send_text("moves")
        assert ws.receive_text() == "outcomes init:0 1/2 init:1 1/2"


def test_engine_socket_stop_and_server_limits(client: TestClient) -> None:
    with client.websocket_connect("/api/engine") as ws:
        ws.send_text("position startpos zebras")
        ws.send_text("go infinite")
        ws.send_text("stop")
        assert _until(ws, "bestmove")[-1].startswith("bestmove @")
        ws.send_text("perft 3")
        assert ws.receive_text().startswith("info string error: perft: not served")
        ws.send_text("setoption name Hash value 100000")
        assert "hash_mb must be an integer in 1..256" in ws.receive_text()
        ws.send_text("setoption name Threads value 4")
        assert "threads must be an integer in 1..1" in ws.receive_text()
        ws.send_text("go depth x")  # malformed: an error, no bestmove
        assert ws.receive_text().startswith("info string error: go:")
        # the operator's cap (2000 ms here) ends even an infinite search
        started = time.perf_counter()
        ws.send_text("go infinite")
        assert _until(ws, "bestmove")[-1].startswith("bestmove ")
        assert 1.5 < time.perf_counter() - started < 10
    slots = client.app.state.server.slots
    for _ in range(100):
        if slots._value == 2:
            break
        time.sleep(0.02)
    assert slots._value == 2  # every slot given back


def test_closing_the_socket_stops_its_search(client: TestClient) -> None:
    def searching() -> list[threading.Thread]:
        return [t for t in threading.enumerate() if t.name == "safari-search" and t.is_alive()]

    with client.websocket_connect("/api/engine") as ws:
        ws.send_text("position startpos turtles")
        ws.send_text("go infinite")
        ws.send_text("isready")
        assert _until(ws, "readyok")
        assert searching()
    slots = client.app.state.server.slots
    for _ in range(100):
        if not searching() and slots._value == 2:
            break
        time.sleep(0.02)
    assert not searching()
    assert slots._value == 2


# -- the command --------------------------------------------------------------


def test_serve_refuses_a_port_in_use() -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        result = CliRunner().invoke(cli, ["serve", "--port", str(taken.getsockname()[1])])
    finally:
        taken.close()
    assert result.exit_code == 1
    assert "error: cannot listen on 127.0.0.1:" in result.output


def test_serve_accepts_connections_as_soon_as_it_prints_its_url(tmp_path: Path) -> None:
    """The URL line is a promise: a client connecting the moment it is
    printed gets an answer (it was refused while uvicorn still started up,
    a flaky browser test under load)."""
    from serve_process import serving

    with serving(tmp_path) as url:
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
            conn.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            conn.settimeout(30)
            assert conn.recv(12).startswith(b"HTTP/1.1 200")


def test_engine_connections_are_bounded() -> None:
    from starlette.websockets import WebSocketDisconnect

    with LocalClient(create_app(ServerConfig(max_connections=1))) as small:
        with small.websocket_connect("/api/engine") as first:
            first.send_text("isready")
            assert first.receive_text() == "readyok"
            with pytest.raises(WebSocketDisconnect) as refused:
                with small.websocket_connect("/api/engine") as second:
                    second.receive_text()
            assert refused.value.code == 1013
        with small.websocket_connect("/api/engine") as again:  # the slot is free again
            again.send_text("isready")
            assert again.receive_text() == "readyok"


def test_analyse_makes_one_limits_and_passes_it_down(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The request's limits are one Limits, checked once, that reaches the C search as it is."""
    from safari_ai import _core
    from safari_ai.limits import Limits

    checks: list[Limits] = []
    received: list[Any] = []
    real_check, real_search = Limits.__post_init__, _core.search

    def counting_check(limits: Limits) -> None:
        checks.append(limits)
        real_check(limits)

    def spy_search(pos: Any, limits: Any, *args: Any, **kwargs: Any) -> Any:
        received.append(limits)
        return real_search(pos, limits, *args, **kwargs)

    monkeypatch.setattr(Limits, "__post_init__", counting_check)
    monkeypatch.setattr(_core, "search", spy_search)
    ok(
        client.post(
            "/api/analyse",
            json={
                "position": safari_ai.Position.new("turtles").to_json(),
                "limits": {"depth": 2},
                "multipv": 2,
                "seed": 5,
            },
        )
    )
    assert len(checks) == 1 and len(received) == 1 and received[0] is checks[0]  # checked once
    assert (checks[0].depth, checks[0].multipv, checks[0].seed) == (2, 2, 5)
    assert checks[0].movetime == 2000  # the server's cap, part of the one value
