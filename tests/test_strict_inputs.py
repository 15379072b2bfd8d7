"""Strict and plain everywhere (issue 29, point 2): unknown members refused
and named, wrong types named, empty bodies and unknown routes answered as
``{"error", "field"}``, ``last_move`` checked against the position drawn,
and ``moves`` at the end of a game saying so."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from safari_ai.cli import main
from safari_ai.position import Position

pytest.importorskip("starlette", reason="the web extra is not installed (pip install '.[web]')")
pytest.importorskip("httpx", reason="httpx is needed by Starlette's TestClient")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from safari_ai.web.app import FIELDS, ServerConfig, create_app

OVER = {
    "game": "turtles",
    "rules": {},
    "to_move": "terminal",
    "phase": "over",
    "side": 0,
    "turns": 0,
    "board": {"d6": "0", "d7": "1", "c6": "1", "e6": "1", "b1": "1", "d3": "n"},
    "reserve": [0, 0],
    "pending": [],
    "changing": None,
}


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(
        create_app(ServerConfig(max_movetime_ms=200, workers=1)), base_url="http://127.0.0.1"
    ) as test_client:
        yield test_client


def _refused(answer: Any, field: str, *words: str, status: int = 400) -> str:
    data = answer.json()
    assert answer.status_code == status and data["field"] == field, data
    for word in words:
        assert word in data["error"], (word, data)
    return str(data["error"])


def test_every_endpoint_refuses_a_member_it_does_not_read(client: TestClient) -> None:
    start = Position.new("turtles").to_json()
    for path in FIELDS:
        _refused(client.post(path, json={"multiPV": 3}), "multiPV", "unknown field 'multiPV'")
    _refused(client.post("/api/analyse", json={"position": start, "player": 0, "typo": 1}), "typo")


def test_wrong_types_name_the_type_found(client: TestClient) -> None:
    _refused(
        client.post("/api/new", json={"game": 5}),
        "game",
        "field 'game': expected a string, got an integer",
    )
    _refused(
        client.post("/api/new", json={"game": "ostrich", "rules": {"players": 3.0}}),
        "rules.players",
        "a float",
    )
    start = Position.new("turtles").to_json()
    _refused(
        client.post("/api/analyse", json={"position": start, "multipv": 2.0}),
        "multipv",
        "got a float",
    )
    _refused(
        client.post("/api/analyse", json={"position": start, "seed": "1"}), "seed", "got a string"
    )
    _refused(
        client.post("/api/analyse", json={"position": start, "stream": 1}),
        "stream",
        "got an integer",
    )
    _refused(
        client.post("/api/render", json={"position": start, "last_move": 7}),
        "last_move",
        "got an integer",
    )


def test_empty_bodies_and_unknown_routes_answer_json(client: TestClient) -> None:
    headers = {"content-type": "application/json"}
    _refused(client.post("/api/new", content=b"", headers=headers), "body", "empty")
    _refused(client.post("/api/new", content=b"  \n", headers=headers), "body", "empty")
    _refused(client.get("/api/nothing"), "route", "/api/nothing", status=404)
    _refused(client.post("/api/nothing", json={}), "route", status=404)
    _refused(client.get("/api/new"), "method", status=405)


def test_last_move_is_checked_against_the_position(client: TestClient, tmp_path: Path) -> None:
    start = Position.new("turtles")
    after = start.apply("d1xd3")
    # without the position before: the game's notation (turtles moves name cells)
    for bad in ("zz", "init:0", "", "d1 d3"):
        _refused(
            client.post("/api/render", json={"position": after.to_json(), "last_move": bad}),
            "last_move",
        )
    ok = client.post("/api/render", json={"position": after.to_json(), "last_move": "d1xd3"})
    assert ok.status_code == 200 and "last-move" in ok.text
    # with it: a legal move there, leading to the position drawn
    body = {"position": after.to_json(), "previous": start.to_json()}
    assert client.post("/api/render", json={**body, "last_move": "d1xd3"}).status_code == 200
    other = next(move for move in start.legal_moves() if move != "d1xd3")
    _refused(
        client.post("/api/render", json={**body, "last_move": other}), "last_move", "does not lead"
    )
    _refused(
        client.post("/api/render", json={**body, "last_move": "a7xa5"}),
        "last_move",
        "not a legal move",
    )
    # an arena outcome names no cell, and is taken as the move that led here
    arena = Position.new("arena")
    outcome = arena.chance_outcomes()[0][0]
    assert (
        client.post(
            "/api/render", json={"position": arena.apply(outcome).to_json(), "last_move": outcome}
        ).status_code
        == 200
    )
    # the command line: a position, then a record (the position before it known)
    path = tmp_path / "after.json"
    path.write_text(json.dumps(after.to_json()))
    result = CliRunner().invoke(main, ["render", str(path), "--last-move", "zz"])
    assert result.exit_code == 2 and "last_move" in result.stderr and "'zz'" in result.stderr
    record = tmp_path / "game.json"
    assert (
        CliRunner()
        .invoke(
            main,
            [
                "play",
                "turtles",
                "--side",
                "none",
                "--depth",
                "1",
                "--record",
                str(record),
                "--quiet",
                "--no-color",
            ],
            input="",
        )
        .exit_code
        == 0
    )
    result = CliRunner().invoke(main, ["render", str(record), "--ply", "1", "--last-move", "zz"])
    assert result.exit_code == 2 and "not a legal move" in result.stderr
    result = CliRunner().invoke(main, ["render", str(record), "--ply", "1"])
    assert result.exit_code == 0, result.output


def test_moves_at_the_end_of_a_game_says_so(tmp_path: Path) -> None:
    path = tmp_path / "over.json"
    path.write_text(json.dumps(OVER))
    for extra in ([], ["--json"]):
        result = CliRunner().invoke(main, ["moves", str(path), *extra])
        assert result.exit_code == 0
        assert result.stdout == ("[]\n" if extra else "")
        assert result.stderr.startswith("the game is over: result ")
