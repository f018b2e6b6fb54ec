"""Kuhhandel's buy-in table: its interval columns, clustered by game."""

from __future__ import annotations

import pandas as pd
import pytest

from gamekit.games.kuhhandel import analysis as kh
from gamekit.simulate import simulate_records


def _auctions(games: int, per_game: int, game_column: bool) -> pd.DataFrame:
    """Own auctions of margin 1.0 whose prices move together within a game (all 10 or all 30)."""
    rows = []
    for game in range(games):
        for i in range(per_game):
            price = 10 if game % 2 else 30
            rows.append(
                {
                    "game": game,
                    "value": 1.0,
                    "outcome": "sold" if i % 3 else "bought_in",
                    "price": price + i % 2,
                    "paid": price + i % 2,
                    "set_value": 100,
                    "taker_had": 1,
                }
            )
    table = pd.DataFrame(rows)
    return table if game_column else table.drop(columns="game")


def test_buyin_intervals_are_clustered_by_game_wider_than_the_naive_ones_and_contain_the_mean():
    clustered = kh.buyin_summary(_auctions(10, 12, game_column=True)).iloc[0]
    naive = kh.buyin_summary(_auctions(10, 12, game_column=False)).iloc[0]
    for column in kh.BUYIN_MEASURES:
        low, high = clustered[f"{column}_low"], clustered[f"{column}_high"]
        assert low - 1e-9 <= clustered[column] <= high + 1e-9, column  # bought_in: every game 1/3
        assert clustered[column] == pytest.approx(naive[column])
    # the prices of a game move together (all near 10 or all near 30): wider when clustered
    width = clustered["price_sold_high"] - clustered["price_sold_low"]
    assert width > 2 * (naive["price_sold_high"] - naive["price_sold_low"])


def test_buyin_summary_of_a_simulation_keeps_its_columns_and_adds_intervals():
    runs = {
        0.0: simulate_records("kuhhandel", 4, ["value"] * 4, 10, seed=4),
        1.0: simulate_records("kuhhandel", 4, ["buyin:1.0", "value", "value", "value"], 10, seed=4),
    }
    table = kh.buyin_summary(kh.swept(runs, 4, "auctions"))
    for column in ("value", "auctions", *kh.BUYIN_MEASURES):  # what the lesson reads
        assert column in table.columns
    for column in kh.BUYIN_MEASURES:
        both = table.dropna(subset=[f"{column}_low"])
        assert (
            (both[f"{column}_low"] <= both[column] + 1e-9) & (both[column] <= both[f"{column}_high"] + 1e-9)
        ).all()
    assert table[["money_low", "money_high", "price_sold_low"]].notna().all().all()
