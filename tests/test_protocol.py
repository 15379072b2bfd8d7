"""Scripted dialogues with the protocol core (``safari_ai.protocol.Engine``), no I/O.

The engine is built without an ``emit`` callback, so a ``go`` with a limit
returns its whole search from ``feed`` and ``go infinite``'s lines come back
from ``stop``. Chance positions are tested on the toy dice game of
``toy_dice.py`` (a stand-in search with a dice search's report), and on the
real dice games when the core has them.
"""

from __future__ import annotations

import random
import threading
import time
from fractions import Fraction

import pytest
from toy_dice import GAME as TOY
from toy_dice import expected, new_position, read_position, toy_analyse

import safari_ai
from safari_ai.protocol import Engine, GoRequest, ProtocolError, time_budget

START = "position startpos turtles"


@pytest.fixture()
def eng() -> Engine:
    engine = Engine()
    yield engine
    engine.close()


@pytest.fixture()
def toy() -> Engine:
    engine = Engine(
        analyse_fn=toy_analyse,
        new_position=new_position,
        read_position=read_position,
        game_names=[TOY],
    )
    yield engine
    engine.close()


def one_error(lines: list[str], *words: str) -> str:
    """The single error line of an answer, which names ``words``."""
    assert len(lines) == 1, lines
    assert lines[0].startswith("info string error: "), lines
    for word in words:
        assert word in lines[0], (word, lines[0])
    return lines[0]


def bestmoves(lines: list[str]) -> list[str]:
    return [line.split()[1] for line in lines if line.startswith("bestmove ")]


def infos(lines: list[str]) -> list[dict[str, str]]:
    """``info`` lines as {key: value} (``pv`` keeps the rest of the line)."""
    out = []
    for line in lines:
        tokens = line.split()
        if tokens[0] != "info" or tokens[1] == "string":
            continue
        fields: dict[str, str] = {}
        i = 1
        while i < len(tokens):
            key = tokens[i]
            if key == "pv":
                fields["pv"] = " ".join(tokens[i + 1 :])
                break
            if key == "score":
                fields["score"] = " ".join(tokens[i + 1 : i + 3])
                i += 3
                continue
            fields[key] = tokens[i + 1]
            i += 2
        out.append(fields)
    return out


# -- handshake, options ----------------------------------------------------


def test_handshake_names_the_engine_lists_options_and_ends_with_ok(eng: Engine) -> None:
    lines = eng.feed("safari")
    assert lines[0].startswith("id name safari_ai ")
    assert lines[1].startswith("id author ")
    assert "id protocol 1" in lines
    assert f"id games {' '.join(safari_ai.game_names())}" in lines
    assert lines[-1] == "safariok"
    options = {line.split()[2]: line for line in lines if line.startswith("option name ")}
    for name in ("Threads", "Hash", "MultiPV", "Seed", "Algorithm", "MoveOverhead"):
        assert name in options
    algorithm = options["Algorithm"]
    assert "type combo default auto" in algorithm and "var alphabeta" in algorithm
    assert options["MultiPV"] == "option name MultiPV type spin default 1 min 1 max 16"
    if "turtles" in safari_ai.game_names():
        assert options["turtles.tattoo"] == "option name turtles.tattoo type check default false"
        assert "min 0 max 10000" in options["turtles.max_turns"]
        assert "var first_hop var any var global" in options["turtles.max_rule"]


def test_isready(eng: Engine) -> None:
    assert eng.feed("isready") == ["readyok"]


def test_setoption_checks_names_and_values(eng: Engine) -> None:
    assert eng.feed("setoption name MultiPV value 2") == []
    assert eng.feed("setoption name multipv value 3") == []  # names ignore case
    one_error(eng.feed("setoption name MultiPV value 99"), "99", "MultiPV", "1..16")
    one_error(eng.feed("setoption name MultiPV value two"), "'two'", "integer")
    one_error(eng.feed("setoption name Colour value red"), "'Colour'")
    one_error(eng.feed("setoption name Algorithm value magic"), "'magic'", "alphabeta")
    one_error(eng.feed("setoption name Hash"), "Hash", "value")
    one_error(eng.feed("setoption MultiPV 2"), "setoption name NAME value VALUE")
    assert eng.feed("setoption name Algorithm value AlphaBeta") == []
    assert eng.options["algorithm"].value == "alphabeta"
    assert eng.options["multipv"].value == 3


