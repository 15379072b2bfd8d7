"""One engine player (safari_ai.player.EnginePlayer) behind play, match and
the protocol: each keeps its MCTS tree in step with the game, every ply
observed (the engine's moves, the other players' and the dice), so that at
every search after the first the tree's root is the position searched."""

from __future__ import annotations

import random
from typing import Any

import pytest

import safari_ai.match as match
from safari_ai.errors import SafariError
from safari_ai.limits import Limits
from safari_ai.match import MatchJob, parse_spec, play_game
from safari_ai.play import PlaySession
from safari_ai.player import EnginePlayer
from safari_ai.position import Position
from safari_ai.protocol import Engine
from safari_ai.search import MctsSession
from safari_ai.settings import Settings

GAME = "arena"  # dice, no secret tiles: the tree follows the chance outcomes too
NODES = 200


class SpyTree(MctsSession):
    """An MctsSession that logs, at each search, whether the position searched
    is the tree's root (None: no tree yet), and the plies it was told."""

    def __init__(self, log: list[Any]) -> None:
        super().__init__()
        self.log = log

    def search(self, pos: Position, *args: Any, **kwargs: Any) -> Any:
        root = self.root
        self.log.append(("search", None if root is None else root == pos))
        return super().search(pos, *args, **kwargs)

    def advance(self, *moves: str) -> int:
        self.log.append(("advance", moves))
        return super().advance(*moves)


def in_step(log: list[Any]) -> list[Any]:
    """The searches' verdicts: the first without a tree, then all in step."""
    return [entry[1] for entry in log if entry[0] == "search"]


def assert_in_step(log: list[Any]) -> None:
    verdicts = in_step(log)
    assert len(verdicts) >= 3, log
    assert verdicts[0] is None and all(v is True for v in verdicts[1:]), verdicts


def chance(pos: Position, rng: random.Random) -> str:
    outcomes = pos.chance_outcomes()
    return rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]


def test_play_keeps_its_tree_in_step_dice_included() -> None:
    log: list[Any] = []
    moves = iter(range(6))

    def read_line() -> str:
        return session.pos.legal_moves()[0] + "\n" if next(moves, None) is not None else ""

    session = PlaySession(
        Position.new(GAME),
        human={0},
        read_line=read_line,
        write=lambda text: None,
        seed=3,
        limits={"nodes": NODES},
        algo="mcts",
        new_tree=lambda: SpyTree(log),
    )
    session.run()
    assert any(m["by"] == "chance" for m in session.record.moves)
    assert_in_step(log)


def test_match_keeps_its_tree_in_step_dice_included(monkeypatch: pytest.MonkeyPatch) -> None:
    log: list[Any] = []
    make = match.make_player
    monkeypatch.setattr(
        match,
        "make_player",
        lambda spec: (
            match._EnginePlayer(spec, new_tree=lambda: SpyTree(log))
            if spec.algo == "mcts"
            else make(spec)
        ),
    )
    spec = parse_spec(f"algo=mcts,nodes={NODES}")
    job = MatchJob(
        GAME,
        {},
        spec,
        parse_spec("algo=random"),
        pair=0,
        colour=0,
        seed=1,
        opening_plies=0,
        max_plies=16,
    )
    outcome = play_game(job)
    assert any(m["by"] == "chance" for m in outcome.record["moves"])
    assert_in_step(log)


def test_protocol_keeps_its_tree_in_step_dice_included() -> None:
    log: list[Any] = []
    engine = Engine(new_tree=lambda: SpyTree(log))
    try:
        engine.feed("setoption name Algorithm value mcts")
        engine.feed("setoption name Seed value 4")
        rng = random.Random(2)
        pos, played, rolls = Position.new(GAME), [], 0
        while len(played) < 16 and not pos.is_terminal():
            if pos.is_chance():
                move = chance(pos, rng)
                rolls += 1
            else:
                engine.feed(f"position startpos {GAME} moves {' '.join(played)}".rstrip())
                move = engine.feed(f"go nodes {NODES}")[-1].split()[1]
            played.append(move)
            pos = pos.apply(move)
        assert rolls > 0
    finally:
        engine.close()
    assert_in_step(log)


def test_players_told_the_same_plies_hold_the_same_tree() -> None:
    """Players told the same plies, dice included, and searching with the same
    seeds make the same reports and hold the same tree (root and visits):
    with one class behind play, match and the protocol, their trees can only
    differ by what they are told, which the tests above check."""
    rng = random.Random(9)
    players = [EnginePlayer("mcts", keep_tree=True) for _ in range(3)]
    pos = Position.new(GAME)
    for _ in range(12):
        if pos.is_terminal():
            break
        if pos.is_chance():
            move = chance(pos, rng)
        else:
            seed = rng.randrange(2**32)
            reports = [p.choose(pos, nodes=NODES, seed=seed) for p in players]
            assert len({(r.best_move, r.reused, r.nodes) for r in reports}) == 1
            move = reports[0].best_move
        for p in players:
            p.observe([move])
        pos = pos.apply(move)
    assert len({(p.session.root, p.session.visits) for p in players}) == 1


def test_a_stand_in_search_is_injected_not_detected() -> None:
    """A frontend given a stand-in search and no tree uses them as given."""
    calls: list[str] = []

    def stand_in(pos: Position, settings: Settings, **kwargs: Any) -> Any:
        assert settings.limits == Limits(nodes=10)
        calls.append(settings.algo)
        raise SafariError("stand-in")

    player = EnginePlayer("mcts", keep_tree=True, search=stand_in, new_tree=None)
    assert player.session is None
    with pytest.raises(SafariError):
        player.choose(Position.new("turtles"), nodes=10)
    assert calls == ["mcts"]
