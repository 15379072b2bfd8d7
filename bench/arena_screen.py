"""What the arena screens share (bench/arena_fight_allocation.py,
bench/arena_keep_away.py): the stand-up fight's odds, a match player that
overrides some of the engine's moves, and the symmetric in-process match
that measures it.

A screen's player A is the engine at a fixed depth with some of its moves
replaced; player B is the same engine choosing every move by its search.
Both play in this process, at one build, on duplicate dice (each deal twice,
A in each seat), so the result is a symmetric match; the pentanomial counts
deals by A's points in them (0, ½, 1, 1½, 2).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import safari_ai
import safari_ai.match as match
from safari_ai.executors import ProcessBackend
from safari_ai.stats import elo_pentanomial

FIGHT = safari_ai.feature_names("arena").index("fight")


def fight_chance(pos: Any, side: int) -> float:
    """``side``'s chance to win the stand-up fight from ``pos`` (the feature is
    100 x the log-odds that side 0 wins)."""
    side0 = 1 / (1 + math.exp(-pos.features()[FIGHT] / 100))
    return side0 if side == 0 else 1 - side0


class OverridingPlayer:
    """A match player (``match.make_player``'s shape) that plays
    :meth:`override`'s move where it gives one and ``inner``'s elsewhere."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.overridden = 0

    def override(self, pos: Any, legal: list[str]) -> str | None:
        """The move to play instead of the search's, or None to search."""
        raise NotImplementedError

    def __call__(self, pos: Any, rng: random.Random) -> tuple[str, str | None]:
        move = self.override(pos, [str(m) for m in pos.legal_moves()])
        if move is not None:
            self.overridden += 1
            return move, None
        result: tuple[str, str | None] = self.inner(pos, rng)
        return result

    def observe(self, move: str) -> None:
        self.inner.observe(move)

    def close(self) -> None:
        getattr(self.inner, "close", lambda: None)()


def run_screen(
    name: str, wrap: Callable[[Any], Any], deals: int, seed: int, depth: int, workers: int = 1
) -> list[int]:
    """Play ``deals`` duplicate deals of A (the engine at ``depth`` wrapped by
    ``wrap``) against B (the same engine), print the pentanomial, A's Elo and
    its games, and return the pentanomial."""
    a = match.parse_spec(f"name={name},algo=expectimax,depth={depth}")
    b = match.parse_spec(f"name=search,algo=expectimax,depth={depth}")
    plain_player = match.make_player

    def make_player(spec: match.PlayerSpec) -> Any:
        player = plain_player(spec)
        return wrap(player) if spec.label() == a.label() else player

    match.make_player = make_player  # type: ignore[assignment]
    try:
        jobs = match.make_jobs("arena", {}, a, b, 2 * deals, seed, 2, duplicate=2)
        summary = match.run_match(jobs, backend=ProcessBackend(workers))
    finally:
        match.make_player = plain_player  # type: ignore[assignment]
    pairs = summary.pentanomial()
    score, elo, half = elo_pentanomial(pairs)
    print(f"deals {sum(pairs)}, pairs (A's points 0, 1/2, 1, 3/2, 2) {pairs}")
    print(f"A's score {score:.4f}: {elo:+.1f} ± {half:.1f} Elo (95 %)")
    print(
        f"games {summary.games}: A wins {summary.wins}, draws {summary.draws}, losses {summary.losses}"
    )
    return pairs
