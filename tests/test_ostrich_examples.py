"""Worked examples of the ostrich rule book (/work/shared/rules/ostrich.md, §8 E1-E10), the
dice probabilities of §4.2 checked against a direct enumeration of the dice, and a few
rule-derived checks (§2.4/§4.6 custom berries, §4.6 berry_trigger "end", §6 invalid
positions), run against every backend (C core and Python reference)."""

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

GAME = "ostrich"

FACES = "ABCDEW"
TILES = ["ABCD", "ACEB", "BCDE", "BDAC", "CDEA", "CEBD", "DACE", "DEAB", "EABC", "EBDA"]
DEFAULT_RULES = {
    "players": 4,
    "lion": False,
    "berries": True,
    "berry_trigger": "enter",
    "quicksand": "none",
    "last_tie": "both",
}
KNOWN_BERRIES = {"peepa": "none", "dofnooxoor": "all_dice", "ter": "bewitch"}
LION_OFF = {"state": "off", "space": None, "turns": 0}


def rules(**kw):
    r = dict(DEFAULT_RULES)
    r.update(kw)
    return r


def P(**kw):
    """A position as §8 writes it from E2 on (berry_types and default rules keys left out)."""
    pos = {
        "game": GAME,
        "rules": {},
        "track": "default",
        "finished": "",
        "bewitched": "",
        "reroll": None,
        "left": None,
        "moved": "",
        "pending": None,
        "bonus": 0,
        "extra": 0,
        "lion": dict(LION_OFF),
    }
    pos.update(kw)
    return pos


def full(pos, **changes):
    """The canonical form of a §8 position (every rules key, berry_types), with changes."""
    out = dict(pos)
    out["rules"] = rules(**pos["rules"])
    out["berry_types"] = dict(KNOWN_BERRIES)
    out.update(changes)
    return out


@pytest.fixture
def b(backend):
    return backend(GAME)


# --------------------------------------------------------------------------- E1 (§3)

E1 = {
    "game": "ostrich",
    "rules": {
        "players": 4,
        "lion": False,
        "berries": True,
        "berry_trigger": "enter",
        "quicksand": "none",
        "last_tie": "both",
    },
    "to_move": "chance",
    "track": "default",
    "berry_types": {"peepa": "none", "dofnooxoor": "all_dice", "ter": "bewitch"},
    "berries": ["13c", "5b", "8a"],
    "berry_pool": {"dofnooxoor": 1, "peepa": 1, "ter": 1},
    "ostriches": {"A": "0a", "B": "0b", "C": "0c", "D": "1a", "E": "1c"},
    "finished": "",
    "bewitched": "",
    "predictions": [None, None, None, None],
    "current": 0,
    "mode": "normal",
    "phase": "deal",
    "dice": None,
    "reroll": None,
    "left": None,
    "moved": "",
    "pending": None,
    "bonus": 0,
    "extra": 0,
    "lion": {"state": "off", "space": None, "turns": 0},
}


def test_e1_start_position(b):
    start = b.new()
    assert start == E1
    assert b.new({}) == E1
    assert b.load(E1) == E1
    assert b.to_move(start) == "chance"
    assert b.legal_moves(start) == []
    assert b.chance_outcomes(start) == [("pred:" + t, Fraction(1, 10)) for t in TILES]


def test_e1_deal(b):
    pos = b.apply(b.new(), "pred:DACE")
    assert pos == dict(E1, predictions=["DACE", None, None, None])
    assert b.chance_outcomes(pos) == [("pred:" + t, Fraction(1, 9)) for t in TILES if t != "DACE"]
    for t in ("ABCD", "EBDA", "CEBD"):
        pos = b.apply(pos, "pred:" + t)
    # §3 after the last deal player 0 begins the first turn
    assert pos == dict(
        E1, predictions=["DACE", "ABCD", "EBDA", "CEBD"], phase="roll", to_move="chance"
    )
    assert b.to_move(pos) == "chance" and pos["current"] == 0
    assert len(b.chance_outcomes(pos)) == 1512
    with pytest.raises(ValueError):
        b.apply(b.new(), "pred:ABCE")


