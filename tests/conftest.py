"""Shared fixtures.

``backend`` runs one test over both implementations of a game's rules, as
msgpack runs one suite over its C and pure-Python backends:

* ``"c"``: the engine (``safari_ai.Position``, rules in C);
* ``"reference"``: ``tests/reference/<game>.py``, slow readable Python written
  from the rule book alone.

``b = backend("turtles")`` gives an object whose methods take and return
positions as canonical JSON dicts: ``new(rules=None)``, ``load(pos)``,
``to_move(pos)``, ``legal_moves(pos)``, ``chance_outcomes(pos)``,
``apply(pos, move)``, ``result(pos)``, ``perft(pos, depth)``. Errors are
``ValueError`` in both (the engine's typed errors subclass it). The C backend
skips a game the core does not have yet.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from fractions import Fraction
from types import ModuleType
from typing import Any

import pytest

import safari_ai


@pytest.fixture(scope="module")
def api_client() -> Any:
    """A Starlette test client of the web app (one worker); skips without the web extra."""
    pytest.importorskip("starlette", reason="the web extra is not installed")
    pytest.importorskip("httpx", reason="httpx is needed by Starlette's TestClient")
    from local_client import LocalClient

    from safari_ai.web.app import ServerConfig, create_app

    with LocalClient(create_app(ServerConfig(workers=1))) as test_client:
        yield test_client


THOROUGH = os.environ.get("SAFARI_THOROUGH", "") not in ("", "0")
"""``SAFARI_THOROUGH=1``: run the thorough checks (tests marked ``slow``) too."""

# Seeded random playouts per variant in the cross-checks. The default suite
# plays the first DEFAULT_PLAYOUTS seeds of each variant; the thorough checks
# (``pytest -m slow`` or SAFARI_THOROUGH=1) play the rest, up to PLAYOUTS, in
# chunks that spread over the workers. SAFARI_PLAYOUTS sets the total.
PLAYOUTS = int(os.environ.get("SAFARI_PLAYOUTS", "1000"))
DEFAULT_PLAYOUTS = min(PLAYOUTS, int(os.environ.get("SAFARI_DEFAULT_PLAYOUTS", "100")))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leaves the thorough checks out of the default run.

    Tests marked ``slow`` run with ``pytest -m slow`` (they alone) or with
    ``SAFARI_THOROUGH=1`` (with everything else); a plain ``pytest`` deselects
    them, so the default suite answers in minutes.
    """
    if THOROUGH or "slow" in (config.getoption("markexpr") or ""):
        return
    slow = [item for item in items if item.get_closest_marker("slow")]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not item.get_closest_marker("slow")]


def reference_module(game: str) -> ModuleType:
    """``tests/reference/<game>.py``, or skip when there is none yet."""
    try:
        return importlib.import_module(f"reference.{game}")
    except ModuleNotFoundError:
        pytest.skip(f"no reference implementation for {game} yet")


class ReferenceBackend:
    """The pure-Python reference, as a backend."""

    def __init__(self, game: str) -> None:
        self.module = reference_module(game)

    def new(self, rules: dict[str, Any] | None = None) -> dict[str, Any]:
        return self.module.new_position(rules)

    def load(self, pos: dict[str, Any]) -> dict[str, Any]:
        return self.module.load(pos)

    def to_move(self, pos: dict[str, Any]) -> int | str:
        return self.module.to_move(pos)

    def legal_moves(self, pos: dict[str, Any]) -> list[str]:
        return self.module.legal_moves(pos)

    def chance_outcomes(self, pos: dict[str, Any]) -> list[tuple[str, Fraction]]:
        return self.module.chance_outcomes(pos)

    def apply(self, pos: dict[str, Any], move: str) -> dict[str, Any]:
        return self.module.apply(pos, move)

    def result(self, pos: dict[str, Any]) -> list[int]:
        return self.module.result(pos)

    def perft(self, pos: dict[str, Any], depth: int) -> int:
        return self.module.perft(pos, depth)


class CBackend:
    """The engine's C rules through the public Python API, as a backend."""

    def __init__(self, game: str) -> None:
        if game not in safari_ai.game_names():
            pytest.skip(f"the C core has no {game} yet")
        self.game = game

    @staticmethod
    def _pos(pos: dict[str, Any]) -> safari_ai.Position:
        return safari_ai.Position.from_json(pos)

    def new(self, rules: dict[str, Any] | None = None) -> dict[str, Any]:
        return safari_ai.Position.new(self.game, rules).to_json()

    def load(self, pos: dict[str, Any]) -> dict[str, Any]:
        return self._pos(pos).to_json()

    def to_move(self, pos: dict[str, Any]) -> int | str:
        return self._pos(pos).to_move

    def legal_moves(self, pos: dict[str, Any]) -> list[str]:
        return self._pos(pos).legal_moves()

    def chance_outcomes(self, pos: dict[str, Any]) -> list[tuple[str, Fraction]]:
        return self._pos(pos).chance_outcomes()

    def apply(self, pos: dict[str, Any], move: str) -> dict[str, Any]:
        return self._pos(pos).apply(move).to_json()

    def result(self, pos: dict[str, Any]) -> list[int]:
        return self._pos(pos).result()

    def perft(self, pos: dict[str, Any], depth: int) -> int:
        return self._pos(pos).perft(depth)


@pytest.fixture(params=["c", "reference"])
def backend(request: pytest.FixtureRequest) -> Callable[[str], Any]:
    """``backend(game)``: the C engine or the reference for that game."""
    kind = request.param

    def make(game: str) -> Any:
        return CBackend(game) if kind == "c" else ReferenceBackend(game)

    return make
