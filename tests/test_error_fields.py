"""The C error carries its field path as data: ``PositionError.field`` is the
path the message names ("field 'PATH': ..."), for many bad positions of every
game, and None when the message names no field. Also the one status-to-exception
mapping (safari_ai.errors.from_core)."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from safari_ai import IllegalMoveError, Position, PositionError, _core, game_names
from safari_ai.errors import InputError, from_core
from safari_ai.search import SearchError

NAMED = re.compile(r"^field '(.*?)': ")
WRONG_VALUES: tuple[Any, ...] = (None, True, -1, 10**6, "zz", [], {}, [1, "x"])


def mutations(value: Any) -> Iterator[Any]:
    """Copies of a position with one value replaced, removed or added, at every
    depth (bounded so that the test stays fast)."""

    def walk(node: Any, depth: int) -> Iterator[tuple[Any, Any]]:
        # (container, key) pairs reachable from node
        if depth > 3:
            return
        if isinstance(node, dict):
            for key in list(node)[:8]:
                yield node, key
                yield from walk(node[key], depth + 1)
        elif isinstance(node, list):
            for index in range(min(len(node), 3)):
                yield node, index
                yield from walk(node[index], depth + 1)

    places = list(walk(value, 0))
    for i in range(len(places)):
        for wrong in WRONG_VALUES:
            mutated = copy.deepcopy(value)
            container, key = list(walk(mutated, 0))[i]
            container[key] = wrong
            yield mutated
        mutated = copy.deepcopy(value)
        container, key = list(walk(mutated, 0))[i]
        if isinstance(container, dict):
            del container[key]
            yield mutated
            mutated = copy.deepcopy(value)
            container, key = list(walk(mutated, 0))[i]
            container["no_such_field"] = 1
            yield mutated


@pytest.mark.parametrize("game", game_names())
def test_field_is_the_path_the_message_names(game: str) -> None:
    start = Position.new(game).to_json()
    named = 0
    for bad in mutations(start):
        try:
            Position.from_json(json.dumps(bad))
        except PositionError as error:
            match = NAMED.match(str(error))
            if match is None:
                assert error.field is None, str(error)
            else:
                named += 1
                assert error.field == match.group(1), str(error)
    assert named >= 20, f"only {named} errors named a field"


def test_an_error_about_no_field_has_none() -> None:
    with pytest.raises(PositionError) as info:
        Position.from_json("[1,")
    assert info.value.field is None


def test_from_core_maps_status_codes() -> None:
    move_error = _core.CoreError(_core.STATUS_MOVE, "illegal move 'x'")
    mapped = from_core(move_error, SearchError, "x")
    assert isinstance(mapped, IllegalMoveError) and mapped.move == "x"
    assert type(from_core(move_error, SearchError)) is SearchError
    argument = _core.CoreError(_core.STATUS_ARGUMENT, "bad", None)
    assert type(from_core(argument, SearchError, "x")) is SearchError
    assert type(from_core(argument, InputError)) is InputError
    position = _core.CoreError(_core.STATUS_POSITION, "field 'a.b': bad", "a.b")
    mapped = from_core(position, PositionError)
    assert isinstance(mapped, PositionError) and mapped.field == "a.b"
    assert str(mapped) == "field 'a.b': bad"
