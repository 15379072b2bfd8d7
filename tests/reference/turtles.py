"""Independent pure-Python reference for the game "turtles" (Tortuga / Tattoo Turtles /
Hatching), written from the rule book /work/shared/rules/turtles.md alone.

Positions are the contract's JSON objects as plain dicts, always in canonical form
(every field, every rules key, only occupied cells, "pending" ascending).  Positions are
treated as immutable: every function returns new dicts and never mutates its input.

Section numbers (§) refer to the rule book.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

GAME = "turtles"

# ---------------------------------------------------------------------------
# §1 rules keys and defaults
# ---------------------------------------------------------------------------

DEFAULT_RULES = {
    "tattoo": False,
    "tattoo_setup": "fixed",
    "hatching": False,
    "max_rule": "first_hop",
    "max_turns": 200,
}

VARIANTS: dict[str, dict] = {
    "base": {},
    "tattoo": {"tattoo": True},
    "tattoo_choose": {"tattoo": True, "tattoo_setup": "choose"},
    "hatching": {"hatching": True},
    "max_any": {"max_rule": "any"},
    "max_global": {"max_rule": "global"},
    "tattoo_max_global": {"tattoo": True, "max_rule": "global"},
    "hatching_max_any": {"hatching": True, "max_rule": "any"},
    "short_limit": {"max_turns": 20},  # turn-limit draws (§4.7.2) actually happen
    "tattoo_short_limit": {
        "tattoo": True,
        "max_turns": 16,
    },  # draws also at the end of an effects phase
}

# ---------------------------------------------------------------------------
# §2 board geometry (precomputed at import)
# ---------------------------------------------------------------------------

COLS = "abcdefg"


def _name(q: int, r: int) -> str:
    # §2 coordinates: column letter for q = -3..3, rank n = min(3, 3 - q) - r + 1
    return COLS[q + 3] + str(min(3, 3 - q) - r + 1)


COORD: dict[str, tuple[int, int]] = {}
for _q in range(-3, 4):
    for _r in range(-3, 4):
        if abs(_q + _r) <= 3:
            COORD[_name(_q, _r)] = (_q, _r)
CELLS = sorted(COORD)  # names compare as strings (§2)
CELLSET = frozenset(CELLS)
assert len(CELLS) == 37

# §2 directions
DIRS = {
    "N": (0, -1),
    "NE": (1, -1),
    "SE": (1, 0),
    "S": (0, 1),
    "SW": (-1, 1),
    "NW": (-1, 0),
}
FORWARD = {0: ("N", "NE", "NW"), 1: ("S", "SE", "SW")}

# NEIGH[cell][dir] -> neighbouring cell name or None (a step off the board does not exist)
NEIGH: dict[str, dict[str, str | None]] = {}
for _c, (_q, _r) in COORD.items():
    NEIGH[_c] = {}
    for _d, (_dq, _dr) in DIRS.items():
        _n = (_q + _dq, _r + _dr)
        NEIGH[_c][_d] = (
            _name(*_n)
            if (abs(_n[0]) <= 3 and abs(_n[1]) <= 3 and abs(_n[0] + _n[1]) <= 3)
            else None
        )

# FWD_STEPS[side][cell] -> list of forward neighbour cells
FWD_STEPS = {
    s: {c: [NEIGH[c][d] for d in FORWARD[s] if NEIGH[c][d]] for c in CELLS} for s in (0, 1)
}
# FWD_HOPS[side][cell] -> list of (jumped cell, landing cell) for forward hops staying on the board
FWD_HOPS = {
    s: {
        c: [
            (NEIGH[c][d], NEIGH[NEIGH[c][d]][d])
            for d in FORWARD[s]
            if NEIGH[c][d] and NEIGH[NEIGH[c][d]][d]
        ]
        for c in CELLS
    }
    for s in (0, 1)
}
# ADJ[cell] -> all adjacent cells (six directions), for Contamination (§4.6)
ADJ = {c: [n for n in NEIGH[c].values() if n] for c in CELLS}

# §2 corners, goals and start squares
HOME = {0: "d1", 1: "d7"}
GOAL = {0: "d7", 1: "d1"}
START = {
    0: ("b1", "c1", "c2", "d1", "d2", "e1", "e2", "f1"),
    1: ("b5", "c5", "c6", "d6", "d7", "e5", "e6", "f5"),
}
# §4.5 hatching add squares: own start squares minus the home corner
ADD_SQUARES = {s: tuple(c for c in START[s] if c != HOME[s]) for s in (0, 1)}

# sanity: player 1's set is the image of player 0's under (q, r) -> (-q, -r)
assert sorted(_name(-COORD[c][0], -COORD[c][1]) for c in START[0]) == sorted(START[1])
assert NEIGH["c2"]["N"] == "c3" and NEIGH["c2"]["NE"] == "d3" and NEIGH["c2"]["NW"] == "b2"
assert NEIGH["d6"]["S"] == "d5" and NEIGH["d6"]["SE"] == "e5" and NEIGH["d6"]["SW"] == "c5"

KINDS = ("L", "C", "I", "X")  # §3.2 tattoo kinds, in setup order
# §3.2 fixed tattoo arrangement
FIXED_TATTOOS = {
    0: {"b1": "L", "f1": "C", "e2": "I", "c2": "X"},
    1: {"f5": "L", "b5": "C", "c5": "I", "e5": "X"},
}

PIECE_CODES = frozenset(o + k for o in "01n" for k in ("",) + KINDS)


# ---------------------------------------------------------------------------
# small helpers
# ---------------------------------------------------------------------------


def _is_int(x) -> bool:
    # §5 every number is a JSON integer: bool is not one, neither is 6.0
    return isinstance(x, int) and not isinstance(x, bool)


def _owner(code: str) -> str:
    return code[0]  # "0", "1" or "n"


def _tattoo(code: str) -> str:
    return code[1:]  # "" for plain


def _make(pos: dict, **changes) -> dict:
    """A new position dict: pos with the given fields replaced (rules shared, never mutated)."""
    new = dict(pos)
    new.update(changes)
    return new


def _goal_winner(board: dict) -> int | None:
    # §4.7 rule 1: a player with an active turtle on their goal cell wins
    w0 = board.get(GOAL[0], "")[:1] == "0"
    w1 = board.get(GOAL[1], "")[:1] == "1"
    if w0 and w1:
        return -1  # both: invalid (only arises in load validation)
    if w0:
        return 0
    if w1:
        return 1
    return None


def _turn_limit(rules: dict, turns: int) -> bool:
    # §4.7 rule 2
    return rules["max_turns"] > 0 and turns >= rules["max_turns"]


def _pool(board: dict) -> int:
    # §4.6 the pool: 16 minus the plain turtles on the board
    return 16 - sum(1 for code in board.values() if len(code) == 1)


# ---------------------------------------------------------------------------
# §4.2 - §4.5 move generation in phase "play"
# ---------------------------------------------------------------------------


def _complete_jumps(board: dict, side: int, frm: str) -> list[tuple[list[str], list[str]]]:
    """All complete jumps (§4.3) of the active turtle of `side` on `frm`.

    Returns a list of (landing cells, jumped cells).  Jumped turtles never need their new
    state during the jump: hops go strictly forward, so no cell is revisited and no turtle
    is jumped twice (§4.3); the cell the jumper leaves counts as empty.
    """
    me = str(side)
    out = []

    def occupied(cell):
        return cell != frm and cell in board

    def dfs(cell, kind, lands, jumped):
        extended = False
        for mid, land in FWD_HOPS[side][cell]:
            if mid == frm or mid not in board or occupied(land):
                continue
            o = _owner(board[mid])
            if o == "n":
                k = kind  # §4.3 neutrals may be jumped in either kind of jump
            elif o == me:
                if kind == "enemy":
                    continue  # §4.3 no mixing
                k = "own"
            else:
                if kind == "own":
                    continue  # §4.3 no mixing
                k = "enemy"
            extended = True
            dfs(land, k, lands + [land], jumped + [mid])
        if not extended and lands:
            # §4.3 only complete jumps are ever legal
            out.append((lands, jumped))

    dfs(frm, None, [], [])
    return out


def _play_actions(rules: dict, board: dict, side: int, reserve: list) -> dict[str, tuple]:
    """Legal actions of `side` in phase "play", as {spelling: action}.

    Actions: ("step", frm, to), ("jump", frm, lands, jumped, teams), ("add", cells).
    """
    me = str(side)
    mine = [c for c, code in board.items() if _owner(code) == me]

    # §4.3 all complete jumps of all active turtles
    jumps = []  # (frm, lands, jumped, is_capture)
    for frm in mine:
        for lands, jumped in _complete_jumps(board, side, frm):
            first = _owner(board[jumped[0]])
            is_capture = first not in ("n", me)  # §4.4.1 first hop over an enemy active turtle
            jumps.append((frm, lands, jumped, is_capture))

    # §4.4.1 capture obligation
    forced = any(j[3] for j in jumps)
    cands = [j for j in jumps if j[3]] if forced else jumps

    # §4.4.2 maximum rule
    mr = rules["max_rule"]
    if mr == "first_hop":
        best: dict[tuple[str, str], int] = {}
        for frm, lands, jumped, _ in cands:
            key = (frm, lands[0])
            best[key] = max(best.get(key, 0), len(jumped))
        cands = [j for j in cands if len(j[2]) == best[(j[0], j[1][0])]]
    elif mr == "global":
        if cands:
            m = max(len(j[2]) for j in cands)
            cands = [j for j in cands if len(j[2]) == m]
    # "any": every candidate is legal

    actions: dict[str, tuple] = {}
    for frm, lands, jumped, _ in cands:
        base = frm + "".join("x" + l for l in lands)
        neutrals = [c for c in jumped if _owner(board[c]) == "n"]
        if not neutrals:
            actions[base] = ("jump", frm, tuple(lands), tuple(jumped), ())
        else:
            # §4.4.3 2^k team choices, §6 one digit per neutral in the order jumped
            for teams in itertools.product("01", repeat=len(neutrals)):
                actions[base + "/" + "".join(teams)] = (
                    "jump",
                    frm,
                    tuple(lands),
                    tuple(jumped),
                    teams,
                )

    if not forced:
        # §4.2 steps
        for frm in mine:
            for to in FWD_STEPS[side][frm]:
                if to not in board:
                    actions[frm + "-" + to] = ("step", frm, to)
        # §4.5 adds
        if rules["hatching"]:
            own, opp = reserve[side], reserve[1 - side]
            kmax = min(own, 2 + own - opp)
            empty = [c for c in ADD_SQUARES[side] if c not in board]  # already ascending
            for k in range(1, kmax + 1):
                for cells in itertools.combinations(empty, k):
                    actions["".join("+" + c for c in cells)] = ("add", cells)
    return actions


# ---------------------------------------------------------------------------
# §4.6 effect moves and §3.2 setup moves
# ---------------------------------------------------------------------------


def _effect_actions(pos: dict) -> dict[str, tuple]:
    board = pos["board"]
    O = pos["side"]
    J = 1 - O
    jd = str(J)
    actions: dict[str, tuple] = {}
    if pos["changing"] is not None:
        # §4.6 Change, jumper's choice: J hands over one of their active turtles
        c = pos["changing"]
        for t, code in board.items():
            if _owner(code) == jd:
                actions["C" + c + "/" + t] = ("change_give", c, t)
        return actions
    pool = _pool(board)
    for c in pos["pending"]:
        kind = _tattoo(board[c])
        if kind == "L":
            empties = [
                s for s in START[O] if s not in board
            ]  # home corner included [§4.6 decision]
            if pool > 0 and empties:
                for s in empties:
                    actions["L" + c + "/" + s] = ("life", c, s)
            else:
                actions["L" + c] = ("life", c, None)
        elif kind == "I":
            actions["I" + c] = ("immortal", c)
        elif kind == "X":
            victims = [t for t in ADJ[c] if board.get(t, "")[:1] == jd]
            if victims:
                for t in victims:
                    actions["X" + c + "/" + t] = ("contam", c, t)
            else:
                actions["X" + c] = ("contam", c, None)
        elif kind == "C":
            actions["C" + c] = ("change", c)
    return actions


def _setup_next_kind(board: dict, side: int) -> str | None:
    have = {
        _tattoo(code) for code in board.values() if _owner(code) == str(side) and len(code) == 2
    }
    for k in KINDS:
        if k not in have:
            return k
    return None


def _setup_actions(pos: dict) -> dict[str, tuple]:
    # §3.2 "choose": place L, then C, then I, then X on one of one's plain turtles
    board = pos["board"]
    side = pos["side"]
    kind = _setup_next_kind(board, side)
    actions = {}
    for c, code in board.items():
        if code == str(side):
            actions[kind + "@" + c] = ("setup", kind, c)
    return actions


def _actions(pos: dict) -> dict[str, tuple]:
    ph = pos["phase"]
    if ph == "play":
        return _play_actions(pos["rules"], pos["board"], pos["side"], pos["reserve"])
    if ph == "effects":
        return _effect_actions(pos)
    if ph == "setup":
        return _setup_actions(pos)
    return {}


# ---------------------------------------------------------------------------
# turn boundary (§4.7) and canonical finishing
# ---------------------------------------------------------------------------


def _to_move_of(phase: str, side: int, changing) -> int | str:
    # §5 to_move: side in setup and play; in effects side, or 1 - side while changing is set
    if phase == "over":
        return "terminal"
    if phase == "effects" and changing is not None:
        return 1 - side
    return side


def _turn_boundary(pos: dict) -> dict:
    """Phase "play" with `side` about to move: apply §4.7 rules 2 and 3."""
    if _turn_limit(pos["rules"], pos["turns"]):
        return _make(pos, phase="over", to_move="terminal")
    if not _play_actions(pos["rules"], pos["board"], pos["side"], pos["reserve"]):
        return _make(pos, phase="over", to_move="terminal")
    return _make(pos, phase="play", to_move=pos["side"])


def _sorted_board(board: dict) -> dict:
    return {c: board[c] for c in sorted(board)}


# ---------------------------------------------------------------------------
# public interface
# ---------------------------------------------------------------------------


def _full_rules(rules: dict | None) -> dict:
    r = dict(DEFAULT_RULES)
    if rules:
        r.update(rules)
    return r


def new_position(rules: dict | None = None) -> dict:
    r = _full_rules(rules)
    _check_rules(r)
    board: dict[str, str] = {}
    reserve = [0, 0]
    phase = "play"
    if r["hatching"]:
        reserve = [8, 8]  # §3.3 empty board
    else:
        for s in (0, 1):
            for c in START[s]:
                board[c] = str(s)  # §3.1
        if r["tattoo"] and r["tattoo_setup"] == "fixed":
            for s in (0, 1):
                for c, k in FIXED_TATTOOS[s].items():
                    board[c] = str(s) + k  # §3.2 fixed arrangement
        elif r["tattoo"]:
            phase = "setup"  # §3.2 "choose"
    return {
        "game": GAME,
        "rules": r,
        "to_move": 0,
        "phase": phase,
        "side": 0,
        "turns": 0,
        "board": _sorted_board(board),
        "reserve": reserve,
        "pending": [],
        "changing": None,
    }


def _check_rules(r: dict) -> None:
    for k in r:
        if k not in DEFAULT_RULES:
            raise ValueError(f"field 'rules': unknown key '{k}'")
    if not isinstance(r["tattoo"], bool):
        raise ValueError("field 'rules.tattoo': must be a boolean")
    if not isinstance(r["hatching"], bool):
        raise ValueError("field 'rules.hatching': must be a boolean")
    if r["tattoo_setup"] not in ("fixed", "choose") or not isinstance(r["tattoo_setup"], str):
        raise ValueError('field \'rules.tattoo_setup\': must be "fixed" or "choose"')
    if r["max_rule"] not in ("first_hop", "any", "global") or not isinstance(r["max_rule"], str):
        raise ValueError('field \'rules.max_rule\': must be "first_hop", "any" or "global"')
    if not _is_int(r["max_turns"]) or not 0 <= r["max_turns"] <= 10000:
        raise ValueError("field 'rules.max_turns': must be an integer 0-10000")
    if r["tattoo"] and r["hatching"]:
        raise ValueError("field 'rules': tattoo and hatching cannot both be true")


FIELDS = (
    "game",
    "rules",
    "to_move",
    "phase",
    "side",
    "turns",
    "board",
    "reserve",
    "pending",
    "changing",
)


def load(pos: dict) -> dict:
    """Canonicalise and validate a JSON position (§5)."""
    if not isinstance(pos, dict):
        raise ValueError("field 'position': not a JSON object")
    for f in pos:
        if f not in FIELDS:
            raise ValueError(f"field '{f}': unknown field")
    for f in FIELDS:
        if f not in pos:
            raise ValueError(f"field '{f}': missing")
    if pos["game"] != GAME:
        raise ValueError("field 'game': must be \"turtles\"")
    if not isinstance(pos["rules"], dict):
        raise ValueError("field 'rules': must be an object")
    rules = _full_rules(pos["rules"])
    _check_rules(rules)

    phase = pos["phase"]
    if not isinstance(phase, str) or phase not in ("setup", "play", "effects", "over"):
        raise ValueError("field 'phase': must be setup, play, effects or over")
    side = pos["side"]
    if not _is_int(side) or side not in (0, 1):
        raise ValueError("field 'side': must be 0 or 1")
    turns = pos["turns"]
    if not _is_int(turns) or turns < 0:
        raise ValueError("field 'turns': must be an integer >= 0")
    if rules["max_turns"] > 0 and turns > rules["max_turns"]:
        raise ValueError("field 'turns': exceeds max_turns")

    # board
    raw = pos["board"]
    if not isinstance(raw, dict):
        raise ValueError("field 'board': must be an object")
    board = {}
    for c, code in raw.items():
        if c not in CELLSET:
            raise ValueError(f"field 'board': '{c}' is not a cell name")
        if not isinstance(code, str) or code not in PIECE_CODES:
            raise ValueError(f"field 'board': '{code}' on {c} is not a piece code")
        if len(code) == 2 and not rules["tattoo"]:
            raise ValueError(f"field 'board': tattooed turtle on {c} without tattoo")
        board[c] = code
    plain = sum(1 for code in board.values() if len(code) == 1)
    if not rules["tattoo"]:
        if len(board) > 16:
            raise ValueError("field 'board': more than 16 turtles")
    else:
        if plain > 16:
            raise ValueError("field 'board': more than 16 plain turtles")
        for k in KINDS:
            if sum(1 for code in board.values() if code[1:] == k) > 2:
                raise ValueError(f"field 'board': more than two {k} turtles")

    # reserve
    res = pos["reserve"]
    if not isinstance(res, list) or len(res) != 2 or not all(_is_int(x) for x in res):
        raise ValueError("field 'reserve': must be a list of two integers")
    if not rules["hatching"]:
        if res != [0, 0]:
            raise ValueError("field 'reserve': must be [0, 0] without hatching")
    else:
        if not all(0 <= x <= 8 for x in res):
            raise ValueError("field 'reserve': entries must be 0-8")
        if abs(res[0] - res[1]) > 2:
            raise ValueError("field 'reserve': entries differ by more than 2")
        if len(board) + res[0] + res[1] > 16:
            raise ValueError("field 'reserve': board plus reserves exceed 16 turtles")

    # pending / changing
    pend = pos["pending"]
    if not isinstance(pend, list) or not all(isinstance(c, str) for c in pend):
        raise ValueError("field 'pending': must be a list of cell names")
    if len(set(pend)) != len(pend) or pend != sorted(pend):
        raise ValueError("field 'pending': cells must be distinct and ascending")
    for c in pend:
        if c not in CELLSET or c not in board or board[c][0] != "n" or len(board[c]) != 2:
            raise ValueError(f"field 'pending': '{c}' does not hold a neutral tattooed turtle")
    chg = pos["changing"]
    if chg is not None:
        if not isinstance(chg, str) or board.get(chg) != "nC":
            raise ValueError("field 'changing': must hold a neutral Change turtle")
        if chg in pend:
            raise ValueError("field 'changing': also in pending")

    winner = _goal_winner(board)
    if winner == -1:
        raise ValueError("field 'board': both players have a turtle on their goal")

    canon = {
        "game": GAME,
        "rules": rules,
        "to_move": None,
        "phase": phase,
        "side": side,
        "turns": turns,
        "board": _sorted_board(board),
        "reserve": list(res),
        "pending": list(pend),
        "changing": chg,
    }

    # phase consistency (§5)
    if phase == "setup":
        if not (rules["tattoo"] and rules["tattoo_setup"] == "choose"):
            raise ValueError("field 'phase': setup needs tattoo with tattoo_setup \"choose\"")
        if turns != 0:
            raise ValueError("field 'turns': must be 0 in setup")
        if pend or chg is not None:
            raise ValueError("field 'pending': must be empty in setup")
        expected = {c: str(s) for s in (0, 1) for c in START[s]}
        if sorted(board) != sorted(expected) or any(board[c][0] != expected[c] for c in board):
            raise ValueError(
                "field 'board': setup needs exactly the 16 start squares with their owners"
            )
        counts = []
        for s in (0, 1):
            kinds = sorted(
                (code[1] for code in board.values() if code[0] == str(s) and len(code) == 2),
                key=KINDS.index,
            )
            if kinds != list(KINDS[: len(kinds)]):
                raise ValueError("field 'board': tattoos not placed in the order L, C, I, X")
            counts.append(len(kinds))
        if side == 0 and not (counts[0] < 4 and counts[1] == 0):
            raise ValueError("field 'side': does not fit the setup")
        if side == 1 and not (counts[0] == 4 and counts[1] < 4):
            raise ValueError("field 'side': does not fit the setup")
    elif phase == "effects":
        if not rules["tattoo"]:
            raise ValueError("field 'phase': effects needs tattoo")
        if not pend and chg is None:
            raise ValueError("field 'pending': effects needs something pending or changing")
        if winner is not None:
            raise ValueError("field 'phase': effects with a player on their goal")
    else:
        if pend:
            raise ValueError(f"field 'pending': must be empty in phase {phase}")
        if chg is not None:
            raise ValueError(f"field 'changing': must be null in phase {phase}")
        over = (
            winner is not None
            or _turn_limit(rules, turns)
            or not _play_actions(rules, board, side, canon["reserve"])
        )
        if phase == "play" and over:
            raise ValueError("field 'phase': the game is over (§4.7)")
        if phase == "over" and not over:
            raise ValueError("field 'phase': the game is not over (§4.7)")

    tm = _to_move_of(phase, side, chg)
    given = pos["to_move"]
    if given != tm or isinstance(given, bool) or isinstance(given, float):
        raise ValueError(f"field 'to_move': must be {tm!r}")
    canon["to_move"] = tm
    return canon


def to_move(pos: dict) -> int | str:
    return pos["to_move"]


def legal_moves(pos: dict) -> list[str]:
    return sorted(_actions(pos))  # §6 plain ASCII string order


def chance_outcomes(pos: dict) -> list[tuple[str, Fraction]]:
    return []  # §1 no dice, nothing hidden


def apply(pos: dict, move: str) -> dict:
    acts = _actions(pos)
    if move not in acts:
        raise ValueError(f"illegal move '{move}'")
    act = acts[move]
    kind = act[0]
    board = dict(pos["board"])
    side = pos["side"]

    # ---- §3.2 setup moves -------------------------------------------------------
    if kind == "setup":
        _, k, c = act
        board[c] = str(side) + k
        if side == 0 and _setup_next_kind(board, 0) is None:
            return _make(pos, board=board, side=1, to_move=1)
        if side == 1 and _setup_next_kind(board, 1) is None:
            # setup ends: play begins with player 0; a turn boundary (§4.7)
            return _turn_boundary(_make(pos, board=board, phase="play", side=0))
        return _make(pos, board=board)

    # ---- actions in phase "play" (§4.1) --------------------------------------------
    if kind in ("step", "jump", "add"):
        reserve = pos["reserve"]
        triggered = []
        if kind == "step":
            _, frm, to = act
            board[to] = board.pop(frm)
        elif kind == "add":
            # §4.5 plain active turtles from the reserve
            for c in act[1]:
                board[c] = str(side)
            reserve = list(reserve)
            reserve[side] -= len(act[1])
        else:
            _, frm, lands, jumped, teams = act
            mover = board.pop(frm)
            ti = 0
            for c in jumped:
                code = board[c]
                o = code[0]
                if o == "n":
                    # §4.3 neutral stands up for the chosen team (keeps its tattoo)
                    board[c] = teams[ti] + code[1:]
                    ti += 1
                elif o != str(side):
                    # §4.3 enemy neutralised (keeps its tattoo); §4.6 tattoo triggers
                    board[c] = "n" + code[1:]
                    if len(code) == 2:
                        triggered.append(c)
                # own: unaffected
            board[lands[-1]] = mover
        turns = pos["turns"] + 1
        nside = 1 - side
        new = _make(pos, board=_sorted_board(board), reserve=reserve, turns=turns, side=nside)
        # §4.1 order: goal, then effects, then turn end
        if _goal_winner(board) is not None:
            return _make(new, phase="over", to_move="terminal")
        if triggered:
            return _make(
                new, phase="effects", pending=sorted(triggered), changing=None, to_move=nside
            )
        return _turn_boundary(new)

    # ---- §4.6 effect moves ---------------------------------------------------------
    O = side
    J = 1 - O
    pending = list(pos["pending"])
    changing = pos["changing"]
    if kind == "change_give":
        _, c, t = act
        board[t] = str(O) + board[t][1:]  # turns round, keeps its tattoo
        del board[c]  # the Change turtle is removed
        changing = None
    else:
        c = act[1]
        pending.remove(c)
        if kind == "life":
            s = act[2]
            if s is not None:
                board[s] = str(O)  # Life turtle stays on c, neutral
        elif kind == "immortal":
            if _pool(board) > 0:
                board[c] = str(O)  # [decision §4.6] empty pool: nothing happens
        elif kind == "contam":
            t = act[2]
            if t is not None:
                del board[t]
            del board[c]
        elif kind == "change":
            if any(code[0] == str(J) for code in board.values()):
                changing = c
            else:
                del board[c]
    new = _make(pos, board=_sorted_board(board), pending=pending, changing=changing)
    # §4.6 after each effect: goal check, pending dropped
    if _goal_winner(board) is not None:
        return _make(new, phase="over", pending=[], changing=None, to_move="terminal")
    if pending or changing is not None:
        return _make(new, phase="effects", to_move=_to_move_of("effects", O, changing))
    # nothing pending: O's turn begins (turn boundary)
    return _turn_boundary(_make(new, phase="play"))


def result(pos: dict) -> list[int]:
    if pos["phase"] != "over":
        raise ValueError("position is not terminal")
    w = _goal_winner(pos["board"])  # goal first
    if w is None:
        if _turn_limit(pos["rules"], pos["turns"]):
            return [0, 0]  # turn limit: draw
        w = 1 - pos["side"]  # side has no move and loses
    return [1, -1] if w == 0 else [-1, 1]


def perft(pos: dict, depth: int) -> int:
    if depth == 0:
        return 1
    if pos["phase"] == "over":
        return 0
    acts = _actions(pos)
    if depth == 1:
        return len(acts)
    return sum(perft(apply(pos, m), depth - 1) for m in acts)


# ---------------------------------------------------------------------------
# perft positions: each variant's start plus the rule book's worked examples
# ---------------------------------------------------------------------------


def _ex(
    rules, to_move_, side, turns, board, reserve=(0, 0), phase="play", pending=(), changing=None
):
    return load(
        {
            "game": GAME,
            "rules": rules,
            "to_move": to_move_,
            "phase": phase,
            "side": side,
            "turns": turns,
            "board": board,
            "reserve": list(reserve),
            "pending": list(pending),
            "changing": changing,
        }
    )


PERFT_POSITIONS: list[tuple[str, dict]] = [
    (f"start-{name}", new_position(r)) for name, r in VARIANTS.items()
]
PERFT_POSITIONS += [
    (
        "7.2-forced-neutral-goal",
        _ex({}, 0, 0, 0, {"d3": "0", "a1": "0", "d4": "1", "e6": "1", "g2": "1", "e5": "n"}),
    ),
    ("7.3-friendly-continue", _ex({}, 0, 0, 0, {"c2": "0", "c3": "0", "c5": "1", "d5": "n"})),
    (
        "7.4-max-first_hop",
        _ex(
            {},
            0,
            0,
            0,
            {"d2": "0", "a1": "0", "d3": "1", "c4": "1", "c5": "1", "e4": "1", "a2": "1"},
        ),
    ),
    (
        "7.4-max-any",
        _ex(
            {"max_rule": "any"},
            0,
            0,
            0,
            {"d2": "0", "a1": "0", "d3": "1", "c4": "1", "c5": "1", "e4": "1", "a2": "1"},
        ),
    ),
    (
        "7.4-max-global",
        _ex(
            {"max_rule": "global"},
            0,
            0,
            0,
            {"d2": "0", "a1": "0", "d3": "1", "c4": "1", "c5": "1", "e4": "1", "a2": "1"},
        ),
    ),
    (
        "7.5-neutral-not-forced",
        _ex({}, 0, 0, 0, {"f1": "0", "b2": "0", "f4": "1", "d7": "1", "f2": "n"}),
    ),
    (
        "7.7-contamination",
        _ex({"tattoo": True}, 0, 0, 0, {"d3": "0", "c4": "0", "d4": "1X", "g4": "1"}),
    ),
    (
        "7.8-change",
        _ex(
            {"tattoo": True},
            0,
            0,
            0,
            {"d1": "0", "d2": "0", "e3": "0", "d3": "1C", "e4": "1X", "b5": "1"},
        ),
    ),
    (
        "7.9-immortality-life",
        _ex(
            {"tattoo": True},
            1,
            1,
            0,
            {"d1": "0", "a1": "0", "e4": "0L", "d3": "0I", "e5": "1", "g4": "1"},
        ),
    ),
    (
        "7.10-hatching-capture",
        _ex(
            {"hatching": True},
            0,
            0,
            0,
            {"d4": "0", "b1": "0", "d5": "1", "g4": "1"},
            reserve=(6, 6),
        ),
    ),
    (
        "5-effects-changing",
        _ex(
            {"tattoo": True},
            0,
            1,
            19,
            {
                "a4": "0",
                "b2": "0L",
                "b4": "nC",
                "c1": "0",
                "d3": "1",
                "d4": "n",
                "d5": "0",
                "d6": "1",
                "d7": "1",
                "e4": "0X",
                "e6": "1",
                "f1": "0C",
                "f5": "1L",
                "g2": "1I",
            },
            phase="effects",
            changing="b4",
        ),
    ),
]
