"""Ratings and accuracy measured against players of known strength (issue 27, point 4).

Players whose order is known: ``random`` < ``greedy`` (one ply) < the engine
at N nodes a move < at 10 N < at 100 N (:data:`KNOWN`;
``--players`` sets others). Each plays games **against itself**
(every seat counted: players are rated in games between equals, where the
game stays contested; against a much stronger common opponent a weak
player's game is decided within a few moves and its accuracy rests on a
handful of decisions), one game per seeded opening (:data:`OPENING_PLIES`
random plies, so the records differ even between deterministic players), in
every game and in ostrich races of 2 to 5 players. Every record is analysed
at the ``--level`` (:data:`safari_ai.annotate.LEVELS`), or by ``nodes=K``
nodes a search (a candidate level, measured before it becomes one).

Prints, per game, each player's accuracy (docs/records.md: the mean over all
its contested decisions), mean error per decision and average rating (the
mean band index of its seats' ratings, 0 = beginner ... 4 = expert), whether
accuracy and rating order the players as known; then the rating bands it
derives, per game and per number of ostrich players: a band's lower bound
lies halfway between the accuracies of two consecutive players. Printed as
the tables of docs/records.md and as ``safari_ai.annotate.LEVEL_RATINGS``
of the ``--level`` (each level has its own bands: a deeper analysis finds
more errors in the same play).

Whether the order taken as known holds is measured by ``safari-ai match``
between consecutive players (docs/records.md gives the commands and scores).

Records and analyses are cached in ``--dir`` (default
``bench/records/ratings``, ignored by git), one file per record, so a run
with more games reuses the ones before. One process::

    python bench/analysis_ratings.py [--games 20] [--race-games 3] [--setups arena-2 ostrich-2]
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path
from typing import Any

from safari_ai import Position, settings
from safari_ai.annotate import NAMES, Annotation, annotate, level_limits, rating_key
from safari_ai.match import make_jobs, parse_spec, run_match
from safari_ai.record import GameRecord

SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("turtles", {}),
    ("zebras", {}),
    ("arena", {}),
    ("ostrich", {"players": 2}),
    ("ostrich", {"players": 3}),
    ("ostrich", {"players": 4}),
    ("ostrich", {"players": 5}),
]


OPENING_PLIES = {"turtles": 2, "zebras": 2, "arena": 8, "ostrich": 2}
"""Random plies that start each record, per game. In the arena two plies are
the first roll and the first order choice, so deterministic players met the
same positions game after game (4 distinct first four plies in 20 records);
eight take both fighters' first two moves at random too."""


ENGINE_LADDER = ("nodes=1024", "nodes=10240", "nodes=102400")
"""The engine at N = 1,024 nodes a move, 10 N and 100 N (the core checks a
node limit every 1,024 nodes, so smaller limits all play as 1,024)."""

KNOWN: dict[str, tuple[str, ...]] = {
    **{
        game: ("algo=random", "algo=greedy", *ENGINE_LADDER)
        for game in ("turtles", "zebras", "arena")
    },
    "ostrich": ("algo=random", "algo=greedy", "nodes=16384"),
}
"""The known players of each game, weakest first (``--players`` sets
others). In the race the matches of docs/records.md show neither 1,024 nor
10,240 nodes stronger than greedy, nor 10 times more search stronger than
16,384 nodes: there the known players are random < greedy < the engine at
16,384 nodes, which beats greedy by duplicate matches in races of 2 to 5
players (same place)."""


def players(
    game: str, nodes: int | None = None, specs: list[str] | None = None
) -> list[tuple[str, str]]:
    """(label, spec) of ``game``'s known players, weakest first: ``specs``,
    else :data:`KNOWN`'s with N = ``nodes`` (the ladder N, 10 N, 100 N)."""
    if not specs:
        specs = list(KNOWN[game])
        if nodes is not None:
            specs = [s for s in specs if not s.startswith("nodes=")] + [
                f"nodes={k * nodes}" for k in (1, 10, 100)
            ]
    return [(spec.removeprefix("algo=").replace("nodes=", "engine "), spec) for spec in specs]


def analysis_limits(level: str) -> dict[str, int] | None:
    """The explicit limits ``--level nodes=K`` stands for (checked as the CLI
    checks ``--nodes``), or None for a level's own."""
    if not level.startswith("nodes="):
        return None
    return {"nodes": settings.parse("nodes", level.removeprefix("nodes="), "--level")}


