"""Seeded random playouts shared by the cross-check and the contract tests.

A playout picks uniformly among the sorted legal moves and picks chance outcomes
by their exact probabilities, from a ``random.Random`` seeded with a string, so
that the C engine and the reference make the same choices.
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Sequence
from fractions import Fraction
from itertools import accumulate

# No game of this project lasts this long; a playout that does is a bug.
MAX_PLIES = 20_000


def rng_for(*parts: object) -> random.Random:
    """A generator seeded by a stable string (str seeds hash with SHA-512)."""
    return random.Random("/".join(str(part) for part in parts))


def pick_move(rng: random.Random, moves: Sequence[str]) -> str:
    """A uniform choice among legal moves."""
    return moves[rng.randrange(len(moves))]


def pick_outcome(rng: random.Random, outcomes: Sequence[tuple[str, Fraction]]) -> str:
    """A chance outcome drawn with its exact probability.

    Probabilities are put over their common denominator and one integer is
    drawn: exact, and fast enough for a roll of 1,512 outcomes.
    """
    denominator = math.lcm(*{p.denominator for _, p in outcomes})
    cumulative = list(accumulate(p.numerator * (denominator // p.denominator) for _, p in outcomes))
    return outcomes[bisect.bisect_right(cumulative, rng.randrange(cumulative[-1]))][0]
