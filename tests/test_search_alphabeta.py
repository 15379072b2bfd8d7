"""Alpha-beta against plain minimax, forced wins, and reproducibility.

The minimax here is the textbook one, written over the public Position API
with the engine's own leaf evaluation, so alpha-beta (with and without its
table, with its move ordering and iterative deepening) must return exactly
its value.
"""

from __future__ import annotations

import pytest
from playout import pick_move, rng_for

import safari_ai

WIN = safari_ai.search.SCORE_WIN
GAMES = [g for g in ("turtles", "zebras") if g in safari_ai.game_names()]
pytestmark = pytest.mark.skipif(not GAMES, reason="no deterministic game in the C core yet")


def minimax(pos: safari_ai.Position, depth: int, ply: int = 0) -> int:
    """Value of a decision position for its player to move, ``depth`` plies deep."""
    me = pos.to_move
    assert isinstance(me, int)
    if depth == 0:
        return max(-(WIN - 10001), min(WIN - 10001, pos.evaluate(me)))
    best = -(WIN + 1)
    for move in pos.legal_moves():
        child = pos.apply(move)
        if child.is_terminal():
            result = child.result()[me]
            value = (WIN - ply - 1) if result > 0 else -(WIN - ply - 1) if result < 0 else 0
        elif child.to_move == me:
            value = minimax(child, depth - 1, ply + 1)
        else:
            value = -minimax(child, depth - 1, ply + 1)
        best = max(best, value)
    return best


def random_positions(game: str, count: int, rules: dict | None = None) -> list[safari_ai.Position]:
    found = []
    for i in range(count * 3):
        rng = rng_for("ab-positions", game, i)
        pos = safari_ai.Position.new(game, rules)
        for _ in range(rng.randrange(2, 24)):
            if pos.is_terminal():
                break
            pos = pos.apply(pick_move(rng, pos.legal_moves()))
        if not pos.is_terminal():
            found.append(pos)
        if len(found) == count:
            break
    return found


MINIMAX_POSITIONS = 12
"""Random positions per game checked against minimax; the default suite takes
the first DEFAULT_MINIMAX_POSITIONS (the Python minimax at depth 3 is slow in
zebras), the thorough checks the others."""
DEFAULT_MINIMAX_POSITIONS = 3


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("table", [True, False])
@pytest.mark.parametrize(
    "index",
    [
        pytest.param(i, marks=[pytest.mark.slow] if i >= DEFAULT_MINIMAX_POSITIONS else [])
        for i in range(MINIMAX_POSITIONS)
    ],
)
def test_alphabeta_equals_minimax(game: str, table: bool, index: int) -> None:
    positions = random_positions(game, MINIMAX_POSITIONS)
    for pos in positions[index : index + 1]:
        for depth in (1, 2, 3):
            report = safari_ai.analyse(pos, depth=depth, table=table)
            assert report.score == minimax(pos, depth), (pos.to_json_text(), depth)
            assert report.best_move in pos.legal_moves()


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_report(game: str) -> None:
    pos = random_positions(game, 1)[0]
    first = safari_ai.analyse(pos, depth=5, seed=7)
    again = safari_ai.analyse(pos, depth=5, seed=7)
    assert (first.best_move, first.score, first.pv, first.nodes) == (
        again.best_move,
        again.score,
        again.pv,
        again.nodes,
    )


@pytest.mark.parametrize("game", GAMES)
def test_multipv_lines_are_distinct_and_ordered(game: str) -> None:
    pos = random_positions(game, 1)[0]
    report = safari_ai.analyse(pos, depth=3, multipv=3)
    moves = [line.move for line in report.lines]
    assert len(moves) == min(3, len(pos.legal_moves())) == len(set(moves))
    scores = [line.score for line in report.lines]
    assert scores == sorted(scores, reverse=True)
    for line in report.lines:  # each line's score is that move's minimax value
        child = pos.apply(line.move)
        assert line.pv[0] == line.move
        if not child.is_terminal() and child.to_move != pos.to_move:
            assert line.score == -minimax(child, 2, 1)


def test_the_pv_is_playable() -> None:
    pos = random_positions(GAMES[0], 1)[0]
    report = safari_ai.analyse(pos, depth=6)
    for move in report.pv:
        pos = pos.apply(move)


def test_search_refuses_terminal_positions() -> None:
    rng = rng_for("terminal-search")
    pos = safari_ai.Position.new(GAMES[0])
    while not pos.is_terminal():
        pos = pos.apply(pick_move(rng, pos.legal_moves()))
    with pytest.raises(safari_ai.SearchError, match="over"):
        safari_ai.analyse(pos, depth=2)


