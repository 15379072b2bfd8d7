"""Writes the fuzzers' seed corpus from real games (run from the repository
root with safari_ai installed; the output is kept in the repository):

    python csrc/fuzz/make_corpus.py

corpus/position/: positions of each game (start positions under several rules,
and positions along seeded random games: decisions, chance positions, ends).
corpus/move/: for fuzz_move, a start selector byte and the moves of a seeded
random game from that start (the table `starts` in fuzz_move.c, same order).
"""
from __future__ import annotations

import random
import shutil
from pathlib import Path

import safari_ai

HERE = Path(__file__).resolve().parent
# fuzz_move.c's `starts`, in order.
STARTS = [("turtles", None), ("turtles", {"tattoo": True}), ("turtles", {"hatching": True}),
          ("zebras", None), ("zebras", {"croc_chain": True}),
          ("ostrich", None), ("ostrich", {"lion": True}), ("ostrich", {"players": 2}),
          ("arena", None), ("arena", {"animals": True})]
POSITIONS_PER_START = 6
MOVES_PER_GAME = 60


def main() -> None:
    positions, moves = HERE / "corpus" / "position", HERE / "corpus" / "move"
    for folder in (positions, moves):
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
    for index, (game, rules) in enumerate(STARTS):
        rng = random.Random(f"corpus/{index}")
        pos = safari_ai.Position.new(game, rules)
        played: list[str] = []
        snapshots = [pos]
        while not pos.is_terminal() and len(played) < 400:
            choices = pos.legal_moves() or [o for o, _ in pos.chance_outcomes()]
            move = rng.choice(choices)
            played.append(move)
            pos = pos.apply(move)
            snapshots.append(pos)
        step = max(1, len(snapshots) // (POSITIONS_PER_START - 1))
        chosen = snapshots[::step][:POSITIONS_PER_START - 1] + [snapshots[-1]]
        for number, snapshot in enumerate(chosen):
            (positions / f"{index:02d}-{game}-{number}.json").write_text(snapshot.to_json_text())
        (moves / f"{index:02d}-{game}").write_bytes(
            bytes([index]) + " ".join(played[:MOVES_PER_GAME]).encode())
    print(f"{len(list(positions.iterdir()))} positions, {len(list(moves.iterdir()))} games")


if __name__ == "__main__":
    main()
