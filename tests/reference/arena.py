"""Independent pure-Python reference for the game *arena*.

Written from the rule book /work/shared/rules/arena.md alone ("sunfish style"): obvious
loops, positions are the contract's canonical JSON dicts and are never mutated in place
(``apply`` works on a private copy and returns it).  Comments cite rule-book sections.

Where the book is silent the choice is marked ``# [decision]``.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from itertools import combinations_with_replacement, permutations
from math import comb, factorial

GAME = "arena"

# ---------------------------------------------------------------------------
# §3 combatants, §5.12 rules keys
# ---------------------------------------------------------------------------

ROSTER = {  # name -> (attack, defense, speed)                       # §3 roster
    "novice": (2, 2, 2),
    "murmillo": (3, 4, 2),
    "thraex": (4, 3, 2),
    "hoplomachus": (3, 3, 3),
    "retiarius": (3, 2, 4),
    "dimachaerus": (4, 2, 3),
    "champion": (5, 4, 3),
}
SPECIES = {"lion": (5, 1, 4), "bear": (4, 3, 3), "rhino": (2, 5, 3)}  # §3 animals
ANIMAL_IDS = ("x", "y", "z")

DEFAULT_RULES = {  # §5.12
    "format": "duel",
    "animals": False,
    "initiative": "lexicographic",
    "attack_then_move": True,
    "spawn": "triple",
    "event_roll": "always",
    "round_cap": 30,
    "side0": "thraex",
    "side1": "murmillo",
}
RULE_CHOICES = {
    "format": ("duel", "primus"),
    "animals": (False, True),
    "initiative": ("lexicographic", "sum"),
    "attack_then_move": (True, False),
    "spawn": ("triple", "three_sixes"),
    "event_roll": ("always", "on_request"),
}

FIELDS = (
    "game",
    "rules",
    "to_move",
    "arena",
    "round",
    "pool",
    "gladiators",
    "animals",
    "phase",
    "team_order",
    "animal_order",
    "slot",
    "acted",
    "chooser",
    "active",
    "pending",
    "result",
)
GLAD_FIELDS = ("id", "name", "side", "attack", "defense", "speed", "wounds", "hex")
ANIMAL_FIELDS = ("id", "species", "attack", "defense", "speed", "hex", "entry")

PHASES = (
    "request",
    "event",
    "initiative",
    "order",
    "select",
    "act",
    "attack",
    "allocate",
    "animal_wounds",
    "behaviour",
    "wander",
    "hunt_step",
    "hunt_target",
    "animal_target",
    "over",
)
CHANCE_PHASES = frozenset(
    (
        "event",
        "initiative",
        "attack",
        "animal_wounds",
        "behaviour",
        "wander",
        "hunt_step",
        "hunt_target",
        "animal_target",
    )
)
PRE_ORDER = ("request", "event", "initiative", "order")
ACTIVE_PHASES = (
    "act",
    "attack",
    "allocate",
    "animal_wounds",
    "behaviour",
    "wander",
    "hunt_step",
    "hunt_target",
    "animal_target",
)
ANIMAL_PHASES = ("behaviour", "wander", "hunt_step", "hunt_target", "animal_target")
POOL_MAX = 20  # §5.8 [decision] the pool never holds more than 20 dice

# ---------------------------------------------------------------------------
# §2 the board
# ---------------------------------------------------------------------------

DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))  # §2 six neighbours


def hex_name(q: int, r: int) -> str:
    return chr(97 + q) + str(r + 1)


def parse_hex(h) -> tuple[int, int] | None:
    """(q, r) of a well-formed hex name (§2: letter + row 1..26, no leading zero), else None."""
    if not isinstance(h, str) or not 2 <= len(h) <= 3:
        return None
    c, num = h[0], h[1:]
    if not ("a" <= c <= "z") or not num.isdigit() or not num.isascii() or num[0] == "0":
        return None
    row = int(num)
    if not 1 <= row <= 26:
        return None
    return ord(c) - 97, row - 1


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:  # §2 hex distance
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


class Board:
    """Geometry tables of one arena, computed once."""

    def __init__(self, hexes, hex_i, hex_ii):
        self.hexes = frozenset(hexes)
        self.I = hex_i
        self.II = hex_ii
        self.coord = {h: parse_hex(h) for h in self.hexes}
        by_coord = {c: h for h, c in self.coord.items()}
        self.nbrs = {}
        for h, (q, r) in self.coord.items():
            self.nbrs[h] = tuple(
                by_coord[(q + dq, r + dr)] for dq, dr in DIRS if (q + dq, r + dr) in by_coord
            )
        self._dist = {}

    def entry(self, which: str) -> str:
        return self.I if which == "I" else self.II

    def dist(self, a: str, b: str) -> int:
        key = (a, b)
        d = self._dist.get(key)
        if d is None:
            d = distance(self.coord[a], self.coord[b])
            self._dist[key] = d
        return d


def _default_hexes():
    # §2 [decision] default arena: 0<=q<=8, 0<=r<=8, 4<=q+r<=12
    return [hex_name(q, r) for q in range(9) for r in range(9) if 4 <= q + r <= 12]


DEFAULT_BOARD = Board(_default_hexes(), "a5", "i5")
_BOARDS: dict = {}


def _board(pos) -> Board:
    arena = pos["arena"]
    if arena == "default":
        return DEFAULT_BOARD
    key = (tuple(sorted(arena["hexes"])), arena["I"], arena["II"])
    b = _BOARDS.get(key)
    if b is None:
        b = _BOARDS[key] = Board(key[0], key[1], key[2])
    return b


# ---------------------------------------------------------------------------
# Dice mathematics (all exact)
# ---------------------------------------------------------------------------


@functools.cache
def wound_distribution(attack: int, defense: int) -> tuple[Fraction, ...]:
    """§5.5: P(k wounds) for k = 0..attack.

    Walk the faces 6..1, choosing how many Attack and Defense dice show each face; the
    sorted rolls are then known position by position.  Attack die number i (in sorted
    order) wounds if i > defense and it shows 3+ (unpaired), or if its partner Defense die
    i shows a strictly lower face, i.e. is placed at a later (lower) face.
    """
    states = {(0, 0, 0): 1}  # (attack dice placed, defense dice placed, wounds) -> count
    for face in range(6, 0, -1):
        new: dict = {}
        for (ia, idf, w), wt in states.items():
            ra, rd = attack - ia, defense - idf
            ca_range = [ra] if face == 1 else range(ra + 1)
            cd_range = [rd] if face == 1 else range(rd + 1)
            for ca in ca_range:
                for cd in cd_range:
                    idn = idf + cd
                    nw = 0
                    for i in range(ia + 1, ia + ca + 1):
                        if i > defense:
                            nw += face >= 3  # unpaired Attack die hits on 3+
                        elif i > idn:
                            nw += 1  # partner strictly lower (ties: defender)
                    key = (ia + ca, idn, w + nw)
                    new[key] = new.get(key, 0) + wt * comb(ra, ca) * comb(rd, cd)
        states = new
    total = 6 ** (attack + defense)
    out = [0] * (attack + 1)
    for (_ia, _id, w), wt in states.items():
        out[w] += wt
    return tuple(Fraction(c, total) for c in out)


@functools.cache
def _tuple_ways(n: int) -> dict:
    """Sorted (high to low) rolls of n dice -> number of ordered rolls giving it."""
    out = {}
    for combo in combinations_with_replacement(range(6, 0, -1), n):
        ways = factorial(n)
        for f in set(combo):
            ways //= factorial(combo.count(f))
        out[combo] = ways
    return out


@functools.cache
def _sum_ways(n: int) -> dict:
    ways = {0: 1}
    for _ in range(n):
        nxt: dict = {}
        for s, w in ways.items():
            for f in range(1, 7):
                nxt[s + f] = nxt.get(s + f, 0) + w
        ways = nxt
    return ways


@functools.cache
def initiative_distribution(rule: str, combs: tuple) -> tuple:
    """§5.2: the `init:` outcomes.

    combs: tuple of (speed, role) with role "0"/"1" (a gladiator of that side), "W" (a
    waiting animal) or the id of an animal on the board.  Returns sorted (spelling, P).

    P(order) = P(order and all rolls differ) / P(all rolls differ): walk the roll values
    from high to low; at each value at most one unranked combatant takes it.  Only what the
    spelling needs is kept of the partial order: the winning team, the order in which the
    sides first appear (for an `A` win) and the order of the animals on the board.
    """
    n = len(combs)
    roles = [r for _s, r in combs]
    show_animals = sum(1 for r in roles if r not in ("0", "1", "W")) >= 2
    values: dict = {}
    for i, (speed, _role) in enumerate(combs):
        table = _sum_ways(speed) if rule == "sum" else _tuple_ways(speed)
        for v, w in table.items():
            values.setdefault(v, []).append((i, w))
    states = {(0, "", "", ""): 1}
    for v in sorted(values, reverse=True):  # python tuple order == §5.2 lexicographic
        takers = values[v]
        new = dict(states)  # nobody takes this value
        for (mask, top, sides, anim), wt in states.items():
            for i, w in takers:
                bit = 1 << i
                if mask & bit:
                    continue
                role = roles[i]
                t2, s2, a2 = top, sides, anim
                if role == "0" or role == "1":
                    if not t2:
                        t2 = role
                    if t2 == "A" and role not in s2:
                        s2 = s2 + role
                else:
                    if not t2:
                        t2 = "A"
                    if role != "W" and show_animals:
                        a2 = a2 + role
                key = (mask | bit, t2, s2, a2)
                new[key] = new.get(key, 0) + wt * w
        states = new
    full = (1 << n) - 1
    weights: dict = {}
    for (mask, top, sides, anim), wt in states.items():
        if mask == full:
            sp = _init_spelling(top, sides, anim, show_animals)
            weights[sp] = weights.get(sp, 0) + wt
    total = sum(weights.values())
    if total == 0:
        # §5.2: rolls can never all differ (e.g. seven Speed-1 combatants): uniform order
        weights = {}
        for perm in permutations(range(n)):
            top, sides, anim = "", "", ""
            for i in perm:
                role = roles[i]
                if role in ("0", "1"):
                    top = top or role
                    if top == "A" and role not in sides:
                        sides += role
                else:
                    top = top or "A"
                    if role != "W" and show_animals:
                        anim += role
            sp = _init_spelling(top, sides, anim, show_animals)
            weights[sp] = weights.get(sp, 0) + 1
        total = sum(weights.values())
    return tuple(sorted((sp, Fraction(w, total)) for sp, w in weights.items()))


def _init_spelling(top, sides, anim, show_animals):
    s = "init:" + top + (sides if top == "A" else "")
    if show_animals:
        s += "/" + anim
    return s


@functools.cache
def spawn_chance(n: int, rule: str) -> Fraction:
    """§5.9: P that n event dice spawn (a triple, or three sixes)."""
    if n < 3:
        return Fraction(0)
    total = 6**n
    if rule == "three_sixes":
        miss = sum(comb(n, k) * 5 ** (n - k) for k in range(3))
        return 1 - Fraction(miss, total)
    # sequences in which every face shows at most twice: n! [x^n] (1 + x + x^2/2)^6
    poly = [Fraction(1)]
    for _ in range(6):
        nxt = [Fraction(0)] * (len(poly) + 2)
        for i, c in enumerate(poly):
            nxt[i] += c
            nxt[i + 1] += c
            nxt[i + 2] += c / 2
        poly = nxt
    miss = poly[n] * factorial(n) if n < len(poly) else Fraction(0)
    return 1 - miss / total


# ---------------------------------------------------------------------------
# Small helpers on positions
# ---------------------------------------------------------------------------


def _is_glad(cid: str) -> bool:
    return cid[0] in "01"


def _find(s, cid):
    for g in s["gladiators"]:
        if g["id"] == cid:
            return g
    for a in s["animals"]:
        if a["id"] == cid:
            return a
    return None


def _occupied(s) -> dict:
    occ = {g["hex"]: g["id"] for g in s["gladiators"]}
    for a in s["animals"]:
        if a["hex"] is not None:
            occ[a["hex"]] = a["id"]
    return occ


def _has_side(s, side: int) -> bool:
    return any(g["side"] == side for g in s["gladiators"])


def _teams_on_board(s) -> list:
    teams = [str(side) for side in (0, 1) if _has_side(s, side)]
    if any(a["hex"] is not None for a in s["animals"]):
        teams.append("A")
    return teams


def _spare(c) -> int:  # §5.6
    return c["attack"] + c["defense"] + c["speed"] - 3


def _wounded(c) -> bool:
    if "side" in c:  # §3 [decision] wounds > 0
        return c["wounds"] > 0
    base = SPECIES[c["species"]]
    return c["attack"] < base[0] or c["defense"] < base[1] or c["speed"] < base[2]


def _enemies(s, g) -> list:
    """§3 a gladiator's enemies: the other side's gladiators and every animal on the board."""
    out = [o for o in s["gladiators"] if o["side"] != g["side"]]
    out += [a for a in s["animals"] if a["hex"] is not None]
    return out


def _foes(s, a) -> list:
    """§3 an animal's foes: all gladiators and animals on the board of another species."""
    out = list(s["gladiators"])
    out += [o for o in s["animals"] if o["hex"] is not None and o["species"] != a["species"]]
    return out


