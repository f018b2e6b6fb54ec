"""For Sale's tables of what happened, built from the event log alone.

Only the public events are read (the bids, the passes, the wins and the reveals),
so a saved log, or any seat's ``log_for``, tabulates the same as the live game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...core.game import Event

Row = dict[str, Any]


def purchases(events: Iterable[Event]) -> list[Row]:
    """One row per house taken in phase 1: its round, seat and house, the seat's last bid and the
    coins it paid (FS-B5: a passing player loses what the refund does not give back; FS-B8)."""
    rows = []
    round_ = 0
    for event in events:
        kind = event["type"]
        if kind == "round":
            round_ = event["round"]
        elif kind == "pass":
            bid, paid = event["bid"], event["lost"]
            rows.append(
                {"round": round_, "seat": event["seat"], "house": event["house"], "bid": bid, "paid": paid}
            )
        elif kind == "win":
            paid = event["paid"]
            rows.append(
                {"round": round_, "seat": event["seat"], "house": event["house"], "bid": paid, "paid": paid}
            )
    return rows


def sales(events: Iterable[Event]) -> list[Row]:
    """One row per house sold in phase 2, highest house first in each round: the cheque it took
    (FS-S3) and its rank in the seller's hand at the time (``hand_rank``, 1 = the best house held)."""
    rows = []
    hands: list[list[int]] = []
    round_ = 0
    for event in events:
        kind = event["type"]
        if kind == "setup":
            hands = [[] for _ in range(event["players"])]
        elif kind == "round":
            round_ = event["round"]
        elif kind in ("pass", "win"):
            hands[event["seat"]].append(event["house"])
        elif kind == "reveal":
            played, won = event["played"], event["won"]
            for seat in sorted(range(len(played)), key=played.__getitem__, reverse=True):
                house, hand = played[seat], hands[seat]
                rank = sum(1 for h in hand if h > house) + 1
                rows.append(
                    {
                        "round": round_,
                        "seat": seat,
                        "house": house,
                        "hand_rank": rank,
                        "hand_size": len(hand),
                        "cheque": won[seat],
                    }
                )
                hand.remove(house)
    return rows


def tables(events: Iterable[Event]) -> dict[str, list[Row]]:
    """``purchases`` and ``sales`` of one game's log."""
    events = list(events)
    return {"purchases": purchases(events), "sales": sales(events)}
