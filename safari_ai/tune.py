"""Evaluation weights: the features as numpy arrays, weight files, Texel tuning
and the calibration of win probabilities (docs/tuning.md).

In turtles, zebras and arena the engine's evaluation of a position for player
0 is exactly ``int(weights @ features)`` (integer weights; integer features, or
zebras' multiples of 1/1024, exact as floats; player 1's is its negative).
This module (the weights type and its files are :mod:`safari_ai.weights`)

* samples positions from game records (``safari-ai match --records DIR``),
  labelled with each game's final result;
* fits weights by logistic regression on the result (Texel's method: the
  probability that player 0 wins, a draw counting half, is modelled as
  ``1 / (1 + exp(-(w @ f) / K))``), with Newton's method, L2 regularisation
  and a held-out split of whole games;
* fits the scale ``K`` that turns a search score into the mover's win
  probability, and measures calibration (per decile of predicted probability,
  the observed score; the expected calibration error), with an SVG
  reliability diagram.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from safari_ai import _core, facts
from safari_ai.errors import SafariError, from_core
from safari_ai.jsontext import object_members
from safari_ai.position import Position
from safari_ai.weights import MAX_WEIGHT, EvalWeights, WeightsError, feature_names

# EvalWeights, WeightsError and feature_names live in safari_ai.weights; named here
# too for the callers that import them from the tuner (match specs)
__all__ = [
    "EvalWeights",
    "WeightsError",
    "feature_names",
    "features",
    "Samples",
    "sample_records",
    "log_loss",
    "fit_scale",
    "fit_weights",
    "fit_weights_holding",
    "TuneResult",
    "tune",
    "CalibrationBin",
    "calibration",
    "expected_calibration_error",
    "reliability_svg",
    "score_probability",
    "reported_probability",
    "split",
    "score_race",
    "fit_score_weights",
    "score_rmse",
]


def features(positions: Sequence[Position], players: Sequence[int] | None = None) -> np.ndarray:
    """The features of ``positions`` (all of one game) as an ``n x k`` float64
    array, computed in one C call over the batch; row ``i`` counted for
    ``players[i]`` when given, else for player 0 (see :meth:`Position.features`).

    :raises WeightsError: mixed games, a game without features, or a player out
        of range (naming its index).
    """
    cores = []
    for i, pos in enumerate(positions):
        if not isinstance(pos, Position):
            raise WeightsError(f"positions[{i}]: not a Position but {type(pos).__name__}")
        cores.append(pos._c)
    who: list[int] | None = None
    if players is not None:
        who = []
        for i, player in enumerate(players):
            if isinstance(player, bool) or not isinstance(player, (int, np.integer)):
                raise WeightsError(f"players[{i}]: not an integer but {player!r}")
            who.append(int(player))
    try:
        return _core.features_batch(cores, who)
    except _core.CoreError as error:
        raise from_core(error, WeightsError) from None


# -- samples from game records ---------------------------------------------------


@dataclass
class Samples:
    """Positions sampled from game records.

    ``x``: features (n x k); ``y``: player 0's final score (1 win, 0.5 draw,
    0 loss); ``game_ids``: the record each position came from; ``mover``: the
    player to move; ``score``: the recorded search score of the move played
    there, the mover's view (NaN when the record has none), and ``proven``
    its proven-result sign (+1 win, -1 loss, 0 heuristic).

    In a score race (ostrich, :func:`score_race`) each decision position
    gives one sample per player: ``x`` the features counted for that player,
    ``y`` that player's final points, ``mover`` that player (``score`` NaN)."""

    game: str
    x: np.ndarray
    y: np.ndarray
    game_ids: np.ndarray
    mover: np.ndarray
    score: np.ndarray
    proven: np.ndarray
    n_records: int
    positions: list[Position] = field(default_factory=list)
    """The sampled positions (empty when not kept): the reported win
    probability of an expectimax game may depend on them
    (:func:`reported_probability`)."""

    def subset(self, mask: np.ndarray) -> Samples:
        kept = [pos for pos, keep in zip(self.positions, mask.tolist()) if keep]
        return Samples(
            self.game,
            self.x[mask],
            self.y[mask],
            self.game_ids[mask],
            self.mover[mask],
            self.score[mask],
            self.proven[mask],
            self.n_records,
            kept,
        )

    def __len__(self) -> int:
        return int(self.y.shape[0])


