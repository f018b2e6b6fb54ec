"""Experiments: settings compared on the same seed, a bot parameter swept."""

from __future__ import annotations

import pytest

from gamekit import experiments
from gamekit.simulate import simulate_records


def test_compare_settings_runs_each_labelled_option_set():
    results = experiments.compare_settings(
        "for_sale",
        4,
        "spread",
        games=8,
        seed=1,
        settings={"IELLO": {"edition": "iello-2020"}, "classic": {"edition": "classic"}},
    )
    assert set(results) == {"IELLO", "classic"}
    both = experiments.stacked(results)
    assert len(both) == 2 * 8 * 4 and set(both["setting"]) == {"IELLO", "classic"}
    # FS-C2/FS-C3 with 4 players: 21 coins in the IELLO edition, 18 in the classic one
    coins = both.groupby("setting")[["coins_left", "coins_paid"]].sum().sum(axis=1) / (8 * 4)
    assert coins.to_dict() == {"IELLO": 21, "classic": 18}
    purchases = experiments.stacked(results, "purchases")
    assert len(purchases) == 2 * 8 * 28


def test_sweep_marks_the_swept_bot_and_summarizes_per_value():
    df = experiments.sweep("for_sale", 3, "spread", [0.1, 0.9], ["budget", "budget"], games=6, seed=2)
    swept = df.dropna(subset=["value"])
    assert len(df) == 2 * 6 * 3 and len(swept) == 2 * 6
    assert set(swept["bot"]) == {"spread:0.1", "spread:0.9"}
    summary = experiments.sweep_summary(df)
    assert summary["value"].to_list() == [0.1, 0.9]
    assert (summary["games"] == 6).all()
    assert ((summary["ci_low"] <= summary["win_rate"]) & (summary["win_rate"] <= summary["ci_high"])).all()


def test_sweep_needs_one_opponent_per_other_seat():
    with pytest.raises(ValueError, match="need 2 opponents"):
        experiments.sweep("for_sale", 3, "spread", [0.5], ["budget"], games=2)


@pytest.mark.parametrize(("name", "bot"), [
    ("for_sale", "spread"), ("money_monsoon", "truthful"), ("kuhhandel", "bluffer"), ("bohnanza", "trader"),
])  # fmt: skip
def test_each_game_has_its_own_measures_one_row_per_game(name, bot):
    records = simulate_records(name, 4, bot, 6, seed=4)
    measures = experiments.game_measures(name, records)
    assert list(measures.index) == list(range(6)) and len(measures.columns) >= 3
    assert measures.notna().all().all()
    seats = records["seats"].groupby("game")
    if name == "for_sale":  # every coin paid is a coin paid for one of the 28 houses (7 rounds x 4)
        assert (measures["coins paid per house"] * 28).round(6).tolist() == seats["coins_paid"].sum().tolist()
        assert (measures["coins kept per player"] == seats["coins_left"].mean()).all()
    if name == "money_monsoon":  # the second price never exceeds the winning bid (MM-A3)
        assert measures["price / winning bid"].between(0, 1).all()
        assert measures["biddings lapsed (share)"].between(0, 1).all()
    if name == "kuhhandel":
        assert measures["cow trades"].tolist() == records["trades"].groupby("game").size().tolist()
    if name == "bohnanza":
        assert (measures["thaler per player"] == seats["score"].mean()).all()
        assert measures["turns"].tolist() == records["turns"].groupby("game").size().tolist()


def test_compare_measures_pairs_the_setting_with_the_default_game_by_game():
    compared = experiments.compare_measures(
        "money_monsoon", 4, "truthful", games=40, seed=5, options={"top_tie": "seat"}
    )
    row = compared.set_index("measure").loc["biddings lapsed (share)"]
    # MM-A5/A6: with ties won by seat no bidding lapses; with tied top bids void (the default) some
    # do, so the paired difference is below zero and its interval says so.
    assert row["chosen"] == 0 and row["baseline"] > 0
    assert row["difference_high"] < 0 and row["paired_games"] == 40
    assert (compared["chosen_low"] <= compared["chosen"]).all()
    assert (compared["chosen"] <= compared["chosen_high"]).all()
    # The difference is the mean of game-by-game differences on the same seeds.
    chosen = experiments.game_measures(
        "money_monsoon",
        simulate_records("money_monsoon", 4, "truthful", 40, seed=5, options={"top_tie": "seat"}),
    )
    baseline = experiments.game_measures(
        "money_monsoon", simulate_records("money_monsoon", 4, "truthful", 40, seed=5)
    )
    turns = compared.set_index("measure").loc["turns"]
    assert turns["difference"] == pytest.approx((chosen["turns"] - baseline["turns"]).mean())


def test_the_default_setting_is_run_once_and_shows_no_difference():
    compared = experiments.compare_measures(
        "for_sale", 3, "spread", games=6, seed=1, options={"edition": "iello-2020"}
    )
    assert (compared["chosen"] == compared["baseline"]).all()
    assert compared["difference"].isna().all() and (compared["paired_games"] == 0).all()
    table = experiments.measures_table(compared)
    assert "– (same setting)" in set(table.iloc[:, 3])


def test_overview_shows_a_readable_table_and_one_panel_per_measure():
    table, figure = experiments.overview(
        "for_sale", 4, "spread", games=8, seed=1, options={"edition": "classic"}
    )
    assert list(table["Measure"]) == [
        "coins paid per house",
        "houses taken free (share)",
        "coins kept per player",
    ]
    assert not any("_" in column for column in table.columns)  # readable headers
    assert all(" to " in cell for cell in table.iloc[:, 1])  # every value with its interval
    assert len(figure.data) == 2 * len(table)  # the default and the chosen setting in each panel
    assert "difference" in figure.layout.annotations[0].text


def test_sweep_counts_only_the_swept_seat_even_against_its_own_twin():
    df = experiments.sweep("for_sale", 3, "spread", [0.3], ["spread:0.3", "budget"], games=6, seed=2)
    swept = df.dropna(subset=["value"])
    assert len(swept) == 6 and swept.groupby("game").size().eq(1).all()
    assert (swept["seat"] == (-swept["game"]) % 3).all()
