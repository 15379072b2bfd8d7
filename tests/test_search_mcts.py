"""MCTS through ``safari_ai.analyse(..., algo="mcts")`` on turtles positions.

What is checked: the same seed and node limit give the same report (on one
thread and on two); a forced win in one is found and proven by the solver;
on positions small enough for alpha-beta to solve, MCTS proves the same
result and its move keeps it; the report is well formed (lines ordered by the
search, playable PVs, a win probability, the node count equal to the
simulations asked for). The search itself is tested over tiny games in
``csrc/tests/test_mcts.c``.
"""

from __future__ import annotations

import pytest
from playout import pick_move, rng_for
from test_search_alphabeta import TURTLE_TRAP, TURTLE_WINS

import safari_ai

WIN = safari_ai.search.SCORE_WIN
SCORE_WIN_MIN = WIN - 10000  # |score| above: a proven result
pytestmark = pytest.mark.skipif(
    "turtles" not in safari_ai.game_names(), reason="no turtles in the C core yet"
)

# 7.2 of the rule book: player 0 to move wins in one (the same position as
# test_search_alphabeta.py's).
WIN_IN_ONE = {
    "game": "turtles",
    "rules": {},
    "to_move": 0,
    "phase": "play",
    "side": 0,
    "turns": 0,
    "board": {"d3": "0", "a1": "0", "d4": "1", "e6": "1", "g2": "1", "e5": "n"},
    "reserve": [0, 0],
    "pending": [],
    "changing": None,
}


def mcts(pos: safari_ai.Position, nodes: int, seed: int = 1, **options) -> safari_ai.Report:
    return safari_ai.analyse(pos, nodes=nodes, seed=seed, algo="mcts", **options)


def random_position(index: int, plies: int) -> safari_ai.Position:
    """A position `plies` random moves from the start (fewer if the game ends)."""
    rng = rng_for("mcts-positions", index)
    pos = safari_ai.Position.new("turtles")
    for _ in range(plies):
        child = pos.apply(pick_move(rng, pos.legal_moves()))
        if child.is_terminal():
            break
        pos = child
    return pos


def solved_positions(count: int) -> list[tuple[safari_ai.Position, safari_ai.Report]]:
    """Positions a few plies before the end of random games that alpha-beta
    solves at depth 6, other than wins in one."""
    found = []
    for index in range(200):
        rng = rng_for("mcts-endings", index)
        line = [safari_ai.Position.new("turtles")]
        while not line[-1].is_terminal():
            line.append(line[-1].apply(pick_move(rng, line[-1].legal_moves())))
        for pos in line[-8:-2]:
            report = safari_ai.analyse(pos, depth=6)
            if report.lines[0].exact and WIN - abs(report.score) >= 2:
                found.append((pos, report))
                break
        if len(found) == count:
            break
    return found


@pytest.mark.parametrize("threads", [1, 2])
def test_same_seed_same_report(threads: int) -> None:
    pos = random_position(0, 6)
    first = mcts(pos, 3000, seed=11, threads=threads, multipv=3)
    again = mcts(pos, 3000, seed=11, threads=threads, multipv=3)
    assert first.nodes == again.nodes == 3000
    assert (first.lines, first.depth, first.seldepth, first.win_probability) == (
        again.lines,
        again.depth,
        again.seldepth,
        again.win_probability,
    )


def test_forced_win_in_one_is_found_and_proven() -> None:
    pos = safari_ai.Position.from_json(WIN_IN_ONE)
    report = mcts(pos, 5000)
    assert report.algo == "mcts"
    assert report.lines[0].score_text == "win 1" and report.lines[0].exact
    assert pos.apply(report.best_move).is_terminal()
    assert report.win_probability == 1.0
    assert report.nodes < 5000  # the solver ends the search once the root is proven


