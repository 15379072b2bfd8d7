"""Tree reuse: ``safari_ai.MctsSession`` and its users (the protocol engine,
``safari-ai match``'s MCTS players, ``safari-ai play``).

What is checked: advancing keeps exactly the played move's subtree (the new
root's visits are that child's visits before); the next search reports them
as ``reused``; the same calls with the same seed give the same report; a
position that is not the tree's root, or another leaf evaluator, starts a
fresh tree; bad moves are refused by name with a typed error and leave the
tree alone; dice games advance through chance outcomes; ``analyse`` stays
stateless. Behaviour only, no timings. The C side is in
``csrc/tests/test_mcts_session.c``.
"""

from __future__ import annotations

import random
import threading
import time

import pytest

import safari_ai
from safari_ai import EvalWeights, IllegalMoveError, MctsSession, Position, SearchError
from safari_ai.match import MatchJob, _EnginePlayer, parse_spec, play_game
from safari_ai.play import PlaySession
from safari_ai.protocol import Engine

START = "position startpos turtles"


def most_visited(session: MctsSession, pos: Position) -> str:
    return max(pos.legal_moves(), key=lambda m: (session.child_visits(m), m))


def test_advance_keeps_exactly_the_played_subtree() -> None:
    session = MctsSession()
    pos = Position.new("turtles")
    assert session.root is None and session.visits == 0 and session.nodes == 0
    report = session.search(pos, nodes=3000, seed=1)
    assert report.reused == 0 and report.nodes == 3000 and session.visits == 3000
    assert session.root == pos
    nodes_before = session.nodes
    child = session.child_visits(report.best_move)
    assert child > 0
    assert session.advance(report.best_move) == child == session.visits
    assert session.nodes < nodes_before
    pos = pos.apply(report.best_move)
    assert session.root == pos
    reply = most_visited(session, pos)
    grandchild = session.child_visits(reply)
    assert session.advance(reply) == grandchild > 0
    pos = pos.apply(reply)
    again = session.search(pos, nodes=3000, seed=1)
    assert again.reused == grandchild and again.nodes == 3000
    assert session.visits == grandchild + 3000
    assert again.to_json()["reused"] == grandchild
    assert again.best_move in pos.legal_moves()


def run_line(seed: int, threads: int = 1) -> safari_ai.Report:
    session = MctsSession()
    pos = Position.new("turtles")
    first = session.search(pos, nodes=2000, seed=seed, threads=threads)
    moves = [first.best_move]
    pos = pos.apply(first.best_move)
    session.advance(first.best_move)
    moves.append(most_visited(session, pos))
    session.advance(moves[-1])
    return session.search(pos.apply(moves[-1]), nodes=2000, seed=seed, multipv=3, threads=threads)


@pytest.mark.parametrize("threads", [1, 2])
def test_search_after_advance_is_deterministic(threads: int) -> None:
    a, b = run_line(5, threads), run_line(5, threads)
    assert a.reused > 0 and a.nodes == 2000
    assert (a.lines, a.depth, a.seldepth, a.win_probability, a.reused, a.nodes) == (
        b.lines,
        b.depth,
        b.seldepth,
        b.win_probability,
        b.reused,
        b.nodes,
    )


def test_unrelated_or_untold_positions_start_afresh() -> None:
    session = MctsSession()
    pos = Position.new("turtles")
    session.search(pos, nodes=1000, seed=2)
    # a child the session was not told about: not its root, so a fresh tree
    child = pos.apply(most_visited(session, pos))
    report = session.search(child, nodes=1000, seed=2)
    assert report.reused == 0 and session.visits == 1000 and session.root == child
    # another game
    zebras = Position.new("zebras")
    assert session.search(zebras, nodes=500, seed=2).reused == 0
    assert session.root == zebras
    # the same position again keeps the tree; another leaf evaluator does not
    assert session.search(zebras, nodes=500, seed=2).reused == 500
    assert session.search(zebras, nodes=500, seed=2, leaf="rollout").reused == 0
    session.clear()
    assert session.root is None and session.advance("anything") == 0  # nothing to keep
    assert session.search(zebras, nodes=500, seed=2).reused == 0


def test_analyse_stays_stateless() -> None:
    pos = Position.new("turtles")
    a = safari_ai.analyse(pos, nodes=1000, seed=3, algo="mcts")
    b = safari_ai.analyse(pos, nodes=1000, seed=3, algo="mcts")
    assert a.reused == b.reused == 0 and a.lines == b.lines
    # a fresh session's first search is analyse's search
    c = MctsSession().search(pos, nodes=1000, seed=3)
    assert c.lines == a.lines and c.nodes == a.nodes and c.reused == 0


