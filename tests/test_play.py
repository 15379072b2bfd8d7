"""``safari-ai play``: scripted games through click's runner and through the session."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from toy_dice import ToyPosition, toy_analyse

import safari_ai
from safari_ai.cli import main
from safari_ai.play import PlaySession
from safari_ai.record import GameRecord
from safari_ai.settings import Settings
from safari_ai.textboard import draw, use_colour

ZEBRAS_LAST_PLACEMENT = {  # rule book zebras.md, example 8: one move ends the game
    "game": "zebras",
    "rules": {"croc_chain": True},
    "to_move": 0,
    "board": [
        "0L 1g 1C 0G 1Z 0E",
        "0g 0Z 1Z 0G 1G 0Z",
        "0Z 1G 1G 1C 0G 1Z",
        "0Z 1E 1z 0G .. 1G",
        "0C 1g 1L 1z 0G 0Z",
    ],
    "guardian": 4,
    "inauguration": 1,
    "hands": [{"Z": 0, "G": 0, "E": 0, "L": 0, "C": 1}, {"Z": 0, "G": 0, "E": 0, "L": 0, "C": 0}],
}


def play(args: list[str], text: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["play", *args], input=text)
    return result.exit_code, result.output


def test_help_illegal_move_undo_and_end_of_input(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out = play(
        ["turtles", "--depth", "1", "--seed", "3", "--record", str(path)],
        "help\nxx9\nd1xd3\nundo\nboard\n",
    )
    assert code == 0
    assert "legal moves: b1-a1 b1-b2 b1xd3 " in out
    assert "illegal move 'xx9'" in out and "'help' lists the legal moves" in out
    assert out.count("move> ") >= 4  # re-prompted after the illegal move
    assert "info depth 1 score" in out and "(engine): plays " in out
    assert "took back: d1xd3 " in out
    assert out.rstrip().splitlines()[-2] == "end of input: game stopped"
    record = GameRecord.load(path)
    assert record.moves == [] and record.termination == "abandoned"
    assert record.players[0]["name"] == "human" and record.players[1]["name"] == "safari-ai"


def test_a_whole_scripted_game_from_a_position(tmp_path: Path) -> None:
    start = tmp_path / "start.json"
    start.write_text(json.dumps(ZEBRAS_LAST_PLACEMENT))
    path = tmp_path / "game.json"
    code, out = play(["zebras", "--start", str(start), "--record", str(path)], "Ce4xf4\n")
    assert code == 0, out
    assert "game over: result [1, -1] (you win)" in out
    record = GameRecord.load(path)
    assert record.move_list() == ["Ce4xf4"] and record.result == [1, -1]
    assert record.replay()[-1].is_terminal()


def test_engine_against_engine_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out = play(
        [
            "turtles",
            "--side",
            "none",
            "--depth",
            "1",
            "--quiet",
            "--seed",
            "1",
            "--record",
            str(path),
        ],
        "",
    )
    assert code == 0 and "game over: result" in out and "info depth" not in out
    record = GameRecord.load(path)
    assert record.replay()[-1].result() == record.result


def test_a_whole_game_where_the_human_plays_the_first_legal_move() -> None:
    out: list[str] = []
    session: PlaySession

    def read_line() -> str:
        return session.pos.legal_moves()[0] + "\n"

    session = PlaySession(
        safari_ai.Position.new("turtles"),
        human={1},
        read_line=read_line,
        write=out.append,
        limits={"depth": 1},
        seed=2,
    )
    record = session.run()
    assert record.result is not None and record.termination == "end of game"
    assert {m["by"] for m in record.moves} == {0, 1}
    assert record.replay()[-1].result() == record.result


def test_rules_and_side_options() -> None:
    code, out = play(
        ["turtles", "--rules", "hatching=true", "--side", "1", "--depth", "1", "--no-record"],
        "help\n",
    )
    assert code == 0 and "(engine): plays +" in out and "legal moves: +" in out
    code, out = play(["turtles", "--side", "7", "--no-record"], "")
    assert code == 2


def _toy_session(lines: list[str], dice: str, seed: int = 0) -> tuple[PlaySession, list[str]]:
    out: list[str] = []
    feed = iter(lines)
    session = PlaySession(
        ToyPosition(),
        human={0},
        read_line=lambda: next(feed, ""),
        write=out.append,
        dice=dice,
        seed=seed,
        limits={"depth": 4},
        search=toy_analyse,
    )
    return session, out


def test_manual_dice_are_validated() -> None:
    session, out = _toy_session(["gamble", "help", "die:six", "die:hit"], "manual")
    record = session.run()
    text = "\n".join(out)
    assert "outcomes: die:hit 1/3, die:miss 2/3" in text
    assert "'die:six' is not a possible outcome here" in text
    assert record.moves[:2] == [
        {"ply": 1, "by": 0, "move": "gamble"},
        {"ply": 2, "by": "chance", "move": "die:hit"},
    ]
    assert record.result == [1, -1]


def test_seeded_dice_repeat() -> None:
    games = []
    for _ in range(2):
        session, _ = _toy_session(
            ["gamble", "gamble", "gamble", "step", "step", "step"], "auto", seed=11
        )
        games.append(session.run().move_list())
    assert games[0] == games[1] and any(m.startswith("die:") for m in games[0])


def test_colour_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_colour(Tty()) and not use_colour(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_colour(Tty()) and use_colour(Tty(), True)
    start = safari_ai.Position.new("turtles").to_json()
    assert "\033[" in draw(start, colour=True) and "\033[" not in draw(start)
    code, out = play(["turtles", "--color", "--no-record", "--depth", "1"], "")
    assert "\033[1;31m" in out


ARENA_EXAMPLES = Path(__file__).resolve().parent / "data" / "arena_examples.json"


@pytest.mark.skipif("arena" not in safari_ai.game_names(), reason="the C core has no arena yet")
def test_manual_dice_in_the_arena(tmp_path: Path) -> None:
    # arena.md example 4: the thraex's attack is rolled; 2 wounds end the duel
    start = tmp_path / "start.json"
    start.write_text(json.dumps(json.loads(ARENA_EXAMPLES.read_text())[3]))
    path = tmp_path / "game.json"
    code, out = play(
        ["arena", "--start", str(start), "--dice", "manual", "--record", str(path)],
        "help\nwounds:9\nwounds:2\n",
    )
    assert code == 0, out
    assert "outcomes: wounds:0 581/1296, wounds:1 35/108, wounds:2 295/1296" in out
    assert "'wounds:9' is not a possible outcome here" in out
    assert "game over: result [1, -1] (you win)" in out
    record = GameRecord.load(path)
    assert record.moves == [{"ply": 1, "by": "chance", "move": "wounds:2"}]


def test_an_engine_that_cannot_search_stops_the_game_cleanly() -> None:
    from safari_ai.search import SearchError

    def no_search(*args: object, **kwargs: object) -> None:
        raise SearchError("no search here")

    out: list[str] = []
    session = PlaySession(
        safari_ai.Position.new("turtles"),
        human={1},
        read_line=lambda: "",
        write=out.append,
        search=no_search,
    )
    record = session.run()
    assert "the engine cannot move: no search here" in out and record.termination == "abandoned"


# -- the ostrich race: secret tiles, engines that do not peek, one line a turn --


def _ostrich_session(prompts: int, **options: object) -> tuple[PlaySession, list[str], list[int]]:
    """Seat 0 is the human, who plays the first legal move ``prompts`` times
    and then ends the input; returns the session, what it wrote and where
    (in ``out``) each prompt came."""
    out: list[str] = []
    at: list[int] = []
    session: PlaySession

    def read_line() -> str:
        at.append(len(out))
        return session.pos.legal_moves()[0] + "\n" if len(at) <= prompts else ""

    session = PlaySession(
        safari_ai.Position.new("ostrich"),
        human={0},
        read_line=read_line,
        write=out.append,
        prompt=lambda text: None,
        seed=5,
        **options,
    )
    return session, out, at


def _tiles(session: PlaySession) -> list[str]:
    return session.pos.to_json()["predictions"]


def test_ostrich_shows_the_human_only_their_own_tile_until_the_end() -> None:
    session, out, _ = _ostrich_session(1000, limits={"depth": 1})
    record = session.run()
    assert record.termination == "end of game"
    tiles = _tiles(session)
    # at the end: the board with every tile, then a line listing them
    listed = next(i for i, line in enumerate(out) if line.startswith("predictions: "))
    reveal = max(i for i in range(listed) if "player 1 predicts " in out[i])
    assert listed - reveal <= 2  # the final board ('last move: ...' follows it)
    before, after = "\n".join(out[:reveal]), "\n".join(out[reveal:])
    assert f"player 0 predicts {tiles[0]}" in before and f"pred:{tiles[0]}" in before
    for seat in (1, 2, 3):
        assert f"predicts {tiles[seat]}" not in before and f"pred:{tiles[seat]}" not in before
        assert f"player {seat} a tile face down" in before
        assert f"player {seat} {tiles[seat]}" in after
    assert "player 1 predicts (face down)" in before
    assert [m["move"] for m in record.moves[:4]] == [f"pred:{tile}" for tile in tiles]


def test_ostrich_engines_search_without_peeking_at_the_tiles() -> None:
    calls: list[tuple[dict, Settings]] = []

    def spy(pos: safari_ai.Position, settings: Settings, **kwargs: Any) -> safari_ai.Report:
        calls.append((pos.to_json(), settings))
        return safari_ai.analyse(pos, settings, **kwargs)

    session, _, _ = _ostrich_session(3, limits={"depth": 1}, search=spy)
    session.run()
    assert calls
    for data, settings in calls:
        assert settings.predictions == "sampled" and settings.player == data["to_move"]
    # another algorithm searches one copy with the other tiles redrawn
    calls.clear()
    session, _, _ = _ostrich_session(3, limits={"nodes": 50}, algo="mcts", search=spy)
    session.run()
    true_tiles = _tiles(session)
    assert calls and session.session is None  # no tree over the true tiles
    redrawn = 0
    for data, settings in calls:
        mover = data["to_move"]
        assert settings.predictions == "open"
        assert data["predictions"][mover] == true_tiles[mover]
        redrawn += data["predictions"] != true_tiles
    assert redrawn > 0


def test_ostrich_other_players_turns_are_one_line_each() -> None:
    session, out, at = _ostrich_session(12, limits={"depth": 1}, show_thinking=True)
    session.run()
    assert len(at) > 10
    for start, end in zip(at, at[1:]):
        lines = "\n".join(out[start:end]).splitlines()
        assert len(lines) <= 40, lines  # a board and a line a turn (was ~390 lines)
        for seat in (1, 2, 3):
            assert sum(line.startswith(f"player {seat} (engine): ") for line in lines) <= 1
    engine_lines = [line for line in out if line.startswith("player 2 (engine): ")]
    assert engine_lines and all(", plays " in line and "(score " in line for line in engine_lines)
    assert not [line for line in out if line.startswith("  info depth")]  # 4 players: no thinking