def _adjacent(board, c, others) -> list:
    nb = board.nbrs[c["hex"]]
    return [o for o in others if o["hex"] in nb]


def _event_possible(s) -> bool:  # §5.1 step 2
    r = s["rules"]
    return r["animals"] and len(s["animals"]) < 3 and spawn_chance(s["pool"], r["spawn"]) > 0


def _copy(pos) -> dict:
    s = dict(pos)
    s["rules"] = dict(pos["rules"])
    if isinstance(pos["arena"], dict):
        s["arena"] = {
            "hexes": list(pos["arena"]["hexes"]),
            "I": pos["arena"]["I"],
            "II": pos["arena"]["II"],
        }
    s["gladiators"] = [dict(g) for g in pos["gladiators"]]
    s["animals"] = [dict(a) for a in pos["animals"]]
    s["team_order"] = list(pos["team_order"])
    s["animal_order"] = list(pos["animal_order"])
    s["acted"] = list(pos["acted"])
    s["active"] = dict(pos["active"]) if pos["active"] is not None else None
    s["pending"] = dict(pos["pending"]) if pos["pending"] is not None else None
    s["result"] = list(pos["result"]) if pos["result"] is not None else None
    return s


def _compute_to_move(s):  # §6 phase table
    ph = s["phase"]
    if ph == "over":
        return "terminal"
    if ph in CHANCE_PHASES:
        return "chance"
    if ph in ("request", "order"):
        return s["chooser"]
    if ph == "select":
        return int(s["team_order"][s["slot"]])
    if ph == "act":
        return _find(s, s["active"]["id"])["side"]
    if ph == "allocate":
        return _find(s, s["pending"]["target"])["side"]
    raise AssertionError(ph)


