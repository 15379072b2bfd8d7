"""The ``safari-ai`` command line (click).

Commands of the contract: ``new``, ``moves``, ``apply``, ``perft``, ``analyse``,
``engine`` (the text protocol of docs/protocol.md on standard input and output). Every error
goes to standard error as ``error: ...`` with exit code 1 (2 for a usage error).
"""

from __future__ import annotations

import json
import math
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from safari_ai import facts, settings
from safari_ai.errors import SafariError
from safari_ai.jsontext import read_file
from safari_ai.limits import Limits
from safari_ai.position import Position
from safari_ai.search import Report
from safari_ai.search import analyse as run_analysis
from safari_ai.settings import Settings

if TYPE_CHECKING:
    _ParamType = click.ParamType[Any]  # generic from click 8.2
else:
    _ParamType = click.ParamType  # click 8.1 takes no type argument


class _SettingType(_ParamType):
    """The option type of search setting ``name``, read by the one table
    (:func:`safari_ai.settings.parse`: plain integers in their range, from the
    C core; choices); a usage error names the option and the setting."""

    def __init__(self, name: str) -> None:
        self.setting = settings.setting(name)
        self.name = self.setting.kind

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if not isinstance(value, str):
            return value
        try:
            return settings.parse(self.setting.name, value)
        except settings.SettingError as error:
            self.fail(str(error), param, ctx)

    def get_metavar(self, param: click.Parameter, *args: Any, **kwargs: Any) -> str | None:
        if self.setting.kind == "choice":
            return f"[{'|'.join(self.setting.choices)}]"
        if self.setting.kind == "integer":
            low, high = settings.bounds(self.setting.name)
            return f"INTEGER {low}..{high}"
        return None


def _limit_range(name: str) -> _SettingType:
    """The option type of search limit ``name`` (:class:`_SettingType`)."""
    return _SettingType(name)


def _setting_option(name: str, *decls: str, **given: Any) -> Callable[[Any], Any]:
    """The command-line option of search setting ``name``, from the one table
    (:data:`safari_ai.settings.SETTINGS`): its flag, type, default and help;
    ``given`` overrides (a longer help, a default of None meaning "unset")."""
    item = settings.setting(name)
    assert item.cli is not None
    given.setdefault("type", _SettingType(name))
    if item.default is not None and item.kind != "string":
        given.setdefault("default", item.default)
        given.setdefault("show_default", True)
    given.setdefault("help", item.help)
    return click.option(item.cli, *decls, **given)


def _fail(message: str) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(1)


def _rules_of(game_name: str, items: tuple[str, ...]) -> dict[str, Any]:
    """The ``--rules KEY=VALUE`` options of GAME, each value read as its option's
    type in the game's rules schema (JSON, or the bare text for a string);
    an unknown game or key fails naming it (the core checks ranges and choices)."""
    try:
        rules_of = facts.game(game_name)
    except SafariError as error:
        _fail(str(error))
    out: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise click.BadParameter(f"{item!r} is not KEY=VALUE", param_hint="--rules")
        try:
            out[key] = rules_of.rule_value(key, raw)
        except SafariError as error:
            _fail(f"--rules {key}: {error}")
    return out


def _rules_help() -> str:
    """Every game's rules options, from its rules schema: the epilog of the
    commands that take ``--rules``."""
    lines = ["\b", "Rules options (--rules KEY=VALUE; docs/games/<game>.md):"]
    for info in facts.games():
        lines.append(f"  {info.name}:")
        for key, spec in info.rules_schema["properties"].items():
            if "enum" in spec:
                values = "|".join(spec["enum"])
            elif spec["type"] == "integer":
                values = f"{spec['minimum']}..{spec['maximum']}"
            else:
                values = {"boolean": "true|false"}.get(spec["type"], spec["type"])
            default = spec["default"]
            default = default if isinstance(default, str) else json.dumps(default)
            lines.append(f"    {key}={values} (default {default}): {spec['description']}")
    return "\n".join(lines)


def _read_text(path: str) -> str:
    """The text of file ``path`` (``-`` for standard input), under the input
    limits (safari_ai.jsontext: at most MAX_BYTES, UTF-8)."""
    try:
        return read_file(path)
    except SafariError as error:
        _fail(str(error))


def _read_position(path: str) -> Position:
    """The position in file ``path`` (``-`` for standard input)."""
    try:
        return Position.from_json(_read_text(path))
    except SafariError as error:
        _fail(f"{path}: {error}")


def _read_source(path: str) -> Any:
    """The position or game record in file ``path`` (``-`` for standard
    input): its text goes to the C position reader as is
    (safari_ai.record.read_source)."""
    from safari_ai.record import read_source

    text = _read_text(path)
    try:
        return read_source(text)
    except SafariError as error:
        _fail(f"{path}: {error}")


def _print_position(pos: Position) -> None:
    click.echo(json.dumps(pos.to_json()))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="safari_ai", prog_name="safari-ai")
def main() -> None:
    """safari-ai: search engine for turtles, zebras, ostrich and arena."""


@main.command(epilog=_rules_help())
@click.argument("game")
@click.option(
    "--rules",
    "rules",
    multiple=True,
    metavar="KEY=VALUE",
    help="A rules option of GAME (listed below); repeat for several (values as "
    "JSON, strings bare).",
)
def new(game: str, rules: tuple[str, ...]) -> None:
    """Print the starting position of GAME as JSON."""
    options = _rules_of(game, rules)
    try:
        _print_position(Position.new(game, options))
    except SafariError as error:
        _fail(str(error))


def _print_described(pos: Position, as_json: bool) -> None:
    """``moves --describe``: one line per move, ``MOVE  TEXT  [PLACES]``, or the JSON list."""
    described = pos.describe_all()
    if as_json:
        click.echo(json.dumps([d.to_json() for d in described]))
        return
    width = max(len(d.move) for d in described)
    for d in described:
        places = f"  [{' '.join(d.places)}]" if d.places else ""
        click.echo(f"{d.move:<{width}}  {d.text}{places}")


