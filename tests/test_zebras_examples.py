"""Every worked example (and perft figure) of the zebras rule book, against both backends.

Rule book: /work/shared/rules/zebras.md (sections cited as §n).
"""

import copy

import pytest

GAME = "zebras"
SPECIES = "ZGELC"
FULL = {"Z": 5, "G": 6, "E": 1, "L": 1, "C": 2}
NONE = {"Z": 0, "G": 0, "E": 0, "L": 0, "C": 0}


def hand(**kw):
    h = dict(NONE)
    h.update(kw)
    return h


def raw(to_move, rows, guardian, inauguration, hands, rules=None):
    """A JSON position as a dict; rules omitted unless given."""
    d = {
        "game": GAME,
        "to_move": to_move,
        "board": list(rows),
        "guardian": guardian,
        "inauguration": inauguration,
        "hands": [dict(hands[0]), dict(hands[1])],
    }
    if rules is not None:
        d["rules"] = dict(rules)
    return d


def canon(to_move, rows, guardian, inauguration, hands, croc_chain=True):
    """The canonical form the engine must write (every field, every rules key)."""
    return raw(to_move, rows, guardian, inauguration, hands, {"croc_chain": croc_chain})


def with_rules(pos, **rules):
    out = copy.deepcopy(pos)
    out["rules"] = dict(rules)
    return out


EMPTY_ROWS = [".. .. .. .. .. .."] * 5

# ---------------------------------------------------------------- positions of §6 and §8

SEC6_ROWS = [
    ".. 1Z 1Z .. 0C 0E",
    ".. 1Z 0C .. .. 0g",
    ".. 0Z .. .. .. 0L",
    ".. .. 1L .. .. 1C",
    "1Z .. .. .. .. 1Z",
]
SEC6 = raw(0, SEC6_ROWS, 12, None, [hand(Z=4, G=5), hand(G=6, E=1, C=1)], {"croc_chain": True})

EX3_ROWS = [
    ".. .. 1G .. .. ..",
    ".. 0L .. 1G 0G ..",
    ".. .. 1G .. .. ..",
    ".. .. .. .. .. ..",
    ".. .. .. .. .. ..",
]
EX3_HANDS = [hand(Z=5, G=5, E=1, L=0, C=2), hand(Z=5, G=3, E=1, L=1, C=2)]
EX3 = raw(0, EX3_ROWS, 7, None, EX3_HANDS)

EX4_ROWS = [
    "0Z 1G 0Z 1Z 0G ..",
    "1Z 0G 1C 0E 1G 0Z",
    "0z 1G 1E 0G 1C 0Z",
    "1L .. 0G 1z 0L 1g",
    "0C 1G 0G 1Z 0g 1G",
]
EX4_HANDS = [hand(C=1), hand(Z=1)]
EX4 = raw(0, EX4_ROWS, 18, 1, EX4_HANDS)

EX5_ROWS = [
    "0G 1G 0G .. 0Z 1Z",
    "1G 1Z 1C 1G 1G 0Z",
    "0C 0E 0z 0Z 1Z ..",
    "1G 0g 1L 1C 0C 1E",
    "1G 0G 0z .. 0G 1Z",
]
EX5_HANDS = [hand(G=1, L=1), hand(Z=1)]
EX5 = raw(0, EX5_ROWS, 21, 1, EX5_HANDS)

EX6_ROWS = [
    "0G 1G 1C 1E .. 0C",
    ".. .. 1z 1L .. 0G",
    ".. 0E 1Z 0C .. 0G",
    ".. 0Z 0Z 1C .. 0Z",
    ".. .. 1G 1G 1G ..",
]
EX6_HANDS = [hand(Z=2, G=3, L=1), hand(Z=3, G=2)]
EX6 = raw(0, EX6_ROWS, 11, None, EX6_HANDS)

