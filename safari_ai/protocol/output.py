"""What the engine writes: the ``info`` lines of a search (a decision's
lines, a chance position's outcomes and summary), and where its lines go
(:class:`LineSink`: a callback as they come, or kept until asked for)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from safari_ai.protocol.text import fmt, one_line
from safari_ai.search import Report

__all__ = [
    "LineSink",
    "info_lines",
    "chance_fields",
    "report_expect",
    "chance_summary",
    "outcome_line",
    "terminal_line",
    "chance_pov",
    "zero_sum",
    "winchance_field",
]


class LineSink:
    """Where the lines of a search go: to ``emit`` as they come (from the
    worker thread), or, without it, kept until :meth:`drain`."""

    def __init__(self, emit: Callable[[str], None] | None = None) -> None:
        self.callback = emit
        self._lock = threading.Lock()
        self._pending: list[str] = []

    def emit(self, line: str) -> None:
        """Writes one line (a line break in it becomes a space)."""
        line = one_line(line)
        if self.callback is not None:
            self.callback(line)
        else:
            with self._lock:
                self._pending.append(line)

    def drain(self) -> list[str]:
        """The lines kept since the last call, in order."""
        with self._lock:
            lines, self._pending = self._pending, []
        return lines


def zero_sum(pos: Any) -> bool:
    """True when ``pos``'s results are +1/0/-1 between two players (the
    game's fact, :class:`safari_ai.Game`); in a points race a score cannot be
    turned to another player's view."""
    return bool(pos.num_players == 2 and pos.facts.zero_sum)


def terminal_line(pos: Any) -> str:
    """The one ``info`` line of a search at the end of the game (a score
    race: with the exact win chances, a tie on top shared)."""
    model = getattr(pos, "win_chances", None)  # a stand-in game may have none
    chances = model() if model is not None else None
    tail = "" if chances is None else f" {winchance_field(chances)}"
    return f"info depth 0 expect {','.join(fmt(r) for r in pos.result())}{tail}"


def winchance_field(chances: list[float]) -> str:
    """``winchance W0,W1,...``: every player's chance to win (score races)."""
    return f"winchance {','.join(fmt(x) for x in chances)}"


def info_lines(report: Report) -> list[str]:
    """A decision's ``info`` lines: one per principal variation (MultiPV)."""
    lines = []
    ms = int(report.seconds * 1000)
    extra = ""
    if report.win_probability is not None:
        extra += f" winprob {fmt(report.win_probability)}"
    expect = report_expect(report)
    if expect is not None:
        extra += f" expect {','.join(fmt(x) for x in expect)}"
    if report.win_chances is not None:
        extra += f" {winchance_field(report.win_chances)}"
    hashfull = report.hashfull
    hash_text = f" hashfull {hashfull}" if hashfull is not None and hashfull >= 0 else ""
    for number, line in enumerate(report.lines, start=1):
        lines.append(
            f"info depth {report.depth} seldepth {report.seldepth} "
            f"multipv {number} score {line.score_text}"
            f"{extra if number == 1 else ''} nodes {report.nodes} "
            f"nps {report.nps}{hash_text} time {ms} pv {' '.join(line.pv)}"
        )
    return lines


def chance_pov(report: Report) -> int:
    """The player whose view a chance position's scores take: the one who
    moves after every outcome, else player 0."""
    movers = {o.to_move for o in report.outcomes if isinstance(o.to_move, int)}
    return movers.pop() if len(movers) == 1 else 0


def chance_summary(report: Report, is_zero_sum: bool) -> str:
    """A chance position's summary line (also its progress line)."""
    parts = [
        f"info depth {report.depth} seldepth {report.seldepth}",
        *chance_fields(report.expected, chance_pov(report), is_zero_sum),
        *([] if report.win_chances is None else [winchance_field(report.win_chances)]),
        f"nodes {report.nodes} nps {report.nps} time {int(report.seconds * 1000)} "
        f"outcomes {report.valued}/{len(report.outcomes)}",
    ]
    return " ".join(parts)


def outcome_line(outcome: Any, pov: int, is_zero_sum: bool) -> str:
    """One chance outcome's line: probability, depth, values, best reply."""
    prob = outcome.probability
    parts = [
        f"info outcome {outcome.outcome} prob {prob.numerator}/{prob.denominator}",
        f"depth {outcome.depth}",
        *chance_fields(outcome.expected, pov, is_zero_sum),
    ]
    if outcome.best:
        parts.append(f"pv {outcome.best}")
    return " ".join(parts)


def chance_fields(expected: list[float] | None, pov: int, zero_sum: bool) -> list[str]:
    """The ``score ... pov``, ``winprob`` and ``expect`` fields of a chance
    position's or an outcome's expected results (every player's)."""
    if expected is None:
        return []
    if zero_sum:  # expected[p]: p's win probability, a draw counting half
        return [
            f"score cp {round(100 * (2 * expected[pov] - 1))} pov {pov}",
            f"winprob {fmt(expected[pov])}",
            f"expect {','.join(fmt(x) for x in expected)}",
        ]
    return [
        f"score cp {round(100 * expected[pov])} pov {pov}",
        f"expect {','.join(fmt(x) for x in expected)}",
    ]


def report_expect(report: Report) -> list[float] | None:
    """Every player's expected result at a report's root, when it has them."""
    expected = report.expected
    if expected is None:
        expected = report.extra.get("expected")
    return None if expected is None else [float(x) for x in expected]
