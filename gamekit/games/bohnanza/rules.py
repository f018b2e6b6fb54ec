"""Bohnanza's components and rule arithmetic as small pure functions (rules BO-* of the rules reference, `gamekit rules`)."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.ranking import shared_ranks

# BO-C1: the eight bean types of the 104-card basic set, most common first (the public contract's names).
BEANS: tuple[str, ...] = ("blue", "chili", "stink", "green", "soy", "black-eyed", "red", "garden")

# BO-C1: how many cards of each type the deck holds.
BEAN_COUNTS: dict[str, int] = {
    "blue": 20,
    "chili": 18,
    "stink": 16,
    "green": 14,
    "soy": 12,
    "black-eyed": 10,
    "red": 8,
    "garden": 6,
}

# BO-C1: the beanometer of each type, the beans needed for 1, 2, 3 and 4 thaler (None: no such step).
BEANOMETERS: dict[str, tuple[int | None, int | None, int | None, int | None]] = {
    "blue": (4, 6, 8, 10),
    "chili": (3, 6, 8, 9),
    "stink": (3, 5, 7, 8),
    "green": (3, 5, 6, 7),
    "soy": (2, 4, 6, 7),
    "black-eyed": (2, 4, 5, 6),
    "red": (2, 3, 4, 5),
    "garden": (None, 2, 3, None),
}

DECK_SIZE = 104  # BO-C1
HAND_SIZE = 5  # BO-C2: cards dealt to each player
START_FIELDS = 2  # BO-C3
MAX_FIELDS = 3  # BO-H3: one third field, never a fourth
PLANTINGS_PER_TURN = 2  # BO-T1: the front card, then optionally one more
TURN_UP = 2  # BO-T3
DRAW = 3  # BO-T6
LAST_EXHAUSTION = 3  # BO-D2: the game ends when the deck runs out the third time

# Every card of the deck, in a fixed order (the deal shuffles it).
ALL_CARDS: tuple[str, ...] = tuple(bean for bean in BEANS for _ in range(BEAN_COUNTS[bean]))


def harvest_value(bean: str, count: int) -> int:
    """Thaler a field of ``count`` beans of ``bean`` pays: the highest beanometer step reached (BO-H1)."""
    value = 0
    for step, needed in enumerate(BEANOMETERS[bean], start=1):
        if needed is not None and count >= needed:
            value = step
    return value


# The same numbers as a table, for the engine's step loop: HARVEST[bean][count].
HARVEST: dict[str, tuple[int, ...]] = {
    bean: tuple(harvest_value(bean, count) for count in range(DECK_SIZE + 1)) for bean in BEANS
}


def top_of_beanometer(bean: str) -> int:
    """The fewest beans that pay the most this type can pay: more beans add nothing (BO-C1)."""
    return max(n for n in BEANOMETERS[bean] if n is not None)


Field = list | None  # [bean, count] or None for an empty field


def field_for(fields: Sequence[Field], bean: str) -> int | None:
    """Index of the field a ``bean`` goes to when its player names none (``plant``): the first
    field of its own type, else the first empty field; None if neither exists, so a field must
    be harvested first (BO-T2)."""
    empty = None
    for i, field in enumerate(fields):
        if field is None:
            if empty is None:
                empty = i
        elif field[0] == bean:
            return i
    return empty


def may_plant_on(fields: Sequence[Field], bean: str, i: int) -> bool:
    """Whether ``bean`` may be planted on field ``i``: an empty field, or one of its own type,
    even when another field already grows it (BO-T2: the player chooses)."""
    field = fields[i]
    return field is None or field[0] == bean


def planting_fields(fields: Sequence[Field], bean: str) -> list[int]:
    """The fields worth offering for ``bean``, the default (``field_for``) first (BO-T2).

    Every field of its own type, and the first empty field; another empty field would
    give the same position with the fields numbered differently, so it is not listed
    (planting there is still allowed: ``may_plant_on``).
    """
    # One pass (the engine lists plantings at most decisions): the first field of the bean's
    # type is the default, the others and the first empty field follow in field order; with
    # no field of its type the first empty field is the default and the only choice.
    own = None
    others = []
    empty_seen = False
    for i, field in enumerate(fields):
        if field is None:
            if not empty_seen:
                empty_seen = True
                others.append(i)
        elif field[0] == bean:
            if own is None:
                own = i
            else:
                others.append(i)
    if own is not None:
        return [own, *others]
    return others[:1]  # the first empty field, if any (``others`` holds no field of its type)


def harvestable(fields: Sequence[Field]) -> list[int]:
    """Indices of the fields their owner may harvest now (BO-H1 with the one-bean protection, BO-H2).

    A field of one bean is protected while another field holds two or more; only when every
    field holds one bean (「自分の全ての畑が1枚ずつのときだけ」: none empty) may one be cleared.
    A single bean beside an empty field stays: the empty field can take the next bean.
    """
    grown = []  # the fields of two or more beans
    every_field_one_bean = True
    for i, field in enumerate(fields):
        if field is None:
            every_field_one_bean = False
        elif field[1] >= 2:
            grown.append(i)
    if grown:
        return grown
    return list(range(len(fields))) if every_field_one_bean and fields else []


def pay_from_coins(coins: Sequence[str], cost: int) -> tuple[list[str], list[str]]:
    """(cards paid, cards kept): payment takes the earliest earned coin cards first (BO-H3)."""
    return list(coins[:cost]), list(coins[cost:])


def ranks(scores: Sequence[int]) -> list[int]:
    """Most thaler first; equal scores share the place; the booklet (bohnanza-booklet) gives no tie-break (BO-E1)."""
    return shared_ranks(list(scores))
