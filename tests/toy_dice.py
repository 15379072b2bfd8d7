"""A tiny dice game in pure Python, shaped like ``safari_ai.Position``, so the
protocol's chance-node lines can be tested against an exact expectimax, apart
from the C searches.

Two players race to 3 points. The player to move plays ``step`` (+1 point) or
``gamble``; a gamble is a chance position whose outcomes are ``die:hit`` (1/3,
+3 points) and ``die:miss`` (2/3, nothing). Then the other player moves. The
first to 3 wins: result ``[1, -1]`` or ``[-1, 1]``; after 6 turns with no
winner the game is drawn, ``[0, 0]``.

:func:`toy_analyse` is a stand-in search with ``safari_ai.analyse``'s
signature: exact expectimax over the (small) tree, reporting the value in
centi-points (100 x the expected result for the player to move), the win
probability and each player's expected result, as a dice search will.
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from typing import Any

from safari_ai.errors import IllegalMoveError, PositionError
from safari_ai.facts import Game
from safari_ai.search import Line, Outcome, Report
from safari_ai.settings import Settings

GAME = "toydice"
TARGET = 3
MAX_TURNS = 6
OUTCOMES = [("die:hit", Fraction(1, 3)), ("die:miss", Fraction(2, 3))]
FACTS = Game(
    name=GAME,
    has_chance=True,
    zero_sum=True,
    min_players=2,
    max_players=2,
    result_min=-1,
    result_max=1,
    units="centi-points",
    rules_schema={"type": "object", "properties": {}, "additionalProperties": False},
)


class ToyPosition:
    """An immutable toy position (duck-typed ``safari_ai.Position``)."""

    def __init__(
        self,
        scores: tuple[int, int] = (0, 0),
        player: int = 0,
        rolling: bool = False,
        turns: int = 0,
    ) -> None:
        self.scores = scores
        self.player = player
        self.rolling = rolling
        self.turns = turns

    game = GAME
    facts = FACTS
    num_players = 2

    @property
    def to_move(self) -> int | str:
        if max(self.scores) >= TARGET or self.turns >= MAX_TURNS:
            return "terminal"
        return "chance" if self.rolling else self.player

    def is_terminal(self) -> bool:
        return self.to_move == "terminal"

    def is_chance(self) -> bool:
        return self.to_move == "chance"

    def legal_moves(self) -> list[str]:
        return ["gamble", "step"] if isinstance(self.to_move, int) else []

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        return list(OUTCOMES) if self.is_chance() else []

    def apply(self, move: str) -> ToyPosition:
        me, other = self.player, 1 - self.player
        if self.is_chance() and move in ("die:hit", "die:miss"):
            scores = list(self.scores)
            scores[me] += 3 if move == "die:hit" else 0
            return ToyPosition((scores[0], scores[1]), other, False, self.turns + 1)
        if isinstance(self.to_move, int) and move == "step":
            scores = list(self.scores)
            scores[me] += 1
            return ToyPosition((scores[0], scores[1]), other, False, self.turns + 1)
        if isinstance(self.to_move, int) and move == "gamble":
            return ToyPosition(self.scores, me, True, self.turns)
        raise IllegalMoveError(f"illegal move {move!r}: not legal here", move)

    def result(self) -> list[int]:
        if not self.is_terminal():
            raise PositionError("the game is not over")
        if self.scores[0] >= TARGET:
            return [1, -1]
        return [-1, 1] if self.scores[1] >= TARGET else [0, 0]

    def evaluate(self, player: int) -> int:
        return 100 * (self.scores[player] - self.scores[1 - player])

    def perft(self, depth: int) -> int:
        if depth == 0:
            return 1
        if self.is_terminal():
            return 0
        moves = [o for o, _ in self.chance_outcomes()] or self.legal_moves()
        return sum(self.apply(m).perft(depth - 1) for m in moves)

    def perft_stoppable(self, depth: int, stop: Any) -> int | None:
        """:meth:`perft`, or None when ``stop`` (a StopFlag) is raised."""
        return None if stop.is_set else self.perft(depth)

    def zobrist_hash(self) -> int:
        return hash((self.scores, self.player, self.rolling, self.turns)) & (2**64 - 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": GAME,
            "rules": {},
            "to_move": self.to_move,
            "scores": list(self.scores),
            "player": self.player,
            "rolling": self.rolling,
            "turns": self.turns,
        }

    def to_json_text(self) -> str:
        return json.dumps(self.to_json())


def new_position(game: str, rules: dict[str, Any] | None = None) -> ToyPosition:
    if game != GAME:
        raise PositionError(f"unknown game {game!r}")
    if rules:
        raise PositionError(f"field 'rules.{next(iter(rules))}': unknown field")
    return ToyPosition()


def read_position(text: str) -> ToyPosition:
    data = json.loads(text)
    try:
        return ToyPosition(tuple(data["scores"]), data["player"], data["rolling"], data["turns"])
    except (KeyError, TypeError) as error:
        raise PositionError(f"field {error}: missing or malformed") from None


@cache
def expected(scores: tuple[int, int], player: int, rolling: bool, turns: int) -> Fraction:
    """Exact expected result of player 0 under best play of both."""
    pos = ToyPosition(scores, player, rolling, turns)
    if pos.is_terminal():
        return Fraction(pos.result()[0])
    if pos.is_chance():
        return sum((p * expected(*_key(pos.apply(o))) for o, p in OUTCOMES), Fraction(0))
    values = [expected(*_key(pos.apply(m))) for m in pos.legal_moves()]
    return max(values) if player == 0 else min(values)


def _key(pos: ToyPosition) -> tuple[tuple[int, int], int, bool, int]:
    return pos.scores, pos.player, pos.rolling, pos.turns


def toy_analyse(pos: ToyPosition, settings: Settings | None = None, **_: Any) -> Report:
    """Exact expectimax; the report has a dice search's extra fields. At a
    chance position, as expectimax reports one: no line, every player's
    expected result (win probabilities) and every outcome's. Takes the one
    ``Settings`` every front end passes (only its depth is reported)."""
    assert isinstance(settings, Settings), settings
    depth = settings.limits.depth
    if pos.is_chance():

        def wins(v: Fraction) -> list[float]:
            return [float((1 + v) / 2), float((1 - v) / 2)]

        outcomes = [
            Outcome(
                o,
                p,
                wins(expected(*_key(pos.apply(o)))),
                depth=(depth or 1) - 1,
                to_move=pos.apply(o).to_move,
            )
            for o, p in sorted(OUTCOMES, key=lambda item: -item[1])
        ]
        return Report(
            "expectimax",
            depth or 1,
            depth or 1,
            10,
            0.001,
            [],
            None,
            outcomes=outcomes,
            chance_expected=wins(expected(*_key(pos))),
            valued=len(outcomes),
        )
    me = pos.to_move
    assert isinstance(me, int)
    sign = 1 if me == 0 else -1
    best = max(pos.legal_moves(), key=lambda m: sign * expected(*_key(pos.apply(m))))
    value0 = expected(*_key(pos))
    mine = sign * value0
    report = Report(
        "expectimax",
        depth or 1,
        depth or 1,
        10,
        0.001,
        [Line(round(100 * mine), False, [best])],
        win_probability=float((mine + 1) / 2),
        extra={"expected": [float(value0), float(-value0)]},
    )
    return report
