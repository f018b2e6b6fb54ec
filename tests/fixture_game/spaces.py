"""The fixture game's action numbering and observation encoder, for the RL adapters (``gamekit.rl``).

Actions: index N is ``bid N`` (0 to the 10 starting coins, SA-B1). The observation of a seat's
view, seats relative to the viewer (the viewer first): its own card's value (of 12), each seat's
coins (of 10), whether each seat has bid, each bid shown (of 10; 0 while sealed), the winner
(one-hot, seats relative), the price paid (of 10) and the price rule (second price: 1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .game import COINS, VALUES


def action_size(players: int, options: Mapping[str, Any]) -> int:
    """How many action indices there are: one per bid from 0 to the starting coins."""
    return COINS + 1


def action_index(view: Mapping[str, Any], text: str) -> int:
    """The index of an action text the engine lists (``bid N`` → N)."""
    kind, _, amount = text.partition(" ")
    if kind != "bid" or not amount.isdigit() or int(amount) > COINS:
        raise ValueError(f"{text!r} is not an action of Sealed Auction's numbering")
    return int(amount)


def action_text(view: Mapping[str, Any], index: int) -> str:
    """The action text of an index (N → ``bid N``)."""
    if not 0 <= index <= COINS:
        raise ValueError(f"no action {index} in Sealed Auction's numbering (0 to {COINS})")
    return f"bid {index}"


def layout(players: int) -> list[tuple[str, int]]:
    """The observation's parts in order, with their lengths."""
    return [
        ("own value", 1),
        ("coins by seat", players),
        ("bid made by seat", players),
        ("bid by seat", players),
        ("winner", players),
        ("paid", 1),
        ("second price", 1),
    ]


def observe(view: Mapping[str, Any]) -> list[float]:
    """A seat's view as a flat list of floats (``layout``); never the game itself."""
    seat, n = view["viewer"], view["players"]
    order = [(seat + k) % n for k in range(n)]
    winner = [0.0] * n
    if view["winner"] is not None:
        winner[(view["winner"] - seat) % n] = 1.0
    return [
        view["values"][seat] / max(VALUES),
        *(view["coins"][s] / COINS for s in order),
        *(float(view["bid_made"][s]) for s in order),
        *((view["bids"][s] or 0) / COINS for s in order),
        *winner,
        view["paid"] / COINS,
        float(view["price"] == "second"),
    ]
