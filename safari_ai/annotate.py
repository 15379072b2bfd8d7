"""Whole-game analysis of a game record (``safari-ai analyse RECORD.json``).

For every decision the engine searches the position before it: its best move
and score, and the score of the move played, both from the mover's view; the
**loss** is best minus played (never below 0). For every chance outcome (a
roll) the **luck** of each player is the value after the roll minus the
expected value before it (the probability-weighted mean over all outcomes),
from that player's view.

Values are centipawn-like engine scores for the player concerned; a proven win
(loss) counts as +/-``PROVEN_CP`` and a finished game as its result times
``PROVEN_CP``. In a two-player zero-sum game a player's value is the other's
negated; in a points race (ostrich) the engine's per-player expectations
(``expect``) are used when the search reports them, else only the mover's value
is known. The played move is valued by searching the position after it with
one ply less (the same horizon as the best move's), and a chance position by
searching each outcome with its share of the limits.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from safari_ai.record import GameRecord
from safari_ai.search import analyse

__all__ = ["annotate", "PROVEN_CP", "Annotation"]

PROVEN_CP = 10000
MAX_SEARCHED_OUTCOMES = 64
"""A chance position with more outcomes has them valued by a 1-ply search each."""
SCORE_RACE_GAMES = frozenset({"ostrich"})


@dataclass
class Annotation:
    game: str
    limits: dict[str, Any]
    plies: list[dict[str, Any]] = field(default_factory=list)
    players: int = 2

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for player in range(self.players):
            losses = [p["loss"] for p in self.plies if p["by"] == player and p["loss"] is not None]
            luck = [p["luck"][player] for p in self.plies
                    if p["by"] == "chance" and p["luck"] and p["luck"][player] is not None]
            out[str(player)] = {
                "moves": len(losses), "total_loss": sum(losses),
                "average_loss": round(sum(losses) / len(losses), 1) if losses else 0.0,
                "best_moves": sum(1 for p in self.plies if p["by"] == player and p["loss"] == 0),
                "rolls": len(luck), "total_luck": round(sum(luck), 1)}
        return out

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "limits": self.limits, "plies": self.plies,
                "summary": self.summary()}


def _zero_sum(pos: Any) -> bool:
    return getattr(pos, "num_players", 2) == 2 and getattr(pos, "game", "") not in SCORE_RACE_GAMES


def _score_cp(line: Any) -> float:
    if line.exact and line.score != 0:
        return float(PROVEN_CP if line.score > 0 else -PROVEN_CP)
    return float(line.score)


class _Valuer:
    def __init__(self, limits: dict[str, Any], search: Callable[..., Any], algo: str,
                 seed: int) -> None:
        self.limits = limits
        self.search = search
        self.algo = algo
        self.seed = seed

    def run(self, pos: Any, limits: dict[str, Any]) -> Any:
        return self.search(pos, seed=self.seed, algo=self.algo, **limits)

    def values(self, pos: Any, limits: dict[str, Any]) -> list[Optional[float]]:
        """The value of ``pos`` for every player (None where it cannot be said)."""
        n = getattr(pos, "num_players", 2)
        if pos.is_terminal():
            return [float(r) * PROVEN_CP if _zero_sum(pos) else float(r)
                    for r in pos.result()]
        if pos.is_chance():
            outcomes = pos.chance_outcomes()
            share = _share(limits, len(outcomes))
            total = [0.0] * n
            known = [True] * n
            for outcome, p in outcomes:
                child = self.values(pos.apply(outcome), share)
                for i in range(n):
                    if child[i] is None:
                        known[i] = False
                    else:
                        total[i] += float(p) * child[i]  # type: ignore[operator]
            return [total[i] if known[i] else None for i in range(n)]
        report = self.run(pos, limits)
        mover = pos.to_move
        line = report.lines[0]
        if _zero_sum(pos):
            score = _score_cp(line)
            return [score if i == mover else -score for i in range(n)]
        expect = (report.extra or {}).get("expected") if hasattr(report, "extra") else None
        if expect is not None:
            return [float(x) for x in expect]
        return [_score_cp(line) if i == mover else None for i in range(n)]


def _share(limits: dict[str, Any], outcomes: int) -> dict[str, Any]:
    out = dict(limits)
    if "depth" in out:
        out["depth"] = 1 if outcomes > MAX_SEARCHED_OUTCOMES else max(1, out["depth"] - 1)
    if "nodes" in out:
        out["nodes"] = max(1, out["nodes"] // outcomes)
    if "movetime" in out:
        out["movetime"] = max(1, out["movetime"] // outcomes)
    return out


def _child_limits(limits: dict[str, Any]) -> dict[str, Any]:
    out = dict(limits)
    if "depth" in out:
        out["depth"] = max(1, out["depth"] - 1)
    return out


def annotate(record: GameRecord, limits: Optional[dict[str, Any]] = None, *, algo: str = "auto",
             seed: int = 0, search: Callable[..., Any] = analyse,
             progress: Optional[Callable[[dict[str, Any]], None]] = None) -> Annotation:
    """Annotates every ply of ``record`` (see the module's docstring)."""
    limits = dict(limits or {"movetime": 200})
    positions = record.replay()
    start = positions[0]
    valuer = _Valuer(limits, search, algo, seed)
    out = Annotation(record.game, limits, players=getattr(start, "num_players", 2))
    for index, entry in enumerate(record.moves):
        pos, after = positions[index], positions[index + 1]
        move = entry["move"]
        item: dict[str, Any] = {"ply": index + 1, "by": entry["by"], "move": move}
        if pos.is_chance():
            before = valuer.values(pos, limits)
            now = valuer.values(after, _share(limits, len(pos.chance_outcomes())))
            item.update(expected=_round(before), after=_round(now),
                        luck=[None if b is None or a is None else round(a - b, 1)
                              for b, a in zip(before, now)],
                        loss=None)
        else:
            mover = pos.to_move
            report = valuer.run(pos, limits)
            best_line = report.lines[0]
            best = _score_cp(best_line)
            if move == best_line.move:
                played = best
            else:
                played_values = valuer.values(after, _child_limits(limits))
                played = played_values[mover]
            loss = None if played is None else round(max(0.0, best - played), 1)
            item.update(best=best_line.move, best_score=best, score_text=best_line.score_text,
                        played_score=played, loss=loss, pv=list(best_line.pv))
        out.plies.append(item)
        if progress is not None:
            progress(item)
    return out


def _round(values: list[Optional[float]]) -> list[Optional[float]]:
    return [None if v is None else round(v, 1) for v in values]


def format_ply(item: dict[str, Any]) -> str:
    """One line of the text report."""
    if item["by"] == "chance":
        luck = ", ".join(f"player {i} {'?' if x is None else f'{x:+.0f}'}"
                         for i, x in enumerate(item["luck"]))
        return f"{item['ply']:4d} chance {item['move']:<14} luck: {luck}"
    loss = "?" if item["loss"] is None else f"{item['loss']:.0f}"
    mark = "" if item["move"] == item["best"] else f"  best {item['best']}"
    return (f"{item['ply']:4d} {item['by']!s:>6} {item['move']:<14} loss {loss:>5}"
            f"  ({item['score_text']}){mark}")

