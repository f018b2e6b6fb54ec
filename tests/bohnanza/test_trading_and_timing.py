"""Lesson 04 (issue 13): trading's effect on winning, a deal played out both ways, and the exact
harvest forecast beside the games (``analysis`` and ``plots``, block "lesson 04 (issue 13)")."""

from __future__ import annotations

import random

import pandas as pd
import plotly.graph_objects as go
import pytest

import gamekit
from gamekit.games.bohnanza import analysis as beans
from gamekit.games.bohnanza import plots as bean_plots
from gamekit.games.bohnanza import rules
from gamekit.theory.bohnanza import harvest_now_or_wait


@pytest.fixture(scope="module")
def grower_games() -> list[gamekit.Game]:
    return beans.played_games("grower", 6, seed=11)


# ------------------------------------------------------------------ trading and winning
def test_non_trader_never_proposes_nor_accepts():
    g = gamekit.new_game("bohnanza", 4, seed=5)
    gamekit.play(g, ["grower", beans.NonTrader("grower")] * 2)
    deals = g.records()["deals"]
    assert deals, "the growers offer beans to everyone"
    assert all(d["seat"] in (0, 2) for d in deals)  # only the traders propose
    assert not any(d["accepted"] for d in deals if d["partner"] in (1, 3))  # the non-traders refuse all
    assert g.stats(1)["deals"] == g.stats(3)["deals"] == 0
    assert beans.NonTrader("grower").label == "grower:3 (no trading)"


def test_trading_effect_pairs_traders_and_non_traders_game_by_game():
    effect = beans.trading_effect("trader", games=8, seed=3)
    seats = effect["seats"]
    assert set(seats["bot"]) == {"trader:0.5", "trader:0.5 (no trading)"}
    ws = effect["win_share"]
    assert ws.n == 8 and ws.bot_a == "trader:0.5"
    per_game = seats.groupby(["game", "bot"])["win_share"].mean().unstack()
    assert ws.difference == pytest.approx(
        (per_game["trader:0.5"] - per_game["trader:0.5 (no trading)"]).mean()
    )
    assert effect["thaler"].column == "score"
    table = beans.paired_table({"w": ws, "t": effect["thaler"]})
    assert list(table["comparison"]) == ["w", "t"] and list(table["measure"]) == ["win share", "score"]
    assert (table["ci_low"] <= table["difference"]).all() and (table["difference"] <= table["ci_high"]).all()


# ------------------------------------------------------------------ a deal played out both ways
def test_rank_counts_ties_as_shared():
    assert beans._rank_of([3, 5, 5], 1) == beans._rank_of([3, 5, 5], 2) == 1
    assert beans._rank_of([3, 5, 5], 0) == 3


def test_deal_counterfactuals_replay_each_branch(grower_games):
    table = beans.deal_counterfactuals(grower_games[:2], per_game=1, seed=4)
    assert len(table) == 2
    row = table.iloc[0]
    game = grower_games[int(row["game"])]
    assert str(game.history[int(row["step"])][1]) == "accept"
    # Play the two branches by hand: the table holds their differences.
    ends = {}
    for answer in ("accept", "reject"):
        g = game.at(int(row["step"]))
        g.act(int(row["partner"]), answer)
        gamekit.play(g, "grower")
        ends[answer] = g.result()["scores"]
    a, p = int(row["active"]), int(row["partner"])
    assert row["active_thaler_gain"] == ends["accept"][a] - ends["reject"][a]
    assert row["partner_thaler_gain"] == ends["accept"][p] - ends["reject"][p]
    assert row["gap_change"] == row["active_thaler_gain"] - row["partner_thaler_gain"]
    assert a != p and table["active_rank_gain"].between(-3, 3).all()


def test_deal_tension_counts_by_hand():
    table = pd.DataFrame(
        {
            "active_thaler_gain": [1, 2, -1, 0],
            "partner_thaler_gain": [3, 1, 2, 0],
            "active_rank_gain": [0, 1, -1, 0],
            "partner_rank_gain": [1, 0, 1, 0],
            "active_won_gain": [0, 1, 0, 0],
            "partner_won_gain": [0, -1, 0, 0],
            "gap_change": [-2, 1, -3, 0],
            "game": [0, 1, 2, 3],
        }
    )
    t = beans.deal_tension(table).set_index("what the deal did")
    assert t.loc["both sides gain thaler", "deals"] == 2
    assert t.loc["both gain thaler, the partner more", "deals"] == 1
    assert t.loc["the partner gains more ranks than the active player", "deals"] == 2
    assert t.loc["the deal changes who wins", "share"] == 0.25
    assert (t["ci_low"] <= t["share"]).all() and (t["share"] <= t["ci_high"]).all()
    assert beans.gap_change(table).mean == pytest.approx(-1.0)
    assert isinstance(bean_plots.deal_tension(t.reset_index()), go.Figure)


