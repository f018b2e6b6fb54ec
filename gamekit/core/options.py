"""Named rule options: declared once per game, validated with errors that list what is valid."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import ConfigError
from .i18n import _
from .quoting import quote


@dataclass(frozen=True)
class Option:
    """One rule option of the rules reference: its name, default, allowed values and rule ID."""

    name: str
    default: Any
    rule: str
    doc: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None  # for whole-number options; None in ``choices`` allows "off"

    def describe(self) -> str:
        allowed: list[str] = []
        if self.minimum is not None:
            allowed.append(_("a whole number >= {minimum}", minimum=self.minimum))
        if self.choices is not None:
            allowed.append(", ".join(repr(c) for c in self.choices))
        either = (
            allowed[0] if len(allowed) == 1 else _("{first} or {second}", first=allowed[0], second=allowed[1])
        )
        return _(
            "{name} (one of {allowed}; default {default}; {rule})",
            name=self.name,
            allowed=either,
            default=repr(self.default),
            rule=self.rule,
        )

    def check(self, value: Any) -> Any:
        """``value`` if it is allowed; ``True`` never passes for ``1`` nor ``1`` for ``1.0``."""
        # The type first: a value of another type is never compared (its ``==`` may do anything).
        if self.choices is not None and any(type(value) is type(c) and value == c for c in self.choices):
            return value
        if self.minimum is not None and type(value) is int and value >= self.minimum:
            return value
        raise ConfigError(
            _(
                "option {name}={value} is not valid: {allowed}",
                name=self.name,
                value=quote(value),
                allowed=self.describe(),
            )
        )


def resolve_options(
    game: str, declared: tuple[Option, ...], given: Mapping[str, Any] | None
) -> dict[str, Any]:
    """The full option dict: defaults with ``given`` applied, every name and value checked.

    ``given`` must be a mapping (or None) whose keys are option names; anything else is a
    ``ConfigError`` quoting a short prefix of it."""
    if given is None:  # the defaults: the common case, made without the checks below
        return {o.name: o.default for o in declared}
    known = {o.name: o for o in declared}
    if not isinstance(given, Mapping):
        raise ConfigError(
            _("options must be a mapping of option names to values, not {given}", given=quote(given))
        )
    given = dict(given)
    unknown = sorted(quote(name) for name in given if not (type(name) is str and name in known))
    if unknown:
        valid = "; ".join(o.describe() for o in declared) or _("none")
        raise ConfigError(
            _(
                "{game} has no option {names}; valid options: {valid}",
                game=game,
                names=", ".join(unknown[:5]),
                valid=valid,
            )
        )
    return {name: (opt.check(given[name]) if name in given else opt.default) for name, opt in known.items()}