def test_start_positions_of_variants(b):
    for n in (2, 3, 5):
        assert b.new({"players": n}) == dict(E1, rules=rules(players=n), predictions=[None] * n)
    assert b.new({"lion": True}) == dict(
        E1, rules=rules(lion=True), lion={"state": "hidden", "space": None, "turns": 0}
    )
    assert b.new({"berries": False}) == dict(
        E1, rules=rules(berries=False), berries=[], berry_pool={}
    )
    opts = {"berry_trigger": "end", "quicksand": "stop", "last_tie": "none"}
    assert b.new(opts) == dict(E1, rules=rules(**opts))
    with pytest.raises(ValueError):
        b.new({"lion": True, "berries": False})  # §3 the lion needs its berry
    with pytest.raises(ValueError):
        b.new({"players": 6})


# --------------------------------------------------------------------------- §4.2 dice, by enumeration


def _enumerate(kept, k, black):
    """Direct enumeration of k re-rolled white dice (and of the black die if black is None)."""
    counts = Counter()
    blacks = FACES if black is None else black
    for white in product(FACES, repeat=k):
        for bl in blacks:
            counts["".join(sorted(kept + "".join(white))) + "/" + bl] += 1
    total = 6**k * len(blacks)
    return sorted((o, Fraction(n, total)) for o, n in counts.items())


def _dealt(b, pos):
    for t in ("ABCD", "ACEB", "BCDE", "BDAC"):
        pos = b.apply(pos, "pred:" + t)
    return pos


def test_roll_probabilities_match_enumeration(b):
    pos = _dealt(b, b.new())
    outs = b.chance_outcomes(pos)
    assert len(outs) == 252 * 6
    assert [o for o, _ in outs] == sorted(o for o, _ in outs)
    assert sum(p for _, p in outs) == 1
    assert outs == _enumerate("", 5, None)
    d = dict(outs)
    assert d["AAAAA/A"] == Fraction(1, 6**6)
    assert d["ABCDE/W"] == Fraction(120, 6**6)


E2 = P(
    to_move=1,
    berries=["13c", "5b", "8a"],
    berry_pool={"dofnooxoor": 1, "peepa": 1, "ter": 1},
    ostriches={"A": "2a", "B": "3a", "C": "0c", "D": "3c", "E": "1c"},
    predictions=["DEAB", "BDAC", "CEBD", "EABC"],
    current=1,
    mode="normal",
    phase="reroll_choice",
    dice={"white": "AAAWW", "black": "B"},
)


@pytest.mark.parametrize("choice", ["r:AW", "r:AW*", "r:*", "r:W", "r:AAAWW", "r:AAAWW*", "r:AAW*"])
def test_reroll_probabilities_match_enumeration(b, choice):
    pos = b.apply(b.load(E2), choice)
    body = choice[2:]
    rb = body.endswith("*")
    rw = body.rstrip("*")
    kept = list("AAAWW")
    for ch in rw:
        kept.remove(ch)
    assert b.to_move(pos) == "chance"
    assert pos["reroll"] == {"white": rw, "black": rb}
    outs = b.chance_outcomes(pos)
    assert outs == _enumerate("".join(kept), len(rw), None if rb else "B")
    assert sum(p for _, p in outs) == 1


def test_roll_in_lion_turn_and_bonus_roll_match_enumeration(b):
    # E5 then berry:dofnooxoor: a bonus roll (§4.5) throws all six dice too
    pos = b.apply(b.apply(b.load(E5), "E0:ss"), "berry:dofnooxoor")
    assert pos["mode"] == "bonus" and pos["phase"] == "roll"
    assert b.chance_outcomes(pos) == _enumerate("", 5, None)


# --------------------------------------------------------------------------- E2, E3


def test_e2_reroll_choice(b):
    pos = b.load(E2)
    assert pos == full(E2)
    assert b.to_move(pos) == 1
    assert (
        b.legal_moves(pos)
        == (
            "keep r:* r:A r:A* r:AA r:AA* r:AAA r:AAA* r:AAAW r:AAAW* r:AAAWW r:AAAWW* r:AAW r:AAW* r:AAWW "
            "r:AAWW* r:AW r:AW* r:AWW r:AWW* r:W r:W* r:WW r:WW*"
        ).split()
    )
    assert b.apply(pos, "keep") == full(E2, phase="action")
    with pytest.raises(ValueError):
        b.apply(pos, "r:WA")  # not the canonical spelling
    with pytest.raises(ValueError):
        b.apply(pos, "r:")


