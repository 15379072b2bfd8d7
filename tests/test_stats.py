"""Elo, its error and the GSPRT log-likelihood ratio against hand-computed values."""

from __future__ import annotations

import math

import pytest

from safari_ai.stats import (
    elo,
    elo_pentanomial,
    elo_to_score,
    llr,
    llr_pentanomial,
    mean_interval,
    pentanomial,
    score_to_elo,
    sprt,
    sprt_bounds,
    sprt_pentanomial,
)


def test_elo_of_even_and_lopsided_scores() -> None:
    assert elo(10, 0, 10)[:2] == (0.5, 0.0)
    # 75%: -400 log10(1/0.75 - 1) = 400 log10(3) = 190.85
    score, difference, _ = elo(3, 0, 1)
    assert score == 0.75 and difference == pytest.approx(400 * math.log10(3))
    assert score_to_elo(elo_to_score(123.0)) == pytest.approx(123.0)


def test_elo_error_by_hand() -> None:
    # 6 W, 2 D, 2 L: score 0.7; per-game variance (6*.09 + 2*.04 + 2*.49)/10 = 0.16;
    # slope 400 / (ln 10 * 0.21); half-width 1.96 * slope * sqrt(0.016)
    score, difference, error = elo(6, 2, 2)
    assert score == pytest.approx(0.7)
    assert difference == pytest.approx(-400 * math.log10(1 / 0.7 - 1))
    assert error == pytest.approx(1.96 * 400 / (math.log(10) * 0.21) * math.sqrt(0.016))


def test_the_recorded_strength_rows() -> None:
    # docs/history/strength-notebook.md: 195/0/5 -> +636 ± 154; 200/0/0 -> bound +1040
    _, difference, error = elo(195, 0, 5)
    assert round(difference) == 636 and round(error) == 154
    assert round(elo(200, 0, 0)[1]) == 1040


def test_llr_without_draws_is_the_binomial_ratio() -> None:
    # With no draws the constrained MLE puts the win probability at s itself, so
    # LLR = W log(s1/s0) + L log((1-s1)/(1-s0)) (up to the 1e-3 pseudo-count of draws).
    s0, s1 = elo_to_score(0), elo_to_score(10)
    expected = 60 * math.log(s1 / s0) + 40 * math.log((1 - s1) / (1 - s0))
    assert llr(60, 0, 40, 0, 10) == pytest.approx(expected, abs=1e-4)


def test_llr_is_zero_midway_and_antisymmetric() -> None:
    assert llr(30, 40, 30, -5, 5) == pytest.approx(0.0, abs=1e-9)
    assert llr(40, 20, 30, 0, 10) == pytest.approx(-llr(30, 20, 40, -10, 0), abs=1e-9)


def test_llr_with_draws_by_hand() -> None:
    # W/D/L 50/20/30, H0 elo 0 (s0 = 0.5: the MLE of mean 0.5 given p_hat (.3,.2,.5)):
    # p_i = p_hat_i / (1 + x (a_i - s)); solve for x and compare with the routine.
    def constrained(s: float) -> list[float]:
        p_hat, a = [0.3, 0.2, 0.5], [0.0, 0.5, 1.0]
        lo, hi = -1 / (1 - s) + 1e-12, 1 / s - 1e-12
        for _ in range(200):
            x = (lo + hi) / 2
            if sum(p * (ai - s) / (1 + x * (ai - s)) for p, ai in zip(p_hat, a)) > 0:
                lo = x
            else:
                hi = x
        return [p / (1 + x * (ai - s)) for p, ai in zip(p_hat, a)]

    p0, p1 = constrained(0.5), constrained(elo_to_score(20))
    assert sum(p * ai for p, ai in zip(p0, [0, 0.5, 1])) == pytest.approx(0.5)
    expected = 100 * sum(ph * math.log(b / c) for ph, b, c in zip([0.3, 0.2, 0.5], p1, p0))
    assert llr(50, 20, 30, 0, 20) == pytest.approx(expected, rel=1e-6)


def test_sprt_bounds_and_verdicts() -> None:
    lower, upper = sprt_bounds(0.05, 0.05)
    assert upper == pytest.approx(math.log(19)) and lower == pytest.approx(-math.log(19))
    assert sprt(90, 0, 10, 0, 100).verdict == "H1"
    assert sprt(10, 0, 90, 0, 100).verdict == "H0"
    assert sprt(5, 0, 5, 0, 100).verdict == "continue"


def test_mean_interval_by_hand() -> None:
    # 2, 4, 4, 6: mean 4, sample variance (4 + 0 + 0 + 4) / 3, half-width 1.96 sqrt(8/3/4)
    mean, half = mean_interval([2, 4, 4, 6])
    assert mean == 4 and half == pytest.approx(1.96 * math.sqrt(8 / 3 / 4))
    assert mean_interval([7.5]) == (7.5, 0.0)
    with pytest.raises(ValueError):
        mean_interval([])


# -- pentanomial: colour-swapped pairs as the unit ----------------------------


