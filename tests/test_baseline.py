"""``algo=plain``: one ply on a fixed plain evaluation (safari_ai/baseline.py)."""

from __future__ import annotations

import random

from safari_ai.baseline import ostrich_projected_score, plain_move
from safari_ai.match import make_jobs, parse_spec, run_match
from safari_ai.position import Position


def _race(finished: str, predictions: list[str]) -> dict[str, object]:
    return {
        "ostriches": {"A": "10a", "B": "12b", "C": "5c", "D": "3a", "E": "1a"},
        "finished": finished,
        "predictions": predictions,
    }


def test_the_projected_score_by_hand() -> None:
    # the order now: B (row 12), A (10), C (5), D (3), E (1, last)
    data = _race("", ["ABCD", "BACE", "EDCB"])
    assert ostrich_projected_score(data, 0) == 2 + 2 + 3  # A, B swapped; C right
    assert ostrich_projected_score(data, 1) == (5 + 4 + 3) * 2  # all right, E last
    assert ostrich_projected_score(data, 2) == 3  # only C in the top three
    # C has finished: C, B, A, D, E
    data = _race("C", ["ABCD", "CBAE"])
    assert ostrich_projected_score(data, 0) == 2 + 4 + 2
    assert ostrich_projected_score(data, 1) == (5 + 4 + 3) * 2
    assert ostrich_projected_score({"predictions": [None], "ostriches": {}}, 0) == 0


def test_plain_plays_the_move_its_projection_likes_best() -> None:
    pos = Position.new("ostrich", {"players": 3})
    rng = random.Random(3)
    decisions = 0
    while not pos.is_terminal() and decisions < 40:
        if pos.is_chance():
            outcomes = pos.chance_outcomes()
            pos = pos.apply(outcomes[rng.randrange(len(outcomes))][0])
            continue
        me = pos.to_move
        move, score = plain_move(pos, rng)
        values = {
            m: (
                pos.apply(m).result()[me]
                if pos.apply(m).is_terminal()
                else ostrich_projected_score(pos.apply(m).to_json(), me)
            )
            for m in pos.legal_moves()
        }
        assert score is None and values[move] == max(values.values())
        pos = pos.apply(move)
        decisions += 1
    assert decisions == 40


def test_plain_takes_a_win_in_a_duel() -> None:
    # whenever the plain player could win at once it did: every game it won
    # ended on its own move, and it never left a win on the board
    a, b = parse_spec("algo=plain"), parse_spec("algo=random")
    assert not a.limited() and a.settings() == {"algo": "plain"}
    summary = run_match(make_jobs("turtles", {}, a, b, 6, 2, 2))
    checked = could_win = 0
    for outcome in summary.outcomes:
        pos = Position.new("turtles")
        for entry in outcome.record["moves"]:
            if entry["by"] == outcome.colour and entry.get("comment") != "opening":
                winning = [
                    m
                    for m in pos.legal_moves()
                    if pos.apply(m).is_terminal() and pos.apply(m).result()[outcome.colour] > 0
                ]
                assert not winning or entry["move"] in winning
                checked += 1
                could_win += bool(winning)
            pos = pos.apply(entry["move"])
    assert checked > 20 and could_win > 0
