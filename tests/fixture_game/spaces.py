"""The fixture game's action numbering and observation encoder, for the RL adapters (``gamekit.rl.spaces``).

Actions: index N is ``bid N`` (0 to the 10 starting coins, SA-B1). The encoder writes a seat's
view only, through the adapter's vector builder ``v`` (``add``, ``one_hot``, ``seat_hot``,
``by_seat``; seats relative to the viewer): its own card's value, each seat's coins, whether each
has bid, the bids once shown, the winner, the price paid and the price rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit.core.game import Game

from .game import COINS, PRICES, VALUES


class Numbering:
    """Sealed Auction's numbering: one index per bid (``probe``, a fresh game of the setting)."""

    def __init__(self, probe: Game) -> None:
        self.size = COINS + 1

    def index(self, game: Game, seat: int, text: str) -> int:
        """``bid N`` → N."""
        kind, _, amount = text.partition(" ")
        if kind != "bid" or not amount.isdigit() or int(amount) > COINS:
            raise ValueError(f"{text!r} is not an action of Sealed Auction's numbering")
        return int(amount)

    def label(self, index: int) -> str:
        return f"bid {index}"

    def encode(self, v: Any, view: dict[str, Any], paying: Sequence[Any]) -> None:
        me = v.seat
        v.one_hot("phase", ("bid", "over").index(view["phase"]), 2)
        v.one_hot("price", PRICES.index(view["price"]), len(PRICES))
        v.seat_hot("first_player", view["first_player"])
        v.add("my_value", [view["values"][me] / max(VALUES)])
        v.by_seat("coins", view["coins"], COINS)
        v.by_seat("bid_made", view["bid_made"])
        v.by_seat("bids", view["bids"], COINS)
        v.seat_hot("winner", view["winner"])
        v.add("paid", [view["paid"] / COINS])
