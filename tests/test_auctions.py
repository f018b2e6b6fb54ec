"""The shared auction pricing rules (gamekit.auctions), as the games and the lessons use them."""

from __future__ import annotations

import doctest
import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamekit import auctions
from gamekit.auctions import lowest_unique_bidder, second_price


def test_the_module_examples_hold():
    assert doctest.testmod(auctions).failed == 0


def test_mm_a3_highest_bid_wins_and_pays_the_second_highest():
    assert second_price([5, 14, 7, 10]) == (1, 10)  # the rules' (money-monsoon) example
    assert second_price([0, 0, 3, 0]) == (2, 0)
    assert second_price([8]) == (0, 0)  # alone: nothing to pay
    assert second_price([]) == (None, 0)


def test_mm_a5_void_strikes_out_tied_top_bids_in_turn():
    assert second_price([9, 9, 4, 2], top_tie="void") == (2, 2)
    assert second_price([9, 9, 6, 6, 3]) == (4, 0)  # both tied pairs void: 3 wins, nobody below
    assert second_price([9, 9, 6, 2, 2]) == (2, 2)  # ties below the winner still set the price
    assert second_price([5, 5, 5, 5]) == (None, 0)
    assert second_price([5, 5, 3, 3]) == (None, 0)  # MM-A6: every bid void


def test_mm_a5_seat_gives_the_tie_to_the_first_seat_in_order_at_the_tied_amount():
    assert second_price([9, 9, 4, 9], order=[2, 3, 0, 1], top_tie="seat") == (3, 9)
    assert second_price([9, 9, 4, 9], top_tie="seat") == (0, 9)
    assert second_price([0, 0, 0, 0], order=[1, 2, 3, 0], top_tie="seat") == (1, 0)
    assert second_price([9, 3, 4, 1], order=[3, 0, 1, 2], top_tie="seat") == (0, 4)


def test_an_unknown_tie_rule_is_refused():
    with pytest.raises(ValueError, match="void, seat"):
        second_price([1, 2], top_tie="coin")


@given(st.lists(st.integers(0, 20), min_size=1, max_size=6), st.sampled_from(["void", "seat"]))
def test_the_winner_never_pays_more_than_its_bid_nor_less_than_any_bid_still_standing(bids, rule):
    order = list(range(len(bids)))
    winner, price = second_price(bids, order, rule)
    if winner is None:
        assert rule == "void"
        return
    assert 0 <= price <= bids[winner]
    standing = [b for b in bids if b <= bids[winner]]
    others = list(standing)
    others.remove(bids[winner])
    if rule == "void" or bids.count(max(bids)) == 1:
        assert price == max(others, default=0) and bids.count(bids[winner]) == 1
    else:
        assert price == bids[winner] == max(bids)


def test_truthful_bidding_is_weakly_dominant_in_the_one_shot_auction():
    # The lesson's claim, checked on a grid: against any rival bids, bidding one's value pays
    # at least as much as any other bid (payoff = value - price if winning, else 0).
    def payoff(value: int, bid: int, rivals: tuple[int, ...]) -> int:
        winner, price = second_price([bid, *rivals], top_tie="seat")
        return value - price if winner == 0 else 0

    for value in range(0, 9, 2):
        for rivals in itertools.product(range(0, 9, 3), repeat=2):
            truthful = payoff(value, value, rivals)
            assert all(payoff(value, bid, rivals) <= truthful for bid in range(12))


def test_mm_m5_the_free_half_goes_to_the_lowest_unique_bid_below_the_winner():
    assert lowest_unique_bidder([0, 20, 0, 5], winner=1) == 3
    assert lowest_unique_bidder([3, 3, 9, 0], winner=2) == 3
    assert lowest_unique_bidder([0, 0, 9, 0], winner=2) == 2  # every lower bid tied: the winner
    assert lowest_unique_bidder([7, 1, 1, 2, 2], winner=0) == 0
    assert lowest_unique_bidder([0, 9, 9, 2], winner=3) == 0  # voided bids above are not lower
    assert lowest_unique_bidder([4], winner=0) == 0


