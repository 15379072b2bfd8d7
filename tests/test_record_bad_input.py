"""Corrupted game records give a RecordError naming the field, never a KeyError,
ValueError or TypeError from deep inside (issue 21 point 10); ``replay`` checks
the stored result (point 7)."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import safari_ai
from safari_ai.cli import main
from safari_ai.record import GameRecord, RecordError


def _record(game: str = "turtles", plies: int = 5) -> dict[str, Any]:
    pos = safari_ai.Position.new(game)
    record = GameRecord(
        start=pos.to_json(), players=[{"seat": 0, "name": "a"}, {"seat": 1, "name": "b"}]
    )
    for _ in range(plies):
        move = pos.legal_moves()[0] if not pos.is_chance() else pos.chance_outcomes()[0][0]
        record.add(pos.to_move, move)
        pos = pos.apply(move)
    return record.to_json()


def _finished(game: str = "turtles") -> tuple[dict[str, Any], list[int]]:
    pos = safari_ai.Position.new(game)
    record = GameRecord(start=pos.to_json())
    rng = random.Random(5)
    while not pos.is_terminal():
        moves = pos.legal_moves() or [o for o, _ in pos.chance_outcomes()]
        move = rng.choice(moves)
        record.add(pos.to_move, move)
        pos = pos.apply(move)
    record.result = pos.result()
    return record.to_json(), pos.result()


def _with(data: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of ``data`` with the field at ``path`` (``moves.2.ply``) set, or
    deleted when ``value`` is ``...``."""
    out = copy.deepcopy(data)
    *parents, last = path.split(".")
    node: Any = out
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    key_: Any = int(last) if isinstance(node, list) else last
    if value is ...:
        del node[key_]
    else:
        node[key_] = value
    return out


CORRUPT = [
    ("moves.2.ply", ..., "moves[2].ply"),
    ("moves.2.ply", "3", "moves[2].ply"),
    ("moves.2.ply", 3.0, "moves[2].ply"),
    ("moves.0.ply", True, "moves[0].ply"),
    ("moves.2.ply", 7, "moves[2].ply"),
    ("moves.2.by", True, "moves[2].by"),
    ("moves.2.by", "0", "moves[2].by"),
    ("moves.2", "d1xd3", "moves[2]"),
    ("moves.2.move", 5, "moves[2]"),
    ("players", {"seat": 0}, "players"),
    ("players", "ab", "players"),
    ("players.0", 3, "players[0]"),
    ("settings", [], "settings"),
    ("settings", "x", "settings"),
    ("date", 5, "date"),
    ("termination", 5, "termination"),
    ("result", "1-0", "result"),
    ("result", [1, "x"], "result"),
    ("result", [True, False], "result"),
    ("game", "zebras", "game"),
    ("moves", {}, "moves"),
    ("start", [], "start"),
]


@pytest.mark.parametrize(("path", "value", "field"), CORRUPT)
def test_a_corrupted_record_names_its_field(path: str, value: Any, field: str) -> None:
    data = _with(_record(), path, value)
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(data).replay()
    assert str(info.value).startswith(field), str(info.value)


@pytest.mark.parametrize(("path", "value", "field"), CORRUPT)
def test_cli_replay_and_analyse_give_one_line(
    path: str, value: Any, field: str, tmp_path: Path
) -> None:
    file = tmp_path / "record.json"
    file.write_text(json.dumps(_with(_record(), path, value)))
    for command in (
        ["replay", str(file)],
        ["analyse", str(file), "--depth", "1"],
        ["render", str(file)],
    ):
        result = CliRunner().invoke(main, command)
        assert result.exit_code == 1, (command, result.output)
        assert not isinstance(result.exception, (KeyError, TypeError)) and isinstance(
            result.exception, SystemExit
        ), (command, result.exception)
        assert result.output.strip().count("\n") == 0
        assert f"{file}: {field}" in result.output, (command, result.output)


def test_replay_checks_the_stored_result(tmp_path: Path) -> None:
    data = _record(plies=5)
    data["result"] = [7, 7]
    file = tmp_path / "record.json"
    file.write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["replay", str(file)])
    assert result.exit_code == 1
    assert "result: [7, 7], but the game is not over after 5 plies" in result.output
    data["result"] = [0, 0]  # a match's draw at its ply cap
    file.write_text(json.dumps(data))
    assert CliRunner().invoke(main, ["replay", str(file)]).exit_code == 0
    data["result"] = [0, 0, 0]
    file.write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["replay", str(file)])
    assert result.exit_code == 1 and "result: [0, 0, 0] has 3 entries" in result.output


@pytest.mark.parametrize("game", ["turtles", "ostrich"])
def test_replay_checks_a_finished_games_result(game: str) -> None:
    data, final = _finished(game)
    GameRecord.from_json(data).replay()
    data["result"] = [-x for x in final] if any(final) else [1] * len(final)
    with pytest.raises(RecordError, match="result: .* but the game ends after"):
        GameRecord.from_json(data).replay()
    data["result"] = None  # unknown: accepted
    GameRecord.from_json(data).replay()


def test_load_uses_the_input_limits(tmp_path: Path) -> None:
    file = tmp_path / "deep.json"
    file.write_text("[" * 5000 + "]" * 5000)
    with pytest.raises(RecordError, match="deeper than"):
        GameRecord.load(file)
    file.write_text(json.dumps(_record()))
    assert len(GameRecord.load(file).moves) == 5


