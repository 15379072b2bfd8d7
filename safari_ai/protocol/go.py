"""The ``go`` command: its parameters (:class:`GoRequest`) and the share of a
clock one move may take (:func:`time_budget`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from safari_ai import settings
from safari_ai.player import INFINITE_MS
from safari_ai.protocol.options import MOVE_OVERHEAD_MS, parse_integer
from safari_ai.protocol.text import ProtocolError, quote

__all__ = ["GoRequest", "time_budget", "DEFAULT_MOVESTOGO", "MAX_PLAYERS", "INFINITE_MS"]

DEFAULT_MOVESTOGO = 30
"""Moves the clock is shared over when ``go`` gives no ``movestogo``."""
MAX_PLAYERS = 8
"""Clocks ``go`` reads: ``time0`` .. ``time7`` (and ``inc0`` .. ``inc7``)."""


def time_budget(
    remaining_ms: int,
    increment_ms: int = 0,
    movestogo: int | None = None,
    overhead_ms: int = MOVE_OVERHEAD_MS,
) -> int:
    """Milliseconds to search one move on a clock (the rule of docs/protocol.md).

    ``usable = remaining - overhead``; the share is ``usable / movestogo +
    3/4 increment``, never more than ``usable``, never less than 1 ms.

    >>> time_budget(60000, 0)
    1999
    >>> time_budget(1000, 500, movestogo=1)
    970
    >>> time_budget(10, 0)
    1
    """
    usable = remaining_ms - overhead_ms
    if usable <= 0:
        return 1
    moves = movestogo if movestogo and movestogo > 0 else DEFAULT_MOVESTOGO
    share = usable // moves + (3 * max(increment_ms, 0)) // 4
    return max(1, min(share, usable))


_GO_INT_FIELDS = {"depth", "nodes", "movetime", "movestogo", "wtime", "btime", "winc", "binc"}
_GO_INT_FIELDS |= {f"time{p}" for p in range(MAX_PLAYERS)} | {f"inc{p}" for p in range(MAX_PLAYERS)}
_CLOCK_ALIASES = {"wtime": "time0", "btime": "time1", "winc": "inc0", "binc": "inc1"}


@dataclass
class GoRequest:
    """A parsed ``go`` line."""

    depth: int | None = None
    nodes: int | None = None
    movetime: int | None = None
    infinite: bool = False
    movestogo: int | None = None
    clocks: dict[int, int] = field(default_factory=dict)
    increments: dict[int, int] = field(default_factory=dict)

    @classmethod
    def parse(cls, tokens: Sequence[str]) -> GoRequest:
        """Reads the tokens after ``go``; :class:`ProtocolError` names a bad one."""
        request = cls()
        i = 0
        while i < len(tokens):
            name = tokens[i]
            if name == "infinite":
                request.infinite = True
                i += 1
                continue
            if name not in _GO_INT_FIELDS:
                raise ProtocolError(f"go: unknown parameter {quote(name)}")
            if i + 1 >= len(tokens):
                raise ProtocolError(f"go: {name} needs a value")
            raw = tokens[i + 1]
            name = _CLOCK_ALIASES.get(name, name)
            if name in ("depth", "nodes", "movetime"):  # the one table (safari_ai.settings)
                try:
                    parsed = settings.parse(name, raw)
                except settings.SettingError as error:
                    raise ProtocolError(f"go: {error}") from None
            else:
                number = parse_integer(raw)
                if number is None:
                    raise ProtocolError(f"go: {name} needs an integer, got {quote(raw)}")
                parsed = number
            if name == "movestogo" and parsed < 1:
                raise ProtocolError(f"go: {name} must be at least 1, got {quote(raw)}")
            value = min(parsed, INFINITE_MS)  # longer is "for ever"; keeps C's int64 safe
            if name.startswith("time"):
                request.clocks[int(name[4:])] = value
            elif name.startswith("inc"):
                request.increments[int(name[3:])] = value
            else:
                setattr(request, name, value)
            i += 2
        return request

    def limited(self) -> bool:
        """True when something other than ``stop`` ends the search."""
        return not self.infinite and (
            self.depth is not None
            or self.nodes is not None
            or self.movetime is not None
            or bool(self.clocks)
        )
