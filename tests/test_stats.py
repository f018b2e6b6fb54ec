"""stats: paired differences, clustered means and planning, each held against a known answer.

Monte Carlo checks use a fixed seed and a modest number of repetitions, and compare the observed
rate with the nominal one through a 99.9 % Wilson interval computed from the repetitions.
"""

from __future__ import annotations

import itertools
import math
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

import gamekit
from gamekit import stats
from gamekit.analysis import summarize, wilson_interval

from .test_analysis import tiny_table  # four 2-player games; game 2 is a shared win

Z999 = 3.2905  # two-sided 99.9 % normal quantile: the band a seeded Monte Carlo rate must fall in


def rate_is_consistent_with(hits: int, trials: int, expected: float) -> bool:
    low, high = wilson_interval(hits, trials, z=Z999)
    return low <= expected <= high


# ------------------------------------------------------------------ paired differences by hand
def test_paired_difference_of_a_tiny_table_by_hand():
    # Differences a - b per game: 1, -1, 0, 1. Mean 0.25, sd sqrt(2.75 / 3), t(0.975, 3) = 3.18245.
    result = stats.paired_difference(tiny_table(), "a", "b")
    sd = math.sqrt(2.75 / 3)
    assert result.n == 4
    assert result.difference == pytest.approx(0.25)
    assert result.sd == pytest.approx(sd)
    assert result.se == pytest.approx(sd / 2)
    assert result.ci_low == pytest.approx(0.25 - 3.18245 * sd / 2, abs=1e-5)
    assert result.ci_high == pytest.approx(0.25 + 3.18245 * sd / 2, abs=1e-5)
    assert (result.mean_a, result.mean_b) == (0.625, 0.375)
    assert not result.excludes_zero


def test_paired_difference_p_value_is_the_paired_t_test():
    from scipy.stats import ttest_rel

    table = tiny_table()
    a = table[table.bot == "a"].sort_values("game")["score"].to_numpy()
    b = table[table.bot == "b"].sort_values("game")["score"].to_numpy()
    result = stats.paired_difference(table, "a", "b", "score")
    assert result.difference == pytest.approx(np.mean(a - b))  # (5 - 2 + 0 + 6) / 4
    assert result.p_value == pytest.approx(ttest_rel(a, b).pvalue)


def test_a_bot_seated_twice_counts_as_its_mean_in_that_game():
    rows = [(g, s, bot, float(v)) for g, (x, y, z) in enumerate([(1, 3, 0), (2, 2, 1), (0, 4, 3)])
            for s, (bot, v) in enumerate([("a", x), ("a", y), ("b", z)])]  # fmt: skip
    table = pd.DataFrame(rows, columns=["game", "seat", "bot", "score"])
    # Per game: mean(1, 3) - 0 = 2, mean(2, 2) - 1 = 1, mean(0, 4) - 3 = -1.
    result = stats.paired_difference(table, "a", "b", "score")
    assert result.difference == pytest.approx(2 / 3)
    assert result.sd == pytest.approx(np.std([2, 1, -1], ddof=1))


def test_the_printed_difference_reads_as_a_sentence():
    result = stats.PairedDifference(
        column="win_share",
        bot_a="a",
        bot_b="b",
        difference=0.062,
        se=0.0158,
        ci_low=0.031,
        ci_high=0.093,
        n=4000,
        p_value=0.0001,
        sd=1.0,
        mean_a=0.3,
        mean_b=0.238,
    )
    assert str(result) == "+0.062 win share (95% CI +0.031 to +0.093, 4,000 paired games)"
    assert result.excludes_zero


def test_two_runs_with_the_same_seed_are_paired_by_game_and_seat():
    table = tiny_table()
    shifted = table.assign(score=table["score"] + np.where(table["bot"] == "a", 2.0, 0.0))
    shifted["bot"] = shifted["bot"].replace({"a": "a2"})
    result = stats.paired_difference(shifted, "a2", "a", "score", table_b=table)
    assert (result.difference, result.se, result.p_value) == (2.0, 0.0, 0.0)  # the same deals, +2 each
    assert result.excludes_zero
    same = stats.paired_difference(table, "a", "a", "score", table_b=table)
    assert (same.difference, same.ci_low, same.ci_high, same.p_value) == (0.0, 0.0, 0.0, 1.0)