# ---------------------------------------------------------------------------
# Options: legal moves and chance outcomes
# ---------------------------------------------------------------------------


def _reachable(board, start, speed, occ) -> list:
    """§5.4: free hexes within `speed` steps through free hexes (not the start)."""
    seen = {start}
    frontier = [start]
    out = []
    for _ in range(speed):
        nxt = []
        for h in frontier:
            for n in board.nbrs[h]:
                if n not in seen and n not in occ:
                    seen.add(n)
                    nxt.append(n)
                    out.append(n)
        frontier = nxt
    return out


def _splits(c, k):
    """§5.6 every (x, y, z) with x+y+z = k keeping each attribute at 1 or more."""
    out = []
    for x in range(min(k, c["attack"] - 1) + 1):
        for y in range(min(k - x, c["defense"] - 1) + 1):
            z = k - x - y
            if z <= c["speed"] - 1:
                out.append((x, y, z))
    return out


def _legal(s) -> list:
    ph = s["phase"]
    board = _board(s)
    if ph == "request":  # §5.1
        return ["pass", "roll"]
    if ph == "order":  # §5.2
        teams = _teams_on_board(s)
        return sorted("order:" + "".join(p) for p in permutations(teams))
    if ph == "select":  # §5.3
        side = int(s["team_order"][s["slot"]])
        return sorted(
            "activate:" + g["id"]
            for g in s["gladiators"]
            if g["side"] == side and g["id"] not in s["acted"]
        )
    if ph == "act":  # §5.4
        act = s["active"]
        g = _find(s, act["id"])
        moves = ["end"]
        if not act["attacked"]:
            moves += ["attack:" + e["id"] for e in _adjacent(board, g, _enemies(s, g))]
        if not act["moved"] and (not act["attacked"] or s["rules"]["attack_then_move"]):
            occ = _occupied(s)
            moves += ["move:" + h for h in _reachable(board, g["hex"], g["speed"], occ)]
        return sorted(moves)
    if ph == "allocate":  # §5.6
        p = s["pending"]
        g = _find(s, p["target"])
        return sorted("lose:%d-%d-%d" % t for t in _splits(g, p["wounds"]))
    return []


def _chance(s) -> list:
    ph = s["phase"]
    rules = s["rules"]
    board = _board(s)
    out = []
    if ph == "event":  # §5.9
        p = spawn_chance(s["pool"], rules["spawn"])
        if p < 1:
            out.append(("spawn:none", 1 - p))
        if any(a["species"] == "rhino" for a in s["animals"]):
            species = (("lion", Fraction(3, 5)), ("bear", Fraction(2, 5)))
        else:
            species = (
                ("lion", Fraction(1, 2)),
                ("bear", Fraction(1, 3)),
                ("rhino", Fraction(1, 6)),
            )
        for sp, ps in species:
            for e in ("I", "II"):
                out.append(("spawn:%s-%s" % (sp, e), p * ps / 2))
    elif ph == "initiative":  # §5.2
        combs = [(g["speed"], str(g["side"])) for g in s["gladiators"]]
        combs += [(a["speed"], a["id"] if a["hex"] is not None else "W") for a in s["animals"]]
        out = list(initiative_distribution(rules["initiative"], tuple(combs)))
    elif ph == "attack":  # §5.5
        p = s["pending"]
        att = _find(s, p["attacker"])
        tgt = _find(s, p["target"])
        dice = att["attack"]
        if not _is_glad(att["id"]) and att["species"] == "rhino" and s["active"]["steps"] >= 2:
            dice += 2  # §3 rhino charge
        dist = wound_distribution(dice, tgt["defense"])
        out = [("wounds:%d" % k, pk) for k, pk in enumerate(dist) if pk]
    elif ph == "animal_wounds":  # §5.6 random dice
        p = s["pending"]
        a = _find(s, p["target"])
        k = p["wounds"]
        den = comb(_spare(a), k)
        for x, y, z in _splits(a, k):
            num = comb(a["attack"] - 1, x) * comb(a["defense"] - 1, y) * comb(a["speed"] - 1, z)
            out.append(("lose:%d-%d-%d" % (x, y, z), Fraction(num, den)))
    elif ph == "behaviour":  # §5.7 step 2
        a = _find(s, s["active"]["id"])
        if _wounded(a):
            out = [("behave:hunt", Fraction(2, 3)), ("behave:roar", Fraction(1, 3))]
        else:
            out = [
                ("behave:hunt", Fraction(1, 2)),
                ("behave:roar", Fraction(1, 6)),
                ("behave:wander1", Fraction(1, 6)),
                ("behave:wander2", Fraction(1, 6)),
            ]
    elif ph == "wander":  # §5.7 step 3
        a = _find(s, s["active"]["id"])
        occ = _occupied(s)
        free = [h for h in board.nbrs[a["hex"]] if h not in occ]
        out = [("step:" + h, Fraction(1, 6)) for h in free]
        if len(free) < 6:  # off board or occupied
            out.append(("step:stay", Fraction(6 - len(free), 6)))
    elif ph == "hunt_step":  # §5.7 step 4
        cands = _hunt_candidates(s)
        out = [("step:" + h, Fraction(1, len(cands))) for h in cands]
    elif ph == "hunt_target":
        cands = _hunt_targets(s)
        out = [("target:" + c, Fraction(1, len(cands))) for c in cands]
    elif ph == "animal_target":  # §5.7 step 5
        cands = _attack_targets(s)
        out = [("target:" + c, Fraction(1, len(cands))) for c in cands]
    out.sort()
    return out


def _prefer_wounded(cs) -> list:
    w = [c for c in cs if _wounded(c)]
    return sorted(c["id"] for c in (w or cs))


def _attack_targets(s) -> list:
    a = _find(s, s["active"]["id"])
    return _prefer_wounded(_adjacent(_board(s), a, _foes(s, a)))


def _hunt_targets(s) -> list:
    # §5.7 step 4 [decision] nearest by hex distance, then wounded, then uniform
    board = _board(s)
    a = _find(s, s["active"]["id"])
    foes = _foes(s, a)
    best = min(board.dist(a["hex"], f["hex"]) for f in foes)
    return _prefer_wounded([f for f in foes if board.dist(a["hex"], f["hex"]) == best])


