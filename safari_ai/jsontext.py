"""Reading JSON text from users under the input limits every reader shares.

The C position reader (``csrc/common/json.c``) refuses a text of more than
:data:`MAX_BYTES` bytes, nesting deeper than :data:`MAX_DEPTH`, and a number
spelled with more than :data:`MAX_NUMBER_CHARS` characters (the constants
come from ``csrc/include/safari/json.h``). Python reads files, game records,
``--rules`` values and protocol lines here, under the same limits, checked by
the same C reader before :func:`json.loads` sees the text: so a hostile input
(a file of zeros, a 100,000-deep nesting, a 5,000-digit number) gives one
:class:`~safari_ai.errors.InputError` naming what is wrong, never a
``RecursionError`` or a ``MemoryError``, and the C reading is the one that
decides (a duplicate key is refused everywhere).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, BinaryIO

from safari_ai import _core
from safari_ai.errors import InputError, from_core

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NUMBER_CHARS",
    "read_file",
    "read_bounded",
    "loads",
    "value_end",
    "object_members",
    "value_or_text",
]

MAX_BYTES: int = _core.JSON_MAX_BYTES
"""Most bytes of one input text (a file, a protocol line's JSON, a rules value)."""
MAX_DEPTH: int = _core.JSON_MAX_DEPTH
"""Most levels of arrays and objects nested in one another."""
MAX_NUMBER_CHARS: int = _core.JSON_MAX_NUMBER_CHARS
"""Most characters of one number."""


def read_bounded(handle: BinaryIO, name: str) -> str:
    """At most :data:`MAX_BYTES` bytes of UTF-8 text from ``handle`` (named
    ``name`` in errors); never reads more than one byte past the limit.

    :raises InputError: larger than the limit, or not UTF-8.
    """
    data = handle.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise InputError(f"{name}: larger than the input limit of {MAX_BYTES} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError(f"{name}: not UTF-8 text: {error}") from None


def read_file(path: str | Path) -> str:
    """The text of file ``path`` (``"-"``: standard input), at most
    :data:`MAX_BYTES` bytes of UTF-8; never reads more than that.

    :raises InputError: the file cannot be read, is larger, or is not UTF-8.
    """
    name = str(path)
    if name == "-":
        return read_bounded(sys.stdin.buffer, "standard input")
    try:
        with open(path, "rb") as handle:
            return read_bounded(handle, name)
    except OSError as error:
        raise InputError(f"cannot read {name}: {error.strerror or error}") from None


def _check(text: str) -> None:
    try:
        _core.json_check(text)
    except _core.CoreError as error:
        raise from_core(error, InputError) from None


def loads(text: str) -> Any:
    """The JSON value of ``text``, read under the input limits.

    :raises InputError: not JSON, or beyond a limit (the message says which).
    """
    _check(text)
    return json.loads(text)


def value_end(text: str) -> tuple[int, int]:
    """Where the JSON value at the start of ``text`` begins and ends (a protocol
    line such as ``position json {...} moves ...``), found without reading
    it for use: the text itself, ``text[start:end]``, goes to the C reader.

    :raises InputError: no JSON value there, or beyond a limit.
    """
    if len(text) > MAX_BYTES:
        raise InputError(f"input too large: more than the limit of {MAX_BYTES} bytes")
    start = len(text) - len(text.lstrip())
    try:
        _, end = json.JSONDecoder().raw_decode(text, start)
    except RecursionError:
        raise InputError(f"malformed JSON: nesting deeper than {MAX_DEPTH} levels") from None
    except json.JSONDecodeError as error:
        raise InputError(f"malformed JSON: {error}") from None
    except ValueError:  # an integer beyond Python's digit limit
        raise InputError(
            f"malformed JSON: a number longer than {MAX_NUMBER_CHARS} characters"
        ) from None
    return start, end


_SPACE = " \t\n\r"


def object_members(text: str) -> dict[str, tuple[Any, str]]:
    """Each member of the JSON object ``text`` as ``(value, its text as
    written)``, once the C reader has accepted the whole text (so a
    duplicate key, a NUL or a text beyond the limits is refused as
    everywhere). The text of a member that is a position (a record's
    ``"start"``, a web request's ``"position"``) then goes to the C position
    reader as the user wrote it, not re-encoded by Python.

    >>> object_members('{"a": [1, 2], "b" : {"c": 1}}')
    {'a': ([1, 2], '[1, 2]'), 'b': ({'c': 1}, '{"c": 1}')}

    :raises InputError: not JSON the core accepts, or not an object.
    """
    _check(text)
    decoder = json.JSONDecoder()
    index = len(text) - len(text.lstrip(_SPACE))
    if text[index : index + 1] != "{":
        raise InputError("expected a JSON object {...}")
    members: dict[str, tuple[Any, str]] = {}
    index += 1
    while True:
        index += len(text[index:]) - len(text[index:].lstrip(_SPACE))
        if text[index] == "}":
            return members
        if text[index] == ",":
            index += 1
            continue
        key, index = json.decoder.scanstring(text, index + 1)  # type: ignore[attr-defined]
        index = text.index(":", index) + 1
        index += len(text[index:]) - len(text[index:].lstrip(_SPACE))
        value, end = decoder.raw_decode(text, index)
        members[key] = (value, text[index:end])
        index = end


def value_or_text(raw: str) -> Any:
    """A ``KEY=VALUE`` option's value: the JSON value of ``raw`` when it is JSON,
    else ``raw`` itself as a bare string (``--rules tattoo_setup=random``).

    :raises InputError: ``raw`` is JSON beyond the input limits (too long, too
        deep, a number too long) or refused by the C reader (a duplicate key).
    """
    if len(raw) > MAX_BYTES:
        raise InputError(f"input too large: more than the limit of {MAX_BYTES} bytes")
    try:
        json.loads(raw)
    except json.JSONDecodeError:
        return raw
    except (RecursionError, ValueError):
        pass  # JSON beyond Python's own limits: the C check below names the limit
    return loads(raw)
