"""A slow, independent reading of the stand-up duel that the arena's `fight`
feature values (csrc/games/arena_fight.c), written from the rule book:

* each round every gladiator rolls its Speed dice for the initiative (§5.2),
  compared die by die from the highest (``lexicographic``) or by totals
  (``sum``); equal rolls roll again; the winner chooses who strikes first;
* a blow rolls the attacker's Attack dice against the target's Defense dice,
  sorted and paired highest with highest: a wound for each pair the Attack
  die wins outright and for each unpaired Attack die showing 3 or more (§5.5);
* k wounds beyond the target's spare dice (a + d + s - 3) beat it; otherwise
  its side removes them from its pools as suits it best, keeping each at 1 or
  more (§5.6);
* both gladiators stand next to each other and strike once a round; no
  movement, no round cap.

`win_chance(g0, g1, rule)` is side 0's chance to win. A round in which
neither blow wounds comes back to the same dice, so a round's value is
solved for directly: V = (P0 max F + P1 min F) / (1 - q0 q1), F being the
round without that path."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial

Dice = tuple[int, int, int]  # attack, defense, speed


@lru_cache(None)
def sorted_rolls(n: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every roll of n dice sorted high to low, with its number of ways."""
    out = []
    for faces in combinations_with_replacement(range(6, 0, -1), n):
        ways = factorial(n)
        for count in Counter(faces).values():
            ways //= factorial(count)
        out.append((faces, ways))
    return tuple(out)


@lru_cache(None)
def wound_odds(attack: int, defense: int) -> tuple[Fraction, ...]:
    """P(k wounds), k = 0..attack, of one blow."""
    ways = [0] * (attack + 1)
    for a_roll, a_ways in sorted_rolls(attack):
        for d_roll, d_ways in sorted_rolls(defense):
            k = sum(
                1
                for i, a in enumerate(a_roll)
                if (i < defense and a > d_roll[i]) or (i >= defense and a >= 3)
            )
            ways[k] += a_ways * d_ways
    total = 6 ** (attack + defense)
    return tuple(Fraction(w, total) for w in ways)


@lru_cache(None)
def initiative_odds(s0: int, s1: int, rule: str) -> Fraction:
    """Side 0's chance to win the initiative, equal rolls rolled again."""
    win = lose = 0
    for r0, w0 in sorted_rolls(s0):
        for r1, w1 in sorted_rolls(s1):
            if rule == "sum":
                k0, k1 = sum(r0), sum(r1)
            else:  # tuples compare die by die; a roll that starts the other is lower
                k0, k1 = r0, r1
            if k0 > k1:
                win += w0 * w1
            elif k0 < k1:
                lose += w0 * w1
    return Fraction(win, win + lose)


def splits(g: Dice, k: int) -> list[Dice]:
    """The pools after losing k dice, each kept at 1 or more."""
    a, d, s = g
    return [
        (a - x, d - y, s - (k - x - y))
        for x in range(k + 1)
        for y in range(k - x + 1)
        if a - x >= 1 and d - y >= 1 and s - (k - x - y) >= 1
    ]


def win_chance(g0: Dice, g1: Dice, rule: str = "lexicographic") -> float:
    return float(_round(g0, g1, rule))


@lru_cache(None)
def _round(g0: Dice, g1: Dice, rule: str) -> Fraction:
    both_miss = wound_odds(g0[0], g1[1])[0] * wound_odds(g1[0], g0[1])[0]
    f = [_first_blow(g0, g1, side, rule) for side in (0, 1)]
    p0 = initiative_odds(g0[2], g1[2], rule)
    return (p0 * max(f) + (1 - p0) * min(f)) / (1 - both_miss)


def _struck(g0: Dice, g1: Dice, side: int, k: int, then) -> Fraction:
    """k wounds on `side`'s gladiator; then(g0, g1) values what follows."""
    target = (g0, g1)[side]
    if k > sum(target) - 3:
        return Fraction(0 if side == 0 else 1)
    values = [then(t, g1) if side == 0 else then(g0, t) for t in splits(target, k)]
    return max(values) if side == 0 else min(values)


def _first_blow(g0: Dice, g1: Dice, first: int, rule: str) -> Fraction:
    """The round with `first` striking first, without the path on which
    neither blow wounds."""
    second = 1 - first
    att, dfn = (g0, g1)[first], (g0, g1)[second]
    there = wound_odds(att[0], dfn[1])
    back = wound_odds(dfn[0], att[1])
    value = Fraction(0)
    for k in range(1, len(back)):  # the first blow misses, the answer wounds
        value += there[0] * back[k] * _struck(g0, g1, first, k, lambda x, y: _round(x, y, rule))
    for k in range(1, len(there)):
        value += there[k] * _struck(g0, g1, second, k, lambda x, y: _last_blow(x, y, second, rule))
    return value


@lru_cache(None)
def _last_blow(g0: Dice, g1: Dice, striker: int, rule: str) -> Fraction:
    att, dfn = (g0, g1)[striker], (g0, g1)[1 - striker]
    odds = wound_odds(att[0], dfn[1])
    value = odds[0] * _round(g0, g1, rule)
    for k in range(1, len(odds)):
        value += odds[k] * _struck(g0, g1, 1 - striker, k, lambda x, y: _round(x, y, rule))
    return value
