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

__all__ = ["GameRecord", "RecordError", "is_record", "read_source", "FORMAT", "VERSION"]

FORMAT = "safari-ai-record"
VERSION = 1


class RecordError(SafariError, ValueError):
    """A record is malformed, or one of its moves is illegal when replayed."""


def is_record(data: Any) -> bool:
    """True for a game record, False for anything else (such as a position)."""
    return isinstance(data, dict) and data.get("format") == FORMAT


def now_utc() -> str:
    return _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat().replace(
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
    forfeit: Optional[dict[str, Any]] = None
    """A match's game lost by a failing engine (docs/records.md): ``role``,
    ``seat`` (the seat that forfeited), ``engine``, ``error``; else None."""
    start_text: Optional[str] = field(default=None, repr=False, compare=False)
    """The start position's JSON text as the record's file wrote it
    (:meth:`from_text`), which :meth:`replay` hands to the C reader as is;
    None for a record made from Python objects."""

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
        data = {"format": FORMAT, "version": VERSION, "game": self.game, "date": self.date,
                "players": self.players, "settings": self.settings, "start": self.start,
                "moves": self.moves, "result": self.result, "termination": self.termination}
        if self.forfeit is not None:
            data["forfeit"] = self.forfeit
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: Union[str, Path]) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """A record from its decoded JSON object, every field checked (docs/records.md).

        :raises RecordError: naming the first malformed field (``moves[3].ply``,
            ``players``, ``result``, ...).
        """
        if not is_record(data):
            raise RecordError(f"not a game record: \"format\" must be {FORMAT!r}")
        if data.get("version") != VERSION:
            raise RecordError(f"version: unsupported record version {data.get('version')!r}")
        start = data.get("start")
        if not isinstance(start, dict):
            raise RecordError("start: must be a position object")
        if "game" in data and data["game"] != start.get("game"):
            raise RecordError(f"game: {data['game']!r} but start.game is {start.get('game')!r}")
        moves = data.get("moves")
        if not isinstance(moves, list):
            raise RecordError("moves: must be a list")
        for index, entry in enumerate(moves):
            _check_move_entry(index, entry)
        players = _optional(data, "players", list, "a list")
        for index, player in enumerate(players or []):
            if not isinstance(player, dict):
                raise RecordError(f"players[{index}]: must be an object")
        settings = _optional(data, "settings", dict, "an object")
        date = _optional(data, "date", str, "a string")
        termination = _optional(data, "termination", str, "a string or null")
        result = _optional(data, "result", list, "a list of numbers or null")
        if result is not None and not all(_is_number(value) for value in result):
            raise RecordError(f"result: must be a list of numbers or null, got {result!r}")
        forfeit = _optional(data, "forfeit", dict, "an object")
        if forfeit is not None and (not isinstance(forfeit.get("seat"), int)
                                    or isinstance(forfeit.get("seat"), bool)):
            raise RecordError(f"forfeit.seat: must be the forfeiting seat's index, "
                              f"got {forfeit.get('seat')!r}")
        return cls(start=start, moves=[dict(m) for m in moves], result=result,
                   players=list(players or []), settings=dict(settings or {}),
                   date=date or "", termination=termination, forfeit=forfeit)

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
        record = cls.from_json({key: value for key, (value, _) in members.items()})
        record.start_text = members["start"][1]
        return record

    @classmethod
    def load(cls, path: Union[str, Path]) -> GameRecord:
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
        """Every position of the game, from the start to after the last move.

        :raises RecordError: naming the ply whose move is illegal, or whose mover is wrong.
        """
        from safari_ai.position import Position

        try:
            pos = Position.from_json(self.start if self.start_text is None else self.start_text)
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
        self._check_result(pos)
        return positions

    def _check_result(self, final: Any) -> None:
        """The stored ``result`` must be the final position's: at a finished game
        null or ``final.result()``; else null, all zeros (a match adjudicates a
        game at its ply cap as a draw), or, in a two-player game a seat
        forfeited (``forfeit``), a loss for that seat and a win for the other."""
        if self.result is None:
            return
        plies = len(self.moves)
        if len(self.result) != final.num_players:
            raise RecordError(f"result: {self.result!r} has {len(self.result)} entries, the "
                              f"game has {final.num_players} players")
        if final.is_terminal():
            if list(self.result) != final.result():
                raise RecordError(f"result: {self.result!r}, but the game ends after {plies} "
                                  f"plies with the result {final.result()!r}")
        elif self.forfeit is not None:
            seat = self.forfeit["seat"]
            lost = [1 if index != seat else -1 for index in range(final.num_players)]
            if final.num_players != 2 or list(self.result) != lost:
                raise RecordError(f"result: {self.result!r}, but seat {seat} forfeited the "
                                  f"game after {plies} plies (expected {lost!r})")
        elif any(value != 0 for value in self.result):
            raise RecordError(f"result: {self.result!r}, but the game is not over after {plies} "
                              "plies (expected null, all zeros for an adjudicated draw, or a "
                              "forfeit's win and loss)")


def read_source(text: str) -> Union[Any, GameRecord]:
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
            is_a_record = is_record({k: v for k, (v, _) in object_members(text).items()
                                     if k == "format"})
        except SafariError:
            is_a_record = False
        if not is_a_record:
            raise error from None
    return GameRecord.from_text(text)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _optional(data: dict[str, Any], key: str, kind: type, what: str) -> Any:
    """``data[key]`` when it is a ``kind`` or null (missing: None); else RecordError."""
    value = data.get(key)
    if value is not None and not isinstance(value, kind):
        raise RecordError(f"{key}: must be {what}, got {type(value).__name__}")
    return value


def _check_move_entry(index: int, entry: Any) -> None:
    """One entry of ``moves``: ``{"ply": index + 1, "by": P or "chance", "move": "..."}``."""
    where = f"moves[{index}]"
    if not isinstance(entry, dict):
        raise RecordError(f"{where}: must be an object")
    if not isinstance(entry.get("move"), str):
        raise RecordError(f"{where}: needs a \"move\" string")
    ply = entry.get("ply")
    if isinstance(ply, bool) or not isinstance(ply, int):
        raise RecordError(f"{where}.ply: must be the integer {index + 1}, got {ply!r}")
    if ply != index + 1:
        raise RecordError(f"{where}.ply: must be {index + 1} (plies count 1, 2, ...), got {ply}")
    by = entry.get("by")
    if by != "chance" and (isinstance(by, bool) or not isinstance(by, int)):
        raise RecordError(f"{where}.by: a player index or \"chance\", got {by!r}")
