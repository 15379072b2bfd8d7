"""Expectimax on the dice games against a brute-force expectimax.

The brute force below is the textbook one, written over the public Position
API: a chance position is the probability-weighted mean of its outcomes, a
decision the best move for the player to move (two players: player 0
maximises, player 1 minimises; more players: max-n), every move and outcome a
ply, and leaves mapped as ``csrc/search/expectimax.c`` documents (two players:
``tanh(evaluate(0) / 400)``, results by sign; more players: ``evaluate(p) /
100``, results as they are). The engine runs with ``chance_width`` above any
chance position's size, so that it samples nothing and must equal it.
"""

from __future__ import annotations

import functools
import json
import math
import threading
import time

import pytest
from click.testing import CliRunner
from playout import pick_move, pick_outcome, rng_for

import safari_ai
from safari_ai.cli import main
from safari_ai.predictions import redraw_predictions

ARENA = "arena" in safari_ai.game_names()
OSTRICH = "ostrich" in safari_ai.game_names()
needs_arena = pytest.mark.skipif(not ARENA, reason="no arena in the C core")
needs_ostrich = pytest.mark.skipif(not OSTRICH, reason="no ostrich in the C core")
# the ten prediction tiles of the rule book (section 2.5)
TILES = ("ABCD", "ACEB", "BCDE", "BDAC", "CDEA", "CEBD", "DACE", "DEAB", "EABC", "EBDA")
EXACT = 4096  # chance_width above every chance position: nothing sampled
TOLERANCE = 1e-9


# -- brute force ------------------------------------------------------------


def brute(pos: safari_ai.Position, depth: int, maxn: bool) -> tuple[list[float], bool]:
    """Every player's value ``depth`` plies deep (two players: [v, -v] with v
    player 0's expected result), and whether a max-n tie between different
    vectors made the choice ambiguous (the engine takes the first move in the
    game's own order, which the public API does not show)."""
    n = pos.num_players
    if pos.is_terminal():
        result = pos.result()
        if maxn:
            return [float(r) for r in result], False
        sign = (result[0] > 0) - (result[0] < 0)
        return [float(sign), float(-sign)], False
    if depth == 0:
        if maxn:
            return [pos.evaluate(p) / 100.0 for p in range(n)], False
        v = math.tanh(pos.evaluate(0) / 400.0)
        return [v, -v], False
    if pos.is_chance():
        total = [0.0] * n
        ambiguous = False
        for outcome, probability in pos.chance_outcomes():
            values, amb = brute(pos.apply(outcome), depth - 1, maxn)
            total = [t + float(probability) * v for t, v in zip(total, values)]
            ambiguous |= amb
        return total, ambiguous
    me = pos.to_move
    assert isinstance(me, int)
    children = [brute(pos.apply(move), depth - 1, maxn) for move in pos.legal_moves()]
    best = max(values[me] for values, _ in children)
    chosen = [(values, amb) for values, amb in children if values[me] == best]
    ambiguous = any(amb for _, amb in chosen) or any(
        any(abs(a - b) > TOLERANCE for a, b in zip(values, chosen[0][0])) for values, _ in chosen
    )
    return chosen[0][0], ambiguous


def mover_value(line: safari_ai.search.Line, me: int, maxn: bool) -> float:
    """The mover's value of a line on the brute force's scale."""
    return line.expected[me] if maxn else 2.0 * line.expected[me] - 1.0


# -- positions --------------------------------------------------------------


def walk(pos: safari_ai.Position, rng, plies: int) -> list[safari_ai.Position]:
    """The decision positions met along a seeded random walk of ``plies``."""
    found = []
    for _ in range(plies):
        if pos.is_terminal():
            break
        if pos.is_chance():
            pos = pos.apply(pick_outcome(rng, pos.chance_outcomes()))
        else:
            found.append(pos)
            pos = pos.apply(pick_move(rng, pos.legal_moves()))
    return found


