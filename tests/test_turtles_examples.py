"""Worked examples of the turtles rule book (/work/shared/rules/turtles.md, §3.4, §5, §7)
and its perft figures, run against every backend (C core and Python reference)."""

import pytest

GAME = "turtles"

DEFAULTS = {
    "tattoo": False,
    "tattoo_setup": "fixed",
    "hatching": False,
    "max_rule": "first_hop",
    "max_turns": 200,
}


def rules(**kw):
    r = dict(DEFAULTS)
    r.update(kw)
    return r


def P(
    board,
    rules_=None,
    to_move=0,
    phase="play",
    side=0,
    turns=0,
    reserve=(0, 0),
    pending=(),
    changing=None,
):
    """A position as the rule book writes it (rules keys may be left out)."""
    return {
        "game": GAME,
        "rules": dict(rules_ or {}),
        "to_move": to_move,
        "phase": phase,
        "side": side,
        "turns": turns,
        "board": dict(board),
        "reserve": list(reserve),
        "pending": list(pending),
        "changing": changing,
    }


def full(board, rules_=None, **kw):
    """A canonical position: every rules key written."""
    return P(board, rules(**(rules_ or {})), **kw)


@pytest.fixture
def b(backend):
    return backend(GAME)


# --------------------------------------------------------------------------- §3.4, §7.1

START_BOARD = {
    "b1": "0",
    "c1": "0",
    "c2": "0",
    "d1": "0",
    "d2": "0",
    "e1": "0",
    "e2": "0",
    "f1": "0",
    "b5": "1",
    "c5": "1",
    "c6": "1",
    "d6": "1",
    "d7": "1",
    "e5": "1",
    "e6": "1",
    "f5": "1",
}


def test_start_position_json(b):
    start = b.new()
    assert start == full(START_BOARD)
    assert b.new({}) == start
    assert b.load(start) == start
    assert b.to_move(start) == 0
    assert b.chance_outcomes(start) == []


def test_start_positions_of_variants(b):
    tat = dict(START_BOARD)
    tat.update(
        {
            "b1": "0L",
            "f1": "0C",
            "e2": "0I",
            "c2": "0X",
            "f5": "1L",
            "b5": "1C",
            "c5": "1I",
            "e5": "1X",
        }
    )
    assert b.new({"tattoo": True}) == full(tat, {"tattoo": True})
    assert b.new({"tattoo": True, "tattoo_setup": "choose"}) == full(
        START_BOARD, {"tattoo": True, "tattoo_setup": "choose"}, phase="setup"
    )
    assert b.new({"hatching": True}) == full({}, {"hatching": True}, reserve=(8, 8))


def test_7_1_start_moves(b):
    start = b.new()
    assert (
        b.legal_moves(start)
        == (
            "b1-a1 b1-b2 b1xd3 c1xa1 c1xc3 c2-b2 c2-c3 c2-d3 d1xd3 d2-d3 d2xb2 d2xf2 e1xe3 e1xg1 e2-d3 e2-e3 "
            "e2-f2 f1-f2 f1-g1 f1xd3"
        ).split()
    )
    after = b.apply(start, "d1xd3")
    board = dict(START_BOARD)
    del board["d1"]
    board["d3"] = "0"
    assert after == full(board, to_move=1, side=1, turns=1)
    assert (
        b.legal_moves(after)
        == (
            "b5-a4 b5-b4 b5xd5 c5-b4 c5-c4 c5-d5 c6xa4 c6xc4 d6-d5 d6xb4 d6xf4 d7xd5 e5-d5 e5-e4 e5-f4 e6xe4 "
            "e6xg4 f5-f4 f5-g4 f5xd5"
        ).split()
    )
    assert start == full(START_BOARD)  # input untouched


@pytest.mark.parametrize(
    "rules_, figures",
    [
        ({}, [20, 400, 8112]),
        ({"tattoo": True}, [20, 400, 8112]),
        ({"hatching": True}, [28, 2499, 82222]),
        ({"tattoo": True, "tattoo_setup": "choose"}, [8, 56, 336, 1680, 13440, 94080]),
    ],
)
def test_7_1_perft(b, rules_, figures):
    start = b.new(rules_)
    for depth, n in enumerate(figures, 1):
        assert b.perft(start, depth) == n, (rules_, depth)


# --------------------------------------------------------------------------- §7.2


