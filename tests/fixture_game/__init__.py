"""The fixture fifth game: a game registered from outside gamekit, as the README's "Adding a game" says.

Importing this package registers ``sealed_auction`` (rule prefix SA, rules in ``rules.toml`` beside
it) and its bots; the layers find the rest of its folder by name (``pictures``, ``spaces``,
``sampling``, ``meta``) through ``gamekit.core.registry``. ``tests/test_fifth_game.py`` runs it
through every layer.
"""

from . import bots
from .game import SealedAuction

__all__ = ["SealedAuction", "bots"]
