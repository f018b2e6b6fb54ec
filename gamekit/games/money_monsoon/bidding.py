"""Money Monsoon's sealed bid, written in steps when a player holds many points (MM-A2).

Up to 499 points every bid 0..points is listed at once. From 500 points a bid is
first narrowed to a range (``bid 200-299``), then to narrower ranges, then written
(``bid 250``), so a list of legal actions stays short (the public contract). A
seat's chosen range is ``(low, high, width)``, ``width`` being the width of the
ranges it was chosen from; None before the first step.
"""

from __future__ import annotations

from functools import lru_cache

from ...core.actions import Action, canonical
from ...core.errors import IllegalAction
from ...core.game import SEAT_NAMES
from .i18n import _
from .rules import BID_LIST_LIMIT, BID_RANGE_WIDTH, bid_range_width, bid_ranges

Range = tuple[int, int, int]  # (low, high, width of the ranges it was chosen from)

BIDS: list[Action] = [canonical("bid", n) for n in range(4000)]  # beyond: made when needed
SIT_OUT: Action = canonical("sit-out", None, "sit out")  # MM-A2: the auctioneer takes no part
_RANGES: dict[tuple[int, int], Action] = {}


def bid_action(amount: int) -> Action:
    """The action ``bid amount``."""
    return BIDS[amount] if amount < len(BIDS) else canonical("bid", amount)


def range_action(low: int, high: int) -> Action:
    """The first step of a large bid: ``bid low-high`` narrows the bid to that range (MM-A2)."""
    action = _RANGES.get((low, high))
    if action is None:
        action = _RANGES[low, high] = canonical("bid-range", (low, high), f"bid {low}-{high}")
    return action


def read_range_action(low: int, high: int) -> Action:
    """The action ``bid low-high`` read from a text; a range read but never offered is not kept."""
    return _RANGES.get((low, high)) or canonical("bid-range", (low, high), f"bid {low}-{high}")


def range_choices(held: int, chosen: Range | None) -> list[Action]:
    """The ranges a player holding ``held`` points may narrow the bid to now; [] once bids are listed."""
    if chosen is None:
        width = bid_range_width(held)
        return [] if width == 1 else list(_first_ranges(held, width))
    if bid_range_width(held) == 1 or chosen[2] == BID_RANGE_WIDTH:
        return []
    return list(_narrower_ranges(*chosen))


@lru_cache(maxsize=1024)
def _first_ranges(held: int, width: int) -> tuple[Action, ...]:
    return tuple(range_action(lo, hi) for lo, hi in bid_ranges(0, held, width))


@lru_cache(maxsize=1024)
def _narrower_ranges(low: int, high: int, width: int) -> tuple[Action, ...]:
    return tuple(range_action(lo, hi) for lo, hi in bid_ranges(low, high, width // 10))


def large_bid_choices(held: int, chosen: Range | None) -> list[Action]:
    """The legal actions of a bidder holding 500 points or more: the ranges to narrow to, then the bids."""
    ranges = range_choices(held, chosen)
    if ranges:
        return ranges
    assert chosen is not None
    low, high = chosen[0], chosen[1]
    if high < len(BIDS):
        return BIDS[low : high + 1]
    return [bid_action(n) for n in range(low, high + 1)]


def narrowed(held: int, chosen: Range | None, low: int, high: int) -> Range:
    """The range chosen after the step ``bid low-high``."""
    width = bid_range_width(held) if chosen is None else chosen[2] // 10
    return (low, high, width)


def bid_over_points(seat: int, amount: int, held: int, on_credit: bool = False) -> IllegalAction:
    """The error for ``bid amount`` above the points held (MM-A2) or the credit of a broke player (MM-E4)."""
    if on_credit:
        return IllegalAction(
            _(
                "bid {amount} is more than the {held} {name}, who has lost all their points, "
                "may borrow to bid; a bid on credit is a whole number from 0 to {held} (MM-E4)",
                amount=amount,
                held=held,
                name=SEAT_NAMES[seat],
            )
        )
    return IllegalAction(
        _(
            "bid {amount} is more than the {held} points {name} holds; "
            "a bid is a whole number from 0 to your points (MM-A2)",
            amount=amount,
            held=held,
            name=SEAT_NAMES[seat],
        )
    )


def check_in_range(seat: int, amount: int, chosen: Range | None) -> None:
    """Refuse ``bid amount`` outside the range the large bid was narrowed to (MM-A2)."""
    if chosen is not None and not chosen[0] <= amount <= chosen[1]:
        raise IllegalAction(
            _(
                "bid {amount} is outside the range {low}-{high} {name} chose for this sealed bid (MM-A2)",
                amount=amount,
                low=chosen[0],
                high=chosen[1],
                name=SEAT_NAMES[seat],
            )
        )


def check_range(seat: int, low: int, high: int, held: int, chosen: Range | None) -> None:
    """Refuse the step ``bid low-high`` unless it is one of the ranges to choose from now (MM-A2)."""
    choices = range_choices(held, chosen)
    if not choices:
        if held < BID_LIST_LIMIT:
            why = _(
                "with {held} points every bid is listed at once: write 'bid N' with N from 0 to {held}",
                held=held,
            )
        else:
            assert chosen is not None
            why = _(
                "the bid is already narrowed to {low}-{high}: write the bid itself",
                low=chosen[0],
                high=chosen[1],
            )
        raise IllegalAction(_("bid {low}-{high}: {why} (MM-A2)", low=low, high=high, why=why))
    if range_action(low, high) not in choices:
        raise IllegalAction(
            _(
                "bid {low}-{high} is not a range {name} may choose now; the ranges are {first} to {last} (MM-A2)",
                low=low,
                high=high,
                name=SEAT_NAMES[seat],
                first=choices[0],
                last=choices[-1],
            )
        )