E3_OUTCOMES = """AAAAW/B 1/36, AAABW/B 1/18, AAACW/B 1/18, AAADW/B 1/18, AAAEW/B 1/18,
AAAWW/B 1/18, AABBW/B 1/36, AABCW/B 1/18, AABDW/B 1/18, AABEW/B 1/18,
AABWW/B 1/18, AACCW/B 1/36, AACDW/B 1/18, AACEW/B 1/18, AACWW/B 1/18,
AADDW/B 1/36, AADEW/B 1/18, AADWW/B 1/18, AAEEW/B 1/36, AAEWW/B 1/18,
AAWWW/B 1/36"""


def test_e3_reroll(b):
    pos = b.apply(b.load(E2), "r:AW")
    assert pos == full(E2, phase="reroll", to_move="chance", reroll={"white": "AW", "black": False})
    expected = [
        (o, Fraction(p))
        for o, p in (item.split() for item in E3_OUTCOMES.replace("\n", " ").split(", "))
    ]
    assert len(expected) == 21
    assert b.chance_outcomes(pos) == expected
    assert b.legal_moves(pos) == []
    after = b.apply(pos, "AAAAW/B")
    assert after == full(E2, phase="action", dice={"white": "AAAAW", "black": "B"})
    assert (
        b.legal_moves(after)
        == (
            "*B A0:Sr A0:Ssrl A0:Ssrr A0:Ssrs A0:Sssr A0:Ssss A1:Ssrlr A1:Ssrls A1:Ssrrl A1:Ssrrs A1:Ssrsl "
            "A1:Ssrsr A1:Ssrss A1:Sssrl A1:Sssrr A1:Sssrs A1:Ssssr A1:Sssss"
        ).split()
    )
    with pytest.raises(ValueError):
        b.apply(after, "A1:Sr")  # the wild digit must be max(0, L - c)
    with pytest.raises(ValueError):
        b.apply(pos, "AAAAW/C")


def test_e3_berry_stop_then_reveal(b):
    after = b.apply(b.apply(b.load(E2), "r:AW"), "AAAAW/B")
    pos = b.apply(after, "A0:Sr")  # A stops on the berry at 5b
    assert pos == full(
        E2,
        phase="berry",
        to_move="chance",
        dice={"white": "AAAAW", "black": "B"},
        ostriches=dict(E2["ostriches"], A="5b"),
        pending={"ostrich": "A"},
    )
    third = Fraction(1, 3)
    assert b.chance_outcomes(pos) == [
        ("berry:dofnooxoor", third),
        ("berry:peepa", third),
        ("berry:ter", third),
    ]
    # peepa without the lion: nothing; player 2 rolls
    assert b.apply(pos, "berry:peepa") == full(
        E2,
        phase="roll",
        to_move="chance",
        current=2,
        dice=None,
        berries=["13c", "8a"],
        berry_pool={"dofnooxoor": 1, "ter": 1},
        ostriches=dict(E2["ostriches"], A="5b"),
    )


# --------------------------------------------------------------------------- E4

E4 = P(
    to_move=2,
    berries=["13c", "5b", "8a"],
    berry_pool={"dofnooxoor": 1, "peepa": 1, "ter": 1},
    ostriches={"A": "8b", "B": "9a", "C": "9b", "D": "11b", "E": "12b"},
    predictions=["CDEA", "DACE", "ACEB", "BCDE"],
    current=2,
    mode="normal",
    phase="action",
    dice={"white": "AACWW", "black": "D"},
)


def test_e4_jumps_ravine_curve(b):
    pos = b.load(E4)
    assert pos == full(E4)
    assert (
        b.legal_moves(pos) == "*D A0:rs A1:rss A2:rsss C0:l C0:r C1:ls C1:rs C2:lss C2:rss".split()
    )
    with pytest.raises(ValueError):
        b.apply(pos, "A0:r")  # c = 2 must be used
    assert b.apply(pos, "A1:rss") == full(
        E4,
        ostriches=dict(E4["ostriches"], A="11c"),
        phase="roll",
        to_move="chance",
        current=3,
        dice=None,
    )
    assert b.apply(pos, "*D") == full(
        E4, bewitched="D", phase="roll", to_move="chance", current=3, dice=None
    )


def test_e4_bewitched_cannot_move(b):
    pos = b.load(dict(E4, bewitched="C"))
    assert b.legal_moves(pos) == "*D A0:rs A1:rss A2:rsss".split()


# --------------------------------------------------------------------------- E5

E5 = P(
    to_move=2,
    berries=["13c", "5b", "8a"],
    berry_pool={"dofnooxoor": 1, "peepa": 1, "ter": 1},
    ostriches={"A": "16a", "B": "9b", "C": "6a", "D": "2c", "E": "11c"},
    predictions=["CDEA", "DACE", "ACEB", "BCDE"],
    current=2,
    mode="normal",
    phase="action",
    dice={"white": "AEEEW", "black": "A"},
)


