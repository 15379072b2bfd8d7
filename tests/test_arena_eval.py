"""The arena's evaluation (csrc/games/arena_eval.c, issue 19 point 5): the
features that know the fight beyond material (the centre, the kill threat, the
rounds left before the cap) on hand-made positions, the evaluation as their
weighted sum, and a duel near the cap that the engine now wins where the
material evaluation drew it."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from reference.arena_fight import win_chance

import safari_ai
from safari_ai import EvalWeights, Position
from safari_ai.search import analyse

NAMES = [
    "standing",
    "attack",
    "defense",
    "speed",
    "wounds",
    "centre",
    "kill_threat",
    "late_lead",
    "pending",
    "next_blow",
    "fight",
]
# The evaluation before these features: material only.
MATERIAL = EvalWeights("arena", (300, 100, 100, 100, 0, 0, 0, 0, 0, 0, 0), 200.0)


def duel(
    hex0: str,
    hex1: str,
    stats1: tuple[int, int, int] = (3, 4, 2),
    round_: int = 5,
    stats0: tuple[int, int, int] = (4, 3, 2),
    rules: dict[str, Any] | None = None,
) -> Position:
    """A duel at the initiative roll of `round_`: side 0's gladiator (by
    default a whole thraex) on hex0, side 1's (a murmillo, 9 dice whole) on hex1."""

    def gladiator(
        gid: str, name: str, side: int, stats: tuple[int, int, int], hex_: str, whole: int
    ) -> dict[str, Any]:
        return {
            "id": gid,
            "name": name,
            "side": side,
            "attack": stats[0],
            "defense": stats[1],
            "speed": stats[2],
            "wounds": whole - sum(stats),
            "hex": hex_,
        }

    return Position.from_json(
        {
            "game": "arena",
            "rules": rules or {},
            "to_move": "chance",
            "arena": "default",
            "round": round_,
            "pool": 0,
            "gladiators": [
                gladiator("0a", "thraex", 0, stats0, hex0, 9),
                gladiator("1a", "murmillo", 1, stats1, hex1, 9),
            ],
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
    )


def feature(pos: Position, name: str) -> float:
    return float(pos.features()[NAMES.index(name)])


def test_the_features_are_named():
    assert safari_ai.feature_names("arena") == NAMES
    assert EvalWeights.default("arena").named()["late_lead"] < 0


def test_centre_counts_the_hexes_to_the_middle():
    # e5 is the middle of the default arena, 4 hexes from I (a5) and II (i5).
    assert feature(duel("a5", "i5"), "centre") == 0
    assert feature(duel("e5", "i5"), "centre") == 4
    assert feature(duel("a5", "e5"), "centre") == -4
    assert feature(duel("d5", "f6"), "centre") == 2 - 1  # 1 and 2 hexes away
    assert feature(duel("d5", "g6"), "centre") == 3 - 1  # g6: 2 steps east, 1 north
    assert feature(duel("c5", "e3"), "centre") == 0  # both 2 hexes away


def test_kill_threat_is_the_chance_to_defeat_an_enemy_in_reach():
    weak = (1, 1, 1)  # no spare die: any wound defeats it
    # 4 Attack dice against 1 Defense die wound at least once 95% of the time;
    # the weak murmillo's 1 die against 3 cannot defeat a thraex with 6 spare.
    assert feature(duel("e5", "g5", weak), "kill_threat") == 95  # 2 hexes
    assert feature(duel("e5", "h5", weak), "kill_threat") == 95  # 3 = Speed + 1
    assert feature(duel("e5", "i5", weak), "kill_threat") == 0  # out of reach
    # Seen from the other side, the sign turns.
    assert feature(duel("g5", "e5", stats1=(4, 3, 2), stats0=weak), "kill_threat") == -95
    # Two whole gladiators: no attack of 3 or 4 dice takes 6 spare dice.
    assert feature(duel("e5", "f5"), "kill_threat") == 0
    # A murmillo with 2 spare dice (3 + 1 + 1 - 3), thraex adjacent: 4 v 1 needs 3 wounds.
    threat = feature(duel("e5", "f5", (3, 1, 1)), "kill_threat")
    assert 0 < threat < 95


@pytest.mark.parametrize("round_, factor", [(5, 0), (22, 0), (23, 1), (29, 7), (30, 8)])
def test_late_lead_counts_the_lead_in_the_last_rounds(round_, factor):
    # Side 0 leads by 9 - 3 = 6 dice; the cap is round 30.
    pos = duel("a5", "i5", (1, 1, 1), round_=round_)
    assert feature(pos, "late_lead") == 6 * factor
    behind = duel("a5", "i5", stats1=(4, 3, 2), stats0=(1, 1, 1), round_=round_)
    assert feature(behind, "late_lead") == -6 * factor


def test_late_lead_reads_the_rules_round_cap():
    pos = duel("a5", "i5", (2, 2, 2), round_=8, rules={"round_cap": 10})
    assert feature(pos, "late_lead") == 3 * (8 - 2)


def test_the_evaluation_is_the_weighted_sum():
    positions = [
        duel("e5", "g5", (1, 1, 1), round_=27),
        duel("d5", "f6", (3, 1, 1)),
        duel("g5", "e5", stats1=(4, 3, 2), stats0=(2, 1, 1), round_=30),
        duel("a5", "i5"),
    ]
    default = EvalWeights.default("arena").vector()
    for pos in positions:
        f = pos.features()
        assert pos.evaluate(0) == int(default @ f) == -pos.evaluate(1)
        # Each weight alone gives its feature times the weight.
        for i, name in enumerate(NAMES):
            weights = [0] * len(NAMES)
            weights[i] = 7
            one = pos.with_weights(EvalWeights("arena", tuple(weights), 200.0))
            assert one.evaluate(0) == 7 * int(f[i]), name


@pytest.mark.parametrize("rule", ["lexicographic", "sum"])
def test_fight_is_the_stand_up_duels_log_odds(rule):
    """`fight` is 100 x the log-odds of side 0 winning the duel as a stand-up
    fight, the reference's exact chance (tests/reference/arena_fight.py) on
    seeded dice of 1 to 4 a pool; turned for the other side."""
    rng = random.Random(11)
    cases = [((4, 3, 2), (3, 4, 2)), ((1, 1, 1), (1, 1, 1)), ((4, 1, 1), (1, 4, 3))]
    while len(cases) < 12:  # at most 9 dice each, the duel helper's whole gladiators
        g0, g1 = (tuple(rng.randint(1, 4) for _ in range(3)) for _ in range(2))
        if sum(g0) <= 9 and sum(g1) <= 9:
            cases.append((g0, g1))
    for g0, g1 in cases:
        p = win_chance(g0, g1, rule)
        expected = max(-1000.0, min(1000.0, 100 * math.log(p / (1 - p))))
        pos = duel("a5", "i5", stats1=g1, stats0=g0, rules={"initiative": rule})
        assert feature(pos, "fight") == pytest.approx(expected, abs=1), (g0, g1)
        # Where the gladiators stand and whose turn it is do not enter.
        assert feature(
            duel("e5", "f5", stats1=g1, stats0=g0, rules={"initiative": rule}), "fight"
        ) == feature(pos, "fight")


def test_fight_values_the_dice_unequally():
    """The thraex (4/3/2) against the murmillo (3/4/2), struck once: the
    stand-up fight says it keeps its Attack dice first, then Defense, and
    gives up Speed first (only the initiative), where material counts every
    die alike."""
    odds = {
        lost: feature(duel("a5", "i5", stats0=stats), "fight")
        for lost, stats in (("attack", (3, 3, 2)), ("defense", (4, 2, 2)), ("speed", (4, 3, 1)))
    }
    assert odds["attack"] < odds["defense"] < odds["speed"] < feature(duel("a5", "i5"), "fight")


def test_fight_is_zero_outside_a_plain_duel():
    start = Position.new("arena", {"format": "primus"})
    assert feature(start, "fight") == 0
    assert feature(Position.new("arena", {"animals": True}), "fight") != 0  # no animal yet
    lion = {
        "id": "x",
        "species": "lion",
        "attack": 5,
        "defense": 1,
        "speed": 4,
        "hex": "i5",
        "entry": "II",
    }
    with_lion = duel("c6", "g7").to_json()
    with_lion["animals"] = [lion]
    with_lion["rules"]["animals"] = True
    assert feature(Position.from_json(with_lion), "fight") == 0


def play_to_the_end(pos: Position, weights: EvalWeights, seed: int) -> list[int]:
    """Side 0 searches 8 plies with `weights`; side 1 stands still (`end`);
    the dice come from a generator seeded with `seed`."""
    pos = pos.with_weights(weights)
    rng = random.Random(seed)
    while not pos.is_terminal():
        if pos.is_chance():
            outcomes = pos.chance_outcomes()
            pos = pos.apply(
                rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
            )
        elif pos.to_move == 0:
            pos = pos.apply(analyse(pos, depth=8, seed=seed).best_move)
        else:
            moves = pos.legal_moves()
            pos = pos.apply("end" if "end" in moves else moves[0])
    return pos.result()


def test_near_the_cap_the_engine_takes_the_win():
    """Round 24 of 30, the two whole gladiators at their start hexes, 8 hexes
    apart; side 1 never moves. Searching 8 plies on material alone, every move
    scores 0 and the thraex never closes in: four seeded games, four draws at
    the cap. With the default evaluation it goes for the centre and the kill
    and wins at least three of the same four games."""
    start = duel("a5", "i5", round_=24)
    material = [play_to_the_end(start, MATERIAL, seed) for seed in range(4)]
    default = [play_to_the_end(start, EvalWeights.default("arena"), seed) for seed in range(4)]
    assert material == [[0, 0]] * 4
    assert default.count([1, -1]) >= 3 and [-1, 1] not in default


def test_pending_counts_the_wounds_of_an_attack_under_way():
    """Rolled for: the expected wounds; dealt but not yet split: the wounds;
    once split they are in the dice and pending is 0 again."""
    pos = duel("e5", "f5").apply("init:0").apply("order:01")
    assert feature(pos, "pending") == 0
    rolling = pos.apply("attack:1a")  # 4 Attack dice against 4 Defense dice
    assert rolling.to_json()["phase"] == "attack"
    assert feature(rolling, "pending") == 141
    split = rolling.apply("wounds:2")
    assert split.to_json()["phase"] == "allocate"
    assert feature(split, "pending") == 200
    taken = split.apply("lose:0-1-1")
    assert feature(taken, "pending") == 0
    assert feature(taken, "defense") - feature(split, "defense") == 1  # side 1's die gone
    # Seen from the other side, the sign turns.
    other = duel("e5", "f5").apply("init:1").apply("order:10").apply("attack:0a")
    assert feature(other, "pending") == -111
    assert feature(other.apply("wounds:1"), "pending") == -100


def test_next_blow_counts_the_attacks_still_to_come_this_round():
    # At the roll both will act: each in reach of the other (2 hexes, Speed 2).
    assert feature(duel("e5", "g5"), "next_blow") == 141 - 111
    assert feature(duel("a5", "i5"), "next_blow") == 0  # nobody in reach
    pos = duel("e5", "g5").apply("init:0").apply("order:01")
    # The thraex steps to d5, 3 hexes from g5 with no enemy adjacent: its
    # activation is over (nothing but `end` left), and the murmillo, now
    # acting, has its blow to come (d5 is within its Speed + 1).
    moved = pos.apply("move:d5")
    assert moved.to_json()["active"]["id"] == "1a"
    assert feature(moved, "next_blow") == -111
    # Once it has moved away without striking, nobody's blow is left.
    assert feature(moved.apply("move:i5"), "next_blow") == 0
    # A blow spent: the thraex attacked; the murmillo's is still to come.
    struck = duel("e5", "f5").apply("init:0").apply("order:01").apply("attack:1a")
    assert feature(struck, "next_blow") == -111  # the thraex's blow is under way (pending)