@functools.cache
def arena_positions(count: int, tag: str = "arena") -> list[safari_ai.Position]:
    """Decision positions of close fights between weak gladiators (spare dice
    0 to 3, so that a defeat lies within a few plies), duels and a Primus."""
    cluster = ["e5", "f5", "e6", "d5", "f4", "d6", "e4", "g5"]
    found: list[safari_ai.Position] = []
    for i in range(count * 8):
        rng = rng_for(tag, i)
        rules = {"format": "primus"} if i % 3 == 2 else None
        data = safari_ai.Position.new("arena", rules).to_json()
        hexes = rng.sample(cluster, len(data["gladiators"]))
        for gladiator, hex_name in zip(data["gladiators"], hexes):
            gladiator.update(
                attack=rng.randint(1, 3), defense=rng.randint(1, 2), speed=1, hex=hex_name
            )
        pos = safari_ai.Position.from_json(data)
        walked = [p for p in walk(pos, rng, 16) if len(p.legal_moves()) <= 12]
        # Prefer a position with an attack on offer: a defeat is then 2 plies away.
        fights = [p for p in walked if any(m.startswith("attack:") for m in p.legal_moves())]
        pool = fights or walked
        if pool:
            found.append(pool[rng.randrange(len(pool))])
        if len(found) == count:
            break
    return found


@functools.cache
def ostrich_positions(count: int, max_leaves: int = 6000) -> list[safari_ai.Position]:
    """Decision positions late in random races (an ostrich or two home), whose
    depth-2 tree is small enough for the brute force."""
    found: list[safari_ai.Position] = []
    for i in range(count * 6):
        rng = rng_for("ostrich-expectimax", i)
        pos = safari_ai.Position.new("ostrich", {"players": 3 + i % 2})
        candidates = [p for p in walk(pos, rng, 2000) if len(p.to_json()["finished"]) >= 2]
        rng.shuffle(candidates)
        for candidate in candidates[:4]:
            leaves = 0
            for move in candidate.legal_moves():
                child = candidate.apply(move)
                leaves += (
                    len(child.chance_outcomes())
                    if child.is_chance()
                    else len(child.legal_moves())
                    if not child.is_terminal()
                    else 1
                )
            if leaves <= max_leaves:
                found.append(candidate)
                break
        if len(found) == count:
            break
    return found


# -- arena --------------------------------------------------------------------


@needs_arena
def test_arena_equals_brute_force() -> None:
    positions = arena_positions(8)
    assert len(positions) == 8
    for pos in positions:
        me = pos.to_move
        for depth in (1, 2):
            want, _ = brute(pos, depth, maxn=False)
            report = safari_ai.analyse(pos, depth=depth, chance_width=EXACT)
            assert report.algo == "expectimax" and report.depth == depth
            got = mover_value(report.lines[0], me, maxn=False)
            assert abs(got - want[me]) < TOLERANCE, (pos.to_json_text(), depth)
            # the arena's calibration of the mover's expected result
            assert report.win_probability == pytest.approx(
                pos._c.expected_win_probability(report.lines[0].expected[me])
            )
            assert sum(report.lines[0].expected) == pytest.approx(1.0)


@needs_arena
def test_arena_every_line_equals_brute_force() -> None:
    for pos in arena_positions(4, "arena-lines"):
        me = pos.to_move
        moves = pos.legal_moves()
        report = safari_ai.analyse(pos, depth=2, multipv=min(16, len(moves)), chance_width=EXACT)
        assert len(report.lines) == min(16, len(moves))
        values = [mover_value(line, me, maxn=False) for line in report.lines]
        assert values == sorted(values, reverse=True)
        for line, value in zip(report.lines, values):
            want, _ = brute(pos.apply(line.move), 1, maxn=False)
            assert abs(value - want[me]) < TOLERANCE


@needs_arena
@pytest.mark.parametrize("table", [True, False])
def test_arena_pruning_keeps_the_root_value(table: bool) -> None:
    for pos in arena_positions(6, "arena-pruning"):
        me = pos.to_move
        for depth in (2, 3, 4):
            values = {}
            for pruning in ("none", "star1", "star2"):
                report = safari_ai.analyse(
                    pos, depth=depth, pruning=pruning, table=table, chance_width=EXACT
                )
                values[pruning] = mover_value(report.lines[0], me, maxn=False)
            assert values["star1"] == pytest.approx(values["none"], abs=TOLERANCE)
            assert values["star2"] == pytest.approx(values["none"], abs=TOLERANCE)


