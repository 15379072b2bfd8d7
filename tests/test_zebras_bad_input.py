"""Bad input for zebras: every invalidity of the rule book's §6 and of the issue,
each refused with PositionError (or IllegalMoveError) whose message names the
field (or the move); and garbage that must give an error, never a crash.

Rule book: /work/shared/rules/zebras.md.
"""

from __future__ import annotations

import copy
import json

import pytest

import safari_ai
from safari_ai import IllegalMoveError, Position, PositionError

FULL = {"Z": 5, "G": 6, "E": 1, "L": 1, "C": 2}
NONE = {"Z": 0, "G": 0, "E": 0, "L": 0, "C": 0}
EMPTY_ROW = ".. .. .. .. .. .."


def hand(**kw: int) -> dict[str, int]:
    h = dict(NONE)
    h.update(kw)
    return h


# The mid-game example of §6: valid as it stands.
SEC6 = {
    "game": "zebras",
    "rules": {"croc_chain": True},
    "to_move": 0,
    "board": [
        ".. 1Z 1Z .. 0C 0E",
        ".. 1Z 0C .. .. 0g",
        ".. 0Z .. .. .. 0L",
        ".. .. 1L .. .. 1C",
        "1Z .. .. .. .. 1Z",
    ],
    "guardian": 12,
    "inauguration": None,
    "hands": [hand(Z=4, G=5), hand(G=6, E=1, C=1)],
}

# Example 8 (one empty cell, e4; inauguration 1).
EX8 = {
    "game": "zebras",
    "to_move": 0,
    "board": [
        "0L 1g 1C 0G 1Z 0E",
        "0g 0Z 1Z 0G 1G 0Z",
        "0Z 1G 1G 1C 0G 1Z",
        "0Z 1E 1z 0G .. 1G",
        "0C 1g 1L 1z 0G 0Z",
    ],
    "guardian": 4,
    "inauguration": 1,
    "hands": [hand(C=1), hand()],
}


def start() -> dict:
    return {
        "game": "zebras",
        "to_move": 0,
        "board": [EMPTY_ROW] * 5,
        "guardian": None,
        "inauguration": None,
        "hands": [dict(FULL), dict(FULL)],
    }


def edited(base: dict, **fields) -> dict:
    d = copy.deepcopy(base)
    for key, value in fields.items():
        d[key] = value
    return d


def with_row(base: dict, row: int, text: str) -> dict:
    d = copy.deepcopy(base)
    d["board"][row] = text
    return d


def with_hand(base: dict, player: int, **kw: int) -> dict:
    d = copy.deepcopy(base)
    d["hands"][player].update(kw)
    return d


def refused(position, field: str) -> PositionError:
    with pytest.raises(PositionError) as info:
        Position.from_json(position)
    message = str(info.value)
    assert field in message, message
    return info.value


def test_the_bases_are_valid():
    for base in (SEC6, EX8, start()):
        Position.from_json(base)


# ---------------------------------------------------------------- §6 check 1: fields and types


@pytest.mark.parametrize("key", ["game", "to_move", "board", "guardian", "inauguration", "hands"])
def test_missing_field(key):
    d = copy.deepcopy(SEC6)
    del d[key]
    refused(d, key)


def test_rules_may_be_omitted_but_not_unknown():
    d = copy.deepcopy(SEC6)
    del d["rules"]
    assert Position.from_json(d).to_json() == SEC6
    assert Position.from_json(edited(SEC6, rules={})).to_json() == SEC6
    refused(edited(SEC6, rules={"croc_chain": True, "swap_twice": 1}), "rules.swap_twice")
    refused(edited(SEC6, extra=1), "extra")


@pytest.mark.parametrize("rules", [[], "croc_chain", 1, None, True])
def test_rules_not_an_object(rules):
    refused(edited(SEC6, rules=rules), "rules")


@pytest.mark.parametrize("value", [1, 0, "true", None, [], {}])
def test_croc_chain_not_a_boolean(value):
    refused(edited(SEC6, rules={"croc_chain": value}), "rules.croc_chain")
    with pytest.raises(PositionError, match="croc_chain"):
        Position.new("zebras", {"croc_chain": value})


def test_new_rejects_unknown_rules():
    with pytest.raises(PositionError, match="no_such"):
        Position.new("zebras", {"no_such": True})
    assert Position.new("zebras", {}).to_json()["rules"] == {"croc_chain": True}


@pytest.mark.parametrize("game", ["Zebras", "turtle", "", 5, None])
def test_wrong_game(game):
    refused(edited(SEC6, game=game), "game")


