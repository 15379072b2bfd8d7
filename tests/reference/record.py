"""Independent pure-Python reference for reading a game record (docs/records.md):
the checks and the replay the Python API made before the C core's record
reader (csrc/common/record.c) took them over (issue 31), kept word for word so
that tests/test_record_bad_input.py can require the same verdicts and messages.

:func:`read` returns the decoded record and its positions (a list of position
JSON objects, through ``safari_ai.Position`` for the moves), or raises
:class:`Refused` with the message.
"""

from __future__ import annotations

import json
from typing import Any

FORMAT = "safari-ai-record"


class Refused(Exception):
    """The record is refused; the message names the field or the ply."""


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _optional(data: dict[str, Any], key: str, kind: type, what: str) -> Any:
    value = data.get(key)
    if value is not None and not isinstance(value, kind):
        raise Refused(f"{key}: must be {what}, got {type(value).__name__}")
    return value


def _check_move_entry(index: int, entry: Any) -> None:
    where = f"moves[{index}]"
    if not isinstance(entry, dict):
        raise Refused(f"{where}: must be an object")
    if not isinstance(entry.get("move"), str):
        raise Refused(f'{where}: needs a "move" string')
    ply = entry.get("ply")
    if isinstance(ply, bool) or not isinstance(ply, int):
        raise Refused(f"{where}.ply: must be the integer {index + 1}, got {ply!r}")
    if ply != index + 1:
        raise Refused(f"{where}.ply: must be {index + 1} (plies count 1, 2, ...), got {ply}")
    by = entry.get("by")
    if by != "chance" and (isinstance(by, bool) or not isinstance(by, int)):
        raise Refused(f'{where}.by: a player index or "chance", got {by!r}')


def check(data: Any) -> None:
    """Every field but the moves' legality."""
    if not (isinstance(data, dict) and data.get("format") == FORMAT):
        raise Refused(f'not a game record: "format" must be {FORMAT!r}')
    if data.get("version") != 1:
        raise Refused(f"version: unsupported record version {data.get('version')!r}")
    start = data.get("start")
    if not isinstance(start, dict):
        raise Refused("start: must be a position object")
    if "game" in data and data["game"] != start.get("game"):
        raise Refused(f"game: {data['game']!r} but start.game is {start.get('game')!r}")
    moves = data.get("moves")
    if not isinstance(moves, list):
        raise Refused("moves: must be a list")
    for index, entry in enumerate(moves):
        _check_move_entry(index, entry)
    players = _optional(data, "players", list, "a list")
    for index, player in enumerate(players or []):
        if not isinstance(player, dict):
            raise Refused(f"players[{index}]: must be an object")
    _optional(data, "settings", dict, "an object")
    _optional(data, "date", str, "a string")
    _optional(data, "termination", str, "a string or null")
    result = _optional(data, "result", list, "a list of numbers or null")
    if result is not None and not all(_is_number(value) for value in result):
        raise Refused(f"result: must be a list of numbers or null, got {result!r}")
    forfeit = _optional(data, "forfeit", dict, "an object")
    if forfeit is not None and (
        not isinstance(forfeit.get("seat"), int) or isinstance(forfeit.get("seat"), bool)
    ):
        raise Refused(
            f"forfeit.seat: must be the forfeiting seat's index, got {forfeit.get('seat')!r}"
        )


def read(text: str) -> tuple[dict[str, Any], list[Any]]:
    """The record ``text`` checked and replayed: (data, positions)."""
    import safari_ai
    from safari_ai.errors import SafariError

    data = json.loads(text)
    check(data)
    try:
        pos = safari_ai.Position.from_json(json.dumps(data["start"]))
    except SafariError as error:
        raise Refused(f"start: {error}") from None
    positions = [pos]
    for entry in data["moves"]:
        if entry["by"] != pos.to_move:
            raise Refused(
                f"ply {entry.get('ply')}: by {entry['by']!r} but {pos.to_move!r} is to move"
            )
        try:
            pos = pos.apply(entry["move"])
        except SafariError as error:
            raise Refused(f"ply {entry.get('ply')}: {error}") from None
        positions.append(pos)
    _check_result(data, pos, len(data["moves"]))
    return data, positions


def _check_result(data: dict[str, Any], final: Any, plies: int) -> None:
    result = data.get("result")
    if result is None:
        return
    if len(result) != final.num_players:
        raise Refused(
            f"result: {result!r} has {len(result)} entries, the "
            f"game has {final.num_players} players"
        )
    if final.is_terminal():
        if list(result) != final.result():
            raise Refused(
                f"result: {result!r}, but the game ends after {plies} "
                f"plies with the result {final.result()!r}"
            )
    elif data.get("forfeit") is not None:
        seat = data["forfeit"]["seat"]
        lost = [1 if index != seat else -1 for index in range(final.num_players)]
        if final.num_players != 2 or list(result) != lost:
            raise Refused(
                f"result: {result!r}, but seat {seat} forfeited the game after "
                f"{plies} plies (expected {lost!r})"
            )
    elif any(value != 0 for value in result):
        raise Refused(
            f"result: {result!r}, but the game is not over after {plies} "
            "plies (expected null, all zeros for an adjudicated draw, or a "
            "forfeit's win and loss)"
        )
