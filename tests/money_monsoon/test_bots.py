"""Money Monsoon bots: one shared valuation a student can check by hand, and three bidding rules."""

from __future__ import annotations

import random

import pytest

import gamekit
from gamekit.bots import BOTS, ShadingBidder, TruthfulBidder, ZeroOnEightBidder, make_bot
from gamekit.games.money_monsoon.bots import bid_toward, exposure, move_value, roll_value


def start_view(roll: int = 5, players: int = 4, **options) -> dict:
    g = gamekit.new_game(
        "money_monsoon", players, seed=3, options=options, stack={"dice": [roll], "first_player": 0}
    )
    return g.view(0)


def test_roll_value_at_the_start_is_progress_minus_the_risk_taken():
    # 5 spaces at 500 / 25 = 20 each is 100; pawn a then sits 5 spaces from six rival pawns on the
    # start, each of which a die brings onto it with one face in eight: 6 x 50 / 8 = 37.5 at risk.
    assert roll_value(start_view(5)) == pytest.approx(100 - 37.5)
    # A 1 is worth 20 but risks 37.5: not worth a point.
    assert roll_value(start_view(1)) == 0.0
    # An 8 brings the winner only 4 spaces (MM-M5).
    assert roll_value(start_view(8)) == pytest.approx(80 - 37.5)


def test_move_value_counts_the_fees_a_landing_collects():
    view = start_view(3)
    view["pawns"] = [[0, 0], [3, 3], [3, 12], [20, 0]]
    # Landing on 3 collects 150 and gains 3 spaces (60). The pawns already on 3 cannot land on it
    # (they would have to move 0); of the rest only D's pawn on the start is 1 to 8 spaces away.
    risk = exposure(view, 0, [3, 0])
    assert risk == pytest.approx(50 / 8)
    assert move_value(view, 0, (("a", 3),)) == pytest.approx(150 + 60 - risk)


def test_truthful_bids_its_value_and_shading_bids_a_fraction_of_it():
    view = start_view(5)
    legal = [gamekit.Action("bid", n) for n in range(401)]
    rng = random.Random(0)
    bids = [TruthfulBidder().choose(view, legal, rng).value for _ in range(3000)]
    # 62.5 give or take a point (61.5, 62.5, 63.5), rounded up or down at random: 62.5 on average
    assert set(bids) == {61, 62, 63, 64} and sum(bids) / len(bids) == pytest.approx(62.5, abs=0.1)
    bids = [ShadingBidder(0.4).choose(view, legal, rng).value for _ in range(3000)]
    assert set(bids) == {24, 25, 26} and sum(bids) / len(bids) == pytest.approx(25, abs=0.1)
    assert {ShadingBidder(0).choose(view, legal, rng).value for _ in range(50)} == {0}  # never bids


def test_zero8_bids_nothing_on_an_8_and_its_fraction_otherwise():
    legal = [gamekit.Action("bid", n) for n in range(401)]
    rng = random.Random(0)
    assert {ZeroOnEightBidder().choose(start_view(8), legal, rng).value for _ in range(50)} == {0}
    assert {ZeroOnEightBidder(0.4).choose(start_view(5), legal, rng).value for _ in range(200)} == {
        24,
        25,
        26,
    }


def test_bots_make_the_move_their_valuation_rates_best():
    g = gamekit.new_game("money_monsoon", 4, seed=1, stack={"dice": [3], "first_player": 0})
    g.pawns[1] = [10, 0]
    g.pawns[2] = [7, 7]
    g.pawns[3] = [7, 7]
    for seat, amount in enumerate([0, 5, 0, 0]):
        g.act(seat, f"bid {amount}")
    view = g.view(1)
    # Back onto four rival pawns: 200 in fees, 60 of progress lost, less risk than on 10.
    assert move_value(view, 1, (("a", -3),)) == pytest.approx(152.5)
    assert move_value(view, 1, (("a", 3),)) == pytest.approx(60)
    action = TruthfulBidder().choose(view, g.legal_actions(1), random.Random(0))
    assert str(action) == "move a-3"