def _hunt_candidates(s) -> list:
    board = _board(s)
    a = _find(s, s["active"]["id"])
    t = _find(s, s["active"]["target"])
    d0 = board.dist(a["hex"], t["hex"])
    occ = _occupied(s)
    return sorted(
        h for h in board.nbrs[a["hex"]] if h not in occ and board.dist(h, t["hex"]) == d0 - 1
    )


# ---------------------------------------------------------------------------
# Transitions (on a private working copy `s`)
# ---------------------------------------------------------------------------


def _set_over(s, result):  # §5.10
    s.update(
        phase="over",
        team_order=[],
        animal_order=[],
        slot=0,
        acted=[],
        chooser=None,
        active=None,
        pending=None,
        result=result,
    )


def _start_round(s):  # §5.1
    rules = s["rules"]
    s.update(
        phase=None,
        team_order=[],
        animal_order=[],
        slot=0,
        acted=[],
        chooser=None,
        active=None,
        pending=None,
    )
    if rules["animals"]:
        board = _board(s)
        occ = _occupied(s)
        for a in s["animals"]:  # step 1, oldest first
            if a["hex"] is None:
                h = board.entry(a["entry"])
                if h not in occ:
                    a["hex"] = h
                    occ[h] = a["id"]
        if _event_possible(s):  # step 2
            if rules["event_roll"] == "always":
                s["phase"] = "event"
                return
            for side in (0, 1):  # on_request: 0 first
                if _has_side(s, side):
                    s["phase"] = "request"
                    s["chooser"] = side
                    return
    _start_initiative(s)


def _start_initiative(s):  # §5.2
    teams = _teams_on_board(s)
    if len(teams) <= 1:
        # [decision of the book] one team alone acts alone, nothing rolled
        s["team_order"] = teams
        s["animal_order"] = []
        _begin_activations(s)
        return
    s["phase"] = "initiative"


def _begin_activations(s):
    s["slot"] = 0
    s["chooser"] = None
    _next_turn(s, 0)


def _next_turn(s, start):  # §5.3 cycle the teams
    order = s["team_order"]
    n = len(order)
    for i in range(n):
        idx = (start + i) % n
        team = order[idx]
        if team == "A":
            for aid in s["animal_order"]:
                if aid not in s["acted"]:
                    s["slot"] = idx
                    _activate_animal(s, aid)
                    return
        else:
            side = int(team)
            if any(g["side"] == side and g["id"] not in s["acted"] for g in s["gladiators"]):
                s["slot"] = idx
                s["phase"] = "select"  # one candidate: carried out by _settle
                s["active"] = None
                return
    _end_round(s)


def _end_round(s):
    if s["round"] >= s["rules"]["round_cap"]:  # §5.10 [decision] cap
        _set_over(s, [0, 0])
        return
    s["round"] += 1
    _start_round(s)


def _mark_acted(s, cid):
    s["acted"] = sorted(s["acted"] + [cid])


def _activate_glad(s, gid):  # §5.4
    _mark_acted(s, gid)
    s["active"] = {"id": gid, "moved": False, "attacked": False}
    s["phase"] = "act"  # only `end` left: carried out by _settle


def _activate_animal(s, aid):  # §5.7
    _mark_acted(s, aid)
    s["active"] = {"id": aid, "steps": 0, "left": 0, "target": None}
    a = _find(s, aid)
    if _adjacent(_board(s), a, _foes(s, a)):  # step 1 adjacent foe
        _animal_attack(s)
    else:
        s["phase"] = "behaviour"  # step 2


def _animal_attack(s):  # §5.7 step 5
    s["active"]["left"] = 0
    s["phase"] = "animal_target"  # one candidate: carried out by _settle


def _end_activation(s):
    s["active"] = None
    s["pending"] = None
    _next_turn(s, s["slot"] + 1)


def _defeat(s, cid) -> bool:
    """§5.6 remove a defeated combatant; §5.10 check the end. True if the combat is over."""
    s["gladiators"] = [g for g in s["gladiators"] if g["id"] != cid]
    s["animals"] = [a for a in s["animals"] if a["id"] != cid]
    s["acted"] = [c for c in s["acted"] if c != cid]
    s["animal_order"] = [c for c in s["animal_order"] if c != cid]
    if s["rules"]["animals"] and s["rules"]["format"] == "primus":
        s["pool"] = min(POOL_MAX, s["pool"] + 1)  # §5.8 [decision]
    g0, g1 = _has_side(s, 0), _has_side(s, 1)
    beasts = bool(s["animals"])
    if not g0 and not g1:
        _set_over(s, [0, 0])
    elif not g1 and not beasts:
        _set_over(s, [1, -1])
    elif not g0 and not beasts:
        _set_over(s, [-1, 1])
    else:
        return False
    return True


def _after_attack(s):  # §5.6 last paragraph
    s["pending"] = None
    act = s["active"]
    if _is_glad(act["id"]):
        act["attacked"] = True
        s["phase"] = "act"
    else:
        _end_activation(s)


def _hunt_continue(s):  # §5.7 step 4
    act = s["active"]
    a = _find(s, act["id"])
    if _adjacent(_board(s), a, _foes(s, a)):
        _animal_attack(s)
    elif act["left"] == 0 or not _hunt_candidates(s):
        _end_activation(s)
    else:
        s["phase"] = "hunt_step"


