"""Hostile ``position`` lines get one ``info string error:`` line naming the
limit, never ``internal error: RecursionError`` / ``ValueError`` (issue 21 point 9)."""

from __future__ import annotations

import pytest

from safari_ai import jsontext
from safari_ai.protocol import Engine


@pytest.mark.parametrize(
    ("line", "expect"),
    [
        ("position json " + "[" * 100_000 + "]" * 100_000, "nesting deeper than"),
        ("position json " + '{"a":' * 5_000 + "1" + "}" * 5_000, "nesting deeper than"),
        ('position json {"game": "turtles", "x": ' + "9" * 5_000 + "}", "number longer than"),
        ('position json {"game": "turtles", "x": ' + "9" * 40 + "}", "number longer than"),
        ("position json " + '{"x": "' + "a" * (jsontext.MAX_BYTES + 1) + '"}', "too large"),
        ("position startpos turtles max_turns=" + "[" * 1_000 + "]" * 1_000, "nesting deeper than"),
        ("position startpos turtles max_turns=" + "9" * 5_000, "number longer than"),
        ('position json {"game": "turtles", "game": "turtles"}', "duplicate key"),
    ],
)
def test_hostile_position_lines(line: str, expect: str) -> None:
    engine = Engine()
    out = engine.feed(line)
    assert len(out) == 1 and out[0].startswith("info string error: position"), out
    assert "internal error" not in out[0] and expect in out[0], out[0][:300]
    # the engine still works
    assert engine.feed("position startpos turtles max_turns=50") == []
    assert any(line.startswith("moves 20") for line in engine.feed("d"))
