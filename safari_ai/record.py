"""Game records: the start position, every move and chance outcome, the result,
the players and their settings, the date (schema: docs/records.md).

A record is a JSON object whose ``"format"`` is ``"safari-ai-record"``; a
position has ``"to_move"`` instead, which is how :func:`is_record` tells them apart.
"""
from __future__ import annotations

import datetime as _dt
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Union

from safari_ai.errors import SafariError

__all__ = ["GameRecord", "RecordError", "is_record", "FORMAT", "VERSION"]

FORMAT = "safari-ai-record"
VERSION = 1


class RecordError(SafariError, ValueError):
    """A record is malformed, or one of its moves is illegal when replayed."""


def is_record(data: Any) -> bool:
    """True for a game record, False for anything else (such as a position)."""
    return isinstance(data, dict) and data.get("format") == FORMAT


def now_utc() -> str:
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat().replace(
        "+00:00", "Z")


@dataclass
class GameRecord:
    """One game. ``moves`` holds one entry per ply: ``{"ply", "by", "move"}`` with
    ``by`` the mover's index or ``"chance"``, plus optional ``score``/``ms``/``comment``."""

    start: dict[str, Any]
    moves: list[dict[str, Any]] = field(default_factory=list)
    result: Optional[list[Any]] = None
    players: list[dict[str, Any]] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)
    date: str = field(default_factory=now_utc)
    termination: Optional[str] = None

    @property
    def game(self) -> str:
        return str(self.start.get("game"))

    def add(self, by: Union[int, str], move: str, **extra: Any) -> None:
        entry: dict[str, Any] = {"ply": len(self.moves) + 1, "by": by, "move": move}
        entry.update({k: v for k, v in extra.items() if v is not None})
        self.moves.append(entry)

    def undo(self) -> dict[str, Any]:
        return self.moves.pop()

    def move_list(self) -> list[str]:
        return [entry["move"] for entry in self.moves]

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "game": self.game, "date": self.date,
                "players": self.players, "settings": self.settings, "start": self.start,
                "moves": self.moves, "result": self.result, "termination": self.termination}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: Union[str, Path]) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        if not is_record(data):
            raise RecordError(f"not a game record: \"format\" must be {FORMAT!r}")
        if data.get("version") != VERSION:
            raise RecordError(f"version: unsupported record version {data.get('version')!r}")
        start = data.get("start")
        if not isinstance(start, dict):
            raise RecordError("start: must be a position object")
        moves = data.get("moves")
        if not isinstance(moves, list):
            raise RecordError("moves: must be a list")
        for number, entry in enumerate(moves, start=1):
            if not isinstance(entry, dict) or not isinstance(entry.get("move"), str):
                raise RecordError(f"moves[{number - 1}]: needs a \"move\" string")
            if entry.get("by") != "chance" and not isinstance(entry.get("by"), int):
                raise RecordError(f"moves[{number - 1}].by: a player index or \"chance\"")
        return cls(start=start, moves=[dict(m) for m in moves], result=data.get("result"),
                   players=list(data.get("players") or []),
                   settings=dict(data.get("settings") or {}), date=str(data.get("date", "")),
                   termination=data.get("termination"))

    @classmethod
    def load(cls, path: Union[str, Path]) -> GameRecord:
        try:
            return cls.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
        except json.JSONDecodeError as error:
            raise RecordError(f"{path}: not JSON: {error}") from None

    def replay(self) -> list[Any]:
        """Every position of the game, from the start to after the last move.

        :raises RecordError: naming the ply whose move is illegal, or whose mover is wrong.
        """
        from safari_ai.position import Position

        try:
            pos = Position.from_json(self.start)
        except SafariError as error:
            raise RecordError(f"start: {error}") from None
        positions = [pos]
        for entry in self.moves:
            if entry["by"] != pos.to_move:
                raise RecordError(f"ply {entry.get('ply')}: by {entry['by']!r} but "
                                  f"{pos.to_move!r} is to move")
            try:
                pos = pos.apply(entry["move"])
            except SafariError as error:
                raise RecordError(f"ply {entry.get('ply')}: {error}") from None
            positions.append(pos)
        return positions
