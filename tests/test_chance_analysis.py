"""Analysis at chance positions (issue 13): expectimax values every outcome.

The values are checked against expectimax computed here over the reference
rules (tests/reference/, written from the rule books alone; in the race each
player choosing by margin, the engine's default model), with exact
fractions: to the end of the game at the end of an arena duel (its round cap),
and a few plies deep at the last rolls of an ostrich race, where the horizon
is the engine's evaluation (read through the public API, as the engine reads
it: ``evaluate(p) / 100`` points). The engine runs with ``chance_width`` above
every chance position's size, so nothing below the root is sampled.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest
from click.testing import CliRunner
from reference import arena as ref_arena
from reference import ostrich as ref_ostrich

import safari_ai
from safari_ai.cli import main

EXACT = 4096
ARENA = "arena" in safari_ai.game_names()
OSTRICH = "ostrich" in safari_ai.game_names()
needs_arena = pytest.mark.skipif(not ARENA, reason="no arena in the C core")
needs_ostrich = pytest.mark.skipif(not OSTRICH, reason="no ostrich in the C core")


def walk(game: str, rules: dict[str, Any], seed: int, plies: int) -> safari_ai.Position:
    """The position after ``plies`` seeded random plies (moves and outcomes)."""
    rng = random.Random(seed)
    pos = safari_ai.Position.new(game, rules)
    for _ in range(plies):
        pos = pos.apply(
            rng.choice([o for o, _ in pos.chance_outcomes()])
            if pos.is_chance()
            else rng.choice(pos.legal_moves())
        )
    return pos


def choice_key(values: tuple[Fraction, ...], mover: int, race: bool) -> Fraction:
    """What the mover maximises: in a race (the engine's default model,
    margin) its expected points less the mean of the others'; in a duel its
    win probability."""
    if not race:
        return values[mover]
    others = [v for q, v in enumerate(values) if q != mover]
    return values[mover] - sum(others) / len(others)


def reference_value(
    ref: Any, p: dict[str, Any], depth: int | None, maxn: bool, memo: dict[str, Any]
) -> tuple[tuple[Fraction, ...], int, bool]:
    """Every player's expected result of the reference position ``p`` (two
    players: the win probability, a draw half; more: points), searched
    ``depth`` plies (None: to the end), with the longest line searched and
    whether a max-n tie between different vectors made the choice ambiguous."""
    key = json.dumps(p, sort_keys=True) + str(depth)
    if key in memo:
        return memo[key]
    mover = ref.to_move(p)
    ambiguous = False
    if p["phase"] == "over":
        r = ref.result(p)
        out = (
            tuple(Fraction(x) for x in r)
            if maxn
            else (Fraction(r[0] + 1, 2), Fraction(r[1] + 1, 2)),
            0,
            False,
        )
    elif depth == 0:
        engine = safari_ai.Position.from_json(p)
        out = (
            tuple(Fraction(engine.evaluate(q), 100) for q in range(engine.num_players)),
            0,
            False,
        )
    else:
        below = None if depth is None else depth - 1
        longest, best = 0, None
        if mover == "chance":
            total = None
            for outcome, probability in ref.chance_outcomes(p):
                values, plies, amb = reference_value(ref, ref.apply(p, outcome), below, maxn, memo)
                total = (
                    [probability * v for v in values]
                    if total is None
                    else [t + probability * v for t, v in zip(total, values)]
                )
                longest, ambiguous = max(longest, plies + 1), ambiguous or amb
            best = tuple(total or ())
        else:
            for move in ref.legal_moves(p):
                values, plies, amb = reference_value(ref, ref.apply(p, move), below, maxn, memo)
                longest, ambiguous = max(longest, plies + 1), ambiguous or amb
                if best is None or choice_key(values, mover, maxn) > choice_key(best, mover, maxn):
                    best = values
                elif (
                    choice_key(values, mover, maxn) == choice_key(best, mover, maxn)
                    and values != best
                ):
                    ambiguous = True
        out = (best, longest, ambiguous)
    memo[key] = out
    return out


def check_against_reference(
    ref: Any, pos: safari_ai.Position, depth: int | None, maxn: bool
) -> None:
    p = ref.load(pos.to_json())
    memo: dict[str, Any] = {}
    value, longest, ambiguous = reference_value(ref, p, depth, maxn, memo)
    assert not ambiguous
    report = safari_ai.analyse(pos, depth=depth or longest + 1, chance_width=EXACT)
    assert report.best_move is None and report.is_chance
    assert report.valued == len(report.outcomes) == len(pos.chance_outcomes())
    assert report.expected == pytest.approx([float(v) for v in value], abs=1e-9)
    probabilities = dict(pos.chance_outcomes())
    for outcome in report.outcomes:
        assert outcome.probability == probabilities[outcome.outcome]
        child, _, _ = reference_value(
            ref, ref.apply(p, outcome.outcome), None if depth is None else depth - 1, maxn, memo
        )
        assert outcome.expected == pytest.approx([float(v) for v in child], abs=1e-9)
    assert [o.probability for o in report.outcomes] == sorted(
        (o.probability for o in report.outcomes), reverse=True
    )


@needs_arena
@pytest.mark.parametrize("seed, plies", [(0, 129), (12, 127)])
def test_the_end_of_an_arena_duel_equals_exact_expectimax(seed: int, plies: int) -> None:
    """Round 29 of 30: the tree to the end of the duel, searched in full."""
    pos = walk("arena", {"round_cap": 30}, seed, plies)
    assert pos.is_chance() and pos.to_json()["round"] == 29
    check_against_reference(ref_arena, pos, None, maxn=False)


@needs_ostrich
@pytest.mark.parametrize("seed, plies, depth", [(0, 279, 2), (1, 132, 2), (0, 275, 3)])
def test_the_last_rolls_of_an_ostrich_race_equal_expectimax(
    seed: int, plies: int, depth: int
) -> None:
    pos = walk("ostrich", {"players": 3}, seed, plies)
    assert pos.is_chance()
    check_against_reference(ref_ostrich, pos, depth, maxn=True)


@needs_ostrich
def test_a_roll_on_two_threads_gives_the_same_values() -> None:
    pos = walk("ostrich", {"players": 3}, 1, 132)
    one = safari_ai.analyse(pos, depth=3, seed=5)
    two = safari_ai.analyse(pos, depth=3, seed=5, threads=2)
    assert one.threads == 1 and two.threads == 2
    assert two.expected == pytest.approx(one.expected, abs=1e-12)
    assert [o.expected for o in two.outcomes] == [o.expected for o in one.outcomes]


@needs_ostrich
def test_a_limit_too_short_for_every_outcome_gives_a_seeded_estimate() -> None:
    """An ostrich roll (1,512 outcomes) with 400 nodes: the outcomes valued are
    a seeded sample; the expectation is c + n/k times their weighted sum of
    v - c, c the roll position's evaluation (docs/search-expectimax.md)."""
    pos = walk("ostrich", {"players": 3}, 0, 10)
    while not (pos.is_chance() and len(pos.chance_outcomes()) == 1512):
        pos = pos.apply(pos.chance_outcomes()[0][0] if pos.is_chance() else pos.legal_moves()[0])
    report = safari_ai.analyse(pos, nodes=400, seed=9)
    n = len(report.outcomes)
    assert n == 1512 and 0 < report.valued < n and report.depth == 0
    valued = [o for o in report.outcomes if o.expected is not None]
    assert len(valued) == report.valued
    for p in range(3):
        c = pos.evaluate(p) / 100
        estimate = c + n / len(valued) * sum(
            float(o.probability) * (o.expected[p] - c) for o in valued
        )
        assert report.expected[p] == pytest.approx(estimate, rel=1e-9)
    again = safari_ai.analyse(pos, nodes=400, seed=9)
    assert again.expected == report.expected
    other = safari_ai.analyse(pos, nodes=400, seed=10)
    assert {o.outcome for o in other.outcomes if o.expected} != {o.outcome for o in valued}


