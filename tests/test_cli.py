"""The command line of the contract: new, moves, apply, perft, errors, and
``python -m safari_ai``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from safari_ai.cli import main

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture()
def start_file(tmp_path: Path) -> Path:
    code, out, _ = run("new", "turtles")
    assert code == 0
    path = tmp_path / "start.json"
    path.write_text(out)
    return path


def test_new_prints_the_start_position() -> None:
    code, out, _ = run("new", "turtles")
    position = json.loads(out)
    assert code == 0 and position["game"] == "turtles" and position["to_move"] == 0
    assert position["rules"] == {
        "tattoo": False,
        "tattoo_setup": "fixed",
        "hatching": False,
        "max_rule": "first_hop",
        "max_turns": 200,
    }


def test_new_takes_rules_as_json_or_bare_strings() -> None:
    code, out, _ = run("new", "turtles", "--rules", "tattoo=true", "--rules", "max_rule=any")
    rules = json.loads(out)["rules"]
    assert code == 0 and rules["tattoo"] is True and rules["max_rule"] == "any"


def test_new_rejects_bad_rules_and_games() -> None:
    code, _, err = run("new", "turtles", "--rules", "max_turns=-3")
    assert code == 1 and "rules.max_turns" in err
    code, _, err = run("new", "chess")
    assert code == 1 and "chess" in err
    code, _, err = run("new", "turtles", "--rules", "tattoo")
    assert code == 2 and "KEY=VALUE" in err


def test_moves_lists_sorted_moves(start_file: Path) -> None:
    code, out, _ = run("moves", str(start_file))
    assert code == 0 and out.split("\n")[:2] == ["b1-a1", "b1-b2"] and len(out.split()) == 20
    code, out, _ = run("moves", str(start_file), "--json")
    assert code == 0 and len(json.loads(out)) == 20


def test_moves_reads_standard_input(start_file: Path) -> None:
    code, out, _ = run("moves", "-", stdin=start_file.read_text())
    assert code == 0 and len(out.split()) == 20


def test_apply_plays_moves_in_order(start_file: Path) -> None:
    code, out, _ = run("apply", str(start_file), "d1xd3", "d7xd5")
    position = json.loads(out)
    assert code == 0 and position["turns"] == 2 and position["board"]["d3"] == "0"


def test_apply_names_the_illegal_move(start_file: Path) -> None:
    code, _, err = run("apply", str(start_file), "d1xd3", "d1xd3")
    assert code == 1 and "move 2 (d1xd3)" in err and "illegal move 'd1xd3'" in err


def test_perft_prints_each_depth_then_nodes(start_file: Path) -> None:
    code, out, _ = run("perft", str(start_file), "--depth", "3")
    assert code == 0
    assert out.splitlines() == ["perft 1 20", "perft 2 400", "perft 3 8112", "nodes 8112"]


@pytest.mark.parametrize("text", ["", "{", "[]", '{"game": "turtles"}', "\xff"])
def test_bad_position_files_give_clean_errors(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="latin-1")
    code, out, err = run("moves", str(path))
    assert code == 1 and out == "" and err.startswith("error: ")


def test_missing_file_is_an_error() -> None:
    code, _, err = run("moves", "/nonexistent/position.json")
    assert code == 1 and "cannot read" in err


def test_example_positions_load() -> None:
    files = sorted(EXAMPLES.glob("*.json"))
    assert files
    for path in files:
        code, out, err = run("moves", str(path))
        assert code == 0, (path, err)


def test_python_dash_m_runs_the_same_cli(tmp_path: Path) -> None:
    # Run outside the source tree: there `-m` would find the uncompiled sources first.
    import safari_ai

    env = dict(os.environ, PYTHONPATH=str(Path(safari_ai.__file__).resolve().parents[1]))
    done = subprocess.run(
        [sys.executable, "-m", "safari_ai", "new", "turtles"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        env=env,
    )
    assert json.loads(done.stdout)["game"] == "turtles"


def test_analyse_prints_best_move_score_and_pv(start_file: Path) -> None:
    code, out, err = run("analyse", str(start_file), "--depth", "3")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("bestmove ") and lines[1].startswith("score cp ")
    assert lines[2].startswith("pv ") and len(lines[2].split()) == 4
    assert "info depth 3" in err


def test_analyse_json_report(start_file: Path) -> None:
    code, out, _ = run("analyse", str(start_file), "--depth", "2", "--multipv", "3", "--json")
    report = json.loads(out)
    assert code == 0 and {"bestmove", "score", "pv", "nodes", "depth"} <= set(report)
    assert report["depth"] == 2 and len(report["lines"]) == 3
    assert report["bestmove"] == report["pv"][0] == report["lines"][0]["move"]


def test_analyse_refuses_terminal_positions(tmp_path: Path) -> None:
    path = tmp_path / "over.json"
    path.write_text(
        json.dumps(
            {
                "game": "turtles",
                "rules": {},
                "to_move": "terminal",
                "phase": "over",
                "side": 0,
                "turns": 0,
                "board": {"d6": "0", "d7": "1", "c6": "1", "e6": "1", "b1": "1", "d3": "n"},
                "reserve": [0, 0],
                "pending": [],
                "changing": None,
            }
        )
    )
    code, _, err = run("analyse", str(path), "--depth", "2")
    assert code == 1 and "over" in err