def test_rules_options_set_the_start_positions(eng: Engine) -> None:
    one_error(eng.feed("setoption name turtles.max_rule value bogus"), "'bogus'", "first_hop")
    one_error(eng.feed("setoption name turtles.tattoo value maybe"), "'maybe'")
    assert eng.feed("setoption name turtles.max_turns value 7") == []
    eng.feed(START)
    assert eng.position.to_json()["rules"]["max_turns"] == 7
    eng.feed("position startpos turtles max_turns=9 tattoo=true")  # inline overrides
    rules = eng.position.to_json()["rules"]
    assert rules["max_turns"] == 9 and rules["tattoo"] is True


# -- position and the debug commands ----------------------------------------


def test_position_with_moves_and_display(eng: Engine) -> None:
    assert eng.feed(f"{START} moves d1xd3 d7xd5") == []
    expected_pos = safari_ai.Position.new("turtles").apply("d1xd3").apply("d7xd5")
    lines = eng.feed("d")
    assert lines[:3] == ["game turtles", "tomove 0", "players 2"]
    assert f"json {expected_pos.to_json_text()}" in lines
    assert f"key {expected_pos.zobrist_hash():016x}" in lines
    assert eng.feed("moves") == [f"moves {' '.join(expected_pos.legal_moves())}"]


def test_position_json_reads_one_line_with_spaces_and_moves(eng: Engine) -> None:
    pos = safari_ai.Position.new("turtles").apply("d1xd3")
    assert eng.feed(f"position json {pos.to_json_text()} moves d7xd5") == []
    assert eng.position == pos.apply("d7xd5")
    one_error(eng.feed(f"position json {pos.to_json_text()} then"), "'then'")
    one_error(eng.feed('position json {"game": "turtles"'), "not JSON")
    one_error(eng.feed("position json [1, 2]"), "JSON object")
    one_error(eng.feed('position json {"game": "turtles"}'), "rules")


def test_bad_positions_name_the_problem_and_keep_the_old_one(eng: Engine) -> None:
    eng.feed(f"{START} moves d1xd3")
    before = eng.position
    one_error(eng.feed("position startpos chess"), "'chess'", "turtles")
    one_error(eng.feed("position startpos"), "missing game")
    one_error(eng.feed("position fen 8/8/8"), "'fen'")
    one_error(eng.feed("position"), "startpos")
    one_error(eng.feed("position startpos turtles max_turns=-1"), "rules.max_turns")
    one_error(eng.feed("position startpos turtles colour"), "'colour'", "KEY=VALUE")
    one_error(eng.feed(f"{START} moves d1xd3 d1xd3"), "move 2 (d1xd3)", "illegal move")
    assert eng.position == before


def test_moves_after_the_end_of_the_game_are_refused(eng: Engine) -> None:
    one_error(eng.feed(f"{START} max_turns=1 moves d1xd3 d7xd5"), "move 2 (d7xd5)", "game is over")
    eng.feed(f"{START} max_turns=1 moves d1xd3")
    assert eng.feed("moves") == ["moves (none)"]
    assert "result 0 0" in eng.feed("d")
    assert eng.feed("eval") == ["eval result 0 0"]
    lines = eng.feed("go depth 3")
    assert lines == ["info depth 0 expect 0.000,0.000", "bestmove (none)"]


def test_commands_need_a_position(eng: Engine) -> None:
    for command in ("go depth 1", "d", "moves", "perft 1", "eval"):
        lines = eng.feed(command)
        assert any("no position" in line for line in lines), (command, lines)
    assert bestmoves(eng.feed("go depth 1")) == []  # refused before it started


def test_perft_divides_and_counts(eng: Engine) -> None:
    eng.feed(START)
    lines = eng.feed("perft 2")
    pos = safari_ai.Position.new("turtles")
    assert lines[-1] == f"nodes {pos.perft(2)}"
    divide = dict(line.split() for line in lines[:-1])
    assert sorted(divide) == pos.legal_moves()
    assert sum(int(n) for n in divide.values()) == pos.perft(2)
    one_error(eng.feed("perft"), "perft N")
    one_error(eng.feed("perft x"), "'x'")
    one_error(eng.feed("perft 0"), "1..64")


def test_eval_is_for_the_player_to_move(eng: Engine) -> None:
    eng.feed(f"{START} moves d1xd3")
    pos = safari_ai.Position.new("turtles").apply("d1xd3")
    assert eng.feed("eval") == [f"eval cp {pos.evaluate(1)} pov 1"]


# -- search ----------------------------------------------------------------