EX7_ROWS = [
    "0Z 1Z 1G 1Z 1G 1Z",
    "1Z 0C 1G 0g 0C 1Z",
    "0Z 0Z 0Z 0g 1L 0g",
    "0G .. 0E 1C 0g 1E",
    "1G 0G 1G 0Z 1C 1G",
]
EX7_HANDS = [hand(L=1), hand()]
EX7 = raw(0, EX7_ROWS, 9, 1, EX7_HANDS)

EX8_ROWS = [
    "0L 1g 1C 0G 1Z 0E",
    "0g 0Z 1Z 0G 1G 0Z",
    "0Z 1G 1G 1C 0G 1Z",
    "0Z 1E 1z 0G .. 1G",
    "0C 1g 1L 1z 0G 0Z",
]
EX8_HANDS = [hand(C=1), hand()]
EX8 = raw(0, EX8_ROWS, 4, 1, EX8_HANDS)


# ---------------------------------------------------------------- §3 the starting position


def test_start_position(backend):
    b = backend(GAME)
    expected = canon(0, EMPTY_ROWS, None, None, [dict(FULL), dict(FULL)])
    assert b.new() == expected
    assert b.new({}) == expected
    assert b.new({"croc_chain": False}) == canon(
        0, EMPTY_ROWS, None, None, [dict(FULL), dict(FULL)], croc_chain=False
    )
    assert b.to_move(b.new()) == 0
    assert b.chance_outcomes(b.new()) == []


def test_load_fills_rules_and_round_trips(backend):
    b = backend(GAME)
    p = b.load(raw(0, EMPTY_ROWS, None, None, [dict(FULL), dict(FULL)]))
    assert p == b.new()
    assert b.load(p) == p
    for pos in (EX3, EX4, EX5, EX6, EX7, EX8):
        q = b.load(pos)
        assert q["rules"] == {"croc_chain": True}
        assert b.load(q) == q


# ---------------------------------------------------------------- §6 the mid-game example


def test_section6_midgame(backend):
    b = backend(GAME)
    p = b.load(SEC6)
    assert p == SEC6  # already canonical
    expected = sorted(
        f"{s}{c}@{q}" for s in "GZ" for c in ("e2", "e3", "e4", "e5") for q in ("13", "14", "15")
    )
    assert len(expected) == 24
    assert b.legal_moves(p) == expected
    assert b.to_move(p) == 0


@pytest.mark.parametrize(
    "field, mutate",
    [
        ("board", lambda d: d["board"].__setitem__(2, ".. 0Z .. .. .. 0e")),  # 1: unknown token 0e
        ("board", lambda d: d["board"].__setitem__(0, ".. 1Z 1Z ..  0C 0E")),  # 1: malformed row
        ("to_move", lambda d: d.__setitem__("to_move", True)),  # 1: true is not an int
        ("guardian", lambda d: d.__setitem__("guardian", 12.0)),  # 1: 4.0 is not an int
        ("guardian", lambda d: d.__setitem__("guardian", 22)),  # 1: out of range
        (
            "rules",
            lambda d: d.__setitem__("rules", {"croc_chain": True, "x": 1}),
        ),  # 1: unknown rules key
        ("extra", lambda d: d.__setitem__("extra", 1)),  # 1: unknown field
        ("inauguration", lambda d: d.pop("inauguration")),  # 1: missing field
        ("hands", lambda d: d["hands"][0].__setitem__("Z", 3)),  # 2: hand + board != inventory
        (
            "board",
            lambda d: d["board"].__setitem__(1, ".. 1Z 0C .. .. 0G"),
        ),  # 3/2: face-up gazelle next to lion
        ("to_move", lambda d: d.__setitem__("to_move", "terminal")),  # 8: terminal, board not full
    ],
)
def test_load_rejects(backend, field, mutate):
    b = backend(GAME)
    d = copy.deepcopy(SEC6)
    mutate(d)
    with pytest.raises(Exception, match=field):
        b.load(d)