@main.command()
@click.argument("position", metavar="POSITION.json")
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
@click.option(
    "--describe",
    is_flag=True,
    help="Each move with what it does, in words, and the board places it touches "
    "(with --json: objects {move, places, text}, as POST /api/describe).",
)
def moves(position: str, as_json: bool, describe: bool) -> None:
    """List the legal moves, or at a chance position the outcomes and probabilities.

    A finished game has none: nothing is printed on standard output and a
    line on standard error says the game is over, with its result (exit 0).

    The notation of each game's moves and chance outcomes, with examples, and
    its position JSON are in docs/games/<game>.md of the repository
    (docs/games/README.md is the index).
    """
    pos = _read_position(position)
    if describe and not pos.is_terminal():
        _print_described(pos, as_json)
        return
    if pos.is_chance():
        outcomes = [(move, f"{p.numerator}/{p.denominator}") for move, p in pos.chance_outcomes()]
        if as_json:
            click.echo(json.dumps([list(pair) for pair in outcomes]))
        for move, p in [] if as_json else outcomes:
            click.echo(f"{move} {p}")
        return
    legal = pos.legal_moves()
    if pos.is_terminal():
        # no move to list (stdout stays the empty list the contract implies); said on stderr
        click.echo(f"the game is over: result {' '.join(str(r) for r in pos.result())}", err=True)
    if as_json:
        click.echo(json.dumps(legal))
    else:
        for move in legal:
            click.echo(move)


@main.command()
@click.argument("position", metavar="POSITION.json")
@click.argument("moves", nargs=-1, metavar="MOVE...")
def apply(position: str, moves: tuple[str, ...]) -> None:
    """Apply moves (or chance outcomes) in order and print the resulting position.

    Moves and outcomes are written as `safari-ai moves` prints them; each
    game's notation is in docs/games/<game>.md of the repository
    (docs/games/README.md is the index).
    """
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
    """Expected results labelled by player: ``p0=0.5060 p1=0.4940``."""
    return " ".join(f"p{player}={value:.4f}" for player, value in enumerate(expected))


def _units_text(pos: Position, algo: str, expected: bool) -> str:
    """One line saying whose view ``score`` takes and what its unit and
    ``expected`` are, for this game and algorithm (from the game's facts:
    an alpha-beta score is in the evaluation's units, docs/games/<game>.md
    "Scores"; proven results are ``win N`` / ``loss N``)."""
    info = pos.facts
    two_sided = info.zero_sum
    if algo == "alphabeta":
        unit = info.units
    elif algo == "mcts" and not info.has_chance:
        unit = "1000 x the mean MCTS value in [-1, 1]"
    elif two_sided:
        unit = "100 x the expected result (+1 win, 0 draw, -1 loss)"
    else:
        unit = "centi-points of the expected final score"
    text = (
        f"units score for player {pos.to_move} (to move), cp = {unit}; "
        "win N / loss N = proven in N plies"
    )
    if expected:
        text += "; " + _expected_units(two_sided)
    return text


def _expected_units(two_sided: bool) -> str:
    """What the ``expected`` (and ``winchance``) numbers of a report are."""
    return (
        "expected pP = player P's win probability (a draw counts 1/2)"
        if two_sided
        else "expected pP = player P's expected final score in points; "
        "winchance pP = player P's chance to win (a tie on top shared)"
    )


def _info_line(report: Report) -> str:
    """A UCI-style progress line."""
    if report.is_chance:
        return (
            f"info depth {report.depth} seldepth {report.seldepth} "
            f"expected {_expected_text(report.expected or [])} nodes {report.nodes} "
            f"nps {report.nps} time {int(report.seconds * 1000)} "
            f"outcomes {report.valued}/{len(report.outcomes)}"
        )
    best = report.lines[0]
    return (
        f"info depth {report.depth} seldepth {report.seldepth} score {best.score_text} "
        f"nodes {report.nodes} nps {report.nps} time {int(report.seconds * 1000)} "
        f"pv {' '.join(best.pv)}"
    )


@main.command()
@click.argument("position", metavar="POSITION.json|RECORD.json")
@_setting_option("depth")
@_setting_option("nodes")
@_setting_option("movetime", metavar="MS")
@_setting_option(
    "multipv",
    default=None,
    show_default=False,
    help="Best lines to report (default 1); at a chance position, the outcome "
    "lines shown (default all).",
)
@_setting_option("threads")
@_setting_option("seed")
@_setting_option("algo")
@_setting_option("hash_mb", "hash_mb")
@_setting_option("leaf")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--quiet", is_flag=True, help="No progress lines on standard error.")
@_setting_option("pruning", help="Expectimax: pruning at chance positions (auto is Star2).")
@_setting_option(
    "multiplayer",
    help="Expectimax, more than two players: max-n (each maximises their own "
    "points) or paranoid (all minimise the mover's); auto: the measured best "
    "for the number of players.",
)
@_setting_option(
    "predictions",
    help="Ostrich: search the tiles as given, or redraw the others' tiles (needs --player).",
)
@_setting_option("player")
@click.option(
    "--samples",
    type=click.IntRange(1, 1000),
    default=8,
    show_default=True,
    help="Ostrich: draws of the hidden tiles with --predictions sampled.",
)
@_setting_option(
    "weights",
    "weights_file",
    metavar="FILE",
    type=str,
    help="Evaluate with this weights file (safari-ai tune; docs/tuning.md).",
)
@_setting_option(
    "level",
    default=None,
    show_default=False,
    help="Game records: the analysis level, a depth per game that does not depend "
    "on the clock (default: default; docs/records.md); a position: search "
    "to that level's depth.",
)
def analyse(
    position: str,
    depth: int | None,
    nodes: int | None,
    movetime: int | None,
    multipv: int | None,
    threads: int,
    seed: int,
    algo: str,
    hash_mb: int,
    leaf: str,
    as_json: bool,
    quiet: bool,
    pruning: str,
    multiplayer: str,
    predictions: str,
    player: int | None,
    samples: int,
    weights_file: str | None,
    level: str | None,
) -> None:
    """Search POSITION.json and print the best move, its score and the principal variation.

    Expectimax and MCTS also print each line's expected results, one per
    player: arena (and turtles, zebras with MCTS) a win probability (a draw
    counting half), ostrich an expected score in points, and then (ostrich)
    every player's chance to win the race, a tie on top shared (winchance).

    The score is for the player to move; a `units` line says what one cp is
    in this game with this algorithm (turtles: an active turtle = 37; zebras:
    a point of score difference = 100; expectimax and the dice games: 100 x
    the expected result, ostrich: centi-points). docs/games/<game>.md of the
    repository explains each game's scores, notation and positions.

    At a chance position (the dice about to be rolled) there is no move to
    choose: expectimax prints every player's expected result of the position
    and a table of the outcomes, most likely first, with exact probabilities
    and each one's expected results (--multipv K: the K most likely only).

    Given a game record (RECORD.json), annotate the whole game instead
    (docs/records.md), in the game's result units (win probability, or
    expected points in the ostrich race), by default at the level "default"
    (a depth per game, cut by a node count in the race: the same verdicts on
    any machine, busy or idle; --level quick / thorough, or --depth /
    --nodes / --movetime; quick is a fast look that cannot rate play
    stronger than its own search): for each
    move the engine's best move, its value, the played move's value (in the
    same search) and the error (best minus played, classed doubtful / bad /
    very bad); for each roll the luck of
    every player (value after the roll minus the expected value before it);
    then a summary per player. Plies marked "opening" are charged to nobody.
    """
    source = _read_source(position)
    if not isinstance(source, Position):
        if weights_file is not None:
            _fail("--weights: applies to a position, not to a game record")
        _annotate_record(
            position,
            source,
            depth,
            nodes,
            movetime,
            seed,
            algo,
            as_json,
            quiet,
            threads,
            hash_mb,
            level,
        )
        return
    if level is not None:
        depth, nodes = _level_limits(source, level, depth, nodes, movetime)
    pos = source if weights_file is None else _with_weights_file(source, weights_file)
    progress = None if quiet else (lambda report: click.echo(_info_line(report), err=True))
    chance = pos.is_chance()
    try:  # the one Settings of this search, passed down as it is (its Limits to C)
        limits = Limits(
            depth=depth,
            nodes=nodes,
            movetime=movetime,
            seed=seed,
            multipv=1 if chance or multipv is None else multipv,
            threads=threads,
            hash_mb=hash_mb,
        )
        report = run_analysis(
            pos,
            Settings(
                limits,
                algo=algo,
                leaf=leaf,
                pruning=pruning,
                multiplayer=multiplayer,
                predictions=predictions,
                player=player,
                samples=samples,
            ),
            progress=progress,
        )
    except SafariError as error:
        _fail(str(error))
    if chance:
        _print_chance(pos, report, multipv, as_json)
    else:
        _print_report(pos, report, as_json)


