"""Evaluation weights: the :class:`EvalWeights` type and its one strict reader.

A weights file (``{"format": "safari-ai-weights", "game", "weights",
"win_scale", "fit"}``, docs/tuning.md) is read here for every user of it:
``safari-ai analyse --weights FILE``, match specs ``weights=FILE``,
``safari-ai tune --start FILE`` and the protocol's ``setoption name Weights``.
It goes through the input limits every other input goes through
(:mod:`safari_ai.jsontext`: at most ``MAX_BYTES`` bytes, nesting at most
``MAX_DEPTH`` deep, numbers at most ``MAX_NUMBER_CHARS`` characters, a
duplicate key refused by the C reader), a file that is not a regular file
(a FIFO, ``/dev/zero``, ``/dev/stdin``, a directory) is refused before a
byte is read, an unknown field is refused, and every error is one
:class:`WeightsError` line naming the field.

This module is apart from :mod:`safari_ai.tune` (the fitting) so that
:mod:`safari_ai.position` can use the type without importing the tuner.
"""

from __future__ import annotations

import json
import math
import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from safari_ai import _core
from safari_ai.errors import InputError, SafariError, from_core
from safari_ai.jsontext import MAX_BYTES, loads, read_bounded

__all__ = [
    "EvalWeights",
    "WeightsError",
    "FORMAT",
    "MAX_WEIGHT",
    "MAX_WIN_SCALE",
    "feature_names",
    "read_weights_file",
]

FORMAT = "safari-ai-weights"
MAX_WEIGHT = 10000  # SA_MAX_WEIGHT (safari/features.h)
MAX_WIN_SCALE = 1e6
"""Largest ``win_scale`` accepted (a scale of centipawns per logistic unit)."""
_FIELDS = ("format", "game", "weights", "win_scale", "fit")


class WeightsError(SafariError, ValueError):
    """A weight file or weight set is malformed; the message names the field."""


def feature_names(game: str) -> list[str]:
    """Names of ``game``'s evaluation features, in the order of
    :meth:`Position.features` (every game has some; ostrich's are counted per
    player, docs/tuning.md).

    :raises WeightsError: unknown game.
    """
    try:
        return _core.feature_names(game)
    except _core.CoreError as error:
        raise from_core(error, WeightsError) from None


def read_weights_file(path: str | Path) -> str:
    """The text of the weights file ``path``, read under the input limits:
    refused up front when it is not a regular file (a FIFO or a device such
    as ``/dev/zero`` or ``/dev/stdin`` is never read, nor waited on) or is
    larger than :data:`~safari_ai.jsontext.MAX_BYTES`.

    :raises WeightsError: one line naming the file and what is wrong.
    """
    name = f"weights file {str(path)!r}"
    try:
        # O_NONBLOCK: opening a FIFO does not wait for a writer
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise WeightsError(f"{name}: cannot read it: {error.strerror or error}") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_BYTES:
        os.close(fd)
        if not stat.S_ISREG(info.st_mode):
            raise WeightsError(f"{name}: not a regular file (a device, FIFO or directory)")
        raise WeightsError(f"{name}: larger than the input limit of {MAX_BYTES} bytes")
    with os.fdopen(fd, "rb") as handle:
        try:
            return read_bounded(handle, name)
        except (InputError, OSError) as error:
            raise WeightsError(
                str(error)
                if isinstance(error, InputError)
                else f"{name}: cannot read it: {error.strerror or error}"
            ) from None


def _known(members: Mapping[str, Any], allowed: Any, prefix: str, says: str) -> None:
    """Refuses the first member of ``members`` not in ``allowed``, naming it."""
    for key in members:
        if key not in allowed:
            raise WeightsError(f"weights file: field '{prefix}{key}': {says} {', '.join(allowed)})")


def _fit(value: Any) -> dict[str, Any]:
    """The ``fit`` member: what a tuning run measured, an object of numbers,
    strings, booleans and lists of strings (as ``safari-ai tune`` writes it)."""
    if not isinstance(value, Mapping):
        raise WeightsError(
            f"weights file: field 'fit' must be an object, got {json.dumps(value)[:40]}"
        )
    for key, item in value.items():
        scalar = (
            item is None
            or isinstance(item, (str, bool, int))
            or (isinstance(item, float) and math.isfinite(item))
        )
        strings = isinstance(item, list) and all(isinstance(s, str) for s in item)
        if not (scalar or strings):
            raise WeightsError(
                f"weights file: field 'fit.{key}' must be a number, a string or a list of strings"
            )
    return dict(value)


