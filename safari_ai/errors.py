"""Typed exceptions of the public API. Every message names the offending field,
move or argument."""

from __future__ import annotations

from safari_ai import _core

__all__ = [
    "SafariError",
    "PositionError",
    "UnknownGameError",
    "IllegalMoveError",
    "SearchError",
    "LimitError",
    "InputError",
]


class SafariError(ValueError):
    """Base class of the errors safari_ai raises for bad input."""


class PositionError(SafariError):
    """A position (or a rules object) is malformed, invalid or impossible.

    ``field`` is the JSON path of the offending field (``"rules.max_turns"``,
    ``"board.b9"``), or None when the text is not JSON at all.
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class UnknownGameError(PositionError):
    """No game of the core has this name (``game`` holds it; the field is
    ``"game"``); the message lists the games there are."""

    def __init__(self, message: str, game: str) -> None:
        super().__init__(message, field="game")
        self.game = game


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


def from_core(
    error: _core.CoreError, kind: type[SafariError], move: str | None = None
) -> SafariError:
    """The typed exception for an error of the C core; the one place where the
    core's status codes become Python exceptions.

    ``kind`` is the class the call site raises for what it was doing
    (:class:`PositionError` reading a position, :class:`SearchError` searching,
    :class:`InputError` checking input text, ...). A move the core refused
    (status ``SA_ERR_MOVE``) becomes :class:`IllegalMoveError` holding ``move``
    when the call site played one (and any error does when ``kind`` is
    :class:`IllegalMoveError`). A :class:`PositionError` gets the field path
    the C error carries (``field``), not one read back from the message.
    """
    if move is not None and (error.status == _core.STATUS_MOVE or kind is IllegalMoveError):
        return IllegalMoveError(error.message, move)
    if issubclass(kind, PositionError):
        return kind(error.message, error.field)
    return kind(error.message)
