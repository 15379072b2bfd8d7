"""Strength of the search: alpha-beta against simpler players, per game, through
``safari-ai match``'s machinery (safari_ai/match.py, safari_ai/stats.py).

    python bench/strength.py --game turtles --games 200 --movetime 100 --workers 2

is the same as one ``safari-ai match`` per opponent, e.g.

    safari-ai match turtles -a algo=alphabeta,movetime=100 -b algo=greedy --games 200 --workers 2

and prints each result as a Markdown row for docs/strength.md: W/D/L from the
engine's side, its score, the Elo difference with a 95% interval, and the
engine's mean game result with its 95% interval beside the opponents' mean
(points in the ostrich race), then its margin over them game by game with its
95% interval. ``--engine expectimax`` (or ``auto``) and
``--rules players=3`` measure the dice games.
"""

from __future__ import annotations

import argparse
import sys

from safari_ai.match import SIMPLE_PLAYERS, make_jobs, parse_spec, run_match
from safari_ai.stats import elo


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="turtles")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--movetime", type=int, default=1000, help="ms per engine move")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opening-plies", type=int, default=2)
    parser.add_argument("--opponents", default="random,greedy,mcts")
    parser.add_argument("--engine", default="alphabeta", help="the engine's algo")
    parser.add_argument("--rules", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    rules = {}
    for item in args.rules:
        key, _, value = item.partition("=")
        rules[key] = int(value) if value.isdigit() else value
    engine = parse_spec(f"algo={args.engine},movetime={args.movetime}")
    for opponent in args.opponents.split(","):
        other = parse_spec(
            f"algo={opponent}"
            + (f",movetime={args.movetime}" if opponent not in SIMPLE_PLAYERS else "")
        )
        jobs = make_jobs(args.game, rules, engine, other, args.games, args.seed, args.opening_plies)
        summary = run_match(jobs, args.workers)
        wins, draws, losses = summary.wins, summary.draws, summary.losses
        score, difference, error = elo(wins, draws, losses)
        interval = (
            f"> {difference:+.0f}"
            if losses == 0 and draws == 0
            else f"{difference:+.0f} ± {error:.0f}"
        )
        mean, half = summary.mean_result()
        margin, margin_half = summary.margin()
        game = args.game + "".join(f" {k}={v}" for k, v in rules.items())
        print(
            f"| {game} | {args.engine} {args.movetime} ms | {other.label()} | {args.games} | "
            f"{wins} / {draws} / {losses} | {100 * score:.1f}% | {interval} | "
            f"{mean:+.2f} ± {half:.2f} vs {summary.opponents_mean():+.2f} | "
            f"{margin:+.2f} ± {margin_half:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    sys.exit(main())