@dataclass(frozen=True)
class EvalWeights:
    """One game's evaluation weights (integers, in the order of
    :func:`feature_names`) and the win-probability scale ``K`` of its
    alpha-beta reports. ``fit`` holds what a tuning run measured (kept in the
    file, not used by the engine)."""

    game: str
    weights: tuple[int, ...]
    win_scale: float
    fit: dict[str, Any] = field(default_factory=dict, compare=False)

    @classmethod
    def default(cls, game: str) -> EvalWeights:
        """The weights compiled into the core."""
        try:
            values, scale = _core.default_weights(game)
        except _core.CoreError as error:
            raise from_core(error, WeightsError) from None
        return cls(game, tuple(values), float(scale))

    def named(self) -> dict[str, int]:
        """``{feature name: weight}``."""
        return dict(zip(feature_names(self.game), self.weights))

    def vector(self) -> np.ndarray:
        """The weights as a float64 vector."""
        return np.asarray(self.weights, dtype=np.float64)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "weights": self.named(),
            "win_scale": self.win_scale,
        }
        if self.fit:
            out["fit"] = self.fit
        return out

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=2) + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: Any) -> EvalWeights:
        """Reads a weight object; every feature of the game must be given, as an
        integer in -10000..10000, and nothing else; no field but ``format``,
        ``game``, ``weights``, ``win_scale`` and ``fit``.

        :raises WeightsError: naming the offending field.
        """
        if not isinstance(data, Mapping):
            raise WeightsError("weights file: not a JSON object")
        _known(data, _FIELDS, "", "unknown field (one of")
        if data.get("format") != FORMAT:
            raise WeightsError(f"weights file: field 'format' must be {FORMAT!r}")
        game = data.get("game")
        if not isinstance(game, str) or game not in _core.game_names():
            raise WeightsError(f"weights file: field 'game': unknown game {json.dumps(game)[:40]}")
        names = feature_names(game)
        if not names:
            raise WeightsError(f"weights file: {game}'s evaluation has no features to weigh")
        given = data.get("weights")
        if not isinstance(given, Mapping):
            raise WeightsError("weights file: field 'weights' must be an object")
        _known(given, names, "weights.", f"not a feature of {game} (")
        values = []
        for name in names:
            if name not in given:
                raise WeightsError(f"weights file: field 'weights.{name}' is missing")
            value = given[name]
            if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_WEIGHT:
                raise WeightsError(
                    f"weights file: field 'weights.{name}' must be an integer "
                    f"in -{MAX_WEIGHT}..{MAX_WEIGHT}, got {value!r}"
                )
            values.append(value)
        default_scale = EvalWeights.default(game).win_scale
        scale = data.get("win_scale", default_scale)
        if default_scale == 0:  # no win probability (ostrich, a score race)
            if isinstance(scale, bool) or scale != 0:
                raise WeightsError(
                    f"weights file: field 'win_scale': {game} has no win "
                    f"probability scale, it must be 0 or absent, got {scale!r}"
                )
        elif (
            isinstance(scale, bool)
            or not isinstance(scale, (int, float))
            or not math.isfinite(scale)
            or not 0 < scale <= MAX_WIN_SCALE
        ):
            raise WeightsError(
                f"weights file: field 'win_scale' must be a number > 0 "
                f"and at most {MAX_WIN_SCALE:g}, got {scale!r}"
            )
        fit = _fit(data["fit"]) if "fit" in data else {}
        return cls(game, tuple(values), float(scale), fit)

    @classmethod
    def from_text(cls, text: str) -> EvalWeights:
        """Reads a weight object from JSON text under the input limits (the
        protocol's ``setoption name Weights value {...}``, a file's text).

        :raises WeightsError: not JSON the core accepts, or malformed (naming
            the field).
        """
        try:
            data = loads(text)
        except SafariError as error:
            raise WeightsError(f"weights: not JSON: {error}") from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: str | Path) -> EvalWeights:
        """Reads a weight file (:func:`read_weights_file`, then :meth:`from_text`).

        :raises WeightsError: unreadable, not a regular file, beyond the input
            limits, not JSON, or malformed (naming the field).
        """
        text = read_weights_file(path)
        try:
            return cls.from_text(text)
        except WeightsError as error:
            detail = str(error).removeprefix("weights file: ").removeprefix("weights: ")
            raise WeightsError(f"weights file {str(path)!r}: {detail}") from None
