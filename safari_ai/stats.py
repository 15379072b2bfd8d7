"""Match statistics: score, Elo difference with its error, and the SPRT.

* :func:`elo` — the logistic Elo difference of a W/D/L score with the half-width
  of its 95% interval (delta method on the trinomial variance of one game's score).
* :func:`mean_interval` — a sample's mean and the half-width of its 95%
  interval (normal approximation, sample standard deviation), for results that
  are not win/draw/loss, such as the ostrich race's points.
* :func:`llr` — the generalized log-likelihood ratio of H1: elo = elo1 against
  H0: elo = elo0 for trinomial results, as fishtest's ``LLR_logistic`` computes
  it (M. Van den Bergh's GSPRT): each hypothesis' trinomial is the maximum
  likelihood one whose expected score is that of its Elo; counts of 0 are taken
  as 1e-3 so the estimate stays inside the simplex.
* :func:`sprt` — the verdict for alpha, beta: ``H1`` when the LLR reaches
  log((1-beta)/alpha), ``H0`` when it falls to log(beta/(1-alpha)), else ``continue``.

Games come in colour-swapped pairs on one opening, and the two games of a pair
are not independent (an opening that favours one colour gives one win and one
loss). The **pentanomial** figures treat the pair as the unit:

* :func:`pentanomial` — the counts of pairs by A's points in the pair, 0, 0.5,
  1, 1.5 or 2 (LL; LD or DL; DD, WL or LW; WD or DW; WW);
* :func:`elo_pentanomial` — the Elo difference and its 95% half-width from the
  variance of the pair's mean score (values 0, 1/4, 1/2, 3/4, 1), over the
  number of pairs;
* :func:`llr_pentanomial`, :func:`sprt_pentanomial` — the GSPRT on the pair
  distribution (five values instead of three, one sample a pair), as fishtest
  computes it for its pentanomial tests.

docs/strength.md says when the two differ.

A race of three to five players has no Elo. Played in the duplicate format
(every seat rotation of one deal on the same dice, :mod:`safari_ai.match`), the
unit is the **deal**, and its figure A's mean margin over the other seats in
the deal's games (points a race):

* :func:`llr_normal`, :func:`sprt_normal` — the GSPRT on the mean of such
  per-deal values: H0 mean = m0 against H1 mean = m1, the values taken as
  normal with their sample variance (the approximation fishtest makes for its
  normalised tests): LLR = (m1 - m0) / var * (sum x - n (m0 + m1) / 2).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = [
    "mean_interval",
    "elo",
    "score_to_elo",
    "elo_to_score",
    "llr",
    "sprt",
    "sprt_bounds",
    "SprtResult",
    "pentanomial",
    "elo_pentanomial",
    "llr_pentanomial",
    "sprt_pentanomial",
    "PAIR_VALUES",
    "llr_normal",
    "sprt_normal",
]

PAIR_VALUES = (0.0, 0.25, 0.5, 0.75, 1.0)
"""A pair's mean score per game for each pentanomial count (A's points in the pair / 2)."""


def elo_to_score(elo_diff: float) -> float:
    """Expected score of a player ``elo_diff`` points stronger: 1 / (1 + 10^(-d/400))."""
    return float(1.0 / (1.0 + 10.0 ** (-elo_diff / 400.0)))  # float ** float is typed Any


def score_to_elo(score: float) -> float:
    """The inverse of :func:`elo_to_score`, for 0 < score < 1."""
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo(wins: int, draws: int, losses: int, z: float = 1.96) -> tuple[float, float, float]:
    """(score, Elo difference, half-width of its interval) from the first player's side.

    A 0% or 100% score has no finite Elo; it is clipped to half a point off
    (0.5/N), which gives the bound shown as ``> +X``.
    """
    n = wins + draws + losses
    if n == 0:
        raise ValueError("no games")
    score = (wins + draws / 2) / n
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2) / n
    clipped = min(max(score, 0.5 / n), 1 - 0.5 / n)
    difference = score_to_elo(clipped)
    slope = 400 / (math.log(10) * clipped * (1 - clipped))
    return score, difference, z * slope * math.sqrt(variance / n)


def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float]:
    """(mean, half-width of its interval) of ``values``: z * s / sqrt(n) with s
    the sample standard deviation (0 for a single value)."""
    n = len(values)
    if n == 0:
        raise ValueError("no values")
    mean = sum(values) / n
    if n == 1:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, z * math.sqrt(variance / n)


def _mle_expected(pdf: list[tuple[float, float]], s: float) -> list[tuple[float, float]]:
    """The distribution on the same values, of mean ``s``, that maximises
    sum(p_hat * log p): p_i = p_hat_i / (1 + x (a_i - s)), x found by bisection so
    that the mean is s (Lagrange multiplier)."""
    lo = -1.0 / max(a - s for a, _ in pdf) if max(a - s for a, _ in pdf) > 0 else -1e9
    hi = -1.0 / min(a - s for a, _ in pdf) if min(a - s for a, _ in pdf) < 0 else 1e9
    # sum p_hat (a - s) / (1 + x (a - s)) is decreasing in x on (lo, hi)
    eps = 1e-12
    lo, hi = lo + eps * abs(lo) + eps, hi - eps * abs(hi) - eps
    for _ in range(200):
        mid = (lo + hi) / 2
        value = sum(p * (a - s) / (1 + mid * (a - s)) for a, p in pdf)
        if value > 0:
            lo = mid
        else:
            hi = mid
    x = (lo + hi) / 2
    return [(a, p / (1 + x * (a - s))) for a, p in pdf]


def llr(wins: int, draws: int, losses: int, elo0: float, elo1: float) -> float:
    """The GSPRT log-likelihood ratio of H1 (elo1) over H0 (elo0), trinomial model."""
    return _llr([0.0, 0.5, 1.0], [losses, draws, wins], elo0, elo1)


def _llr(values: list[float], counts: list[int], elo0: float, elo1: float) -> float:
    """n * sum p_hat log(p1 / p0): the empirical distribution of ``values``
    (counts of 0 taken as 1e-3) against the nearest ones of mean score elo0, elo1."""
    regular = [max(1e-3, float(c)) for c in counts]
    n = sum(regular)
    pdf = [(a, c / n) for a, c in zip(values, regular)]
    pdf0 = _mle_expected(pdf, elo_to_score(elo0))
    pdf1 = _mle_expected(pdf, elo_to_score(elo1))
    return n * sum(p * math.log(p1 / p0) for (_, p), (_, p0), (_, p1) in zip(pdf, pdf0, pdf1))


def sprt_bounds(alpha: float = 0.05, beta: float = 0.05) -> tuple[float, float]:
    """(lower, upper) LLR bounds: log(beta/(1-alpha)), log((1-beta)/alpha)."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


