"""The engine on exact positions (issue 19, point 1).

tests/data/exact_*.json hold decision positions near the end of a game with
every move's value computed over the reference rules (tests/reference/,
independent of the C core), and the best move, unique by a margin
(tests/make_exact_positions.py writes them and says how): the arena by full
expectimax to the terminal positions, the ostrich race by value iteration
over its whole cyclic graph (tests/exact_solver.py). Here the default search
(expectimax, default sampling, seeded, a depth limit so that the report is
deterministic) must find that best move; in the arena, where its depth
reaches every terminal position of the tree, every move's value must be the
exact one within ``TOLERANCE``; in the race, whose graph no depth exhausts,
the value of the best move must be within ``OSTRICH_TOLERANCE`` of the exact
one at ``OSTRICH_DEPTH`` (the horizon's evaluation is the error left).

The default suite takes every ``SUBSET``-th position; the slow variant takes
them all (the arena at the depth that reaches the end and 4 plies beyond, the
race at ``OSTRICH_DEPTH`` and 2 plies deeper).
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

import safari_ai

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
TOLERANCE = 1e-9  # win probabilities (arena); the values are exact fractions
SUBSET = 3  # the default suite checks every third position
SEED = 1
OSTRICH_DEPTH = 5  # plies; 0.01-1.3 s a position. At depth 4 five re-roll choices are missed
# points: over the 30 positions the best move's value at OSTRICH_DEPTH was at most
# 0.23 from the exact one (0.13 at depth 7; the evaluation at the horizon); a value
# further off than this means the search or the evaluation has changed
OSTRICH_TOLERANCE = 0.3
MARGIN = {"arena": 0.005, "ostrich": 0.05}


def entries(game: str) -> list[dict[str, Any]]:
    path = os.path.join(DATA, f"exact_{game}.json")
    with open(path) as f:
        return json.load(f)["positions"]


def cases(game: str, subset: bool) -> list[Any]:
    found = entries(game)
    chosen = found[::SUBSET] if subset else found
    return [pytest.param(entry, id=entry["name"]) for entry in chosen]


def check(entry: dict[str, Any], extra: int) -> None:
    pos = safari_ai.Position.from_json(entry["position"])
    moves = sorted(pos.legal_moves())
    assert moves == sorted(entry["values"]), "the engine's moves differ from the reference's"
    depth = entry["plies"] + extra
    report = safari_ai.analyse(pos, depth=depth, seed=SEED, multipv=min(16, len(moves)))
    assert report.best_move in entry["best"], (entry["name"], report.best_move, entry["best"])
    if len(moves) <= 16:
        values = {line.move: line.expected for line in report.lines}
        assert sorted(values) == moves
        for move, want in entry["values"].items():
            assert values[move] == pytest.approx(want, abs=TOLERANCE), (entry["name"], move)
    else:
        line = report.lines[0]
        assert line.expected == pytest.approx(entry["values"][line.move], abs=TOLERANCE)


@pytest.mark.parametrize("game", ["arena", "ostrich"])
def test_the_data_is_what_the_generator_promises(game: str) -> None:
    """Each entry: a unique best move, ahead by its margin, over every move
    the engine lists; the race's values exact (intervals at most 1e-9 wide)."""
    found = entries(game)
    assert len(found) == 30
    assert len({json.dumps(e["position"], sort_keys=True) for e in found}) == 30
    for entry in found:
        values, mover = entry["values"], entry["mover"]
        best = entry["best"]
        assert len(best) == 1
        top = values[best[0]][mover]
        assert all(
            top - v[mover] >= entry["margin"] - 1e-12 for m, v in values.items() if m != best[0]
        )
        assert entry["margin"] >= MARGIN[game]
        assert entry["position"]["game"] == game
        pos = safari_ai.Position.from_json(entry["position"])
        assert sorted(pos.legal_moves()) == sorted(values)
        assert pos.to_move == mover
        if game == "ostrich":
            assert entry["width"] <= 1e-9
            assert all(0 <= x <= 24 for v in values.values() for x in v)


@pytest.mark.parametrize("entry", cases("arena", subset=True))
def test_arena_exact_positions(entry: dict[str, Any]) -> None:
    check(entry, extra=2)


@pytest.mark.slow
@pytest.mark.parametrize("extra", [2, 6])
@pytest.mark.parametrize("entry", cases("arena", subset=False))
def test_arena_exact_positions_all(entry: dict[str, Any], extra: int) -> None:
    check(entry, extra=extra)


def check_ostrich(entry: dict[str, Any], depth: int) -> None:
    """The exact values are those of the race in which every player maximises
    its own expected points (max-n, tests/exact_solver.py), so the search
    checked against them is max-n; the engine's default, margin, plays for
    another objective (docs/search-expectimax.md, "Value models")."""
    pos = safari_ai.Position.from_json(entry["position"])
    mover = entry["mover"]
    report = safari_ai.analyse(pos, depth=depth, seed=SEED, multiplayer="maxn")
    best = entry["best"][0]
    assert report.best_move == best, (entry["name"], report.best_move, best)
    got = report.lines[0].expected[mover]
    want = entry["values"][best][mover]
    assert got == pytest.approx(want, abs=OSTRICH_TOLERANCE), (entry["name"], got, want)


