"""Calibration of the ostrich race's win chances on held-out self-play games.

    python bench/ostrich_winchance.py DIR [DIR ...] [--every 3] [--depth 2]
        [--cache FILE] [--fit]

Replays the finished ostrich records under each DIR (recursively; made by
``safari-ai match ostrich --rules players=N ... --records DIR``; a game
recorded twice, as equal deterministic players play a colour-swapped pair,
counts once), takes every
``--every``-th decision position after the opening and searches it with
``analyse(pos, depth=--depth, seed=1)`` (expectimax, max-n): the report's
``expected`` (every player's expected points) and ``win_chances``. The games
are split as ``safari-ai tune`` splits them (20% held out, seed 1, by whole
games). Each (position, player) pair is one prediction, labelled with the
player's share of the win (1/k for each of the k players tied on top, 0 for
the others). Per number of players, the held-out pairs are grouped by decile
of predicted chance: mean prediction against observed share, and the ECE
(position-weighted mean of |mean prediction - observed share| over the
deciles). Prints the tables as Markdown.

``--fit`` fits the model's temperature (csrc/games/ostrich_winchance.c:
chance = softmax(expected / tau), one tau per number of players) by maximum
likelihood on the training 80% and prints it with the held-out log-loss of
the fitted model; and, to see whether the stage of the race matters, a tau
fitted per number of ostriches home (0, 1, 2) with its held-out log-loss.
``--cache FILE`` keeps the searched positions (JSON) so that a second run
searches nothing: the chances are then the core's model applied to the
cached ``expected`` (``Position.win_chances``, the function the searches
call), so a refit shows its calibration once compiled in.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from pathlib import Path
from typing import Any

import numpy as np

from safari_ai import Position, analyse
from safari_ai.tune import calibration, expected_calibration_error, format_table

STAGES = 3  # ostriches home before the end: 0, 1, 2


def win_shares(result: list[int]) -> list[float]:
    """Each player's share of the win: 1/k for the k tied on the top score."""
    top = max(result)
    tied = result.count(top)
    return [1.0 / tied if r == top else 0.0 for r in result]