@pytest.mark.parametrize(
    "value", [True, False, 2, -1, 0.0, 1.0, "0", "1", "chance", "Terminal", None, [0], 2**70]
)
def test_bad_to_move(value):
    refused(edited(SEC6, to_move=value), "to_move")


@pytest.mark.parametrize("value", [22, -1, 23, 100, 2**63, -(2**63), 12.0, 12.5, "12", True, [12]])
def test_guardian_off_the_track(value):
    refused(edited(SEC6, guardian=value), "guardian")


@pytest.mark.parametrize("value", [2, -1, True, 0.0, "0", [1]])
def test_bad_inauguration(value):
    refused(edited(SEC6, inauguration=value), "inauguration")


@pytest.mark.parametrize(
    "board",
    [
        None,
        "..",
        {},
        [EMPTY_ROW] * 4,
        [EMPTY_ROW] * 6,
        [EMPTY_ROW] * 4 + [5],
        [EMPTY_ROW] * 4 + [None],
        [EMPTY_ROW] * 4 + [[".."] * 6],
    ],
)
def test_board_shape(board):
    refused(edited(start(), board=board), "board")


@pytest.mark.parametrize(
    "row",
    [
        ".. .. .. .. .. .. ..",  # a seventh cell: g1 does not exist
        ".. .. .. .. ..",  # only five cells
        ".. .. .. .. .. ...",  # one character too many
        "..  .. .. .. .. ..",  # a double space
        "....  .. .. .. ..",  # separators misplaced
        ".. .. .. .. .. .. ",  # trailing space
        ".._.._.._.._.._..",  # not spaces
        "",
        " " * 17,
    ],
)
def test_malformed_row(row):
    refused(with_row(start(), 0, row), "board")


@pytest.mark.parametrize(
    "token", ["0e", "0l", "0c", "1e", "2Z", "0X", "Z0", "0 ", "00", "-.", ".Z", "0.", "1\t"]
)
def test_unknown_token(token):
    refused(with_row(SEC6, 0, token + " 1Z 1Z .. 0C 0E"), "board.a1")


def test_face_down_elephant_is_named():
    err = refused(with_row(SEC6, 0, ".. 1Z 1Z .. 0C 0e"), "board.f1")
    assert "0e" in str(err)


# ---------------------------------------------------------------- hands


@pytest.mark.parametrize(
    "hands",
    [
        None,
        {},
        [hand()],
        [hand(), hand(), hand()],
        ["Z", "G"],
        [[5], [5]],
    ],
)
def test_hands_shape(hands):
    refused(edited(SEC6, hands=hands), "hands")


def test_hand_keys():
    d = copy.deepcopy(SEC6)
    del d["hands"][1]["C"]
    refused(d, "hands[1].C")
    d = copy.deepcopy(SEC6)
    d["hands"][0]["O"] = 0  # the Okapi is not a token here
    refused(d, "hands[0].O")
    d = copy.deepcopy(SEC6)
    d["hands"][0]["z"] = 0
    refused(d, "hands[0].z")


@pytest.mark.parametrize(
    "species, value",
    [
        ("Z", 6),
        ("G", 7),
        ("E", 2),
        ("L", 2),
        ("C", 3),
        ("Z", -1),
        ("G", 4.0),
        ("E", True),
        ("C", None),
        ("L", "0"),
        ("Z", 2**64),
    ],
)
def test_hand_count_out_of_range(species, value):
    refused(with_hand(SEC6, 0, **{species: value}), f"hands[0].{species}")


# ---------------------------------------------------------------- §6 check 2: inventory


def test_hand_contradicts_board():
    # player 0 has 1 zebra on the board and claims 5 in hand: 6 > 5
    refused(with_hand(SEC6, 0, Z=5), "hands[0].Z")
    # player 1 says they hold one crocodile fewer than they do
    refused(with_hand(SEC6, 1, C=0), "hands[1].C")
    # tokens vanished: fewer than the inventory
    refused(with_hand(start(), 1, G=5), "hands[1].G")


