"""Property tests (Hypothesis) over positions, moves, game records and protocol
lines: whatever the input, a typed error or a consistent result, never a crash,
a traceback or an internal error (issue 21 point 14).

A few hundred examples each in the default suite; thousands with
``SAFARI_THOROUGH=1`` (tests/hypothesis_profiles.py), and the ``slow`` tests
run a longer campaign (``pytest -m slow``).
"""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any

import hypothesis_profiles  # noqa: F401 - registers and loads the profile
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import safari_ai
from safari_ai import IllegalMoveError, PositionError, SafariError
from safari_ai.protocol import Engine
from safari_ai.record import GameRecord, RecordError

GAMES = safari_ai.game_names()

# Pieces the texts are made of: printable ASCII, a few hostile characters and
# JSON escapes.
# An explicit alphabet keeps Hypothesis from building its Unicode tables (seconds).
CHARS = [chr(c) for c in range(32, 127)] + [
    "\x00",
    "\x01",
    "\n",
    "\t",
    "\u00e9",
    "\u2028",
    "\ufeff",
    "\U0001f600",
    "\\u0000",
    "\\ud800",
]


def texts(max_size: int) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(CHARS), max_size=max_size).map("".join)


@cache
def _positions(game: str) -> tuple[str, ...]:
    """Real positions of ``game``: the start under some rules and positions
    along seeded random games (decisions, chance positions, the end)."""
    rules_list: list[dict[str, Any]] = [{}]
    if game == "ostrich":
        rules_list += [{"lion": True}, {"players": 2}, {"players": 5, "berries": False}]
    if game == "turtles":
        rules_list += [{"tattoo": True}, {"hatching": True}]
    if game == "arena":
        rules_list += [{"animals": True}]
    out = []
    rng = random.Random(f"fuzz/{game}")
    for rules in rules_list:
        pos = safari_ai.Position.new(game, rules)
        for ply in range(400):
            if ply % 7 == 0 or pos.is_terminal():
                out.append(pos.to_json_text())
            if pos.is_terminal():
                break
            moves = pos.legal_moves() or [o for o, _ in pos.chance_outcomes()]
            pos = pos.apply(rng.choice(moves))
    return tuple(out)


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | texts(12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(texts(8), children, max_size=4)
    ),
    max_leaves=12,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            out += _paths(child, prefix + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            out += _paths(child, prefix + (index,))
    return out


@st.composite
def mutated_positions(draw: st.DrawFn) -> Any:
    """A real position with one to three fields replaced, deleted or added."""
    game = draw(st.sampled_from(GAMES))
    data = json.loads(draw(st.sampled_from(_positions(game))))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent: Any = data
        for key in path[:-1]:
            parent = parent[key]
        action = draw(st.sampled_from(["replace", "delete", "add", "tweak"]))
        if action == "delete":
            del parent[path[-1]]
        elif action == "add" and isinstance(parent, dict):
            parent[draw(texts(8))] = draw(JSON_VALUES)
        elif (
            action == "tweak"
            and isinstance(parent[path[-1]], int)
            and not isinstance(parent[path[-1]], bool)
        ):
            parent[path[-1]] += draw(st.sampled_from([-1, 1, -100, 100, 2**31, 2**63]))
        elif action == "tweak" and isinstance(parent[path[-1]], str):
            text = parent[path[-1]]
            cut = draw(st.integers(0, len(text)))
            parent[path[-1]] = text[:cut] + draw(texts(3)) + text[cut + 1 :]
        else:
            parent[path[-1]] = draw(JSON_VALUES)
    return data


def _check_accepted(pos: safari_ai.Position) -> None:
    """What every accepted position must satisfy."""
    again = safari_ai.Position.from_json(pos.to_json_text())
    assert again == pos and again.to_json_text() == pos.to_json_text()
    assert pos.zobrist_hash() == pos.zobrist_hash_from_scratch()
    if pos.is_chance():
        outcomes = pos.chance_outcomes()
        assert outcomes and sum(p for _, p in outcomes) == 1
        moves = [o for o, _ in outcomes]
    elif not pos.is_terminal():
        moves = pos.legal_moves()
        assert moves and moves == sorted(moves)
    else:
        assert len(pos.result()) == pos.num_players
        return
    for move in moves:
        # every child of an accepted position reads back: play never leaves
        # what the reader accepts (issue 32: an arena hunt past the speed did)
        child = pos.apply(move)
        assert child.zobrist_hash() == child.zobrist_hash_from_scratch()
        assert safari_ai.Position.from_json(child.to_json_text()) == child, move


@given(mutated_positions())
def test_a_mutated_position_is_refused_or_consistent(data: Any) -> None:
    try:
        pos = safari_ai.Position.from_json(data)
    except PositionError as error:
        assert str(error) and "\n" not in str(error)
        return
    _check_accepted(pos)


@given(st.sampled_from(GAMES).flatmap(lambda g: st.sampled_from(_positions(g))), st.data())
def test_a_position_text_cut_or_spliced_is_refused_or_consistent(
    text: str, data: st.DataObject
) -> None:
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    spliced = text[:start] + data.draw(texts(6)) + text[end:]
    try:
        pos = safari_ai.Position.from_json(spliced)
    except PositionError:
        return
    _check_accepted(pos)


@given(texts(200) | st.binary(max_size=200))
def test_any_text_is_refused_or_a_position(text: str | bytes) -> None:
    try:
        pos = safari_ai.Position.from_json(text)
    except PositionError:
        return
    _check_accepted(pos)


@given(
    st.sampled_from(GAMES).flatmap(lambda g: st.sampled_from(_positions(g))),
    texts(20)
    | st.sampled_from(["d1xd3", "pred:DACE", "AACWW/D", "init:01", "wounds:2", "pass", ""]),
)
def test_a_move_applies_exactly_when_it_is_listed(text: str, move: str) -> None:
    pos = safari_ai.Position.from_json(text)
    listed = pos.legal_moves() or [o for o, _ in pos.chance_outcomes()]
    try:
        child = pos.apply(move)
    except IllegalMoveError as error:
        assert move not in listed and error.move == move
        return
    assert move in listed
    assert child.zobrist_hash() == child.zobrist_hash_from_scratch()


@given(st.sampled_from(GAMES).flatmap(lambda g: st.sampled_from(_positions(g))), st.data())
def test_every_listed_move_applies_and_round_trips(text: str, data: st.DataObject) -> None:
    pos = safari_ai.Position.from_json(text)
    listed = pos.legal_moves() or [o for o, _ in pos.chance_outcomes()]
    if not listed:
        return
    child = pos.apply(data.draw(st.sampled_from(listed)))
    _check_accepted(child)


@cache
def _records() -> tuple[str, ...]:
    out = []
    for game in GAMES:
        rng = random.Random(f"record/{game}")
        pos = safari_ai.Position.new(game)
        record = GameRecord(
            start=pos.to_json(), players=[{"seat": i, "name": "x"} for i in range(pos.num_players)]
        )
        for _ in range(30):
            if pos.is_terminal():
                break
            moves = pos.legal_moves() or [o for o, _ in pos.chance_outcomes()]
            move = rng.choice(moves)
            record.add(pos.to_move if not pos.is_chance() else "chance", move)
            pos = pos.apply(move)
        out.append(record.dumps())
    return tuple(out)


@st.composite
def mutated_records(draw: st.DrawFn) -> Any:
    data = json.loads(draw(st.sampled_from(_records())))
    for _ in range(draw(st.integers(1, 2))):
        paths = [p for p in _paths(data) if p and p[0] != "start"] + (
            [("start",)] if "start" in data else []
        )
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent: Any = data
        for key in path[:-1]:
            parent = parent[key]
        if draw(st.booleans()):
            del parent[path[-1]]
        else:
            parent[path[-1]] = draw(JSON_VALUES)
    return data


@given(mutated_records())
def test_a_mutated_record_is_refused_or_replays(data: Any) -> None:
    try:
        record = GameRecord.from_json(data)
        positions = record.replay()
    except RecordError as error:
        assert str(error) and "\n" not in str(error)
        return
    assert len(positions) == len(record.moves) + 1


PROTOCOL_WORDS = [
    "position",
    "startpos",
    "json",
    "moves",
    "d",
    "isready",
    "uci",
    "ucinewgame",
    "setoption",
    "name",
    "value",
    "Threads",
    "Hash",
    "MultiPV",
    "Seed",
    "help",
    "turtles",
    "zebras",
    "ostrich",
    "arena",
    "max_turns=5",
    "players=3",
    "{",
    "}",
    "[",
    "]",
    '"game":',
    '"turtles"',
    "null",
    "-1",
    "0",
    "99999999999999999999",
    "d1xd3",
    "debug",
    "on",
    "off",
    "register",
    "quit",
]


@given(
    st.lists(
        st.lists(st.sampled_from(PROTOCOL_WORDS) | texts(8), max_size=8).map(" ".join),
        min_size=1,
        max_size=6,
    )
)
def test_protocol_lines_never_give_an_internal_error(lines: list[str]) -> None:
    engine = Engine()
    for line in lines:
        for out in engine.feed(line):
            assert "internal error" not in out, (line, out)
            assert "\n" not in out


@given(mutated_positions())
def test_protocol_position_json_is_refused_or_set(data: Any) -> None:
    engine = Engine()
    out = engine.feed("position json " + json.dumps(data))
    assert all("internal error" not in line for line in out), out
    assert all(line.startswith("info string error: position json") for line in out), out


@pytest.mark.slow
@settings(max_examples=5_000)
@given(mutated_positions())
def test_slow_campaign_of_mutated_positions(data: Any) -> None:
    try:
        pos = safari_ai.Position.from_json(data)
    except SafariError:
        return
    _check_accepted(pos)


def test_the_corpus_covers_every_kind_of_position() -> None:
    for game in GAMES:
        kinds = {str(safari_ai.Position.from_json(text).to_move) for text in _positions(game)}
        assert "terminal" in kinds or game == "zebras" or len(kinds) > 2, (game, kinds)
        assert copy.copy(kinds) - {"chance", "terminal"}, game
