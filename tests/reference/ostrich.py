"""Independent pure-Python reference for ``ostrich`` (Banjooli Xeet, with the Lion variant).

Written from the rule book /work/shared/rules/ostrich.md alone (sections cited as §x.y),
"sunfish style": positions are the contract's canonical JSON dicts, never mutated; every
transition builds a new dict (copying only the fields it changes).

Internally a space is an index ``row * 3 + lane`` (lane a=0, b=1, c=2); the JSON spells it
``"13c"``.  Geometry tables (steps, jumps, lion neighbours) are precomputed per track.

Decisions taken where the book is silent are marked ``# [decision]``.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from functools import cache
from itertools import product
from math import factorial

GAME = "ostrich"

LETTERS = "ABCDE"  # §2.1 the five ostriches
FACES = "ABCDEW"  # §2.1 die faces; "W" the wild (sorts after the letters)
LANES = "abc"

# §1 rules keys and defaults
RULE_DEFAULTS = {
    "players": 4,
    "lion": False,
    "berries": True,
    "berry_trigger": "enter",
    "quicksand": "none",
    "last_tie": "both",
}
RULE_CHOICES = {
    "berry_trigger": ("enter", "end"),
    "quicksand": ("none", "stop"),
    "last_tie": ("both", "none"),
}

# §2.4 berry kinds and effect primitives
KNOWN_BERRIES = {"peepa": "none", "dofnooxoor": "all_dice", "ter": "bewitch"}
EFFECTS = {"none", "bewitch", "all_dice", "extra_turn", "to_nest"} | {
    "advance%d" % n for n in range(1, 6)
}
NAME_RE = re.compile(r"^[a-z][a-z0-9_]{0,15}$")

# §2.5 the ten prediction tiles
TILES = ["ABCD", "ACEB", "BCDE", "BDAC", "CDEA", "CEBD", "DACE", "DEAB", "EABC", "EBDA"]

# §2.3 the default track (data form given in the book)
DEFAULT_TRACK = [
    {"name": "start", "curve": False, "rows": ["nnn", "n.n", "..."]},
    {"name": "crocodiles", "curve": False, "rows": [".#.", "kkk", "..."]},
    {"name": "lava", "curve": False, "rows": ["..#", "lll", "..."]},
    {"name": "ravine", "curve": False, "rows": ["...", "=x=", "..."]},
    {"name": "vortex", "curve": True, "rows": ["q..", ".@.", "..q"]},
    {"name": "finish", "curve": False, "rows": ["...", ".#.", "fff"]},
]
DEFAULT_BERRIES = ["13c", "5b", "8a"]  # §2.4 default set-up, sorted as strings
START_NESTS = {"A": "0a", "B": "0b", "C": "0c", "D": "1a", "E": "1c"}  # §3
TERRAIN_CHARS = set(".#qkl=x@nf")

# §2.2 / §4.4 step directions: l, s, r
DIRS = (-1, 0, 1)
STEP_CH = "lsr"
JUMP_CH = "LSR"

MAX_ROWS = 99
SPACE_NAMES = ["%d%s" % (i // 3, LANES[i % 3]) for i in range(3 * MAX_ROWS)]
SPACE_INDEX = {n: i for i, n in enumerate(SPACE_NAMES)}

PHASES_CHANCE = ("deal", "roll", "reroll", "berry", "lion_black")
PHASES_DECISION = (
    "reroll_choice",
    "action",
    "moves",
    "advance",
    "nest",
    "lion_place",
    "flip",
    "lion_target",
    "lion_move",
    "vortex",
)
FIELDS = (
    "game",
    "rules",
    "to_move",
    "track",
    "berry_types",
    "berries",
    "berry_pool",
    "ostriches",
    "finished",
    "bewitched",
    "predictions",
    "current",
    "mode",
    "phase",
    "dice",
    "reroll",
    "left",
    "moved",
    "pending",
    "bonus",
    "extra",
    "lion",
)


def _err(field, msg):
    return ValueError("field '%s': %s" % (field, msg))


# ---------------------------------------------------------------------------------------
# Geometry (§2.2, §4.4, §4.8)
# ---------------------------------------------------------------------------------------


class Geom:
    """Precomputed tables for one track."""

    def __init__(self, tiles):
        rows, curve = [], []
        for t in tiles:
            for r in t["rows"]:
                rows.append(r)
                curve.append(bool(t["curve"]))
        self.nrows = n = len(rows)
        self.size = 3 * n
        self.terrain = [rows[i // 3][i % 3] for i in range(3 * n)]
        self.curve = curve
        # §4.4 one step in direction d from i: target index or None (rules 1-3)
        self.step = []
        # §4.4 rule 4: the landing of a jump over the target, or None
        self.jump = []
        for i in range(3 * n):
            r, l = divmod(i, 3)
            st, ju = [], []
            for d in DIRS:
                t = self._target(r, l, d, 1)
                st.append(t)
                ju.append(self._target(r, l, d, 2) if t is not None else None)
            self.step.append(tuple(st))
            self.jump.append(tuple(ju))
        # §4.8 lion geometry: king neighbours
        self.king = []
        for i in range(3 * n):
            r, l = divmod(i, 3)
            nb = []
            for dr in (-1, 0, 1):
                for dl in (-1, 0, 1):
                    if dr == 0 and dl == 0:
                        continue
                    rr, ll = r + dr, l + dl
                    if 0 <= rr < n and 0 <= ll < 3:
                        nb.append(rr * 3 + ll)
            self.king.append(tuple(nb))
        # §4.8 lion steps never onto quicksand, bridge, ravine, finish or nest
        self.lion_ok = [t not in "q=xfn" for t in self.terrain]
        # §4.8 spaces the lion may stand on when placed / reappearing (also not lava, vortex)
        self.stand_ok = [t not in "q=xfnl@" for t in self.terrain]
        self.nests = [i for i in range(3 * n) if self.terrain[i] == "n"]

    def _target(self, r, l, d, k):
        """Space k rows on in direction d, or None if rules 1-3 of §4.4 forbid it."""
        rr, ll = r + k, l + k * d
        if rr >= self.nrows or not 0 <= ll < 3:  # 1. exists
            return None
        if d != 0 and any(self.curve[r + j] for j in range(k + 1)):  # 2. curve (§2.2)
            return None
        if self.terrain[rr * 3 + ll] in "#x":  # 3. rock / ravine
            return None
        return rr * 3 + ll


DEFAULT_GEOM = Geom(DEFAULT_TRACK)
_GEOM_CACHE = {}


def _geom(pos):
    tr = pos["track"]
    if tr == "default":
        return DEFAULT_GEOM
    key = json.dumps(tr, sort_keys=True)
    g = _GEOM_CACHE.get(key)
    if g is None:
        g = _GEOM_CACHE[key] = Geom(tr)
    return g


def _lion_bfs(g, src):
    """Lion-step distances from src over spaces the lion may enter (§4.8; ostriches are
    not obstacles).  The lion graph is symmetric on lion_ok spaces."""
    dist = {src: 0}
    frontier = [src]
    while frontier:
        nxt = []
        for i in frontier:
            di = dist[i] + 1
            for j in g.king[i]:
                if g.lion_ok[j] and j not in dist:
                    dist[j] = di
                    nxt.append(j)
        frontier = nxt
    return dist


# ---------------------------------------------------------------------------------------
# Dice tables (§4.2)
# ---------------------------------------------------------------------------------------


def _multisets(k):
    """Every multiset of k faces, as a sorted string, with its probability
    k!/(m1!...m6!) / 6^k (§4.2)."""
    out = []
    for combo in product(range(k + 1), repeat=6):
        if sum(combo) != k:
            continue
        ways = factorial(k)
        for m in combo:
            ways //= factorial(m)
        s = "".join(f * m for f, m in zip(FACES, combo))
        out.append((s, Fraction(ways, 6**k)))
    out.sort()
    return out


MULTISETS = [_multisets(k) for k in range(6)]
# §4.2 the roll: 252 white multisets x 6 black faces = 1512 outcomes
ROLL_OUTCOMES = sorted((w + "/" + b, p / 6) for w, p in MULTISETS[5] for b in FACES)
ROLL_SET = {s for s, _ in ROLL_OUTCOMES}


# the same, with a re-rolled black die (probability times 1/6 for each black face)
MULTISETS_BLACK = [[(w, b, p / 6) for w, p in MULTISETS[k] for b in FACES] for k in range(6)]


def _reroll_outcomes(white, black, rw, rb):
    """§4.2 the re-roll: the kept dice plus every multiset of the re-rolled ones."""
    return _reroll_table(_msub(white, rw), len(rw), None if rb else black)


@cache
def _reroll_table(kept, k, black):
    if black is None:
        out = [("".join(sorted(kept + new)) + "/" + b, p) for new, b, p in MULTISETS_BLACK[k]]
    else:
        out = [("".join(sorted(kept + new)) + "/" + black, p) for new, p in MULTISETS[k]]
    out.sort()
    return tuple(out)


def _msub(s, t):
    """Multiset difference s - t of sorted strings (t must be contained in s)."""
    lst = list(s)
    for ch in t:
        lst.remove(ch)
    return "".join(lst)


def _contains(s, t):
    lst = list(s)
    for ch in t:
        if ch not in lst:
            return False
        lst.remove(ch)
    return True


# ---------------------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------------------


def _lion_in_play(pos):
    return pos["lion"]["state"] in ("active", "exhausted")  # §4.8


def _turn_mode(lion):
    """§4.1 the kind of a new turn follows the lion's state."""
    st = lion["state"]
    if st == "active":
        return "lion"
    if st == "exhausted":
        return "exhausted"
    return "normal"