def _step(s, move):
    """Apply a legal move or outcome to the working copy (no auto-play)."""
    ph = s["phase"]
    board = _board(s)
    if ph == "request":
        if move == "roll":
            s["phase"] = "event"
            s["chooser"] = None
        elif s["chooser"] == 0 and _has_side(s, 1):
            s["chooser"] = 1
        else:
            s["chooser"] = None
            _start_initiative(s)
    elif ph == "event":
        sp = move[len("spawn:") :]
        if sp != "none":  # §5.9
            species, entry = sp.split("-")
            used = {a["id"] for a in s["animals"]}
            aid = next(i for i in ANIMAL_IDS if i not in used)
            at, de, spd = SPECIES[species]
            h = board.entry(entry)
            s["animals"].append(
                {
                    "id": aid,
                    "species": species,
                    "attack": at,
                    "defense": de,
                    "speed": spd,
                    "hex": None if h in _occupied(s) else h,
                    "entry": entry,
                }
            )
            s["pool"] = 0
        _start_initiative(s)
    elif ph == "initiative":
        body = move[len("init:") :]
        win, _, ids = body.partition("/")
        onboard = [a["id"] for a in s["animals"] if a["hex"] is not None]
        s["animal_order"] = list(ids) if ids else onboard
        if win in ("0", "1"):
            s["phase"] = "order"
            s["chooser"] = int(win)
        else:
            s["team_order"] = (["A"] if onboard else []) + list(win[1:])
            _begin_activations(s)
    elif ph == "order":
        s["team_order"] = list(move[len("order:") :])
        _begin_activations(s)
    elif ph == "select":
        _activate_glad(s, move[len("activate:") :])
    elif ph == "act":
        act = s["active"]
        g = _find(s, act["id"])
        if move == "end":
            _end_activation(s)
        elif move.startswith("attack:"):
            s["phase"] = "attack"
            s["pending"] = {"attacker": g["id"], "target": move[len("attack:") :]}
        else:
            dest = move[len("move:") :]
            if s["rules"]["animals"]:  # §5.8 kiting
                foes = [e for e in _enemies(s, g)]
                if foes and all(
                    board.dist(dest, e["hex"]) > board.dist(g["hex"], e["hex"]) for e in foes
                ):
                    s["pool"] = min(POOL_MAX, s["pool"] + 1)
            g["hex"] = dest
            act["moved"] = True
    elif ph == "attack":
        k = int(move[len("wounds:") :])
        tgt = _find(s, s["pending"]["target"])
        if k == 0:
            _after_attack(s)
        elif k > _spare(tgt):  # §5.6 defeat
            if not _defeat(s, tgt["id"]):
                _after_attack(s)
        else:
            s["phase"] = "allocate" if _is_glad(tgt["id"]) else "animal_wounds"
            s["pending"] = {"target": tgt["id"], "wounds": k}
    elif ph in ("allocate", "animal_wounds"):
        x, y, z = (int(t) for t in move[len("lose:") :].split("-"))
        tgt = _find(s, s["pending"]["target"])
        tgt["attack"] -= x
        tgt["defense"] -= y
        tgt["speed"] -= z
        if "wounds" in tgt:
            tgt["wounds"] += x + y + z
        _after_attack(s)
    elif ph == "behaviour":
        kind = move[len("behave:") :]
        if kind == "roar":
            _end_activation(s)
        elif kind == "hunt":
            s["phase"] = "hunt_target"
        else:
            s["active"]["left"] = 1 if kind == "wander1" else 2
            s["phase"] = "wander"
    elif ph == "wander":
        act = s["active"]
        a = _find(s, act["id"])
        dest = move[len("step:") :]
        if dest != "stay":
            a["hex"] = dest
            act["steps"] += 1
        act["left"] -= 1
        if _adjacent(board, a, _foes(s, a)):
            _animal_attack(s)
        elif act["left"] > 0:
            s["phase"] = "wander"  # a fresh roll, may repeat the direction [decision]
        else:
            _end_activation(s)
    elif ph == "hunt_target":
        act = s["active"]
        act["target"] = move[len("target:") :]
        act["left"] = _find(s, act["id"])["speed"]
        _hunt_continue(s)
    elif ph == "hunt_step":
        act = s["active"]
        _find(s, act["id"])["hex"] = move[len("step:") :]
        act["steps"] += 1
        act["left"] -= 1
        _hunt_continue(s)
    elif ph == "animal_target":
        s["phase"] = "attack"
        s["pending"] = {"attacker": s["active"]["id"], "target": move[len("target:") :]}
    else:
        raise AssertionError(ph)


def _options(s) -> list:
    if s["phase"] in CHANCE_PHASES:
        return [o for o, _p in _chance(s)]
    return _legal(s)


def _settle(s):
    """§5: a choice with exactly one option is carried out at once."""
    while s["phase"] != "over":
        opts = _options(s)
        if len(opts) != 1:
            assert opts, "no option in phase %s" % s["phase"]
            break
        _step(s, opts[0])
    s["to_move"] = _compute_to_move(s)


# ---------------------------------------------------------------------------
# Public interface
# ---------------------------------------------------------------------------


def _err(field, msg):
    return ValueError("field '%s': %s" % (field, msg))


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_rules(rules) -> dict:
    if rules is None:
        rules = {}
    if not isinstance(rules, dict):
        raise _err("rules", "not an object")
    out = dict(DEFAULT_RULES)
    for k, v in rules.items():
        if k not in DEFAULT_RULES:
            raise _err("rules." + str(k), "unknown rules key")
        if k in RULE_CHOICES:
            if type(v) is not type(DEFAULT_RULES[k]) or v not in RULE_CHOICES[k]:
                raise _err("rules." + k, "bad value %r" % (v,))
        elif k == "round_cap":
            if not _is_int(v) or not 1 <= v <= 1000:
                raise _err("rules.round_cap", "not an integer 1-1000")
        out[k] = v
    for k in ("side0", "side1"):
        _roster_names(out[k], out["format"], "rules." + k)
    return out


def _roster_names(v, fmt, field) -> list:
    """§4 setup names: one roster name, or in a Primus two joined by '+'."""
    if not isinstance(v, str):
        raise _err(field, "not a string")
    parts = v.split("+")
    if len(parts) > (2 if fmt == "primus" else 1) or any(p not in ROSTER for p in parts):
        raise _err(field, "not a roster name%s" % (" or pair" if fmt == "primus" else ""))
    if fmt == "primus" and len(parts) == 1:
        parts = parts * 2
    return parts


VARIANTS: dict = {
    "duel": {},
    "primus": {"format": "primus"},
    "duel_animals": {"animals": True},
    "primus_animals": {"format": "primus", "animals": True},
    "duel_sum": {"initiative": "sum", "side0": "champion", "side1": "novice"},
    "primus_animals_sum": {
        "format": "primus",
        "animals": True,
        "initiative": "sum",
        "side0": "retiarius+dimachaerus",
        "side1": "hoplomachus",
    },
    "duel_animals_no_kiting": {
        "animals": True,
        "attack_then_move": False,
        "side0": "retiarius",
        "side1": "dimachaerus",
    },
    "primus_no_kiting": {
        "format": "primus",
        "attack_then_move": False,
        "side0": "novice+champion",
        "side1": "murmillo+thraex",
    },
    "primus_animals_three_sixes": {"format": "primus", "animals": True, "spawn": "three_sixes"},
    "primus_animals_on_request": {"format": "primus", "animals": True, "event_roll": "on_request"},
    "duel_animals_on_request_three_sixes": {
        "animals": True,
        "event_roll": "on_request",
        "spawn": "three_sixes",
        "round_cap": 12,
        "side0": "hoplomachus",
        "side1": "champion",
    },
    "duel_cap5": {"round_cap": 5},
}


def new_position(rules: dict | None = None) -> dict:
    """§4 the starting position."""
    r = _check_rules(rules)
    names0 = _roster_names(r["side0"], r["format"], "rules.side0")
    names1 = _roster_names(r["side1"], r["format"], "rules.side1")
    ids = [("0a", names0[0], 0, "a5"), ("1a", names1[0], 1, "i5")]
    if r["format"] == "primus":
        ids += [("0b", names0[1], 0, "a6"), ("1b", names1[1], 1, "i4")]
    glads = []
    for gid, name, side, h in sorted(ids):
        at, de, sp = ROSTER[name]
        glads.append(
            {
                "id": gid,
                "name": name,
                "side": side,
                "attack": at,
                "defense": de,
                "speed": sp,
                "wounds": 0,
                "hex": h,
            }
        )
    s = {
        "game": GAME,
        "rules": r,
        "to_move": None,
        "arena": "default",
        "round": 1,
        "pool": len(glads) if r["animals"] else 0,
        "gladiators": glads,
        "animals": [],
        "phase": None,
        "team_order": [],
        "animal_order": [],
        "slot": 0,
        "acted": [],
        "chooser": None,
        "active": None,
        "pending": None,
        "result": None,
    }
    _start_round(s)
    _settle(s)
    return s


