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

from copy import copy as _copy
from dataclasses import dataclass, fields, replace
from typing import Any, Optional

from safari_ai import _core
from safari_ai.errors import LimitError
from safari_ai.settings import SETTINGS, bounds, check, parse_integer

__all__ = ["Limits", "LimitError", "LIMIT_BOUNDS", "LIMIT_NAMES", "check_limit",
           "parse_limit", "DEFAULT_MOVETIME_MS"]

LIMIT_BOUNDS: dict[str, tuple[int, int]] = {
    item.name: bounds(item.name) for item in SETTINGS if item.limit}
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


@dataclass(frozen=True)
class Limits:
    """The limits of one search, each checked when the value is made.

    ``depth`` (plies), ``nodes`` (MCTS: simulations) and ``movetime``
    (milliseconds) bound the search; ``None`` means no limit of that kind,
    and with none of the three the search runs :data:`DEFAULT_MOVETIME_MS`
    (the core applies it; :meth:`or_default_time` spells it out). ``seed`` fixes every random choice; ``multipv``
    lines are reported; ``threads`` search; ``hash_mb`` MiB of table;
    ``chance_width`` is expectimax's sampling width (0: the default;
    :func:`safari_ai.analyse`).

    Make one where the user's input is read and pass it on as it is;
    :meth:`of` turns the keyword form (``depth=4, seed=1``) into one.

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
    chance_width: int = 0

    def __post_init__(self) -> None:
        for item in fields(self):
            value = getattr(self, item.name)
            if value is not None or item.name not in ("depth", "nodes", "movetime"):
                check_limit(item.name, value)

    @property
    def bounded(self) -> bool:
        """True when a depth, nodes or movetime limit is set."""
        return self.depth is not None or self.nodes is not None or self.movetime is not None

    @classmethod
    def of(cls, limits: Optional[Limits] = None, /, **given: Optional[int]) -> Limits:
        """``limits`` itself, or one made from the keyword limits ``given``
        (a None among them is left out: the default). For the functions that
        take either form (:func:`safari_ai.analyse`): the value is made once.

        >>> Limits.of(None, depth=3, seed=None) == Limits(depth=3)
        True

        :raises TypeError: both ``limits`` and a keyword limit, or a keyword
            that is not a limit, or ``limits`` is not a :class:`Limits`.
        :raises LimitError: a keyword limit out of range.
        """
        unknown = sorted(set(given) - set(LIMIT_NAMES))
        if unknown:
            raise TypeError(f"unknown limit {unknown[0]!r} (limits: {', '.join(LIMIT_NAMES)})")
        set_ = {name: value for name, value in given.items() if value is not None}
        if limits is None:
            return cls(**set_)
        if not isinstance(limits, Limits):
            raise TypeError(f"limits must be a Limits, got {type(limits).__name__}")
        if set_:
            raise TypeError(f"give the limits either as a Limits or as keywords, not both "
                            f"(limits and {', '.join(sorted(set_))}=)")
        return limits

    def with_seed(self, seed: int) -> Limits:
        """These limits with another ``seed`` (checked); the other fields,
        checked when this value was made, are not checked again. For a
        player that searches every move under the same limits with a seed
        of its own (the match runner)."""
        check_limit("seed", seed)
        copy = _copy(self)
        object.__setattr__(copy, "seed", seed)
        return copy

    def or_default_time(self) -> Limits:
        """These limits, with ``movetime`` :data:`DEFAULT_MOVETIME_MS` when none bounds the search."""
        return self if self.bounded else replace(self, movetime=DEFAULT_MOVETIME_MS)
