"""How stable the record analysis's verdicts are (issue 27, point 3).

For each game, plays self-play records (the engine against itself at the
analysis's own limits: the ``default`` level's depth and node limit) after a short seeded
random opening, analyses each at the ``default`` level, and prints:

* **marked**: the share of the engine's own decisions (charged, not forced)
  marked doubtful or worse. The target is at most 2 %.
* **luck sign** (dice games): among the single rolls whose luck, for some
  player, exceeds the doubtful threshold at the ``default`` level, the share
  whose luck keeps its sign at the ``thorough`` level. The target is at
  least 95 %. Only those rolls are searched again at ``thorough`` (the
  ostrich roll at its thorough depth costs seconds; ``--thorough-rolls``
  caps how many per game).
* **repeat**: the first record analysed a second time gives the same JSON
  (less its ``seconds``).

Every limit is a depth or a node count with one thread and a fixed seed, so
the figures do not depend on the machine's load. Records are cached in ``--records`` (default
``bench/records/stability``; a record already there is reused). One process,
one game at a time::

    python bench/analysis_stability.py                       # every game, 20 records each
    python bench/analysis_stability.py --games arena --records-per-game 5
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import safari_ai
from safari_ai.annotate import THRESHOLDS, annotate, level_limits
from safari_ai.match import make_jobs, parse_spec, run_match
from safari_ai.record import GameRecord
from safari_ai.report import margin

GAMES = {"turtles": {}, "zebras": {}, "arena": {}, "ostrich": {"players": 2}}


def engine_spec(game: str) -> str:
    """The engine at the default level's limits, its depth and node limit
    (``auto``: in the race expectimax by margin, as the analysis values it)."""
    return ",".join(f"{k}={v}" for k, v in level_limits(game, "default").items())


def self_play(game: str, rules: dict[str, Any], count: int, folder: Path) -> list[GameRecord]:
    """``count`` self-play records of ``game`` (cached in ``folder``, under the
    engine's limits: records of other limits are not reused)."""
    text = engine_spec(game)
    folder = folder / text.replace(",", "-").replace("=", "")
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / f"{game}-{i:02d}.json" for i in range(count)]
    if not all(p.exists() for p in paths):
        spec = parse_spec(text)
        jobs = make_jobs(game, rules, spec, spec, count, seed=27, opening_plies=4)
        for outcome, path in zip(run_match(jobs, workers=1).outcomes, paths):
            path.write_text(json.dumps(outcome.record))
    return [GameRecord.from_json(json.loads(p.read_text())) for p in paths]


def luck_of(game: str, change: list[float], p: int) -> float:
    """Player p's luck from every player's change of value: in a race (not
    zero-sum) the change of p's margin, its points less the others' mean, as
    the record analysis counts it (docs/records.md); elsewhere its own."""
    if safari_ai.game(game).zero_sum or len(change) < 2:
        return change[p]
    return margin(change, p)


def luck_pairs(
    game: str, default: Any, record: GameRecord, limit: int
) -> list[tuple[float, float]]:
    """(default luck, thorough luck) for every player of every roll whose default
    luck exceeds the doubtful threshold (at most ``limit`` rolls)."""
    units = default.units
    least = dict(THRESHOLDS[units])["doubtful"]
    positions = record.replay()
    chance = level_limits(game, "thorough", chance=True)
    # the race: by margin, as the record analysis searches it
    extra = {"algo": "expectimax", "multiplayer": "margin"} if game == "ostrich" else {}
    out: list[tuple[float, float]] = []
    rolls = 0
    for index, item in enumerate(default.plies):
        if item["by"] != "chance" or not item["charged"] or item["luck"] is None:
            continue
        big = [p for p, x in enumerate(item["luck"]) if abs(x) > least]
        if not big or rolls >= limit:
            continue
        rolls += 1
        pos = positions[index]
        report = safari_ai.analyse(pos, **chance, seed=0, **extra)
        after = next(o.expected for o in report.outcomes if o.outcome == item["move"])
        change = [a - b for a, b in zip(after, report.expected)]
        for p in big:
            out.append((item["luck"][p], luck_of(game, change, p)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--records-per-game", type=int, default=20)
    parser.add_argument("--records", default=str(Path(__file__).parent / "records" / "stability"))
    parser.add_argument(
        "--thorough-rolls",
        type=int,
        default=1000,
        help="Rolls searched again at the thorough level, per game.",
    )
    args = parser.parse_args()
    print(
        f"{'game':<8} {'records':>7} {'decisions':>9} {'marked':>7} {'%':>6}  "
        f"{'rolls>thr':>9} {'same sign':>9} {'%':>6}  {'s/record':>8}  limits"
    )
    for game in args.games:
        rules = GAMES[game]
        records = self_play(game, rules, args.records_per_game, Path(args.records))
        decisions = marked = 0
        pairs: list[tuple[float, float]] = []
        seconds = 0.0
        first = None
        for record in records:
            started = time.monotonic()
            result = annotate(record)
            seconds += time.monotonic() - started
            if first is None:
                first = result.to_json()
            for item in result.plies:
                if item["by"] == "chance" or not item["charged"] or item.get("forced"):
                    continue
                decisions += 1
                marked += item["class"] is not None
            if safari_ai.game(game).has_chance:
                pairs += luck_pairs(game, result, record, args.thorough_rolls // len(records) + 1)
        again = annotate(records[0]).to_json()
        assert first is not None
        first.pop("seconds"), again.pop("seconds")
        same = sum(1 for a, b in pairs if (a > 0) == (b > 0))
        luck = (
            f"{len(pairs):>9} {same:>9} {100 * same / len(pairs):>6.1f}"
            if pairs
            else f"{'-':>9} {'-':>9} {'-':>6}"
        )
        print(
            f"{game:<8} {len(records):>7} {decisions:>9} {marked:>7} "
            f"{100 * marked / max(1, decisions):>6.2f}  {luck}  "
            f"{seconds / len(records):>8.2f}  {level_limits(game, 'default')}, rolls "
            f"{level_limits(game, 'default', chance=True)}"
            f"{'' if first == again else '  REPEAT DIFFERS'}",
            flush=True,
        )
    sys.exit(0)


if __name__ == "__main__":
    main()