@needs_arena
def test_arena_a_stopped_iteration_keeps_its_finished_moves() -> None:
    """A node limit that stops iteration d + 1 after its lead (depth d's best
    move, searched first) ranks moves by their depth d + 1 values, as a
    Stockfish root keeps a stopped iteration's finished moves; before the
    lead is done the report is depth d's. The report's depth stays d."""
    kept = 0
    for pos in arena_positions(6, "arena-partial"):
        me = pos.to_move
        moves = pos.legal_moves()
        for depth in (2, 3):
            before = safari_ai.analyse(pos, depth=depth, chance_width=EXACT)
            after = safari_ai.analyse(pos, depth=depth + 1, chance_width=EXACT)
            every = safari_ai.analyse(pos, depth=depth + 1, multipv=len(moves), chance_width=EXACT)
            deeper = {line.move: mover_value(line, me, maxn=False) for line in every.lines}
            lead = before.lines[0].move
            for quarter in (1, 2, 3):
                nodes = before.nodes + quarter * (after.nodes - before.nodes) // 4
                report = safari_ai.analyse(pos, nodes=nodes, chance_width=EXACT)
                if report.depth != depth or report.lines == before.lines:
                    continue
                value = mover_value(report.lines[0], me, maxn=False)
                assert value == pytest.approx(deeper[report.lines[0].move], abs=TOLERANCE)
                assert value >= deeper[lead] - TOLERANCE
                kept += 1
    assert kept >= 3


# -- ostrich ------------------------------------------------------------------


@needs_ostrich
def test_ostrich_equals_brute_force() -> None:
    positions = ostrich_positions(4)
    assert positions
    for pos in positions:
        me = pos.to_move
        for depth in (1, 2):
            want, ambiguous = brute(pos, depth, maxn=True)
            report = safari_ai.analyse(pos, depth=depth, chance_width=EXACT)
            line = report.lines[0]
            assert len(line.expected) == pos.num_players
            assert abs(line.expected[me] - want[me]) < TOLERANCE, (pos.to_json_text(), depth)
            if not ambiguous:
                assert line.expected == pytest.approx(want, abs=TOLERANCE)
            assert line.score == round(100 * line.expected[me])
            assert report.win_probability is None


@needs_ostrich
def test_ostrich_end_of_race_scores() -> None:
    """Rule book E10: D0:s ends the race with scores [7, 16, 8]. Player 2
    (ACEB) may prefer to go on (E 3rd and B last would give 14): with the
    evaluation at the horizon, the best line is worth at least those 8."""
    pos = safari_ai.Position.from_json(E10)
    report = safari_ai.analyse(pos, depth=1, multipv=7)
    by_move = {line.move: line.expected for line in report.lines}
    assert by_move["D0:s"] == [7.0, 16.0, 8.0]
    assert report.lines[0].expected[2] >= 8.0


def ostrich_opening() -> safari_ai.Position:
    """The first action of a seeded 4-player race: every move leads to a roll."""
    rng = rng_for("ostrich-opening")
    pos = safari_ai.Position.new("ostrich")
    while pos.to_json()["phase"] != "action":
        pos = (
            walk(pos, rng, 1)[0].apply("keep")
            if not pos.is_chance()
            else pos.apply(pick_outcome(rng, pos.chance_outcomes()))
        )
    return pos


# A late 2-player race with the lion (a seeded random walk): every move of
# player 0 leads to player 1's roll of 1,512 outcomes.
LATE_DUEL: dict = {
    "game": "ostrich",
    "rules": {
        "players": 2,
        "lion": True,
        "berries": True,
        "berry_trigger": "enter",
        "quicksand": "none",
        "last_tie": "both",
    },
    "to_move": 0,
    "track": "default",
    "berry_types": {"peepa": "none", "dofnooxoor": "all_dice", "ter": "bewitch"},
    "berries": ["13c", "5b", "8a"],
    "berry_pool": {"dofnooxoor": 1, "peepa": 1, "ter": 1},
    "ostriches": {"A": "10c", "B": "2c", "C": "2b", "E": "12c"},
    "finished": "D",
    "bewitched": "ABCE",
    "predictions": ["ABCD", "CDEA"],
    "current": 0,
    "mode": "normal",
    "phase": "action",
    "dice": {"white": "AABDD", "black": "W"},
    "reroll": None,
    "left": None,
    "moved": "",
    "pending": None,
    "bonus": 0,
    "extra": 0,
    "lion": {"state": "hidden", "space": None, "turns": 0},
}


