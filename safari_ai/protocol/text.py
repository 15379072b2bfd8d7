"""The protocol's text: its typed error and how tokens and values are written
in answers (one line each, tokens quoted, numbers to three decimals)."""

from __future__ import annotations

from typing import Any

__all__ = ["ProtocolError", "one_line", "quote", "format_value", "fmt"]


class ProtocolError(Exception):
    """A line the engine cannot act on; the message names the offending token."""


def one_line(text: str) -> str:
    """``text`` with any line break made a space: an answer is always one line."""
    return text.replace("\r", " ").replace("\n", " ") if ("\n" in text or "\r" in text) else text


def quote(token: str) -> str:
    """``token`` quoted for an error message (cut at 60 characters)."""
    return repr(token) if len(token) <= 60 else repr(token[:57] + "...")


def format_value(value: Any) -> str:
    """An option's value as the handshake writes it (``true``, ``<empty>``, ...)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value == "":
        return "<empty>"
    return str(value)


def fmt(x: float) -> str:
    """A probability or an expected result in an ``info`` line."""
    return f"{x:.3f}"
