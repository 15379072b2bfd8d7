"""Fits the arena's win-probability calibration on self-play records.

    python bench/arena_calibration.py DIR [DIR ...] [--by-pairing] [--measure]

Each DIR holds arena game records (``safari-ai match arena ... --records
DIR``), searched by expectimax (their moves carry the searched ``cp``
score). Every recorded decision after the opening gives one sample: the
mover's expected result p = (cp / 100 + 1) / 2 as the search reported it,
the model's inputs (csrc/games/arena_calibration.c: logit p, the share of
the duel left t, the side to move s, the dice differences) and the mover's
final score (a draw half). Whole games are held out: one in five, chosen by
a checksum of the record's path, so that a run on some of the folders holds
out the same games as a run on all of them. The model is fitted on
the rest by Newton's method on the log-loss (positions whose result the
search proved are left out: they are reported as 0 or 1), and the script
prints

* the fitted coefficients as the C lines of arena_calibration.c;
* held-out tables (Markdown): the search's raw expected result, the fitted
  model, and the calibration compiled into the installed engine
  (``safari_ai``'s C core), pooled and per pairing of gladiators.

``--measure`` fits nothing: every game of the folders is measured, for
records that took no part in the fit (other search limits, say).
It uses no CPU beyond replaying the records.
"""

from __future__ import annotations

import argparse
import json
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from safari_ai import Position
from safari_ai.tune import calibration, expected_calibration_error, format_table

# Model terms, in the order of the C constants (CAL_<name>).
TERMS = ("Z", "ZT", "S", "ST", "DA", "DD", "DS")
LOGIT_BOUND = 20.0
ATTACK, DEFENSE, SPEED = 1, 2, 3  # arena_feature_names indices


@dataclass
class Sample:
    game_id: int
    held_out: bool  # the game is one of the held-out fifth
    pairing: str
    position: Position
    p: float  # the search's expected result for the mover
    proven: bool  # the search proved the result (p is 0 or 1)
    outcome: float  # the mover's final score: 1, 0.5 or 0
    inputs: np.ndarray


def model_inputs(pos: Position, p: float) -> np.ndarray:
    """The model's terms at ``pos`` for the mover's expected result ``p``."""
    data = pos.to_json()
    t = (data["rules"]["round_cap"] - data["round"]) / data["rules"]["round_cap"]
    s = 1.0 if pos.to_move == 0 else -1.0
    f = pos.features(0)
    q = min(max(p, 1e-300), 1.0 - 1e-16)
    z = float(np.clip(np.log(q / (1.0 - q)), -LOGIT_BOUND, LOGIT_BOUND))
    return np.array([z, z * t, s, s * t, t * s * f[ATTACK], t * s * f[DEFENSE], t * s * f[SPEED]])


def read_samples(folders: list[Path]) -> list[Sample]:
    samples: list[Sample] = []
    paths = [path for folder in folders for path in sorted(folder.rglob("*.json"))]
    for game_id, path in enumerate(paths):
        record = json.loads(path.read_text(encoding="utf-8"))
        if record.get("game") != "arena" or record.get("result") not in ([1, -1], [-1, 1], [0, 0]):
            continue
        first = (record["result"][0] + 1) / 2
        held_out = zlib.crc32(str(path.resolve()).encode("utf-8")) % 5 == 0
        pos = Position.from_json(json.dumps(record["start"]))
        rules = pos.to_json()["rules"]
        pairing = f"{rules['side0']}-{rules['side1']}"
        for entry in record["moves"]:
            score = entry.get("score")
            if (
                isinstance(pos.to_move, int)
                and entry.get("comment") != "opening"
                and isinstance(score, str)
            ):
                kind, _, number = score.partition(" ")
                proven = kind in ("win", "loss")
                p = (
                    1.0
                    if kind == "win"
                    else 0.0
                    if kind == "loss"
                    else min(1.0, max(0.0, (float(number) / 100.0 + 1.0) / 2.0))
                )
                outcome = first if pos.to_move == 0 else 1.0 - first
                samples.append(
                    Sample(
                        game_id, held_out, pairing, pos, p, proven, outcome, model_inputs(pos, p)
                    )
                )
            pos = pos.apply(entry["move"])
    return samples


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-4, iterations: int = 50) -> np.ndarray:
    """Logistic regression without intercept (the model is symmetric in the
    sides: swapping them negates every term), by Newton's method."""
    w = np.zeros(x.shape[1])
    for _ in range(iterations):
        q = 1.0 / (1.0 + np.exp(-x @ w))
        gradient = x.T @ (q - y) / len(y) + l2 * w
        hessian = (x * (q * (1.0 - q))[:, None]).T @ x / len(y) + l2 * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-12:
            break
    return w


def table(title: str, p: np.ndarray, y: np.ndarray) -> None:
    rows = calibration(p, y)
    print(f"#### {title}: {len(p)} positions, ECE {expected_calibration_error(rows):.3f}\n")
    print("\n".join(format_table(rows)) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", type=Path, nargs="+")
    parser.add_argument(
        "--by-pairing", action="store_true", help="also a held-out table per pairing of gladiators"
    )
    parser.add_argument(
        "--measure",
        action="store_true",
        help="no fit: measure the engine's calibration on every game",
    )
    args = parser.parse_args()
    samples = read_samples(args.folders)
    games = {s.game_id for s in samples}
    held = np.array([s.held_out for s in samples])
    proven = np.array([s.proven for s in samples])
    x = np.array([s.inputs for s in samples])
    y = np.array([s.outcome for s in samples])
    raw = np.array([s.p for s in samples])
    if args.measure:
        held[:] = True
        print(f"{len(samples)} positions of {len(games)} games, all measured\n")
        fitted = None
    else:
        w = fit(x[~held & ~proven], y[~held & ~proven])
        n_held = len({s.game_id for s in samples if s.held_out})
        print(f"{len(samples)} positions of {len(games)} games, {n_held} games held out\n")
        print("/* The fit of bench/arena_calibration.py (coefficient order as above). */")
        print(
            "static const double "
            + ", ".join(f"CAL_{n} = {v:.3f}" for n, v in zip(TERMS[:4], w[:4]))
            + ";"
        )
        print(
            "static const double "
            + ", ".join(f"CAL_{n} = {v:.3f}" for n, v in zip(TERMS[4:], w[4:]))
            + ";\n"
        )
        fitted = np.where(proven, raw, 1.0 / (1.0 + np.exp(-x @ w)))
    engine = np.array([s.position._c.expected_win_probability(s.p) for s in samples])
    pairings = sorted({s.pairing for s in samples})
    groups = [("all", np.ones(len(samples), dtype=bool))]
    if args.by_pairing:
        groups += [(name, np.array([s.pairing == name for s in samples])) for name in pairings]
    for name, mask in groups:
        m = held & mask
        print(f"### {name}, {'measured' if args.measure else 'held out'}\n")
        table("the search's expected result", raw[m], y[m])
        if fitted is not None:
            table("the model just fitted", fitted[m], y[m])
        table("the engine's reported probability", engine[m], y[m])


if __name__ == "__main__":
    main()