@needs_ostrich
def test_ostrich_the_roll_below_the_root_is_searched_whole() -> None:
    """Issue 19: the first chance layer below the root is never sampled, so
    every move is valued over all 1,512 outcomes of the next roll: the values
    of a search with sampling turned off, and at least its tree (the default
    runs a cheap sampled pass first)."""
    pos = safari_ai.Position.from_json(LATE_DUEL)
    default = safari_ai.analyse(pos, depth=3, multipv=16, seed=3)
    exact = safari_ai.analyse(pos, depth=3, multipv=16, seed=3, chance_width=EXACT)
    assert default.nodes >= exact.nodes
    assert len(default.lines) == len(pos.legal_moves()) == 4
    want = {line.move: line.expected for line in exact.lines}
    for line in default.lines:
        assert line.expected == pytest.approx(want[line.move], abs=TOLERANCE)


@needs_ostrich
@pytest.mark.slow
def test_ostrich_late_duel_equals_the_reference_three_plies_deep() -> None:
    """Every move's values, 3 plies deep (the move, all 1,512 outcomes of the
    next roll, the choice after it), equal expectimax over the reference
    rules (tests/reference/ostrich.py) with the engine's evaluation at the
    horizon.

    The race's choosers maximise their margin (``multiplayer`` auto, as the
    reference's ``choice_key``). Where a chooser below has two moves of equal
    margin but different values (the reference reports such a tie as
    ambiguous), the values depend on which of the tied moves is taken, a
    convention the engine and the reference need not share; with two players
    a tie in margin is a tie in the difference of the two values, so such
    lines must agree on that difference, the others on both values."""
    from reference import ostrich as ref_ostrich
    from test_chance_analysis import reference_value

    pos = safari_ai.Position.from_json(LATE_DUEL)
    report = safari_ai.analyse(pos, depth=3, multipv=16, seed=3)
    p = ref_ostrich.load(pos.to_json())
    memo: dict = {}
    for line in report.lines:
        values, _, ambiguous = reference_value(
            ref_ostrich, ref_ostrich.apply(p, line.move), 2, True, memo
        )
        want = [float(v) for v in values]
        if ambiguous:  # tied margins: the same difference, any common shift
            got = line.expected[0] - line.expected[1]
            assert got == pytest.approx(want[0] - want[1], abs=TOLERANCE)
        else:
            assert line.expected == pytest.approx(want, abs=TOLERANCE)


# -- both ---------------------------------------------------------------------


def some_position(game: str) -> safari_ai.Position:
    return arena_positions(1, "some")[0] if game == "arena" else ostrich_positions(1)[0]


GAMES = [g for g in ("arena", "ostrich") if g in safari_ai.game_names()]


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_report(game: str) -> None:
    pos = some_position(game)
    first = safari_ai.analyse(pos, depth=3, seed=11, multipv=2)
    again = safari_ai.analyse(pos, depth=3, seed=11, multipv=2)
    safari_ai.analyse(some_position(game), depth=2, seed=5)  # an unrelated search between
    third = safari_ai.analyse(pos, depth=3, seed=11, multipv=2)
    for other in (again, third):
        assert (first.nodes, first.depth, first.lines) == (other.nodes, other.depth, other.lines)


@pytest.mark.parametrize("game", GAMES)
def test_movetime_and_stop_flag_end_the_search(game: str) -> None:
    pos = some_position(game)
    started = time.perf_counter()
    report = safari_ai.analyse(pos, movetime=100)
    # bounds far above the limits (an unlimited search runs for minutes) so that
    # a loaded machine cannot fail them: the limits are honoured, not timed
    assert time.perf_counter() - started < 0.1 + 2.0
    assert report.best_move in pos.legal_moves() and report.depth >= 1
    flag = safari_ai.StopFlag()
    timer = threading.Timer(0.1, flag.set)
    timer.start()
    started = time.perf_counter()
    report = safari_ai.analyse(pos, depth=100, stop=flag)
    assert time.perf_counter() - started < 0.1 + 2.0
    assert report.best_move in pos.legal_moves()


