"""Bohnanza: harvest a field now or wait, from what the player knows (BO-C2, BO-H1). (A state
sampled from one player's view, MCTS's determinization, is ``gamekit.games.bohnanza.sampling``.)

The harvest theory is game-free like every generic layer: the beanometer (``pay``) and the card
counts are arguments. ``gamekit.games.bohnanza.timing`` binds them to Bohnanza's tables for the
bots.

A player knows the order of its own hand (BO-C2): the next cards it must plant. The cards it
cannot see are the deck and the other players' hands; from the public counts (fields, coins,
discard pile, trading area, hand sizes) it knows how many of each bean are among them, so a card
it turns up later is, to it, a draw without replacement from that unseen pool (hypergeometric).

The model of one field of ``count`` beans of ``bean``:

- ``known``: the beans of its type that the player's own hand queue will plant on it before
  the first hand card that fits no field forces a harvest (``queue_before_forced``);
- ``draws``: the unseen cards the player will still turn up before then; ``X``, the beans of its
  type among them, is hypergeometric over the unseen pool (``unseen_beans``).

``prob_more(k, ...)`` = P(known + X >= k); ``harvest_now_or_wait`` gives the thaler of harvesting
now, pay[count], and of waiting, E[pay[count + known + X]], with ``pay`` the bean's beanometer. Waiting never
pays less (the beanometer only rises), so the useful figure is the expected gain of waiting:
when it is 0, the next step is out of reach before the forced harvest and the field may as well
be harvested now to make room (``gain_of_waiting``).

>>> round(prob_more(1, known=0, unseen_of_bean=2, unseen_total=4, draws=2), 4)  # 1 - C(2,2)/C(4,2)
0.8333
>>> harvest_now_or_wait((0, 0, 1, 2, 3, 4, 4), 2, known=1, unseen_of_bean=0, unseen_total=10, draws=2)
(1, 2.0)
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


def harvest_now_or_wait(
    pay: Sequence[int], count: int, known: int, unseen_of_bean: int, unseen_total: int, draws: int
) -> tuple[int, float]:
    """(thaler of harvesting now, expected thaler of harvesting at the forced harvest).

    ``pay[n]`` is what a field of ``n`` beans pays, the bean's beanometer (Bohnanza's
    ``rules.HARVEST[bean]``), up to the most beans a field can hold.
    """
    top = len(pay) - 1
    wait = sum(
        hypergeometric(x, unseen_of_bean, unseen_total, draws) * pay[min(count + known + x, top)]
        for x in range(min(draws, unseen_total) + 1)
    )
    return pay[count], wait


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
