"""One position text, one verdict: every entry that reads a position accepts
it or refuses it alike, and a refusal names the same field (issue 16, point 3).

For each game a corpus of texts, valid ones (compact, pretty-printed, a
position some plies in) and invalid ones (a duplicate key, a float where an
integer belongs, a wrong type, a value out of range, an unknown field, a bad
rules option, truncated JSON, trailing garbage, not an object), goes to
``safari-ai moves``, ``analyse --depth 1``, ``perft --depth 1``, ``render``,
``replay`` of a record whose ``"start"`` is the text as written, the
protocol's ``position json``, :meth:`safari_ai.Position.from_json`, the batch
analysis (``safari_ai.batch.analyse_input``) and the web API's ``/api/moves``
(when the web extra is installed). Since the text reaches the C reader as
written in each of them, they agree; before, the batch analysis and the web
API read it with Python's ``json`` alone (a duplicate key was dropped there
and refused elsewhere) and passed C a re-encoding.
"""

from __future__ import annotations

import importlib.util
import json
import re
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import safari_ai
from safari_ai.cli import main
from safari_ai.protocol import Engine

GAMES = safari_ai.game_names()
FIELD = re.compile(r"field '([^']*)'")
Verdict = tuple[bool, str | None]  # (accepted, the field a refusal names)


def _start(game: str) -> dict[str, Any]:
    return safari_ai.Position.new(game).to_json()


def _played(game: str, plies: int) -> dict[str, Any]:
    pos = safari_ai.Position.new(game)
    for _ in range(plies):
        choices = pos.legal_moves() or [o for o, _ in pos.chance_outcomes()]
        if pos.is_terminal() or not choices:
            break
        pos = pos.apply(choices[0])
    return pos.to_json()


def _first_int_path(data: dict[str, Any]) -> list[str]:
    """The path of an integer field (not a bool): the rules' first, else a top-level one."""
    for where in (["rules"], []):
        holder = data
        for key in where:
            holder = holder[key]
        for key, value in holder.items():
            if isinstance(value, int) and not isinstance(value, bool):
                return where + [key]
    raise AssertionError(f"no integer field in {data['game']}")


def _set(data: dict[str, Any], path: list[str], value: Any) -> dict[str, Any]:
    copy = json.loads(json.dumps(data))
    holder = copy
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    return copy


