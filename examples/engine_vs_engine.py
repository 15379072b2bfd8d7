"""Play one engine against another through the protocol (docs/protocol.md).

Two ``safari-ai engine`` processes with different settings play a game; this
script is the referee: it keeps the position with ``safari_ai.Position``, rolls
the dice at chance positions (seeded), and asks the engine whose turn it is for
a move with ``position ... moves ...`` and ``go``. Any engine that speaks the
protocol can take a seat: pass its command line with ``--engine0`` / ``--engine1``.

    python examples/engine_vs_engine.py                       # turtles, depth 2 v depth 3
    python examples/engine_vs_engine.py --game zebras --movetime 50
    python examples/engine_vs_engine.py --engine1 "./other-engine --flag"
"""

from __future__ import annotations

import argparse
import random
import shlex
import sys
import time
from pathlib import Path

try:
    import safari_ai
except ImportError:  # run from a source checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import safari_ai
from safari_ai.engine_client import EngineClient


def seat(command: str | None) -> EngineClient:
    """This safari_ai, or another engine given as a command line."""
    if command is None:
        return EngineClient.start_safari()
    client = EngineClient(shlex.split(command))
    client.handshake()
    return client


def play(
    game: str,
    rules: dict[str, object],
    engines: list[EngineClient],
    depths: list[int],
    movetime: int | None,
    seed: int,
    max_plies: int,
    verbose: bool,
) -> list[int] | None:
    """Plays one game; returns the result, or None when ``max_plies`` ran out."""
    rng = random.Random(seed)
    pos = safari_ai.Position.new(game, rules)
    moves: list[str] = []
    for engine in engines:
        engine.new_game()
    while not pos.is_terminal() and len(moves) < max_plies:
        if pos.is_chance():
            outcomes = pos.chance_outcomes()
            move = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
            who = "dice"
        else:
            player = pos.to_move
            assert isinstance(player, int)
            engine = engines[player % len(engines)]
            engine.position(game, rules=rules, moves=moves)
            if movetime is not None:
                result = engine.go(movetime=movetime)
            else:
                result = engine.go(depth=depths[player % len(depths)])
            move = result.bestmove
            who = f"engine{player} ({result.score})"
        if verbose:
            print(f"{len(moves) + 1:3d}. {who:<22} {move}")
        pos = pos.apply(move)  # raises IllegalMoveError if an engine misbehaves
        moves.append(move)
    return pos.result() if pos.is_terminal() else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="turtles", choices=safari_ai.games())
    parser.add_argument(
        "--rules",
        nargs="*",
        metavar="KEY=VALUE",
        help="rules options (default for turtles: max_turns=30, a short game)",
    )
    parser.add_argument("--depth0", type=int, default=2)
    parser.add_argument("--depth1", type=int, default=3)
    parser.add_argument("--movetime", type=int, help="milliseconds a move instead of depths")
    parser.add_argument("--engine0", help="command line of engine 0 (default: safari_ai)")
    parser.add_argument("--engine1", help="command line of engine 1 (default: safari_ai)")
    parser.add_argument("--seed", type=int, default=1, help="seeds the dice and the engines")
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()

    rules: dict[str, object] = {}
    if args.rules is None:
        args.rules = ["max_turns=30"] if args.game == "turtles" else []
    for item in args.rules:
        key, _, value = item.partition("=")
        rules[key] = (
            int(value)
            if value.lstrip("-").isdigit()
            else {"true": True, "false": False}.get(value, value)
        )

    started = time.monotonic()
    engines = [seat(args.engine0), seat(args.engine1)]
    try:
        for number, engine in enumerate(engines):
            if "Seed" in engine.info.options:
                engine.set_option("Seed", args.seed + number)
            print(f"engine{number}: {engine.info.name}")
        result = play(
            args.game,
            rules,
            engines,
            [args.depth0, args.depth1],
            args.movetime,
            args.seed,
            args.max_plies,
            not args.quiet,
        )
    finally:
        for engine in engines:
            engine.quit()
    print(
        f"result {result if result is not None else 'unfinished'} "
        f"({time.monotonic() - started:.1f} s)"
    )


if __name__ == "__main__":
    main()
