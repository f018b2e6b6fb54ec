"""High card, a tiny game in its own folder outside gamekit: it shows that a game which brings its
``spaces`` and ``sampling`` modules works with PettingZoo, OpenSpiel and MCTS with no edit to
``gamekit.rl`` (tests/rl/test_a_new_game.py). Importing the package registers it."""

from .game import HighCard

__all__ = ["HighCard"]
