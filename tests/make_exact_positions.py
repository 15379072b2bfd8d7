"""Write tests/data/exact_arena.json: decision positions near the end of an
arena duel, each move valued by full expectimax to the terminal positions over
the reference rules (tests/reference/arena.py), independent of the C core
(issue 19, point 1). The same solver tries the 2-player ostrich race with the
lion and, so far, keeps no position there (below).

Regenerate (from the repository root, with the package installed; about ten
minutes of one core for the arena, the time going into games that end before
the round cap; the ostrich run only reports, 10-40 s a candidate)::

    python tests/make_exact_positions.py --game arena --count 30
    python tests/make_exact_positions.py --game ostrich --games 12

How the positions are found. The engine's ``Position`` only plays the games
(seeded by ``playout.rng_for("exact", game, index)``; chance by its exact
probabilities, each move half the time uniformly at random, else the move
whose position the engine's evaluation likes best for the mover); every value
is computed by the reference rules alone, with exact fractions, memoised by
position.

* **arena**: duels (thraex against murmillo, the default rules, round cap 30)
  played into round 30, the last; the combat ends at the cap, so the tree
  below a decision of round 30 is finite and searched whole (at most
  ``NODE_BUDGET`` distinct positions): the values are exact. Of each game the
  last decision that qualifies (below) is kept, no position twice.
* **ostrich**: 2-player races with the lion (``lion=true``), decisions after
  the second ostrich has crossed the line (re-roll choices left out: each
  re-roll leads to ~1,500 boards). The race's tree is not finite: sorcery
  can flip an ostrich back and forth for ever, and a roll can move nobody.
  So it is searched through the rest of the turn and ``ROLL_CAP`` more
  rolls of the kinds in ``EXPANDED_MODES`` (a whole normal turn: the roll,
  the re-roll choices and the re-rolls, these memoised by the dice kept,
  5,000-25,000 reference positions), and a race still running after that is
  bounded by the lowest and highest score each player can still get (every
  way the third place and the last can still go). Each value is then an
  interval, and a decision whose best moves' intervals overlap (or tie
  between different vectors, max-n) takes the union of the candidates':
  rigorous bounds on the exact value. A position would be kept when every
  move's interval is at most ``WIDTH`` points wide. On the races these
  seeded players reach, the intervals are 1-15 points wide, and no position
  qualifies (each rejected candidate is printed with its widest interval):
  exact values to the end of a race need more turns or a solver of the
  cyclic game, beyond the Python reference (docs/strength.md, "Exact
  positions").

A position is kept when its best move is unique: its value exceeds every
other move's by at least ``MARGIN`` (intervals: the best's lowest against
the others' highest), in the mover's units (arena: win probability, a draw
counting half, as ``safari_ai`` reports ``expected``; ostrich: points), and
not every move ends the game at once.

The file holds ``{"game", "about", "positions": [...]}``; an entry is
``{"name" (game and seed index), "position" (the JSON the engine reads),
"mover", "values": {move: [every player's value]} (the interval's low end),
"high" (its high end; equal to "values" when exact), "exact" (the moves whose
value is exact), "width" (the widest interval, 0 when all are exact), "best":
[the move], "margin", "plies" (the longest line from the root to a terminal
position, the root move included), "nodes" (reference positions solved)}``.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from fractions import Fraction
from itertools import permutations
from typing import Any, Callable

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import safari_ai  # noqa: E402
from playout import pick_outcome, rng_for  # noqa: E402
from reference import arena as ref_arena  # noqa: E402
from reference import ostrich as ref_ostrich  # noqa: E402

DATA = os.path.join(HERE, "data")
ROLL_CAP = 1          # ostrich: rolls searched below the root
EXPANDED_MODES = ("normal", "exhausted", "lion", "bonus")  # ostrich: kinds of roll searched
WIDTH = Fraction(1, 2)  # ostrich: widest interval kept (points)
MARGIN = {"ostrich": Fraction(1, 20), "arena": Fraction(1, 200)}
NODE_BUDGET = {"ostrich": 30_000, "arena": 20_000}
SCORE_RANGE = {"ostrich": (Fraction(0), Fraction(24)), "arena": (Fraction(0), Fraction(1))}

Values = tuple[Fraction, ...]
Interval = tuple[Values, Values, int]  # low, high, longest line below


class TooBig(Exception):
    """The tree below a candidate exceeded the node budget."""


class Solver:
    """Interval expectimax (max-n for ostrich, win probability for arena) to
    the terminal positions over a reference module, memoised by position."""

    def __init__(self, game: str, budget: int) -> None:
        self.game = game
        self.ref: Any = ref_ostrich if game == "ostrich" else ref_arena
        self.budget = budget
        self.nodes = 0
        self.memo: dict[tuple[str, int], Interval] = {}

    def leaf(self, p: dict[str, Any]) -> Values:
        r = self.ref.result(p)
        if self.game == "ostrich":
            return tuple(Fraction(x) for x in r)
        return tuple(Fraction(x + 1, 2) for x in r)

    def children(self, p: dict[str, Any]) -> list[tuple[str, Fraction | None, dict[str, Any]]]:
        """Every move (probability None) or outcome of ``p`` with the position
        it leads to: the reference's ``apply`` without its legality check
        (which recomputes every move for each one)."""
        ref = self.ref
        if self.game == "ostrich":
            if ref.to_move(p) == "chance":
                return [(o, pr, ref._apply_chance(p, o)) for o, pr in ref.chance_outcomes(p)]
            info = ref._moves_dict(p)
            return [(m, None, ref._apply_move(p, m, info[m])) for m in sorted(info)]
        out = []
        chance = ref.to_move(p) == "chance"
        for move, probability in (ref.chance_outcomes(p) if chance
                                  else [(m, None) for m in ref.legal_moves(p)]):
            child = ref._copy(p)
            ref._step(child, move)
            ref._settle(child)
            out.append((move, probability, child))
        return out

    def value(self, p: dict[str, Any], rolls: int) -> Interval:
        key = (json.dumps(memo_form(p), sort_keys=True), rolls)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.nodes > self.budget:
            raise TooBig
        if p["phase"] == "over":
            v = self.leaf(p)
            out: Interval = (v, v, 0)
        elif self.game == "ostrich" and p["phase"] == "roll" and (
                rolls == 0 or p["mode"] not in EXPANDED_MODES):
            lo, hi = score_bounds(p)
            out = (lo, hi, 0)
        elif self.ref.to_move(p) == "chance":
            below = rolls - 1 if self.game == "ostrich" and p["phase"] == "roll" else rolls
            out = self.chance(p, below)
        else:
            out = combine([self.value(c, rolls) for _, _, c in self.children(p)],
                          self.ref.to_move(p))
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


def memo_form(p: dict[str, Any]) -> dict[str, Any]:
    """``p`` as the memo reads it: an ostrich re-roll is the same chance
    position whatever faces the dice thrown again showed (its outcomes are the
    kept dice plus the new faces), so those are left out of the key."""
    if p.get("phase") != "reroll" or p.get("game") != "ostrich":
        return p
    thrown = p["reroll"]
    kept = ref_ostrich._msub(p["dice"]["white"], thrown["white"])
    return {**p, "dice": {"white": kept, "black": None if thrown["black"] else p["dice"]["black"]},
            "reroll": {"white": len(thrown["white"]), "black": thrown["black"]}}


def score_bounds(p: dict[str, Any]) -> tuple[Values, Values]:
    """Each player's lowest and highest score over every way the race could
    still end (the third ostrich home among those not finished, the last one
    among the rest, or both level): finished ostriches stay finished, so the
    true value lies between."""
    finished = p["finished"]
    rest = [x for x in "ABCDE" if x not in finished]
    scores = []
    for tail in permutations(rest, 3 - len(finished)):
        order = finished + "".join(tail)
        others = [x for x in rest if x not in order]
        for last in [{x} for x in others] + [set(others), set()]:
            row = []
            for tile in p["predictions"]:
                s = sum(pts if order[k] == tile[k] else 2 if tile[k] in order else 0
                        for k, pts in enumerate((5, 4, 3)))
                row.append(2 * s if tile[3] in last else s)
            scores.append(row)
    n = len(p["predictions"])
    return (tuple(Fraction(min(r[q] for r in scores)) for q in range(n)),
            tuple(Fraction(max(r[q] for r in scores)) for q in range(n)))


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
            value = 10_000.0 * result[me] if pos.num_players == 2 and pos.game == "arena" \
                else 100.0 * result[me]
        else:
            value = float(child.evaluate(me))
        if best_value is None or value > best_value:
            best, best_value = move, value
    return pos.apply(best)


def candidates(game: str, index: int) -> list[safari_ai.Position]:
    """The late decision positions of one seeded game."""
    rng = rng_for("exact", game, index)
    if game == "ostrich":
        pos = safari_ai.Position.new("ostrich", {"players": 2, "lion": True})
    else:
        pos = safari_ai.Position.new("arena")
    found: list[safari_ai.Position] = []
    while not pos.is_terminal():
        if not pos.is_chance() and len(pos.legal_moves()) >= 2 and late(game, pos):
            found.append(pos)
        pos = play(pos, rng)
    return found


def late(game: str, pos: safari_ai.Position) -> bool:
    data = pos.to_json()
    if game == "ostrich":
        return len(data["finished"]) == 2 and data["phase"] != "reroll_choice"
    return data["round"] == data["rules"]["round_cap"]


def solve(game: str, pos: safari_ai.Position) -> tuple[dict[str, Any] | None, str]:
    """The entry for one candidate, or None and why: too big, not exact
    enough, or its best move is not unique by the margin."""
    ref: Any = ref_ostrich if game == "ostrich" else ref_arena
    p = ref.load(pos.to_json())
    mover = ref.to_move(p)
    solver = Solver(game, NODE_BUDGET[game])
    try:
        values = solver.moves(p, ROLL_CAP)
    except TooBig:
        return None, f"more than {NODE_BUDGET[game]} positions"
    width = max(max(h - l for l, h in zip(lo, hi)) for lo, hi, _ in values.values())
    best_low = max(lo[mover] for lo, _, _ in values.values())
    best = [m for m, (lo, _, _) in values.items() if lo[mover] == best_low]
    spread = f"intervals up to {float(width):.3f} wide, {solver.nodes} positions"
    if width > WIDTH:
        return None, spread
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


def build(game: str, count: int, games: int,
          log: Callable[[str], None]) -> list[dict[str, Any]]:
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
            if entry is None and game == "ostrich":
                log(f"{game}-{index} {pos.to_json()['phase']}: {why}")
            if entry is not None:
                seen.add(text)
                entry = {"name": f"{game}-{index}", **entry}
                kept.append(entry)
                log(f"{entry['name']}: best {entry['best'][0]} by {entry['margin']:.4f}, "
                    f"{len(entry['values'])} moves, {entry['nodes']} nodes")
                break
    return kept


ABOUT = {
    "ostrich": "2-player races with the lion, decisions after the second ostrich home; "
               "values in points by interval expectimax over tests/reference/ostrich.py "
               "(bounded at the rolls the script does not expand; width is the widest "
               "interval); written by tests/make_exact_positions.py",
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
    entries = build(game, args.count, args.games, lambda line: print(line, flush=True))
    if not entries:
        print(f"no {game} position kept in {args.games} games: nothing written")
        return
    path = os.path.join(DATA, f"exact_{game}.json")
    with open(path, "w") as f:
        json.dump({"game": game, "about": ABOUT[game], "positions": entries}, f, indent=1)
        f.write("\n")
    print(f"wrote {path}: {len(entries)} positions")


if __name__ == "__main__":
    main()
