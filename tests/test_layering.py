"""The layering of the whole package, of the protocol package and of
csrc/search: one concern a module, imports and includes that go one way only
(no cycle), and the protocol's public names still importable from
``safari_ai.protocol``.

How imports count (:func:`package_imports`): every ``import`` statement in a
module, wherever it stands. A function-local import (``def f(): from
safari_ai.x import y``) counts like a module-level one: it delays the circle
to the first call but does not remove it, the two modules still cannot be
read, tested or replaced apart. So do imports under ``if TYPE_CHECKING:``.
``from safari_ai import x`` where ``x`` is a submodule (``_core``,
``facts``) is an edge to that submodule, not to the package's
``__init__``; the implicit import of a parent package when one of its
submodules loads is not an edge (the ``__init__`` that gathers the public
names sits above everything it re-exports)."""

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
                return stack[stack.index(nxt) :] + [nxt]
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


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_imports() -> dict[str, set[str]]:
    """Every module of safari_ai (``safari_ai.x.y``) -> the package's modules
    it imports, counted as the module docstring says. Compiled modules
    (``safari_ai._core``) are leaves: they import nothing from the package."""
    paths = {_module_name(path): path for path in (ROOT / "safari_ai").rglob("*.py")}
    known = set(paths) | {"safari_ai._core"}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        uses: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                uses.update(alias.name for alias in node.names if alias.name in known)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    module = ".".join(base + ([node.module] if node.module else []))
                else:
                    module = node.module or ""
                for alias in node.names:
                    if f"{module}.{alias.name}" in known:  # a submodule
                        uses.add(f"{module}.{alias.name}")
                    elif module in known:
                        uses.add(module)
        uses.discard(name)
        graph[name] = uses
    return graph


def test_import_graph_reads_every_kind_of_import() -> None:
    graph = package_imports()
    assert "safari_ai._core" in graph["safari_ai.search"]  # from safari_ai import _core
    assert "safari_ai.web.app" in graph["safari_ai.cli"]  # a function-local import
    assert "safari_ai.predictions" in graph["safari_ai.search"]
    assert "safari_ai" not in graph["safari_ai.errors"]  # only _core, a submodule
    assert len(graph) > 40


def test_the_package_has_no_import_circle() -> None:
    """No circle anywhere in safari_ai, function-local imports included:
    ``position`` takes the weights type from ``weights``, not from ``tune``;
    ``predictions`` is below ``search`` (``search`` hands it the search it
    runs on each copy)."""
    graph = package_imports()
    assert _cycle(graph) == []
    assert "safari_ai.tune" not in graph["safari_ai.position"]
    assert "safari_ai.search" not in graph["safari_ai.predictions"]


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
            if (
                isinstance(node, ast.ImportFrom)
                and node.module
                and node.module.startswith("safari_ai.protocol.")
            ):
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
    graph = {
        path.name: set(include.findall(path.read_text()))
        for path in list(search.glob("*.h")) + list(search.glob("*.c"))
    }
    assert _cycle(graph) == []
    assert graph["searcher.h"] == set() and graph["shared.h"] == set()
    # shared.c holds the helpers, searcher.c only dispatches
    assert "sa_clock_start" in (search / "shared.c").read_text()
    assert "sa_clock_start" not in (search / "searcher.c").read_text()
    assert "== &sa_turtles_game" not in (search / "searcher.c").read_text()


def test_the_version_is_written_once() -> None:
    """csrc/include/safari/version.h holds the version; the C library, the
    Python package and its installed metadata all report that one."""
    import importlib.metadata

    import safari_ai
    from safari_ai import _core

    header = (ROOT / "csrc" / "include" / "safari" / "version.h").read_text()
    written = re.search(r'#define SA_VERSION "([^"]+)"', header)
    assert written is not None
    assert _core.version() == safari_ai.__version__ == written.group(1)
    assert importlib.metadata.version("safari_ai") == written.group(1)
