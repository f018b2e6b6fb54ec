"""The fixture game's bots: each a one-sentence rule with one parameter, registered by name."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gamekit.bots.base import TunedBot, register_bot
from gamekit.core.actions import Action

from .game import BIDS


class _SealedAuctionBot(TunedBot):
    games = ("sealed_auction",)

    def choose(
        self, view: dict[str, Any] | None, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        assert view is not None
        seat = view["viewer"]
        return BIDS[min(self.bid(view["values"][seat]), view["coins"][seat])]

    def bid(self, value: int) -> int:
        raise NotImplementedError


@register_bot
class FractionOfValue(_SealedAuctionBot):
    """Bids `fraction` of its card's value, rounded down, at most its coins."""

    name = "fraction_of_value"
    parameter_name = "fraction"
    default = 0.5

    def bid(self, value: int) -> int:
        return int(self.value * value)


@register_bot
class AllIn(_SealedAuctionBot):
    """Bids all its coins when its card's value is at least `threshold`, else nothing."""

    name = "all_in"
    parameter_name = "threshold"
    default = 8.0

    def bid(self, value: int) -> int:
        return 10 if value >= self.value else 0
