"""The engine's ``setoption`` options: their types, ranges and defaults, as
the handshake announces them, and how a ``value`` is read."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from safari_ai import facts, settings
from safari_ai.errors import SafariError
from safari_ai.protocol.text import ProtocolError, format_value, quote
from safari_ai.settings import parse_integer

__all__ = [
    "EngineOption",
    "engine_options",
    "rules_options",
    "load_weights",
    "parse_integer",
    "MOVE_OVERHEAD_MS",
]

MOVE_OVERHEAD_MS = 30
"""Default of the ``MoveOverhead`` option: clock time kept back for I/O per move."""


@dataclass
class EngineOption:
    """One ``setoption`` option, as the handshake announces it (UCI types)."""

    name: str
    kind: str  # "spin", "check", "combo" or "string"
    default: Any
    minimum: int | None = None
    maximum: int | None = None
    choices: Sequence[str] = ()
    game: str | None = None  # a rules option of this game
    key: str | None = None  # its key in "rules"
    setting: str | None = None  # the search setting it sets (safari_ai.settings)
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
        if self.kind == "spin" and self.setting is not None:
            assert self.maximum is not None  # the table's range, narrowed by a server's cap
            try:
                return settings.parse(self.setting, raw, caps={self.setting: self.maximum})
            except settings.SettingError as error:
                raise ProtocolError(f"{where}: {error}") from None
        if self.kind == "spin":
            number = parse_integer(raw)
            if number is None:
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


# A rules option's type in the handshake, by its JSON Schema type.
_OPTION_KINDS = {"boolean": "check", "integer": "spin", "string": "string"}


def rules_options(game: str) -> list[EngineOption]:
    """The rules options of ``game`` as engine options named ``game.key``,
    drawn from the game's rules schema (:attr:`safari_ai.Game.rules_schema`):
    a boolean is a ``check``, an integer a ``spin`` with the schema's range,
    an enumeration a ``combo`` of its choices, any other string a ``string``.
    """
    options = []
    for key, spec in facts.game(game).rules_schema["properties"].items():
        name = f"{game}.{key}"
        if "enum" in spec:
            options.append(
                EngineOption(
                    name, "combo", spec["default"], choices=spec["enum"], game=game, key=key
                )
            )
        else:
            options.append(
                EngineOption(
                    name,
                    _OPTION_KINDS[spec["type"]],
                    spec["default"],
                    spec.get("minimum"),
                    spec.get("maximum"),
                    game=game,
                    key=key,
                )
            )
    return options


def load_weights(value: str, files: bool = True) -> Any:
    """The Weights option's value read (None for ``<empty>``): a weights
    object given as JSON text (``{"format": "safari-ai-weights", ...}``), or
    the name of a weights file when ``files`` (the web server passes False:
    no file of the server is named over the network). Both go through the
    one strict reader (:mod:`safari_ai.weights`). ProtocolError when bad."""
    if not value:
        return None
    from safari_ai.weights import EvalWeights

    where = "setoption: bad value for option Weights"
    try:
        if value.lstrip().startswith("{"):
            return EvalWeights.from_text(value)
        if not files:
            raise ProtocolError(
                f"{where}: this server reads no files; send the weights "
                f"object itself: setoption name Weights value {{...}}"
            )
        return EvalWeights.load(value)
    except SafariError as error:
        raise ProtocolError(f"{where}: {error}") from None


_KINDS = {"integer": "spin", "choice": "combo", "boolean": "check", "string": "string"}


def _setting_option(name: str) -> EngineOption:
    """The ``setoption`` option of search setting ``name``, from the one table
    (:data:`safari_ai.settings.SETTINGS`): its name, type, range and default."""
    item = settings.setting(name)
    assert item.option is not None
    return EngineOption(
        item.option,
        _KINDS[item.kind],
        item.default,
        item.low,
        item.high,
        choices=list(item.choices),
        setting=name,
    )


def engine_options() -> list[EngineOption]:
    """Every option the handshake announces, at its default: the engine's
    own, then each game's rules options (``game.key``)."""
    options = [
        _setting_option("threads"),
        _setting_option("hash_mb"),
        _setting_option("multipv"),
        _setting_option("seed"),
        _setting_option("algo"),
        _setting_option("leaf"),
        EngineOption("TreeReuse", "check", True),
        _setting_option("multiplayer"),
        EngineOption("MoveOverhead", "spin", MOVE_OVERHEAD_MS, 0, 10000),
        _setting_option("weights"),
    ]  # a weights file or object (docs/tuning.md)
    for game in facts.game_names():
        options.extend(rules_options(game))
    return options
