"""Kuhhandel's open auction (KH-A1..A7): one animal from the deck, bid for round the table.

The auctioneer turns up the top animal (a donkey first pays everyone from the bank, KH-A2);
the others, from the auctioneer's left, raise in tens or hold until all but the high bidder
have held since the last raise (KH-A3); a player holding only 0 cards is asked too and may only
hold, since skipping them would show everyone what their hidden cards are worth. No bid: the auctioneer takes the animal free (KH-A4).
A high bidder who bid more than they hold shows their money and the auction is run again
without them (KH-A7), checked at the close, before the auctioneer chooses to sell or to buy
in at that price (KH-A5); then the payer pays in money cards, without change (KH-A6).

``Auction`` holds the running auction; the functions carry out its steps on the game,
through its public state and the methods Kuhhandel keeps for its sub-protocols (``emit``,
``tally``, ``give_animals``, ``bank_pays_everyone``, ``end_turn``), never its private attributes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NoReturn

from ... import auctions
from ...core.actions import Action
from ...core.errors import IllegalAction
from ...core.game import SEAT_NAMES
from . import rules
from .i18n import _
from .parsing import cards_text
from .rules import BID_STEP, VALUE_INDEX

if TYPE_CHECKING:
    from .game import Kuhhandel


@dataclass(slots=True)
class Auction:
    """The running auction of one animal."""

    animal: str
    auctioneer: int
    run: int = 0  # KH-A7: the auction is run again without an over-bidder
    excluded: list[int] = field(default_factory=list)  # over-bidders out of this auction (KH-A7)
    bidders: list[int] = field(default_factory=list)  # this run's bidders in bidding order (KH-A3)
    bidder: int | None = None  # whose turn it is to bid or hold
    high_bid: int = 0
    high_bidder: int | None = None
    holds_since_raise: list[int] = field(default_factory=list)  # the seats that held since (KH-A3)
    payer: int | None = None  # once sold or bought in (KH-A5, KH-A6)
    payee: int | None = None
    taker: int | None = None
    pay_options: list[Action] | None = None  # the payer's legal payments, listed once


def start(game: Kuhhandel, seat: int) -> None:
    """KH-A1: the active player turns up the top animal and auctions it."""
    if not game.deck:
        raise IllegalAction(_("auction: the animal deck is empty, so only cow trades are possible (KH-T1)"))
    animal = game.deck.pop(0)
    game.auction = Auction(animal, seat)
    game.emit("auction", seat, {"animal": animal, "turn": game.turn})
    if animal == rules.DONKEY:
        _donkey_payout(game)
    _open_run(game)


def _donkey_payout(game: Kuhhandel) -> None:
    """KH-A2: each donkey turned up pays every player one card from the bank."""
    game.donkeys_seen += 1
    value = rules.donkey_payout(game.donkeys_seen)
    game.bank_pays_everyone(value)
    game.money_in_play = rules.money_in_play(game.players, game.donkeys_seen)
    game.bid_cap = rules.bid_cap(game.money_in_play)
    game.emit("donkey", None, {"number": game.donkeys_seen, "value": value})


def _open_run(game: Kuhhandel) -> None:
    """Start a run of the auction: round the table from the auctioneer's left (KH-A3, KH-A7)."""
    auction = game.auction
    assert auction is not None
    auction.run += 1
    # KH-A3, KH-C3: who is asked is decided from what everyone sees. A player holding no money
    # cards (a public count of 0) is left out; one whose cards are all 0s is asked like anyone
    # else and may only hold, so the turn order never tells the table what a hand is worth.
    can_bid = list(map(any, game.money))  # any card at all (counts are never negative)
    auction.bidders = auctions.bidding_order(game.players, auction.auctioneer, auction.excluded, can_bid)
    auction.high_bid = 0
    auction.high_bidder = None
    auction.holds_since_raise = []
    if not auction.bidders:
        _close(game)
        return
    auction.bidder = auction.bidders[0]
    game.phase = "bidding"
    game.to_act = (auction.bidder,)  # the plain attribute, as in bid