def to_move(pos: dict):
    return pos["to_move"]


def legal_moves(pos: dict) -> list:
    if pos["phase"] in CHANCE_PHASES or pos["phase"] == "over":
        return []
    return _legal(pos)


def chance_outcomes(pos: dict) -> list:
    if pos["phase"] not in CHANCE_PHASES:
        return []
    return _chance(pos)


def apply(pos: dict, move: str) -> dict:
    if not isinstance(move, str) or move not in _options(pos):
        raise ValueError("illegal move %r" % (move,))
    s = _copy(pos)
    _step(s, move)
    _settle(s)
    return s


def result(pos: dict) -> list:
    if pos["phase"] != "over":
        raise ValueError("position is not terminal")
    return list(pos["result"])


def perft(pos: dict, depth: int) -> int:
    if depth == 0:
        return 1
    if pos["phase"] == "over":
        return 0
    total = 0
    for m in _options(pos):
        total += perft(apply(pos, m), depth - 1)
    return total


# ---------------------------------------------------------------------------
# load: canonicalise and validate (§6 "Invalid positions")
# ---------------------------------------------------------------------------


def _exact_keys(obj, keys, field):
    if not isinstance(obj, dict):
        raise _err(field or "position", "not an object")
    pre = field + "." if field else ""
    for k in obj:
        if k not in keys:
            raise _err(pre + str(k), "unknown field")
    for k in keys:
        if k not in obj:
            raise _err(pre + k, "missing field")


