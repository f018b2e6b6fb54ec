"""gamekit: faithful engines for auction and trading board games, for teaching game theory.

>>> import gamekit
>>> g = gamekit.new_game("for_sale", players=3, seed=7, stack={"houses": [3, 5, 11], "first_player": 0})
>>> g.act(0, "bid 2")[0]["text"]
'A bids 2'

The public contract is described in the README ("Using the engines"); everything a notebook or a bot
needs is importable from here.
"""

from . import bots, games, rules
from .core import (
    Action,
    ConfigError,
    Game,
    GamekitError,
    IllegalAction,
    LoadError,
    load_game,
    new_game,
    replay,
)
from .core.errors import BotError, BotTimeout, GameStalled, PlayError
from .core.game import registered
from .core.i18n import get_language, language, set_language
from .pictures import widgets as _pictures_of_widgets
from .simulate import play, simulate

GAMES: tuple[str, ...] = registered()

# In IPython, every widget shown keeps a still picture of itself in the saved output (issue 26, item 5).
_pictures_of_widgets.install()

__version__ = "0.1.0"


def __getattr__(name: str):
    """``gamekit.present`` (presentation mode) is loaded on first use, so that ``python -m
    gamekit.lessons`` runs its module once (runpy warns when the package imported it already)."""
    if name == "present":
        from .lessons import present

        return present
    raise AttributeError(f"module 'gamekit' has no attribute {name!r}")


__all__ = [
    "GAMES",
    "Action",
    "BotError",
    "BotTimeout",
    "ConfigError",
    "Game",
    "GameStalled",
    "GamekitError",
    "IllegalAction",
    "LoadError",
    "PlayError",
    "bots",
    "games",
    "get_language",
    "language",
    "load_game",
    "new_game",
    "play",
    "present",
    "replay",
    "rules",
    "set_language",
    "simulate",
]
