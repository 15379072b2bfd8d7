"""The zebras evaluation (csrc/games/zebras_eval.c): exact at the end, antisymmetric,
and an alpha-beta score that does not swing by a zebra from one depth to the next."""

from __future__ import annotations

import random

import safari_ai


def random_positions(count: int, seed: int) -> list[safari_ai.Position]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        pos = safari_ai.Position.new("zebras")
        for _ in range(rng.randrange(0, 28)):
            if pos.is_terminal():
                break
            pos = pos.apply(rng.choice(pos.legal_moves()))
        out.append(pos)
    return out


def test_antisymmetric_and_exact_at_the_end() -> None:
    finished = 0
    for pos in random_positions(200, seed=3):
        assert pos.evaluate(0) == -pos.evaluate(1)
        if pos.is_terminal():
            finished += 1
            result = pos.result()
            assert (pos.evaluate(0) > 0) == (result[0] > 0)
            assert pos.evaluate(0) % 100 == 0  # whole points: the score difference
    rng = random.Random(5)
    for _ in range(20):  # play to the end: the value is 100 x the score difference
        pos = safari_ai.Position.new("zebras")
        while not pos.is_terminal():
            pos = pos.apply(rng.choice(pos.legal_moves()))
        assert pos.evaluate(0) % 100 == 0 and (pos.evaluate(0) > 0) == (pos.result()[0] > 0)


def test_the_next_placer_has_the_tempo() -> None:
    start = safari_ai.Position.new("zebras")
    # At the start nothing is on the board and the hands are equal: only the tempo
    # is set, and it belongs to player 1, who places the first token after player 0
    # puts the guardian down. Its weight is fitted (player 0, the second to place,
    # scores 54-60% in self-play), so the value is the tempo's weight, whatever its sign.
    assert list(start.features()) == [0, 0, 0, -1, 0, 0, 0, 0, 0]
    tempo = safari_ai.EvalWeights.default("zebras").named()["tempo"]
    assert start.evaluate(1) == tempo
    after = start.apply("@00")
    assert list(after.features()) == list(start.features())
    assert after.evaluate(1) == start.evaluate(1)
    placed = after.apply("Za1@02")  # player 1's zebra: now player 0 places next
    assert placed.features()[3] == 1


def test_start_score_is_stable_from_one_depth_to_the_next() -> None:
    """The first evaluation (the score under the current majorities) gave 0 at odd
    depths and -600 at even ones at the start: whoever placed last held a territory."""
    start = safari_ai.Position.new("zebras")
    scores = [safari_ai.analyse(start, depth=depth, seed=0).score for depth in range(1, 6)]
    steps = [abs(a - b) for a, b in zip(scores, scores[1:])]
    assert max(steps) < 300, scores


def test_mid_game_scores_are_stable_from_one_depth_to_the_next() -> None:
    """Mean |score(d+1) - score(d)| for d = 1..3 over 48 random positions: about
    270 cp with this evaluation, 680 cp with the score under the current majorities."""
    swings = []
    for seed in (11, 12, 13):
        for pos in random_positions(16, seed=seed):
            if pos.is_terminal():
                continue
            scores = [safari_ai.analyse(pos, depth=depth, seed=0).score for depth in range(1, 5)]
            if all(abs(score) < 5000 for score in scores):
                swings.append(sum(abs(a - b) for a, b in zip(scores, scores[1:])) / 3)
    assert len(swings) > 30 and sum(swings) / len(swings) < 400, swings


HAND_FEATURES = ["hand_zebras", "hand_gazelles", "hand_elephant", "hand_lion", "hand_crocodiles"]


def test_hand_features_are_player_0s_tokens_in_hand_minus_player_1s() -> None:
    names = safari_ai.feature_names("zebras")
    assert names[4:] == HAND_FEATURES
    start = safari_ai.Position.new("zebras")
    assert list(start.features()[4:]) == [0, 0, 0, 0, 0]  # equal hands
    # The rule book's example 3: hands Z5 G5 E1 L0 C2 against Z5 G3 E1 L1 C2.
    pos = safari_ai.Position.from_json(
        {
            "game": "zebras",
            "rules": {"croc_chain": True},
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
            "hands": [
                {"Z": 5, "G": 5, "E": 1, "L": 0, "C": 2},
                {"Z": 5, "G": 3, "E": 1, "L": 1, "C": 2},
            ],
        }
    )
    assert list(pos.features()[4:]) == [0, 2, 0, -1, 0]
    # Placing a token takes it from the hand: player 0's crocodile on c2.
    after = pos.apply("Cc2@08")
    assert list(after.features()[4:]) == [0, 2, 0, -1, -1]


def test_a_lion_that_sends_gazelles_home_fills_their_owners_hand() -> None:
    pos = safari_ai.Position.new("zebras")
    for move in ["@15", "Gb4@16", "Ga4@17"]:
        pos = pos.apply(move)
    assert list(pos.features()[4:]) == [0, 0, 0, 0, 0]
    raided = pos.apply("La5@18")  # player 1's lion next to player 0's gazelle on a4
    assert raided.to_json()["hands"][0]["G"] == 6
    # player 0 has the gazelle back and still holds the lion player 1 spent
    assert list(raided.features()[4:]) == [0, 1, 0, 1, 0]


def test_evaluation_of_a_hand_made_position_is_weights_times_features() -> None:
    """After @15 Gb4@16 Ga4@17 La5@18: player 1's lion alone in T5 (a4 a5 b5, 2
    cells empty) and gazelle alone in T1 (5 cells, 4 empty); player 0 to place."""
    pos = safari_ai.Position.new("zebras")
    for move in ["@15", "Gb4@16", "Ga4@17", "La5@18"]:
        pos = pos.apply(move)
    share_t5 = -(1 * 5 * 1024 // (5 * 1 + 2))  # margin -1, 2 empty: -731/1024
    share_t1 = -(1 * 5 * 1024 // (5 * 1 + 4))  # margin -1, 4 empty: -568/1024
    control = share_t5 * 1 + share_t1 * 2  # the lion's 1 point, the gazelle's 2
    open_cells = share_t5 * 2 + share_t1 * 4
    expected = [control, open_cells, 0, 1024, 0, 1024, 0, 1024, 0]
    assert [int(v * 1024) for v in pos.features()] == expected
    weights = safari_ai.EvalWeights.default("zebras").weights
    value = sum(w * f for w, f in zip(weights, expected))
    assert pos.evaluate(0) == int(value / 1024) == -pos.evaluate(1)  # truncated toward 0
