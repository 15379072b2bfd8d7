"""Search limits, validated once: :class:`Limits` and the checks behind it.

A :class:`Limits` holds what bounds and sizes one search: ``depth``,
``nodes``, ``movetime``, ``seed``, ``multipv``, ``threads``, ``hash_mb`` and
``chance_width``. The choice of search (``algo``, ``leaf``, ``pruning``,
``multiplayer``, ``table``) and the plumbing (``stop``, ``progress``) are
separate options. Each front end makes one value where it reads the user's
input and passes it unchanged down to the C core (``_core.search`` reads
each field once, in ``fill_limits``, and checks nothing again; the C search
keeps its own range checks for C callers).

Every front end (:func:`safari_ai.analyse`, :meth:`safari_ai.MctsSession.search`,
the ``safari-ai`` command line, match specs, the engine protocol) checks its
limits here, against bounds the C core exports (``SA_MAX_DEPTH`` and the
others in ``csrc/include/safari/search.h``), so a limit is accepted or refused
alike everywhere. A limit outside its range raises :class:`LimitError` (a
``ValueError``) naming it.

The search limits ``depth``, ``nodes`` and ``movetime`` are at least 1: in C, 0
means "no limit", so a 0 given by a user would search forever; to search
without a limit of a kind, leave it out (``None``).

>>> Limits(depth=4).depth
4
>>> Limits(depth=0)
Traceback (most recent call last):
...
safari_ai.settings.SettingError: depth must be an integer in 1..120, got 0
"""

from __future__ import annotations

from typing import Any

from safari_ai import _core
from safari_ai.errors import LimitError
from safari_ai.settings import SETTINGS, Limits, bounds, check, parse_integer

__all__ = [
    "Limits",
    "LimitError",
    "LIMIT_BOUNDS",
    "LIMIT_NAMES",
    "check_limit",
    "parse_limit",
    "DEFAULT_MOVETIME_MS",
]

LIMIT_BOUNDS: dict[str, tuple[int, int]] = {
    item.name: bounds(item.name) for item in SETTINGS if item.limit
}
"""Each limit's inclusive range ``(lowest, highest)``; movetime in milliseconds,
hash_mb in MiB, chance_width 0 meaning the default: the limits of the one
table of settings (:data:`safari_ai.settings.SETTINGS`), from the C core."""

DEFAULT_MOVETIME_MS: int = _core.DEFAULT_MOVETIME_MS
"""The search time when no depth, nodes or movetime limit is given (the core
applies it: :attr:`Limits.movetime` stays None)."""

LIMIT_NAMES = tuple(LIMIT_BOUNDS)
"""The fields of :class:`Limits`, in order."""


def check_limit(name: str, value: Any) -> int:
    """``value`` when it is an integer (not a bool) in ``LIMIT_BOUNDS[name]``.

    :raises LimitError: naming the limit and its range.
    """
    number: int = check(name, value)
    return number


def parse_limit(name: str, text: str) -> int:
    """The limit ``name`` spelled ``text`` (decimal digits), checked.

    For text from users: a command-line option, a match spec, a protocol line.

    :raises LimitError: not an integer, or out of range (the message names the limit).
    """
    low, high = LIMIT_BOUNDS[name]
    number = parse_integer(text.strip())
    if number is None:
        raise LimitError(f"{name} must be an integer in {low}..{high}, got {text!r}", name)
    return check_limit(name, number)