def _to_move(pos):
    ph = pos["phase"]
    if ph in PHASES_CHANCE:
        return "chance"
    if ph == "over":
        return "terminal"
    return pos["current"]


def _fin(pos):
    """Set the redundant to_move field."""
    pos["to_move"] = _to_move(pos)
    return pos


def _occ(pos):
    return {SPACE_INDEX[s]: x for x, s in pos["ostriches"].items()}


def _lion_idx(pos):
    sp = pos["lion"]["space"]
    return SPACE_INDEX[sp] if sp is not None else -1


def _remove_letter(s, x):
    return s.replace(x, "")


def _add_sorted(s, x):
    return "".join(sorted(s + x))


GONE = {"state": "gone", "space": None, "turns": 0}


# ---------------------------------------------------------------------------------------
# Paths (§4.4)
# ---------------------------------------------------------------------------------------


def _options(g, occ, cur):
    """Legal steps from cur: list of (char, landing)."""
    res = []
    st, ju = g.step[cur], g.jump[cur]
    for k in (0, 1, 2):
        t = st[k]
        if t is None:
            continue
        if t in occ:
            # §4.4 rule 4: the step becomes a jump over exactly one ostrich
            j = ju[k]
            if j is None or j in occ:
                continue
            res.append((JUMP_CH[k], j))
        else:
            res.append((STEP_CH[k], t))
    return res


def _paths(pos, g, occ, start, c, R):
    """All paths of §4.4 for an ostrich on start (occ excludes it) with c coloured points
    and up to R wilds: list of (path, end, stop, cut)."""
    rules = pos["rules"]
    lion = _lion_idx(pos)
    berries = {SPACE_INDEX[b] for b in pos["berries"]}
    trig_enter = rules["berry_trigger"] == "enter"
    qs_stop = rules["quicksand"] == "stop"
    terr = g.terrain
    maxlen = c + R
    out = []

    def stop_of(i):
        # §4.4 the move stops on entering these; the lion counts before a berry
        if terr[i] == "f":
            return "finish"
        if i == lion:
            return "lion"
        if trig_enter and i in berries:
            return "berry"
        if qs_stop and terr[i] == "q":
            return "stop"
        return None

    def rec(cur, path, stop):
        L = len(path)
        if stop is not None:
            opts, cut = (), True
        else:
            opts = _options(g, occ, cur)
            cut = not opts
        # §4.4 legal if L <= c + R and, when L < c, cut short
        if L >= 1 and (L >= c or cut):
            out.append((path, cur, stop, cut))
        if stop is not None or L >= maxlen:
            return
        for ch, nxt in opts:
            rec(nxt, path + ch, stop_of(nxt))

    rec(start, "", None)
    return out


# ---------------------------------------------------------------------------------------
# Move generation: a dict spelling -> what to do
# ---------------------------------------------------------------------------------------


def _action_moves(pos):
    """§4.3 the one action of a normal or exhausted turn."""
    g = _geom(pos)
    white, black = pos["dice"]["white"], pos["dice"]["black"]
    exhausted = pos["mode"] == "exhausted"
    # §4.1 / §4.3 in an exhausted turn the black die is a sixth white die
    dice = white + black if exhausted else white
    W = dice.count("W")
    occ = _occ(pos)
    res = {}
    for x, sp in pos["ostriches"].items():
        if x in pos["bewitched"]:
            continue  # a bewitched ostrich cannot move
        c = dice.count(x)
        if c < 1:
            continue  # [decision §4.3] wilds alone never move
        start = SPACE_INDEX[sp]
        others = {i: y for i, y in occ.items() if i != start}
        for path, end, stop, _cut in _paths(pos, g, others, start, c, W):
            w = max(0, len(path) - c)
            res["%s%d:%s" % (x, w, path)] = ("move", x, end, stop, 0)
    # §4.3 sorcery: normal turns, lion not in play
    if pos["mode"] == "normal" and not _lion_in_play(pos):
        if black == "W":
            for x in pos["ostriches"]:
                res["*" + x] = ("flip", x)
        elif black in pos["ostriches"]:
            res["*" + black] = ("flip", black)
    if not res:
        res["pass"] = ("pass",)  # §4.3 pass only when nothing else
    return res


def _eligible(pos, g, occ):
    """§4.5 ostriches that may make a sub-move now: (x, c, R)."""
    left = pos["left"]
    R = left.count("W")
    bonus = pos["mode"] == "bonus"
    out = []
    for x, sp in pos["ostriches"].items():
        if x in pos["moved"] or x in pos["bewitched"]:
            continue
        c = left.count(x)
        if bonus:
            if c < 1:
                continue  # [decision §4.5] bonus: c >= 1
        elif c < 1 and R < 1:
            continue  # lion turn: wilds may move any ostrich
        start = SPACE_INDEX[sp]
        others = {i: y for i, y in occ.items() if i != start}
        if not _options(g, others, start):
            continue  # needs a legal first step
        out.append((x, c, R, start, others))
    return out


