"""gamekit.theory.auctions: each closed form against known values, and against a seeded simulation.

A simulated mean is compared with the formula within mean ± 4 standard errors computed from the
sample itself (``mean_interval``), so a wrong formula fails and a right one fails about once in
16 000 runs; the seeds are fixed, so a run is reproducible. Deterministic quadrature is compared
with closed forms to 1e-5 relative (quadrature accuracy, not sampling noise).
"""

from __future__ import annotations

import doctest
import subprocess
import sys

import numpy as np
import pytest
from scipy import optimize, stats

from gamekit.theory import auctions
from gamekit.theory.auctions import (
    FORMATS,
    all_pay_bid,
    auctioneer_payoff,
    best_auctioneer_bid,
    bid_table,
    deviation_payoff,
    draw_values,
    efficiency,
    expected_revenue,
    first_price_bid,
    format_revenue,
    losers_pay_bid,
    mean_interval,
    optimal_reserve,
    revenue_with_reserve,
    seller_payoff,
    simulate_auction,
    war_of_attrition_bid,
)

# Uniform on [0, 1] under a name the module does not recognise, so every formula takes the general
# (numerical integration) path, to be checked against the uniform closed forms.
UNIFORM_BY_QUADRATURE = stats.beta(1, 1)
AUCTIONS = 20_000


def within(sample, expected: float) -> bool:
    _, low, high = mean_interval(sample)
    return low <= expected <= high


def test_the_module_examples_hold():
    assert doctest.testmod(auctions).failed == 0


def test_import_gamekit_loads_neither_numpy_nor_scipy():
    code = "import sys, gamekit; print(sorted(m for m in ('numpy', 'scipy') if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


# --- exact known values ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_uniform_closed_forms(n):
    for v in (0.1, 0.45, 0.8, 1.0):
        assert first_price_bid(v, n) == pytest.approx((n - 1) / n * v)
        assert all_pay_bid(v, n) == pytest.approx((n - 1) / n * v**n)
    assert expected_revenue(n) == pytest.approx((n - 1) / (n + 1))
    assert optimal_reserve(n) == pytest.approx(0.5)
    assert revenue_with_reserve(0.5, n) == pytest.approx(
        (n - 1) / (n + 1) + 0.5**n - 2 * n * 0.5 ** (n + 1) / (n + 1)
    )
    assert revenue_with_reserve(0.5, n) > revenue_with_reserve(0.0, n) == pytest.approx(expected_revenue(n))


def test_two_bidders_textbook_figures():
    assert revenue_with_reserve(0.5, 2) == pytest.approx(5 / 12)  # Krishna §2.5: 1/3 rises to 5/12
    assert war_of_attrition_bid(0.5, 2) == pytest.approx(-0.5 + np.log(2))
    assert best_auctioneer_bid(2) == pytest.approx(1 / 3)
    assert best_auctioneer_bid(2, keeping="reserve") == pytest.approx(1 / 2)


def test_values_on_zero_to_v_max_scale_every_figure():
    ten = stats.uniform(0, 10)
    assert first_price_bid(6, 3, ten) == pytest.approx(4)
    assert all_pay_bid(6, 3, ten) == pytest.approx(10 * all_pay_bid(0.6, 3))
    assert war_of_attrition_bid(6, 2, ten) == pytest.approx(10 * war_of_attrition_bid(0.6, 2))
    assert expected_revenue(3, ten) == pytest.approx(5)
    assert optimal_reserve(3, ten) == pytest.approx(5)
    assert revenue_with_reserve(5, 3, ten) == pytest.approx(10 * revenue_with_reserve(0.5, 3))


@pytest.mark.parametrize("n", [2, 3, 5])
def test_the_general_formulas_give_the_uniform_closed_forms(n):
    u = UNIFORM_BY_QUADRATURE
    for v in (0.2, 0.7, 0.95):
        assert first_price_bid(v, n, u) == pytest.approx(first_price_bid(v, n), rel=1e-5)
        assert first_price_bid(v, n, u, reserve=0.15) == pytest.approx(
            first_price_bid(v, n, reserve=0.15), rel=1e-5
        )
        assert all_pay_bid(v, n, u) == pytest.approx(all_pay_bid(v, n), rel=1e-5)
    assert np.isnan(first_price_bid(0.1, n, u, reserve=0.15))
    assert np.isnan(first_price_bid(0.1, n, reserve=0.15))  # below the reserve: no bid
    assert war_of_attrition_bid(0.7, 2, u) == pytest.approx(war_of_attrition_bid(0.7, 2), rel=1e-5)
    assert expected_revenue(n, u) == pytest.approx(expected_revenue(n), rel=1e-5)
    assert optimal_reserve(n, u, seller_value=0.2) == pytest.approx(0.6, rel=1e-5)
    assert revenue_with_reserve(0.4, n, u) == pytest.approx(revenue_with_reserve(0.4, n), rel=1e-5)
    for keeping in ("bank", "reserve"):
        assert best_auctioneer_bid(n, u, 0.1, keeping) == pytest.approx(
            best_auctioneer_bid(n, None, 0.1, keeping)
        )
        assert auctioneer_payoff(0.3, n, u, 0.1, keeping) == pytest.approx(
            auctioneer_payoff(0.3, n, None, 0.1, keeping)
        )


