"""The data behind the lesson's plots, checked on tables small enough to verify by hand,
and every figure built from a real simulation."""

from __future__ import annotations

import pandas as pd
import pytest

from gamekit import analysis
from gamekit.games.for_sale import analysis as for_sale_analysis
from gamekit.simulate import simulate_records

pytest.importorskip("plotly")

from gamekit import plots
from gamekit.games.for_sale import plots as for_sale_plots


def test_price_by_house_means_and_intervals():
    purchases = pd.DataFrame({"house": [5, 5, 9], "paid": [2, 4, 7], "bot": ["a", "b", "a"]})
    table = for_sale_analysis.price_by_house(purchases)
    row5 = table[table["house"] == 5].iloc[0]
    assert row5["mean"] == 3 and row5["n"] == 2
    assert row5["ci_low"] == pytest.approx(3 - 1.96 * 2**0.5 / 2**0.5)
    row9 = table[table["house"] == 9].iloc[0]
    assert row9["ci_low"] == row9["ci_high"] == 7  # a single purchase: no spread known
    by_bot = for_sale_analysis.price_by_house(purchases, by="bot")
    assert set(zip(by_bot["bot"], by_bot["house"], strict=True)) == {("a", 5), ("b", 5), ("a", 9)}


def test_cheque_by_hand_rank_and_by_house():
    sales = pd.DataFrame(
        {"hand_rank": [1, 1, 2], "cheque": [15000, 13000, 0], "house": [30, 28, 3], "bot": "x"}
    )
    table = for_sale_analysis.cheque_by_hand_rank(sales, by=None)
    assert table.set_index("hand_rank")["mean"].to_dict() == {1: 14000, 2: 0}
    assert for_sale_analysis.cheque_by_house(sales).set_index("house")["mean"].to_dict() == {
        3: 0,
        28: 13000,
        30: 15000,
    }


def test_money_split_and_winning_margin():
    seats = pd.DataFrame(
        {
            "game": [0, 0, 1, 1],
            "bot": ["a", "b", "a", "b"],
            "coins_left": [10, 0, 6, 2],
            "cheques_total": [50000, 70000, 40000, 30000],
            "score": [60000, 70000, 46000, 32000],
        }
    )
    split = for_sale_analysis.money_split(seats).set_index("bot")
    assert split.loc["a", "coins_kept"] == 8 and split.loc["a", "money_k"] == 53
    assert split.loc["a", "coin_share"] == pytest.approx(8 / 53)
    assert analysis.winning_margin(seats)["margin"].to_list() == [10000, 14000]
    with pytest.raises(ValueError, match="missing"):
        for_sale_analysis.money_split(seats.drop(columns="coins_left"))


@pytest.fixture(scope="module")
def tables():
    return simulate_records("for_sale", 4, ["spread", "budget", "random", "spread:0.6"], games=40, seed=3)


def test_every_figure_draws_from_a_simulation(tables):
    seats, purchases, sales = tables["seats"], tables["purchases"], tables["sales"]
    figures = [
        plots.win_rates(seats),
        plots.seat_advantage(seats),
        plots.score_distribution(seats),
        for_sale_plots.price_against_house(purchases),
        for_sale_plots.price_against_house(purchases, by="bot"),
        for_sale_plots.cheque_against_rank(sales),
        for_sale_plots.coins_against_money(seats),
        plots.compare({"one": seats, "two": seats}, "score", "same twice", "money"),
    ]
    for fig in figures:
        assert fig.data and fig.layout.title.text


def test_win_rate_bars_carry_the_summary_numbers(tables):
    seats = tables["seats"]
    fig = plots.win_rates(seats)
    summary = analysis.summarize(seats)
    assert list(fig.data[0].x) == list(summary["bot"])
    assert list(fig.data[0].y) == pytest.approx(list(summary["win_rate"]))


def test_sweep_figure_follows_its_summary():
    from gamekit import experiments

    df = experiments.sweep("for_sale", 3, "spread", [0.2, 0.6], ["random", "random"], games=6, seed=1)
    summary = experiments.sweep_summary(df)
    fig = plots.sweep(summary, "fraction")
    assert list(fig.data[0].x) == [0.2, 0.6]
    assert list(fig.data[0].y) == pytest.approx(list(summary["win_rate"]))


def test_money_split_intervals_contain_the_means_and_are_clustered_by_game():
    run = simulate_records("for_sale", 4, ["spread", "save_top", "spread", "save_top"], 10, seed=2)
    split = for_sale_analysis.money_split(run["seats"])
    for mean, low, high in (
        ("coins_kept", "coins_low", "coins_high"),
        ("money_k", "money_low", "money_high"),
    ):
        assert ((split[low] < split[mean]) & (split[mean] < split[high])).all()
    # the same rows without the game column are taken as independent seats: a t interval
    naive = for_sale_analysis.money_split(run["seats"].drop(columns="game"))
    assert list(naive["money_k"]) == list(split["money_k"])
    assert (naive["money_high"] != split["money_high"]).all()


def test_burnt_against_contested_draws_every_game_below_the_budget_line(tables):
    from gamekit.theory import for_sale as theory

    per_game = theory.contested_by_game(tables)
    fig = for_sale_plots.burnt_against_contested(per_game)
    points, full, cap, mean = fig.data
    assert list(points.y) == list(per_game["paid"]) and len(points.x) == 40
    assert list(full.x) == list(full.y)  # burnt = prize
    assert set(cap.y) == {4 * 21} and max(points.y) <= 4 * 21  # nobody burns more than they hold
    assert mean.y[0] == pytest.approx(per_game["paid"].mean()) and mean.error_y.array[0] > 0