# ------------------------------------------------------------- the "your bid" sandbox
def test_bidder_outcome_reads_the_auction_from_seat_0():
    # The rules' (money-monsoon) example, from B's chair.
    assert auctions.bidder_outcome(14, [5, 7, 10]) == (True, 10, False)
    assert auctions.bidder_outcome(7, [5, 14, 10]) == (False, 0, False)
    assert auctions.bidder_outcome(5, [5, 5, 5]) == (False, 0, False)  # MM-A6: every bid void
    assert auctions.bidder_outcome(9, [9, 4], top_tie="seat") == (True, 9, False)  # seat 0 first
    assert auctions.bidder_outcome(9, [9, 4], top_tie="seat", order=[1, 2, 0]) == (False, 0, False)


def test_mm_m5_bidder_outcome_of_an_8_gives_the_free_half_to_the_lowest_unique_bid():
    assert auctions.bidder_outcome(0, [9, 4, 2], halved=True) == (False, 0, True)
    assert auctions.bidder_outcome(0, [9, 4, 0], halved=True) == (False, 0, False)  # the 0s cancel
    assert auctions.bidder_outcome(9, [0, 0, 4], halved=True) == (True, 4, False)  # 4 is lowest unique
    assert auctions.bidder_outcome(9, [4, 4, 0, 0], halved=True) == (True, 4, True)  # all lower tied
    assert auctions.bidder_outcome(0, [9, 4, 2]) == (False, 0, False)  # not an 8: no free half


def test_vickrey_payoffs_price_every_bid_with_the_engines_rule():
    table = auctions.vickrey_payoffs(12, [5, 7, 10])
    assert [bid for bid, _ in table] == list(range(23))  # 0 to max(value, bids) + 10
    assert dict(table)[12] == 2 and dict(table)[3] == 0
    assert dict(table)[10] == 0  # tied with D's 10: both void, C's 7 wins (MM-A5)
    assert auctions.vickrey_payoffs(3, [], highest=2) == [(0, 3), (1, 3), (2, 3)]  # alone: free


@given(
    st.integers(0, 30),
    st.lists(st.integers(0, 30), min_size=1, max_size=5),
    st.lists(st.integers(0, 5), min_size=6, max_size=6, unique=True),
)
def test_bidding_the_value_is_weakly_dominant_with_the_textbook_tie_rule(value, rivals, order):
    # In a one-shot second-price auction no bid ever earns more than bidding one's value,
    # wherever the bidder sits in the tie order.
    order = [seat for seat in order if seat <= len(rivals)]
    table = auctions.vickrey_payoffs(value, rivals, top_tie="seat", order=order)
    truthful = dict(table)[value]
    assert all(payoff <= truthful for _, payoff in table)


def test_the_void_tie_rule_and_the_8_break_the_dominance_of_truthful_bidding():
    # MM-A5 void: two rivals tied at 10 strike each other out, so a low bid wins for nothing.
    payoffs = dict(auctions.vickrey_payoffs(15, [10, 10]))
    assert payoffs[15] == 5 and payoffs[0] == 15
    # MM-M5: on an 8 a bid of 0 takes the free half, worth 40 here, while bidding the value 40
    # for the high half wins it at 12 and earns 28.
    payoffs = dict(auctions.vickrey_payoffs(40, [12, 5, 9], free_value=40))
    assert payoffs[40] == 28 and payoffs[0] == 40


# ------------------------------------------------------------------ open auctions
def test_open_auction_bidding_order_skips_the_auctioneer_the_excluded_and_the_penniless():
    # Kuhhandel KH-A1, KH-A3, KH-A7: the auctioneer B (1) does not bid; D (3) was excluded after an
    # over-bid; A (0) holds only zeros.
    assert auctions.bidding_order(5, 1, [3], [False, True, True, True, True]) == [2, 4]
    assert auctions.bidding_order(3, 0, [], [True, True, True]) == [1, 2]


def test_open_auction_next_bidder_skips_the_high_bidder_and_closing_waits_for_every_hold():
    assert auctions.next_bidder([1, 2, 3], 1, high_bidder=2) == 3
    assert auctions.next_bidder([1, 2, 3], 3, high_bidder=None) == 1
    with pytest.raises(ValueError, match="nobody but the high bidder"):
        auctions.next_bidder([2], 2, high_bidder=2)
    assert not auctions.bidding_closed([1, 2, 3], high_bidder=2, held=[1])
    assert auctions.bidding_closed([1, 2, 3], high_bidder=2, held=[1, 3])


def test_next_clockwise_skips_who_is_out_and_wraps_round():
    assert auctions.next_clockwise(3, [False] * 4) == 0
    assert auctions.next_clockwise(0, [False, True, True, False]) == 3
