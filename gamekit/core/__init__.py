"""The small core every game stands on: actions, errors, sealed choices, the game protocol,
the registry, the event log, saving and loading."""

from .actions import Action
from .errors import ConfigError, GamekitError, IllegalAction, LoadError
from .events import Event
from .game import Game, new_game, replay
from .narration import seat_name
from .options import Option
from .registry import game_class, layer, register, registered
from .saves import load_game
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
