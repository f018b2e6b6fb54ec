"""Lesson 07's figures: the MCTS agent's win share against its simulations, CFR+'s NashConv as it
runs, and the bots' selling rules against the equilibrium. Each takes a table made by a tested
function of ``gamekit.rl`` (``mcts.simulation_sweep``, ``solve.curve_table``,
``solve.compare_with_bots``) and computes nothing itself.
"""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go

from . import _, error_bars, figure, label_lines, palette


def win_share_against_simulations(sweep: pd.DataFrame, title: str | None = None) -> go.Figure:
    """One line per opponent (or per ``line``) of the agent's win share at each number of simulations, with its
    Wilson interval, and the even share (one in ``players``) dotted: above it the agent wins more
    than an equal share at that table."""
    fig = figure(
        title or _("MCTS win share against its simulations per decision (95 % interval)"),
        _("simulations per decision (log scale)"),
        _("MCTS win share"),
    )
    # a ``line`` column names each line as it is (an agent and its rivals); else one per rival
    by = "line" if "line" in sweep.columns else "opponents"
    for i, (key, rows) in enumerate(sweep.groupby(by, sort=False)):
        rows = rows.sort_values("simulations")
        fig.add_scatter(
            x=rows["simulations"],
            y=rows["win share"],
            name=key if by == "line" else _("against {rival}", rival=key),
            error_y=error_bars(rows, "win share"),
            **palette.series(i),
        )
    even = float(sweep["even share"].iloc[0])
    fig.add_hline(
        y=even,
        line_dash="dot",
        line_color=palette.REFERENCE,
        annotation_text=_("even share {share}", share=format(even, ".0%")),
    )
    fig.update_xaxes(type="log", tickvals=sorted(sweep["simulations"].unique()))
    fig.update_yaxes(tickformat=".0%", range=[0, 1])
    if len(fig.data) <= DIRECT_LABELS:
        return label_lines(fig)
    # More lines than that end at different places inside the plot, where their names would lie
    # across other lines: a legend under the plot, one line per series, instead.
    fig.update_layout(
        showlegend=True,
        legend={
            "orientation": "h",
            "yanchor": "top",
            "y": -0.22,
            "xanchor": "left",
            "x": 0,
            "entrywidth": 1,
            "entrywidthmode": "fraction",
        },
        height=(fig.layout.height or 450) + 24 * len(fig.data),
        margin={"b": 90 + 24 * len(fig.data)},
    )
    return fig


DIRECT_LABELS = 3  # at most this many lines are named at their ends; more get a legend


def nash_conv_curve(curve: pd.DataFrame, title: str | None = None) -> go.Figure:
    """NashConv (thousands) after each checkpoint of CFR+ iterations, both axes on a log scale.
    Exact values of the average policy, so no interval."""
    fig = figure(
        title or _("CFR+ on For Sale's selling phase: NashConv"),
        _("iterations (log scale)"),
        _("NashConv (thousands, log scale)"),
    )
    fig.add_scatter(
        x=curve["iterations"],
        y=curve["nash_conv"],
        name=_("NashConv"),
        **palette.series(0),
    )
    fig.update_xaxes(type="log", tickvals=list(curve["iterations"]))
    fig.update_yaxes(type="log")
    return fig


VALUE = "seat A's value against the equilibrium (thousands)"
NASHCONV = "NashConv if every seat plays it (thousands)"


def selling_rules(comparison: pd.DataFrame, title: str | None = None) -> go.Figure:
    """A bar per rule of what seat A earns playing it against the equilibrium (its value inside the
    bar), the equilibrium's own value dashed across, and under each rule's name its NashConv when
    both seats play it. Exact expected values of the small game, so no interval."""
    fig = figure(
        title or _("Selling rules against the CFR+ equilibrium (seat A, thousands)"),
        _("selling rule (NashConv if both seats play it)"),
        _("seat A's expected cheques (thousands)"),
    )
    labels = [
        _("{rule}<br>NashConv {conv}", rule=rule, conv=format(conv, ".2f"))
        for rule, conv in zip(comparison["rule"], comparison[NASHCONV], strict=True)
    ]
    fig.add_bar(
        x=labels,
        y=comparison[VALUE],
        text=[f"{v:.2f}" for v in comparison[VALUE]],
        textposition="inside",
        marker_color=[
            palette.colour(1) if r.startswith("equilibrium") else palette.colour(0)
            for r in comparison["rule"]
        ],
    )
    eq = float(comparison[comparison["rule"].str.startswith("equilibrium")][VALUE].iloc[0])
    fig.add_hline(
        y=eq,
        line_dash="dash",
        line_color=palette.REFERENCE,
        annotation_text=_("equilibrium {value}", value=format(eq, ".2f")),
        annotation_position="top left",
    )
    fig.update_yaxes(range=[0, float(comparison[VALUE].max()) * 1.15])
    return fig


__all__ = ["nash_conv_curve", "selling_rules", "win_share_against_simulations"]