def test_bid_toward_writes_large_bids_in_steps():
    ranges = [
        gamekit.Action("bid-range", (lo, min(lo + 99, 734)), f"bid {lo}-{min(lo + 99, 734)}")
        for lo in range(0, 735, 100)
    ]
    assert str(bid_toward(250, ranges)) == "bid 200-299"
    assert str(bid_toward(9999, ranges)) == "bid 700-734"
    within = [gamekit.Action("bid", n) for n in range(200, 300)]
    assert str(bid_toward(250, within)) == "bid 250"
    assert str(bid_toward(20, within)) == "bid 200"


@pytest.mark.parametrize("name", ["truthful", "shade", "zero8"])
def test_strategy_bots_are_registered_with_one_sentence_rules(name):
    bot = make_bot(name, "money_monsoon")
    doc = (type(bot).__doc__ or "").strip()
    assert doc.endswith(".") and ". " not in doc
    assert name in BOTS
    with pytest.raises(gamekit.ConfigError):
        make_bot(name, "for_sale")


def test_bad_fractions_are_config_errors():
    with pytest.raises(gamekit.ConfigError):
        make_bot("shade:-0.5")
    assert make_bot("shade:0.8").label == "shade:0.8"
    assert make_bot("truthful").label == "truthful"


@pytest.mark.parametrize("players", [4, 5, 6])
def test_bots_play_whole_games_through_simulate(players):
    bots = ["truthful", "shade", "zero8", "random", "shade:0.9", "truthful"][:players]
    frame = gamekit.simulate("money_monsoon", players, bots, games=12, seed=2)
    assert len(frame) == 12 * players
    assert frame["finished"].all()
    assert {"fees_collected", "free_moves", "zero_bids_on_8", "borrowed"} <= set(frame.columns)


def test_bots_that_never_bid_stop_at_the_turn_limit_unfinished():
    # Every bid 0 is a tie every turn: all void, every roll lapses (MM-A5, MM-A6) until max_turns.
    g = gamekit.new_game("money_monsoon", 4, seed=1, options={"max_turns": 30})
    result = gamekit.play(g, "shade:0")
    assert result["finished"] is False and g.view()["turn"] == 30


def _answers(bot_name: str, roll: int, seat: int = 0, runs: int = 80, **options) -> list[str]:
    g = gamekit.new_game(
        "money_monsoon", 4, seed=3, options=options, stack={"dice": [roll], "first_player": 0}
    )
    bot, rng = make_bot(bot_name), random.Random(5)
    return [str(bot.choose(g.view(seat), g.legal_actions(seat), rng)) for _ in range(runs)]


@pytest.mark.parametrize("name", ["truthful", "shade", "zero8"])
def test_mm_a2_a_bot_auctioneer_sits_out_a_roll_it_would_bid_0_for_but_never_an_8(name):
    assert set(_answers(name, 1)) == {"sit out"}  # a 1 at the start is worth nothing to it
    assert "sit out" not in _answers(name, 8)  # on an 8 a 0 competes for the free 4
    assert "sit out" not in _answers(name, 5)  # a roll worth bidding for is bid for
    assert "sit out" not in _answers(name, 1, seat=1)  # only the auctioneer may sit out
    assert set(_answers(name, 1, auctioneer="must")) == {"bid 0"}  # the earlier reading


def test_mm_e4_a_broke_bot_bids_on_credit_its_value_over_1_1():
    g = gamekit.new_game("money_monsoon", 4, seed=3, stack={"dice": [5], "first_player": 0})
    g.bank += g.points[1]
    g.points[1] = 0  # B has lost all its points: it may bid up to 400 on credit
    view = g.view(1)
    value = roll_value(view)
    bot, rng = make_bot("truthful"), random.Random(2)
    bids = [bot.choose(view, g.legal_actions(1), rng).value for _ in range(600)]
    assert max(bids) > 0 and sum(bids) / len(bids) == pytest.approx(value / 1.1, abs=0.5)
    broke = gamekit.new_game(
        "money_monsoon", 4, seed=3, options={"broke_bids": "points"}, stack={"dice": [5], "first_player": 0}
    )
    broke.bank += broke.points[1]
    broke.points[1] = 0
    assert {bot.choose(broke.view(1), broke.legal_actions(1), rng).value for _ in range(20)} == {0}
