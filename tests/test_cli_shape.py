"""The command line stays thin: every function of safari_ai/cli.py fits in 60
lines of code (from its first statement after the docstring to its last line:
the click decorators and the parameter list, which declare the options, and the
docstring, which is the command's --help text, are not counted). The work a
command does belongs in the library module of its subject (the match runner,
the summary, batch analysis, tuning), where it can be tested and reused
without the command line."""

from __future__ import annotations

import ast
from pathlib import Path

CLI = Path(__file__).resolve().parent.parent / "safari_ai" / "cli.py"
MAX_LINES = 60


def function_lengths(source: str) -> dict[str, int]:
    """Every function of ``source`` (nested ones by their dotted path) -> its
    lines of code, from its first statement after the docstring to its last
    line."""
    lengths: dict[str, int] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = prefix + child.name
                body = child.body
                first = body[0]
                if (
                    len(body) > 1
                    and isinstance(first, ast.Expr)
                    and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)
                ):
                    first = body[1]  # the docstring: --help text, not code
                assert child.end_lineno is not None
                lengths[name] = child.end_lineno - first.lineno + 1
                visit(child, name + ".")
            elif isinstance(child, ast.ClassDef):
                visit(child, prefix + child.name + ".")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return lengths


def test_no_function_of_the_cli_is_over_60_lines() -> None:
    long = {
        name: lines
        for name, lines in function_lengths(CLI.read_text()).items()
        if lines > MAX_LINES
    }
    assert not long, (
        f"functions of safari_ai/cli.py over {MAX_LINES} lines: {long}; "
        "move their work into the library module it belongs to"
    )


def test_the_measure_counts_what_it_says() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(60))
    source = (
        f"@decorator\n@another(1)\ndef f(\n    a: int,\n    b: int,\n):\n"
        f'    """Its help.\n\n    More help."""\n{body}\n    x60 = 60\n\n'
        "class C:\n    def m(self):\n"
        "        def inner():\n            pass\n        return inner\n"
    )
    lengths = function_lengths(source)
    assert lengths == {"f": 61, "C.m": 3, "C.m.inner": 1}
    assert lengths["f"] > MAX_LINES  # one line over: refused by the test above