def corpus(game: str) -> dict[str, tuple[str, Verdict | None]]:
    """``name -> (text, expected verdict or None when only agreement is checked)``."""
    start = _start(game)
    compact = json.dumps(start)
    int_path = _first_int_path(start)
    first_rule = next(iter(start["rules"]))
    cases: dict[str, tuple[str, Verdict | None]] = {
        "valid": (compact, (True, None)),
        "valid, pretty-printed": (json.dumps(start, indent=2), (True, None)),
        "valid, some plies in": (json.dumps(_played(game, 3)), (True, None)),
        "duplicate key": (
            compact.replace('"game": ', f'"game": "{game}", "game": ', 1),
            (False, None),
        ),
        "float where an integer belongs": (
            json.dumps(_set(start, int_path, float(_get(start, int_path)))),
            (False, ".".join(int_path)),
        ),
        "wrong type": (json.dumps(_set(start, ["to_move"], [])), (False, "to_move")),
        "out of range": (json.dumps(_set(start, ["to_move"], 7)), (False, "to_move")),
        "unknown field": (json.dumps(_set(start, ["bogus"], 1)), (False, "bogus")),
        "unknown rules option": (
            json.dumps(_set(start, ["rules", "no_such_rule"], 1)),
            (False, "rules.no_such_rule"),
        ),
        "bad rules value": (
            json.dumps(_set(start, ["rules", first_rule], "no-such-value")),
            (False, f"rules.{first_rule}"),
        ),
        "truncated": (compact[: len(compact) // 2], (False, None)),
        "trailing garbage": (compact + " x", (False, None)),
        "not an object": ("[" + compact + "]", (False, None)),
        "unknown game": (
            compact.replace(f'"game": "{game}"', '"game": "chess"', 1),
            (False, "game"),
        ),
    }
    return cases


def _get(data: dict[str, Any], path: list[str]) -> Any:
    for key in path:
        data = data[key]
    return data


# -- the entries --------------------------------------------------------------


def _field(message: str) -> str | None:
    found = FIELD.search(message)
    return found.group(1) if found else None


def _cli(args: list[str], text: str, tmp: Path) -> Verdict:
    path = tmp / "input.json"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, [*args[:1], str(path), *args[1:]])
    if result.exit_code == 0:
        return True, None
    errors = [line for line in result.output.splitlines() if line.startswith("error: ")]
    assert result.exit_code == 1 and len(errors) == 1, (args, result.output, result.exception)
    return False, _field(errors[0])


def _record_text(text: str) -> str:
    """A record of no moves whose start is ``text`` as written."""
    return (
        '{"format": "safari-ai-record", "version": 1, "players": [], "settings": {}, '
        f'"start": {text}, "moves": [], "result": null}}'
    )


def _replay(text: str, tmp: Path) -> Verdict:
    return _cli(["replay"], _record_text(text), tmp)


def _protocol(text: str, tmp: Path) -> Verdict:
    engine = Engine(new_tree=None)
    try:
        lines = engine.feed("position json " + " ".join(text.split("\n")))
    finally:
        engine.close()
    if not lines:
        return True, None
    assert len(lines) == 1 and lines[0].startswith("info string error: "), lines
    return False, _field(lines[0])


def _from_json(text: str, tmp: Path) -> Verdict:
    try:
        safari_ai.Position.from_json(text)
    except safari_ai.PositionError as error:
        assert error.field == _field(str(error)), (error.field, str(error))
        return False, error.field
    return True, None


def _batch(text: str, tmp: Path) -> Verdict:
    from safari_ai.batch import BatchTask, analyse_input

    out = analyse_input(BatchTask("input", text, {"limits": {"depth": 1}}))
    if "error" not in out:
        return True, None
    return False, _field(out["error"])


def _web(text: str, tmp: Path) -> Verdict:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Starlette's notice about httpx2
        from starlette.testclient import TestClient

    from safari_ai.web.app import ServerConfig, create_app

    with TestClient(
        create_app(ServerConfig(workers=1)), base_url="http://127.0.0.1"
    ) as client:  # a loopback name (docs/web.md)
        answer = client.post(
            "/api/moves",
            content='{"position": ' + text + "}",
            headers={"content-type": "application/json"},
        )
    if answer.status_code == 200:
        return True, None
    assert answer.status_code == 400, answer.text
    where = answer.json()["field"]
    # "position.FIELD" for a field of the position; "position" or "body" for
    # text that is not a position object at all
    return False, where.split(".", 1)[1] if where.startswith("position.") else None


ENTRIES: dict[str, Callable[[str, Path], Verdict]] = {
    "moves": lambda text, tmp: _cli(["moves"], text, tmp),
    "analyse --depth 1": lambda text, tmp: _cli(["analyse", "--depth", "1", "--quiet"], text, tmp),
    "perft --depth 1": lambda text, tmp: _cli(["perft", "--depth", "1"], text, tmp),
    "render": lambda text, tmp: _cli(["render"], text, tmp),
    "replay (record start)": _replay,
    "protocol position json": _protocol,
    "Position.from_json": _from_json,
    "batch analysis": _batch,
}
if importlib.util.find_spec("httpx") and importlib.util.find_spec("starlette"):
    ENTRIES["web /api/moves"] = _web  # else the web extra is not installed

CASES = [(game, name) for game in GAMES for name in corpus(game)]


@pytest.mark.parametrize("game, case", CASES, ids=[f"{g}-{c}" for g, c in CASES])
def test_every_entry_gives_the_same_verdict(game: str, case: str, tmp_path: Path) -> None:
    text, expected = corpus(game)[case]
    verdicts = {entry: read(text, tmp_path) for entry, read in ENTRIES.items()}
    assert len(set(verdicts.values())) == 1, verdicts
    if expected is not None:
        assert next(iter(verdicts.values())) == expected, verdicts


def test_the_corpus_has_every_kind_of_case() -> None:
    """Each game's corpus has valid texts and each kind of invalid one (the
    test above would pass vacuously on a corpus of valid texts only)."""
    for game in GAMES:
        cases = corpus(game)
        assert sum(1 for _, v in cases.values() if v and v[0]) == 3
        refused = [name for name, (_, v) in cases.items() if v and not v[0]]
        assert len(refused) == 11, refused