def test_exponential_values_closed_forms():
    # F = 1 - e^-v: ψ(v) = v - 1, so the optimal reserve is 1 + s; two bidders in the war of
    # attrition bid ∫ y dy = v²/2; E[second-highest of n] = Σ_{k=2}^n 1/k.
    e = stats.expon()
    assert war_of_attrition_bid(3.0, 2, e) == pytest.approx(4.5, rel=1e-6)
    assert optimal_reserve(3, e, seller_value=0.5) == pytest.approx(1.5, rel=1e-6)
    for n in (2, 4):
        assert expected_revenue(n, e) == pytest.approx(sum(1 / k for k in range(2, n + 1)), rel=1e-6)


@pytest.mark.parametrize(("n", "dist"), [(3, UNIFORM_BY_QUADRATURE), (2, stats.expon())])
def test_revenue_equivalence_from_each_format_own_payment_rule(n, dist):
    target = expected_revenue(n, dist)
    for fmt in FORMATS:
        assert format_revenue(fmt, n, dist) == pytest.approx(target, rel=1e-5), fmt


@pytest.mark.parametrize(("n", "dist", "value"), [(3, None, 0.6), (2, stats.expon(), 1.5)])
def test_the_equilibrium_bid_is_a_best_reply(n, dist, value):
    for fmt in FORMATS:
        found = optimize.minimize_scalar(
            lambda p: -deviation_payoff(fmt, value, p, n, dist),  # noqa: B023
            bounds=(value / 4, value * 1.75),
            method="bounded",
            options={"xatol": 1e-7},
        )
        assert found.x == pytest.approx(value, abs=1e-3), fmt


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_deviant_bidder_earns_what_deviation_payoff_says(fmt):
    # Seat 0 bids as if its value were 0.8 · v against two rivals in equilibrium, by simulation.
    n, shade = 3, 0.8
    values = draw_values(n, AUCTIONS, seed=31)
    equilibrium = bid_table(fmt, n)
    bids = equilibrium(values)
    bids[:, 0] = equilibrium(shade * values[:, 0])
    wins = bids.argmax(axis=1) == 0
    rival_bids = np.sort(bids[:, 1:], axis=1)
    price = {
        "first_price": np.where(wins, bids[:, 0], 0.0),
        "second_price": np.where(wins, rival_bids[:, -1], 0.0),
        "english": np.where(wins, rival_bids[:, -1], 0.0),
        "all_pay": bids[:, 0],
        "war_of_attrition": np.where(wins, rival_bids[:, -1], bids[:, 0]),
        "losers_pay_half": np.where(wins, rival_bids[:, -1], bids[:, 0] / 2),
    }[fmt]
    payoff = np.where(wins, values[:, 0], 0.0) - price
    expected = integrate_over_values(lambda v: deviation_payoff(fmt, v, shade * v, n))
    assert within(payoff, expected)
    assert expected < integrate_over_values(lambda v: deviation_payoff(fmt, v, v, n))


def integrate_over_values(payoff) -> float:
    """E[payoff(V)] for V uniform on [0, 1], by 24-point Gauss–Legendre (the payoffs are smooth in v)."""
    nodes, weights = np.polynomial.legendre.leggauss(24)
    return sum(w / 2 * payoff((x + 1) / 2) for x, w in zip(nodes, weights, strict=True))


@pytest.mark.parametrize(("dist", "seller_value"), [(None, 0.0), (None, 0.3), (stats.expon(), 0.0)])
def test_optimal_reserve_and_auctioneer_bid_maximise_by_direct_search(dist, seller_value):
    n = 3
    hi = 1.0 if dist is None else 6.0
    found = optimize.minimize_scalar(
        lambda r: -seller_payoff(r, n, dist, seller_value),
        bounds=(0, hi),
        method="bounded",
        options={"xatol": 1e-8},
    )
    assert found.x == pytest.approx(optimal_reserve(n, dist, seller_value), abs=1e-4)
    found = optimize.minimize_scalar(
        lambda b: -auctioneer_payoff(b, n, dist, seller_value),
        bounds=(0, hi),
        method="bounded",
        options={"xatol": 1e-8},
    )
    assert found.x == pytest.approx(best_auctioneer_bid(n, dist, seller_value), abs=1e-4)


