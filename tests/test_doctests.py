"""The examples in the package's docstrings run and print what they show.

The source tree has no compiled ``_core``, so ``pytest --doctest-modules
safari_ai/`` cannot import it; these tests run :func:`doctest.testmod` over the
installed modules instead (the ones the rest of the suite imports). Every
Python module of the package is checked; a module whose source shows an
example (``>>>``) must have it found and run, so an example cannot silently
stop being tested.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import inspect
import pkgutil
from types import ModuleType

import pytest

import safari_ai


def _python_modules() -> list[str]:
    """Every module of the installed package written in Python (not the
    compiled ``_core`` or the cffi library), without ``__main__``, which runs
    the CLI when imported."""
    names = ["safari_ai"]
    for info in pkgutil.walk_packages(safari_ai.__path__, "safari_ai."):
        spec = importlib.util.find_spec(info.name)
        if info.name.endswith(".__main__") or spec is None or not str(spec.origin).endswith(".py"):
            continue
        names.append(info.name)
    return names


MODULES = _python_modules()


def _import(name: str) -> ModuleType:
    """The module, or a skip when an optional extra it needs is missing."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name and not error.name.startswith("safari_ai"):
            pytest.skip(f"{name} needs {error.name} (an optional extra)")
        raise


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    module = _import(name)
    results = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    report = capsys.readouterr().out
    assert results.failed == 0, f"{name}: {results.failed} failing example(s)\n{report}"
    if ">>>" in inspect.getsource(module):
        assert results.attempted > 0, f"{name} shows examples that doctest does not find"


def test_the_public_modules_have_examples() -> None:
    """The modules whose docstrings carry the API's examples are among those checked."""
    for name in (
        "safari_ai",
        "safari_ai.position",
        "safari_ai.search",
        "safari_ai.limits",
        "safari_ai.player",
        "safari_ai.protocol",
        "safari_ai.engine_client",
    ):
        assert name in MODULES
        finder = doctest.DocTestFinder()
        found = finder.find(importlib.import_module(name))
        assert sum(len(test.examples) for test in found) > 0, f"{name} has no example"
