"""Shared SVG building for the renderers: an element tree, colours, dice, captions.

Everything is written with :mod:`xml.etree.ElementTree`, so text and attribute
values are escaped by the library. Every drawn piece carries ``class="piece"``
and ``data-owner`` (a player index, ``neutral`` or ``animals``) so that a test,
a stylesheet or a script can find it.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from typing import Any

SVG_NS = "http://www.w3.org/2000/svg"

# One colour per player (up to five in the ostrich race), neutral and animals.
# The ostriches belong to nobody and have their own palette (render/ostrich.py),
# chosen apart from these.
PLAYER_COLOURS = ["#d94f30", "#2f6fd0", "#3a9a48", "#9b59b6", "#c9a227"]
NEUTRAL_COLOUR = "#9a9a9a"
ANIMAL_COLOUR = "#7a5230"
LAST_MOVE_COLOUR = "#f2c500"
FONT = "DejaVu Sans, Arial, sans-serif"


def player_colour(player: int) -> str:
    return PLAYER_COLOURS[player % len(PLAYER_COLOURS)]


class Canvas:
    """An SVG document under construction."""

    def __init__(self, width: float, height: float, title: str) -> None:
        self.width, self.height = width, height
        self.root = ET.Element(
            "svg",
            {
                "xmlns": SVG_NS,
                "version": "1.1",
                "width": _n(width),
                "height": _n(height),
                "viewBox": f"0 0 {_n(width)} {_n(height)}",
                "font-family": FONT,
            },
        )
        ET.SubElement(self.root, "title").text = title
        ET.SubElement(
            self.root,
            "rect",
            {"x": "0", "y": "0", "width": _n(width), "height": _n(height), "fill": "#fbf8f0"},
        )

    def group(self, cls: str, parent: ET.Element | None = None, **attrs: str) -> ET.Element:
        return ET.SubElement(self.root if parent is None else parent, "g", {"class": cls, **attrs})

    def add(self, parent: ET.Element | None, tag: str, **attrs: object) -> ET.Element:
        clean = {
            key.rstrip("_").replace("_", "-"): _n(value) if isinstance(value, float) else str(value)
            for key, value in attrs.items()
            if value is not None
        }
        return ET.SubElement(self.root if parent is None else parent, tag, clean)

    def text(
        self,
        parent: ET.Element | None,
        x: float,
        y: float,
        content: str,
        *,
        size: float = 12,
        anchor: str = "middle",
        cls: str | None = None,
        fill: str = "#222",
        weight: str | None = None,
    ) -> ET.Element:
        element = self.add(
            parent,
            "text",
            x=float(x),
            y=float(y),
            font_size=float(size),
            text_anchor=anchor,
            dominant_baseline="central",
            fill=fill,
            font_weight=weight,
            class_=cls,
        )
        element.text = content
        return element

    def label(
        self,
        parent: ET.Element | None,
        x: float,
        y: float,
        content: str,
        *,
        size: float = 8,
        fill: str = "#3d3d3d",
        cls: str = "cell-name",
    ) -> ET.Element:
        """A small name (a cell, a hex) drawn with a white halo, meant to sit on a
        layer above the pieces so that it stays readable on top of them."""
        element = self.text(parent, x, y, content, size=size, fill=fill, cls=cls, weight="bold")
        element.set("stroke", "#ffffff")
        element.set("stroke-width", "2.2")
        element.set("stroke-linejoin", "round")
        element.set("paint-order", "stroke")
        return element

    def views(
        self, board: tuple[float, float, float, float], key: tuple[float, float, float, float]
    ) -> None:
        """Where the board and the key (the caption and the legend) lie, as
        two view boxes ``x y width height`` (``data-board``, ``data-key`` on
        the ``<svg>``): a page shows them apart (the key below the board on
        a phone); the picture itself holds both, side by side."""
        for name, box in (("data-board", board), ("data-key", key)):
            self.root.set(name, " ".join(_n(float(v)) for v in box))

    def to_string(self) -> str:
        ET.indent(self.root)
        return ET.tostring(self.root, encoding="unicode", xml_declaration=False) + "\n"


def _n(value: object) -> str:
    """A number without a useless fraction: 12.0 -> '12', 3.14159 -> '3.14'."""
    if isinstance(value, float):
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    return str(value)


def hex_points(cx: float, cy: float, size: float, pointy: bool) -> str:
    """The corner list of a regular hexagon (flat-topped unless ``pointy``)."""
    start = 30 if pointy else 0
    return " ".join(
        f"{_n(cx + size * math.cos(math.radians(start + 60 * i)))},"
        f"{_n(cy + size * math.sin(math.radians(start + 60 * i)))}"
        for i in range(6)
    )


def die(
    canvas: Canvas,
    parent: ET.Element,
    x: float,
    y: float,
    face: str,
    *,
    size: float = 22,
    black: bool = False,
    cls: str = "die",
) -> None:
    """One die showing ``face`` as text (a letter, a digit or ``W``)."""
    group = canvas.group(cls, parent, **{"data-face": face})
    canvas.add(
        group,
        "rect",
        x=float(x),
        y=float(y),
        width=float(size),
        height=float(size),
        rx=4.0,
        fill="#222" if black else "#fff",
        stroke="#222",
        stroke_width=1.5,
    )
    canvas.text(
        group,
        x + size / 2,
        y + size / 2,
        face,
        size=size * 0.6,
        fill="#fff" if black else "#222",
        weight="bold",
        cls="die-face",
    )


def caption(
    canvas: Canvas, lines: Iterable[str], x: float, y: float, *, size: float = 13, step: float = 18
) -> float:
    """Left-aligned text lines; returns the y below the last one."""
    group = canvas.group("caption")
    for line in lines:
        canvas.text(group, x, y, line, size=size, anchor="start")
        y += step
    return y


class Legend:
    """A key to the picture's symbols: rows of a small swatch and a text, drawn
    top-down from (x, y) inside ``<g class="legend">``."""

    def __init__(
        self, canvas: Canvas, x: float, y: float, title: str = "key", step: float = 17
    ) -> None:
        self.canvas, self.x, self.y, self.step = canvas, x, y, step
        self.group = canvas.group("legend")
        canvas.text(self.group, x, y, title, size=12, anchor="start", weight="bold")
        self.y += step

    def row(
        self,
        text: str,
        *,
        fill: str | None = None,
        symbol: str = "",
        shape: str = "rect",
        text_fill: str = "#fff",
        stroke: str = "#222",
        dashed: bool = False,
    ) -> None:
        """One entry: a swatch (``shape`` rect, circle or line, or none without
        ``fill``) holding ``symbol``, then ``text``."""
        c, x, y = self.canvas, self.x, self.y
        entry = c.group("legend-entry", self.group, **{"data-symbol": symbol or text})
        if fill is not None:
            if shape == "circle":
                c.add(
                    entry,
                    "circle",
                    cx=x + 7.0,
                    cy=y,
                    r=7.0,
                    fill=fill,
                    stroke=stroke,
                    stroke_width=1.0,
                    stroke_dasharray="3 2" if dashed else None,
                )
            elif shape == "line":
                c.add(
                    entry,
                    "line",
                    x1=float(x),
                    y1=float(y),
                    x2=x + 14.0,
                    y2=float(y),
                    stroke=fill,
                    stroke_width=5.0,
                )
            else:
                c.add(
                    entry,
                    "rect",
                    x=float(x),
                    y=y - 7.0,
                    width=14.0,
                    height=14.0,
                    rx=2.0,
                    fill=fill,
                    stroke=stroke,
                    stroke_width=1.0,
                    stroke_dasharray="3 2" if dashed else None,
                )
        if symbol:
            c.text(entry, x + 7, y, symbol, size=9, fill=text_fill, weight="bold")
        c.text(entry, x + 20, y, text, size=11, anchor="start")
        self.y += self.step

    def note(self, text: str) -> None:
        """A line of text with no swatch."""
        self.canvas.text(self.group, self.x, self.y, text, size=11, anchor="start")
        self.y += self.step


def result_text(result: list[int] | None, points: bool = False) -> str:
    """The result of a finished game, by player: ``player 0 wins (result 1, -1)``;
    in a points race ``scores: player 0 7, player 1 16``."""
    if result is None:
        return ""
    if points:
        return "final scores: " + ", ".join(f"player {i} {v}" for i, v in enumerate(result))
    numbers = ", ".join(str(v) for v in result)
    best = max(result)
    winners = [i for i, v in enumerate(result) if v == best]
    if len(winners) == len(result):
        return f"draw (result {numbers})"
    return f"player {winners[0]} wins (result {numbers})"


def to_move_text(pos: dict[str, Any]) -> str:
    who = pos.get("to_move")
    if who == "terminal":
        return "game over"
    if who == "chance":
        return "chance to play"
    return f"player {who} to move"
