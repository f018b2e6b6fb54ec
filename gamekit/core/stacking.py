"""Stacked piles: the one check every game's ``stack=`` cards go through.

A stack puts chosen cards on top of a shuffled pile (the README's ``stack``). Whatever the game,
a stacked pile must be a list of the deck's own cards, none the deck lacks and none listed more
often than the deck holds it; each game adds only what is its own (how many cards a table uses,
how hands are dealt).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from .errors import ConfigError
from .i18n import _, _n
from .quoting import quote


def stacked_pile(
    key: str, pile: Any, deck: Mapping[Any, int], *, what: str, noun: str, rule: str
) -> list[Any]:
    """``pile`` as a list, checked against ``deck`` (each card → how many the deck holds), or a
    ``ConfigError`` naming ``rule``: ``key`` is the stack's key, ``what`` what its list holds
    ("card numbers"), ``noun`` one card ("card")."""
    kinds = {type(card) for card in deck}
    if not isinstance(pile, list | tuple) or not all(type(card) in kinds for card in pile):
        raise ConfigError(
            _(
                "stack {key} must be a list of {what}, not {pile} ({rule})",
                key=key,
                what=what,
                pile=quote(pile),
                rule=rule,
            )
        )
    for card, count in sorted(Counter(pile).items()):
        held = deck.get(card, 0)
        if count <= held:
            continue
        listed = _n(
            "stack {key}: {noun} {card} is listed {n} time",
            "stack {key}: {noun} {card} is listed {n} times",
            count,
            key=key,
            noun=noun,
            card=quote(card),
        )
        if not held:
            names = ", ".join(str(name) for name in deck)
            raise ConfigError(
                _(
                    "{listed} but there is no {noun} {card}; {noun}s: {names} ({rule})",
                    listed=listed,
                    noun=noun,
                    card=quote(card),
                    names=names,
                    rule=rule,
                )
            )
        raise ConfigError(
            _("{listed} but the deck has only {held} ({rule})", listed=listed, held=held, rule=rule)
        )
    return list(pile)
