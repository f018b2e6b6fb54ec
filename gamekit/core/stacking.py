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
from .quoting import quote


def stacked_pile(
    key: str, pile: Any, deck: Mapping[Any, int], *, what: str, noun: str, rule: str
) -> list[Any]:
    """``pile`` as a list, checked against ``deck`` (each card → how many the deck holds), or a
    ``ConfigError`` naming ``rule``: ``key`` is the stack's key, ``what`` what its list holds
    ("card numbers"), ``noun`` one card ("card")."""
    kinds = {type(card) for card in deck}
    if not isinstance(pile, list | tuple) or not all(type(card) in kinds for card in pile):
        raise ConfigError(f"stack {key} must be a list of {what}, not {quote(pile)} ({rule})")
    for card, count in sorted(Counter(pile).items()):
        held = deck.get(card, 0)
        if count <= held:
            continue
        listed = f"stack {key}: {noun} {quote(card)} is listed {count} time{'s' if count > 1 else ''}"
        if not held:
            names = ", ".join(str(name) for name in deck)
            raise ConfigError(f"{listed} but there is no {noun} {quote(card)}; {noun}s: {names} ({rule})")
        raise ConfigError(f"{listed} but the deck has only {held} ({rule})")
    return list(pile)
