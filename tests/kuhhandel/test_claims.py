"""Lesson 03's claim measures: one value per game (or per run and game), deterministic, paired on
the same deals, and equal to the figure computed directly from the runs."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from gamekit import claims
from gamekit.games.kuhhandel import claims as kh_claims

GAMES = 6


def test_every_lesson_03_claim_is_registered_with_five_seeds_and_a_scope():
    mine = [c for c in claims.all_claims().values() if c.lesson == "03"]
    assert len(mine) == 17
    for claim in mine:
        assert claim.measure.__module__ == kh_claims.__name__
        assert len(claim.seeds) >= 5 and "these bots" in claim.scope


def test_paired_win_share_is_game_by_game_and_refuses_runs_that_do_not_pair():
    a = pd.DataFrame({"game": [0, 0, 1, 1], "bot": ["x", "y", "x", "y"], "win_share": [1.0, 0.0, 0.5, 0.5]})
    b = pd.DataFrame({"game": [0, 0, 1, 1], "bot": ["z", "y", "z", "y"], "win_share": [0.0, 1.0, 0.0, 1.0]})
    assert kh_claims.paired_win_share(a, "x", b, "z") == [1.0, 0.5]
    with pytest.raises(ValueError, match="pair"):
        kh_claims.paired_win_share(a, "x", b[b["game"] == 0], "z")


def test_buyin_measures_are_deterministic_and_paired_on_the_same_deals():
    first = kh_claims.buyin_1_win_share_minus_never(7, GAMES)
    kh_claims.buyin_run.cache_clear()
    assert kh_claims.buyin_1_win_share_minus_never(7, GAMES) == first and len(first) == GAMES
    seats = {m: kh_claims.buyin_run(m, 7, GAMES)["seats"] for m in (0, 1)}
    for game in range(GAMES):  # the changed bot sits in the same seat of the same deal
        at = [
            s[(s["game"] == game) & s["bot"].str.startswith("buyin")]["seat"].item() for s in seats.values()
        ]
        assert at[0] == at[1]


def test_price_and_set_measures_match_the_runs():
    run = kh_claims.buyin_run(0, 7, GAMES)
    seats, sets = run["seats"], run["sets"]
    horse = kh_claims.horse_owner_excess(7, GAMES)
    owners = sets[sets["animal"] == "horse"].merge(seats, on=["game", "seat"])
    assert len(horse) == len(owners)
    baseline = seats.groupby("sets")["win_share"].mean()
    assert sum(horse) == pytest.approx(sum(owners["win_share"] - owners["sets"].map(baseline)))
    prices = kh_claims.price_after_four_donkeys_minus_before_any(7, GAMES)
    assert prices and all(math.isfinite(p) for p in prices)


def test_price_steps_are_each_games_difference_between_neighbouring_donkey_counts():
    auctions = kh_claims.buyin_run(0, 7, GAMES)["auctions"]
    bid = auctions[auctions["outcome"] != "no_bid"]
    steps = (
        kh_claims.price_step_first_donkey,
        kh_claims.price_step_second_donkey,
        kh_claims.price_step_third_donkey,
        kh_claims.price_step_fourth_donkey,
    )
    for donkeys, step in enumerate(steps):
        expected = []
        for _, game in bid.groupby("game"):
            before = game[game["donkeys_seen"] == donkeys]["price"]
            after = game[game["donkeys_seen"] == donkeys + 1]["price"]
            if len(before) and len(after):
                expected.append(after.mean() - before.mean())
        assert step(7, GAMES) == pytest.approx(expected)


def test_sold_lots_measure_compares_each_auctioneers_own_sales_on_the_same_deal():
    runs = {m: kh_claims.buyin_run(m, 7, GAMES)["auctions"] for m in (0, 1)}
    expected = []
    for game in range(GAMES):
        means = []
        for margin, auctions in runs.items():
            own = auctions[
                (auctions["game"] == game)
                & (auctions["bot"] == f"buyin:{margin}")
                & (auctions["outcome"] == "sold")
            ]
            means.append(own["price"].mean())
        if all(math.isfinite(m) for m in means):
            expected.append(means[1] - means[0])
    assert kh_claims.buyin_sold_minus_never_sold_price(7, GAMES) == pytest.approx(expected)


def test_equilibrium_measures_compare_one_seat_against_three_cowtraders():
    against_bluffer = kh_claims.cowtrader_minus_bluffer_at_equilibrium(3, 2)
    assert len(against_bluffer) == 2 and all(-1 <= d <= 1 for d in against_bluffer)
    seats = kh_claims.equilibrium_run("bluffer:0.3", 3, 2)
    assert sorted(seats["bot"].unique()) == ["bluffer:0.3", "cowtrader:3"]


def test_offer_measures_have_one_value_per_run_and_game():
    errors = kh_claims.posterior_mean_error(3, 2)
    ranks = kh_claims.posterior_rank_minus_half(3, 2)
    offers = pd.concat([kh_claims.bluff_run(r, 3, 2)["offers"].assign(run=r) for r in (0, 1)])
    assert len(errors) == len(ranks) == offers.groupby(["run", "game"]).ngroups
    assert all(-0.5 <= r <= 0.5 for r in ranks)
    assert len(kh_claims.bluffer_always_minus_never(3, 2)) == 2
