"""The figure helpers every game's plots share."""

from __future__ import annotations

import pytest

pd = pytest.importorskip("pandas")
pytest.importorskip("plotly")

from gamekit import analysis  # noqa: E402
from gamekit.plots import error_bars  # noqa: E402


def test_error_bars_reach_from_the_centre_to_each_end_of_the_interval():
    table = pd.DataFrame({"mean": [0.5, 0.2], "ci_low": [0.4, 0.0], "ci_high": [0.7, 0.3], "x": [1, 1]})
    bars = error_bars(table)
    assert bars["type"] == "data" and bars["symmetric"] is False
    assert list(bars["array"].round(9)) == [0.2, 0.1] and list(bars["arrayminus"].round(9)) == [0.1, 0.2]
    other = error_bars(table, centre="x", low="ci_low", high="ci_high")
    assert list(other["arrayminus"]) == [0.6, 1.0]


# ----------------------------------------------- every figure of simulated data has intervals
import importlib  # noqa: E402
import math  # noqa: E402

from gamekit import experiments  # noqa: E402
from gamekit.examples import run_example  # noqa: E402
from gamekit.simulate import simulate_records  # noqa: E402

PLOT_MODULES = (
    "gamekit.plots",
    "gamekit.games.for_sale.plots",
    "gamekit.games.kuhhandel.plots",
    "gamekit.games.bohnanza.plots",
    "gamekit.games.money_monsoon.plots",
)
# Helpers that take no table (they draw on a figure, or make error bars): not figures themselves.
NOT_FIGURES = {("gamekit.plots", "error_bars")}
# Traces that draw the observations themselves (one point per game): nothing is estimated there,
# so no interval; the figure must then draw the estimate (a mean) with its interval as well.
OBSERVATIONS = {("gamekit.games.for_sale.plots", "burnt_against_contested"): {"one game"}}
# Figures of exact quantities, each saying so in its docstring: every trace, or the traces named.
EXACT = {
    ("gamekit.games.bohnanza.plots", "beanometers"): None,
    ("gamekit.games.bohnanza.plots", "harvest_timing"): None,
    ("gamekit.games.money_monsoon.plots", "payoff_against_bid"): None,
    ("gamekit.games.kuhhandel.plots", "offer_inference"): None,
    ("gamekit.games.kuhhandel.plots", "price_against_donkeys"): {"money in play per player"},
    ("gamekit.games.kuhhandel.plots", "offer_models"): None,
    ("gamekit.games.kuhhandel.plots", "counter_gains"): None,
    ("gamekit.games.kuhhandel.plots", "offer_calibration"): {
        "a uniform draw from the true hand",
        "posterior from the card count (theory)",
    },
    ("gamekit.games.for_sale.plots", "value_against_price"): {"exact value in a one-round sale"},
    ("gamekit.games.for_sale.plots", "burnt_against_contested"): {"full dissipation", "budget cap"},
    ("gamekit.games.money_monsoon.plots", "auctioneer_bid"): {
        "theory, MM-A4 (its own win pays the bank)",
        "theory, a plain reserve (Myerson)",
    },
    ("gamekit.games.money_monsoon.plots", "truthful_regret"): {
        "bidder, seat ties: theory",
        "auctioneer (MM-A4): theory",
    },
}
# Simulated traces whose interval is a shaded band (a trace filled to the one before it), by name.
BANDS = {
    ("gamekit.games.kuhhandel.plots", "offer_calibration"): {"the bots' real offers (simulated)"},
}


@pytest.fixture(scope="module")
def runs():
    """Small seeded simulations of every game, enough for each figure."""
    fs = simulate_records("for_sale", 4, ["spread", "save_top", "spread", "save_top"], 12, seed=3)
    kh_base = simulate_records("kuhhandel", 4, ["value"] * 4, 12, seed=3)
    kh_buyin = simulate_records("kuhhandel", 4, ["buyin:1.0", "value", "value", "value"], 12, seed=3)
    bo3 = simulate_records("bohnanza", 3, "trader", 6, seed=3)
    bo4 = simulate_records("bohnanza", 4, "trader", 6, seed=3)
    bo_none = simulate_records("bohnanza", 3, "trader", 6, seed=3, options={"third_field_cost": 105})
    mm_ties = experiments.compare_settings(
        "money_monsoon", 4, "truthful", 12, {"void": {"top_tie": "void"}, "seat": {"top_tie": "seat"}}, seed=3
    )
    mm_zero = experiments.compare_settings(
        "money_monsoon",
        4,
        ["zero8", "truthful", "truthful", "truthful"],
        12,
        {"1 zero8": {}, "short": {"track_length": 15}},
        seed=3,
    )
    mm_track = experiments.compare_settings(
        "money_monsoon", 4, "truthful", 10, {"15": {"track_length": 15}, "25": {}}, seed=3
    )
    mm_sweep = experiments.sweep("money_monsoon", 4, "shade", [0.5, 1.0], ["truthful"] * 3, 10, seed=3)
    return locals()