def _parse_score(text: Any) -> tuple[float, int]:
    """A record's ``cp N`` / ``win N`` / ``loss N`` as (score, proven sign)."""
    if not isinstance(text, str):
        return math.nan, 0
    kind, _, number = text.partition(" ")
    try:
        value = float(number)
    except ValueError:
        return math.nan, 0
    if kind == "cp":
        return value, 0
    if kind == "win":
        return math.inf, 1
    if kind == "loss":
        return -math.inf, -1
    return math.nan, 0


def _records(records_dir: str | Path) -> list[Path]:
    root = Path(records_dir)
    if not root.is_dir():
        raise WeightsError(f"--records: {str(root)!r} is not a directory")
    return sorted(root.rglob("*.json"))


def sample_records(
    game: str,
    records_dir: str | Path,
    every: int = 1,
    skip_plies: int = 0,
    limit: int | None = None,
) -> Samples:
    """Replays the finished records of ``game`` under ``records_dir``
    (recursively) and samples every ``every``-th decision position after the
    opening (moves commented ``opening``) and ``skip_plies`` more plies; each
    is labelled with the game's final result for player 0 (two-player games),
    or gives one sample per player labelled with its final points (a score
    race: see :class:`Samples`).

    :raises WeightsError: no usable record, or a game without features.
    """
    race = score_race(game)
    if every < 1:
        raise WeightsError(f"--every must be >= 1, got {every}")
    if not feature_names(game):
        raise WeightsError(f"{game}'s evaluation has no features to tune")
    positions: list[Position] = []
    labels: list[float] = []
    ids: list[int] = []
    movers: list[int] = []
    scores: list[float] = []
    proven: list[int] = []
    n_records = 0
    for path in _records(records_dir):
        try:  # C checks the text; the start goes to the C reader as written
            members = object_members(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        data = {key: value for key, (value, _) in members.items()}
        if data.get("format") != "safari-ai-record" or data.get("game") != game:
            continue
        result = data.get("result")
        if race:
            if not (
                isinstance(result, list)
                and 2 <= len(result) <= 5
                and all(isinstance(r, int) and not isinstance(r, bool) for r in result)
            ):
                continue
        elif not (isinstance(result, list) and len(result) == 2 and result[0] in (-1, 0, 1)):
            continue
        try:
            pos = Position.from_json(members["start"][1])
        except (SafariError, KeyError):
            continue
        record_id = n_records
        n_records += 1
        counted = 0
        for ply, entry in enumerate(data.get("moves", [])):
            if not isinstance(entry, dict) or not isinstance(entry.get("move"), str):
                break
            to_move = pos.to_move
            if isinstance(to_move, int) and entry.get("comment") != "opening" and ply >= skip_plies:
                if counted % every == 0 and race:
                    for player, points in enumerate(result):
                        positions.append(pos)
                        labels.append(float(points))
                        ids.append(record_id)
                        movers.append(player)
                        scores.append(math.nan)
                        proven.append(0)
                elif counted % every == 0:
                    value, sign = _parse_score(entry.get("score"))
                    positions.append(pos)
                    labels.append((result[0] + 1) / 2)
                    ids.append(record_id)
                    movers.append(to_move)
                    scores.append(value)
                    proven.append(sign)
                counted += 1
            try:
                pos = pos.apply(entry["move"])
            except SafariError:
                break
        if limit is not None and len(positions) >= limit:
            break
    if not positions:
        raise WeightsError(
            f"--records: no finished {game} record with positions under {str(records_dir)!r}"
        )
    x = features(positions, movers if race else None)
    return Samples(
        game,
        x,
        np.asarray(labels),
        np.asarray(ids),
        np.asarray(movers),
        np.asarray(scores),
        np.asarray(proven),
        n_records,
        positions,
    )


def split(samples: Samples, holdout: float, seed: int) -> tuple[Samples, Samples]:
    """Training and held-out parts, by whole games (no game in both)."""
    if not 0.0 < holdout < 1.0:
        raise WeightsError(f"--holdout must be between 0 and 1, got {holdout}")
    records = np.unique(samples.game_ids)
    rng = random.Random(seed)
    held = set(rng.sample(list(records.tolist()), max(1, int(round(len(records) * holdout)))))
    mask = np.isin(samples.game_ids, list(held))
    if mask.all() or not mask.any():
        raise WeightsError("too few records to hold some out")
    return samples.subset(~mask), samples.subset(mask)


# -- the fit ------------------------------------------------------------------------


def _sigmoid(z: np.ndarray) -> np.ndarray:
    return 0.5 * (1.0 + np.tanh(0.5 * z))


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    """Mean cross-entropy of predictions ``p`` against outcomes ``y`` in [0, 1]."""
    q = np.clip(p, 1e-12, 1 - 1e-12)
    return float(-np.mean(y * np.log(q) + (1 - y) * np.log(1 - q)))


def fit_scale(values: np.ndarray, y: np.ndarray) -> float:
    """The ``K`` > 0 minimising the log-loss of ``sigmoid(values / K)`` against
    ``y`` (a one-dimensional search on log K)."""
    values = np.asarray(values, dtype=np.float64)
    if not np.any(values):
        return 400.0
    lo, hi = math.log(1.0), math.log(1e6)

    def loss(log_k: float) -> float:
        return log_loss(_sigmoid(values / math.exp(log_k)), y)

    ratio = (math.sqrt(5) - 1) / 2
    a, b = lo, hi
    c, d = b - ratio * (b - a), a + ratio * (b - a)
    fc, fd = loss(c), loss(d)
    for _ in range(80):
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - ratio * (b - a)
            fc = loss(c)
        else:
            a, c, fc = c, d, fd
            d = a + ratio * (b - a)
            fd = loss(d)
    return math.exp((a + b) / 2)


def fit_weights(
    x: np.ndarray,
    y: np.ndarray,
    scale: float,
    l2: float = 1e-3,
    iterations: int = 50,
    tolerance: float = 1e-10,
) -> np.ndarray:
    """Texel's fit: the weights ``w`` minimising

        mean log-loss of sigmoid(x @ w / scale) against y  +  l2/2 * |w / scale|^2

    by Newton's method (the problem is convex: logistic regression without an
    intercept in beta = w / scale). ``x`` is n x k, ``y`` in [0, 1]. Returns
    float weights in the evaluation's units."""
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    n, k = x.shape
    beta = np.zeros(k)
    for _ in range(iterations):
        p = _sigmoid(x @ beta)
        gradient = x.T @ (p - y) / n + l2 * beta
        hessian = (x * (p * (1 - p))[:, None]).T @ x / n + l2 * np.eye(k)
        try:
            step = np.linalg.solve(hessian, gradient)
        except np.linalg.LinAlgError:
            raise WeightsError(
                "the features are collinear or constant in these samples: "
                "fit with an L2 regularisation > 0"
            ) from None
        beta -= step
        if float(step @ step) < tolerance:
            break
    return beta * scale


def _rounded(weights: np.ndarray) -> tuple[int, ...]:
    return tuple(int(v) for v in np.clip(np.rint(weights), -MAX_WEIGHT, MAX_WEIGHT))


def score_probability(score: np.ndarray, proven: np.ndarray, scale: float) -> np.ndarray:
    """The mover's win probability the engine reports for search scores:
    ``sigmoid(score / K)``, 1 or 0 for proven results."""
    p = _sigmoid(np.where(np.isfinite(score), score, 0.0) / scale)
    return np.where(proven > 0, 1.0, np.where(proven < 0, 0.0, p))


def score_race(game: str) -> bool:
    """True when ``game`` is a score race (not a two-sided game of win, draw
    and loss, :class:`safari_ai.Game`): its evaluation is each player's
    expected final score, fitted by least squares on the final points."""
    return not facts.game(game).zero_sum


def expectimax_by_default(game: str) -> bool:
    """True when ``game``'s default search is expectimax (it has chance,
    :class:`safari_ai.Game`): its reports carry the expected result itself,
    (v + 1) / 2 for the mover's v = score / 100."""
    return facts.game(game).has_chance


# Score races: the evaluation is each player's expected final score in
# centi-points (features counted per player), fitted by least squares on the
# players' final points rather than by a logistic on a win.
POINTS_SCALE = 100.0  # evaluation units (centi-points) per point


def fit_score_weights(x: np.ndarray, points: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    """Least squares for a score race: the weights ``w`` (centi-points per
    feature unit) minimising

        mean (x @ w / 100 - points)^2  +  l2 * |w / 100|^2

    (ridge regression without an intercept, solved exactly). ``x`` is n x k,
    ``points`` each sample's final points. Returns float weights."""
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(points, dtype=np.float64)
    n, k = x.shape
    gram = x.T @ x / n + l2 * np.eye(k)
    try:
        beta = np.linalg.solve(gram, x.T @ y / n)
    except np.linalg.LinAlgError:
        raise WeightsError(
            "the features are collinear or constant in these samples: "
            "fit with an L2 regularisation > 0"
        ) from None
    return beta * POINTS_SCALE


def score_rmse(x: np.ndarray, weights: np.ndarray, points: np.ndarray) -> float:
    """Root mean squared error, in points, of the evaluation ``x @ weights``
    as the engine computes it (truncated to centi-points and clamped to
    0..2400) against the final ``points``."""
    value = np.clip(np.trunc(x @ np.asarray(weights, dtype=np.float64)), 0.0, 2400.0)
    return float(np.sqrt(np.mean((value / POINTS_SCALE - points) ** 2)))


def reported_probability(samples: Samples, scale: float) -> np.ndarray:
    """The mover's win probability the game's default search reports for each
    of ``samples``' recorded scores: alpha-beta (turtles, zebras) the logistic
    of the score with the scale K (:func:`score_probability`), expectimax
    (arena) its expected result, through the game's calibration at each
    sample's position when the samples keep them (docs/tuning.md, "arena")."""
    if not expectimax_by_default(samples.game):
        return score_probability(samples.score, samples.proven, scale)
    score, proven = samples.score, samples.proven
    p = np.clip((np.where(np.isfinite(score), score, 0.0) / 100.0 + 1.0) / 2.0, 0.0, 1.0)
    p = np.where(proven > 0, 1.0, np.where(proven < 0, 0.0, p))
    if samples.positions:
        p = np.array(
            [
                pos._c.expected_win_probability(float(v))
                for pos, v in zip(samples.positions, p.tolist())
            ]
        )
    return p


@dataclass
class CalibrationBin:
    """One decile of predicted probability: its range, the positions in it,
    their mean prediction and their mean observed score."""

    lo: float
    hi: float
    count: int
    predicted: float
    observed: float


def calibration(p: np.ndarray, outcome: np.ndarray, bins: int = 10) -> list[CalibrationBin]:
    """Reliability table: the positions grouped by predicted probability into
    ``bins`` equal-width bins (the last one closed)."""
    p = np.asarray(p, dtype=np.float64)
    outcome = np.asarray(outcome, dtype=np.float64)
    index = np.minimum((p * bins).astype(int), bins - 1)
    table = []
    for b in range(bins):
        mask = index == b
        count = int(mask.sum())
        table.append(
            CalibrationBin(
                b / bins,
                (b + 1) / bins,
                count,
                float(p[mask].mean()) if count else math.nan,
                float(outcome[mask].mean()) if count else math.nan,
            )
        )
    return table


def expected_calibration_error(table: Sequence[CalibrationBin]) -> float:
    """Sum over bins of (share of positions) x |mean prediction - mean outcome|."""
    total = sum(b.count for b in table)
    if total == 0:
        return math.nan
    return sum(b.count / total * abs(b.predicted - b.observed) for b in table if b.count)


def reliability_svg(tables: Mapping[str, Sequence[CalibrationBin]], title: str) -> str:
    """A reliability diagram (observed score against predicted probability, one
    polyline per game, the diagonal for perfect calibration) as SVG text."""
    size, margin = 360, 50
    colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf"]
    # The legend: a line, then "NAME (ECE 0.000)" at about 7 px a character.
    legend = max([140] + [60 + 7 * (len(name) + 12) for name in tables])

    def xy(px: float, py: float) -> tuple[float, float]:
        return margin + px * size, margin + (1 - py) * size

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size + 2 * margin + legend}" '
        f'height="{size + 2 * margin}" font-family="sans-serif" font-size="12">',
        '<rect width="100%" height="100%" fill="white"/>',
        f'<text x="{margin}" y="{margin - 20}" font-size="14">{_escape(title)}</text>',
    ]
    for tick in range(0, 11, 2):
        v = tick / 10
        x0, y0 = xy(v, 0)
        x1, y1 = xy(0, v)
        parts.append(
            f'<line x1="{x0}" y1="{margin}" x2="{x0}" y2="{margin + size}" stroke="#ddd"/>'
        )
        parts.append(
            f'<line x1="{margin}" y1="{y1}" x2="{margin + size}" y2="{y1}" stroke="#ddd"/>'
        )
        parts.append(f'<text x="{x0}" y="{margin + size + 16}" text-anchor="middle">{v:.1f}</text>')
        parts.append(f'<text x="{margin - 6}" y="{y1 + 4}" text-anchor="end">{v:.1f}</text>')
    parts.append(
        f'<rect x="{margin}" y="{margin}" width="{size}" height="{size}" fill="none" '
        'stroke="black"/>'
    )
    (dx0, dy0), (dx1, dy1) = xy(0, 0), xy(1, 1)
    parts.append(
        f'<line x1="{dx0}" y1="{dy0}" x2="{dx1}" y2="{dy1}" stroke="#888" stroke-dasharray="4 4"/>'
    )
    parts.append(
        f'<text x="{margin + size / 2}" y="{margin + size + 36}" text-anchor="middle">'
        "predicted win probability (the mover, a draw half)</text>"
    )
    parts.append(
        f'<text x="14" y="{margin + size / 2}" text-anchor="middle" '
        f'transform="rotate(-90 14 {margin + size / 2})">observed score</text>'
    )
    for i, (name, table) in enumerate(tables.items()):
        colour = colours[i % len(colours)]
        points = [xy(b.predicted, b.observed) for b in table if b.count]
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for px, py in points:
            parts.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3" fill="{colour}"/>')
        ece = expected_calibration_error(table)
        ly = margin + 20 + 20 * i
        parts.append(
            f'<line x1="{margin + size + 15}" y1="{ly}" x2="{margin + size + 35}" '
            f'y2="{ly}" stroke="{colour}" stroke-width="2"/>'
        )
        parts.append(
            f'<text x="{margin + size + 40}" y="{ly + 4}">{_escape(name)} (ECE {ece:.3f})</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# -- the whole pipeline ---------------------------------------------------------------


@dataclass
class TuneResult:
    """What :func:`tune` measured and fitted."""

    game: str
    n_records: int
    n_train: int
    n_holdout: int
    scale: float  # K of the static evaluation (held fixed in the fit)
    loss_before: float  # held-out log-loss, the starting weights
    loss_after: float  # held-out log-loss, the fitted weights (rounded)
    before: EvalWeights
    after: EvalWeights
    search_scale: float | None  # K fitted on the records' search scores
    search_calibration: list[CalibrationBin] | None  # held-out, at search_scale
    loss_name: str = "log_loss"  # score races: "rmse_points" (held-out RMSE in points)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "records": self.n_records,
            "train_positions": self.n_train,
            "holdout_positions": self.n_holdout,
            "eval_scale": self.scale,
            f"holdout_{self.loss_name}_before": self.loss_before,
            f"holdout_{self.loss_name}_after": self.loss_after,
            "weights_before": self.before.named(),
            "weights_after": self.after.named(),
            "search_scale": self.search_scale,
        }
        if self.search_calibration is not None:
            out["search_calibration"] = [b.__dict__ for b in self.search_calibration]
            out["search_ece"] = expected_calibration_error(self.search_calibration)
        return out

    def text(self) -> list[str]:
        """The report ``safari-ai tune`` prints, line by line: the samples, the
        held-out loss before and after, the weights, the search scores' calibration."""
        what = (
            "samples (a position for each player)"
            if self.loss_name == "rmse_points"
            else "positions"
        )
        out = [
            f"{self.game}: {self.n_records} records, {self.n_train} training {what}, "
            f"{self.n_holdout} held out"
        ]
        if self.loss_name == "rmse_points":  # a score race: least squares on the points
            out.append(
                f"held-out RMSE (points): before {self.loss_before:.4f}, "
                f"after {self.loss_after:.4f}"
            )
        else:
            out.append(f"evaluation scale K {self.scale:.1f}")
            if "eval_scale_after" in self.after.fit:
                out.append(
                    f"held: {', '.join(self.after.fit['held'])}; scale K of the fitted "
                    f"weights {self.after.fit['eval_scale_after']:.1f}"
                )
            out.append(
                f"held-out log-loss: before {self.loss_before:.4f}, after {self.loss_after:.4f}"
            )
        out.append("feature          before    after")
        for name, old, new in zip(self.before.named(), self.before.weights, self.after.weights):
            out.append(f"{name:<15} {old:>7} {new:>8}")
        if self.search_calibration is not None:
            fitted = (
                f"win scale K {self.search_scale:.1f}"
                if self.search_scale is not None
                else "expectimax's expected results"
            )
            out.append(
                f"search scores: {fitted}, held-out ECE "
                f"{expected_calibration_error(self.search_calibration):.4f}"
            )
            out += format_table(self.search_calibration)
        return out


