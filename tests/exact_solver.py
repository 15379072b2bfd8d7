"""A cycle-aware exact solver over the reference rules (issue 19, point 1).

The ostrich race's game graph has cycles (sorcery flips an ostrich back and
forth, a roll can move nobody), so expectimax "to the end" is not a finite
tree. This module enumerates the whole graph reachable from a position with
the reference rules alone (``tests/reference/ostrich.py``, no C), a node per
distinct position, and computes every player's expected points at every node
by interval value iteration:

* a node is a position, identified by a 128-bit hash of its canonical JSON
  (``json.dumps(..., sort_keys=True)``, without the fields that no move
  changes: game, rules, track, berry types, predictions); a re-roll position is keyed without
  the faces of the dice thrown again (its outcomes are the kept dice plus the
  new faces, so positions differing only there are the same chance position);
* chance edges carry the reference's exact probabilities (as floats), decision
  edges are the reference's legal moves;
* every non-terminal node starts with the interval [0, 24] for every player
  (the score range); a sweep replaces each node's interval by the image of
  its children's: the probability-weighted sum at chance nodes, max-n at
  decisions (the mover takes the child best for them; moves whose values
  for the mover lie within ``EPS`` of the best tie, and a tie goes to the
  first of them in the moves' ASCII order, as the engine's max-n breaks ties,
  docs/search-expectimax.md). With intervals: every child whose high end
  reaches the best low end (less EPS) is a candidate; when the first
  candidate's low end is within EPS of every candidate's high end it is the
  choice, else the node takes the union of the candidates' intervals. The
  game's value (the fixed point of these rules) stays inside every node's
  interval after any number of sweeps, so when an interval has shrunk to
  width 1e-12 the value is known to that precision, cycles and all; where it
  does not shrink (play that may never end, values that stay within EPS
  without being equal) the node is ambiguous, and callers skip it.

Sweeps go in an order that makes one sweep follow a whole turn: edges into a
``roll`` position (the start of every turn or bonus roll, where every cycle
passes) are cut, the rest is a DAG, and the nodes are updated level by level
from its sinks (numpy per level).

Two memos save reference calls without changing the graph: the children of a
roll or re-roll outcome and of a re-roll choice depend on the parent only
through its board (everything but the dice and the re-roll), so they are
computed by the reference once per board and outcome (or kept dice).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from array import array
from typing import Any

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from reference import ostrich as ref  # noqa: E402 - once tests/ is on sys.path

SCORE_HIGH = 24.0  # the highest score a player can make (§4.10: 12 doubled)
EPS = 1e-11  # max-n: a child within EPS of the best low end is a candidate


class TooBig(Exception):
    """The graph has more positions than the budget."""


# fields no move or outcome changes: left out of the keys (one graph, one value)
CONSTANT = ("game", "rules", "track", "berry_types", "predictions")


VARYING = tuple(k for k in ref.FIELDS if k not in CONSTANT)


def digest(p: dict[str, Any]) -> bytes:
    """The key of ``p`` in its graph: a 128-bit hash of its canonical JSON
    without the fields that are the same in every position of the graph."""
    text = json.dumps([p[k] for k in VARYING], sort_keys=True)
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


def memo_form(p: dict[str, Any]) -> dict[str, Any]:
    """``p`` as the graph keys it: a re-roll without the faces thrown again."""
    if p.get("phase") != "reroll":
        return p
    thrown = p["reroll"]
    kept = ref._msub(p["dice"]["white"], thrown["white"])
    return {
        **p,
        "dice": {"white": kept, "black": None if thrown["black"] else p["dice"]["black"]},
        "reroll": {"white": len(thrown["white"]), "black": thrown["black"]},
    }


def board_key(p: dict[str, Any]) -> bytes:
    """The position without its dice and re-roll (the memos' key)."""
    return digest({**p, "dice": None, "reroll": None, "phase": p["phase"]})


TERMINAL, CHANCE, DECISION = 0, 1, 2


class Graph:
    """Every position reachable from a root, with its edges, built by the
    reference rules. Node 0 is the root."""

    def __init__(self, root: dict[str, Any], budget: int) -> None:
        self.budget = budget
        self.players = len(root["predictions"])
        self.ids: dict[bytes, int] = {}
        self.kind = array("b")
        self.mover = array("b")
        self.is_roll = array("b")
        self.start = array("q")  # first edge of each node (nodes in id order)
        self.count = array("i")  # its number of edges
        self.child = array("i")
        self.prob = array("d")
        self.result: dict[int, list[int]] = {}
        self.moves: dict[int, list[str]] = {}  # edge labels of the first turn's decisions
        self.first: dict[int, dict[str, Any]] = {}  # the first turn's decision positions
        self._outcome_memo: dict[tuple[bytes, str], int] = {}
        self._choice_memo: dict[tuple[bytes, str, Any], int] = {}
        self._pending: list[Any] = []
        self.root = self._id(root, True)
        self._expand_all()

    # -- enumeration -------------------------------------------------------
    def _id(self, p: dict[str, Any], first: bool) -> int:
        key = digest(memo_form(p))
        found = self.ids.get(key)
        if found is not None:
            return found
        n = len(self.ids)
        if n >= self.budget:
            raise TooBig
        self.ids[key] = n
        # the first turn: the root and what follows it up to the next roll
        self._pending.append((p, first and (n == 0 or p["phase"] != "roll")))
        return n

    def _expand_all(self) -> None:
        # nodes are expanded in id order, so node n's edges start at start[n]
        done = 0
        while done < len(self.ids):
            p, first = self._pending[done]
            self._pending[done] = None
            self._expand(done, p, first)
            done += 1
        self._pending = []

    def _expand(self, n: int, p: dict[str, Any], first: bool) -> None:
        phase = p["phase"]
        self.start.append(len(self.child))
        self.is_roll.append(phase == "roll")
        labels: list[str] = []
        if phase == "over":
            self.kind.append(TERMINAL)
            self.mover.append(-1)
            self.result[n] = ref.result(p)
            self.count.append(0)
            return
        if ref.to_move(p) == "chance":
            self.kind.append(CHANCE)
            self.mover.append(-1)
            outcomes = ref.chance_outcomes(p)
            if phase in ("roll", "reroll"):
                base = board_key(p)
                for o, pr in outcomes:
                    memo = (base, o)
                    c = self._outcome_memo.get(memo)
                    if c is None:
                        c = self._outcome_memo[memo] = self._id(ref._apply_chance(p, o), first)
                    self.child.append(c)
                    self.prob.append(float(pr))
                    labels.append(o)
            else:
                for o, pr in outcomes:
                    self.child.append(self._id(ref._apply_chance(p, o), first))
                    self.prob.append(float(pr))
                    labels.append(o)
        else:
            self.kind.append(DECISION)
            self.mover.append(p["current"])
            info = ref._moves_dict(p)
            base = board_key(p) if phase == "reroll_choice" else b""
            for m in sorted(info):
                if phase == "reroll_choice" and info[m][0] == "reroll":
                    _, sub, rb = info[m]
                    memo = (
                        base,
                        ref._msub(p["dice"]["white"], sub),
                        None if rb else p["dice"]["black"],
                    )
                    c = self._choice_memo.get(memo)
                    if c is None:
                        c = self._choice_memo[memo] = self._id(
                            ref._apply_move(p, m, info[m]), first
                        )
                else:
                    c = self._id(ref._apply_move(p, m, info[m]), first)
                self.child.append(c)
                self.prob.append(0.0)
                labels.append(m)
        self.count.append(len(labels))
        if first and self.kind[n] == DECISION:
            self.moves[n] = labels
            self.first[n] = p

    @property
    def size(self) -> int:
        return len(self.ids)

    def edges(self, n: int) -> list[tuple[str, int, float]]:
        s, k = self.start[n], self.count[n]
        return [(self.moves[n][i], self.child[s + i], self.prob[s + i]) for i in range(k)]


class Values:
    """Interval value iteration over a Graph; ``lo``/``hi`` hold every node's
    bounds (nodes x players)."""

    def __init__(self, g: Graph) -> None:
        self.g = g
        n, P = g.size, g.players
        kind = np.frombuffer(g.kind, dtype=np.int8).copy()
        self.kind = kind
        start = np.frombuffer(g.start, dtype=np.int64).copy()
        count = np.frombuffer(g.count, dtype=np.int32).astype(np.int64)
        child = np.frombuffer(g.child, dtype=np.int32).astype(np.int64)
        prob = np.frombuffer(g.prob, dtype=np.float64).copy()
        mover = np.frombuffer(g.mover, dtype=np.int8).astype(np.int64)
        is_roll = np.frombuffer(g.is_roll, dtype=np.int8).astype(bool)
        self.lo = np.zeros((n, P))
        self.hi = np.full((n, P), SCORE_HIGH)
        for t, r in g.result.items():
            self.lo[t] = r
            self.hi[t] = r
        # levels of the DAG left when edges into roll positions are cut
        forward = ~is_roll[child]
        level = np.zeros(n, dtype=np.int64)
        has = count > 0
        for _ in range(10_000):
            cl = np.where(forward, level[child] + 1, 1)
            new = np.zeros(n, dtype=np.int64)
            new[has] = np.maximum.reduceat(cl, start[has]) if cl.size else 0
            if np.array_equal(new, level):
                break
            level = new
        else:
            raise AssertionError("a cycle that does not pass through a roll position")
        self.levels = []
        for lv in range(1, int(level.max()) + 1):
            nodes = np.nonzero((level == lv) & has)[0]
            groups = []
            for k in (CHANCE, DECISION):
                sel = nodes[kind[nodes] == k]
                if sel.size == 0:
                    continue
                e = (
                    np.concatenate([np.arange(start[i], start[i] + count[i]) for i in sel])
                    if sel.size < 64
                    else _ranges(start[sel], count[sel])
                )
                seg = np.concatenate([[0], np.cumsum(count[sel])[:-1]])
                groups.append(
                    (
                        k,
                        sel,
                        child[e],
                        prob[e],
                        seg,
                        np.repeat(np.arange(sel.size), count[sel]),
                        mover[sel],
                    )
                )
            self.levels.append(groups)
        self.sweeps = 0

    def sweep(self) -> float:
        """One sweep; the largest change of a bound."""
        lo, hi = self.lo, self.hi
        change = 0.0
        for groups in self.levels:
            for k, sel, ch, pr, seg, owner, mv in groups:
                clo, chi = lo[ch], hi[ch]
                if k == CHANCE:
                    nlo = np.add.reduceat(clo * pr[:, None], seg, axis=0)
                    nhi = np.add.reduceat(chi * pr[:, None], seg, axis=0)
                else:
                    em = mv[owner]
                    rows = np.arange(ch.size)
                    mlo = clo[rows, em]
                    best = np.maximum.reduceat(mlo, seg)
                    mhi = chi[rows, em]
                    cand = mhi >= best[owner] - EPS
                    nlo = np.minimum.reduceat(np.where(cand[:, None], clo, np.inf), seg, axis=0)
                    nhi = np.maximum.reduceat(np.where(cand[:, None], chi, -np.inf), seg, axis=0)
                    nlo[np.arange(sel.size), mv] = best
                    # the tie rule: the first candidate (moves in ASCII order) is
                    # the choice once it is surely within EPS of the best
                    first = np.minimum.reduceat(np.where(cand, rows, ch.size), seg)
                    top = np.maximum.reduceat(np.where(cand, mhi, -np.inf), seg)
                    sure = mlo[first] >= top - EPS
                    if sure.any():
                        nlo[sure] = clo[first[sure]]
                        nhi[sure] = chi[first[sure]]
                # never widen (the bounds only tighten; rounding aside)
                nlo = np.maximum(nlo, lo[sel])
                nhi = np.minimum(nhi, hi[sel])
                change = max(change, float(np.max(nlo - lo[sel])), float(np.max(hi[sel] - nhi)))
                lo[sel] = nlo
                hi[sel] = nhi
        self.sweeps += 1
        return change

    def solve(self, nodes: list[int], tol: float = 1e-12, max_sweeps: int = 3000) -> bool:
        """Sweep until the intervals of ``nodes`` are at most ``tol`` wide
        (True) or nothing changes any more or ``max_sweeps`` (False)."""
        idx = np.array(nodes)
        while self.sweeps < max_sweeps:
            change = self.sweep()
            if float(np.max(self.hi[idx] - self.lo[idx])) <= tol:
                return True
            if change <= 1e-15:
                return False
        return False

    def width(self, nodes: list[int]) -> float:
        idx = np.array(nodes)
        return float(np.max(self.hi[idx] - self.lo[idx]))


def _ranges(starts: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """The concatenation of range(s, s + c) for each pair."""
    total = int(counts.sum())
    offs = np.repeat(starts - np.concatenate([[0], np.cumsum(counts)[:-1]]), counts)
    return np.arange(total) + offs


def reachable(g: Graph, n: int) -> int:
    """The number of positions reachable from node ``n`` (itself included)."""
    seen = bytearray(g.size)
    seen[n] = 1
    stack = [n]
    count = 1
    child, start, cnt = g.child, g.start, g.count
    while stack:
        m = stack.pop()
        s = start[m]
        for c in child[s : s + cnt[m]]:
            if not seen[c]:
                seen[c] = 1
                count += 1
                stack.append(c)
    return count
