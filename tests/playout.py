"""Seeded random playouts shared by the cross-check and the contract tests.

A playout picks uniformly among the sorted legal moves and picks chance outcomes
by their exact probabilities, from a ``random.Random`` seeded with a string, so
that the C engine and the reference make the same choices.
"""
from __future__ import annotations

import random
from fractions import Fraction
from typing import Sequence

# No game of this project lasts this long; a playout that does is a bug.
MAX_PLIES = 20_000


def rng_for(*parts: object) -> random.Random:
    """A generator seeded by a stable string (str seeds hash with SHA-512)."""
    return random.Random("/".join(str(part) for part in parts))


def pick_move(rng: random.Random, moves: Sequence[str]) -> str:
    """A uniform choice among legal moves."""
    return moves[rng.randrange(len(moves))]


def pick_outcome(rng: random.Random, outcomes: Sequence[tuple[str, Fraction]]) -> str:
    """A chance outcome drawn with its probability."""
    point = Fraction(rng.randrange(1 << 53), 1 << 53)
    cumulative = Fraction(0)
    for outcome, probability in outcomes:
        cumulative += probability
        if point < cumulative:
            return outcome
    return outcomes[-1][0]