def test_go_depth_gives_info_lines_then_bestmove(eng: Engine) -> None:
    eng.feed(START)
    lines = eng.feed("go depth 3")
    assert lines[-1].startswith("bestmove ") and len(bestmoves(lines)) == 1
    info = infos(lines)
    assert [int(i["depth"]) for i in info] == [1, 2, 3]
    for item in info:
        for key in ("seldepth", "multipv", "score", "nodes", "nps", "time", "pv"):
            assert key in item
    report = safari_ai.analyse(safari_ai.Position.new("turtles"), depth=3, seed=0)
    assert bestmoves(lines) == [report.best_move]
    assert info[-1]["score"] == report.lines[0].score_text
    assert info[-1]["pv"] == " ".join(report.pv)
    assert 0 <= int(info[-1]["hashfull"]) <= 1000  # permille of the table in use


def test_same_seed_same_answer_after_newgame(eng: Engine) -> None:
    eng.feed(START)
    first = eng.feed("go depth 4")
    eng.feed("newgame")
    eng.feed(f"{START} moves d1xd3")
    eng.feed("go depth 2")
    eng.feed(START)
    again = eng.feed("go depth 4")
    strip = [{k: v for k, v in i.items() if k not in ("time", "nps")} for i in infos(first)]
    assert strip == [{k: v for k, v in i.items() if k not in ("time", "nps")} for i in infos(again)]
    assert bestmoves(first) == bestmoves(again)


def test_multipv_reports_several_lines(eng: Engine) -> None:
    eng.feed("setoption name MultiPV value 3")
    eng.feed(START)
    info = infos(eng.feed("go depth 2"))
    last = [i for i in info if i["depth"] == "2"]
    assert [i["multipv"] for i in last[-3:]] == ["1", "2", "3"]
    assert len({i["pv"].split()[0] for i in last[-3:]}) == 3


def test_go_nodes_and_movetime_end_by_themselves(eng: Engine) -> None:
    eng.feed(START)
    assert len(bestmoves(eng.feed("go nodes 500"))) == 1
    assert len(bestmoves(eng.feed("go movetime 30"))) == 1


def test_go_on_a_clock(eng: Engine) -> None:
    eng.feed(f"{START} moves d1xd3")
    lines = eng.feed("go wtime 10 btime 300 winc 0 binc 10")
    assert len(bestmoves(lines)) == 1
    assert len(bestmoves(eng.feed("go time0 100 time1 100 movestogo 3"))) == 1
    lines = eng.feed("go wtime 300")  # the clock of player 1, who moves, is missing
    assert lines[0].startswith("info string error: go: no clock for player 1")
    assert lines[1:] == ["bestmove (none)"]


def test_bad_go_lines_name_the_token(eng: Engine) -> None:
    eng.feed(START)
    one_error(eng.feed("go depth"), "depth needs a value")
    one_error(eng.feed("go depth x"), "'x'")
    one_error(eng.feed("go depth 0"), "depth must be an integer in 1..120, got 0")
    one_error(eng.feed("go depth 500"), "got 500")
    one_error(eng.feed("go ponder"), "'ponder'")
    one_error(eng.feed("go nodes -5"), "got -5")


def test_go_infinite_runs_until_stop_and_isready_answers_meanwhile(eng: Engine) -> None:
    eng.feed(START)
    lines = eng.feed("go infinite")
    assert eng.searching
    answer = eng.feed("isready")
    assert answer[-1] == "readyok" and answer.count("readyok") == 1
    lines += answer
    assert bestmoves(lines) == []
    lines += eng.feed("stop")
    assert len(bestmoves(lines)) == 1 and not eng.searching
    assert bestmoves(lines)[0] in safari_ai.Position.new("turtles").legal_moves()
    assert eng.feed("stop") == []  # nothing to stop


def test_go_without_limits_is_infinite(eng: Engine) -> None:
    eng.feed(START)
    eng.feed("go")
    assert eng.searching
    assert len(bestmoves(eng.feed("stop"))) == 1


def test_infinite_search_waits_for_stop_even_when_done(eng: Engine) -> None:
    eng.feed(f"{START} max_turns=1")
    eng.feed("go infinite depth 1")
    assert bestmoves(eng.wait(timeout=0.2)) == []
    assert eng.searching
    assert len(bestmoves(eng.feed("stop"))) == 1


def test_position_and_setoption_during_a_search_apply_to_the_next(eng: Engine) -> None:
    eng.feed(START)
    lines = eng.feed("go infinite")
    lines += eng.feed(f"{START} moves d1xd3")
    lines += eng.feed("setoption name MultiPV value 2")
    assert not [line for line in lines if "error" in line]
    lines += eng.feed("stop")
    assert bestmoves(lines)[0] in safari_ai.Position.new("turtles").legal_moves()
    lines = eng.feed("go depth 1")
    assert bestmoves(lines)[0] in safari_ai.Position.new("turtles").apply("d1xd3").legal_moves()
    assert {i["multipv"] for i in infos(lines)} == {"1", "2"}


