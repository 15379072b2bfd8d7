"""Calibration of the engine's win probabilities on held-out self-play games.

    python bench/calibration.py DATA_DIR [--svg docs/calibration.svg]

DATA_DIR holds one folder of game records per game (turtles/, zebras/,
arena/), made by ``safari-ai match GAME ... --records DATA_DIR/GAME``. For each
game the records are split by whole games as ``safari-ai tune`` splits them
(``--holdout 0.2 --seed 1``); on the held-out games, each recorded search
score is read as the probability the engine reports for it (alpha-beta: the
logistic of the score with the compiled-in scale K; expectimax: its expected
result), grouped by decile, against the mover's final score (a draw half).
Prints the tables as Markdown (docs/tuning.md) and writes the reliability
diagram. Uses no CPU beyond replaying the records.
"""
from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from safari_ai.tune import (EvalWeights, calibration, expected_calibration_error,
                            format_table, reliability_svg, reported_probability,
                            sample_records, split)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", type=Path)
    parser.add_argument("--svg", type=Path, default=None)
    parser.add_argument("--games", nargs="+", default=["turtles", "zebras", "arena"])
    args = parser.parse_args()
    tables = {}
    for game in args.games:
        samples = sample_records(game, args.data / game)
        _, held = split(samples, 0.2, seed=1)
        scored = np.isfinite(held.score) | (held.proven != 0)
        mover_score = np.where(held.mover == 0, held.y, 1.0 - held.y)[scored]
        scale = EvalWeights.default(game).win_scale
        p = reported_probability(game, held.score[scored], held.proven[scored], scale)
        table = calibration(p, mover_score)
        tables[game] = table
        print(f"### {game}: {int(scored.sum())} held-out positions of "
              f"{len(np.unique(held.game_ids))} games, K = {scale:g}, "
              f"ECE {expected_calibration_error(table):.3f}\n")
        print("\n".join(format_table(table)) + "\n")
    if args.svg is not None:
        args.svg.write_text(reliability_svg(
            tables, "Reported win probability on held-out self-play"), encoding="utf-8")


if __name__ == "__main__":
    main()
