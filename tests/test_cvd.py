"""Every figure the package draws, read with colour-blind eyes (issue 26, item 4).

Each figure is built from small inputs; its series (``gamekit.plots.cvd.series_of``: the named
traces of its legend) are simulated under protanopia, deuteranopia and tritanopia (Machado et
al. 2009, severity 1) and two series of one panel fail when their colours come closer than
``cvd.MIN_DELTA_E`` (CIE76, see its comment for why 15), or when nothing but colour tells them
apart (the same kind of mark, marker symbol, dash and bar pattern).
"""

from __future__ import annotations

import importlib
import inspect

import pytest

pd = pytest.importorskip("pandas")
pytest.importorskip("plotly")

from gamekit.plots import cvd, palette  # noqa: E402
from tests.test_plots import PLOT_MODULES, _builders, runs  # noqa: E402, F401  (the simulations)

# ------------------------------------------------------------------------------ the simulation
# CIELAB of the sRGB primaries and white (D65), as published (e.g. Lindbloom's calculator).
PUBLISHED_LAB = {
    "#ffffff": (100.0, 0.0, 0.0),
    "#ff0000": (53.24, 80.09, 67.20),
    "#00ff00": (87.73, -86.18, 83.18),
    "#0000ff": (32.30, 79.19, -107.86),
    "#808080": (53.59, 0.0, 0.0),
}


@pytest.mark.parametrize("colour", sorted(PUBLISHED_LAB))
def test_cielab_of_srgb_matches_published_values(colour):
    assert cvd.lab(cvd.parse(colour)) == pytest.approx(PUBLISHED_LAB[colour], abs=0.01)


def test_machado_keeps_white_and_black_and_greys():
    """Each severity-1 matrix maps white to white (its rows sum to 1, as Machado et al. build them)."""
    for vision in cvd.VISIONS[1:]:
        assert cvd.MACHADO_2009[vision].sum(axis=1) == pytest.approx([1, 1, 1], abs=1e-5)
        for grey in ("#ffffff", "#000000", "#808080"):
            assert cvd.delta_e(grey, grey, vision) == 0
            assert cvd.simulate(cvd.parse(grey), vision) == pytest.approx(cvd.parse(grey), abs=1e-4)


def test_the_issue_measurements_are_reproduced():
    """The distances the issue reported for the old colours, to one decimal."""
    bohnanza = ("#4c9a2a", "#d0543b")  # forecast_calibration's two outcomes
    for_sale = ("#2f7d4f", "#d0543b")  # value_against_price's value and price
    money_monsoon = ("#3b6fb6", "#7d46a8")  # the first and fifth of its old series colours
    assert round(cvd.delta_e(*bohnanza, "deuteranopia"), 1) == 1.2
    assert round(cvd.delta_e(*for_sale, "protanopia"), 1) == 7.7
    assert round(cvd.delta_e(*money_monsoon, "deuteranopia"), 1) == 4.7


def test_red_and_green_merge_for_protans_and_deutans_not_for_tritans():
    red, green = "#d55e00", "#009e73"
    assert cvd.delta_e(red, green) > 100
    assert cvd.delta_e(red, green, "protanopia") < 40 and cvd.delta_e(red, green, "deuteranopia") < 60
    assert cvd.delta_e(red, green, "tritanopia") > 100
    # and blue with sky blue keep apart only in lightness for tritans
    assert cvd.delta_e("#0072b2", "#009e73", "tritanopia") < 20


def test_translucent_colours_are_seen_over_white():
    assert cvd.parse("rgba(0,0,0,0.5)") == pytest.approx([0.5, 0.5, 0.5])
    assert cvd.parse("#fff") == pytest.approx([1, 1, 1])
    with pytest.raises(ValueError, match="not a colour"):
        cvd.parse("hsl(0, 50%, 50%)")


# ------------------------------------------------------------------------------ reading a figure
def _figure(*traces, **layout):
    go = pytest.importorskip("plotly.graph_objects")
    fig = go.Figure()
    for trace in traces:
        fig.add_scatter(**trace)
    fig.update_layout(**layout)
    return fig