def _level_limits(
    pos: Position, level: str, depth: int | None, nodes: int | None, movetime: int | None
) -> tuple[int, int | None]:
    """The depth and node limit (None: none) of analysis ``level`` at ``pos``
    (``annotate.LEVELS``); exits when limits are given too."""
    from safari_ai.annotate import level_limits

    if depth is not None or nodes is not None or movetime is not None:
        _fail("--level: give a level or --depth/--nodes/--movetime, not both")
    found = level_limits(pos.game, level, pos.is_chance())
    return found["depth"], found.get("nodes")


def _print_report(pos: Position, report: Report, as_json: bool) -> None:
    """A decision position's report, as ``analyse`` prints it (one JSON object with ``--json``)."""
    if as_json:
        click.echo(json.dumps(report.to_json()))
        return
    click.echo(f"bestmove {report.best_move}")
    click.echo(f"score {report.lines[0].score_text}")
    click.echo(f"pv {' '.join(report.pv)}")
    if report.win_probability is not None:
        click.echo(f"winprob {report.win_probability:.4f}")
    if report.lines[0].expected:
        click.echo(f"expected {_expected_text(report.lines[0].expected)}")
    if report.win_chances is not None:
        click.echo(f"winchance {_expected_text(report.win_chances)}")
    click.echo(_units_text(pos, report.algo, bool(report.lines[0].expected)))
    for number, line in enumerate(report.lines[1:], start=2):
        expected = f" expected {_expected_text(line.expected)}" if line.expected else ""
        click.echo(f"multipv {number} score {line.score_text}{expected} pv {' '.join(line.pv)}")
    if "predictions" in report.extra:
        click.echo(
            f"predictions {report.extra['predictions']} "
            f"samples {report.extra.get('samples')} player {report.extra.get('player')}"
        )
    click.echo(
        f"depth {report.depth} nodes {report.nodes} nps {report.nps} "
        f"time {report.seconds:.3f} algo {report.algo} threads {report.threads}"
    )


def _print_chance(pos: Position, report: Report, shown: int | None, as_json: bool) -> None:
    """A chance position's report: the expected results, then the outcomes
    (the `shown` most likely, default all)."""
    outcomes = report.outcomes[:shown] if shown is not None else report.outcomes
    if as_json:
        data = report.to_json()
        data["outcomes"] = [o.to_json() for o in outcomes]
        click.echo(json.dumps(data))
        return
    click.echo("bestmove (none): a chance position, the dice decide")
    click.echo(f"expected {_expected_text(report.expected or [])}")
    if report.win_chances is not None:
        click.echo(f"winchance {_expected_text(report.win_chances)}")
    width = max([len("outcome")] + [len(o.outcome) for o in outcomes])
    pwidth = max([len("probability")] + [len(str(o.probability)) for o in outcomes])
    players = len(report.expected or [])
    heads = " ".join(f"{'player ' + str(p):>8}" for p in range(players))
    click.echo(f"{'outcome':<{width}}  {'probability':>{pwidth}}  {heads}  best after")
    for o in outcomes:
        values = (
            " ".join(f"{v:8.4f}" for v in o.expected)
            if o.expected is not None
            else " ".join(f"{'-':>8}" for _ in range(players))
        )
        click.echo(
            f"{o.outcome:<{width}}  {str(o.probability):>{pwidth}}  {values}  "
            f"{o.best or ''}".rstrip()
        )
    if len(outcomes) < len(report.outcomes):
        click.echo(
            f"... {len(report.outcomes) - len(outcomes)} less likely outcomes not shown (--multipv)"
        )
    if report.valued < len(report.outcomes):
        click.echo(
            f"estimate: {report.valued} of {len(report.outcomes)} outcomes valued "
            f"before the limit (a seeded uniform sample; '-' not valued)"
        )
    click.echo(
        f"units a chance position, the dice decide; {_expected_units(pos.facts.zero_sum)}"
        "; each outcome's columns: the same after it; best after = the best move "
        "after it (none when nobody chooses there)"
    )
    click.echo(
        f"depth {report.depth} nodes {report.nodes} nps {report.nps} "
        f"time {report.seconds:.3f} algo {report.algo} threads {report.threads}"
    )


def _result_line(result: Any) -> str:
    """A record's ``result`` as the text commands print it (``result [1, -1]``;
    ``result (none)`` for a record that gives none, not ``result None``)."""
    return "result (none)" if result is None else f"result {result}"


def _with_weights_file(pos: Position, path: str) -> Position:
    """``pos`` evaluating with the weights file at ``path`` (exits naming the problem)."""
    from safari_ai.weights import EvalWeights

    try:
        return pos.with_weights(EvalWeights.load(path))
    except SafariError as error:
        _fail(f"--weights: {error}")


