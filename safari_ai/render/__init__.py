"""SVG pictures of positions: ``render(position_json, last_move=None) -> str``.

One module per game (``turtles``, ``zebras``, ``ostrich``, ``arena``) draws the
board, track or arena; ``_svg`` holds what they share. The position is first
read by the C core (:meth:`safari_ai.Position.from_json`), so a picture is only
ever drawn of a valid position, from its canonical JSON; bad input raises
:class:`RenderError`, a :class:`safari_ai.PositionError` naming the field, and
nothing else. Pieces are ``<g class="piece" data-owner=...>`` elements; dice
are ``<g class="die" data-face=...>``; the cells touched by the last move get
``class="... last-move"``; every picture has a ``<g class="legend">`` key to
its symbols, and a finished game states its result. The board lies on the
left, the caption and the key on the right: the ``<svg>``'s ``data-board``
and ``data-key`` name the two view boxes (``x y width height``), so that a
page shows them apart (``boardview.js``: the key below the board on a phone).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from safari_ai.errors import PositionError
from safari_ai.position import Position

__all__ = ["render", "RENDERED_GAMES", "RenderError"]

RENDERED_GAMES = ("turtles", "zebras", "ostrich", "arena")
"""The games drawn here. In each picture the board places a move can touch
carry the attribute that names them in ``Position.describe``'s places
(``KIND:NAME``): ``data-cell``, ``data-hex``, ``data-space``,
``data-position``, and ``data-id`` on combatants and on the race's ostriches."""


class RenderError(PositionError):
    """The input is not a valid position of a game the renderer knows."""


def _read(position: Position | Mapping[str, Any] | str | bytes) -> Position:
    """The position, validated by the C reader; RenderError for anything else."""
    if isinstance(position, Position):
        return position
    try:
        return Position.from_json(position)
    except PositionError as error:
        raise RenderError(str(error), error.field) from None
    except RecursionError:  # a Python object nested too deeply to write as JSON
        raise RenderError("position: nested too deeply") from None


def render(
    position: Position | Mapping[str, Any] | str | bytes,
    last_move: str | None = None,
    seat: int | None = None,
) -> str:
    """The SVG text of ``position`` (a :class:`~safari_ai.Position`, its JSON
    text, read by C as is, or a JSON object); ``last_move``,
    when given, is marked on the board and written under it. With ``seat``,
    the picture is what that player may see: in the ostrich race the other
    players' secret prediction tiles are drawn face down (``????``).

    :raises RenderError: (a :class:`safari_ai.PositionError`) the input is not a
        valid position; the message names the field.
    """
    pos = _read(position)
    if pos.game not in RENDERED_GAMES:
        raise RenderError(
            f"field 'game': cannot draw {pos.game!r} (known: {', '.join(RENDERED_GAMES)})", "game"
        )
    result = pos.result() if pos.is_terminal() else None
    module = importlib.import_module(f"safari_ai.render.{pos.game}")
    shown = pos.to_json() if seat is None else hide_predictions(pos.to_json(), seat)
    svg: str = module.render(shown, last_move, result)  # each game's module draws its own
    return svg


def hide_predictions(position: dict[str, Any], seat: int) -> dict[str, Any]:
    """An ostrich position (canonical JSON) as ``seat`` may see it: the other
    players' prediction tiles as ``????``; any other position unchanged.

    The result is for drawing and showing only: it is no longer a position
    the engine reads.
    """
    if position.get("game") != "ostrich" or not isinstance(position.get("predictions"), list):
        return position
    shown = dict(position)
    shown["predictions"] = [
        tile if index == seat or tile is None else "????"
        for index, tile in enumerate(position["predictions"])
    ]
    return shown
