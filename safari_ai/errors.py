"""Typed exceptions of the public API. Every message names the offending field,
move or argument."""
from __future__ import annotations

import re

__all__ = ["SafariError", "PositionError", "IllegalMoveError", "SearchError", "LimitError",
           "InputError"]

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


class SearchError(SafariError):
    """The search cannot run: a terminal or chance position, or bad limits."""


class LimitError(SearchError):
    """A search limit (``depth``, ``nodes``, ``movetime``, ``seed``, ``threads``,
    ``hash_mb``, ``multipv``, ...) is not an integer in its range.
    ``limit`` holds the limit's name; the message names it and gives the range."""

    def __init__(self, message: str, limit: str) -> None:
        super().__init__(message)
        self.limit = limit


class InputError(SafariError):
    """Input text (a file, a protocol line, a rules value) breaks the input
    limits shared by every reader (its size, nesting depth or number length:
    :mod:`safari_ai.jsontext`), is not UTF-8, or is not JSON."""
