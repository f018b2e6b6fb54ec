"""The package's shape: one folder per game, a game-free core, dependencies pointing one way.

Imports are read from the source (module level and inside functions alike), so a test fails
the moment a layer reaches where it should not.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

import gamekit
from gamekit import rules

PACKAGE = Path(gamekit.__file__).resolve().parent
# What a game's folder holds beside its engine: presentation and players (and what the players
# compute, e.g. Bohnanza's harvest timing from gamekit.theory), which may use pandas, and its
# meta-game's spec (``gamekit.meta_games.Spec``), and For Sale's selling phase solved with OpenSpiel's
# CFR for lesson 07 (``solve``). Its ``spaces`` and ``sampling`` stay pure Python.
BESIDE_THE_ENGINE = {"bots", "pictures", "analysis", "plots", "timing", "claims", "meta", "solve"}
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
    return imports_in(
        path.read_text(encoding="utf-8"), module_name(path), path.name == "__init__.py", top_level_only
    )


LOOK_UPS = {"import_module", "find_spec", "__import__"}


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The ids of the nodes inside ``if TYPE_CHECKING:`` blocks: never imported at run time."""
    hidden: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            hidden |= {id(inner) for part in node.body for inner in ast.walk(part)}
    return hidden


def imports_in(source: str, module: str, is_package: bool = False, top_level_only: bool = False) -> set[str]:
    """``imports`` of a module's source: ``import`` statements (module level and inside functions
    alike, not under ``if TYPE_CHECKING``) and look-ups by a literal name
    (``importlib.import_module("gamekit.x")``, ``importlib.util.find_spec("x")``, ``__import__``)."""
    tree = ast.parse(source)
    package = module if is_package else module.rpartition(".")[0]
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    hidden = _type_checking_only(tree)
    found = set()
    for node in nodes:
        if id(node) in hidden:
            continue
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
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if called in LOOK_UPS and isinstance(node.args[0].value, str):
                found.add(node.args[0].value)
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
    that game only, as a game's folder may, and a lesson's content (``MAY_NAME_GAMES``) the games
    it teaches."""
    for name, path in ALL.items():
        if name.startswith("gamekit.games") or name in ("gamekit", "gamekit.__main__"):
            continue
        if name in MAY_NAME_GAMES and name != "gamekit.core.registry":
            continue
        games = {t for t in imports(path) if t.startswith("gamekit.games.")}
        part = name.split(".")
        if part[:2] == ["gamekit", "theory"] and len(part) == 3 and part[2] in gamekit.GAMES:
            games = {t for t in games if not t.startswith(f"gamekit.games.{part[2]}")}
        assert not games, f"{name} is game-free but imports {games}"


# What ``import gamekit`` must not load: the README's list ("loads neither pandas nor plotly (nor
# scipy, statsmodels or nashpy)") and the widgets, a leaf nothing imports.
HEAVY = ("pandas", "plotly", "scipy", "statsmodels", "nashpy", "ipywidgets")


def test_import_gamekit_loads_no_heavy_package():
    code = f"import sys, gamekit; print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_heavy_packages_are_the_ones_the_readme_names():
    readme = (PACKAGE.parent / "README.md").read_text(encoding="utf-8")
    sentence = readme[readme.index("`import gamekit` loads neither") :].split(".\n")[0]
    assert all(name in sentence for name in HEAVY if name != "ipywidgets"), sentence


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
            if state.get(nxt) == 1:  # the cycle alone, without the path that led to it
                path = [*trail, node]
                return [*path[path.index(nxt) :], nxt]
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
        "lesson_translation",
        "__main__",
    }, top


# ---------------------------------------------------------------------------- run-time cycles
def run_time_graph() -> dict[str, set[str]]:
    """Which gamekit module imports which, at any time (inside functions too): a cycle here is two
    modules that need each other, whichever imports first. The root facade is left out, as above."""
    graph = {name: {t for t in imports(path) if t in ALL and t != name} for name, path in ALL.items()}
    for edges in graph.values():
        edges.discard("gamekit")
    return graph


def test_no_import_cycles_at_run_time():
    cycle = find_cycle(run_time_graph())
    assert cycle is None, "import cycle at run time: " + " -> ".join(cycle or [])


def test_a_look_up_by_literal_name_and_an_import_inside_a_function_are_read_as_imports():
    source = (
        "import importlib\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import gamekit.widgets\n"
        "def f():\n    from . import analysis\n    importlib.import_module('gamekit.games.x.bots')\n"
        "    return importlib.util.find_spec('pandas')\n"
    )
    found = imports_in(source, "gamekit.stats")
    assert {"gamekit.analysis", "gamekit.games.x.bots", "pandas"} <= found
    assert "gamekit.widgets" not in found  # only for the type checker
    graph = {"gamekit.stats": {"gamekit.analysis"}, "gamekit.analysis": {"gamekit.stats"}}
    assert find_cycle(graph) == ["gamekit.analysis", "gamekit.stats", "gamekit.analysis"]


# --------------------------------------------------------------------------------- sizes
MAX_FUNCTION_LINES = 80  # a function a maintainer reads at once
MAX_CLASS_LINES = 600


def oversized(source: str, where: str = "") -> list[str]:
    """Functions over ``MAX_FUNCTION_LINES`` and classes over ``MAX_CLASS_LINES`` lines (from the
    ``def``/``class`` line to the last, decorators not counted), longest first."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            lines = node.end_lineno - node.lineno + 1
            limit = MAX_CLASS_LINES if isinstance(node, ast.ClassDef) else MAX_FUNCTION_LINES
            if lines > limit:
                found.append((lines, f"{where}{node.name}: {lines} lines (at most {limit})"))
    return [text for _, text in sorted(found, reverse=True)]


