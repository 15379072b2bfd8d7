"""Batch analysis: ``safari-ai analyse DIR_OR_FILES... --out OUTDIR``.

Every input is a JSON file: a game record is annotated (:func:`safari_ai.annotate.annotate`),
a position is searched (:func:`safari_ai.search.analyse`). Each gives one JSON
file of the same name in ``OUTDIR``::

    {"format": "safari-ai-analysis", "version": 1, "input": "game-1.json",
     "kind": "record" | "position",
     "settings": {...the limits or the level, algo, seed...},
     "analysis": {...}, "timings": {"seconds": 1.234, ...}}

``analysis`` is what ``analyse --json`` prints for that input, less the
figures that depend on the machine's speed (``seconds`` and ``nps``): those go to ``timings``, the one field that differs between two runs
of a node- or depth-limited analysis. So such an analysis writes the same
``analysis`` on any backend, any worker count, any machine.

The tasks run on a :class:`~safari_ai.executors.Backend` (this machine's processes,
or Ray). The driver reads the inputs and writes the outputs, so workers need
no shared file system. An input whose output file is already in ``OUTDIR``
with the same settings is skipped (``--resume`` by default); an input that
fails (not JSON, a bad position or record) is reported and written nowhere, so
the next run tries it again.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from safari_ai.errors import SafariError
from safari_ai.executors import Backend

__all__ = [
    "BatchError",
    "BatchTask",
    "BatchSummary",
    "FORMAT",
    "collect_inputs",
    "analyse_input",
    "run_batch",
    "player_summary",
]

FORMAT = "safari-ai-analysis"
VERSION = 1
TIMING_KEYS = ("seconds", "nps")
"""Fields of a position's report that depend on the machine; moved to ``timings``."""


class BatchError(SafariError):
    """The inputs or the output directory cannot be used (the message names which)."""


@dataclass
class BatchTask:
    """One input: its output name, its JSON text, and the analysis settings."""

    name: str
    text: str
    settings: dict[str, Any]


def collect_inputs(paths: Sequence[str]) -> list[tuple[str, Path]]:
    """(output name, path) of every input: a file as given, a directory's
    ``*.json`` files (not its subdirectories), in name order.

    :raises BatchError: a path that does not exist, or two inputs of one name.
    """
    found: dict[str, Path] = {}
    for text in paths:
        path = Path(text)
        if path.is_dir():
            files = sorted(p for p in path.glob("*.json") if p.is_file())
        elif path.is_file():
            files = [path]
        else:
            raise BatchError(f"{text}: no such file or directory")
        for file in files:
            if file.name in found and found[file.name].resolve() != file.resolve():
                raise BatchError(
                    f"{file} and {found[file.name]}: two inputs named "
                    f"{file.name} would write one output"
                )
            found[file.name] = file
    return list(found.items())


def _search_options(settings: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in settings.items() if k not in ("limits", "level")}


def analyse_input(task: BatchTask) -> dict[str, Any]:
    """Analyses one input (in a worker): the output object, or
    ``{"input": name, "error": message}`` when the input is unusable."""
    from safari_ai.limits import LIMIT_NAMES, Limits
    from safari_ai.position import Position
    from safari_ai.record import read_source
    from safari_ai.search import analyse
    from safari_ai.settings import Settings

    started = time.perf_counter()
    settings = task.settings
    try:
        source = read_source(task.text)  # the text to the C reader as is
        if not isinstance(source, Position):
            from safari_ai.annotate import annotate

            kind = "record"
            options = _search_options(settings)
            result = annotate(
                source,
                settings["limits"] or None,
                algo=options.get("algo", "auto"),
                seed=options.get("seed", 0),
                level=settings.get("level"),
            )
            analysis = result.to_json()
        else:
            kind = "position"
            options = _search_options(settings)
            given = {k: options.pop(k) for k in LIMIT_NAMES if k in options}
            searched = settings["limits"]
            if not searched:  # a level: its depth for this game (annotate.LEVELS)
                from safari_ai.annotate import level_limits

                searched = level_limits(
                    source.game, settings.get("level", "default"), source.is_chance()
                )
            # the one value, checked here
            report = analyse(source, Settings(Limits(**searched, **given), **options))
            analysis = report.to_json()
        timings = {key: analysis.pop(key) for key in TIMING_KEYS if key in analysis}
    except SafariError as error:
        return {"input": task.name, "error": " ".join(str(error).split())}
    timings["seconds_total"] = round(time.perf_counter() - started, 3)
    out = {
        "format": FORMAT,
        "version": VERSION,
        "input": task.name,
        "kind": kind,
        "settings": settings,
        "analysis": analysis,
        "timings": timings,
    }
    if kind == "record":
        out["players"] = [
            str(p.get("name", f"seat {p.get('seat', i)}")) for i, p in enumerate(source.players)
        ]
    return out


