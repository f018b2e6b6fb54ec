"""The three errors every part of gamekit raises."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..rules import Rule

_CITED = re.compile(r"\((?:[^()]*[ ,])?((?:FS|MM|BO|KH)-[A-Z]\d+)\)")


class GamekitError(Exception):
    """Base class of gamekit's own errors."""


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
        from ..rules import get

        return get(self.rule_id) if self.rule_id else None

    def explain(self) -> str:
        """The message, then the statement of the rule it names."""
        rule = self.rule
        return str(self) if rule is None else f"{self}\n{rule.id} {rule.title}: {rule.statement}"


class LoadError(GamekitError, ValueError):
    """A saved game is damaged, tampered with, or describes a state the rules cannot reach."""


def quote(text: object, limit: int = 40) -> str:
    """``text`` as an error message quotes what it was given: its repr, or for a long text the
    repr of its first ``limit`` characters, "…" and its length, so a message stays short
    whatever it is given (the public contract). Anything not a str is quoted by its type."""
    if not isinstance(text, str):
        if text is None:
            return "None"
        name = type(text).__name__[:limit]
        return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"
    text = str.__str__(text)  # a str subclass's own repr or slicing is not trusted
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text):,} characters)"
