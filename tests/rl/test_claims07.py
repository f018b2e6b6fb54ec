"""Lesson 07's claim measures: what each returns is what its sentence is about."""

import pytest

pytest.importorskip("pyspiel")

from gamekit.games.for_sale import solve
from gamekit.rl import claims as rl_claims
from gamekit.rl.mcts import STRONGEST, win_shares


def test_the_random_baselines_play_random_against_the_strongest_bot_on_the_claim_seeds_games():
    assert rl_claims.random_against_strongest_kuhhandel(3, 2) == win_shares(
        "kuhhandel", "random", STRONGEST["kuhhandel"], 2, 3, 3_000_000
    )
    assert rl_claims.random_against_strongest_for_sale.__qualname__ == "random_against_strongest_for_sale"


def test_more_simulations_is_the_paired_difference_on_the_same_games():
    diffs = rl_claims.more_simulations_against_random(2, 2)
    many = win_shares("for_sale", "mcts:20", "random", 2, 3, 2_000_000)
    few = win_shares("for_sale", "mcts:2", "random", 2, 3, 2_000_000)
    assert diffs == [a - b for a, b in zip(many, few, strict=True)]


def test_the_equilibrium_measures_read_the_solution_the_lesson_shows():
    solution = rl_claims._solution()
    assert solution.iterations == rl_claims.CFR_ITERATIONS == 64
    assert rl_claims.cfr_nash_conv(1, 1) == [solution.nash_conv]
    table = solve.equilibrium_table(solution)
    top = max(v for c in table.columns if c.startswith("P(sell") for v in table[c])
    assert rl_claims.first_round_top_probability(1, 1) == [top]
    comparison = solve.compare_with_bots(solution, rl_claims.RULES)
    values = comparison["seat A's value against the equilibrium (thousands)"].tolist()
    assert rl_claims.rule_shortfall(1, 1) == [pytest.approx(values[0] - max(values[1:]) - solution.nash_conv)]
    conv = comparison["NashConv if every seat plays it (thousands)"].tolist()
    assert rl_claims.rule_nash_conv(1, 1) == [min(conv[1:])]
