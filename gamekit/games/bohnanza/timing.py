"""Harvest now or wait, from what one player knows: ``gamekit.theory.bohnanza`` bound to
Bohnanza's cards and beanometers, for the bots.

The harvest theory is game-free (the generic layers import no game), so it takes the card counts
and a bean's beanometer as arguments; these bind them. (The same module's ``sample_state`` uses
the engine, imported only when it is called, so this import makes no cycle.) It needs neither
numpy nor scipy, and the ``gamekit.theory`` package loads its modules on first use, so a bot's
first decision pays no scientific start-up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...theory.bohnanza import harvest_now_or_wait as _harvest_now_or_wait
from ...theory.bohnanza import hypergeometric, prob_more, queue_before_forced
from ...theory.bohnanza import unseen_beans as _unseen_beans
from .rules import BEAN_COUNTS, HARVEST

__all__ = [
    "gain_of_waiting",
    "harvest_now_or_wait",
    "hypergeometric",
    "prob_more",
    "queue_before_forced",
    "unseen_beans",
]


def unseen_beans(view: Mapping[str, Any]) -> tuple[Counter[str], int]:
    """(count of each bean, number of cards) the viewer cannot see: the deck and the others' hands."""
    return _unseen_beans(view, BEAN_COUNTS)


def harvest_now_or_wait(
    bean: str, count: int, known: int, unseen_of_bean: int, unseen_total: int, draws: int
) -> tuple[int, float]:
    """(thaler of harvesting ``bean`` now, expected thaler of harvesting at the forced harvest)."""
    return _harvest_now_or_wait(HARVEST[bean], count, known, unseen_of_bean, unseen_total, draws)


def gain_of_waiting(
    bean: str, count: int, known: int, unseen_of_bean: int, unseen_total: int, draws: int
) -> float:
    """Expected thaler gained by waiting rather than harvesting now (0: the next step is out of reach)."""
    now, wait = harvest_now_or_wait(bean, count, known, unseen_of_bean, unseen_total, draws)
    return round(wait - now, 12)  # 0 exactly when no step is within reach, not rounding noise
