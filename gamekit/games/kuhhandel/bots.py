"""Kuhhandel strategies: each one a heuristic a student can check by hand.

All three value an animal the same way, by its worth to the bot's collection:
the set value times the share of the set the bot would then hold
(``collection_worth``: a third cow, worth 800 as a set, is worth 800 × 3/4 =
600). They differ in one behaviour each, set by their one parameter: how far
they bid (``value``), when the auctioneer buys in (``buyin``), and how often a
cow-trade offer is padded with 0 cards (``bluffer``). All three auction while
the deck lasts, then challenge, among the settling challenges (below), for the
animal they hold most of (the most valuable on a tie), and pay with the
cheapest payment the engine lists. None
bids above the money it holds: an over-bid is not a bluff but a mistake the
rule punishes (KH-A7: the bidder shows their money and the auction is run
again without them). The bluff the bots know is the cow trade's 0 card.

Once the deck is empty every bot, the cow trader included, **settles** animals: it challenges
a player who holds as many cards of the animal as it does if it can (the loser then keeps none),
else one who holds fewer, and a player holding a single card that the challenger holds more of
sells it (accepts). So every cow trade between them leaves fewer holders of an animal, or turns
three against one into two against two, and a game of these bots ends by KH-E1: without this
rule two holders of one card could take a third holder's second card in turn for ever (a
bluffer and two buyin bots did, to the safety limit of KH-E4).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

from ...bots.base import TunedBot, register_bot
from ...core.actions import Action
from .i18n import N_
from .parsing import ACCEPT, ADDS, AUCTION, BIDS, BUY, COUNTER, HOLD, OFFER, SELL
from .rules import (
    ANIMAL_VALUES,
    BID_STEP,
    CARDS_PER_ANIMAL,
    VALUE_INDEX,
    cards_of,
    counts_of,
    payment_options,
)


def collection_worth(view: dict[str, Any], animal: str, cards: int = 1) -> float:
    """What ``cards`` more of ``animal`` are worth to the viewer: set value × (held + cards) / 4."""
    held = view["animals"][view["viewer"]].get(animal, 0)
    return ANIMAL_VALUES[animal] * min(held + cards, CARDS_PER_ANIMAL) / CARDS_PER_ANIMAL


def cards_for(hand: Sequence[int], amount: float) -> list[int]:
    """The cheapest cards of ``hand`` worth at least ``amount`` (no 0 cards); all of them if too little."""
    if amount <= 0:
        return []
    return list(_cheapest(tuple(counts_of(hand)), -(-int(amount) // BID_STEP) * BID_STEP))


@functools.lru_cache(maxsize=4096)
def _cheapest(counts: tuple[int, ...], amount: int) -> tuple[int, ...]:
    options = payment_options(counts, amount)
    return options[0] if options else tuple(cards_of((0, *counts[1:])))  # every card but the 0s


def _missing(target: Sequence[int], added: Sequence[int]) -> list[int]:
    """The cards of ``target`` not yet in ``added`` (multisets)."""
    left = list(added)
    out = []
    for card in target:
        if card in left:
            left.remove(card)
        else:
            out.append(card)
    return out


def settling_trades(view: dict[str, Any], trades: Sequence[Action]) -> list[Action]:
    """The challenges that bring an animal nearer its end, best tier first (once the deck is empty).

    A partner holding as many cards as the challenger loses them all if it loses; a partner
    holding fewer holds one, and sells it (``sells_single``). Only when neither exists (one
    card against three) is any other challenge made.
    """
    me = view["viewer"]

    def tier(action: Action) -> int:
        partner, animal = action.value
        mine, theirs = view["animals"][me].get(animal, 0), view["animals"][partner].get(animal, 0)
        return 2 if mine == theirs else 1 if mine > theirs else 0

    best = max((tier(a) for a in trades), default=0)
    return [a for a in trades if tier(a) == best]


def sells_single(view: dict[str, Any]) -> bool:
    """Once the deck is empty, a responder holding fewer cards of the animal than the challenger accepts."""
    trade = view["trade"]
    held = view["animals"]
    return view["deck_size"] == 0 and held[view["viewer"]].get(trade["animal"], 0) < held[
        trade["active"]
    ].get(trade["animal"], 0)


class _KuhhandelBot(TunedBot):
    games = ("kuhhandel",)
    # What a bot does with the two numbers it does not tune (its own is ``value``):
    factor = 1.0  # how much of an animal's worth the bot bids
    margin = 0.0  # the auctioneer buys in up to this share of the worth (0: never)
    bluff_rate = 0.0  # chance of padding a cow-trade offer with every 0 card held

    def choose(
        self, view: dict[str, Any] | None, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        assert view is not None
        phase = view["phase"]
        if phase == "bidding":
            return self._bid(view, legal_actions)
        if phase == "offer":
            return self._offer(view, legal_actions, rng)
        if phase == "respond":
            return self._respond(view, legal_actions)
        if phase == "decide":
            return self._decide(view, legal_actions)
        if phase == "pay":
            return legal_actions[0]  # the engine lists the cheapest payment, with the fewest cards, first
        return self._turn(view, legal_actions)

    def _my_money(self, view: dict[str, Any]) -> list[int]:
        return view["money"][view["viewer"]]

    def _turn(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if AUCTION in legal:
            return AUCTION
        counts = view["money_counts"]
        mine = view["animals"][view["viewer"]]
        # Among the settling challenges, the animal it holds most of (closest to a set), then the
        # most valuable, against the partner with the fewest money cards.
        return max(
            settling_trades(view, [a for a in legal if a.kind == "trade"]),
            key=lambda a: (mine[a.value[1]], ANIMAL_VALUES[a.value[1]], -counts[a.value[0]], -a.value[0]),
        )

    def _bid(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        auction = view["auction"]
        limit = min(self.factor * collection_worth(view, auction["animal"]), sum(self._my_money(view)))
        step = auction["high_bid"] // BID_STEP + 1
        if step * BID_STEP <= min(limit, auction["cap"]):
            return BIDS[step]
        return HOLD

    def _decide(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        auction = view["auction"]
        if BUY in legal and auction["high_bid"] <= self.margin * collection_worth(view, auction["animal"]):
            return BUY
        return SELL

    def _offer(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        trade = view["trade"]
        hand = self._my_money(view)
        target = cards_for(hand, collection_worth(view, trade["animal"], trade["stake"]))
        added = trade["building"]
        missing = _missing(target, added)
        if missing:
            return ADDS[VALUE_INDEX[missing[0]]]
        zeros_left = hand.count(0) - added.count(0)
        padding = 0 in added  # the padding has begun: add every 0 card held
        if zeros_left and (padding or (self.bluff_rate and rng.random() < self.bluff_rate)):
            return ADDS[0]
        return OFFER

    def _respond(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        trade = view["trade"]
        me = view["viewer"]
        worth = collection_worth(view, trade["animal"], trade["stake"])
        added = trade["building"]
        if ACCEPT in legal and sells_single(view):
            return ACCEPT
        if not added and ACCEPT in legal:
            counts = view["money_counts"]
            unseen_cards = sum(counts) - counts[me] + trade["offer_count"]
            unseen_money = view["money_in_play"] - sum(self._my_money(view))
            average = unseen_money / unseen_cards if unseen_cards else 0
            if trade["offer_count"] * average >= worth:
                return ACCEPT
        missing = _missing(cards_for(self._my_money(view), worth), added)
        return ADDS[VALUE_INDEX[missing[0]]] if missing else COUNTER


@register_bot
class ValueBidder(_KuhhandelBot):
    """Raises by 10 while the bid stays within `factor` times the animal's worth to its collection (set value times the share of the set it would then hold) and within its money, else holds; always sells as auctioneer and trades like the bluffer with bluff rate 0."""

    name = "value"

    parameter_name = "factor"
    default = 1.0

    @property
    def factor(self) -> float:
        return self.value


