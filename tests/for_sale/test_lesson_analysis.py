"""Lesson 01 (issue 13): selling rules against a baseline, free houses, what-ifs over many deals."""

from __future__ import annotations

import pandas as pd
import pytest

from gamekit.games.for_sale import analysis, plots
from gamekit.simulate import simulate
from gamekit.stats import paired_difference
from gamekit.teach import Replay, what_if
from gamekit.theory import for_sale as theory


@pytest.fixture(scope="module")
def mixed_table():
    return simulate("for_sale", 4, ["skew_match", "spread", "save_top", "house_value"], 40, seed=3)


def test_compare_to_baseline_gives_the_paired_difference_of_every_other_bot(mixed_table):
    table = analysis.compare_to_baseline(mixed_table, "spread:0.3")
    assert sorted(set(table["bot"])) == ["house_value:1.5", "save_top:12", "skew_match:0.5"]
    assert len(table) == 3 * 2
    row = table[(table["bot"] == "save_top:12") & (table["column"] == "cheques_total")].iloc[0]
    direct = paired_difference(mixed_table, "save_top:12", "spread:0.3", "cheques_total")
    assert row["difference"] == pytest.approx(direct.difference)
    assert (row["ci_low"], row["ci_high"], row["n"]) == pytest.approx((direct.ci_low, direct.ci_high, 40))
    assert row["excludes_zero"] == direct.excludes_zero
    with pytest.raises(ValueError, match="baseline"):
        analysis.compare_to_baseline(mixed_table, "budget:1.5")


def test_free_share_by_house_counts_houses_taken_for_nothing():
    purchases = pd.DataFrame({"house": [1, 1, 1, 1, 2, 2], "paid": [0, 0, 0, 2, 1, 3]})
    table = analysis.free_share_by_house(purchases).set_index("house")
    assert table.loc[1, "free"] == 3 and table.loc[1, "n"] == 4 and table.loc[1, "share"] == 0.75
    assert table.loc[2, "share"] == 0
    assert table.loc[1, "ci_low"] < 0.75 < table.loc[1, "ci_high"] and table.loc[2, "ci_low"] == 0


def test_what_if_playouts_redeals_what_is_hidden_and_pairs_each_deal():
    recorded = Replay.of_example("FS-X1")
    result = analysis.what_if_playouts(recorded, 1, 1, "pass", bots="spread", playouts=5, seed=7)
    assert list(result.table["deal"]) == [7, 8, 9, 10, 11]
    # Deal 8 is what_if on the example's set-up with seed 8.
    again = Replay({**recorded.setup, "seed": 8}, recorded.actions, start=recorded.start)
    single = what_if(again, 1, 1, "pass", bots="spread")
    row = result.table.iloc[1]
    assert row["new score"] == single.alternative.result()["scores"][1]
    assert row["original score"] == single.original.result()["scores"][1]
    assert result.change == pytest.approx(result.table["change"].mean())
    assert result.ci_low <= result.change <= result.ci_high
    assert result.playouts == 5 and "5 deals" in str(result)


def test_what_if_playouts_of_the_recorded_move_changes_nothing_on_any_deal():
    # Bots are deterministic, so replaying the recorded move must give the same game on every deal:
    # a change would show that the two lines were not played on the same deal.
    result = analysis.what_if_playouts(Replay.of_example("FS-X1"), 1, 1, "bid 3", bots="spread", playouts=4)
    assert (result.table["change"] == 0).all() and result.ci_low == result.ci_high == 0
    assert result.table["original score"].nunique() > 1  # ...and the deals differ
    with pytest.raises(ValueError, match="2 playouts"):
        analysis.what_if_playouts(Replay.of_example("FS-X1"), 1, 1, "pass", playouts=1)


def test_one_round_values_are_the_exact_values_in_coins():
    table = theory.one_round_values(4)
    assert list(table["house"]) == list(range(1, 31))
    assert table["value"].iloc[0] == pytest.approx(theory.one_round_value(1, 4) / 1000)
    assert table["value"].is_monotonic_increasing


def test_value_against_price_draws_both_curves_with_intervals_and_the_exact_line():
    table = pd.DataFrame(
        {
            "house": [1, 2],
            "price": [1.0, 2.0],
            "price_lo": [0.5, 1.5],
            "price_hi": [1.5, 2.5],
            "value": [3.0, 4.0],
            "value_lo": [2.5, 3.5],
            "value_hi": [3.5, 4.5],
        }
    )
    fig = plots.value_against_price(table, theory.one_round_values(4))
    assert len(fig.data) == 3
    assert all(trace.error_y.array is not None for trace in fig.data[:2])
    assert list(fig.data[0].error_y.array) == [0.5, 0.5]
    assert fig.data[2].error_y.array is None
