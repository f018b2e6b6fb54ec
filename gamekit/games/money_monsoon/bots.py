"""Money Monsoon strategies: three on one valuation of a roll a student can check by hand, two on rollouts.

``rollout`` and ``reserve`` value a roll instead by random races played out from the table
(``rollouts.roll_gain``: the expected gain in final points from winning the roll rather than
losing it), and ``reserve`` as auctioneer bids the theory's best auctioneer bid
(``reserve_bid``); both move like the others, by ``move_value``.

``move_value`` prices one move for the player making it: the landing fees it
collects, plus progress of the player's best pawn toward the bonuses (500 for
reaching the goal, otherwise 500 / track length per space gained), minus the
change in the fees its pawns risk (50 / 8 for every rival pawn 1 to 8 spaces
away from one of its pawns off the start: one face in eight of a die brings that
pawn onto it). ``roll_value`` is the best move's value for the roll on the
table (4 steps for an 8), never below 0. A bot holding no points that may bid on credit
(MM-E4, ``broke_bids="borrow"``) divides the value by 1.1, the cost of a borrowed point. Each bot takes a value above 0 give or
take one point (-1, 0 or +1 with equal chance, from its own generator), then rounds a
bid between two whole numbers up with the chance of its fraction (a bid of 12.25
is 13 one time in four, else 12), so it bids its value on average, and players
who value a roll alike do not tie every time, not even on a whole value (tied top
bids are void, MM-A5, and a roll whose bids all tie lapses, MM-A6); a roll worth
nothing is bid 0. An auctioneer that may sit out (MM-A2, ``auctioneer="may"``) does so
whenever its bid would be 0 on a roll other than 8 (a 0 there can win it nothing worth having;
on an 8 a 0 competes for the free 4). In a one-shot second-price auction,
bidding that value is a dominant strategy; the bots let a class test whether
it still is in the game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...bots.base import Bot, TunedBot, register_bot
from ...core.actions import Action
from .bidding import SIT_OUT, bid_action
from .i18n import N_
from .rollouts import roll_gain
from .rules import (
    BONUSES,
    FEE,
    HALVED_ROLL,
    INTEREST,
    PAWNS,
    START,
    Move,
    landing,
    landing_fees,
    legal_moves,
    rolled_steps,
)

REACH = 8  # the die's largest face: a rival pawn this close may land on a pawn of ours


def exposure(view: dict[str, Any], seat: int, positions: Sequence[int]) -> float:
    """Fees ``seat``'s pawns at ``positions`` risk: 50 / 8 per rival pawn 1 to 8 spaces away."""
    risk = 0.0
    for position in positions:
        if position == START:
            continue  # MM-M3: no fees on the start
        for other, pair in enumerate(view["pawns"]):
            if other != seat:
                risk += sum(1 for p in pair if 0 < abs(p - position) <= REACH)
    return risk * FEE / REACH


def move_value(view: dict[str, Any], seat: int, move: Move) -> float:
    """What ``move`` is worth to ``seat``: fees collected + progress toward the bonuses - added risk."""
    goal, exact = view["track_length"], view["exact_goal"]
    before = list(view["pawns"][seat])
    after = list(before)
    fees = 0
    for pawn, steps in move:
        index = PAWNS.index(pawn)
        end = landing(after[index], steps, goal, exact)
        if end is None:
            return float("-inf")
        after[index] = end
        fees += sum(amount for _, amount in landing_fees(end, seat, view["pawns"]))
    best_before, best_after = max(before), max(after)
    # Reaching the goal ends the game with the 500 bonus; short of it, each space is worth 500 / goal.
    per_space = BONUSES[0] / goal
    progress = float(BONUSES[0]) if best_after == goal else per_space * (best_after - best_before)
    return fees + progress - (exposure(view, seat, after) - exposure(view, seat, before))


def roll_value(view: dict[str, Any], seat: int | None = None) -> float:
    """What winning the roll on the table is worth to ``seat`` (default: the viewer), at least 0."""
    seat = view["viewer"] if seat is None else seat
    steps = rolled_steps(view["roll"])
    moves = legal_moves(view["pawns"][seat], steps, view["track_length"], view["exact_goal"])
    return max([0.0, *(move_value(view, seat, m) for m in moves)])


