"""The outcome table of a chance position is right in every front end (issue 27, point 1).

At a chance position expectimax values every outcome; each row carries
``best``, the best move after that outcome (null when nobody chooses there),
and ``to_move``, who moves after it. The two were once filled in each other's
place where the C report becomes :class:`safari_ai.report.Outcome`, and every
front end showed the mover (or nothing) as the "best" move.

Each front end (the Python API, ``analyse`` text and ``--json``, the engine
protocol's ``info outcome ... pv``, batch analysis, the HTTP API whose data
the page renders) is checked on an arena attack roll and an ostrich dice
roll: each ``best`` is a legal move of the position after its outcome, and
the move :func:`safari_ai.analyse` finds given that position directly, one
ply shallower (the roll is a ply) with the same seed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import safari_ai
from safari_ai.cli import main
from safari_ai.protocol import Engine

ARENA_ATTACK = [
    "init:0",
    "order:01",
    "move:c5",
    "move:i4",
    "init:1",
    "order:10",
    "move:g5",
    "move:e4",
    "init:1",
    "order:10",
    "move:f4",
    "attack:0a",
]
SEED = 3


def ostrich_roll() -> safari_ai.Position:
    """The first ostrich chance position after which a player chooses (the first dice roll)."""
    pos = safari_ai.Position.new("ostrich")
    while True:
        if pos.is_chance():
            after = pos.apply(pos.chance_outcomes()[0][0])
            if isinstance(after.to_move, int):
                return pos
            pos = after
        else:
            pos = pos.apply(pos.legal_moves()[0])


def arena_attack() -> safari_ai.Position:
    pos = safari_ai.Position.new("arena")
    for move in ARENA_ATTACK:
        pos = pos.apply(move)
    return pos


CASES = {
    # (position, depth, outcomes checked against a direct search: every one in arena,
    #  a spread sample of the 1,512 in ostrich)
    "arena-attack": (arena_attack, 3, 1),
    "arena-start": (lambda: safari_ai.Position.new("arena"), 3, 1),
    "ostrich-roll": (ostrich_roll, 2, 97),
}


def expected_best(pos: safari_ai.Position, depth: int, step: int) -> dict[str, str | None]:
    """outcome -> the best move a direct search of the position after it finds
    (None where nobody chooses), for every ``step``-th outcome."""
    out: dict[str, str | None] = {}
    for outcome, _ in pos.chance_outcomes()[::step]:
        after = pos.apply(outcome)
        out[outcome] = (
            None
            if not isinstance(after.to_move, int)
            else safari_ai.analyse(after, depth=depth - 1, seed=SEED).best_move
        )
    return out


def check_rows(
    pos: safari_ai.Position,
    rows: dict[str, tuple[str | None, Any]],
    expected: dict[str, str | None],
) -> None:
    """``rows``: outcome -> (best, to_move) as a front end gave them."""
    assert set(rows) == {o for o, _ in pos.chance_outcomes()}
    choosing = 0
    for outcome, (best, to_move) in rows.items():
        after = pos.apply(outcome)
        assert to_move == after.to_move, outcome
        if isinstance(after.to_move, int):
            assert best in after.legal_moves(), (outcome, best)
            choosing += 1
        else:
            assert best is None, (outcome, best)
    assert choosing > 0  # the check is not vacuous: someone chooses after some outcomes
    for outcome, best in expected.items():
        assert rows[outcome][0] == best, outcome


@pytest.fixture(scope="module", params=list(CASES))
def case(request: pytest.FixtureRequest) -> tuple[safari_ai.Position, int, dict[str, Any]]:
    make, depth, step = CASES[request.param]
    pos = make()
    assert pos.is_chance()
    return pos, depth, expected_best(pos, depth, step)


def test_the_python_outcomes(case: tuple[safari_ai.Position, int, dict[str, Any]]) -> None:
    pos, depth, expected = case
    report = safari_ai.analyse(pos, depth=depth, seed=SEED)
    check_rows(pos, {o.outcome: (o.best, o.to_move) for o in report.outcomes}, expected)


def cli(*args: str, stdin: str) -> str:
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_analyse_json_and_text(case: tuple[safari_ai.Position, int, dict[str, Any]]) -> None:
    pos, depth, expected = case
    text = json.dumps(pos.to_json())
    data = json.loads(
        cli(
            "analyse",
            "-",
            "--json",
            "--quiet",
            "--depth",
            str(depth),
            "--seed",
            str(SEED),
            stdin=text,
        )
    )
    check_rows(pos, {o["outcome"]: (o["best"], o["to_move"]) for o in data["outcomes"]}, expected)
    # the text table: the last column is the best move after the outcome (absent when none)
    lines = cli(
        "analyse", "-", "--quiet", "--depth", str(depth), "--seed", str(SEED), stdin=text
    ).splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("outcome "))
    assert lines[head].endswith("best after")
    players = pos.num_players
    rows = {}
    for line in lines[head + 1 : head + 1 + len(data["outcomes"])]:
        tokens = line.split()
        best = tokens[2 + players] if len(tokens) > 2 + players else None
        rows[tokens[0]] = (best, pos.apply(tokens[0]).to_move)
    check_rows(pos, rows, expected)


def test_protocol_info_outcome_pv(case: tuple[safari_ai.Position, int, dict[str, Any]]) -> None:
    pos, depth, expected = case
    engine = Engine()
    try:
        assert engine.feed("position json " + json.dumps(pos.to_json())) == []
        engine.feed(f"setoption name Seed value {SEED}")
        lines = engine.feed(f"go depth {depth}")
        lines += engine.wait(timeout=60)
    finally:
        engine.close()
    rows = {}
    for line in lines:
        if line.startswith("info outcome "):
            tokens = line.split()
            best = tokens[tokens.index("pv") + 1] if "pv" in tokens else None
            assert "pv" not in tokens or tokens.index("pv") == len(tokens) - 2, line
            rows[tokens[2]] = (best, pos.apply(tokens[2]).to_move)
    check_rows(pos, rows, expected)


def test_batch_analysis(
    case: tuple[safari_ai.Position, int, dict[str, Any]], tmp_path: Path
) -> None:
    pos, depth, expected = case
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "roll.json").write_text(json.dumps(pos.to_json()))
    result = CliRunner().invoke(
        main,
        [
            "analyse",
            str(tmp_path / "in"),
            "--out",
            str(tmp_path / "out"),
            "--depth",
            str(depth),
            "--seed",
            str(SEED),
            "--workers",
            "1",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "out" / "roll.json").read_text())["analysis"]
    check_rows(pos, {o["outcome"]: (o["best"], o["to_move"]) for o in data["outcomes"]}, expected)


def test_http_api(case: tuple[safari_ai.Position, int, dict[str, Any]], api_client: Any) -> None:
    pos, depth, expected = case
    response = api_client.post(
        "/api/analyse", json={"position": pos.to_json(), "limits": {"depth": depth}, "seed": SEED}
    )
    assert response.status_code == 200, response.text
    data = response.json()
    check_rows(pos, {o["outcome"]: (o["best"], o["to_move"]) for o in data["outcomes"]}, expected)
