"""Chance drawn from a game's own seeded generator, the same on every machine."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")


def shuffled(rng: random.Random, cards: Iterable[T]) -> list[T]:
    """A new list of ``cards`` in random order (Fisher-Yates driven by ``rng.random()``).

    Written out rather than ``rng.shuffle`` because it is several times faster and
    its result depends only on the generator's stream of floats, which CPython
    keeps the same across versions and platforms.
    """
    pile = list(cards)
    draw = rng.random
    for i in range(len(pile) - 1, 0, -1):
        j = int(draw() * (i + 1))
        pile[i], pile[j] = pile[j], pile[i]
    return pile


def without(pile: Sequence[T], taken: Iterable[T]) -> list[T]:
    """``pile`` in its order without the cards ``taken`` (one card of a kind per card listed):
    what is left to shuffle around a stacked deal (API ``stack``)."""
    wanted = Counter(taken)
    rest = []
    for card in pile:
        if wanted[card]:
            wanted[card] -= 1
        else:
            rest.append(card)
    return rest
