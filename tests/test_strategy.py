"""gamekit.strategy: the meta-game of a set of strategies, held against cases with known answers."""

from __future__ import annotations

import itertools
import math
import subprocess
import sys

import numpy as np
import pytest

from gamekit import ConfigError
from gamekit.strategy import (
    PayoffTable,
    best_response_sweep,
    bimatrix,
    first_price_payoffs,
    payoff_table,
    profiles,
    replicator,
    symmetric_equilibria,
)

STEP = 1 / 12
FACTORS = [i / 12 for i in range(4, 13)]  # holds 1/2, 2/3 and 3/4, the equilibria of n = 2, 3, 4


def test_profiles_are_every_multiset_once():
    table = profiles(6, 4)
    assert table.shape == (math.comb(9, 4), 6)
    assert (table.sum(axis=1) == 4).all()
    assert len({tuple(row) for row in table}) == len(table)


def test_expected_payoffs_match_brute_force_over_opponents():
    """u_s(x) from the multiset table equals the sum over every ordered draw of the opponents."""
    rng = np.random.default_rng(3)
    k, n = 3, 3
    counts = profiles(k, n)
    payoff = np.where(counts > 0, rng.random(counts.shape), np.nan)
    table = PayoffTable(("a", "b", "c"), n, counts, payoff, np.zeros_like(payoff), 10)
    mix = np.array([0.2, 0.5, 0.3])
    lookup = {tuple(row): p for p, row in enumerate(counts)}
    for s in range(k):
        total = 0.0
        for others in itertools.product(range(k), repeat=n - 1):
            profile = np.bincount([s, *others], minlength=k)
            total += np.prod(mix[list(others)]) * payoff[lookup[tuple(profile)], s]
        assert table.expected_payoffs(mix)[s] == pytest.approx(total)


def _matrix_game(matrix: list[list[float]], names: list[str]):
    """A deterministic 2-player symmetric game as a payoff function: row strategy vs column."""

    def payoff(profile: tuple[str, ...], games: int, seed: int) -> np.ndarray:
        i, j = (names.index(s) for s in profile)
        return np.tile([matrix[i][j], matrix[j][i]], (games, 1))

    return payoff


def test_hawk_dove_replicator_finds_the_mixed_equilibrium():
    """Hawk-dove with prize V = 2 and cost C = 4: the symmetric equilibrium plays hawk V/C = 1/2."""
    game = _matrix_game([[(2 - 4) / 2, 2], [0, 1]], ["hawk", "dove"])
    table = payoff_table(game, 2, ["hawk", "dove"], games=2)
    assert replicator(table, [0.9, 0.1]) == pytest.approx([0.5, 0.5], abs=1e-6)
    found = symmetric_equilibria(table)
    assert found.loc[0, "hawk"] == pytest.approx(0.5, abs=1e-6)
    assert found.loc[0, "regret"] == pytest.approx(0, abs=1e-9)


