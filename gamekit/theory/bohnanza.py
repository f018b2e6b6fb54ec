"""Bohnanza: harvest a field now or wait, from what the player knows (BO-C2, BO-H1). (A state
sampled from one player's view, MCTS's determinization, is ``gamekit.games.bohnanza.sampling``.)

The harvest theory is game-free like every generic layer: the beanometer (``pay``) and the card
counts are arguments. ``gamekit.games.bohnanza.timing`` reads a player's view into them for the
bots and the lesson's forecasts.

A player knows the order of its own hand (BO-C2): the next cards it must plant. The cards it
cannot see are the deck and the other players' hands; from the public counts (fields, coins,
discard pile, trading area, hand sizes) it knows how many of each bean are among them, so a card
it turns up later is, to it, a draw without replacement from that unseen pool: ``X``, the beans
of a type among ``draws`` unseen cards, is hypergeometric (``hypergeometric``, the one law every
question below sums over).

Two questions about one field of ``count`` beans, with ``pay`` the bean's beanometer:

- **What does it pay if harvested after ``draws`` more unseen cards?** ``pay_after``: the
  expected thaler, E[pay[count + X]], and the chance it pays more than now. The lesson's table
  asks it turn by turn (two cards a turn, BO-T3).
- **Harvest it now or wait for the forced harvest?** ``harvest_now_or_wait``: pay[count] now
  against E[pay[count + known + X]] then, where ``known`` is the beans of its type the player's
  own hand queue plants before the first hand card that fits no field forces a harvest
  (``queue_before_forced``) and ``draws`` the unseen cards it turns up by then. Waiting never
  pays less (the beanometer only rises), so the useful figure is ``gain_of_waiting``: when it
  is 0, the next step is out of reach before the forced harvest and the field may as well be
  harvested now to make room. The bots ask this.

``prob_more(k, ...)`` = P(known + X >= k).

>>> round(prob_more(1, known=0, unseen_of_bean=2, unseen_total=4, draws=2), 4)  # 1 - C(2,2)/C(4,2)
0.8333
>>> harvest_now_or_wait((0, 0, 1, 2, 3, 4, 4), 2, known=1, unseen_of_bean=0, unseen_total=10, draws=2)
(1, 2.0)
>>> pay_after((0, 0, 1, 2, 3, 4, 4), 2, unseen_of_bean=1, unseen_total=2, draws=1)  # half the time 3 beans
(1.5, 0.5)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from math import comb
from typing import Any

__all__ = [
    "gain_of_waiting",
    "harvest_now_or_wait",
    "hypergeometric",
    "pay_after",
    "prob_more",
    "queue_before_forced",
    "unseen_beans",
]


def unseen_beans(view: Mapping[str, Any], card_counts: Mapping[str, int]) -> tuple[Counter[str], int]:
    """(count of each bean, number of cards) the viewer cannot see: the deck and the others' hands.

    ``card_counts``: how many cards of each bean the game has (Bohnanza's ``rules.BEAN_COUNTS``).
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
    unseen = Counter({b: n - seen[b] for b, n in card_counts.items() if n - seen[b] > 0})
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


def pay_after(
    pay: Sequence[int], count: int, unseen_of_bean: int, unseen_total: int, draws: int
) -> tuple[float, float]:
    """(expected thaler, chance it pays more than now) of the field harvested once ``draws`` more
    unseen cards have come, every one of its type joining it.

    ``pay[n]`` is what a field of ``n`` beans pays, the bean's beanometer (Bohnanza's
    ``rules.HARVEST[bean]``), up to the most beans a field can hold.
    """
    if not 0 <= unseen_of_bean <= unseen_total:
        raise ValueError(
            f"need 0 <= unseen beans of the type ({unseen_of_bean}) <= unseen cards ({unseen_total})"
        )
    top = len(pay) - 1
    now = pay[min(count, top)]
    law = [
        (hypergeometric(x, unseen_of_bean, unseen_total, draws), pay[min(count + x, top)])
        for x in range(max(0, min(draws, unseen_total)) + 1)
    ]
    return sum(p * thaler for p, thaler in law), sum(p for p, thaler in law if thaler > now)


def harvest_now_or_wait(
    pay: Sequence[int], count: int, known: int, unseen_of_bean: int, unseen_total: int, draws: int
) -> tuple[int, float]:
    """(thaler of harvesting now, expected thaler of harvesting at the forced harvest): the field
    then holds the ``known`` beans the hand queue plants too (``pay_after`` of ``count + known``)."""
    return pay[count], pay_after(pay, count + known, unseen_of_bean, unseen_total, draws)[0]


def gain_of_waiting(
    pay: Sequence[int], count: int, known: int, unseen_of_bean: int, unseen_total: int, draws: int
) -> float:
    """Expected thaler gained by waiting rather than harvesting now (0: the next step is out of reach)."""
    now, wait = harvest_now_or_wait(pay, count, known, unseen_of_bean, unseen_total, draws)
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
