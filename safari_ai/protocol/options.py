"""The engine's ``setoption`` options: their types, ranges and defaults, as
the handshake announces them, and how a ``value`` is read."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Optional, Sequence

from safari_ai.errors import SafariError
from safari_ai.position import Position, games
from safari_ai.protocol.text import ProtocolError, format_value, quote
from safari_ai.search import ALGORITHMS, MULTIPLAYERS

__all__ = ["EngineOption", "engine_options", "rules_options", "load_weights", "MOVE_OVERHEAD_MS"]

MOVE_OVERHEAD_MS = 30
"""Default of the ``MoveOverhead`` option: clock time kept back for I/O per move."""


@dataclass
class EngineOption:
    """One ``setoption`` option, as the handshake announces it (UCI types)."""

    name: str
    kind: str                    # "spin", "check", "combo" or "string"
    default: Any
    minimum: Optional[int] = None
    maximum: Optional[int] = None
    choices: Sequence[str] = ()
    game: Optional[str] = None   # a rules option of this game
    key: Optional[str] = None    # its key in "rules"
    value: Any = None

    def __post_init__(self) -> None:
        self.value = self.default

    def describe(self) -> str:
        """The handshake line: ``option name N type T default D ...``."""
        default = format_value(self.default)
        text = f"option name {self.name} type {self.kind} default {default}"
        if self.kind == "spin":
            text += f" min {self.minimum} max {self.maximum}"
        for choice in self.choices:
            text += f" var {choice}"
        return text

    def parse(self, raw: str) -> Any:
        """The value ``raw`` means for this option; :class:`ProtocolError` when bad."""
        where = f"setoption: bad value {quote(raw)} for option {self.name}"
        if self.kind == "check":
            if raw.lower() not in ("true", "false"):
                raise ProtocolError(f"{where}: expected true or false")
            return raw.lower() == "true"
        if self.kind == "spin":
            try:
                number = int(raw)
            except ValueError:
                raise ProtocolError(f"{where}: expected an integer") from None
            assert self.minimum is not None and self.maximum is not None
            if not self.minimum <= number <= self.maximum:
                raise ProtocolError(f"{where}: out of range {self.minimum}..{self.maximum}")
            return number
        if self.kind == "combo":
            for choice in self.choices:
                if choice.lower() == raw.lower():
                    return choice
            raise ProtocolError(f"{where}: expected one of {', '.join(self.choices)}")
        if raw == "<empty>":
            return ""
        return raw


_RANGE = re.compile(r"out of range (-?\d+)\.\.(-?\d+)")
_CHOICES = re.compile(r'is not one of ((?:"[^"]*"(?:, )?)+)')


def rules_options(game: str) -> list[EngineOption]:
    """The rules options of ``game`` as engine options named ``game.key``.

    Types come from the defaults; ranges and choices are read from the core's
    own validation messages when it gives them (else ``spin`` falls back to a
    wide range and a string option to type ``string``).
    """
    rules = Position.new(game).to_json().get("rules", {})
    options = []
    for key, default in rules.items():
        name = f"{game}.{key}"
        if isinstance(default, bool):
            options.append(EngineOption(name, "check", default, game=game, key=key))
        elif isinstance(default, int):
            low, high = -(2 ** 31), 2 ** 31 - 1
            match = _RANGE.search(_probe(game, key, -(2 ** 62)))
            if match:
                low, high = int(match.group(1)), int(match.group(2))
            options.append(EngineOption(name, "spin", default, low, high, game=game, key=key))
        elif isinstance(default, str):
            match = _CHOICES.search(_probe(game, key, "\u0001?"))
            if match:
                choices = re.findall(r'"([^"]*)"', match.group(1))
                options.append(EngineOption(name, "combo", default, choices=choices,
                                            game=game, key=key))
            else:
                options.append(EngineOption(name, "string", default, game=game, key=key))
    return options


def _probe(game: str, key: str, value: Any) -> str:
    """The core's message for an out-of-range rules value ('' when it is accepted)."""
    try:
        Position.new(game, {key: value})
    except SafariError as error:
        return str(error)
    return ""


def load_weights(path: str) -> Any:
    """The Weights option's file (None for ``<empty>``); ProtocolError when bad."""
    if not path:
        return None
    from safari_ai.tune import EvalWeights

    try:
        return EvalWeights.load(path)
    except SafariError as error:
        raise ProtocolError(f"setoption: bad value for option Weights: {error}") from None


def engine_options() -> list[EngineOption]:
    """Every option the handshake announces, at its default: the engine's
    own, then each game's rules options (``game.key``)."""
    options = [
        EngineOption("Threads", "spin", 1, 1, 64),
        EngineOption("Hash", "spin", 16, 1, 65536),
        EngineOption("MultiPV", "spin", 1, 1, 16),
        EngineOption("Seed", "spin", 0, 0, 2 ** 63 - 1),
        EngineOption("Algorithm", "combo", "auto", choices=list(ALGORITHMS)),
        EngineOption("MctsLeaf", "combo", "evaluate", choices=["rollout", "evaluate"]),
        EngineOption("TreeReuse", "check", True),
        EngineOption("Multiplayer", "combo", "auto", choices=list(MULTIPLAYERS)),
        EngineOption("MoveOverhead", "spin", MOVE_OVERHEAD_MS, 0, 10000),
        EngineOption("Weights", "string", ""),  # a weights file (docs/tuning.md)
    ]
    for game in games():
        options.extend(rules_options(game))
    return options