def test_e5_berry_and_finish(b):
    pos = b.load(E5)
    assert b.legal_moves(pos) == "*A A0:r A0:s E0:ss".split()
    berry = b.apply(pos, "E0:ss")
    e_on_13c = dict(E5["ostriches"], E="13c")
    assert berry == full(
        E5, phase="berry", to_move="chance", pending={"ostrich": "E"}, ostriches=e_on_13c
    )
    third = Fraction(1, 3)
    assert b.chance_outcomes(berry) == [
        ("berry:dofnooxoor", third),
        ("berry:peepa", third),
        ("berry:ter", third),
    ]
    assert b.apply(berry, "berry:ter") == full(
        E5,
        ostriches=e_on_13c,
        berries=["5b", "8a"],
        berry_pool={"dofnooxoor": 1, "peepa": 1},
        bewitched="E",
        phase="roll",
        to_move="chance",
        current=3,
        dice=None,
    )
    assert b.apply(berry, "berry:dofnooxoor") == full(
        E5,
        ostriches=e_on_13c,
        berries=["5b", "8a"],
        berry_pool={"peepa": 1, "ter": 1},
        mode="bonus",
        phase="roll",
        to_move="chance",
        current=2,
        dice=None,
    )
    fin = b.apply(pos, "A0:s")
    assert fin == full(
        E5,
        ostriches={"B": "9b", "C": "6a", "D": "2c", "E": "11c"},
        finished="A",
        phase="roll",
        to_move="chance",
        current=3,
        dice=None,
    )
    assert b.apply(pos, "A0:r")["finished"] == "A"


def test_e5_bonus_roll_all_dice(b):
    bonus = b.apply(b.apply(b.load(E5), "E0:ss"), "berry:dofnooxoor")
    pos = b.apply(bonus, "BCDWW/W")
    # §4.5: every die used; E is on 13c and has no die; B, C, D each have one
    assert pos["phase"] == "moves" and pos["left"] == "BCDWW" and pos["moved"] == ""
    assert b.to_move(pos) == 2


# --------------------------------------------------------------------------- E6 (lion turn)

E6 = P(
    rules={"players": 3, "lion": True},
    to_move=1,
    berries=["5b", "8a"],
    berry_pool={"dofnooxoor": 1, "ter": 1},
    ostriches={"C": "11a", "D": "14c", "E": "12b"},
    finished="AB",
    predictions=["ABCD", "DEAB", "EBDA"],
    current=1,
    mode="lion",
    phase="moves",
    dice={"white": "ABCWW", "black": "E"},
    left="ABCWW",
    lion={"state": "active", "space": "15a", "turns": 2},
)


def test_e6_all_dice_sub_moves(b):
    pos = b.load(E6)
    assert pos == full(E6)
    assert b.legal_moves(pos) == "C0:s C1:ss C2:sss D1:s D2:ss E1:s E2:ss".split()
    c0 = b.apply(pos, "C0:s")
    assert c0 == full(E6, ostriches=dict(E6["ostriches"], C="12a"), left="ABWW", moved="C")
    assert b.legal_moves(c0) == "D1:s D2:ss E1:s E2:ss".split()
    d1 = b.apply(c0, "D1:s")
    assert d1 == full(E6, ostriches={"C": "12a", "D": "15c", "E": "12b"}, left="ABW", moved="CD")
    assert b.legal_moves(d1) == ["E1:s"]


def test_e6_hunt(b):
    hunt = b.apply(b.load(E6), "C2:sss")
    c_on_14a = dict(E6["ostriches"], C="14a")
    assert hunt == full(
        E6, ostriches=c_on_14a, phase="lion_move", pending={"target": "E"}, left=None
    )
    assert b.to_move(hunt) == 1
    assert b.legal_moves(hunt) == "L:14a L:14b-13a-12b L:14b-13b L:14b-13c-12b".split()
    # L:14a catches C, which stands in the way
    caught = b.apply(hunt, "L:14a")
    assert caught == full(
        E6,
        ostriches={"D": "14c", "E": "12b"},
        phase="nest",
        pending={"ostrich": "C"},
        left=None,
        lion={"state": "gone", "space": None, "turns": 0},
    )
    assert b.legal_moves(caught) == "nest:0a nest:0b nest:0c nest:1a nest:1c".split()
    nested = b.apply(caught, "nest:0b")
    assert nested == full(
        E6,
        ostriches={"C": "0b", "D": "14c", "E": "12b"},
        phase="roll",
        to_move="chance",
        current=2,
        mode="normal",
        dice=None,
        left=None,
        lion={"state": "gone", "space": None, "turns": 0},
    )
    # a full catch of the target
    caught_e = b.apply(hunt, "L:14b-13a-12b")
    assert caught_e["pending"] == {"ostrich": "E"} and "E" not in caught_e["ostriches"]
    assert caught_e["lion"] == {"state": "gone", "space": None, "turns": 0}