# --- against simulation -------------------------------------------------------------------------


def test_first_price_and_all_pay_bids_are_what_their_definitions_say():
    # b(v) = E[Y | Y < v] (first price) and E[Y · 1{Y < v}] (all-pay), Y the highest of n-1 others.
    for n, dist, v in [(3, None, 0.7), (4, stats.expon(), 1.2)]:
        highest_other = draw_values(n - 1, 40_000, dist, seed=11).max(axis=1)
        assert within(highest_other[highest_other < v], first_price_bid(v, n, dist))
        assert within(np.where(highest_other < v, highest_other, 0.0), all_pay_bid(v, n, dist))


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("n", [2, 4])
def test_every_format_raises_the_same_revenue_and_is_efficient_uniform(fmt, n):
    values = draw_values(n, AUCTIONS, seed=100 + n)
    sample = simulate_auction(fmt, values)
    assert within(sample.revenue, (n - 1) / (n + 1))
    assert efficiency(sample) == 1.0


@pytest.mark.parametrize("fmt", ["first_price", "all_pay", "war_of_attrition", "losers_pay_half"])
def test_the_general_bid_functions_raise_the_predicted_revenue_exponential(fmt):
    n, dist = 3, stats.expon()
    sample = simulate_auction(fmt, draw_values(n, AUCTIONS, dist, seed=7), dist=dist)
    assert within(sample.revenue, expected_revenue(n, dist))
    assert efficiency(sample) == 1.0


@pytest.mark.parametrize(("n", "dist"), [(3, UNIFORM_BY_QUADRATURE), (4, stats.expon()), (2, stats.gamma(2))])
def test_the_vectorized_bid_tables_agree_with_the_bid_functions(n, dist):
    values = np.array([0.3, 0.6, 0.9]) if dist is UNIFORM_BY_QUADRATURE else np.array([0.3, 1.0, 2.5, 6.0])
    for fmt in ("first_price", "all_pay", "war_of_attrition", "losers_pay_half"):
        table = bid_table(fmt, n, dist)(values)
        one_by_one = [auctions.equilibrium_bid(fmt, v, n, dist) for v in values]
        assert table == pytest.approx(one_by_one, rel=1e-4), fmt  # linear interpolation on 4000 points
    with_reserve = bid_table("first_price", n, dist, reserve=0.5)(values)
    assert with_reserve[1:] == pytest.approx(
        [first_price_bid(v, n, dist, reserve=0.5) for v in values[1:]], rel=1e-4
    )
    assert np.isnan(with_reserve[0])


def test_second_price_through_the_games_rule_matches_the_second_highest_value():
    values = draw_values(5, AUCTIONS, seed=3)
    sample = simulate_auction("second_price", values)
    assert np.allclose(sample.revenue, np.sort(values, axis=1)[:, -2], atol=1e-9)
    large = draw_values(3, 2_000, stats.norm(1e7, 1e6), seed=3)  # whole-number bids must not overflow
    sample = simulate_auction("second_price", large)
    assert np.allclose(sample.revenue, np.sort(large, axis=1)[:, -2], rtol=1e-12, atol=0)


@pytest.mark.parametrize("fmt", ["first_price", "second_price"])
@pytest.mark.parametrize("n", [2, 3])
def test_revenue_with_a_reserve(fmt, n):
    reserve = 0.5
    values = draw_values(n, AUCTIONS, seed=20 + n)
    sample = simulate_auction(fmt, values, reserve=reserve)
    assert within(sample.revenue, revenue_with_reserve(reserve, n))
    assert within(sample.efficient, 1 - reserve**n)  # the object stays unsold when every value is below r


@pytest.mark.parametrize("keeping", ["bank", "reserve"])
@pytest.mark.parametrize("auctioneer_bid", [1 / 3, 0.5, 0.8])
def test_an_auctioneer_who_bids(keeping, auctioneer_bid):
    n = 3
    values = draw_values(n, AUCTIONS, seed=5)
    sample = simulate_auction("second_price", values, reserve=auctioneer_bid, keeping=keeping)
    assert within(sample.revenue, auctioneer_payoff(auctioneer_bid, n, keeping=keeping))