def test_quit_stops_the_search_and_ends(eng: Engine) -> None:
    eng.feed(START)
    eng.feed("go infinite")
    lines = eng.feed("quit")
    assert eng.finished and not eng.searching
    assert len(bestmoves(lines + eng.wait())) <= 1
    assert eng.feed("isready") == []


def test_end_of_input_lets_a_limited_search_finish(eng: Engine) -> None:
    eng.feed(START)
    with_emit: list[str] = []
    emitting = Engine(emit=with_emit.append)
    emitting.feed(START)
    emitting.feed("go depth 3")
    emitting.end_of_input()
    assert len(bestmoves(with_emit)) == 1 and emitting.finished
    emitting.feed(START)
    emitting2 = Engine(emit=with_emit.append)
    emitting2.feed(START)
    emitting2.feed("go infinite")
    emitting2.end_of_input()
    assert len(bestmoves(with_emit)) == 2 and not emitting2.searching


def test_emit_mode_streams_from_the_worker(eng: Engine) -> None:
    got: list[str] = []
    done = threading.Event()

    def emit(line: str) -> None:
        got.append(line)
        if line.startswith("bestmove"):
            done.set()

    engine = Engine(emit=emit)
    engine.feed(START)
    assert engine.feed("go depth 3") == []
    assert done.wait(20)
    assert len(bestmoves(got)) == 1 and infos(got)
    engine.close()


# -- the state machine: go after bestmove, go during a search, stop --------------