def _annotate_record(
    path: str,
    record: Any,
    depth: int | None,
    nodes: int | None,
    movetime: int | None,
    seed: int,
    algo: str,
    as_json: bool,
    quiet: bool,
    threads: int = 1,
    hash_mb: int = 16,
    level: str | None = None,
) -> None:
    from safari_ai.annotate import annotate, format_report

    limits = {
        k: v
        for k, v in (("depth", depth), ("nodes", nodes), ("movetime", movetime))
        if v is not None
    }
    if limits and level is not None:
        _fail("--level: give a level or --depth/--nodes/--movetime, not both")
    bar = None if quiet else _ProgressBar("analysing")
    try:
        result = annotate(
            record,
            limits or None,
            algo=algo,
            seed=seed,
            threads=threads,
            hash_mb=hash_mb,
            progress=None if bar is None else bar.update,
            level=level,
        )
    except SafariError as error:
        if bar is not None:
            bar.close()
        _fail(f"{path}: {error}")
    if bar is not None:
        bar.close()
    if as_json:
        click.echo(json.dumps(result.to_json()))
        return
    for line in format_report(result):
        click.echo(line)
    click.echo(_result_line(record.result))


class _ProgressBar:
    """A progress bar on standard error, drawn only once a second has passed."""

    def __init__(self, label: str, after: float = 1.0) -> None:
        self.label = label
        self.started = time.monotonic()
        self.after = after
        self.drawn = False

    def update(self, done: int, total: int) -> None:
        elapsed = time.monotonic() - self.started
        if elapsed < self.after:
            return
        width = 30
        filled = width * done // max(total, 1)
        click.echo(
            f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] "
            f"{done}/{total} positions {elapsed:.0f} s",
            err=True,
            nl=False,
        )
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            click.echo("", err=True)


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


@main.command()
def engine() -> None:
    """Speak the engine protocol (docs/protocol.md) on standard input and output."""
    from safari_ai.protocol import Engine

    lock = threading.Lock()

    def emit(line: str) -> None:
        with lock:
            try:
                sys.stdout.write(line + "\n")
                sys.stdout.flush()
            except (BrokenPipeError, ValueError):
                pass  # the frontend went away; the loop ends at end of input

    core = Engine(emit=emit)
    for raw in sys.stdin.buffer:
        for line in core.feed(raw.decode("utf-8", errors="replace")):
            emit(line)
        if core.finished:
            break
    for line in core.end_of_input():
        emit(line)


def _check_engine_starts(letter: str, spec: Any) -> None:
    """Engine ``letter`` of a match, when given by ``cmd=``, started once, its
    handshake and options read, and quit: one that cannot start stops the
    match before it begins (a one-line error, exit 1), as fastchess and
    cutechess do; a crash in the middle of the match is a forfeit."""
    from safari_ai.engine_client import EngineClient, EngineError

    if not spec.cmd:
        return
    try:
        client = EngineClient(spec.cmd, cwd=spec.cwd, timeout=spec.timeout)
    except EngineError as error:
        _fail(f"engine {letter}: {error}")
    try:
        client.handshake()
        for name, value in spec.options.items():
            client.set_option(name, value)
        client.isready()
    except EngineError as error:
        client.close(timeout=1.0)
        _fail(f"engine {letter}: {error}")
    client.quit(timeout=5.0)


@main.command()
@click.argument("source", metavar="POSITION.json|RECORD.json")
@click.option(
    "-o",
    "--output",
    default="-",
    show_default=True,
    metavar="FILE.svg",
    help="Where to write the SVG ('-': standard output).",
)
@click.option(
    "--last-move",
    metavar="MOVE",
    help="Mark this move (the one that led here): with a record, a legal move of "
    "the position before; else a move in the game's notation.",
)
@click.option(
    "--ply",
    type=click.IntRange(0),
    metavar="N",
    help="For a record: draw the position after N plies (default: the last).",
)
def render(source: str, output: str, last_move: str | None, ply: int | None) -> None:
    """Draw a position (or a game record's position) as an SVG picture."""
    from safari_ai.render import RenderError
    from safari_ai.render import render as draw
    from safari_ai.render.last_move import check_last_move

    data = _read_source(source)
    previous = None
    if not isinstance(data, Position):
        record = data
        try:
            positions = record.replay()
        except SafariError as error:
            _fail(f"{source}: {error}")
        if ply is not None and ply > len(record.moves):
            raise click.BadParameter(
                f"{ply} is past the end of the record, which has "
                f"{len(record.moves)} plies (0-{len(record.moves)})",
                param_hint="--ply",
            )
        index = len(record.moves) if ply is None else ply
        data = positions[index]
        previous = positions[index - 1] if index > 0 else None
        if last_move is None and index > 0:
            last_move = record.moves[index - 1]["move"]
    elif ply is not None:
        _fail("--ply needs a game record")
    if last_move is not None:
        try:
            check_last_move(data, last_move, previous)
        except SafariError as error:
            raise click.BadParameter(str(error), param_hint="--last-move") from None
    try:
        svg = draw(data, last_move)
    except RenderError as error:
        _fail(f"{source}: {error}")
    if output == "-":
        click.echo(svg, nl=False)
    else:
        try:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(svg)
        except OSError as error:
            _fail(f"cannot write {output}: {error}")
        click.echo(f"wrote {output}", err=True)


# -- batch analysis: the multi-input form of ``analyse`` (safari_ai/batch.py) --

_BATCH_SEARCH_OPTIONS = (
    "algo",
    "seed",
    "multipv",
    "hash_mb",
    "leaf",
    "pruning",
    "multiplayer",
    "predictions",
    "player",
    "samples",
    "threads",
)


def _analyse_batch(
    inputs: tuple[str, ...],
    out: str,
    backend: str,
    workers: int | None,
    address: str | None,
    options: dict[str, Any],
) -> None:
    """``analyse DIR_OR_FILES... --out OUTDIR``: one JSON file per input in OUTDIR."""
    from safari_ai.batch import BatchError, run_batch
    from safari_ai.match import BackendError, make_backend

    limits = {k: options[k] for k in ("depth", "nodes", "movetime") if options.get(k) is not None}
    if limits and options.get("level") is not None:
        _fail("--level: give a level or --depth/--nodes/--movetime, not both")
    settings = {
        "limits": limits,
        **{k: options[k] for k in _BATCH_SEARCH_OPTIONS if k in options and options[k] is not None},
    }
    if not limits:
        settings["level"] = options.get("level") or "default"
    if settings.get("threads") == 1:
        del settings["threads"]
    quiet = bool(options.get("quiet"))
    try:
        runner = make_backend(backend, workers, address)
    except BackendError as error:
        _fail(str(error))
    bar: Any = None

    def start(count: int) -> None:
        nonlocal bar
        if not quiet and count:
            bar = click.progressbar(length=count, label="analyse", file=sys.stderr, show_pos=True)
            bar.__enter__()

    def done(name: str, error: str | None) -> None:
        if error is not None:
            click.echo(f"\nerror: {name}: {error}", err=True)
        if bar is not None:
            bar.update(1)

    try:
        summary = run_batch(inputs, out, settings, runner, on_done=done, on_start=start)
    except KeyboardInterrupt:
        click.echo(
            f"\ninterrupted: the finished analyses are in {out}; the same command "
            "goes on with the rest",
            err=True,
        )
        sys.exit(130)
    except (BatchError, BackendError) as error:
        _fail(str(error))
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
        runner.close()
    _print_batch(summary, out, bool(options.get("as_json")))