def test_e6_vortex_and_exhaustion(b):
    hunt = b.apply(b.load(E6), "C2:sss")
    c_on_14a = dict(E6["ostriches"], C="14a")
    vortex = b.apply(hunt, "L:14b-13b")
    assert vortex == full(
        E6,
        ostriches=c_on_14a,
        phase="vortex",
        left=None,
        lion={"state": "active", "space": "13b", "turns": 2},
    )
    moves = b.legal_moves(vortex)
    assert len(moves) == 35
    assert moves[0] == "vortex:11a" and moves[-1] == "vortex:9c"
    forbidden = (
        "0a 0b 0c 1a 1c 12a 14c 10a 10c 10b 7a 7b 7c 13b 17a 17b 17c "  # terrain
        "14a 12b"
    ).split()  # ostriches
    expected = sorted(
        f"vortex:{row}{lane}"
        for row in range(18)
        for lane in "abc"
        if f"{row}{lane}" not in forbidden
    )
    assert moves == expected
    # the third lion turn of a 3-player game exhausts the lion
    ex = b.apply(vortex, "vortex:9c")
    assert ex == full(
        E6,
        ostriches=c_on_14a,
        phase="roll",
        to_move="chance",
        current=2,
        mode="exhausted",
        dice=None,
        left=None,
        lion={"state": "exhausted", "space": "9c", "turns": 0},
    )


def test_e6_exhausted_turn(b):
    ex = b.apply(b.apply(b.apply(b.load(E6), "C2:sss"), "L:14b-13b"), "vortex:9c")
    c_on_14a = dict(E6["ostriches"], C="14a")
    # §4.1 an exhausted turn: re-roll choice, then one action in which the black die is a
    # sixth movement die (c(E) = 2, W = 2) and there is no sorcery
    pos = b.apply(ex, "DDEWW/E")
    assert pos["phase"] == "reroll_choice" and b.to_move(pos) == 2
    assert len(b.legal_moves(pos)) == 3 * 2 * 3 * 2
    act = b.apply(pos, "keep")
    assert b.legal_moves(act) == "D0:ss D1:ssl D1:sss E0:ss E1:sss E2:sssl E2:sssr".split()
    # at the end of its main roll the lion is active again; player 0 plays a lion turn
    after = b.apply(act, "E0:ss")
    assert after == full(
        E6,
        ostriches=dict(c_on_14a, E="14b"),
        phase="roll",
        to_move="chance",
        current=0,
        mode="lion",
        dice=None,
        left=None,
        lion={"state": "active", "space": "9c", "turns": 0},
    )
    # D crosses the line: the third ostrich ends the race, the lion keeps its state
    over = b.apply(act, "D1:sss")
    assert over == full(
        E6,
        ostriches={"C": "14a", "E": "12b"},
        finished="ABD",
        phase="over",
        to_move="terminal",
        current=2,
        mode="exhausted",
        dice=None,
        left=None,
        lion={"state": "exhausted", "space": "9c", "turns": 0},
    )
    assert b.result(over) == [5 + 4, 2 + 2, 4 + 3]  # E (row 12) is last; nobody predicted it


# --------------------------------------------------------------------------- E7

E7 = P(
    rules={"lion": True},
    to_move="chance",
    berries=["13c", "8a"],
    berry_pool={"dofnooxoor": 1, "ter": 1},
    ostriches={"A": "2b", "B": "9c", "C": "11b", "D": "14b"},
    finished="E",
    predictions=["ABCD", "CDEA", "DEAB", "EBDA"],
    current=3,
    mode="lion",
    phase="lion_black",
    dice={"white": "ACDEW", "black": "C"},
    lion={"state": "active", "space": "4a", "turns": 1},
)


