"""Money Monsoon's components and rule arithmetic as small pure functions (rules MM-* of the rules reference, `gamekit rules`).

A move is a tuple of parts ``(pawn, steps)``: ``(("a", 5),)`` is ``move a+5``,
``(("a", 3), ("b", -4))`` is ``move a+3 b-4``. Positions count spaces from the
start (0) to the goal (``track_length``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...auctions import lowest_unique_bidder, second_price

# MM-C1: an eight-sided die, two pawns and 400 points per player.
DIE_FACES = 8
START_POINTS = 400
PAWNS = ("a", "b")
START = 0
DEFAULT_TRACK_LENGTH = 25  # MM-C2: from a published review; the rules (money-monsoon) give no length
FEE = 50  # MM-M3: per other player's pawn on the landing space
SPLIT_ROLL = 7  # MM-M4: may be shared between the two pawns
HALVED_ROLL = 8  # MM-M5: 4 to the high bidder, 4 to the lowest bidder
HALF = HALVED_ROLL // 2
BONUSES = (500, 300, 150)  # MM-E2: first, second and third place
MAX_REBIDS = 3  # MM-A6: with all_void=rebid, the fourth all-void bidding lapses
# MM-E4 (broke_bids="borrow"): a player who has lost all their points may bid up to this on a loan,
# the stake every player starts with (MM-C1), the one amount the document gives a player.
CREDIT_LIMIT = START_POINTS
INTEREST = 1.1  # MM-E4: a borrowed point costs 1.1 points at the end

# The sealed bid of a player with many points is written in steps (the public contract: a legal
# action list stays short): first a range of bids, then the bid within it.
BID_LIST_LIMIT = 500  # up to 499 points every bid is listed at once
BID_RANGE_WIDTH = 100  # the narrowest range; a wider one splits into 10 narrower ones

Part = tuple[str, int]
Move = tuple[Part, ...]


def rolled_steps(roll: int) -> int:
    """Spaces the winner of ``roll`` moves: all of it, or 4 for a roll of 8 (MM-M1, MM-M5)."""
    return HALF if roll == HALVED_ROLL else roll


def landing(position: int, steps: int, goal: int, exact_goal: bool) -> int | None:
    """Where a pawn moving ``steps`` (negative: backward) stops, or None if it may not (MM-M1, MM-M2).

    No pawn moves back past the start; a forward move past the goal stops on
    the goal, unless ``exact_goal``, which forbids it. A pawn on the goal has
    finished and does not move again (only the second 4 of an 8 can find one
    there, MM-E3).
    """
    if position == goal:
        return None
    target = position + steps
    if target < START:
        return None
    if target > goal:
        return None if exact_goal else goal
    return target


def legal_moves(positions: Sequence[int], steps: int, goal: int, exact_goal: bool) -> list[Move]:
    """Every move of a pawn pair (``positions`` of a and b) for ``steps`` (MM-M1, MM-M2, MM-M4).

    One pawn moves all ``steps`` forward or backward; a 7 may instead be split
    into two parts of at least 1, one per pawn, each with its own direction.
    Order: pawn a before b, forward before backward, then the splits by a's share.
    """
    moves: list[Move] = []
    for pawn, position in zip(PAWNS, positions, strict=True):
        for signed in (steps, -steps):
            if landing(position, signed, goal, exact_goal) is not None:
                moves.append(((pawn, signed),))
    if steps == SPLIT_ROLL:
        a, b = positions
        for share in range(1, SPLIT_ROLL):
            for signed_a in (share, -share):
                if landing(a, signed_a, goal, exact_goal) is None:
                    continue
                for signed_b in (SPLIT_ROLL - share, share - SPLIT_ROLL):
                    if landing(b, signed_b, goal, exact_goal) is not None:
                        moves.append((("a", signed_a), ("b", signed_b)))
    return moves


def move_text(move: Move) -> str:
    """The canonical text of a move: ``move a+3 b-4``."""
    return "move " + " ".join(f"{pawn}{steps:+d}" for pawn, steps in move)


def landing_fees(space: int, mover: int, pawns: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
    """(payer, amount) for a pawn of ``mover`` stopping on ``space`` (MM-M3).

    50 per pawn of every other player on that space, the start excepted; the
    mover's own other pawn pays nothing.
    """
    if space == START:
        return []
    fees = []
    for seat, (a, b) in enumerate(pawns):
        if seat != mover:
            count = (a == space) + (b == space)
            if count:
                fees.append((seat, FEE * count))
    return fees


def bonuses(best: Sequence[int], places: Sequence[int] = BONUSES, arrivals: Sequence[int] = ()) -> list[int]:
    """Bonus per seat from each player's best pawn position (MM-E2, MM-E3).

    Players are placed by how close their best pawn is to the goal; players on
    the same space share the bonuses of the places they occupy equally, rounded
    down, so two players both on the goal (MM-E3 ``split``) share first and
    second. ``arrivals`` lists seats that take the first places one each, in
    that order, before the rest are placed (MM-E3 ``first``: the high bidder
    of an 8 reached the goal first, the lowest bidder second).
    """
    result = [0] * len(best)
    for place, seat in enumerate(arrivals):
        result[seat] = places[place] if place < len(places) else 0
    rest = sorted((s for s in range(len(best)) if s not in arrivals), key=lambda seat: -best[seat])
    place = len(arrivals)
    i = 0
    while i < len(rest):
        group = [s for s in rest[i:] if best[s] == best[rest[i]]]
        pool = sum(places[place : place + len(group)])
        for seat in group:
            result[seat] = pool // len(group)
        place += len(group)
        i += len(group)
    return result


def repayment(debt: int) -> int:
    """What a loan of ``debt`` points costs at the end: 110 %, rounded up (MM-E4)."""
    return (debt * 11 + 9) // 10


def bid_range_width(points: int) -> int:
    """Width of the ranges a bid is first chosen from; 1 when every bid is listed at once (MM-A2).

    Up to 499 points the bids 0..points are listed directly. From 500 points a
    bid is written in steps: first one of at most 100 ranges of a width of 100,
    1,000, ... (the narrowest that gives 100 ranges or fewer), each range then
    splitting into ranges ten times narrower, down to ranges of 100 bids.
    """
    if points < BID_LIST_LIMIT:
        return 1
    width = BID_RANGE_WIDTH
    while points // width + 1 > BID_RANGE_WIDTH:
        width *= 10
    return width


def bid_ranges(low: int, high: int, width: int) -> list[tuple[int, int]]:
    """The ranges of ``width`` (aligned to multiples of it) that cover ``low``..``high``."""
    return [(start, min(start + width - 1, high)) for start in range(low, high + 1, width)]


def bid_steps(points: int) -> int:
    """How many decisions a bid takes for a player holding ``points`` (MM-A2)."""
    width = bid_range_width(points)
    steps = 1
    while width > 1:
        steps += 1
        width = 1 if width == BID_RANGE_WIDTH else width // 10
    return steps


def voided_and_tied(bids: Sequence[int | None], winner: int) -> tuple[list[int], list[int]]:
    """Seats whose higher bids were void by ties, and seats that tied the winning bid (MM-A5).

    Both are empty when the winner's bid was the single highest. A seat whose bid is None
    sat the roll out (MM-A2) and is in neither.
    """
    won = bids[winner]
    assert won is not None
    made = [b for b in bids if b is not None]
    if max(made) == won and made.count(won) == 1:
        return [], []
    voided = [s for s, b in enumerate(bids) if b is not None and b > won]
    tied = [s for s, b in enumerate(bids) if s != winner and b == won]
    return voided, tied


def auction_outcome(
    bids: Sequence[int | None], order: Sequence[int] | None, top_tie: str, halved: bool
) -> tuple[int | None, int, int | None]:
    """``(winner, price, free)`` of revealed bids, a seat that sat out (None) taking no part (MM-A2).

    Priced among the bids made by ``gamekit.auctions`` (MM-A3, MM-A5); ``free`` is the seat of
    the free 4 of an 8 (MM-M5), None on other rolls. ``winner`` is None when every bid is void.
    """
    seats = [s for s, b in enumerate(bids) if b is not None]
    made = [b for b in bids if b is not None]
    sub_order = None if order is None else [seats.index(s) for s in order if bids[s] is not None]
    winner, price = second_price(made, sub_order, top_tie)
    if winner is None:
        return None, 0, None
    free = seats[lowest_unique_bidder(made, winner)] if halved else None
    return seats[winner], price, free