@dataclass(frozen=True)
class SprtResult:
    llr: float
    lower: float
    upper: float
    verdict: str  # "H0", "H1" or "continue"

    def text(self) -> str:
        meaning = {"H1": "H1 accepted", "H0": "H0 accepted", "continue": "no verdict yet"}
        return (
            f"LLR {self.llr:.2f} (bounds {self.lower:.2f}, {self.upper:.2f}): "
            f"{meaning[self.verdict]}"
        )


def sprt(
    wins: int,
    draws: int,
    losses: int,
    elo0: float,
    elo1: float,
    alpha: float = 0.05,
    beta: float = 0.05,
) -> SprtResult:
    value = llr(wins, draws, losses, elo0, elo1)
    lower, upper = sprt_bounds(alpha, beta)
    verdict = "H1" if value >= upper else "H0" if value <= lower else "continue"
    return SprtResult(value, lower, upper, verdict)


def pentanomial(pairs: list[tuple[int, int]]) -> list[int]:
    """The five counts of pairs by A's points in the pair, from A's two game
    scores (+1 win, 0 draw, -1 loss) of each pair: index 0 for two losses, 2 for
    a win and a loss or two draws, 4 for two wins."""
    counts = [0] * 5
    for first, second in pairs:
        for score in (first, second):
            if score not in (-1, 0, 1):
                raise ValueError(f"pair score {score!r}: +1, 0 or -1")
        counts[first + second + 2] += 1
    return counts


