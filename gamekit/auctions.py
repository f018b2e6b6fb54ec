"""Auction pricing rules shared by the games and the auction-theory lessons.

Each rule is a small pure function of the bids, so a lesson can call exactly
the code a game runs. Bids are given per seat (``bids[seat]``), whole numbers.

- ``second_price``: the sealed-bid second-price (Vickrey) auction, with the two
  ways of breaking a tie for the highest bid that Money Monsoon offers
  (MM-A3, MM-A5 of the rules reference).
- ``lowest_unique_bidder``: Money Monsoon's roll of 8, whose second half goes
  to the lowest bidder, a tie for lowest passing the right up (MM-M5).
- ``half_back``: what a loser who pays half gets back, in whole units with an odd
  bid's half rounded down or up: For Sale's passing (FS-B5, FS-B6) and the
  classroom's losers-pay-half clock (CL-16) run this one function.
- ``bidder_outcome`` and ``vickrey_payoffs``: the "your bid" sandbox of the
  lessons. One bidder (seat 0) against fixed rival bids, priced by the two rules
  above: what each possible bid wins, pays and is worth.

>>> second_price([5, 14, 7, 10])  # the rules' (money-monsoon) example: B wins and pays D's 10
(1, 10)
>>> second_price([9, 9, 4, 2])  # the tied 9s are void: C wins and pays 2
(2, 2)
>>> second_price([9, 9, 4, 2], order=[1, 2, 3, 0], top_tie="seat")  # B sits first from the auctioneer
(1, 9)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

TOP_TIE_RULES = ("void", "seat")
HALF_ROUNDINGS = ("down", "up")


def half_back(bid: int, rounding: str = "down") -> int:
    """Half of ``bid`` in whole units, an odd bid's half rounded down (the default) or up: what a
    loser gets back where losers pay half (For Sale FS-B5/FS-B6; 5 bid: 2 back, 3 lost).

    >>> half_back(35), half_back(35, "up"), half_back(34)
    (17, 18, 17)
    """
    return (bid + 1) // 2 if rounding == "up" else bid // 2


def second_price(
    bids: Sequence[int], order: Sequence[int] | None = None, top_tie: str = "void"
) -> tuple[int | None, int]:
    """The winning seat and the price it pays; ``(None, 0)`` when every bid is void.

    The highest bidder wins and pays the highest bid below their own (MM-A3);
    with a single bidder, or nobody below, the price is 0. A tie for the
    highest bid is settled by ``top_tie`` (MM-A5):

    - ``"void"``: the tied bids are struck out and the auction is decided among
      the remaining bids, by the same rule, as often as needed; the winner pays
      the highest remaining bid below their own (0 if none). If every bid is
      struck out there is no winner.
    - ``"seat"``: the first of the tied seats in ``order`` wins and pays the
      tied amount (the textbook Vickrey tie rule). ``order`` lists the seats
      clockwise from the auctioneer, the auctioneer first; by default seat 0
      first.
    """
    if top_tie not in TOP_TIE_RULES:
        raise ValueError(f"top_tie must be one of {', '.join(TOP_TIE_RULES)}, not {top_tie!r}")
    ranked = sorted(bids, reverse=True)
    count = len(ranked)
    if count == 0:
        return None, 0
    top = ranked[0]
    if count == 1 or ranked[1] != top:  # one highest bid: the textbook case
        return bids.index(top), ranked[1] if count > 1 else 0
    if top_tie == "seat":
        seats = range(count) if order is None else order
        return next(seat for seat in seats if bids[seat] == top), top
    # "void": strike out the tied top bids, again and again, until one highest bid is alone;
    # the bids below it, tied or not, all remain and set the price.
    i = 0
    while i < count:
        bid = ranked[i]
        j = i + 1
        while j < count and ranked[j] == bid:
            j += 1
        if j == i + 1:
            return bids.index(bid), ranked[j] if j < count else 0
        i = j
    return None, 0


def lowest_unique_bidder(bids: Sequence[int], winner: int) -> int:
    """Who gets the free half of a roll of 8: the lowest bidder, ties passing the right up (MM-M5).

    The bids below the winner's are looked at from the lowest up; the first
    amount that exactly one seat bid names that seat. If every lower amount is
    tied (or nobody bid less), the right reaches the winner, who then moves
    both halves. Bids struck out by a tie above the winner's are not lower
    bids and never get the free half.

    >>> lowest_unique_bidder([0, 3, 0, 9], winner=3)  # the two 0s cancel: B's 3 is lowest
    1
    >>> lowest_unique_bidder([2, 2, 9, 5, 5], winner=2)  # every lower bid tied: C gets both
    2
    """
    top = bids[winner]
    counts: dict[int, int] = {}
    for bid in bids:
        if bid < top:
            counts[bid] = counts.get(bid, 0) + 1
    for bid in sorted(counts):
        if counts[bid] == 1:
            return bids.index(bid)
    return winner


def bidder_outcome(
    bid: int,
    rival_bids: Sequence[int],
    top_tie: str = "void",
    order: Sequence[int] | None = None,
    halved: bool = False,
) -> tuple[bool, int, bool]:
    """What bidding ``bid`` in seat 0 against ``rival_bids`` (seats 1, 2, ...) gets that bidder.

    Returns ``(wins, price, free)``: whether seat 0 wins the auction, the price
    it pays then (0 otherwise), and, when the lot is ``halved`` (a roll of 8,
    MM-M5), whether it gets the free half as the lowest unique bidder (or as the
    winner when every lower bid is tied). Prices and ties follow ``second_price``;
    ``order`` lists the seats for ``top_tie="seat"`` (default seat 0 first).
    When every bid is void (MM-A6) nobody wins anything.

    >>> bidder_outcome(14, [5, 7, 10])  # the rules' (money-monsoon) example, from B's chair
    (True, 10, False)
    >>> bidder_outcome(0, [9, 9, 4], halved=True)  # the tied 9s are void; 4 wins, 0 gets the free half
    (False, 0, True)
    """
    bids = [bid, *rival_bids]
    winner, price = second_price(bids, order, top_tie)
    if winner is None:
        return False, 0, False
    free = halved and lowest_unique_bidder(bids, winner) == 0
    return winner == 0, price if winner == 0 else 0, free


def vickrey_payoffs(
    value: float,
    rival_bids: Sequence[int],
    top_tie: str = "void",
    free_value: float | None = None,
    highest: int | None = None,
    order: Sequence[int] | None = None,
) -> list[tuple[int, float]]:
    """``(bid, payoff)`` for every bid from 0 to ``highest`` against fixed rival bids.

    The bidder (seat 0) values winning at ``value``; winning pays the price of
    ``second_price`` and losing pays nothing, so a bid's payoff is
    ``value - price`` if it wins, else 0. With ``free_value`` the lot is a roll
    of 8 (MM-M5): the winner's half is worth ``value``, and the free half, worth
    ``free_value``, goes to the lowest unique bid by ``lowest_unique_bidder``.
    ``highest`` defaults to ten more than the largest of the value and the rival bids.

    >>> vickrey_payoffs(12, [5, 7, 10], highest=14)[9:]  # bids 9 to 14: from 11 on, win and pay 10
    [(9, 0), (10, 0), (11, 2), (12, 2), (13, 2), (14, 2)]
    """
    if highest is None:
        highest = int(max(value, *rival_bids, 0)) + 10
    halved = free_value is not None
    table = []
    for bid in range(highest + 1):
        wins, price, free = bidder_outcome(bid, rival_bids, top_tie, order, halved)
        payoff = (value - price if wins else 0) + (free_value if free else 0)
        table.append((bid, payoff))
    return table


# ------------------------------------------------------------------ open (ascending) auctions
# Collections of seats that ``in`` can search as they are; a tuple of types, because ``list | tuple
# | ...`` written in the isinstance call would build a new union object at every call.
_SEARCHABLE = (list, tuple, set, frozenset)


def next_clockwise(seat: int, out: Sequence[bool]) -> int:
    """The next seat clockwise after ``seat`` that is still in (``out[s]`` False); ``len(out)``
    is the number of seats (For Sale: FS-B2, FS-B7)."""
    players = len(out)
    seat = (seat + 1) % players
    while out[seat]:
        seat = (seat + 1) % players
    return seat


def bidding_order(
    players: int, auctioneer: int, excluded: Iterable[int], can_bid: Sequence[bool]
) -> list[int]:
    """The bidders round the table from the auctioneer's left, without the auctioneer, those
    excluded from this auction, and those who cannot bid (Kuhhandel: KH-A1, KH-A3, KH-A7)."""
    # Run at every (re)opened auction: a list, tuple or set of excluded seats is searched as it
    # is, any other iterable made a set; the seats from the auctioneer's left round to their right.
    # A plain loop rather than a list comprehension, which is a call of its own before Python 3.12.
    out = excluded if isinstance(excluded, _SEARCHABLE) else set(excluded)
    order = []
    for s in (*range(auctioneer + 1, players), *range(auctioneer)):
        if can_bid[s] and s not in out:
            order.append(s)
    return order


def next_bidder(bidders: Sequence[int], current: int, high_bidder: int | None) -> int:
    """The next bidder round the table after ``current``, skipping the high bidder (Kuhhandel: KH-A3)."""
    # Kuhhandel calls this at every bid and hold, so the usual case, the very next bidder, comes
    # first, without the loop.
    i = bidders.index(current) + 1
    n = len(bidders)
    seat = bidders[i if i < n else 0]
    if seat != high_bidder:
        return seat
    for k in range(2, n + 1):
        seat = bidders[(i - 1 + k) % n]
        if seat != high_bidder:
            return seat
    raise ValueError("nobody but the high bidder is left to bid")


def bidding_closed(bidders: Sequence[int], high_bidder: int | None, held: Iterable[int]) -> bool:
    """Whether every bidder but the high bidder has held since the last raise (Kuhhandel: KH-A3)."""
    # Called at every hold: a list, tuple or set of a few seats is searched as it is; any other
    # iterable (read once only) is made a set first. A plain loop, not all() over a generator,
    # which costs a generator object per call.
    if not isinstance(held, _SEARCHABLE):
        held = set(held)
    for s in bidders:  # noqa: SIM110
        if s != high_bidder and s not in held:
            return False
    return True
