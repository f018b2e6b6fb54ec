"""The issue-12 For Sale strategies follow their one-sentence rules, and their strength is measured."""

from __future__ import annotations

import random

import pytest

from gamekit.bots import make_bot
from gamekit.games.for_sale.analysis import strength
from gamekit.games.for_sale.bots import best_cheque_place, rank_matched_house, skewed_house
from gamekit.games.for_sale.game import BIDS, PASS, SELLS
from gamekit.games.for_sale.rules import CHEQUES
from gamekit.theory.for_sale import one_round_value

from .test_bots import buying_view, legal, selling_view


def sell(bot, view):
    hand = view["houses"][view["viewer"]]
    return bot.choose(view, [SELLS[h] for h in hand], random.Random(0))


def test_save_top_sells_its_highest_house_only_at_a_cheque_of_its_threshold():
    bot = make_bot("save_top:12", "for_sale")
    hand = [4, 9, 17, 22, 30]
    assert sell(bot, selling_view(hand, [0, 3000, 12000])) == SELLS[30]
    assert sell(bot, selling_view(hand, [0, 3000, 11000])) == SELLS[4]
    assert sell(make_bot("save_top:11", "for_sale"), selling_view(hand, [0, 3000, 11000])) == SELLS[30]


def test_new_sellers_bid_like_spread():
    view = buying_view([3, 5, 11], high_bid=2)  # spread 8 × 0.3: limit 2.4 coins
    for name in ("save_top", "skew_match"):
        bot = make_bot(name, "for_sale")
        assert bot.choose(view, legal(view), random.Random(0)) == PASS
        low = buying_view([3, 5, 11], high_bid=1)
        assert bot.choose(low, legal(low), random.Random(0)) == BIDS[2]


def test_skewed_matching_is_rank_matching_at_power_one_and_bends_the_place_otherwise():
    rng = random.Random(7)
    for _ in range(200):
        hand = sorted(rng.sample(range(1, 31), rng.randint(1, 10)))
        won_cheques = rng.sample(CHEQUES, 3 * rng.randint(0, 6))
        left = list(CHEQUES)
        for c in won_cheques:
            left.remove(c)
        view = selling_view(hand, sorted(rng.sample(left, 3)), [won_cheques, [], []])
        assert skewed_house(view, 1.0) == rank_matched_house(view)
        q = best_cheque_place(view)
        assert skewed_house(view, 0.5) == hand[round(q**0.5 * (len(hand) - 1))]
        assert sell(make_bot("skew_match:0.5", "for_sale"), view) == SELLS[skewed_house(view, 0.5)]
        assert skewed_house(view, 0.5) >= rank_matched_house(view) >= skewed_house(view, 2.0)


def test_house_value_bids_up_to_its_factor_times_the_value_gap_in_coins():
    table = [3, 5, 11]
    gap = (one_round_value(11, 3) - one_round_value(3, 3)) / 1000  # about 2.6 coins
    bot = make_bot("house_value:2", "for_sale")
    limit = int(2 * gap)
    at = buying_view(table, high_bid=limit - 1)
    assert bot.choose(at, legal(at), random.Random(0)) == BIDS[limit]
    over = buying_view(table, high_bid=limit)
    assert bot.choose(over, legal(over), random.Random(0)) == PASS


@pytest.mark.parametrize("bot", ["save_top", "house_value"])
def test_the_stronger_new_bots_beat_spread(bot):
    # The defaults were picked on other seeds (11, 21); this seed is fresh.
    result = strength(300, seed=101, bot=bot)
    assert result.n == 300
    assert result.ci_low > 0
