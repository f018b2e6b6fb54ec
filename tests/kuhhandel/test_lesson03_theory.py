"""Lesson 03 (issue 13): the three models of an offer's total, the offers watched in play and their
calibration curves, the paired buy-in gains, the set-owner excess over a baseline, and their figures."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from gamekit.claims import holm
from gamekit.examples import run_example
from gamekit.games.kuhhandel import analysis as kh
from gamekit.games.kuhhandel import rules
from gamekit.stats import paired_difference
from gamekit.theory import kuhhandel as theory


# ------------------------------------------------------------------ three models of an offer
def test_offer_models_in_kh_x4_the_log_knows_a_s_hand_exactly():
    """Before any cow trade A's hand is the known start hand: the offer is 3 of its 7 cards."""
    g = run_example("KH-X4").game_at(4)  # A has put 0, 0, 10 down, B watches
    models = kh.offer_models(g.log_for(1), g.view(1)).set_index("total")
    for column in ("pooled", "counts", "log"):
        assert models[column].sum() == pytest.approx(1.0)
    # 3 of {0, 0, 10, 10, 10, 10, 50}: 35 sets; a total of 20 is one 0 and two 10s: 2 * 6 = 12 of them
    assert models.loc[20, "log"] == pytest.approx(12 / 35)
    assert models.loc[0, "log"] == 0 and models.loc[110, "log"] == 0  # A holds neither three 0s nor two 50s
    assert models["pooled"].to_dict() == pytest.approx(
        {t: kh.offer_inference(3, kh.PublicInfo.of(g.view(1))).distribution.get(t, 0.0) for t in models.index}
    )
    assert models.loc[110, "counts"] > 0  # the counts model allows cards that moved unseen
    g.act(0, "offer")  # once laid, the offer is out of A's hand: the same three models
    laid = kh.offer_models(g.log_for(1), g.view(1)).set_index("total")
    assert laid.to_numpy() == pytest.approx(models.to_numpy())
    with pytest.raises(ValueError, match="not making the offer"):
        kh.offer_models(g.log_for(0), g.view(0))


def test_offer_note_reads_the_count_from_the_counts_model():
    g = run_example("KH-X4").game_at(0)
    assert "sees no offer" in kh.offer_note(g.view(1))
    g.act(0, "trade B cow")
    assert "no card yet" in kh.offer_note(g.view(1))
    g.act(0, "add 10")
    note = kh.offer_note(g.view(1))
    assert note.startswith("A has put down 1 card:") and "between 0 and 50" in note
    with pytest.raises(ValueError, match="teacher"):
        kh.offer_note(g.view())


# ------------------------------------------------------------------ offers watched in play
@pytest.fixture(scope="module")
def watched():
    return {
        rate: kh.watch_offers([f"bluffer:{rate}", "cowtrader", "value", "cowtrader"], 3, seed=11)
        for rate in (0, 1)
    }


def test_watch_offers_records_every_offer_with_a_posterior_that_allows_the_truth(watched):
    offers = watched[1]["offers"]
    assert len(offers) > 10 and set(offers["response"]) <= {"accept", "counter"}
    for row in offers.itertuples():
        assert sum(row.posterior.values()) == pytest.approx(1.0)
        assert row.posterior.get(row.total, 0.0) > 0  # the truth is always possible
        assert row.uniform.get(row.total, 0.0) > 0  # the offer is a subset of the true hand
        assert 0 <= row.below <= 1 and row.zeros <= row.cards
    assert offers["mean"].to_numpy() == pytest.approx([theory.mean(d) for d in offers["posterior"]])


def test_watch_offers_rotates_seats_and_pairs_two_runs_game_by_game(watched):
    seats = watched[0]["seats"]
    assert len(seats) == 12 and seats.groupby("game")["win_share"].sum().tolist() == pytest.approx([1, 1, 1])
    first = seats[kh.first_bot(seats, 4)]
    assert (first["bot"] == "bluffer:0").all()
    diff = paired_difference(watched[1]["seats"], "bluffer:1", "bluffer:0", table_b=seats)
    assert diff.n == 3
    again = kh.watch_offers(["bluffer:0", "cowtrader", "value", "cowtrader"], 3, seed=11)
    assert again["seats"].equals(seats)  # the same seed plays the same games