def test_pentanomial_counts_pairs_by_points() -> None:
    # A's scores (+1/0/-1) in the two games: LL -> 0 points, LD -> 0.5, WL and DD -> 1,
    # WD -> 1.5, WW -> 2
    pairs = [(-1, -1), (-1, 0), (1, -1), (0, 0), (-1, 1), (0, 1), (1, 1), (1, 1)]
    assert pentanomial(pairs) == [1, 1, 3, 1, 2]
    with pytest.raises(ValueError):
        pentanomial([(2, 0)])


def test_pentanomial_elo_and_error_by_hand() -> None:
    # counts 1 LL, 2 even pairs, 1 WW: pair values 0, .5, .5, 1; mean .5 -> Elo 0;
    # variance (.25 + 0 + 0 + .25) / 4 = .125; half-width 1.96 * 400 / (ln 10 * .25) * sqrt(.125 / 4)
    score, difference, error = elo_pentanomial([1, 0, 2, 0, 1])
    assert score == 0.5 and difference == 0.0
    assert error == pytest.approx(1.96 * 400 / (math.log(10) * 0.25) * math.sqrt(0.125 / 4))
    # 10 pairs 0/1/3/2/4: mean (0*0 + 1*.25 + 3*.5 + 2*.75 + 4*1) / 10 = .725
    score, difference, error = elo_pentanomial([0, 1, 3, 2, 4])
    assert score == pytest.approx(0.725)
    variance = (1 * 0.475**2 + 3 * 0.225**2 + 2 * 0.025**2 + 4 * 0.275**2) / 10
    # (.225625 + 3 * .050625 + 2 * .000625 + 4 * .075625) / 10
    assert variance == pytest.approx(0.068125)
    assert difference == pytest.approx(-400 * math.log10(1 / 0.725 - 1))
    assert error == pytest.approx(
        1.96 * 400 / (math.log(10) * 0.725 * 0.275) * math.sqrt(0.068125 / 10)
    )


def test_pairs_that_split_have_no_pentanomial_variance() -> None:
    # Every opening won by whoever had the better colour: W/L in every pair. The
    # trinomial sees 10 wins and 10 losses (variance .25 a game); the pairs all
    # score one point (variance 0): the colour, not the players, decided.
    _, tri_elo, tri_error = elo(10, 0, 10)
    _, pair_elo, pair_error = elo_pentanomial([0, 0, 10, 0, 0])
    assert tri_elo == pair_elo == 0.0
    assert tri_error == pytest.approx(1.96 * 400 / (math.log(10) * 0.25) * math.sqrt(0.25 / 20))
    assert pair_error == 0.0


def test_pentanomial_llr_of_two_valued_pairs_is_the_binomial_ratio() -> None:
    # Only LL and WW pairs: the constrained MLE keeps the mass on 0 and 1 with mean s,
    # so LLR = WW log(s1/s0) + LL log((1-s1)/(1-s0)), one sample a pair (up to the
    # 1e-3 pseudo-counts of the three empty values).
    s0, s1 = elo_to_score(0), elo_to_score(20)
    expected = 30 * math.log(s1 / s0) + 20 * math.log((1 - s1) / (1 - s0))
    assert llr_pentanomial([20, 0, 0, 0, 30], 0, 20) == pytest.approx(expected, abs=1e-3)


def test_pentanomial_llr_by_hand_with_the_lagrange_solution() -> None:
    counts = [3, 10, 40, 25, 22]
    values = [0, 0.25, 0.5, 0.75, 1]
    p_hat = [c / 100 for c in counts]

    def constrained(s: float) -> list[float]:
        lo, hi = -1 / (1 - s) + 1e-12, 1 / s - 1e-12
        for _ in range(200):
            x = (lo + hi) / 2
            if sum(p * (v - s) / (1 + x * (v - s)) for p, v in zip(p_hat, values)) > 0:
                lo = x
            else:
                hi = x
        return [p / (1 + x * (v - s)) for p, v in zip(p_hat, values)]

    p0, p1 = constrained(elo_to_score(0)), constrained(elo_to_score(30))
    assert sum(p * v for p, v in zip(p1, values)) == pytest.approx(elo_to_score(30))
    expected = 100 * sum(ph * math.log(b / a) for ph, a, b in zip(p_hat, p0, p1))
    assert llr_pentanomial(counts, 0, 30) == pytest.approx(expected, rel=1e-6)
    assert sprt_pentanomial(counts, 0, 30).llr == pytest.approx(expected, rel=1e-6)


def test_pentanomial_sprt_verdicts_and_bad_counts() -> None:
    assert sprt_pentanomial([0, 0, 5, 10, 35], 0, 100).verdict == "H1"
    assert sprt_pentanomial([35, 10, 5, 0, 0], 0, 100).verdict == "H0"
    assert sprt_pentanomial([1, 0, 1, 0, 1], 0, 100).verdict == "continue"
    for bad in ([0, 0, 0, 0, 0], [1, 2, 3], [1, -1, 0, 0, 0]):
        with pytest.raises(ValueError):
            elo_pentanomial(bad)