def _print_batch(summary: Any, out: str, as_json: bool) -> None:
    """The batch's counts and per-player figures; exit 1 when an input failed."""
    if as_json:
        click.echo(
            json.dumps(
                {
                    "out": out,
                    "written": len(summary.written),
                    "skipped": len(summary.skipped),
                    "failed": summary.failed,
                    "players": summary.players(),
                }
            )
        )
    else:
        click.echo(
            f"{len(summary.written)} analysed, {len(summary.skipped)} done before, "
            f"{len(summary.failed)} failed; output in {out}"
        )
        for player, row in sorted(summary.players().items()):
            figures = ", ".join(f"{key.replace('_', ' ')} {value:g}" for key, value in row.items())
            click.echo(f"player {player}: {figures}")
    if summary.failed:
        sys.exit(1)


def _add_batch_form(command: click.Command) -> None:
    """Gives ``analyse`` its batch form: several inputs (files or directories)
    with ``--out OUTDIR`` (``--backend``, ``--workers``, ``--address``); one
    input without ``--out`` is the single analysis, unchanged."""
    single = command.callback
    assert single is not None
    for index, param in enumerate(command.params):
        if param.name == "position":
            command.params[index] = click.Argument(
                ["position"], nargs=-1, required=True, metavar="POSITION.json|RECORD.json|DIR..."
            )
    command.params += [
        click.Option(
            ["--out"],
            metavar="OUTDIR",
            help="Batch analysis: one JSON file per input (files, or directories of "
            "*.json) in OUTDIR; inputs already there are skipped (docs/cluster.md).",
        ),
        click.Option(
            ["--backend"],
            type=click.Choice(["processes", "ray"]),
            default="processes",
            show_default=True,
            help="With --out: where the analyses run.",
        ),
        click.Option(
            ["--workers"],
            type=click.IntRange(1, 4096),
            help="With --out: analyses at a time (processes: default 1; Ray: the cluster's CPUs).",
        ),
        click.Option(
            ["--address"],
            metavar="ADDR",
            help="With --out --backend ray: the Ray cluster's address.",
        ),
    ]

    def callback(
        position: tuple[str, ...],
        out: str | None,
        backend: str,
        workers: int | None,
        address: str | None,
        **options: Any,
    ) -> None:
        if out is not None:
            if address is not None and backend != "ray":
                raise click.BadParameter("needs --backend ray", param_hint="--address")
            _analyse_batch(position, out, backend, workers, address, options)
            return
        if len(position) != 1:
            raise click.UsageError("several inputs need --out OUTDIR (batch analysis)")
        if backend != "processes" or workers is not None or address is not None:
            raise click.UsageError("--backend, --workers and --address need --out OUTDIR")
        single(position=position[0], **options)

    command.callback = callback


_add_batch_form(analyse)


def _hypotheses(text: str, form: str, option: str) -> tuple[float, float]:
    """The two hypotheses of a GSPRT, ``H0,H1`` (``--sprt`` in Elo, ``--sprt-margin``
    in points): finite numbers, the first below the second."""
    try:
        low, high = (float(x) for x in text.split(","))
    except ValueError:
        raise click.BadParameter(f"{text!r} is not {form}", param_hint=option) from None
    first, second = form.split(",")
    if not (math.isfinite(low) and math.isfinite(high) and low < high):
        raise click.BadParameter(
            f"{first} must be below {second}, both finite, got {text!r}", param_hint=option
        )
    return low, high


def _match_plan(
    game: str,
    spec_a: str,
    spec_b: str,
    movetime: int | None,
    backend: str,
    address: str | None,
    sprt: str | None,
    duplicate: bool,
    sprt_margin: str | None,
    rules: tuple[str, ...],
    records_dir: str,
) -> tuple[Any, dict[str, Any]]:
    """The match's :class:`~safari_ai.match.MatchPlan` and rules options, every
    spec and option checked (engines given by ``cmd=`` started once) before
    anything is printed."""
    from safari_ai.match import MatchPlan, parse_spec

    try:
        a, b = parse_spec(spec_a, movetime), parse_spec(spec_b, movetime)
    except ValueError as error:
        raise click.BadParameter(str(error)) from None
    if address is not None and backend != "ray":
        raise click.BadParameter("needs --backend ray", param_hint="--address")
    for letter, spec in (("A", a), ("B", b)):
        _check_engine_starts(letter, spec)
    bounds = None if sprt is None else _hypotheses(sprt, "ELO0,ELO1", "--sprt")
    options = _rules_of(game, rules)
    try:
        seats = Position.new(game, options).num_players
    except SafariError as error:
        _fail(str(error))
    if bounds is not None and seats > 2:
        raise click.BadParameter(
            f"no Elo (so no SPRT) in a race of {seats} players", param_hint="--sprt"
        )
    margin_bounds = None
    if sprt_margin is not None:
        if not duplicate:
            raise click.BadParameter("needs --duplicate", param_hint="--sprt-margin")
        margin_bounds = _hypotheses(sprt_margin, "M0,M1", "--sprt-margin")
    return MatchPlan(
        game, a, b, seats, duplicate, bounds, margin_bounds, backend, records_dir
    ), options


def _play_match(
    plan: Any,
    jobs: list[Any],
    finished: list[Any],
    workers: int | None,
    address: str | None,
    no_progress: bool,
) -> Any:
    """Plays the jobs on the plan's backend with a progress bar (unless
    ``no_progress``), each game's record saved as it ends; Ctrl-C exits 130
    saying how to resume. Returns the :class:`~safari_ai.match.MatchSummary`."""
    import os

    from safari_ai.match import BackendError, make_backend, record_name, run_match, save_json

    played: list[Any] = []
    names = {(job.pair, job.colour): record_name(job) for job in jobs}

    def save(outcome: Any) -> None:
        name = names[outcome.pair, outcome.colour]
        save_json(os.path.join(plan.records, name), outcome.record)
        played.append(outcome)
        if outcome.forfeit is not None:
            click.echo(f"\nforfeit: {name}: {outcome.record['termination']}", err=True)

    try:
        runner = make_backend(plan.backend, workers, address)
    except BackendError as error:
        _fail(str(error))
    stop = plan.stop_rule()
    try:
        if no_progress:
            return run_match(jobs, on_game=save, finished=finished, backend=runner, stop=stop)
        with click.progressbar(
            length=len(jobs),
            label=f"{plan.game} {plan.a.label()} vs {plan.b.label()}",
            file=sys.stderr,
            show_pos=True,
        ) as bar:

            def step(outcome: Any) -> None:
                save(outcome)
                bar.update(1)

            return run_match(jobs, on_game=step, finished=finished, backend=runner, stop=stop)
    except KeyboardInterrupt:
        click.echo(
            f"\ninterrupted: {len(finished) + len(played)} finished games are in "
            f"{plan.records}; the same command with --resume plays the rest",
            err=True,
        )
        sys.exit(130)
    except SafariError as error:
        _fail(str(error))
    finally:
        runner.close()