def test_load_rejects_consistency(backend):
    b = backend(GAME)
    # 4: a face-down zebra with no adjacent lion (move the lion away in example 8? use a fresh one)
    d = raw(
        1,
        [
            "0z .. .. .. .. ..",
            ".. .. .. .. .. ..",
            ".. .. .. .. .. ..",
            ".. .. .. .. .. ..",
            ".. .. .. .. .. ..",
        ],
        0,
        None,
        [hand(Z=4, G=6, E=1, L=1, C=2), dict(FULL)],
    )
    with pytest.raises(Exception, match="board"):
        b.load(d)
    # 5: a face-down gazelle while no lion is on the board
    d = raw(
        1,
        [
            "0g .. .. .. .. ..",
            ".. .. .. .. .. ..",
            ".. .. .. .. .. ..",
            ".. .. .. .. .. ..",
            ".. .. .. .. .. ..",
        ],
        0,
        None,
        [hand(Z=5, G=5, E=1, L=1, C=2), dict(FULL)],
    )
    with pytest.raises(Exception, match="board"):
        b.load(d)
    # 7: guardian null on a non-empty board
    d = raw(
        0,
        [
            "0G .. .. .. .. ..",
            ".. .. .. .. .. ..",
            ".. .. .. .. .. ..",
            ".. .. .. .. .. ..",
            ".. .. .. .. .. ..",
        ],
        None,
        None,
        [hand(Z=5, G=5, E=1, L=1, C=2), dict(FULL)],
    )
    with pytest.raises(Exception, match="guardian"):
        b.load(d)
    # 9: the guardian's line is full (example 7 with the guardian on column a, which is full)
    d = copy.deepcopy(EX7)
    d["guardian"] = 0
    with pytest.raises(Exception, match="guardian"):
        b.load(d)
    # 9: the player to move holds no token (example 7 with player 1 to move)
    d = copy.deepcopy(EX7)
    d["to_move"] = 1
    with pytest.raises(Exception, match="to_move"):
        b.load(d)
    # 9: empty board after the opening must have player 1 to move
    d = raw(0, EMPTY_ROWS, 5, None, [dict(FULL), dict(FULL)])
    with pytest.raises(Exception, match="to_move"):
        b.load(d)
    # 6: a full territory with the Inauguration unclaimed (example 8 claims it)
    d = copy.deepcopy(EX8)
    d["inauguration"] = None
    with pytest.raises(Exception, match="inauguration"):
        b.load(d)


# ---------------------------------------------------------------- §8 perft table


@pytest.mark.parametrize(
    "which, rules, counts",
    [
        ("start", {"croc_chain": True}, [22, 1800, 146058]),
        ("start", {"croc_chain": False}, [22, 1800, 146058]),
        ("ex3", {"croc_chain": True}, [45, 4005, 232569]),
        ("ex3", {"croc_chain": False}, [42, 3696, 207927]),
    ],
)
def test_perft_table(backend, which, rules, counts):
    b = backend(GAME)
    pos = b.new(rules) if which == "start" else b.load(with_rules(EX3, **rules))
    for depth, n in enumerate(counts, start=1):
        assert b.perft(pos, depth) == n
    assert b.perft(pos, 0) == 1


# ---------------------------------------------------------------- Example 1: the opening


def test_example1_opening(backend):
    b = backend(GAME)
    p = b.new()
    assert b.legal_moves(p) == [f"@{q:02d}" for q in range(22)]
    assert b.apply(p, "@00") == canon(1, EMPTY_ROWS, 0, None, [dict(FULL), dict(FULL)])
    assert p == b.new()  # input untouched


# ---------------------------------------------------------------- Example 2: the first placement


def test_example2_first_placement(backend):
    b = backend(GAME)
    p = b.apply(b.new(), "@00")
    expected = [f"{s}a{r}@0{q}" for s in "CEGLZ" for r in range(1, 6) for q in (1, 2, 3)]
    assert len(expected) == 75
    assert b.legal_moves(p) == expected
    q = b.apply(p, "Ga3@02")
    rows = list(EMPTY_ROWS)
    rows[2] = "1G .. .. .. .. .."
    assert q == canon(0, rows, 2, None, [dict(FULL), hand(Z=5, G=5, E=1, L=1, C=2)])


# ---------------------------------------------------------------- Example 3: crocodile chain