def load(pos: dict) -> dict:
    if not isinstance(pos, dict):
        raise _err("position", "not an object")
    _exact_keys(pos, FIELDS, "")
    if pos["game"] != GAME:
        raise _err("game", "not 'arena'")
    rules = _check_rules(pos["rules"])

    # --- arena ---
    arena = pos["arena"]
    if arena == "default":
        arena_c = "default"
    else:
        _exact_keys(arena, ("hexes", "I", "II"), "arena")
        hx = arena["hexes"]
        if not isinstance(hx, list) or len(hx) < 2:
            raise _err("arena.hexes", "needs a list of at least 2 hexes")
        for h in hx:
            if parse_hex(h) is None:
                raise _err("arena.hexes", "malformed hex %r" % (h,))
        if len(set(hx)) != len(hx):
            raise _err("arena.hexes", "repeated hex")
        for k in ("I", "II"):
            if parse_hex(arena[k]) is None or arena[k] not in hx:
                raise _err("arena." + k, "not a hex of the arena")
        if arena["I"] == arena["II"]:
            raise _err("arena.II", "I = II")
        if set(hx) == DEFAULT_BOARD.hexes and arena["I"] == "a5" and arena["II"] == "i5":
            arena_c = "default"
        else:
            arena_c = {"hexes": sorted(hx), "I": arena["I"], "II": arena["II"]}
    s = {"game": GAME, "rules": rules, "arena": arena_c}
    board = _board(s)

    def hex_ok(h, field):
        if parse_hex(h) is None:
            raise _err(field, "malformed hex %r" % (h,))
        if h not in board.hexes:
            raise _err(field, "hex %s is off the board" % h)

    # --- scalars ---
    rnd = pos["round"]
    if not _is_int(rnd) or not 1 <= rnd <= rules["round_cap"]:
        raise _err("round", "out of range")
    pool = pos["pool"]
    if not _is_int(pool) or not 0 <= pool <= POOL_MAX:
        raise _err("pool", "out of range")
    if pool != 0 and not rules["animals"]:
        raise _err("pool", "must be 0 without animals")

    # --- gladiators ---
    if not isinstance(pos["gladiators"], list):
        raise _err("gladiators", "not a list")
    allowed = ("0a", "0b", "1a", "1b") if rules["format"] == "primus" else ("0a", "1a")
    glads = []
    seen_ids = set()
    hexes_used = set()
    for i, g in enumerate(pos["gladiators"]):
        f = "gladiators[%d]" % i
        _exact_keys(g, GLAD_FIELDS, f)
        if g["id"] not in allowed or g["id"] in seen_ids:
            raise _err(f + ".id", "id not allowed or repeated")
        seen_ids.add(g["id"])
        if not _is_int(g["side"]) or g["side"] != int(g["id"][0]):
            raise _err(f + ".side", "differs from the id")
        for k in ("attack", "defense", "speed"):
            if not _is_int(g[k]) or not 1 <= g[k] <= 8:
                raise _err(f + "." + k, "outside 1-8")
        if not _is_int(g["wounds"]) or not 0 <= g["wounds"] <= 99:
            raise _err(f + ".wounds", "outside 0-99")
        nm = g["name"]
        if (
            not isinstance(nm, str)
            or not 1 <= len(nm) <= 32
            or any(not 33 <= ord(ch) <= 126 for ch in nm)
        ):
            raise _err(f + ".name", "not 1-32 printable non-space ASCII characters")
        hex_ok(g["hex"], f + ".hex")
        if g["hex"] in hexes_used:
            raise _err(f + ".hex", "two combatants share a hex")
        hexes_used.add(g["hex"])
        glads.append(dict(g))
    glads.sort(key=lambda g: g["id"])

    # --- animals ---
    if not isinstance(pos["animals"], list):
        raise _err("animals", "not a list")
    if pos["animals"] and not rules["animals"]:
        raise _err("animals", "animals exist without the variant")
    if len(pos["animals"]) > 3:
        raise _err("animals", "more than 3")
    animals = []
    for i, a in enumerate(pos["animals"]):
        f = "animals[%d]" % i
        _exact_keys(a, ANIMAL_FIELDS, f)
        if a["id"] not in ANIMAL_IDS or a["id"] in seen_ids:
            raise _err(f + ".id", "not a distinct id among x, y, z")
        seen_ids.add(a["id"])
        if not isinstance(a["species"], str) or a["species"] not in SPECIES:
            raise _err(f + ".species", "unknown species")
        for k, top in zip(("attack", "defense", "speed"), SPECIES[a["species"]]):
            if not _is_int(a[k]) or not 1 <= a[k] <= top:
                raise _err(f + "." + k, "outside 1-%d" % top)
        if a["entry"] not in ("I", "II"):
            raise _err(f + ".entry", "not 'I' or 'II'")
        if a["hex"] is not None:
            hex_ok(a["hex"], f + ".hex")
            if a["hex"] in hexes_used:
                raise _err(f + ".hex", "two combatants share a hex")
            hexes_used.add(a["hex"])
        animals.append(dict(a))
    if sum(1 for a in animals if a["species"] == "rhino") > 1:
        raise _err("animals", "more than one rhino")

    s.update(round=rnd, pool=pool, gladiators=glads, animals=animals)

    # --- phase and round state: types ---
    ph = pos["phase"]
    if ph not in PHASES:
        raise _err("phase", "unknown phase %r" % (ph,))
    s["phase"] = ph
    to = pos["team_order"]
    if (
        not isinstance(to, list)
        or any(t not in ("0", "1", "A") for t in to)
        or len(set(to)) != len(to)
    ):
        raise _err("team_order", "not a list of distinct teams")
    ao = pos["animal_order"]
    if (
        not isinstance(ao, list)
        or any(not isinstance(x, str) for x in ao)
        or len(set(ao)) != len(ao)
    ):
        raise _err("animal_order", "not a list of distinct ids")
    slot = pos["slot"]
    if not _is_int(slot):
        raise _err("slot", "not an integer")
    acted = pos["acted"]
    if (
        not isinstance(acted, list)
        or any(not isinstance(x, str) for x in acted)
        or len(set(acted)) != len(acted)
    ):
        raise _err("acted", "not a list of distinct ids")
    chooser = pos["chooser"]
    if chooser is not None and chooser not in (0, 1) or isinstance(chooser, bool):
        raise _err("chooser", "not 0, 1 or null")
    s.update(
        team_order=list(to), animal_order=list(ao), slot=slot, acted=sorted(acted), chooser=chooser
    )

    # --- result / decided ---
    res = pos["result"]
    g0, g1 = _has_side(s, 0), _has_side(s, 1)
    decided = (not g0 and not g1) or ((not g0 or not g1) and not animals)
    if ph == "over":
        if (
            to
            or ao
            or slot != 0
            or acted
            or chooser is not None
            or pos["active"] is not None
            or pos["pending"] is not None
        ):
            raise _err("phase", "over with round state left")
        ok = False
        if res == [1, -1]:
            ok = g0 and not g1 and not animals
        elif res == [-1, 1]:
            ok = g1 and not g0 and not animals
        elif res == [0, 0]:
            ok = (not g0 and not g1) or rnd == rules["round_cap"]
        if not ok or not isinstance(res, list) or any(not _is_int(v) for v in res):
            raise _err("result", "does not match the position")
        s.update(active=None, pending=None, result=list(res), to_move="terminal")
        if pos["to_move"] != "terminal":
            raise _err("to_move", "does not match the phase")
        return s
    if res is not None:
        raise _err("result", "set before the combat is over")
    if decided:
        raise _err("phase", "the combat is decided but the phase is not 'over'")
    s["result"] = None

    by_id = {c["id"]: c for c in glads + animals}
    onboard_animals = {a["id"] for a in animals if a["hex"] is not None}
    teams = _teams_on_board(s)

    # --- round state ---
    if ph in PRE_ORDER:
        if to or acted or slot != 0:
            raise _err("team_order", "must be empty with acted empty and slot 0 before play")
        if ph != "order" and ao:
            raise _err("animal_order", "must be empty before initiative")
    if ph not in ("request", "event", "initiative"):
        if set(ao) != onboard_animals:
            raise _err("animal_order", "does not list exactly the animals on the board")
    if ph not in PRE_ORDER:
        if not to or any(t not in to for t in teams):
            raise _err("team_order", "misses a team with combatants on the board")
        if not 0 <= slot < len(to):
            raise _err("slot", "does not index team_order")
    for cid in acted:
        if cid not in by_id:
            raise _err("acted", "unknown id %r" % cid)
        if cid in ANIMAL_IDS and cid not in onboard_animals:
            raise _err("acted", "holds a waiting animal")
    if ph in ("request", "order"):
        if chooser is None or not _has_side(s, chooser):
            raise _err("chooser", "not a side with gladiators")
    elif chooser is not None:
        raise _err("chooser", "must be null")
    if ph == "request" and rules["event_roll"] != "on_request":
        raise _err("phase", "request without on_request")
    if ph in ("request", "event") and not _event_possible(s):
        raise _err("phase", "no event roll can happen")
    if ph == "initiative" and len(teams) < 2:
        raise _err("phase", "initiative with fewer than two teams on the board")
    if ph == "select" and to[slot] == "A":
        raise _err("phase", "select at the slot of team A")

    # --- active ---
    act = pos["active"]
    if ph in ACTIVE_PHASES:
        if act is None:
            raise _err("active", "missing")
        if not isinstance(act, dict) or "id" not in act:
            raise _err("active", "not an object with an id")
        aid = act["id"]
        if not isinstance(aid, str) or aid not in by_id:
            raise _err("active.id", "unknown id")
        if aid not in acted:
            raise _err("active.id", "not in acted")
        team = aid[0] if _is_glad(aid) else "A"
        if to[slot] != team:
            raise _err("active.id", "not of team_order[slot]")
        if _is_glad(aid):
            _exact_keys(act, ("id", "moved", "attacked"), "active")
            if not isinstance(act["moved"], bool) or not isinstance(act["attacked"], bool):
                raise _err("active", "flags must be booleans")
            if ph not in ("act", "attack", "allocate", "animal_wounds"):
                raise _err("active", "gladiator form in an animal phase")
            if ph != "act" and act["attacked"]:
                raise _err("active.attacked", "must be false in %s" % ph)
            if act["moved"] and act["attacked"]:
                raise _err("active", "both flags true")
        else:
            _exact_keys(act, ("id", "steps", "left", "target"), "active")
            an = by_id[aid]
            if an["hex"] is None:
                raise _err("active.id", "a waiting animal cannot act")
            if not _is_int(act["steps"]) or not 0 <= act["steps"] <= SPECIES[an["species"]][2]:
                raise _err("active.steps", "out of range")
            if not _is_int(act["left"]) or not 0 <= act["left"] <= an["speed"]:
                raise _err("active.left", "out of range")
            tg = act["target"]
            if tg is not None and (not isinstance(tg, str) or tg not in by_id):
                raise _err("active.target", "unknown id")
            if ph == "act":
                raise _err("active", "animal form in act")
            foes = _foes(s, an)
            if ph in ANIMAL_PHASES and ph != "animal_target" and _adjacent(board, an, foes):
                raise _err("phase", "a foe is next to the animal")
            if ph in ("behaviour", "hunt_target"):
                if act["steps"] != 0 or act["left"] != 0 or tg is not None:
                    raise _err("active", "needs steps = left = 0 and no target")
            elif ph == "wander":
                if act["left"] not in (1, 2) or tg is not None:
                    raise _err("active", "wander needs left 1 or 2 and no target")
            elif ph == "hunt_step":
                if tg is None or by_id[tg] not in foes or act["left"] < 1:
                    raise _err("active", "hunt_step needs a foe target and left >= 1")
            elif ph == "animal_target":
                if act["left"] != 0:
                    raise _err("active.left", "must be 0")
        s["active"] = dict(act)
    else:
        if act is not None:
            raise _err("active", "present outside an activation")
        s["active"] = None

    # --- pending ---
    pend = pos["pending"]
    if ph == "attack":
        _exact_keys(pend, ("attacker", "target"), "pending")
        if pend["attacker"] != s["active"]["id"]:
            raise _err("pending.attacker", "not the active combatant")
        att = by_id[pend["attacker"]]
        tgt = by_id.get(pend["target"]) if isinstance(pend["target"], str) else None
        opp = _enemies(s, att) if _is_glad(att["id"]) else _foes(s, att)
        if (
            tgt is None
            or tgt not in opp
            or tgt["hex"] is None
            or tgt["hex"] not in board.nbrs[att["hex"]]
        ):
            raise _err("pending.target", "not an adjacent opponent")
        s["pending"] = dict(pend)
    elif ph in ("allocate", "animal_wounds"):
        _exact_keys(pend, ("target", "wounds"), "pending")
        tgt = by_id.get(pend["target"]) if isinstance(pend["target"], str) else None
        if tgt is None or (ph == "allocate") != _is_glad(tgt["id"]) or tgt["hex"] is None:
            raise _err("pending.target", "wrong kind of target")
        if not _is_int(pend["wounds"]) or not 1 <= pend["wounds"] <= _spare(tgt):
            raise _err("pending.wounds", "not from 1 to the target's spare dice")
        s["pending"] = dict(pend)
    else:
        if pend is not None:
            raise _err("pending", "must be null")
        s["pending"] = None

    # --- to_move and the two-option rule ---
    s["to_move"] = _compute_to_move(s)
    if pos["to_move"] != s["to_move"] or isinstance(pos["to_move"], bool):
        raise _err("to_move", "does not match the phase")
    if len(_options(s)) < 2:
        raise _err("phase", "fewer than two moves or outcomes")
    return s


