"""Kuhhandel's fixed action numbers and observation encoder for the RL adapters (``gamekit.rl.spaces``).

Actions: 0..6 ``auction hold sell buy offer accept counter``, 7..12 ``add V`` (V in 0, 10,
50, 100, 200, 500), 13..18 ``pay+V`` and 19 ``pay-done`` (below), then ``trade P ANIMAL``
(partner by place after the acting seat, then animal in rulebook order), then ``bid N`` for
N = 10, 20 .. all the money that can be in play for that many players (KH-A3).

Payments (KH-A6): the engine lists every sensible set of cards (``pay 10,10,50``; up to several
hundred sets, not a fixed list), so the adapters lay a payment down card by card (``PAYMENT``):
``pay+V`` lays down a card of value V when some listed set still holds the cards laid down so
far; ``pay-done`` hands them over when they form a listed set that a further card could still
extend. A set that nothing extends is handed over with its last card. The cards laid down are
the payer's own knowledge and show only in the payer's observation (``my_payment_laid_down``).
Pure Python: the adapters bring numpy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.actions import Action
from ...core.errors import IllegalAction
from ...core.game import SEAT_NAMES, Game
from .i18n import _
from .rules import ANIMALS, BID_STEP, DONKEY_PAYOUTS, MONEY_VALUES, START_MONEY

WORDS = ("auction", "hold", "sell", "buy", "offer", "accept", "counter")
START_TOTAL = sum(c * v for c, v in zip(START_MONEY, MONEY_VALUES, strict=True))  # KH-C2: 90


class Payment:
    """KH-A6's payment, laid down card by card: the adapters' ``Table`` takes these steps."""

    step = "pay+"  # "pay+10": lay down a card of 10
    done = "pay-done"  # hand over the cards laid down
    values = MONEY_VALUES  # the kinds of card, in index order
    per_decision = 12  # steps one payment can take at most (OpenSpiel's longest game)

    @staticmethod
    def applies(game: Game, seat: int) -> bool:
        """Whether ``seat``'s decision now is a payment."""
        return game.phase == "pay" and seat in game.to_act

    @staticmethod
    def cards(action: Action) -> Sequence[int]:
        """The cards a listed payment hands over."""
        return action.value


PAYMENT = Payment()


