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
    assert second_price([5, 14, 7, 10]) == (1, 10)  # doc 002's example
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