def test_bad_moves_give_a_typed_error_naming_the_move() -> None:
    session = MctsSession()
    pos = Position.new("turtles")
    session.search(pos, nodes=500, seed=4)
    visits, nodes = session.visits, session.nodes
    good = pos.legal_moves()[0]
    for bad in ("z9-z10", "", "d1xd3 d7xd5", "é", "a\0b"):
        with pytest.raises(IllegalMoveError) as caught:
            session.advance(bad)
        assert caught.value.move == bad
    with pytest.raises(IllegalMoveError, match="z9-z10"):
        session.advance(good, "z9-z10")  # checked before any is played
    with pytest.raises(IllegalMoveError):
        session.advance(3)  # type: ignore[arg-type]
    assert session.visits == visits and session.nodes == nodes and session.root == pos
    with pytest.raises(SearchError, match="chance"):
        session.search(Position.new("arena"), nodes=10)
    with pytest.raises(SearchError):
        session.search(pos, nodes=-1)
    assert session.visits == visits


def test_one_call_at_a_time() -> None:
    session = MctsSession()
    stop = safari_ai.StopFlag()
    pos = Position.new("turtles")
    worker = threading.Thread(target=lambda: session.search(pos, movetime=60000, stop=stop))
    worker.start()
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                session.advance("d1xd3")
            except SearchError as error:
                assert "in use" in str(error)
                break
            assert time.monotonic() < deadline
            time.sleep(0.01)
        with pytest.raises(SearchError, match="in use"):
            session.search(pos, nodes=10)
    finally:
        stop.set()
        worker.join()
    assert session.root == pos  # usable again once it returned
    assert session.search(pos, nodes=10).nodes == 10


def play_with_session(
    game: str, rules: dict | None, decisions: int, leaf: str, weights: EvalWeights | None = None
) -> list[int]:
    """Plays decisions by the session's best move and seeded dice, advancing
    through every ply; returns each search's reused count."""
    session = MctsSession()
    rng = random.Random(game)
    pos = Position.new(game, rules)
    if weights is not None:
        pos = pos.with_weights(weights)
    reused = []
    while not pos.is_terminal() and len(reused) < decisions:
        if pos.is_chance():
            outcomes = pos.chance_outcomes()
            move = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            held = session.visits
            report = session.search(pos, nodes=300, seed=len(reused), leaf=leaf)
            assert report.reused == held
            reused.append(report.reused)
            move = report.best_move
        session.advance(move)
        pos = pos.apply(move)
        assert session.root == (pos if reused else None)  # None before the first search
    return reused


@pytest.mark.parametrize(
    "game,rules,leaf", [("arena", None, "rollout"), ("ostrich", {"players": 3}, "evaluate")]
)
def test_dice_games_advance_through_chance_outcomes(
    game: str, rules: dict | None, leaf: str
) -> None:
    if game not in safari_ai.game_names():
        pytest.skip(f"no {game} in the core")
    # Ostrich with the race model alone (no `dice` feature): MCTS then often
    # keeps its dice and acts at once, below an expanded child, so the
    # session has subtrees to reuse. With the dice in hand valued it re-rolls
    # (a re-roll is worth the mean of the best use of each outcome), and 300
    # nodes rarely expand the outcome that comes: every reused count is 0.
    weights = EvalWeights("ostrich", (100, 0, 0), 0.0) if game == "ostrich" else None
    reused = play_with_session(game, rules, 8, leaf, weights)
    assert len(reused) >= 4 and reused[0] == 0 and sum(reused) > 0


# -- the protocol engine -------------------------------------------------------


def reused_of(lines: list[str]) -> list[int]:
    return [int(line.split()[3]) for line in lines if line.startswith("info string reused ")]


def bestmove(lines: list[str]) -> str:
    return [line.split()[1] for line in lines if line.startswith("bestmove ")][0]


@pytest.fixture()
def eng() -> Engine:
    engine = Engine()
    engine.feed("setoption name Algorithm value mcts")
    yield engine
    engine.close()


def test_protocol_reuses_the_tree_when_the_position_extends(eng: Engine) -> None:
    assert any(
        line.startswith("option name TreeReuse type check default true")
        for line in eng.feed("safari")
    )
    eng.feed(f"{START} moves d1xd3")
    first = eng.feed("go nodes 2000")
    assert reused_of(first) == [0]
    reply = bestmove(first)
    eng.feed(f"{START} moves d1xd3 {reply}")
    second = eng.feed("go nodes 2000")
    assert reused_of(second)[0] > 0
    # then our move and theirs: the tree follows again
    ours = bestmove(second)
    pos = Position.new("turtles").apply("d1xd3").apply(reply).apply(ours)
    eng.feed(f"{START} moves d1xd3 {reply} {ours} {pos.legal_moves()[0]}")
    assert len(reused_of(eng.feed("go nodes 500"))) == 1
    # the same position again is searched afresh: the seed gives the same answer
    again = eng.feed("go nodes 500")
    assert reused_of(again) == [0]
    eng.feed(f"{START} moves d1xd3 {reply}")  # an earlier position
    assert reused_of(eng.feed("go nodes 500")) == [0]


