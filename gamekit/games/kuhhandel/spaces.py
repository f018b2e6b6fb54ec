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
from .parsing import BIDS, HOLD
from .rules import ANIMAL_INDEX, ANIMALS, BID_STEP, DONKEY_PAYOUTS, MONEY_SUPPLY, MONEY_VALUES, START_MONEY

WORDS = ("auction", "hold", "sell", "buy", "offer", "accept", "counter")
START_TOTAL = sum(c * v for c, v in zip(START_MONEY, MONEY_VALUES, strict=True))  # KH-C2: 90
PHASES = ("turn", "bidding", "decide", "pay", "offer", "respond", "over")
_PHASE_AT = {p: i for i, p in enumerate(PHASES)}
_VALUE_AT = {v: i for i, v in enumerate(MONEY_VALUES)}
_KINDS = len(MONEY_VALUES)
_ANIMAL_KINDS = len(ANIMALS)
_BIDS = list(BIDS)  # bid 0, bid 10, ...: the engine's own actions, compared by identity
_HOLD_AT = WORDS.index("hold")
# ``counts``' sums of k cards at 1/10 each, added one by one as the vector builder adds them
# (0.1 + 0.1 + 0.1 is not 3 * 0.1): the fast path looks a count of cards up here.
_TENTHS = [0.0]
for _count in range(sum(MONEY_SUPPLY)):
    _TENTHS.append(_TENTHS[-1] + 1.0 / 10)


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
        self._fixed_at = {text: i for i, text in enumerate(self.fixed)}
        self.trade_base = len(self.fixed)
        self.bid_base = self.trade_base + (n - 1) * len(ANIMALS)
        self.size = self.bid_base + self.cap // BID_STEP
        self._players = n
        self._orders = [[(seat + k) % n for k in range(n)] for seat in range(n)]  # by_seat's order
        # ``values``' zeros: 83 floats of fixed parts and 24 seat-long parts (``encode``'s order)
        self._zeros = [0.0] * (83 + 24 * n)

    def index(self, game: Game, seat: int, text: str) -> int:
        at = self._fixed_at.get(text)
        if at is not None:  # a word, ``add V`` or a payment's step (numbered at every step)
            return at
        word, _sep, rest = text.partition(" ")
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

    def numbered(self, legal: list[Any]) -> dict[int, Any] | None:
        """The legal actions by index when they are a bidder's hold and every raise up to the cap
        (KH-A3: most decisions of a game), made by arithmetic; None for any other list (numbered
        one by one)."""
        count = len(legal)
        if count < 3 or legal[0] is not HOLD:
            return None
        first = legal[1].value // BID_STEP if legal[1].kind == "bid" else 0
        if first < 1 or legal[1:] != _BIDS[first : first + count - 1]:  # a C loop: the same objects
            return None
        made = {_HOLD_AT: HOLD}
        made.update(
            zip(range(self.bid_base + first - 1, self.bid_base + first + count - 2), legal[1:], strict=True)
        )
        return made

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
        v.one_hot("phase", PHASES.index(view["phase"]), len(PHASES))
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

    def values(self, game: Any, seat: int, paying: Sequence[int]) -> list[float]:
        """``encode`` of ``view(seat)`` as a list of floats, read straight from the game (no view
        dict, no vector builder): what the seat's view shows and nothing else, part for part in
        ``encode``'s order with the same arithmetic (a property test holds the two equal)."""
        n, cap = game.players, float(self.cap)
        if n != self._players:
            return []  # not these spaces' game: ``Spaces.observe`` refuses it by its length
        order, tenths = self._orders[seat], _TENTHS
        out = self._zeros[:]
        phase = game.phase
        out[_PHASE_AT[phase]] = 1.0  # phase
        out[7] = game.turn / (game.max_turns or 1000)  # turn
        out[8 + (game.active - seat) % n] = 1.0  # active
        out[8 + n + (game.start_player - seat) % n] = 1.0  # start_player
        at = 8 + 2 * n
        for s in game.to_act:  # to_act
            out[at + (s - seat) % n] = 1.0
        at += n
        animals = game.animals  # KH-C3: every herd is public (the view's ``animals``)
        herds = [animals[s] for s in order]
        out[at : at + _ANIMAL_KINDS * n] = [herd[i] / 4 for i in range(_ANIMAL_KINDS) for herd in herds]
        at += _ANIMAL_KINDS * n  # animals_<animal>, by seat
        money = game.money  # KH-C3: the number of money cards is public, their values mine only
        out[at : at + n] = [sum(money[s]) / 20 for s in order]  # money_counts
        at += n
        out[at : at + _KINDS] = [tenths[k] for k in money[seat]]  # my_money
        at += _KINDS
        out[at : at + _KINDS] = [tenths[k] for k in game.bank]  # bank
        at += _KINDS
        out[at] = game.money_in_play / cap
        out[at + 1] = len(game.deck) / 40  # deck: its size only
        out[at + 2] = game.donkeys_seen / 4
        at += 3
        at = self._auction_values(out, at, game, seat)
        at = self._trade_values(out, at, game, seat)
        last = game.last_trade
        if last is not None and seat in (last["active"], last["partner"]):  # KH-K4: the traders'
            for v in last["offer"]:  # last_trade_offer
                out[at + _VALUE_AT[v]] += 0.1
            if last["counter"] is not None:  # last_trade_counter
                for v in last["counter"]:
                    out[at + _KINDS + _VALUE_AT[v]] += 0.1
        at += 2 * _KINDS
        for v in paying:  # my_payment_laid_down
            out[at + _VALUE_AT[v]] += 0.1
        return out

    def _auction_values(self, out: list[float], at: int, game: Any, seat: int) -> int:
        """``values``' auction and payment parts, written from ``at``; where the next part starts."""
        n, cap, phase = game.players, float(self.cap), game.phase
        auction = game.auction
        if auction is not None:
            out[at] = 1.0  # auction
            out[at + 1] = auction.high_bid / cap
            out[at + 2] = auction.run / 3
            out[at + 3 + ANIMAL_INDEX[auction.animal]] = 1.0  # auction_animal
            at += 3 + _ANIMAL_KINDS
            out[at + (auction.auctioneer - seat) % n] = 1.0  # auctioneer
            if auction.high_bidder is not None:  # high_bidder
                out[at + n + (auction.high_bidder - seat) % n] = 1.0
            if auction.bidder is not None:  # bidder
                out[at + 2 * n + (auction.bidder - seat) % n] = 1.0
            at += 3 * n
            for part in (auction.bidders, auction.holds_since_raise, auction.excluded):  # masks
                for s in part:
                    out[at + (s - seat) % n] = 1.0
                at += n
            if phase == "pay":  # payment
                out[at] = 1.0
                out[at + 1] = auction.high_bid / cap
                if auction.payer is not None:  # payer
                    out[at + 2 + (auction.payer - seat) % n] = 1.0
                if auction.payee is not None:  # payee
                    out[at + 2 + n + (auction.payee - seat) % n] = 1.0
            at += 2 + 2 * n
        else:
            at += 3 + _ANIMAL_KINDS + 6 * n + 2 + 2 * n
        return at

    def _trade_values(self, out: list[float], at: int, game: Any, seat: int) -> int:
        """``values``' cow-trade parts (KH-K2: an offer's cards its maker's only), written from
        ``at``; where the next part starts."""
        n, phase = game.players, game.phase
        trade = game.trade
        if trade is not None:
            offer = trade.offer
            out[at] = 1.0  # trade
            out[at + 1] = trade.stake / 2
            out[at + 2] = trade.round / 2
            out[at + 3] = (len(offer) if offer else 0) / 10  # KH-K2: the offer's card count
            out[at + 4] = len(trade.cards_added) / 10
            out[at + 5 + ANIMAL_INDEX[trade.animal]] = 1.0  # trade_animal
            at += 5 + _ANIMAL_KINDS
            out[at + (trade.active - seat) % n] = 1.0  # trade_active
            out[at + n + (trade.partner - seat) % n] = 1.0  # trade_partner
            at += 2 * n
            if offer is not None and seat == trade.active:  # my_trade_offer (KH-K2: its maker's)
                for v in offer:
                    out[at + _VALUE_AT[v]] += 0.1
            at += _KINDS
            # my_trade_building: the offer being laid down, the seat laying it down's own
            if phase in ("offer", "respond") and seat == game.to_act[0]:
                for v in trade.cards_added:
                    out[at + _VALUE_AT[v]] += 0.1
            at += _KINDS
        else:
            at += 5 + _ANIMAL_KINDS + 2 * n + 2 * _KINDS
        return at

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
