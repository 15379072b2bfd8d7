"""What a move does, in words and board places: each game's describe-move fact
(csrc/games/*_describe.c), read by ``Position.describe``/``describe_moves``,
``POST /api/describe``, ``safari-ai moves --describe`` and the page.

* Over seeded random games of every game (from ``safari_ai.game_names()``)
  and every boolean rules option, every legal move and chance outcome has a
  sentence, and each of its places names an element of the game's own
  picture (``data-KIND="NAME"`` in :func:`safari_ai.render.render`): the page
  clicks them.
* The sentences of the rule books' worked examples, written by hand from the
  rule books' text, and one reviewed instance of every other move kind.
* The HTTP API and the CLI give the same descriptions; errors name the move.
(WebAssembly == native: tests/test_wasm.py.)
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from click.testing import CliRunner
from test_arena_bad_input import ACT

import safari_ai
from safari_ai import IllegalMoveError, Position, describe_moves
from safari_ai.cli import main
from safari_ai.render import render

PLACE = re.compile(r'data-(id|cell|hex|space|position)="([^"]+)"')


def walk(game: str, rules: dict[str, Any], seed: int, plies: int) -> Position:
    """The position after ``plies`` seeded random plies (outcomes by their odds)."""
    rng = random.Random(seed)
    pos = Position.new(game, rules)
    for _ in range(plies):
        if pos.is_chance():
            outcomes = pos.chance_outcomes()
            move = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            move = rng.choice(pos.legal_moves())
        pos = pos.apply(move)
    return pos


def variants() -> list[tuple[str, dict[str, Any]]]:
    """Every game at its default rules and with each boolean option turned on."""
    out = []
    for facts in safari_ai.games():
        out.append((facts.name, {}))
        defaults = safari_ai.Position.new(facts.name).to_json()["rules"]
        for key, value in defaults.items():
            if value is False:
                out.append((facts.name, {key: True}))
    return out


@pytest.mark.parametrize(
    "game,rules", variants(), ids=lambda v: v if isinstance(v, str) else "-".join(v) or "default"
)
def test_every_move_has_words_and_places_of_its_board(game: str, rules: dict[str, Any]) -> None:
    rng = random.Random(7)
    try:
        pos = Position.new(game, rules)
    except safari_ai.PositionError:
        pytest.skip(f"{rules} alone is not a valid rules object of {game}")
    seen = 0
    for _ in range(60):
        if pos.is_terminal():
            assert describe_moves(pos) == []
            break
        board = set(PLACE.findall(render(pos)))
        described = describe_moves(pos)
        listed = pos.legal_moves() or [o for o, _ in pos.chance_outcomes()]
        assert [d.move for d in described] == listed
        for d in described:
            assert d.text and d.text == d.text.strip() and "\t" not in d.text, d
            for place in d.places:
                kind, _, name = place.partition(":")
                assert (kind, name) in board, (d, place)
            seen += bool(d.places)
        sample = rng.choice(described)
        assert pos.describe(sample.move) == sample
        pos = pos.apply(rng.choice(listed))
    assert seen > 0


# -- the rule books' worked examples, described by hand from their text --------------

TURTLES_7_2 = {
    "game": "turtles",
    "rules": {},
    "to_move": 0,
    "phase": "play",
    "side": 0,
    "turns": 0,
    "board": {"d3": "0", "a1": "0", "d4": "1", "e6": "1", "g2": "1", "e5": "n"},
    "reserve": [0, 0],
    "pending": [],
    "changing": None,
}
TURTLES_CHANGE = {
    "game": "turtles",
    "rules": {"tattoo": True},
    "to_move": 0,
    "phase": "effects",
    "side": 1,
    "turns": 19,
    "board": {
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
    "reserve": [0, 0],
    "pending": [],
    "changing": "b4",
}
ZEBRAS_3 = {
    "game": "zebras",
    "rules": {},
    "to_move": 0,
    "board": [
        ".. .. 1G .. .. ..",
        ".. 0L .. 1G 0G ..",
        ".. .. 1G .. .. ..",
        ".. .. .. .. .. ..",
        ".. .. .. .. .. ..",
    ],
    "guardian": 7,
    "inauguration": None,
    "hands": [{"Z": 5, "G": 5, "E": 1, "L": 0, "C": 2}, {"Z": 5, "G": 3, "E": 1, "L": 1, "C": 2}],
}
OSTRICH_E2 = {
    "game": "ostrich",
    "rules": {},
    "to_move": 1,
    "track": "default",
    "berries": ["13c", "5b", "8a"],
    "berry_pool": {"dofnooxoor": 1, "peepa": 1, "ter": 1},
    "ostriches": {"A": "2a", "B": "3a", "C": "0c", "D": "3c", "E": "1c"},
    "finished": "",
    "bewitched": "",
    "predictions": ["DEAB", "BDAC", "CEBD", "EABC"],
    "current": 1,
    "mode": "normal",
    "phase": "reroll_choice",
    "dice": {"white": "AAAWW", "black": "B"},
    "reroll": None,
    "left": None,
    "moved": "",
    "pending": None,
    "bonus": 0,
    "extra": 0,
    "lion": {"state": "off", "space": None, "turns": 0},
}
# Example 2 of the arena rule book (an activation), as test_arena_bad_input writes it.
ARENA_2 = ACT
ARENA_3 = {
    **ARENA_2,
    "rules": {"animals": True},
    "pool": 2,
    "gladiators": [
        ARENA_2["gladiators"][0],
        {**ARENA_2["gladiators"][1], "defense": 2, "speed": 1, "wounds": 3},
    ],
    "active": {"id": "0a", "moved": False, "attacked": True},
}
ARENA_5 = {
    "game": "arena",
    "rules": {"animals": True},
    "to_move": "chance",
    "arena": "default",
    "round": 4,
    "pool": 0,
    "gladiators": [
        {
            "id": "0a",
            "name": "thraex",
            "side": 0,
            "attack": 4,
            "defense": 3,
            "speed": 2,
            "wounds": 0,
            "hex": "c5",
        },
        {
            "id": "1a",
            "name": "murmillo",
            "side": 1,
            "attack": 3,
            "defense": 4,
            "speed": 2,
            "wounds": 0,
            "hex": "g5",
        },
    ],
    "animals": [
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

RULE_BOOK = [
    # turtles.md 7.2: forced through a neutral into the goal; the enemies turn neutral
    (
        TURTLES_7_2,
        [],
        "d3xd5xf5xd7/1",
        "the turtle on d3 jumps over the enemy turtle on d4 (now neutral) to d5, then over the "
        "neutral turtle on e5 (it joins player 1) to f5, then over the enemy turtle on e6 (now "
        "neutral) to d7; player 0 wins",
        ("cell:d3", "cell:d5", "cell:f5", "cell:d7"),
    ),
    (
        TURTLES_7_2,
        [],
        "d3xd5xf5xd7/0",
        "the turtle on d3 jumps over the enemy turtle on d4 (now "
        "neutral) to d5, then over the neutral turtle on e5 (it joins player 0) to f5, then over "
        "the enemy turtle on e6 (now neutral) to d7; player 0 wins",
        ("cell:d3", "cell:d5", "cell:f5", "cell:d7"),
    ),
    # turtles.md §5: player 0 (the jumper) hands over a turtle for player 1's Change
    (
        TURTLES_CHANGE,
        [],
        "Cb4/a4",
        "player 0 hands the turtle on a4 over to player 1; the Change "
        "turtle on b4 leaves the board",
        ("cell:b4", "cell:a4"),
    ),
    (
        TURTLES_CHANGE,
        [],
        "Cb4/e4",
        "player 0 hands the Contamination turtle on e4 over to "
        "player 1; the Change turtle on b4 leaves the board",
        ("cell:b4", "cell:e4"),
    ),
    # zebras.md example 3: the gazelle from d2 lands beside the lion and goes face down
    (
        ZEBRAS_3,
        [],
        "Cc2xd2xe2@08",
        "player 0 places a crocodile on c2, swaps with the gazelle "
        "on d2 (the gazelle turns face down beside a lion), then with the one on e2; the guardian "
        "moves to 8",
        ("cell:c2", "cell:d2", "cell:e2", "position:8"),
    ),
    (
        ZEBRAS_3,
        [],
        "Za2@09",
        "player 0 places a zebra on a2, face down (a lion is beside it); the guardian moves to 9",
        ("cell:a2", "position:9"),
    ),
    (
        ZEBRAS_3,
        [],
        "Ef2@10",
        "player 0 places an elephant on f2; the guardian moves to 10",
        ("cell:f2", "position:10"),
    ),
    # ostrich.md E2 and E3: the re-roll choice, the re-roll, a jump that stops on a berry
    (OSTRICH_E2, [], "r:AW", "re-roll A and W", ()),
    (OSTRICH_E2, [], "r:AAAWW*", "re-roll A, A, A, W and W and the black die", ()),
    (OSTRICH_E2, [], "keep", "keep the dice, re-roll none", ()),
    (
        OSTRICH_E2,
        ["r:AW"],
        "AAAAW/B",
        "after the re-roll the dice show A, A, A, A and W, the black die B",
        (),
    ),
    (
        OSTRICH_E2,
        ["r:AW", "AAAAW/B"],
        "A0:Sr",
        "ostrich A moves 2 points from 2a to 5b, jumping over B, and stops on the berry there",
        ("id:A",),
    ),
    (
        OSTRICH_E2,
        ["r:AW", "AAAAW/B"],
        "A1:Sssss",
        "ostrich A moves 5 points from 2a to 8a, "
        "jumping over B, using 1 wild, and stops on the berry there",
        ("id:A",),
    ),
    (OSTRICH_E2, ["r:AW", "AAAAW/B"], "*B", "bewitch ostrich B", ("id:B",)),
    # arena.md examples 2 to 5
    (ARENA_2, [], "attack:1a", "0a (thraex) attacks 1a (murmillo)", ("id:1a",)),
    (
        ARENA_2,
        ["attack:1a"],
        "wounds:2",
        "the attack of 0a (thraex) causes 2 wounds to 1a (murmillo)",
        (),
    ),
    (ARENA_2, ["attack:1a", "wounds:2"], "lose:0-2-0", "1a (murmillo) loses 2 Defense dice", ()),
    (
        ARENA_2,
        ["attack:1a", "wounds:2"],
        "lose:1-0-1",
        "1a (murmillo) loses 1 Attack die and 1 Speed die",
        (),
    ),
    (ARENA_2, [], "move:d6", "0a (thraex) moves from e5 to d6", ("hex:d6",)),
    (
        ARENA_3,
        [],
        "move:d5",
        "0a (thraex) moves from e5 to d5; moving away from every enemy "
        "adds a die to the event pool",
        ("hex:d5",),
    ),
    (ARENA_3, [], "move:e6", "0a (thraex) moves from e5 to e6", ("hex:e6",)),
    (ARENA_3, [], "end", "0a (thraex) ends its activation", ()),
    (ARENA_5, [], "init:1", "player 1 wins the initiative and chooses the order", ()),
    (
        ARENA_5,
        [],
        "init:A01",
        "the animals win the initiative and act first, then player 0, then player 1",
        (),
    ),
    (
        ARENA_5,
        ["init:1"],
        "order:A01",
        "the animals act first this round, then player 0, then player 1",
        (),
    ),
    (
        ARENA_5,
        ["init:1"],
        "order:10A",
        "player 1 acts first this round, then player 0, then the animals",
        (),
    ),
]


@pytest.mark.parametrize(
    "start,before,move,text,places",
    RULE_BOOK,
    ids=[f"{case[0]['game']}-{case[2]}" for case in RULE_BOOK],
)
def test_rule_book_examples(
    start: dict[str, Any], before: list[str], move: str, text: str, places: tuple[str, ...]
) -> None:
    pos = Position.from_json(start)
    for played in before:
        pos = pos.apply(played)
    described = pos.describe(move)
    assert (described.text, described.places) == (text, places)


def test_the_arena_defeat_ends_the_duel() -> None:
    # arena.md example 4: two wounds defeat the murmillo, who can spare one
    glads = [
        {
            "id": "0a",
            "name": "thraex",
            "side": 0,
            "attack": 2,
            "defense": 3,
            "speed": 1,
            "wounds": 3,
            "hex": "e5",
        },
        {
            "id": "1a",
            "name": "murmillo",
            "side": 1,
            "attack": 1,
            "defense": 2,
            "speed": 1,
            "wounds": 5,
            "hex": "f5",
        },
    ]
    pos = Position.from_json(
        {
            **ARENA_2,
            "to_move": "chance",
            "round": 5,
            "gladiators": glads,
            "phase": "attack",
            "team_order": ["1", "0"],
            "slot": 1,
            "acted": ["0a", "1a"],
            "active": {"id": "0a", "moved": True, "attacked": False},
            "pending": {"attacker": "0a", "target": "1a"},
        }
    )
    assert pos.describe("wounds:2").text == (
        "the attack of 0a (thraex) causes 2 wounds to 1a "
        "(murmillo), who is defeated; the combat ends: "
        "player 0 wins"
    )
    assert (
        pos.describe("wounds:1").text == "the attack of 0a (thraex) causes 1 wound to 1a (murmillo)"
    )


# -- one instance of every other move kind, reviewed against the rule books --------------
# (game, rules, seed, plies): the position of walk(); then the move, its words, its places.

LION = {"lion": True, "players": 2}
PRIMUS = {"animals": True, "format": "primus", "event_roll": "on_request"}
TATTOO = {"tattoo": True}
KINDS = [
    (
        "ostrich",
        LION,
        0,
        0,
        "pred:ABCD",
        "player 0 is dealt the prediction ABCD (1st A, 2nd B, 3rd C, last D)",
        (),
    ),
    ("ostrich", LION, 0, 2, "AAAAA/A", "the dice show A, A, A, A and A, the black die A", ()),
    ("ostrich", LION, 0, 3, "r:*", "re-roll the black die", ()),
    ("ostrich", LION, 0, 5, "B0:s", "ostrich B moves 1 point from 0b to 1b", ("id:B",)),
    ("ostrich", LION, 0, 5, "*D", "bewitch ostrich D", ("id:D",)),
    (
        "ostrich",
        LION,
        0,
        6,
        "berry:dofnooxoor",
        "the berry under ostrich E is dofnooxoor: it gives a bonus roll of all the dice",
        (),
    ),
    (
        "ostrich",
        LION,
        0,
        7,
        "lion:4a",
        "put the lion on 4a; every bewitched ostrich runs again",
        ("space:4a",),
    ),
    ("ostrich", LION, 0, 11, "target:C", "the lion hunts ostrich C", ("id:C",)),
    (
        "ostrich",
        LION,
        0,
        12,
        "L:4b-4a",
        "the lion steps to 4b and 4a and catches ostrich C: it goes back to a nest",
        ("space:4b", "space:4a"),
    ),
    ("ostrich", LION, 0, 13, "nest:0c", "put ostrich C on the nest 0c", ("space:0c",)),
    ("ostrich", LION, 4, 58, "black:A", "the black die shows A: the lion hunts ostrich A", ()),
    (
        "ostrich",
        LION,
        5,
        53,
        "B0:s",
        "ostrich B moves 1 point from 8a to 9a, where the lion catches it: it goes back to a nest",
        ("id:B",),
    ),
    (
        "ostrich",
        LION,
        1,
        72,
        "E0:r",
        "ostrich E moves 1 point from 16a to 17b, and crosses the line 1st",
        ("id:E",),
    ),
    (
        "ostrich",
        LION,
        6,
        142,
        "E0:lr",
        "ostrich E moves 2 points from 15b to 17b, and crosses the line 3rd; the race ends",
        ("id:E",),
    ),
    ("ostrich", LION, 1, 88, "pass", "pass: no ostrich can move and no sorcery is possible", ()),
    ("arena", PRIMUS, 0, 0, "roll", "player 0 asks for the event roll", ()),
    ("arena", PRIMUS, 0, 0, "pass", "player 0 does not ask for the event roll", ()),
    (
        "arena",
        PRIMUS,
        0,
        1,
        "spawn:bear-I",
        "a bear (x) appears and waits for hex I, which is taken",
        (),
    ),
    ("arena", PRIMUS, 0, 4, "activate:1a", "1a (murmillo) acts now", ("id:1a",)),
    ("arena", PRIMUS, 0, 5, "move:g4", "1b (murmillo) moves from i4 to g4", ("hex:g4",)),
    ("arena", PRIMUS, 8, 40, "behave:hunt", "the lion x hunts the nearest foe", ()),
    ("arena", PRIMUS, 8, 41, "step:a6", "the lion x steps to a6", ("hex:a6",)),
    ("arena", PRIMUS, 8, 63, "target:0a", "the lion x attacks 0a (thraex)", ("id:0a",)),
    ("arena", PRIMUS, 10, 17, "attack:x", "1a (murmillo) attacks the lion x", ("id:x",)),
    (
        "arena",
        PRIMUS,
        10,
        27,
        "wounds:4",
        "the attack of the lion x causes 4 wounds to 1a (murmillo), who is defeated",
        (),
    ),
    (
        "arena",
        PRIMUS,
        11,
        320,
        "end",
        "1b (murmillo) ends its activation; the combat ends: nobody wins",
        (),
    ),
    ("turtles", TATTOO, 0, 0, "b1-a1", "the Life turtle on b1 steps to a1", ("cell:b1", "cell:a1")),
    (
        "turtles",
        TATTOO,
        0,
        2,
        "e3xe5",
        "the turtle on e3 jumps over the enemy Contamination turtle on e4 (now neutral) to e5",
        ("cell:e3", "cell:e5"),
    ),
    (
        "turtles",
        TATTOO,
        0,
        3,
        "Xe4/e5",
        "the Contamination turtle on e4 removes player 0's turtle on e5, then leaves the board",
        ("cell:e4", "cell:e5"),
    ),
    (
        "turtles",
        TATTOO,
        144,
        6,
        "Xc3",
        "the Contamination turtle on c3 leaves the board (no turtle of player 1 beside it)",
        ("cell:c3",),
    ),
    (
        "turtles",
        TATTOO,
        83,
        4,
        "Lf3/b1",
        "the Life turtle on f3 gives player 0 a new turtle on b1",
        ("cell:f3", "cell:b1"),
    ),
    (
        "turtles",
        TATTOO,
        190,
        4,
        "Ld4",
        "the Life turtle on d4 can give no new turtle",
        ("cell:d4",),
    ),
    (
        "turtles",
        TATTOO,
        146,
        3,
        "Ic4",
        "the Immortality turtle on c4 leaves the game; a turtle of player 1 takes its cell",
        ("cell:c4",),
    ),
    (
        "turtles",
        TATTOO,
        147,
        4,
        "Cd4",
        "the Change turtle on d4 acts: player 1 must hand over a turtle",
        ("cell:d4",),
    ),
    (
        "turtles",
        TATTOO,
        22,
        6,
        "c4xa2/0",
        "the turtle on c4 jumps over the neutral Life turtle on b3 (it joins player 0) to a2",
        ("cell:c4", "cell:a2"),
    ),
    (
        "turtles",
        {"hatching": True},
        0,
        0,
        "+b1",
        "player 0 adds a turtle on b1 from the reserve",
        ("cell:b1",),
    ),
    (
        "turtles",
        {"hatching": True},
        0,
        0,
        "+b1+c2",
        "player 0 adds turtles on b1 and c2 from the reserve",
        ("cell:b1", "cell:c2"),
    ),
    (
        "turtles",
        {"tattoo": True, "tattoo_setup": "choose"},
        0,
        0,
        "L@b1",
        "player 0 puts the Life tattoo on the turtle on b1",
        ("cell:b1",),
    ),
    ("zebras", {}, 0, 0, "@00", "player 0 puts the guardian on position 0", ("position:0",)),
    (
        "zebras",
        {},
        1,
        2,
        "Lf5@06",
        "player 0 places a lion on f5; it turns face down the zebra on e5; the guardian moves to 6",
        ("cell:f5", "position:6"),
    ),
    (
        "zebras",
        {},
        29,
        5,
        "Lc3@03",
        "player 1 places a lion on c3; it turns face down the zebra "
        "on b3; the gazelle on c4 goes back to its owner's hand; the guardian moves to 3",
        ("cell:c3", "position:3"),
    ),
    (
        "zebras",
        {},
        14,
        3,
        "Cf2xf1@08",
        "player 1 places a crocodile on f2, swaps with the gazelle on f1; the guardian moves to 8",
        ("cell:f2", "cell:f1", "position:8"),
    ),
    (
        "zebras",
        {},
        19,
        6,
        "Zf3@09",
        "player 0 places a zebra on f3; player 0 takes the Inauguration; the guardian moves to 9",
        ("cell:f3", "position:9"),
    ),
    (
        "zebras",
        {},
        7,
        30,
        "Gf2",
        "player 0 places a gazelle on f2, face down (a lion is beside "
        "it); the board is full: player 1 wins, 36 to 41",
        ("cell:f2",),
    ),
]


@pytest.mark.parametrize(
    "game,rules,seed,plies,move,text,places", KINDS, ids=[f"{k[0]}-{k[4]}-{k[2]}" for k in KINDS]
)
def test_every_move_kind(
    game: str,
    rules: dict[str, Any],
    seed: int,
    plies: int,
    move: str,
    text: str,
    places: tuple[str, ...],
) -> None:
    described = walk(game, rules, seed, plies).describe(move)
    assert (described.text, described.places) == (text, places)


# -- a line; errors; the HTTP API and the CLI ----------------------------------------------


def test_a_line_is_described_where_each_move_comes() -> None:
    start = Position.new("turtles")
    line = describe_moves(start, ["d1xd3", "d7xd5", "d3-c3"])
    assert [d.text for d in line] == [
        "the turtle on d1 jumps over its own turtle on d2 to d3",
        "the turtle on d7 jumps over its own turtle on d6 to d5",
        "the turtle on d3 steps to c3",
    ]
    with pytest.raises(IllegalMoveError, match="d3-c3"):
        describe_moves(start, ["d3-c3"])
    with pytest.raises(IllegalMoveError, match="a move is a string"):
        start.describe(7)  # type: ignore[arg-type]
    assert line[0].to_json() == {
        "move": "d1xd3",
        "places": ["cell:d1", "cell:d3"],
        "text": "the turtle on d1 jumps over its own turtle on d2 to d3",
    }


def test_http_api_describes_as_the_python_api() -> None:
    pytest.importorskip("starlette", reason="the web extra is not installed")
    pytest.importorskip("httpx", reason="httpx is needed by Starlette's TestClient")
    from local_client import LocalClient

    from safari_ai.web.app import create_app

    pos = walk("ostrich", {}, 3, 1)
    with LocalClient(create_app()) as client:

        def post(body: Any) -> Any:
            return client.post(
                "/api/describe",
                content=json.dumps(body),
                headers={"content-type": "application/json"},
            )

        every = post({"position": pos.to_json()})
        assert every.status_code == 200
        assert every.json() == {"moves": [d.to_json() for d in describe_moves(pos)]}
        start = Position.new("turtles").to_json()
        line = post({"position": start, "moves": ["d1xd3", "d7xd5"]}).json()
        assert [d["places"] for d in line["moves"]] == [
            ["cell:d1", "cell:d3"],
            ["cell:d7", "cell:d5"],
        ]
        bad = post({"position": start, "moves": ["d1xd3", "d1xd3"]})
        assert bad.status_code == 400 and bad.json()["field"] == "moves[1]"
        assert "d1xd3" in bad.json()["error"]
        assert post({"position": start, "moves": "d1xd3"}).json()["field"] == "moves"
        assert post({"position": start, "move": []}).json()["field"] == "move"


def test_cli_moves_describe() -> None:
    runner = CliRunner()
    start = Position.new("zebras").to_json_text()
    text = runner.invoke(main, ["moves", "--describe", "-"], input=start)
    assert text.exit_code == 0, text.output
    assert (
        text.output.splitlines()[7] == "@07  player 0 puts the guardian on position 7  [position:7]"
    )
    as_json = runner.invoke(main, ["moves", "--describe", "--json", "-"], input=start)
    assert json.loads(as_json.output) == [
        d.to_json() for d in describe_moves(Position.new("zebras"))
    ]
