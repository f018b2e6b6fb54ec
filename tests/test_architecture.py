"""The package's shape: one folder per game, a game-free core, dependencies pointing one way.

Imports are read from the source (module level and inside functions alike), so a test fails
the moment a layer reaches where it should not.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import gamekit
from gamekit import rules

PACKAGE = Path(gamekit.__file__).resolve().parent
# What a game's folder holds beside its engine: presentation and players (and what the players
# compute, e.g. Bohnanza's harvest timing from gamekit.theory), which may use pandas; and its
# meta-game's spec (gamekit.meta_games).
BESIDE_THE_ENGINE = {"bots", "pictures", "analysis", "plots", "timing", "claims", "meta"}
GENERIC = (
    "core",
    "auctions",
    "simulate",
    "teach",
    "widgets",
    "cli",
    "bots",
    "pictures",
    "analysis",
    "plots",
    "theory",
)


def module_name(path: Path) -> str:
    """``gamekit/games/for_sale/game.py`` → ``gamekit.games.for_sale.game``."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, top_level_only: bool = False) -> set[str]:
    """The gamekit modules (and third-party top names) a file imports, resolved to full names."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    found = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            submodules = {f"{target}.{alias.name}" for alias in node.names} & KNOWN  # `from . import rules`
            found |= submodules
            if len(submodules) < len(node.names):  # names defined in the module itself
                found.add(target)
    return {name for name in found if name}


ALL = {module_name(p): p for p in PACKAGE.rglob("*.py")}
KNOWN = set(ALL)


def engine_modules(game: str) -> list[str]:
    return [
        name
        for name in ALL
        if name.startswith(f"gamekit.games.{game}.") and name.rsplit(".", 1)[1] not in BESIDE_THE_ENGINE
    ]


@pytest.mark.parametrize("game", gamekit.GAMES)
def test_engines_import_only_the_core_and_the_auctions(game):
    allowed = ("gamekit.core", "gamekit.auctions", f"gamekit.games.{game}")
    for name in engine_modules(game):
        for target in imports(ALL[name]):
            if target.startswith("gamekit"):
                assert target.startswith(allowed), f"{name} imports {target}"
            else:
                assert target.split(".")[0] in sys.stdlib_module_names or target == "__future__", (
                    f"{name} imports {target}: the engines stay pure Python"
                )


def test_nothing_imports_the_widgets_or_the_command_line():
    for name, path in ALL.items():
        if name in ("gamekit.cli", "gamekit.__main__", "gamekit.widgets"):
            continue
        found = {t for t in imports(path) if t.startswith(("gamekit.widgets", "gamekit.cli"))}
        assert not found, f"{name} imports {found}"


def test_generic_layers_import_no_game():
    """Generic layers import no game; a game's own theory (``gamekit.theory.<game>``) may import
    that game only, as a game's folder may."""
    for name, path in ALL.items():
        if name.startswith("gamekit.games") or name in ("gamekit", "gamekit.__main__"):
            continue
        games = {t for t in imports(path) if t.startswith("gamekit.games.")}
        part = name.split(".")
        if part[:2] == ["gamekit", "theory"] and len(part) == 3 and part[2] in gamekit.GAMES:
            games = {t for t in games if not t.startswith(f"gamekit.games.{part[2]}")}
        assert not games, f"{name} is game-free but imports {games}"


def test_import_gamekit_loads_neither_pandas_nor_plotly_nor_widgets():
    code = "import sys, gamekit; print(sorted(m for m in ('pandas', 'plotly', 'ipywidgets') if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("game", gamekit.GAMES)
def test_every_game_folder_has_its_engine_rules_bots_pictures_narration_and_reference(game):
    folder = PACKAGE / "games" / game
    for part in ("game", "rules", "bots", "pictures", "narration", "records", "analysis", "plots"):
        assert (folder / f"{part}.py").exists(), f"{game} has no {part}.py"
    assert rules.all_rules(game)
    assert any(gamekit.bots.BOTS[name].games == (game,) for name in gamekit.bots.BOTS)


def test_no_import_cycles_at_module_level():
    graph = {
        name: {t for t in imports(path, top_level_only=True) if t in ALL and t != name}
        for name, path in ALL.items()
    }
    # The root's __init__ is the facade that gathers every layer's public names; what counts are
    # the imports between the layers themselves.
    for edges in graph.values():
        edges.discard("gamekit")
    assert find_cycle(graph) is None, "import cycle: " + " -> ".join(find_cycle(graph) or [])


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A path of imports that comes back to where it started, or None."""
    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> list[str] | None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*trail, node, nxt]
            if nxt not in state:
                found = visit(nxt, [*trail, node])
                if found:
                    return found
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node, [])
            if found:
                return found
    return None


def test_the_cycle_finder_finds_a_cycle_and_only_a_cycle():
    assert find_cycle({"a.x": {"b.y"}, "b.y": {"a.x"}}) == ["a.x", "b.y", "a.x"]
    assert find_cycle({"a": {"a.x"}, "a.x": {"a"}}) == ["a", "a.x", "a"]  # a package re-exporting
    assert find_cycle({"a": {"a.x", "a.y"}, "a.x": {"a.y"}, "a.y": set()}) is None


def test_the_generic_layers_are_the_ones_the_architecture_names():
    top = {name.split(".")[1] for name in ALL if name.count(".") >= 1}
    assert top <= {
        *GENERIC,
        "games",
        "rules",
        "experiments",
        "bench",
        "examples",
        "stats",
        "strategy",
        "meta_games",
        "claims",
        "theory",
        "auction_lab",
        "rl",
        "classroom",
        "lessons",
        "__main__",
    }, top
