"""What a search reports: :class:`Report`, its :class:`Line` s and, at a
chance position, its :class:`Outcome` s.

The C core's report (``sa_report``) becomes a :class:`Report` in one step, in
the Cython skin (``_core.pyx``'s ``report_from_c``), for the final report and
for every progress report alike; nothing rebuilds or patches it afterwards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple

from safari_ai import _core

__all__ = ["Line", "Outcome", "Report", "SCORE_WIN", "margin"]


def margin(values: Sequence[float], player: int) -> float:
    """``player``'s margin in a race: its value less the mean of the other
    players' (what the race's search maximises under ``multiplayer=margin``,
    what its record analysis values decisions and luck by, and what a match
    scores)."""
    others = [float(v) for q, v in enumerate(values) if q != player]
    return float(values[player]) - sum(others) / len(others)


SCORE_WIN: int = _core.SCORE_WIN
"""A proven win's score at the root (``SA_SCORE_WIN``): a win in ``n`` plies
scores ``SCORE_WIN - n``."""


@dataclass(frozen=True)
class Line:
    """One principal variation with its score (for the player to move).

    ``expected`` (expectimax and MCTS; empty from alpha-beta): the line's
    expected result for every player, by player index. Arena and other
    two-player games: each side's win probability, a draw counting half
    (``(v + 1) / 2`` for the side's expected result ``v`` in [-1, 1]). Ostrich:
    each player's expected score in points.
    """

    score: int
    exact: bool
    pv: list[str]
    expected: list[float] = field(default_factory=list)

    @property
    def move(self) -> str:
        """The line's first move."""
        return self.pv[0]

    @property
    def score_text(self) -> str:
        """``cp N`` for a heuristic score, ``win N`` / ``loss N`` (plies) for a proven one."""
        if self.exact and self.score > 0:
            return f"win {SCORE_WIN - self.score}"
        if self.exact and self.score < 0:
            return f"loss {SCORE_WIN + self.score}"
        return f"cp {self.score}"


class Outcome(NamedTuple):
    """One outcome of a chance position, as expectimax valued it.

    ``probability`` is exact; ``expected`` is every player's expected result
    after the outcome (units as :attr:`Line.expected`), None when the search
    stopped before it reached the outcome; ``depth`` is the plies searched
    below it (0: the outcome ends the game); ``best`` the best move after it
    when a player chooses there; ``to_move`` who moves after it (a player
    index, ``"chance"`` or ``"terminal"``).
    """

    outcome: str
    probability: Fraction
    expected: list[float] | None
    depth: int = 0
    best: str | None = None
    to_move: int | str = "terminal"

    def to_json(self) -> dict[str, Any]:
        """``{"outcome", "probability": "p/q", "expected", "depth", "best", "to_move"}``:
        ``best`` the best move after the outcome (null when nobody chooses
        there), ``to_move`` who moves after it."""
        return {
            "outcome": self.outcome,
            "probability": f"{self.probability.numerator}/{self.probability.denominator}",
            "expected": self.expected,
            "depth": self.depth,
            "best": self.best,
            "to_move": self.to_move,
        }


@dataclass(frozen=True)
class Report:
    """What :func:`analyse` found. ``lines[0]`` is the best line.

    At a chance position there are no lines: :attr:`chance_expected` holds
    every player's expected result of the position and :attr:`outcomes` each
    outcome's (see :attr:`is_chance`).
    """

    algo: str
    depth: int
    seldepth: int
    nodes: int
    seconds: float
    lines: list[Line]
    win_probability: float | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    hashfull: int | None = None
    """Permille in use of the transposition table (alpha-beta) or of the node
    arena (MCTS); None without one."""
    reused: int = 0
    """:class:`MctsSession`: the visits the root already had from earlier
    searches (tree reuse), on top of this search's :attr:`nodes`; else 0."""
    threads: int = 1
    """Threads that searched."""
    outcomes: list[Outcome] = field(default_factory=list)
    """A chance position: every outcome, most probable first (equal
    probabilities by spelling); else empty."""
    chance_expected: list[float] | None = None
    """A chance position: every player's expected result of the position."""
    valued: int = 0
    """A chance position: how many outcomes were valued. Fewer than
    ``len(outcomes)`` only when the limits stopped the first iteration; the
    expectation is then an unbiased estimate from a seeded uniform sample of
    the outcomes (docs/search-expectimax.md)."""
    win_chances: list[float] | None = None
    """Score races (ostrich), from expectimax (max-n) and MCTS: every player's
    chance to win the race, by player index, a tie on top counting 1/k for
    each of the k tied players (they sum to 1). A fitted model of
    :attr:`expected` (the best line's, or the chance position's), computed in
    the core at every completed iteration (:meth:`Position.win_chances`;
    docs/tuning.md, "ostrich: win chances"). None for the two-player games,
    which report :attr:`win_probability`, and for searches without every
    player's expected result (paranoid)."""

    @property
    def is_chance(self) -> bool:
        """True for the report of a chance position (no move to choose)."""
        return self.chance_expected is not None

    @property
    def best_move(self) -> str | None:
        """The canonical spelling of the move the engine would play (None at a
        chance position)."""
        return self.lines[0].move if self.lines else None

    @property
    def score(self) -> int:
        """The best line's score, for the player to move."""
        return self.lines[0].score

    @property
    def pv(self) -> list[str]:
        """The principal variation."""
        return self.lines[0].pv if self.lines else []

    @property
    def expected(self) -> list[float] | None:
        """Every player's expected result: the position's at a chance
        position, else the best line's (dice games; None from alpha-beta)."""
        if self.chance_expected is not None:
            return self.chance_expected
        return self.lines[0].expected or None

    @property
    def nps(self) -> int:
        """Nodes per second."""
        return int(self.nodes / self.seconds) if self.seconds > 0 else 0

    def to_json(self) -> dict[str, Any]:
        """The report as JSON: ``bestmove``, ``score``, ``pv``, ``nodes``, ``depth`` and more
        (``expected``: the best line's :attr:`Line.expected`; ``win_chances``:
        :attr:`win_chances`, null when none; then :attr:`extra`). At a
        chance position ``bestmove`` is null and ``expected``, ``outcomes`` (each
        ``{"outcome", "probability": "p/q", "expected", ...}``) and ``valued`` say
        what the position and each outcome are worth."""
        if self.is_chance:
            out: dict[str, Any] = {
                "bestmove": None,
                "expected": self.chance_expected,
                "win_chances": self.win_chances,
                "outcomes": [o.to_json() for o in self.outcomes],
                "valued": self.valued,
                "nodes": self.nodes,
                "nps": self.nps,
                "depth": self.depth,
                "seldepth": self.seldepth,
                "seconds": round(self.seconds, 3),
                "algo": self.algo,
                "threads": self.threads,
            }
            for key, value in self.extra.items():
                out.setdefault(key, value)
            return out
        out = {
            "bestmove": self.best_move,
            "score": self.score,
            "score_text": self.lines[0].score_text,
            "pv": self.pv,
            "nodes": self.nodes,
            "nps": self.nps,
            "depth": self.depth,
            "seldepth": self.seldepth,
            "seconds": round(self.seconds, 3),
            "algo": self.algo,
            "win_probability": self.win_probability,
            "lines": [
                {
                    "move": line.move,
                    "score": line.score,
                    "score_text": line.score_text,
                    "pv": line.pv,
                    "expected": line.expected,
                }
                for line in self.lines
            ],
            "expected": self.lines[0].expected,
            "win_chances": self.win_chances,
            "reused": self.reused,
            "threads": self.threads,
        }
        for key, value in self.extra.items():
            out.setdefault(key, value)
        return out
