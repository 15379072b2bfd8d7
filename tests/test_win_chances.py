"""Every player's win chance in the ostrich race (``Report.win_chances``):
probabilities that sum to 1, exact at the end, ranked as the expected points,
and carried by every front end (the API, ``analyse`` text and JSON, the
protocol's ``info`` lines, the web API's JSON)."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from click.testing import CliRunner
from playout import pick_move, pick_outcome, rng_for

from safari_ai import Position, analyse
from safari_ai.cli import main
from safari_ai.protocol import Engine


def decision(players: int, plies: int = 0) -> Position:
    """An ostrich race past its deal and first roll, ``plies`` more moves in."""
    pos = Position.new("ostrich", {"players": players})
    moved = 0
    while pos.is_chance() or moved < plies:
        if pos.is_chance():
            pos = pos.apply(pos.chance_outcomes()[-1][0])
        else:
            pos = pos.apply(pos.legal_moves()[0])
            moved += 1
        assert not pos.is_terminal()
    return pos


def to_end(players: int, seed: int = 0) -> Position:
    """The end of one seeded random race."""
    rng = rng_for("win-chances", seed)
    pos = Position.new("ostrich", {"players": players})
    while not pos.is_terminal():
        pos = pos.apply(
            pick_outcome(rng, pos.chance_outcomes())
            if pos.is_chance()
            else pick_move(rng, pos.legal_moves())
        )
    return pos


def exact_shares(result: list[int]) -> list[float]:
    top = max(result)
    return [1 / result.count(top) if r == top else 0.0 for r in result]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("algo,limits", [("expectimax", {"depth": 1}), ("mcts", {"nodes": 400})])
def test_searches_report_chances_of_their_expected_points(
    players: int, algo: str, limits: dict[str, int]
) -> None:
    pos = decision(players)
    report = analyse(pos, algo=algo, seed=2, **limits)
    assert report.win_probability is None
    assert report.win_chances is not None and len(report.win_chances) == players
    assert math.fsum(report.win_chances) == pytest.approx(1.0, abs=1e-12)
    assert all(0.0 <= c <= 1.0 for c in report.win_chances)
    # the model of the best line's expected points, the one function
    assert report.win_chances == pos.win_chances(report.expected)
    assert report.to_json()["win_chances"] == report.win_chances


def test_a_clear_lead_in_points_is_the_largest_chance() -> None:
    pos = decision(4)
    chances = pos.win_chances([14.0, 5.0, 6.5, 4.0])
    assert chances is not None
    assert max(chances) == chances[0] > 0.5
    assert chances[2] > chances[1] > chances[3]
    level = pos.win_chances([7.0] * 4)
    assert level == pytest.approx([0.25] * 4, abs=1e-12)
    # the search's own ranking: the leader in points leads in chance
    report = analyse(pos, depth=1, seed=1)
    leader = max(range(4), key=lambda p: report.expected[p])
    assert max(range(4), key=lambda p: report.win_chances[p]) == leader


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_finished_race_has_exact_chances(players: int) -> None:
    pos = to_end(players)
    shares = exact_shares(pos.result())
    assert pos.win_chances() == shares
    # expected points are not read at the end
    assert pos.win_chances([24.0] + [0.0] * (players - 1)) == shares


def test_a_tie_on_top_is_shared() -> None:
    ends = (to_end(5, seed) for seed in range(40))
    tied = next((end for end in ends if end.result().count(max(end.result())) > 1), None)
    assert tied is not None, "no tie on top in 40 seeded races"
    result = tied.result()
    k = result.count(max(result))
    assert tied.win_chances() == [1 / k if r == max(result) else 0.0 for r in result]


def test_two_player_games_have_win_probability_not_chances() -> None:
    pos = Position.new("turtles")
    assert pos.win_chances([0.5, 0.5]) is None
    report = analyse(pos, depth=2)
    assert report.win_chances is None and report.win_probability is not None
    assert report.to_json()["win_chances"] is None


@pytest.mark.parametrize(
    "bad", [[1.0, 2.0], [1.0, 2.0, float("nan")], ["1", 2.0, 3.0], [True, 2.0, 3.0]]
)
def test_bad_expected_points_are_a_clear_error(bad: list[Any]) -> None:
    with pytest.raises(ValueError, match="expected must be 3 finite numbers"):
        decision(3).win_chances(bad)
    with pytest.raises(ValueError, match="expected"):
        decision(3).win_chances()


def test_chance_position_reports_chances_of_its_expected_points() -> None:
    pos = decision(3, plies=1)
    while not pos.is_chance():
        pos = pos.apply(pos.legal_moves()[0])
    report = analyse(pos, depth=1, seed=1)
    assert report.is_chance and report.win_chances is not None
    assert report.win_chances == pos.win_chances(report.chance_expected)
    assert math.fsum(report.win_chances) == pytest.approx(1.0, abs=1e-12)
    assert report.to_json()["win_chances"] == report.win_chances


def test_sampled_predictions_report_chances() -> None:
    pos = decision(3)
    report = analyse(pos, depth=1, predictions="sampled", player=0, samples=2, seed=1)
    assert report.win_chances == pos.win_chances(report.lines[0].expected)


# -- front ends ----------------------------------------------------------------


def cli(*args: str, stdin: str) -> str:
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_analyse_prints_winchance_and_json_carries_win_chances() -> None:
    pos = decision(3)
    text = cli("analyse", "-", "--depth", "1", "--seed", "1", stdin=pos.to_json_text())
    line = next(line for line in text.splitlines() if line.startswith("winchance "))
    values = [float(field.split("=")[1]) for field in line.split()[1:]]
    assert [field.split("=")[0] for field in line.split()[1:]] == ["p0", "p1", "p2"]
    assert math.fsum(values) == pytest.approx(1.0, abs=2e-4)
    data = json.loads(
        cli(
            "analyse",
            "-",
            "--depth",
            "1",
            "--seed",
            "1",
            "--json",
            "--quiet",
            stdin=pos.to_json_text(),
        )
    )
    assert data["win_chances"] == pytest.approx(values, abs=1e-4)
    assert data["win_chances"] == pos.win_chances(data["expected"])


def test_protocol_info_lines_carry_winchance() -> None:
    pos = decision(4)
    engine = Engine()
    try:
        engine.feed(f"position json {pos.to_json_text()}")
        lines = engine.feed("go depth 1")
        first = [line for line in lines if " multipv 1 " in line][-1].split()
        chances = [float(x) for x in first[first.index("winchance") + 1].split(",")]
        expect = [float(x) for x in first[first.index("expect") + 1].split(",")]
        assert len(chances) == 4 and math.fsum(chances) == pytest.approx(1.0, abs=3e-3)
        assert max(range(4), key=chances.__getitem__) == max(range(4), key=expect.__getitem__)
        assert "winprob" not in first
        end = to_end(3)
        engine.feed(f"position json {end.to_json_text()}")
        lines = engine.feed("go depth 1")
        info = next(line for line in lines if line.startswith("info depth 0")).split()
        assert [float(x) for x in info[info.index("winchance") + 1].split(",")] == pytest.approx(
            exact_shares(end.result()), abs=1e-3
        )
    finally:
        engine.close()


def test_protocol_has_no_winchance_in_two_player_games() -> None:
    engine = Engine()
    try:
        engine.feed("position startpos turtles")
        assert not any("winchance" in line for line in engine.feed("go depth 2"))
    finally:
        engine.close()


def test_web_api_json_carries_win_chances() -> None:
    pytest.importorskip("starlette", reason="the web extra is not installed")
    pytest.importorskip("httpx", reason="httpx is needed by Starlette's TestClient")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from safari_ai.web.app import ServerConfig, create_app

    pos = decision(3)
    with TestClient(
        create_app(ServerConfig(max_movetime_ms=2000, workers=1)), base_url="http://127.0.0.1"
    ) as client:  # a loopback name (docs/web.md)
        answer = client.post(
            "/api/analyse", json={"position": pos.to_json(), "limits": {"depth": 1}, "seed": 1}
        )
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["win_chances"] == pos.win_chances(data["expected"])


# -- the fit (bench/ostrich_winchance.py) ---------------------------------------


def _bench_module() -> Any:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "bench" / "ostrich_winchance.py"
    spec = importlib.util.spec_from_file_location("ostrich_winchance", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_fit_recovers_a_known_temperature_and_labels_ties_as_shares() -> None:
    np = pytest.importorskip("numpy")
    bench = _bench_module()
    assert bench.win_shares([10, 10, 4]) == [0.5, 0.5, 0.0]
    assert bench.win_shares([3, 8, 8, 8]) == [0.0, 1 / 3, 1 / 3, 1 / 3]
    rng = np.random.default_rng(5)
    e = rng.uniform(0, 16, size=(4000, 3))
    p = bench.softmax(e, 2.5)
    winners = np.array([rng.choice(3, p=row) for row in p])
    y = np.eye(3)[winners]
    assert bench.fit_tau(e, y) == pytest.approx(2.5, rel=0.08)
    rows = [{"gid": g} for g in range(1, 51) for _ in range(3)]
    held = bench.held_out_games(rows)
    assert len(held) == 10 and held == bench.held_out_games(rows)
