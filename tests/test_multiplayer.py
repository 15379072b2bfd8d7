"""Expectimax's models for more than two players (max-n, paranoid) through
every front end, and what ``algo="auto"`` picks per game and number of
players, checked against the table in docs/search-expectimax.md ("Which
algorithm auto picks"). The search itself is checked against brute forces
in csrc/tests/test_expectimax.c (pig and seeded random trees)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import safari_ai
from safari_ai.cli import main
from safari_ai.match import parse_spec
from safari_ai.player import EnginePlayer
from safari_ai.protocol.engine import Engine
from safari_ai.search import MULTIPLAYERS, resolve_algo

DOC = Path(__file__).resolve().parent.parent / "docs" / "search-expectimax.md"
needs_ostrich = pytest.mark.skipif("ostrich" not in safari_ai.game_names(), reason="no ostrich")
ALGO_WORDS = {"alpha-beta": "alphabeta", "expectimax": "expectimax", "MCTS": "mcts"}


def first_decision(game: str, players: int | None = None) -> safari_ai.Position:
    """The game's start with the first outcome of every roll before it."""
    pos = safari_ai.Position.new(game, {"players": players} if players else None)
    while pos.is_chance():
        pos = pos.apply(pos.chance_outcomes()[0][0])
    return pos


def doc_rows() -> list[tuple[list[str], list[int], str, str]]:
    """The rows of the doc's table: games, players, limits, what auto runs."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Which algorithm auto picks", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 4 or cells[0] in ("game", "") or set(cells[0]) <= {"-"}:
            continue
        games = [g.strip() for g in cells[0].split(",")]
        low, _, high = cells[1].replace("–", "-").partition("-")
        players = list(range(int(low), int(high or low) + 1))
        rows.append((games, players, cells[2], cells[3]))
    return rows


def test_the_doc_has_the_table() -> None:
    rows = doc_rows()
    assert len(rows) >= 4
    assert {g for games, _, _, _ in rows for g in games} >= set(safari_ai.game_names())


@pytest.mark.parametrize("row", doc_rows(), ids=lambda r: f"{'+'.join(r[0])}-{r[2][:12]}")
def test_auto_picks_what_the_doc_says(row: tuple[list[str], list[int], str, str]) -> None:
    games, players, limits, runs = row
    want = next(code for word, code in ALGO_WORDS.items() if runs.startswith(word))
    for game in games:
        if game not in safari_ai.game_names():
            continue
        for n in players:
            pos = first_decision(game, n if game == "ostrich" else None)
            if limits.startswith("a chance position"):
                start = safari_ai.Position.new(game, {"players": n} if game == "ostrich" else None)
                assert start.is_chance()
                assert safari_ai.analyse(start, depth=1).algo == want
                continue
            by_depth = limits.startswith("a depth")
            kwargs = {"depth": 2} if by_depth else {"movetime": 30}
            assert resolve_algo(pos, "auto", depth=kwargs.get("depth")) == want
            if by_depth:
                assert resolve_algo(pos, "auto", nodes=500) == want
            report = safari_ai.analyse(pos, seed=1, **kwargs)
            assert report.algo == want
            if want == "expectimax" and "max-n" in runs:
                assert len(report.lines[0].expected) == n  # max-n: every player's value


@needs_ostrich
def test_paranoid_values_the_mover_alone() -> None:
    pos = first_decision("ostrich", 4)
    maxn = safari_ai.analyse(pos, depth=2, algo="expectimax", multiplayer="maxn", seed=1)
    paranoid = safari_ai.analyse(pos, depth=2, algo="expectimax", multiplayer="paranoid", seed=1)
    assert len(maxn.lines[0].expected) == 4 and paranoid.lines[0].expected == []
    assert paranoid.depth == 2 and paranoid.best_move in pos.legal_moves()
    # two plies from an action: the others do not choose yet, so both agree
    assert paranoid.lines[0].score == maxn.lines[0].score
    with pytest.raises(safari_ai.SearchError, match="multiplayer"):
        safari_ai.analyse(pos, depth=1, algo="expectimax", multiplayer="selfish")


def margin_key(values: list[float], me: int) -> float:
    """The mover's value less the mean of the others' (multiplayer="margin")."""
    others = [v for p, v in enumerate(values) if p != me]
    return values[me] - sum(others) / len(others)


@needs_ostrich
@pytest.mark.parametrize("players", [2, 3])
def test_margin_ranks_moves_by_the_margin(players: int) -> None:
    """One ply deep, each move's line holds its child's evaluation for every
    player (/ 100: points); margin ranks the moves by the mover's value less
    the others' mean and max-n by the mover's own, both with the mover's own
    expected points as the score. Walked from the start on seeded outcomes and
    moves until the two models choose differently."""
    import random

    rng = random.Random(3)
    pos = first_decision("ostrich", players)
    differed = 0
    for _ in range(60):
        if pos.is_chance():
            pos = pos.apply(rng.choice(pos.chance_outcomes())[0])
            continue
        moves = pos.legal_moves()
        me = pos.to_move
        if 2 <= len(moves) <= 16:
            margin = safari_ai.analyse(
                pos, depth=1, algo="expectimax", multiplayer="margin", multipv=len(moves), seed=1
            )
            maxn = safari_ai.analyse(
                pos, depth=1, algo="expectimax", multiplayer="maxn", multipv=len(moves), seed=1
            )
            auto = safari_ai.analyse(pos, depth=1, algo="expectimax", seed=1)
            assert auto.best_move == margin.best_move  # auto is margin in the race
            children = {m: [pos.apply(m).evaluate(p) / 100 for p in range(players)] for m in moves}
            for report, key in ((margin, margin_key), (maxn, lambda v, me: v[me])):
                assert len(report.lines) == len(moves)
                for line in report.lines:
                    child = children[line.pv[0]]
                    assert line.expected == pytest.approx(child, abs=1e-9)
                    assert line.score == round(100 * line.expected[me])
                keys = [key(line.expected, me) for line in report.lines]
                assert keys == sorted(keys, reverse=True)
                assert key(children[report.best_move], me) == pytest.approx(
                    max(key(v, me) for v in children.values())
                )
            differed += margin.best_move != maxn.best_move
        if differed:
            break
        pos = pos.apply(rng.choice(moves))
    assert differed, "margin and max-n never chose differently"


@needs_ostrich
def test_paranoid_on_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "pos.json"
    path.write_text(first_decision("ostrich", 3).to_json_text(), encoding="utf-8")
    runner = CliRunner()
    out = runner.invoke(
        main,
        [
            "analyse",
            str(path),
            "--depth",
            "2",
            "--algo",
            "expectimax",
            "--multiplayer",
            "paranoid",
            "--quiet",
        ],
    )
    assert out.exit_code == 0, out.output
    assert out.output.startswith("bestmove ")
    assert not any(line.startswith("expected") for line in out.output.splitlines())
    bad = runner.invoke(main, ["analyse", str(path), "--multiplayer", "selfish"])
    assert bad.exit_code != 0 and "--multiplayer" in bad.output


def test_match_spec_key() -> None:
    assert parse_spec("algo=expectimax,multiplayer=paranoid").multiplayer == "paranoid"
    assert parse_spec("algo=expectimax").multiplayer == "auto"
    assert parse_spec("multiplayer=maxn").settings()["multiplayer"] == "maxn"
    with pytest.raises(
        ValueError, match='multiplayer must be one of auto, maxn, paranoid, margin, got "x"'
    ):
        parse_spec("multiplayer=x")
    assert MULTIPLAYERS == ("auto", "maxn", "paranoid", "margin")
    assert parse_spec("multiplayer=margin").settings()["multiplayer"] == "margin"


@needs_ostrich
def test_protocol_option() -> None:
    eng = Engine()
    options = [line for line in eng.feed("safari") if "name Multiplayer " in line]
    assert options == [
        "option name Multiplayer type combo default auto var auto var maxn var paranoid var margin"
    ]
    assert eng.feed("setoption name Multiplayer value Paranoid") == []
    assert eng.feed("setoption name Algorithm value expectimax") == []
    pos = first_decision("ostrich", 4)
    eng.feed(f"position json {pos.to_json_text()}")
    lines = eng.feed("go depth 2")
    assert lines[-1].split()[1] in pos.legal_moves()
    assert not any(" expected " in line for line in lines if line.startswith("info depth"))
    error = eng.feed("setoption name Multiplayer value selfish")
    assert len(error) == 1 and "Multiplayer" in error[0] and "paranoid" in error[0]


@needs_ostrich
def test_auto_by_time_runs_expectimax_and_keeps_no_tree() -> None:
    """Auto ran MCTS (and kept its tree) in the ostrich race under a time
    limit until the evaluation read the dice; now it is expectimax there too
    (docs/history/strength-notebook.md, "Auto in the ostrich race"), and a player that may keep
    a tree makes none."""
    for players in (2, 3, 4, 5):
        pos = first_decision("ostrich", players)
        assert resolve_algo(pos) == "expectimax"
    player = EnginePlayer("auto", keep_tree=True)
    report = player.choose(first_decision("ostrich", 3), movetime=60, seed=1)
    assert report.algo == "expectimax" and player.session is None
