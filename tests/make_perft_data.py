"""Regenerates tests/data/perft/<game>.perft from the REFERENCE implementation.

Deep perft counts are computed once by the slow reference (never by the C being
tested) and stored; tests then check the C against them at every depth, and
recompute the shallow ones from the reference live.

    python tests/make_perft_data.py turtles 4
    python tests/make_perft_data.py ostrich 3 20   # stop deepening a position after 20 s
"""

from __future__ import annotations

import importlib
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(game: str, depth: int, budget: float) -> None:
    sys.path.insert(0, str(HERE))
    ref = importlib.import_module(f"reference.{game}")
    lines = [f"# {game} perft counts from tests/reference/{game}.py (make_perft_data.py)"]
    for label, pos in ref.PERFT_POSITIONS:
        lines.append("")
        lines.append(f"id {label}")
        lines.append(f"position {json.dumps(pos, sort_keys=True)}")
        for d in range(1, depth + 1):
            started = time.perf_counter()
            count = ref.perft(pos, d)
            seconds = time.perf_counter() - started
            lines.append(f"perft {d} {count}")
            print(label, d, count, f"{seconds:.1f}s", file=sys.stderr)
            if seconds > budget:  # the next depth would take far longer
                break
    out = HERE / "data" / "perft" / f"{game}.perft"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), float(sys.argv[3]) if len(sys.argv) > 3 else 1e9)