def test_a_forfeit_record_replays_and_a_false_one_is_refused() -> None:
    """A match's forfeit (docs/records.md) ends an unfinished game with a loss
    for the forfeiting seat; replay accepts exactly that result."""
    data = _record("turtles", 3)
    data["forfeit"] = {"role": "B", "seat": 1, "engine": "x", "error": "exited"}
    data["result"] = [1, -1]
    record = GameRecord.from_json(data)
    assert len(record.replay()) == 4
    assert record.to_json()["forfeit"]["seat"] == 1
    data["result"] = [-1, 1]  # the winner is the seat that forfeited: false
    with pytest.raises(RecordError, match="seat 1 forfeited"):
        GameRecord.from_json(data).replay()
    data["forfeit"] = {"seat": "one"}
    with pytest.raises(RecordError, match="forfeit.seat"):
        GameRecord.from_json(data)
    del data["forfeit"]
    data["result"] = [1, -1]
    with pytest.raises(RecordError, match="not over"):
        GameRecord.from_json(data).replay()


# -- the core's record reader against the reference (issue 31 (b)) ----------------


def corrupted_records(seed: int = 31, per_record: int = 50) -> list[str]:
    """Seeded corruptions of records of the four games: a field set to a value
    of another type (or deleted), a move made illegal, a mover changed, a
    result or forfeit stored; as JSON texts."""
    values: list[Any] = [
        None,
        True,
        False,
        0,
        1,
        -1,
        3,
        3.0,
        2.5,
        1e20,
        -0.0,
        "x",
        "it's",
        'a"b',
        "chance",
        "",
        [],
        {},
        [1, "x"],
        [1.0, -1.0],
        {"a": 1, "b": [None]},
        "\n\t\x01é",
    ]
    rng = random.Random(seed)
    texts = []
    for game, plies in (("turtles", 8), ("zebras", 6), ("ostrich", 12), ("arena", 10)):
        base = _record(game, plies)
        base["moves"][0]["comment"] = "opening"
        texts.append(json.dumps(base))
        paths = [
            ("format",),
            ("version",),
            ("game",),
            ("date",),
            ("players",),
            ("settings",),
            ("start",),
            ("moves",),
            ("result",),
            ("termination",),
            ("players", 0),
            ("start", "game"),
            ("start", "to_move"),
        ]
        paths += [("moves", i, key) for i in range(4) for key in ("ply", "by", "move")]
        paths += [("moves", i) for i in range(4)]
        for _ in range(per_record):
            data = copy.deepcopy(base)
            *parents, last = rng.choice(paths)
            node: Any = data
            for key in parents:
                node = node[key]
            if rng.random() < 0.15 and isinstance(node, dict):
                node.pop(last, None)
            else:
                node[last] = copy.deepcopy(rng.choice(values))
            texts.append(json.dumps(data))
        for _ in range(6):
            data = copy.deepcopy(base)
            data["moves"][rng.randrange(plies)]["move"] = rng.choice(
                ["zz", "d1xd3", "pred:ABCD", "", "a b", "é"]
            )
            texts.append(json.dumps(data))
            data = copy.deepcopy(base)
            data["moves"][rng.randrange(plies)]["by"] = rng.choice([0, 1, 2, "chance", 7])
            texts.append(json.dumps(data))
        for result in (
            [0, 0],
            [1, -1],
            [-1, 1],
            [7, 7],
            [0, 0, 0],
            [1.0, -1.0],
            [0.5, 0.5],
            None,
            [0, 0, 0, 0],
        ):
            data = copy.deepcopy(base)
            data["result"] = result
            texts.append(json.dumps(data))
            data = copy.deepcopy(data)
            data["forfeit"] = {"role": "B", "seat": rng.choice([0, 1, True, "1", None])}
            texts.append(json.dumps(data))
    for game in ("turtles", "ostrich"):
        data, final = _finished(game)
        texts.append(json.dumps(data))
        data["result"] = [-x for x in final]
        texts.append(json.dumps(data))
    return texts


def test_the_core_reads_records_as_the_reference() -> None:
    """The core's record reader (csrc/common/record.c, behind GameRecord)
    accepts, refuses and replays records exactly as the reference of the
    former Python checks (tests/reference/record.py): the same message,
    word for word, or the same positions."""
    from reference import record as reference

    texts = corrupted_records()
    refused = 0
    for text in texts:
        try:
            want: Any = reference.read(text)
        except reference.Refused as error:
            want = str(error)
        try:
            record = GameRecord.from_text(text)
            got: Any = (record.to_json(), record.replay())
        except RecordError as error:
            got = str(error)
        if isinstance(want, str):
            refused += 1
            assert got == want, text
        else:
            assert not isinstance(got, str), (got, text)
            assert [p.to_json() for p in got[1]] == [p.to_json() for p in want[1]]

            # the record as read: every member (defaults for the optional
            # ones; "game" is the start position's)
            def kept(data: dict[str, Any]) -> dict[str, Any]:
                return {
                    k: v for k, v in data.items() if v not in (None, [], {}, "") and k != "game"
                }

            assert kept(got[0]) == kept(want[0]) and got[0]["game"] == got[0]["start"]["game"]
    assert 200 < refused < len(texts) - 10