def derive_bounds(accuracy: list[float]) -> list[float]:
    """Lower bounds of the bands casual ... expert from the known players'
    accuracies, weakest first: halfway between consecutive players, never
    below the bound before (players out of order leave a band empty). With
    fewer than five players (``--players``) the top bands start at the strongest
    player's own accuracy: expert is playing as accurately as it on average."""
    bounds = [round((x + y) / 2, 1) for x, y in zip(accuracy, accuracy[1:])]
    bounds += [round(accuracy[-1], 1)] * (len(NAMES) - 1 - len(bounds))
    for i in range(1, len(bounds)):
        bounds[i] = max(bounds[i], bounds[i - 1])
    return bounds


def analysed(
    folder: Path,
    game: str,
    rules: dict[str, Any],
    spec: str,
    games: int,
    level: str,
    opening_plies: int,
) -> list[dict[str, Any]]:
    """The analyses of ``games`` self-play records of ``spec`` (cached, one
    file per record and level: the n-th record is always the same game; a
    race's analyses apart, in ``LEVEL-margin``, since the analysis values a
    race by margin: those cached before it valued each player's own points)."""
    level_dir = level.replace("=", "-")  # nodes=K: explicit limits, cached apart
    if not Position.new(game, rules).facts.zero_sum:
        level_dir += "-margin"
    # one game per opening: seat 0 of each pair (the pair's second game is the
    # same game between identical players)
    jobs = [
        job
        for job in make_jobs(
            game,
            rules,
            parse_spec(spec),
            parse_spec(spec),
            2 * games,
            seed=27,
            opening_plies=opening_plies,
        )
        if job.colour == 0
    ]
    records = folder / "records"
    records.mkdir(parents=True, exist_ok=True)
    missing = [
        job
        for job in jobs
        if not (records / f"{job.pair}.json").exists()
        and not (folder / level_dir / f"{job.pair}.json").exists()
    ]
    if missing:
        for outcome in run_match(missing).outcomes:
            (records / f"{outcome.pair}.json").write_text(json.dumps(outcome.record))
    limits = analysis_limits(level)
    # what a cached analysis must have searched with (a level's limits change
    # when the level is measured again: its older analyses are redone)
    wanted = (
        (limits, limits) if limits else (level_limits(game, level), level_limits(game, level, True))
    )
    out: list[dict[str, Any]] = []
    for job in jobs:
        path = folder / level_dir / f"{job.pair}.json"
        data = json.loads(path.read_text()) if path.exists() else None
        if data is None or (data["limits"], data["chance_limits"]) != wanted:
            path.parent.mkdir(parents=True, exist_ok=True)
            record = GameRecord.from_json(json.loads((records / f"{job.pair}.json").read_text()))
            data = annotate(record, limits, level=None if limits else level).to_json()
            path.write_text(json.dumps(data))
        out.append(data)
    return out