EX3_MOVES = (
    "Ca2@08 Ca2@09 Ca2@10 Cc2@08 Cc2@09 Cc2@10 Cc2xc1@08 Cc2xc1@09 Cc2xc1@10 "
    "Cc2xd2@08 Cc2xd2@09 Cc2xd2@10 Cc2xd2xe2@08 Cc2xd2xe2@09 Cc2xd2xe2@10 "
    "Cf2@08 Cf2@09 Cf2@10 Ea2@08 Ea2@09 Ea2@10 Ec2@08 Ec2@09 Ec2@10 Ef2@08 Ef2@09 "
    "Ef2@10 Ga2@08 Ga2@09 Ga2@10 Gc2@08 Gc2@09 Gc2@10 Gf2@08 Gf2@09 Gf2@10 Za2@08 "
    "Za2@09 Za2@10 Zc2@08 Zc2@09 Zc2@10 Zf2@08 Zf2@09 Zf2@10"
).split()


def test_example3_moves(backend):
    b = backend(GAME)
    p = b.load(EX3)
    assert len(EX3_MOVES) == 45
    assert b.legal_moves(p) == EX3_MOVES


def test_example3_chain_result(backend):
    b = backend(GAME)
    p = b.load(EX3)
    q = b.apply(p, "Cc2xd2xe2@08")
    rows = list(EX3_ROWS)
    rows[0] = ".. .. 1G .. .. .."
    rows[1] = ".. 0L 1g 0G 0C .."
    assert q == canon(1, rows, 8, None, [hand(Z=5, G=5, E=1, L=0, C=1), EX3_HANDS[1]])


def test_example3_hidden_on_arrival(backend):
    b = backend(GAME)
    p = b.load(EX3)
    # a zebra or gazelle on a2 or c2 goes face down next to the lion on b2
    assert b.apply(p, "Za2@08")["board"][1] == "0z 0L .. 1G 0G .."
    assert b.apply(p, "Gc2@09")["board"][1] == ".. 0L 0g 1G 0G .."
    # on f2 it stays face up
    assert b.apply(p, "Gf2@10")["board"][1] == ".. 0L .. 1G 0G 0G"
    # single swap with c1: the gazelle lands on c2 next to the lion
    q = b.apply(p, "Cc2xc1@08")
    assert q["board"][:2] == [".. .. 0C .. .. ..", ".. 0L 1g 1G 0G .."]


def test_example3_no_chain(backend):
    b = backend(GAME)
    p = b.load(with_rules(EX3, croc_chain=False))
    expected = [m for m in EX3_MOVES if not m.startswith("Cc2xd2xe2")]
    assert len(expected) == 42
    assert b.legal_moves(p) == expected
    with pytest.raises(ValueError):
        b.apply(p, "Cc2xd2xe2@08")


# ---------------------------------------------------------------- Example 4: four-territory corner


def test_example4(backend):
    b = backend(GAME)
    p = b.load(EX4)
    assert b.legal_moves(p) == [
        "Cb4@21",
        "Cb4xb5@21",
        "Cb4xb5xc5@21",
        "Cb4xb5xc5xc4@21",
        "Cb4xc4@21",
        "Cb4xc4xc5@21",
        "Cb4xc4xc5xb5@21",
    ]
    q = b.apply(p, "Cb4xc4xc5xb5@21")
    rows = list(EX4_ROWS)
    rows[3] = "1L 0g 0G 1z 0L 1g"
    rows[4] = "0C 0C 1G 1Z 0g 1G"
    assert q == canon(1, rows, 21, 1, [hand(), hand(Z=1)])
    assert b.legal_moves(q) == ["Zf1"]


def test_example4_no_chain(backend):
    b = backend(GAME)
    p = b.load(with_rules(EX4, croc_chain=False))
    assert b.legal_moves(p) == ["Cb4@21", "Cb4xb5@21", "Cb4xc4@21"]


# ---------------------------------------------------------------- Example 5: lion, forced skip


