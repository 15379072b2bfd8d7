"""Seeded sample games for benches and tests of the record analysis.

:func:`mixed_record` plays a game whose every ``every``-th move is random and
the others the engine's at a small depth: games with mistakes to mark and
explain, the same for the same seed.
"""

from __future__ import annotations

import random
from typing import Any

from safari_ai.position import Position
from safari_ai.record import GameRecord

__all__ = ["mixed_record"]


def mixed_record(
    game: str,
    rules: dict[str, Any] | None = None,
    seed: int = 0,
    plies: int = 200,
    depth: int = 1,
    every: int = 3,
    first_random: int = 0,
) -> GameRecord:
    """A seeded game of at most ``plies`` plies: a random move at the plies
    ``p`` with ``p % every == first_random``, else the engine's at ``depth``
    (max-n expectimax in a race); chance outcomes drawn by their probability."""
    from safari_ai.search import analyse
    from safari_ai.settings import Settings

    rng = random.Random(seed)
    pos = Position.new(game, rules or {})
    record = GameRecord(start=pos.to_json())
    settings = Settings.of(
        depth=depth, seed=seed, multiplayer="auto" if pos.facts.zero_sum else "maxn"
    )
    for ply in range(plies):
        if pos.is_terminal():
            break
        if pos.is_chance():
            outcomes, weights = zip(*pos.chance_outcomes())
            move = rng.choices(outcomes, [float(w) for w in weights])[0]
        elif ply % every == first_random:
            move = rng.choice(pos.legal_moves())
        else:
            move = str(analyse(pos, settings).best_move)
        record.add("chance" if pos.is_chance() else pos.to_move, move)
        pos = pos.apply(move)
    return record
