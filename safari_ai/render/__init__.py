"""SVG pictures of positions: ``render(position_json, last_move=None) -> str``.

One module per game (``turtles``, ``zebras``, ``ostrich``, ``arena``) draws the
board, track or arena from the position's JSON alone, so a game the C core does
not have yet can still be drawn; ``_svg`` holds what they share. Pieces are
``<g class="piece" data-owner=...>`` elements; dice are ``<g class="die"
data-face=...>``; the cells touched by the last move get ``class="... last-move"``.
"""
from __future__ import annotations

import importlib
import json
from typing import Any, Mapping, Optional

__all__ = ["render", "RENDERED_GAMES", "RenderError"]

RENDERED_GAMES = ("turtles", "zebras", "ostrich", "arena")


class RenderError(ValueError):
    """The JSON is not a position of a game the renderer knows."""


def render(position: Mapping[str, Any] | str, last_move: Optional[str] = None) -> str:
    """The SVG text of ``position`` (a JSON object or its text); ``last_move``,
    when given, is marked on the board and written under it."""
    pos = json.loads(position) if isinstance(position, str) else dict(position)
    if not isinstance(pos, dict):
        raise RenderError("a position is a JSON object")
    game = pos.get("game")
    if game not in RENDERED_GAMES:
        raise RenderError(f"game: cannot draw {game!r} (known: {', '.join(RENDERED_GAMES)})")
    module = importlib.import_module(f"safari_ai.render.{game}")
    try:
        return module.render(pos, last_move)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise RenderError(f"{game} position cannot be drawn: {error!r}") from None