class Frontend:
    """An emitting engine and the lines it wrote, with a wait for the n-th bestmove."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.cond = threading.Condition()
        self.engine = Engine(emit=self.emit)

    def emit(self, line: str) -> None:
        with self.cond:
            self.lines.append(line)
            self.cond.notify_all()

    def feed(self, line: str) -> list[str]:
        out = self.engine.feed(line)
        for item in out:
            self.emit(item)
        return out

    def wait_bestmoves(self, count: int, timeout: float = 30.0) -> list[str]:
        with self.cond:
            assert self.cond.wait_for(lambda: len(bestmoves(self.lines)) >= count, timeout), (
                self.lines[-5:]
            )
            return bestmoves(self.lines)


def test_go_right_after_bestmove_is_accepted_every_time() -> None:
    """As a GUI does: 'go' as soon as 'bestmove' is read, no 'isready' between.
    The search used to count as running until its thread exited, so about one
    'go' in ten was refused and never answered."""
    front = Frontend()
    pos = safari_ai.Position.new("turtles")
    moves: list[str] = []
    for cycle in range(1, 301):
        front.feed(f"{START} moves {' '.join(moves)}" if moves else START)
        front.feed("go depth 1")
        best = front.wait_bestmoves(cycle)[-1]
        pos = pos.apply(best)
        moves.append(best)
        if pos.is_terminal():
            pos, moves = safari_ai.Position.new("turtles"), []
    assert not [line for line in front.lines if line.startswith("info string error")]
    assert len(bestmoves(front.lines)) == 300
    front.engine.close()


def test_go_during_a_search_is_queued_and_answered_after_it() -> None:
    front = Frontend()
    front.feed(START)
    front.feed("go movetime 300")
    assert front.engine.searching
    front.feed(f"{START} moves d1xd3")  # applies to the next go, as in UCI
    assert front.feed("go depth 1") == []  # no error: it waits its turn
    first, second = front.wait_bestmoves(2)
    assert first in safari_ai.Position.new("turtles").legal_moves()
    assert second in safari_ai.Position.new("turtles").apply("d1xd3").legal_moves()
    assert not [line for line in front.lines if "error" in line]
    front.engine.wait(30)
    assert not front.engine.searching
    front.engine.close()


def test_stop_ends_the_running_search_and_the_queued_ones() -> None:
    front = Frontend()
    front.feed(START)
    front.feed("go infinite")
    front.feed("go infinite")
    front.feed("go depth 1")
    front.feed("stop")  # every go accepted before it ends, each with its bestmove
    front.feed("isready")  # answered after them: a GUI syncing with isready sees them first
    assert len(bestmoves(front.lines[: front.lines.index("readyok")])) == 3
    legal = safari_ai.Position.new("turtles").legal_moves()
    assert all(move in legal for move in front.wait_bestmoves(3))
    front.engine.wait(30)
    assert not front.engine.searching and len(bestmoves(front.lines)) == 3
    front.feed("go depth 1")  # and the engine is idle again
    assert len(front.wait_bestmoves(4)) == 4
    front.engine.close()


def test_queued_go_without_emit_comes_back_with_stop(eng: Engine) -> None:
    eng.feed(START)
    eng.feed("go infinite")
    assert eng.feed("go depth 1") == []  # queued behind the infinite search
    lines = eng.feed("stop")
    assert len(bestmoves(lines)) == 2 and not eng.searching


def test_stop_ends_a_perft_inside_a_root_move() -> None:
    """zebras perft 30 would take years inside its first root move; the C walk
    now reads the stop flag."""
    front = Frontend()
    front.feed("position startpos zebras")
    front.feed("perft 30")
    assert front.engine.searching
    front.feed("stop")
    front.engine.wait(30)
    assert not front.engine.searching
    assert front.lines[-2:] == ["info string perft stopped", "nodes 0"]
    front.feed("go depth 1")  # accepted at once
    assert len(front.wait_bestmoves(1)) == 1
    assert not [line for line in front.lines if "error" in line]
    front.engine.close()


def test_position_json_refuses_duplicate_keys_as_the_api_does(eng: Engine) -> None:
    text = safari_ai.Position.new("turtles").to_json_text()
    doubled = text[:-1] + ', "to_move": 0}'
    with pytest.raises(safari_ai.PositionError, match="duplicate key"):
        safari_ai.Position.from_json(doubled)
    one_error(eng.feed(f"position json {doubled}"), "position json", "duplicate key")
    inner = text.replace('"rules": {', '"rules": {"max_turns": 7, ', 1)
    one_error(eng.feed(f"position json {inner} moves d1xd3"), "duplicate key")
    assert eng.feed(f"position json {text} moves d1xd3") == []
    one_error(eng.feed('position json {"game": ' + "[" * 5000 + "]" * 5000 + "}"), "nest")
    one_error(eng.feed('position json {"game": ' + "7" * 5000 + "}"), "not JSON")


# -- bad input never breaks it ----------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "xyzzy",
        "GO depth 1",
        "uci",
        "isready now",
        "d 3",
        "moves e2e4",
        "stop now",
        "newgame please",
        "\x00\x01\x02",
        "position startpos turtles moves",
        "setoption",
        "setoption name",
        "setoption name value 3",
        "perft 1 2",
        "go infinite infinite x",
    ],
)
def test_every_bad_line_gives_one_error_or_nothing(eng: Engine, line: str) -> None:
    lines = eng.feed(line)
    errors = [item for item in lines if item.startswith("info string error:")]
    assert len(errors) <= 1
    assert eng.feed("isready") == ["readyok"]


def test_unknown_command_is_named(eng: Engine) -> None:
    one_error(eng.feed("xyzzy 1 2"), "'xyzzy'")
    assert eng.feed("") == [] and eng.feed("   \t ") == []


def test_random_garbage_never_raises(eng: Engine) -> None:
    rng = random.Random(8)
    words = [
        "go",
        "position",
        "startpos",
        "json",
        "moves",
        "turtles",
        "zebras",
        "depth",
        "1",
        "setoption",
        "name",
        "value",
        "MultiPV",
        "perft",
        "d",
        "eval",
        "{",
        "}",
        "[",
        "stop",
        "isready",
        "d1xd3",
        "nodes",
        "-1",
        "infinite",
        "wtime",
        "999999999999",
    ]
    for _ in range(300):
        if rng.random() < 0.5:
            line = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 8)))
        else:
            line = "".join(chr(rng.randrange(0, 0x3000)) for _ in range(rng.randrange(0, 40)))
        if line.split()[:1] == ["go"] or "infinite" in line:
            line = line.replace("infinite", "depth 1")
        out = eng.feed(line)
        assert all(isinstance(item, str) and "\n" not in item for item in out)
        eng.feed("stop")
    assert eng.feed("isready") == ["readyok"]


# -- time --------------------------------------------------------------------


def test_time_budget_never_exceeds_the_clock() -> None:
    for remaining in (0, 1, 29, 30, 31, 100, 1000, 60000, 10**7):
        for inc in (0, 10, 1000, 10**6):
            for mtg in (None, 1, 2, 40):
                for overhead in (0, 30, 500):
                    budget = time_budget(remaining, inc, mtg, overhead)
                    assert budget >= 1
                    assert budget <= max(1, remaining - overhead)
    assert time_budget(60000) == (60000 - 30) // 30
    assert time_budget(1000, 100, 1) == 970


def test_go_request_parsing() -> None:
    request = GoRequest.parse("wtime 1000 btime 2000 winc 5 binc 6 movestogo 7 time2 30".split())
    assert request.clocks == {0: 1000, 1: 2000, 2: 30} and request.increments == {0: 5, 1: 6}
    assert request.movestogo == 7 and request.limited()
    assert not GoRequest.parse([]).limited() and not GoRequest.parse(["infinite"]).limited()
    with pytest.raises(ProtocolError, match="'fast'"):
        GoRequest.parse(["fast"])


# -- chance positions (toy dice game) ------------------------------------------


def test_moves_at_a_chance_node_lists_exact_probabilities(toy: Engine) -> None:
    toy.feed(f"position startpos {TOY} moves gamble")
    assert toy.feed("moves") == ["outcomes die:hit 1/3 die:miss 2/3"]
    assert "tomove chance" in toy.feed("d") and "outcomes 2" in toy.feed("d")
    assert toy.feed(f"position startpos {TOY} moves gamble die:miss") == []
    assert toy.feed("moves") == ["moves gamble step"]
    toy.feed(f"position startpos {TOY} moves gamble die:hit")
    assert toy.feed("moves") == ["moves (none)"] and "result 1 -1" in toy.feed("d")
    one_error(toy.feed(f"position startpos {TOY} moves gamble step"), "move 2 (step)")


def test_go_at_a_chance_node_reports_each_outcome_and_the_expectation(toy: Engine) -> None:
    toy.feed(f"position startpos {TOY} moves step gamble")
    lines = toy.feed("go depth 2")
    assert lines[-1] == "bestmove (none)"
    per_outcome = [i for i in infos(lines) if "outcome" in i]
    # most probable first, exact probabilities
    assert [(i["outcome"], i["prob"]) for i in per_outcome] == [
        ("die:miss", "2/3"),
        ("die:hit", "1/3"),
    ]
    # player 1 rolls; after either outcome player 0 moves: scores are for player 0
    hit = expected((1, 3), 0, False, 2)  # player 1 reached 3: the game is over
    miss = expected((1, 0), 0, False, 2)
    assert hit == -1
    by_outcome = {i["outcome"]: i for i in per_outcome}
    assert by_outcome["die:hit"]["score"] == "cp -100"
    assert by_outcome["die:hit"]["expect"] == "0.000,1.000"  # win probabilities
    assert by_outcome["die:miss"]["score"] == f"cp {round(100 * miss)}"
    summary = infos(lines)[-1]
    mean = Fraction(1, 3) * hit + Fraction(2, 3) * miss
    assert summary["expect"] == f"{float((1 + mean) / 2):.3f},{float((1 - mean) / 2):.3f}"
    assert summary["winprob"] == f"{float((mean + 1) / 2):.3f}"
    assert summary["pov"] == "0" and summary["outcomes"] == "2/2"
    assert summary["score"] == f"cp {round(100 * mean)}"


def test_a_decision_after_a_roll_carries_the_expected_result(toy: Engine) -> None:
    toy.feed(f"position startpos {TOY} moves gamble die:miss")
    lines = toy.feed("go depth 3")
    value = expected((0, 0), 1, False, 1)
    info = infos(lines)[-1]
    assert info["expect"] == f"{float(value):.3f},{float(-value):.3f}"
    assert info["winprob"] == f"{float((-value + 1) / 2):.3f}"
    assert bestmoves(lines)[0] in ("gamble", "step")


def test_go_on_a_clock_at_a_chance_node(toy: Engine) -> None:
    toy.feed(f"position startpos {TOY} moves gamble")
    lines = toy.feed("go wtime 100 btime 100")  # 2 ms: the outcomes covered depend on load
    assert lines[-1] == "bestmove (none)" and any(" outcomes " in line for line in lines)
    lines = toy.feed("go wtime 100")  # not pov's clock (player 1 moves next): the smallest
    assert lines[-1] == "bestmove (none)" and not [line for line in lines if "error" in line]


def test_go_infinite_at_a_chance_node_stops(toy: Engine) -> None:
    toy.feed(f"position startpos {TOY} moves gamble")
    lines = toy.feed("go infinite")
    lines += toy.feed("stop")
    assert lines[-1] == "bestmove (none)"
    assert any(" outcomes " in line for line in lines)  # how many: depends on when stop came


def test_unsupported_search_says_so_and_still_answers_bestmove() -> None:
    def refuse(*args: object, **kwargs: object) -> safari_ai.Report:
        raise safari_ai.SearchError(
            "toydice has chance positions: its search (expectimax) is not available yet"
        )

    engine = Engine(
        analyse_fn=refuse, new_position=new_position, read_position=read_position, game_names=[TOY]
    )
    engine.feed(f"position startpos {TOY}")
    lines = engine.feed("go depth 2")
    assert lines == [
        "info string error: go: toydice has chance positions: its search "
        "(expectimax) is not available yet",
        "bestmove (none)",
    ]
    engine.feed(f"position startpos {TOY} moves gamble")
    lines = engine.feed("go depth 2")
    assert lines[0].startswith("info string error: go: ") and lines[-1] == "bestmove (none)"
    assert engine.feed("isready") == ["readyok"]


def test_perft_counts_chance_outcomes_as_plies(toy: Engine) -> None:
    toy.feed(f"position startpos {TOY}")
    lines = toy.feed("perft 3")
    assert lines[-1] == f"nodes {new_position(TOY).perft(3)}"


DICE_GAMES = [g for g in ("ostrich", "arena") if g in safari_ai.game_names()]


@pytest.mark.skipif(not DICE_GAMES, reason="no dice game in the core yet")
@pytest.mark.parametrize("game", DICE_GAMES)
def test_go_at_a_chance_position_reports_what_analyse_reports(game: str) -> None:
    """The protocol's go and safari_ai.analyse run the same search at a
    chance position: the same outcomes, probabilities and expected results."""
    pos = safari_ai.Position.new(game)
    assert pos.is_chance()
    report = safari_ai.analyse(pos, depth=2, seed=3)
    engine = Engine()
    engine.feed("setoption name Seed value 3")
    engine.feed(f"position startpos {game}")
    lines = engine.feed("go depth 2")
    engine.close()
    assert lines[-1] == "bestmove (none)"
    # the outcomes' values stream: each iteration's lines come before its
    # summary, then the final block, one line per outcome
    first_summary = next(n for n, i in enumerate(infos(lines)) if "outcomes" in i)
    assert any("outcome" in i for i in infos(lines)[:first_summary])
    per_outcome = [i for i in infos(lines) if "outcome" in i][-len(report.outcomes) :]
    assert [(i["outcome"], Fraction(i["prob"])) for i in per_outcome] == [
        (o.outcome, o.probability) for o in report.outcomes
    ]
    for info, outcome in zip(per_outcome, report.outcomes):
        got = [float(x) for x in info["expect"].split(",")]
        assert got == pytest.approx(outcome.expected, abs=1e-3)
    summary = infos(lines)[-1]
    assert [float(x) for x in summary["expect"].split(",")] == pytest.approx(
        report.expected, abs=1e-3
    )
    assert (
        summary["depth"] == "2"
        and summary["outcomes"] == f"{len(report.outcomes)}/{len(report.outcomes)}"
    )


@pytest.mark.skipif("ostrich" not in DICE_GAMES, reason="no ostrich in the core")
def test_stop_ends_a_search_at_an_ostrich_roll() -> None:
    """At a roll of 1,512 outcomes, go infinite then stop answers bestmove
    (the search reads the stop flag while it values the outcomes)."""
    pos = safari_ai.Position.new("ostrich", {"players": 3})
    while not (pos.is_chance() and len(pos.chance_outcomes()) > 1000):
        pos = pos.apply(pos.chance_outcomes()[0][0] if pos.is_chance() else pos.legal_moves()[0])
    engine = Engine()
    engine.feed(f"position json {pos.to_json_text()}")
    lines = engine.feed("go infinite")
    lines += engine.feed("stop")
    assert lines[-1] == "bestmove (none)"
    assert engine.feed("isready") == ["readyok"]
    engine.close()


@pytest.mark.skipif(not DICE_GAMES, reason="no dice game in the core yet")
@pytest.mark.parametrize("game", DICE_GAMES)
def test_real_dice_games_answer_go_with_a_bestmove(game: str) -> None:
    engine = Engine()
    engine.feed(f"position startpos {game}")
    pos = engine.position
    steps = 0
    while not pos.is_chance() and not pos.is_terminal() and steps < 50:
        pos = pos.apply(pos.legal_moves()[0])
        steps += 1
    if pos.is_chance():
        engine.feed(f"position json {pos.to_json_text()}")
        line = engine.feed("moves")[0].split()
        assert line[0] == "outcomes"
        assert sum(Fraction(p) for p in line[2::2]) == 1
        lines = engine.feed("go depth 1")
        assert lines[-1] == "bestmove (none)"
    engine.close()


def test_huge_numbers_and_deep_json_are_handled(eng: Engine) -> None:
    eng.feed(START)
    # past the table's ranges (safari_ai.settings): one error naming the field
    one_error(eng.feed("go depth 1 movetime 99999999999999999999999"), "movetime")
    one_error(eng.feed("go depth 1 nodes 99999999999999999999"), "nodes")
    lines = eng.feed("go depth 1 nodes 18446744073709551615")
    assert len(bestmoves(lines)) == 1
    lines = eng.feed("go depth 1 wtime -50 btime -50")  # a flagged clock still answers
    assert len(bestmoves(lines)) == 1
    one_error(eng.feed("position json " + "[" * 100000 + "]" * 100000), "position")
    one_error(eng.feed("setoption name Seed value 99999999999999999999999"), "Seed")
    assert eng.feed("isready") == ["readyok"]


def test_mcts_lines_carry_a_win_probability(eng: Engine) -> None:
    eng.feed("setoption name Algorithm value mcts")
    eng.feed("setoption name MctsLeaf value evaluate")
    eng.feed(START)
    lines = eng.feed("go nodes 300")
    info = infos(lines)[-1]
    assert 0.0 <= float(info["winprob"]) <= 1.0 and 0 <= int(info["hashfull"]) <= 1000
    assert bestmoves(lines)[0] in safari_ai.Position.new("turtles").legal_moves()
    lines = eng.feed("go infinite")
    lines += eng.feed("stop")
    assert len(bestmoves(lines)) == 1


def test_uci_commands_get_a_hint(eng: Engine) -> None:
    one_error(eng.feed("uci"), "'uci'", "send 'safari'")
    one_error(eng.feed("ucinewgame"), "send 'newgame'")


def test_dice_decisions_carry_expected_results(eng: Engine) -> None:
    """At a decision after a roll (the arena, after the initiative roll), every
    info line carries each player's expected result and a win probability,
    equal to what expectimax reports."""
    assert eng.feed("position startpos arena moves init:0") == []
    lines = eng.feed("go depth 4")
    info = infos(lines)
    assert bestmoves(lines) and info
    pos = safari_ai.Position.new("arena").apply("init:0")
    report = safari_ai.analyse(pos, depth=4, seed=0)
    expect = [float(x) for x in info[-1]["expect"].split(",")]
    assert expect == pytest.approx(report.lines[0].expected, abs=1e-3)
    assert float(info[-1]["winprob"]) == pytest.approx(report.win_probability, abs=1e-3)


# -- one clock: the C search's (issue 16, point 2) ----------------------------


@pytest.mark.parametrize(
    "go, expected_ms",
    [
        ("go movetime 40", 40),
        ("go wtime 60000 btime 1 movestogo 1", 60000 - 30),  # the mover's clock, less overhead
        ("go wtime 600000 btime 600000 movetime 40", 40),  # the smaller of the two
    ],
)
def test_go_deadline_is_the_searchs_own_clock(go: str, expected_ms: int) -> None:
    """The deadline is one limit in milliseconds handed to the search, and
    nothing else enforces it: a search that outlives its movetime (a stand-in
    that ignores the clock) is not stopped from Python. With a second clock
    (the former ``threading.Timer`` raising the stop flag) the flag would be
    up when the stand-in looks at it."""
    seen: dict[str, object] = {}

    def slow(pos, settings, *, stop=None, **kwargs):
        movetime = settings.limits.movetime
        seen["movetime"] = movetime
        time.sleep(min(movetime, 40) / 1000 * 3)  # past the deadline
        seen["stopped"] = stop.is_set
        return safari_ai.analyse(pos, depth=1)

    engine = Engine(analyse_fn=slow, new_tree=None)
    try:
        engine.feed(START)
        assert engine.feed("setoption name MoveOverhead value 30") == []
        lines = engine.feed(go)
        assert len(bestmoves(lines)) == 1, lines
        assert seen == {"movetime": expected_ms, "stopped": False}
        assert not [t for t in threading.enumerate() if isinstance(t, threading.Timer)]
    finally:
        engine.close()


def test_go_movetime_ends_by_the_c_clock() -> None:
    """A real search with ``movetime`` ends on time by itself (the C clock),
    and ``go infinite`` passes the search an infinite time and ends on ``stop``."""
    engine = Engine()
    try:
        engine.feed(START)
        started = time.monotonic()
        lines = engine.feed("go movetime 150")
        assert len(bestmoves(lines)) == 1
        assert 0.1 <= time.monotonic() - started < 5
        engine.feed("go infinite")
        time.sleep(0.05)
        assert engine.searching
        assert len(bestmoves(engine.feed("stop"))) == 1
        assert not engine.searching
    finally:
        engine.close()


def test_position_json_reads_the_text_as_sent(eng: Engine) -> None:
    """The JSON after ``position json`` goes to the C reader as sent, runs of
    spaces included: its error names the same byte as the reader's own
    (a text with its spaces collapsed, as the tokens have them, would not)."""
    text = '{"game":    "turtles",     "game": "turtles"}'

    def refusal(json_text: str) -> str:
        with pytest.raises(safari_ai.PositionError) as error:
            safari_ai.Position.from_json(json_text)
        return str(error.value)

    assert refusal(text) != refusal(" ".join(text.split()))  # "duplicate key at byte N"
    one_error(eng.feed("position json " + text), f"position json: {refusal(text)}")