def _submoves(pos):
    """§4.5 the sub-moves of all-dice movement."""
    g = _geom(pos)
    occ = _occ(pos)
    elig = _eligible(pos, g, occ)
    res = {}
    # another ostrich can take wilds now (the position before this sub-move)
    other_can = len(elig) >= 2
    for x, c, R, start, others in elig:
        for path, end, stop, cut in _paths(pos, g, others, start, c, R):
            L = len(path)
            if not cut and c <= L < c + R and not other_can:
                continue  # §4.5 all wilds used when possible
            w = max(0, L - c)
            res["%s%d:%s" % (x, w, path)] = ("move", x, end, stop, w)
    return res


def _advance_moves(pos):
    """§4.6 advanceN: exactly N points, shorter only if cut short, no wilds."""
    g = _geom(pos)
    x = pos["pending"]["ostrich"]
    n = pos["pending"]["steps"]
    start = SPACE_INDEX[pos["ostriches"][x]]
    others = {i: y for i, y in _occ(pos).items() if i != start}
    res = {}
    for path, end, stop, _cut in _paths(pos, g, others, start, n, 0):
        res["%s0:%s" % (x, path)] = ("move", x, end, stop, 0)
    return res


def _reroll_choice_moves(pos):
    """§4.2 any sub-multiset of the white dice, and whether to re-roll the black die."""
    white = pos["dice"]["white"]
    counts = [(f, white.count(f)) for f in FACES if f in white]
    res = {"keep": ("keep",)}
    for combo in product(*[range(n + 1) for _, n in counts]):
        sub = "".join(f * k for (f, _), k in zip(counts, combo))
        for rb in (False, True):
            if not sub and not rb:
                continue
            res["r:" + sub + ("*" if rb else "")] = ("reroll", sub, rb)
    return res


def _free_nests(pos, g):
    occ = _occ(pos)
    return [i for i in g.nests if i not in occ]


def _lion_places(pos, g, center):
    """§4.8 appearance: the spaces around the Peepa the lion may stand on."""
    occ = _occ(pos)
    return [j for j in g.king[center] if g.stand_ok[j] and j not in occ]


def _reachable(pos, g):
    """§4.8 ostriches the lion can reach: letter -> space index."""
    dist = _lion_bfs(g, _lion_idx(pos))
    return {x: SPACE_INDEX[sp] for x, sp in pos["ostriches"].items() if SPACE_INDEX[sp] in dist}


def _lion_paths(pos, g):
    """§4.8 the lion's 3 steps along a shortest way to the target; the path ends early
    when it enters a space with an ostrich or a vortex."""
    target = SPACE_INDEX[pos["ostriches"][pos["pending"]["target"]]]
    dist = _lion_bfs(g, target)
    occ = _occ(pos)
    out = []

    def rec(cur, path):
        for j in g.king[cur]:
            if not g.lion_ok[j] or dist.get(j) != dist[cur] - 1:
                continue
            p = path + [j]
            if j in occ or g.terrain[j] == "@" or len(p) == 3:
                out.append(p)
            else:
                rec(j, p)

    rec(_lion_idx(pos), [])
    return out


def _moves_dict(pos):
    ph = pos["phase"]
    if ph == "reroll_choice":
        return _reroll_choice_moves(pos)
    if ph == "action":
        return _action_moves(pos)
    if ph == "moves":
        return _submoves(pos)
    if ph == "advance":
        return _advance_moves(pos)
    if ph == "nest":
        g = _geom(pos)
        return {"nest:" + SPACE_NAMES[i]: ("nest", i) for i in _free_nests(pos, g)}
    if ph == "lion_place":
        g = _geom(pos)
        center = SPACE_INDEX[pos["ostriches"][pos["pending"]["ostrich"]]]
        return {"lion:" + SPACE_NAMES[i]: ("lion_place", i) for i in _lion_places(pos, g, center)}
    if ph == "flip":
        return {"*" + x: ("flip", x) for x in pos["ostriches"]}
    if ph == "lion_target":
        g = _geom(pos)
        return {"target:" + x: ("target", x) for x in _reachable(pos, g)}
    if ph == "lion_move":
        g = _geom(pos)
        return {
            "L:" + "-".join(SPACE_NAMES[i] for i in p): ("lion_move", p)
            for p in _lion_paths(pos, g)
        }
    if ph == "vortex":
        g = _geom(pos)
        occ = _occ(pos)
        return {
            "vortex:" + SPACE_NAMES[i]: ("vortex", i)
            for i in range(g.size)
            if g.stand_ok[i] and i not in occ
        }
    return {}


# ---------------------------------------------------------------------------------------
# Transitions (§4.5 - §4.10)
# ---------------------------------------------------------------------------------------


def _game_over(p):
    """§4.10 the race ends at once: everything pending is dropped; current, mode and
    lion keep their values."""
    p.update(
        phase="over", dice=None, reroll=None, left=None, moved="", pending=None, bonus=0, extra=0
    )
    return p


def _end_of_roll(p):
    """§4.9 steps 3-5."""
    lion = p["lion"]
    mode = p["mode"]
    # 3. after the main roll only: the lion's turn count and exhaustion (§4.8)
    if mode == "lion" and lion["state"] == "active":
        t = lion["turns"] + 1
        if t >= p["rules"]["players"]:
            g = _geom(p)
            if g.terrain[SPACE_INDEX[lion["space"]]] == "k":
                lion = GONE  # exhausted on a crocodile: gone
            else:
                lion = {"state": "exhausted", "space": lion["space"], "turns": 0}
        else:
            lion = {"state": "active", "space": lion["space"], "turns": t}
    elif mode == "exhausted" and lion["state"] == "exhausted":
        lion = {"state": "active", "space": lion["space"], "turns": 0}
    p.update(lion=lion, phase="roll", dice=None, reroll=None, left=None, moved="", pending=None)
    # 4. a bonus roll owed: the same player makes it
    if p["bonus"] > 0:
        p.update(bonus=p["bonus"] - 1, mode="bonus")
        return p
    # 5. an extra turn, else the next player; the new turn's kind follows the lion
    if p["extra"] > 0:
        p["extra"] -= 1
    else:
        p["current"] = (p["current"] + 1) % p["rules"]["players"]
    p["mode"] = _turn_mode(lion)
    return p


def _hunt(p):
    """§4.8 the hunt after the movement of a lion turn."""
    g = _geom(p)
    reach = _reachable(p, g)
    if not reach:
        return _end_of_roll(p)  # the lion does not move
    b = p["dice"]["black"]
    if b in reach:
        p.update(phase="lion_move", pending={"target": b})
    elif b == "W":
        p.update(phase="lion_target", pending=None)
    else:
        p.update(phase="lion_black", pending=None)  # [decision §4.8] re-roll the black die
    return p


def _after_movement(p):
    """§4.9 step 2: the hunt of a lion turn, the black die of a bonus roll."""
    mode = p["mode"]
    if mode == "lion":
        if p["lion"]["state"] == "active":
            return _hunt(p)
        return _end_of_roll(p)
    if mode == "bonus":
        if _lion_in_play(p):
            return _end_of_roll(p)  # §4.8 the black die does nothing
        b = p["dice"]["black"]
        if b == "W":
            p.update(phase="flip", pending=None)  # [decision §4.5] the player flips
            return p
        if b in p["ostriches"]:
            p["bewitched"] = (
                _remove_letter(p["bewitched"], b)
                if b in p["bewitched"]
                else _add_sorted(p["bewitched"], b)
            )
        return _end_of_roll(p)
    return _end_of_roll(p)


