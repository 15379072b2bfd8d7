"""The search settings, declared once: their types, ranges, defaults, help,
and the name each front end spells them with.

Every front end reads a setting through this table: the command line's
options (``safari-ai analyse --seed``), the engine protocol's handshake and
``setoption``/``go`` (``Seed``), the HTTP API and its published JSON Schema
(``GET /api/schema``), the WebSocket engine, and match and play specs
(``seed=3``). The ranges of the search limits come from the C core
(``SA_MAX_DEPTH`` and the others, through :mod:`safari_ai._core`); the
seed is C's ``uint64_t``. A server that caps a setting narrows its range
(:func:`bounds`) and advertises the narrowed one.

One search's settings travel as one value, :class:`Settings` (its
:class:`Limits`, which go to the C search unchanged, and the choice of
search), made and checked where a front end reads the user's input:
:func:`safari_ai.analyse` takes it.

A value is checked by :func:`check` (a JSON value: an integer must be an
integer, not a float or a boolean) or :func:`parse` (text: a command-line
option, a spec, a protocol line); both raise :class:`SettingError` naming the
field and, for a value of the wrong type, the type found.

>>> check("depth", 4)
4
>>> check("depth", 3.0)
Traceback (most recent call last):
...
safari_ai.settings.SettingError: depth must be an integer in 1..120, got a float (3.0)
>>> parse("seed", "18446744073709551615")
18446744073709551615
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from copy import copy as _copy
from dataclasses import dataclass, fields, replace
from typing import Any

from safari_ai import _core
from safari_ai.errors import LimitError

__all__ = [
    "Setting",
    "SETTINGS",
    "SettingError",
    "Settings",
    "Limits",
    "SEARCH_NAMES",
    "setting",
    "check",
    "parse",
    "parse_integer",
    "bounds",
    "json_schema",
    "type_name",
]

_UINT64_MAX = 2**64 - 1
_INT32_MAX = 2**31 - 1


@dataclass(frozen=True)
class Setting:
    """One search setting.

    ``name`` is its key in JSON bodies, specs and :class:`safari_ai.Limits`;
    ``option`` its ``setoption`` name (None: not a protocol option); ``cli``
    its command-line flag (None: not an ``analyse`` option). ``kind`` is
    ``integer`` (in ``low..high``), ``choice`` (one of ``choices``),
    ``boolean`` or ``string``. ``searches`` says which searches it applies
    to (``all`` or their names), ``games`` which games (``all``, or the kind
    of game: the games' names stay in the core's facts)."""

    name: str
    kind: str
    default: Any
    help: str
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    option: str | None = None
    cli: str | None = None
    searches: str = "all"
    games: str = "all"
    limit: bool = False
    """A field of :class:`safari_ai.Limits`."""
    bound: bool = False
    """Bounds the search (depth, nodes, movetime): a member of the HTTP API's
    ``limits`` object, and one of the page's limit choices."""
    unit: str | None = None
    """The unit of an integer setting, where its name does not say it (``ms``)."""


