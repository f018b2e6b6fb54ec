"""Chance drawn from a game's own seeded generator, the same on every machine.

Every draw an engine makes goes through ``shuffled``, ``below`` or its generator's
``randrange``: a whole number below some size, each equally likely. That is the hook that
makes chance explicit (OpenSpiel's chance nodes): a game built with ``chance=[...]`` gets an
``ExplicitChance`` in place of its ``random.Random``, which hands out those outcomes in order
and, when they run out, raises ``ChancePending`` with the ``ChanceEvent`` it waits for. The
caller picks an outcome and runs the game again with it (``gamekit.core.explicit``). Drawing
each outcome with ``ChanceEvent.draw`` from ``random.Random(seed)`` gives the very game the
seed gives by default, draw for draw.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")


def shuffled(rng: random.Random, cards: Iterable[T]) -> list[T]:
    """A new list of ``cards`` in random order (Fisher-Yates driven by ``rng.random()``).

    Written out rather than ``rng.shuffle`` because it is several times faster and
    its result depends only on the generator's stream of floats, which CPython
    keeps the same across versions and platforms.
    """
    pile = list(cards)
    if rng.__class__ is ExplicitChance:  # one chance event per step, the same Fisher-Yates
        for i in range(len(pile) - 1, 0, -1):
            j = rng.below(i + 1, "shuffle")
            pile[i], pile[j] = pile[j], pile[i]
        return pile
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


def draw_from(rng: random.Random, pool: list[T], k: int) -> list[T]:
    """``k`` cards drawn at random from ``pool`` and removed from it (for sampling hidden hands)."""
    picked = rng.sample(range(len(pool)), k)
    cards = [pool[i] for i in picked]
    for i in sorted(picked, reverse=True):
        pool.pop(i)
    return cards


def below(rng: random.Random, size: int) -> int:
    """A whole number from 0 to ``size - 1``, each equally likely (a die: ``1 + below(rng, 6)``),
    from one ``rng.random()`` as the engines always drew it."""
    if rng.__class__ is ExplicitChance:
        return rng.below(size, "below")
    return int(rng.random() * size)


@dataclass(frozen=True)
class ChanceEvent:
    """One draw a game waits for: a whole number below ``size``, each equally likely.

    ``kind`` says how the engine draws it by default: ``shuffle`` (a step of ``shuffled``) and
    ``below`` from one ``random()``, ``randrange`` from ``randrange``; ``index`` counts the
    game's draws from 0."""

    kind: str
    size: int
    index: int

    def outcomes(self) -> list[tuple[int, float]]:
        """Each outcome with its probability, as OpenSpiel's ``chance_outcomes`` lists them."""
        return [(outcome, 1.0 / self.size) for outcome in range(self.size)]

    def draw(self, rng: random.Random) -> int:
        """The outcome ``rng`` gives, drawn exactly as the engine draws it without the hook."""
        if self.kind == "randrange":
            return rng.randrange(self.size)
        return int(rng.random() * self.size)


class ChancePending(Exception):
    """A game with explicit chance needs an outcome it was not given (``event``).

    The game may be half-changed when this is raised: the caller starts again from before
    (``gamekit.core.explicit`` does)."""

    def __init__(self, event: ChanceEvent) -> None:
        super().__init__(
            f"chance event {event.index} ({event.kind}, {event.size} outcomes) awaits its outcome"
        )
        self.event = event


class ExplicitChance:
    """What a game built with ``chance=outcomes`` draws from instead of ``random.Random``: the
    outcomes in order, each checked against its event's size; ``ChancePending`` after the last."""

    def __init__(self, outcomes: Iterable[int] = ()) -> None:
        self.outcomes = list(outcomes)
        self.used = 0

    def below(self, size: int, kind: str) -> int:
        if self.used < len(self.outcomes):
            outcome = self.outcomes[self.used]
            if type(outcome) is not int or not 0 <= outcome < size:
                raise ValueError(
                    f"chance outcome {self.used} is {outcome!r}, not a whole number from 0 to {size - 1}"
                )
            self.used += 1
            return outcome
        raise ChancePending(ChanceEvent(kind, size, self.used))

    def randrange(self, size: int) -> int:
        return self.below(size, "randrange")

    def random(self) -> float:
        raise TypeError("a game with explicit chance draws whole numbers (below, randrange), not floats")

    def getstate(self) -> Any:
        """What fixes the chance to come (for ``Game.chance_fingerprint``)."""
        return ("explicit", tuple(self.outcomes), self.used)