@register_bot
class BuyInAuctioneer(_KuhhandelBot):
    """Buys in as auctioneer when it can pay a high bid of at most `margin` times the animal's worth to its collection, else sells; bids and trades like the value bidder."""

    name = "buyin"

    parameter_name = "margin"
    default = 1.0

    @property
    def margin(self) -> float:
        return self.value


@register_bot
class BluffTrader(_KuhhandelBot):
    """Offers the stake's worth to its collection in a cow trade, padded with all its 0 cards with probability `bluff_rate`, accepts an offer whose card count times the average unseen card's value reaches that worth and otherwise counters with the worth; bids like the value bidder; once the deck is empty, challenges a holder of as many cards first and sells a single card to a challenger holding more."""

    name = "bluffer"

    parameter_name = "bluff_rate"
    default = 0.3
    maximum = 1.0

    @property
    def bluff_rate(self) -> float:
        return self.value


# ------------------------------------------------------------------ the cow trader (issue 12)
CLOSENESS = 3  # 3 beat 4 and 6 against the value bidder (200 games each, issue 12)


def closeness_gain(held: int, animal: str, cards: int = 1) -> float:
    """What ``cards`` more of ``animal`` add when ``held`` cards are worth value × held² / 3.

    The k-th card adds value × (2k - 1) / 3: 1/3, 1, 5/3, 7/3 of the set's value, so the
    nearer the set, the more a card is worth (a set of four scores its value and multiplies the
    other sets).
    """
    after = min(held + cards, CARDS_PER_ANIMAL)
    return ANIMAL_VALUES[animal] * (after * after - held * held) / CLOSENESS


