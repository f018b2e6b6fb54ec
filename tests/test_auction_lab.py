"""gamekit.auction_lab: the lab's exact figures against the theory module and against simulation.

Simulated means are compared with exact values within mean ± 4 standard errors of the sample
(so a wrong formula fails and a right one fails about once in 16 000 runs); seeds are fixed.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("plotly")

import plotly.io as pio

from gamekit import auction_lab as lab
from gamekit import rules
from gamekit.theory import auctions as theory

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
N = 3


def within(sample: np.ndarray, expected: float) -> bool:
    _, low, high = theory.mean_interval(sample, z=4.0)
    return low <= expected <= high


def test_every_format_names_real_rules_and_lessons():
    table = lab.formats_table()
    assert list(table.columns) == ["Format", "Game", "Rules", "Lesson", "How the game uses it"]
    for row in lab.IN_THE_GAMES:
        for rule_id in row.rules:
            assert rules.get(rule_id).id == rule_id
        if row.lesson:
            assert (NOTEBOOKS / row.lesson).exists(), row.lesson
    assert {row.format for row in lab.IN_THE_GAMES} >= set(theory.FORMATS)
    assert "<a href=" in lab.styled_formats_table().to_html()


@pytest.mark.parametrize("fmt", theory.FORMATS)
def test_payoff_of_an_equilibrium_bid_is_the_theory_modules_deviation_payoff(fmt):
    values = np.array([0.2, 0.5, 0.9, 0.99])
    pretend = np.array([0.3, 0.5, 0.7, 0.999])
    offers = lab.equilibrium(fmt, N)(pretend)
    expected = [theory.deviation_payoff(fmt, v, p, N) for v, p in zip(values, pretend, strict=True)]
    assert lab.payoff_of_bid(fmt, values, offers, N) == pytest.approx(expected, abs=2e-5)


@pytest.mark.parametrize("fmt", theory.FORMATS)
def test_a_students_bid_function_earns_what_the_exact_payoff_says(fmt):
    for bid in (
        lab.linear_bid(0.8),
        lab.linear_bid(0.5, 0.1),
        lab.piecewise_bid([(0, 0), (0.5, 0.4), (1, 0.6)]),
    ):
        values = theory.draw_values(N, 40_000, seed=21)
        bids = lab.equilibrium(fmt, N)(values)
        bids[:, 0] = bid(values[:, 0])
        payoff = lab.seat_zero_payoff(fmt, values, bids)
        assert within(payoff, lab.exact_payoff(fmt, bid, N)), fmt


@pytest.mark.parametrize("fmt", theory.FORMATS)
def test_the_equilibrium_has_no_regret_and_a_shaded_bid_has_some(fmt):
    equilibrium = lab.equilibrium(fmt, N)
    assert lab.exact_payoff(fmt, equilibrium, N) == pytest.approx(lab.equilibrium_payoff(N), abs=2e-5)
    same = lab.play_against_equilibrium(fmt, equilibrium, N, auctions=4000, seed=3)
    assert same.regret == 0 and same.regret_low == same.regret_high == 0
    shaded = lab.play_against_equilibrium(fmt, lambda v: 0.5 * equilibrium(v), N, auctions=20_000, seed=4)
    assert shaded.regret_low > 0 and shaded.exact_regret > 0
    # the exact regret lies in the simulated interval, widened to 4 standard errors
    half = (shaded.regret_high - shaded.regret_low) / 2 * 4 / lab.Z95
    assert abs(shaded.regret - shaded.exact_regret) <= half
    assert shaded.payoff_low < shaded.payoff < shaded.payoff_high
    assert "regret" in shaded.text()


def test_simulated_best_replies_do_not_beat_the_equilibrium_lines():
    best = lab.simulated_best_bids(N, [0.3, 0.6, 0.9], auctions=60_000, seed=5)
    assert len(best) == 3 * len(theory.FORMATS)
    assert (best["gain_low"] <= 0).all(), best  # the line's bid is not beaten on fresh rivals
    steep = best[best["format"].isin(["first_price", "second_price", "english", "losers_pay_half"])]
    assert (steep["best_bid"] - steep["equilibrium_bid"]).abs().max() < 0.05, steep
    # ... and a wrong line is beaten: bidding the value in a first-price auction earns nothing
    fresh = np.sort(lab.equilibrium("first_price", N)(theory.draw_values(N - 1, 60_000, seed=6)).max(axis=1))
    first = best[best["format"] == "first_price"]
    for v, found in zip(first["value"], first["best_bid"], strict=True):
        gain = lab._payoff_per_auction("first_price", v, found, fresh) - lab._payoff_per_auction(
            "first_price", v, v, fresh
        )
        assert theory.mean_interval(gain, z=4.0)[1] > 0


def test_every_format_raises_the_same_revenue_with_different_spreads():
    samples = lab.revenue_samples(N, auctions=20_000, seed=6)
    for fmt, rows in samples.groupby("format"):
        assert within(rows["revenue"].to_numpy(), theory.expected_revenue(N)), fmt
        assert rows["efficient"].all()
    summary = lab.revenue_summary(samples, N)
    assert "Mean revenue" in summary.columns and len(summary) == len(theory.FORMATS)
    spread = dict(zip(summary["Format"], summary["Std. deviation"], strict=True))
    order = ["first_price", "second_price", "all_pay", "losers_pay_half", "war_of_attrition"]
    assert [spread[lab.FORMAT_NAMES[f]] for f in order] == sorted(spread[lab.FORMAT_NAMES[f]] for f in order)
    assert len(lab.revenue_figure(samples, N).data) == len(theory.FORMATS)
    boxes = lab.revenue_quantiles(samples).set_index("format")
    assert (boxes["p1"] <= boxes["q1"]).all() and (boxes["q3"] <= boxes["p99"]).all()
    assert boxes.loc["first_price", "median"] == pytest.approx(
        np.median(samples.loc[samples["format"] == "first_price", "revenue"])
    )


def test_reserve_prices_simulated_against_theory():
    reserves = [0.0, 1 / 3, 0.5, 0.8]
    curve = lab.reserve_curve(N, reserves)
    samples = lab.reserve_samples(N, reserves, auctions=20_000, seed=7)
    values = theory.draw_values(N, 20_000, seed=7)
    for r, revenue, efficient, auctioneer in curve.itertuples(index=False):
        for rule, fmt, keeping, expected in [
            ("first price", "first_price", "reserve", revenue),
            ("second price", "second_price", "reserve", revenue),
            ("Money Monsoon auctioneer", "second_price", "bank", auctioneer),
        ]:
            sample = theory.simulate_auction(fmt, values, reserve=r, keeping=keeping)
            assert within(sample.revenue, expected), (rule, r)
            row = samples[(samples["rule"] == rule) & (samples["reserve"] == r)].iloc[0]
            assert row["mean"] == pytest.approx(sample.revenue.mean())
            if keeping == "reserve":
                assert within(sample.efficient.astype(float), efficient)
    assert curve["revenue"].idxmax() == 2  # Myerson's 1/2 beats 0, 1/3 and 0.8
    assert lab.reserve_figure(lab.reserve_curve(N), samples, N).layout.title.text.startswith("Reserve prices")


def test_the_meta_game_over_shading_factors_and_what_it_hides():
    factors = [0.3, 0.4, 0.5, 0.6, 0.7]
    table, equilibria = lab.shading_meta_game(2, factors, games=20_000, seed=8)
    pure = {label: equilibria.iloc[i] for i in range(len(equilibria)) for label in table.strategies
            if equilibria.iloc[i][label] > 0.99}  # fmt: skip
    assert "0.5" in pure and pure["0.5"]["regret"] <= pure["0.5"]["regret_margin"]
    readable = lab.equilibria_table(equilibria, factors)
    assert list(readable.columns) == ["Equilibrium mix", "Regret", "95 % margin"]
    # Linear rules hide deviations: against rivals at 0.4 the best of all bids gains 0.2067 - 0.2.
    best, same = lab.linear_shading_regret(2, 0.4)
    assert best == pytest.approx(0.2 + 0.02 / 3, abs=1e-9) and same == pytest.approx(0.2)
    assert lab.linear_shading_regret(2, 0.5) == pytest.approx((1 / 6, 1 / 6))
    # ... and the grid hides a better factor: (1 - s)(1/2 - 0.4²/(6 s²)) for s ≥ 0.4, two bidders
    for s in (0.4, 0.45, 0.5, 0.6):
        assert lab.shading_payoff(2, s, 0.4) == pytest.approx((1 - s) * (0.5 - 0.16 / (6 * s**2)))
    assert lab.shading_payoff(2, 0.3, 0.4) == pytest.approx(0.7 * 0.3 / 0.4 / 3)
    assert (
        lab.shading_payoff(2, 0.45, 0.4) > lab.shading_payoff(2, 0.4, 0.4) > lab.shading_payoff(2, 0.5, 0.4)
    )
    sweep = lab.shading_sweep(3, [0.5, 2 / 3, 0.8], against=2 / 3, games=20_000, seed=9)
    assert sweep["payoff"].idxmax() == 1
    assert len(lab.sweep_figure(sweep, 3, 2 / 3).data) == 1


def test_bid_lines_and_their_figure():
    lines = lab.bid_lines(N, points=11)
    assert set(lines["format"]) == set(theory.FORMATS)
    first = lines[lines["format"] == "first_price"]
    assert first["bid"].to_numpy() == pytest.approx(2 / 3 * first["value"].to_numpy())
    fig = lab.bid_lines_figure(lines, n=N)
    assert len(fig.data) == len(theory.FORMATS)


def test_the_lab_widget_recomputes_when_a_slider_moves():
    pytest.importorskip("ipywidgets")
    widget = lab.BidFunctionLab(n=N, auctions=4000, seed=1)
    before = widget.readout.value
    widget.shade.value = 2 / 3
    assert widget.readout.value != before and widget.result is not None
    assert widget.result.exact_regret == pytest.approx(0, abs=1e-5)
    renderer = pio.renderers.default
    pio.renderers.default = "plotly_mimetype"  # the lessons' renderer
    try:
        widget.intercept.value = 0.01
    finally:
        pio.renderers.default = renderer
    assert "regret" in widget.readout.value
    (shown,) = widget.out.outputs  # the figure replaces the last one
    assert shown["output_type"] == "display_data" and "application/vnd.plotly.v1+json" in shown["data"]
    widget.format.value = "second_price"
    assert widget.result.format == "second_price" and widget.result.exact_regret > 0