def _resume(p):
    """Play goes on where it was (§4.6): the next sub-move, or the end of the action."""
    p["pending"] = None
    if p["mode"] in ("lion", "bonus"):
        if p["left"] is not None:
            if _submoves(p):
                p["phase"] = "moves"
                return p
            # §4.5 no legal sub-move: the remaining dice are lost
            p.update(left=None, moved="")
            return _after_movement(p)
        return _end_of_roll(p)  # the nest after a hunt's catch
    return _end_of_roll(p)  # end of a normal/exhausted action


def _send_to_nest(p, x):
    """§4.7 x leaves the track; the current player chooses a free nest."""
    ostr = dict(p["ostriches"])
    del ostr[x]
    p.update(
        ostriches=ostr,
        bewitched=_remove_letter(p["bewitched"], x),
        phase="nest",
        pending={"ostrich": x},
    )
    return p


def _after_path(p, x, end, stop):
    """Resolve where a movement ended (§4.4 stops, §4.6, §4.8, §4.10)."""
    if stop == "finish":
        ostr = dict(p["ostriches"])
        del ostr[x]
        p.update(
            ostriches=ostr, finished=p["finished"] + x, bewitched=_remove_letter(p["bewitched"], x)
        )
        if len(p["finished"]) == 3:
            return _game_over(p)  # §4.10 a third ostrich crossed
        return _resume(p)
    if stop == "lion":
        # §4.8 an ostrich that enters the lion's space is caught; the lion is gone
        p["lion"] = GONE
        return _send_to_nest(p, x)
    ostr = dict(p["ostriches"])
    ostr[x] = SPACE_NAMES[end]
    p["ostriches"] = ostr
    if stop == "berry" or (
        p["rules"]["berry_trigger"] == "end" and SPACE_NAMES[end] in p["berries"]
    ):
        p.update(phase="berry", pending={"ostrich": x})  # §4.6 the berry is revealed
        return p
    return _resume(p)


def _apply_berry(p, kind):
    """§4.6 the revealed token leaves the track and the pool, then its effect (§2.4)."""
    x = p["pending"]["ostrich"]
    sp = p["ostriches"][x]
    pool = dict(p["berry_pool"])
    pool[kind] -= 1
    if pool[kind] == 0:
        del pool[kind]
    p.update(berries=[b for b in p["berries"] if b != sp], berry_pool=pool, pending=None)
    eff = p["berry_types"][kind]
    if eff == "none":
        if kind == "peepa" and p["lion"]["state"] == "hidden":
            # §4.8 appearance
            g = _geom(p)
            if _lion_places(p, g, SPACE_INDEX[sp]):
                p.update(phase="lion_place", pending={"ostrich": x})
                return p
            p["lion"] = GONE  # no space: the lion never appears
        return _resume(p)
    if eff == "bewitch":
        if not _lion_in_play(p):
            p["bewitched"] = _add_sorted(_remove_letter(p["bewitched"], x), x)
        return _resume(p)
    if eff == "all_dice":
        p["bonus"] = min(20, p["bonus"] + 1)  # [decision] counters capped at 20
        return _resume(p)
    if eff == "extra_turn":
        p["extra"] = min(20, p["extra"] + 1)
        return _resume(p)
    if eff.startswith("advance"):
        g = _geom(p)
        start = SPACE_INDEX[sp]
        others = {i: y for i, y in _occ(p).items() if i != start}
        if _options(g, others, start):
            p.update(phase="advance", pending={"ostrich": x, "steps": int(eff[7:])})
            return p
        return _resume(p)  # no legal step: nothing happens
    if eff == "to_nest":
        return _send_to_nest(p, x)
    raise AssertionError(eff)


def _apply_move(pos, move, info):
    p = dict(pos)
    kind = info[0]
    ph = pos["phase"]
    if kind == "keep":
        p.update(phase="action")
    elif kind == "reroll":
        p.update(phase="reroll", reroll={"white": info[1], "black": info[2]})
    elif kind == "pass":
        p = _end_of_roll(p)
    elif kind == "flip":
        x = info[1]
        p["bewitched"] = (
            _remove_letter(p["bewitched"], x)
            if x in p["bewitched"]
            else _add_sorted(p["bewitched"], x)
        )
        p = _end_of_roll(p)
    elif kind == "move":
        _, x, end, stop, w = info
        if ph == "moves":
            # §4.5 remove every left die of x's letter and the wilds used
            left = p["left"].replace(x, "")
            if w:
                left = left.replace("W", "", w)
            p.update(left=left, moved=_add_sorted(p["moved"], x))
        p = _after_path(p, x, end, stop)
    elif kind == "nest":
        x = p["pending"]["ostrich"]
        ostr = dict(p["ostriches"])
        ostr[x] = SPACE_NAMES[info[1]]  # [decision §4.7] it keeps running
        p["ostriches"] = ostr
        p = _resume(p)
    elif kind == "lion_place":
        # §4.8 the lion appears, every bewitched ostrich runs again, 0 turns played
        p.update(lion={"state": "active", "space": SPACE_NAMES[info[1]], "turns": 0}, bewitched="")
        p = _resume(p)
    elif kind == "target":
        p.update(phase="lion_move", pending={"target": info[1]})
    elif kind == "lion_move":
        g = _geom(p)
        path = info[1]
        last = path[-1]
        occ = _occ(p)
        p["pending"] = None
        if last in occ:
            p["lion"] = GONE  # a catch: the lion is gone
            p = _send_to_nest(p, occ[last])
        elif g.terrain[last] == "@":
            p.update(
                phase="vortex",
                lion={"state": "active", "space": SPACE_NAMES[last], "turns": p["lion"]["turns"]},
            )
        elif g.terrain[last] == "l":
            p["lion"] = GONE  # a path ending on lava
            p = _end_of_roll(p)
        else:
            p["lion"] = {"state": "active", "space": SPACE_NAMES[last], "turns": p["lion"]["turns"]}
            p = _end_of_roll(p)
    elif kind == "vortex":
        p["lion"] = {"state": "active", "space": SPACE_NAMES[info[1]], "turns": p["lion"]["turns"]}
        p = _end_of_roll(p)
    else:
        raise AssertionError(kind)
    return _fin(p)


def _apply_chance(pos, out):
    p = dict(pos)
    ph = pos["phase"]
    if ph == "deal":
        tile = out[5:]
        preds = list(p["predictions"])
        preds[preds.index(None)] = tile
        p["predictions"] = preds
        if None not in preds:
            # §3 after the last deal, player 0 begins the first turn
            p.update(phase="roll", current=0, mode=_turn_mode(p["lion"]))
        return _fin(p)
    if ph in ("roll", "reroll"):
        white, black = out.split("/")
        p.update(dice={"white": white, "black": black}, reroll=None)
        if ph == "reroll" or p["mode"] in ("normal", "exhausted"):
            p["phase"] = "reroll_choice" if ph == "roll" else "action"
            return _fin(p)
        # §4.5 lion turn or bonus roll: all-dice movement
        p.update(left=white, moved="")
        return _fin(_resume(p))
    if ph == "berry":
        return _fin(_apply_berry(p, out[6:]))
    if ph == "lion_black":
        face = out[6:]
        p["dice"] = {"white": p["dice"]["white"], "black": face}
        if face == "W":
            p.update(phase="lion_target")
        else:
            p.update(phase="lion_move", pending={"target": face})
        return _fin(p)
    raise AssertionError(ph)


# ---------------------------------------------------------------------------------------
# Public interface
# ---------------------------------------------------------------------------------------


