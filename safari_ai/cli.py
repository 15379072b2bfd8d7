"""The ``safari-ai`` command line (click).

Commands of the contract: ``new``, ``moves``, ``apply``, ``perft``. Every error
goes to standard error as ``error: ...`` with exit code 1 (2 for a usage error).
"""
from __future__ import annotations

import json
import sys
import time
from typing import Any, NoReturn

import click

from safari_ai.errors import SafariError
from safari_ai.position import Position
from safari_ai.search import ALGORITHMS, PRUNINGS, Report, analyse as run_analysis


def _fail(message: str) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(1)


def _parse_rule(text: str) -> tuple[str, Any]:
    """``KEY=VALUE``: the value as JSON, or as a bare string when it is not JSON."""
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise click.BadParameter(f"{text!r} is not KEY=VALUE", param_hint="--rules")
    try:
        value: Any = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key, value


def _read_position(path: str) -> Position:
    """The position in file ``path`` (``-`` for standard input)."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        _fail(f"cannot read {path}: {error}")
    try:
        return Position.from_json(text)
    except SafariError as error:
        _fail(f"{path}: {error}")


def _print_position(pos: Position) -> None:
    click.echo(json.dumps(pos.to_json()))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="safari_ai", prog_name="safari-ai")
def main() -> None:
    """safari-ai: search engine for turtles, zebras, ostrich and arena."""


@main.command()
@click.argument("game")
@click.option("--rules", "rules", multiple=True, metavar="KEY=VALUE",
              help="A rules option; repeat for several (values as JSON, strings bare).")
def new(game: str, rules: tuple[str, ...]) -> None:
    """Print the starting position of GAME as JSON."""
    options = dict(_parse_rule(item) for item in rules)
    try:
        _print_position(Position.new(game, options))
    except SafariError as error:
        _fail(str(error))


@main.command()
@click.argument("position", metavar="POSITION.json")
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
def moves(position: str, as_json: bool) -> None:
    """List the legal moves, or at a chance position the outcomes and probabilities."""
    pos = _read_position(position)
    if pos.is_chance():
        outcomes = [(move, f"{p.numerator}/{p.denominator}")
                    for move, p in pos.chance_outcomes()]
        if as_json:
            click.echo(json.dumps([list(pair) for pair in outcomes]))
        for move, p in [] if as_json else outcomes:
            click.echo(f"{move} {p}")
        return
    legal = pos.legal_moves()
    if as_json:
        click.echo(json.dumps(legal))
    else:
        for move in legal:
            click.echo(move)


@main.command()
@click.argument("position", metavar="POSITION.json")
@click.argument("moves", nargs=-1, metavar="MOVE...")
def apply(position: str, moves: tuple[str, ...]) -> None:
    """Apply moves (or chance outcomes) in order and print the resulting position."""
    pos = _read_position(position)
    for number, move in enumerate(moves, start=1):
        try:
            pos = pos.apply(move)
        except SafariError as error:
            _fail(f"move {number} ({move}): {error}")
    _print_position(pos)


@main.command()
@click.argument("position", metavar="POSITION.json")
@click.option("--depth", type=click.IntRange(0, 64), required=True, help="Plies to count.")
def perft(position: str, depth: int) -> None:
    """Count the positions exactly 1..N plies below; last line ``nodes N``."""
    pos = _read_position(position)
    count = 1 if depth == 0 else 0
    started = time.perf_counter()
    for d in range(1, depth + 1):
        count = pos.perft(d)
        click.echo(f"perft {d} {count}")
    seconds = time.perf_counter() - started
    click.echo(f"nodes {count}")
    click.echo(f"time {seconds:.3f} s", err=True)


def _expected_text(expected: list[float]) -> str:
    """Expected results, one per player, by player index."""
    return " ".join(f"{value:.4f}" for value in expected)


def _info_line(report: Report) -> str:
    """A UCI-style progress line."""
    best = report.lines[0]
    return (f"info depth {report.depth} seldepth {report.seldepth} score {best.score_text} "
            f"nodes {report.nodes} nps {report.nps} time {int(report.seconds * 1000)} "
            f"pv {' '.join(best.pv)}")


@main.command()
@click.argument("position", metavar="POSITION.json")
@click.option("--depth", type=click.IntRange(1, 120), help="Plies to search.")
@click.option("--nodes", type=click.IntRange(1), help="Positions (MCTS: simulations) to search.")
@click.option("--movetime", type=click.IntRange(1), metavar="MS",
              help="Milliseconds to search (default 1000 when no limit is given).")
@click.option("--multipv", type=click.IntRange(1, 16), default=1, show_default=True,
              help="Best lines to report.")
@click.option("--threads", type=click.IntRange(1, 64), default=1, show_default=True)
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True,
              help="Fixes every random choice.")
@click.option("--algo", type=click.Choice(ALGORITHMS), default="auto", show_default=True)
@click.option("--hash", "hash_mb", type=click.IntRange(1, 65536), default=16, show_default=True,
              help="Transposition table size in MiB.")
@click.option("--leaf", type=click.Choice(["rollout", "evaluate"]), default="rollout",
              show_default=True, help="MCTS: value new leaves by a random playout or the evaluation.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--quiet", is_flag=True, help="No progress lines on standard error.")
@click.option("--pruning", type=click.Choice(PRUNINGS), default="auto", show_default=True,
              help="Expectimax: pruning at chance positions (auto is Star2).")
@click.option("--predictions", type=click.Choice(["open", "sampled"]), default="open",
              show_default=True,
              help="Ostrich: search the tiles as given, or redraw the others' tiles "
                   "(needs --player).")
@click.option("--player", type=click.IntRange(0, 4), help="Ostrich: whose tile is known.")
@click.option("--samples", type=click.IntRange(1, 1000), default=8, show_default=True,
              help="Ostrich: draws of the hidden tiles with --predictions sampled.")
def analyse(position: str, depth: int | None, nodes: int | None, movetime: int | None,
            multipv: int, threads: int, seed: int, algo: str, hash_mb: int, leaf: str,
            as_json: bool, quiet: bool, pruning: str, predictions: str, player: int | None,
            samples: int) -> None:
    """Search POSITION.json and print the best move, its score and the principal variation.

    Expectimax (ostrich, arena) also prints each line's expected results, one
    per player: arena a win probability (a draw counting half), ostrich an
    expected score in points.
    """
    pos = _read_position(position)
    progress = None if quiet else (lambda report: click.echo(_info_line(report), err=True))
    try:
        report = run_analysis(pos, depth=depth, nodes=nodes, movetime=movetime, seed=seed,
                              multipv=multipv, threads=threads, algo=algo, hash_mb=hash_mb,
                              leaf=leaf, progress=progress, pruning=pruning,
                              predictions=predictions, player=player, samples=samples)
    except SafariError as error:
        _fail(str(error))
    if as_json:
        click.echo(json.dumps(report.to_json()))
        return
    click.echo(f"bestmove {report.best_move}")
    click.echo(f"score {report.lines[0].score_text}")
    click.echo(f"pv {' '.join(report.pv)}")
    if report.lines[0].expected:
        click.echo(f"expected {_expected_text(report.lines[0].expected)}")
    for number, line in enumerate(report.lines[1:], start=2):
        expected = f" expected {_expected_text(line.expected)}" if line.expected else ""
        click.echo(f"multipv {number} score {line.score_text}{expected} pv {' '.join(line.pv)}")
    if "predictions" in report.extra:
        click.echo(f"predictions {report.extra['predictions']} "
                   f"samples {report.extra.get('samples')} player {report.extra.get('player')}")
    click.echo(f"depth {report.depth} nodes {report.nodes} nps {report.nps} "
               f"time {report.seconds:.3f} algo {report.algo}")


@main.command()
def bench() -> None:
    """Search fixed positions at fixed depths; print their node counts and the total.

    The total (the bench signature) changes only when the search or the rules do.
    """
    from safari_ai.bench import run_bench

    result = run_bench(lambda label, nodes: click.echo(f"{label} {nodes}"))
    click.echo(f"nodes {result.total}")
    rate = int(result.total / result.seconds) if result.seconds > 0 else 0
    click.echo(f"time {result.seconds:.3f} s, {rate} nodes/s", err=True)