def test_7_2_forced_jump_through_neutral_into_goal(b):
    pos = b.load(P({"d3": "0", "a1": "0", "d4": "1", "e6": "1", "g2": "1", "e5": "n"}))
    assert b.legal_moves(pos) == ["d3xd5xf5xd7/0", "d3xd5xf5xd7/1"]
    after = b.apply(pos, "d3xd5xf5xd7/1")
    assert after == full(
        {"a1": "0", "d4": "n", "d7": "0", "e5": "1", "e6": "n", "g2": "1"},
        to_move="terminal",
        phase="over",
        side=1,
        turns=1,
    )
    assert b.to_move(after) == "terminal"
    assert b.legal_moves(after) == []
    assert b.result(after) == [1, -1]
    after0 = b.apply(pos, "d3xd5xf5xd7/0")
    assert after0["board"] == {"a1": "0", "d4": "n", "d7": "0", "e5": "0", "e6": "n", "g2": "1"}
    assert b.result(after0) == [1, -1]
    with pytest.raises(ValueError):
        b.apply(pos, "a1-a2")  # steps are illegal under the capture obligation


# --------------------------------------------------------------------------- §7.3


def test_7_3_friendly_jump_must_continue_without_mixing(b):
    pos = b.load(P({"c2": "0", "c3": "0", "c5": "1", "d5": "n"}))
    assert b.legal_moves(pos) == "c2-b2 c2-d3 c2xc4xe5/0 c2xc4xe5/1 c3-b3 c3-c4 c3-d4".split()
    after = b.apply(pos, "c2xc4xe5/1")
    assert after == full({"c3": "0", "c5": "1", "d5": "1", "e5": "0"}, to_move=1, side=1, turns=1)
    assert b.legal_moves(after) == "c5-b4 c5-c4 c5xe4 d5-c4 d5-d4 d5-e4".split()
    with pytest.raises(ValueError):
        b.apply(pos, "c2xc4")  # incomplete jump


# --------------------------------------------------------------------------- §7.4

MAX_BOARD = {"d2": "0", "a1": "0", "d3": "1", "c4": "1", "c5": "1", "e4": "1", "a2": "1"}


@pytest.mark.parametrize(
    "max_rule, moves",
    [
        (None, ["a1xa3", "d2xd4xb4xd6"]),
        ("first_hop", ["a1xa3", "d2xd4xb4xd6"]),
        ("any", ["a1xa3", "d2xd4xb4xd6", "d2xd4xf4"]),
        ("global", ["d2xd4xb4xd6"]),
    ],
)
def test_7_4_maximum_rule(b, max_rule, moves):
    r = {} if max_rule is None else {"max_rule": max_rule}
    pos = b.load(P(MAX_BOARD, r))
    assert pos["rules"] == rules(**r)
    assert b.legal_moves(pos) == moves


def test_7_4_longest_capture_successor(b):
    pos = b.load(P(MAX_BOARD))
    after = b.apply(pos, "d2xd4xb4xd6")
    assert after == full(
        {"a1": "0", "a2": "1", "c4": "n", "c5": "n", "d3": "n", "d6": "0", "e4": "1"},
        to_move=1,
        side=1,
        turns=1,
    )


# --------------------------------------------------------------------------- §7.5


def test_7_5_jump_beginning_over_neutral_not_forced(b):
    pos = b.load(P({"f1": "0", "b2": "0", "f4": "1", "d7": "1", "f2": "n"}))
    assert b.legal_moves(pos) == "b2-a2 b2-b3 b2-c3 f1-e2 f1-g1 f1xf3xf5/0 f1xf3xf5/1".split()
    after = b.apply(pos, "f1xf3xf5/0")
    assert after == full(
        {"b2": "0", "d7": "1", "f2": "0", "f4": "n", "f5": "0"}, to_move=1, side=1, turns=1
    )
    assert b.legal_moves(after) == "d7-c6 d7-d6 d7-e6".split()


# --------------------------------------------------------------------------- §7.6

STUCK = {"d6": "0", "d7": "1", "c6": "1", "e6": "1", "b1": "1", "d3": "n"}


def test_7_6_no_legal_move_loses(b):
    pos = b.load(P(STUCK, to_move="terminal", phase="over"))
    assert pos == full(STUCK, to_move="terminal", phase="over")
    assert b.to_move(pos) == "terminal"
    assert b.legal_moves(pos) == []
    assert b.result(pos) == [-1, 1]
    with pytest.raises(ValueError):
        b.apply(pos, "d6-d7")


def test_7_6_stuck_position_marked_play_is_invalid(b):
    with pytest.raises(ValueError):
        b.load(P(STUCK, to_move=0, phase="play"))


