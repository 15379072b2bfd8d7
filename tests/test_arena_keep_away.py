"""bench/arena_keep_away.py: the keep-away player's geometry and choices."""

from __future__ import annotations

import json
from typing import Any

import bench_script

import safari_ai

keep_away = bench_script.load("arena_keep_away")


def _after(*moves: str) -> Any:
    pos = safari_ai.Position.new("arena")
    for move in moves:
        pos = pos.apply(move)
    return pos


def test_hex_distance_matches_the_documented_neighbours() -> None:
    # docs/games/arena.md: e5 touches d5 f5 d6 e6 e4 f4; I (a5) and II (i5) are 8 apart.
    for neighbour in ("d5", "f5", "d6", "e6", "e4", "f4"):
        assert keep_away.hex_distance("e5", neighbour) == 1
    assert keep_away.hex_distance("e5", "e5") == 0
    assert keep_away.hex_distance("a5", "i5") == 8
    assert keep_away.hex_distance("c5", "g5") == 4


def test_keep_away_takes_a_farthest_step() -> None:
    pos = _after("init:0", "order:01")  # the thraex on a5 acts, the murmillo is on i5
    legal = [str(m) for m in pos.legal_moves()]
    move = keep_away.keep_away_move(pos, legal)
    assert move in legal and not move.startswith("attack")
    state = json.loads(pos.to_json_text())

    def distance(m: str) -> int:
        here = "a5" if m == "end" else m.split(":", 1)[1]
        return keep_away.nearest_enemy(state, 0, here)

    assert (
        distance(move)
        == max(distance(m) for m in legal if m == "end" or m.startswith("move:"))
        == 8
    )


def test_keep_away_leaves_other_choices_to_the_search() -> None:
    pos = _after("init:0")  # the winner of the initiative orders the sides
    assert keep_away.keep_away_move(pos, [str(m) for m in pos.legal_moves()]) is None


def test_the_murmillo_is_behind_at_the_start() -> None:
    # The stand-up odds favour the thraex (4/3/2) over the murmillo (3/4/2).
    pos = _after("init:0", "order:01")
    assert keep_away.fight_chance(pos, 1) < 0.5 < keep_away.fight_chance(pos, 0)


def test_fight_back_leaves_a_possible_strike_to_the_search() -> None:
    # docs/games/arena.md: here the murmillo (side 1, behind by the fight's
    # odds) stands next to the thraex and may attack it.
    pos = _after(
        *"init:0 order:01 move:c5 move:i4 init:1 order:10 move:g5 move:e4 init:1 order:10 move:f4".split()
    )
    assert pos.to_move == 1 and "attack:0a" in [str(m) for m in pos.legal_moves()]

    def search(pos: Any, rng: Any) -> tuple[str, None]:
        return "attack:0a", None

    fleeing = keep_away.KeepAwayWhenBehind(search)(pos, None)[0]
    assert fleeing.startswith("move:") or fleeing == "end"
    assert keep_away.KeepAwayWhenBehind(search, fight_back=True)(pos, None)[0] == "attack:0a"