def test_no_function_over_80_lines_and_no_class_over_600():
    found = [
        text for name, path in ALL.items() for text in oversized(path.read_text(encoding="utf-8"), f"{name}.")
    ]
    assert not found, "too long:\n" + "\n".join(found)


def test_the_size_check_finds_a_long_function_and_a_long_class():
    body = "".join(f"    x{i} = {i}\n" for i in range(80))
    assert oversized(f"def short():\n{body[: 79 * 12]}") == []
    assert oversized(f"def long():\n{body}") == ["long: 81 lines (at most 80)"]
    methods = "".join(f"    def m{i}(self):\n        x = {i}\n        return x\n" for i in range(200))
    assert oversized(f"class Big:\n{methods}") == ["Big: 601 lines (at most 600)"]


# ---------------------------------------------------------------- game-free code names no game
# Modules outside gamekit/games/ that may name games, and why. Everything else is game-free.
MAY_NAME_GAMES = {
    "gamekit.games": "imports the shipped games, which registers them",
    "gamekit.claims": "the claims registry: lessons' claims cite games by name",
    "gamekit.rl.claims": "lesson 07's claims",
    "gamekit.theory.claims": "lesson 05's claims",
    "gamekit.auction_lab": "lesson 05's content: the four games' auction formats side by side",
    "gamekit.rl.lesson07": "lesson 07's content: the games and settings its stored experiments ran",
    "gamekit.core.registry": "API_ORDER: the order the public contract lists the games in",
}


def may_name_games(module: str) -> bool:
    """Claims and lesson-content modules, the registry's order, and a game's own theory
    (``gamekit.theory.<game>``, as the README says)."""
    part = module.split(".")
    own_theory = part[:2] == ["gamekit", "theory"] and len(part) == 3 and part[2] in gamekit.GAMES
    return module in MAY_NAME_GAMES or own_theory or module.startswith("gamekit.games.")


def _docstrings(tree: ast.Module) -> set[int]:
    kinds = ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, kinds)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }


