"""Lesson 02 (issue 13): truthful means bidding the rollout value; the auctioneer's bid as theory
prices it and as simulated rolls play it; the head-to-head tables and their figures."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from gamekit.games.money_monsoon import analysis as mm
from gamekit.games.money_monsoon import plots as mm_plots
from gamekit.games.money_monsoon import rules
from gamekit.simulate import simulate
from gamekit.theory.money_monsoon import (
    auctioneer_model_bid,
    auctioneer_model_payoff,
    auctioneer_regret,
    auctioneer_sit_out_payoff,
    one_shot_regret,
    simulated_auctioneer_payoffs,
)


# ------------------------------------------------------------------ theory
def test_auctioneer_model_payoff_with_bid_0_is_the_expected_second_highest_value():
    # Bid 0: a rival always wins and pays the second-highest of 3 values, top (n-1)/(n+1) on average.
    assert auctioneer_model_payoff(0, 0, 120, 3) == pytest.approx(120 * 2 / 4)
    # A bid above every value: the auctioneer keeps the roll and pays the bank the top value, E = 3/4 top.
    assert auctioneer_model_payoff(120, 50, 120, 3) == pytest.approx(50 - 120 * 3 / 4)


def test_mm_a2_an_auctioneer_that_sits_out_earns_the_second_highest_rival_value():
    # The theory: with three rival values uniform on [0, 120], half the top on average, as a bid of 0.
    assert auctioneer_sit_out_payoff(120, 3) == pytest.approx(60) == auctioneer_model_payoff(0, 0, 120, 3)
    # The engine's pricing with the auctioneer (seat 0) sitting out, on sampled whole rival bids.
    rng = np.random.default_rng(4)
    rivals = rng.integers(0, 121, size=(4000, 3))
    prices = []
    for row in rivals:
        winner, price, _ = rules.auction_outcome([None, *row.tolist()], None, "seat", halved=False)
        assert winner != 0
        prices.append(price)
    half = 1.96 * np.std(prices, ddof=1) / math.sqrt(len(prices))
    assert abs(np.mean(prices) - auctioneer_sit_out_payoff(120, 3)) < 2 * half + 0.5
    # The auctioneer's best bid earns more than sitting out: the reserve's gain it gives up.
    best = auctioneer_model_bid(0, 120, 3)
    assert auctioneer_model_payoff(best, 0, 120, 3) > auctioneer_sit_out_payoff(120, 3)


@pytest.mark.parametrize("own", [0.0, 30.0, 90.0])
def test_simulated_rolls_priced_by_the_game_match_the_auctioneer_theory(own):
    bids = [0.0, auctioneer_model_bid(own, 120, 3), own, 100.0]
    sample = simulated_auctioneer_payoffs(bids, own, 120, 3, 4000, seed=5)
    assert sample.shape == (4000, 4)
    for column, bid in zip(sample.T, bids, strict=True):
        half = 1.96 * column.std(ddof=1) / math.sqrt(len(column))
        assert abs(column.mean() - auctioneer_model_payoff(bid, own, 120, 3)) < 2 * half


def test_the_auctioneers_best_bid_is_a_third_not_myersons_half_and_bidding_its_value_has_regret():
    top, others = 1.0, 3
    best = auctioneer_model_bid(0.0, top, others)
    assert best == pytest.approx(1 / 3)
    payoff = [auctioneer_model_payoff(b / 100, 0.0, top, others) for b in range(101)]
    assert max(range(101), key=payoff.__getitem__) == 33
    # A plain reserve (the price kept) would peak at Myerson's 1/2.
    plain = [auctioneer_model_payoff(b / 100, 0.0, top, others, "reserve") for b in range(101)]
    assert max(range(101), key=plain.__getitem__) == 50
    assert auctioneer_regret(0.0, top, others) > 0 and auctioneer_regret(0.9, top, others) > 0
    assert auctioneer_regret(0.5, top, others) == pytest.approx(0.0, abs=1e-12)  # (1 + 0.5) / 3 = 0.5
    with pytest.raises(ValueError, match="two auctions"):
        simulated_auctioneer_payoffs([0.0], 0.0, 1.0, 3, 1, seed=0)


def test_void_ties_make_87_beat_the_true_160_and_the_seat_rule_does_not():
    best, regret, _, _ = one_shot_regret(160, [[86, 99, 99]] * 2, [160, 160])
    assert (best, regret) == (87, 13)


# ------------------------------------------------------------------ tables
def test_truthful_regret_table_bidders_have_no_regret_the_auctioneer_some_and_theory_is_in_range():
    table = mm.truthful_regret_table([0, 10, 18, 20], top=20, others=3, samples=600, seed=3)
    assert len(table) == 12 and set(table["role"]) == {
        "bidder, seat ties",
        "bidder, void ties (MM-A5)",
        "auctioneer (MM-A4)",
    }
    seat = table[table["role"] == "bidder, seat ties"]
    assert (seat["regret"] == 0).all() and (seat["theory"] == 0).all()
    assert table[table["role"].str.startswith("bidder, void")]["theory"].isna().all()
    auct = table[table["role"] == "auctioneer (MM-A4)"].set_index("value")
    assert auct.loc[10, "theory"] == pytest.approx(0.0, abs=1e-9)  # (20 + 10) / 3 = 10: its value is best
    assert auct.loc[20, "ci_low"] > 0 and auct.loc[20, "theory"] > auct.loc[18, "theory"] > 0
    inside = (auct["ci_low"] - 1e-9 <= auct["theory"]) & (auct["theory"] <= auct["ci_high"] + 1e-9)
    assert inside.sum() >= 3  # a 95 % interval may miss once in four


def test_auctioneer_payoff_table_columns_and_theory_inside_the_simulated_band():
    table = mm.auctioneer_payoff_table([0, 10, 20, 30], own=5, top=30, others=3, auctions=3000, seed=1)
    assert list(table.columns) == ["bid", "theory", "reserve_theory", "simulated", "sim_low", "sim_high"]
    assert ((table["sim_low"] <= table["theory"] + 0.5) & (table["theory"] - 0.5 <= table["sim_high"])).all()
    assert table.loc[0, "theory"] == table.loc[0, "reserve_theory"]  # bid 0: it never keeps the roll


@pytest.fixture(scope="module")
def runs():
    return mm.head_to_head_runs(["shade:0", "shade:0.3", "shade:1"], "shade", games=12, seed=4)


def test_head_to_head_runs_seat_the_two_bots_alternately_on_the_same_deals(runs):
    assert list(runs) == ["shade:0", "shade:0.3", "shade:1"]
    first = runs["shade:0"]
    game0 = first[first["game"] == 0].sort_values("seat")
    assert list(game0["bot"]) == ["shade:0", "shade:0.6", "shade:0", "shade:0.6"]
    with pytest.raises(ValueError, match="opponent"):
        mm.head_to_head_runs(["shade:0.6"], "shade", games=2, seed=0)


def test_head_to_head_pairs_within_games_and_across_runs(runs):
    from gamekit.stats import paired_difference

    table = mm.head_to_head(runs, baseline="shade:1", fractions={"shade:0": 0.0, "shade:1": 1.0})
    t = table.set_index("spec")
    assert list(t["bot"]) == ["shade:0", "shade:0.3", "shade:1"] and set(t["opponent"]) == {"shade:0.6"}
    assert t.loc["shade:0", "fraction"] == 0.0 and math.isnan(t.loc["shade:0.3", "fraction"])
    found = paired_difference(runs["shade:0"], "shade:0", "shade:0.6")
    assert t.loc["shade:0", "difference"] == pytest.approx(found.difference)
    assert t.loc["shade:0", ["win_share", "opponent_share"]].sum() == pytest.approx(0.5)
    assert t.loc["shade:1", "vs_baseline"] == 0
    # Across runs: shade:0's win share minus shade:1's, seat by seat (the first-listed bot's seats).
    per_seat = [runs[s].loc[lambda d: d["bot"] == d["bot"].iloc[0]] for s in ("shade:0", "shade:1")]
    assert len(per_seat[0]) == len(per_seat[1])
    a = runs["shade:0"].query("bot == 'shade:0'").groupby("game")["win_share"].mean()
    b = runs["shade:1"].query("bot == 'shade:1'").groupby("game")["win_share"].mean()
    assert t.loc["shade:0", "vs_baseline"] == pytest.approx((a - b).mean())
    assert t.loc["shade:0", "vs_low"] < t.loc["shade:0", "vs_baseline"] < t.loc["shade:0", "vs_high"]


def test_first_seat_difference_finds_the_first_bot_by_seat_whatever_its_label():
    same = simulate("money_monsoon", 4, ["shade", "shade", "truthful", "zero8"], 6, seed=2)
    found = mm.first_seat_difference(same, same)
    assert found.difference == 0 and found.n == 6
    other = simulate("money_monsoon", 4, ["shade:0", "shade", "truthful", "zero8"], 6, seed=2)
    found = mm.first_seat_difference(other, same)
    first = other[other["bot"] == "shade:0"].set_index("game")["win_share"]
    seats = other[other["bot"] == "shade:0"].set_index("game")["seat"]
    base = same.set_index(["game", "seat"])["win_share"]
    expected = (first - base.loc[list(zip(seats.index, seats, strict=True))].to_numpy()).mean()
    assert found.difference == pytest.approx(expected)


def test_never_bidding_is_the_same_strategy_whether_the_value_is_a_rollout_or_the_hand_valuation():
    # rollout:0 and shade:0 both bid 0 and move by move_value: the same games, move for move.
    bots = ["shade", "truthful", "zero8"]
    a = simulate("money_monsoon", 4, ["rollout:0", *bots], 2, seed=9)
    b = simulate("money_monsoon", 4, ["shade:0", *bots], 2, seed=9)
    columns = ["game", "seat", "score", "turns", "prices_paid", "rolls_won", "free_moves"]
    pd.testing.assert_frame_equal(a[columns], b[columns])


# ------------------------------------------------------------------ figures
def test_the_lesson_figures_draw_theory_lines_and_simulated_markers_with_intervals(runs):
    table = mm.head_to_head(runs, baseline="shade:1", fractions={"shade:0": 0.0, "shade:1": 1.0})
    fig = mm_plots.fraction_sweep(table)
    assert len(fig.data) == 8  # swept rows: 4 traces; the row without a fraction: 4 diamonds
    assert all(t.error_y.array is not None for t in fig.data)
    payoff = mm.auctioneer_payoff_table([0, 10, 20], own=0, top=30, others=3, auctions=200, seed=1)
    fig = mm_plots.auctioneer_bid(payoff, own=0, top=30, others=3)
    assert [t.mode for t in fig.data] == ["lines", "lines", "markers"]
    assert [s.x0 for s in fig.layout.shapes] == [0, 10, 15]
    regret = mm.truthful_regret_table([0, 20], top=20, others=3, samples=50, seed=1)
    fig = mm_plots.truthful_regret(regret)
    assert [t.name for t in fig.data] == [
        "bidder, seat ties: theory",
        "bidder, seat ties: simulated",
        "bidder, void ties (MM-A5): simulated",
        "auctioneer (MM-A4): theory",
        "auctioneer (MM-A4): simulated",
    ]