def test_7_6_turn_limit(b):
    pos = b.load(P({"c2": "0", "g4": "1", "a4": "1"}, {"max_turns": 7}, turns=6))
    assert b.legal_moves(pos) == ["c2-b2", "c2-c3", "c2-d3"]
    for m in b.legal_moves(pos):
        after = b.apply(pos, m)
        board = {"g4": "1", "a4": "1", m[3:]: "0"}
        assert after == full(
            board, {"max_turns": 7}, to_move="terminal", phase="over", side=1, turns=7
        )
        assert b.legal_moves(after) == []
        assert b.result(after) == [0, 0]


# --------------------------------------------------------------------------- §7.7


def test_7_7_contamination(b):
    T = {"tattoo": True}
    pos = b.load(P({"d3": "0", "c4": "0", "d4": "1X", "g4": "1"}, T))
    assert b.legal_moves(pos) == ["d3xd5"]
    eff = b.apply(pos, "d3xd5")
    assert eff == full(
        {"c4": "0", "d4": "nX", "d5": "0", "g4": "1"},
        T,
        to_move=1,
        phase="effects",
        side=1,
        turns=1,
        pending=["d4"],
    )
    assert b.legal_moves(eff) == ["Xd4/c4", "Xd4/d5"]
    after = b.apply(eff, "Xd4/d5")
    assert after == full({"c4": "0", "g4": "1"}, T, to_move=1, phase="play", side=1, turns=1)
    assert b.legal_moves(after) == ["g4-f4", "g4-g3"]
    other = b.apply(eff, "Xd4/c4")
    assert other["board"] == {"d5": "0", "g4": "1"}


# --------------------------------------------------------------------------- §7.8

CHANGE_BOARD = {"d1": "0", "d2": "0", "e3": "0", "d3": "1C", "e4": "1X", "b5": "1"}


def test_7_8_change_order_and_win_by_change(b):
    T = {"tattoo": True}
    pos = b.load(P(CHANGE_BOARD, T))
    assert b.legal_moves(pos) == ["d2xd4xf4", "e3xe5"]
    eff = b.apply(pos, "d2xd4xf4")
    eff_board = {"b5": "1", "d1": "0", "d3": "nC", "e3": "0", "e4": "nX", "f4": "0"}
    assert eff == full(
        eff_board, T, to_move=1, phase="effects", side=1, turns=1, pending=["d3", "e4"]
    )
    assert b.legal_moves(eff) == ["Cd3", "Xe4/e3", "Xe4/f4"]
    chg = b.apply(eff, "Cd3")
    assert chg == full(
        eff_board, T, to_move=0, phase="effects", side=1, turns=1, pending=["e4"], changing="d3"
    )
    assert b.to_move(chg) == 0
    assert b.legal_moves(chg) == ["Cd3/d1", "Cd3/e3", "Cd3/f4"]
    end = b.apply(chg, "Cd3/d1")
    assert end == full(
        {"b5": "1", "d1": "1", "e3": "0", "e4": "nX", "f4": "0"},
        T,
        to_move="terminal",
        phase="over",
        side=1,
        turns=1,
    )
    assert b.result(end) == [-1, 1]


def test_7_8_contamination_first_then_change(b):
    T = {"tattoo": True}
    eff = b.apply(b.load(P(CHANGE_BOARD, T)), "d2xd4xf4")
    x = b.apply(eff, "Xe4/f4")
    assert x == full(
        {"b5": "1", "d1": "0", "d3": "nC", "e3": "0"},
        T,
        to_move=1,
        phase="effects",
        side=1,
        turns=1,
        pending=["d3"],
    )
    assert b.legal_moves(x) == ["Cd3"]
    chg = b.apply(x, "Cd3")
    assert b.to_move(chg) == 0
    assert b.legal_moves(chg) == ["Cd3/d1", "Cd3/e3"]


# --------------------------------------------------------------------------- §7.9


