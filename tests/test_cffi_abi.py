"""The C core without Cython: load the plain shared library through cffi's ABI
mode, declare its API from the public header alone, and run perft with it, as
another program embedding the engine would."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

cffi = pytest.importorskip("cffi")

HEADER = Path(__file__).resolve().parents[1] / "csrc" / "include" / "safari" / "safari.h"


def _declarations() -> str:
    """safari.h without preprocessor lines and the C++ guard: what cdef reads."""
    text = HEADER.read_text(encoding="utf-8")
    text = re.sub(r"^\s*#.*$", "", text, flags=re.MULTILINE)
    text = text.replace('extern "C" {', "")
    return re.sub(r"^\}\s*$", "", text, flags=re.MULTILINE)


@pytest.fixture(scope="module")
def lib() -> tuple[object, object]:
    spec = importlib.util.find_spec("safari_ai._libsafari")
    assert spec is not None and spec.origin, "safari_ai._libsafari was not built"
    ffi = cffi.FFI()
    ffi.cdef(_declarations())
    return ffi, ffi.dlopen(spec.origin)


def test_header_declares_the_library(lib: tuple[object, object]) -> None:
    ffi, c = lib
    assert ffi.string(c.sa_version()).decode().count(".") == 2
    names = []
    while (name := c.sa_game_name(len(names))) != ffi.NULL:
        names.append(ffi.string(name).decode())
    assert "turtles" in names


def test_perft_through_the_header(lib: tuple[object, object]) -> None:
    ffi, c = lib
    err = ffi.new("sa_error *")
    pos = c.sa_position_new(b"turtles", ffi.NULL, err)
    assert pos != ffi.NULL, ffi.string(err.message)
    try:
        assert [c.sa_perft(pos, d) for d in (1, 2, 3)] == [20, 400, 8112]
        buf = ffi.new("char[]", 4096)
        n = c.sa_position_moves_text(pos, buf, 4096)
        assert ffi.string(buf).decode().split()[:3] == ["b1-a1", "b1-b2", "b1xd3"]
        assert n == len(ffi.string(buf))
        assert c.sa_position_apply(pos, b"d1xd3", err) == c.SA_OK
        assert c.sa_position_to_move(pos) == 1
        assert c.sa_position_apply(pos, b"d1xd3", err) == c.SA_ERR_MOVE
        assert b"d1xd3" in ffi.string(err.message)
    finally:
        c.sa_position_free(pos)


def test_bad_json_through_the_header(lib: tuple[object, object]) -> None:
    ffi, c = lib
    err = ffi.new("sa_error *")
    text = b'{"game": "turtles", "rules": '
    assert c.sa_position_from_json(text, len(text), err) == ffi.NULL
    assert err.status == c.SA_ERR_JSON
    assert b"malformed JSON" in ffi.string(err.message)