# ------------------------------------------------------------------ the harvest forecast
def test_harvest_forecasts_rows_are_the_theory_and_the_cards_that_came(grower_games):
    forecasts = beans.harvest_forecasts(grower_games[:2])
    assert len(forecasts) > 20
    row = forecasts.iloc[len(forecasts) // 2]
    turns = row["draws"] // 2
    pay = rules.HARVEST[row["bean"]]
    now, expected = harvest_now_or_wait(
        pay, row["count"], row["known"], row["unseen_of_bean"], row["unseen_total"], row["draws"]
    )
    assert row["now"] == now == rules.HARVEST[row["bean"]][row["count"]]
    assert row["expected"] == pytest.approx(expected)
    # The cards that came: the player's own turn-ups on its next `turns` turns, from the log.
    game = grower_games[int(row["game"])]
    ups = [e["cards"] for e in game.log if e["type"] == "turn-up"]
    mine = [
        t["turn"] for t in game.records()["turns"] if t["seat"] == row["seat"] and t["turn"] >= row["turn"]
    ]
    came = [c for t in mine[:turns] for c in ups[t - 1]]
    top = len(rules.HARVEST[row["bean"]]) - 1
    total = row["count"] + row["known"] + came.count(row["bean"])
    assert row["with_cards_that_came"] == rules.HARVEST[row["bean"]][min(total, top)]
    assert (forecasts["expected"] >= forecasts["now"] - 1e-9).all()


def test_the_forecast_agrees_with_the_cards_that_came(grower_games):
    # The interval comes from the sample; it excludes a bias of a fifth of a thaler either way.
    errors = beans.forecast_errors(beans.harvest_forecasts(grower_games)).set_index("outcome")
    came = errors.loc["the formula with the cards that came"]
    assert came["ci_low"] < 0 < came["ci_high"]
    assert -0.2 < came["ci_low"] and came["ci_high"] < 0.2
    paid = errors.loc["what the field paid in the game"]
    assert paid["ci_low"] > 0  # deals feed the fields: the game pays more than the forecast


def test_hypergeometric_forecast_matches_shuffled_cards():
    rng = random.Random(3)
    pool = ["soy"] * 7 + ["other"] * 33
    pay = rules.HARVEST["soy"]
    draws, trials = 6, 20000
    values = []
    for _ in range(trials):
        got = rng.sample(pool, draws).count("soy")
        values.append(pay[min(3 + 1 + got, len(pay) - 1)])
    mean = sum(values) / trials
    sd = (sum((v - mean) ** 2 for v in values) / (trials - 1)) ** 0.5
    _, exact = harvest_now_or_wait(pay, 3, 1, 7, 40, draws)
    assert abs(mean - exact) < 3 * sd / trials**0.5


def test_forecast_calibration_bins_and_figure(grower_games):
    forecasts = beans.harvest_forecasts(grower_games[:3])
    table = beans.forecast_calibration(forecasts)
    assert set(table["outcome"]) == {
        "the formula with the cards that came",
        "what the field paid in the game",
    }
    assert (table["ci_low"] <= table["mean"]).all() and (table["mean"] <= table["ci_high"]).all()
    assert (table["bin"] * 2 == (table["bin"] * 2).round()).all()
    fig = bean_plots.forecast_calibration(table)
    assert len(fig.data) == 3 and fig.data[1].error_y.array is not None


# ------------------------------------------------------------------ tables of finished games
def test_games_records_and_game_means(grower_games):
    run = beans.games_records(grower_games[:3])
    seats = run["seats"]
    assert len(seats) == 12 and set(run) == {"seats", "deals", "harvests"}
    for g_index, game in enumerate(grower_games[:3]):
        assert seats[seats["game"] == g_index]["score"].tolist() == game.result()["scores"]
        assert (run["harvests"]["game"] == g_index).sum() == len(game.records()["harvests"])
    assert seats.groupby("game")["win_share"].sum().round(9).eq(1).all()
    means = beans.game_means(seats.assign(setting="growers"))
    assert means.loc[0, "n"] == 3
    assert means.loc[0, "mean"] == pytest.approx(seats["score"].mean())


def test_readable_and_paired_differences():
    table = pd.DataFrame(
        {
            "comparison": ["x"],
            "measure": ["win share"],
            "difference": [0.2],
            "ci_low": [0.1],
            "ci_high": [0.3],
        }
    )
    html = bean_plots.readable(table, percent=("difference",)).to_html()
    assert "95 % CI low" in html and "20%" in html and "ci_low" not in html
    fig = bean_plots.paired_differences(table)
    assert list(fig.data[0].error_x.array) == pytest.approx([0.1])
    two = pd.concat([table, table.assign(measure="score", difference=2.0, ci_low=1.0, ci_high=3.0)])
    fig = bean_plots.paired_differences(two)
    assert len(fig.data) == 2 and list(fig.data[1].x) == [2.0]  # one panel per measure
