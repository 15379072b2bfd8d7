"""How ``last_move`` (the move that led to the position drawn) is checked
against that position, by ``safari-ai render --last-move`` and
``POST /api/render``.

* Given the position before it (a game record's previous position, or
  ``previous`` of ``/api/render``), the move must be a legal move (or chance
  outcome) there that leads to the position drawn.
* Without it, the move can only be checked as text: 1 to 64 printable
  characters without spaces, and in a game whose every move names the cells
  it touches (turtles), at least one cell of this board.

A refusal is a :class:`LastMoveError` (a :class:`~safari_ai.PositionError`
with ``field`` ``last_move``).
"""

from __future__ import annotations

import importlib
import re

from safari_ai.errors import PositionError, SafariError
from safari_ai.position import Position

__all__ = ["LastMoveError", "check_last_move"]

_PLAIN = re.compile(r"[!-~]{1,64}")
_NAMES_ITS_CELLS = ("turtles",)
"""Games whose every move names the cells it touches (the rendering module's
``move_cells`` finds them), so a move that names none is not one of theirs."""


class LastMoveError(PositionError):
    """``last_move`` cannot have led to the position drawn."""


def check_last_move(pos: Position, move: str, previous: Position | None = None) -> str:
    """``move`` when it may be the move that led to ``pos`` (the rules above).

    :raises LastMoveError: naming ``last_move`` and why.
    """
    if not _PLAIN.fullmatch(move):
        raise LastMoveError(
            f"field 'last_move': {move[:80]!r} is not a move "
            "(1 to 64 printable characters, no spaces)",
            "last_move",
        )
    if previous is not None:
        try:
            after = previous.apply(move)
        except SafariError:
            raise LastMoveError(
                f"field 'last_move': {move!r} is not a legal move of the position before",
                "last_move",
            ) from None
        if after.to_json() != pos.to_json():
            raise LastMoveError(
                f"field 'last_move': {move!r} does not lead to the position drawn", "last_move"
            )
        return move
    if pos.game in _NAMES_ITS_CELLS:
        module = importlib.import_module(f"safari_ai.render.{pos.game}")
        if not module.move_cells(move):
            raise LastMoveError(
                f"field 'last_move': {move!r} names no cell, as every {pos.game} move does",
                "last_move",
            )
    return move