def bid(game: Kuhhandel, seat: int, amount: int) -> None:
    """KH-A3: a raise in tens above the high bid, up to all the money in play."""
    auction = game.auction
    assert auction is not None
    hand = game.money[seat]
    # A legal raise, the usual case, passes one test; a refused bid is explained by _refuse_bid.
    # sum(hand) == hand[0]: only 0 cards (or none), a hand worth nothing.
    if not (auction.high_bid < amount <= game.bid_cap and not amount % BID_STEP and sum(hand) != hand[0]):
        _refuse_bid(game, auction, seat, amount)
    auction.high_bid = amount
    auction.high_bidder = seat
    auction.holds_since_raise = []  # KH-A3: a raise starts the round of holds afresh
    game.emit("bid", seat, {"amount": amount})
    bidders = auction.bidders
    n = len(bidders)
    if n == 1:
        _close(game)
        return
    # KH-A3: the next bidder round the table. The high bidder, to be skipped, is the seat that
    # has just raised, so it is simply the next in order (``auctions.next_bidder``, without a call).
    i = bidders.index(seat) + 1
    auction.bidder = nxt = bidders[i if i < n else 0]
    # The game runs, so is_over is already False: the plain to_act attribute is assigned, not the
    # core's _to_act property, which would set both at the cost of a call on every bid and hold.
    game.to_act = (nxt,)


def _refuse_bid(game: Kuhhandel, auction: Auction, seat: int, amount: int) -> NoReturn:
    """Why ``bid`` refuses ``amount``, the first broken rule in this order (KH-A3)."""
    hand = game.money[seat]
    if sum(hand) == hand[0]:
        raise IllegalAction(
            _(
                "bid {amount}: {name} holds only 0 cards, which pay nothing, and may only hold (KH-A3)",
                amount=amount,
                name=SEAT_NAMES[seat],
            )
        )
    if amount % BID_STEP or amount <= 0:
        raise IllegalAction(_("bid {amount}: bids are multiples of 10 (KH-A3)", amount=amount))
    if amount <= auction.high_bid:
        raise IllegalAction(
            _(
                "bid {amount} must be above the current bid {high} (KH-A3)",
                amount=amount,
                high=auction.high_bid,
            )
        )
    raise IllegalAction(
        _(
            "bid {amount} is more than all the money in play ({cap}); bids go up to that (KH-A3)",
            amount=amount,
            cap=game.bid_cap,
        )
    )


def hold(game: Kuhhandel, seat: int) -> None:
    """KH-A3: a bidder holds; when all but the high bidder have held, the bidding closes."""
    auction = game.auction
    assert auction is not None
    held = auction.holds_since_raise
    held.append(seat)
    game.emit("hold", seat, {})
    if auctions.bidding_closed(auction.bidders, auction.high_bidder, held):
        _close(game)
        return
    auction.bidder = nxt = auctions.next_bidder(auction.bidders, seat, auction.high_bidder)
    game.to_act = (nxt,)  # the plain attribute, as in bid


def _close(game: Kuhhandel) -> None:
    """The bidding closes: no bid (KH-A4), an over-bid (KH-A7) or the auctioneer's choice (KH-A5)."""
    auction = game.auction
    assert auction is not None
    auction.bidder = None
    auctioneer, animal = auction.auctioneer, auction.animal
    if auction.high_bidder is None:  # KH-A4: no bid, the auctioneer takes the animal free
        game.emit("no_bid", auctioneer, {"animal": animal})
        game.tally(auctioneer, "free_animals")
        game.give_animals(auctioneer, None, animal, 1, "KH-A4")
        game.end_turn()
        return
    winner, price = auction.high_bidder, auction.high_bid
    game.emit("close", winner, {"animal": animal, "amount": price})
    if rules.over_bid(game.money[winner], price):
        # KH-A7, checked at the close, before the auctioneer chooses: the winner shows all their
        # money to everyone (a public event) and the auction is run again without them, so an
        # over-bid is never paid out by a buy-in.
        game.emit("cannot_pay", winner, {"amount": price, "money": rules.cards_of(game.money[winner])})
        auction.excluded.append(winner)
        _open_run(game)
        return
    game.phase = "decide"  # KH-A5
    game.to_act = (auctioneer,)  # the plain attribute, as in bid