def _builders(r):
    from gamekit import plots
    from gamekit.games.bohnanza import analysis as bo
    from gamekit.games.bohnanza import plots as bo_plots
    from gamekit.games.for_sale import analysis as fs_analysis
    from gamekit.games.for_sale import plots as fs_plots
    from gamekit.games.kuhhandel import analysis as kh
    from gamekit.games.kuhhandel import plots as kh_plots
    from gamekit.games.money_monsoon import analysis as mm
    from gamekit.games.money_monsoon import plots as mm_plots
    from gamekit.theory import for_sale as fs_theory

    fs, kh_runs = r["fs"], {0.0: r["kh_base"], 1.0: r["kh_buyin"]}
    buyins = kh.buyin_summary(kh.swept(kh_runs, 4, "auctions"))
    every_kh = {  # two runs: a game is (setting, game)
        k: pd.concat([run[k].assign(setting=v) for v, run in kh_runs.items()], ignore_index=True)
        for k in ("seats", "sets", "trades")
    }
    mm_stack = experiments.stacked(r["mm_ties"])
    x4 = run_example("KH-X4").game_at(4)  # A has put 0, 0, 10 down; B answers
    return {
        "gamekit.plots": {
            "win_rates": lambda: plots.win_rates(fs["seats"]),
            "seat_advantage": lambda: plots.seat_advantage(fs["seats"]),
            "position_advantage": lambda: plots.position_advantage(fs["seats"]),
            "score_distribution": lambda: plots.score_distribution(fs["seats"]),
            "compare": lambda: plots.compare(
                {
                    "a": analysis.winning_margin(fs["seats"]),
                    "b": analysis.winning_margin(r["kh_base"]["seats"]),
                },
                "margin",
                "margins",
                "margin",
            ),
            "mean_lines": lambda: plots.mean_lines(
                fs_analysis.price_by_house(fs["purchases"], "bot"),
                "house",
                "bot",
                plots.figure("t", "x", "y"),
            ),
            "sweep": lambda: plots.sweep(experiments.sweep_summary(r["mm_sweep"]), "fraction"),
        },
        "gamekit.games.for_sale.plots": {
            "price_against_house": lambda: fs_plots.price_against_house(fs["purchases"], by="bot"),
            "cheque_against_rank": lambda: fs_plots.cheque_against_rank(fs["sales"]),
            "coins_against_money": lambda: fs_plots.coins_against_money(fs["seats"]),
            "value_against_price": lambda: fs_plots.value_against_price(
                fs_theory.price_and_value(fs), fs_theory.one_round_values(4)
            ),
            "burnt_against_contested": lambda: fs_plots.burnt_against_contested(
                fs_theory.contested_by_game(fs)
            ),
        },
        "gamekit.games.kuhhandel.plots": {
            "offer_inference": lambda: kh_plots.offer_inference(
                kh.offer_inference(3, [0, 0, 10, 10, 50, 100])
            ),
            "buyin_value": lambda: kh_plots.buyin_value(buyins),
            "buyin_prices": lambda: kh_plots.buyin_prices(buyins),
            "bluff_acceptance": lambda: kh_plots.bluff_acceptance(every_kh["trades"]),
            "price_against_donkeys": lambda: kh_plots.price_against_donkeys(
                r["kh_base"]["auctions"], animals=["horse", "cow"], players=4
            ),
            "set_win_rates": lambda: kh_plots.set_win_rates(every_kh["sets"], every_kh["seats"]),
            "win_rate_by_sets": lambda: kh_plots.win_rate_by_sets(every_kh["seats"]),
            "offer_models": lambda: kh_plots.offer_models(
                kh.offer_models(x4.log_for(1), x4.view(1)), mark=20
            ),
            "counter_gains": lambda: kh_plots.counter_gains(
                {"counts": kh.offer_models(x4.log_for(1), x4.view(1)).set_index("total")["counts"].to_dict()},
                [0, 10, 20],
                80,
                40,
            ),
            "offer_calibration": lambda: kh_plots.offer_calibration(
                kh.calibration_curves(
                    kh.watch_offers(["bluffer:1", "cowtrader", "value", "cowtrader"], 3, seed=11)["offers"]
                )
            ),
            "set_win_excess": lambda: kh_plots.set_win_excess(
                kh.set_win_excess(every_kh["sets"], every_kh["seats"])
            ),
        },
        "gamekit.games.bohnanza.plots": {
            "beanometers": lambda: bo_plots.beanometers(),
            "harvest_timing": lambda: bo_plots.harvest_timing(bo.pay_after_turns("green", 4)),
            "deal_outcomes": lambda: bo_plots.deal_outcomes(
                bo.outcome_shares(r["bo4"]["deals"], by="kind"), by="kind"
            ),
            "mean_scores": lambda: bo_plots.mean_scores(
                bo.setting_summary(experiments.stacked({"3": r["bo3"], "4": r["bo4"]}))
            ),
            "third_field_price": lambda: bo_plots.third_field_price(
                bo.third_field_by_price({3: r["bo3"], 105: r["bo_none"]})
            ),
            "player_count": lambda: bo_plots.player_count(
                bo.player_count_summary({3: r["bo3"], 4: r["bo4"]})
            ),
        },
        "gamekit.games.money_monsoon.plots": {
            "payoff_against_bid": lambda: mm_plots.payoff_against_bid(
                mm.payoff_table(12, [10, 14, 3]), 12, 14
            ),
            "shading_sweep": lambda: mm_plots.shading_sweep(mm.sweep_fields({"truthful": r["mm_sweep"]})),
            "zero_bid_payoff": lambda: mm_plots.zero_bid_payoff(
                mm.zero_bids_on_eight(
                    experiments.stacked(r["mm_zero"], "bids"), experiments.stacked(r["mm_zero"])
                )
            ),
            "tie_rules": lambda: mm_plots.tie_rules(
                mm.tie_summary(experiments.stacked(r["mm_ties"], "auctions"), mm_stack)
            ),
            "fraction_sweep": lambda: mm_plots.fraction_sweep(
                mm.head_to_head(
                    mm.head_to_head_runs(["shade:0", "shade:1"], "shade", games=6, seed=4),
                    baseline="shade:1",
                    fractions={"shade:0": 0.0, "shade:1": 1.0},
                )
            ),
            "auctioneer_bid": lambda: mm_plots.auctioneer_bid(
                mm.auctioneer_payoff_table([0, 10, 20], own=0, top=30, others=3, auctions=200, seed=1),
                own=0,
                top=30,
                others=3,
            ),
            "truthful_regret": lambda: mm_plots.truthful_regret(
                mm.truthful_regret_table([0, 20], top=20, others=3, samples=50, seed=1)
            ),
            "track_length": lambda: mm_plots.track_length(
                mm.track_summary({"truthful": experiments.stacked(r["mm_track"])})
            ),
        },
    }


