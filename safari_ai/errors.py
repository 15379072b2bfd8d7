"""Typed exceptions of the public API. Every message names the offending field,
move or argument."""
from __future__ import annotations

import re

__all__ = ["SafariError", "PositionError", "IllegalMoveError"]

_FIELD = re.compile(r"field '([^']*)'")


class SafariError(ValueError):
    """Base class of the errors safari_ai raises for bad input."""


class PositionError(SafariError):
    """A position (or a rules object) is malformed, invalid or impossible.

    ``field`` is the JSON path of the offending field (``"rules.max_turns"``,
    ``"board.b9"``), or None when the text is not JSON at all.
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        if field is None:
            match = _FIELD.search(message)
            field = match.group(1) if match else None
        self.field = field


class IllegalMoveError(SafariError):
    """A move (or chance outcome) is not legal in the position. ``move`` holds it."""

    def __init__(self, message: str, move: str) -> None:
        super().__init__(message)
        self.move = move
