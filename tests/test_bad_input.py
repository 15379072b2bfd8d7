"""Bad input that any game must survive: malformed JSON, wrong shapes, hostile
values, bad moves and arguments. Each gives a typed error naming the problem,
never a crash. (Game-specific impossible positions: tests/test_<game>_bad_input.py.)"""

from __future__ import annotations

import json

import pytest

import safari_ai
from safari_ai import IllegalMoveError, PositionError


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "{",
        "}",
        "[",
        "nul",
        "{'game': 'turtles'}",
        '{"game": "turtles",}',
        '{"game": "turtles"} {}',
        '{"game": "tur\\x"}',
        '"\\ud800"',
        "1e999999",
        "[" * 100_000,
        '{"a":' * 10_000,
    ],
)
def test_malformed_json_is_refused(text: str) -> None:
    with pytest.raises(PositionError, match="JSON|position|game"):
        safari_ai.Position.from_json(text)


@pytest.mark.parametrize("value", [[], 3, "turtles", None, True])
def test_a_position_must_be_an_object(value: object) -> None:
    with pytest.raises(PositionError):
        safari_ai.Position.from_json(json.dumps(value))


def test_the_game_field_is_checked() -> None:
    with pytest.raises(PositionError, match="'game': missing") as info:
        safari_ai.Position.from_json({"rules": {}})
    assert info.value.field == "game"
    with pytest.raises(PositionError, match='unknown game "chess"') as info:
        safari_ai.Position.from_json({"game": "chess"})
    assert info.value.field == "game"
    with pytest.raises(PositionError, match="'game'"):
        safari_ai.Position.from_json({"game": 7})


def test_python_values_that_are_not_json() -> None:
    with pytest.raises(PositionError, match="not representable as JSON"):
        safari_ai.Position.from_json({"game": "turtles", "x": {1, 2}})
    with pytest.raises(PositionError, match="not representable as JSON"):
        safari_ai.Position.from_json({"game": "turtles", "x": float("nan")})
    with pytest.raises(PositionError, match="must be a JSON object"):
        safari_ai.Position.from_json(["game"])  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="UTF-8"):
        safari_ai.Position.from_json(b"\xff\xfe")


@pytest.mark.parametrize("game", safari_ai.game_names())
@pytest.mark.parametrize("move", ["", " ", "zz9", "\u00e9", "a\x00b", "x" * 10_000, "d1xd3 d7xd5"])
def test_garbage_moves_are_illegal(game: str, move: str) -> None:
    pos = safari_ai.Position.new(game)
    with pytest.raises(IllegalMoveError) as info:
        pos.apply(move)
    assert info.value.move == move


@pytest.mark.parametrize("game", safari_ai.game_names())
def test_non_string_moves_and_bad_depths(game: str) -> None:
    pos = safari_ai.Position.new(game)
    with pytest.raises(IllegalMoveError):
        pos.apply(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="depth"):
        pos.perft(-1)
    with pytest.raises(PositionError, match="not terminal"):
        pos.result()


@pytest.mark.parametrize("game", safari_ai.game_names())
@pytest.mark.parametrize("rules", [[], "x", {"max_turns": 1e300}, {"": 1}])
def test_bad_rules_objects(game: str, rules: object) -> None:
    with pytest.raises(PositionError):
        safari_ai.Position.new(game, rules)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", safari_ai.game_names())
def test_every_field_mutated_is_refused_or_round_trips(game: str) -> None:
    """Replace each top-level field of the start position by odd values: the
    engine either refuses with a PositionError or accepts a position that
    round-trips exactly (python-chess's FEN fuzz, by hand)."""
    start = safari_ai.Position.new(game).to_json()
    odd_values: list[object] = [None, -1, 2**70, "", "?", [], {}, [None], {"": None}, True, 0.5]
    for key in start:
        for value in odd_values:
            mutated = dict(start, **{key: value})
            try:
                pos = safari_ai.Position.from_json(mutated)
            except PositionError as error:
                assert str(error)
                continue
            assert safari_ai.Position.from_json(pos.to_json()) == pos


