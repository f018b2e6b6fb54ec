"""What one player knows of its next forced harvest, read from its view: the inputs of
``gamekit.theory.bohnanza``'s harvest questions, bound to Bohnanza's cards and beanometers.

The harvest theory is game-free (the generic layers import no game), so it takes the card counts
and a bean's beanometer as arguments; ``outlook`` reads them from a player's view once, and the
bots (``bots.harvest_losses``, ``GrowerBot.likely_held``) and the lesson's forecasts
(``analysis.harvest_forecasts``) ask the theory through it. It needs neither
numpy nor scipy, and the ``gamekit.theory`` package loads its modules on first use, so a bot's
first decision pays no scientific start-up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, NamedTuple

from ...theory.bohnanza import gain_of_waiting, harvest_now_or_wait, queue_before_forced, unseen_beans
from .rules import BEAN_COUNTS, HARVEST, TURN_UP

__all__ = ["Outlook", "outlook"]


class Outlook(NamedTuple):
    """The viewer's knowledge before its next forced harvest (BO-T2): the beans it cannot see by
    type and in all (the deck and the others' hands), the beans of each type its hand queue
    plants first, the turns until then (one hand card a turn, at least one) and the unseen cards
    it turns up meanwhile (two a turn, BO-T3)."""

    unseen: Counter[str]
    unseen_total: int
    known: Counter[str]
    turns: int
    draws: int

    def now_and_wait(self, bean: str, count: int) -> tuple[int, float]:
        """``harvest_now_or_wait`` for a field of ``count`` beans of ``bean``: (thaler now, expected then)."""
        return harvest_now_or_wait(HARVEST[bean], count, *self._counts(bean))

    def gain(self, bean: str, count: int) -> float:
        """``gain_of_waiting`` for a field of ``count`` beans of ``bean`` (0: the next step is out of reach)."""
        return gain_of_waiting(HARVEST[bean], count, *self._counts(bean))

    def _counts(self, bean: str) -> tuple[int, int, int, int]:
        return self.known[bean], self.unseen[bean], self.unseen_total, self.draws


def outlook(view: Mapping[str, Any]) -> Outlook:
    """The ``Outlook`` of a player's view (its viewer's own hand queue and fields)."""
    me = view["viewer"]
    unseen, total = unseen_beans(view, BEAN_COUNTS)
    known, planted = queue_before_forced(view["fields"][me], view["hands"][me])
    turns = max(1, planted)
    return Outlook(unseen, total, known, turns, TURN_UP * turns)
