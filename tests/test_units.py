"""Every score says what it is, truly (issue 27, point 2).

Each game's ``units`` text (:attr:`safari_ai.Game.units`, the ``units`` line
of ``safari-ai analyse``) is spelled in C next to the evaluation's weights,
from the same constants. These tests measure the evaluation on real
positions and check that it agrees with what the text says: in turtles the
evaluation difference one more active turtle makes (and every other weight
the text states), in zebras and ostrich what a point is worth, in arena a die
and a gladiator. Before, the text said "an active turtle = 100" while the
compiled weight was 37.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import safari_ai
from safari_ai.cli import main
from safari_ai.samples import mixed_record
from safari_ai.tune import feature_names

ROOT = Path(__file__).resolve().parent.parent

TURTLES_PHRASES = {  # the units text's phrase -> the feature it weighs
    "an active turtle": "active",
    "a step toward the goal": "advance",
    "a turtle in reserve": "reserve",
    "a turtle next to its open goal": "next_to_goal",
    "the home corner held": "guard",
    "having the move": "to_move",
}


def stated(units: str) -> dict[str, int]:
    """``phrase -> number`` for every ``phrase = number`` of a units text."""
    return {
        m.group(1).strip(): int(m.group(2)) for m in re.finditer(r"([a-z][a-z ]*?) = (\d+)", units)
    }


def played(
    game: str, seed: int, plies: int, rules: dict[str, object] | None = None
) -> list[safari_ai.Position]:
    """The positions of one seeded game (:func:`safari_ai.samples.mixed_record`:
    every third move random, from the third on, the others the engine's at depth 1)."""
    return mixed_record(game, rules, seed, plies, first_random=2).replay()


def test_turtles_units_state_the_weights_the_evaluation_has() -> None:
    said = stated(safari_ai.game("turtles").units)
    assert set(said) == set(TURTLES_PHRASES)
    start = safari_ai.Position.new("turtles")
    weights = dict(zip(feature_names("turtles"), start.weights().weights))
    assert {TURTLES_PHRASES[p]: n for p, n in said.items()} == weights


def test_one_more_active_turtle_is_worth_what_the_units_say() -> None:
    """On real positions, take one turtle off the board: where nothing but the
    count of active turtles changes (a turtle with no step made toward its
    goal, away from it and the corner), the evaluation changes by what the
    units text says an active turtle is; every other removal changes it by
    the stated weights times the features' changes."""
    said = stated(safari_ai.game("turtles").units)
    per_feature = np.array(
        [
            said[next(p for p, f in TURTLES_PHRASES.items() if f == name)]
            for name in feature_names("turtles")
        ],
        dtype=float,
    )
    active = feature_names("turtles").index("active")
    measured: list[int] = []
    others = 0
    for seed in range(4):
        for pos in played("turtles", seed, 40)[::4]:
            if not isinstance(pos.to_move, int):
                continue
            data = pos.to_json()
            for cell, piece in data["board"].items():
                if piece[0] not in "01":
                    continue
                fewer = json.loads(json.dumps(data))
                del fewer["board"][cell]
                try:
                    less = safari_ai.Position.from_json(json.dumps(fewer))
                except safari_ai.PositionError:
                    continue  # e.g. a player left without turtles
                player = int(piece[0])
                delta_eval = pos.evaluate(player) - less.evaluate(player)
                delta_f = pos.features(player) - less.features(player)
                assert delta_eval == round(float(per_feature @ delta_f)), (cell, data)
                if [i for i, x in enumerate(delta_f) if x] == [active] and delta_f[active] == 1:
                    measured.append(delta_eval)
                else:
                    others += 1
    assert len(measured) >= 5 and others >= 5, (len(measured), others)
    assert set(measured) == {said["an active turtle"]}


def test_a_point_is_what_the_units_say_in_the_points_games() -> None:
    """Ostrich: at the end the evaluation is the exact score, so the measured
    value of a point there is the unit the text states. Zebras: the weights
    of control and of the Inauguration token (whose worth the rules fix, 5
    points) are the text's point."""
    point = stated(safari_ai.game("ostrich").units)["a point"]
    ends = 0
    for seed in range(3):
        end = played("ostrich", seed, 400, {"players": 3})[-1]
        if end.is_terminal():
            ends += 1
            assert [end.evaluate(p) for p in range(3)] == [point * r for r in end.result()]
    assert ends >= 2
    zebra_point = stated(safari_ai.game("zebras").units)["a point"]
    weights = dict(zip(feature_names("zebras"), safari_ai.Position.new("zebras").weights().weights))
    assert weights["control"] == zebra_point
    assert weights["inauguration"] == 5 * zebra_point


def test_arena_units_are_the_weights_of_a_die_and_a_gladiator() -> None:
    text = safari_ai.game("arena").units
    die = stated(text)["a die"]
    standing = int(re.search(r"a gladiator standing = (\d+) dice", text).group(1))
    weights = dict(zip(feature_names("arena"), safari_ai.Position.new("arena").weights().weights))
    assert weights["attack"] == weights["defense"] == weights["speed"] == die
    assert weights["standing"] == standing * die


def test_the_turtles_docs_quote_the_units_text() -> None:
    doc = (ROOT / "docs" / "games" / "turtles.md").read_text()
    quoted = " ".join(line[2:] for line in doc.splitlines() if line.startswith("> "))
    assert safari_ai.game("turtles").units in " ".join(quoted.split())
    for path in ("README.md", "docs/games/README.md", "docs/protocol.md", "docs/games/turtles.md"):
        text = (ROOT / path).read_text()
        assert "active turtle = 100" not in text and "centi-turtles" not in text, path


@pytest.mark.parametrize("game", ["turtles", "arena", "ostrich"])
def test_every_analysis_prints_its_units_line(game: str) -> None:
    pos = safari_ai.Position.new(game)
    result = CliRunner().invoke(
        main, ["analyse", "-", "--depth", "2", "--quiet"], input=json.dumps(pos.to_json())
    )
    assert result.exit_code == 0, result.output
    units = [line for line in result.stdout.splitlines() if line.startswith("units ")]
    assert len(units) == 1
    if pos.is_chance():
        assert "expected pP" in units[0]
    else:
        assert safari_ai.game(game).units in units[0]