@pytest.mark.parametrize(("position", "plies"), TURTLE_WINS)
def test_forced_wins_are_proven(position: dict, plies: int) -> None:
    """Wins in 1, 3 and 5 plies (checked against the reference by the
    alpha-beta tests): proven, and the move chosen keeps the win."""
    pos = safari_ai.Position.from_json(position)
    report = mcts(pos, 200_000, seed=5)
    assert report.lines[0].exact and SCORE_WIN_MIN < report.score <= WIN - plies
    child = pos.apply(report.best_move)
    if not child.is_terminal():
        after = safari_ai.analyse(child, depth=plies + 1)
        assert after.lines[0].exact
        assert after.score > 0 if child.to_move == pos.to_move else after.score < 0


def test_an_immediate_loss_is_avoided() -> None:
    pos = safari_ai.Position.from_json(TURTLE_TRAP)
    for seed in (1, 2, 3):
        report = mcts(pos, 20_000, seed=seed, multipv=3)
        assert report.best_move != "d1xd3/1"
        assert not (report.lines[0].exact and report.score < 0)


def test_agrees_with_alphabeta_on_solved_positions() -> None:
    cases = solved_positions(12)
    assert len(cases) == 12
    for pos, ab in cases:
        report = mcts(pos, 100_000, seed=3)
        text = pos.to_json_text()
        assert report.lines[0].exact, text  # the solver proves it as well
        if ab.score < 0:
            assert report.score < 0, text  # lost whatever the move
            continue
        # A win, perhaps a slower one (the search stops at its first proof of
        # the root), and the move chosen keeps it.
        assert 0 < report.score <= ab.score, text
        child = pos.apply(report.best_move)
        if not child.is_terminal():
            plies = 1_000_000 - report.score  # SA_SCORE_WIN - plies to the win
            after = safari_ai.analyse(child, depth=max(8, plies))
            keeps = after.score > 0 if child.to_move == pos.to_move else after.score < 0
            assert keeps and after.lines[0].exact, text


def test_report_is_well_formed() -> None:
    pos = random_position(1, 4)
    report = mcts(pos, 4000, multipv=4)
    moves = [line.move for line in report.lines]
    assert len(moves) == min(4, len(pos.legal_moves())) == len(set(moves))
    assert report.nodes == 4000 and report.depth >= 1 and report.seldepth >= report.depth
    assert 0.0 <= report.win_probability <= 1.0
    for line in report.lines:
        assert all(abs(line.score) <= 1000 for line in report.lines if not line.exact)
        child = pos
        for move in line.pv:
            child = child.apply(move)


def test_stop_flag_and_movetime_end_the_search() -> None:
    pos = safari_ai.Position.new("turtles")
    report = safari_ai.analyse(pos, movetime=50, algo="mcts")
    assert report.best_move in pos.legal_moves() and report.seconds < 1.0
    assert report.nodes > 0
    flag = safari_ai.StopFlag()
    flag.set()
    report = safari_ai.analyse(pos, nodes=10**9, stop=flag, algo="mcts")
    assert report.best_move in pos.legal_moves() and report.nodes == 0


def test_progress_is_reported() -> None:
    seen = []
    mcts(safari_ai.Position.new("turtles"), 140_000, progress=seen.append)
    assert [r.nodes for r in seen] == [65536, 131072]
    assert all(r.algo == "mcts" and r.lines for r in seen)


@pytest.mark.parametrize("threads", [1, 2])
def test_the_report_says_how_many_threads_searched(threads: int) -> None:
    """The C report carries the thread count (it was left 0 by MCTS, and the
    Python layer patched it into the session's report only); the one
    conversion (``_core.report_from_c``) gives it to every report alike."""
    pos = safari_ai.Position.new("turtles")
    partial: list[safari_ai.Report] = []
    report = mcts(pos, 70000 * threads, threads=threads, progress=partial.append)  # one per 65536
    assert report.threads == threads
    assert partial and all(r.threads == threads for r in partial)
    session = safari_ai.MctsSession()
    assert session.search(pos, nodes=500, seed=1, threads=threads).threads == threads
