"""Money Monsoon's tie table: each share with its interval, clustered by game."""

from __future__ import annotations

import pandas as pd

from gamekit import experiments
from gamekit.analysis import wilson_interval
from gamekit.games.money_monsoon import analysis as mm


def test_tie_summary_intervals_contain_each_measure():
    runs = experiments.compare_settings(
        "money_monsoon", 4, "truthful", 12, {"void": {"top_tie": "void"}, "seat": {"top_tie": "seat"}}, seed=2
    )
    table = mm.tie_summary(experiments.stacked(runs, "auctions"), experiments.stacked(runs))
    for column in mm.TIE_COLUMNS:
        low, high = table[f"{column}_low"], table[f"{column}_high"]
        assert (low.notna() & high.notna()).all(), column
        assert ((low <= table[column] + 1e-9) & (table[column] <= high + 1e-9)).all(), column


def test_tie_shares_are_clustered_by_game():
    """Biddings of a game all tied or all not: the interval is wider than Wilson's over biddings."""
    rows = [
        {
            "setting": "x",
            "game": g,
            "turn": t,
            "seat": 0,
            "top_tied": g % 2 == 0,
            "winner": 1.0,
            "winning_bid": 10,
            "price": 5,
        }
        for g in range(20)
        for t in range(10)
    ]
    seats = pd.DataFrame({"setting": "x", "game": range(20), "turns": [10 + g % 3 for g in range(20)]})
    row = mm.tie_summary(pd.DataFrame(rows), seats).iloc[0]
    low, high = wilson_interval(100, 200)
    assert row["top_tied"] == 0.5 and row["top_tied_high"] - row["top_tied_low"] > 2 * (high - low)
    assert row["turns_low"] < row["turns"] == 11 - 1 / 20 < row["turns_high"]