def bid_toward(amount: int, legal_actions: Sequence[Action]) -> Action:
    """The legal action that writes a sealed bid of ``amount`` (clamped to what is allowed).

    Up to 499 points that is ``bid amount``; with more points the bid is written
    in steps, and this is the range that holds ``amount``.
    """
    first, last = legal_actions[0], legal_actions[-1]
    if first.kind == "bid-range":
        for action in legal_actions:
            if amount <= action.value[1]:
                return action
        return last
    low, high = first.value, last.value
    return bid_action(min(max(amount, low), high))


class _ValuationBot(Bot):
    """Moves by ``move_value`` and bids by ``bid_for``."""

    games = ("money_monsoon",)

    def bid_for(self, view: dict[str, Any], value: float) -> float:
        """The bid for a roll worth ``value`` (the roll's value, give or take a point if above 0)."""
        return value

    def value_of(self, view: dict[str, Any], rng: random.Random) -> float:
        """What the roll on the table is worth to the viewer (``roll_value`` unless a bot says otherwise)."""
        return roll_value(view)

    def choose(
        self, view: dict[str, Any] | None, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        assert view is not None
        if view["phase"] == "move":
            me = view["viewer"]
            return max(legal_actions, key=lambda a: move_value(view, me, a.value))
        # The value give or take a point, and a bid between two whole numbers rounded up with the
        # chance of its fraction: the bid equals the value on average, and bots that value a
        # roll alike do not tie every time (MM-A5), so their rolls do not lapse for ever (MM-A6).
        value = self.value_of(view, rng)
        if value > 0:  # a roll worth nothing is not bid for
            value = max(value + int(rng.random() * 3) - 1, 0.0)
        me = view["viewer"]
        if view["points"][me] == 0 and view["bid_limits"][me] > 0:
            value /= INTEREST  # MM-E4: a price paid on credit costs 110 % at the end
        amount = int(self.bid_for(view, value) + rng.random())
        bids = [a for a in legal_actions if a.kind != "sit-out"]
        if amount == 0 and len(bids) < len(legal_actions) and view["roll"] != HALVED_ROLL:
            # MM-A2: an auctioneer that would bid 0 sits out instead: a 0 can win it nothing worth
            # having and only voids a rival's lone 0; on an 8 it keeps the 0, to compete for the free 4.
            return SIT_OUT
        return bid_toward(amount, bids)


@register_bot
class TruthfulBidder(_ValuationBot):
    __doc__ = N_(
        "Bids what the roll is worth to it by `roll_value` (landing fees it can collect plus progress toward the bonuses minus the fees its pawns risk), give or take one point at random to break ties and rounded up or down at random in proportion (a worthless roll is bid 0), and makes the move that `move_value` rates best."
    )

    name = "truthful"


class _FractionBot(_ValuationBot, TunedBot):
    parameter_name = "fraction"

    @property
    def fraction(self) -> float:
        return self.value


@register_bot
class ShadingBidder(_FractionBot):
    __doc__ = N_(
        "Bids `fraction` of what the roll is worth to it by `roll_value` (give or take one point at random to break ties) and makes the move that `move_value` rates best."
    )

    name = "shade"

    default = 0.6

    def bid_for(self, view: dict[str, Any], value: float) -> float:
        return self.fraction * max(value, 0.0)


@register_bot
class ZeroOnEightBidder(_FractionBot):
    __doc__ = N_(
        "Bids 0 on a roll of 8 to try for the lowest bidder's free 4 steps, bids `fraction` of `roll_value` (give or take one point at random to break ties) on any other roll, and makes the move that `move_value` rates best."
    )

    name = "zero8"

    default = 1.0

    def bid_for(self, view: dict[str, Any], value: float) -> float:
        if view["roll"] == HALVED_ROLL:
            return 0.0
        return self.fraction * max(value, 0.0)


def best_move(view: dict[str, Any], seat: int) -> Move | None:
    """The move ``move_value`` rates best for ``seat`` with the roll on the table (None if none is legal)."""
    steps = rolled_steps(view["roll"])
    moves = legal_moves(view["pawns"][seat], steps, view["track_length"], view["exact_goal"])
    return max(moves, key=lambda m: move_value(view, seat, m)) if moves else None


def rollout_value(view: dict[str, Any], seat: int, rollouts: int, seed: int) -> float:
    """``seat``'s expected gain in final points from winning the roll on the table, by ``rollouts`` races.

    The winner makes the move ``move_value`` rates best; see ``rollouts.roll_gain`` for the model.
    Never below 0: a roll worth nothing (or less) is not bid for.
    """
    move = best_move(view, seat)
    if move is None:
        return 0.0
    return max(roll_gain(view, seat, move, rolled_steps(view["roll"]), rollouts, seed), 0.0)


def reserve_bid(own: float, top: float, fraction: float = 1.0) -> float:
    """The auctioneer's bid as a reserve: ``fraction`` of (top + own) / 3, at most ``top``.

    The model (``gamekit.theory.auctions.best_auctioneer_bid``): the others' values independent
    and uniform on [0, top], the auctioneer's own value ``own``, and the price of a roll the
    auctioneer wins paid to the bank (MM-A4). With no rival valuing the roll (top 0) it bids ``own``.
    """
    if top <= 0:
        return fraction * max(own, 0.0)
    return fraction * min(max((top + own) / 3, 0.0), top)


class _RolloutValuation(_ValuationBot):
    rollouts: int = 16

    def _cached(self, view: dict[str, Any], rng: random.Random, seats: Sequence[int]) -> list[float]:
        key = (view["turn"], view["roll"], view["rebids"], tuple(seats), repr(view["pawns"]))
        cache = getattr(self, "_cache", None)
        if cache is None or cache[0] != key:
            seed = int(rng.random() * 2**31)
            cache = (key, [rollout_value(view, s, self.rollouts, seed) for s in seats])
            self._cache = cache
        return cache[1]


@register_bot
class RolloutBidder(_RolloutValuation, TunedBot):
    __doc__ = N_(
        "Bids `fraction` of what winning the roll adds to its expected final points (fees plus bonus) over losing it to a random rival, estimated from 16 random races played out from the table with the same dice in both branches (give or take one point at random to break ties), and makes the move that `move_value` rates best."
    )

    name = "rollout"
    parameter_name = "fraction"
    default = 1.0

    def value_of(self, view: dict[str, Any], rng: random.Random) -> float:
        return self._cached(view, rng, [view["viewer"]])[0]

    def bid_for(self, view: dict[str, Any], value: float) -> float:
        return self.value * value


@register_bot
class ReserveAuctioneer(_RolloutValuation, TunedBot):
    __doc__ = N_(
        "As auctioneer, bids `fraction` of the theory's best auctioneer bid, (top + own) / 3 capped at top, where own is its rollout value of the roll and top the highest rollout value among the others (taken as uniform on [0, top]); otherwise bids all of its rollout value (`fraction` applies only as auctioneer), and makes the move that `move_value` rates best."
    )

    name = "reserve"
    parameter_name = "fraction"
    default = 1.0

    def _values(self, view: dict[str, Any], rng: random.Random) -> list[float]:
        me, n = view["viewer"], view["players"]
        seats = [me, *(s for s in range(n) if s != me)] if view["active"] == me else [me]
        return self._cached(view, rng, seats)

    def value_of(self, view: dict[str, Any], rng: random.Random) -> float:
        return self._values(view, rng)[0]

    def bid_for(self, view: dict[str, Any], value: float) -> float:
        if view["active"] != view["viewer"]:
            return value
        others = self._cache[1][1:]
        return reserve_bid(value, max(others, default=0.0), self.value)


__all__ = [
    "ReserveAuctioneer",
    "RolloutBidder",
    "ShadingBidder",
    "TruthfulBidder",
    "ZeroOnEightBidder",
    "best_move",
    "bid_toward",
    "exposure",
    "move_value",
    "reserve_bid",
    "roll_value",
    "rollout_value",
]
