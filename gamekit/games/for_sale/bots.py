"""For Sale strategies: each one a heuristic a student can check by hand."""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from typing import Any

from ...bots.base import TunedBot, register_bot
from ...core.actions import Action
from .game import BIDS, PASS, SELLS
from .i18n import N_
from .rules import CHEQUES, COIN_VALUE
from .values import one_round_value


def best_cheque_place(view: dict[str, Any]) -> float:
    """The best cheque on the table placed among every cheque not yet won: 0 lowest, 1 highest.

    The cheques not yet won are the table, the deck and any removed unseen; the cheques already
    won are the earlier tables (``past_cheques``): others' cheques lie face down (FS-B10). Equal
    cheques share the middle of their places.
    """
    left = list(CHEQUES)  # sorted; remove every cheque already won
    for won in view["past_cheques"]:
        left.remove(won)
    best = max(view["table"])
    below = bisect_left(left, best)
    equal = bisect_right(left, best) - below
    return (below + (equal - 1) / 2) / (len(left) - 1) if len(left) > 1 else 1.0


def rank_matched_house(view: dict[str, Any]) -> int:
    """The house whose rank in the hand matches the best cheque's rank among the cheques left.

    A cheque at the top of the cheques not yet won (``best_cheque_place``) gets the highest
    house, one at the bottom the lowest.
    """
    hand = view["houses"][view["viewer"]]
    return hand[round(best_cheque_place(view) * (len(hand) - 1))]


class _ForSaleBot(TunedBot):
    games = ("for_sale",)

    def choose(
        self, view: dict[str, Any] | None, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        assert view is not None
        if view["phase"] == "sell":
            return SELLS[self.house_to_sell(view)]
        total = view["high_bid"] + 1
        if total <= self.bid_limit(view) and BIDS[total] in legal_actions:
            return BIDS[total]
        return PASS

    def bid_limit(self, view: dict[str, Any]) -> float:
        raise NotImplementedError

    def house_to_sell(self, view: dict[str, Any]) -> int:
        """The house to sell this round: rank matching unless a bot's rule says otherwise."""
        return rank_matched_house(view)


@register_bot
class SpreadBidder(_ForSaleBot):
    __doc__ = N_(
        "Raises the high bid by one coin while its total stays within `fraction` of the spread between the top and bottom house on the table (one coin per house number), else passes; sells by rank matching."
    )

    name = "spread"

    parameter_name = "fraction"
    default = 0.3

    def bid_limit(self, view: dict[str, Any]) -> float:
        return _spread_limit(view, self.value)


@register_bot
class BudgetBidder(_ForSaleBot):
    __doc__ = N_(
        "Raises the high bid by one coin while its total stays within `pace` times an even share of its coins over the buying rounds left, else passes; sells by rank matching."
    )

    name = "budget"

    parameter_name = "pace"
    default = 1.5

    def bid_limit(self, view: dict[str, Any]) -> float:
        me = view["viewer"]
        coins = view["coins"][me] + view["bids"][me]
        rounds_left = view["rounds"] - view["round"] + 1
        return self.value * coins / rounds_left


def _spread_limit(view: dict[str, Any], fraction: float = SpreadBidder.default) -> float:
    """The `spread` bot's bid limit at `fraction` (its default unless given): the new sellers bid like it."""
    table = view["table"]
    return fraction * (table[-1] - table[0])


@register_bot
class TopSaver(_ForSaleBot):
    __doc__ = N_(
        "Bids like `spread` at its default fraction; sells its highest house when the best cheque on the table is at least `threshold` thousand, else its lowest house."
    )

    name = "save_top"

    parameter_name = "threshold"
    default = 12.0

    def house_to_sell(self, view: dict[str, Any]) -> int:
        hand = view["houses"][view["viewer"]]
        return max(hand) if max(view["table"]) >= self.value * 1000 else min(hand)

    def bid_limit(self, view: dict[str, Any]) -> float:
        return _spread_limit(view)


def skewed_house(view: dict[str, Any], power: float) -> int:
    """The house at place ``q ** power`` of the hand (0 = lowest, 1 = highest), where ``q`` is
    ``best_cheque_place(view)``; power 1 is ``rank_matched_house``."""
    hand = view["houses"][view["viewer"]]
    return hand[round(best_cheque_place(view) ** power * (len(hand) - 1))]


@register_bot
class SkewedMatcher(_ForSaleBot):
    __doc__ = N_(
        "Bids like `spread` at its default fraction; sells the house at place q**`power` of its hand (0 lowest, 1 highest), q being the best cheque's place among the cheques not yet won: power 1 is rank matching, below 1 (the default 0.5) sells the same or a higher house than rank matching (it spends high houses on middling tables), above 1 the same or a lower one (it saves high houses)."
    )

    name = "skew_match"

    parameter_name = "power"
    default = 0.5

    def house_to_sell(self, view: dict[str, Any]) -> int:
        return skewed_house(view, self.value)

    def bid_limit(self, view: dict[str, Any]) -> float:
        return _spread_limit(view)


@register_bot
class HouseValueBidder(_ForSaleBot):
    __doc__ = N_(
        "Raises the high bid by one coin while its total stays within `factor` times the phase-2 value gap, in coins (1 coin = 1,000), between the top and bottom house on the table (values.one_round_value), else passes; sells by rank matching."
    )

    name = "house_value"

    parameter_name = "factor"
    default = 1.5

    def bid_limit(self, view: dict[str, Any]) -> float:
        table, players = view["table"], len(view["coins"])
        return (
            self.value
            * (one_round_value(table[-1], players) - one_round_value(table[0], players))
            / COIN_VALUE
        )
