"""Write tests/data/exact_arena.json and tests/data/exact_ostrich.json:
decision positions near the end of a game with every move's exact value
computed over the reference rules (tests/reference/), independent of the C
core (issue 19, point 1).

Regenerate (from the repository root, with the package
installed; the engine's ``Position`` only plays the arena games; the
ostrich run, deterministic, writes its file after each race)::

    python tests/make_exact_positions.py --game arena --count 30     # ~10 min
    python tests/make_exact_positions.py --game ostrich --count 30 --games 60  # ~8 min

* **arena**: duels (thraex against murmillo, the default rules, round cap 30)
  played into round 30, the last, by seeded games (``playout.rng_for("exact",
  "arena", index)``; chance by its exact probabilities, each move half the
  time uniformly at random, else the move whose position the engine's
  evaluation likes best for the mover). The combat ends at the cap, so the
  tree below a decision of round 30 is finite: it is searched whole (at most
  ``NODE_BUDGET`` distinct positions) by expectimax with exact fractions,
  memoised by position. Of each game the last decision that qualifies is
  kept, no position twice. Values: win probability, a draw counting half.
* **ostrich**: 2-player races with the lion, built by a seeded script
  (``ostrich_family``): two ostriches home, the other three on rows 14-16,
  the lion in play behind the ravine (so every turn is a lion turn or an
  exhausted one, and nobody can bewitch), a berry at 13c half the time. The
  race's graph is cyclic (a roll can move nobody, the lion's turns go round),
  so it is solved whole by tests/exact_solver.py: every position reachable
  from the race's roll (at most ``OSTRICH_BUDGET``), every player's expected
  points by interval value iteration until the intervals of the first
  turn's decisions are at most ``OSTRICH_TOL`` wide. The candidates are the
  first turn's decisions (re-roll choices, actions, lion-turn sub-moves);
  of each race at most ``OSTRICH_PER_FAMILY`` are kept, at most
  ``OSTRICH_PER_PHASE`` of one kind, those with the most moves first (then
  the largest margin). Values: points (0-24).

A position is kept when its best move is unique: its value for the mover
exceeds every other move's by at least ``MARGIN`` (arena) or
``OSTRICH_MARGIN`` (ostrich), and not every move ends the game at once; in
the race, at least ``OSTRICH_MIN_NODES`` positions lie below it (a whole
roll at least), and no other entry of its race has the same kind, best move
and margin (dice that differ only in faces that move nobody).

The file holds ``{"game", "about", "positions": [...]}``; an entry is
``{"name", "position" (the JSON the engine reads), "mover", "values": {move:
[every player's value]}, "best": [the move], "margin", "nodes" (reference
positions below it)}`` and, for the arena, ``"plies"`` (the longest line to a
terminal position, the root move included; ``"high"``, ``"exact"`` and
``"width"`` are left from an interval variant and equal ``"values"``, every
move, 0); for the race ``"width"`` (the widest interval left), ``"graph"``
(the positions of the race's whole graph) and ``"sweeps"``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from fractions import Fraction
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from playout import pick_outcome, rng_for  # noqa: E402
from reference import arena as ref_arena  # noqa: E402
from reference import ostrich as ref_ostrich  # noqa: E402

import safari_ai  # noqa: E402 - these four once tests/ is on sys.path (run as a script)

DATA = os.path.join(HERE, "data")
MARGIN = {"arena": Fraction(1, 200)}
NODE_BUDGET = {"arena": 20_000}

Values = tuple[Fraction, ...]
Interval = tuple[Values, Values, int]  # low, high, longest line below


class TooBig(Exception):
    """The tree below a candidate exceeded the node budget."""


class Solver:
    """Expectimax (win probabilities, kept as intervals that are points here:
    the arena's tree is finite) to the terminal positions over the arena
    reference, memoised by position."""

    def __init__(self, game: str, budget: int) -> None:
        self.game = game
        self.ref: Any = ref_arena
        self.budget = budget
        self.nodes = 0
        self.memo: dict[tuple[str, int], Interval] = {}

    def leaf(self, p: dict[str, Any]) -> Values:
        r = self.ref.result(p)
        return tuple(Fraction(x + 1, 2) for x in r)

    def children(self, p: dict[str, Any]) -> list[tuple[str, Fraction | None, dict[str, Any]]]:
        """Every move (probability None) or outcome of ``p`` with the position
        it leads to: the reference's ``apply`` without its legality check
        (which recomputes every move for each one)."""
        ref = self.ref
        out = []
        chance = ref.to_move(p) == "chance"
        for move, probability in (
            ref.chance_outcomes(p) if chance else [(m, None) for m in ref.legal_moves(p)]
        ):
            child = ref._copy(p)
            ref._step(child, move)
            ref._settle(child)
            out.append((move, probability, child))
        return out

    def value(self, p: dict[str, Any], rolls: int) -> Interval:
        key = (json.dumps(p, sort_keys=True), rolls)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.nodes > self.budget:
            raise TooBig
        if p["phase"] == "over":
            v = self.leaf(p)
            out: Interval = (v, v, 0)
        elif self.ref.to_move(p) == "chance":
            out = self.chance(p, rolls)
        else:
            out = combine(
                [self.value(c, rolls) for _, _, c in self.children(p)], self.ref.to_move(p)
            )
        self.memo[key] = out
        return out

    def chance(self, p: dict[str, Any], rolls: int) -> Interval:
        lo: list[Fraction] | None = None
        hi: list[Fraction] = []
        longest = 0
        for _, probability, child in self.children(p):
            assert probability is not None
            clo, chi, plies = self.value(child, rolls)
            if lo is None:
                lo, hi = [probability * v for v in clo], [probability * v for v in chi]
            else:
                lo = [a + probability * v for a, v in zip(lo, clo)]
                hi = [a + probability * v for a, v in zip(hi, chi)]
            longest = max(longest, plies + 1)
        assert lo is not None
        return tuple(lo), tuple(hi), longest

    def moves(self, p: dict[str, Any], rolls: int) -> dict[str, Interval]:
        return {m: self.value(c, rolls) for m, _, c in self.children(p)}


def combine(children: list[Interval], mover: int) -> Interval:
    """The mover's choice among children: the one best for the mover when its
    interval is above every other's; otherwise the union of the candidates'
    (a tie between different vectors is ambiguous under max-n, so it widens
    too)."""
    longest = max(c[2] for c in children) + 1
    best_low = max(c[0][mover] for c in children)
    candidates = [c for c in children if c[1][mover] >= best_low]
    first = candidates[0]
    if all(c[0] == first[0] and c[1] == first[1] for c in candidates):
        return first[0], first[1], longest
    n = len(first[0])
    lo = tuple(min(c[0][q] for c in candidates) for q in range(n))
    hi = tuple(max(c[1][q] for c in candidates) for q in range(n))
    lo = tuple(best_low if q == mover else lo[q] for q in range(n))
    return lo, hi, longest


# -- candidates -------------------------------------------------------------


def play(pos: safari_ai.Position, rng: Any) -> safari_ai.Position:
    """One ply: an outcome by its probability, or half the time a random move,
    else the move whose position the engine's evaluation likes best for the
    mover (one-ply greedy)."""
    if pos.is_chance():
        return pos.apply(pick_outcome(rng, pos.chance_outcomes()))
    moves = pos.legal_moves()
    if rng.random() < 0.5:
        return pos.apply(moves[rng.randrange(len(moves))])
    me = pos.to_move
    best, best_value = moves[0], None
    for move in moves:
        child = pos.apply(move)
        if child.is_terminal():
            result = child.result()
            value = (
                10_000.0 * result[me]
                if pos.num_players == 2 and pos.game == "arena"
                else 100.0 * result[me]
            )
        else:
            value = float(child.evaluate(me))
        if best_value is None or value > best_value:
            best, best_value = move, value
    return pos.apply(best)


def candidates(game: str, index: int) -> list[safari_ai.Position]:
    """The late decision positions of one seeded game."""
    rng = rng_for("exact", game, index)
    pos = safari_ai.Position.new("arena")
    found: list[safari_ai.Position] = []
    while not pos.is_terminal():
        if not pos.is_chance() and len(pos.legal_moves()) >= 2 and late(game, pos):
            found.append(pos)
        pos = play(pos, rng)
    return found


def late(game: str, pos: safari_ai.Position) -> bool:
    data = pos.to_json()
    return data["round"] == data["rules"]["round_cap"]


def solve(game: str, pos: safari_ai.Position) -> tuple[dict[str, Any] | None, str]:
    """The entry for one arena candidate, or None and why: too big, or its
    best move is not unique by the margin."""
    ref: Any = ref_arena
    p = ref.load(pos.to_json())
    mover = ref.to_move(p)
    solver = Solver(game, NODE_BUDGET[game])
    try:
        values = solver.moves(p, 0)
    except TooBig:
        return None, f"more than {NODE_BUDGET[game]} positions"
    width = max(max(high - low for low, high in zip(lo, hi)) for lo, hi, _ in values.values())
    best_low = max(lo[mover] for lo, _, _ in values.values())
    best = [m for m, (lo, _, _) in values.items() if lo[mover] == best_low]
    if width > 0:
        return None, f"intervals up to {float(width):.3f} wide"
    if len(best) != 1:
        return None, "two best moves"
    if all(lo == hi and plies <= 1 for lo, hi, plies in values.values()):
        return None, "every move ends the game at once"
    margin = min(best_low - hi[mover] for m, (_, hi, _) in values.items() if m not in best)
    if margin < MARGIN[game]:
        return None, f"margin {float(margin):.4f}"
    return {
        "position": pos.to_json(),
        "mover": mover,
        "values": {m: [float(v) for v in lo] for m, (lo, _, _) in values.items()},
        "high": {m: [float(v) for v in hi] for m, (_, hi, _) in values.items()},
        "exact": [m for m, (lo, hi, _) in values.items() if lo == hi],
        "width": float(width),
        "best": best,
        "margin": float(margin),
        "plies": max(plies for _, _, plies in values.values()) + 1,
        "nodes": solver.nodes,
    }, "kept"


def build(game: str, count: int, games: int, log: Callable[[str], None]) -> list[dict[str, Any]]:
    """Up to ``count`` positions from at most ``games`` seeded games, at most
    one a game (its last candidate that qualifies, the nearest the end), no
    position twice."""
    kept: list[dict[str, Any]] = []
    seen: set[str] = set()
    for index in range(games):
        if len(kept) == count:
            break
        for pos in reversed(candidates(game, index)):
            text = json.dumps(pos.to_json(), sort_keys=True)
            if text in seen:
                continue
            entry, why = solve(game, pos)
            if entry is not None:
                seen.add(text)
                entry = {"name": f"{game}-{index}", **entry}
                kept.append(entry)
                log(
                    f"{entry['name']}: best {entry['best'][0]} by {entry['margin']:.4f}, "
                    f"{len(entry['values'])} moves, {entry['nodes']} nodes"
                )
                break
    return kept


# -- ostrich: whole graphs, cycle-aware (tests/exact_solver.py) ---------------

OSTRICH_BUDGET = 200_000  # reference positions a graph may have
NEAR_FROM = 14  # ostriches start on rows NEAR_FROM-16
OSTRICH_MARGIN = 0.05  # points: the best move ahead of the second
OSTRICH_TOL = 1e-12  # interval width at which a value counts as exact
OSTRICH_PER_FAMILY = 3  # positions kept from one graph at most
OSTRICH_PER_PHASE = 2  # of them, of one kind (re-roll choice, action, sub-move)
OSTRICH_MIN_NODES = 2_000  # positions below an entry at least (a roll has 1,512 outcomes)
OSTRICH_SWEEPS = 400  # sweeps at most before a graph is given up


def ostrich_family(index: int) -> dict[str, Any]:
    """The seeded start of one 2-player race with the lion, near its end: two
    ostriches home, the other three on rows 14-16, the lion in play behind
    the ravine (every turn a lion turn or an exhausted one: no sorcery), a
    berry at 13c half the time; phase ``roll``."""
    rng = rng_for("exact", "ostrich", index)
    g = ref_ostrich.DEFAULT_GEOM
    letters = list("ABCDE")
    rng.shuffle(letters)
    finished, running = letters[:2], sorted(letters[2:])
    berries, pool = [], {}
    if rng.random() < 0.5:
        berries, pool = ["13c"], {rng.choice(["dofnooxoor", "ter"]): 1}
    near = [
        s
        for s in ref_ostrich.SPACE_NAMES[3 * NEAR_FROM : 3 * 17]
        if g.terrain[ref_ostrich.SPACE_INDEX[s]] not in "#xf" and s not in berries
    ]
    spaces = rng.sample(near, 3)
    behind = [
        s
        for s in ref_ostrich.SPACE_NAMES[3 * 2 : 3 * 10]
        if g.stand_ok[ref_ostrich.SPACE_INDEX[s]]
        and g.terrain[ref_ostrich.SPACE_INDEX[s]] != "k"
        and s not in ("5b", "8a")
    ]
    state = rng.choice(["active", "active", "exhausted"])
    lion = {
        "state": state,
        "space": rng.choice(behind),
        "turns": rng.randrange(2) if state == "active" else 0,
    }
    pos = {
        "game": "ostrich",
        "rules": {"players": 2, "lion": True},
        "to_move": "chance",
        "track": "default",
        "berries": berries,
        "berry_pool": pool,
        "ostriches": dict(zip(running, spaces)),
        "finished": "".join(finished),
        "bewitched": "",
        "predictions": rng.sample(ref_ostrich.TILES, 2),
        "current": rng.randrange(2),
        "mode": "lion" if state == "active" else "exhausted",
        "phase": "roll",
        "dice": None,
        "reroll": None,
        "left": None,
        "moved": "",
        "pending": None,
        "bonus": 0,
        "extra": 0,
        "lion": lion,
    }
    return ref_ostrich.load(pos)


def ostrich_entries(index: int, log: Callable[[str], None]) -> list[dict[str, Any]]:
    """Solve one family's graph and return its best test positions: decisions
    of the first turn (re-roll choices, actions, sub-moves) whose every move
    is valued exactly and whose best move leads by ``OSTRICH_MARGIN``."""
    from exact_solver import Graph, TooBig, Values, reachable

    root = ostrich_family(index)
    try:
        g = Graph(root, OSTRICH_BUDGET)
    except TooBig:
        log(f"ostrich-{index}: more than {OSTRICH_BUDGET} positions")
        return []
    values = Values(g)
    firsts = sorted(g.first)
    watch = sorted({c for n in firsts for _, c, _ in g.edges(n)})
    exact = values.solve(watch, OSTRICH_TOL, OSTRICH_SWEEPS)
    log(
        f"ostrich-{index}: {g.size} positions, {values.sweeps} sweeps, "
        f"{len(firsts)} first-turn decisions, all exact: {exact}"
    )
    found = []
    for n in firsts:
        edges = g.edges(n)
        if len(edges) < 2 or values.width([c for _, c, _ in edges]) > OSTRICH_TOL:
            continue
        if all(g.kind[c] == 0 for _, c, _ in edges):
            continue  # every move ends the race
        mover = g.mover[n]
        vals = {m: [float(x) for x in values.lo[c]] for m, c, _ in edges}
        order = sorted(vals, key=lambda m: -vals[m][mover])
        margin = vals[order[0]][mover] - vals[order[1]][mover]
        if margin < OSTRICH_MARGIN:
            continue
        found.append((n, vals, order[0], margin))
    # the widest choices first, then by margin
    found.sort(key=lambda f: (-len(f[1]), -f[3]))
    kept: list[dict[str, Any]] = []
    phases: list[str] = []
    seen: set[tuple[str, str, float]] = set()
    for n, vals, best, margin in found:
        phase = g.first[n]["phase"]
        if phases.count(phase) == OSTRICH_PER_PHASE or len(kept) == OSTRICH_PER_FAMILY:
            continue
        # not the same choice again (other dice, the same best move by the
        # same margin: e.g. dice that differ only in faces that move nobody)
        same = (phase, best, round(margin, 6))
        if same in seen:
            continue
        nodes = reachable(g, n)
        if nodes < OSTRICH_MIN_NODES:
            continue  # no roll below: too easy
        seen.add(same)
        phases.append(phase)
        kept.append(
            {
                "name": f"ostrich-{index}-{phase}-{phases.count(phase)}",
                "position": g.first[n],
                "mover": g.mover[n],
                "values": vals,
                "best": [best],
                "margin": margin,
                "width": values.width([c for _, c, _ in g.edges(n)]),
                "nodes": nodes,
                "graph": g.size,
                "sweeps": values.sweeps,
            }
        )
        log(
            f"  {kept[-1]['name']}: {len(vals)} moves, best {best} by {margin:.4f}, "
            f"{kept[-1]['nodes']} positions"
        )
    return kept


def build_ostrich(count: int, families: int, log: Callable[[str], None]) -> list[dict[str, Any]]:
    """Up to ``count`` positions from the first ``families`` seeded races
    (written after each one, so that an interrupted run keeps its work)."""
    kept: list[dict[str, Any]] = []
    for index in range(families):
        if len(kept) >= count:
            break
        kept.extend(ostrich_entries(index, log)[: count - len(kept)])
        if kept:
            write("ostrich", kept)
    return kept


def write(game: str, entries: list[dict[str, Any]]) -> str:
    path = os.path.join(DATA, f"exact_{game}.json")
    with open(path, "w") as f:
        json.dump({"game": game, "about": ABOUT[game], "positions": entries}, f, indent=1)
        f.write("\n")
    return path


ABOUT = {
    "ostrich": "2-player races with the lion in play, two ostriches home, three on rows "
    "14-16; values in points (every player's, per move) of the whole cyclic "
    "game graph over tests/reference/ostrich.py by interval value iteration "
    "(tests/exact_solver.py; width: the widest interval left); nodes: positions "
    "reachable from the entry; written by tests/make_exact_positions.py",
    "arena": "duels (thraex against murmillo, round cap 30) in round 30; values are "
    "win probabilities (a draw half) by expectimax over tests/reference/arena.py to "
    "the end; written by tests/make_exact_positions.py",
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=["ostrich", "arena"], default="arena")
    parser.add_argument("--count", type=int, default=30, help="positions wanted")
    parser.add_argument("--games", type=int, default=2000, help="seeded games at most")
    args = parser.parse_args(argv)
    game = args.game

    def log(line: str) -> None:
        print(line, flush=True)

    if game == "ostrich":
        entries = build_ostrich(args.count, args.games, log)
    else:
        entries = build(game, args.count, args.games, log)
    if not entries:
        print(f"no {game} position kept in {args.games} games: nothing written")
        return
    path = write(game, entries)
    print(f"wrote {path}: {len(entries)} positions")


if __name__ == "__main__":
    main()
