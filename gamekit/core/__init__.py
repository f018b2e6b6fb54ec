"""The small core every game stands on: actions, errors, sealed choices, the game protocol."""

from .actions import Action
from .errors import ConfigError, GamekitError, IllegalAction, LoadError
from .game import Event, Game, load_game, new_game, replay, seat_name
from .options import Option
from .registry import game_class, layer, register, registered
from .sealed import SealedChoices

__all__ = [
    "Action",
    "ConfigError",
    "Event",
    "Game",
    "GamekitError",
    "IllegalAction",
    "LoadError",
    "Option",
    "SealedChoices",
    "game_class",
    "layer",
    "load_game",
    "new_game",
    "register",
    "registered",
    "replay",
    "seat_name",
]