def _mover_view(samples: Samples) -> np.ndarray:
    """The final score of the player to move at each sample."""
    return np.where(samples.mover == 0, samples.y, 1.0 - samples.y)


def fit_weights_holding(
    x: np.ndarray, y: np.ndarray, start: np.ndarray, held: Sequence[int], l2: float = 1e-3
) -> tuple[np.ndarray, float]:
    """Texel's fit with the weights at the indices ``held`` kept at their
    values in ``start`` (the units of the evaluation stay fixed: zebras'
    ``control`` at 100 keeps it in centi-points). The held part ``x[:, held] @
    start[held]`` is one more column of the logistic regression; its
    coefficient is 1 / K, so the scale is fitted with the free weights.
    Returns the float weights (the held ones as given) and K.

    :raises WeightsError: the held part does not predict the result (K <= 0).
    """
    x = np.asarray(x, dtype=np.float64)
    held = list(held)
    free = [i for i in range(x.shape[1]) if i not in held]
    design = np.column_stack([x[:, held] @ start[held]] + [x[:, i] for i in free])
    beta = fit_weights(design, y, 1.0, l2=l2)
    if beta[0] <= 0:
        raise WeightsError(
            "--hold: the held weights do not predict the result in these "
            "samples (their fitted scale is not positive)"
        )
    scale = 1.0 / float(beta[0])
    weights = np.asarray(start, dtype=np.float64).copy()
    weights[free] = beta[1:] * scale
    return weights, scale