def test_7_9_immortality_and_life(b):
    T = {"tattoo": True}
    pos = b.load(
        P(
            {"d1": "0", "a1": "0", "e4": "0L", "d3": "0I", "e5": "1", "g4": "1"},
            T,
            to_move=1,
            side=1,
        )
    )
    assert b.legal_moves(pos) == ["e5xe3xc2"]
    eff = b.apply(pos, "e5xe3xc2")
    assert eff == full(
        {"a1": "0", "c2": "1", "d1": "0", "d3": "nI", "e4": "nL", "g4": "1"},
        T,
        to_move=0,
        phase="effects",
        side=0,
        turns=1,
        pending=["d3", "e4"],
    )
    assert b.legal_moves(eff) == "Id3 Le4/b1 Le4/c1 Le4/d2 Le4/e1 Le4/e2 Le4/f1".split()
    imm = b.apply(eff, "Id3")
    assert imm["board"]["d3"] == "0"
    assert imm["pending"] == ["e4"]
    assert b.legal_moves(imm) == "Le4/b1 Le4/c1 Le4/d2 Le4/e1 Le4/e2 Le4/f1".split()
    life = b.apply(imm, "Le4/c1")
    assert life == full(
        {"a1": "0", "c1": "0", "c2": "1", "d1": "0", "d3": "0", "e4": "nL", "g4": "1"},
        T,
        to_move=0,
        phase="play",
        side=0,
        turns=1,
    )
    assert b.legal_moves(life) == ["c1xc3"]


# --------------------------------------------------------------------------- §7.10


def test_7_10_hatching_adds(b):
    start = b.new({"hatching": True})
    cells = "b1 c1 c2 d2 e1 e2 f1".split()
    expected = sorted(
        ["+" + c for c in cells]
        + ["+" + x + "+" + y for i, x in enumerate(cells) for y in cells[i + 1 :]]
    )
    assert len(expected) == 28
    assert b.legal_moves(start) == expected
    two = b.apply(start, "+b1+c1")
    assert two == full(
        {"b1": "0", "c1": "0"}, {"hatching": True}, to_move=1, side=1, turns=1, reserve=(6, 8)
    )
    moves2 = b.legal_moves(two)
    assert len(moves2) == 98
    assert moves2[:3] == ["+b5", "+b5+c5", "+b5+c5+c6"]
    assert "+b5+c5+c6+d6" in moves2 and "+d7" not in moves2
    assert max(m.count("+") for m in moves2) == 4
    one = b.apply(start, "+b1")
    assert len(b.legal_moves(one)) == 63
    assert max(m.count("+") for m in b.legal_moves(one)) == 3


def test_7_10_capture_forbids_adds(b):
    pos = b.load(
        P({"d4": "0", "b1": "0", "d5": "1", "g4": "1"}, {"hatching": True}, reserve=(6, 6))
    )
    assert b.legal_moves(pos) == ["d4xd6"]


def test_7_10_tattoo_setup_choose(b):
    start = b.new({"tattoo": True, "tattoo_setup": "choose"})
    assert b.legal_moves(start) == "L@b1 L@c1 L@c2 L@d1 L@d2 L@e1 L@e2 L@f1".split()
    after = b.apply(start, "L@c2")
    board = dict(START_BOARD)
    board["c2"] = "0L"
    assert after == full(board, {"tattoo": True, "tattoo_setup": "choose"}, phase="setup")
    assert b.legal_moves(after) == "C@b1 C@c1 C@d1 C@d2 C@e1 C@e2 C@f1".split()


def test_tattoo_setup_choose_to_play(b):
    R = {"tattoo": True, "tattoo_setup": "choose"}
    pos = b.new(R)
    for m in ["L@b1", "C@f1", "I@e2", "X@c2", "L@f5", "C@b5", "I@c5"]:
        pos = b.apply(pos, m)
        assert pos["phase"] == "setup" and pos["turns"] == 0
    assert pos["side"] == 1 and b.legal_moves(pos) == "X@c6 X@d6 X@d7 X@e5 X@e6".split()
    pos = b.apply(pos, "X@e5")
    # the fixed arrangement of §3.2, reached by choice, with the "choose" rules
    fixed = b.new({"tattoo": True})
    assert pos["board"] == fixed["board"]
    assert pos == full(fixed["board"], R)


# --------------------------------------------------------------------------- §5


def test_5_midgame_effects_example(b):
    pos = {
        "game": "turtles",
        "rules": {
            "tattoo": True,
            "tattoo_setup": "fixed",
            "hatching": False,
            "max_rule": "first_hop",
            "max_turns": 200,
        },
        "to_move": 0,
        "phase": "effects",
        "side": 1,
        "turns": 19,
        "board": {
            "a4": "0",
            "b2": "0L",
            "b4": "nC",
            "c1": "0",
            "d3": "1",
            "d4": "n",
            "d5": "0",
            "d6": "1",
            "d7": "1",
            "e4": "0X",
            "e6": "1",
            "f1": "0C",
            "f5": "1L",
            "g2": "1I",
        },
        "reserve": [0, 0],
        "pending": [],
        "changing": "b4",
    }
    assert b.load(pos) == pos
    assert b.to_move(pos) == 0
    assert b.legal_moves(pos) == "Cb4/a4 Cb4/b2 Cb4/c1 Cb4/d5 Cb4/e4 Cb4/f1".split()
    after = b.apply(pos, "Cb4/e4")
    board = dict(pos["board"])
    del board["b4"]
    board["e4"] = "1X"
    assert after == full(board, {"tattoo": True}, to_move=1, phase="play", side=1, turns=19)


