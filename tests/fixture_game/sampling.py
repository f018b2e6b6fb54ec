"""States consistent with a seat's view, for search (``determinize``, which ``gamekit.rl.mcts`` calls).

What a seat's view hides is the others' value cards and the sealed bids of those who have bid.
A sample deals the others' cards at random from the cards the viewer does not hold and gives
each seat that has bid a bid drawn uniformly from 0 to its coins. The sample is built through
the public contract only (a stacked deal, then the bids acted), with every option of the view.
"""

from __future__ import annotations

import random
from typing import Any

from .game import VALUES, SealedAuction


def determinize(view: dict[str, Any], rng: random.Random) -> SealedAuction:
    """A game whose ``view(view["viewer"])`` is ``view``, the hidden cards and bids drawn by ``rng``."""
    seat, n = view["viewer"], view["players"]
    if seat is None:
        raise ValueError("determinize needs a seat's view, not the teacher's (viewer None)")
    unseen = [v for v in VALUES if v != view["values"][seat]]
    rng.shuffle(unseen)
    values = [view["values"][s] if s == seat else unseen.pop() for s in range(n)]
    options = {option.name: view[option.name] for option in SealedAuction.options_declared}
    stack = {"values": values, "first_player": view["first_player"]}
    game = SealedAuction(n, seed=rng.getrandbits(32), options=options, stack=stack)
    for other in range(n):
        if view["bid_made"][other]:
            bid = view["bids"][other] if other == seat else rng.randint(0, view["coins"][other])
            game.act(other, f"bid {bid}")
    return game
