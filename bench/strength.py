"""Strength of the search: alpha-beta against simpler players, per game.

    python bench/strength.py --game turtles --games 200 --movetime 50 --workers 2

Pairings: alpha-beta against a uniform random player, a one-ply greedy player
(an immediate win if there is one, else the move whose position the engine's
evaluation likes best, ties broken at random) and MCTS at the same time per
move. Colours alternate game by game; every random choice is seeded by the game
number, so a run is repeatable up to timing. Prints W/D/L from alpha-beta's
side, its score, and the Elo difference with a 95% interval, as a Markdown row
for docs/strength.md.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Callable

import safari_ai

Player = Callable[[safari_ai.Position, random.Random], str]


def random_player(pos: safari_ai.Position, rng: random.Random) -> str:
    moves = pos.legal_moves()
    return moves[rng.randrange(len(moves))]


def greedy_player(pos: safari_ai.Position, rng: random.Random) -> str:
    me = pos.to_move
    assert isinstance(me, int)
    best: list[str] = []
    best_value = -math.inf
    for move in pos.legal_moves():
        child = pos.apply(move)
        if child.is_terminal():
            value = {1: math.inf, 0: 0.0, -1: -math.inf}[max(-1, min(1, child.result()[me]))]
        else:
            value = child.evaluate(me)
        if value > best_value:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    return best[rng.randrange(len(best))]


def engine_player(algo: str, movetime: int) -> Player:
    def play(pos: safari_ai.Position, rng: random.Random) -> str:
        return safari_ai.analyse(pos, movetime=movetime, algo=algo,
                                 seed=rng.randrange(2**32)).best_move
    return play


def players(movetime: int) -> dict[str, Player]:
    return {"random": random_player, "greedy": greedy_player,
            "alphabeta": engine_player("alphabeta", movetime),
            "mcts": engine_player("mcts", movetime)}


def play_game(args: tuple[str, str, str, int, int]) -> int:
    """One game; returns alpha-beta's result (+1, 0, -1). Alpha-beta is player
    0 in even games and player 1 in odd ones."""
    game, engine, opponent, number, movetime = args
    table = players(movetime)
    rng = random.Random(f"{game}/{opponent}/{number}")
    seat = number % 2
    pos = safari_ai.Position.new(game)
    while not pos.is_terminal():
        if pos.is_chance():
            outcomes = pos.chance_outcomes()
            pos = pos.apply(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
            continue
        mover = table[engine] if pos.to_move == seat else table[opponent]
        pos = pos.apply(mover(pos, rng))
    return max(-1, min(1, pos.result()[seat]))


def elo(wins: int, draws: int, losses: int) -> tuple[float, float, float]:
    """Score, Elo difference and the half-width of its 95% interval."""
    n = wins + draws + losses
    score = (wins + draws / 2) / n
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2) / n
    clipped = min(max(score, 0.5 / n), 1 - 0.5 / n)  # a finite bound at 0% or 100%
    difference = -400 * math.log10(1 / clipped - 1)
    slope = 400 / (math.log(10) * clipped * (1 - clipped))
    return score, difference, 1.96 * slope * math.sqrt(variance / n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="turtles")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--movetime", type=int, default=1000, help="ms per engine move")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--opponents", default="random,greedy,mcts")
    args = parser.parse_args()
    for opponent in args.opponents.split(","):
        jobs = [(args.game, "alphabeta", opponent, i, args.movetime) for i in range(args.games)]
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(play_game, jobs))
        wins, draws, losses = results.count(1), results.count(0), results.count(-1)
        score, difference, error = elo(wins, draws, losses)
        bound = " (bound: no game lost)" if losses == 0 and draws == 0 else ""
        print(f"| {args.game} | alpha-beta {args.movetime} ms | {opponent} | {args.games} | "
              f"{wins} / {draws} / {losses} | {100 * score:.1f}% | "
              f"{difference:+.0f} ± {error:.0f}{bound} |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