@main.command(epilog=_rules_help())
@click.argument("game")
@click.option(
    "-a",
    "--engine-a",
    "spec_a",
    default="algo=auto",
    show_default=True,
    metavar="SPEC",
    help="Player A: KEY=VALUE,... (algo, depth, nodes, movetime, hash, "
    "leaf, reuse, name, cwd, timeout, opt.NAME, cmd=COMMAND LINE last).",
)
@click.option(
    "-b",
    "--engine-b",
    "spec_b",
    default="algo=mcts",
    show_default=True,
    metavar="SPEC",
    help="Player B, as for -a.",
)
@click.option(
    "--movetime",
    type=click.IntRange(1, 2**31 - 1),
    metavar="MS",
    help="Milliseconds a move for each engine player whose SPEC sets no limit "
    "(depth=, nodes=, movetime=); default 100.",
)
@click.option(
    "--games",
    type=click.IntRange(1),
    default=20,
    show_default=True,
    help="Games (an odd last game has no colour-swapped twin).",
)
@click.option(
    "--workers",
    type=click.IntRange(1, 4096),
    default=None,
    help="Games at a time: processes (default 1), or Ray tasks in flight "
    "(default: the cluster's CPUs).",
)
@click.option(
    "--backend",
    type=click.Choice(["processes", "ray"]),
    default="processes",
    show_default=True,
    help="Where the games run: this machine's processes, or Ray (docs/cluster.md).",
)
@click.option(
    "--address",
    metavar="ADDR",
    help="--backend ray: the cluster (Ray's address: "
    "HOST:PORT, ray://HOST:10001, auto); default: start a local Ray.",
)
@click.option(
    "--seed",
    type=click.IntRange(0),
    default=1,
    show_default=True,
    help="Seeds openings, dice and the engines' random choices.",
)
@click.option(
    "--opening-plies",
    type=click.IntRange(0, 50),
    default=2,
    show_default=True,
    help="Random plies before the players take over (the same for both colours).",
)
@click.option(
    "--rules",
    "rules",
    multiple=True,
    metavar="KEY=VALUE",
    help="A rules option of GAME (listed below); repeat for several.",
)
@click.option(
    "--sprt",
    metavar="ELO0,ELO1",
    help="GSPRT on the colour-swapped pairs (alpha = beta = 0.05): stop the match at a verdict.",
)
@click.option(
    "--duplicate",
    is_flag=True,
    help="Play every seat rotation of each deal (opening "
    "and dice) on common dice, N games a deal for N players, and count A's margin "
    "per deal (docs/strength.md).",
)
@click.option(
    "--sprt-margin",
    metavar="M0,M1",
    help="--duplicate: GSPRT over deals on A's "
    "margin per deal, H0 mean M0 against H1 mean M1 points (alpha = beta = 0.05): "
    "stop the match at a verdict.",
)
@click.option(
    "--records",
    "records_dir",
    default="match-records",
    show_default=True,
    metavar="DIR",
    help="Directory for one game record per game.",
)
@click.option(
    "--resume",
    is_flag=True,
    help="Count the games whose records in --records DIR were played with the same "
    "players, seed and opening, and play only the others.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
def match(
    game: str,
    spec_a: str,
    spec_b: str,
    movetime: int | None,
    games: int,
    workers: int | None,
    backend: str,
    address: str | None,
    seed: int,
    opening_plies: int,
    rules: tuple[str, ...],
    sprt: str | None,
    duplicate: bool,
    sprt_margin: str | None,
    records_dir: str,
    resume: bool,
    as_json: bool,
    no_progress: bool,
) -> None:
    """Play engine A against engine B over GAME: W/D/L, Elo, SPRT, game records.

    Games come in colour-swapped pairs on seeded openings (--duplicate: every
    seat rotation of a deal on common dice). An engine given by
    cmd= that cannot start, exits or stays silent forfeits that game (a loss,
    said on standard error and in its record). Ctrl-C stops the match: the
    finished games stay in --records and --resume plays the rest. DIR/match-runs.jsonl
    records the settings, both builds and the load average; one player in this
    process against a protocol engine is warned about (not symmetric).
    """
    import os

    from safari_ai.match import MatchRuns, make_jobs, match_info, resume_jobs

    plan, options = _match_plan(
        game,
        spec_a,
        spec_b,
        movetime,
        backend,
        address,
        sprt,
        duplicate,
        sprt_margin,
        rules,
        records_dir,
    )
    jobs = make_jobs(
        game,
        options,
        plan.a,
        plan.b,
        games,
        seed,
        opening_plies,
        duplicate=plan.seats if duplicate else 0,
    )
    try:
        os.makedirs(records_dir, exist_ok=True)
    except OSError as error:
        _fail(f"cannot create {records_dir}: {error}")
    if plan.warning is not None:
        click.echo(f"WARNING: {plan.warning}", err=True)
    settings = {
        "command": sys.argv, "rules": options, "players": plan.seats, "games": len(jobs),
        "seed": seed, "opening_plies": opening_plies, "movetime": movetime,
        "duplicate": duplicate, "sprt": sprt, "sprt_margin": sprt_margin,
        "backend": backend, "workers": workers, "resume": resume,
    }  # fmt: skip
    runs = MatchRuns(records_dir, match_info(game, plan.a, plan.b, settings), resume)
    finished, jobs = resume_jobs(jobs, records_dir) if resume else ([], jobs)
    summary = _play_match(plan, jobs, finished, workers, address, no_progress)
    runs.finish(summary)
    if as_json:
        click.echo(json.dumps(summary.to_json(plan)))
        return
    for line in summary.text(plan):
        click.echo(line)


@main.command()
@click.argument("record_path", metavar="RECORD.json")
@click.option("--json", "as_json", is_flag=True, help="Print the final position as JSON only.")
def replay(record_path: str, as_json: bool) -> None:
    """Replay a game record: check every move and print them with the final position."""
    from safari_ai.record import GameRecord, RecordError

    try:
        record = GameRecord.from_text(_read_text(record_path))
        positions = record.replay()
    except RecordError as error:
        _fail(f"{record_path}: {error}")
    if not as_json:
        for entry in record.moves:
            click.echo(f"{entry['ply']:4d} {str(entry['by']):>6} {entry['move']}")
        click.echo(_result_line(record.result))
    _print_position(positions[-1])


@main.command(epilog=_rules_help())
@click.argument("game")
@click.option(
    "--side",
    default="0",
    show_default=True,
    metavar="N|all|none",
    help="Your seat (0 moves first); 'all' plays every seat, 'none' watches the engine.",
)
@click.option(
    "--movetime",
    type=_limit_range("movetime"),
    metavar="MS",
    help="The engine's time per move (default 1000 ms when no limit is given).",
)
@click.option("--depth", type=_limit_range("depth"), help="The engine's depth per move.")
@click.option("--nodes", type=_limit_range("nodes"), help="The engine's nodes per move.")
@_setting_option("algo")
@click.option(
    "--rules",
    "rules",
    multiple=True,
    metavar="KEY=VALUE",
    help="A rules option of GAME (listed below); repeat for several.",
)
@click.option(
    "--dice",
    type=click.Choice(["auto", "manual"]),
    default="auto",
    show_default=True,
    help="auto: the program rolls (seeded by --seed); manual: you type each outcome.",
)
@click.option(
    "--seed", type=_limit_range("seed"), default=None, help="Seeds the dice and the engine."
)
@click.option("--start", "start_file", metavar="POSITION.json", help="Start from this position.")
@click.option(
    "--record",
    "record_path",
    metavar="FILE",
    help="Where to write the game record (default: GAME-DATE.json here).",
)
@click.option("--no-record", is_flag=True, help="Write no game record.")
@click.option(
    "--color/--no-color",
    "colour",
    default=None,
    help="Colour (default: on a terminal unless NO_COLOR is set).",
)
@click.option("--quiet", is_flag=True, help="Do not show the engine's thinking.")
def play(
    game: str,
    side: str,
    movetime: int | None,
    depth: int | None,
    nodes: int | None,
    algo: str,
    rules: tuple[str, ...],
    dice: str,
    seed: int | None,
    start_file: str | None,
    record_path: str | None,
    no_record: bool,
    colour: bool | None,
    quiet: bool,
) -> None:
    """Play GAME against the engine in the terminal ('help' at the prompt)."""
    from safari_ai.play import PlaySession
    from safari_ai.textboard import use_colour

    options = _rules_of(game, rules)
    try:
        start = _read_position(start_file) if start_file else Position.new(game, options)
    except SafariError as error:
        _fail(str(error))
    if start.game != game:
        _fail(f"{start_file} is a {start.game} position, not {game}")
    human = _human_seats(side, start)
    limits = {
        k: v
        for k, v in (("movetime", movetime), ("depth", depth), ("nodes", nodes))
        if v is not None
    } or {"movetime": 1000}
    stdin = sys.stdin
    echo_input = not (hasattr(stdin, "isatty") and stdin.isatty())

    def read_line() -> str:
        line = stdin.readline()
        if echo_input:  # a transcript when the moves come from a file or a pipe
            click.echo(line.rstrip("\n") if line else "")
        return line

    painted = use_colour(sys.stdout, colour)
    session = PlaySession(
        start,
        human=human,
        read_line=read_line,
        write=lambda text: click.echo(text, color=painted),
        colour=painted,
        dice=dice,
        seed=seed,
        limits=limits,
        algo=algo,
        show_thinking=not quiet,
        prompt=lambda text: click.echo(text, nl=False),
    )
    click.echo(f"{game}: you play {side}; type 'help' for the legal moves")
    try:
        record = session.run()
    except KeyboardInterrupt:
        record = session.record
        record.termination = "interrupted"
    if not no_record:
        _save_game_record(record, record_path, game)


KEEP_ALIVE_S = 5
"""Seconds an idle kept-alive connection of ``serve`` stays open."""
MAX_OPEN_CONNECTIONS = 1000
"""Connections and requests ``serve`` holds at once; more are answered 503."""


@main.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to bind (the default serves this machine only).",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="Port (0: any free port).",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a web browser.")
@click.option(
    "--max-movetime",
    type=click.IntRange(1, 3_600_000),
    default=10000,
    show_default=True,
    metavar="MS",
    help="Every search (HTTP or WebSocket) stops after this many milliseconds.",
)
@click.option(
    "--workers",
    type=click.IntRange(1, 256),
    default=None,
    metavar="N",
    help="Searches that run at once (default: the number of cores); more wait.",
)
@click.option(
    "--allow-origin",
    "allow_origins",
    multiple=True,
    metavar="ORIGIN",
    help="Also let pages of ORIGIN (e.g. https://gui.example:8443) use the server; repeatable.",
)
@click.option(
    "--allow-host",
    "allow_hosts",
    multiple=True,
    metavar="NAME",
    help="Also answer to this host name (besides loopback names and IP addresses); repeatable.",
)
@click.option(
    "--token",
    default=None,
    metavar="TEXT",
    help="Require this token on every API request (default: none on loopback, "
    "a random one printed at start when bound beyond it).",
)
def serve(
    host: str,
    port: int,
    open_browser: bool,
    max_movetime: int,
    workers: int | None,
    allow_origins: tuple[str, ...],
    allow_hosts: tuple[str, ...],
    token: str | None,
) -> None:
    """Serve the web page and the HTTP/WebSocket API (docs/web.md).

    Only the server's own page (and --allow-origin pages) may use it; bound
    beyond loopback (--host 0.0.0.0) it requires a token, printed in its URL.
    Needs the extra 'web': pip install 'safari_ai[web]'.
    """
    import ipaddress
    import secrets

    try:
        import uvicorn

        from safari_ai.web.app import ServerConfig, create_app
        from safari_ai.web.guard import guarded_h11
    except ImportError as error:
        _fail(f"serve needs the web extra (pip install 'safari_ai[web]'): {error}")
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if token is None and not loopback:
        token = secrets.token_urlsafe(24)
    if token is not None and not token.strip():
        _fail("--token: must not be empty")
    config = ServerConfig(
        max_movetime_ms=max_movetime,
        host=host,
        allow_hosts=allow_hosts,
        allow_origins=allow_origins,
        token=token,
    )
    if workers is not None:
        config.workers = workers
    sock = _listen(host, port)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{bound}/"
    if token is not None:
        from urllib.parse import quote

        url += f"?token={quote(token, safe='')}"
    click.echo(f"safari-ai serving {url} (Ctrl-C stops)")
    if not loopback:
        click.echo(
            f"listening beyond this machine ({host}): every API request needs the "
            "token in the URL above (or the header X-Safari-Token)"
        )
    sys.stdout.flush()
    if open_browser:
        import webbrowser

        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(config),
            log_level="warning",
            ws_max_size=config.max_body_bytes,
            http=guarded_h11(config.read_timeout_s, config.connections_per_client),
            timeout_keep_alive=KEEP_ALIVE_S,
            limit_concurrency=MAX_OPEN_CONNECTIONS,
        )
    )
    server.run(sockets=[sock])