def test_more_tokens_than_the_inventory():
    # seven gazelles of player 0 on the board (face up, no lion anywhere)
    d = edited(
        start(),
        to_move=1,
        guardian=0,
        board=["0G 0G 0G 0G 0G 0G", "0G .. .. .. .. ..", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW],
        hands=[hand(Z=5, G=0, E=1, L=1, C=2), dict(FULL)],
    )
    err = refused(d, "hands[0].G")
    assert "7" in str(err)
    # two elephants and two lions of player 1
    d = edited(
        start(),
        to_move=0,
        guardian=0,
        board=["1E .. .. .. .. ..", ".. .. .. .. .. ..", "1E .. .. .. .. ..", EMPTY_ROW, EMPTY_ROW],
        hands=[dict(FULL), hand(Z=5, G=6, E=0, L=1, C=2)],
    )
    refused(d, "hands[1].E")
    # a third crocodile
    d = edited(
        start(),
        to_move=1,
        guardian=3,
        board=["0C 0C 0C .. .. ..", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW],
        hands=[hand(Z=5, G=6, E=1, L=1, C=0), dict(FULL)],
    )
    refused(d, "hands[0].C")


# ---------------------------------------------------------------- §6 checks 3-5: faces and lions


def test_face_up_next_to_a_lion():
    # §6's f2 gazelle turned face up next to the lion on f3
    refused(with_row(SEC6, 1, ".. 1Z 0C .. .. 0G"), "board.f2")
    # a face-up zebra next to a lion (e3 next to f3)
    d = with_row(SEC6, 2, ".. 0Z .. .. 0Z 0L")
    d["hands"][0]["Z"] = 3
    refused(d, "board.e3")


def test_face_down_zebra_without_a_lion():
    d = edited(
        start(),
        to_move=1,
        guardian=0,
        board=["0z .. .. .. .. ..", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW],
        hands=[hand(Z=4, G=6, E=1, L=1, C=2), dict(FULL)],
    )
    refused(d, "board.a1")
    # a lion on the board, but not next to the zebra
    d = edited(
        start(),
        to_move=1,
        guardian=0,
        board=["0z .. 1L .. .. ..", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW],
        hands=[hand(Z=4, G=6, E=1, L=1, C=2), hand(Z=5, G=6, E=1, L=0, C=2)],
    )
    refused(d, "board.a1")


def test_face_down_gazelle_without_any_lion():
    d = edited(
        start(),
        to_move=1,
        guardian=0,
        board=[".. .. .. .. .. ..", ".. .. 0g .. .. ..", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW],
        hands=[hand(Z=5, G=5, E=1, L=1, C=2), dict(FULL)],
    )
    refused(d, "board.c2")
    # with a lion anywhere on the board it is fine (a swap can carry it away)
    d["board"][4] = ".. .. .. .. .. 1L"
    d["hands"][1]["L"] = 0
    Position.from_json(d)


# ---------------------------------------------------------------- §6 check 6: the Inauguration


def test_full_territory_unclaimed():
    refused(edited(EX8, inauguration=None), "inauguration")
    # T4 (e2 f2 f3) full early in the game
    d = edited(
        start(),
        to_move=0,
        guardian=4,
        board=[EMPTY_ROW, ".. .. .. .. 1Z 1Z", ".. .. .. .. .. 1Z", EMPTY_ROW, EMPTY_ROW],
        hands=[dict(FULL), hand(Z=2, G=6, E=1, L=1, C=2)],
    )
    err = refused(d, "inauguration")
    assert "T4" in str(err)
    d["inauguration"] = 0
    Position.from_json(d)


# ---------------------------------------------------------------- §6 check 7: before the opening


def test_guardian_null_with_tokens():
    d = edited(
        start(),
        board=["0G .. .. .. .. ..", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW],
        hands=[hand(Z=5, G=5, E=1, L=1, C=2), dict(FULL)],
    )
    refused(d, "guardian")


def test_guardian_null_with_inauguration():
    refused(edited(start(), inauguration=0), "inauguration")


def test_guardian_null_with_player1_to_move():
    refused(edited(start(), to_move=1), "to_move")
    refused(edited(start(), to_move="terminal"), "to_move")


# ---------------------------------------------------------------- §6 check 8: terminal iff full


def test_full_board_must_be_terminal():
    p = Position.from_json(EX8).apply("Ce4xf4")
    final = p.to_json()
    assert final["to_move"] == "terminal"
    for who in (0, 1):
        refused(edited(final, to_move=who), "to_move")
    refused(edited(SEC6, to_move="terminal"), "to_move")


# ---------------------------------------------------------------- §6 check 9: in progress


def test_player_to_move_holds_no_token():
    refused(edited(EX8, to_move=1), "to_move")


def test_guardian_on_a_full_line():
    # example 8: column a (position 0 and 16) is full
    refused(edited(EX8, guardian=0), "guardian")
    refused(edited(EX8, guardian=16), "guardian")
    Position.from_json(edited(EX8, guardian=12))  # column e is open