def test_e7_black_die_reroll(b):
    pos = b.load(E7)
    assert pos == full(E7)
    third = Fraction(1, 3)
    assert b.chance_outcomes(pos) == [("black:A", third), ("black:B", third), ("black:W", third)]
    w = b.apply(pos, "black:W")
    assert w == full(E7, phase="lion_target", to_move=3, dice={"white": "ACDEW", "black": "W"})
    assert b.legal_moves(w) == ["target:A", "target:B"]
    assert b.apply(w, "target:B") == full(
        E7,
        phase="lion_move",
        to_move=3,
        pending={"target": "B"},
        dice={"white": "ACDEW", "black": "W"},
    )
    a = b.apply(pos, "black:A")
    assert a == full(
        E7,
        phase="lion_move",
        to_move=3,
        pending={"target": "A"},
        dice={"white": "ACDEW", "black": "A"},
    )
    assert b.legal_moves(a) == ["L:3a-2b", "L:3b-2b"]
    caught = b.apply(a, "L:3b-2b")
    assert caught["phase"] == "nest" and caught["pending"] == {"ostrich": "A"}
    assert b.legal_moves(caught) == "nest:0a nest:0b nest:0c nest:1a nest:1c".split()


def test_e7_lion_dies_in_lava(b):
    bpos = b.apply(b.load(E7), "black:B")
    paths = (
        "L:5a-6a-7a L:5a-6a-7b L:5a-6b-7a L:5a-6b-7b L:5a-6b-7c L:5b-6a-7a L:5b-6a-7b L:5b-6b-7a "
        "L:5b-6b-7b L:5b-6b-7c L:5b-6c-7b L:5b-6c-7c"
    ).split()
    assert b.legal_moves(bpos) == paths
    for m in paths:
        assert b.apply(bpos, m) == full(
            E7,
            to_move="chance",
            phase="roll",
            current=0,
            mode="normal",
            dice=None,
            lion={"state": "gone", "space": None, "turns": 0},
        )


# --------------------------------------------------------------------------- E8

E8 = P(
    rules={"lion": True},
    to_move="chance",
    berries=["5b", "8a"],
    berry_pool={"peepa": 1, "ter": 1},
    ostriches={"A": "2a", "B": "4b", "C": "6b", "D": "4c", "E": "5b"},
    bewitched="BD",
    predictions=["ABCD", "CDEA", "DEAB", "EBDA"],
    current=0,
    mode="normal",
    phase="berry",
    dice={"white": "BEEEW", "black": "D"},
    pending={"ostrich": "E"},
    lion={"state": "hidden", "space": None, "turns": 0},
)


def test_e8_peepa_releases_the_lion(b):
    pos = b.load(E8)
    assert pos == full(E8)
    half = Fraction(1, 2)
    assert b.chance_outcomes(pos) == [("berry:peepa", half), ("berry:ter", half)]
    place = b.apply(pos, "berry:peepa")
    assert place == full(E8, phase="lion_place", to_move=0, berries=["8a"], berry_pool={"ter": 1})
    assert b.legal_moves(place) == "lion:4a lion:5a lion:5c lion:6a lion:6c".split()
    assert b.apply(place, "lion:6a") == full(
        E8,
        phase="roll",
        to_move="chance",
        current=1,
        mode="lion",
        dice=None,
        pending=None,
        bewitched="",
        berries=["8a"],
        berry_pool={"ter": 1},
        lion={"state": "active", "space": "6a", "turns": 0},
    )
    assert b.apply(pos, "berry:ter") == full(
        E8,
        phase="roll",
        to_move="chance",
        current=1,
        dice=None,
        pending=None,
        bewitched="BDE",
        berries=["8a"],
        berry_pool={"peepa": 1},
    )


def test_e8_lion_turn_follows(b):
    lion = b.apply(b.apply(b.load(E8), "berry:peepa"), "lion:6a")
    assert b.chance_outcomes(lion) == _enumerate("", 5, None)
    # a lion turn: no re-roll, all-dice movement in which wilds move any ostrich
    pos = b.apply(lion, "AABWW/C")
    assert pos["phase"] == "moves" and pos["left"] == "AABWW"
    moves = b.legal_moves(pos)
    assert any(m.startswith("C") for m in moves)  # C has no die but may take wilds
    assert not any(m.startswith("*") or m == "keep" for m in moves)


# --------------------------------------------------------------------------- E9

