"""Money Monsoon's strategy bots held against auction theory: the reserve and the one-shot best reply."""

from __future__ import annotations

import math
import random
import statistics

import pytest

import gamekit
from gamekit.bots import ReserveAuctioneer, RolloutBidder, ShadingBidder, TruthfulBidder, ZeroOnEightBidder
from gamekit.games.money_monsoon.bots import best_move, reserve_bid
from gamekit.games.money_monsoon.rollouts import gain_samples
from gamekit.theory.money_monsoon import auctioneer_model_bid, one_shot_regret

LEGAL = [gamekit.Action("bid", n) for n in range(401)]
# A controlled position: seat A (0) is the auctioneer, the roll is a 4; seat B (1) moves pawn a
# from 10 onto C's pawn on 14 (a fee of 50) and into second place.
PAWNS = [[6, 0], [10, 3], [14, 0], [8, 8]]


def position_view(seat: int, roll: int = 4, pawns=PAWNS) -> dict:
    g = gamekit.new_game("money_monsoon", 4, seed=3, stack={"dice": [roll], "first_player": 0})
    view = g.view(seat)
    view["pawns"] = [list(p) for p in pawns]
    return view


@pytest.mark.parametrize("others", [3, 5])
@pytest.mark.parametrize("own", [0.0, 30.0, 100.0, 250.0])
@pytest.mark.parametrize("top", [40.0, 120.0, 300.0])
def test_the_reserve_bot_bids_the_theorys_best_auctioneer_bid_on_its_uniform_model(others, own, top):
    # best_auctioneer_bid maximizes auctioneer_payoff numerically-checked in the auctions tests;
    # the bot's closed form (top + own) / 3, capped at top, must be the same number.
    assert reserve_bid(own, top) == pytest.approx(auctioneer_model_bid(own, top, others), rel=1e-9)
    assert reserve_bid(own, top, 0.5) == pytest.approx(0.5 * auctioneer_model_bid(own, top, others), rel=1e-9)


def test_the_reserve_bot_as_auctioneer_bids_the_model_bid_of_its_rollout_estimates():
    view = position_view(0)
    for seed in range(20):
        bot = ReserveAuctioneer()
        bid = bot.choose(view, LEGAL, random.Random(seed)).value
        own, *others = bot._cache[1]
        top = max(others)
        # Its own value give or take a point (MM-A5 tie breaking), the bid rounded up or down.
        low = math.floor(reserve_bid(max(own - 1, 0), top))
        high = math.ceil(reserve_bid(own + 1, top))
        assert top > 0 and low <= bid <= high
        # Not the auctioneer: it bids its own rollout value, like `rollout`.
        bot = ReserveAuctioneer()
        bid = bot.choose(position_view(1), LEGAL, random.Random(seed)).value
        assert abs(bid - bot._cache[1][0]) <= 2


def rival_samples(samples: int, seed: int) -> list[list[int]]:
    """The sealed bids of A (shade, the auctioneer), C (truthful) and D (zero8) at the position."""
    rivals = {0: ShadingBidder(), 2: TruthfulBidder(), 3: ZeroOnEightBidder()}
    views = {s: position_view(s) for s in rivals}
    rng = random.Random(seed)
    return [[rivals[s].choose(views[s], LEGAL, rng).value for s in rivals] for _ in range(samples)]


def test_bidding_the_rollout_value_is_a_best_reply_to_the_other_bots_in_a_one_shot_auction():
    view = position_view(1)
    move = best_move(view, 1)
    gains = gain_samples(view, 1, move, 4, 3000, seed=11)
    value = statistics.mean(gains)
    half = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains))
    rivals = rival_samples(300, seed=2)
    top = max(max(r) for r in rivals)
    # The precise value (3000 rollouts) lies above every rival bid, its interval included: B should win.
    assert value - half > top
    best, mean, low, high = one_shot_regret(value, rivals, [round(value)] * len(rivals))
    assert low <= 0 <= high and mean == pytest.approx(0.0)  # bidding the value: no regret
    assert best > top
    # Shading to half the value bids below the rivals' top bid: a regret whose interval excludes 0.
    _, mean, low, high = one_shot_regret(value, rivals, [int(0.5 * value)] * len(rivals))
    assert 0.5 * (value + half) < min(max(r) for r in rivals) and low > 0


def test_the_rollout_bot_bids_a_best_reply_at_its_own_estimate_under_the_textbook_tie_rule():
    view = position_view(1)
    rivals = rival_samples(60, seed=4)
    for i, rival in enumerate(rivals):
        bot = RolloutBidder()
        bid = bot.choose(view, LEGAL, random.Random(100 + i)).value
        estimate = bot._cache[1][0]
        _, regret, _, _ = one_shot_regret(estimate, [rival, rival], [bid, bid], top_tie="seat")
        assert regret <= 2  # off its estimate by a point of tie breaking and the rounding only


def test_under_the_void_tie_rule_two_tied_rivals_make_bidding_below_them_pay():
    # C and D both bid 99 (they value the roll alike); MM-A5 voids their tie, so a bid of 87 wins
    # and pays A's 86, where bidding the value 160 wins and pays 99: truthful is not dominant here.
    best, regret, _, _ = one_shot_regret(160, [[86, 99, 99]] * 2, [160, 160])
    assert best == 87 and regret == 13
    best, regret, _, _ = one_shot_regret(160, [[86, 99, 99]] * 2, [160, 160], top_tie="seat")
    assert regret == 0
