"""The core refuses what play cannot reach, and play never leaves what the
reader accepts (issue 32, N8); the small API edges of N12.

The fuzz side of it (every move and outcome of every accepted fuzzed
position applied, its child read back) is in test_fuzz_properties.py
(``_check_accepted``) and in the libFuzzer harness csrc/fuzz/fuzz_position.c.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from click.testing import CliRunner

import safari_ai
from safari_ai import PositionError
from safari_ai.cli import main as cli


def _hunt_steps(count: int) -> list[dict[str, Any]]:
    """Arena positions at a ``hunt_step`` reached by seeded random play."""
    rng = random.Random("hunt_step")
    found: list[dict[str, Any]] = []
    while len(found) < count:
        pos = safari_ai.Position.new("arena", {"animals": True})
        while not pos.is_terminal():
            data = pos.to_json()
            if data["phase"] == "hunt_step":
                found.append(data)
            moves = pos.legal_moves() or [o for o, _ in pos.chance_outcomes()]
            pos = pos.apply(rng.choice(moves))
    return found


def _speed(data: dict[str, Any]) -> int:
    [animal] = [a for a in data["animals"] if a["id"] == data["active"]["id"]]
    return int(animal["speed"])


def test_hunt_step_beyond_the_animals_speed_is_refused() -> None:
    """N8: steps 2, left 2 for a speed-3 bear was accepted, and its legal
    outcome gave a position the reader refused."""
    for data in _hunt_steps(12):
        speed = _speed(data)
        for steps in range(speed + 1):
            for left in range(1, speed + 1):
                data["active"].update(steps=steps, left=left)
                text = json.dumps(data)
                if steps + left <= speed:
                    try:
                        pos = safari_ai.Position.from_json(text)
                    except PositionError:
                        continue  # refused for another reason (the target's distance)
                    for move in pos.legal_moves() or [o for o, _ in pos.chance_outcomes()]:
                        child = pos.apply(move)
                        assert safari_ai.Position.from_json(child.to_json_text()) == child
                else:
                    with pytest.raises(PositionError) as refused:
                        safari_ai.Position.from_json(text)
                    assert refused.value.field == "active.steps"
                    assert "steps + left must be at most" in str(refused.value)


def test_a_whole_arena_game_stays_inside_the_reader() -> None:
    rng = random.Random("arena/inside")
    for _ in range(3):
        pos = safari_ai.Position.new("arena", {"animals": True})
        while not pos.is_terminal():
            for move in pos.legal_moves() or [o for o, _ in pos.chance_outcomes()]:
                child = pos.apply(move)
                assert safari_ai.Position.from_json(child.to_json_text()) == child, move
            moves = pos.legal_moves() or [o for o, _ in pos.chance_outcomes()]
            pos = pos.apply(rng.choice(moves))


# -- N12 -------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["turtles", "zebras", "arena"])
def test_evaluate_refuses_a_player_the_game_does_not_have(game: str) -> None:
    pos = safari_ai.Position.new(game)
    for player in (2**40, 5, 2, -1):
        with pytest.raises(ValueError, match=f"player must be 0..1 in this 2-player {game}"):
            pos.evaluate(player)
    assert isinstance(pos.evaluate(1), int)


@pytest.mark.parametrize("game", [None, 3, b"turtles", ["turtles"]])
def test_new_with_a_game_that_is_not_a_name_is_a_position_error(game: Any) -> None:
    with pytest.raises(PositionError) as error:
        safari_ai.Position.new(game)
    assert error.value.field == "game"
    assert "game must be a game name" in str(error.value)


def test_a_record_without_a_result_prints_none_not_python(tmp_path: Any) -> None:
    from safari_ai.record import GameRecord

    record = GameRecord(
        start=safari_ai.Position.new("turtles").to_json(),
        players=[{"seat": 0, "name": "a"}, {"seat": 1, "name": "b"}],
    )
    assert json.loads(record.dumps())["result"] is None
    path = tmp_path / "record.json"
    path.write_text(record.dumps())
    result = CliRunner().invoke(cli, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "result (none)" in result.output and "None" not in result.output
