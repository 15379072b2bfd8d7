"""The ``safari-ai`` command line (click).

Commands of the contract: ``new``, ``moves``, ``apply``, ``perft``, ``analyse``,
``engine`` (the text protocol of docs/protocol.md on standard input and output). Every error
goes to standard error as ``error: ...`` with exit code 1 (2 for a usage error).
"""
from __future__ import annotations

import json
import sys
import threading
import time
from typing import Any, NoReturn

import click

from safari_ai.errors import SafariError
from safari_ai.jsontext import loads, read_file, value_or_text
from safari_ai.limits import LIMIT_BOUNDS
from safari_ai.position import Position
from safari_ai.search import ALGORITHMS, PRUNINGS, Report, analyse as run_analysis


def _limit_range(name: str) -> click.IntRange:
    """The option type of search limit ``name``: an integer in its range
    (safari_ai.limits.LIMIT_BOUNDS, from the C core); a usage error names the option."""
    low, high = LIMIT_BOUNDS[name]
    return click.IntRange(low, high)


def _fail(message: str) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(1)


def _parse_rule(text: str) -> tuple[str, Any]:
    """``KEY=VALUE``: the value as JSON, or as a bare string when it is not JSON."""
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise click.BadParameter(f"{text!r} is not KEY=VALUE", param_hint="--rules")
    try:
        value: Any = value_or_text(raw)
    except SafariError as error:
        _fail(f"--rules {key}: {error}")
    return key, value


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


def _read_json(path: str) -> Any:
    """The JSON value in file ``path`` (``-`` for standard input)."""
    text = _read_text(path)
    try:
        return loads(text)
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
@click.argument("position", metavar="POSITION.json|RECORD.json")
@click.option("--depth", type=_limit_range("depth"), help="Plies to search.")
@click.option("--nodes", type=_limit_range("nodes"),
              help="Positions (MCTS: simulations) to search.")
@click.option("--movetime", type=_limit_range("movetime"), metavar="MS",
              help="Milliseconds to search (default 1000 when no limit is given).")
@click.option("--multipv", type=_limit_range("multipv"), default=1, show_default=True,
              help="Best lines to report.")
@click.option("--threads", type=_limit_range("threads"), default=1, show_default=True)
@click.option("--seed", type=_limit_range("seed"), default=0, show_default=True,
              help="Fixes every random choice.")
@click.option("--algo", type=click.Choice(ALGORITHMS), default="auto", show_default=True)
@click.option("--hash", "hash_mb", type=_limit_range("hash_mb"), default=16, show_default=True,
              help="Transposition table size in MiB.")