SETTINGS: tuple[Setting, ...] = (
    Setting(
        "depth",
        "integer",
        None,
        "Plies to search (none: no depth limit).",
        1,
        _core.MAX_DEPTH,
        cli="--depth",
        limit=True,
        bound=True,
    ),
    Setting(
        "nodes",
        "integer",
        None,
        "Nodes to search (MCTS: simulations).",
        1,
        _UINT64_MAX,
        cli="--nodes",
        limit=True,
        bound=True,
    ),
    Setting(
        "movetime",
        "integer",
        None,
        f"Milliseconds to search (with no depth, nodes or movetime: {_core.DEFAULT_MOVETIME_MS}).",
        1,
        _core.MAX_MOVETIME_MS,
        cli="--movetime",
        limit=True,
        bound=True,
        unit="ms",
    ),
    Setting(
        "seed",
        "integer",
        0,
        "Fixes every random choice of the search (C's uint64_t).",
        0,
        _UINT64_MAX,
        option="Seed",
        cli="--seed",
        limit=True,
    ),
    Setting(
        "multipv",
        "integer",
        1,
        "Best lines to report.",
        1,
        _core.MAX_MULTIPV,
        option="MultiPV",
        cli="--multipv",
        limit=True,
    ),
    Setting(
        "threads",
        "integer",
        1,
        "Threads that search.",
        1,
        _core.MAX_THREADS,
        option="Threads",
        cli="--threads",
        limit=True,
    ),
    Setting(
        "hash_mb",
        "integer",
        16,
        "MiB of transposition table.",
        1,
        _core.MAX_HASH_MB,
        option="Hash",
        cli="--hash",
        searches="alphabeta expectimax",
        limit=True,
    ),
    Setting(
        "chance_width",
        "integer",
        0,
        "Expectimax's sampling width at chance nodes (0: the default).",
        0,
        _INT32_MAX,
        searches="expectimax",
        limit=True,
    ),
    Setting(
        "algo",
        "choice",
        "auto",
        "The search (auto: the best measured for the game).",
        choices=tuple(_core.ALGOS),
        option="Algorithm",
        cli="--algo",
    ),
    Setting(
        "leaf",
        "choice",
        "evaluate",
        "MCTS: how a new leaf is valued.",
        choices=("rollout", "evaluate"),
        option="MctsLeaf",
        cli="--leaf",
        searches="mcts",
    ),
    Setting(
        "pruning",
        "choice",
        "auto",
        "Alpha-beta's pruning.",
        choices=tuple(_core.PRUNINGS),
        cli="--pruning",
        searches="alphabeta",
    ),
    Setting(
        "multiplayer",
        "choice",
        "auto",
        "Expectimax's model for more than two players.",
        choices=tuple(_core.MULTIPLAYERS),
        option="Multiplayer",
        cli="--multiplayer",
        searches="expectimax",
    ),
    Setting(
        "predictions",
        "choice",
        "open",
        "Ostrich: search the open position or sample the hidden tiles.",
        choices=("open", "sampled"),
        cli="--predictions",
        games="hidden tiles",
    ),
    Setting(
        "player",
        "integer",
        None,
        "Ostrich: whose tile is known (with predictions sampled).",
        0,
        4,
        cli="--player",
        games="hidden tiles",
    ),
    Setting(
        "level",
        "choice",
        "default",
        "Record analysis: how deep each position is searched.",
        choices=("quick", "default", "thorough"),
        cli="--level",
    ),
    Setting(
        "weights",
        "string",
        "",
        "Evaluation weights (docs/tuning.md).",
        option="Weights",
        cli="--weights",
    ),
)
"""Every search setting, in the order the handshake and the schema list them."""

_BY_NAME = {item.name: item for item in SETTINGS}


class SettingError(LimitError):
    """A setting's value refused; ``field`` names it (as the front end spelled it)."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message, field)
        self.field = field


def setting(name: str) -> Setting:
    """The setting ``name`` (KeyError when there is none)."""
    return _BY_NAME[name]


def type_name(value: Any) -> str:
    """The JSON type of ``value`` with its article: ``an integer``, ``a float``...

    >>> type_name(3.0), type_name(True), type_name(None)
    ('a float', 'a boolean', 'null')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a float"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (list, tuple)):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"


def bounds(name: str, caps: Mapping[str, int] | None = None) -> tuple[int, int]:
    """The range ``(low, high)`` of integer setting ``name``, its top narrowed
    to ``caps[name]`` when the server caps it (never below ``low``)."""
    item = _BY_NAME[name]
    assert item.low is not None and item.high is not None
    high = item.high
    if caps and name in caps:
        high = max(item.low, min(high, caps[name]))
    return item.low, high


