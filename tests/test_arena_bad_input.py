"""Bad arena input: every kind of invalid position of the rule book (§6) and of
the issue (off-map hexes, shared hexes, dice counts, species), each refused
with a PositionError whose field names the culprit; illegal moves refused
with an IllegalMoveError naming the move; and garbage that must never crash.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

import safari_ai

pytestmark = pytest.mark.skipif(
    "arena" not in safari_ai.game_names(), reason="the C core has no arena yet"
)

# Example 1 (start), 2 (an activation), 6 (Primus request), 7 (a lion) and 9
# (animal wounds) of the rule book, in full.
START = {
    "game": "arena",
    "rules": {},
    "to_move": "chance",
    "arena": "default",
    "round": 1,
    "pool": 0,
    "gladiators": [
        {
            "id": "0a",
            "name": "thraex",
            "side": 0,
            "attack": 4,
            "defense": 3,
            "speed": 2,
            "wounds": 0,
            "hex": "a5",
        },
        {
            "id": "1a",
            "name": "murmillo",
            "side": 1,
            "attack": 3,
            "defense": 4,
            "speed": 2,
            "wounds": 0,
            "hex": "i5",
        },
    ],
    "animals": [],
    "phase": "initiative",
    "team_order": [],
    "animal_order": [],
    "slot": 0,
    "acted": [],
    "chooser": None,
    "active": None,
    "pending": None,
    "result": None,
}

ACT = {
    **copy.deepcopy(START),
    "to_move": 0,
    "round": 2,
    "gladiators": [
        {
            "id": "0a",
            "name": "thraex",
            "side": 0,
            "attack": 4,
            "defense": 3,
            "speed": 1,
            "wounds": 1,
            "hex": "e5",
        },
        {
            "id": "1a",
            "name": "murmillo",
            "side": 1,
            "attack": 3,
            "defense": 4,
            "speed": 2,
            "wounds": 0,
            "hex": "f5",
        },
    ],
    "phase": "act",
    "team_order": ["0", "1"],
    "slot": 0,
    "acted": ["0a"],
    "active": {"id": "0a", "moved": False, "attacked": False},
}

REQUEST = {
    **copy.deepcopy(START),
    "to_move": 0,
    "round": 3,
    "pool": 3,
    "rules": {"format": "primus", "animals": True, "event_roll": "on_request"},
    "gladiators": [
        {
            "id": "0a",
            "name": "thraex",
            "side": 0,
            "attack": 4,
            "defense": 3,
            "speed": 2,
            "wounds": 0,
            "hex": "a5",
        },
        {
            "id": "0b",
            "name": "thraex",
            "side": 0,
            "attack": 4,
            "defense": 2,
            "speed": 2,
            "wounds": 1,
            "hex": "c6",
        },
        {
            "id": "1a",
            "name": "murmillo",
            "side": 1,
            "attack": 3,
            "defense": 4,
            "speed": 2,
            "wounds": 0,
            "hex": "g5",
        },
        {
            "id": "1b",
            "name": "murmillo",
            "side": 1,
            "attack": 3,
            "defense": 4,
            "speed": 2,
            "wounds": 0,
            "hex": "g4",
        },
    ],
    "phase": "request",
    "chooser": 0,
}

LION = {
    **copy.deepcopy(START),
    "rules": {"animals": True},
    "round": 4,
    "gladiators": [
        {
            "id": "0a",
            "name": "thraex",
            "side": 0,
            "attack": 4,
            "defense": 3,
            "speed": 2,
            "wounds": 0,
            "hex": "c6",
        },
        {
            "id": "1a",
            "name": "murmillo",
            "side": 1,
            "attack": 3,
            "defense": 4,
            "speed": 2,
            "wounds": 0,
            "hex": "g4",
        },
    ],
    "animals": [
        {
            "id": "x",
            "species": "lion",
            "attack": 5,
            "defense": 1,
            "speed": 4,
            "hex": "e5",
            "entry": "II",
        }
    ],
    "phase": "behaviour",
    "team_order": ["A", "0", "1"],
    "animal_order": ["x"],
    "slot": 0,
    "acted": ["x"],
    "active": {"id": "x", "steps": 0, "left": 0, "target": None},
}

WOUNDS = {
    **copy.deepcopy(LION),
    "round": 7,
    "gladiators": [
        {
            "id": "0a",
            "name": "thraex",
            "side": 0,
            "attack": 4,
            "defense": 3,
            "speed": 2,
            "wounds": 0,
            "hex": "d5",
        },
        {
            "id": "1a",
            "name": "murmillo",
            "side": 1,
            "attack": 3,
            "defense": 4,
            "speed": 2,
            "wounds": 0,
            "hex": "g5",
        },
    ],
    "phase": "animal_wounds",
    "team_order": ["0", "A", "1"],
    "slot": 0,
    "acted": ["0a"],
    "active": {"id": "0a", "moved": True, "attacked": False},
    "pending": {"target": "x", "wounds": 3},
}

BASES = {"start": START, "act": ACT, "request": REQUEST, "lion": LION, "wounds": WOUNDS}


def test_bases_are_valid() -> None:
    for base in BASES.values():
        safari_ai.Position.from_json(base)  # must not raise


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A mutator setting the field at a dotted path ("gladiators.0.hex")."""

    def mutate(pos: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = pos
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return mutate


def _delete(path: str) -> Callable[[dict[str, Any]], None]:
    def mutate(pos: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = pos
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        del node[last]

    return mutate


def _all(*mutators: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def mutate(pos: dict[str, Any]) -> None:
        for m in mutators:
            m(pos)

    return mutate


GLADIATOR_0B = {
    "id": "0b",
    "name": "novice",
    "side": 0,
    "attack": 2,
    "defense": 2,
    "speed": 2,
    "wounds": 0,
    "hex": "b5",
}
BEAR = {
    "id": "y",
    "species": "bear",
    "attack": 4,
    "defense": 3,
    "speed": 3,
    "hex": "a9",
    "entry": "I",
}
RHINO = {
    "id": "y",
    "species": "rhino",
    "attack": 2,
    "defense": 5,
    "speed": 3,
    "hex": None,
    "entry": "I",
}

# (id, base, mutation, the field the message must name)
CASES: list[tuple[str, str, Callable[[dict[str, Any]], None], str]] = [
    # the list
    ("gladiator-off-map", "start", _set("gladiators.0.hex", "a1"), "gladiators[0].hex"),
    ("gladiator-off-map-far", "start", _set("gladiators.1.hex", "z26"), "gladiators[1].hex"),
    ("animal-off-map", "lion", _set("animals.0.hex", "i9"), "animals[0].hex"),
    ("two-gladiators-one-hex", "start", _set("gladiators.1.hex", "a5"), "gladiators"),
    ("animal-on-gladiator", "lion", _set("animals.0.hex", "c6"), "animals"),
    ("attack-0", "start", _set("gladiators.0.attack", 0), "gladiators[0].attack"),
    ("attack-9", "start", _set("gladiators.0.attack", 9), "gladiators[0].attack"),
    ("defense-0", "start", _set("gladiators.1.defense", 0), "gladiators[1].defense"),
    ("speed-9", "start", _set("gladiators.1.speed", 9), "gladiators[1].speed"),
    ("lion-attack-6", "lion", _set("animals.0.attack", 6), "animals[0].attack"),
    ("lion-defense-2", "lion", _set("animals.0.defense", 2), "animals[0].defense"),
    ("lion-speed-0", "lion", _set("animals.0.speed", 0), "animals[0].speed"),
    ("unknown-species", "lion", _set("animals.0.species", "tiger"), "animals[0].species"),
    # §6: structure
    ("unknown-field", "start", _set("extra", 1), "extra"),
    ("missing-field", "start", _delete("pool"), "pool"),
    ("missing-phase", "start", _delete("phase"), "phase"),
    ("missing-gladiator-field", "start", _delete("gladiators.0.wounds"), "gladiators[0].wounds"),
    ("unknown-gladiator-field", "start", _set("gladiators.0.armour", 1), "gladiators[0].armour"),
    ("missing-animal-field", "lion", _delete("animals.0.entry"), "animals[0].entry"),
    ("wrong-type-round", "start", _set("round", "1"), "round"),
    ("wrong-type-gladiators", "start", _set("gladiators", {}), "gladiators"),
    ("float-attack", "start", _set("gladiators.0.attack", 4.0), "gladiators[0].attack"),
    ("wrong-game", "start", _set("game", "chess"), "game"),
    ("unknown-rules-key", "start", _set("rules", {"armour": True}), "rules.armour"),
    ("bad-format", "start", _set("rules", {"format": "melee"}), "rules.format"),
    ("bad-animals", "start", _set("rules", {"animals": "yes"}), "rules.animals"),
    ("bad-initiative", "start", _set("rules", {"initiative": "max"}), "rules.initiative"),
    (
        "bad-attack-then-move",
        "start",
        _set("rules", {"attack_then_move": 1}),
        "rules.attack_then_move",
    ),
    ("bad-spawn", "start", _set("rules", {"spawn": "pair"}), "rules.spawn"),
    ("bad-event-roll", "start", _set("rules", {"event_roll": "never"}), "rules.event_roll"),
    ("round-cap-0", "start", _set("rules", {"round_cap": 0}), "rules.round_cap"),
    ("round-cap-1001", "start", _set("rules", {"round_cap": 1001}), "rules.round_cap"),
    ("bad-side0", "start", _set("rules", {"side0": "gaul"}), "rules.side0"),
    ("duel-pair", "start", _set("rules", {"side1": "thraex+novice"}), "rules.side1"),
    ("bad-pair", "start", _set("rules", {"format": "primus", "side1": "thraex+"}), "rules.side1"),
    # §6: the board
    ("malformed-hex", "start", _set("gladiators.0.hex", "a05"), "gladiators[0].hex"),
    ("malformed-hex-row0", "start", _set("gladiators.0.hex", "a0"), "gladiators[0].hex"),
    ("malformed-hex-row27", "start", _set("gladiators.0.hex", "a27"), "gladiators[0].hex"),
    ("malformed-hex-upper", "start", _set("gladiators.0.hex", "A5"), "gladiators[0].hex"),
    ("null-gladiator-hex", "start", _set("gladiators.0.hex", None), "gladiators[0].hex"),
    ("arena-unknown", "start", _set("arena", "big"), "arena"),
    (
        "arena-one-hex",
        "start",
        _set("arena", {"hexes": ["a5"], "I": "a5", "II": "a5"}),
        "arena.hexes",
    ),
    (
        "arena-repeat",
        "start",
        _set("arena", {"hexes": ["a5", "i5", "a5"], "I": "a5", "II": "i5"}),
        "arena.hexes[2]",
    ),
    (
        "arena-malformed",
        "start",
        _set("arena", {"hexes": ["a5", "i5", "5a"], "I": "a5", "II": "i5"}),
        "arena.hexes[2]",
    ),
    (
        "arena-I-off",
        "start",
        _set("arena", {"hexes": ["a5", "i5"], "I": "b5", "II": "i5"}),
        "arena.I",
    ),
    (
        "arena-I-is-II",
        "start",
        _set("arena", {"hexes": ["a5", "i5"], "I": "a5", "II": "a5"}),
        "arena.II",
    ),
    ("arena-missing-II", "start", _set("arena", {"hexes": ["a5", "i5"], "I": "a5"}), "arena.II"),
    # §6: numbers and lists
    ("round-0", "start", _set("round", 0), "round"),
    ("round-above-cap", "start", _set("round", 31), "round"),
    ("pool-21", "lion", _set("pool", 21), "pool"),
    ("pool-without-animals", "start", _set("pool", 1), "pool"),
    (
        "duel-0b",
        "start",
        lambda p: p["gladiators"].insert(1, dict(GLADIATOR_0B)),
        "gladiators[1].id",
    ),
    ("bad-gladiator-id", "start", _set("gladiators.0.id", "2a"), "gladiators[0].id"),
    (
        "repeated-gladiator",
        "start",
        _set("gladiators.1", dict(START["gladiators"][0], hex="b5")),
        "gladiators[1].id",
    ),
    ("unsorted-gladiators", "request", lambda p: p["gladiators"].reverse(), "gladiators[1].id"),
    ("side-mismatch", "start", _set("gladiators.1.side", 0), "gladiators[1].side"),
    ("wounds-100", "start", _set("gladiators.0.wounds", 100), "gladiators[0].wounds"),
    ("wounds-negative", "start", _set("gladiators.0.wounds", -1), "gladiators[0].wounds"),
    ("name-empty", "start", _set("gladiators.0.name", ""), "gladiators[0].name"),
    ("name-space", "start", _set("gladiators.0.name", "big bob"), "gladiators[0].name"),
    ("name-long", "start", _set("gladiators.0.name", "x" * 33), "gladiators[0].name"),
    ("name-non-ascii", "start", _set("gladiators.0.name", "Crixus\u00e9"), "gladiators[0].name"),
    ("animals-without-variant", "lion", _set("rules", {}), "animals"),
    (
        "four-animals",
        "lion",
        lambda p: p["animals"].extend([dict(BEAR), dict(BEAR, id="z"), dict(BEAR, id="x")]),
        "animals",
    ),
    (
        "repeated-animal-id",
        "lion",
        lambda p: p["animals"].append(dict(BEAR, id="x")),
        "animals[1].id",
    ),
    ("bad-animal-id", "lion", _set("animals.0.id", "w"), "animals[0].id"),
    (
        "two-rhinos",
        "lion",
        _all(
            _set("animals.0", dict(RHINO, id="x", hex="e5", entry="II")),
            lambda p: p["animals"].append(dict(RHINO)),
        ),
        "animals[1].species",
    ),
    ("bad-entry", "lion", _set("animals.0.entry", "III"), "animals[0].entry"),
    # §6: phases and round state
    ("unknown-phase", "start", _set("phase", "fight"), "phase"),
    ("decided-not-over", "start", lambda p: p["gladiators"].pop(), "phase"),
    (
        "over-with-state",
        "act",
        _all(
            lambda p: p["gladiators"].pop(),
            _set("phase", "over"),
            _set("result", [1, -1]),
            _set("to_move", "terminal"),
        ),
        "phase",
    ),
    (
        "over-wrong-result",
        "start",
        _all(
            lambda p: p["gladiators"].pop(),
            _set("phase", "over"),
            _set("result", [-1, 1]),
            _set("to_move", "terminal"),
        ),
        "result",
    ),
    (
        "over-draw-early",
        "start",
        _all(_set("phase", "over"), _set("result", [0, 0]), _set("to_move", "terminal")),
        "result",
    ),
    (
        "result-bad",
        "start",
        _all(
            lambda p: p["gladiators"].pop(),
            _set("phase", "over"),
            _set("result", [2, -2]),
            _set("to_move", "terminal"),
        ),
        "result",
    ),
    ("result-before-end", "start", _set("result", [1, -1]), "result"),
    ("initiative-team-order", "start", _set("team_order", ["0", "1"]), "team_order"),
    ("initiative-acted", "start", _set("acted", ["0a"]), "acted"),
    ("initiative-slot", "start", _set("slot", 1), "slot"),
    (
        "initiative-animal-order",
        "lion",
        _all(
            _set("phase", "initiative"),
            _set("team_order", []),
            _set("acted", []),
            _set("active", None),
            _set("to_move", "chance"),
        ),
        "animal_order",
    ),
    ("animal-order-missing", "lion", _set("animal_order", []), "animal_order"),
    ("team-order-missing-team", "act", _set("team_order", ["0"]), "team_order"),
    ("team-order-repeat", "act", _set("team_order", ["0", "0"]), "team_order[1]"),
    ("team-order-unknown", "act", _set("team_order", ["0", "2"]), "team_order[1]"),
    ("slot-out-of-range", "act", _set("slot", 2), "slot"),
    ("acted-unknown", "act", _set("acted", ["0a", "x"]), "acted[1]"),
    ("acted-unsorted", "act", _set("acted", ["1a", "0a"]), "acted[1]"),
    (
        "acted-waiting",
        "lion",
        _all(_set("animals.0.hex", None), _set("animal_order", [])),
        "acted[0]",
    ),
    ("chooser-outside", "act", _set("chooser", 0), "chooser"),
    ("chooser-missing", "request", _set("chooser", None), "chooser"),
    ("request-always", "request", _set("rules", {"format": "primus", "animals": True}), "phase"),
    ("request-small-pool", "request", _set("pool", 2), "phase"),
    (
        "event-three-animals",
        "lion",
        _all(
            lambda p: p["animals"].extend([dict(BEAR), dict(BEAR, id="z", hex="a8")]),
            _set("pool", 3),
            _set("phase", "event"),
            _set("team_order", []),
            _set("animal_order", []),
            _set("acted", []),
            _set("active", None),
        ),
        "phase",
    ),
    ("initiative-one-team", "start", lambda p: p["gladiators"].pop(), "phase"),
    (
        "select-team-A",
        "lion",
        _all(_set("phase", "select"), _set("active", None), _set("to_move", 0)),
        "phase",
    ),
    ("active-missing", "act", _set("active", None), "active"),
    (
        "active-outside",
        "start",
        _set("active", {"id": "0a", "moved": False, "attacked": False}),
        "active",
    ),
    ("active-not-acted", "act", _set("acted", ["1a"]), "active"),
    ("active-wrong-team", "act", _all(_set("slot", 1), _set("acted", ["0a", "1a"])), "active"),
    (
        "active-wrong-form",
        "act",
        _set("active", {"id": "0a", "steps": 0, "left": 0, "target": None}),
        "active.steps",
    ),
    (
        "active-both-flags",
        "act",
        _set("active", {"id": "0a", "moved": True, "attacked": True}),
        "active",
    ),
    (
        "active-attacked-in-attack",
        "act",
        _all(
            _set("phase", "attack"),
            _set("to_move", "chance"),
            _set("active", {"id": "0a", "moved": False, "attacked": True}),
            _set("pending", {"attacker": "0a", "target": "1a"}),
        ),
        "active.attacked",
    ),
    ("pending-outside", "act", _set("pending", {"attacker": "0a", "target": "1a"}), "pending"),
    ("pending-missing", "act", _all(_set("phase", "attack"), _set("to_move", "chance")), "pending"),
    (
        "pending-not-active",
        "act",
        _all(
            _set("phase", "attack"),
            _set("to_move", "chance"),
            _set("pending", {"attacker": "1a", "target": "0a"}),
        ),
        "pending.attacker",
    ),
    (
        "pending-not-adjacent",
        "act",
        _all(
            _set("phase", "attack"),
            _set("to_move", "chance"),
            _set("gladiators.1.hex", "g5"),
            _set("pending", {"attacker": "0a", "target": "1a"}),
        ),
        "pending.target",
    ),
    (
        "pending-own-side",
        "request",
        _all(
            _set("phase", "attack"),
            _set("to_move", "chance"),
            _set("chooser", None),
            _set("pool", 2),
            _set("gladiators.1.hex", "b6"),
            _set("team_order", ["0", "1"]),
            _set("acted", ["0a"]),
            _set("active", {"id": "0a", "moved": False, "attacked": False}),
            _set("pending", {"attacker": "0a", "target": "0b"}),
        ),
        "pending.target",
    ),
    (
        "allocate-animal",
        "wounds",
        _all(_set("phase", "allocate"), _set("to_move", 0)),
        "pending.target",
    ),
    (
        "animal-wounds-gladiator",
        "wounds",
        _set("pending", {"target": "1a", "wounds": 1}),
        "pending.target",
    ),
    (
        "wounds-above-spare",
        "wounds",
        _set("pending", {"target": "x", "wounds": 8}),
        "pending.wounds",
    ),
    ("wounds-zero", "wounds", _set("pending", {"target": "x", "wounds": 0}), "pending.wounds"),
    ("foe-next-to-animal", "lion", _set("gladiators.0.hex", "d5"), "active"),
    (
        "behaviour-steps",
        "lion",
        _set("active", {"id": "x", "steps": 1, "left": 0, "target": None}),
        "active",
    ),
    ("wander-left-0", "lion", _set("phase", "wander"), "active"),
    (
        "wander-target",
        "lion",
        _all(
            _set("phase", "wander"),
            _set("active", {"id": "x", "steps": 0, "left": 1, "target": "0a"}),
        ),
        "active",
    ),
    (
        "hunt-step-no-target",
        "lion",
        _all(
            _set("phase", "hunt_step"),
            _set("active", {"id": "x", "steps": 0, "left": 4, "target": None}),
        ),
        "active",
    ),
    (
        "hunt-step-left-0",
        "lion",
        _all(
            _set("phase", "hunt_step"),
            _set("active", {"id": "x", "steps": 0, "left": 0, "target": "0a"}),
        ),
        "active",
    ),
    (
        "animal-target-left",
        "lion",
        _all(
            _set("phase", "animal_target"),
            _set("gladiators.0.hex", "d5"),
            _set("gladiators.1.hex", "f5"),
            _set("active", {"id": "x", "steps": 0, "left": 2, "target": None}),
        ),
        "active.left",
    ),
    (
        "steps-above-species",
        "lion",
        _set("active", {"id": "x", "steps": 5, "left": 0, "target": None}),
        "active.steps",
    ),
    (
        "left-above-speed",
        "lion",
        _all(
            _set("animals.0.speed", 2),
            _set("phase", "hunt_step"),
            _set("active", {"id": "x", "steps": 0, "left": 3, "target": "0a"}),
        ),
        "active.left",
    ),
    ("to-move-wrong", "start", _set("to_move", 0), "to_move"),
    ("to-move-garbage", "act", _set("to_move", "white"), "to_move"),
    ("to-move-minus-1", "start", _set("to_move", -1), "to_move"),
    (
        "to-move-minus-2",
        "start",
        _all(
            lambda p: p["gladiators"].pop(),
            _set("phase", "over"),
            _set("result", [1, -1]),
            _set("to_move", -2),
        ),
        "to_move",
    ),
    ("to-move-2", "act", _set("to_move", 2), "to_move"),
    ("rules-null", "start", _set("rules", None), "rules"),
    (
        "one-option",
        "act",
        _all(
            _set("arena", {"hexes": ["e5", "f5"], "I": "e5", "II": "f5"}),
            _set("active", {"id": "0a", "moved": False, "attacked": True}),
        ),
        "phase",
    ),
]


@pytest.mark.parametrize("name,base,mutate,field", CASES, ids=[c[0] for c in CASES])
def test_invalid_position(
    name: str, base: str, mutate: Callable[[dict[str, Any]], None], field: str
) -> None:
    pos = copy.deepcopy(BASES[base])
    mutate(pos)
    with pytest.raises(safari_ai.PositionError) as info:
        safari_ai.Position.from_json(pos)
    assert info.value.field == field, str(info.value)


@pytest.mark.parametrize(
    "rules,field",
    [
        ({"format": "trio"}, "rules.format"),
        ({"side0": "thraex+novice"}, "rules.side0"),
        ({"format": "primus", "side1": "thraex+novice+novice"}, "rules.side1"),
        ({"format": "primus", "side1": "Thraex"}, "rules.side1"),
        ({"round_cap": True}, "rules.round_cap"),
        ({"colour": "red"}, "rules.colour"),
    ],
)
def test_invalid_rules_for_new(rules: dict[str, Any], field: str) -> None:
    with pytest.raises(safari_ai.PositionError) as info:
        safari_ai.Position.new("arena", rules)
    assert info.value.field == field, str(info.value)


@pytest.mark.parametrize(
    "base,move",
    [
        ("start", "init:A"),
        ("start", "order:01"),
        ("act", "move:a1"),
        ("act", "move:e5"),
        ("act", "move:g5"),
        ("act", "attack:0a"),
        ("act", "attack:x"),
        ("act", "lose:1-0-0"),
        ("wounds", "lose:0-1-2"),
        ("lion", "behave:sleep"),
        ("request", "roll "),
        ("request", ""),
        ("request", "r\u00f6ll"),
    ],
)
def test_illegal_moves(base: str, move: str) -> None:
    pos = safari_ai.Position.from_json(BASES[base])
    with pytest.raises(safari_ai.IllegalMoveError) as info:
        pos.apply(move)
    assert repr(move)[1:-1] in str(info.value) or move in str(info.value)


def test_moves_after_the_end() -> None:
    pos = copy.deepcopy(START)
    pos["gladiators"].pop()
    pos.update(phase="over", result=[1, -1], to_move="terminal")
    over = safari_ai.Position.from_json(pos)
    assert over.to_move == "terminal"
    with pytest.raises(safari_ai.IllegalMoveError):
        over.apply("init:0")


GARBAGE: list[Any] = [
    None,
    0,
    "arena",
    [],
    [START],
    {"game": "arena"},
    {},
    {**START, "round": 10**30},
    {**START, "round": -(10**30)},
    {**START, "round": 1e300},
    {**START, "pool": float("nan")} if False else {**START, "pool": 1.5},
    {**START, "gladiators": [None]},
    {**START, "gladiators": [[]]},
    {**START, "gladiators": "0a"},
    {**START, "animals": None},
    {**START, "team_order": [0, 1]},
    {**START, "acted": [1]},
    {**START, "active": []},
    {**START, "active": {"id": 7}},
    {**START, "pending": "x"},
    {**START, "result": [1]},
    {**START, "result": ["1", "-1"]},
    {**START, "arena": None},
    {**START, "arena": {"hexes": "a5", "I": "a5", "II": "i5"}},
    {**START, "arena": {"hexes": [1, 2], "I": "a5", "II": "i5"}},
    {**START, "rules": []},
    {**START, "rules": {"format": None}},
    {**START, "gladiators": [dict(START["gladiators"][0], hex="\u00e95"), START["gladiators"][1]]},
    {**START, "gladiators": [dict(START["gladiators"][0], name="\u0000"), START["gladiators"][1]]},
    {**START, "gladiators": [dict(START["gladiators"][0], id="\u4e00"), START["gladiators"][1]]},
    {**START, "phase": "\ud83d\udc05"},
]


def _nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = {"a": [value]}
    return value


@pytest.mark.parametrize(
    "data", GARBAGE + [{**START, "rules": _nested(40)}, {**START, "extra": _nested(200)}]
)
def test_garbage_is_refused(data: Any) -> None:
    with pytest.raises(safari_ai.PositionError):
        safari_ai.Position.from_json(data)


@pytest.mark.parametrize(
    "text",
    [
        b"",
        b"{",
        b"\xff\xfe",
        b'{"game":"arena",' * 1000,
        b"[" * 100000,
        '{"game":"ar\u00e9na"}'.encode(),
    ],
)
def test_garbage_text_is_refused(text: bytes) -> None:
    with pytest.raises(safari_ai.PositionError):
        safari_ai.Position.from_json(text)


def test_valid_round_trip_of_bases() -> None:
    for base in BASES.values():
        pos = safari_ai.Position.from_json(base)
        assert safari_ai.Position.from_json(pos.to_json()).to_json() == pos.to_json()
        assert json.loads(pos.to_json_text()) == pos.to_json()


def test_rules_are_required() -> None:
    """Rule book 6: a field missing at any level, "rules" included (issue 21 point 5)."""
    pos = copy.deepcopy(START)
    assert safari_ai.Position.from_json(pos).to_move == "chance"
    del pos["rules"]
    with pytest.raises(safari_ai.PositionError) as info:
        safari_ai.Position.from_json(pos)
    assert info.value.field == "rules"
