"""The games gamekit knows, and where each game's folder keeps what the other layers need.

A game is one package (``gamekit/games/<game>/``, or any package of your own): a ``Game``
subclass decorated with ``@register`` and, beside it, modules the game-free layers look up
by name through ``layer(name, job)``, never by importing a game:

====================  ===============================================================
``bots``              its strategy bots (``@register_bot``), imported with the game
``pictures``          ``draw``/``text`` of a view (``gamekit.pictures``)
``analysis``          ``explorer_measures`` of its records (``gamekit.experiments``, the rule explorer)
``spaces``            fixed action numbers and an observation encoder (``gamekit.rl``)
``sampling``          states consistent with a seat's view, for search (``gamekit.rl.mcts``)
``claims``            the lesson's claims with their measures (``gamekit.claims``)
``meta``              ``SPEC``, the meta-game's strategies and claims (``gamekit.meta_games``)
====================  ===============================================================

A missing module means the layer does not support the game, and it says so by name. The facts
a layer needs without importing anything (player counts, the rule prefix, the strongest bot, the
rules reference's file, whether the classroom seats it) are class attributes of the game
(``Game`` lists them). Importing this module loads no game and nothing heavy.

A game of your own is registered by importing its package. A process that does not import it
(``gamekit`` on the command line, a worker) imports the packages named in the environment
variable ``GAMEKIT_GAMES`` (``GAMEKIT_GAMES=mygames.auction``, several separated by commas) the
first time the registry is read.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .errors import ConfigError
from .i18n import _, domain_of
from .quoting import quote

if TYPE_CHECKING:
    from .game import Game

_REGISTRY: dict[str, type[Game]] = {}
# The order the public contract lists the games in; a game registered later goes after them.
API_ORDER = ("for_sale", "money_monsoon", "bohnanza", "kuhhandel")
LAYERS = ("bots", "pictures", "analysis", "spaces", "sampling", "claims", "meta")
# Packages of games outside gamekit to import before the registry is first read: a comma-separated
# list of module names (``GAMEKIT_GAMES=mygames.auction``), so that ``gamekit`` on the command line,
# simulation workers and every layer know a game that lives in a package of your own.
GAMES_VARIABLE = "GAMEKIT_GAMES"
_outside_imported = False


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a game available to ``new_game`` and every layer by its name.

    Registering a second class under a name already taken by another class is refused, so a
    game cannot silently replace another; registering the same class again is harmless."""
    known = _REGISTRY.get(cls.name)
    if (
        known is not None
        and known is not cls
        and f"{known.__module__}.{known.__qualname__}" != (f"{cls.__module__}.{cls.__qualname__}")
    ):
        raise ConfigError(
            _(
                "a game named {name} is already registered ({module}); choose another name",
                name=quote(cls.name),
                module=known.__module__,
            )
        )
    prefixes = {other.rule_prefix: name for name, other in _REGISTRY.items() if name != cls.name}
    if cls.rule_prefix in prefixes:
        raise ConfigError(
            _(
                "rule prefix {prefix} of {name} is {other}'s already",
                prefix=quote(cls.rule_prefix),
                name=quote(cls.name),
                other=quote(prefixes[cls.rule_prefix]),
            )
        )
    _REGISTRY[cls.name] = cls
    return cls


def import_outside_games() -> tuple[str, ...]:
    """Import the packages ``GAMEKIT_GAMES`` names (once per process); returns their names.

    A name that cannot be imported is refused with a ``ConfigError`` naming it and the variable."""
    global _outside_imported
    if _outside_imported:
        return ()
    _outside_imported = True
    names = tuple(part.strip() for part in os.environ.get(GAMES_VARIABLE, "").split(",") if part.strip())
    for module in names:
        try:
            importlib.import_module(module)
        except ImportError as exc:
            _outside_imported = False
            raise ConfigError(
                _(
                    "{variable} names {module}, which cannot be imported ({error}); "
                    "it takes importable package names separated by commas",
                    variable=GAMES_VARIABLE,
                    module=quote(module),
                    error=str(exc),
                )
            ) from None
    return names


def registered() -> tuple[str, ...]:
    """The names of the registered games, in the public contract's order (README)."""
    import_outside_games()
    rank = {name: i for i, name in enumerate(API_ORDER)}
    return tuple(sorted(_REGISTRY, key=lambda name: (rank.get(name, len(rank)), name)))


def game_class(name: str) -> type[Game]:
    """The class registered under ``name``; an unknown name is refused with the list of games."""
    if type(name) is str and name in _REGISTRY:
        return _REGISTRY[name]
    import_outside_games()
    if type(name) is str and name in _REGISTRY:
        return _REGISTRY[name]
    raise ConfigError(
        _("no game named {name}; games available: {games}", name=quote(name), games=", ".join(registered()))
    )


def title_of(game: Any) -> str:
    """A game's title in the current language, from its own part's catalogue (the game's
    ``title`` wrapped in ``N_`` where it is defined); the English title where none translates it."""
    cls = game if isinstance(game, type) else type(game)
    return domain_of(cls.__module__)(cls.title)


def package(name: str) -> str:
    """The package that holds game ``name``'s folder (``gamekit.games.for_sale``)."""
    module = game_class(name).__module__
    return module.rpartition(".")[0] or module


def layer(name: str, job: str) -> ModuleType | None:
    """Game ``name``'s module for ``job`` (one of ``LAYERS``), or None when its folder has none."""
    if job not in LAYERS:
        raise ConfigError(_("no layer {job}; layers: {layers}", job=quote(job), layers=", ".join(LAYERS)))
    qualified = f"{package(name)}.{job}"
    try:
        found = importlib.util.find_spec(qualified)
    except ModuleNotFoundError:
        found = None
    return importlib.import_module(qualified) if found is not None else None


def require_layer(name: str, job: str, what: str) -> ModuleType:
    """As ``layer``, but a game without that module is refused with a message naming ``what``."""
    module = layer(name, job)
    if module is None:
        raise ConfigError(
            _(
                "{name} has no {job} module ({module}), so {what} does not support it",
                name=quote(name),
                job=job,
                module=package(name) + "." + job,
                what=what,
            )
        )
    return module


def rules_file(name: str) -> Path:
    """The rules reference's file of game ``name``: its own ``rules_file``, else ``data/rules/<name>.toml``."""
    cls = game_class(name)
    if cls.rules_file is not None:
        return Path(cls.rules_file)
    from .data import data_dir

    return data_dir() / "rules" / f"{name}.toml"


def by_prefix(prefix: str) -> str | None:
    """The game whose rule IDs start with ``prefix`` (``"FS"`` → ``"for_sale"``), or None."""
    import_outside_games()
    for name, cls in _REGISTRY.items():
        if cls.rule_prefix == prefix:
            return name
    return None