def test_calibration_curves_by_hand():
    offers = pd.DataFrame(
        {
            "cards": [1, 1, 2],
            "total": [0, 10, 50],
            "posterior": [{0: 0.5, 10: 0.5}, {10: 1.0}, {50: 1.0}],
            "uniform": [{0: 1.0}, {0: 0.5, 10: 0.5}, {50: 1.0}],
        }
    )
    curves = kh.calibration_curves(offers, cards=1).set_index("total")
    assert list(curves.index) == [0, 10]
    assert curves.loc[0, "model"] == pytest.approx(0.25) and curves.loc[10, "model"] == pytest.approx(1.0)
    assert curves.loc[0, "uniform"] == pytest.approx(0.75) and curves.loc[0, "simulated"] == 0.5
    half = math.sqrt(math.log(2 / 0.05) / 4)
    assert curves.loc[0, "ci_low"] == pytest.approx(max(0, 0.5 - half))
    assert curves.loc[0, "ci_high"] == pytest.approx(min(1, 0.5 + half)) and curves["offers"].eq(2).all()
    assert len(kh.calibration_curves(offers)) == 3
    with pytest.raises(ValueError, match="no offers of 5 cards"):
        kh.calibration_curves(offers, cards=5)


def test_calibration_interval_resamples_whole_games():
    one_game = pd.DataFrame(
        {
            "game": [0, 0],
            "cards": [1, 1],
            "total": [0, 10],
            "posterior": [{0: 0.5, 10: 0.5}, {10: 1.0}],
            "uniform": [{0: 1.0}, {10: 1.0}],
        }
    )
    twins = pd.concat([one_game, one_game.assign(game=1)], ignore_index=True)
    curves = kh.calibration_curves(twins, seed=1)  # every resample of two identical games is the same
    assert curves["ci_low"].tolist() == pytest.approx(curves["simulated"].tolist())
    assert curves["ci_high"].tolist() == pytest.approx(curves["simulated"].tolist())
    apart = pd.concat([one_game.iloc[[0]], one_game.iloc[[1]].assign(game=1)], ignore_index=True)
    wide = kh.calibration_curves(apart, seed=1).set_index("total")
    assert wide.loc[0, "simulated"] == 0.5 and wide.loc[0, "ci_low"] == 0 and wide.loc[0, "ci_high"] == 1


def test_uniform_offers_of_the_true_hand_fall_in_the_band_of_simulated_uniform_draws(watched):
    """Monte Carlo: draw each watched offer's cards uniformly from its true hand instead; the
    share of drawn totals at most t then lies in the 95 % DKW band around the exact mixture."""
    import random

    offers = pd.concat([watched[0]["offers"], watched[1]["offers"]], ignore_index=True)
    rng = random.Random(3)
    drawn = []
    for dist in offers["uniform"]:
        totals, chances = zip(*dist.items(), strict=True)
        drawn.append(rng.choices(totals, chances)[0])
    curves = kh.calibration_curves(offers.assign(total=drawn))
    half = math.sqrt(math.log(2 / 0.05) / (2 * len(offers)))
    assert (curves["uniform"] - curves["simulated"]).abs().max() <= half


# ------------------------------------------------------------------ buy-in gains, paired
def test_auction_gains_by_hand():
    records = {
        "seats": pd.DataFrame(
            {"game": [0, 0, 1, 1], "seat": [0, 1, 0, 1], "bot": ["buyin:1", "value", "value", "buyin:1"]}
        ),
        "auctions": pd.DataFrame(
            {
                "game": [0, 0, 0, 1, 1],
                "seat": [0, 0, 1, 0, 1],
                "outcome": ["sold", "bought_in", "sold", "sold", "no_bid"],
                "paid": [100, 50, 70, 40, 0],
                "set_value": [800, 1000, 10, 10, 10],
                "taker_had": [0, 1, 0, 0, 0],
            }
        ),
    }
    table = kh.auction_gains(records, 2).set_index("game")
    assert list(table["bot"]) == ["buyin:1", "buyin:1"] and list(table["seat"]) == [0, 1]
    assert table.loc[0, "money"] == 100 - 50 and table.loc[0, "worth"] == 1000 * 2 / 4
    assert table.loc[0, "net"] == 50 + 500 and table.loc[0, "bought_in"] == 1
    assert table.loc[1, ["money", "worth", "bought_in"]].tolist() == [0, 0, 0]  # its one auction found no bid


