"""Independent pure-Python reference for zebras (Droles de Zebres / Kiwara).

Written from the rule book /work/shared/rules/zebras.md alone (sections cited as
"§n.m"), never from csrc/ or safari_ai/, so that the C core can be checked against it.

Positions are the contract's JSON objects as plain dicts, always in the canonical
form of §6 (every field, every rules key, board as five 17-character row strings,
hands with exactly the keys Z G E L C). Positions are never mutated: every function
returns new dicts.

Internally a board is a flat list of 30 two-character strings, index
6 * (row - 1) + column (§2.1), ".." for an empty cell, else owner digit + letter.
"""

from __future__ import annotations

import re

GAME = "zebras"

# --------------------------------------------------------------------------------
# Rules options (§1)
# --------------------------------------------------------------------------------

DEFAULT_RULES = {"croc_chain": True}

VARIANTS: dict[str, dict] = {
    "base": {"croc_chain": True},
    "croc_chain_false": {"croc_chain": False},
}

# --------------------------------------------------------------------------------
# Geometry, precomputed at import (§2)
# --------------------------------------------------------------------------------

COLS = "abcdef"
NCELLS = 30

# §2.1 cell names, index 6 * (row - 1) + column
NAME = [COLS[i % 6] + str(i // 6 + 1) for i in range(NCELLS)]
INDEX = {n: i for i, n in enumerate(NAME)}

# §2.1 orthogonal adjacency only
NEIGHBOURS: list[tuple[int, ...]] = []
for _i in range(NCELLS):
    _r, _c = divmod(_i, 6)
    _ns = []
    for _dr, _dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        _rr, _cc = _r + _dr, _c + _dc
        if 0 <= _rr < 5 and 0 <= _cc < 6:
            _ns.append(_rr * 6 + _cc)
    NEIGHBOURS.append(tuple(_ns))

# §2.2 territory map, rows 1..5, columns a..f
_TERRITORY_ROWS = [
    "123333",  # row 1: a1..f1
    "122344",
    "112334",
    "512226",
    "556666",
]
TERRITORY = [int(_TERRITORY_ROWS[i // 6][i % 6]) for i in range(NCELLS)]
TERRITORY_CELLS = {t: tuple(i for i in range(NCELLS) if TERRITORY[i] == t) for t in range(1, 7)}

# §2.2 a river runs between adjacent cells of different territories
RIVER_NEIGHBOURS = [
    tuple(n for n in NEIGHBOURS[i] if TERRITORY[n] != TERRITORY[i]) for i in range(NCELLS)
]
RIVERS = sorted({tuple(sorted((i, n))) for i in range(NCELLS) for n in RIVER_NEIGHBOURS[i]})


# §2.3 / §4.10 the guardian track: which line each of the 22 positions designates
def _line_cells(p: int) -> tuple[int, ...]:
    if 0 <= p <= 5:  # top side: column a..f
        col = p
        return tuple(r * 6 + col for r in range(5))
    if 6 <= p <= 10:  # right side: row 1..5
        row = p - 6
        return tuple(row * 6 + c for c in range(6))
    if 11 <= p <= 16:  # bottom side, right to left: column f..a
        col = 16 - p
        return tuple(r * 6 + col for r in range(5))
    if 17 <= p <= 21:  # left side, bottom to top: row 5..1
        row = 21 - p
        return tuple(row * 6 + c for c in range(6))
    raise ValueError(p)


TRACK = 22
LINE = [_line_cells(p) for p in range(TRACK)]

# §2.4 tokens
SPECIES = "ZGELC"
INVENTORY = {"Z": 5, "G": 6, "E": 1, "L": 1, "C": 2}
VALUE_UP = {"Z": 6, "G": 2, "E": 5, "L": 1, "C": 0}  # face-down z / g score 0
INAUGURATION_POINTS = 5
VALID_TOKENS = {".."} | {f"{o}{s}" for o in "01" for s in "ZGELCzg"}

EMPTY_ROW = " ".join([".."] * 6)

# §7 move grammar
MOVE_RE = re.compile(
    r"^@(0[0-9]|1[0-9]|2[01])$|^[CEGLZ][a-f][1-5](x[a-f][1-5])*(@(0[0-9]|1[0-9]|2[01]))?$"
)


# --------------------------------------------------------------------------------
# Packing helpers
# --------------------------------------------------------------------------------


def _cells(pos: dict) -> list[str]:
    cells = []
    for row in pos["board"]:
        cells.extend(row.split(" "))
    return cells


def _board(cells: list[str]) -> list[str]:
    return [" ".join(cells[r * 6 : (r + 1) * 6]) for r in range(5)]


def _hand(h: dict) -> dict:
    return {s: h[s] for s in SPECIES}


def _make(rules: dict, to_move, cells, guardian, inauguration, hands) -> dict:
    return {
        "game": GAME,
        "rules": dict(rules),
        "to_move": to_move,
        "board": _board(cells),
        "guardian": guardian,
        "inauguration": inauguration,
        "hands": [_hand(hands[0]), _hand(hands[1])],
    }


def _lion_adjacent(cells: list[str], i: int) -> bool:
    for n in NEIGHBOURS[i]:
        if cells[n][1] == "L":
            return True
    return False


def _line_open(cells: list[str], p: int) -> bool:
    for i in LINE[p]:
        if cells[i] == "..":
            return True
    return False


def _territory_full(cells: list[str], t: int) -> bool:
    for i in TERRITORY_CELLS[t]:
        if cells[i] == "..":
            return False
    return True


# --------------------------------------------------------------------------------
# Starting position and loading (§3, §6)
# --------------------------------------------------------------------------------


def _canon_rules(rules) -> dict:
    if rules is None:
        rules = {}
    if not isinstance(rules, dict):
        raise ValueError("field 'rules': must be an object")
    out = dict(DEFAULT_RULES)
    for k, v in rules.items():
        if k not in DEFAULT_RULES:
            raise ValueError(f"field 'rules': unknown key {k!r}")
        if not isinstance(v, bool):
            raise ValueError(f"field 'rules': {k!r} must be a boolean")
        out[k] = v
    return out


def new_position(rules: dict | None = None) -> dict:
    """§3: empty board, full hands, guardian off the track, player 0 to move."""
    r = _canon_rules(rules)
    return _make(r, 0, [".."] * NCELLS, None, None, [dict(INVENTORY), dict(INVENTORY)])


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def load(pos: dict) -> dict:
    """Canonicalise and validate a JSON position (§6, checks 1-9)."""
    if not isinstance(pos, dict):
        raise ValueError("field 'position': must be an object")
    fields = ("game", "rules", "to_move", "board", "guardian", "inauguration", "hands")
    for k in pos:
        if k not in fields:
            raise ValueError(f"field '{k}': unknown field")
    for k in fields:
        # [decision] "rules" may be omitted entirely (all keys take their defaults);
        # every other field is required (§6 check 1).
        if k not in pos and k != "rules":
            raise ValueError(f"field '{k}': missing")
    # check 1: types and ranges
    if pos["game"] != GAME:
        raise ValueError("field 'game': must be 'zebras'")
    rules = _canon_rules(pos.get("rules", {}))
    tm = pos["to_move"]
    if not ((_is_int(tm) and tm in (0, 1)) or tm == "terminal"):
        raise ValueError("field 'to_move': must be 0, 1 or 'terminal'")
    board = pos["board"]
    if not isinstance(board, list) or len(board) != 5:
        raise ValueError("field 'board': must be an array of 5 strings")
    cells: list[str] = []
    for r, row in enumerate(board):
        if not isinstance(row, str) or len(row) != 17:
            raise ValueError(f"field 'board': row {r + 1} must be a 17-character string")
        toks = row.split(" ")
        if len(toks) != 6 or any(len(t) != 2 for t in toks):
            raise ValueError(f"field 'board': row {r + 1} is malformed")
        for c, t in enumerate(toks):
            if t not in VALID_TOKENS:
                raise ValueError(f"field 'board': unknown token {t!r} on {NAME[r * 6 + c]}")
        cells.extend(toks)
    g = pos["guardian"]
    if not (g is None or (_is_int(g) and 0 <= g < TRACK)):
        raise ValueError("field 'guardian': must be null or an integer 0-21")
    ina = pos["inauguration"]
    if not (ina is None or (_is_int(ina) and ina in (0, 1))):
        raise ValueError("field 'inauguration': must be null, 0 or 1")
    hands = pos["hands"]
    if not isinstance(hands, list) or len(hands) != 2:
        raise ValueError("field 'hands': must be an array of 2 objects")
    for p, h in enumerate(hands):
        if not isinstance(h, dict) or set(h) != set(SPECIES):
            raise ValueError(f"field 'hands': hand {p} must have exactly the keys Z G E L C")
        for s in SPECIES:
            v = h[s]
            if not _is_int(v) or not (0 <= v <= INVENTORY[s]):
                raise ValueError(f"field 'hands': hand {p} {s} must be an integer 0-{INVENTORY[s]}")
    # check 2: hand + board = inventory
    for p in (0, 1):
        for s in SPECIES:
            on_board = sum(1 for t in cells if t[0] == str(p) and t[1].upper() == s)
            if on_board + hands[p][s] != INVENTORY[s]:
                raise ValueError(f"field 'hands': player {p} {s}: hand + board != {INVENTORY[s]}")
    # checks 3-5: lions and face-down tokens
    any_lion = any(t[1] == "L" for t in cells)
    for i, t in enumerate(cells):
        if t[1] in "ZG" and _lion_adjacent(cells, i):
            raise ValueError(f"field 'board': face-up {t} on {NAME[i]} is next to a lion")
        if t[1] == "z" and not _lion_adjacent(cells, i):
            raise ValueError(f"field 'board': face-down zebra on {NAME[i]} has no adjacent lion")
        if t[1] == "g" and not any_lion:
            raise ValueError(
                f"field 'board': face-down gazelle on {NAME[i]} but no lion on the board"
            )
    # check 6
    if ina is None and any(_territory_full(cells, t) for t in TERRITORY_CELLS):
        raise ValueError("field 'inauguration': a territory is full but the token is unclaimed")
    empty = all(t == ".." for t in cells)
    full = all(t != ".." for t in cells)
    # check 7
    if g is None:
        if not empty:
            raise ValueError("field 'guardian': null but the board is not empty")
        if ina is not None:
            raise ValueError("field 'inauguration': must be null before the opening move")
        if tm != 0:
            raise ValueError("field 'to_move': must be 0 before the opening move")
    # check 8
    if full and tm != "terminal":
        raise ValueError("field 'to_move': the board is full, must be 'terminal'")
    if tm == "terminal" and not full:
        raise ValueError("field 'to_move': 'terminal' but the board is not full")
    # check 9
    if not full and g is not None:
        if sum(hands[tm].values()) == 0:
            raise ValueError(f"field 'to_move': player {tm} holds no token")
        if not _line_open(cells, g):
            raise ValueError("field 'guardian': the designated line is full")
        if empty and tm != 1:
            raise ValueError("field 'to_move': the board is empty after the opening, must be 1")
    return _make(rules, tm, cells, g, ina, hands)


# --------------------------------------------------------------------------------
# Queries
# --------------------------------------------------------------------------------


def to_move(pos: dict):
    return pos["to_move"]


def chance_outcomes(pos: dict) -> list:
    return []  # §4.9: no chance


# --------------------------------------------------------------------------------
# Move generation (§4)
# --------------------------------------------------------------------------------


def _destinations(cells: list[str], g: int) -> list[int]:
    """§4.6: open lines among g+1..g+3; else the first open one at g+4, g+5, ..."""
    near = [(g + d) % TRACK for d in (1, 2, 3) if _line_open(cells, (g + d) % TRACK)]
    if near:
        return near
    for d in range(4, TRACK):
        q = (g + d) % TRACK
        if _line_open(cells, q):
            return [q]
    raise AssertionError("no open line but board not full")  # cannot happen (§4.6)


def _croc_chains(cells: list[str], x: int, chain: bool) -> list[tuple[str, list[str]]]:
    """§4.4: every swap sequence from the crocodile on x, the empty one included.

    Returns (spelling suffix "xc1xd2...", board after the swaps)."""
    out: list[tuple[str, list[str]]] = [("", cells)]

    def rec(board: list[str], c: int, left: frozenset, spelled: str) -> None:
        for y in RIVER_NEIGHBOURS[c]:  # Y adjacent to c and across a river
            t = board[y]
            if t[1] not in "Gg":  # a gazelle of either player, face up or down
                continue
            if y in left:  # [decision] each gazelle at most once per turn: the
                continue  # swapped gazelles are exactly on the cells the croc left
            nb = list(board)
            nb[y] = board[c]  # the crocodile moves to Y
            gz = t
            if gz[1] == "G" and _lion_adjacent(nb, c):  # arriving gazelle checks for a lion
                gz = gz[0] + "g"
            nb[c] = gz
            sp = spelled + "x" + NAME[y]
            out.append((sp, nb))
            if chain:  # croc_chain: false -> at most one swap
                rec(nb, y, left | {c}, sp)

    rec(cells, x, frozenset(), "")
    return out


def _generate(pos: dict) -> list[tuple[str, tuple]]:
    """All legal moves with the raw successor state (to_move, cells, guardian, inauguration, hands)."""
    tm = pos["to_move"]
    if tm == "terminal":
        return []
    g = pos["guardian"]
    base = _cells(pos)
    hands0 = pos["hands"]
    if g is None:
        # §4.1 opening: put the guardian on any of the 22 positions; player 1 is next
        return [(f"@{q:02d}", (1, base, q, None, hands0)) for q in range(TRACK)]
    P = tm
    chain = pos["rules"]["croc_chain"]
    ina0 = pos["inauguration"]
    out = []
    empties = [i for i in LINE[g] if base[i] == ".."]
    for s in SPECIES:
        if hands0[P][s] <= 0:
            continue
        for x in empties:
            # §4.2 step 1: place face up, hand loses it
            cells = list(base)
            hands = [dict(hands0[0]), dict(hands0[1])]
            hands[P][s] -= 1
            cells[x] = f"{P}{s}"
            # §4.3 reactions of the placed token only
            if s in "ZG":
                if _lion_adjacent(cells, x):
                    cells[x] = f"{P}{s.lower()}"
            elif s == "L":
                for n in NEIGHBOURS[x]:
                    t = cells[n]
                    if t[1] in "Zz":
                        cells[n] = t[0] + "z"
                    elif t[1] in "Gg":  # [decision] face-down gazelles go home too
                        cells[n] = ".."
                        hands[int(t[0])]["G"] += 1
            if s == "C":
                variants = _croc_chains(cells, x, chain)
            else:
                variants = [("", cells)]
            for suffix, b in variants:
                head = s + NAME[x] + suffix
                # §4.5 inauguration, after every reaction (swaps included)
                ina = ina0
                if ina is None and any(_territory_full(b, t) for t in TERRITORY_CELLS):
                    ina = P
                # §4.2 step 4: board full -> game over, no guardian part
                if all(c != ".." for c in b):
                    out.append((head, ("terminal", b, g, ina, hands)))
                    continue
                # §4.7 next player: the opponent if they hold a token, else P again
                opp = 1 - P
                nxt = opp if sum(hands[opp].values()) > 0 else P
                # §4.6 guardian destinations
                for q in _destinations(b, g):
                    out.append((f"{head}@{q:02d}", (nxt, b, q, ina, hands)))
    out.sort(key=lambda mv: mv[0])
    return out


_cache_key = None
_cache_val: dict = {}


def _key(pos: dict):
    h = pos["hands"]
    return (
        tuple(pos["board"]),
        pos["to_move"],
        pos["guardian"],
        pos["inauguration"],
        tuple(h[0][s] for s in SPECIES),
        tuple(h[1][s] for s in SPECIES),
        pos["rules"]["croc_chain"],
    )


def _table(pos: dict) -> dict:
    """Move -> raw successor, memoised for the last position (playouts call
    legal_moves then apply on the same position)."""
    global _cache_key, _cache_val
    k = _key(pos)
    if k != _cache_key:
        _cache_val = dict(_generate(pos))
        _cache_key = k
    return _cache_val


def legal_moves(pos: dict) -> list[str]:
    return sorted(_table(pos))


def apply(pos: dict, move: str) -> dict:
    if not isinstance(move, str) or not MOVE_RE.match(move):
        raise ValueError(f"illegal move {move!r}: not in the notation of §7")
    raw = _table(pos).get(move)
    if raw is None:
        raise ValueError(f"illegal move {move!r}")
    tm, cells, g, ina, hands = raw
    return _make(pos["rules"], tm, cells, g, ina, hands)


# --------------------------------------------------------------------------------
# Scoring (§4.8)
# --------------------------------------------------------------------------------


def scores(pos: dict) -> list[int]:
    """Points of each player (board as it stands; meaningful at a terminal position)."""
    cells = _cells(pos)
    pts = [0, 0]
    for members in TERRITORY_CELLS.values():
        count = [0, 0]
        value = 0
        for i in members:
            tok = cells[i]
            if tok == "..":
                continue
            count[int(tok[0])] += 1
            value += VALUE_UP.get(tok[1], 0)  # lowercase z / g score 0
        if count[0] > count[1]:
            pts[0] += value
        elif count[1] > count[0]:
            pts[1] += value
    if pos["inauguration"] is not None:
        pts[pos["inauguration"]] += INAUGURATION_POINTS
    return pts


def result(pos: dict) -> list[int]:
    if pos["to_move"] != "terminal":
        raise ValueError("result: position is not terminal")
    a, b = scores(pos)
    if a > b:
        return [1, -1]
    if b > a:
        return [-1, 1]
    return [0, 0]  # [decision] equal totals: draw (cannot happen with the standard inventory)


# --------------------------------------------------------------------------------
# Perft
# --------------------------------------------------------------------------------


def _perft_raw(rules, pos: dict, depth: int) -> int:
    if pos["to_move"] == "terminal":
        return 0
    gen = _generate(pos)
    if depth == 1:
        return len(gen)
    total = 0
    for _, (tm, cells, g, ina, hands) in gen:
        if tm == "terminal":
            continue  # terminal before the last ply counts nothing
        total += _perft_raw(rules, _make(rules, tm, cells, g, ina, hands), depth - 1)
    return total


def perft(pos: dict, depth: int) -> int:
    if depth == 0:
        return 1
    return _perft_raw(pos["rules"], pos, depth)


# --------------------------------------------------------------------------------
# Perft positions: start (both rules values), the §6 example and the §8 examples
# --------------------------------------------------------------------------------


def _pos(to_move, rows, guardian, inauguration, hands, rules=None) -> dict:
    return load(
        {
            "game": GAME,
            "rules": rules or {},
            "to_move": to_move,
            "board": rows,
            "guardian": guardian,
            "inauguration": inauguration,
            "hands": [dict(zip(SPECIES, hands[0])), dict(zip(SPECIES, hands[1]))],
        }
    )


# hands given as (Z, G, E, L, C)
EXAMPLE_SECTION6 = _pos(
    0,
    [
        ".. 1Z 1Z .. 0C 0E",
        ".. 1Z 0C .. .. 0g",
        ".. 0Z .. .. .. 0L",
        ".. .. 1L .. .. 1C",
        "1Z .. .. .. .. 1Z",
    ],
    12,
    None,
    [(4, 5, 0, 0, 0), (0, 6, 1, 0, 1)],
)
EXAMPLE3 = _pos(
    0,
    [
        ".. .. 1G .. .. ..",
        ".. 0L .. 1G 0G ..",
        ".. .. 1G .. .. ..",
        ".. .. .. .. .. ..",
        ".. .. .. .. .. ..",
    ],
    7,
    None,
    [(5, 5, 1, 0, 2), (5, 3, 1, 1, 2)],
)
EXAMPLE4 = _pos(
    0,
    [
        "0Z 1G 0Z 1Z 0G ..",
        "1Z 0G 1C 0E 1G 0Z",
        "0z 1G 1E 0G 1C 0Z",
        "1L .. 0G 1z 0L 1g",
        "0C 1G 0G 1Z 0g 1G",
    ],
    18,
    1,
    [(0, 0, 0, 0, 1), (1, 0, 0, 0, 0)],
)
EXAMPLE5 = _pos(
    0,
    [
        "0G 1G 0G .. 0Z 1Z",
        "1G 1Z 1C 1G 1G 0Z",
        "0C 0E 0z 0Z 1Z ..",
        "1G 0g 1L 1C 0C 1E",
        "1G 0G 0z .. 0G 1Z",
    ],
    21,
    1,
    [(0, 1, 0, 1, 0), (1, 0, 0, 0, 0)],
)
EXAMPLE6 = _pos(
    0,
    [
        "0G 1G 1C 1E .. 0C",
        ".. .. 1z 1L .. 0G",
        ".. 0E 1Z 0C .. 0G",
        ".. 0Z 0Z 1C .. 0Z",
        ".. .. 1G 1G 1G ..",
    ],
    11,
    None,
    [(2, 3, 0, 1, 0), (3, 2, 0, 0, 0)],
)
EXAMPLE7 = _pos(
    0,
    [
        "0Z 1Z 1G 1Z 1G 1Z",
        "1Z 0C 1G 0g 0C 1Z",
        "0Z 0Z 0Z 0g 1L 0g",
        "0G .. 0E 1C 0g 1E",
        "1G 0G 1G 0Z 1C 1G",
    ],
    9,
    1,
    [(0, 0, 0, 1, 0), (0, 0, 0, 0, 0)],
)
EXAMPLE8 = _pos(
    0,
    [
        "0L 1g 1C 0G 1Z 0E",
        "0g 0Z 1Z 0G 1G 0Z",
        "0Z 1G 1G 1C 0G 1Z",
        "0Z 1E 1z 0G .. 1G",
        "0C 1g 1L 1z 0G 0Z",
    ],
    4,
    1,
    [(0, 0, 0, 0, 1), (0, 0, 0, 0, 0)],
)


def _with_rules(pos: dict, **rules) -> dict:
    out = dict(pos)
    out["rules"] = _canon_rules(rules)
    return out


PERFT_POSITIONS: list[tuple[str, dict]] = [
    ("start", new_position()),
    ("start croc_chain=false", new_position({"croc_chain": False})),
    ("section 6 mid-game", EXAMPLE_SECTION6),
    ("example 3", EXAMPLE3),
    ("example 3 croc_chain=false", _with_rules(EXAMPLE3, croc_chain=False)),
    ("example 4", EXAMPLE4),
    ("example 4 croc_chain=false", _with_rules(EXAMPLE4, croc_chain=False)),
    ("example 5", EXAMPLE5),
    ("example 6", EXAMPLE6),
    ("example 7", EXAMPLE7),
    ("example 8", EXAMPLE8),
    ("example 8 croc_chain=false", _with_rules(EXAMPLE8, croc_chain=False)),
]
