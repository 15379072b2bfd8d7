"""The games' own facts, as the C core declares them.

Each game's ``sa_game`` (csrc/include/safari/game.h) holds its facts (chance
or not, zero-sum or not, players, result range, score units) and a table of
its ``"rules"`` options (csrc/include/safari/rules.h): every option's type,
default, range or choices and a one-line description. The C position readers
validate ``"rules"`` against that table; this module exports the same table
as a JSON Schema (:attr:`Game.rules_schema`), from which the engine
protocol's option lines, the CLI's ``--rules`` help and the web form are
drawn. Nothing about a game is restated in Python.

>>> import safari_ai
>>> race = safari_ai.game("ostrich")
>>> race.has_chance, race.zero_sum, (race.min_players, race.max_players)
(True, False, (2, 5))
>>> race.rules_schema["properties"]["players"]["maximum"]
5
>>> [g.name for g in safari_ai.games() if g.zero_sum]
['turtles', 'zebras', 'arena']
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from safari_ai import _core
from safari_ai.errors import PositionError, UnknownGameError
from safari_ai.jsontext import value_or_text

__all__ = ["Game", "games", "game", "game_names"]

_JSON_TYPES = {"bool": "boolean", "int": "integer", "enum": "string", "string": "string"}


@dataclass(frozen=True)
class Game:
    """One game's facts, from the C core.

    :param name: the JSON ``"game"`` field, e.g. ``"turtles"``.
    :param has_chance: positions where dice decide exist.
    :param zero_sum: two players whose results are win 1, draw 0, loss -1 (the
        points race ostrich is not).
    :param min_players: fewest players a position has.
    :param max_players: most players a position has.
    :param result_min: lowest result of a player at the end (-1: a loss).
    :param result_max: highest (1: a win; ostrich: its most points).
    :param units: what one unit of the evaluation (an alpha-beta ``cp``) is.
    :param analysis_depths: the record analysis's levels quick, default and
        thorough: ``(decision depth, chance depth)`` each (docs/records.md).
    :param analysis_nodes: the same levels' node limit on each search,
        ``(decision, chance)``, 0 for none: a search stops at its depth or
        its node limit, whichever comes first.
    :param hidden_tiles: each player may hold a tile face down that the
        others do not see (ostrich's prediction tiles): a fair engine
        searches with the tiles it cannot see redrawn.
    :param rating_bands: the record analysis's rating bands per level
        (quick, default, thorough, as ``analysis_depths``), each by number of
        players: the least accuracy of expert, advanced, intermediate and
        casual (docs/records.md, "Ratings"); a number of players missing:
        not measured, no rating. Where a level's own bands were not measured
        (``rating_measured``) it holds the default level's, which rate it.
    :param rating_measured: per level, the numbers of players whose bands
        were measured at that level.
    :param feature_phrases: per evaluation feature, the two phrases a marked
        move's reason says when the played line's end has less of it, or
        more (``{n}`` the amount, ``{s}``/``{es}``/``{ce}`` plural endings).
    :param rules_schema: the ``"rules"`` object as a JSON Schema: one property
        per option with ``type``, ``default``, ``description`` and ``enum``
        or ``minimum``/``maximum``; no other key is allowed. One dict shared
        by every caller: copy it before changing it.
    """

    name: str
    has_chance: bool
    zero_sum: bool
    min_players: int
    max_players: int
    result_min: int
    result_max: int
    units: str
    rules_schema: dict[str, Any] = field(hash=False, repr=False)
    analysis_depths: tuple[tuple[int, int], ...] = ()
    analysis_nodes: tuple[tuple[int, int], ...] = ()
    hidden_tiles: bool = False
    rating_bands: tuple[dict[int, tuple[float, ...]], ...] = field(default=(), hash=False)
    rating_measured: tuple[frozenset[int], ...] = ()
    feature_phrases: tuple[tuple[str, str], ...] = ()

    @property
    def rules_defaults(self) -> dict[str, Any]:
        """Every rules option at its default, in the core's order.

        >>> game("zebras").rules_defaults
        {'croc_chain': True}
        """
        return {key: spec["default"] for key, spec in self.rules_schema["properties"].items()}

    def rule_value(self, key: str, text: str) -> Any:
        """The value ``text`` spells for rules option ``key``: JSON (``60``,
        ``true``, ``"any"``), or the text itself when it is not JSON or the
        option takes a string (``max_rule=any``, ``side0=retiarius``). The
        range and the choices are the core's to check (:meth:`Position.new`).

        >>> game("turtles").rule_value("max_turns", "60")
        60

        :raises PositionError: ``key`` is not an option of this game (field
            ``rules.KEY``), or ``text`` is not JSON where a number or a
            boolean is expected.
        """
        spec = self.rules_schema["properties"].get(key)
        if spec is None:
            raise PositionError(
                f"field 'rules.{key}': unknown option of {self.name} "
                f"(one of {', '.join(self.rules_schema['properties'])})",
                field=f"rules.{key}",
            )
        value = value_or_text(text)
        return text if spec["type"] == "string" and not isinstance(value, str) else value


def _schema(rules: list[dict[str, Any]]) -> dict[str, Any]:
    """The JSON Schema of a ``"rules"`` object from the core's table rows."""
    properties: dict[str, Any] = {}
    for row in rules:
        spec: dict[str, Any] = {
            "type": _JSON_TYPES[row["kind"]],
            "default": row["default"],
            "description": row["description"],
        }
        if row["kind"] == "enum":
            spec["enum"] = list(row["choices"])
        if row["kind"] == "int":
            spec["minimum"], spec["maximum"] = row["minimum"], row["maximum"]
        properties[row["key"]] = spec
    return {"type": "object", "properties": properties, "additionalProperties": False}


@functools.cache
def _all() -> tuple[Game, ...]:
    out = []
    for name in _core.game_names():
        facts = _core.game_facts(name)
        out.append(
            Game(
                name=facts["name"],
                has_chance=facts["has_chance"],
                zero_sum=facts["zero_sum"],
                min_players=facts["min_players"],
                max_players=facts["max_players"],
                result_min=facts["result_min"],
                result_max=facts["result_max"],
                units=facts["units"],
                rules_schema=_schema(facts["rules"]),
                analysis_depths=tuple(facts["analysis_depths"]),
                analysis_nodes=tuple(facts["analysis_nodes"]),
                hidden_tiles=facts["hidden_tiles"],
                rating_bands=tuple(dict(bands) for bands in facts["rating_bands"]),
                rating_measured=tuple(frozenset(n) for n in facts["rating_measured"]),
                feature_phrases=tuple(facts["feature_phrases"]),
            )
        )
    return tuple(out)


def games() -> tuple[Game, ...]:
    """Every game the core plays, in its registry's order.

    >>> [g.name for g in games()]
    ['turtles', 'zebras', 'ostrich', 'arena']
    """
    return _all()


def game_names() -> tuple[str, ...]:
    """The names of :func:`games`, e.g. ``("turtles", ...)``."""
    return tuple(g.name for g in _all())


def game(name: str) -> Game:
    """The game called ``name``.

    >>> game("arena").has_chance
    True

    :raises UnknownGameError: no game has that name (field ``game``).
    """
    for candidate in _all():
        if candidate.name == name:
            return candidate
    raise UnknownGameError(
        f"field 'game': unknown game \"{name[:40]}\" (known: {', '.join(game_names())})", name
    )
