"""Game facts and rules schemas from the core (issue 16, point 1): the schema
of each game agrees with its start position, with the C reader's bounds,
with the protocol's option lines, the CLI's help, the web form and the
docs; and no Python module outside the renderers names a game."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import safari_ai
from safari_ai import Game, Position, PositionError, UnknownGameError
from safari_ai.cli import main
from safari_ai.protocol.options import engine_options, rules_options
from safari_ai.web.app import rules_form

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "safari_ai"
NAMES = safari_ai.game_names()
JSON_TYPES = {"boolean": bool, "integer": int, "string": str}


def properties(game: str) -> dict[str, dict[str, Any]]:
    props: dict[str, dict[str, Any]] = safari_ai.game(game).rules_schema["properties"]
    return props


def test_games_are_the_cores_in_order() -> None:
    games = safari_ai.games()
    assert isinstance(games, tuple) and all(isinstance(g, Game) for g in games)
    assert tuple(g.name for g in games) == NAMES == tuple(safari_ai.position.games())
    assert safari_ai.game(NAMES[0]) is games[0]


def test_an_unknown_game_is_a_typed_error_naming_it() -> None:
    with pytest.raises(UnknownGameError) as info:
        safari_ai.game("chess")
    assert info.value.game == "chess" and info.value.field == "game"
    assert '"chess"' in str(info.value) and all(name in str(info.value) for name in NAMES)
    assert isinstance(info.value, PositionError)


def test_game_is_frozen_and_hashable() -> None:
    game = safari_ai.games()[0]
    with pytest.raises(AttributeError):
        game.name = "other"  # type: ignore[misc]
    assert hash(game) == hash(safari_ai.game(game.name))


@pytest.mark.parametrize("game", NAMES)
def test_facts_agree_with_positions(game: str) -> None:
    """Players, chance and results as positions of the game show them."""
    facts = safari_ai.game(game)
    start = Position.new(game)
    assert facts.min_players <= start.num_players <= facts.max_players
    assert facts.result_min < facts.result_max
    assert facts.units
    if facts.zero_sum:
        assert (facts.result_min, facts.result_max, facts.max_players) == (-1, 1, 2)
    pos, plies, seen_chance = start, 0, False
    while not pos.is_terminal() and plies < 400:
        seen_chance |= pos.is_chance()
        pos = pos.apply(sorted(pos.legal_moves() or [o for o, _ in pos.chance_outcomes()])[0])
        plies += 1
    if not facts.has_chance:
        assert not seen_chance
    if pos.is_terminal():
        assert all(facts.result_min <= r <= facts.result_max for r in pos.result())
        if facts.zero_sum:
            assert sum(pos.result()) == 0


def test_chance_and_zero_sum_facts() -> None:
    """The four games as the rule books describe them."""
    facts = {g.name: (g.has_chance, g.zero_sum) for g in safari_ai.games()}
    described = {
        "turtles": (False, True),
        "zebras": (False, True),
        "ostrich": (True, False),
        "arena": (True, True),
    }
    # the games of the rule books; another registered game is not listed here
    assert {name: facts[name] for name in described if name in facts} == {
        name: value for name, value in described.items() if name in facts
    }


@pytest.mark.parametrize("game", NAMES)
def test_schema_is_a_json_schema_of_the_rules_object(game: str) -> None:
    schema = safari_ai.game(game).rules_schema
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    for key, spec in schema["properties"].items():
        assert spec["type"] in JSON_TYPES, key
        assert isinstance(spec["default"], JSON_TYPES[spec["type"]]), key
        assert isinstance(spec["description"], str) and spec["description"], key
        if "enum" in spec:
            assert spec["type"] == "string" and spec["default"] in spec["enum"]
        if spec["type"] == "integer":
            assert spec["minimum"] <= spec["default"] <= spec["maximum"]


@pytest.mark.parametrize("game", NAMES)
def test_schema_defaults_are_the_start_positions_rules(game: str) -> None:
    facts = safari_ai.game(game)
    assert facts.rules_defaults == Position.new(game).to_json()["rules"]
    assert list(facts.rules_defaults) == list(Position.new(game).to_json()["rules"])
    if "players" in facts.rules_defaults:
        spec = properties(game)["players"]
        assert (spec["minimum"], spec["maximum"]) == (facts.min_players, facts.max_players)
        for players in range(spec["minimum"], spec["maximum"] + 1):
            pos = Position.new(game, {"players": players})
            assert pos.num_players == players
            assert pos.to_json()["rules"] == {**facts.rules_defaults, "players": players}


def refused_field(game: str, rules: dict[str, Any]) -> str | None:
    with pytest.raises(PositionError) as info:
        Position.new(game, rules)
    return info.value.field


@pytest.mark.parametrize("game", NAMES)
def test_every_bound_and_choice_is_the_c_readers(game: str) -> None:
    for key, spec in properties(game).items():
        if spec["type"] == "integer":
            for value in (spec["minimum"], spec["maximum"]):
                assert Position.new(game, {key: value}).to_json()["rules"][key] == value
            for value in (spec["minimum"] - 1, spec["maximum"] + 1):
                assert refused_field(game, {key: value}) == f"rules.{key}"
        if "enum" in spec:
            for choice in spec["enum"]:
                assert Position.new(game, {key: choice}).to_json()["rules"][key] == choice
            assert refused_field(game, {key: spec["enum"][0] + "x"}) == f"rules.{key}"
        wrong = "1" if spec["type"] != "string" else 1
        assert refused_field(game, {key: wrong}) == f"rules.{key}"
    assert refused_field(game, {"no_such_option": 1}) == "rules.no_such_option"


@pytest.mark.parametrize("game", NAMES)
def test_the_handshakes_options_are_the_schema(game: str) -> None:
    options = {o.key: o for o in engine_options() if o.game == game}
    assert [o.key for o in rules_options(game)] == list(properties(game))
    assert list(options) == list(properties(game))
    for key, spec in properties(game).items():
        option = options[key]
        assert option.name == f"{game}.{key}" and option.default == spec["default"]
        kind = (
            "combo"
            if "enum" in spec
            else {"boolean": "check", "integer": "spin", "string": "string"}[spec["type"]]
        )
        assert option.kind == kind
        assert list(option.choices) == spec.get("enum", [])
        assert (option.minimum, option.maximum) == (spec.get("minimum"), spec.get("maximum"))
        line = option.describe()
        if kind == "spin":
            assert line.endswith(f"min {spec['minimum']} max {spec['maximum']}")


def test_the_handshake_announces_every_rules_option() -> None:
    from safari_ai.protocol import Engine

    engine = Engine()
    try:
        lines = engine.feed("safari")
    finally:
        engine.close()
    announced = {line.split()[2] for line in lines if line.startswith("option name ")}
    for game in NAMES:
        assert {f"{game}.{key}" for key in properties(game)} <= announced


@pytest.mark.parametrize("game", NAMES)
def test_the_web_form_is_the_schema(game: str) -> None:
    form = rules_form(game)
    assert [entry["key"] for entry in form] == list(properties(game))
    for entry in form:
        spec = properties(game)[entry["key"]]
        assert entry["default"] == spec["default"]
        assert entry.get("choices") == spec.get("enum")
        assert entry.get("minimum") == spec.get("minimum")


def test_cli_help_lists_every_rules_option() -> None:
    for command in ("new", "play", "match"):
        result = CliRunner().invoke(main, [command, "--help"])
        assert result.exit_code == 0, result.output
        for game in NAMES:
            for key, spec in properties(game).items():
                assert re.search(
                    rf"^\s+{key}=.*{re.escape(spec['description'])}", result.output, re.M
                ), (command, game, key)


def test_cli_rules_take_each_options_type() -> None:
    game = next(
        g
        for g in safari_ai.games()
        if any(
            s["type"] == "string" and "enum" not in s for s in g.rules_schema["properties"].values()
        )
    )
    key = next(
        k
        for k, s in game.rules_schema["properties"].items()
        if s["type"] == "string" and "enum" not in s
    )
    assert game.rule_value(key, "123") == "123"  # a string option keeps digits as text
    assert game.rule_value(key, '"abc"') == "abc"
    with pytest.raises(PositionError) as info:
        game.rule_value("no_such_option", "1")
    assert info.value.field == "rules.no_such_option"
    result = CliRunner().invoke(main, ["new", game.name, "--rules", "no_such_option=1"])
    assert result.exit_code == 1
    assert "--rules no_such_option" in result.output and "unknown option" in result.output
    result = CliRunner().invoke(main, ["new", "no_such_game"])
    assert result.exit_code == 1 and "unknown game" in result.output


# -- the docs' rules tables ---------------------------------------------------


def docs_rules_table(game: str) -> dict[str, tuple[str, str]]:
    """The "Rules options" table of docs/games/GAME.md: key -> (values, default)."""
    text = (ROOT / "docs" / "games" / f"{game}.md").read_text()
    section = text.split("## Rules options", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 4 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = (cells[1], cells[2])
    return rows


@pytest.mark.parametrize("game", NAMES)
def test_the_docs_rules_tables_agree_with_the_schema(game: str) -> None:
    table = docs_rules_table(game)
    assert list(table) == list(properties(game))
    for key, (values, default) in table.items():
        spec = properties(game)[key]
        expected_default = spec["default"]
        shown = (
            f'"{expected_default}"'
            if isinstance(expected_default, str)
            else str(expected_default).lower()
        )
        assert default == f"`{shown}`", (game, key)
        if "enum" in spec:
            assert re.findall(r'`"([^"]*)"`', values) == spec["enum"], (game, key)
        elif spec["type"] == "integer":
            numbers = [int(n) for n in re.findall(r"\d+", values)]
            assert numbers == [spec["minimum"], spec["maximum"]], (game, key)
        elif spec["type"] == "boolean":
            assert values == "`true`, `false`", (game, key)


# -- no game named in Python outside the renderers ---------------------------

ALLOWED = {PACKAGE / "textboard.py"}
ALLOWED_DIRS = {PACKAGE / "render"}


def _docstring_nodes(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
        # an attribute's docstring: a bare string right after an assignment
        for field in ("body", "orelse", "finalbody"):
            stmts = getattr(node, field, None)
            if isinstance(stmts, list):
                for before, after in zip(stmts, stmts[1:]):
                    if (
                        isinstance(before, (ast.Assign, ast.AnnAssign))
                        and isinstance(after, ast.Expr)
                        and isinstance(after.value, ast.Constant)
                    ):
                        ids.add(id(after.value))
    return ids


def game_name_literals(source: str, names: tuple[str, ...]) -> list[tuple[int, str]]:
    """(line, text) of each string constant in ``source`` that is a game's
    name, docstrings excepted (prose that mentions a game is fine: help
    texts, messages)."""
    tree = ast.parse(source)
    docs = _docstring_nodes(tree)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value in names
        and id(node) not in docs
    ]


def test_the_scan_finds_a_game_name() -> None:
    source = (
        'X = frozenset({"ostrich"})\n"""ostrich"""\ndef f():\n    """ostrich"""\n'
        '    return pos.game in ("turtles", "arena")\n'
    )
    assert game_name_literals(source, NAMES) == [(1, "ostrich"), (5, "turtles"), (5, "arena")]


def test_no_game_name_in_python_outside_the_renderers() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path in ALLOWED or any(d in path.parents for d in ALLOWED_DIRS):
            continue
        for line, text in game_name_literals(path.read_text(), NAMES):
            found.append(f"{path.relative_to(ROOT)}:{line}: {text!r}")
    assert found == [], "game facts belong to the core (safari_ai.Game):\n" + "\n".join(found)


def test_no_game_name_in_the_pages_scripts_outside_the_renderer() -> None:
    """The page learns every game from the core (GET /api/games, /api/describe):
    no script of it but render.js (the drawing, as safari_ai/render) names a
    game in its code (a comment may, as an example)."""
    static = PACKAGE / "web" / "static"
    found = []
    for path in sorted(static.glob("*.js")):
        if path.name == "render.js":
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("//", 1)[0]
            if any(re.search(rf"\b{name}\b", code) for name in NAMES):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == [], "the page must take game facts from the server:\n" + "\n".join(found)