def _has_bars(bars, n: int) -> bool:
    """Error bars drawn for every point, reaching out from the point (never inwards)."""
    if bars is None or bars.array is None or len(bars.array) != n:
        return False
    if n == 0:  # an empty series (no deal had that outcome): nothing to draw
        return True
    ends = [*bars.array, *(bars.arrayminus if bars.arrayminus is not None else [])]
    finite = [e for e in ends if not math.isnan(e)]
    return bool(finite) and all(e >= -1e-9 for e in finite)


def _public_figures(name: str) -> list[str]:
    module = importlib.import_module(name)
    return sorted(f for f in module.__all__ if callable(getattr(module, f)) and (name, f) not in NOT_FIGURES)


def test_every_figure_of_simulated_data_draws_intervals(runs):
    """Every public figure of the five plot modules (their ``__all__``), built from a seeded simulation:
    each trace of simulated data carries error bars; boxes carry a mean marker with its interval;
    exact figures are listed in EXACT and say so in their docstrings. A new figure fails here
    until it is added to ``_builders``."""
    builders = _builders(runs)
    for name in PLOT_MODULES:
        module = importlib.import_module(name)
        assert sorted(builders[name]) == _public_figures(name), f"{name}: add a builder for each new figure"
        for function, build in builders[name].items():
            fig = build()
            exact = EXACT.get((name, function), ())
            if (name, function) in EXACT:
                assert "exact: no interval" in getattr(module, function).__doc__.lower()
            checked = 0
            boxes = [t.name for t in fig.data if t.type == "box"]
            banded = BANDS.get((name, function), set())
            if banded:
                bands = [t for t in fig.data if getattr(t, "fill", None) == "tonexty"]
                assert bands, f"{name}.{function}: no interval band"
                bounds = {
                    id(fig.data[i - 1])
                    for i, t in enumerate(fig.data)
                    if getattr(t, "fill", None) == "tonexty"
                }
            for trace in fig.data:
                if exact is None or trace.name in exact or trace.type == "box":
                    continue
                if trace.name in OBSERVATIONS.get((name, function), ()):
                    continue
                if (
                    trace.name in banded
                    or getattr(trace, "fill", None) == "tonexty"
                    or (banded and id(trace) in bounds)
                ):
                    checked += trace.name in banded
                    continue
                n = len(trace.y)
                assert _has_bars(trace.error_y, n), (
                    f"{name}.{function}: trace {trace.name!r} has no intervals"
                )
                checked += 1
            if boxes:
                marked = [t for t in fig.data if t.type == "scatter" and _has_bars(t.error_y, len(t.y))]
                assert marked and set(boxes) <= {str(x) for t in marked for x in t.x}, (
                    f"{function}: box means"
                )
            assert checked or exact is None, f"{name}.{function} drew nothing to check"


def test_exact_figures_say_so_and_the_interval_keyword_turns_intervals_off(runs):
    from gamekit.games.for_sale import plots as fs_plots

    fig = fs_plots.coins_against_money(runs["fs"]["seats"])
    assert _has_bars(fig.data[0].error_x, len(fig.data[0].x)) and _has_bars(fig.data[0].error_y, 2)
    off = fs_plots.coins_against_money(runs["fs"]["seats"], intervals=False)
    assert off.data[0].error_x.array is None and off.data[0].error_y.array is None
    from gamekit import plots

    assert len(plots.score_distribution(runs["fs"]["seats"], intervals=False).data) == 2
    assert len(plots.score_distribution(runs["fs"]["seats"]).data) == 3
