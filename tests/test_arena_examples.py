"""The worked examples of the arena rule book (docs: /work/shared/rules/arena.md §8), plus
the dice odds the book states (§5.2, §5.5, §5.6, §5.9, §9), checked against direct
enumeration of the dice.  Runs on both backends (C engine and pure-Python reference).
"""

from __future__ import annotations

import copy
from collections import Counter
from fractions import Fraction
from itertools import combinations, product

import pytest

GAME = "arena"

DEFAULT_RULES = {
    "format": "duel",
    "animals": False,
    "initiative": "lexicographic",
    "attack_then_move": True,
    "spawn": "triple",
    "event_roll": "always",
    "round_cap": 30,
    "side0": "thraex",
    "side1": "murmillo",
}


def F(text: str) -> Fraction:
    return Fraction(text)


def full(pos: dict) -> dict:
    """The canonical form of a book position: every rules key written."""
    out = copy.deepcopy(pos)
    out["rules"] = {**DEFAULT_RULES, **pos["rules"]}
    return out


def changed(pos: dict, **changes) -> dict:
    out = full(pos)
    out.update(copy.deepcopy(changes))
    return out


def outs(b, pos) -> list:
    return b.chance_outcomes(pos)


def spell(pairs: list) -> list:
    return [(m, Fraction(p)) for m, p in pairs]


def G(gid, name, a, d, s, w, h):
    return {
        "id": gid,
        "name": name,
        "side": int(gid[0]),
        "attack": a,
        "defense": d,
        "speed": s,
        "wounds": w,
        "hex": h,
    }


def LION(hex_, entry="I", aid="x", a=5, d=1, s=4):
    return {
        "id": aid,
        "species": "lion",
        "attack": a,
        "defense": d,
        "speed": s,
        "hex": hex_,
        "entry": entry,
    }