def _check_pentanomial(counts: list[int]) -> int:
    if len(counts) != 5 or any(c < 0 for c in counts):
        raise ValueError(f"pentanomial counts {counts!r}: five counts >= 0")
    pairs = sum(counts)
    if pairs == 0:
        raise ValueError("no complete pairs")
    return pairs


def elo_pentanomial(counts: list[int], z: float = 1.96) -> tuple[float, float, float]:
    """(score, Elo difference, half-width of its interval) from the pentanomial
    counts: the score is the mean of the pairs' mean scores (:data:`PAIR_VALUES`),
    its variance the pairs' sample variance (divisor N) over N pairs. A 0% or
    100% score is clipped to half a point off in 2N games (0.25/N)."""
    pairs = _check_pentanomial(counts)
    score = sum(c * v for c, v in zip(counts, PAIR_VALUES)) / pairs
    variance = sum(c * (v - score) ** 2 for c, v in zip(counts, PAIR_VALUES)) / pairs
    clipped = min(max(score, 0.25 / pairs), 1 - 0.25 / pairs)
    slope = 400 / (math.log(10) * clipped * (1 - clipped))
    return score, score_to_elo(clipped), z * slope * math.sqrt(variance / pairs)


def llr_pentanomial(counts: list[int], elo0: float, elo1: float) -> float:
    """The GSPRT log-likelihood ratio of H1 (elo1) over H0 (elo0) on pairs: as
    :func:`llr` with the five pair values of :data:`PAIR_VALUES` and one sample a pair."""
    _check_pentanomial(counts)
    return _llr(list(PAIR_VALUES), list(counts), elo0, elo1)


def sprt_pentanomial(
    counts: list[int], elo0: float, elo1: float, alpha: float = 0.05, beta: float = 0.05
) -> SprtResult:
    """The SPRT verdict from :func:`llr_pentanomial` (bounds as :func:`sprt`)."""
    value = llr_pentanomial(counts, elo0, elo1)
    lower, upper = sprt_bounds(alpha, beta)
    verdict = "H1" if value >= upper else "H0" if value <= lower else "continue"
    return SprtResult(value, lower, upper, verdict)


def llr_normal(values: list[float], m0: float, m1: float) -> float:
    """The GSPRT log-likelihood ratio of H1 (mean ``m1``) over H0 (mean ``m0``)
    for independent values taken as normal with the sample variance ``var``
    (divisor n): (m1 - m0) / var * (sum(values) - n (m0 + m1) / 2).

    :raises ValueError: fewer than two values, or values that do not vary
        (no variance to scale the evidence by).
    """
    n = len(values)
    if n < 2:
        raise ValueError("the GSPRT on means needs at least two values")
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / n
    if variance <= 0:
        raise ValueError("the values do not vary: no variance")
    return (m1 - m0) / variance * (sum(values) - n * (m0 + m1) / 2)


SPRT_NORMAL_MIN_VALUES = 10
"""Values :func:`sprt_normal` needs before it gives a verdict: the variance of
a handful of values is itself a guess (a 3-player match once stopped on H0
after two deals, LLR -27, because they happened to agree)."""


def sprt_normal(
    values: list[float], m0: float, m1: float, alpha: float = 0.05, beta: float = 0.05
) -> SprtResult:
    """The SPRT verdict from :func:`llr_normal` (bounds as :func:`sprt`); with
    fewer than two values, or values that do not vary yet, LLR 0 and no verdict;
    with fewer than :data:`SPRT_NORMAL_MIN_VALUES`, the LLR but no verdict."""
    try:
        value = llr_normal(values, m0, m1)
    except ValueError:
        value = 0.0
    lower, upper = sprt_bounds(alpha, beta)
    verdict = (
        "continue"
        if len(values) < SPRT_NORMAL_MIN_VALUES
        else "H1"
        if value >= upper
        else "H0"
        if value <= lower
        else "continue"
    )
    return SprtResult(value, lower, upper, verdict)