def test_the_check_finds_the_issues_red_and_green_and_marks_that_differ():
    red_green = _figure(
        {"y": [1, 2], "name": "paid", "mode": "lines+markers", "marker_color": "#d0543b"},
        {"y": [2, 1], "name": "came", "mode": "lines+markers", "marker_color": "#4c9a2a"},
    )
    near = cvd.closest(red_green)
    assert near.delta_e == pytest.approx(1.2, abs=0.05) and near.vision == "deuteranopia"
    assert cvd.colour_only(red_green) == [("paid", "came")]
    apart = _figure(
        {"y": [1, 2], "name": "paid", **palette.series(0)},
        {"y": [2, 1], "name": "came", **palette.series(1)},
    )
    assert cvd.closest(apart).delta_e > 90 and cvd.colour_only(apart) == []


def test_series_are_legend_entries_with_their_group_in_shared_panels():
    fig = _figure(
        {"y": [1], "name": "a", "legendgroup": "a", "marker_color": "#0072b2", "mode": "markers"},
        {
            "y": [1],
            "name": "a",
            "legendgroup": "a",
            "showlegend": False,
            "line_color": "#56b4e9",
            "mode": "lines",
        },
        {"y": [1], "name": "hidden", "showlegend": False, "marker_color": "#0072b2", "mode": "markers"},
        {"y": [1], "mode": "lines"},  # no name: a band's edge, not a series
    )
    (a,) = cvd.series_of(fig)
    assert a.colours == {"#0072b2", "#56b4e9"} and len(a.marks) == 2
    other_panel = _figure(
        {"y": [1], "name": "left", "marker_color": "#d0543b", "mode": "markers"},
        {
            "y": [1],
            "name": "right",
            "marker_color": "#4c9a2a",
            "mode": "markers",
            "xaxis": "x2",
            "yaxis": "y2",
        },
    )
    assert cvd.closest(other_panel).first == "" and cvd.colour_only(other_panel) == []
    # the template's colourway stands in for a colour the trace does not set
    plain = _figure({"y": [1], "name": "one", "mode": "markers"}, template="plotly_white")
    assert cvd.series_of(plain)[0].colours == {"#636efa"}


def test_without_a_legend_only_directly_labelled_traces_are_series():
    from gamekit.plots import label_lines

    traces = (
        {"x": [0, 1], "y": [0, 1], "name": "first", "mode": "lines", "line_color": "#d0543b"},
        {"x": [0, 1], "y": [1, 0], "name": "second", "mode": "lines", "line_color": "#4c9a2a"},
    )
    assert cvd.series_of(_figure(*traces, showlegend=False)) == []
    labelled = label_lines(_figure(*traces))
    assert labelled.layout.showlegend is False
    assert {s.name for s in cvd.series_of(labelled)} == {"first", "second"}


# ------------------------------------------------------------------------------ the palette
def test_palette_series_keep_apart_under_every_simulation():
    """The palette's promise (its comment): the first two ≥ 90, three ≥ 24, four ≥ 20, all ≥ 16."""

    def smallest(colours):
        return min(
            cvd.delta_e(a, b, v) for i, a in enumerate(colours) for b in colours[i + 1 :] for v in cvd.VISIONS
        )

    assert smallest(palette.SERIES[:2]) >= 90
    assert smallest(palette.SERIES[:3]) >= 24
    assert smallest(palette.SERIES[:4]) >= 20
    assert smallest(palette.SERIES) >= 16 > cvd.MIN_DELTA_E
    assert all(cvd.delta_e(palette.REFERENCE, c, v) > 50 for c in palette.SERIES for v in cvd.VISIONS)
    marks = {(palette.symbol(i), palette.dash(i), palette.pattern(i)) for i in range(len(palette.SERIES))}
    assert len(marks) == len(palette.SERIES)  # no two series share a mark


def test_the_palette_order_is_the_greedy_farthest_order():
    """Each next colour is the one whose nearest simulated distance to those before is largest
    (from blue; yellow, faint on white, kept last)."""
    order = [palette.SERIES[0]]
    rest = [c for c in palette.SERIES[:-1] if c not in order]
    while rest:
        pick = max(rest, key=lambda c: min(cvd.delta_e(c, o, v) for o in order for v in cvd.VISIONS))
        order.append(pick)
        rest.remove(pick)
    assert tuple(order) == palette.SERIES[:-1]


# ------------------------------------------------------------------------------ every figure
MODULES = (*PLOT_MODULES, "gamekit.plots.agents", "gamekit.classroom.live")


