"""Kuhhandel: a full state consistent with one seat's view, for search (MCTS's determinization).

``determinize(view, rng)`` deals what the view hides at random (``rng``) from what it leaves
unaccounted for. The money cards not in the viewer's hand, the bank or an offer the viewer sees
are dealt to the others by their public counts (KH-C3), and to a face-down offer by its count
(KH-K2); a card being added by someone else is drawn from that seat's sampled hand. A payer
(KH-A6) or a high bidder the auctioneer decides on (KH-A5, KH-A7) is dealt a hand worth at
least the price, as the rules make it. The deck is the animals neither held nor on auction,
shuffled. A past trade's cards that the viewer did not see (KH-K4) are drawn from the
unaccounted money. The sample is consistent with the view alone, not with the whole public log
(a rival's payments, an over-bidder's shown money are not used; ``gamekit.theory.kuhhandel
.log_posterior`` reads the log). The stats tallies (not in the view) start at 0.

Every option is carried from the view. ``_restore`` is the one place a sample writes the
engine's state: public state on a fresh game, an auction under way as an ``Auction``, a cow
trade under way replayed through ``act`` (its start, the offer, the cards added).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...core.chance import draw_from
from ...core.game import SEAT_NAMES
from . import rules as kh
from .auction import Auction
from .game import Kuhhandel
from .i18n import _


def options(view: Mapping[str, Any]) -> dict[str, Any]:
    """Every option of the game, as the view shows it."""
    return {o.name: view[o.name] for o in Kuhhandel.options_declared}


def determinize(view: Mapping[str, Any], rng: random.Random) -> Kuhhandel:
    """A Kuhhandel game whose ``view(seat)`` is ``view`` (a seat's view), what the view hides
    dealt at random (``rng``)."""
    if view["viewer"] is None:
        raise ValueError(_("determinize needs a seat's view, not the teacher's (viewer None)"))
    if view["phase"] == "over":
        raise ValueError(_("determinize: the game is over, there is no state to search from"))
    game = Kuhhandel(view["players"], seed=rng.getrandbits(32), options=options(view))
    dealt: dict[str, Any] = {"deck": _deck(view, rng)}
    dealt["hands"], dealt["offer"], unaccounted = _money(view, rng)
    dealt["building"] = _building(view, rng, dealt["hands"])
    dealt["last_trade"] = _last_trade(view, rng, unaccounted)
    _restore(game, view, dealt)
    return game


def _deck(view: Mapping[str, Any], rng: random.Random) -> list[str]:
    """Every animal neither held nor on auction, in random order."""
    unseen = Counter({a: kh.CARDS_PER_ANIMAL for a in kh.ANIMALS})
    for herd in view["animals"]:
        unseen.subtract(herd)
    if view["auction"] is not None:
        unseen[view["auction"]["animal"]] -= 1
    deck = list(unseen.elements())
    rng.shuffle(deck)
    if len(deck) != view["deck_size"]:
        raise RuntimeError(
            _(
                "determinize: {count_deck} animals are unseen but the deck holds {deck_size}",
                count_deck=len(deck),
                deck_size=view["deck_size"],
            )
        )
    return deck


def _money(view: Mapping[str, Any], rng: random.Random) -> tuple[list[list[int]], Any, list[int]]:
    """(every hand, the offer on the table or None, the cards the viewer cannot place): the
    supply less what the viewer sees, dealt by the public counts (KH-C3, KH-K2)."""
    seat, n, trade = view["viewer"], view["players"], view["trade"]
    pool = Counter(dict(zip(kh.MONEY_VALUES, kh.MONEY_SUPPLY, strict=True)))
    pool.subtract(view["money"][seat])
    pool.subtract(view["bank"])
    offer = trade["offer"] if trade is not None else None
    hidden_offer = trade is not None and trade["offer_count"] is not None and offer is None
    if offer is not None:
        pool.subtract(offer)
    unaccounted = list(pool.elements())
    cards = list(unaccounted)
    counts = view["money_counts"]
    wanted = sum(counts[s] for s in range(n) if s != seat) + (trade["offer_count"] if hidden_offer else 0)
    if min(pool.values()) < 0 or len(cards) != wanted:
        raise RuntimeError(
            _(
                "determinize: {count_cards} money cards are unaccounted for but {wanted} are hidden",
                count_cards=len(cards),
                wanted=wanted,
            )
        )
    hands: list[list[int] | None] = [None] * n
    hands[seat] = list(view["money"][seat])
    _deal_the_price(view, rng, cards, hands)
    rng.shuffle(cards)
    dealt = [hand if hand is not None else draw_from(rng, cards, counts[s]) for s, hand in enumerate(hands)]
    return dealt, list(cards) if hidden_offer else offer, unaccounted


def _deal_the_price(
    view: Mapping[str, Any], rng: random.Random, cards: list[int], hands: list[list[int] | None]
) -> None:
    """A payer, or a high bidder the auctioneer decides on, holds at least the price
    (KH-A5..A7): its hand is drawn from ``cards`` until it is worth that much."""
    if view["phase"] == "pay":
        who, price = view["payment"]["payer"], view["payment"]["price"]
    elif view["phase"] == "decide":
        who, price = view["auction"]["high_bidder"], view["auction"]["high_bid"]
    else:
        return
    if who == view["viewer"]:
        return
    count = view["money_counts"][who]
    for _attempt in range(10_000):
        picked = rng.sample(range(len(cards)), count)
        if sum(cards[i] for i in picked) >= price:
            break
    else:
        raise RuntimeError(
            _("determinize: no hand of {count} cards found worth {price} (KH-A6)", count=count, price=price)
        )
    hands[who] = [cards[i] for i in picked]
    for i in sorted(picked, reverse=True):
        cards.pop(i)


def _building(view: Mapping[str, Any], rng: random.Random, hands: list[list[int]]) -> list[int] | None:
    """The cards being added to a cow-trade offer (KH-K2): as the view shows them, or, when
    someone else is adding them, drawn from that seat's sampled hand; None without a trade."""
    trade = view["trade"]
    if trade is None:
        return None
    if trade["building"] is not None:
        return list(trade["building"])
    return rng.sample(hands[view["to_act"][0]], trade["building_count"])


def _last_trade(view: Mapping[str, Any], rng: random.Random, unaccounted: list[int]) -> dict[str, Any] | None:
    """The last cow trade as the view shows it; a third party's view (KH-K4) gets the cards it
    did not see drawn at random from the unaccounted money."""
    last = view["last_trade"]
    if last is None:
        return None
    last = dict(last)
    if last["offer"] is not None:
        last["offer"] = list(last["offer"])
        last["counter"] = None if last["counter"] is None else list(last["counter"])
        return last
    source = list(unaccounted)
    need = last["offer_count"] + (last["counter_count"] or 0)
    if len(source) < need:
        source = [v for v, k in zip(kh.MONEY_VALUES, kh.MONEY_SUPPLY, strict=True) for _ in range(k)]
    rng.shuffle(source)
    last["offer"] = sorted(draw_from(rng, source, last["offer_count"]))
    if last["counter_count"] is not None:
        last["counter"] = sorted(draw_from(rng, source, last["counter_count"]))
    return last


def _restore(game: Kuhhandel, view: Mapping[str, Any], dealt: dict[str, Any]) -> None:
    """Write the sampled state into a fresh game: public state as the view shows it, the money
    as dealt, the herds and the bank's cards the views show rebuilt from them, then an auction
    under way set as an ``Auction`` and a cow trade under way replayed through ``act``."""
    game.deck = dealt["deck"]
    game.start_player = game.first_player = view["start_player"]
    game.turn, game.active, game.donkeys_seen = view["turn"], view["active"], view["donkeys_seen"]
    game.money_in_play = view["money_in_play"]
    game.bid_cap = kh.bid_cap(game.money_in_play)
    game.money = [kh.counts_of(hand) for hand in dealt["hands"]]
    game.bank = kh.counts_of(view["bank"])
    game.animals = [[herd.get(a, 0) for a in kh.ANIMALS] for herd in view["animals"]]
    game._herds = [{kh.ANIMALS[i]: c for i, c in enumerate(counts) if c} for counts in game.animals]
    game._bank_cards = kh.cards_of(game.bank)
    game.auction = game.trade = None
    if view["auction"] is not None:
        game.auction = _auction(view)
    trade = view["trade"]
    if trade is None:
        game.phase, game._to_act = view["phase"], tuple(view["to_act"])
    else:  # replayed: the challenge (KH-K1), the offer (KH-K2), the cards being added
        active = trade["active"]
        game.phase, game._to_act = "turn", (active,)
        game.act(active, f"trade {SEAT_NAMES[trade['partner']]} {trade['animal']}")
        game.trade.round = trade["round"]
        offer = dealt["offer"]
        if view["phase"] == "respond":
            for card in offer:  # the offer's cards go down from the active player's hand
                game.money[active][kh.VALUE_INDEX[card]] += 1
            game.act(active, "offer " + ",".join(str(c) for c in sorted(offer)) if offer else "offer")
        for card in dealt["building"]:
            game.act(view["to_act"][0], f"add {card}")
    game.last_trade = dealt["last_trade"]


def _auction(view: Mapping[str, Any]) -> Auction:
    """The auction under way (KH-A1..A7) as the view shows it."""
    auction, payment = view["auction"], view["payment"] or {}
    return Auction(
        auction["animal"],
        auction["auctioneer"],
        run=auction["run"],
        excluded=list(auction["excluded"]),
        bidders=list(auction["bidders"]),
        bidder=auction["bidder"],
        high_bid=auction["high_bid"],
        high_bidder=auction["high_bidder"],
        holds_since_raise=list(auction["held"]),
        payer=payment.get("payer"),
        payee=payment.get("payee"),
        taker=payment.get("taker"),
    )