def test_5_load_fills_rules_and_orders(b):
    pos = P({"f5": "1", "b1": "0"}, {"max_rule": "any"})
    got = b.load(pos)
    assert got == full({"b1": "0", "f5": "1"}, {"max_rule": "any"})
    assert b.load(got) == got


@pytest.mark.parametrize(
    "mutate",
    [
        lambda p: p.pop("changing"),  # missing field
        lambda p: p.update(extra=1),  # unknown field
        lambda p: p.update(game="zebras"),
        lambda p: p["rules"].update(bogus=True),
        lambda p: p["rules"].update(tattoo=True, hatching=True),
        lambda p: p["rules"].update(max_rule="most"),
        lambda p: p["rules"].update(max_turns=10001),
        lambda p: p.update(turns=-1),
        lambda p: p.update(turns=True),
        lambda p: p.update(side=2),
        lambda p: p.update(phase="effects"),
        lambda p: p.update(to_move=1),
        lambda p: p["board"].update(h1="0"),  # not a cell
        lambda p: p["board"].update(d4="2"),  # not a piece code
        lambda p: p["board"].update(d4="0L"),  # tattoo without tattoo
        lambda p: p.update(reserve=[1, 0]),  # reserve without hatching
        lambda p: p.update(pending=["d3"]),
        lambda p: p.update(changing="d3"),
    ],
)
def test_5_invalid_positions(b, mutate):
    pos = P({"c2": "0", "c3": "0", "c5": "1", "d5": "n"}, rules())
    b.load(pos)  # the unmodified position is valid
    mutate(pos)
    with pytest.raises(ValueError):
        b.load(pos)


def test_5_both_on_goal_invalid(b):
    with pytest.raises(ValueError):
        b.load(P({"d7": "0", "d1": "1"}, to_move="terminal", phase="over"))


# --------------------------------------------------------------------------- §4.6 (derived from the text, not §7)


def test_4_6_contamination_with_nothing_adjacent(b):
    T = {"tattoo": True}
    pos = b.load(P({"c2": "0", "c3": "1X", "c5": "n", "g4": "1"}, T))
    assert b.legal_moves(pos) == ["c2xc4xc6/0", "c2xc4xc6/1"]
    eff = b.apply(pos, "c2xc4xc6/0")
    assert eff == full(
        {"c3": "nX", "c5": "0", "c6": "0", "g4": "1"},
        T,
        to_move=1,
        phase="effects",
        side=1,
        turns=1,
        pending=["c3"],
    )
    assert b.legal_moves(eff) == ["Xc3"]
    after = b.apply(eff, "Xc3")
    assert after == full({"c5": "0", "c6": "0", "g4": "1"}, T, to_move=1, side=1, turns=1)


def test_4_6_change_when_jumper_has_no_active_turtle(b):
    T = {"tattoo": True}
    pos = b.load(P({"d1": "0", "d2": "1C", "d4": "1X", "g4": "1"}, T))
    assert b.legal_moves(pos) == ["d1xd3xd5"]
    eff = b.apply(pos, "d1xd3xd5")
    assert eff["pending"] == ["d2", "d4"] and b.to_move(eff) == 1
    assert b.legal_moves(eff) == ["Cd2", "Xd4/d5"]
    x = b.apply(eff, "Xd4/d5")
    assert x == full(
        {"d2": "nC", "g4": "1"}, T, to_move=1, phase="effects", side=1, turns=1, pending=["d2"]
    )
    assert b.legal_moves(x) == ["Cd2"]
    after = b.apply(x, "Cd2")
    assert after == full({"g4": "1"}, T, to_move=1, side=1, turns=1)
    assert b.legal_moves(after) == ["g4-f4", "g4-g3"]
    end = b.apply(after, "g4-f4")  # player 0 has nothing left to move: loses at the turn boundary
    assert end == full({"f4": "1"}, T, to_move="terminal", phase="over", side=0, turns=2)
    assert b.result(end) == [-1, 1]