def _full_rules(rules):
    rules = {} if rules is None else rules
    if not isinstance(rules, dict):
        raise _err("rules", "must be an object")
    out = dict(RULE_DEFAULTS)
    for k, v in rules.items():
        if k not in RULE_DEFAULTS:
            raise _err("rules", "unknown key %r" % k)
        out[k] = v
    if type(out["players"]) is not int or not 2 <= out["players"] <= 5:
        raise _err("rules", "players must be 2..5")
    for k in ("lion", "berries"):
        if type(out[k]) is not bool:
            raise _err("rules", "%s must be a boolean" % k)
    for k, vals in RULE_CHOICES.items():
        if out[k] not in vals:
            raise _err("rules", "%s must be one of %s" % (k, ", ".join(vals)))
    if out["lion"] and not out["berries"]:
        raise _err("rules", "lion: true needs berries: true")  # §3
    return out


def new_position(rules=None):
    """§3 the starting position: a deal (chance) position."""
    r = _full_rules(rules)
    if r["berries"]:
        berries, pool = list(DEFAULT_BERRIES), {"dofnooxoor": 1, "peepa": 1, "ter": 1}
    else:
        berries, pool = [], {}
    pos = {
        "game": GAME,
        "rules": r,
        "to_move": "chance",
        "track": "default",
        "berry_types": dict(KNOWN_BERRIES),
        "berries": berries,
        "berry_pool": pool,
        "ostriches": dict(START_NESTS),
        "finished": "",
        "bewitched": "",
        "predictions": [None] * r["players"],
        "current": 0,
        "mode": "normal",
        "phase": "deal",
        "dice": None,
        "reroll": None,
        "left": None,
        "moved": "",
        "pending": None,
        "bonus": 0,
        "extra": 0,
        "lion": {"state": "hidden" if r["lion"] else "off", "space": None, "turns": 0},
    }
    return _fin(pos)


def to_move(pos):
    return _to_move(pos)


def legal_moves(pos):
    if pos["phase"] not in PHASES_DECISION:
        return []
    return sorted(_moves_dict(pos))


def chance_outcomes(pos):
    ph = pos["phase"]
    if ph == "deal":
        rest = [t for t in TILES if t not in pos["predictions"]]
        return [("pred:" + t, Fraction(1, len(rest))) for t in rest]
    if ph == "roll":
        return list(ROLL_OUTCOMES)
    if ph == "reroll":
        d, rr = pos["dice"], pos["reroll"]
        return list(_reroll_outcomes(d["white"], d["black"], rr["white"], rr["black"]))
    if ph == "berry":
        pool = pos["berry_pool"]
        tot = sum(pool.values())
        return sorted(("berry:" + k, Fraction(n, tot)) for k, n in pool.items())
    if ph == "lion_black":
        g = _geom(pos)
        faces = sorted(_reachable(pos, g)) + ["W"]
        return [("black:" + f, Fraction(1, len(faces))) for f in faces]
    return []


def apply(pos, move):
    ph = pos["phase"]
    if ph in PHASES_DECISION:
        info = _moves_dict(pos).get(move)
        if info is None:
            raise ValueError("illegal move '%s'" % move)
        return _apply_move(pos, move, info)
    if ph in PHASES_CHANCE:
        if ph == "roll":
            ok = move in ROLL_SET
        else:
            ok = any(s == move for s, _ in chance_outcomes(pos))
        if not ok:
            raise ValueError("illegal move '%s'" % move)
        return _apply_chance(pos, move)
    raise ValueError("illegal move '%s': the game is over" % move)


def result(pos):
    """§4.10 each player's score against their own tile."""
    if pos["phase"] != "over":
        raise ValueError("position is not terminal")
    fin = pos["finished"]
    rest = list(pos["ostriches"].items())
    last = set()
    if len(rest) == 2:
        (x1, s1), (x2, s2) = rest
        r1, r2 = SPACE_INDEX[s1] // 3, SPACE_INDEX[s2] // 3
        if r1 < r2:
            last = {x1}
        elif r2 < r1:
            last = {x2}
        elif pos["rules"]["last_tie"] == "both":
            last = {x1, x2}
    out = []
    for tile in pos["predictions"]:
        s = 0
        for k, pts in enumerate((5, 4, 3)):
            if fin[k] == tile[k]:
                s += pts
            elif tile[k] in fin:
                s += 2
        if tile[3] in last:
            s *= 2
        out.append(s)
    return out


def perft(pos, depth):
    if depth == 0:
        return 1
    ph = pos["phase"]
    if ph == "over":
        return 0
    if ph in PHASES_CHANCE:
        moves = [m for m, _ in chance_outcomes(pos)]
    else:
        moves = legal_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(apply(pos, m), depth - 1) for m in moves)


# ---------------------------------------------------------------------------------------
# load: canonicalise and validate (§6)
# ---------------------------------------------------------------------------------------


def _canon_track(tr):
    if tr == "default":
        return "default"
    if not isinstance(tr, list) or not 2 <= len(tr) <= 20:
        raise _err("track", 'must be "default" or a list of 2-20 tiles')
    tiles = []
    total = 0
    for t in tr:
        if not isinstance(t, dict) or set(t) != {"name", "curve", "rows"}:
            raise _err("track", "a tile is {name, curve, rows}")
        if not isinstance(t["name"], str) or not NAME_RE.match(t["name"]):
            raise _err("track", "bad tile name %r" % (t["name"],))
        if type(t["curve"]) is not bool:
            raise _err("track", "curve must be a boolean")
        rows = t["rows"]
        if not isinstance(rows, list) or not 1 <= len(rows) <= 9:
            raise _err("track", "a tile has 1-9 rows")
        for r in rows:
            if not isinstance(r, str) or len(r) != 3 or not set(r) <= TERRAIN_CHARS:
                raise _err("track", "bad row %r" % (r,))
        total += len(rows)
        tiles.append({"name": t["name"], "curve": t["curve"], "rows": list(rows)})
    if total > MAX_ROWS:
        raise _err("track", "at most 99 rows")
    allrows = [r for t in tiles for r in t["rows"]]
    if sum(r.count("n") for r in allrows) != 5 or sum(r.count("n") for r in tiles[0]["rows"]) != 5:
        raise _err("track", "exactly five nests, all on the first tile")
    if allrows[-1] != "fff" or any("f" in r for r in allrows[:-1]):
        raise _err("track", "the last row must be fff with no f elsewhere")
    # [decision] "equals the default track" compares names, curves and rows
    if tiles == DEFAULT_TRACK:
        return "default"
    return tiles


def _check_space(field, s, g):
    if not isinstance(s, str) or s not in SPACE_INDEX or SPACE_INDEX[s] >= g.size:
        raise _err(field, "bad space %r" % (s,))
    return SPACE_INDEX[s]


def _is_sorted_str(s):
    return list(s) == sorted(s)


