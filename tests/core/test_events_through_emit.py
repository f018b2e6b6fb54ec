"""Every event enters a game's log through ``Game._emit`` (issue 24): no module appends to the log."""

from __future__ import annotations

import ast
from pathlib import Path

import gamekit

PACKAGE = Path(gamekit.__file__).parent


def raw_appends(tree: ast.AST) -> list[int]:
    """Lines of ``<anything>._events.append(...)`` outside a function named ``_emit``."""
    found: list[int] = []

    def visit(node: ast.AST, in_emit: bool) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            in_emit = node.name == "_emit"
        if (
            not in_emit
            and isinstance(node, ast.Attribute)
            and node.attr in ("append", "extend", "insert")
            and isinstance(node.value, ast.Attribute)
            and node.value.attr == "_events"
        ):
            found.append(node.lineno)
        for child in ast.iter_child_nodes(node):
            visit(child, in_emit)

    visit(tree, False)
    return found


def test_no_module_appends_to_the_event_log_but_emit():
    offenders = {
        str(path.relative_to(PACKAGE)): lines
        for path in sorted(PACKAGE.rglob("*.py"))
        if (lines := raw_appends(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert offenders == {}


def test_the_check_sees_a_raw_append():
    tree = ast.parse("def f(game):\n    game._events.append({'type': 'x', 'seat': None})\n")
    assert raw_appends(tree) == [2]
    assert raw_appends(ast.parse("def _emit(self, t, s, d):\n    self._events.append(d)\n")) == []