def test_two_runs_must_seat_the_bots_alike():
    table = tiny_table()
    with pytest.raises(ValueError, match="same seats"):
        stats.paired_difference(table, "a", "b", table_b=table)


def test_paired_difference_names_what_is_wrong():
    with pytest.raises(ValueError, match=r"no rows of bot 'c'; its bots are 'a', 'b'"):
        stats.paired_difference(tiny_table(), "a", "c")
    with pytest.raises(ValueError, match="pass table_b"):
        stats.paired_difference(tiny_table(), "a", "a")
    with pytest.raises(ValueError, match="missing column"):
        stats.paired_difference(tiny_table(), "a", "b", "coins")
    with pytest.raises(ValueError, match="at least 2 games"):
        stats.paired_difference(tiny_table().head(2), "a", "b")
    with pytest.raises(ValueError, match="confidence"):
        stats.paired_difference(tiny_table(), "a", "b", confidence=95)


# ------------------------------------------------------------------ paired intervals cover
BOT_STRENGTH = {"a": 1.0, "b": 1.0, "c": 0.6}
SEAT_STRENGTH = (1.5, 1.0, 0.7)  # a first-seat advantage: within a game the bots' outcomes move together


def true_win_rate(bot: str, strength: dict[str, float]) -> float:
    """P(bot wins) when the three bots take the seats in a uniformly random order, by enumeration."""
    total = 0.0
    orders = list(itertools.permutations(strength))
    for order in orders:
        weights = [strength[b] * s for b, s in zip(order, SEAT_STRENGTH, strict=True)]
        total += weights[order.index(bot)] / sum(weights)
    return total / len(orders)


def synthetic_games(rng: np.random.Generator, games: int, strength: dict[str, float]) -> pd.DataFrame:
    """Three bots in a random seat order each game; one winner drawn with weight bot × seat."""
    bots = np.array(list(strength))
    order = rng.random((games, 3)).argsort(axis=1)  # order[g, seat]: the bot in that seat
    weights = np.array([strength[b] for b in bots])[order] * SEAT_STRENGTH
    cumulative = weights.cumsum(axis=1) / weights.sum(axis=1, keepdims=True)
    winner = (rng.random((games, 1)) > cumulative).sum(axis=1)
    return pd.DataFrame(
        {
            "game": np.repeat(np.arange(games), 3),
            "seat": np.tile(np.arange(3), games),
            "bot": bots[order].ravel(),
            "win_share": (np.arange(3) == winner[:, None]).astype(float).ravel(),
        }
    )


@pytest.mark.parametrize("strength_a", [1.0, 1.6], ids=["null", "a_stronger"])
def test_paired_interval_covers_the_true_difference_at_its_nominal_rate(strength_a):
    strength = {**BOT_STRENGTH, "a": strength_a}
    truth = true_win_rate("a", strength) - true_win_rate("b", strength)
    if strength_a == 1.0:
        assert truth == pytest.approx(0.0)
    else:
        assert truth > 0.1
    rng = np.random.default_rng(12)
    repetitions, covered = 300, 0
    for _ in range(repetitions):
        result = stats.paired_difference(synthetic_games(rng, 60, strength), "a", "b")
        covered += result.ci_low <= truth <= result.ci_high
    assert rate_is_consistent_with(covered, repetitions, 0.95), covered


def test_a_large_synthetic_table_finds_the_known_difference():
    strength = {**BOT_STRENGTH, "a": 1.6}
    truth = true_win_rate("a", strength) - true_win_rate("b", strength)
    result = stats.paired_difference(synthetic_games(np.random.default_rng(3), 3000, strength), "a", "b")
    assert result.ci_low <= truth <= result.ci_high
    assert result.excludes_zero


# ------------------------------------------------------------------ clustered means
def test_clustered_mean_is_the_cr1_sandwich_by_hand():
    # 0..9 in five games of two; residuals sum to -8, -4, 0, 4, 8 per game (squares: 160).
    # CR1 with one parameter: se² = G / (G - 1) · Σ (cluster sums)² / N² = 1.25 · 160 / 100 = 2.
    events = pd.DataFrame({"price": np.arange(10.0), "game": np.repeat([7, 3, 5, 1, 9], 2)})
    result = stats.clustered_mean(events, "price")
    assert (result.mean, result.n, result.clusters) == (4.5, 10, 5)
    assert result.se == pytest.approx(math.sqrt(2))
    t_4 = 2.776445  # t(0.975, 4): G - 1 degrees of freedom
    assert result.ci_low == pytest.approx(4.5 - t_4 * math.sqrt(2), abs=1e-5)
    assert result.ci_high == pytest.approx(4.5 + t_4 * math.sqrt(2), abs=1e-5)
    assert result.naive_se == pytest.approx(np.std(np.arange(10.0), ddof=1) / math.sqrt(10))
    assert str(result) == "4.5 price (95% CI 0.6 to 8.4, 10 events in 5 games)"  # se to 2 figures