# -- issue 21 points 6 and 13 ------------------------------------------------


@pytest.mark.parametrize("name", ["turtles\x00anything", "turtles\x00", "\x00", "zebras\udcff"])
def test_a_game_name_with_a_nul_or_no_text_is_unknown(name: str) -> None:
    with pytest.raises(PositionError, match="unknown game") as info:
        safari_ai.Position.new(name)
    assert info.value.field == "game"


def _start_text(game: str) -> str:
    return safari_ai.Position.new(game).to_json_text()


@pytest.mark.parametrize("game", safari_ai.game_names())
def test_input_limits_of_the_c_reader(game: str) -> None:
    """Every reader's limits (safari_ai.jsontext; safari/json.h): size, depth, number length."""
    from safari_ai import jsontext

    text = _start_text(game)
    assert len(text) < jsontext.MAX_BYTES // 100  # a position is far below the limit
    # an unknown field holding values: refused as unknown up to the size limit ...
    padded = text[:-1] + ', "junk": [' + ",".join(["1"] * 1000) + "]}"
    with pytest.raises(PositionError, match="junk"):
        safari_ai.Position.from_json(padded)
    # ... and as too large past it, before any tree is built
    huge = text[:-1] + ', "junk": "' + "x" * jsontext.MAX_BYTES + '"}'
    with pytest.raises(PositionError, match="too large"):
        safari_ai.Position.from_json(huge)
    deep = (
        text[:-1]
        + ', "junk": '
        + "[" * (jsontext.MAX_DEPTH + 1)
        + "]" * (jsontext.MAX_DEPTH + 1)
        + "}"
    )
    with pytest.raises(PositionError, match=f"deeper than {jsontext.MAX_DEPTH}"):
        safari_ai.Position.from_json(deep)
    long_number = text[:-1] + ', "junk": ' + "9" * (jsontext.MAX_NUMBER_CHARS + 1) + "}"
    with pytest.raises(PositionError, match=f"longer than {jsontext.MAX_NUMBER_CHARS}"):
        safari_ai.Position.from_json(long_number)
    ok_number = text[:-1] + ', "junk": ' + "9" * jsontext.MAX_NUMBER_CHARS + "}"
    with pytest.raises(PositionError, match="junk"):  # within the limit: read, then unknown
        safari_ai.Position.from_json(ok_number)


def test_deep_python_values_are_a_position_error() -> None:
    value: list[object] = []
    for _ in range(100_000):
        value = [value]
    with pytest.raises(PositionError, match="not representable"):
        safari_ai.Position.from_json({"game": "turtles", "x": value})


@pytest.mark.parametrize("game", safari_ai.game_names())
@pytest.mark.parametrize("key", ["\n", "a\nb", "\r", "\x1b[31m", "\x7f"])
def test_an_error_quoting_user_text_stays_one_line(game: str, key: str) -> None:
    """Found by the Hypothesis campaign (SAFARI_THOROUGH=1): an unknown key with a
    newline made a two-line error message."""
    pos = safari_ai.Position.new(game).to_json()
    pos[key] = 1
    with pytest.raises(PositionError, match="unknown field") as info:
        safari_ai.Position.from_json(pos)
    assert not any(ch in str(info.value) for ch in "\n\r\x1b\x7f")
    with pytest.raises(IllegalMoveError) as move_info:
        safari_ai.Position.new(game).apply(f"x{key}y")
    assert not any(ch in str(move_info.value) for ch in "\n\r\x1b\x7f")
    assert move_info.value.move == f"x{key}y"
    with pytest.raises(PositionError, match="unknown game") as game_info:
        safari_ai.Position.from_json({"game": f"t{key}"})
    assert not any(ch in str(game_info.value) for ch in "\n\r\x1b\x7f")
