"""For Sale strategies: each one a heuristic a student can check by hand."""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from typing import Any

from ...bots.base import TunedBot, register_bot
from ...core.actions import Action
from .game import BIDS, PASS, SELLS
from .rules import CHEQUES


def rank_matched_house(view: dict[str, Any]) -> int:
    """The house whose rank in the hand matches the best cheque's rank among the cheques left.

    The best cheque on the table is placed among every cheque not yet won (the
    table, the deck and any removed unseen); a cheque at the top of that range
    gets the highest house, one at the bottom the lowest. The cheques already won
    are the earlier tables (``past_cheques``): others' cheques lie face down (FS-B10).
    """
    hand = view["houses"][view["viewer"]]
    left = list(CHEQUES)  # sorted; remove every cheque already won
    for won in view["past_cheques"]:
        left.remove(won)
    best = max(view["table"])
    below = bisect_left(left, best)
    equal = bisect_right(left, best) - below
    quantile = (below + (equal - 1) / 2) / (len(left) - 1) if len(left) > 1 else 1.0
    return hand[round(quantile * (len(hand) - 1))]


class _ForSaleBot(TunedBot):
    games = ("for_sale",)

    def choose(
        self, view: dict[str, Any] | None, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        assert view is not None
        if view["phase"] == "sell":
            return SELLS[rank_matched_house(view)]
        total = view["high_bid"] + 1
        if total <= self.bid_limit(view) and BIDS[total] in legal_actions:
            return BIDS[total]
        return PASS

    def bid_limit(self, view: dict[str, Any]) -> float:
        raise NotImplementedError


@register_bot
class SpreadBidder(_ForSaleBot):
    """Raises the high bid by one coin while its total stays within `fraction` of the spread between the top and bottom house on the table (one coin per house number), else passes; sells by rank matching."""

    name = "spread"

    parameter_name = "fraction"
    default = 0.3

    def bid_limit(self, view: dict[str, Any]) -> float:
        table = view["table"]
        return self.value * (table[-1] - table[0])


@register_bot
class BudgetBidder(_ForSaleBot):
    """Raises the high bid by one coin while its total stays within `pace` times an even share of its coins over the buying rounds left, else passes; sells by rank matching."""

    name = "budget"

    parameter_name = "pace"
    default = 1.5

    def bid_limit(self, view: dict[str, Any]) -> float:
        me = view["viewer"]
        coins = view["coins"][me] + view["bids"][me]
        rounds_left = view["rounds"] - view["round"] + 1
        return self.value * coins / rounds_left
