"""What the race's accuracy would be if the analysis valued the margin
(issue 27, point 4; docs/records.md, "Why the race's ratings cannot order
that ladder yet").

The record analysis values a race by max-n, every player its own expected
points, while the engine plays for the margin: its points less the mean of
the others' (docs/search-expectimax.md). This script analyses the decisions
of ostrich records as the analysis does (the default level's depth, 16
lines, one search per decision, seed 0) but by margin (``multiplayer=
"margin"``): a decision's error is the best line's margin less the played
move's line's (a move outside the lines: the last line's margin), in points,
and its accuracy is the analysis's formula (docs/records.md). It prints each
player's accuracy (the mean over its decisions) and error per decision, by
the ``name`` of its seat in the records, or by folder for self-play records.
``--model maxn`` values each player's own points instead, as the record
analysis does (less its charge for a move outside the 16 lines).

    python bench/race_margin_accuracy.py DIR [DIR ...] [--records 3] [--model maxn]
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from pathlib import Path

import safari_ai
from safari_ai.annotate import LINES, level_limits, move_accuracy
from safari_ai.record import GameRecord


def margin(values: list[float], mover: int) -> float:
    """The mover's points less the mean of the others'."""
    others = [v for p, v in enumerate(values) if p != mover]
    return values[mover] - statistics.fmean(others)


def decisions(record: GameRecord, model: str = "margin") -> list[tuple[int, float]]:
    """(mover, error) of each charged, unforced decision: in points of
    margin, or with ``model="maxn"`` in the mover's own points (the record
    analysis's model)."""
    depth = level_limits(record.game, "default")["depth"]
    positions = record.replay()
    out = []
    for index, entry in enumerate(record.moves):
        pos = positions[index]
        if entry.get("by") == "chance" or entry.get("comment") == "opening":
            continue
        legal = pos.legal_moves()
        if len(legal) < 2:
            continue
        report = safari_ai.analyse(
            pos, depth=depth, seed=0, algo="expectimax", multiplayer=model, multipv=LINES
        )
        margins = {
            line.move: margin(list(line.expected), pos.to_move)
            if model == "margin"
            else float(line.expected[pos.to_move])
            for line in report.lines
        }
        best = max(margins.values())
        played = margins.get(entry["move"], min(margins.values()))
        out.append((pos.to_move, max(0.0, best - played)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dirs", nargs="+", help="Folders of ostrich records (*.json).")
    parser.add_argument("--records", type=int, default=3, help="Records per folder.")
    parser.add_argument(
        "--model",
        choices=("margin", "maxn"),
        default="margin",
        help="maxn: the mover's own points, as the record analysis values a race.",
    )
    args = parser.parse_args()
    errors: dict[str, list[float]] = defaultdict(list)
    for folder in args.dirs:
        paths = sorted(p for p in Path(folder).glob("*.json"))[: args.records]
        for path in paths:
            data = json.loads(path.read_text())
            record = GameRecord.from_json(data)
            names = [str(p.get("role", "")) + ":" + str(p.get("name")) for p in data["players"]]
            self_play = len({name.split(":", 1)[1] for name in names}) == 1
            for mover, error in decisions(record, args.model):
                errors[folder if self_play else names[mover]].append(error)
        for who, found in errors.items():
            accuracy = statistics.fmean(move_accuracy(e, "points") for e in found)
            print(
                f"{who}: accuracy {accuracy:.1f}, error per decision "
                f"{statistics.fmean(found):.3f}, decisions {len(found)}",
                flush=True,
            )
        print(flush=True)


if __name__ == "__main__":
    main()