def test_rock_paper_scissors_nashpy_finds_the_uniform_mix():
    """Replicator dynamics cycle around this equilibrium; the exact solver finds it."""
    game = _matrix_game([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], ["rock", "paper", "scissors"])
    table = payoff_table(game, 2, ["rock", "paper", "scissors"], games=2)
    assert bimatrix(table).tolist() == [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    found = symmetric_equilibria(table)
    exact = found[found["method"] == "nashpy"]
    assert len(exact) == 1
    assert exact[["rock", "paper", "scissors"]].to_numpy()[0] == pytest.approx([1 / 3] * 3)
    assert exact["regret"].iloc[0] == pytest.approx(0, abs=1e-12)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_first_price_best_response_to_the_equilibrium_is_the_equilibrium(n: int):
    """Against n-1 bidders shading to (n-1)/n, the best shading factor on the grid is (n-1)/n,
    and there the bidder's expected surplus is 1/(n(n+1)), inside the sweep's interval."""
    equilibrium = (n - 1) / n
    sweep = best_response_sweep(
        first_price_payoffs, n, lambda f: f, FACTORS, equilibrium, games=20000, seed=2
    )
    assert list(sweep.columns) == ["parameter", "payoff", "ci_low", "ci_high", "games"]
    peak = sweep.loc[sweep["payoff"].idxmax(), "parameter"]
    assert abs(peak - equilibrium) <= STEP / 2
    at = sweep[np.isclose(sweep["parameter"], equilibrium)].iloc[0]
    assert at["ci_low"] <= 1 / (n * (n + 1)) <= at["ci_high"]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_first_price_meta_game_equilibria_sit_at_the_equilibrium_factor(n: int):
    """Every symmetric equilibrium found on the grid of factors (replicator from eight starts, and
    nashpy for n = 2) puts its mass within one grid step of (n-1)/n: the discrete grid has
    neighbours of (n-1)/n that are equilibria too, never anything farther."""
    equilibrium = (n - 1) / n
    table = payoff_table(first_price_payoffs, n, FACTORS, games=10000, seed=1)
    found = symmetric_equilibria(table)
    near = [abs(f - equilibrium) <= STEP + 1e-9 for f in FACTORS]
    mixes = found[list(table.strategies)].to_numpy()
    assert (mixes[:, near].sum(axis=1) > 0.99).all(), found
    assert (found["regret"] <= found["regret_margin"] + 1e-8).all()
    uniform_start = replicator(table)
    assert float(np.dot(uniform_start, FACTORS)) == pytest.approx(equilibrium, abs=STEP)
    if n == 2:
        assert "nashpy" in set(found["method"])


def test_a_for_sale_table_has_the_shape_of_a_meta_game():
    bots = ["random", "spread", "budget"]
    table = payoff_table("for_sale", 4, bots, games=8, seed=5)
    assert table.counts.shape == table.payoff.shape == (math.comb(6, 4), 3)
    assert np.isnan(table.payoff[table.counts == 0]).all()
    present = table.counts > 0
    assert np.isfinite(table.stderr[present]).all()
    assert (table.ci_low[present] <= table.payoff[present]).all()
    assert (table.payoff[present] <= table.ci_high[present]).all()
    # every game has one winner's share in all: the seats' shares add up to 1 in every profile
    assert np.nansum(table.counts * table.payoff, axis=1) == pytest.approx(np.ones(len(table.counts)))
    frame = table.frame()
    assert len(frame) == present.sum()
    assert {"profile", "strategy", "count", "payoff", "ci_low", "ci_high", "games"} <= set(frame.columns)
    found = symmetric_equilibria(table)
    mixes = found[list(table.strategies)].to_numpy()
    assert (mixes >= 0).all() and mixes.sum(axis=1) == pytest.approx(np.ones(len(mixes)))
    # the replicator stops when no share moves by 1e-9, so its regret is zero only to that order
    assert found.loc[0, "regret"] <= found.loc[0, "regret_margin"] + 1e-8


def test_workers_do_not_change_the_table():
    from concurrent.futures import ThreadPoolExecutor

    one = payoff_table("for_sale", 3, ["random", "budget"], games=6, seed=9)
    with ThreadPoolExecutor(2) as pool:
        for workers in (2, pool):  # any kind simulate takes (Dask: tests/test_simulate_dask.py)
            other = payoff_table("for_sale", 3, ["random", "budget"], games=6, seed=9, workers=workers)
            np.testing.assert_array_equal(one.payoff, other.payoff)
            np.testing.assert_array_equal(one.stderr, other.stderr)
        assert pool.submit(sum, [1, 2]).result() == 3  # the caller's Executor is left running


def test_a_payoff_function_runs_on_worker_processes_too():
    one = payoff_table(first_price_payoffs, 2, [0.5, 1.0], games=50, seed=3)
    two = payoff_table(first_price_payoffs, 2, [0.5, 1.0], games=50, seed=3, workers=2)
    np.testing.assert_array_equal(one.payoff, two.payoff)


def test_a_for_sale_sweep_against_a_mix_weighs_every_opponent_profile():
    from gamekit.bots import make_bot

    sweep = best_response_sweep(
        "for_sale", 3, lambda x: make_bot(f"budget:{x:g}", "for_sale"), [0.8, 1.6],
        {"random": 1, "spread": 1}, games=6, seed=4,
    )  # fmt: skip
    assert list(sweep["parameter"]) == [0.8, 1.6]
    assert ((sweep["ci_low"] <= sweep["payoff"]) & (sweep["payoff"] <= sweep["ci_high"])).all()
    assert ((sweep["payoff"] >= 0) & (sweep["payoff"] <= 1)).all()


def test_mistakes_are_named():
    with pytest.raises(ConfigError, match="different labels"):
        payoff_table("for_sale", 4, ["random", "random"], games=4)
    with pytest.raises(ConfigError, match="games must"):
        payoff_table("for_sale", 4, ["random"], games=1)
    with pytest.raises(ConfigError, match="shape"):
        payoff_table(lambda profile, games, seed: np.zeros(games), 2, [0.5], games=4)
    with pytest.raises(ConfigError, match="workers must be"):
        payoff_table(first_price_payoffs, 2, [0.5], games=4, workers=0)
    with pytest.raises(ConfigError, match="at least one parameter"):
        best_response_sweep(first_price_payoffs, 2, float, [], 0.5, games=4)
    table = payoff_table(first_price_payoffs, 2, [0.5, 1.0], games=100)
    with pytest.raises(ConfigError, match="adding up to 1"):
        table.expected_payoffs([0.5, 0.6])
    with pytest.raises(ConfigError, match="against"):
        best_response_sweep(first_price_payoffs, 2, float, [0.5], {0.5: 0}, games=10)


def test_import_gamekit_does_not_load_the_meta_game_tools():
    code = "import sys, gamekit; print(sorted(m for m in ('nashpy', 'gamekit.strategy') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_sweep_against_a_mix_weighs_the_opponent_profiles_by_their_chances():
    """Three bidders, each opponent truthful (1.0) with chance 1/4, else shading to 1/2: the
    opponent pairs come with chances 1/16, 6/16 and 9/16, on the same auctions (same seed)."""
    grid, games, seed = [0.5, 0.75], 4000, 6
    mixed = best_response_sweep(first_price_payoffs, 3, lambda f: f, grid, {1.0: 1, 0.5: 3}, games, seed)

    def mine(profile: tuple[float, ...]) -> float:
        return float(first_price_payoffs(profile, games, seed)[:, 0].mean())

    for g, got in zip(grid, mixed["payoff"], strict=True):
        expected = mine((g, 1.0, 1.0)) / 16 + mine((g, 1.0, 0.5)) * 6 / 16 + mine((g, 0.5, 0.5)) * 9 / 16
        assert got == pytest.approx(expected, rel=1e-12)
    assert (mixed["ci_low"] < mixed["payoff"]).all() and (mixed["payoff"] < mixed["ci_high"]).all()


def test_the_exact_solver_takes_vertex_enumerations_rounding_dust():
    """nashpy's vertex enumeration returns weights like -2e-17 on this grid; the equilibria are
    clipped and renormalised rather than refused by the mix check (found by lesson 05)."""
    factors = [0.3, 0.4, 0.5, 0.6, 0.7]
    table = payoff_table(first_price_payoffs, 2, factors, games=20_000, seed=0)
    found = symmetric_equilibria(table, exact=True)
    exact = found[found["method"] == "nashpy"]
    assert len(exact) >= 1
    mixes = exact[list(table.strategies)].to_numpy()
    assert (mixes >= 0).all() and mixes.sum(axis=1) == pytest.approx(1.0)
