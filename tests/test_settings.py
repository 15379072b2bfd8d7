"""One table of search settings (safari_ai.settings), one verdict everywhere.

The same accepted and refused values (each bound, one past it, wrong types,
unknown names) go to every front end that takes the setting: the command
line (``analyse``'s options, parsed by click), the protocol (``setoption``
and ``go``), the HTTP API (``POST /api/analyse``), the WebSocket engine and
match specs. Each must accept or refuse alike, and a refusal must name the
setting the same way (``<name> must be ...``)."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest

from safari_ai import settings
from safari_ai.cli import analyse as analyse_command
from safari_ai.match import parse_spec
from safari_ai.protocol import Engine
from safari_ai.protocol.go import GoRequest
from safari_ai.protocol.text import ProtocolError

pytest.importorskip("starlette", reason="the web extra is not installed (pip install '.[web]')")
pytest.importorskip("httpx", reason="httpx is needed by Starlette's TestClient")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from safari_ai.web.app import ServerConfig, create_app

LIMITS = ("depth", "nodes", "movetime")
OPTIONS = ("seed", "multipv", "threads", "hash_mb")


def _cases(name: str) -> list[tuple[Any, bool]]:
    """(value, accepted): each bound, one past each, and values of the wrong type."""
    low, high = settings.bounds(name)
    return [
        (low, True),
        (high, True),
        (low - 1, False),
        (high + 1, False),
        (3.0, False),
        ("3", False),
        (True, False),
    ]


def _text(value: Any) -> str:
    """The value as a text front end spells it (a float as 3.0, a string as x3)."""
    if isinstance(value, bool):
        return "true"
    if isinstance(value, str):
        return "x" + value
    return str(value)


# -- the front ends: each returns None (accepted) or the refusal's message --


def _cli(name: str, value: Any, position: Path) -> str | None:
    flag = settings.setting(name).cli
    assert flag is not None
    try:
        analyse_command.make_context("analyse", [str(position), flag, _text(value)])
    except click.BadParameter as error:
        return error.format_message()
    return None


def _protocol(name: str, value: Any) -> str | None:
    if name in LIMITS:
        try:
            GoRequest.parse([name, _text(value)])
        except ProtocolError as error:
            return str(error)
        return None
    option = settings.setting(name).option
    lines = Engine().feed(f"setoption name {option} value {_text(value)}")
    return lines[0] if lines else None


def _http(client: TestClient, name: str, value: Any) -> str | None:
    body: dict[str, Any] = {"position": {"game": "turtles"}}
    if name in LIMITS:
        others = {"movetime": 20} if name != "movetime" else {"depth": 1}
        body["limits"] = {name: value, **others}
        field = f"limits.{name}"
    else:
        body[name] = value
        body["limits"] = {"depth": 1}
        field = name
    from safari_ai.position import Position

    body["position"] = Position.new("turtles").to_json()
    answer = client.post("/api/analyse", json=body)
    if answer.status_code == 200:
        return None
    data = answer.json()
    assert answer.status_code == 400 and data["field"] == field, data
    return str(data["error"])


def _spec(name: str, value: Any) -> str | None:
    key = "hash" if name == "hash_mb" else name
    try:
        parse_spec(f"algo=alphabeta,{key}={_text(value)}")
    except ValueError as error:
        return str(error)
    return None


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    high = settings.bounds("movetime")[1]
    config = ServerConfig(
        max_movetime_ms=high,
        workers=2,
        max_threads=settings.bounds("threads")[1],
        max_hash_mb=settings.bounds("hash_mb")[1],
    )
    with TestClient(create_app(config), base_url="http://127.0.0.1") as test_client:
        yield test_client


@pytest.fixture(scope="module")
def position(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pos") / "start.json"
    from safari_ai.position import Position

    path.write_text(json.dumps(Position.new("turtles").to_json()))
    return path


def _check(verdicts: dict[str, str | None], name: str, value: Any, accepted: bool) -> None:
    for front_end, message in verdicts.items():
        assert (message is None) == accepted, (front_end, name, value, message)
        if message is not None:
            assert f"{name} must be" in message, (front_end, name, value, message)


@pytest.mark.parametrize("name", LIMITS + ("seed", "multipv"))
def test_every_front_end_gives_the_same_verdict(
    name: str, client: TestClient, position: Path
) -> None:
    for value, accepted in _cases(name):
        verdicts = {
            "cli": _cli(name, value, position),
            "protocol": _protocol(name, value),
            "http": _http(client, name, value),
        }
        past_a_spec = (
            name == "movetime" and isinstance(value, int) and value >= settings.bounds(name)[1]
        )
        if name in LIMITS and not past_a_spec:
            verdicts["spec"] = _spec(name, value)
        _check(verdicts, name, value, accepted)
    if name == "movetime":  # a spec narrows it to what any engine's clock holds (2^31 - 1 ms)
        assert _spec(name, 2**31 - 1) is None
        assert "movetime must be an integer in 1..2147483647" in str(_spec(name, 2**31))


@pytest.mark.parametrize("name", ("threads", "hash_mb"))
def test_engine_options_and_the_command_line_agree(
    name: str, client: TestClient, position: Path
) -> None:
    option = settings.setting(name).option
    for value, accepted in _cases(name):
        verdicts = {"cli": _cli(name, value, position), "protocol": _protocol(name, value)}
        with client.websocket_connect("/api/engine", headers={"host": "127.0.0.1"}) as ws:
            ws.send_text(f"setoption name {option} value {_text(value)}")
            ws.send_text("isready")
            answer = ws.receive_text()
            verdicts["websocket"] = None if answer == "readyok" else answer
        if name == "hash_mb":
            verdicts["spec"] = _spec(name, value)
        _check(verdicts, name, value, accepted)


def test_unknown_names_are_refused_and_named(client: TestClient, position: Path) -> None:
    from safari_ai.position import Position

    start = Position.new("turtles").to_json()
    answer = client.post("/api/analyse", json={"position": start, "multiPV": 3})
    assert answer.status_code == 400 and answer.json()["field"] == "multiPV"
    answer = client.post("/api/analyse", json={"position": start, "limits": {"plies": 3}})
    assert answer.status_code == 400 and answer.json()["field"] == "limits.plies"
    with pytest.raises(click.NoSuchOption):
        analyse_command.make_context("analyse", [str(position), "--multiPV", "3"])
    assert "unknown parameter 'plies'" in str(
        pytest.raises(ProtocolError, GoRequest.parse, ["plies", "3"]).value
    )
    assert Engine().feed("setoption name multiPV value 3") == []  # UCI: names are case-free
    assert "Plies" in Engine().feed("setoption name Plies value 3")[0]
    assert "unknown key 'plies'" in str(pytest.raises(ValueError, parse_spec, "plies=3").value)


def test_the_seed_is_c_s_uint64_everywhere(client: TestClient) -> None:
    assert settings.bounds("seed") == (0, 2**64 - 1)
    handshake = Engine().feed("safari")
    assert f"option name Seed type spin default 0 min 0 max {2**64 - 1}" in handshake
    schema = client.get("/api/schema").json()
    assert schema["properties"]["seed"]["maximum"] == 2**64 - 1


def test_a_server_advertises_the_caps_it_enforces() -> None:
    config = ServerConfig(max_movetime_ms=500, max_threads=2, max_hash_mb=64)
    with TestClient(create_app(config), base_url="http://127.0.0.1") as client:
        properties = client.get("/api/schema").json()["properties"]
        assert properties["movetime"]["maximum"] == 500
        assert properties["threads"]["maximum"] == 2
        assert properties["hash_mb"]["maximum"] == 64
        assert properties["depth"]["maximum"] == settings.bounds("depth")[1]
        with client.websocket_connect("/api/engine", headers={"host": "127.0.0.1"}) as ws:
            ws.send_text("safari")
            lines = []
            while not lines or lines[-1] != "safariok":
                lines.append(ws.receive_text())
        assert "option name Threads type spin default 1 min 1 max 2" in lines
        assert "option name Hash type spin default 16 min 1 max 64" in lines
        from safari_ai.position import Position

        start = Position.new("turtles").to_json()
        answer = client.post("/api/analyse", json={"position": start, "limits": {"movetime": 501}})
        assert answer.status_code == 400 and answer.json()["field"] == "limits.movetime"
        assert "1..500" in answer.json()["error"]


def test_the_schema_lists_every_setting_once(client: TestClient) -> None:
    schema = client.get("/api/schema").json()
    assert list(schema["properties"]) == [item.name for item in settings.SETTINGS]
    assert schema["properties"]["algo"]["enum"] == list(settings.setting("algo").choices)
    assert schema["x-endpoints"]["/api/analyse"][0] == "position"
