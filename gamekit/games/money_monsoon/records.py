"""Money Monsoon's tables of what happened, read from the event log alone (the teacher's record).

Any saved log can be tabulated: nothing here reads the live engine.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...core.game import Event

Row = dict[str, Any]


def auction_row(event: Event, turn: int, auctioneer: int, roll: int, rebid: int) -> Row:
    """One bidding's row, from its ``reveal`` or ``void`` event (MM-A3 to MM-A6, MM-M5)."""
    bids = event["bids"]
    winner = event.get("winner")
    free = event.get("free")
    made = [b for b in bids if b is not None]  # None: the auctioneer sat out (MM-A2)
    top = max(made)
    return {
        "turn": turn,
        "seat": auctioneer,
        "rebid": rebid,
        "roll": roll,
        "players": len(made),
        "auctioneer_sat_out": bids[auctioneer] is None,
        "high_bid": top,
        "top_tied": made.count(top) > 1,
        "winner": winner,
        "winning_bid": bids[winner] if winner is not None else None,
        "price": event.get("price", 0),
        "to_bank": winner is not None and event["payee"] is None,
        "free_mover": free,
        "free_to_zero": free is not None and free != winner and bids[free] == 0,
        "zero_bids": made.count(0),
    }


def bid_rows(event: Event, turn: int, auctioneer: int, roll: int, rebid: int) -> list[Row]:
    """One row per bid of a bidding, from its ``reveal`` or ``void`` event (an auctioneer that sat out has none)."""
    winner = event.get("winner")
    free = event.get("free")
    price = event.get("price", 0)
    return [
        {
            "turn": turn,
            "seat": seat,
            "rebid": rebid,
            "roll": roll,
            "bid": bid,
            "auctioneer": seat == auctioneer,
            "won": seat == winner,
            "free": free is not None and seat == free and seat != winner,
            "price_paid": price if seat == winner else 0,
            "price_received": price if winner is not None and event["payee"] == seat else 0,
        }
        for seat, bid in enumerate(event["bids"])
        if bid is not None
    ]


def move_row(event: Event, turn: int) -> Row:
    """One pawn's move, from its ``move`` event, with the landing fees collected (MM-M3)."""
    return {
        "turn": turn,
        "seat": event["seat"],
        "roll": event["roll"],
        "pawn": event["pawn"],
        "from": event["from"],
        "to": event["to"],
        "steps": event["steps"],
        "free": event["free"],
        "split": event["split"],
        "fees": event["collected"],
        "goal": event["goal"],
    }


def tables(events: Iterable[Event]) -> dict[str, list[Row]]:
    """Per-event tables of a game's log.

    - ``auctions``: one row per bidding (a rebid is a new row); ``seat`` is the
      auctioneer, ``players`` the bids made and ``auctioneer_sat_out`` whether it
      made none (MM-A2). ``winner`` is None when every bid was void (MM-A6);
      ``top_tied`` says the highest bid was tied (MM-A5); ``free_to_zero`` that
      a roll of 8 gave its free 4 to a bid of 0 (MM-M5).
    - ``bids``: one row per bid made per bidding: the bid, and whether it won the
      roll, got the free 4 of an 8, or was paid as the auctioneer.
    - ``moves``: one row per pawn moved (a split 7 is two rows), with the landing
      fees collected (MM-M3).
    """
    auctions: list[Row] = []
    bids: list[Row] = []
    moves: list[Row] = []
    turn, auctioneer, roll, rebid = 0, 0, 0, 0
    for event in events:
        kind = event["type"]
        if kind == "roll":
            turn, auctioneer, roll, rebid = event["turn"], event["seat"], event["roll"], 0
        elif kind in ("reveal", "void"):
            auctions.append(auction_row(event, turn, auctioneer, roll, rebid))
            bids += bid_rows(event, turn, auctioneer, roll, rebid)
            rebid += kind == "void"
        elif kind == "move":
            moves.append(move_row(event, turn))
    return {"auctions": auctions, "bids": bids, "moves": moves}