def load(pos):
    if not isinstance(pos, dict):
        raise _err("game", "a position is a JSON object")
    for k in pos:
        if k not in FIELDS:
            raise _err(k, "unknown field")
    for k in FIELDS:
        if k not in pos and k != "berry_types":
            raise _err(k, "missing")
    if pos["game"] != GAME:
        raise _err("game", 'must be "ostrich"')
    rules = _full_rules(pos["rules"])
    players = rules["players"]
    p = {"game": GAME, "rules": rules}
    track = _canon_track(pos["track"])
    p["track"] = track
    g = _geom(p)

    # berry_types (§2.4)
    bt = pos.get("berry_types", dict(KNOWN_BERRIES))
    if not isinstance(bt, dict):
        raise _err("berry_types", "must be an object")
    bt = dict(bt)
    for k, v in bt.items():
        if not isinstance(k, str) or not NAME_RE.match(k):
            raise _err("berry_types", "bad name %r" % (k,))
        if v not in EFFECTS:
            raise _err("berry_types", "unknown effect %r" % (v,))
        if k in KNOWN_BERRIES and v != KNOWN_BERRIES[k]:
            raise _err("berry_types", "%s has effect %s" % (k, KNOWN_BERRIES[k]))
    for k, v in KNOWN_BERRIES.items():
        bt.setdefault(k, v)  # the known kinds are always present
    p["berry_types"] = bt

    # ostriches, finished, pending nest
    ostr = pos["ostriches"]
    if not isinstance(ostr, dict):
        raise _err("ostriches", "must be an object")
    fin = pos["finished"]
    if (
        not isinstance(fin, str)
        or len(fin) > 3
        or len(set(fin)) != len(fin)
        or not set(fin) <= set(LETTERS)
    ):
        raise _err("finished", "0-3 distinct ostrich letters")
    occ = {}
    for x, s in ostr.items():
        if x not in LETTERS:
            raise _err("ostriches", "unknown ostrich %r" % (x,))
        i = _check_space("ostriches", s, g)
        if g.terrain[i] in "#xf":
            raise _err("ostriches", "%s on rock, ravine or finish" % x)
        if i in occ:
            raise _err("ostriches", "%s shares a space" % x)
        occ[i] = x
    p["ostriches"] = dict(ostr)
    p["finished"] = fin

    phase = pos["phase"]
    if phase not in PHASES_CHANCE + PHASES_DECISION + ("over",):
        raise _err("phase", "unknown phase %r" % (phase,))
    p["phase"] = phase

    pending = pos["pending"]
    off = set(LETTERS) - set(ostr) - set(fin)
    if set(ostr) & set(fin):
        raise _err("ostriches", "a finished ostrich is on the track")
    if phase == "nest":
        if (
            not isinstance(pending, dict)
            or set(pending) != {"ostrich"}
            or off != {pending["ostrich"]}
        ):
            raise _err("pending", "the nest phase needs the one ostrich off the track")
    elif off:
        raise _err("ostriches", "ostrich %s missing" % "".join(sorted(off)))
    if (len(fin) == 3) != (phase == "over"):
        raise _err("finished", "three finished exactly in phase over")

    # berries and pool
    berries = pos["berries"]
    if not isinstance(berries, list) or not all(isinstance(b, str) for b in berries):
        raise _err("berries", "must be a list of spaces")
    if berries != sorted(berries) or len(set(berries)) != len(berries):
        raise _err("berries", "must be sorted and distinct")
    bidx = set()
    for b in berries:
        i = _check_space("berries", b, g)
        if g.terrain[i] != ".":
            raise _err("berries", "%s is not a normal space" % b)
        if i in occ and not (
            phase == "berry" and isinstance(pending, dict) and pending.get("ostrich") == occ[i]
        ):
            raise _err("berries", "a berry under an ostrich at %s" % b)
        bidx.add(i)
    if berries and not rules["berries"]:
        raise _err("berries", "berries with berries: false")
    p["berries"] = list(berries)
    pool = pos["berry_pool"]
    if not isinstance(pool, dict):
        raise _err("berry_pool", "must be an object")
    for k, n in pool.items():
        if k not in bt:
            raise _err("berry_pool", "unknown kind %r" % (k,))
        if type(n) is not int or n < 1:
            raise _err("berry_pool", "counts are integers >= 1")
    if sum(pool.values()) != len(berries):
        raise _err("berry_pool", "counts must add up to the number of berries")
    p["berry_pool"] = dict(pool)

    # bewitched
    bew = pos["bewitched"]
    if (
        not isinstance(bew, str)
        or not _is_sorted_str(bew)
        or len(set(bew)) != len(bew)
        or not set(bew) <= set(ostr)
    ):
        raise _err("bewitched", "sorted letters of ostriches on the track")
    p["bewitched"] = bew

    # predictions (§3)
    preds = pos["predictions"]
    if not isinstance(preds, list) or len(preds) != players:
        raise _err("predictions", "one per player")
    seen_null = False
    for t in preds:
        if t is None:
            seen_null = True
        elif t not in TILES:
            raise _err("predictions", "%r is not a tile" % (t,))
        elif seen_null:
            raise _err("predictions", "a tile follows a null")
    dealt = [t for t in preds if t is not None]
    if len(set(dealt)) != len(dealt):
        raise _err("predictions", "a tile dealt twice")
    if seen_null != (phase == "deal"):
        raise _err(
            "predictions",
            "tiles missing outside phase deal" if seen_null else "phase deal with every tile dealt",
        )
    p["predictions"] = list(preds)

    cur = pos["current"]
    if type(cur) is not int or not 0 <= cur < players:
        raise _err("current", "0..players-1")
    p["current"] = cur
    mode = pos["mode"]
    if mode not in ("normal", "exhausted", "lion", "bonus"):
        raise _err("mode", "unknown mode %r" % (mode,))
    p["mode"] = mode
    for k in ("bonus", "extra"):
        v = pos[k]
        if type(v) is not int or not 0 <= v <= 20:
            raise _err(k, "integer 0..20")
        if phase == "over" and v:
            raise _err(k, "must be 0 in phase over")
        p[k] = v

    # lion (§4.8, §6)
    lion = pos["lion"]
    if not isinstance(lion, dict) or set(lion) != {"state", "space", "turns"}:
        raise _err("lion", "must be {state, space, turns}")
    st, lsp, turns = lion["state"], lion["space"], lion["turns"]
    if st not in ("off", "hidden", "active", "exhausted", "gone"):
        raise _err("lion", "unknown state %r" % (st,))
    if (st == "off") == rules["lion"]:
        raise _err("lion", "state disagrees with rules.lion")
    if type(turns) is not int or not 0 <= turns < players or (turns and st != "active"):
        raise _err("lion", "turns below players, non-zero only when active")
    if st in ("active", "exhausted"):
        li = _check_space("lion", lsp, g)
        t = g.terrain[li]
        if t in "q=xfnl" or (t == "@" and phase != "vortex"):
            raise _err("lion", "the lion cannot stand on %s" % lsp)
        if li in occ:
            raise _err("lion", "the lion stands on an ostrich")
        if bew:
            raise _err("bewitched", "no ostrich is bewitched while the lion is in play")
    elif lsp is not None:
        raise _err("lion", "space must be null unless the lion is in play")
    if st == "hidden" and "peepa" not in pool and phase != "lion_place":
        raise _err("lion", "a hidden lion needs a peepa in the pool")
    p["lion"] = {"state": st, "space": lsp, "turns": turns}

    # mode vs lion (§6)
    if phase in ("roll", "reroll_choice", "reroll", "action") and mode != "bonus":
        want = _turn_mode(p["lion"])
        if mode != want:
            raise _err("mode", "must be %s here" % want)
    if mode == "lion" and st not in ("active", "gone"):
        raise _err("mode", "lion mode needs the lion active or gone")
    if mode == "exhausted" and st not in ("exhausted", "gone"):
        raise _err("mode", "exhausted mode needs the lion exhausted or gone")
    if phase in ("reroll_choice", "reroll", "action") and mode not in ("normal", "exhausted"):
        raise _err("phase", "%s only in normal and exhausted turns" % phase)
    if phase == "moves" and mode not in ("lion", "bonus"):
        raise _err("phase", "moves only in lion turns and bonus rolls")
    if phase in ("lion_black", "lion_target", "lion_move", "vortex") and (
        mode != "lion" or st != "active"
    ):
        raise _err("phase", "lion phases only in a lion turn with the lion active")
    if phase == "lion_place" and st != "hidden":
        raise _err("phase", "lion_place needs the hidden lion")
    if phase == "vortex" and g.terrain[SPACE_INDEX[lsp]] != "@":
        raise _err("phase", "vortex only with the lion on a vortex")
    if phase == "deal" and (cur != 0 or mode != "normal" or fin or pos["bonus"] or pos["extra"]):
        raise _err("phase", "deal only before the first turn")

    # dice, reroll (§6)
    dice = pos["dice"]
    if phase in ("deal", "roll", "over"):
        if dice is not None:
            raise _err("dice", "must be null in phase %s" % phase)
    else:
        if not isinstance(dice, dict) or set(dice) != {"white", "black"}:
            raise _err("dice", "must be {white, black}")
        w, b = dice["white"], dice["black"]
        if (
            not isinstance(w, str)
            or len(w) != 5
            or not set(w) <= set(FACES)
            or not _is_sorted_str(w)
        ):
            raise _err("dice", "white: five sorted faces")
        if b not in FACES:
            raise _err("dice", "black: one face")
        dice = {"white": w, "black": b}
    p["dice"] = dice
    rr = pos["reroll"]
    if phase == "reroll":
        if (
            not isinstance(rr, dict)
            or set(rr) != {"white", "black"}
            or not isinstance(rr["white"], str)
            or type(rr["black"]) is not bool
        ):
            raise _err("reroll", "must be {white, black}")
        if (
            not _is_sorted_str(rr["white"])
            or not _contains(dice["white"], rr["white"])
            or not (rr["white"] or rr["black"])
        ):
            raise _err("reroll", "a non-empty sorted part of the roll")
        rr = {"white": rr["white"], "black": rr["black"]}
    elif rr is not None:
        raise _err("reroll", "must be null outside phase reroll")
    p["reroll"] = rr

    # left, moved (§4.5, §6)
    left, moved = pos["left"], pos["moved"]
    alldice = mode in ("lion", "bonus")
    if phase in ("moves", "berry", "advance", "lion_place"):
        need_left = alldice
    elif phase == "nest":
        need_left = alldice and (left is not None or mode == "bonus")
    else:
        need_left = False
    if need_left:
        if (
            not isinstance(left, str)
            or not _is_sorted_str(left)
            or not _contains(dice["white"], left)
        ):
            raise _err("left", "the sorted unused white dice")
    elif left is not None:
        raise _err("left", "must be null here")
    if (
        not isinstance(moved, str)
        or not _is_sorted_str(moved)
        or len(set(moved)) != len(moved)
        or not set(moved) <= set(LETTERS)
    ):
        raise _err("moved", "sorted ostrich letters")
    if left is None and moved:
        raise _err("moved", "must be empty when left is null")
    for x in moved:
        if x in left:
            raise _err("moved", "%s moved but its dice are left" % x)
    p["left"], p["moved"] = left, moved

    # pending (§6)
    if phase in ("berry", "lion_place", "nest"):
        if (
            not isinstance(pending, dict)
            or set(pending) != {"ostrich"}
            or pending["ostrich"] not in LETTERS
        ):
            raise _err("pending", "must be {ostrich}")
        x = pending["ostrich"]
        if phase == "berry" and (x not in ostr or SPACE_INDEX[ostr[x]] not in bidx):
            raise _err("pending", "the ostrich must stand on a berry")
        if phase == "lion_place" and x not in ostr:
            raise _err("pending", "the ostrich must be on the track")
        pending = {"ostrich": x}
    elif phase == "advance":
        if (
            not isinstance(pending, dict)
            or set(pending) != {"ostrich", "steps"}
            or pending["ostrich"] not in ostr
            or type(pending["steps"]) is not int
            or not 1 <= pending["steps"] <= 5
        ):
            raise _err("pending", "must be {ostrich, steps}")
        pending = {"ostrich": pending["ostrich"], "steps": pending["steps"]}
    elif phase == "lion_move":
        if (
            not isinstance(pending, dict)
            or set(pending) != {"target"}
            or pending["target"] not in ostr
        ):
            raise _err("pending", "must be {target}")
        if pending["target"] not in _reachable({**p, "pending": None}, g):
            raise _err("pending", "the target is out of reach")
        pending = {"target": pending["target"]}
    elif pending is not None:
        raise _err("pending", "must be null in phase %s" % phase)
    p["pending"] = pending

    if phase == "berry" and not pool:
        raise _err("berry_pool", "empty pool in phase berry")
    if phase == "flip" and (
        mode != "bonus" or dice["black"] != "W" or st in ("active", "exhausted")
    ):
        raise _err("phase", "flip only after a bonus roll with a wild black die")
    if phase == "lion_target" and dice["black"] != "W":
        raise _err("dice", "lion_target needs a wild black die")
    if phase == "lion_move" and dice["black"] not in ("W", pending["target"]):
        raise _err("pending", "the target must be the black die's letter")
    if phase == "lion_black":
        reach = _reachable(p, g)
        if not reach or dice["black"] == "W" or dice["black"] in reach:
            raise _err("phase", "lion_black only when the die names an unreachable ostrich")

    p["to_move"] = _to_move(p)
    if pos["to_move"] != p["to_move"]:
        raise _err("to_move", "disagrees with the position (expected %r)" % (p["to_move"],))
    if phase in PHASES_DECISION and not _moves_dict(p):
        raise _err("phase", "a decision phase with no legal move")
    return p


