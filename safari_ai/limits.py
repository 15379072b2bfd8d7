"""Search limits, validated once: :class:`Limits` and the checks behind it.

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
safari_ai.errors.LimitError: depth must be an integer in 1..120, got 0
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Optional

from safari_ai import _core
from safari_ai.errors import LimitError

__all__ = ["Limits", "LimitError", "LIMIT_BOUNDS", "check_limit", "parse_limit",
           "DEFAULT_MOVETIME_MS"]

_UINT64_MAX = 2**64 - 1
_INT32_MAX = 2**31 - 1

LIMIT_BOUNDS: dict[str, tuple[int, int]] = {
    "depth": (1, _core.MAX_DEPTH),
    "nodes": (1, _UINT64_MAX),
    "movetime": (1, _core.MAX_MOVETIME_MS),
    "seed": (0, _UINT64_MAX),
    "multipv": (1, _core.MAX_MULTIPV),
    "threads": (1, _core.MAX_THREADS),
    "hash_mb": (1, _core.MAX_HASH_MB),
    "chance_width": (0, _INT32_MAX),
}
"""Each limit's inclusive range ``(lowest, highest)``; movetime in milliseconds,
hash_mb in MiB, chance_width 0 meaning the default."""

DEFAULT_MOVETIME_MS = 1000
"""The search time when no depth, nodes or movetime limit is given."""


def check_limit(name: str, value: Any) -> int:
    """``value`` when it is an integer (not a bool) in ``LIMIT_BOUNDS[name]``.

    :raises LimitError: naming the limit and its range.
    """
    low, high = LIMIT_BOUNDS[name]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise LimitError(f"{name} must be an integer in {low}..{high}, got {value!r}", name)
    return value


def parse_limit(name: str, text: str) -> int:
    """The limit ``name`` spelled ``text`` (decimal digits), checked.

    For text from users: a command-line option, a match spec, a protocol line.

    :raises LimitError: not an integer, or out of range (the message names the limit).
    """
    stripped = text.strip()
    digits = stripped[1:] if stripped[:1] in "+-" else stripped
    low, high = LIMIT_BOUNDS[name]
    # Refuse absurdly long text before int() reads it (its own limit is 4300 digits).
    if not digits.isascii() or not digits.isdigit() or len(digits) > 40:
        raise LimitError(f"{name} must be an integer in {low}..{high}, got {text!r}", name)
    return check_limit(name, int(stripped))


@dataclass(frozen=True)
class Limits:
    """The limits of one search, each checked when the value is made.

    ``depth`` (plies), ``nodes`` (MCTS: simulations) and ``movetime``
    (milliseconds) bound the search; ``None`` means no limit of that kind,
    and with none of the three the search runs :data:`DEFAULT_MOVETIME_MS`
    (:meth:`or_default_time`). ``seed`` fixes every random choice; ``multipv``
    lines are reported; ``threads`` search; ``hash_mb`` MiB of table.

    :raises LimitError: a limit is not an integer in its range
        (:data:`LIMIT_BOUNDS`).
    """

    depth: Optional[int] = None
    nodes: Optional[int] = None
    movetime: Optional[int] = None
    seed: int = 0
    multipv: int = 1
    threads: int = 1
    hash_mb: int = 16

    def __post_init__(self) -> None:
        for item in fields(self):
            value = getattr(self, item.name)
            if value is not None or item.name not in ("depth", "nodes", "movetime"):
                check_limit(item.name, value)

    @property
    def bounded(self) -> bool:
        """True when a depth, nodes or movetime limit is set."""
        return self.depth is not None or self.nodes is not None or self.movetime is not None

    def or_default_time(self) -> Limits:
        """These limits, with ``movetime`` :data:`DEFAULT_MOVETIME_MS` when none bounds the search."""
        return self if self.bounded else replace(self, movetime=DEFAULT_MOVETIME_MS)