def tune(
    samples: Samples,
    start: EvalWeights | None = None,
    holdout: float = 0.2,
    l2: float = 1e-3,
    seed: int = 1,
    scale: float | None = None,
    hold: Sequence[str] = (),
) -> TuneResult:
    """Texel's method on ``samples``: holds out a share of the games, fits the
    scale K of the starting evaluation on the rest (unless given), fits the
    weights at that K, and measures both on the held-out games. With ``hold``
    (feature names), those weights keep their starting values and the others
    are fitted together with their own scale (:func:`fit_weights_holding`);
    the fitted weights' held-out log-loss is then measured at that scale.
    Also fits the win-probability scale of the records' search scores (when
    they have some) and its calibration on the held-out games.

    :raises WeightsError: a name in ``hold`` is not a feature of the game."""
    start = start or EvalWeights.default(samples.game)
    names = feature_names(samples.game)
    for name in hold:
        if name not in names:
            raise WeightsError(
                f"--hold: {name!r} is not a feature of {samples.game} ({', '.join(names)})"
            )
    train, held = split(samples, holdout, seed)
    w0 = start.vector()
    if score_race(samples.game):
        return _tune_score_race(samples, train, held, start, l2)
    k = scale if scale is not None else fit_scale(train.x @ w0, train.y)
    k_after = k
    if hold:
        raw, k_after = fit_weights_holding(
            train.x, train.y, w0, [names.index(name) for name in hold], l2=l2
        )
        fitted = _rounded(raw)
    else:
        fitted = _rounded(fit_weights(train.x, train.y, k, l2=l2))
    loss_before = log_loss(_sigmoid(held.x @ w0 / k), held.y)
    loss_after = log_loss(_sigmoid(held.x @ np.asarray(fitted, dtype=np.float64) / k_after), held.y)
    search_scale = None
    table = None
    has_score = np.isfinite(train.score) & (train.proven == 0)
    if has_score.sum() >= 10:
        if not expectimax_by_default(samples.game):
            search_scale = fit_scale(train.score[has_score], _mover_view(train)[has_score])
        scored = held.subset(np.isfinite(held.score) | (held.proven != 0))
        p = reported_probability(scored, search_scale or start.win_scale)
        table = calibration(p, _mover_view(scored))
    after_scale = search_scale if search_scale is not None else start.win_scale
    fit_info = {
        "records": samples.n_records,
        "train_positions": len(train),
        "holdout_positions": len(held),
        "eval_scale": k,
        "l2": l2,
        **({"held": list(hold), "eval_scale_after": k_after} if hold else {}),
        "holdout_log_loss_before": loss_before,
        "holdout_log_loss_after": loss_after,
    }
    return TuneResult(
        samples.game,
        samples.n_records,
        len(train),
        len(held),
        k,
        loss_before,
        loss_after,
        start,
        EvalWeights(samples.game, fitted, float(after_scale), fit_info),
        search_scale,
        table,
    )