def closeness_loss(held: int, animal: str, cards: int = 1) -> float:
    """What giving up ``cards`` of ``animal`` out of ``held`` costs (the same scale)."""
    before = min(held, CARDS_PER_ANIMAL)
    left = max(before - cards, 0)
    return ANIMAL_VALUES[animal] * (before * before - left * left) / CLOSENESS


def makeable_totals(hand: Sequence[int]) -> list[int]:
    """Every total some of the cards of ``hand`` (a list of values) add up to, 0 included."""
    totals = {0}
    for card in hand:
        if card:
            totals |= {t + card for t in totals}
    return sorted(totals)


@register_bot
class CowTrader(_KuhhandelBot):
    """Counts the k-th card of an animal as its set value times (2k-1)/3 and bids up to that (within its money), always sells as auctioneer; on its turn, even while the deck lasts, challenges for an animal it holds at least `trade_from` cards of and another player holds too, if that player's expected money (gamekit.theory.kuhhandel.money_posterior) is below its own (after the deck, any animal it shares; its most-held, then most valuable, against the poorest holder), offering half what winning rather than losing the stake is worth to it, padded with its 0 cards; accepts an offer or counters with the total that maximises its expected gain against the offer's posterior total (gamekit.theory.kuhhandel.best_response); once the deck is empty, challenges a holder of as many cards first and sells a single card to a challenger holding more."""

    name = "cowtrader"

    parameter_name = "trade_from"
    default = 3.0
    maximum = 4.0

    def _held(self, view: dict[str, Any], seat: int, animal: str) -> int:
        return view["animals"][seat].get(animal, 0)

    def _turn(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        from ...theory.kuhhandel import mean, money_posterior

        me = view["viewer"]
        trades = [a for a in legal if a.kind == "trade"]
        rich = {p: mean(money_posterior(view, p)) for p in {a.value[0] for a in trades}}
        if AUCTION in legal:
            mine = sum(self._my_money(view))
            trades = [
                a
                for a in trades
                if self._held(view, me, a.value[1]) >= self.value and rich[a.value[0]] < mine
            ]
            if not trades:
                return AUCTION
        if not trades:
            return legal[0]
        if view["deck_size"] == 0:
            trades = settling_trades(view, trades)
        choice = max(
            trades,
            key=lambda a: (
                self._held(view, me, a.value[1]),
                ANIMAL_VALUES[a.value[1]],
                -rich[a.value[0]],
                -a.value[0],
            ),
        )
        return choice

    def _bid(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        auction = view["auction"]
        held = self._held(view, view["viewer"], auction["animal"])
        limit = min(closeness_gain(held, auction["animal"]), sum(self._my_money(view)))
        step = auction["high_bid"] // BID_STEP + 1
        if step * BID_STEP <= min(limit, auction["cap"]):
            return BIDS[step]
        return HOLD

    def _stakes(self, view: dict[str, Any]) -> tuple[float, float]:
        """(what winning the trade's animals adds, what losing its own costs) to the viewer."""
        trade = view["trade"]
        held = self._held(view, view["viewer"], trade["animal"])
        return (
            closeness_gain(held, trade["animal"], trade["stake"]),
            closeness_loss(held, trade["animal"], trade["stake"]),
        )

    def _offer(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        trade = view["trade"]
        hand = self._my_money(view)
        win, lose = self._stakes(view)
        added = trade["building"]
        missing = _missing(cards_for(hand, (win + lose) / 2), added)
        if missing:
            return ADDS[VALUE_INDEX[missing[0]]]
        if hand.count(0) > added.count(0):
            return ADDS[0]
        return OFFER

    def _respond(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        from ...theory.kuhhandel import best_response, offer_posterior

        trade = view["trade"]
        hand = self._my_money(view)
        added = trade["building"]
        # The hand still holds the cards added so far, so the reply is the same at every step.
        if ACCEPT in legal and sells_single(view):
            return ACCEPT
        win, lose = self._stakes(view)
        choice, total, _ = best_response(offer_posterior(view), makeable_totals(hand), win, lose)
        if choice == "accept" and ACCEPT in legal:
            return ACCEPT
        missing = _missing(_exact_cards(hand, total or 0), added)
        return ADDS[VALUE_INDEX[missing[0]]] if missing else COUNTER


def _exact_cards(hand: Sequence[int], total: int) -> tuple[int, ...]:
    """Cards of ``hand`` adding up to exactly ``total`` (which must be makeable), fewest first."""
    if total <= 0:
        return ()
    options = payment_options(tuple(counts_of(hand)), total)
    return options[0]


# Each bot's one-sentence rule (its docstring, which ``bots.describe`` shows), marked for the
# catalogue so that it can be shown in the reader's language; a test keeps the two the same.
BOT_RULES: dict[str, str] = {
    "value": N_(
        "Raises by 10 while the bid stays within `factor` times the animal's worth to its collection (set value times the share of the set it would then hold) and within its money, else holds; always sells as auctioneer and trades like the bluffer with bluff rate 0."
    ),
    "buyin": N_(
        "Buys in as auctioneer when it can pay a high bid of at most `margin` times the animal's worth to its collection, else sells; bids and trades like the value bidder."
    ),
    "bluffer": N_(
        "Offers the stake's worth to its collection in a cow trade, padded with all its 0 cards with probability `bluff_rate`, accepts an offer whose card count times the average unseen card's value reaches that worth and otherwise counters with the worth; bids like the value bidder; once the deck is empty, challenges a holder of as many cards first and sells a single card to a challenger holding more."
    ),
    "cowtrader": N_(
        "Counts the k-th card of an animal as its set value times (2k-1)/3 and bids up to that (within its money), always sells as auctioneer; on its turn, even while the deck lasts, challenges for an animal it holds at least `trade_from` cards of and another player holds too, if that player's expected money (gamekit.theory.kuhhandel.money_posterior) is below its own (after the deck, any animal it shares; its most-held, then most valuable, against the poorest holder), offering half what winning rather than losing the stake is worth to it, padded with its 0 cards; accepts an offer or counters with the total that maximises its expected gain against the offer's posterior total (gamekit.theory.kuhhandel.best_response); once the deck is empty, challenges a holder of as many cards first and sells a single card to a challenger holding more."
    ),
}
