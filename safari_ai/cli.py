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