def base(rules=None, **fields) -> dict:
    pos = {
        "game": "arena",
        "rules": rules or {},
        "to_move": "chance",
        "arena": "default",
        "round": 1,
        "pool": 0,
        "gladiators": [],
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
    pos.update(fields)
    return pos


# ---------------------------------------------------------------------------
# §8 worked examples
# ---------------------------------------------------------------------------

EX1 = base(gladiators=[G("0a", "thraex", 4, 3, 2, 0, "a5"), G("1a", "murmillo", 3, 4, 2, 0, "i5")])


def test_example1_start_position(backend):
    b = backend(GAME)
    assert b.new() == full(EX1)
    assert b.new({}) == full(EX1)
    pos = b.load(EX1)
    assert pos == full(EX1)
    assert b.to_move(pos) == "chance"
    assert b.legal_moves(pos) == []
    assert outs(b, pos) == spell([("init:0", "1/2"), ("init:1", "1/2")])
    nxt = b.apply(pos, "init:0")
    assert nxt == changed(EX1, to_move=0, phase="order", chooser=0)
    assert b.legal_moves(nxt) == ["order:01", "order:10"]
    assert b.chance_outcomes(nxt) == []
    assert pos == full(EX1)  # input untouched


EX2 = base(
    to_move=0,
    round=2,
    gladiators=[G("0a", "thraex", 4, 3, 1, 1, "e5"), G("1a", "murmillo", 3, 4, 2, 0, "f5")],
    phase="act",
    team_order=["0", "1"],
    acted=["0a"],
    active={"id": "0a", "moved": False, "attacked": False},
)


def test_example2_attack_and_wounds(backend):
    b = backend(GAME)
    pos = b.load(EX2)
    assert pos == full(EX2)
    assert b.legal_moves(pos) == [
        "attack:1a",
        "end",
        "move:d5",
        "move:d6",
        "move:e4",
        "move:e6",
        "move:f4",
    ]
    p1 = b.apply(pos, "attack:1a")
    e1 = changed(EX2, to_move="chance", phase="attack", pending={"attacker": "0a", "target": "1a"})
    assert p1 == e1
    assert outs(b, p1) == spell(
        [
            ("wounds:0", "579733/1679616"),
            ("wounds:1", "589/2592"),
            ("wounds:2", "26453/139968"),
            ("wounds:3", "10585/69984"),
            ("wounds:4", "146735/1679616"),
        ]
    )
    p2 = b.apply(p1, "wounds:2")
    e2 = dict(e1, to_move=1, phase="allocate", pending={"target": "1a", "wounds": 2})
    assert p2 == e2
    assert b.legal_moves(p2) == [
        "lose:0-1-1",
        "lose:0-2-0",
        "lose:1-0-1",
        "lose:1-1-0",
        "lose:2-0-0",
    ]
    p3 = b.apply(p2, "lose:0-2-0")
    e3 = dict(
        e2,
        to_move=0,
        phase="act",
        pending=None,
        gladiators=[G("0a", "thraex", 4, 3, 1, 1, "e5"), G("1a", "murmillo", 3, 2, 2, 2, "f5")],
        active={"id": "0a", "moved": False, "attacked": True},
    )
    assert p3 == e3
    assert b.legal_moves(p3) == ["end", "move:d5", "move:d6", "move:e4", "move:e6", "move:f4"]


def test_example2_no_kiting_variant(backend):
    """§5.4 attack_then_move = false: after attacking, only `end` is left, so it is automatic."""
    b = backend(GAME)
    pos = b.load(dict(EX2, rules={"attack_then_move": False}))
    p = b.apply(b.apply(pos, "attack:1a"), "wounds:2")
    p = b.apply(p, "lose:0-2-0")
    assert p["active"] == {"id": "1a", "moved": False, "attacked": False}
    assert p["acted"] == ["0a", "1a"] and p["slot"] == 1 and p["to_move"] == 1


EX3 = base(
    {"animals": True},
    to_move=0,
    round=2,
    pool=2,
    gladiators=[G("0a", "thraex", 4, 3, 1, 1, "e5"), G("1a", "murmillo", 3, 2, 1, 3, "f5")],
    phase="act",
    team_order=["0", "1"],
    acted=["0a"],
    active={"id": "0a", "moved": False, "attacked": True},
)

SPAWN3 = [
    ("spawn:bear-I", "1/216"),
    ("spawn:bear-II", "1/216"),
    ("spawn:lion-I", "1/144"),
    ("spawn:lion-II", "1/144"),
    ("spawn:none", "35/36"),
    ("spawn:rhino-I", "1/432"),
    ("spawn:rhino-II", "1/432"),
]


def test_example3_kiting_grows_the_pool(backend):
    b = backend(GAME)
    pos = b.load(EX3)
    assert pos == full(EX3)
    assert b.legal_moves(pos) == ["end", "move:d5", "move:d6", "move:e4", "move:e6", "move:f4"]
    p1 = b.apply(pos, "move:d5")
    e1 = changed(
        EX3,
        to_move=1,
        pool=3,
        gladiators=[G("0a", "thraex", 4, 3, 1, 1, "d5"), G("1a", "murmillo", 3, 2, 1, 3, "f5")],
        slot=1,
        acted=["0a", "1a"],
        active={"id": "1a", "moved": False, "attacked": False},
    )
    assert p1 == e1
    assert b.legal_moves(p1) == [
        "end",
        "move:e5",
        "move:e6",
        "move:f4",
        "move:f6",
        "move:g4",
        "move:g5",
    ]
    p2 = b.apply(p1, "end")
    e2 = dict(
        e1, to_move="chance", round=3, phase="event", team_order=[], slot=0, acted=[], active=None
    )
    assert p2 == e2
    assert outs(b, p2) == spell(SPAWN3)


def test_example3_moves_that_do_not_grow_the_pool(backend):
    b = backend(GAME)
    pos = b.load(EX3)
    # e4 and f4 are not farther from f5 (e4 is 2 away, f4 stays adjacent) ...
    assert b.apply(pos, "move:f4")["pool"] == 2
    # ... while d6 and e6? d6 is 2 away (farther), e6 stays adjacent.
    assert b.apply(pos, "move:d6")["pool"] == 3
    assert b.apply(pos, "move:e6")["pool"] == 2


EX4 = base(
    round=5,
    gladiators=[G("0a", "thraex", 2, 3, 1, 3, "e5"), G("1a", "murmillo", 1, 2, 1, 5, "f5")],
    phase="attack",
    team_order=["1", "0"],
    slot=1,
    acted=["0a", "1a"],
    active={"id": "0a", "moved": True, "attacked": False},
    pending={"attacker": "0a", "target": "1a"},
)


def test_example4_defeat_ends_the_duel(backend):
    b = backend(GAME)
    pos = b.load(EX4)
    assert pos == full(EX4)
    assert outs(b, pos) == spell(
        [("wounds:0", "581/1296"), ("wounds:1", "35/108"), ("wounds:2", "295/1296")]
    )
    end = b.apply(pos, "wounds:2")
    assert end == changed(
        EX4,
        to_move="terminal",
        gladiators=[G("0a", "thraex", 2, 3, 1, 3, "e5")],
        phase="over",
        team_order=[],
        slot=0,
        acted=[],
        active=None,
        pending=None,
        result=[1, -1],
    )
    assert b.to_move(end) == "terminal"
    assert b.result(end) == [1, -1]
    assert b.legal_moves(end) == [] and b.chance_outcomes(end) == []
    assert b.perft(end, 1) == 0
    # one wound has a single split, carried out at once; 0a's activation then ends
    # (moved and attacked), and the round ends: round 6 starts with the initiative roll.
    one = b.apply(pos, "wounds:1")
    assert one["gladiators"][1] == G("1a", "murmillo", 1, 1, 1, 6, "f5")
    assert one["round"] == 6 and one["phase"] == "initiative"


EX5 = base(
    {"animals": True},
    round=4,
    gladiators=[G("0a", "thraex", 4, 3, 2, 0, "c5"), G("1a", "murmillo", 3, 4, 2, 0, "g5")],
    animals=[LION("e7", "I")],
)


def test_example5_initiative_with_a_lion(backend):
    b = backend(GAME)
    pos = b.load(EX5)
    assert pos == full(EX5)
    assert outs(b, pos) == spell(
        [
            ("init:0", "62707/318816"),
            ("init:1", "62707/318816"),
            ("init:A01", "96701/318816"),
            ("init:A10", "96701/318816"),
        ]
    )
    p1 = b.apply(pos, "init:1")
    assert p1 == changed(EX5, to_move=1, phase="order", animal_order=["x"], chooser=1)
    assert b.legal_moves(p1) == [
        "order:01A",
        "order:0A1",
        "order:10A",
        "order:1A0",
        "order:A01",
        "order:A10",
    ]
    # team A wins: it acts first and the lion, next to nobody, rolls its behaviour
    pa = b.apply(pos, "init:A10")
    assert pa["team_order"] == ["A", "1", "0"] and pa["animal_order"] == ["x"]
    assert pa["phase"] == "behaviour" and pa["acted"] == ["x"]
    assert pa["active"] == {"id": "x", "steps": 0, "left": 0, "target": None}


EX6 = base(
    {"format": "primus", "animals": True, "event_roll": "on_request"},
    to_move=0,
    round=3,
    pool=3,
    gladiators=[
        G("0a", "thraex", 4, 3, 2, 0, "a5"),
        G("0b", "thraex", 4, 2, 2, 1, "c6"),
        G("1a", "murmillo", 3, 4, 2, 0, "g5"),
        G("1b", "murmillo", 3, 4, 2, 0, "g4"),
    ],
    phase="request",
    chooser=0,
)


def test_example6_request_and_waiting_lion(backend):
    b = backend(GAME)
    pos = b.load(EX6)
    assert pos == full(EX6)
    assert b.legal_moves(pos) == ["pass", "roll"]
    p1 = b.apply(pos, "pass")
    e1 = changed(EX6, to_move=1, chooser=1)
    assert p1 == e1
    assert b.legal_moves(p1) == ["pass", "roll"]
    p2 = b.apply(p1, "roll")
    e2 = dict(e1, to_move="chance", phase="event", chooser=None)
    assert p2 == e2
    assert outs(b, p2) == spell(SPAWN3)
    p3 = b.apply(p2, "spawn:lion-I")
    e3 = dict(e2, pool=0, animals=[LION(None, "I")], phase="initiative")
    assert p3 == e3
    assert outs(b, p3) == spell(
        [
            ("init:0", "35244001/131142240"),
            ("init:1", "35244001/131142240"),
            ("init:A01", "30327119/131142240"),
            ("init:A10", "30327119/131142240"),
        ]
    )
    p4 = b.apply(p3, "init:0")
    e4 = dict(e3, to_move=0, phase="order", chooser=0)
    assert p4 == e4
    assert b.legal_moves(p4) == ["order:01", "order:10"]
    p5 = b.apply(p4, "order:01")
    e5 = dict(e4, phase="select", team_order=["0", "1"], chooser=None)
    assert p5 == e5
    assert b.legal_moves(p5) == ["activate:0a", "activate:0b"]


def test_example6_everybody_passes(backend):
    b = backend(GAME)
    p = b.apply(b.apply(b.load(EX6), "pass"), "pass")
    # nothing rolled: straight to the initiative of the four gladiators
    assert p["phase"] == "initiative" and p["pool"] == 3 and p["chooser"] is None
    assert outs(b, p) == spell([("init:0", "1/2"), ("init:1", "1/2")])


def test_example6_waiting_animal_wins_initiative(backend):
    b = backend(GAME)
    p3 = b.apply(b.apply(b.apply(b.load(EX6), "pass"), "roll"), "spawn:lion-I")
    pa = b.apply(p3, "init:A10")
    # team A has nobody on the board: only the sides are in the order, nobody chooses
    assert pa["team_order"] == ["1", "0"] and pa["animal_order"] == []
    assert pa["phase"] == "select" and pa["to_move"] == 1 and pa["chooser"] is None
    assert b.legal_moves(pa) == ["activate:1a", "activate:1b"]


EX7 = base(
    {"animals": True},
    round=4,
    gladiators=[G("0a", "thraex", 4, 3, 2, 0, "c6"), G("1a", "murmillo", 3, 4, 2, 0, "g4")],
    animals=[LION("e5", "II")],
    phase="behaviour",
    team_order=["A", "0", "1"],
    animal_order=["x"],
    acted=["x"],
    active={"id": "x", "steps": 0, "left": 0, "target": None},
)


def test_example7_a_lion_hunts(backend):
    b = backend(GAME)
    pos = b.load(EX7)
    assert pos == full(EX7)
    assert outs(b, pos) == spell(
        [
            ("behave:hunt", "1/2"),
            ("behave:roar", "1/6"),
            ("behave:wander1", "1/6"),
            ("behave:wander2", "1/6"),
        ]
    )
    p1 = b.apply(pos, "behave:hunt")
    e1 = changed(EX7, phase="hunt_target")
    assert p1 == e1
    assert outs(b, p1) == spell([("target:0a", "1/2"), ("target:1a", "1/2")])
    p2 = b.apply(p1, "target:0a")
    e2 = dict(e1, phase="hunt_step", active={"id": "x", "steps": 0, "left": 4, "target": "0a"})
    assert p2 == e2
    assert outs(b, p2) == spell([("step:d5", "1/2"), ("step:d6", "1/2")])
    p3 = b.apply(p2, "step:d6")
    e3 = dict(
        e2,
        animals=[LION("d6", "II")],
        phase="attack",
        active={"id": "x", "steps": 1, "left": 0, "target": "0a"},
        pending={"attacker": "x", "target": "0a"},
    )
    assert p3 == e3
    assert outs(b, p3) == spell(
        [
            ("wounds:0", "207191/1679616"),
            ("wounds:1", "278785/1679616"),
            ("wounds:2", "470/2187"),
            ("wounds:3", "16133/62208"),
            ("wounds:4", "148175/839808"),
            ("wounds:5", "100739/1679616"),
        ]
    )


def test_example7_roar_ends_the_activation(backend):
    b = backend(GAME)
    p = b.apply(b.load(EX7), "behave:roar")
    assert p["active"] == {"id": "0a", "moved": False, "attacked": False}
    assert p["slot"] == 1 and p["acted"] == ["0a", "x"] and p["phase"] == "act"


EX8 = base(
    {"animals": True},
    round=6,
    pool=1,
    gladiators=[G("0a", "thraex", 4, 3, 2, 0, "b6"), G("1a", "murmillo", 3, 4, 2, 0, "g5")],
    animals=[
        {
            "id": "y",
            "species": "bear",
            "attack": 4,
            "defense": 3,
            "speed": 3,
            "hex": "b4",
            "entry": "I",
        }
    ],
    phase="wander",
    team_order=["1", "A", "0"],
    animal_order=["y"],
    slot=1,
    acted=["1a", "y"],
    active={"id": "y", "steps": 0, "left": 2, "target": None},
)


def test_example8_random_steps_at_the_edge(backend):
    b = backend(GAME)
    pos = b.load(EX8)
    assert pos == full(EX8)
    assert outs(b, pos) == spell(
        [
            ("step:a5", "1/6"),
            ("step:b5", "1/6"),
            ("step:c3", "1/6"),
            ("step:c4", "1/6"),
            ("step:stay", "1/3"),
        ]
    )
    p1 = b.apply(pos, "step:c4")
    e1 = changed(
        EX8,
        animals=[
            {
                "id": "y",
                "species": "bear",
                "attack": 4,
                "defense": 3,
                "speed": 3,
                "hex": "c4",
                "entry": "I",
            }
        ],
        active={"id": "y", "steps": 1, "left": 1, "target": None},
    )
    assert p1 == e1
    assert outs(b, p1) == spell(
        [
            ("step:b4", "1/6"),
            ("step:b5", "1/6"),
            ("step:c3", "1/6"),
            ("step:c5", "1/6"),
            ("step:d3", "1/6"),
            ("step:d4", "1/6"),
        ]
    )


def test_example8_step_next_to_a_foe_attacks(backend):
    b = backend(GAME)
    p = b.apply(b.load(EX8), "step:b5")  # b5 touches b6 (the thraex)
    assert p["phase"] == "attack" and p["pending"] == {"attacker": "y", "target": "0a"}
    assert p["active"] == {"id": "y", "steps": 1, "left": 0, "target": None}
    # staying put spends a step; the second step is rolled afresh
    s = b.apply(b.load(EX8), "step:stay")
    assert s["phase"] == "wander" and s["active"] == {
        "id": "y",
        "steps": 0,
        "left": 1,
        "target": None,
    }


EX9 = base(
    {"animals": True},
    round=7,
    gladiators=[G("0a", "thraex", 4, 3, 2, 0, "d5"), G("1a", "murmillo", 3, 4, 2, 0, "g5")],
    animals=[LION("e5", "II")],
    phase="animal_wounds",
    team_order=["0", "A", "1"],
    animal_order=["x"],
    acted=["0a"],
    active={"id": "0a", "moved": True, "attacked": False},
    pending={"target": "x", "wounds": 3},
)


def test_example9_random_wounds_on_an_animal(backend):
    b = backend(GAME)
    pos = b.load(EX9)
    assert pos == full(EX9)
    assert outs(b, pos) == spell(
        [
            ("lose:0-0-3", "1/35"),
            ("lose:1-0-2", "12/35"),
            ("lose:2-0-1", "18/35"),
            ("lose:3-0-0", "4/35"),
        ]
    )
    p1 = b.apply(pos, "lose:2-0-1")
    assert p1 == changed(
        EX9,
        animals=[LION("e5", "II", a=3, s=3)],
        phase="attack",
        slot=1,
        acted=["0a", "x"],
        active={"id": "x", "steps": 0, "left": 0, "target": None},
        pending={"attacker": "x", "target": "0a"},
    )
    assert outs(b, p1) == spell(
        [
            ("wounds:0", "5957/15552"),
            ("wounds:1", "343/1296"),
            ("wounds:2", "371/1728"),
            ("wounds:3", "535/3888"),
        ]
    )


def test_examples_roundtrip_and_perft(backend):
    b = backend(GAME)
    for ex in (EX1, EX2, EX3, EX4, EX5, EX6, EX7, EX8, EX9):
        pos = b.load(ex)
        assert b.load(pos) == pos
        n = len(b.legal_moves(pos)) or len(b.chance_outcomes(pos))
        assert n >= 2 and b.perft(pos, 1) == n
        assert b.perft(pos, 0) == 1


# ---------------------------------------------------------------------------
# Setup (§4)
# ---------------------------------------------------------------------------


def test_primus_animals_start_is_an_event_roll(backend):
    b = backend(GAME)
    pos = b.new({"format": "primus", "animals": True})
    assert pos["phase"] == "event" and pos["pool"] == 4
    assert [(g["id"], g["hex"]) for g in pos["gladiators"]] == [
        ("0a", "a5"),
        ("0b", "a6"),
        ("1a", "i5"),
        ("1b", "i4"),
    ]
    req = b.new({"format": "primus", "animals": True, "event_roll": "on_request"})
    assert req["phase"] == "request" and req["chooser"] == 0 and req["to_move"] == 0
    duel = b.new({"animals": True})
    assert duel["phase"] == "initiative" and duel["pool"] == 2


def test_roster_pairs(backend):
    b = backend(GAME)
    pos = b.new({"format": "primus", "side0": "retiarius+novice", "side1": "champion"})
    assert pos["rules"]["side1"] == "champion"  # written as read
    assert [
        (g["id"], g["name"], g["attack"], g["defense"], g["speed"]) for g in pos["gladiators"]
    ] == [
        ("0a", "retiarius", 3, 2, 4),
        ("0b", "novice", 2, 2, 2),
        ("1a", "champion", 5, 4, 3),
        ("1b", "champion", 5, 4, 3),
    ]
    for bad in (
        {"side0": "gaul"},
        {"format": "primus", "side1": "thraex+thraex+thraex"},
        {"side0": "thraex+novice"},
        {"format": "trio"},
        {"round_cap": 0},
        {"animals": "yes"},
        {"speed": 3},
    ):
        with pytest.raises(ValueError):
            b.new(bad)


def test_invalid_positions_are_rejected(backend):
    b = backend(GAME)
    bad = [
        dict(EX1, game="zebras"),
        dict(EX1, pool=1),  # pool without animals
        dict(EX1, round=31),
        dict(EX1, to_move=0),
        dict(EX1, phase="select"),
        dict(
            EX1,
            gladiators=[G("0a", "thraex", 4, 3, 2, 0, "a5"), G("1a", "murmillo", 3, 4, 2, 0, "a5")],
        ),
        dict(
            EX1,
            gladiators=[G("0a", "thraex", 4, 3, 9, 0, "a5"), G("1a", "murmillo", 3, 4, 2, 0, "i5")],
        ),
        dict(
            EX1,
            gladiators=[G("0a", "thraex", 4, 3, 2, 0, "a4"), G("1a", "murmillo", 3, 4, 2, 0, "i5")],
        ),
        dict(
            EX1,
            gladiators=[G("0a", "thraex", 4, 3, 2, 0, "a5"), G("0b", "murmillo", 3, 4, 2, 0, "i5")],
        ),
        dict(EX1, animals=[LION("e7")]),  # animals without the variant
        dict(EX1, extra=1),
        {k: v for k, v in EX1.items() if k != "slot"},
        dict(EX4, pending={"attacker": "0a", "target": "0a"}),
        dict(EX9, pending={"target": "x", "wounds": 8}),  # lion can spare 7
        dict(EX7, active={"id": "x", "steps": 0, "left": 2, "target": None}),
        dict(EX5, gladiators=[G("0a", "thraex", 4, 3, 2, 0, "c5")], animals=[]),  # decided
    ]
    for pos in bad:
        with pytest.raises(ValueError):
            b.load(pos)


# ---------------------------------------------------------------------------
# §5.5 wound distributions against direct enumeration of the dice
# ---------------------------------------------------------------------------


def enumerate_wounds(attack: int, defense: int) -> dict[int, Fraction]:
    counts: Counter = Counter()
    for a_roll in product(range(1, 7), repeat=attack):
        a_sorted = sorted(a_roll, reverse=True)
        for d_roll in product(range(1, 7), repeat=defense):
            d_sorted = sorted(d_roll, reverse=True)
            w = 0
            for i, av in enumerate(a_sorted):
                if i < defense:
                    w += av > d_sorted[i]
                else:
                    w += av >= 3
            counts[w] += 1
    total = 6 ** (attack + defense)
    return {k: Fraction(c, total) for k, c in counts.items()}


def attack_position(attack: int, defense: int) -> dict:
    """A duel in which 0a (Attack `attack`) strikes 1a (Defense `defense`)."""
    return base(
        round=2,
        gladiators=[
            G("0a", "thraex", attack, 3, 2, 0, "e5"),
            G("1a", "murmillo", 3, defense, 2, 0, "f5"),
        ],
        phase="attack",
        team_order=["0", "1"],
        acted=["0a"],
        active={"id": "0a", "moved": False, "attacked": False},
        pending={"attacker": "0a", "target": "1a"},
    )


def wounds_of(b, pos) -> dict[int, Fraction]:
    return {int(m.split(":")[1]): p for m, p in b.chance_outcomes(pos)}


def test_wound_examples_of_5_5(backend):
    b = backend(GAME)
    assert wounds_of(b, b.load(attack_position(1, 1))) == {0: F("7/12"), 1: F("5/12")}
    assert wounds_of(b, b.load(attack_position(2, 1))) == {
        0: F("61/216"),
        1: F("89/216"),
        2: F("11/36"),
    }
    assert wounds_of(b, b.load(attack_position(3, 3))) == {
        0: F("5957/15552"),
        1: F("343/1296"),
        2: F("371/1728"),
        3: F("535/3888"),
    }


@pytest.mark.parametrize(
    ("attack", "defense"),
    [
        (1, 1),
        (1, 3),
        (2, 1),
        (2, 2),
        (3, 1),
        (3, 2),
        (3, 3),
        (4, 1),
        (4, 2),
        (2, 4),
        (1, 5),
        (5, 1),
    ],
)
def test_wounds_match_enumeration(backend, attack, defense):
    b = backend(GAME)
    got = wounds_of(b, b.load(attack_position(attack, defense)))
    assert got == enumerate_wounds(attack, defense)
    assert list(got) == list(range(attack + 1))


def test_expected_wounds_of_section_9(backend):
    b = backend(GAME)
    for (a, d), expect in (((4, 3), "1.72"), ((4, 1), "2.39"), ((5, 1), "3.08")):
        dist = wounds_of(b, b.load(attack_position(a, d)))
        assert round(float(sum(k * p for k, p in dist.items())), 2) == float(expect)


def test_charging_rhino_rolls_two_extra_dice(backend):
    """§3: a rhino that entered 2+ hexes before attacking rolls Attack + 2 dice."""
    b = backend(GAME)
    rhino = {
        "id": "x",
        "species": "rhino",
        "attack": 1,
        "defense": 5,
        "speed": 3,
        "hex": "e5",
        "entry": "I",
    }
    pos = base(
        {"animals": True},
        round=3,
        gladiators=[G("0a", "thraex", 4, 3, 2, 0, "f5"), G("1a", "murmillo", 3, 1, 2, 0, "a9")],
        animals=[rhino],
        phase="attack",
        team_order=["A", "0", "1"],
        animal_order=["x"],
        acted=["x"],
        active={"id": "x", "steps": 2, "left": 0, "target": "0a"},
        pending={"attacker": "x", "target": "0a"},
    )
    assert wounds_of(b, b.load(pos)) == enumerate_wounds(3, 3)
    pos1 = dict(pos, active={"id": "x", "steps": 1, "left": 0, "target": "0a"})
    assert wounds_of(b, b.load(pos1)) == enumerate_wounds(1, 3)


# ---------------------------------------------------------------------------
# §5.6 random wounds on animals against direct enumeration
# ---------------------------------------------------------------------------


def enumerate_animal_loss(a: int, d: int, s: int, k: int) -> dict[str, Fraction]:
    """Set one die of each attribute aside; every k-subset of the others is equally likely."""
    dice = ["a"] * (a - 1) + ["d"] * (d - 1) + ["s"] * (s - 1)
    counts: Counter = Counter()
    for chosen in combinations(range(len(dice)), k):
        c = Counter(dice[i] for i in chosen)
        counts["lose:%d-%d-%d" % (c["a"], c["d"], c["s"])] += 1
    total = sum(counts.values())
    return {m: Fraction(n, total) for m, n in counts.items()}


@pytest.mark.parametrize(
    ("species", "stats", "k"),
    [
        ("lion", (5, 1, 4), 3),
        ("lion", (5, 1, 4), 1),
        ("bear", (4, 3, 3), 4),
        ("bear", (2, 3, 2), 2),
        ("rhino", (2, 5, 3), 5),
    ],
)
def test_animal_wounds_match_enumeration(backend, species, stats, k):
    b = backend(GAME)
    a, d, s = stats
    beast = {
        "id": "x",
        "species": species,
        "attack": a,
        "defense": d,
        "speed": s,
        "hex": "e5",
        "entry": "II",
    }
    pos = dict(EX9, animals=[beast], pending={"target": "x", "wounds": k})
    got = dict(b.chance_outcomes(b.load(pos)))
    assert got == enumerate_animal_loss(a, d, s, k)


# ---------------------------------------------------------------------------
# §5.2 initiative odds against direct enumeration
# ---------------------------------------------------------------------------


def roll_table(speed: int, rule: str) -> Counter:
    """Distribution of one combatant's roll value (sorted tuple or sum), by counting 6^speed rolls."""
    c: Counter = Counter()
    for roll in product(range(1, 7), repeat=speed):
        c[sum(roll) if rule == "sum" else tuple(sorted(roll, reverse=True))] += 1
    return c


def enumerate_initiative(combatants: list[tuple[int, str]], rule: str) -> dict[str, Fraction]:
    """combatants: (speed, role) with role '0'/'1' (gladiator), 'W' (waiting animal) or an
    on-board animal id.  Enumerates every joint roll, drops those with equal values
    (re-rolled), and spells the outcome as §5.2 does."""
    tables = [sorted(roll_table(sp, rule).items()) for sp, _ in combatants]
    onboard = [r for _, r in combatants if r not in ("0", "1", "W")]
    counts: Counter = Counter()
    for joint in product(*tables):
        values = [v for v, _ in joint]
        if len(set(values)) < len(values):
            continue
        weight = 1
        for _, n in joint:
            weight *= n
        ranked = [
            combatants[i][1]
            for i in sorted(range(len(values)), key=lambda i: values[i], reverse=True)
        ]
        top = ranked[0]
        if top in ("0", "1"):
            text = top
        else:
            sides = []
            for r in ranked:
                if r in ("0", "1") and r not in sides:
                    sides.append(r)
            text = "A" + "".join(sides)
        if len(onboard) >= 2:
            text += "/" + "".join(r for r in ranked if r in onboard)
        counts["init:" + text] += weight
    total = sum(counts.values())
    return {m: Fraction(n, total) for m, n in counts.items()}


def duel_initiative_position(s0: int, s1: int, rule: str) -> dict:
    return base(
        {"initiative": rule},
        gladiators=[G("0a", "thraex", 4, 3, s0, 0, "a5"), G("1a", "murmillo", 3, 4, s1, 0, "i5")],
    )


TABLE = {  # §5.2: side 0's winning chance, Speeds (0 v 1)
    "lexicographic": {
        (2, 1): 0.745,
        (3, 1): 0.826,
        (3, 2): 0.659,
        (4, 2): 0.745,
        (4, 3): 0.620,
        (5, 4): 0.597,
    },
    "sum": {
        (2, 1): 0.900,
        (3, 1): 0.988,
        (3, 2): 0.837,
        (4, 2): 0.963,
        (4, 3): 0.795,
        (5, 4): 0.765,
    },
}


@pytest.mark.parametrize("rule", ["lexicographic", "sum"])
def test_initiative_table(backend, rule):
    b = backend(GAME)
    for (s0, s1), p0 in TABLE[rule].items():
        got = dict(b.chance_outcomes(b.load(duel_initiative_position(s0, s1, rule))))
        assert set(got) == {"init:0", "init:1"}
        assert round(float(got["init:0"]), 3) == p0, (s0, s1)
        assert got["init:0"] + got["init:1"] == 1


@pytest.mark.parametrize("rule", ["lexicographic", "sum"])
@pytest.mark.parametrize(("s0", "s1"), [(1, 1), (2, 1), (1, 3), (3, 2), (2, 2), (4, 2), (3, 3)])
def test_duel_initiative_matches_enumeration(backend, rule, s0, s1):
    b = backend(GAME)
    got = dict(b.chance_outcomes(b.load(duel_initiative_position(s0, s1, rule))))
    assert got == enumerate_initiative([(s0, "0"), (s1, "1")], rule)


def test_example5_initiative_matches_enumeration(backend):
    b = backend(GAME)
    got = dict(b.chance_outcomes(b.load(EX5)))
    assert got == enumerate_initiative([(2, "0"), (2, "1"), (4, "x")], "lexicographic")


@pytest.mark.parametrize("rule", ["lexicographic", "sum"])
def test_primus_waiting_animal_initiative_matches_enumeration(backend, rule):
    """Example 6's shape (a Primus, a waiting lion that rolls but cannot act) with
    smaller Speeds, so that every joint roll can be enumerated."""
    b = backend(GAME)
    pos = dict(
        EX6,
        rules={**EX6["rules"], "initiative": rule},
        to_move="chance",
        pool=0,
        phase="initiative",
        chooser=None,
        gladiators=[
            G("0a", "thraex", 4, 3, 1, 1, "a5"),
            G("0b", "thraex", 4, 2, 2, 1, "c6"),
            G("1a", "murmillo", 3, 4, 1, 1, "g5"),
            G("1b", "murmillo", 3, 4, 1, 1, "g4"),
        ],
        animals=[LION(None, "I", s=2)],
    )
    got = dict(b.chance_outcomes(b.load(pos)))
    assert got == enumerate_initiative([(1, "0"), (2, "0"), (1, "1"), (1, "1"), (2, "W")], rule)
    assert set(got) == {"init:0", "init:1", "init:A01", "init:A10"}


@pytest.mark.parametrize("rule", ["lexicographic", "sum"])
def test_two_animals_initiative_matches_enumeration(backend, rule):
    """Two animals on the board: outcomes carry `/` and the animals' ranked order; a third
    animal waits and still rolls."""
    b = backend(GAME)
    bear = {
        "id": "y",
        "species": "bear",
        "attack": 4,
        "defense": 3,
        "speed": 2,
        "hex": "e1",
        "entry": "II",
    }
    rhino = {
        "id": "z",
        "species": "rhino",
        "attack": 2,
        "defense": 5,
        "speed": 1,
        "hex": None,
        "entry": "I",
    }
    pos = base(
        {"animals": True, "initiative": rule},
        round=5,
        gladiators=[G("0a", "thraex", 4, 3, 1, 3, "a5"), G("1a", "murmillo", 3, 4, 2, 0, "i5")],
        animals=[LION("e9", "II", s=2), bear, rhino],
    )
    got = dict(b.chance_outcomes(b.load(pos)))
    expect = enumerate_initiative([(1, "0"), (2, "1"), (2, "x"), (2, "y"), (1, "W")], rule)
    assert got == expect
    assert "init:A10/xy" in got and "init:1/yx" in got


def test_sum_rule_can_leave_a_single_outcome(backend):
    """Speed 8 v 1 under `sum`: side 1 can never win, so the roll is not offered and side 0
    orders at once (§5: a choice with one option is carried out)."""
    b = backend(GAME)
    pos = b.load(
        base(
            {"initiative": "sum"},
            round=3,
            to_move=0,
            gladiators=[G("0a", "thraex", 4, 3, 8, 0, "a5"), G("1a", "murmillo", 3, 4, 1, 0, "i5")],
            phase="order",
            chooser=0,
        )
    )
    assert b.legal_moves(pos) == ["order:01", "order:10"]
    with pytest.raises(ValueError):
        b.load(
            base(
                {"initiative": "sum"},
                round=3,
                gladiators=[
                    G("0a", "thraex", 4, 3, 8, 0, "a5"),
                    G("1a", "murmillo", 3, 4, 1, 0, "i5"),
                ],
            )
        )


# ---------------------------------------------------------------------------
# §5.9 spawn odds against direct enumeration
# ---------------------------------------------------------------------------

SPAWN_TABLE = {
    "triple": {3: "1/36", 4: "7/72", 5: "23/108", 6: "119/324", 7: "701/1296", 8: "5501/7776"},
    "three_sixes": {
        3: "1/216",
        4: "7/432",
        5: "23/648",
        6: "1453/23328",
        7: "331/3456",
        8: "75497/559872",
    },
}


def enumerate_spawn(n: int, rule: str) -> Fraction:
    hits = 0
    for roll in product(range(1, 7), repeat=n):
        c = Counter(roll)
        hits += (max(c.values()) >= 3) if rule == "triple" else (c[6] >= 3)
    return Fraction(hits, 6**n)


def event_position(n: int, rule: str, animals=()) -> dict:
    return base(
        {"animals": True, "spawn": rule},
        round=4,
        pool=n,
        phase="event",
        gladiators=[G("0a", "thraex", 4, 3, 2, 0, "c5"), G("1a", "murmillo", 3, 4, 2, 0, "g5")],
        animals=list(animals),
    )


def species_odds(p: Fraction, rhino_exists: bool) -> dict[str, Fraction]:
    """Species die rolled directly: a 6 (rhino) is rolled again while a rhino exists."""
    faces = {1: "lion", 2: "lion", 3: "lion", 4: "bear", 5: "bear", 6: "rhino"}
    allowed = [f for f in faces if not (rhino_exists and faces[f] == "rhino")]
    out: dict[str, Fraction] = {}
    for f in allowed:
        for entry_die in range(1, 7):
            e = "I" if entry_die % 2 else "II"
            key = "spawn:%s-%s" % (faces[f], e)
            out[key] = out.get(key, 0) + p * Fraction(1, len(allowed)) / 6
    return out


@pytest.mark.parametrize("rule", ["triple", "three_sixes"])
def test_spawn_table(backend, rule):
    b = backend(GAME)
    for n, p in SPAWN_TABLE[rule].items():
        got = dict(b.chance_outcomes(b.load(event_position(n, rule))))
        assert got["spawn:none"] == 1 - F(p), n
        assert sum(got.values()) == 1


@pytest.mark.parametrize("rule", ["triple", "three_sixes"])
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_spawn_matches_enumeration(backend, rule, n):
    b = backend(GAME)
    p = enumerate_spawn(n, rule)
    expect = {"spawn:none": 1 - p, **species_odds(p, False)}
    assert dict(b.chance_outcomes(b.load(event_position(n, rule)))) == expect


def test_spawn_with_a_rhino_rerolls_sixes(backend):
    b = backend(GAME)
    rhino = {
        "id": "x",
        "species": "rhino",
        "attack": 2,
        "defense": 5,
        "speed": 3,
        "hex": None,
        "entry": "I",
    }
    pos = event_position(5, "triple", [rhino])
    pos["gladiators"][0]["hex"] = "a5"  # keeps the rhino waiting
    got = b.chance_outcomes(b.load(pos))
    p = enumerate_spawn(5, "triple")
    assert dict(got) == {"spawn:none": 1 - p, **species_odds(p, True)}
    assert [m for m, _ in got] == [
        "spawn:bear-I",
        "spawn:bear-II",
        "spawn:lion-I",
        "spawn:lion-II",
        "spawn:none",
    ]


def test_spawn_certain_from_13_dice(backend):
    b = backend(GAME)
    got = dict(b.chance_outcomes(b.load(event_position(13, "triple"))))
    assert "spawn:none" not in got
    assert got == species_odds(Fraction(1), False)
    twelve = dict(b.chance_outcomes(b.load(event_position(12, "triple"))))
    assert twelve["spawn:none"] > 0


def test_new_animal_takes_first_free_id_and_waits_on_an_occupied_entry(backend):
    b = backend(GAME)
    bear = {
        "id": "x",
        "species": "bear",
        "attack": 4,
        "defense": 3,
        "speed": 3,
        "hex": "e9",
        "entry": "I",
    }
    pos = event_position(3, "triple", [bear])
    pos["gladiators"][1]["hex"] = "i5"  # II is taken
    p = b.apply(b.load(pos), "spawn:lion-II")
    assert p["animals"] == [
        bear,
        {
            "id": "y",
            "species": "lion",
            "attack": 5,
            "defense": 1,
            "speed": 4,
            "hex": None,
            "entry": "II",
        },
    ]
    assert p["pool"] == 0 and p["phase"] == "initiative"


# ---------------------------------------------------------------------------
# §5.7 behaviour of a wounded animal
# ---------------------------------------------------------------------------


def test_wounded_animal_behaviour(backend):
    b = backend(GAME)
    pos = dict(EX7, animals=[LION("e5", "II", s=3)])
    assert b.chance_outcomes(b.load(pos)) == spell([("behave:hunt", "2/3"), ("behave:roar", "1/3")])


def test_hunt_prefers_the_wounded_among_the_nearest(backend):
    b = backend(GAME)
    pos = dict(
        EX7,
        phase="hunt_target",
        gladiators=[G("0a", "thraex", 4, 3, 2, 0, "c6"), G("1a", "murmillo", 3, 3, 2, 1, "g4")],
    )
    p = b.apply(b.load(dict(pos, phase="behaviour")), "behave:hunt")
    # the only wounded nearest foe is chosen at once; its two closer hexes are a coin toss
    assert p["phase"] == "hunt_step"
    assert p["active"] == {"id": "x", "steps": 0, "left": 4, "target": "1a"}
    assert b.chance_outcomes(p) == spell([("step:f4", "1/2"), ("step:f5", "1/2")])