def test_example5(backend):
    b = backend(GAME)
    p = b.load(EX5)
    assert b.legal_moves(p) == ["Gd1@03", "Ld1@02"]

    q = b.apply(p, "Ld1@02")
    rows = list(EX5_ROWS)
    rows[0] = "0G 1G .. 0L 0z 1Z"
    rows[1] = "1G 1Z 1C .. 1G 0Z"
    assert q == canon(1, rows, 2, 1, [hand(G=2), hand(Z=1, G=1)])
    assert b.legal_moves(q) == ["Gc1@03", "Gc1@05", "Zc1@03", "Zc1@05"]
    assert b.apply(q, "Zc1@05")["board"][0] == "0G 1G 1z 0L 0z 1Z"

    r = b.apply(p, "Gd1@03")
    assert r["guardian"] == 3 and r["to_move"] == 1
    assert r["board"][0] == "0G 1G 0G 0G 0Z 1Z"
    assert b.legal_moves(r) == ["Zd5@05"]


# ---------------------------------------------------------------- Example 6: Inauguration timing


def test_example6(backend):
    b = backend(GAME)
    p = b.load(EX6)
    assert b.legal_moves(p) == ["Gf5@12", "Lf5@12", "Zf5@12"]
    for m in ("Gf5@12", "Zf5@12"):
        q = b.apply(p, m)
        assert q["inauguration"] == 0
        assert q["to_move"] == 1 and q["guardian"] == 12
    q = b.apply(p, "Lf5@12")
    rows = list(EX6_ROWS)
    rows[3] = ".. 0Z 0Z 1C .. 0z"
    rows[4] = ".. .. 1G 1G .. 0L"
    assert q == canon(1, rows, 12, None, [hand(Z=2, G=3), hand(Z=3, G=3)])
    # player 1 can complete T6 on e5 (face down next to the lion) and take the Inauguration
    ge5 = [m for m in b.legal_moves(q) if m.startswith("Ge5@")]
    assert ge5
    r = b.apply(q, ge5[0])
    assert r["inauguration"] == 1
    assert r["board"][4] == ".. .. 1G 1G 1g 0L"


# ---------------------------------------------------------------- Example 7: no tokens


def test_example7(backend):
    b = backend(GAME)
    p = b.load(EX7)
    assert b.legal_moves(p) == ["Lb4@10"]
    q = b.apply(p, "Lb4@10")
    rows = list(EX7_ROWS)
    rows[2] = "0Z 0z 0Z 0g 1L 0g"
    rows[3] = ".. 0L 0E 1C 0g 1E"
    rows[4] = "1G .. 1G 0Z 1C 1G"
    assert q == canon(0, rows, 10, 1, [hand(G=2), hand()])
    assert b.to_move(q) == 0
    assert b.legal_moves(q) == ["Gb5@16"]


# ---------------------------------------------------------------- Example 8: last placement

EX8_RESULTS = {
    "Ce4": [-1, 1],
    "Ce4xe3": [-1, 1],
    "Ce4xe3xe2": [-1, 1],
    "Ce4xe3xe2xd2": [-1, 1],
    "Ce4xe5": [-1, 1],
    "Ce4xf4": [1, -1],
}


def test_example8(backend):
    b = backend(GAME)
    p = b.load(EX8)
    assert b.legal_moves(p) == sorted(EX8_RESULTS)
    for m, res in EX8_RESULTS.items():
        q = b.apply(p, m)
        assert b.to_move(q) == "terminal", m
        assert b.legal_moves(q) == []
        assert b.result(q) == res, m
        assert b.perft(q, 1) == 0
    q = b.apply(p, "Ce4xf4")
    rows = list(EX8_ROWS)
    rows[3] = "0Z 1E 1z 0G 1G 0C"
    assert q == canon("terminal", rows, 4, 1, [hand(), hand()])


def test_example8_no_chain(backend):
    b = backend(GAME)
    p = b.load(with_rules(EX8, croc_chain=False))
    assert b.legal_moves(p) == ["Ce4", "Ce4xe3", "Ce4xe5", "Ce4xf4"]