def test_protocol_newgame_unrelated_positions_and_the_option(eng: Engine) -> None:
    eng.feed(f"{START} moves d1xd3")
    reply = bestmove(eng.feed("go nodes 1000"))
    eng.feed("newgame")
    eng.feed(f"{START} moves d1xd3 {reply}")
    assert reused_of(eng.feed("go nodes 500")) == [0]
    eng.feed("position startpos zebras")  # unrelated
    assert reused_of(eng.feed("go nodes 500")) == [0]
    # TreeReuse off: no session, the answers of analyse
    eng.feed("setoption name TreeReuse value false")
    eng.feed(f"{START} moves d1xd3")
    off = eng.feed("go nodes 1000")
    assert reused_of(off) == []
    eng.feed(f"{START} moves d1xd3 {reply}")
    assert reused_of(eng.feed("go nodes 500")) == []
    report = safari_ai.analyse(
        Position.new("turtles").apply("d1xd3"), nodes=1000, seed=0, algo="mcts"
    )
    assert bestmove(off) == report.best_move
    # on again: the first search after it builds a fresh tree
    eng.feed("setoption name TreeReuse value true")
    assert reused_of(eng.feed("go nodes 500")) == [0]


def test_protocol_json_positions_and_dice(eng: Engine) -> None:
    if "arena" not in safari_ai.game_names():
        pytest.skip("no arena in the core")
    pos = Position.new("arena").apply("init:0")
    eng.feed(f"position json {pos.to_json_text()}")
    ours = bestmove(eng.feed("go nodes 500"))
    after = pos.apply(ours)
    line = [ours]
    rng = random.Random(1)
    while not after.is_terminal() and (after.is_chance() or after.to_move == pos.to_move):
        move = (
            rng.choice([o for o, _ in after.chance_outcomes()])
            if after.is_chance()
            else after.legal_moves()[0]
        )
        line.append(move)
        after = after.apply(move)
    if after.is_terminal():
        pytest.skip("the game ended")
    eng.feed(f"position json {pos.to_json_text()} moves {' '.join(line)}")
    lines = eng.feed("go nodes 500")
    assert len(reused_of(lines)) == 1 and bestmove(lines) in after.legal_moves()


# -- match and play --------------------------------------------------------------


def test_match_mcts_player_keeps_its_tree() -> None:
    player = _EnginePlayer(parse_spec("algo=mcts,nodes=1500"))
    assert player.session is not None
    rng = random.Random(0)
    pos = Position.new("turtles")
    move, _ = player(pos, rng)
    for ply in (move, None):
        ply = ply or max(pos.legal_moves(), key=player.session.child_visits)
        player.observe(ply)
        pos = pos.apply(ply)
    held = player.session.visits
    assert held > 0
    player(pos, rng)
    assert player.session.visits == held + 1500
    assert _EnginePlayer(parse_spec("algo=mcts,nodes=10,reuse=no")).session is None
    assert parse_spec("algo=mcts,reuse=no").settings()["reuse"] is False
    with pytest.raises(ValueError):
        parse_spec("reuse=maybe")


@pytest.mark.parametrize("game", ["turtles", "arena"])
def test_match_games_with_reusing_mcts_players(game: str) -> None:
    if game not in safari_ai.game_names():
        pytest.skip(f"no {game} in the core")
    a, b = parse_spec("algo=mcts,nodes=200"), parse_spec("algo=mcts,nodes=200,reuse=no")
    outcome = play_game(MatchJob(game, {}, a, b, 0, 0, 9, 2, max_plies=60))
    assert outcome.record["players"][0]["settings"]["reuse"] is True
    assert outcome.record["moves"]


def test_play_session_keeps_the_engines_tree() -> None:
    out: list[str] = []
    play = PlaySession(
        Position.new("turtles"),
        human=set(),
        read_line=lambda: "",
        write=out.append,
        seed=1,
        limits={"nodes": 800},
        algo="mcts",
        show_thinking=False,
    )
    assert play.session is not None
    for _ in range(4):
        assert play.engine_turn()
    reused = [int(line.split(", ")[-1].split()[0]) for line in out if "(engine): plays " in line]
    assert len(reused) == 4 and reused[0] == 0 and all(r > 0 for r in reused[1:])


def test_play_undo_drops_the_tree() -> None:
    out: list[str] = []
    play = PlaySession(
        Position.new("turtles"),
        human={0},
        read_line=lambda: "",
        write=out.append,
        seed=1,
        limits={"nodes": 500},
        algo="mcts",
        show_thinking=False,
    )
    play.push(0, "d1xd3")
    assert play.session is not None and play.session.root is None  # nothing searched yet
    assert play.engine_turn() and play.session.root == play.pos
    assert play.undo() and play.session.root is None
    play.push(0, "d1xd3")
    assert play.engine_turn()
    assert [line for line in out if "(engine): plays " in line][-1].endswith(" 0 reused)")
    # another search function, or a depth alone: no session
    assert (
        PlaySession(
            Position.new("turtles"),
            human=set(),
            read_line=lambda: "",
            write=out.append,
            limits={"depth": 2},
            algo="mcts",
        ).session
        is None
    )