# ---------------------------------------------------------------------------------------
# Variants and perft positions
# ---------------------------------------------------------------------------------------

VARIANTS = {
    "base": {},
    "p2": {"players": 2},
    "p3": {"players": 3},
    "p5": {"players": 5},
    "lion": {"lion": True},
    "lion_p2": {"players": 2, "lion": True},
    "lion_p5": {"players": 5, "lion": True},
    "no_berries": {"berries": False},
    "berry_end": {"berry_trigger": "end"},
    "quicksand_stop": {"quicksand": "stop"},
    "last_tie_none": {"last_tie": "none"},
    # the 3-player lion game, with every non-default option at once
    "lion_all_options": {
        "players": 3,
        "lion": True,
        "berry_trigger": "end",
        "quicksand": "stop",
        "last_tie": "none",
    },
}


def _ex(d):
    return load(d)


_E_COMMON = {
    "game": "ostrich",
    "track": "default",
    "finished": "",
    "bewitched": "",
    "reroll": None,
    "left": None,
    "moved": "",
    "pending": None,
    "bonus": 0,
    "extra": 0,
    "lion": {"state": "off", "space": None, "turns": 0},
}

PERFT_POSITIONS = [(name, new_position(r)) for name, r in VARIANTS.items()] + [
    (
        "E2",
        _ex(
            {
                **_E_COMMON,
                "rules": {},
                "to_move": 1,
                "berries": ["13c", "5b", "8a"],
                "berry_pool": {"dofnooxoor": 1, "peepa": 1, "ter": 1},
                "ostriches": {"A": "2a", "B": "3a", "C": "0c", "D": "3c", "E": "1c"},
                "predictions": ["DEAB", "BDAC", "CEBD", "EABC"],
                "current": 1,
                "mode": "normal",
                "phase": "reroll_choice",
                "dice": {"white": "AAAWW", "black": "B"},
            }
        ),
    ),
    (
        "E4",
        _ex(
            {
                **_E_COMMON,
                "rules": {},
                "to_move": 2,
                "berries": ["13c", "5b", "8a"],
                "berry_pool": {"dofnooxoor": 1, "peepa": 1, "ter": 1},
                "ostriches": {"A": "8b", "B": "9a", "C": "9b", "D": "11b", "E": "12b"},
                "predictions": ["CDEA", "DACE", "ACEB", "BCDE"],
                "current": 2,
                "mode": "normal",
                "phase": "action",
                "dice": {"white": "AACWW", "black": "D"},
            }
        ),
    ),
    (
        "E5",
        _ex(
            {
                **_E_COMMON,
                "rules": {},
                "to_move": 2,
                "berries": ["13c", "5b", "8a"],
                "berry_pool": {"dofnooxoor": 1, "peepa": 1, "ter": 1},
                "ostriches": {"A": "16a", "B": "9b", "C": "6a", "D": "2c", "E": "11c"},
                "predictions": ["CDEA", "DACE", "ACEB", "BCDE"],
                "current": 2,
                "mode": "normal",
                "phase": "action",
                "dice": {"white": "AEEEW", "black": "A"},
            }
        ),
    ),
    (
        "E6",
        _ex(
            {
                **_E_COMMON,
                "rules": {"players": 3, "lion": True},
                "to_move": 1,
                "berries": ["5b", "8a"],
                "berry_pool": {"dofnooxoor": 1, "ter": 1},
                "ostriches": {"C": "11a", "D": "14c", "E": "12b"},
                "finished": "AB",
                "predictions": ["ABCD", "DEAB", "EBDA"],
                "current": 1,
                "mode": "lion",
                "phase": "moves",
                "dice": {"white": "ABCWW", "black": "E"},
                "left": "ABCWW",
                "lion": {"state": "active", "space": "15a", "turns": 2},
            }
        ),
    ),
    (
        "E7",
        _ex(
            {
                **_E_COMMON,
                "rules": {"lion": True},
                "to_move": "chance",
                "berries": ["13c", "8a"],
                "berry_pool": {"dofnooxoor": 1, "ter": 1},
                "ostriches": {"A": "2b", "B": "9c", "C": "11b", "D": "14b"},
                "finished": "E",
                "predictions": ["ABCD", "CDEA", "DEAB", "EBDA"],
                "current": 3,
                "mode": "lion",
                "phase": "lion_black",
                "dice": {"white": "ACDEW", "black": "C"},
                "lion": {"state": "active", "space": "4a", "turns": 1},
            }
        ),
    ),
    (
        "E8",
        _ex(
            {
                **_E_COMMON,
                "rules": {"lion": True},
                "to_move": "chance",
                "berries": ["5b", "8a"],
                "berry_pool": {"peepa": 1, "ter": 1},
                "ostriches": {"A": "2a", "B": "4b", "C": "6b", "D": "4c", "E": "5b"},
                "bewitched": "BD",
                "predictions": ["ABCD", "CDEA", "DEAB", "EBDA"],
                "current": 0,
                "mode": "normal",
                "phase": "berry",
                "dice": {"white": "BEEEW", "black": "D"},
                "pending": {"ostrich": "E"},
                "lion": {"state": "hidden", "space": None, "turns": 0},
            }
        ),
    ),
    (
        "E9",
        _ex(
            {
                **_E_COMMON,
                "rules": {},
                "to_move": 3,
                "berries": ["5b", "8a"],
                "berry_pool": {"peepa": 1, "ter": 1},
                "ostriches": {"A": "9b", "B": "13a", "C": "12c", "D": "6a", "E": "11b"},
                "bewitched": "D",
                "predictions": ["CDEA", "DACE", "ACEB", "BCDE"],
                "current": 3,
                "mode": "bonus",
                "phase": "moves",
                "dice": {"white": "BCDWW", "black": "W"},
                "left": "BCDWW",
            }
        ),
    ),
    (
        "E10",
        _ex(
            {
                **_E_COMMON,
                "rules": {"players": 3},
                "to_move": 2,
                "berries": ["5b"],
                "berry_pool": {"peepa": 1},
                "ostriches": {"B": "12a", "E": "12c", "D": "16c"},
                "finished": "CA",
                "predictions": ["CDEA", "DACE", "ACEB"],
                "current": 2,
                "mode": "normal",
                "phase": "action",
                "dice": {"white": "BDDEW", "black": "B"},
            }
        ),
    ),
]