@click.option("--leaf", type=click.Choice(["rollout", "evaluate"]), default="evaluate",
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

    Expectimax and MCTS also print each line's expected results, one per
    player: arena (and turtles, zebras with MCTS) a win probability (a draw
    counting half), ostrich an expected score in points.

    Given a game record (RECORD.json), annotate the whole game instead: for each
    move the engine's best move and the loss of the move played (best minus
    played, mover's view); for each roll the luck of each player (value after
    the roll minus the expected value before it).
    """
    from safari_ai.record import is_record

    data = _read_json(position)
    if is_record(data):
        _annotate_record(position, data, depth, nodes, movetime, seed, algo, as_json, quiet)
        return
    try:
        pos = Position.from_json(data)
    except SafariError as error:
        _fail(f"{position}: {error}")
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


def _annotate_record(path: str, data: Any, depth: int | None, nodes: int | None,
                     movetime: int | None, seed: int, algo: str, as_json: bool,
                     quiet: bool) -> None:
    from safari_ai.annotate import annotate, format_ply
    from safari_ai.record import GameRecord

    limits = {k: v for k, v in (("depth", depth), ("nodes", nodes), ("movetime", movetime))
              if v is not None} or {"movetime": 200}
    try:
        record = GameRecord.from_json(data)
        progress = None if quiet or as_json else (lambda item: click.echo(format_ply(item)))
        result = annotate(record, limits, algo=algo, seed=seed, progress=progress)
    except SafariError as error:
        _fail(f"{path}: {error}")
    if as_json:
        click.echo(json.dumps(result.to_json()))
        return
    if quiet:
        for item in result.plies:
            click.echo(format_ply(item))
    for player, row in result.summary().items():
        click.echo(f"player {player}: {row['moves']} moves, {row['best_moves']} best, "
                   f"total loss {row['total_loss']:.0f}, average loss {row['average_loss']:.1f}"
                   + (f", {row['rolls']} rolls, luck {row['total_luck']:+.0f}" if row["rolls"] else ""))
    click.echo(f"result {record.result}")


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


@main.command()
@click.argument("source", metavar="POSITION.json|RECORD.json")
@click.option("-o", "--output", default="-", show_default=True, metavar="FILE.svg",
              help="Where to write the SVG ('-': standard output).")
@click.option("--last-move", metavar="MOVE", help="Mark this move (the one that led here).")
@click.option("--ply", type=click.IntRange(0), metavar="N",
              help="For a record: draw the position after N plies (default: the last).")
def render(source: str, output: str, last_move: str | None, ply: int | None) -> None:
    """Draw a position (or a game record's position) as an SVG picture."""
    from safari_ai.record import GameRecord, is_record
    from safari_ai.render import RenderError, render as draw

    data = _read_json(source)
    if is_record(data):
        try:
            record = GameRecord.from_json(data)
            positions = record.replay()
        except SafariError as error:
            _fail(f"{source}: {error}")
        index = len(record.moves) if ply is None else min(ply, len(record.moves))
        data = positions[index].to_json()
        if last_move is None and index > 0:
            last_move = record.moves[index - 1]["move"]
    elif ply is not None:
        _fail("--ply needs a game record")
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


def _elo_text(wins: int, draws: int, losses: int) -> str:
    from safari_ai.stats import elo

    _, difference, error = elo(wins, draws, losses)
    if draws == 0 and (wins == 0 or losses == 0):
        return f"{'>' if losses == 0 else '<'} {difference:+.0f} (bound: every game {'won' if losses == 0 else 'lost'})"
    return f"{difference:+.0f} ± {error:.0f} (95%)"


@main.command()
@click.argument("game")
@click.option("-a", "--engine-a", "spec_a", default="algo=auto,movetime=100", show_default=True,
              metavar="SPEC", help="Player A: KEY=VALUE,... (algo, depth, nodes, movetime, hash, "
              "leaf, name, opt.NAME, cmd=COMMAND LINE last).")
@click.option("-b", "--engine-b", "spec_b", default="algo=mcts,movetime=100", show_default=True,
              metavar="SPEC", help="Player B, as for -a.")
@click.option("--games", type=click.IntRange(1), default=20, show_default=True,
              help="Games (an odd last game has no colour-swapped twin).")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Worker processes.")
@click.option("--seed", type=click.IntRange(0), default=1, show_default=True,
              help="Seeds openings, dice and the engines' random choices.")
@click.option("--opening-plies", type=click.IntRange(0, 50), default=2, show_default=True,
              help="Random plies before the players take over (the same for both colours).")
@click.option("--rules", "rules", multiple=True, metavar="KEY=VALUE", help="A rules option.")
@click.option("--sprt", metavar="ELO0,ELO1", help="SPRT bounds (alpha = beta = 0.05).")
@click.option("--records", "records_dir", default="match-records", show_default=True,
              metavar="DIR", help="Directory for one game record per game.")
@click.option("--resume", is_flag=True,
              help="Count the games whose records in --records DIR were played with the same "
              "players, seed and opening, and play only the others.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
def match(game: str, spec_a: str, spec_b: str, games: int, workers: int, seed: int,
          opening_plies: int, rules: tuple[str, ...], sprt: str | None, records_dir: str,
          resume: bool, as_json: bool, no_progress: bool) -> None:
    """Play engine A against engine B over GAME: W/D/L, Elo, SPRT, game records."""
    import os

    from safari_ai.match import finished_outcome, make_jobs, parse_spec, record_name, run_match
    from safari_ai.stats import sprt as run_sprt

    try:
        a, b = parse_spec(spec_a), parse_spec(spec_b)
    except ValueError as error:
        raise click.BadParameter(str(error)) from None
    bounds = None
    if sprt is not None:
        try:
            elo0, elo1 = (float(x) for x in sprt.split(","))
        except ValueError:
            raise click.BadParameter(f"{sprt!r} is not ELO0,ELO1", param_hint="--sprt") from None
        bounds = (elo0, elo1)
    options = dict(_parse_rule(item) for item in rules)
    try:
        Position.new(game, options)
    except SafariError as error:
        _fail(str(error))
    jobs = make_jobs(game, options, a, b, games, seed, opening_plies)
    try:
        os.makedirs(records_dir, exist_ok=True)
    except OSError as error:
        _fail(f"cannot create {records_dir}: {error}")

    names = {(job.pair, job.colour): record_name(job) for job in jobs}
    finished = []
    if resume:
        for job in jobs:
            try:
                record = loads(read_file(os.path.join(records_dir, names[job.pair, job.colour])))
            except SafariError:
                continue
            outcome = finished_outcome(job, record)
            if outcome is not None:
                finished.append(outcome)
        done = {(o.pair, o.colour) for o in finished}
        jobs = [job for job in jobs if (job.pair, job.colour) not in done]

    def save(outcome: Any) -> None:
        with open(os.path.join(records_dir, names[outcome.pair, outcome.colour]), "w",
                  encoding="utf-8") as handle:
            json.dump(outcome.record, handle, indent=1)
            handle.write("\n")

    try:
        if no_progress:
            summary = run_match(jobs, workers, on_game=save, finished=finished)
        else:
            with click.progressbar(length=len(jobs), label=f"{game} {a.label()} vs {b.label()}",
                                   file=sys.stderr, show_pos=True) as bar:
                def step(outcome: Any) -> None:
                    save(outcome)
                    bar.update(1)
                summary = run_match(jobs, workers, on_game=step, finished=finished)
    except SafariError as error:
        _fail(str(error))
    from safari_ai.stats import elo

    w, d, l = summary.wins, summary.draws, summary.losses
    score, difference, error = elo(w, d, l)
    verdict = None if bounds is None else run_sprt(w, d, l, *bounds)
    mean, half = summary.mean_result()
    if as_json:
        click.echo(json.dumps({
            "game": game, "a": a.label(), "b": b.label(), "games": summary.games,
            "wins": w, "draws": d, "losses": l, "score": score, "elo": difference,
            "elo_error95": error, "mean_result": mean, "mean_result_error95": half,
            "opponents_mean_result": summary.opponents_mean(), "records": records_dir,
            "sprt": None if verdict is None else {"elo0": bounds[0], "elo1": bounds[1],
                                                  "llr": verdict.llr, "lower": verdict.lower,
                                                  "upper": verdict.upper,
                                                  "verdict": verdict.verdict}}))
        return
    click.echo(f"A: {a.label()}")
    click.echo(f"B: {b.label()}")
    click.echo(f"games {summary.games}: A wins {w}, draws {d}, losses {l}; score {100 * score:.1f}%")
    click.echo(f"elo {_elo_text(w, d, l)}")
    click.echo(f"mean result A {mean:+.3f} ± {half:.3f} (95%), B seats {summary.opponents_mean():+.3f}")
    if verdict is not None:
        click.echo(f"sprt [{bounds[0]:g}, {bounds[1]:g}] {verdict.text()}")
    click.echo(f"records {records_dir}")


@main.command()
@click.argument("record_path", metavar="RECORD.json")
@click.option("--json", "as_json", is_flag=True, help="Print the final position as JSON only.")
def replay(record_path: str, as_json: bool) -> None:
    """Replay a game record: check every move and print them with the final position."""
    from safari_ai.record import GameRecord, RecordError

    try:
        record = GameRecord.from_json(_read_json(record_path))
        positions = record.replay()
    except RecordError as error:
        _fail(f"{record_path}: {error}")
    if not as_json:
        for entry in record.moves:
            click.echo(f"{entry['ply']:4d} {str(entry['by']):>6} {entry['move']}")
        click.echo(f"result {record.result}")
    _print_position(positions[-1])


@main.command()
@click.argument("game")
@click.option("--side", default="0", show_default=True, metavar="N|all|none",
              help="Your seat (0 moves first); 'all' plays every seat, 'none' watches the engine.")
@click.option("--movetime", type=_limit_range("movetime"), metavar="MS",
              help="The engine's time per move (default 1000 ms when no limit is given).")
@click.option("--depth", type=_limit_range("depth"), help="The engine's depth per move.")
@click.option("--nodes", type=_limit_range("nodes"), help="The engine's nodes per move.")
@click.option("--algo", type=click.Choice(ALGORITHMS), default="auto", show_default=True)
@click.option("--rules", "rules", multiple=True, metavar="KEY=VALUE", help="A rules option.")
@click.option("--dice", type=click.Choice(["auto", "manual"]), default="auto", show_default=True,
              help="auto: the program rolls (seeded by --seed); manual: you type each outcome.")
@click.option("--seed", type=_limit_range("seed"), default=None,
              help="Seeds the dice and the engine.")
@click.option("--start", "start_file", metavar="POSITION.json", help="Start from this position.")
@click.option("--record", "record_path", metavar="FILE",
              help="Where to write the game record (default: GAME-DATE.json here).")
@click.option("--no-record", is_flag=True, help="Write no game record.")
@click.option("--color/--no-color", "colour", default=None,
              help="Colour (default: on a terminal unless NO_COLOR is set).")
@click.option("--quiet", is_flag=True, help="Do not show the engine's thinking.")
def play(game: str, side: str, movetime: int | None, depth: int | None, nodes: int | None,
         algo: str, rules: tuple[str, ...], dice: str, seed: int | None, start_file: str | None,
         record_path: str | None, no_record: bool, colour: bool | None, quiet: bool) -> None:
    """Play GAME against the engine in the terminal ('help' at the prompt)."""
    from safari_ai.play import PlaySession
    from safari_ai.textboard import use_colour

    options = dict(_parse_rule(item) for item in rules)
    try:
        start = _read_position(start_file) if start_file else Position.new(game, options)
    except SafariError as error:
        _fail(str(error))
    if start.game != game:
        _fail(f"{start_file} is a {start.game} position, not {game}")
    if side == "all":
        human = set(range(start.num_players))
    elif side == "none":
        human = set()
    else:
        try:
            human = {int(side)}
        except ValueError:
            raise click.BadParameter(f"{side!r}: a seat number, 'all' or 'none'",
                                     param_hint="--side") from None
        if not 0 <= int(side) < start.num_players:
            raise click.BadParameter(f"{game} has seats 0-{start.num_players - 1}",
                                     param_hint="--side")
    limits = {k: v for k, v in (("movetime", movetime), ("depth", depth), ("nodes", nodes))
              if v is not None} or {"movetime": 1000}
    stdin = sys.stdin
    echo_input = not (hasattr(stdin, "isatty") and stdin.isatty())

    def read_line() -> str:
        line = stdin.readline()
        if echo_input:  # a transcript when the moves come from a file or a pipe
            click.echo(line.rstrip("\n") if line else "")
        return line

    painted = use_colour(sys.stdout, colour)
    session = PlaySession(start, human=human, read_line=read_line,
                          write=lambda text: click.echo(text, color=painted),
                          colour=painted, dice=dice, seed=seed,
                          limits=limits, algo=algo, show_thinking=not quiet,
                          prompt=lambda text: click.echo(text, nl=False))
    click.echo(f"{game}: you play {side}; type 'help' for the legal moves")
    try:
        record = session.run()
    except KeyboardInterrupt:
        record = session.record
        record.termination = "interrupted"
    if not no_record:
        import datetime

        path = record_path or f"{game}-{datetime.datetime.now():%Y%m%d-%H%M%S}.json"
        try:
            record.save(path)
            click.echo(f"game record: {path}")
        except OSError as error:
            _fail(f"cannot write {path}: {error}")
