"""zebras: positions off the path of play, C against the reference.

Valid positions from seeded random games get one to three random edits (a token, a
hand count, ``to_move``, ``guardian``, ``inauguration``). The C engine and the
reference (tests/reference/zebras.py) must accept exactly the same edited positions
(§6), and agree on the legal moves and every successor of those they accept.
"""

from __future__ import annotations

import copy
import random

import pytest

from safari_ai import Position, PositionError

TOKENS = [".."] + [owner + letter for owner in "01" for letter in "ZGELCzg"]


@pytest.fixture(scope="module")
def ref():
    from reference import zebras

    return zebras


def pool(games: int) -> list[dict]:
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        p = Position.new("zebras", {"croc_chain": seed % 2 == 0})
        while p.to_move != "terminal":
            out.append(p.to_json())
            p = p.apply(rng.choice(p.legal_moves()))
        out.append(p.to_json())
    return out


def mutate(d: dict, rng: random.Random) -> None:
    for _ in range(rng.randint(1, 3)):
        w = rng.random()
        if w < 0.45:
            r, c = rng.randrange(5), rng.randrange(6)
            row = d["board"][r].split(" ")
            row[c] = rng.choice(TOKENS)
            d["board"][r] = " ".join(row)
        elif w < 0.7:
            p, s = rng.randrange(2), rng.choice("ZGELC")
            d["hands"][p][s] = max(0, d["hands"][p][s] + rng.choice([-1, 1]))
        elif w < 0.8:
            d["to_move"] = rng.choice([0, 1, "terminal"])
        elif w < 0.9:
            d["guardian"] = rng.choice([None, *range(22)])
        else:
            d["inauguration"] = rng.choice([None, 0, 1])


def test_mutated_positions_agree(ref):
    rng = random.Random(2026)
    positions = pool(60)
    accepted = 0
    for _ in range(6000):
        d = copy.deepcopy(rng.choice(positions))
        mutate(d, rng)
        try:
            c = Position.from_json(d)
        except PositionError:
            c = None
        try:
            r = ref.load(d)
        except ValueError:
            r = None
        assert (c is None) == (r is None), d
        if c is None:
            continue
        accepted += 1
        assert c.to_json() == r
        moves = c.legal_moves()
        assert moves == ref.legal_moves(r), d
        for m in moves[:12]:
            assert c.apply(m).to_json() == ref.apply(r, m), (d, m)
    assert accepted > 500
