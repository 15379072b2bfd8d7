"""The layering of the protocol package and of csrc/search: one concern a
module, imports and includes that go one way only (no cycle), and the
protocol's public names still importable from ``safari_ai.protocol``."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import safari_ai.protocol as protocol
from safari_ai.protocol import engine, go, options, output, text, worker

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(protocol.__file__).parent


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """A cycle of ``graph`` (node -> nodes it uses) as a path, or []."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return []


def test_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) == []


def test_the_public_protocol_names_are_the_modules_own() -> None:
    assert protocol.Engine is engine.Engine
    assert protocol.ProtocolError is text.ProtocolError
    assert protocol.EngineOption is options.EngineOption
    assert protocol.time_budget is go.time_budget and protocol.GoRequest is go.GoRequest
    assert protocol.MOVE_OVERHEAD_MS == 30 and protocol.DEFAULT_MOVESTOGO == 30
    assert protocol.PROTOCOL_VERSION == 1
    for name in protocol.__all__:
        assert hasattr(protocol, name), name


def test_protocol_modules_import_one_way() -> None:
    """Only ``engine`` (and the package's ``__init__``) puts the pieces
    together: no other module imports it, and there is no import cycle."""
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.glob("*.py"):
        if path.name == "__init__.py":
            continue
        uses = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module \
                    and node.module.startswith("safari_ai.protocol."):
                uses.add(node.module.rsplit(".", 1)[1])
        graph[path.stem] = uses
    assert set(graph) == {"engine", "go", "options", "output", "text", "worker"}
    assert not any("engine" in uses for uses in graph.values())
    assert _cycle(graph) == []
    assert worker.SearchWorker and output.LineSink  # the worker and the output apart


def test_search_headers_include_no_cycle() -> None:
    """csrc/search: no include cycle among its files, and the dispatch
    header (searcher.h) includes no other search header, so an algorithm
    that includes it for its prototype does not include the others."""
    search = ROOT / "csrc" / "search"
    include = re.compile(r'#include "search/([^"]+)"')
    graph = {path.name: set(include.findall(path.read_text()))
             for path in list(search.glob("*.h")) + list(search.glob("*.c"))}
    assert _cycle(graph) == []
    assert graph["searcher.h"] == set() and graph["shared.h"] == set()
    # shared.c holds the helpers, searcher.c only dispatches
    assert "sa_clock_start" in (search / "shared.c").read_text()
    assert "sa_clock_start" not in (search / "searcher.c").read_text()
    assert "== &sa_turtles_game" not in (search / "searcher.c").read_text()
