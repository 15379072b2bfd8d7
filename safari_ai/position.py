"""Positions of the four games: read, validated and played by the C core.

A :class:`Position` is immutable: :meth:`Position.apply` returns a new one.
All rules knowledge lives in C; this module converts between Python values and
the core's JSON text and turns core errors into typed exceptions.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from safari_ai import _core
from safari_ai.errors import IllegalMoveError, PositionError, from_core
from safari_ai.facts import Game
from safari_ai.facts import game as game_facts

if TYPE_CHECKING:
    import numpy

    from safari_ai.weights import EvalWeights

__all__ = ["MoveDescription", "Position", "ToMove", "describe_moves", "games"]

ToMove = int | str
"""A player index, ``"chance"`` or ``"terminal"``."""

_SPECIAL_TO_MOVE = {-1: "chance", -2: "terminal"}


@dataclass(frozen=True)
class MoveDescription:
    """What a move or chance outcome does, in the game's own words (from C).

    ``places`` are the board places it touches, in the order a player points
    at them, each ``KIND:NAME`` with KIND the ``data-KIND`` attribute that
    names the place in the pictures of :mod:`safari_ai.render`: ``cell:e3``,
    ``hex:d5``, ``id:0a`` (a combatant, an ostrich), ``space:14b``,
    ``position:7`` (the zebras guardian's track). ``text`` is one plain
    sentence.

    >>> Position.new("turtles").describe("d2-d3")
    MoveDescription(move='d2-d3', places=('cell:d2', 'cell:d3'), text='the turtle on d2 steps to d3')
    """

    move: str
    places: tuple[str, ...]
    text: str

    def to_json(self) -> dict[str, Any]:
        """``{"move", "places", "text"}``, as the HTTP API and the WebAssembly engine write it."""
        return {"move": self.move, "places": list(self.places), "text": self.text}


def describe_moves(position: Position, moves: Sequence[str] | None = None) -> list[MoveDescription]:
    """Descriptions of moves: without ``moves``, of every legal move (or chance
    outcome) of ``position`` in the order listed; else of each of ``moves`` in
    the position the ones before it lead to (a line, as ``/api/apply`` plays it).

    :raises IllegalMoveError: a move is not legal where it comes; the message names it.
    """
    if moves is None:
        return position.describe_all()
    described = []
    for move in moves:
        described.append(position.describe(move))
        position = position.apply(move)
    return described


def games() -> list[str]:
    """The names of the games the engine plays, e.g. ``["turtles", ...]``
    (:func:`safari_ai.games` gives their facts)."""
    return _core.game_names()


class Position:
    """One position of one game.

    >>> pos = Position.new("turtles")
    >>> pos.to_move, len(pos.legal_moves())
    (0, 20)
    """

    __slots__ = ("_c",)

    def __init__(self, core: _core.CPosition) -> None:
        """Wraps a core position; use :meth:`new` or :meth:`from_json` instead."""
        self._c = core

    # -- construction ----------------------------------------------------
    @classmethod
    def new(cls, game: str, rules: Mapping[str, Any] | None = None) -> Position:
        """The starting position of ``game`` under ``rules`` (missing keys: defaults).

        :raises PositionError: unknown game (or not a name), rules key or value.
        """
        if not isinstance(game, str):
            raise PositionError(
                f"game must be a game name such as {games()[0]!r}, got "
                f"{type(game).__name__} {game!r:.40}",
                field="game",
            )
        rules_text = None if rules is None else _dump(rules, "rules")
        try:
            return cls(_core.CPosition.new(game, rules_text))
        except _core.CoreError as error:
            raise from_core(error, PositionError) from None

    @classmethod
    def from_json(cls, data: str | bytes | Mapping[str, Any]) -> Position:
        """Reads a position from JSON text or from an already decoded object.

        Text (``str`` or UTF-8 ``bytes``) goes to the C reader as written, so
        its strict reading decides (a duplicate key, ``"turns": 0.0``); an
        object is written as JSON text first.

        :raises PositionError: naming the field that is malformed or impossible.
        """
        if isinstance(data, (bytes, bytearray)):
            try:
                data = bytes(data).decode("utf-8")
            except UnicodeDecodeError as error:
                raise PositionError(f"position is not UTF-8 text: {error}") from None
        text = data if isinstance(data, str) else _dump(data, "position")
        try:
            return cls(_core.CPosition.from_json(text))
        except _core.CoreError as error:
            raise from_core(error, PositionError) from None

    # -- facts -----------------------------------------------------------
    @property
    def game(self) -> str:
        """The game's name: ``"turtles"``, ``"zebras"``, ``"ostrich"`` or ``"arena"``."""
        return self._c.game

    @property
    def facts(self) -> Game:
        """The facts of the position's game (:class:`safari_ai.Game`: chance,
        zero-sum, players, result range, units, rules schema).

        >>> Position.new("zebras").facts.zero_sum
        True
        """
        return game_facts(self._c.game)

    @property
    def to_move(self) -> ToMove:
        """The deciding player's index, ``"chance"`` or ``"terminal"``."""
        who = self._c.to_move
        return _SPECIAL_TO_MOVE.get(who, who)

    @property
    def num_players(self) -> int:
        """How many players this position's game has."""
        return self._c.num_players

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self._c.to_move == -2

    def is_chance(self) -> bool:
        """True when dice (or a draw) decide next."""
        return self._c.to_move == -1

    # -- moves -----------------------------------------------------------
    def legal_moves(self) -> list[str]:
        """The legal moves in canonical spelling, sorted; empty unless a decision."""
        if self._c.to_move < 0:
            return []
        text = self._c.moves_text()
        return text.split(" ") if text else []

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        """The chance outcomes with exact probabilities, sorted by spelling.

        Empty unless the position is a chance position; the probabilities sum to 1.
        """
        if self._c.to_move != -1:
            return []
        return list(_parse_outcomes(self._c.moves_text()))

    def apply(self, move: str) -> Position:
        """The position after ``move`` (a legal move or a chance outcome).

        :raises IllegalMoveError: the move is not legal here; the message names it.
        """
        if not isinstance(move, str):
            raise IllegalMoveError(f"illegal move {move!r}: a move is a string", str(move))
        child = self._c.copy()
        try:
            child.apply(move)
        except _core.CoreError as error:
            raise from_core(error, IllegalMoveError, move) from None
        return Position(child)

    def describe(self, move: str) -> MoveDescription:
        """What ``move`` (a legal move or chance outcome) does: its board places
        and one plain sentence (:class:`MoveDescription`; the game's C code
        writes both).

        :raises IllegalMoveError: the move is not legal here; the message names it.
        """
        if not isinstance(move, str):
            raise IllegalMoveError(f"illegal move {move!r}: a move is a string", str(move))
        try:
            places, text = self._c.describe(move)
        except _core.CoreError as error:
            raise from_core(error, IllegalMoveError, move) from None
        return MoveDescription(move, tuple(places.split(" ")) if places else (), text)

    def describe_all(self) -> list[MoveDescription]:
        """:meth:`describe` of every legal move, or of every chance outcome, in
        the order :meth:`legal_moves` or :meth:`chance_outcomes` lists them."""
        described = []
        for line in self._c.describe_all().splitlines():
            move, places, text = line.split("\t")
            described.append(
                MoveDescription(move, tuple(places.split(" ")) if places else (), text)
            )
        return described

    def result(self) -> list[int]:
        """One result per player at a terminal position.

        :raises PositionError: the position is not terminal.
        """
        try:
            return self._c.result()
        except _core.CoreError as error:
            raise from_core(error, PositionError) from None

    # -- text ------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The canonical JSON object; ``Position.from_json`` reads it back equal."""
        result: dict[str, Any] = json.loads(self._c.to_json_text())
        return result

    def to_json_text(self) -> str:
        """The canonical JSON text, one line."""
        return self._c.to_json_text()

    # -- search helpers --------------------------------------------------
    def perft(self, depth: int) -> int:
        """Positions exactly ``depth`` plies below (moves and outcomes are plies).

        :raises ValueError: ``depth`` is not an integer in 0..2^31 - 1.
        """
        if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth < 2**31:
            raise ValueError(f"depth must be an integer in 0..{2**31 - 1}, got {depth!r}")
        return self._c.perft(depth)

    def perft_stoppable(self, depth: int, stop: Any) -> int | None:
        """:meth:`perft` that another thread can end by raising ``stop`` (a
        :class:`safari_ai.StopFlag`): the count, or None when the flag was
        raised before it was done (the walk then ends within milliseconds).

        :raises ValueError: ``depth`` is negative.
        """
        if not isinstance(depth, int) or depth < 0:
            raise ValueError(f"depth must be an integer >= 0, got {depth!r}")
        if not isinstance(stop, _core.StopFlag):
            raise TypeError(f"stop must be a StopFlag, got {type(stop).__name__}")
        count: int | None = self._c.perft(depth, stop)
        return count

    def evaluate(self, player: int) -> int:
        """The engine's heuristic value of this position for ``player`` (0 at the
        end, or for a game without an evaluation).

        :raises ValueError: ``player`` is not a player of this game (a
            two-player game has players 0 and 1).
        """
        if (
            isinstance(player, bool)
            or not isinstance(player, int)
            or not 0 <= player < self.num_players
        ):
            raise ValueError(
                f"player must be 0..{self.num_players - 1} in this "
                f"{self.num_players}-player {self.game} position, got {player!r}"
            )
        return self._c.evaluate(player)

    def win_chances(self, expected: Sequence[float] | None = None) -> list[float] | None:
        """Every player's chance to win from every player's expected result
        ``expected`` (a search's best line's :attr:`~safari_ai.Line.expected`),
        a tie on top counting 1/k for each of the k tied; they sum to 1. The
        model the searches report as :attr:`~safari_ai.Report.win_chances`
        (ostrich: docs/tuning.md, "ostrich: win chances"). A terminal position's
        chances are exact from its result, and ``expected`` may be omitted there.
        None for a game without a win-chance model (the two-player games
        report a win probability instead).

        :raises ValueError: ``expected`` is missing at a non-terminal position,
            or not one finite number per player.
        """
        if self.facts.zero_sum:
            return None
        players = self.num_players
        if expected is None:
            if not self.is_terminal():
                raise ValueError(
                    "expected: every player's expected result is needed before the end of the game"
                )
            values = [0.0] * players
        else:
            values = list(expected)
            if len(values) != players or not all(
                isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
                for v in values
            ):
                raise ValueError(
                    f"expected must be {players} finite numbers, one per player, got {expected!r}"
                )
        return self._c.win_chances([float(v) for v in values]) or None

    def features(self, player: int = 0) -> numpy.ndarray:
        """The evaluation's features (:func:`safari_ai.feature_names` names them)
        as a float64 vector, counted for ``player``: ``evaluate(p)`` equals
        ``int(weights().vector() @ features(p))`` (zebras' and ostrich's features
        are fractions in steps of 1/1024, exact in binary). In the two-player
        games player 1's are player 0's negated; ostrich counts each player's own
        (its evaluation clamped to 0..2400, exact at the end). See docs/tuning.md.

        :raises ValueError: ``player`` is not a player of the game.
        """
        if (
            isinstance(player, bool)
            or not isinstance(player, int)
            or not (0 <= player < self.num_players)
        ):
            raise ValueError(f"player must be 0..{self.num_players - 1}, got {player!r}")
        return self._c.features(player)

    def weights(self) -> EvalWeights:
        """The weight set this position's evaluation uses (the game's compiled-in
        defaults unless :meth:`with_weights` gave another)."""
        from safari_ai.weights import EvalWeights

        values, scale = self._c.weights()
        return EvalWeights(self.game, tuple(values), scale)

    def with_weights(self, weights: EvalWeights) -> Position:
        """A copy of this position that evaluates with ``weights`` (kept by
        :meth:`apply`; searches of it use them, and their ``win_scale`` for the
        alpha-beta win probability).

        :raises WeightsError: the set is for another game or out of range.
        """
        from safari_ai.weights import WeightsError

        if weights.game != self.game:
            raise WeightsError(f"weights: for {weights.game}, not {self.game}")
        for i, value in enumerate(weights.weights):
            if isinstance(value, bool) or not isinstance(value, int):
                raise WeightsError(f"weights[{i}] must be an integer, got {value!r}")
        copy = self._c.copy()
        try:
            copy.set_weights(list(weights.weights), float(weights.win_scale))
        except _core.CoreError as error:
            raise from_core(error, WeightsError) from None
        return Position(copy)

    def random_playouts(self, games: int, seed: int = 0) -> int:
        """Plays ``games`` seeded random games from here in C; returns the plies played.

        Moves are picked uniformly, chance outcomes by their probabilities. The
        count is deterministic for a seed (a speed benchmark's workload).
        """
        for name, value in (("games", games), ("seed", seed)):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**64:
                raise ValueError(f"{name} must be an integer in 0..{2**64 - 1}, got {value!r}")
        return self._c.random_playouts(games, seed)

    def zobrist_hash(self) -> int:
        """The incrementally kept 64-bit Zobrist key."""
        return self._c.hash()

    def zobrist_hash_from_scratch(self) -> int:
        """The same key recomputed from the position (equal to :meth:`zobrist_hash`)."""
        return self._c.hash_from_scratch()

    # -- Python protocol -------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._c.to_json_text() == other._c.to_json_text()

    def __hash__(self) -> int:
        return hash(self._c.to_json_text())

    def __repr__(self) -> str:
        return f"Position.from_json({self._c.to_json_text()!r})"


@functools.lru_cache(maxsize=256)
def _parse_outcomes(text: str) -> tuple[tuple[str, Fraction], ...]:
    """``OUTCOME:WEIGHT ...`` to exact probabilities. Cached: dice games meet the
    same distribution (an ostrich roll has 1,512 outcomes) again and again."""
    pairs = [token.rsplit(":", 1) for token in text.split(" ")]
    total = sum(int(weight) for _, weight in pairs)
    return tuple((outcome, Fraction(int(weight), total)) for outcome, weight in pairs)


def _dump(value: Mapping[str, Any], what: str) -> str:
    """JSON text of a Python object, or PositionError naming ``what``."""
    if not isinstance(value, Mapping):
        raise PositionError(
            f"{what} must be a JSON object, got {type(value).__name__}",
            None if what == "position" else what,
        )
    try:
        return json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as error:
        raise PositionError(f"{what} is not representable as JSON: {error}") from None
