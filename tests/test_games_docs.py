"""docs/games/: every notation example is a real move or outcome, every named
position reads, every picture is a well-formed drawing, and the command line's
help points there."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import safari_ai
from safari_ai.cli import main

DOCS = Path(__file__).resolve().parents[1] / "docs" / "games"
ROOT = DOCS.parents[1]
GAMES = tuple(safari_ai.game_names())
HEADER = "| position | after | move or outcome | meaning |"
NAMED = re.compile(r"^Position `([A-Za-z0-9]+)`")


def named_positions(text: str) -> dict[str, str]:
    """``Position `NAME` ...`` followed (after any prose) by a ```json block."""
    out: dict[str, str] = {}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        match = NAMED.match(line)
        if not match:
            continue
        start = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```json"))
        end = next(j for j in range(start + 1, len(lines)) if lines[j].startswith("```"))
        out[match.group(1)] = "\n".join(lines[start + 1 : end])
    return out


def example_rows(text: str) -> list[tuple[str, str, str]]:
    rows, inside = [], False
    for line in text.splitlines():
        if line.strip() == HEADER:
            inside = True
            continue
        if inside and line.startswith("|---"):
            continue
        if inside and line.startswith("|"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            rows.append((cells[0].strip("`"), cells[1].strip("`"), cells[2].strip("`")))
        else:
            inside = False
    return rows


def start_position(game: str, spec: str, named: dict[str, str]) -> safari_ai.Position:
    words = spec.split()
    if words[0] in named:
        return safari_ai.Position.from_json(named[words[0]])
    assert words[0] == "start", spec
    rules: dict[str, Any] = {}
    for word in words[1:]:
        key, _, raw = word.partition("=")
        try:
            rules[key] = json.loads(raw)
        except json.JSONDecodeError:
            rules[key] = raw
    return safari_ai.Position.new(game, rules)


@pytest.mark.parametrize("game", GAMES)
def test_every_example_is_legal_where_the_page_says(game: str) -> None:
    text = (DOCS / f"{game}.md").read_text()
    named = named_positions(text)
    rows = example_rows(text)
    assert len(rows) >= 8, game
    for spec, after, token in rows:
        pos = start_position(game, spec, named)
        for move in [] if after == "-" else after.split():
            pos = pos.apply(move)
        move, _, probability = token.partition(" ")
        if pos.is_chance():
            outcomes = dict(pos.chance_outcomes())
            assert move in outcomes, (spec, after, move, sorted(outcomes)[:20])
            if probability:
                assert outcomes[move] == Fraction(probability), (move, outcomes[move])
        else:
            assert not probability, token
            assert move in pos.legal_moves(), (spec, after, move, pos.legal_moves()[:20])


@pytest.mark.parametrize("game", GAMES)
def test_named_positions_read_and_write_back(game: str) -> None:
    for name, text in named_positions((DOCS / f"{game}.md").read_text()).items():
        pos = safari_ai.Position.from_json(text)
        assert pos.game == game, name
        assert safari_ai.Position.from_json(pos.to_json()) == pos


@pytest.mark.parametrize("game", GAMES)
def test_every_position_field_is_documented(game: str) -> None:
    text = (DOCS / f"{game}.md").read_text()
    table = text[text.index("## The position as JSON") :]
    for field in safari_ai.Position.new(game).to_json():
        assert f"| `{field}` |" in table, (game, field)
    options = text[text.index("## Rules options") :]
    for key in safari_ai.Position.new(game).to_json()["rules"]:
        assert f"| `{key}` |" in options, (game, key)


def test_pictures_and_links_exist() -> None:
    index = (DOCS / "README.md").read_text()
    for game in GAMES:
        assert f"({game}.md)" in index
        text = (DOCS / f"{game}.md").read_text()
        assert f"../rules/{game}.md" in text
        pictures = re.findall(r"\]\((img/[^)]+\.svg)\)", text)
        assert pictures, game
        for picture in pictures:
            root = ET.fromstring((DOCS / picture).read_text())
            assert root.tag.endswith("svg")
            assert any(
                g.get("class") == "legend" for g in root.iter("{http://www.w3.org/2000/svg}g")
            )
    readme = (ROOT / "README.md").read_text()
    assert "docs/games/" in readme


@pytest.mark.parametrize("command", ["moves", "apply", "analyse"])
def test_help_points_to_the_game_pages(command: str) -> None:
    result = CliRunner().invoke(main, [command, "--help"])
    assert result.exit_code == 0 and "docs/games/" in result.output


def test_outcomes_quoted_in_readme_and_protocol_exist() -> None:
    """The ``position startpos GAME moves ...`` lines of README.md and
    docs/protocol.md replay, and every ``outcomes O P ...`` example there lists
    outcomes, with their probabilities, that the start or one of those positions has."""
    texts = (ROOT / "README.md").read_text() + (ROOT / "docs" / "protocol.md").read_text()
    known: dict[str, Fraction] = {}
    for game in GAMES:
        pos = safari_ai.Position.new(game)
        known.update(pos.chance_outcomes() if pos.is_chance() else [])
    lines = re.findall(r"position startpos (\w+) moves ([^`\n\"]+)", texts)
    assert lines
    for game, moves in lines:
        pos = safari_ai.Position.new(game)
        for move in moves.split():
            if move in ("…", "..."):
                break
            pos = pos.apply(move)
        known.update(pos.chance_outcomes() if pos.is_chance() else [])
    quoted = re.findall(r"outcomes ((?:[^\s`]+ \d+/\d+ ?)+)", texts)
    assert len(quoted) >= 2
    for group in quoted:
        tokens = group.split()
        for outcome, probability in zip(tokens[0::2], tokens[1::2]):
            assert known.get(outcome) == Fraction(probability), (outcome, probability)
    assert "roll:1 1/6" not in texts and "die:hit" not in texts and "die:miss" not in texts


def _analyse(tmp_path: Path, pos: safari_ai.Position, *args: str) -> list[str]:
    path = tmp_path / "pos.json"
    path.write_text(pos.to_json_text())
    result = CliRunner().invoke(main, ["analyse", str(path), "--quiet", *args])
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def test_analyse_says_whose_score_and_its_unit(tmp_path: Path) -> None:
    zebras = _analyse(tmp_path, safari_ai.Position.new("zebras").apply("@00"), "--depth", "2")
    units = [line for line in zebras if line.startswith("units ")]
    assert len(units) == 1 and "player 1 (to move)" in units[0]
    assert "centi-points of the score difference" in units[0]
    turtles = _analyse(tmp_path, safari_ai.Position.new("turtles"), "--depth", "2")
    assert any("player 0 (to move)" in line and "an active turtle = 37" in line for line in turtles)


def test_analyse_labels_expected_results_by_player(tmp_path: Path) -> None:
    arena = safari_ai.Position.new("arena").apply("init:0")
    lines = _analyse(tmp_path, arena, "--depth", "3", "--multipv", "2")
    expected = [line for line in lines if line.startswith("expected ")]
    assert len(expected) == 1 and re.fullmatch(r"expected p0=\d\.\d{4} p1=\d\.\d{4}", expected[0])
    assert any("win probability" in line for line in lines if line.startswith("units "))
    assert any(re.search(r"^multipv 2 .* expected p0=\S+ p1=\S+ pv ", line) for line in lines)
    ostrich = safari_ai.Position.new("ostrich", {"players": 3})
    for outcome in ("pred:ABCD", "pred:BCDE", "pred:CDEA", "AAWWW/B"):
        ostrich = ostrich.apply(outcome)
    lines = _analyse(tmp_path, ostrich, "--depth", "1")
    expected = [line for line in lines if line.startswith("expected ")]
    assert re.fullmatch(r"expected p0=\S+ p1=\S+ p2=\S+", expected[0])
    assert any("expected final score in points" in line for line in lines)


def test_the_index_quotes_only_checked_examples() -> None:
    index = (DOCS / "README.md").read_text()
    rows = [line for line in index.splitlines() if line.startswith("| `") and ".md)" in line]
    assert len(rows) == len(GAMES)
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        game = cells[0].strip("`")
        checked = {
            token.split()[0] for _, _, token in example_rows((DOCS / f"{game}.md").read_text())
        }
        quoted = re.findall(r"`([^`]+)`", cells[3] + cells[4])
        assert quoted, game
        for token in quoted:
            assert token in checked, (game, token)