def _expected(item: Setting, low: int | None, high: int | None) -> str:
    if item.kind == "integer":
        return f"an integer in {low}..{high}"
    if item.kind == "choice":
        return f"one of {', '.join(item.choices)}"
    if item.kind == "boolean":
        return "true or false"
    return "a string"


def check(
    name: str, value: Any, field: str | None = None, caps: Mapping[str, int] | None = None
) -> Any:
    """``value`` (a JSON value) when it is right for setting ``name``.

    :raises SettingError: naming ``field`` (default: ``name``), what is
        expected and, for a value of the wrong type, the type found.
    """
    item = _BY_NAME[name]
    where = field or name
    low, high = bounds(name, caps) if item.kind == "integer" else (None, None)
    expected = _expected(item, low, high)
    if item.kind == "integer":
        ok_type = isinstance(value, int) and not isinstance(value, bool)
    elif item.kind == "boolean":
        ok_type = isinstance(value, bool)
    else:
        ok_type = isinstance(value, str)
    if not ok_type:
        shown = json.dumps(value) if isinstance(value, (int, float, str)) else None
        found = type_name(value) + (f" ({shown})" if shown is not None and len(shown) < 40 else "")
        raise SettingError(f"{where} must be {expected}, got {found}", where)
    if item.kind == "integer":
        assert low is not None and high is not None
        if not low <= value <= high:
            raise SettingError(f"{where} must be {expected}, got {value}", where)
    if item.kind == "choice" and value not in item.choices:
        raise SettingError(f"{where} must be {expected}, got {json.dumps(value)}", where)
    return value


_INTEGER = re.compile(r"-?[0-9]{1,40}")


def parse_integer(raw: str) -> int | None:
    """``raw`` as an integer when it is spelled as one, plainly: an optional
    ``-`` and 1 to 40 digits; None otherwise (ranges are checked on the value
    it gives). Python's ``int()`` also takes ``+8``, ``0_8``, `` 8``, other
    scripts' digits and thousands of digits, which let values past checks
    that read the text another way; every integer setting given as text is
    read here.

    >>> parse_integer("64"), parse_integer("+8"), parse_integer("1_024")
    (64, None, None)
    """
    return int(raw) if _INTEGER.fullmatch(raw) else None


def parse(
    name: str, text: str, field: str | None = None, caps: Mapping[str, int] | None = None
) -> Any:
    """Setting ``name`` spelled ``text`` (a command-line option, a spec, a
    protocol line), checked: an integer in :func:`parse_integer`'s plain
    spelling, a choice in any case, a boolean ``true``/``false``.

    :raises SettingError: naming ``field`` (default: ``name``).
    """
    item = _BY_NAME[name]
    where = field or name
    if item.kind == "integer":
        number = parse_integer(text)
        if number is None:
            low, high = bounds(name, caps)
            raise SettingError(f"{where} must be an integer in {low}..{high}, got {text!r}", where)
        return check(name, number, field, caps)
    if item.kind == "choice":
        for choice in item.choices:
            if choice.lower() == text.lower():
                return choice
        return check(name, text, field)
    if item.kind == "boolean":
        if text.lower() not in ("true", "false"):
            raise SettingError(f"{where} must be true or false, got {text!r}", where)
        return text.lower() == "true"
    return text


def _property(item: Setting, caps: Mapping[str, int] | None) -> dict[str, Any]:
    out: dict[str, Any] = {"description": item.help}
    if item.kind == "integer":
        low, high = bounds(item.name, caps)
        out.update(type="integer", minimum=low, maximum=high)
    elif item.kind == "choice":
        out.update(type="string", enum=list(item.choices))
    else:
        out["type"] = "boolean" if item.kind == "boolean" else "string"
    if item.default is not None:
        out["default"] = item.default
    out["x-searches"] = item.searches
    out["x-games"] = item.games
    if item.option:
        out["x-option"] = item.option
    if item.bound:
        out["x-bound"] = True
    if item.unit:
        out["x-unit"] = item.unit
    return out