def sample(dirs: list[Path], every: int, depth: int) -> list[dict[str, Any]]:
    """One row per sampled decision position: the game's number (in reading
    order), the position, the search's expected points and the result."""
    rows: list[dict[str, Any]] = []
    game_id = 0
    seen: set[str] = set()
    started = time.perf_counter()
    for folder in dirs:
        for path in sorted(folder.rglob("*.json")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            result = data.get("result")
            if (
                data.get("format") != "safari-ai-record"
                or data.get("game") != "ostrich"
                or not isinstance(result, list)
                or data.get("termination") != "end of game"
            ):
                continue
            # equal deterministic players play a colour-swapped pair's two
            # games alike: read such a game once
            game = json.dumps([data["start"], [entry.get("move") for entry in data["moves"]]])
            if game in seen:
                continue
            seen.add(game)
            pos = Position.from_json(json.dumps(data["start"]))
            game_id += 1
            counted = 0
            for entry in data["moves"]:
                if isinstance(pos.to_move, int) and entry.get("comment") != "opening":
                    if counted % every == 0:
                        report = analyse(pos, depth=depth, seed=1)
                        rows.append(
                            {
                                "gid": game_id,
                                "n": len(result),
                                "result": result,
                                "expected": list(report.expected or []),
                                "pos": pos.to_json(),
                            }
                        )
                    counted += 1
                pos = pos.apply(entry["move"])
        print(
            f"# {folder}: {len(rows)} positions, {time.perf_counter() - started:.0f} s", flush=True
        )
    return rows


def held_out_games(rows: list[dict[str, Any]], holdout: float = 0.2, seed: int = 1) -> set[int]:
    """The held-out games, chosen as safari_ai.tune.split chooses them."""
    games = sorted({row["gid"] for row in rows})
    rng = random.Random(seed)
    return set(rng.sample(games, max(1, int(round(len(games) * holdout)))))


def arrays(rows: list[dict[str, Any]]) -> dict[int, dict[str, np.ndarray]]:
    """Per number of players: expected points (positions x players), win
    shares, ostriches home, game numbers."""
    out: dict[int, dict[str, np.ndarray]] = {}
    for n in sorted({row["n"] for row in rows}):
        mine = [row for row in rows if row["n"] == n]
        out[n] = {
            "e": np.array([row["expected"] for row in mine], dtype=np.float64),
            "y": np.array([win_shares(row["result"]) for row in mine]),
            "home": np.array([len(row["pos"]["finished"]) for row in mine]),
            "gid": np.array([row["gid"] for row in mine]),
            "rows": np.arange(len(rows))[[row["n"] == n for row in rows]],
        }
    return out


def softmax(e: np.ndarray, tau: float) -> np.ndarray:
    z = (e - e.max(axis=1, keepdims=True)) / tau
    w = np.exp(z)
    return w / w.sum(axis=1, keepdims=True)


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    """Mean cross-entropy per position of chances ``p`` against shares ``y``."""
    return float(-np.mean(np.sum(y * np.log(np.clip(p, 1e-12, 1.0)), axis=1)))


def fit_tau(e: np.ndarray, y: np.ndarray) -> float:
    """The tau > 0 of least log-loss (golden-section search on log tau)."""
    if len(e) == 0:
        return math.nan
    a, b = math.log(0.05), math.log(50.0)
    ratio = (math.sqrt(5) - 1) / 2
    c, d = b - ratio * (b - a), a + ratio * (b - a)
    fc, fd = log_loss(softmax(e, math.exp(c)), y), log_loss(softmax(e, math.exp(d)), y)
    for _ in range(60):
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - ratio * (b - a)
            fc = log_loss(softmax(e, math.exp(c)), y)
        else:
            a, c, fc = c, d, fd
            d = a + ratio * (b - a)
            fd = log_loss(softmax(e, math.exp(d)), y)
    return math.exp((a + b) / 2)


def reported(rows: list[dict[str, Any]], index: np.ndarray) -> np.ndarray:
    """The core's win chances for rows[index] (the model the searches use)."""
    return np.array(
        [Position.from_json(rows[i]["pos"]).win_chances(rows[i]["expected"]) for i in index]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", type=Path, nargs="*")
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--cache", type=Path, default=None)
    parser.add_argument("--fit", action="store_true")
    args = parser.parse_args()
    if args.cache is not None and args.cache.exists():
        rows = json.loads(args.cache.read_text(encoding="utf-8"))
    else:
        if not args.dirs:
            raise SystemExit("give record folders (or an existing --cache)")
        rows = sample(args.dirs, args.every, args.depth)
        if args.cache is not None:
            args.cache.write_text(json.dumps(rows), encoding="utf-8")
    if not rows:
        raise SystemExit("no finished ostrich record with positions")
    held = held_out_games(rows)
    for n, data in arrays(rows).items():
        test = np.isin(data["gid"], list(held))
        if args.fit:
            tau = fit_tau(data["e"][~test], data["y"][~test])
            print(
                f"# {n} players: tau {tau:.2f} (training positions {int((~test).sum())}), "
                f"held-out log-loss {log_loss(softmax(data['e'][test], tau), data['y'][test]):.4f}"
            )
            taus = [
                fit_tau(
                    data["e"][~test & (data["home"] == h)], data["y"][~test & (data["home"] == h)]
                )
                for h in range(STAGES)
            ]
            staged = np.vstack(
                [softmax(data["e"][test & (data["home"] == h)], taus[h]) for h in range(STAGES)]
            )
            y_staged = np.vstack([data["y"][test & (data["home"] == h)] for h in range(STAGES)])
            print(
                f"#   per ostriches home 0/1/2: tau {', '.join(f'{t:.2f}' for t in taus)}, "
                f"held-out log-loss {log_loss(staged, y_staged):.4f}"
            )
        chances = reported(rows, data["rows"][test])
        y = data["y"][test]
        table = calibration(chances.ravel(), y.ravel())
        games = len(np.unique(data["gid"][test]))
        print(
            f"\n### ostrich, {n} players: {int(test.sum())} held-out positions of {games} "
            f"games, {chances.size} (position, player) pairs, log-loss "
            f"{log_loss(chances, y):.4f}, ECE {expected_calibration_error(table):.3f}\n"
        )
        print(
            "\n".join(format_table(table))
            .replace("observed score", "observed share")
            .replace("| positions |", "| pairs |", 1)
        )


if __name__ == "__main__":
    main()
