"""The bot protocol, the random bot and the registry of bot names."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol

from ..core.actions import Action
from ..core.errors import ConfigError
from ..core.i18n import N_, _, domain_of


class BotLike(Protocol):
    """What a bot is: any object with this method (a ``Bot`` subclass is not needed)."""

    def choose(self, view: Any, legal_actions: Sequence[Action], rng: random.Random) -> Any: ...


WHAT_A_BOT_IS = N_(
    "a bot is an object with a method choose(view, legal_actions, rng) that returns one of "
    "legal_actions (for example a gamekit.bots.Bot), or a registered bot name such as 'random'"
)


class Bot:
    """A player: ``choose(view, legal_actions, rng)`` returns one of ``legal_actions``.

    A bot sees only its own seat's view and draws randomness only from ``rng``,
    which the runner seeds for it. Subclassing is optional: the runners take any object
    with ``choose`` (see ``make_bot``).
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


class TunedBot(Bot):
    """A strategy bot with one tunable parameter, checked here once for every game.

    A subclass names the parameter (``parameter_name``), gives its ``default`` and, where the
    parameter is a probability or share, its ``maximum``; the minimum is always 0.
    """

    parameter_name: ClassVar[str] = "parameter"
    default: ClassVar[float] = 1.0
    maximum: ClassVar[float | None] = None

    def __init__(self, value: float | None = None) -> None:
        value = self.default if value is None else value
        number = isinstance(value, int | float) and not isinstance(value, bool)
        # A comparison with NaN is False, so NaN is out of range too.
        if not (number and value >= 0 and (self.maximum is None or value <= self.maximum)):
            if self.maximum is not None:
                message = _(
                    "{bot} needs a {parameter} from 0 to {maximum}, not {value}",
                    bot=self.name,
                    parameter=self.parameter_name,
                    maximum=format(self.maximum, "g"),
                    value=repr(value),
                )
            else:
                message = _(
                    "{bot} needs a {parameter} of at least 0, not {value}",
                    bot=self.name,
                    parameter=self.parameter_name,
                    value=repr(value),
                )
            raise ConfigError(message)
        self.value = float(value)

    @property
    def parameter(self) -> float:
        return self.value