class Numbering:
    """Kuhhandel's numbering for a player count (the partners, and the bids up to all the money)."""

    pieces = PAYMENT

    def __init__(self, probe: Game) -> None:
        n = probe.players
        # KH-A3: bids go up to all the money that can be in play, rounded down to a step.
        most = n * (START_TOTAL + sum(DONKEY_PAYOUTS))
        self.cap = most - most % BID_STEP
        self.fixed = (
            *WORDS,
            *(f"add {v}" for v in MONEY_VALUES),
            *(f"{PAYMENT.step}{v}" for v in MONEY_VALUES),
            PAYMENT.done,
        )
        self.trade_base = len(self.fixed)
        self.bid_base = self.trade_base + (n - 1) * len(ANIMALS)
        self.size = self.bid_base + self.cap // BID_STEP

    def index(self, game: Game, seat: int, text: str) -> int:
        word, _sep, rest = text.partition(" ")
        if text in self.fixed:
            return self.fixed.index(text)
        if word == "trade":
            partner, animal = rest.split()
            place = (SEAT_NAMES.index(partner) - seat) % game.players - 1
            return self.trade_base + place * len(ANIMALS) + ANIMALS.index(animal)
        if word == "bid":
            return self.bid_base + int(rest) // BID_STEP - 1
        raise IllegalAction(
            _(
                "{text} is not a step of the numbering; a payment is paid card by card (pay+V)",
                text=repr(text),
            )
        )

    def fixed_index(self, text: str) -> bool:
        """Whether ``index`` of ``text`` is the same in every state for a seat (the adapters keep
        it): always (a trade's place depends on the seat and the player count only)."""
        return True

    def label(self, index: int) -> str:
        if index < len(self.fixed):
            return self.fixed[index]
        if index < self.bid_base:
            place, animal = divmod(index - self.trade_base, len(ANIMALS))
            return f"trade with the seat {place + 1} after me: {ANIMALS[animal]}"
        return f"bid {(index - self.bid_base + 1) * BID_STEP}"

    def encode(self, v: Any, view: dict[str, Any], paying: Sequence[int]) -> None:
        me, cap = v.seat, float(self.cap)
        phases = ("turn", "bidding", "decide", "pay", "offer", "respond", "over")
        v.one_hot("phase", phases.index(view["phase"]), len(phases))
        v.add("turn", [view["turn"] / (view["max_turns"] or 1000)])
        v.seat_hot("active", view["active"])
        v.seat_hot("start_player", view["start_player"])
        v.seat_mask("to_act", view["to_act"])
        for animal in ANIMALS:
            v.by_seat(f"animals_{animal}", [herd.get(animal, 0) for herd in view["animals"]], 4)
        v.by_seat("money_counts", view["money_counts"], 20)
        v.counts("my_money", view["money"][me], MONEY_VALUES, 10)
        v.counts("bank", view["bank"], MONEY_VALUES, 10)
        v.add("money_in_play", [view["money_in_play"] / cap])
        v.add("deck", [view["deck_size"] / 40, view["donkeys_seen"] / 4])
        self._encode_auction(v, view)
        self._encode_trade(v, view)
        v.counts("my_payment_laid_down", paying, MONEY_VALUES, 10)

    def _encode_auction(self, v: Any, view: dict[str, Any]) -> None:
        cap = float(self.cap)
        auction = view["auction"] or {}
        v.add("auction", [float(bool(auction)), auction.get("high_bid", 0) / cap, auction.get("run", 0) / 3])
        v.one_hot("auction_animal", ANIMALS.index(auction["animal"]) if auction else None, len(ANIMALS))
        v.seat_hot("auctioneer", auction.get("auctioneer"))
        v.seat_hot("high_bidder", auction.get("high_bidder"))
        v.seat_hot("bidder", auction.get("bidder"))
        v.seat_mask("bidders", auction.get("bidders", ()))
        v.seat_mask("held", auction.get("held", ()))
        v.seat_mask("excluded", auction.get("excluded", ()))
        payment = view["payment"] or {}
        v.add("payment", [float(bool(payment)), payment.get("price", 0) / cap])
        v.seat_hot("payer", payment.get("payer"))
        v.seat_hot("payee", payment.get("payee"))

    @staticmethod
    def _encode_trade(v: Any, view: dict[str, Any]) -> None:
        trade = view["trade"] or {}
        v.add(
            "trade",
            [
                float(bool(trade)),
                trade.get("stake", 0) / 2,
                trade.get("round", 0) / 2,
                (trade.get("offer_count") or 0) / 10,
                trade.get("building_count", 0) / 10,
            ],
        )
        v.one_hot("trade_animal", ANIMALS.index(trade["animal"]) if trade else None, len(ANIMALS))
        v.seat_hot("trade_active", trade.get("active"))
        v.seat_hot("trade_partner", trade.get("partner"))
        v.counts("my_trade_offer", trade.get("offer"), MONEY_VALUES, 10)
        v.counts("my_trade_building", trade.get("building"), MONEY_VALUES, 10)
        last = view["last_trade"] or {}
        v.counts("last_trade_offer", last.get("offer"), MONEY_VALUES, 10)
        v.counts("last_trade_counter", last.get("counter"), MONEY_VALUES, 10)


# What each part of the observation means (a regular expression matching the part's whole
# name → its meaning): ``data/rl/ENCODINGS.md`` (``gamekit.rl.encodings``) is written from it.
MEANINGS: dict[str, str] = {
    "phase": "one-hot: turn, bidding, decide, pay, offer, respond, over",
    "turn": "turn / max_turns",
    "active|start_player": "seat one-hot: whose turn it is, the first player",
    "to_act": "seat mask: whose decision is awaited",
    r"animals_\w+": "by seat: cards of that animal held / 4",
    "money_counts": "by seat: money cards held / 20",
    "my_money": "counts / 10 of my money cards by value (0, 10, 50, 100, 200, 500)",
    "bank": "counts / 10 of the bank's money cards by value",
    "money_in_play": "money in play / the bid cap (all money that can be in play, KH-A3)",
    "deck": "deck size / 40, donkeys seen / 4",
    "auction": "1 if an auction runs, high bid / the bid cap, its run / 3",
    "auction_animal": "one-hot of the animal auctioned",
    "auctioneer|high_bidder|bidder": "seat one-hot: the auctioneer, the high bidder, the seat bidding",
    "bidders|held|excluded": "seat mask: who may bid, who holds, who is out",
    "payment": "1 if a payment is due, price / the bid cap",
    "payer|payee": "seat one-hot: who pays, who is paid",
    "trade": "1 if a trade runs, stake / 2, round / 2, cards offered / 10, cards being laid / 10",
    "trade_animal": "one-hot of the animal traded for",
    "trade_active|trade_partner": "seat one-hot: the challenger, the challenged",
    "my_trade_offer|my_trade_building": "counts / 10 by value of the trade's offer and of the offer being laid (as my view shows them)",
    "last_trade_offer|last_trade_counter": "counts / 10 of the last offer and counter-offer shown, by value",
    "my_payment_laid_down": "counts / 10 of the money cards I have laid down so far (pay+V steps)",
}
