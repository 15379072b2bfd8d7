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
"""
from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["mean_interval", "elo", "score_to_elo", "elo_to_score", "llr", "sprt", "sprt_bounds", "SprtResult"]


def elo_to_score(elo_diff: float) -> float:
    """Expected score of a player ``elo_diff`` points stronger: 1 / (1 + 10^(-d/400))."""
    return 1.0 / (1.0 + 10.0 ** (-elo_diff / 400.0))


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
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / n
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
    counts = [max(1e-3, float(c)) for c in (losses, draws, wins)]
    n = sum(counts)
    pdf = [(0.0, counts[0] / n), (0.5, counts[1] / n), (1.0, counts[2] / n)]
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
        return (f"LLR {self.llr:.2f} (bounds {self.lower:.2f}, {self.upper:.2f}): "
                f"{meaning[self.verdict]}")


def sprt(wins: int, draws: int, losses: int, elo0: float, elo1: float,
         alpha: float = 0.05, beta: float = 0.05) -> SprtResult:
    value = llr(wins, draws, losses, elo0, elo1)
    lower, upper = sprt_bounds(alpha, beta)
    verdict = "H1" if value >= upper else "H0" if value <= lower else "continue"
    return SprtResult(value, lower, upper, verdict)
