"""Arena match records: how the games ended, and the draws at the round cap.

    python bench/arena_draws.py RECORDS_DIR [RECORDS_DIR ...] [--json]

For each directory of arena game records (``safari-ai match arena ...
--records DIR``), replays every record to its last position and counts, for
player A of the match (the ``role`` "A" seat):

* wins, draws and losses; the draws at the round cap (the last round is
  ``round_cap``) and the other draws (both sides beaten);
* among the cap draws, those where A was ahead in material at the end (more
  dice standing than B; both gladiators stand at the cap in a duel), level,
  or behind, and A's mean dice lead in them.

Only replays the records (no search), so it uses no CPU worth measuring.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from safari_ai import Position


def dice_of(final: dict[str, Any], side: int) -> int:
    """Dice (attack + defense + speed) of `side`'s standing gladiators."""
    return sum(
        g["attack"] + g["defense"] + g["speed"] for g in final["gladiators"] if g["side"] == side
    )


def final_position(record: dict[str, Any]) -> dict[str, Any]:
    pos = Position.from_json(record["start"])
    for entry in record["moves"]:
        pos = pos.apply(entry["move"])
    return pos.to_json()


def summarise(folder: Path) -> dict[str, Any]:
    counts = {
        "games": 0,
        "wins": 0,
        "draws": 0,
        "losses": 0,
        "cap_draws": 0,
        "cap_draws_ahead": 0,
        "cap_draws_level": 0,
        "cap_draws_behind": 0,
        "other_draws": 0,
    }
    leads: list[int] = []
    rounds_of_wins: list[int] = []
    for path in sorted(folder.rglob("*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        if record.get("game") != "arena" or record.get("result") is None:
            continue
        seat_a = next(p["seat"] for p in record["players"] if p["role"] == "A")
        final = final_position(record)
        score = record["result"][seat_a]
        counts["games"] += 1
        if score > 0:
            counts["wins"] += 1
            rounds_of_wins.append(final["round"])
            continue
        if score < 0:
            counts["losses"] += 1
            continue
        counts["draws"] += 1
        if final["round"] < final["rules"]["round_cap"] or not final["gladiators"]:
            counts["other_draws"] += 1
            continue
        counts["cap_draws"] += 1
        lead = dice_of(final, seat_a) - dice_of(final, 1 - seat_a)
        leads.append(lead)
        key = "ahead" if lead > 0 else "level" if lead == 0 else "behind"
        counts[f"cap_draws_{key}"] += 1
    counts["mean_lead_in_cap_draws"] = round(sum(leads) / len(leads), 2) if leads else None
    counts["mean_round_of_wins"] = (
        round(sum(rounds_of_wins) / len(rounds_of_wins), 1) if rounds_of_wins else None
    )
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", type=Path, nargs="+")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    for folder in args.folders:
        counts = summarise(folder)
        if args.json:
            print(json.dumps({"records": str(folder), **counts}))
        else:
            print(folder, " ".join(f"{k}={v}" for k, v in counts.items()))


if __name__ == "__main__":
    main()