E9 = P(
    to_move=3,
    berries=["5b", "8a"],
    berry_pool={"peepa": 1, "ter": 1},
    ostriches={"A": "9b", "B": "13a", "C": "12c", "D": "6a", "E": "11b"},
    bewitched="D",
    predictions=["CDEA", "DACE", "ACEB", "BCDE"],
    current=3,
    mode="bonus",
    phase="moves",
    dice={"white": "BCDWW", "black": "W"},
    left="BCDWW",
)


def test_e9_bonus_roll(b):
    pos = b.load(E9)
    assert pos == full(E9)
    assert b.legal_moves(pos) == "B0:s B1:ss B2:sss C0:s C1:ss C2:sss".split()
    b0 = b.apply(pos, "B0:s")
    assert b0 == full(E9, ostriches=dict(E9["ostriches"], B="14a"), left="CDWW", moved="B")
    assert b.legal_moves(b0) == ["C2:sss"]
    flip = b.apply(b0, "C2:sss")
    moved = dict(E9["ostriches"], B="14a", C="15c")
    assert flip == full(E9, ostriches=moved, phase="flip", left=None, moved="")
    assert b.legal_moves(flip) == "*A *B *C *D *E".split()
    assert b.apply(flip, "*D") == full(
        E9,
        ostriches=moved,
        bewitched="",
        phase="roll",
        to_move="chance",
        current=0,
        mode="normal",
        dice=None,
        left=None,
        moved="",
    )


def test_bonus_black_letter_flips_automatically(b):
    pos = b.load(dict(E9, dice={"white": "BCDWW", "black": "A"}))
    end = b.apply(b.apply(pos, "B0:s"), "C2:sss")
    assert end["phase"] == "roll" and end["current"] == 0 and end["bewitched"] == "AD"


# --------------------------------------------------------------------------- E10

E10 = P(
    rules={"players": 3},
    to_move=2,
    berries=["5b"],
    berry_pool={"peepa": 1},
    ostriches={"B": "12a", "E": "12c", "D": "16c"},
    finished="CA",
    predictions=["CDEA", "DACE", "ACEB"],
    current=2,
    mode="normal",
    phase="action",
    dice={"white": "BDDEW", "black": "B"},
)


def test_e10_end_of_race(b):
    pos = b.load(E10)
    assert pos == full(E10)
    assert b.legal_moves(pos) == "*B B0:s B1:ss D0:l D0:s E0:s E1:ss".split()
    over = b.apply(pos, "D0:s")
    assert over == full(
        E10,
        ostriches={"B": "12a", "E": "12c"},
        finished="CAD",
        phase="over",
        to_move="terminal",
        dice=None,
    )
    assert b.to_move(over) == "terminal"
    assert b.legal_moves(over) == [] and b.chance_outcomes(over) == []
    assert b.result(over) == [7, 16, 8]
    assert b.perft(over, 1) == 0
    none = b.apply(b.load(dict(E10, rules={"players": 3, "last_tie": "none"})), "D0:s")
    assert b.result(none) == [7, 8, 4]


def test_e10_single_last(b):
    over = b.apply(b.load(dict(E10, ostriches={"B": "11a", "E": "12c", "D": "16c"})), "D0:l")
    # B alone is last: CDEA 7; DACE 8; ACEB 4, doubled
    assert b.result(over) == [7, 8, 8]


# --------------------------------------------------------------------------- perft (§7)


def test_perft_small(b):
    assert b.perft(b.new(), 1) == 10
    assert b.perft(b.new(), 2) == 90
    assert b.perft(b.new({"players": 2}), 3) == 90 * 1512
    assert b.perft(b.load(E2), 1) == 24
    assert b.perft(b.load(E4), 1) == 10
    assert b.perft(b.load(E5), 1) == 4
    assert b.perft(b.load(E6), 1) == 7
    assert b.perft(b.load(E7), 1) == 3
    assert b.perft(b.load(E7), 2) == 2 + 2 + 12
    assert b.perft(b.load(E8), 1) == 2
    assert b.perft(b.load(E8), 2) == 5 + 1512
    assert b.perft(b.load(E9), 1) == 6
    assert b.perft(b.load(E10), 1) == 7


# --------------------------------------------------------------------------- rule-derived checks


def _custom(effect):
    """A on 4b before a berry of one custom kind at 5b (§2.4 effect primitives)."""
    return P(
        to_move=1,
        berry_types={"peepa": "none", "dofnooxoor": "all_dice", "ter": "bewitch", "odd": effect},
        berries=["5b"],
        berry_pool={"odd": 1},
        ostriches={"A": "4b", "B": "0b", "C": "0c", "D": "1a", "E": "1c"},
        predictions=["CDEA", "DACE", "ACEB", "BCDE"],
        current=1,
        mode="normal",
        phase="action",
        dice={"white": "ABBBB", "black": "A"},
    )


