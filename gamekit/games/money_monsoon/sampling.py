"""Money Monsoon: a full state consistent with one seat's view, for search (MCTS's determinization).

``determinize(view, rng)``: all is public but the sealed bids (MM-A2). A rival who has bid this
round gets a bid drawn uniformly from 0 to its points, written with the range steps a large bid
takes; a rival still to bid has chosen no range yet (whether it has is hidden, and none is a
state the view allows). Future rolls come from the sample's own generator (MM-A1). Every
option is carried from the view. ``_restore`` is the one place a sample writes the engine's
state; the bids are then replayed through ``act``.

The seat's log fixes nothing more (``USES_LOG`` is False): every past bid is revealed (MM-A3)
and all it moved is public in the view, and a large bid's range steps (MM-A2) are logged without
their ranges and are as many for every bid, so that nobody can tell one bid from another by them.

Two counts the view does not show start again at 0: the stats tallies (fees, prices, rolls
won), which play never reads, and the rolls lapsed in a row, which only MM-E6's safety stop
after 100 reads.
"""

from __future__ import annotations

import random
from typing import Any

from ...core.sealed import SealedChoices
from .game import MoneyMonsoon

USES_LOG = False  # the log fixes nothing the view leaves open (see above)
SHOWN_AS = {"auctioneer": "auctioneer_rule"}  # an option the view shows under another name


def options(view: dict[str, Any]) -> dict[str, Any]:
    """Every option of the game, as the view shows it."""
    return {o.name: view[SHOWN_AS.get(o.name, o.name)] for o in MoneyMonsoon.options_declared}


def determinize(view: dict[str, Any], rng: random.Random) -> MoneyMonsoon:
    """A Money Monsoon game whose ``view(seat)`` is ``view`` (a seat's view), the rivals' sealed
    bids drawn at random (``rng``)."""
    seat = view["viewer"]
    game = MoneyMonsoon(view["players"], seed=rng.getrandbits(32), options=options(view))
    _restore(game, view)
    if view["phase"] == "bid":
        for s in range(view["players"]):
            if s not in view["to_act"]:  # sealed already: 'bid N' takes a large bid's range steps too
                game.act(s, f"bid {view['bids'][s] if s == seat else rng.randint(0, game.points[s])}")
        own = view["bid_range"][seat]
        if seat in view["to_act"] and own is not None:  # a large bid under way (MM-A2)
            _narrow_bid(game, seat, own)
    return game


def _restore(game: MoneyMonsoon, view: dict[str, Any]) -> None:
    """Write the view's public state into a fresh game: no stacked rolls (the die from here on,
    MM-A1), the tallies and lapses at 0; while bidding, nobody has bid yet; while moving, the
    engine hands out the move itself (its legal moves, to_act)."""
    n = view["players"]
    game._dice, game._dice_used = [], 0
    for key in ("start_player", "turn", "active", "roll", "rebids", "bank", "finished", "phase"):
        setattr(game, key, view[key])
    for key in ("winner", "price", "payee", "free_mover", "mover", "steps"):
        setattr(game, key, view[key])
    game.first_player = view["start_player"]
    for key in ("points", "debt", "borrowed", "repaid"):
        setattr(game, key, list(view[key]))
    game.pawns = [list(pair) for pair in view["pawns"]]
    game.moving_free, game.bonuses = view["free_move"], None
    game._reset_tallies()
    game.lapses = 0
    game.ranges = [None] * n
    game._arrivals, game._pending = [], []
    game._move_actions, game._move_set = [], frozenset()
    if view["phase"] == "bid":
        game.bids = None  # the last revealed bids: not shown while bids are written
        game.sealed = SealedChoices(range(n))
        game._to_act = game.sealed.waiting
        return
    winner, free = view["winner"], view["free_mover"]
    game.bids, game.sealed = list(view["bids"]), None
    if game.track_length in game.pawns[winner]:  # reached the goal with the first 4 of an 8 (MM-E3)
        game._arrivals = [winner]
    # On an 8 the lowest bidder's free 4 follows the high bidder's (MM-M5), both of half the roll.
    game._pending = [(view["mover"], view["steps"], view["free_move"])]
    if free is not None and not view["free_move"]:
        game._pending.append((free, view["steps"], True))
    game._next_move()


def _narrow_bid(game: MoneyMonsoon, seat: int, chosen: list[int]) -> None:
    """Take the range steps (MM-A2) that narrow ``seat``'s bid to ``chosen`` (low, high)."""
    low, high = chosen
    for _ in range(10):  # each step narrows ten times; a bid takes at most a few
        now = game.ranges[seat]
        if now is not None and (now[0], now[1]) == (low, high):
            return
        steps = [a for a in game.legal_actions(seat) if a.kind == "bid-range"]
        step = next((a for a in steps if a.value[0] <= low and high <= a.value[1]), None)
        if step is None:
            break
        game.act(seat, step)
    raise RuntimeError(f"determinize: no range steps lead to the bid range {low}-{high} (MM-A2)")