def test_empty_board_after_the_opening_is_player1s():
    refused(edited(start(), guardian=5), "to_move")
    Position.from_json(edited(start(), guardian=5, to_move=1))


# ---------------------------------------------------------------- moves


@pytest.mark.parametrize(
    "move",
    [
        "@7",
        "@22",
        "@-1",
        "@00",
        "ze3@14",
        "ZE3@14",
        "Ze2@13 ",
        " Ze2@13",
        "Ze2@16",
        "Ze1@13",
        "Ee2@13",
        "Ce2@13",
        "Ze2",
        "Ze2@13@14",
        "Ze2x@13",
        "Zg7@13",
        "Ze2@013",
        "",
        "x" * 10000,
        "Zé2@13",
        "Ze2\x00@13",
    ],
)
def test_illegal_move_is_named(move):
    p = Position.from_json(SEC6)
    with pytest.raises(IllegalMoveError) as info:
        p.apply(move)
    assert info.value.move == move
    assert move[:50] in str(info.value) or "\x00" in move


def test_no_move_after_the_end():
    p = Position.from_json(EX8).apply("Ce4")
    assert p.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="Zf1"):
        p.apply("Zf1")


def test_crocodile_chain_off_rules():
    p = Position.from_json(edited(EX8, rules={"croc_chain": False}))
    with pytest.raises(IllegalMoveError, match="Ce4xe3xe2"):
        p.apply("Ce4xe3xe2")
    with pytest.raises(IllegalMoveError, match="Ce4xd4"):  # same territory
        Position.from_json(EX8).apply("Ce4xd4")


@pytest.mark.parametrize("move", [None, 7, b"@07", ["@07"]])
def test_move_not_a_string(move):
    with pytest.raises(IllegalMoveError):
        Position.new("zebras").apply(move)


# ---------------------------------------------------------------- garbage


@pytest.mark.parametrize(
    "text",
    [
        "",
        "null",
        "[]",
        "7",
        '"zebras"',
        "{",
        '{"game": "zebras"',
        '{"game": "zebras", "game": "zebras"}',
        "[" * 100000 + "]" * 100000,
        '{"a":' * 5000 + "1" + "}" * 5000,
        '{"game": "zebras", "guardian": 1e400}',
        '{"game": "zebras", "guardian": 123456789012345678901234567890}',
        '{"game": "z\u00e9bras"}',
        '{"game": "zebras", "board": ["\u00e9\u00e9 .. .. .. .. .."]}',
        "\ufeff{}",
        '{"game": "zebras", "\u2603": 1}',
    ],
)
def test_garbage_text_never_crashes(text):
    with pytest.raises(PositionError):
        Position.from_json(text)


def test_garbage_bytes_never_crash():
    for data in (b"\xff\xfe", b'{"game": "zebras\xff"}', b"\x00", bytes(range(256))):
        with pytest.raises(PositionError):
            Position.from_json(data)


def test_non_ascii_in_a_row_gives_an_ascii_message():
    # 17 bytes, but "é" takes two: the token is reported escaped, not cut in half
    row = "\u00e9 .. .. .. .. .."
    assert len(row.encode()) == 17
    err = refused(with_row(SEC6, 0, row), "board.a1")
    assert str(err).isascii()
    row = ".\u00e9.. .. .. .. .."
    err = refused(with_row(SEC6, 0, row + "x" * (17 - len(row.encode()))), "board")
    assert str(err).isascii()


@pytest.mark.parametrize("value", [10**30, -(10**30), 1e300, float("-0.0")])
def test_huge_numbers(value):
    for field in ("guardian", "inauguration", "to_move"):
        refused(edited(SEC6, **{field: value}), field)
    refused(with_hand(SEC6, 0, Z=value), "hands[0].Z")


def test_nested_garbage_in_every_field():
    deep: object = 1
    for _ in range(50):
        deep = [deep]
    for field in ("to_move", "board", "guardian", "inauguration", "hands", "rules"):
        refused(edited(SEC6, **{field: deep}), field)
        refused(edited(SEC6, **{field: {"k": deep}}), field)


def test_every_valid_position_round_trips():
    # loading back what the engine writes along a game gives the same text
    p = Position.new("zebras")
    moves = ["@03", "Cd1@05", "Lf1@08", "Gd3@10"]
    for m in moves:
        p = p.apply(m)
        text = p.to_json_text()
        assert Position.from_json(text).to_json_text() == text
        assert json.loads(text) == p.to_json()
    assert "zebras" in safari_ai.game_names()
