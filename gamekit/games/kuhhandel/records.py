"""Kuhhandel's tables of what happened, read back from the event log alone.

``records(events)`` tabulates any log, a live game's or a saved one's replayed: it reads the
events, never the engine's state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.game import Event
from . import rules
from .rules import ANIMAL_INDEX, ANIMALS

Row = dict[str, Any]


def records(events: Sequence[Event]) -> dict[str, list[Row]]:
    """What happened, for the lesson's experiments.

    ``auctions``: one row per animal auctioned (``seat`` is the auctioneer), with its
    ``set_value``, the donkeys turned up so far (this one included), how many the taker
    already held (``taker_had``), the closing high bid, how it ended
    (``no_bid``, ``sold`` or ``bought_in``, KH-A4/A5), who took the animal, the price,
    what the payer's cards came to (KH-A6: no change) and how many runs it took (KH-A7).
    ``trades``: one row per cow trade (``seat`` is the active player), with the card
    counts, totals and 0 cards of the last round's offer and counter, the number of
    rounds (KH-K5) and the outcome: ``accepted``, ``active``/``partner`` (who won the
    swap, KH-K4) or ``second_tie``. ``sets``: one row per completed set (KH-E1).
    """
    auctions: list[Row] = []
    trades: list[Row] = []
    donkeys = 0
    auction: Row | None = None
    trade: Row | None = None
    for e in events:
        kind = e["type"]
        if kind == "auction":
            auction = _auction_row(e, donkeys)
        elif kind == "donkey":
            donkeys = e["number"]
        elif auction is not None and kind in _AUCTION_STEPS:
            _AUCTION_STEPS[kind](auction, e)
        elif kind == "trade":
            trade = _trade_row(e)
        elif trade is not None and kind in _TRADE_STEPS:
            _TRADE_STEPS[kind](trade, e)
        elif kind == "takes":
            if auction is not None:
                auction["taker_had"] = _held_before(e["seat"], e["animal"], auctions, trades)
                auctions.append(auction)
                auction = None
            elif trade is not None:
                trades.append(trade)
                trade = None
    return {"auctions": auctions, "trades": trades, "sets": _set_rows(events)}


# ------------------------------------------------------------------ auctions
def _auction_row(e: Event, donkeys: int) -> Row:
    return {
        "turn": e["turn"],
        "seat": e["seat"],
        "animal": e["animal"],
        "set_value": rules.ANIMAL_VALUES[e["animal"]],
        "donkeys_seen": donkeys + (e["animal"] == rules.DONKEY),
        "taker_had": 0,
        "high_bid": 0,
        "high_bidder": None,
        "bids": 0,
        "runs": 1,
        "outcome": "no_bid",
        "taker": e["seat"],
        "price": 0,
        "paid": 0,
    }


def _count_bid(row: Row, e: Event) -> None:
    row["bids"] += 1


def _close(row: Row, e: Event) -> None:
    row["high_bid"], row["high_bidder"] = e["amount"], e["seat"]


def _rerun(row: Row, e: Event) -> None:  # KH-A7
    row["runs"] += 1
    row["high_bid"], row["high_bidder"] = 0, None


def _sell_or_buy(row: Row, e: Event) -> None:
    sold = e["type"] == "sell"
    row["outcome"] = "sold" if sold else "bought_in"
    row["taker"] = e["to"] if sold else e["seat"]
    row["price"] = e["amount"]


def _paid(row: Row, e: Event) -> None:
    row["paid"] = sum(e["private"]["money"])


_AUCTION_STEPS = {
    "bid": _count_bid,
    "close": _close,
    "cannot_pay": _rerun,
    "sell": _sell_or_buy,
    "buy": _sell_or_buy,
    "pay": _paid,
}


def _held_before(seat: int, animal: str, auctions: list[Row], trades: list[Row]) -> int:
    """How many ``animal`` cards ``seat`` held before the auction being recorded."""
    held = sum(1 for a in auctions if a["taker"] == seat and a["animal"] == animal)
    for t in trades:
        if t["animal"] == animal and seat in (t["seat"], t["partner"]):
            held += t["stake"] if t["winner"] == seat else -t["stake"]
    return held


# ---------------------------------------------------------------- cow trades
def _trade_row(e: Event) -> Row:
    return {
        "turn": e["turn"],
        "seat": e["seat"],
        "partner": e["partner"],
        "animal": e["animal"],
        "stake": e["stake"],
        "rounds": 1,
        "offer_cards": 0,
        "offer_total": 0,
        "offer_zeros": 0,
        "response": None,
        "counter_cards": None,
        "counter_total": None,
        "counter_zeros": None,
        "outcome": None,
        "winner": None,
    }


def _offer(row: Row, e: Event) -> None:
    cards = e["private"]["money"]
    row.update(offer_cards=len(cards), offer_total=sum(cards), offer_zeros=cards.count(0))


def _counter(row: Row, e: Event) -> None:
    cards = e["private"]["money"]
    row.update(
        response="counter", counter_cards=len(cards), counter_total=sum(cards), counter_zeros=cards.count(0)
    )


def _accept(row: Row, e: Event) -> None:
    row.update(response="accept", outcome="accepted", winner=row["seat"])


def _tie(row: Row, e: Event) -> None:  # KH-K5
    if e["round"] == 1:
        row["rounds"] = 2
    else:
        row.update(outcome="second_tie", winner=row["seat"])


def _won(row: Row, e: Event) -> None:  # KH-K4
    row.update(outcome="active" if e["seat"] == row["seat"] else "partner", winner=e["seat"])


_TRADE_STEPS = {"offer": _offer, "counter": _counter, "accept": _accept, "tie": _tie, "trade_won": _won}


# ---------------------------------------------------------------------- sets
def _set_rows(events: Sequence[Event]) -> list[Row]:
    """The completed sets (KH-E1), from where every animal card went ("takes" events)."""
    players = events[0]["players"]
    counts = [[0] * len(ANIMALS) for _ in range(players)]
    for e in events:
        if e["type"] == "takes":
            i = ANIMAL_INDEX[e["animal"]]
            if e["from"] is not None:
                counts[e["from"]][i] -= e["count"]
            counts[e["seat"]][i] += e["count"]
    return [
        {"seat": seat, "animal": animal, "set_value": rules.ANIMAL_VALUES[animal]}
        for seat, held in enumerate(counts)
        for animal in rules.completed_sets({a: c for a, c in zip(ANIMALS, held, strict=True) if c})
    ]
