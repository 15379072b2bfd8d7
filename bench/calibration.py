"""Calibration of the engine's win probabilities on held-out self-play games.

    python bench/calibration.py DATA_DIR [--svg docs/calibration.svg]
    python bench/calibration.py --set "zebras, depth 2=DIR2" --set "zebras, depth 3=DIR3" \
        [--from-doc docs/tuning.md --games turtles arena] [--scale 867] [--svg FILE]

DATA_DIR holds one folder of game records per game (turtles/, zebras/,
arena/), made by ``safari-ai match GAME ... --records DATA_DIR/GAME``; each
``--set "LABEL=DIR"`` adds one more table, the game being the first word of
LABEL (one game's records at several search limits, say). For each, the
records are split by whole games as ``safari-ai tune`` splits them
(``--holdout 0.2 --seed 1``); on the held-out games, each recorded search
score is read as the probability the engine reports for it (alpha-beta: the
logistic of the score with the compiled-in scale K, or ``--scale``;
expectimax: its expected result, through the game's calibration at each
position: the arena's), grouped by decile, against the mover's final score
(a draw half). ``--from-doc FILE`` takes the tables named by ``--games``
(a game, or a label such as "zebras, depth 2": the heading ``### LABEL:``)
from a Markdown file (docs/tuning.md) instead of records, so that the
diagram keeps them. Prints the tables as
Markdown and writes the reliability diagram. Uses no CPU beyond replaying
the records.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import numpy as np

from safari_ai.tune import (
    CalibrationBin,
    calibration,
    expected_calibration_error,
    format_table,
    reliability_svg,
    reported_probability,
    sample_records,
    split,
)
from safari_ai.weights import EvalWeights


def held_out_table(game: str, records: Path, scale: float | None) -> list[CalibrationBin]:
    """The reliability table of ``game``'s held-out records under ``records``
    (printed as Markdown, headed by its counts, K and ECE)."""
    samples = sample_records(game, records)
    _, held = split(samples, 0.2, seed=1)
    scored = held.subset(np.isfinite(held.score) | (held.proven != 0))
    mover_score = np.where(scored.mover == 0, scored.y, 1.0 - scored.y)
    k = scale if scale is not None else EvalWeights.default(game).win_scale
    table = calibration(reported_probability(scored, k), mover_score)
    print(
        f"{len(scored)} held-out positions of {len(np.unique(held.game_ids))} games, "
        f"K = {k:g}, ECE {expected_calibration_error(table):.3f}\n"
    )
    print("\n".join(format_table(table)) + "\n")
    return table


def doc_table(doc: str, game: str) -> list[CalibrationBin]:
    """The table under the heading ``### GAME: ...`` of a Markdown text."""
    section = doc[doc.index(f"### {game}:") :]
    section = section[: section.index("\n\n", section.index("|---|"))]
    rows = [
        CalibrationBin(float(m[1]), float(m[2]), int(m[3]), float(m[4]), float(m[5]))
        for m in re.finditer(r"\| (\d\.\d)–(\d\.\d) \| (\d+) \| ([\d.]+) \| ([\d.]+) \|", section)
    ]
    if not rows:
        raise SystemExit(f"--from-doc: no table under '### {game}:'")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", type=Path, nargs="?", default=None)
    parser.add_argument("--svg", type=Path, default=None)
    parser.add_argument("--games", nargs="*", default=["turtles", "zebras", "arena"])
    parser.add_argument(
        "--set",
        dest="sets",
        action="append",
        default=[],
        metavar="LABEL=DIR",
        help="one more table: LABEL's first word is the game",
    )
    parser.add_argument(
        "--scale",
        type=float,
        default=None,
        help="K of the alpha-beta tables (default: the compiled-in one)",
    )
    parser.add_argument(
        "--from-doc",
        type=Path,
        default=None,
        help="take the --games tables from this Markdown file",
    )
    args = parser.parse_args()
    tables: dict[str, list[CalibrationBin]] = {}
    doc = args.from_doc.read_text(encoding="utf-8") if args.from_doc else None
    for game in args.games:
        if doc is not None:
            tables[game] = doc_table(doc, game)
        elif args.data is not None:
            print(f"### {game}: ", end="")
            tables[game] = held_out_table(game, args.data / game, args.scale)
    for spec in args.sets:
        label, sep, folder = spec.partition("=")
        if not sep or not label.strip():
            raise SystemExit(f"--set {spec!r}: expected LABEL=DIR")
        game = label.replace(",", " ").split()[0]
        print(f"### {label}: ", end="")
        tables[label] = held_out_table(game, Path(folder), args.scale)
    if args.svg is not None:
        args.svg.write_text(
            reliability_svg(tables, "Reported win probability on held-out self-play"),
            encoding="utf-8",
        )


if __name__ == "__main__":
    main()