def seat_rows(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every seat's summary of a cached analysis, recomputed from its plies
    (today's definition of accuracy and rating)."""
    return list(
        Annotation(
            data["game"],
            data["limits"],
            data["units"],
            players=len(data["summary"]),
            level=data.get("level"),
            plies=data["plies"],
        )
        .summary()
        .values()
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--nodes",
        type=int,
        default=None,
        help="N: the ladder N, 10 N, 100 N instead of KNOWN's engines.",
    )
    parser.add_argument(
        "--games", type=int, default=20, help="Self-play games per player in the two-player games."
    )
    parser.add_argument(
        "--race-games",
        type=int,
        default=3,
        help="Self-play races per player and number of ostrich players.",
    )
    parser.add_argument(
        "--opening-plies",
        type=int,
        default=None,
        help="Random plies that start each record (default: OPENING_PLIES).",
    )
    parser.add_argument(
        "--players",
        nargs="*",
        default=None,
        help="The known players' SPECs, weakest first, instead of KNOWN's "
        "(e.g. algo=random algo=plain algo=greedy nodes=16384).",
    )
    parser.add_argument("--dir", default=str(Path(__file__).parent / "records" / "ratings"))
    parser.add_argument(
        "--level",
        default="default",
        help="The analysis level, or nodes=K: every search limited to K nodes "
        "instead (deterministic, as a level is; what a level deeper than an "
        "engine would see, measured before it becomes one).",
    )
    parser.add_argument(
        "--setups",
        nargs="*",
        default=None,
        help="Only these (turtles-2, zebras-2, arena-2, ostrich-2 ... ostrich-5).",
    )
    args = parser.parse_args()
    analysis_limits(args.level)  # a bad nodes=K is refused before any game is played
    columns = [f"player {i}" for i in range(1, len(NAMES) + 1)]

    def openings(game: str) -> int:
        return OPENING_PLIES[game] if args.opening_plies is None else int(args.opening_plies)

    print(
        f"{'game':<10} known players, weakest first: accuracy (error per decision, "
        "average rating)  accuracy order  rating order"
    )
    bands: dict[str, tuple[tuple[str, float], ...]] = {}
    table = []
    for game, rules in SETUPS:
        key = rating_key(game, rules.get("players", 2))
        if args.setups and key not in args.setups:
            continue
        accuracy, error, decisions, rows_of = [], [], [], []
        known = players(game, args.nodes, args.players)
        for label, spec in known:
            folder = Path(args.dir) / f"openings-{openings(game)}" / key / label.replace(" ", "")
            games = args.race_games if game == "ostrich" else args.games
            rows = [
                row
                for data in analysed(folder, game, rules, spec, games, args.level, openings(game))
                for row in seat_rows(data)
            ]
            counted = sum(r["contested"] for r in rows)
            accuracy.append(
                sum(r["accuracy"] * r["contested"] for r in rows if r["contested"])
                / max(1, counted)
            )
            error.append(
                sum(r["total_error"] for r in rows) / max(1, sum(r["moves"] for r in rows))
            )
            decisions.append(counted)
            rows_of.append([r for r in rows if r["contested"]])
        bounds = derive_bounds(accuracy)
        bands[key] = tuple(zip(NAMES[:0:-1], [float(b) for b in bounds[::-1]]))
        # each seat's rating by these bands, as the summary gives it
        ratings = [
            statistics.fmean(sum(r["accuracy"] >= b for b in bounds) for r in rows)
            for rows in rows_of
        ]
        ordered = all(x < y for x, y in zip(accuracy, accuracy[1:]))
        rated = all(x < y for x, y in zip(ratings, ratings[1:]))
        print(
            f"{key:<10} "
            + " ".join(
                f"{label:>12} {a:>5.1f} ({e:.3f}, {r:.2f})"
                for (label, _), a, e, r in zip(known, accuracy, error, ratings)
            )
            + f"  {'yes' if ordered else 'NO':>14}  {'yes' if rated else 'NO':>12}",
            flush=True,
        )
        table.append((key, known, accuracy, error, ratings, decisions, ordered, rated))
    print(
        "\nMarkdown (docs/records.md): accuracy (error per decision; average rating, "
        "0 = beginner ... 4 = expert; contested decisions):"
    )
    # the default level's tables are headed `game` and `rating`, another's
    # `game (LEVEL)` and `rating (LEVEL)`, as docs/records.md shows them
    at = "" if args.level == "default" else f" ({args.level})"
    print(f"| game{at} | " + " | ".join(columns) + " | in order |")
    print("|---|" + "---|" * (len(columns) + 1))
    for key, known, accuracy, error, ratings, decisions, ordered, rated in table:
        cells = [
            f"{label}: {a:.1f} ({e:.3f}; {r:.2f}; {n})"
            for (label, _), a, e, r, n in zip(known, accuracy, error, ratings, decisions)
        ]
        cells += ["-"] * (len(columns) - len(cells))
        print(f"| {key} | " + " | ".join(cells) + f" | {'yes' if ordered and rated else 'no'} |")
    print(f"\n| rating{at} | " + " | ".join(key for key, *_ in table) + " |")
    print("|---|" + "---|" * len(table))
    for i, name in enumerate(NAMES[:0:-1]):
        print(f"| {name} | " + " | ".join(f"≥ {bands[key][i][1]}" for key, *_ in table) + " |")
    print(f"| {NAMES[0]} | " + " | ".join("below" for _ in table) + " |")
    print(f"\nLEVEL_RATINGS[{args.level!r}] = {bands}")


if __name__ == "__main__":
    main()