class RandomBot(Bot):
    """Chooses uniformly at random among the legal actions."""

    name = "random"
    sentence = N_("Chooses uniformly at random among the legal actions.")  # its docstring, for describe()
    uses_view = False

    def choose(
        self, view: dict[str, Any] | None, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        return legal_actions[int(rng.random() * len(legal_actions))]


BOTS: dict[str, Callable[..., Any]] = {}


def register_bot(cls: type) -> type:
    """Class decorator: make a bot class available by its short name (its ``name`` attribute).

    Any class whose instances have ``choose(view, legal_actions, rng)`` may be registered, a
    ``Bot`` subclass or not; ``make_bot("name")`` then makes an instance with no arguments and
    ``make_bot("name:0.4")`` one with the parameter. Anything else raises ``ConfigError``.
    """
    if not isinstance(cls, type) or not callable(getattr(cls, "choose", None)):
        raise ConfigError(
            _("register_bot takes a bot class ({what}), not {cls}", what=_(WHAT_A_BOT_IS), cls=repr(cls))
        )
    name = getattr(cls, "name", None)
    if not isinstance(name, str) or not name or ":" in name or "," in name or name != name.strip():
        raise ConfigError(
            _(
                "register_bot: {cls} needs a class attribute name, a short text without ':' or ',' "
                "(as in --bots {example}:0.5,random), not {name}",
                cls=cls.__name__,
                example=cls.__name__.lower(),
                name=repr(name),
            )
        )
    BOTS[name] = cls
    return cls


register_bot(RandomBot)


def describe(game: str | None = None) -> list[dict[str, Any]]:
    """Every registered bot (of one game, or of all): its name, the games it plays, its
    one-sentence rule, and its parameter with the default and the allowed range."""
    rows = []
    for name in sorted(BOTS):
        cls = BOTS[name]
        games = getattr(cls, "games", None)
        if game is not None and games is not None and game not in games:
            continue
        tuned = isinstance(cls, type) and issubclass(cls, TunedBot)
        rows.append(
            {
                "name": name,
                "games": list(games) if games else "all",
                "rule": rule_sentence(cls),
                "parameter": cls.parameter_name if tuned else None,
                "default": cls.default if tuned else None,
                "range": (0, cls.maximum) if tuned else None,
            }
        )
    return rows


def rule_sentence(cls: Any) -> str:
    """A bot's one-sentence rule (its docstring) in the current language: the translation its
    own part's catalogue has for that sentence (a game's bots: the game's), else the English."""
    sentence = " ".join((getattr(cls, "__doc__", None) or "").split())
    if not sentence:
        return sentence
    module = getattr(cls, "__module__", "") or ""
    part = domain_of(module) if module.startswith("gamekit.") else domain_of("gamekit")
    return part(sentence)


def bot_label(bot: Any) -> str:
    """How tables and errors name a bot: a ``Bot``'s label, else the object's own ``label`` or
    ``name`` attribute (text), else its class name."""
    for attribute in ("label", "name"):
        value = getattr(bot, attribute, None)
        if isinstance(value, str):
            return value
    return type(bot).__name__


def is_shipped(bot: Any) -> bool:
    """True for an instance of one of gamekit's own registered bot classes (trusted code the
    runners may call directly); False for every other bot, a subclass of one included."""
    cls = type(bot)
    return cls.__module__.startswith("gamekit.") and BOTS.get(getattr(cls, "name", None)) is cls


def make_bot(spec: BotLike | str, game: str | None = None) -> Any:
    """A bot from itself or a name with an optional parameter: ``"random"``, ``"spread:0.4"``.

    Any object with a ``choose(view, legal_actions, rng)`` method is a bot, a ``Bot`` subclass
    or not; its optional attributes default as ``Bot``'s do: ``uses_view`` True, ``games``
    None (every game), and its label (``bot_label``) is its ``label`` or ``name`` if it has
    one, else its class name. Anything else raises ``ConfigError`` saying what a bot is.
    """
    if isinstance(spec, Bot):
        bot: Any = spec
    elif isinstance(spec, str):
        name, _sep, param = spec.partition(":")
        if name not in BOTS:
            # With a game, only the bots that play it: the others could not be chosen anyway.
            known = sorted(
                n
                for n, c in BOTS.items()
                if game is None or getattr(c, "games", None) in (None, ()) or game in c.games
            )
            if game is not None:
                raise ConfigError(
                    _(
                        "no bot named {name} for {game}; its bots: {bots}",
                        name=repr(name),
                        game=game,
                        bots=", ".join(known),
                    )
                )
            raise ConfigError(_("no bot named {name}; bots: {bots}", name=repr(name), bots=", ".join(known)))
        if param:
            try:
                value = float(param)
            except ValueError:
                raise ConfigError(
                    _("bot {spec}: parameter {param} is not a number", spec=repr(spec), param=repr(param))
                ) from None
            bot = BOTS[name](value)
        else:
            bot = BOTS[name]()
    elif isinstance(spec, type) and callable(getattr(spec, "choose", None)):
        raise ConfigError(
            _("{what}; {cls} is a class: pass an instance, {cls}()", what=_(WHAT_A_BOT_IS), cls=spec.__name__)
        )
    elif callable(getattr(spec, "choose", None)):
        bot = spec
    else:
        shown = repr(spec)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        raise ConfigError(_("{what}, not {shown}", what=_(WHAT_A_BOT_IS), shown=shown))
    games = getattr(bot, "games", None)
    if game is not None and games is not None and game not in games:
        raise ConfigError(
            _(
                "bot {bot} plays only {games}, not {game}",
                bot=bot_label(bot),
                games=", ".join(games),
                game=game,
            )
        )
    return bot