def test_bad_limits_are_refused() -> None:
    pos = safari_ai.Position.new(GAMES[0])
    with pytest.raises(safari_ai.SearchError, match="multipv"):
        safari_ai.analyse(pos, depth=2, multipv=99)
    with pytest.raises(safari_ai.SearchError, match="depth"):
        safari_ai.analyse(pos, depth=-1)
    # checked by the settings table, which names the setting and its choices
    with pytest.raises(safari_ai.SearchError, match='algo must be one of auto, .*got "magic"'):
        safari_ai.analyse(pos, depth=1, algo="magic")


def test_stop_flag_and_movetime_end_the_search() -> None:
    pos = safari_ai.Position.new(GAMES[0])
    report = safari_ai.analyse(pos, movetime=50)
    assert report.best_move in pos.legal_moves() and report.seconds < 1.0
    flag = safari_ai.StopFlag()
    flag.set()
    report = safari_ai.analyse(pos, depth=60, stop=flag)
    assert report.best_move in pos.legal_moves()


def _turtles(board: dict[str, str], to_move: int, turns: int) -> dict:
    return {
        "game": "turtles",
        "rules": {},
        "to_move": to_move,
        "phase": "play",
        "side": to_move,
        "turns": turns,
        "board": board,
        "reserve": [0, 0],
        "pending": [],
        "changing": None,
    }


# (position, plies to the forced win), found by random play and checked below
# against a solver written over the reference rules.
TURTLE_WINS = [
    (_turtles({"d3": "0", "a1": "0", "d4": "1", "e6": "1", "g2": "1", "e5": "n"}, 0, 0), 1),
    (
        _turtles(
            {
                "a4": "1",
                "b1": "0",
                "b3": "n",
                "b4": "1",
                "c2": "n",
                "c5": "1",
                "c6": "1",
                "d1": "0",
                "d2": "n",
                "e2": "0",
                "e3": "0",
                "e6": "1",
                "f2": "0",
                "f3": "0",
                "f4": "1",
                "f5": "1",
            },
            0,
            12,
        ),
        3,
    ),
    (
        _turtles(
            {
                "a3": "0",
                "a4": "1",
                "b3": "0",
                "b4": "1",
                "c2": "1",
                "c5": "1",
                "d1": "0",
                "d2": "n",
                "d3": "0",
                "d6": "1",
                "e3": "0",
                "e6": "1",
                "f2": "0",
                "f3": "0",
                "f4": "1",
                "f5": "1",
            },
            1,
            15,
        ),
        5,
    ),
]
# Player 0 to move; d1xd3/1 lets player 1 win at once, the other moves do not.
TURTLE_TRAP = _turtles(
    {
        "a4": "1",
        "b1": "0",
        "b3": "n",
        "b5": "1",
        "c2": "n",
        "c5": "1",
        "d1": "0",
        "d2": "n",
        "d7": "1",
        "e1": "0",
        "e2": "0",
        "e6": "1",
        "f1": "0",
        "f2": "0",
        "f4": "1",
        "f5": "1",
    },
    0,
    8,
)


def forced_win(ref, pos: dict, plies: int, winner: int) -> bool:
    """Can ``winner`` force a win within ``plies`` plies? (reference rules only)"""
    who = ref.to_move(pos)
    if who == "terminal":
        return ref.result(pos)[winner] > 0
    if plies == 0:
        return False
    children = (forced_win(ref, ref.apply(pos, m), plies - 1, winner) for m in ref.legal_moves(pos))
    return any(children) if who == winner else all(children)


@pytest.mark.skipif("turtles" not in safari_ai.game_names(), reason="no turtles in the C core")
@pytest.mark.parametrize(("position", "plies"), TURTLE_WINS)
def test_forced_wins_are_found(position: dict, plies: int) -> None:
    from reference import turtles as ref

    pos = safari_ai.Position.from_json(position)
    report = safari_ai.analyse(pos, depth=plies + 2)
    assert report.lines[0].score_text == f"win {plies}"
    assert len(report.pv) == plies
    mover = pos.to_move
    line = pos
    for move in report.pv:
        line = line.apply(move)
    assert line.is_terminal() and line.result()[mover] == 1
    ref_pos = ref.load(position)
    assert forced_win(ref, ref_pos, plies, mover)
    assert plies < 3 or not forced_win(ref, ref_pos, plies - 2, mover)


@pytest.mark.skipif("turtles" not in safari_ai.game_names(), reason="no turtles in the C core")
def test_an_immediate_loss_is_avoided() -> None:
    pos = safari_ai.Position.from_json(TURTLE_TRAP)
    losing = pos.apply("d1xd3/1")
    assert safari_ai.analyse(losing, depth=1).lines[0].score_text == "win 1"
    for depth in (2, 3, 4):
        report = safari_ai.analyse(pos, depth=depth)
        assert report.best_move != "d1xd3/1"
        assert not report.lines[0].score_text.startswith("loss")
