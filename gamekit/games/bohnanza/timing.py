"""Harvest now or wait, from what one player knows: ``gamekit.theory.bohnanza`` bound to
Bohnanza's cards and beanometers, for the bots.

The theory is game-free (the generic layers import no game) and its package imports scipy,
seconds of start-up a bot's first decision should not pay; so the bots use this copy, which
``tests/bohnanza/test_theory.py`` checks against the theory on every small case.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from math import comb
from typing import Any

from .rules import BEAN_COUNTS, HARVEST


def unseen_beans(view: Mapping[str, Any]) -> tuple[Counter[str], int]:
    """(count of each bean, number of cards) the viewer cannot see: the deck and the others' hands.

    Every card is somewhere (BO-E2); the viewer sees its own hand, all fields, coins, the
    discard pile, the trading area and the beans set aside, so the rest is unseen.
    """
    me = view["viewer"]
    seen: Counter[str] = Counter(view["hands"][me])
    for fields in view["fields"]:
        for f in fields:
            if f is not None:
                seen[f[0]] += f[1]
    for pile in view["coin_cards"]:
        seen.update(pile)
    seen.update(view["discard"])
    seen.update(view["trading_area"])
    for pile in view["received"]:
        seen.update(pile)
    unseen = Counter({b: n - seen[b] for b, n in BEAN_COUNTS.items() if n - seen[b] > 0})
    total = view["deck_size"] + sum(n for s, n in enumerate(view["hand_sizes"]) if s != me)
    return unseen, total


def hypergeometric(x: int, unseen_of_bean: int, unseen_total: int, draws: int) -> float:
    """P(exactly ``x`` beans of the type among ``draws`` cards drawn from the unseen pool)."""
    draws = min(draws, unseen_total)
    if x < 0 or x > draws or x > unseen_of_bean or draws - x > unseen_total - unseen_of_bean:
        return 0.0
    return (
        comb(unseen_of_bean, x) * comb(unseen_total - unseen_of_bean, draws - x) / comb(unseen_total, draws)
    )


def prob_more(k: int, known: int, unseen_of_bean: int, unseen_total: int, draws: int) -> float:
    """P(at least ``k`` more beans of the type before the forced harvest): known + X >= k."""
    need = k - known
    if need <= 0:
        return 1.0
    return sum(hypergeometric(x, unseen_of_bean, unseen_total, draws) for x in range(need, draws + 1))


def harvest_now_or_wait(
    bean: str, count: int, known: int, unseen_of_bean: int, unseen_total: int, draws: int
) -> tuple[int, float]:
    """(thaler of harvesting now, expected thaler of harvesting at the forced harvest)."""
    pay = HARVEST[bean]
    top = len(pay) - 1
    wait = sum(
        hypergeometric(x, unseen_of_bean, unseen_total, draws) * pay[min(count + known + x, top)]
        for x in range(min(draws, unseen_total) + 1)
    )
    return pay[count], wait


def gain_of_waiting(
    bean: str, count: int, known: int, unseen_of_bean: int, unseen_total: int, draws: int
) -> float:
    """Expected thaler gained by waiting rather than harvesting now (0: the next step is out of reach)."""
    now, wait = harvest_now_or_wait(bean, count, known, unseen_of_bean, unseen_total, draws)
    return round(wait - now, 12)  # 0 exactly when no step is within reach, not rounding noise


def queue_before_forced(fields: Sequence[list | None], hand: Sequence[str]) -> tuple[Counter[str], int]:
    """(beans of each type the hand queue plants before a harvest is forced, cards planted by then).

    The hand is planted front first, each card onto a field of its type or an empty field
    (BO-T1, BO-T2); the first card that fits neither forces a harvest, and the count stops there.
    """
    grown = {f[0] for f in fields if f is not None}
    empty = sum(1 for f in fields if f is None)
    planted: Counter[str] = Counter()
    n = 0
    for bean in hand:
        if bean not in grown:
            if not empty:
                break
            grown.add(bean)
            empty -= 1
        planted[bean] += 1
        n += 1
    return planted, n