def _dealt(rules, tiles):
    pos = new_position(rules)
    for t in tiles:
        pos = apply(pos, "pred:" + t)
    return pos


_E6 = dict(PERFT_POSITIONS)["E6"]
_CUSTOM_TRACK = [
    {"name": "start", "curve": False, "rows": ["nnn", "n.n", "..."]},
    {"name": "bend", "curve": True, "rows": ["k.l", "...", "q.@"]},
    {"name": "river", "curve": False, "rows": ["...", "=x="]},
    {"name": "finish", "curve": False, "rows": [".#.", "fff"]},
]

PERFT_POSITIONS += [
    # the first roll of a game
    ("dealt-base", _dealt({}, ["ABCD", "ACEB", "BCDE", "BDAC"])),
    ("dealt-lion-p2", _dealt({"players": 2, "lion": True}, ["EBDA", "CDEA"])),
    # E6 after C2:sss L:14b-13b vortex:9c: an exhausted turn's roll
    ("E6-exhausted", apply(apply(apply(_E6, "C2:sss"), "L:14b-13b"), "vortex:9c")),
    # custom berry kinds (§2.4): advance2, to_nest, extra_turn, advance1
    (
        "custom-berries",
        _ex(
            {
                **_E_COMMON,
                "rules": {},
                "to_move": 1,
                "berry_types": {
                    "hop": "advance2",
                    "home": "to_nest",
                    "again": "extra_turn",
                    "step1": "advance1",
                    "peepa": "none",
                    "dofnooxoor": "all_dice",
                    "ter": "bewitch",
                },
                "berries": ["5a", "5c", "6b", "9a"],
                "berry_pool": {"hop": 1, "home": 1, "again": 1, "step1": 1},
                "ostriches": {"A": "4b", "B": "2a", "C": "0c", "D": "3c", "E": "1c"},
                "predictions": ["CDEA", "DACE", "ACEB", "BCDE"],
                "current": 1,
                "mode": "normal",
                "phase": "action",
                "dice": {"white": "AABWW", "black": "C"},
            }
        ),
    ),
    # a custom track (§6) in a lion turn: a curve with rock, quicksand and vortex
    (
        "custom-track-lion",
        _ex(
            {
                **_E_COMMON,
                "rules": {"players": 2, "lion": True},
                "to_move": 0,
                "track": _CUSTOM_TRACK,
                "berries": ["6b", "8a"],
                "berry_pool": {"dofnooxoor": 1, "ter": 1},
                "ostriches": {"A": "2a", "B": "4b", "C": "5b", "D": "7a", "E": "1c"},
                "predictions": ["CDEA", "DACE"],
                "current": 0,
                "mode": "lion",
                "phase": "moves",
                "dice": {"white": "ABCWW", "black": "D"},
                "left": "ABCWW",
                "lion": {"state": "active", "space": "4a", "turns": 1},
            }
        ),
    ),
]