def _listen(host: str, port: int) -> Any:
    """A socket bound to ``host:port`` and listening (exits naming the address
    when it cannot be): listening before the URL is printed, a client that
    connects at once (a test, a script) waits in the backlog until uvicorn
    accepts, instead of being refused while the app and the server start up."""
    import socket

    try:
        sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        # accepted connections inherit it: no Nagle wait between a response's head and body
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except (OSError, OverflowError) as error:
        _fail(f"cannot listen on {host}:{port}: {error}")
    return sock


@main.command("export-site")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--wasm",
    "wasm_path",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    help="The WebAssembly module (default: the installed package's, or "
    "csrc/build-wasm/safari.wasm).",
)
def export_site(directory: Path, wasm_path: Path | None) -> None:
    """Write the static site to DIRECTORY: the JavaScript engine (the C core as
    WebAssembly) for any static file server, no safari-ai serve behind it
    (docs/web.md, "The engine in the browser").

    Needs the module (make -C csrc wasm) and the extra 'web'.
    """
    try:
        from safari_ai.web.site import SiteError
        from safari_ai.web.site import export_site as write_site
    except ImportError as error:
        _fail(f"export-site needs the web extra (pip install 'safari_ai[web]'): {error}")
    try:
        written = write_site(directory, wasm_path)
    except SiteError as error:
        _fail(str(error))
    click.echo(
        f"wrote {len(written)} files to {directory}; try: "
        f"python3 -m http.server -d {directory} 8001"
    )