# ---------------------------------------------------------------------------
# Positions for perft comparisons
# ---------------------------------------------------------------------------


def _ex(rules, **fields):
    base = {
        "game": GAME,
        "rules": rules,
        "to_move": "chance",
        "arena": "default",
        "round": 1,
        "pool": 0,
        "gladiators": [],
        "animals": [],
        "phase": "initiative",
        "team_order": [],
        "animal_order": [],
        "slot": 0,
        "acted": [],
        "chooser": None,
        "active": None,
        "pending": None,
        "result": None,
    }
    base.update(fields)
    return load(base)


def _g(gid, name, at, de, sp, w, h):
    return {
        "id": gid,
        "name": name,
        "side": int(gid[0]),
        "attack": at,
        "defense": de,
        "speed": sp,
        "wounds": w,
        "hex": h,
    }


def _perft_positions():
    out = [("start:" + name, new_position(r)) for name, r in VARIANTS.items()]
    # §8 example 2
    out.append(
        (
            "example2",
            _ex(
                {},
                to_move=0,
                round=2,
                gladiators=[
                    _g("0a", "thraex", 4, 3, 1, 1, "e5"),
                    _g("1a", "murmillo", 3, 4, 2, 0, "f5"),
                ],
                phase="act",
                team_order=["0", "1"],
                acted=["0a"],
                active={"id": "0a", "moved": False, "attacked": False},
            ),
        )
    )
    # §8 example 3
    out.append(
        (
            "example3",
            _ex(
                {"animals": True},
                to_move=0,
                round=2,
                pool=2,
                gladiators=[
                    _g("0a", "thraex", 4, 3, 1, 1, "e5"),
                    _g("1a", "murmillo", 3, 2, 1, 3, "f5"),
                ],
                phase="act",
                team_order=["0", "1"],
                acted=["0a"],
                active={"id": "0a", "moved": False, "attacked": True},
            ),
        )
    )
    # §8 example 5
    out.append(
        (
            "example5",
            _ex(
                {"animals": True},
                round=4,
                gladiators=[
                    _g("0a", "thraex", 4, 3, 2, 0, "c5"),
                    _g("1a", "murmillo", 3, 4, 2, 0, "g5"),
                ],
                animals=[
                    {
                        "id": "x",
                        "species": "lion",
                        "attack": 5,
                        "defense": 1,
                        "speed": 4,
                        "hex": "e7",
                        "entry": "I",
                    }
                ],
            ),
        )
    )
    # §8 example 6
    out.append(
        (
            "example6",
            _ex(
                {"format": "primus", "animals": True, "event_roll": "on_request"},
                to_move=0,
                round=3,
                pool=3,
                gladiators=[
                    _g("0a", "thraex", 4, 3, 2, 0, "a5"),
                    _g("0b", "thraex", 4, 2, 2, 1, "c6"),
                    _g("1a", "murmillo", 3, 4, 2, 0, "g5"),
                    _g("1b", "murmillo", 3, 4, 2, 0, "g4"),
                ],
                phase="request",
                chooser=0,
            ),
        )
    )
    # §8 example 7
    out.append(
        (
            "example7",
            _ex(
                {"animals": True},
                round=4,
                gladiators=[
                    _g("0a", "thraex", 4, 3, 2, 0, "c6"),
                    _g("1a", "murmillo", 3, 4, 2, 0, "g4"),
                ],
                animals=[
                    {
                        "id": "x",
                        "species": "lion",
                        "attack": 5,
                        "defense": 1,
                        "speed": 4,
                        "hex": "e5",
                        "entry": "II",
                    }
                ],
                phase="behaviour",
                team_order=["A", "0", "1"],
                animal_order=["x"],
                acted=["x"],
                active={"id": "x", "steps": 0, "left": 0, "target": None},
            ),
        )
    )
    # §8 example 8
    out.append(
        (
            "example8",
            _ex(
                {"animals": True},
                round=6,
                pool=1,
                gladiators=[
                    _g("0a", "thraex", 4, 3, 2, 0, "b6"),
                    _g("1a", "murmillo", 3, 4, 2, 0, "g5"),
                ],
                animals=[
                    {
                        "id": "y",
                        "species": "bear",
                        "attack": 4,
                        "defense": 3,
                        "speed": 3,
                        "hex": "b4",
                        "entry": "I",
                    }
                ],
                phase="wander",
                team_order=["1", "A", "0"],
                animal_order=["y"],
                slot=1,
                acted=["1a", "y"],
                active={"id": "y", "steps": 0, "left": 2, "target": None},
            ),
        )
    )
    # a rhino mid-hunt in a Primus with three animals (one waiting)
    out.append(
        (
            "rhino_hunt",
            _ex(
                {"format": "primus", "animals": True},
                round=9,
                pool=5,
                gladiators=[
                    _g("0a", "retiarius", 3, 2, 4, 0, "b5"),
                    _g("0b", "novice", 1, 2, 2, 1, "c7"),
                    _g("1a", "champion", 5, 4, 3, 0, "h3"),
                    _g("1b", "murmillo", 3, 3, 2, 1, "a6"),
                ],
                animals=[
                    {
                        "id": "x",
                        "species": "rhino",
                        "attack": 2,
                        "defense": 5,
                        "speed": 3,
                        "hex": "f5",
                        "entry": "II",
                    },
                    {
                        "id": "z",
                        "species": "lion",
                        "attack": 5,
                        "defense": 1,
                        "speed": 4,
                        "hex": "f7",
                        "entry": "I",
                    },
                    {
                        "id": "y",
                        "species": "bear",
                        "attack": 4,
                        "defense": 3,
                        "speed": 3,
                        "hex": None,
                        "entry": "I",
                    },
                ],
                phase="hunt_target",
                team_order=["A", "1", "0"],
                animal_order=["x", "z"],
                acted=["x"],
                active={"id": "x", "steps": 0, "left": 0, "target": None},
            ),
        )
    )
    return out


PERFT_POSITIONS: list = _perft_positions()
