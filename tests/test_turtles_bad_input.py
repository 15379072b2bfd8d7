"""Bad turtles input (rule book shared/rules/turtles.md §5, §6): every kind of
invalid position the rule book lists, each refused with a PositionError naming
the field; illegal and misspelled moves refused with an IllegalMoveError naming
the move; garbage that must give an error and never crash."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

import safari_ai
from safari_ai import IllegalMoveError, PositionError

RULES = {
    "tattoo": False,
    "tattoo_setup": "fixed",
    "hatching": False,
    "max_rule": "first_hop",
    "max_turns": 200,
}


def pos(
    board: dict[str, str] | None = None, rules: dict[str, Any] | None = None, **fields: Any
) -> dict[str, Any]:
    """A valid position (§7.3's board by default), with fields overridden."""
    p = {
        "game": "turtles",
        "rules": dict(rules if rules is not None else RULES),
        "to_move": 0,
        "phase": "play",
        "side": 0,
        "turns": 0,
        "board": dict(board if board is not None else {"c2": "0", "c3": "0", "c5": "1", "d5": "n"}),
        "reserve": [0, 0],
        "pending": [],
        "changing": None,
    }
    p.update(fields)
    return p


T = {"tattoo": True}
H = {"hatching": True}
CHOOSE = {"tattoo": True, "tattoo_setup": "choose"}
START0 = {c: "0" for c in "b1 c1 c2 d1 d2 e1 e2 f1".split()}
START1 = {c: "1" for c in "b5 c5 c6 d6 d7 e5 e6 f5".split()}
# §7.8 after d2xd4xf4: an effects position with two pending effects
EFFECTS = pos(
    {"b5": "1", "d1": "0", "d3": "nC", "e3": "0", "e4": "nX", "f4": "0"},
    T,
    to_move=1,
    phase="effects",
    side=1,
    turns=1,
    pending=["d3", "e4"],
)
SEVENTEEN = {c: "0" for c in "a1 a2 a3 a4 b1 b2 b3 b4 b5 c1 c2 c3 c4 c5 c6 e1 e2".split()}


def with_(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    p = copy.deepcopy(base)
    p.update(changes)
    return p


def removed(field: str) -> dict[str, Any]:
    p = pos()
    del p[field]
    return p


def board_plus(extra: dict[str, Any], base: dict[str, Any] | None = None) -> dict[str, Any]:
    p = copy.deepcopy(base or pos())
    p["board"].update(extra)
    return p


def rules_plus(**extra: Any) -> dict[str, Any]:
    p = pos()
    p["rules"].update(extra)
    return p


# (position, the field the message must name)
INVALID: list[tuple[str, Callable[[], dict[str, Any]], str | None]] = [
    # fields
    *[
        (f"missing {f}", (lambda f=f: removed(f)), f)
        for f in [
            "game",
            "rules",
            "to_move",
            "phase",
            "side",
            "turns",
            "board",
            "reserve",
            "pending",
            "changing",
        ]
    ],
    ("unknown field", lambda: with_(pos(), extra=1), "extra"),
    ("unknown field, case", lambda: with_(pos(), Board={}), "Board"),
    ("unknown game", lambda: with_(pos(), game="tortoises"), "game"),
    # a turtles position under another game's name is read, and refused, as that game
    ("other game", lambda: with_(pos(), game="zebras"), "phase"),
    # rules
    ("rules not an object", lambda: with_(pos(), rules=[]), "rules"),
    ("rules null", lambda: with_(pos(), rules=None), "rules"),
    ("unknown rules key", lambda: rules_plus(bogus=True), "rules.bogus"),
    ("tattoo not bool", lambda: rules_plus(tattoo=1), "rules.tattoo"),
    ("hatching not bool", lambda: rules_plus(hatching="yes"), "rules.hatching"),
    ("tattoo_setup value", lambda: rules_plus(tattoo_setup="random"), "rules.tattoo_setup"),
    ("max_rule value", lambda: rules_plus(max_rule="most"), "rules.max_rule"),
    ("max_rule case", lambda: rules_plus(max_rule="Global"), "rules.max_rule"),
    ("max_turns too big", lambda: rules_plus(max_turns=10001), "rules.max_turns"),
    ("max_turns negative", lambda: rules_plus(max_turns=-1), "rules.max_turns"),
    ("max_turns float", lambda: rules_plus(max_turns=6.0), "rules.max_turns"),
    ("max_turns bool", lambda: rules_plus(max_turns=True), "rules.max_turns"),
    ("max_turns huge", lambda: rules_plus(max_turns=10**30), "rules.max_turns"),
    (
        "tattoo and hatching",
        lambda: pos({"c2": "0", "c5": "1"}, {"tattoo": True, "hatching": True}, reserve=[0, 0]),
        "rules.hatching",
    ),
    # phase, side, turns
    ("phase value", lambda: with_(pos(), phase="playing"), "phase"),
    ("phase type", lambda: with_(pos(), phase=1), "phase"),
    ("side 2", lambda: with_(pos(), side=2), "side"),
    ("side -1", lambda: with_(pos(), side=-1), "side"),
    ("side bool", lambda: with_(pos(), side=False), "side"),
    ("side string", lambda: with_(pos(), side="0"), "side"),
    ("turns negative", lambda: with_(pos(), turns=-1), "turns"),
    ("turns float", lambda: with_(pos(), turns=3.0), "turns"),
    ("turns bool", lambda: with_(pos(), turns=True), "turns"),
    ("turns huge", lambda: with_(pos(), turns=10**20), "turns"),
    ("turns beyond max_turns", lambda: with_(pos(), turns=201), "turns"),
    # board
    ("board not an object", lambda: with_(pos(), board=["c2"]), "board"),
    ("cell h1", lambda: board_plus({"h1": "0"}), "board.h1"),
    ("cell d8", lambda: board_plus({"d8": "0"}), "board.d8"),
    ("cell a5 (off the board)", lambda: board_plus({"a5": "0"}), "board.a5"),
    ("cell g0", lambda: board_plus({"g0": "0"}), "board.g0"),
    ("cell upper case", lambda: board_plus({"D4": "0"}), "board.D4"),
    ("cell with leading zero", lambda: board_plus({"d04": "0"}), "board.d04"),
    ("empty cell name", lambda: board_plus({"": "0"}), "board."),
    ("piece 2", lambda: board_plus({"d4": "2"}), "board.d4"),
    ("piece empty", lambda: board_plus({"d4": ""}), "board.d4"),
    ("piece N", lambda: board_plus({"d4": "N"}), "board.d4"),
    ("piece 0Z", lambda: board_plus({"d4": "0Z"}), "board.d4"),
    ("piece 0LL", lambda: board_plus({"d4": "0LL", "c2": "0"}, pos(rules=T)), "board.d4"),
    ("piece lower-case tattoo", lambda: board_plus({"d4": "0l"}, pos(rules=T)), "board.d4"),
    ("piece integer", lambda: board_plus({"d4": 0}), "board.d4"),
    ("piece null", lambda: board_plus({"d4": None}), "board.d4"),
    ("tattoo without rules.tattoo", lambda: board_plus({"d4": "0L"}), "board.d4"),
    ("neutral tattoo without rules.tattoo", lambda: board_plus({"d4": "nX"}), "board.d4"),
    ("too many turtles", lambda: pos({**SEVENTEEN, "g4": "1"}), "board"),
    ("too many plain turtles (tattoo)", lambda: pos({**SEVENTEEN, "g4": "1"}, T), "board"),
    ("three Life turtles", lambda: pos({"a1": "0L", "a2": "0L", "g4": "1L"}, T), "board"),
    (
        "both on their goal",
        lambda: pos({"d7": "0", "d1": "1"}, to_move="terminal", phase="over"),
        "board",
    ),
    # reserve
    ("reserve not a list", lambda: with_(pos(), reserve=0), "reserve"),
    ("reserve too short", lambda: with_(pos(), reserve=[0]), "reserve"),
    ("reserve too long", lambda: with_(pos(), reserve=[0, 0, 0]), "reserve"),
    ("reserve of strings", lambda: with_(pos(), reserve=["0", "0"]), "reserve[0]"),
    ("reserve without hatching", lambda: with_(pos(), reserve=[1, 0]), "reserve[0]"),
    ("reserve above 8", lambda: pos({}, H, reserve=[9, 8]), "reserve[0]"),
    ("reserve negative", lambda: pos({"b1": "0"}, H, reserve=[-1, 0]), "reserve[0]"),
    ("reserve float", lambda: pos({}, H, reserve=[8, 8.0]), "reserve[1]"),
    ("reserves differ by 3", lambda: pos({}, H, reserve=[8, 5]), "reserve"),
    (
        "board and reserves over 16",
        lambda: pos({"b1": "0", "f5": "1"}, H, reserve=[8, 8]),
        "reserve",
    ),
    # pending, changing
    ("pending not a list", lambda: with_(EFFECTS, pending="d3"), "pending"),
    ("pending bad cell", lambda: with_(EFFECTS, pending=["d3", "z9"]), "pending[1]"),
    ("pending not a string", lambda: with_(EFFECTS, pending=[3]), "pending[0]"),
    ("pending descending", lambda: with_(EFFECTS, pending=["e4", "d3"]), "pending[1]"),
    ("pending duplicate", lambda: with_(EFFECTS, pending=["d3", "d3"]), "pending[1]"),
    ("pending on a plain turtle", lambda: with_(EFFECTS, pending=["d3", "e3"]), "pending[1]"),
    ("pending on an empty cell", lambda: with_(EFFECTS, pending=["a1"]), "pending[0]"),
    (
        "pending on an active tattooed turtle",
        lambda: board_plus({"a1": "0L"}, with_(EFFECTS, pending=["a1"])),
        "pending[0]",
    ),
    ("pending in play", lambda: with_(EFFECTS, phase="play", to_move=1), "pending"),
    ("changing not a string", lambda: with_(EFFECTS, changing=3), "changing"),
    ("changing bad cell", lambda: with_(EFFECTS, changing="k2"), "changing"),
    (
        "changing on Contamination",
        lambda: with_(EFFECTS, pending=["d3"], changing="e4"),
        "changing",
    ),
    ("changing also pending", lambda: with_(EFFECTS, changing="d3", to_move=0), "changing"),
    (
        "changing in play",
        lambda: pos({"b5": "1", "d3": "nC", "e3": "0"}, T, changing="d3"),
        "changing",
    ),
    (
        "changing, jumper has nothing to hand over",
        lambda: pos({"b5": "1", "d3": "nC"}, T, phase="effects", to_move=0, side=1, changing="d3"),
        "changing",
    ),
    # phase fit
    ("setup without choose", lambda: pos({**START0, **START1}, T, phase="setup"), "phase"),
    ("setup without tattoo", lambda: pos({**START0, **START1}, phase="setup"), "phase"),
    (
        "setup after a turn",
        lambda: pos({**START0, **START1}, CHOOSE, phase="setup", turns=1),
        "turns",
    ),
    (
        "setup with a missing turtle",
        lambda: pos({**START0, **START1, "d1": "n"}, CHOOSE, phase="setup"),
        "board",
    ),
    (
        "setup with a moved turtle",
        lambda: pos({**START0, "d3": "0", **START1, "d1": "0"} | {}, CHOOSE, phase="setup"),
        "board",
    ),
    (
        "setup out of kind order",
        lambda: pos({**START0, "b1": "0C", **START1}, CHOOSE, phase="setup"),
        "board",
    ),
    (
        "setup wrong side",
        lambda: pos({**START0, **START1}, CHOOSE, phase="setup", side=1, to_move=1),
        "side",
    ),
    (
        "setup, player 1 before player 0 is done",
        lambda: pos({**START0, "b1": "0L", **START1, "b5": "1L"}, CHOOSE, phase="setup"),
        "side",
    ),
    ("effects without tattoo", lambda: pos(phase="effects"), "phase"),
    ("effects with nothing pending", lambda: with_(EFFECTS, pending=[]), "phase"),
    ("effects with a goal reached", lambda: board_plus({"d7": "0"}, EFFECTS), "phase"),
    (
        "play but stuck (§7.6)",
        lambda: pos({"d6": "0", "d7": "1", "c6": "1", "e6": "1", "b1": "1", "d3": "n"}),
        "phase",
    ),
    ("play but on the goal", lambda: pos({"d7": "0", "a1": "1"}), "phase"),
    ("play at the turn limit", lambda: pos(rules={"max_turns": 7}, turns=7), "phase"),
    ("over but not over", lambda: pos(phase="over", to_move="terminal"), "phase"),
    # to_move
    ("to_move contradicts side", lambda: with_(pos(), to_move=1), "to_move"),
    ("to_move terminal in play", lambda: with_(pos(), to_move="terminal"), "to_move"),
    ("to_move chance", lambda: with_(pos(), to_move="chance"), "to_move"),
    ("to_move 2", lambda: with_(pos(), to_move=2), "to_move"),
    ("to_move bool", lambda: with_(pos(), to_move=False), "to_move"),
    ("to_move in effects is the owner", lambda: with_(EFFECTS, to_move=0), "to_move"),
    (
        "to_move while changing is the jumper",
        lambda: with_(EFFECTS, pending=["e4"], changing="d3", to_move=1),
        "to_move",
    ),
    (
        "to_move in setup",
        lambda: pos({**START0, **START1}, CHOOSE, phase="setup", to_move=1),
        "to_move",
    ),
    (
        "to_move 0 when over",
        lambda: pos({"d6": "0", "d7": "1", "c6": "1", "e6": "1", "b1": "1"}, phase="over"),
        "to_move",
    ),
]


@pytest.mark.parametrize(
    "make, field", [(m, f) for _, m, f in INVALID], ids=[name for name, _, _ in INVALID]
)
def test_invalid_position_names_the_field(make: Callable[[], dict[str, Any]], field: str) -> None:
    with pytest.raises(PositionError) as info:
        safari_ai.Position.from_json(make())
    assert info.value.field == field, str(info.value)
    assert f"'{field}'" in str(info.value)


def test_the_bases_of_the_mutations_are_valid() -> None:
    for p in [
        pos(),
        EFFECTS,
        pos({**START0, **START1}, CHOOSE, phase="setup"),
        pos(
            {"d6": "0", "d7": "1", "c6": "1", "e6": "1", "b1": "1"},
            phase="over",
            to_move="terminal",
        ),
        with_(EFFECTS, pending=["e4"], changing="d3", to_move=0),
        pos(
            {**START0, "b1": "0L", "f1": "0C", "e2": "0I", "c2": "0X", **START1, "b5": "1L"},
            CHOOSE,
            phase="setup",
            side=1,
            to_move=1,
        ),
        pos({"b1": "0"}, H, reserve=[7, 8]),
        pos({**SEVENTEEN, "a1": "0L", "g4": "1L"}, T),
    ]:  # 18 turtles, 16 plain
        loaded = safari_ai.Position.from_json(p)
        assert safari_ai.Position.from_json(loaded.to_json()) == loaded


@pytest.mark.parametrize(
    "rules, field",
    [
        ({"tattoo": True, "hatching": True}, "rules.hatching"),
        ({"max_turns": "200"}, "rules.max_turns"),
        ({"max_rule": None}, "rules.max_rule"),
        ({"colour": "red"}, "rules.colour"),
    ],
)
def test_new_refuses_bad_rules(rules: dict[str, Any], field: str) -> None:
    with pytest.raises(PositionError) as info:
        safari_ai.Position.new("turtles", rules)
    assert info.value.field == field


# -- moves ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "move",
    [
        "d1-d3",  # a jump spelled as a step
        "d1xd3 ",  # trailing space
        " d1xd3",
        "D1xD3",  # case
        "d1Xd3",
        "d1xd3/0",  # team digit without a neutral
        "c2-c4",  # not adjacent
        "c2-c1",  # backwards
        "b1-a1x",
        "d2-d3-d4",
        "+b1",  # an add without hatching
        "L@c2",  # a setup move in play
        "Lc2",
        "Cd3/e3",  # effects in play
        "h1-h2",
        "d0-d1",
        "a5-a6",
        "",
        "x",
        "/",
        "-",
        "+",
    ],
)
def test_illegal_moves_at_the_start(move: str) -> None:
    start = safari_ai.Position.new("turtles")
    with pytest.raises(IllegalMoveError) as info:
        start.apply(move)
    assert info.value.move == move
    assert repr(move)[1:-1] in str(info.value) or move.strip() in str(info.value)


@pytest.mark.parametrize(
    "board, move",
    [
        (
            {"d3": "0", "a1": "0", "d4": "1", "e6": "1", "g2": "1", "e5": "n"},
            "a1-a2",
        ),  # capture forced
        ({"d3": "0", "a1": "0", "d4": "1", "e6": "1", "g2": "1", "e5": "n"}, "d3xd5"),  # incomplete
        (
            {"d3": "0", "a1": "0", "d4": "1", "e6": "1", "g2": "1", "e5": "n"},
            "d3xd5xf5xd7",
        ),  # no team
        ({"d3": "0", "a1": "0", "d4": "1", "e6": "1", "g2": "1", "e5": "n"}, "d3xd5xf5xd7/2"),
        ({"d3": "0", "a1": "0", "d4": "1", "e6": "1", "g2": "1", "e5": "n"}, "d3xd5xf5xd7/01"),
        ({"c2": "0", "c3": "0", "c5": "1", "d5": "n"}, "c2xc4"),  # must go on (§7.3)
        ({"c2": "0", "c3": "0", "c5": "1", "d5": "n"}, "c2xc4xc6"),  # mixing (§7.3)
        (
            {"d2": "0", "a1": "0", "d3": "1", "c4": "1", "c5": "1", "e4": "1", "a2": "1"},
            "d2xd4xf4",
        ),  # §7.4
    ],
)
def test_illegal_moves_in_examples(board: dict[str, str], move: str) -> None:
    p = safari_ai.Position.from_json(pos(board))
    with pytest.raises(IllegalMoveError) as info:
        p.apply(move)
    assert info.value.move == move and move in str(info.value)


def test_hatching_adds_in_canonical_order_only() -> None:
    start = safari_ai.Position.new("turtles", {"hatching": True})
    assert "+b1+c1" in start.legal_moves()
    for move in ["+c1+b1", "+b1+b1", "+d1", "+b1+c1+c2", "+b1,+c1", "+ b1"]:
        with pytest.raises(IllegalMoveError):
            start.apply(move)


def test_effect_moves_must_match() -> None:
    p = safari_ai.Position.from_json(EFFECTS)
    for move in ["Cd3/e3", "Xe4", "Xe4/d1", "Id3", "Ce4", "Xd3/e3", "d1-d2"]:
        with pytest.raises(IllegalMoveError):
            p.apply(move)


def test_terminal_positions_refuse_every_move() -> None:
    over = safari_ai.Position.from_json(
        pos(
            {"d6": "0", "d7": "1", "c6": "1", "e6": "1", "b1": "1"},
            phase="over",
            to_move="terminal",
        )
    )
    with pytest.raises(IllegalMoveError, match="over"):
        over.apply("d6-d7")


# -- garbage -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        '{"game": "turtles"',
        '{"game": "turtles", "rules": {}, "to_move": 0, "phase": "play", "side": 0, "turns": 0, '
        '"board": {"d1": "0", "d1": "0"}, "reserve": [0, 0], "pending": [], "changing": null}',  # dup key
        json.dumps(pos()).replace('"c2"', '"c\u00e92"'),
        json.dumps(pos()).replace('"turns": 0', '"turns": 1' + "0" * 400),
        json.dumps(pos()).replace('"turns": 0', '"turns": 1e400'),
        json.dumps(pos()).replace('"board": {', '"board": {"\\u0000": "0", '),
        json.dumps(pos()).replace('"pending": []', '"pending": ' + "[" * 50 + "]" * 50),
        json.dumps(pos()).replace(
            '"changing": null', '"changing": ' + '{"a":' * 60 + "1" + "}" * 60
        ),
        json.dumps(pos()).replace('"changing": null', '"changing": ' + "[" * 5000 + "]" * 5000),
        json.dumps(pos()).replace('"d5": "n"', '"d5": "n\\u0000"'),
        json.dumps(pos()).replace('"d5": "n"', '"d5": "\u00f1"'),
        json.dumps(pos()).replace('"d5": "n"', '"d5": "' + "n" * 100_000 + '"'),
        json.dumps(pos()).replace('"d5": "n"', '"' + "d" * 100_000 + '": "n"'),
    ],
)
def test_garbage_never_crashes(text: str) -> None:
    with pytest.raises(PositionError):
        safari_ai.Position.from_json(text)


@pytest.mark.parametrize(
    "value",
    [
        {"c2": "0"},
        1,
        1.5,
        -1,
        2**63,
        2**64,
        None,
        True,
        "0",
        [],
        [[]],
        {"": {}},
        "\u00e9",
    ],
)
def test_every_field_takes_wrong_values_without_crashing(value: Any) -> None:
    for field in [
        "game",
        "rules",
        "to_move",
        "phase",
        "side",
        "turns",
        "board",
        "reserve",
        "pending",
        "changing",
    ]:
        p = pos()
        p[field] = value
        try:
            safari_ai.Position.from_json(p)
        except PositionError as error:
            named = error.field.split(".")[0].split("[")[0] if error.field else None
            # a valid value of one field can contradict another: to_move, then phase
            assert named in (field, "to_move", "phase"), str(error)