def test_efficiency_is_measured_for_a_bid_that_is_not_increasing():
    # Two bidders bidding v(1 - v): the higher value wins exactly when it is nearer 1/2, chance 1/2.
    sample = simulate_auction("first_price", draw_values(2, AUCTIONS, seed=9), bid=lambda v: v * (1 - v))
    assert within(sample.efficient, 0.5)
    assert efficiency(sample) < 0.6


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="at least 2 bidders"):
        expected_revenue(1)
    with pytest.raises(ValueError, match="format must be one of"):
        format_revenue("dutch", 3)
    with pytest.raises(ValueError, match="reserve is modelled"):
        simulate_auction("all_pay", draw_values(2, 10), reserve=0.5)
    with pytest.raises(ValueError, match="keeping must be one of"):
        auctioneer_payoff(0.5, 3, keeping="burn")


# --- losers pay half (For Sale's phase 1 on one object) -----------------------------------------


def test_losers_pay_half_two_uniform_bidders_closed_form():
    # b(v) = 2v + 2(1 - v) ln(1 - v): about v² for small v, 2 at the top, below the value's double.
    for v in (0.05, 0.3, 0.6, 0.95):
        assert losers_pay_bid(v, 2) == pytest.approx(2 * v + 2 * (1 - v) * np.log1p(-v))
        assert losers_pay_bid(v, 2, UNIFORM_BY_QUADRATURE) == pytest.approx(losers_pay_bid(v, 2), rel=1e-6)
    assert losers_pay_bid(1.0, 2) == 2.0
    assert losers_pay_bid(1.0, 3, UNIFORM_BY_QUADRATURE) == pytest.approx(2.0)  # hi / (1 - share)
    assert losers_pay_bid(0.01, 2) == pytest.approx(0.01**2, rel=0.01)


def test_losers_pay_a_share_between_second_price_and_the_war_of_attrition():
    # share 1 is the war of attrition; a small share bids close to the value (second price).
    for n, dist, v in [
        (2, UNIFORM_BY_QUADRATURE, 0.7),
        (3, UNIFORM_BY_QUADRATURE, 0.5),
        (3, stats.expon(), 1.0),
    ]:
        assert losers_pay_bid(v, n, dist, share=1.0) == pytest.approx(
            war_of_attrition_bid(v, n, dist), rel=1e-6
        )
        assert losers_pay_bid(v, n, dist, share=1e-3) == pytest.approx(v, rel=1e-2)
        bids = [losers_pay_bid(v, n, dist, share=c) for c in (0.25, 0.5, 0.75)]
        assert bids == sorted(bids, reverse=True)  # the dearer losing, the lower the bid
    with pytest.raises(ValueError, match="share"):
        losers_pay_bid(0.5, 2, share=0.0)


def test_losers_pay_half_best_reply_found_by_simulated_search():
    # Against two rivals bidding the derived line, a grid search over bids on simulated rivals
    # finds the line's bid for each value: seat 0's payoff v·1{win} - price - loser's half.
    n = 3
    rivals = bid_table("losers_pay_half", n)(draw_values(n - 1, 200_000, seed=5)).max(axis=1)
    candidates = np.linspace(0, 2, 2001)
    ordered = np.sort(rivals)
    wins = np.searchsorted(ordered, candidates) / len(ordered)
    paid = np.concatenate([[0], np.cumsum(ordered)])[np.searchsorted(ordered, candidates)] / len(ordered)
    for v in (0.3, 0.6, 0.9):
        payoff = v * wins - paid - candidates / 2 * (1 - wins)
        best = candidates[int(np.argmax(payoff))]
        assert best == pytest.approx(losers_pay_bid(v, n), abs=0.03)


def test_noisy_bid_is_the_rounded_equilibrium_kept_in_range_and_draws_only_with_noise():
    from scipy import stats as scipy_stats

    rng = np.random.default_rng(1)
    state = rng.bit_generator.state
    line = auctions.equilibrium_bid("first_price", 60.0, 12, scipy_stats.uniform(0, 100))
    assert auctions.noisy_bid("first_price", 60.0, 12, 0, 100, 0.0, rng) == round(line) == 55
    assert rng.bit_generator.state == state  # no noise: nothing drawn
    assert auctions.noisy_bid("second_price", 99.0, 12, 0, 100, 0.0, rng, truthful=True) == 99
    bids = [auctions.noisy_bid("second_price", 99.0, 12, 0, 100, 30.0, rng) for _ in range(200)]
    assert max(bids) == 100 and min(bids) >= 0  # kept in [low, high]
    assert auctions.noisy_bid("first_price", 40.0, 1, 0, 100, 0.0, rng) == 40  # alone: bids the value
