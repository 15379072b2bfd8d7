"""Game records: the start position, every move and chance outcome, the result,
the players and their settings, the date (schema: docs/records.md).

A record is a JSON object whose ``"format"`` is ``"safari-ai-record"``; a
position has ``"to_move"`` instead, which is how :func:`is_record` tells them apart.

Records are checked and replayed by the C core (csrc/common/record.c), the
one reader of records, which the WebAssembly module of the static site calls
too: a record is accepted, refused (with the same message, naming the field or
the ply) and replayed the same everywhere.
"""

from __future__ import annotations

import datetime as _dt
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from safari_ai import _core
from safari_ai.errors import SafariError

__all__ = ["GameRecord", "RecordError", "is_record", "read_source", "FORMAT", "VERSION"]

FORMAT = "safari-ai-record"
VERSION = 1


class RecordError(SafariError, ValueError):
    """A record is malformed, or one of its moves is illegal when replayed."""


def is_record(data: Any) -> bool:
    """True for a game record, False for anything else (such as a position)."""
    return isinstance(data, dict) and data.get("format") == FORMAT


def now_utc() -> str:
    return _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


@dataclass
class GameRecord:
    """One game. ``moves`` holds one entry per ply: ``{"ply", "by", "move"}`` with
    ``by`` the mover's index or ``"chance"``, plus optional ``score``/``ms``/``comment``."""

    start: dict[str, Any]
    moves: list[dict[str, Any]] = field(default_factory=list)
    result: list[Any] | None = None
    players: list[dict[str, Any]] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)
    date: str = field(default_factory=now_utc)
    termination: str | None = None
    forfeit: dict[str, Any] | None = None
    """A match's game lost by a failing engine (docs/records.md): ``role``,
    ``seat`` (the seat that forfeited), ``engine``, ``error``; else None."""
    start_text: str | None = field(default=None, repr=False, compare=False)
    """The start position's JSON text as the record's file wrote it
    (:meth:`from_text`), which :meth:`replay` hands to the C reader as is;
    None for a record made from Python objects."""

    @property
    def game(self) -> str:
        return str(self.start.get("game"))

    def add(self, by: int | str, move: str, **extra: Any) -> None:
        entry: dict[str, Any] = {"ply": len(self.moves) + 1, "by": by, "move": move}
        entry.update({k: v for k, v in extra.items() if v is not None})
        self.moves.append(entry)

    def undo(self) -> dict[str, Any]:
        return self.moves.pop()

    def move_list(self) -> list[str]:
        return [entry["move"] for entry in self.moves]

    def to_json(self) -> dict[str, Any]:
        data = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "date": self.date,
            "players": self.players,
            "settings": self.settings,
            "start": self.start,
            "moves": self.moves,
            "result": self.result,
            "termination": self.termination,
        }
        if self.forfeit is not None:
            data["forfeit"] = self.forfeit
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """A record from its decoded JSON object, every field checked (docs/records.md)
        by the core's record reader.

        :raises RecordError: naming the first malformed field (``moves[3].ply``,
            ``players``, ``result``, ...).
        """
        try:
            text = json.dumps(data, allow_nan=False)
        except (TypeError, ValueError) as error:
            raise RecordError(f"not a game record: {error}") from None
        _check(text)
        return cls._of(data)

    @classmethod
    def _of(cls, data: dict[str, Any]) -> GameRecord:
        """The record of checked data."""
        return cls(
            start=data["start"],
            moves=[dict(m) for m in data["moves"]],
            result=data.get("result"),
            players=list(data.get("players") or []),
            settings=dict(data.get("settings") or {}),
            date=data.get("date") or "",
            termination=data.get("termination"),
            forfeit=data.get("forfeit"),
        )

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        """A record from its JSON text: the C reader checks the whole text
        (a duplicate key, a NUL, the input limits), every field is checked as
        :meth:`from_json` does, and the start position's own text is kept for
        :meth:`replay` (read by C as written).

        :raises RecordError: not JSON the core accepts, or not a valid record.
        """
        from safari_ai.jsontext import object_members

        try:
            members = object_members(text)
        except SafariError as error:
            raise RecordError(str(error)) from None
        _check(text)
        record = cls._of({key: value for key, (value, _) in members.items()})
        record.start_text = members["start"][1]
        return record

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Reads a record file under the input limits (safari_ai.jsontext).

        :raises RecordError: the file cannot be read, breaks a limit, is not
            JSON, or is not a valid record (naming the field).
        """
        from safari_ai.jsontext import read_file

        try:
            return cls.from_text(read_file(path))
        except SafariError as error:
            raise RecordError(f"{path}: {error}") from None

    def replay(self) -> list[Any]:
        """Every position of the game, from the start to after the last move
        (the core's ``sa_record_replay``). The stored ``result`` must be the
        final position's: at a finished game null or ``final.result()``; else
        null, all zeros (a match adjudicates a game at its ply cap as a
        draw), or, in a two-player game a seat forfeited (``forfeit``), a loss
        for that seat and a win for the other.

        :raises RecordError: naming the field, or the ply whose move is
            illegal or whose mover is wrong, or the result that is not the game's.
        """
        from safari_ai.position import Position

        try:
            return [Position(core) for core in _core.record_replay(self.text())]
        except _core.CoreError as error:
            raise RecordError(error.message) from None

    def text(self) -> str:
        """The record as JSON text, its start position as the record's file
        wrote it (:attr:`start_text`) when it was read from one."""
        if self.start_text is None:
            return json.dumps(self.to_json())
        data = self.to_json()
        del data["start"]
        return json.dumps(data)[:-1] + ', "start": ' + self.start_text + "}"


def read_source(text: str) -> Any | GameRecord:
    """A position (:class:`safari_ai.Position`) or a game record from the JSON
    text of a file or request: the text goes to the C position reader as is;
    only when the C reader refuses it and it is a record (``"format":
    "safari-ai-record"``) is it read as one (:meth:`GameRecord.from_text`).

    :raises PositionError: not a position (the C reader's error, naming the
        field) nor a record.
    :raises RecordError: a record with a bad field or an illegal move.
    """
    from safari_ai.errors import PositionError
    from safari_ai.jsontext import object_members
    from safari_ai.position import Position

    try:
        return Position.from_json(text)
    except PositionError as error:
        try:
            is_a_record = is_record(
                {k: v for k, (v, _) in object_members(text).items() if k == "format"}
            )
        except SafariError:
            is_a_record = False
        if not is_a_record:
            raise error from None
    return GameRecord.from_text(text)


def _check(text: str) -> None:
    """Every field of the record ``text`` checked by the core's record reader.

    :raises RecordError: naming the first malformed field.
    """
    try:
        _core.record_check(text)
    except _core.CoreError as error:
        raise RecordError(error.message) from None
