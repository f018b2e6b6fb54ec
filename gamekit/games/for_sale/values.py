"""The exact phase-2 value of a house in a one-round sale: pure Python, so bots can use it.

``gamekit.theory.for_sale`` re-exports these beside the simulations that check them.
"""

from __future__ import annotations

from functools import cache
from math import comb

from .i18n import _
from .rules import CHEQUES, HOUSES


@cache
def cheque_order_means(players: int) -> tuple[float, ...]:
    """Expected j-th highest cheque (j = 0 the highest) of ``players`` cheques drawn from the 30.

    The 30 cheques, sorted, are 30 distinct cards; the card at index ``i`` (ascending) is the
    j-th highest of a random set of ``players`` exactly when j of the ``29 - i`` cards above it
    and ``players - 1 - j`` of the ``i`` below it are drawn.
    """
    total = comb(len(CHEQUES), players)
    top = len(CHEQUES) - 1
    return tuple(
        sum(c * comb(top - i, j) * comb(i, players - 1 - j) for i, c in enumerate(CHEQUES)) / total
        for j in range(players)
    )


@cache
def one_round_value(house: int, players: int) -> float:
    """Exact expected cheque (money) of ``house`` sold in one round against random houses.

    The ``players - 1`` other houses are a random set of the 29 others; the number ``j`` of them
    above ``house`` is hypergeometric, and ``house`` then takes the (j+1)-th highest cheque (FS-S3)
    of a random table of ``players`` cheques (``cheque_order_means``).
    """
    if house not in HOUSES:
        raise ValueError(_("house must be 1..30, not {house}", house=repr(house)))
    if not 2 <= players <= 6:
        raise ValueError(_("players must be 2..6, not {players}", players=repr(players)))
    others = players - 1
    above, below = len(HOUSES) - house, house - 1
    means = cheque_order_means(players)
    total = comb(len(HOUSES) - 1, others)
    return sum(comb(above, j) * comb(below, others - j) * means[j] for j in range(players)) / total
