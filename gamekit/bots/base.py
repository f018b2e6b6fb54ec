"""The bot protocol, the random bot and the registry of bot names."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from ..core.actions import Action
from ..core.errors import ConfigError


class Bot:
    """A player: ``choose(view, legal_actions, rng)`` returns one of ``legal_actions``.

    A bot sees only its own seat's view and draws randomness only from ``rng``,
    which the runner seeds from the game's seed and the seat.
    """

    name: ClassVar[str] = "bot"
    games: ClassVar[tuple[str, ...] | None] = None  # None: plays every game
    uses_view: ClassVar[bool] = True  # False lets the runner skip building a view

    def choose(
        self, view: dict[str, Any] | None, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        raise NotImplementedError

    @property
    def label(self) -> str:
        """Name and parameter as simulation tables show it, e.g. ``spread:0.3``."""
        param = self.parameter
        return self.name if param is None else f"{self.name}:{param:g}"

    @property
    def parameter(self) -> float | None:
        """The one tunable parameter of a strategy bot, None for bots without one."""
        return None

    def __repr__(self) -> str:
        return f"<bot {self.label}>"


class RandomBot(Bot):
    """Chooses uniformly at random among the legal actions."""

    name = "random"
    uses_view = False

    def choose(
        self, view: dict[str, Any] | None, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        return legal_actions[int(rng.random() * len(legal_actions))]


BOTS: dict[str, Callable[..., Bot]] = {}


def register_bot(cls: type[Bot]) -> type[Bot]:
    """Class decorator: make a bot available by its short name."""
    BOTS[cls.name] = cls
    return cls


register_bot(RandomBot)


def make_bot(spec: Bot | str, game: str | None = None) -> Bot:
    """A bot from itself or a name with an optional parameter: ``"random"``, ``"spread:0.4"``."""
    if isinstance(spec, Bot):
        bot = spec
    elif isinstance(spec, str):
        name, _, param = spec.partition(":")
        if name not in BOTS:
            raise ConfigError(f"no bot named {name!r}; bots: {', '.join(sorted(BOTS))}")
        if param:
            try:
                value = float(param)
            except ValueError:
                raise ConfigError(f"bot {spec!r}: parameter {param!r} is not a number") from None
            bot = BOTS[name](value)
        else:
            bot = BOTS[name]()
    else:
        raise ConfigError(f"a bot is a Bot or a bot name, not {spec!r}")
    if game is not None and bot.games is not None and game not in bot.games:
        raise ConfigError(f"bot {bot.label} plays only {', '.join(bot.games)}, not {game}")
    return bot