def _eat(b, effect):
    pos = b.load(_custom(effect))
    assert b.legal_moves(pos)[:4] == ["*A", "A0:l", "A0:r", "A0:s"]
    berry = b.apply(pos, "A0:s")
    assert berry["phase"] == "berry" and berry["pending"] == {"ostrich": "A"}
    assert b.chance_outcomes(berry) == [("berry:odd", Fraction(1))]
    return b.apply(berry, "berry:odd")


def test_custom_advance(b):
    adv = _eat(b, "advance2")
    assert adv["phase"] == "advance" and adv["pending"] == {"ostrich": "A", "steps": 2}
    assert adv["berries"] == [] and adv["berry_pool"] == {}
    assert b.legal_moves(adv) == "A0:lr A0:ls A0:sl A0:sr A0:ss".split()
    end = b.apply(adv, "A0:sr")
    assert end["ostriches"]["A"] == "7c" and end["phase"] == "roll" and end["current"] == 2


def test_custom_to_nest(b):
    nest = _eat(b, "to_nest")
    assert nest["phase"] == "nest" and "A" not in nest["ostriches"]
    assert b.legal_moves(nest) == ["nest:0a"]
    end = b.apply(nest, "nest:0a")
    assert end["ostriches"]["A"] == "0a" and end["phase"] == "roll" and end["current"] == 2


def test_custom_extra_turn(b):
    end = _eat(b, "extra_turn")
    # §4.9 the extra turn is taken at once by the same player
    assert (
        end["phase"] == "roll"
        and end["current"] == 1
        and end["extra"] == 0
        and end["mode"] == "normal"
    )


def test_berry_trigger_end(b):
    pos = b.load(dict(E5, rules={"berry_trigger": "end"}))
    # E passes the berry at 13c freely (§4.6)
    assert b.legal_moves(pos) == "*A A0:r A0:s E0:sss E1:ssss".split()
    after = b.apply(b.apply(b.load(dict(E2, rules={"berry_trigger": "end"})), "r:AW"), "AAAAW/B")
    moves = b.legal_moves(after)
    assert "A0:Sr" not in moves and "A0:Srss" in moves
    berry = b.apply(after, "A0:Ssrl")
    assert berry["phase"] == "roll"
    assert b.apply(b.load(dict(E4, rules={"berry_trigger": "end"})), "A2:rsss")["phase"] == "roll"


def test_quicksand_stop(b):
    pos = b.load(
        dict(
            E10,
            rules={"players": 3, "quicksand": "stop"},
            ostriches={"B": "11a", "E": "12c", "D": "16c"},
            dice={"white": "BBBEW", "black": "A"},
        )
    )
    # B enters the quicksand at 12a after one point: cut short, the other points are lost
    assert [m for m in b.legal_moves(pos) if m[0] == "B"] == ["B0:s"]
    assert b.apply(pos, "B0:s")["ostriches"]["B"] == "12a"


@pytest.mark.parametrize(
    "change",
    [
        {"colour": "red"},  # unknown field
        {"berries": ["5b", "13c", "8a"]},  # not sorted
        {"to_move": 2},  # disagrees
        {"ostriches": {"A": "3b", "B": "3a", "C": "0c", "D": "3c", "E": "1c"}},  # on rock
        {"ostriches": {"A": "3a", "B": "3a", "C": "0c", "D": "3c", "E": "1c"}},  # shared space
        {"ostriches": {"A": "2a", "B": "3a", "C": "0c", "D": "3c"}},  # missing
        {"rules": {"lion": True}},  # lion state off
        {"rules": {"players": 6}},
        {"predictions": ["DEAB", "BDAC", "CEBD", "DEAB"]},  # dealt twice
        {"predictions": ["DEAB", "BDAC", "CEBD", None]},  # missing outside deal
        {"berry_pool": {"dofnooxoor": 1, "peepa": 1}},  # does not match berries
        {"dice": {"white": "AAWWA", "black": "B"}},  # not sorted
        {"bewitched": "DA"},
        {"bonus": 21},
        {"phase": "moves"},  # moves in a normal turn
        {"berry_types": {"ter": "none"}},  # a known kind with another effect
    ],
)
def test_invalid_positions(b, change):
    b.load(E2)
    with pytest.raises(ValueError):
        b.load(dict(E2, **change))
