"""The C rules against the pure-Python reference, over seeded random playouts.

For every game that both the C core and ``tests/reference`` have, and every
variant the reference lists in ``VARIANTS``, seeded games are played; at
every position the two must agree on whose turn it is, the sorted legal moves,
the chance outcomes with their exact probabilities, the successor position (the
whole canonical JSON) and the result. A failure prints the moves that led there
and a diff of the two positions.

The default suite plays the first seeds of each variant (``DEFAULT_PLAYOUTS``,
fewer for the long ostrich races); the thorough checks (``pytest -m slow``)
play the remaining seeds up to ``PLAYOUTS`` in chunks of ``CHUNK`` games, one
test each, so that the workers share them evenly.
"""

from __future__ import annotations

import difflib
import json
import operator
from typing import Any

import pytest
from conftest import DEFAULT_PLAYOUTS, PLAYOUTS, reference_module
from playout import MAX_PLIES, pick_move, pick_outcome, rng_for

import safari_ai

GAMES = list(safari_ai.game_names())  # every registered game, in the registry's order

# Ostrich games are long (about 195 plies, a roll of 1,512 outcomes each
# turn): every player count, with and without the lion, gets PLAYOUTS games;
# the variants that only switch one scoring or terrain option get a fifth of
# that. In the default suite an ostrich variant plays a tenth of the seeds
# the other games play (an ostrich race costs ~30 times a turtles game).
OPTION_VARIANTS = {"ostrich": {"no_berries", "berry_end", "quicksand_stop", "last_tie_none"}}
DEFAULT_SHARE = {"ostrich": 10}
CHUNK = 100


def _seed_ranges(game: str, variant: str) -> list[tuple[int, int, bool]]:
    """``(first, stop, slow)`` seed ranges: the default suite's, then the thorough chunks."""
    total = PLAYOUTS // 5 if variant in OPTION_VARIANTS.get(game, ()) else PLAYOUTS
    default = min(total, max(1, DEFAULT_PLAYOUTS // DEFAULT_SHARE.get(game, 1)))
    ranges = [(0, default, False)]
    ranges += [(first, min(first + CHUNK, total), True) for first in range(default, total, CHUNK)]
    return ranges


def _variants() -> list[Any]:
    params = []
    for game in GAMES:
        try:
            module = __import__(f"reference.{game}", fromlist=["VARIANTS"])
        except ModuleNotFoundError:
            params.append(
                pytest.param(
                    game, None, 0, 0, marks=pytest.mark.skip(reason=f"no reference for {game} yet")
                )
            )
            continue
        for name in getattr(module, "VARIANTS", {"default": {}}):
            for first, stop, slow in _seed_ranges(game, name):
                params.append(
                    pytest.param(
                        game,
                        name,
                        first,
                        stop,
                        id=f"{game}-{name}-{first}-{stop}",
                        marks=[pytest.mark.slow] if slow else [],
                    )
                )
    return params


def _diff(engine: dict[str, Any], reference: dict[str, Any]) -> str:
    left = json.dumps(engine, indent=1, sort_keys=True).splitlines()
    right = json.dumps(reference, indent=1, sort_keys=True).splitlines()
    return "\n".join(difflib.unified_diff(left, right, "engine (C)", "reference", lineterm=""))


class Mismatch(AssertionError):
    pass


class VerifiedLists:
    """Remembers pairs of outcome lists already found equal.

    A dice game meets the same distribution again and again (an ostrich roll
    has 1,512 outcomes), and both sides hand back the same element objects each
    time; comparing 1,512 Fractions per roll was most of the cross-check's time.
    A pair whose elements are, one by one, the very objects of a pair found
    equal before is equal: the check is by identity, and the remembered lists
    keep those objects alive so that no id is reused.

    At most ``LIMIT`` pairs are remembered (then all are forgotten at once,
    which lets their ids be reused safely). Unbounded, they grew by some 6,000
    live objects a race: after the slow suite's playouts a worker held tens of
    millions, each full garbage collection took many seconds, and the last
    one, in pytest's unconfigure after the worker had reported, outlasted
    pytest-xdist's shutdown grace (execnet interrupts its worker with SIGINT
    after 5 s, which CI printed as a KeyboardInterrupt in Hypothesis's gc
    callback). A bounded memo checks a race as fast: the same distributions
    recur within a few games.
    """

    LIMIT = 2048

    def __init__(self) -> None:
        self.pairs: dict[tuple[int, int, int], tuple[list[Any], list[Any]]] = {}

    def equal(self, engine: list[Any], reference: list[Any]) -> bool:
        if not engine or not reference or len(engine) != len(reference):
            return engine == reference
        if len(self.pairs) >= self.LIMIT:
            self.pairs.clear()
        key = (id(engine[0]), id(reference[0]), len(engine))
        known = self.pairs.get(key)
        if (
            known is not None
            and all(map(operator.is_, engine, known[0]))
            and all(map(operator.is_, reference, known[1]))
        ):
            return True
        if engine != reference:
            return False
        self.pairs[key] = (list(engine), list(reference))
        return True


VERIFIED = VerifiedLists()


def _check(condition: bool, what: str, history: list[str], engine: Any, reference: Any) -> None:
    if not condition:
        detail = (
            _diff(engine, reference)
            if isinstance(engine, dict)
            else (f"  engine:    {engine!r}\n  reference: {reference!r}")
        )
        raise Mismatch(f"{what} differ after moves {' '.join(history) or '(start)'}\n{detail}")


def play_one(game: str, rules: dict[str, Any], seed: str) -> int:
    """Plays one seeded game on both implementations; returns its length."""
    ref = reference_module(game)
    rng = rng_for(seed)
    ref_pos = ref.new_position(rules)
    pos = safari_ai.Position.new(game, rules)
    history: list[str] = []
    _check(pos.to_json() == ref_pos, "start positions", history, pos.to_json(), ref_pos)
    for _ in range(MAX_PLIES):
        who = ref.to_move(ref_pos)
        _check(pos.to_move == who, "to_move", history, pos.to_move, who)
        if who == "terminal":
            _check(
                pos.result() == ref.result(ref_pos),
                "results",
                history,
                pos.result(),
                ref.result(ref_pos),
            )
            return len(history)
        if who == "chance":
            outcomes = ref.chance_outcomes(ref_pos)
            engine_outcomes = pos.chance_outcomes()
            _check(
                VERIFIED.equal(engine_outcomes, outcomes),
                "chance outcomes",
                history,
                engine_outcomes,
                outcomes,
            )
            move = pick_outcome(rng, outcomes)
        else:
            moves = ref.legal_moves(ref_pos)
            engine_moves = pos.legal_moves()
            _check(engine_moves == moves, "legal moves", history, engine_moves, moves)
            move = pick_move(rng, moves)
        history.append(move)
        ref_pos = ref.apply(ref_pos, move)
        pos = pos.apply(move)
        engine_json = pos.to_json()
        _check(engine_json == ref_pos, "positions", history, engine_json, ref_pos)
    raise Mismatch(f"no end after {MAX_PLIES} plies: {' '.join(history[:50])} ...")


@pytest.mark.parametrize(("game", "variant", "first", "stop"), _variants())
def test_engine_matches_reference(game: str, variant: str, first: int, stop: int) -> None:
    if game not in safari_ai.game_names():
        pytest.skip(f"the C core has no {game} yet")
    rules = reference_module(game).VARIANTS[variant]
    lengths = [play_one(game, rules, f"{game}/{variant}/{i}") for i in range(first, stop)]
    assert len(lengths) == stop - first and min(lengths) >= 1
