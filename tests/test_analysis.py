"""analysis: Wilson intervals and the per-bot and per-seat win tables, on numbers checkable by hand."""

from __future__ import annotations

import pandas as pd
import pytest

import gamekit
from gamekit.analysis import seat_summary, summarize, wilson_interval


def test_wilson_interval_of_50_in_100():
    low, high = wilson_interval(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)


def test_wilson_interval_of_0_in_10_stays_inside_0_1():
    # centre = half width = (z²/20) / (1 + z²/10) = 0.19208 / 1.38416 = 0.13877
    low, high = wilson_interval(0, 10)
    assert low == 0.0
    assert round(high, 4) == 0.2775


def test_wilson_interval_is_symmetric_in_wins_and_losses():
    low, high = wilson_interval(3, 20)
    low2, high2 = wilson_interval(17, 20)
    assert low == pytest.approx(1 - high2) and high == pytest.approx(1 - low2)


def test_wilson_interval_takes_fractional_wins_and_knows_nothing_from_no_games():
    low, high = wilson_interval(2.5, 4)
    assert 0 < low < 2.5 / 4 < high < 1
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(("successes", "n"), [(-1, 10), (11, 10), (0, -1)])
def test_wilson_interval_refuses_impossible_counts(successes, n):
    with pytest.raises(ValueError, match="successes <= n"):
        wilson_interval(successes, n)


def tiny_table() -> pd.DataFrame:
    """Four 2-player games; game 2 is a shared win (half a win each)."""
    rows = [
        # game, seat, bot, score, win_share
        (0, 0, "a", 10, 1.0),
        (0, 1, "b", 5, 0.0),
        (1, 0, "b", 8, 1.0),
        (1, 1, "a", 6, 0.0),
        (2, 0, "a", 7, 0.5),
        (2, 1, "b", 7, 0.5),
        (3, 0, "b", 3, 0.0),
        (3, 1, "a", 9, 1.0),
    ]
    df = pd.DataFrame(rows, columns=["game", "seat", "bot", "score", "win_share"])
    df["winner"] = df["win_share"] > 0
    df["finished"] = True
    return df


def test_summarize_counts_shared_wins_fractionally_and_sorts_by_win_rate():
    table = summarize(tiny_table())
    assert list(table.columns) == [
        "bot",
        "games",
        "wins",
        "win_rate",
        "ci_low",
        "ci_high",
        "mean_score",
    ]
    assert table["bot"].tolist() == ["a", "b"]
    assert table["games"].tolist() == [4, 4]
    assert table["wins"].tolist() == [2.5, 1.5]
    assert table["win_rate"].tolist() == [0.625, 0.375]
    assert table["mean_score"].tolist() == [8.0, 5.75]  # (10+6+7+9)/4 and (5+8+7+3)/4
    assert (table.loc[0, "ci_low"], table.loc[0, "ci_high"]) == wilson_interval(2.5, 4)


def test_seat_summary_is_the_same_table_per_seat_in_seat_order():
    table = seat_summary(tiny_table())
    assert table["seat"].tolist() == [0, 1]
    assert table["wins"].tolist() == [2.5, 1.5]
    assert table["mean_score"].tolist() == [7.0, 6.75]  # (10+8+7+3)/4 and (5+6+7+9)/4


def test_summarize_names_the_missing_columns():
    with pytest.raises(ValueError, match="win_share"):
        summarize(pd.DataFrame({"bot": ["a"], "seat": [0], "score": [1]}))


def test_summarize_a_real_simulation_wins_add_up_to_the_games():
    df = gamekit.simulate("for_sale", 4, ["random", "spread", "budget", "random"], games=12, seed=3)
    table = summarize(df)
    assert set(table["bot"]) == {"random", "spread:0.3", "budget:1.5"}
    assert table.set_index("bot").loc["random", "games"] == 24  # two random seats per game
    assert table["wins"].sum() == pytest.approx(12)  # every finished game has exactly one win to share
    assert table["win_rate"].is_monotonic_decreasing
    assert ((table["ci_low"] <= table["win_rate"]) & (table["win_rate"] <= table["ci_high"])).all()
    seats = seat_summary(df)
    assert seats["games"].tolist() == [12, 12, 12, 12]
    assert seats["wins"].sum() == pytest.approx(12)


# ------------------------------------------------------------ group means with intervals
def _correlated_events(rng, games: int = 20, per_game: int = 10, shift: float = 0.0) -> pd.DataFrame:
    """Events whose game shares a large common effect: the events of a game move together."""
    import numpy as np

    effect = np.repeat(rng.normal(0, 1, games), per_game)
    return pd.DataFrame(
        {
            "game": np.repeat(np.arange(games), per_game),
            "bot": "a",
            "x": shift + effect + rng.normal(0, 0.3, games * per_game),
        }
    )


def test_group_means_without_games_is_the_t_interval_of_the_mean():
    from gamekit.analysis import group_means

    table = pd.DataFrame({"bot": ["a"] * 4 + ["b"], "x": [1.0, 2.0, 3.0, 4.0, 7.0]})
    out = group_means(table, "x", "bot", cluster=None).set_index("bot")
    # mean 2.5, sd 1.2910, se 0.6455, t(0.975, 3) = 3.1824: half width 2.0543
    assert out.loc["a", "mean"] == 2.5 and out.loc["a", "n"] == 4
    assert out.loc["a", "ci_low"] == pytest.approx(2.5 - 2.0543, abs=1e-4)
    assert out.loc["a", "ci_high"] == pytest.approx(2.5 + 2.0543, abs=1e-4)
    assert out.loc["b", "mean"] == 7 and pd.isna(out.loc["b", "ci_low"])  # one value: nothing known
    assert list(group_means(table, "x", "bot").columns) == ["bot", "mean", "n", "ci_low", "ci_high"]


def test_group_means_clustered_by_game_is_wider_than_naive_and_contains_the_mean():
    import numpy as np

    from gamekit.analysis import group_means

    events = _correlated_events(np.random.default_rng(5))
    clustered = group_means(events, "x", "bot").iloc[0]
    naive = group_means(events, "x", "bot", cluster=None).iloc[0]
    assert clustered["mean"] == pytest.approx(naive["mean"])
    assert clustered["ci_low"] < clustered["mean"] < clustered["ci_high"]
    assert clustered["ci_high"] - clustered["ci_low"] > 2 * (naive["ci_high"] - naive["ci_low"])
    one_game = group_means(events[events["game"] == 0], "x", "bot").iloc[0]
    assert pd.isna(one_game["ci_low"]) and pd.isna(one_game["ci_high"])  # one game: no interval


def test_group_means_clustered_interval_covers_the_true_mean_about_95_percent_of_the_time():
    """200 experiments of correlated events around a true mean of 1: the clustered interval
    covers it about 95 % of the time; the naive one, which takes events as independent, far less."""
    import numpy as np

    from gamekit.analysis import group_means

    rng = np.random.default_rng(11)
    covered = {"clustered": 0, "naive": 0}
    for _ in range(200):
        events = _correlated_events(rng, shift=1.0)
        for kind, cluster in (("clustered", "game"), ("naive", None)):
            row = group_means(events, "x", "bot", cluster=cluster).iloc[0]
            covered[kind] += row["ci_low"] <= 1.0 <= row["ci_high"]
    assert 0.90 <= covered["clustered"] / 200 <= 0.99
    assert covered["naive"] / 200 < 0.75