# ------------------------------------------------------------------ the set-owner baseline
def test_set_win_excess_compares_owners_with_players_of_as_many_sets():
    seats = pd.DataFrame(
        {
            "game": [0, 0, 1, 1, 2, 2],
            "seat": [0, 1, 0, 1, 0, 1],
            "win_share": [1.0, 0.0, 0.0, 1.0, 0.5, 0.5],
            "sets": [2, 2, 2, 1, 1, 1],
        }
    )
    sets = pd.DataFrame(
        {"game": [0, 0, 1, 2], "seat": [0, 1, 0, 1], "animal": ["horse", "horse", "horse", "rooster"]}
    )
    table = kh.set_win_excess(sets, seats).set_index("animal")
    # players with 2 sets won 1/3 of the time, with 1 set 2/3
    assert table.loc["horse", "baseline"] == pytest.approx(1 / 3)
    assert table.loc["horse", "excess"] == pytest.approx((1 + 0 + 0) / 3 - 1 / 3)
    assert table.loc["rooster", "excess"] == pytest.approx(0.5 - 2 / 3)
    assert math.isnan(table.loc["rooster", "ci_low"])  # one game: no clustered interval
    assert table.loc["horse", "ci_low"] <= table.loc["horse", "excess"] <= table.loc["horse", "ci_high"]
    assert table.loc["cat", "owners"] == 0 and list(table.index) == list(rules.ANIMALS)


def test_set_win_excess_adjusts_the_ten_animals_p_values_with_holm():
    # Three animals with owners in many games; the horse's owner always wins, the others' at random.
    rng = np.random.default_rng(0)
    games = 60
    seats = pd.DataFrame(
        {
            "game": np.repeat(np.arange(games), 2),
            "seat": np.tile([0, 1], games),
            "win_share": np.tile([1.0, 0.0], games),
            "sets": 1,
        }
    )
    seats.loc[seats["seat"] == 0, "win_share"] = rng.permutation(np.r_[np.ones(40), np.zeros(20)])
    seats.loc[seats["seat"] == 1, "win_share"] = 1 - seats.loc[seats["seat"] == 0, "win_share"].to_numpy()
    winners = seats[seats["win_share"] == 1][["game", "seat"]]
    sets = pd.concat(
        [
            winners.assign(animal="horse"),
            seats[seats["seat"] == 0][["game", "seat"]].assign(animal="cow"),
            seats[seats["seat"] == 1][["game", "seat"]].assign(animal="goose"),
        ]
    )
    table = kh.set_win_excess(sets, seats).set_index("animal")
    tested = table["p"].notna()
    assert set(table.index[tested]) == {"horse", "cow", "goose"}  # no owners, no test
    assert table.loc[tested, "p_holm"].tolist() == pytest.approx(holm(table.loc[tested, "p"].tolist()))
    assert (table.loc[tested, "p_holm"] >= table.loc[tested, "p"]).all()
    for animal in ("horse", "cow", "goose"):  # p below 0.05 exactly where the 95 % interval leaves 0
        row = table.loc[animal]
        assert (row["p"] < 0.05) == (row["ci_low"] > 0 or row["ci_high"] < 0)
    assert table.loc["horse", "p_holm"] < 0.05 and table.loc["horse", "excess"] > 0


# ------------------------------------------------------------------ figures
def test_lesson03_figures_build(watched):
    pytest.importorskip("plotly")
    from gamekit.games.kuhhandel import plots as figures

    g = run_example("KH-X4").game_at(4)
    models = kh.offer_models(g.log_for(1), g.view(1))
    assert [t.name for t in figures.offer_models(models, mark=20).data] == [
        "every unseen card alike (pooled)",
        "equal start hands + card counts",
        "the whole public log (exact)",
    ]
    offers = pd.concat([watched[0]["offers"], watched[1]["offers"]])
    fig = figures.offer_calibration(kh.calibration_curves(offers))
    assert [t.name for t in fig.data][-3:] == [
        "the bots' real offers (simulated)",
        "a uniform draw from the true hand",
        "posterior from the card count (theory)",
    ]
    gains = figures.counter_gains(
        {"counts": models.set_index("total")["counts"].to_dict()}, [0, 10, 20], 80, 40
    )
    assert list(gains.data[0].y) == pytest.approx(
        [theory.counter_gain(c, models.set_index("total")["counts"].to_dict(), 80, 40) for c in (0, 10, 20)]
    )
    seats = pd.DataFrame({"game": [0, 1], "seat": [0, 0], "win_share": [1.0, 0.0], "sets": [1, 1]})
    sets = pd.DataFrame({"game": [0, 1], "seat": [0, 0], "animal": ["horse", "horse"]})
    bars = figures.set_win_excess(kh.set_win_excess(sets, seats))
    assert len(bars.data[0].x) == 10 and bars.data[0].error_y.array is not None
