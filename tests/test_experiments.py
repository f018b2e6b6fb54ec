"""Experiments: settings compared on the same seed, a bot parameter swept."""

from __future__ import annotations

import pytest

from gamekit import experiments


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


def test_overview_gives_a_table_and_three_figures():
    table, *figures = experiments.overview("for_sale", 3, ["spread", "budget", "random"], games=6, seed=1)
    assert list(table["bot"]) and len(figures) == 3
    assert all(fig.data for fig in figures)


def test_sweep_counts_only_the_swept_seat_even_against_its_own_twin():
    df = experiments.sweep("for_sale", 3, "spread", [0.3], ["spread:0.3", "budget"], games=6, seed=2)
    swept = df.dropna(subset=["value"])
    assert len(swept) == 6 and swept.groupby("game").size().eq(1).all()
    assert (swept["seat"] == (-swept["game"]) % 3).all()