# ---------------------------------------------------------------- §7 spelling


@pytest.mark.parametrize(
    "move", ["@7", "ze3@14", "ZE3@14", "Cc2@8", "Cc2xd2xe2", "Zc2@11", "Gc2 @08", ""]
)
def test_only_canonical_spellings(backend, move):
    b = backend(GAME)
    p = b.load(EX3)
    with pytest.raises(ValueError):
        b.apply(p, move)


def test_opening_spelling(backend):
    b = backend(GAME)
    with pytest.raises(ValueError):
        b.apply(b.new(), "@7")
    assert b.apply(b.new(), "@07")["guardian"] == 7


# ---------------------------------------------------------------- reference-only checks


def test_reference_geometry():
    """§2.2: the territory table gives exactly the 25 listed river crossings."""
    from reference import zebras as z

    listed = (
        "a1–b1, b1–c1, c1–c2, e1–e2, f1–f2, a2–b2, b2–b3, c2–d2, d2–e2, e2–e3, a3–a4, "
        "b3–c3, c3–d3, d3–d4, e3–e4, e3–f3, f3–f4, a4–b4, b4–b5, b4–c4, c4–c5, d4–d5, "
        "e4–e5, e4–f4, b5–c5"
    ).split(", ")
    listed = {frozenset(pair.split("–")) for pair in listed}
    assert len(listed) == 25
    assert {frozenset((z.NAME[i], z.NAME[j])) for i, j in z.RIVERS} == listed
    assert sorted(len(c) for c in z.TERRITORY_CELLS.values()) == [3, 3, 5, 5, 7, 7]


def test_reference_scores_example8():
    """§8 example 8: the score pairs of every final move."""
    from reference import zebras as z

    p = z.load(EX8)
    scores = {
        "Ce4": [37, 46],
        "Ce4xe3": [35, 48],
        "Ce4xe3xe2": [32, 51],
        "Ce4xe3xe2xd2": [34, 49],
        "Ce4xe5": [37, 46],
        "Ce4xf4": [46, 37],
    }
    for m, s in scores.items():
        assert z.scores(z.apply(p, m)) == s, m


# ---------------------------------------------------------------- [decision]s the examples do not reach

DEC_ROWS = [
    ".. .. .. .. .. ..",
    ".. 1L 0g .. .. ..",
    ".. .. .. .. .. ..",
    ".. .. .. .. .. ..",
    ".. .. .. .. .. ..",
]
DEC = raw(0, DEC_ROWS, 2, None, [hand(Z=5, G=5, E=1, L=1, C=2), hand(Z=5, G=6, E=1, L=0, C=2)])


def test_decision_lion_sends_face_down_gazelle_home(backend):
    """§4.3 [decision]: a lion sends adjacent face-down gazelles home too."""
    b = backend(GAME)
    p = b.load(DEC)
    q = b.apply(p, "Lc3@03")
    rows = list(DEC_ROWS)
    rows[1] = ".. 1L .. .. .. .."
    rows[2] = ".. .. 0L .. .. .."
    assert q == canon(1, rows, 3, None, [hand(Z=5, G=6, E=1, L=0, C=2), DEC["hands"][1]])


def test_decision_crocodile_swaps_face_down_gazelle(backend):
    """§4.4 [decision]: a face-down gazelle can be swapped, and stays face down."""
    b = backend(GAME)
    p = b.load(DEC)
    moves = b.legal_moves(p)
    assert [m for m in moves if m.startswith("Cc1")] == [
        "Cc1@03",
        "Cc1@04",
        "Cc1@05",
        "Cc1xc2@03",
        "Cc1xc2@04",
        "Cc1xc2@05",
    ]
    q = b.apply(p, "Cc1xc2@03")
    rows = list(DEC_ROWS)
    rows[0] = ".. .. 0g .. .. .."
    rows[1] = ".. 1L 0C .. .. .."
    assert q == canon(1, rows, 3, None, [hand(Z=5, G=5, E=1, L=1, C=1), DEC["hands"][1]])