def _figure_functions(name: str) -> list[str]:
    """The public functions of a module that return a plotly figure (by their annotation)."""
    module = importlib.import_module(name)
    found = []
    for attr, value in vars(module).items():
        if attr.startswith("_") or not inspect.isfunction(value) or value.__module__ != name:
            continue
        if str(inspect.signature(value).return_annotation).endswith("Figure"):
            found.append(attr)
    return sorted(found)


def _extra_builders() -> dict[str, dict]:
    """Figures ``tests/test_plots.py`` does not build (not in their module's ``__all__``, or not
    in its five modules), from small tables made here."""
    from gamekit import plots
    from gamekit.classroom import live
    from gamekit.games.bohnanza import plots as bo_plots
    from gamekit.games.kuhhandel import plots as kh_plots
    from gamekit.games.money_monsoon import plots as mm_plots
    from gamekit.plots import agents
    from tests.classroom.test_live import both_formats, make_rows

    paired = pd.DataFrame(
        {
            "measure": ["win share", "win share", "thaler"],
            "comparison": ["a minus b", "a minus c", "a minus b"],
            "difference": [0.1, -0.05, 1.2],
            "ci_low": [0.0, -0.1, 0.5],
            "ci_high": [0.2, 0.0, 1.9],
        }
    )
    tension = pd.DataFrame(
        {
            "what the deal did": ["both gain", "one gains"],
            "share": [0.4, 0.6],
            "ci_low": [0.3, 0.5],
            "ci_high": [0.5, 0.7],
        }
    )
    forecast = pd.DataFrame(
        {
            "outcome": ["the formula with the cards that came"] * 2 + ["what the field paid in the game"] * 2,
            "bin": [1.0, 2.0, 1.0, 2.0],
            "forecast": [1.0, 2.0, 1.0, 2.0],
            "mean": [1.0, 2.0, 1.6, 2.7],
            "ci_low": [0.9, 1.9, 1.4, 2.5],
            "ci_high": [1.1, 2.1, 1.8, 2.9],
            "fields": [20, 20, 20, 20],
        }
    )
    sweep = pd.DataFrame(
        {
            "opponents": ["2 x random"] * 2 + ["2 x house_value:1.5"] * 2 + ["2 x mcts"] * 2,
            "simulations": [5, 20] * 3,
            "win share": [0.4, 0.6, 0.1, 0.2, 0.3, 0.3],
            "ci_low": [0.3, 0.5, 0.0, 0.1, 0.2, 0.2],
            "ci_high": [0.5, 0.7, 0.2, 0.3, 0.4, 0.4],
            "even share": [1 / 3] * 6,
        }
    )
    curve = pd.DataFrame({"iterations": [10, 100, 1000], "nash_conv": [1.0, 0.1, 0.01]})
    rules = pd.DataFrame(
        {
            "rule": ["equilibrium (CFR+)", "house_value"],
            agents.VALUE: [5.0, 4.5],
            agents.NASHCONV: [0.0, 0.4],
        }
    )
    rows = both_formats("equilibrium", rounds=4)
    three = live.frame(
        [
            *make_rows("first_price", 3, activity=1),
            *make_rows("second_price", 3, activity=2, seed=1),
            *make_rows("all_pay", 3, activity=3, seed=2),
        ],
        formats={1: "first_price", 2: "second_price", 3: "all_pay"},
    )
    fields = [f"field {k}" for k in range(5)]
    sweep_fields = pd.DataFrame(
        [
            {"field": f, "value": v, "win_rate": 0.2 + 0.01 * k, "ci_low": 0.1, "ci_high": 0.3}
            for k, f in enumerate(fields)
            for v in (0.5, 1.0)
        ]
    )
    tracks = pd.DataFrame(
        [
            {
                "field": f,
                "track_length": t,
                "turns": 10.0 + k,
                "turns_low": 9.0,
                "turns_high": 12.0,
                "fee_share": 0.1,
                "fee_low": 0.05,
                "fee_high": 0.2,
            }
            for k, f in enumerate(fields[:3])
            for t in (15, 25)
        ]
    )
    groups = pd.DataFrame(
        [
            {"x": x, "g": f, "mean": x + k, "ci_low": x + k - 1, "ci_high": x + k + 1}
            for k, f in enumerate(fields)
            for x in (1, 2)
        ]
    )
    settings = pd.DataFrame(
        [
            {"setting": s, "players": p, "mean": 20.0, "ci_low": 18.0, "ci_high": 22.0}
            for s in ("trading", "no trading")
            for p in (3, 4, 5)
        ]
    )
    beliefs = {name: {0: 0.5, 10: 0.3, 20: 0.2} for name in ("pooled", "counts", "log")}
    return {
        "gamekit.plots": {"figure": lambda: plots.figure("t", "x", "y")},
        "gamekit.games.bohnanza.plots": {
            "paired_differences": lambda: bo_plots.paired_differences(paired),
            "deal_tension": lambda: bo_plots.deal_tension(tension),
            "forecast_calibration": lambda: bo_plots.forecast_calibration(forecast),
        },
        "gamekit.plots.agents": {
            "win_share_against_simulations": lambda: agents.win_share_against_simulations(sweep),
            "nash_conv_curve": lambda: agents.nash_conv_curve(curve),
            "selling_rules": lambda: agents.selling_rules(rules),
        },
        "gamekit.classroom.live": {
            "bids_figure": lambda: live.bids_figure(rows),
            "revenue_figure": lambda: live.revenue_figure(rows),
            "bids_figure[three formats]": lambda: live.bids_figure(three),
        },
        # more series than the small simulations give: the figures' later colours and marks
        "gamekit.games.money_monsoon.plots": {
            "shading_sweep[five fields]": lambda: mm_plots.shading_sweep(sweep_fields),
            "track_length[three fields]": lambda: mm_plots.track_length(tracks),
        },
        "gamekit.games.kuhhandel.plots": {
            "counter_gains[three beliefs]": lambda: kh_plots.counter_gains(beliefs, [0, 10, 20], 80, 40),
        },
        "gamekit.games.bohnanza.plots[grouped]": {
            "mean_scores[by players]": lambda: bo_plots.mean_scores(settings, x="setting", colour="players"),
        },
        "gamekit.plots[grouped]": {
            "mean_lines[five groups]": lambda: plots.mean_lines(
                groups, "x", "g", plots.figure("t", "x", "y")
            ),
        },
    }