def correlated_events(rng: np.random.Generator, games: int, per_game: int) -> pd.DataFrame:
    """Prices around 10 with a shared game effect (sd 1) and an event's own noise (sd 1)."""
    effect = np.repeat(rng.normal(0, 1, games), per_game)
    prices = 10 + effect + rng.normal(0, 1, games * per_game)
    return pd.DataFrame({"game": np.repeat(np.arange(games), per_game), "price": prices})


def test_clustered_interval_covers_at_its_nominal_rate_where_the_naive_one_does_not():
    rng = np.random.default_rng(5)
    repetitions, clustered, naive, wider = 200, 0, 0, 0
    for _ in range(repetitions):
        result = stats.clustered_mean(correlated_events(rng, 30, 8), "price")
        clustered += result.ci_low <= 10 <= result.ci_high
        naive += abs(result.mean - 10) <= 1.96 * result.naive_se
        wider += result.se > result.naive_se
    assert rate_is_consistent_with(clustered, repetitions, 0.95), clustered
    assert wilson_interval(naive, repetitions, z=Z999)[1] < 0.95, naive  # too narrow: misses too often
    assert wider == repetitions


def test_clustered_mean_leaves_out_missing_values_and_names_what_is_wrong():
    events = pd.DataFrame({"game": [0, 0, 1, 1, 2], "price": [1.0, None, 3.0, 5.0, 2.0]})
    assert stats.clustered_mean(events, "price").n == 4
    with pytest.raises(ValueError, match="no column"):
        stats.clustered_mean(events, "bid")
    with pytest.raises(ValueError, match="at least 2 games"):
        stats.clustered_mean(events[events.game == 1], "price")


# ------------------------------------------------------------------ planning
def normal_formula(difference: float, sd: float, power: float = 0.8, alpha: float = 0.05) -> float:
    """The textbook paired-sample size: ((z_{1-α/2} + z_power) · sd / difference)²."""
    from statistics import NormalDist

    z = NormalDist().inv_cdf
    return ((z(1 - alpha / 2) + z(power)) * sd / difference) ** 2


def test_games_needed_gives_the_textbook_answers():
    # Cohen's d = 0.5, 80 % power, 5 % two-sided: 34 pairs for a paired t-test, 64 per group
    # for two independent groups (the figures of G*Power and Cohen's tables).
    assert stats.games_needed(0.5, 1.0) == 34
    assert stats.games_needed(0.5, 1.0, paired=False) == 64
    assert math.ceil(normal_formula(0.5, 1.0)) == 32


@pytest.mark.parametrize(("difference", "sd"), [(0.02, 0.5), (0.05, 0.6), (1.0, 4.0), (300, 1000)])
def test_games_needed_is_the_normal_formula_plus_the_t_correction(difference, sd):
    # The t-test needs about z²/2 ≈ 2 observations more than the normal formula, never fewer.
    normal = normal_formula(difference, sd)
    needed = stats.games_needed(difference, sd)
    assert math.ceil(normal) <= needed <= math.ceil(normal) + 3
    assert stats.games_needed(-difference, sd) == needed
    unpaired = stats.games_needed(difference, sd, paired=False)
    assert math.ceil(2 * normal) <= unpaired <= math.ceil(2 * normal) + 3


def test_games_needed_detects_the_difference_in_a_simulation_at_the_promised_rate():
    from scipy.stats import ttest_1samp

    difference, sd = 0.25, 1.0
    n = stats.games_needed(difference, sd)  # 128
    rng = np.random.default_rng(21)
    experiments = 2000
    diffs = rng.normal(difference, sd, (experiments, n))
    found = int((ttest_1samp(diffs, 0.0, axis=1).pvalue < 0.05).sum())
    assert rate_is_consistent_with(found, experiments, 0.8), found


