"""Bad ostrich positions, rules and moves: each is refused with a typed error
whose message names the field (or the move), never a crash (rule book
sections 2.2, 3 and 6; issue list: malformed tracks, duplicate ostriches,
predictions that are no tiles, dice that are no faces)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

import safari_ai
from safari_ai import IllegalMoveError, PositionError

pytestmark = pytest.mark.skipif(
    "ostrich" not in safari_ai.game_names(), reason="no ostrich in the core"
)

LION_OFF = {"state": "off", "space": None, "turns": 0}

# E2 of the rule book, with every field written out.
BASE: dict[str, Any] = {
    "game": "ostrich",
    "rules": {},
    "to_move": 1,
    "track": "default",
    "berry_types": {"peepa": "none", "dofnooxoor": "all_dice", "ter": "bewitch"},
    "berries": ["13c", "5b", "8a"],
    "berry_pool": {"dofnooxoor": 1, "peepa": 1, "ter": 1},
    "ostriches": {"A": "2a", "B": "3a", "C": "0c", "D": "3c", "E": "1c"},
    "finished": "",
    "bewitched": "",
    "predictions": ["DEAB", "BDAC", "CEBD", "EABC"],
    "current": 1,
    "mode": "normal",
    "phase": "reroll_choice",
    "dice": {"white": "AAAWW", "black": "B"},
    "reroll": None,
    "left": None,
    "moved": "",
    "pending": None,
    "bonus": 0,
    "extra": 0,
    "lion": dict(LION_OFF),
}

# E6: a lion turn in its all-dice movement.
LION: dict[str, Any] = {
    **copy.deepcopy(BASE),
    "rules": {"players": 3, "lion": True},
    "berries": ["5b", "8a"],
    "berry_pool": {"dofnooxoor": 1, "ter": 1},
    "ostriches": {"C": "11a", "D": "14c", "E": "12b"},
    "finished": "AB",
    "predictions": ["ABCD", "DEAB", "EBDA"],
    "mode": "lion",
    "phase": "moves",
    "dice": {"white": "ABCWW", "black": "E"},
    "left": "ABCWW",
    "lion": {"state": "active", "space": "15a", "turns": 2},
}

DEFAULT_TILES = [
    {"name": "start", "curve": False, "rows": ["nnn", "n.n", "..."]},
    {"name": "crocodiles", "curve": False, "rows": [".#.", "kkk", "..."]},
    {"name": "lava", "curve": False, "rows": ["..#", "lll", "..."]},
    {"name": "ravine", "curve": False, "rows": ["...", "=x=", "..."]},
    {"name": "vortex", "curve": True, "rows": ["q..", ".@.", "..q"]},
    {"name": "finish", "curve": False, "rows": ["...", ".#.", "fff"]},
]


def variant(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    pos = copy.deepcopy(base)
    pos.update(copy.deepcopy(changes))
    return pos


def refused(pos: object, field: str) -> PositionError:
    with pytest.raises(PositionError) as info:
        safari_ai.Position.from_json(pos)  # type: ignore[arg-type]
    assert info.value.field is not None and info.value.field.startswith(field), str(info.value)
    return info.value


def test_the_bases_are_valid() -> None:
    assert safari_ai.Position.from_json(BASE).legal_moves()[0] == "keep"
    assert len(safari_ai.Position.from_json(LION).legal_moves()) == 7
    explicit = variant(BASE, track=DEFAULT_TILES)
    assert safari_ai.Position.from_json(explicit).to_json()["track"] == "default"


# -- tracks (2.2) -------------------------------------------------------------


def tiles(*middle: list[str], curve: bool = False) -> list[dict[str, Any]]:
    """Start, the given middle tiles, finish."""
    return (
        [DEFAULT_TILES[0]]
        + [{"name": f"t{i}", "curve": curve, "rows": rows} for i, rows in enumerate(middle)]
        + [DEFAULT_TILES[-1]]
    )


def on_start(track: Any) -> dict[str, Any]:
    """A dealt position at its first roll, on `track`, no berries."""
    return variant(
        BASE,
        track=track,
        berries=[],
        berry_pool={},
        phase="roll",
        dice=None,
        to_move="chance",
        ostriches={"A": "0a", "B": "0b", "C": "0c", "D": "1a", "E": "1c"},
    )


def test_a_custom_track_is_accepted() -> None:
    pos = safari_ai.Position.from_json(on_start(tiles(["...", "k.k"])))
    assert pos.to_json()["track"][1] == {"name": "t0", "curve": False, "rows": ["...", "k.k"]}


@pytest.mark.parametrize(
    ("track", "field"),
    [
        (tiles(["...", "###"]), "track"),  # row 3: no way forward
        (
            tiles([".#.", "#.#"], curve=True),
            "track",
        ),  # 3a: straight into rock, no diagonal on a curve
        (tiles(["x.x", "#x#"]), "track"),  # ravine and rock wall
        (
            tiles(["...", "#.#", "..."], ["#..", "..#"], curve=True),
            "track",
        ),  # a curve forbids the diagonal
        (tiles(["...", "...."]), "track[1].rows[1]"),  # four lanes
        (tiles(["..", "..."]), "track[1].rows[0]"),  # two lanes
        (tiles(["..z"]), "track[1].rows[0]"),  # unknown terrain
        (tiles([]), "track[1].rows"),  # a tile with no rows
        (tiles(["..."] * 10), "track[1].rows"),  # ten rows
        ([DEFAULT_TILES[0]], "track"),  # one tile
        (
            [DEFAULT_TILES[0]]
            + [{"name": "m", "curve": False, "rows": ["..."]}] * 19
            + [DEFAULT_TILES[-1]],
            "track",
        ),
        (
            [DEFAULT_TILES[0]]
            + [{"name": "m", "curve": False, "rows": ["..."] * 9}] * 11
            + [DEFAULT_TILES[-1]],
            "track",
        ),
        (tiles(["n.."]), "track"),  # a nest off the first tile
        (tiles(["fff"]), "track"),  # a finish before the end
        ([DEFAULT_TILES[0], {"name": "end", "curve": False, "rows": ["...", "f.f"]}], "track"),
        (
            [{"name": "start", "curve": False, "rows": ["nn.", "n.n", "..."]}] + DEFAULT_TILES[1:],
            "track",
        ),
        (
            [{"name": "Start", "curve": False, "rows": ["nnn", "n.n", "..."]}] + DEFAULT_TILES[1:],
            "track[0].name",
        ),
        (
            [{"name": "start", "curve": 1, "rows": ["nnn", "n.n", "..."]}] + DEFAULT_TILES[1:],
            "track[0].curve",
        ),
        ([{"name": "start", "rows": ["nnn", "n.n", "..."]}] + DEFAULT_TILES[1:], "track[0].curve"),
        (
            [{"name": "start", "curve": False, "rows": ["nnn"], "x": 1}] + DEFAULT_TILES[1:],
            "track[0].x",
        ),
        ("spiral", "track"),
        (7, "track"),
        ([1, 2], "track[0]"),
    ],
)
def test_malformed_tracks(track: Any, field: str) -> None:
    refused(on_start(track), field)


def test_a_space_with_no_way_forward_is_named() -> None:
    error = refused(on_start(tiles(["...", "###"])), "track")
    assert "3a has no way forward" in str(error)


# -- spaces and lanes -----------------------------------------------------------


@pytest.mark.parametrize(
    "space", ["3d", "0", "a3", "18a", "03a", "-1a", "2A", "", "2 a", "999999999999a", "2a\u00e9"]
)
def test_a_lane_or_row_out_of_range(space: str) -> None:
    refused(variant(BASE, ostriches={**BASE["ostriches"], "C": space}), "ostriches.C")


def test_berry_and_lion_spaces_out_of_range() -> None:
    refused(variant(BASE, berries=["13c", "5d", "8a"]), "berries[1]")
    refused(variant(LION, lion={"state": "active", "space": "15z", "turns": 2}), "lion.space")


# -- ostriches --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"finished": "AA"}, "finished"),
        ({"finished": "A"}, "finished"),  # also on the track
        ({"ostriches": {"A": "2a", "B": "2a", "C": "0c", "D": "3c", "E": "1c"}}, "ostriches.B"),
        ({"ostriches": {"A": "2a", "B": "3a", "C": "0c", "D": "3c"}}, "ostriches"),  # E missing
        ({"ostriches": {**BASE["ostriches"], "F": "4a"}}, "ostriches.F"),
        ({"ostriches": {**BASE["ostriches"], "a": "4a"}}, "ostriches.a"),
        ({"ostriches": {**BASE["ostriches"], "C": "3b"}}, "ostriches.C"),  # rock
        ({"ostriches": {**BASE["ostriches"], "C": "10b"}}, "ostriches.C"),  # ravine
        ({"ostriches": {**BASE["ostriches"], "C": "17a"}}, "ostriches.C"),  # finish
        ({"ostriches": {**BASE["ostriches"], "C": 3}}, "ostriches.C"),
        ({"finished": "F"}, "finished"),
        ({"bewitched": "BA"}, "bewitched"),
        ({"bewitched": "AA"}, "bewitched"),
        ({"bewitched": "Z"}, "bewitched"),
    ],
)
def test_bad_ostriches(changes: dict[str, Any], field: str) -> None:
    refused(variant(BASE, **changes), field)


# -- predictions ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("predictions", "field"),
    [
        (["DEAB", "BDAC", "CEBD", "ABCE"], "predictions[3]"),  # an ordering, but no tile
        (["DEAB", "BDAC", "CEBD", "AAAA"], "predictions[3]"),
        (["DEAB", "BDAC", "CEBD", "ABCDE"], "predictions[3]"),
        (["DEAB", "BDAC", "CEBD", "abcd"], "predictions[3]"),
        (["DEAB", "BDAC", "CEBD", "ABC"], "predictions[3]"),
        (["DEAB", "BDAC", "CEBD", "FGHI"], "predictions[3]"),
        (["DEAB", "BDAC", "CEBD", 7], "predictions[3]"),
        (["DEAB", "BDAC", "CEBD", ["A", "B", "C", "D"]], "predictions[3]"),
        (["DEAB", "BDAC", "CEBD", "DEAB"], "predictions[3]"),  # dealt twice
        (["DEAB", "BDAC", "CEBD"], "predictions"),  # one short
        (["DEAB", "BDAC", "CEBD", "EABC", "ABCD"], "predictions"),
        (["DEAB", "BDAC", None, "EABC"], "predictions[3]"),  # a tile after a null
        (["DEAB", "BDAC", "CEBD", None], "predictions"),  # not dealt outside "deal"
        ("DEAB", "predictions"),
    ],
)
def test_predictions_that_are_not_tiles(predictions: Any, field: str) -> None:
    refused(variant(BASE, predictions=predictions), field)


def test_deal_with_every_tile_dealt() -> None:
    refused(variant(BASE, phase="deal", dice=None, to_move="chance"), "predictions")


# -- dice -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "field"),
    [
        ({"white": "AAXWW", "black": "B"}, "dice.white"),
        ({"white": "AAAWW", "black": "Z"}, "dice.black"),
        ({"white": "AAAWW", "black": "b"}, "dice.black"),
        ({"white": "AAAWW", "black": "AB"}, "dice.black"),
        ({"white": "AAAWW", "black": ""}, "dice.black"),
        ({"white": "WAAAW", "black": "B"}, "dice.white"),  # not sorted
        ({"white": "AAAW", "black": "B"}, "dice.white"),  # four dice
        ({"white": "AAAWWW", "black": "B"}, "dice.white"),  # six dice
        ({"white": "AAA1W", "black": "B"}, "dice.white"),
        ({"white": 5, "black": "B"}, "dice.white"),
        ({"white": "AAAWW"}, "dice.black"),
        ({"white": "AAAWW", "black": "B", "grey": "A"}, "dice.grey"),
        ("AAAWW/B", "dice"),
        (None, "dice"),  # the phase needs dice
    ],
)
def test_dice_that_are_not_faces(dice: Any, field: str) -> None:
    refused(variant(BASE, dice=dice), field)


def test_reroll_and_left_that_are_not_faces() -> None:
    reroll = variant(BASE, phase="reroll", to_move="chance")
    assert safari_ai.Position.from_json(variant(reroll, reroll={"white": "AW", "black": False}))
    refused(variant(reroll, reroll={"white": "WA", "black": False}), "reroll.white")
    refused(variant(reroll, reroll={"white": "AX", "black": False}), "reroll.white")
    refused(variant(reroll, reroll={"white": "BB", "black": False}), "reroll.white")  # not rolled
    refused(variant(reroll, reroll={"white": "", "black": False}), "reroll")  # nothing
    refused(variant(reroll, reroll={"white": "A", "black": "yes"}), "reroll.black")
    refused(variant(reroll, reroll=None), "reroll")
    refused(variant(LION, left="ABCWX"), "left")
    refused(variant(LION, left="BACWW"), "left")
    refused(variant(LION, left="ABCCW"), "left")  # not rolled
    refused(variant(LION, moved="DC"), "moved")


# -- section 6, one by one ---------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"colour": "red"}, "colour"),  # unknown field
        ({"rules": {"players": 4, "speed": 2}}, "rules.speed"),
        ({"rules": {"players": 6}}, "rules.players"),
        ({"rules": {"players": 1}}, "rules.players"),
        ({"rules": {"players": 2.0}}, "rules.players"),
        ({"rules": {"lion": "yes"}}, "rules.lion"),
        ({"rules": {"berry_trigger": "exit"}}, "rules.berry_trigger"),
        ({"rules": {"quicksand": "sink"}}, "rules.quicksand"),
        ({"rules": {"last_tie": "first"}}, "rules.last_tie"),
        ({"rules": {"berries": False}}, "berries"),  # berries on the track
        ({"rules": []}, "rules"),
        ({"berries": ["5b", "13c", "8a"]}, "berries[1]"),  # not sorted as strings
        ({"berries": ["13c", "13c", "8a"]}, "berries[1]"),
        (
            {
                "berries": ["13c", "5b", "7a"],
            },
            "berries[2]",
        ),  # lava
        ({"berries": ["13c", "2a", "8a"]}, "berries"),  # under A
        ({"berry_pool": {"dofnooxoor": 1, "peepa": 1}}, "berry_pool"),
        ({"berry_pool": {"dofnooxoor": 1, "peepa": 1, "ter": 0}}, "berry_pool.ter"),
        ({"berry_pool": {"dofnooxoor": 1, "peepa": 1, "plum": 1}}, "berry_pool.plum"),
        ({"berry_pool": {"dofnooxoor": 1, "peepa": 1, "ter": 10**30}}, "berry_pool.ter"),
        ({"berry_types": {"ter": "none"}}, "berry_types.ter"),  # a known kind's effect
        ({"berry_types": {"plum": "fly"}}, "berry_types.plum"),  # unknown effect
        ({"berry_types": {"Plum": "none"}}, "berry_types.Plum"),
        ({"berry_types": {"plum_is_a_very_long_name": "none"}}, "berry_types"),
        ({"berry_types": {"pl\u00fcm": "none"}}, "berry_types"),
        ({"berry_types": {f"k{i}": "none" for i in range(20)}}, "berry_types"),
        ({"berry_types": []}, "berry_types"),
        ({"finished": "ABCD"}, "finished"),
        ({"current": 4}, "current"),
        ({"current": -1}, "current"),
        ({"current": 10**30}, "current"),
        ({"current": "1"}, "current"),
        ({"mode": "lion"}, "mode"),  # no lion in play
        ({"mode": "exhausted"}, "mode"),
        ({"mode": "fast"}, "mode"),
        ({"mode": "bonus"}, "phase"),  # reroll_choice in a bonus roll
        ({"phase": "moves", "left": "AAAWW"}, "phase"),  # moves in a normal turn
        ({"phase": "jump"}, "phase"),
        ({"phase": "roll", "to_move": "chance"}, "dice"),  # dice in phase roll
        ({"reroll": {"white": "A", "black": False}}, "reroll"),
        ({"left": "AAAWW"}, "left"),
        ({"moved": "A"}, "moved"),
        ({"pending": {"ostrich": "A"}}, "pending"),
        ({"pending": {"target": "A"}}, "pending"),
        ({"pending": {"ostrich": "A", "target": "B"}}, "pending"),
        ({"pending": {"ostrich": "A", "steps": 6}}, "pending.steps"),
        ({"pending": "A"}, "pending"),
        ({"bonus": 21}, "bonus"),
        ({"extra": -1}, "extra"),
        ({"bonus": 1.5}, "bonus"),
        ({"to_move": 2}, "to_move"),
        ({"to_move": "chance"}, "to_move"),
        ({"to_move": "nobody"}, "to_move"),
        ({"lion": {"state": "hidden", "space": None, "turns": 0}}, "lion.state"),  # lion: false
        ({"lion": {"state": "off", "space": "4a", "turns": 0}}, "lion.space"),
        ({"lion": {"state": "off", "space": None, "turns": 1}}, "lion.turns"),
        ({"lion": {"state": "off", "space": None}}, "lion.turns"),
        ({"lion": {"state": "asleep", "space": None, "turns": 0}}, "lion.state"),
    ],
)
def test_invalid_positions(changes: dict[str, Any], field: str) -> None:
    refused(variant(BASE, **changes), field)


def test_missing_fields_and_wrong_types() -> None:
    for key in BASE:
        if key == "berry_types":
            continue
        pos = copy.deepcopy(BASE)
        del pos[key]
        refused(pos, key)  # "rules" too (rule book section 6; issue 21 point 5)
    # only berry_types may be left out
    pos = copy.deepcopy(BASE)
    del pos["berry_types"]
    assert safari_ai.Position.from_json(pos).to_json()["berry_types"] == BASE["berry_types"]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"rules": {"players": 3, "lion": True, "berries": False}}, "rules.lion"),
        ({"rules": {"players": 3}}, "lion.state"),  # lion: false
        ({"lion": {"state": "active", "space": None, "turns": 2}}, "lion.space"),
        ({"lion": {"state": "active", "space": "12a", "turns": 2}}, "lion.space"),  # quicksand
        ({"lion": {"state": "active", "space": "10a", "turns": 2}}, "lion.space"),  # bridge
        ({"lion": {"state": "active", "space": "10b", "turns": 2}}, "lion.space"),  # ravine
        ({"lion": {"state": "active", "space": "17b", "turns": 2}}, "lion.space"),  # finish
        ({"lion": {"state": "active", "space": "0b", "turns": 2}}, "lion.space"),  # nest
        ({"lion": {"state": "active", "space": "7a", "turns": 2}}, "lion.space"),  # lava
        (
            {"lion": {"state": "active", "space": "13b", "turns": 2}},
            "lion.space",
        ),  # vortex outside its phase
        ({"lion": {"state": "active", "space": "11a", "turns": 2}}, "lion.space"),  # on C
        ({"lion": {"state": "active", "space": "15a", "turns": 3}}, "lion.turns"),  # 3 players
        ({"lion": {"state": "exhausted", "space": "15a", "turns": 1}}, "lion.turns"),
        ({"lion": {"state": "hidden", "space": None, "turns": 0}}, "lion.state"),  # no peepa left
        ({"bewitched": "C"}, "bewitched"),  # lion in play
        ({"lion": {"state": "exhausted", "space": "15a", "turns": 0}}, "mode"),
        ({"mode": "normal"}, "phase"),  # moves in a normal turn
        ({"phase": "reroll_choice", "left": None}, "phase"),
        ({"phase": "action", "left": None}, "phase"),
        ({"phase": "flip", "left": None}, "phase"),
        ({"phase": "vortex", "left": None}, "phase"),
        (
            {"phase": "lion_black", "left": None, "to_move": "chance"},
            "dice.black",
        ),  # E is reachable
        ({"phase": "lion_target", "left": None}, "dice.black"),  # not a wild
        ({"phase": "lion_move", "left": None, "pending": {"target": "C"}}, "pending.target"),
        ({"phase": "lion_move", "left": None, "pending": None}, "pending"),
        ({"phase": "over", "left": None, "dice": None, "to_move": "terminal"}, "finished"),
        ({"left": None}, "left"),
        ({"left": "ABCWW", "moved": "C"}, "left"),  # C moved, its die left
        (
            {"left": "", "moved": "", "dice": {"white": "AAAAA", "black": "E"}},
            "phase",
        ),  # no legal sub-move
    ],
)
def test_invalid_lion_positions(changes: dict[str, Any], field: str) -> None:
    refused(variant(LION, **changes), field)


def test_other_phase_shapes() -> None:
    nest = variant(
        LION,
        phase="nest",
        left=None,
        ostriches={"D": "14c", "E": "12b"},
        pending={"ostrich": "C"},
        lion={"state": "gone", "space": None, "turns": 0},
    )
    assert len(safari_ai.Position.from_json(nest).legal_moves()) == 5
    refused(variant(nest, pending=None), "pending")
    refused(variant(nest, ostriches={"C": "11a", "D": "14c", "E": "12b"}), "pending.ostrich")
    berry = variant(
        BASE,
        phase="berry",
        to_move="chance",
        pending={"ostrich": "E"},
        ostriches={**BASE["ostriches"], "E": "5b"},
    )
    assert len(safari_ai.Position.from_json(berry).chance_outcomes()) == 3
    refused(variant(berry, pending={"ostrich": "A"}), "pending.ostrich")  # A on no berry
    refused(variant(berry, phase="action", to_move=1), "pending")
    over = variant(
        BASE,
        phase="over",
        dice=None,
        to_move="terminal",
        finished="ABC",
        ostriches={"D": "3c", "E": "1c"},
    )
    assert safari_ai.Position.from_json(over).result() == [2, 4, 4, 4]
    refused(variant(over, bonus=1), "bonus")
    refused(variant(over, finished="AB", ostriches={"C": "0c", "D": "3c", "E": "1c"}), "finished")


# -- garbage -------------------------------------------------------------------


def nested(depth: int) -> Any:
    value: Any = "none"
    for _ in range(depth):
        value = {"k": value}
    return value


@pytest.mark.parametrize(
    "changes",
    [
        {"berry_types": nested(60)},
        {"berry_types": nested(200)},
        {"ostriches": nested(100)},
        {"predictions": [[[[["DEAB"]]]]] * 4},
        {"track": [nested(50)] * 3},
        {"current": 2**63},
        {"bonus": -(2**63)},
        {"berries": ["\u00e9\u00e9"]},
        {"berry_pool": {"\u00fcber": 1}},
        {"finished": "\u00c4"},
        {"dice": {"white": "AAAW\u00e9", "black": "B"}},
        {"mode": "\u00e9"},
        {"predictions": ["D\u00c9AB", "BDAC", "CEBD", "EABC"]},
        {"lion": []},
        {"lion": {"state": "off", "space": None, "turns": 10**40}},
    ],
)
def test_garbage_gives_an_error_never_a_crash(changes: dict[str, Any]) -> None:
    with pytest.raises(PositionError):
        safari_ai.Position.from_json(variant(BASE, **changes))


def test_garbage_text() -> None:
    for text in [
        json.dumps(BASE)[:-1],
        json.dumps(BASE).replace('"A"', '"A\\u0000"', 1),
        json.dumps(BASE) + "x",
    ]:
        with pytest.raises(PositionError):
            safari_ai.Position.from_json(text)


# -- moves -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("base", "move"),
    [
        (BASE, "r:B"),
        (BASE, "r:AAAA"),
        (BASE, "r:WA"),
        (BASE, "keep*"),
        (BASE, "r:"),
        (BASE, "A0:ss"),
        (LION, "C1:s"),
        (LION, "C9:sss"),
        (LION, "Z0:s"),
        (LION, "C0:x"),
        (LION, "C0:S"),
        (LION, "c0:s"),
        (LION, "pass"),
        (LION, "*C"),
        (LION, "L:14a"),
        (LION, "C0:s "),
    ],
)
def test_illegal_moves_name_the_move(base: dict[str, Any], move: str) -> None:
    with pytest.raises(IllegalMoveError) as info:
        safari_ai.Position.from_json(base).apply(move)
    assert info.value.move == move


def test_outcomes_that_are_not_faces() -> None:
    roll = safari_ai.Position.from_json(variant(BASE, phase="roll", dice=None, to_move="chance"))
    assert len(roll.chance_outcomes()) == 1512
    for outcome in ["AAAWW/X", "AAAW/B", "WAAAA/B", "AAAWWW/B", "AAAWW", "aaaww/b", "AAAWW/BB"]:
        with pytest.raises(IllegalMoveError):
            roll.apply(outcome)


def test_rules_for_new() -> None:
    for rules, field in [
        ({"lion": True, "berries": False}, "rules.lion"),
        ({"players": 0}, "rules.players"),
        ({"ravine": "bridge"}, "rules.ravine"),
        ({"quicksand": True}, "rules.quicksand"),
    ]:
        with pytest.raises(PositionError) as info:
            safari_ai.Position.new("ostrich", rules)
        assert info.value.field == field


def _each(fn: Callable[[], None]) -> None:  # pragma: no cover - helper for debugging
    fn()


# -- the deal comes before the first turn (issue 21 point 4) -----------------


def _deal() -> dict[str, Any]:
    """The start position (E1), in phase "deal", one tile dealt."""
    pos = safari_ai.Position.new("ostrich").to_json()
    return (
        safari_ai.Position.from_json(pos)
        .apply(safari_ai.Position.from_json(pos).chance_outcomes()[0][0])
        .to_json()
    )


def test_a_deal_position_as_played_is_accepted() -> None:
    pos = _deal()
    assert pos["phase"] == "deal"
    assert safari_ai.Position.from_json(pos).to_json() == pos


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"current": 2}, "current"),
        ({"bonus": 1}, "bonus"),
        ({"extra": 1}, "extra"),
        ({"finished": "A", "ostriches": {"B": "0b", "C": "0c", "D": "1a", "E": "1c"}}, "finished"),
        ({"bewitched": "A"}, "bewitched"),
    ],
)
def test_a_deal_after_the_first_turn_is_refused(changes: dict[str, Any], field: str) -> None:
    refused(variant(_deal(), **changes), field)


def test_a_deal_with_the_lion_out_is_refused() -> None:
    pos = safari_ai.Position.new("ostrich", {"lion": True}).to_json()
    assert safari_ai.Position.from_json(pos).to_json() == pos
    pos["berry_pool"] = {"dofnooxoor": 1, "ter": 1}
    pos["berries"] = ["13c", "8a"]
    pos["lion"] = {"state": "gone", "space": None, "turns": 0}
    refused(pos, "lion.state")


def test_rules_are_required() -> None:
    pos = copy.deepcopy(BASE)
    del pos["rules"]
    refused(pos, "rules")