@pytest.mark.parametrize("entry", cases("ostrich", subset=True))
def test_ostrich_exact_positions(entry: dict[str, Any]) -> None:
    check_ostrich(entry, OSTRICH_DEPTH)


@pytest.mark.slow
@pytest.mark.parametrize("extra", [0, 2])
@pytest.mark.parametrize("entry", cases("ostrich", subset=False))
def test_ostrich_exact_positions_all(entry: dict[str, Any], extra: int) -> None:
    check_ostrich(entry, OSTRICH_DEPTH + extra)


# -- the cycle-aware solver itself, on hand-made graphs ----------------------


def toy_graph(nodes: list[Any]) -> Any:
    """An ``exact_solver.Graph`` from a list of nodes, each ``("T", [scores])``,
    ``("C", is_roll, [(probability, child)])`` or ``("D", mover, [(move,
    child)])``; node 0 is the root."""
    from array import array

    from exact_solver import CHANCE, DECISION, TERMINAL, Graph

    g = Graph.__new__(Graph)
    g.players = 2
    g.kind, g.mover, g.is_roll = array("b"), array("b"), array("b")
    g.start, g.count, g.child, g.prob = array("q"), array("i"), array("i"), array("d")
    g.result, g.moves, g.first, g.ids, g.root = {}, {}, {}, {}, 0
    for n, node in enumerate(nodes):
        g.ids[bytes([n])] = n
        g.start.append(len(g.child))
        if node[0] == "T":
            g.kind.append(TERMINAL), g.mover.append(-1), g.is_roll.append(0)
            g.result[n] = node[1]
            g.count.append(0)
        elif node[0] == "C":
            g.kind.append(CHANCE), g.mover.append(-1), g.is_roll.append(node[1])
            for probability, child in node[2]:
                g.child.append(child), g.prob.append(probability)
            g.count.append(len(node[2]))
        else:
            g.kind.append(DECISION), g.mover.append(node[1]), g.is_roll.append(0)
            g.moves[n] = [m for m, _ in node[2]]
            for _, child in node[2]:
                g.child.append(child), g.prob.append(0.0)
            g.count.append(len(node[2]))
    return g


def test_the_solver_values_a_cyclic_race_exactly() -> None:
    """Player 0 chooses between a roll that ends [4, 1] or passes the turn
    (1/2 each) and a sure [2, 2]; player 1 between a roll that ends [0, 5] or
    passes back and a sure [1, 3]. Both take the roll: V0 = [8/3, 7/3],
    V2 = [4/3, 11/3] (V0 = 1/2 [4, 1] + 1/2 V2, V2 = 1/2 [0, 5] + 1/2 V0)."""
    from exact_solver import Values

    def race(sure0: list[int]) -> Any:
        """The cyclic race, player 0's sure result being ``sure0``."""
        return toy_graph(
            [
                ("D", 0, [("a", 1), ("b", 4)]),
                ("C", True, [(0.5, 5), (0.5, 2)]),
                ("D", 1, [("x", 3), ("y", 6)]),
                ("C", True, [(0.5, 7), (0.5, 0)]),
                ("T", sure0),
                ("T", [4, 1]),
                ("T", [1, 3]),
                ("T", [0, 5]),
            ]
        )

    values = Values(race([2, 2]))
    assert values.solve([0, 2])
    assert values.lo[0] == pytest.approx([8 / 3, 7 / 3], abs=1e-12)
    assert values.hi[2] == pytest.approx([4 / 3, 11 / 3], abs=1e-12)
    # a sure [3, 0] for player 0 beats the roll (8/3); then player 1's roll
    # is worth 1/2 [0, 5] + 1/2 [3, 0] = [1.5, 2.5] and the sure [1, 3] wins
    values = Values(race([3, 0]))
    assert values.solve([0, 2])
    assert values.lo[0] == pytest.approx([3, 0], abs=1e-12)
    assert values.lo[2] == pytest.approx([1, 3], abs=1e-12)
    assert values.lo[3] == pytest.approx([1.5, 2.5], abs=1e-12)


def test_the_solver_breaks_ties_by_the_first_move_and_flags_endless_play() -> None:
    """Equal values for the mover go to the first move (ASCII order), as the
    engine's max-n; a loop nobody has to leave keeps its interval open."""
    from exact_solver import Values

    g = toy_graph([("D", 0, [("a", 1), ("b", 2)]), ("T", [5, 1]), ("T", [5, 9])])
    values = Values(g)
    assert values.solve([0])
    assert list(values.lo[0]) == [5, 1]
    g = toy_graph(
        [
            ("D", 0, [("a", 1), ("b", 2)]),
            ("C", True, [(1.0, 0)]),  # a roll that always comes back
            ("T", [0, 0]),
        ]
    )
    values = Values(g)
    assert not values.solve([0])
    assert values.width([0]) == pytest.approx(24)