def test_detectable_difference_is_the_inverse_of_games_needed():
    for n in (10, 100, 4000):
        for paired in (True, False):
            smallest = stats.detectable_difference(n, 0.5, paired=paired)
            assert stats.games_needed(smallest * 1.0001, 0.5, paired=paired) == n
    assert stats.detectable_difference(4000, 0.5) < stats.detectable_difference(1000, 0.5)


def test_games_needed_has_a_floor_of_two_and_refuses_nonsense():
    assert stats.games_needed(100.0, 1.0) == 2
    with pytest.raises(ValueError, match="non-zero"):
        stats.games_needed(0.0, 1.0)
    with pytest.raises(ValueError, match="sd"):
        stats.games_needed(0.1, 0.0)
    with pytest.raises(ValueError, match="power"):
        stats.games_needed(0.1, 1.0, power=0.01)
    with pytest.raises(ValueError, match="whole number"):
        stats.detectable_difference(1, 1.0)


# ------------------------------------------------------------------ on real simulations
def test_paired_difference_on_a_for_sale_simulation():
    table = gamekit.simulate("for_sale", 4, ["budget", "spread", "random", "random"], games=200, seed=1)
    result = stats.paired_difference(table, "budget:1.5", "spread:0.3")
    wins = summarize(table).set_index("bot")["win_rate"]
    # Both bots play every game once: the mean difference is the difference of their win rates.
    assert result.n == 200
    assert result.difference == pytest.approx(wins["budget:1.5"] - wins["spread:0.3"])
    assert result.ci_low < result.difference < result.ci_high
    against_random = stats.paired_difference(table, "budget:1.5", "random")
    assert against_random.excludes_zero and against_random.difference > 0


def test_two_for_sale_runs_with_one_seed_share_their_deals():
    budget = gamekit.simulate("for_sale", 4, ["budget", "random", "random", "random"], games=100, seed=1)
    spread = gamekit.simulate("for_sale", 4, ["spread", "random", "random", "random"], games=100, seed=1)
    result = stats.paired_difference(budget, "budget:1.5", "spread:0.3", "score", table_b=spread)
    assert result.n == 100
    by_seat = budget[budget.bot == "budget:1.5"]["seat"].to_numpy()
    assert (by_seat == spread[spread.bot == "spread:0.3"]["seat"].to_numpy()).all()
    assert result.mean_a == pytest.approx(budget[budget.bot == "budget:1.5"]["score"].mean())
    assert result.mean_b == pytest.approx(spread[spread.bot == "spread:0.3"]["score"].mean())


def test_clustered_mean_of_for_sale_prices_is_the_cr1_sandwich_of_the_games():
    from gamekit.simulate import simulate_records

    tables = simulate_records("for_sale", 4, ["budget", "spread", "random", "random"], games=100, seed=1)
    purchases = tables["purchases"]
    result = stats.clustered_mean(purchases, "paid")
    # The mean price is every coin paid in the seats table over the houses bought.
    assert result.mean == pytest.approx(tables["seats"]["coins_paid"].sum() / len(purchases))
    assert (result.n, result.clusters) == (len(purchases), 100)
    sums = (purchases["paid"] - result.mean).groupby(purchases["game"]).sum()
    assert result.se == pytest.approx(math.sqrt(100 / 99 * (sums**2).sum()) / len(purchases))


# ------------------------------------------------------------------ the package
def test_import_gamekit_loads_neither_scipy_nor_statsmodels():
    code = "import sys, gamekit; print(sorted(m for m in ('scipy', 'statsmodels') if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_wilson_interval_is_shared_with_analysis():
    assert stats.wilson_interval is wilson_interval


def test_import_gamekit_stats_loads_no_table_or_science_package_nor_analysis():
    # stats is imported by analysis (the tables use its intervals), never the other way: a
    # function of stats that needs pandas, numpy, scipy or statsmodels imports it when called.
    heavy = ("pandas", "numpy", "scipy", "statsmodels", "gamekit.analysis")
    code = f"import sys, gamekit.stats; print(sorted(m for m in {heavy!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_share_row_counts_a_tie_as_a_share_and_puts_the_even_share_beside_it():
    from gamekit.stats import share_row, wilson_interval

    row = share_row([1.0, 0.5, 0.0, 0.0], players=3)
    low, high = wilson_interval(1.5, 4)
    assert row == {
        "games": 4,
        "win share": 0.375,
        "ci_low": round(low, 3),
        "ci_high": round(high, 3),
        "even share": 0.333,
    }