class _FiniteFloat(click.FloatRange):
    """A ``click.FloatRange`` that also refuses ``nan`` and ``inf`` (which pass
    every comparison or bound of the plain range)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number.", param, ctx)
        return number


@main.command()
@click.argument("game")
@click.option(
    "--records",
    "records_dir",
    required=True,
    metavar="DIR",
    help="Game records to learn from (safari-ai match --records DIR), searched recursively.",
)
@click.option("--out", "out_path", metavar="FILE", help="Write the fitted weights file here.")
@click.option(
    "--start",
    "start_path",
    metavar="FILE",
    help="Starting weights file (default: the compiled-in weights).",
)
@click.option(
    "--holdout",
    type=_FiniteFloat(0.01, 0.99),
    default=0.2,
    show_default=True,
    help="Share of the games held out to measure the fit.",
)
@click.option(
    "--l2",
    type=_FiniteFloat(0.0),
    default=1e-3,
    show_default=True,
    help="L2 regularisation of the weights (in units of the logistic's input).",
)
@click.option(
    "--every",
    type=click.IntRange(1),
    default=1,
    show_default=True,
    help="Sample every N-th position of each game.",
)
@click.option(
    "--skip-plies",
    type=click.IntRange(0),
    default=0,
    show_default=True,
    help="Plies to skip at the start of each game (besides the opening).",
)
@click.option(
    "--seed", type=click.IntRange(0), default=1, show_default=True, help="Seeds the held-out split."
)
@click.option(
    "--svg",
    "svg_path",
    metavar="FILE.svg",
    help="Write the reliability diagram of the search scores' win probability.",
)
@click.option(
    "--hold",
    "hold",
    metavar="NAME[,NAME...]",
    default="",
    help="Keep these features' weights at their starting values (fit the others "
    "and the scale with them).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the measurements as JSON.")
def tune(
    game: str,
    records_dir: str,
    out_path: str | None,
    start_path: str | None,
    holdout: float,
    l2: float,
    every: int,
    skip_plies: int,
    seed: int,
    svg_path: str | None,
    hold: str,
    as_json: bool,
) -> None:
    """Fit GAME's evaluation weights to the results of game records (Texel's method;
    in the ostrich race, least squares on each player's final points).

    Samples the decision positions of the finished records, labels each with
    the game's final result, fits the weights by logistic regression on the
    result (Newton's method, L2, a held-out share of the games), and prints the
    held-out log-loss before and after. It also fits the win-probability scale
    K of the records' search scores and prints its calibration on the held-out
    games. --out writes a weights file for analyse --weights, match specs
    weights=FILE and the protocol's Weights option.
    """
    from safari_ai.tune import reliability_svg, sample_records
    from safari_ai.tune import tune as run_tune
    from safari_ai.weights import EvalWeights

    try:
        start = EvalWeights.load(start_path) if start_path else EvalWeights.default(game)
        if start.game != game:
            _fail(f"--start: the weights are for {start.game}, not {game}")
        samples = sample_records(game, records_dir, every=every, skip_plies=skip_plies)
        held = [name.strip() for name in hold.split(",") if name.strip()]
        result = run_tune(samples, start=start, holdout=holdout, l2=l2, seed=seed, hold=held)
    except SafariError as error:
        _fail(str(error))
    if out_path:
        try:
            result.after.save(out_path)
        except OSError as error:
            _fail(f"--out: cannot write {out_path}: {error}")
    if svg_path and result.search_calibration is not None:
        try:
            Path(svg_path).write_text(
                reliability_svg(
                    {game: result.search_calibration}, f"{game}: search scores, held-out games"
                ),
                encoding="utf-8",
            )
        except OSError as error:
            _fail(f"--svg: cannot write {svg_path}: {error}")
    if as_json:
        click.echo(json.dumps(result.to_json()))
        return
    for line in result.text():
        click.echo(line)
    if out_path:
        click.echo(f"weights {out_path}")


def _human_seats(side: str, start: Position) -> set[int]:
    """The seats ``play --side`` gives the human: a seat number, all or none."""
    if side == "all":
        return set(range(start.num_players))
    if side == "none":
        return set()
    try:
        seat = int(side)
    except ValueError:
        raise click.BadParameter(
            f"{side!r}: a seat number, 'all' or 'none'", param_hint="--side"
        ) from None
    if not 0 <= seat < start.num_players:
        raise click.BadParameter(
            f"{start.game} has seats 0-{start.num_players - 1}", param_hint="--side"
        )
    return {seat}


def _save_game_record(record: Any, record_path: str | None, game: str) -> None:
    """Writes ``play``'s record to ``record_path`` (default: GAME-DATE-TIME.json)."""
    import datetime

    path = record_path or f"{game}-{datetime.datetime.now():%Y%m%d-%H%M%S}.json"
    try:
        record.save(path)
        click.echo(f"game record: {path}")
    except OSError as error:
        _fail(f"cannot write {path}: {error}")