def json_schema(caps: Mapping[str, int] | None = None) -> dict[str, Any]:
    """The settings as JSON Schema (draft 2020-12): one property per
    setting, its range narrowed by ``caps``. ``x-option`` is the setting's
    ``setoption`` name, ``x-searches`` and ``x-games`` where it applies,
    ``x-bound`` marks the settings that bound a search (the HTTP API's
    ``limits`` members), ``x-unit`` a unit the name does not say. The web
    page builds its setting controls from it (static/settings-form.js)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "safari-ai search settings",
        "type": "object",
        "additionalProperties": False,
        "properties": {item.name: _property(item, caps) for item in SETTINGS},
    }


_LIMIT_NAMES = tuple(item.name for item in SETTINGS if item.limit)
"""The fields of :class:`Limits`, in order."""


@dataclass(frozen=True)
class Limits:
    """The limits of one search, each checked when the value is made.

    ``depth`` (plies), ``nodes`` (MCTS: simulations) and ``movetime``
    (milliseconds) bound the search; ``None`` means no limit of that kind,
    and with none of the three the search runs :data:`safari_ai.limits.DEFAULT_MOVETIME_MS`
    (the core applies it; :meth:`or_default_time` spells it out). ``seed`` fixes every random choice; ``multipv``
    lines are reported; ``threads`` search; ``hash_mb`` MiB of table;
    ``chance_width`` is expectimax's sampling width (0: the default;
    :func:`safari_ai.analyse`).

    Make one where the user's input is read and pass it on as it is;
    :meth:`of` turns the keyword form (``depth=4, seed=1``) into one.

    :raises LimitError: a limit is not an integer in its range
        (:data:`safari_ai.limits.LIMIT_BOUNDS`).
    """

    depth: int | None = None
    nodes: int | None = None
    movetime: int | None = None
    seed: int = 0
    multipv: int = 1
    threads: int = 1
    hash_mb: int = 16
    chance_width: int = 0

    def __post_init__(self) -> None:
        for item in fields(self):
            value = getattr(self, item.name)
            if value is not None or item.name not in ("depth", "nodes", "movetime"):
                check(item.name, value)

    @property
    def bounded(self) -> bool:
        """True when a depth, nodes or movetime limit is set."""
        return self.depth is not None or self.nodes is not None or self.movetime is not None

    @classmethod
    def of(cls, limits: Limits | None = None, /, **given: int | None) -> Limits:
        """``limits`` itself, or one made from the keyword limits ``given``
        (a None among them is left out: the default). For the functions that
        take either form (:func:`safari_ai.analyse`): the value is made once.

        >>> Limits.of(None, depth=3, seed=None) == Limits(depth=3)
        True

        :raises TypeError: both ``limits`` and a keyword limit, or a keyword
            that is not a limit, or ``limits`` is not a :class:`Limits`.
        :raises LimitError: a keyword limit out of range.
        """
        unknown = sorted(set(given) - set(_LIMIT_NAMES))
        if unknown:
            raise TypeError(f"unknown limit {unknown[0]!r} (limits: {', '.join(_LIMIT_NAMES)})")
        set_ = {name: value for name, value in given.items() if value is not None}
        if limits is None:
            return cls(**set_)
        if not isinstance(limits, Limits):
            raise TypeError(f"limits must be a Limits, got {type(limits).__name__}")
        if set_:
            raise TypeError(
                f"give the limits either as a Limits or as keywords, not both "
                f"(limits and {', '.join(sorted(set_))}=)"
            )
        return limits

    def with_seed(self, seed: int) -> Limits:
        """These limits with another ``seed`` (checked); the other fields,
        checked when this value was made, are not checked again. For a
        player that searches every move under the same limits with a seed
        of its own (the match runner)."""
        check("seed", seed)
        copy = _copy(self)
        object.__setattr__(copy, "seed", seed)
        return copy

    def or_default_time(self) -> Limits:
        """These limits, with ``movetime`` the default
        (:data:`safari_ai.limits.DEFAULT_MOVETIME_MS`) when none bounds the search."""
        return self if self.bounded else replace(self, movetime=_core.DEFAULT_MOVETIME_MS)


_SEARCH_OPTIONS = ("algo", "leaf", "pruning", "multiplayer", "predictions", "player")
"""The settings of :class:`Settings` beside its :class:`Limits`, each checked by the table."""

SEARCH_NAMES = _LIMIT_NAMES + _SEARCH_OPTIONS
"""The settings of the table that one :class:`Settings` holds (its limits'
and its own), by the names :meth:`Settings.of` takes."""


@dataclass(frozen=True)
class Settings:
    """Everything one search is given but the position and the callbacks:
    the value :func:`safari_ai.analyse` takes, made and checked once where a
    front end reads the user's input, then passed on as it is.

    ``limits`` (a :class:`Limits`) goes to the C search unchanged; ``algo``,
    ``leaf``, ``pruning``, ``multiplayer``, ``predictions`` and ``player``
    are checked by the table (:data:`SETTINGS`: their choices and ranges);
    ``samples`` (draws of the hidden tiles with ``predictions="sampled"``,
    at least 1) and ``table`` (False: no transposition table, for tests) are
    not user settings of the front ends. :meth:`of` makes one from the flat
    names (``Settings.of(depth=4, seed=1, algo="mcts")``).

    >>> Settings.of(depth=4, algo="mcts").limits.depth
    4
    >>> Settings(leaf="tree")
    Traceback (most recent call last):
    ...
    safari_ai.settings.SettingError: leaf must be one of rollout, evaluate, got "tree"

    :raises SettingError: a setting out of its range or choices, naming it.
    """

    limits: Limits = Limits()
    algo: str = "auto"
    leaf: str = "evaluate"
    pruning: str = "auto"
    multiplayer: str = "auto"
    predictions: str = "open"
    player: int | None = None
    samples: int = 8
    table: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.limits, Limits):
            raise TypeError(f"limits must be a Limits, got {type(self.limits).__name__}")
        for name in _SEARCH_OPTIONS:
            value = getattr(self, name)
            if value is not None or name != "player":
                check(name, value)
        if isinstance(self.samples, bool) or not isinstance(self.samples, int) or self.samples < 1:
            raise SettingError(f"samples must be an integer >= 1, got {self.samples!r}", "samples")
        if not isinstance(self.table, bool):
            raise SettingError(f"table must be true or false, got {self.table!r}", "table")

    @classmethod
    def of(cls, limits: Limits | None = None, /, **given: Any) -> Settings:
        """The settings named in ``given`` (flat: the limits by their names
        beside the search options; a None is left out, the default), with
        ``limits`` (a :class:`Limits`, passed on as it is) instead of the
        keyword limits.

        >>> Settings.of(depth=3, seed=None, leaf="rollout") == Settings(Limits(depth=3),
        ...                                                             leaf="rollout")
        True

        :raises TypeError: an unknown name, or both ``limits`` and a keyword limit.
        :raises SettingError: a value out of its range or choices.
        """
        options = {
            name: value
            for name, value in given.items()
            if name not in _LIMIT_NAMES and value is not None
        }
        unknown = sorted(set(options) - {item.name for item in fields(cls)} - {"limits"})
        if unknown:
            raise TypeError(f"unknown setting {unknown[0]!r}")
        return cls(
            Limits.of(
                limits, **{name: value for name, value in given.items() if name in _LIMIT_NAMES}
            ),
            **options,
        )

    def with_seed(self, seed: int) -> Settings:
        """These settings with the limits' ``seed`` replaced (:meth:`Limits.with_seed`)."""
        return replace(self, limits=self.limits.with_seed(seed))