@pytest.mark.parametrize("game", [g for g in ("ostrich", "arena") if g in safari_ai.game_names()])
def test_analyse_command_at_the_start_of_a_dice_game(game: str) -> None:
    start = safari_ai.Position.new(game).to_json_text()
    result = CliRunner().invoke(main, ["analyse", "-", "--depth", "2", "--quiet"], input=start)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("bestmove (none)")
    assert lines[1].startswith("expected ")
    head = 2
    if game == "ostrich":  # every player's win chance (a score race)
        assert lines[2].startswith("winchance p0=")
        head = 3
    assert lines[head].split()[:2] == ["outcome", "probability"]
    outcomes = safari_ai.Position.new(game).chance_outcomes()
    table = lines[head + 1 : head + 1 + len(outcomes)]
    assert sum(Fraction(line.split()[1]) for line in table) == 1
    assert lines[-1].startswith("depth 2 ") and "threads 1" in lines[-1]
    data = json.loads(
        CliRunner()
        .invoke(main, ["analyse", "-", "--depth", "2", "--json", "--threads", "2"], input=start)
        .stdout
    )
    assert data["bestmove"] is None and data["threads"] == 2
    assert len(data["expected"]) == safari_ai.Position.new(game).num_players
    assert (data["win_chances"] is None) == (game != "ostrich")
    assert [o["outcome"] for o in data["outcomes"]] == [line.split()[0] for line in table]
    assert sum(Fraction(o["probability"]) for o in data["outcomes"]) == 1
    mean = [
        sum(float(Fraction(o["probability"])) * o["expected"][p] for o in data["outcomes"])
        for p in range(len(data["expected"]))
    ]
    assert data["expected"] == pytest.approx(mean, abs=1e-9)
    short = json.loads(
        CliRunner()
        .invoke(main, ["analyse", "-", "--depth", "2", "--json", "--multipv", "1"], input=start)
        .stdout
    )
    assert len(short["outcomes"]) == 1 and short["expected"] == data["expected"]


def test_other_algorithms_refuse_a_chance_position_by_name() -> None:
    if not ARENA:
        pytest.skip("no arena in the C core")
    with pytest.raises(safari_ai.SearchError, match="chance position"):
        safari_ai.analyse(safari_ai.Position.new("arena"), nodes=100, algo="mcts")