@pytest.mark.parametrize("game", GAMES)
def test_analyse_json_carries_expected_results(game: str, tmp_path) -> None:
    pos = some_position(game)
    path = tmp_path / "position.json"
    path.write_text(pos.to_json_text())
    result = CliRunner().invoke(
        main, ["analyse", str(path), "--depth", "2", "--multipv", "2", "--json", "--quiet"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["algo"] == "expectimax"
    assert len(data["expected"]) == pos.num_players
    for line in data["lines"]:
        assert len(line["expected"]) == pos.num_players
    if game == "arena":
        assert sum(data["expected"]) == pytest.approx(1.0)
        assert data["win_probability"] == pytest.approx(
            pos._c.expected_win_probability(data["expected"][pos.to_move])
        )
    text = CliRunner().invoke(main, ["analyse", str(path), "--depth", "2", "--quiet"])
    assert text.exit_code == 0
    expected_line = [line for line in text.output.splitlines() if line.startswith("expected ")]
    assert len(expected_line) == 1 and len(expected_line[0].split()) == 1 + pos.num_players


def test_bad_pruning_is_refused() -> None:
    pos = safari_ai.Position.new(safari_ai.game_names()[0])
    with pytest.raises(safari_ai.SearchError, match="pruning"):
        safari_ai.analyse(pos, depth=1, pruning="magic")


# -- hidden predictions (ostrich rule book section 5) ------------------------

E10 = {
    "game": "ostrich",
    "rules": {"players": 3},
    "to_move": 2,
    "track": "default",
    "berries": ["5b"],
    "berry_pool": {"peepa": 1},
    "ostriches": {"B": "12a", "E": "12c", "D": "16c"},
    "finished": "CA",
    "bewitched": "",
    "predictions": ["CDEA", "DACE", "ACEB"],
    "current": 2,
    "mode": "normal",
    "phase": "action",
    "dice": {"white": "BDDEW", "black": "B"},
    "reroll": None,
    "left": None,
    "moved": "",
    "pending": None,
    "bonus": 0,
    "extra": 0,
    "lion": {"state": "off", "space": None, "turns": 0},
}


@needs_ostrich
def test_redrawn_tiles_keep_the_players_own() -> None:
    pos = safari_ai.Position.from_json(E10)
    seen = set()
    for seed in range(200):
        tiles = redraw_predictions(pos, 1, seed).to_json()["predictions"]
        assert tiles[1] == "DACE"
        assert len(set(tiles)) == 3 and set(tiles) <= set(TILES)
        seen.update(tiles[0::2])
    assert seen == set(TILES) - {"DACE"}


@needs_ostrich
def test_sampled_predictions_average_the_samples() -> None:
    pos = safari_ai.Position.from_json(E10)
    report = safari_ai.analyse(
        pos, depth=1, seed=4, predictions="sampled", player=2, samples=5, multipv=3
    )
    again = safari_ai.analyse(
        pos, depth=1, seed=4, predictions="sampled", player=2, samples=5, multipv=3
    )
    assert report.extra == {"predictions": "sampled", "samples": 5, "player": 2}
    assert report.lines == again.lines
    data = report.to_json()
    assert data["predictions"] == "sampled" and data["samples"] == 5
    # Ending the race: player 2's own tile is known (ACEB, B last: 8 points);
    # the others' scores are means over the drawn tiles.
    finish = [line for line in report.lines if line.move in ("D0:s", "D0:l")]
    assert finish and finish[0].expected[2] == pytest.approx(8.0)
    with pytest.raises(safari_ai.SearchError, match="player"):
        safari_ai.analyse(pos, depth=1, predictions="sampled")


@needs_ostrich
def test_sampled_predictions_on_the_command_line(tmp_path) -> None:
    path = tmp_path / "e10.json"
    path.write_text(json.dumps(E10))
    result = CliRunner().invoke(
        main,
        [
            "analyse",
            str(path),
            "--depth",
            "1",
            "--json",
            "--quiet",
            "--predictions",
            "sampled",
            "--player",
            "0",
            "--samples",
            "3",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["predictions"], data["samples"], data["player"]) == ("sampled", 3, 0)


@needs_arena
def test_sampled_predictions_need_the_ostrich_race() -> None:
    pos = arena_positions(1, "some")[0]
    with pytest.raises(safari_ai.SearchError, match="ostrich"):
        safari_ai.analyse(pos, depth=1, predictions="sampled", player=0)