@pytest.fixture(scope="module")
def figures(runs):  # noqa: F811
    """Every figure of ``MODULES``: ``{(module, function): figure}``."""
    builders = _builders(runs)
    for name, more in _extra_builders().items():
        module = name.split("[")[0]
        builders.setdefault(module, {}).update(more)
    built = {}
    for name in MODULES:
        wanted = _figure_functions(name)
        assert sorted({f.split("[")[0] for f in builders.get(name, {})}) == wanted, (
            f"{name}: build every figure here"
        )
        for function, build in builders[name].items():
            built[(name, function)] = build()
    return built


def test_every_figure_keeps_its_series_apart_under_colour_blindness(figures):
    """Two series of one panel are ΔE ≥ MIN_DELTA_E apart as seen with normal vision,
    protanopia, deuteranopia and tritanopia. Prints each figure's nearest pair (``pytest -s``)."""
    failures = []
    for (name, function), fig in sorted(figures.items()):
        near = cvd.closest(fig)
        shown = f"{near.delta_e:5.1f} {near.vision or 'normal'}" if near.first else "no two series"
        print(f"ΔE {name}.{function}: {shown}")
        if near.delta_e < cvd.MIN_DELTA_E:
            failures.append(
                f"{name}.{function}: {near.first!r} and {near.second!r} are ΔE {near.delta_e:.1f} apart "
                f"under {near.vision or 'normal vision'}"
            )
    assert not failures, "\n".join(failures)


def test_no_two_series_differ_only_by_colour(figures):
    failures = [
        f"{name}.{function}: {a!r} and {b!r} differ only by colour"
        for (name, function), fig in sorted(figures.items())
        for a, b in cvd.colour_only(fig)
    ]
    assert not failures, "\n".join(failures)


def test_lesson_05s_bid_lines_keep_the_formats_apart():
    from gamekit import auction_lab

    fig = auction_lab.bid_lines_figure(auction_lab.bid_lines(3))
    assert cvd.closest(fig).delta_e >= cvd.MIN_DELTA_E and not cvd.colour_only(fig)