def _done_before(path: Path, settings: dict[str, Any]) -> dict[str, Any] | None:
    """The output an earlier run wrote at ``path`` with the same settings, else None."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if (
        isinstance(data, dict)
        and data.get("format") == FORMAT
        and data.get("settings") == json.loads(json.dumps(settings))
    ):
        return data
    return None


def _write(path: Path, data: dict[str, Any]) -> None:
    temporary = path.with_name(f"{path.name}.tmp{os.getpid()}")
    try:
        temporary.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        os.replace(temporary, path)
    except BaseException:  # Ctrl-C in the middle too: no stray temporary file
        temporary.unlink(missing_ok=True)
        raise


def player_summary(outputs: Sequence[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Per player (by the name in the records; ``seat N`` without one): the games
    annotated and the sums over them of the numbers in annotate's per-seat
    summary (errors, losses, luck; averages are left out, as they do not add up)."""
    table: dict[str, dict[str, float]] = {}
    for out in outputs:
        if out.get("kind") != "record":
            continue
        names = out.get("players") or []
        for seat, row in (out["analysis"].get("summary") or {}).items():
            index = int(seat) if str(seat).isdigit() else None
            name = names[index] if index is not None and index < len(names) else f"seat {seat}"
            entry = table.setdefault(name, {"games": 0})
            entry["games"] += 1
            for key, value in row.items() if isinstance(row, dict) else ():
                if (
                    isinstance(value, (int, float))
                    and not isinstance(value, bool)
                    and not key.startswith(("average", "mean"))
                ):
                    entry[key] = round(entry.get(key, 0) + value, 3)
    return table


@dataclass
class BatchSummary:
    """What a batch did: outputs written now, skipped (done before), failed inputs."""

    written: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)
    outputs: list[dict[str, Any]] = field(default_factory=list)

    def players(self) -> dict[str, dict[str, float]]:
        return player_summary(self.outputs)


def run_batch(
    paths: Sequence[str],
    out_dir: str,
    settings: dict[str, Any],
    backend: Backend,
    on_done: Callable[[str, str | None], None] | None = None,
    on_start: Callable[[int], None] | None = None,
) -> BatchSummary:
    """Analyses every input of ``paths`` into ``out_dir`` on ``backend``.

    ``settings`` holds ``limits`` (``{"nodes": N}`` and the like) and the
    search options (``algo``, ``seed``, ...). ``on_start`` is told how many
    inputs are to be analysed, ``on_done`` is called with each input's name
    (and its error, or None) as it finishes. Inputs already done with the
    same settings are skipped but counted in the summary.

    :raises BatchError: bad inputs, or an output directory that cannot be made.
    """
    inputs = collect_inputs(paths)
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BatchError(f"--out {out_dir}: {error}") from None
    summary = BatchSummary()
    tasks: list[BatchTask] = []
    for name, path in inputs:
        before = _done_before(out / name, settings)
        if before is not None:
            summary.skipped.append(name)
            summary.outputs.append(before)
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            summary.failed[name] = f"cannot read {path}: {error}"
            continue
        tasks.append(BatchTask(name, text, settings))
    if on_start is not None:
        on_start(len(tasks))
    results = backend.run(analyse_input, tasks)
    try:
        for _, result in results:
            name = result["input"]
            if "error" in result:
                summary.failed[name] = result["error"]
            else:
                _write(out / name, result)
                summary.written.append(name)
                summary.outputs.append(result)
            if on_done is not None:
                on_done(name, result.get("error"))
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
    return summary