def sell(game: Kuhhandel, seat: int) -> None:
    """KH-A5: the auctioneer sells to the high bidder, who pays."""
    auction = game.auction
    assert auction is not None
    winner, price = auction.high_bidder, auction.high_bid
    assert winner is not None and not rules.over_bid(game.money[winner], price)  # KH-A7 at the close
    game.emit("sell", seat, {"to": winner, "amount": price})
    auction.payer, auction.payee, auction.taker = winner, seat, winner
    _start_payment(game)


def buy(game: Kuhhandel, seat: int) -> None:
    """KH-A5: the auctioneer buys in, paying the high bidder the high bid (only if they can, KH-A7)."""
    auction = game.auction
    assert auction is not None
    price = auction.high_bid
    if rules.money_total(game.money[seat]) < price:
        raise IllegalAction(
            _(
                "buy: {name} cannot pay {price}, and the auctioneer may buy in only if they can pay (KH-A7)",
                name=SEAT_NAMES[seat],
                price=price,
            )
        )
    game.emit("buy", seat, {"from": auction.high_bidder, "amount": price})
    auction.payer, auction.payee, auction.taker = seat, auction.high_bidder, seat
    _start_payment(game)


def _start_payment(game: Kuhhandel) -> None:
    auction = game.auction
    assert auction is not None and auction.payer is not None
    game.phase = "pay"
    auction.pay_options = None
    game.to_act = (auction.payer,)  # the plain attribute, as in bid


def pay(game: Kuhhandel, seat: int, cards: tuple[int, ...], checked: bool = False) -> None:
    """KH-A6: the payer hands over money cards worth at least the price; there is no change.
    ``checked``: the cards are one of the payments listed for this hand and price."""
    auction = game.auction
    assert auction is not None
    price = auction.high_bid
    problem = None if checked else rules.payment_problem(game.money[seat], cards, price)
    if problem is not None:
        raise IllegalAction(
            _("pay {cards}: {problem} (KH-A6)", cards=cards_text(cards) or _("nothing"), problem=problem)
        )
    payee, taker, animal = auction.payee, auction.taker, auction.animal
    assert payee is not None and taker is not None
    _move_money(game.money[seat], game.money[payee], cards)
    paid = sum(cards)
    game.tally(seat, "paid", paid)
    game.tally(payee, "received", paid)
    game.tally(taker, "buy_ins" if taker == auction.auctioneer else "auctions_won")
    # What was handed over is known to the two of them only; the price and count are public.
    game.emit(
        "pay", seat, {"to": payee, "price": price, "cards": len(cards), "private": {"money": list(cards)}}
    )
    game.emit("receive", payee, {"from": seat, "cards": len(cards), "private": {"money": list(cards)}})
    game.give_animals(taker, None, animal, 1, "KH-A5")
    game.end_turn()


def _move_money(give: list[int], take: list[int], cards: tuple[int, ...]) -> None:
    """Hand money cards from one hand (counts per denomination) to another."""
    for card in cards:
        i = VALUE_INDEX[card]
        give[i] -= 1
        take[i] += 1


def not_to_bid(auction: Auction, seat: int, now: str) -> str:
    """Why ``seat`` may not bid or hold now; ``now`` names the seat to bid."""
    name = SEAT_NAMES[seat]
    if seat == auction.auctioneer:
        return _("{name} is the auctioneer and does not bid (KH-A1)", name=name)
    if seat in auction.excluded:
        return _("{name} bid more than they hold and is out of this auction (KH-A7)", name=name)
    if seat == auction.high_bidder:
        return _("{name} holds the high bid; the others bid or hold (KH-A3)", name=name)
    if seat not in auction.bidders:
        return _("{name} holds no money cards and cannot bid (KH-A3)", name=name)
    return _("it is {now}'s turn to bid or hold, not {name}'s (KH-A3)", now=now, name=name)