def _tune_score_race(
    samples: Samples, train: Samples, held: Samples, start: EvalWeights, l2: float
) -> TuneResult:
    """:func:`tune` for a score race: least squares on the final points
    (:func:`fit_score_weights`), measured by the held-out RMSE in points."""
    fitted = _rounded(fit_score_weights(train.x, train.y, l2=l2))
    loss_before = score_rmse(held.x, start.vector(), held.y)
    loss_after = score_rmse(held.x, np.asarray(fitted, dtype=np.float64), held.y)
    fit_info = {
        "records": samples.n_records,
        "train_samples": len(train),
        "holdout_samples": len(held),
        "l2": l2,
        "holdout_rmse_points_before": loss_before,
        "holdout_rmse_points_after": loss_after,
    }
    return TuneResult(
        samples.game,
        samples.n_records,
        len(train),
        len(held),
        POINTS_SCALE,
        loss_before,
        loss_after,
        start,
        EvalWeights(samples.game, fitted, start.win_scale, fit_info),
        None,
        None,
        loss_name="rmse_points",
    )


def format_table(table: Iterable[CalibrationBin]) -> list[str]:
    """The reliability table as text lines (docs/tuning.md's layout)."""
    lines = ["| predicted | positions | mean predicted | observed score |", "|---|---|---|---|"]
    for b in table:
        if b.count:
            lines.append(
                f"| {b.lo:.1f}–{b.hi:.1f} | {b.count} | {b.predicted:.3f} | {b.observed:.3f} |"
            )
    return lines
