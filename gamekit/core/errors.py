"""The three errors every part of gamekit raises."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from .i18n import Text
from .quoting import quote  # noqa: F401  (errors.quote: the one quotation every message uses)

if TYPE_CHECKING:
    from ..rules import Rule

# A game's rule ID (its prefix, a letter and a number) in parentheses, last in them (``rule_id``);
# a Japanese message's full-width parentheses （FS-B4） and comma 、 count too.
_CITED = re.compile(r"[(（](?:[^()（）]*[ ,、])?([A-Z]{2,4}-[A-Z]\d+)[)）]")
# Where ``IllegalAction.rule`` looks an ID up: ``gamekit.rules.get``, handed over when that module
# loads (``read_rules_from``), so this base of the core imports no layer above it.
_reference: list[Callable[[str], Rule]] = []


def read_rules_from(lookup: Callable[[str], Rule]) -> None:
    """Make ``lookup`` (``gamekit.rules.get``) the rules reference ``IllegalAction.rule`` reads."""
    _reference[:] = [lookup]


class GamekitError(Exception):
    """Base class of gamekit's own errors."""

    def __str__(self) -> str:
        """The message in the language of the moment it is shown (``gamekit.set_language``)."""
        message = self.args[0] if len(self.args) == 1 else None
        return message.render() if isinstance(message, Text) else super().__str__()


class ConfigError(GamekitError, ValueError):
    """A game was asked for with players, options or a stack that the rules do not allow."""


class IllegalAction(GamekitError, ValueError):
    """An action the rules forbid now; the message names the rule ID. The game is unchanged.

    ``rule_id`` is the ID the message cites (its last one in parentheses), and ``rule`` that
    rule's entry in the rules reference, for a lesson or a play table to show beside the error.
    """

    @property
    def rule_id(self) -> str | None:
        found = _CITED.findall(str(self))
        return found[-1] if found else None

    @property
    def rule(self) -> Rule | None:
        return _reference[0](self.rule_id) if self.rule_id and _reference else None

    def explain(self) -> str:
        """The message, then the statement of the rule it names, both in the current language."""
        rule = self.rule
        if rule is None:
            return str(self)
        rule = rule.localized()
        return f"{self}\n{rule.id} {rule.title}: {rule.statement}"


class LoadError(GamekitError, ValueError):
    """A saved game is damaged, tampered with, or describes a state the rules cannot reach."""


class PlayError(GamekitError, RuntimeError):
    """A game played by bots (``play``, ``simulate``) could not go on; the message says why.

    It names where: ``game`` (the game's number in a simulation, None for ``play``), ``seed``
    (the game's own seed: ``new_game(name, players, seed=seed)`` deals it again), ``seat`` and
    ``bot`` (the bot's label). From ``simulate`` it carries what was already played: ``rows``,
    the table ``simulate`` would have returned for the games that finished (a DataFrame; every
    chunk a worker finished is kept; with ``out="x.parquet"``, the path of the file holding them,
    its record saying why the run stopped), and from ``simulate_records`` also ``tables``, their
    records. The exception that caused it, if any, is chained (``__cause__``).
    """

    def __init__(
        self,
        message: str,
        *,
        game: int | None = None,
        seed: int | None = None,
        seat: int | None = None,
        bot: str | None = None,
    ) -> None:
        super().__init__(message)
        self.game, self.seed, self.seat, self.bot = game, seed, seat, bot
        self.rows: object = None
        self.tables: object = None

    def __reduce__(self) -> tuple[object, ...]:
        # Across processes the fields and the chained cause travel too (a worker's failure).
        return (type(self), self.args, {**self.__dict__, "__cause__": self.__cause__})


class BotError(PlayError):
    """A bot failed: it raised, or returned an action the game refused (the cause is chained)."""


class BotTimeout(BotError):
    """A bot took longer than the runner's ``time_limit`` for one decision.

    A bot that never returns cannot be stopped from outside: its thread is left running as a
    daemon (it ends with the process) and the game stops here.
    """


class GameStalled(PlayError):
    """A game stopped making progress under ``play``: a decision did not add to its history, or
    the decisions went past the game's declared ``max_decisions`` (a bug in the engine)."""
