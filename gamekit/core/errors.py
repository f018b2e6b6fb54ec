"""The three errors every part of gamekit raises."""


class GamekitError(Exception):
    """Base class of gamekit's own errors."""


class ConfigError(GamekitError, ValueError):
    """A game was asked for with players, options or a stack that the rules do not allow."""


class IllegalAction(GamekitError, ValueError):
    """An action the rules forbid now; the message names the rule ID. The game is unchanged."""


class LoadError(GamekitError, ValueError):
    """A saved game is damaged, tampered with, or describes a state the rules cannot reach."""