def games_named(
    source: str,
    games: tuple[str, ...],
    prefixes: tuple[str, ...],
    module: str = "gamekit.x",
    is_package: bool = False,
) -> list[str]:
    """Where code (not a docstring) names a game: a text holding a game's name or a rule ID of
    its prefix (``"FS-B6"``, ``"FS-"``), a ``gamekit.games.`` module path (a game's package is
    wherever it was registered from: ``registry.package``), or an import of a game's package."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    name = re.compile(r"(?<![A-Za-z0-9_])(?:" + "|".join(map(re.escape, games)) + r")(?![A-Za-z0-9_])")
    prefix = re.compile(r"\b(?:" + "|".join(map(re.escape, prefixes)) + r")-(?:[A-Z]\d|\W|$)")
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            text = node.value
            if name.search(text) or prefix.search(text) or "gamekit.games." in text:
                found.append(f"line {node.lineno}: {text[:60]!r}")
        if (
            isinstance(node, ast.Attribute)
            and ast.unparse(node.value) == "gamekit.games"
            and not node.attr[0].isupper()  # a game's package, not a class gamekit.games re-exports
        ):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    for target in imports_in(source, module, is_package):
        if target.startswith("gamekit.games."):
            found.append(f"imports {target}")
    return found


def _registered() -> tuple[tuple[str, ...], tuple[str, ...]]:
    from gamekit.core import registry

    names = registry.registered()
    return names, tuple(registry.game_class(name).rule_prefix for name in names)


def test_game_free_modules_name_no_game_and_no_rule_prefix():
    games, prefixes = _registered()
    found = {
        name: named
        for name, path in ALL.items()
        if not may_name_games(name)
        and (
            named := games_named(
                path.read_text(encoding="utf-8"), games, prefixes, name, path.name == "__init__.py"
            )
        )
    }
    assert not found, "game-free modules naming games:\n" + "\n".join(
        f"{m} ({len(n)}): {n[:3]}" for m, n in found.items()
    )


def test_the_name_check_finds_a_game_a_prefix_a_game_path_and_an_import():
    games, prefixes = ("for_sale", "kuhhandel"), ("FS", "KH")
    clean = '"""About for_sale (FS-B6), in a docstring."""\nx = "for_sales"\ny = "SFS-1"\n'
    assert games_named(clean, games, prefixes) == []
    for source in (
        'x = "for_sale"',
        'x = {"kuhhandel": 1}',
        'x = "the refund (FS-B6)"',
        'x = "FS-"',
        'x = f"gamekit.games.{name}.analysis"',
        "from gamekit.games.for_sale import bots",
        "from .games import kuhhandel",
        "importlib.import_module('gamekit.games.kuhhandel.claims')",
        "import gamekit.games\nx = gamekit.games.for_sale.bots",
    ):
        assert games_named(source, games, prefixes), source


# ------------------------------------------------------- no private attribute of a game from outside
# The game protocol itself (``Game`` and what it is split into) lives in core and may.
MAY_TOUCH_GAMES = ("gamekit.core.",)


def private_names_of_games() -> set[str]:
    """The private attributes and methods a game has: ``self._x`` set or ``def _x`` in a class of
    a game's folder (every registered game's package), and ``Game``'s own."""
    from gamekit.core import registry

    names: set[str] = set()
    folders = {
        Path(sys.modules[registry.game_class(n).__module__].__file__).parent for n in registry.registered()
    }
    for folder in folders:
        for path in folder.rglob("*.py"):
            names |= private_names(path.read_text(encoding="utf-8"))
    return names | private_names((PACKAGE / "core" / "game.py").read_text(encoding="utf-8"), only="Game")


def private_names(source: str, only: str | None = None) -> set[str]:
    names = set()
    for cls in ast.walk(ast.parse(source)):
        if not isinstance(cls, ast.ClassDef) or (only and cls.name != only):
            continue
        for node in ast.walk(cls):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and _is_self(node.value):
                names.add(node.attr)
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def _is_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id in ("self", "cls")


def private_accesses(source: str, private: set[str]) -> list[str]:
    """``something._x`` where ``_x`` is a game's private attribute and ``something`` is not ``self``."""
    return [
        f"line {node.lineno}: {ast.unparse(node)}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute) and node.attr in private and not _is_self(node.value)
    ]


def test_no_game_free_module_touches_a_games_private_attributes():
    private = private_names_of_games()
    found = {
        name: touched
        for name, path in ALL.items()
        if not name.startswith(("gamekit.games.", *MAY_TOUCH_GAMES))
        and (touched := private_accesses(path.read_text(encoding="utf-8"), private))
    }
    assert not found, "private accesses from outside a game:\n" + "\n".join(
        f"{m}: {t}" for m, t in found.items()
    )


def test_the_private_access_check_finds_a_write_and_a_call_from_outside():
    engine = "class G:\n    def __init__(self):\n        self._to_act = ()\n        self.public = 1\n    def _emit(self): ...\n"
    private = private_names(engine)
    assert private == {"_to_act", "_emit"}
    assert private_accesses("def f(game):\n    game._to_act = (1,)\n    game._emit()\n", private) == [
        "line 2: game._to_act",
        "line 3: game._emit",
    ]
    assert (
        private_accesses(
            "def f(self, game):\n    self._to_act = 1\n    return game.public, x._other\n", private
        )
        == []
    )


def test_the_heavy_package_check_sees_a_heavy_import():
    code = f"import sys, gamekit, pandas; print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "pandas" in done.stdout
