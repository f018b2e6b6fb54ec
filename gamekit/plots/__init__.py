"""Plotly figures of simulation results. Each takes a table, prepares it with a tested
function of ``gamekit.analysis`` and returns a figure; nothing here computes a result.

This module holds the figures every game shares; each game's own are in
``gamekit.plots.<game>`` (For Sale's are also importable from here).
"""

from __future__ import annotations

from ..core.extras import needs_extra

with needs_extra("lessons", "gamekit.plots"):  # plotly comes with the lessons extra
    import pandas as pd
    import plotly.graph_objects as go

from .. import analysis
from ..core.i18n import domain
from . import palette
from .labels import label_lines as label_lines  # re-exported: every figure module uses it

_ = domain("plots")

_LAYOUT = {
    "template": "plotly_white",
    "colorway": list(palette.SERIES),
    "font": {"size": 15},
    "height": 420,
    "margin": {"t": 60, "l": 60, "r": 20},
}


def figure(title: str, x: str, y: str) -> go.Figure:
    fig = go.Figure()
    fig.update_layout(title=title, xaxis_title=x, yaxis_title=y, **_LAYOUT)
    return fig


def error_bars(table: pd.DataFrame, centre: str = "mean", low: str = "ci_low", high: str = "ci_high") -> dict:
    """Plotly's asymmetric error bars from a table's interval columns around ``centre``."""
    return {
        "type": "data",
        "symmetric": False,
        "array": table[high] - table[centre],
        "arrayminus": table[centre] - table[low],
    }


def win_rates(seats: pd.DataFrame, title: str | None = None) -> go.Figure:
    """Bars of each bot's win rate with Wilson 95 % error bars (``analysis.summarize``)."""
    table = analysis.summarize(seats)
    fig = figure(title or _("Win rate per bot (95 % interval)"), _("bot"), _("win rate"))
    fig.add_bar(
        x=table["bot"],
        y=table["win_rate"],
        error_y=error_bars(table, "win_rate"),
        marker_color=palette.colour(0),
    )
    fig.update_yaxes(tickformat=".0%", rangemode="tozero")
    return fig


def _win_rate_by(
    seats: pd.DataFrame, key: str, table: pd.DataFrame, title: str, x: str, colour: str
) -> go.Figure:
    """Bars of win rate by ``key`` with Wilson error bars and the fair share 1/players marked."""
    fig = figure(title, x, _("win rate"))
    fig.add_bar(
        x=[str(k) for k in table[key]],
        y=table["win_rate"],
        error_y=error_bars(table, "win_rate"),
        marker_color=colour,
    )
    fair = 1 / seats[key].nunique()
    fig.add_hline(
        y=fair,
        line_dash="dot",
        line_color=palette.REFERENCE,
        annotation_text=_("fair share {share}", share=format(fair, ".0%")),
    )
    fig.update_yaxes(tickformat=".0%", rangemode="tozero")
    return fig


def seat_advantage(seats: pd.DataFrame, title: str | None = None) -> go.Figure:
    """Win rate by seat number; with bots rotated through the seats, differences are the seat's own.

    A seat number is not an order of play when the first start player is dealt at random: for
    turn order see ``position_advantage``."""
    table = analysis.seat_summary(seats)
    return _win_rate_by(
        seats,
        "seat",
        table,
        title or _("Win rate per seat (95 % interval)"),
        _("seat (0 = first in seat order)"),
        palette.colour(0),
    )


def position_advantage(seats: pd.DataFrame, title: str | None = None) -> go.Figure:
    """Win rate by position (0: the game's first start player), with the fair share marked
    (``analysis.position_summary``); with the same bot in every seat the differences are the
    position's own (``experiments.seat_experiment``)."""
    table = analysis.position_summary(seats)
    return _win_rate_by(
        seats,
        "position",
        table,
        title or _("Win rate by position after the first start player (95 % interval)"),
        _("position (0 = first start player, then clockwise)"),
        palette.colour(0),
    )


def _mean_markers(fig: go.Figure, table: pd.DataFrame, names: list[str]) -> None:
    """The mean of each box with its 95 % interval (``analysis.group_means``), drawn over the box."""
    fig.add_scatter(
        x=names,
        y=table["mean"],
        mode="markers",
        name=_("mean (95 % interval)"),
        marker={"color": palette.REFERENCE, "size": 9, "symbol": "diamond"},
        error_y=error_bars(table),
    )


def score_distribution(seats: pd.DataFrame, title: str | None = None, intervals: bool = True) -> go.Figure:
    """One box per bot of the final scores; with ``intervals``, each bot's mean with its 95 % interval
    (clustered by game, ``analysis.group_means``) as a marker over its box."""
    fig = figure(title or _("Final money per bot"), _("bot"), _("final money"))
    for i, (bot, rows) in enumerate(seats.groupby("bot")):
        fig.add_box(y=rows["score"], name=str(bot), boxmean=True, marker_color=palette.colour(i))
    if intervals:
        table = analysis.group_means(seats, "score", "bot")
        _mean_markers(fig, table, [str(b) for b in table["bot"]])
    fig.update_layout(showlegend=False)
    return fig


def mean_lines(table: pd.DataFrame, x: str, by: str | None, fig: go.Figure) -> go.Figure:
    """One line of ``mean`` against ``x`` per ``by`` group (one line if None), with its interval,
    each group in its palette colour, marker and dash (the caller writes their names at their ends
    with ``label_lines`` once it has drawn everything else)."""
    groups = [(None, table)] if by is None else list(table.groupby(by))
    for i, (name, rows) in enumerate(groups):
        fig.add_scatter(
            x=rows[x],
            y=rows["mean"],
            name=str(name) if name is not None else _("all"),
            error_y=error_bars(rows, "mean"),
            **palette.series(i),
        )
    return fig


def compare(
    tables: dict[str, pd.DataFrame], column: str, title: str, y: str, intervals: bool = True
) -> go.Figure:
    """Box plots of one column of several simulation tables side by side (one per setting); with
    ``intervals``, each setting's mean with its 95 % interval (clustered by game when the table has
    a ``game`` column, else a t interval: ``analysis.group_means``) as a marker over its box."""
    fig = figure(title, _("setting"), y)
    for i, (name, table) in enumerate(tables.items()):
        fig.add_box(y=table[column], name=name, boxmean=True, marker_color=palette.colour(i))
    if intervals:
        means = pd.concat(
            [
                analysis.group_means(table.assign(setting=name), column, "setting")
                for name, table in tables.items()
            ],
            ignore_index=True,
        )
        _mean_markers(fig, means, list(tables))
    fig.update_layout(showlegend=False)
    return fig


def sweep(summary: pd.DataFrame, parameter: str, title: str | None = None) -> go.Figure:
    """Win rate of a swept bot against its parameter (``experiments.sweep_summary``)."""
    fig = figure(title or _("Win rate against {parameter}", parameter=parameter), parameter, _("win rate"))
    fig.add_scatter(
        x=summary["value"],
        y=summary["win_rate"],
        error_y=error_bars(summary, "win_rate"),
        **palette.series(0),
    )
    fig.update_yaxes(tickformat=".0%", rangemode="tozero")
    return fig


__all__ = [
    "compare",
    "error_bars",
    "mean_lines",
    "position_advantage",
    "score_distribution",
    "seat_advantage",
    "sweep",
    "win_rates",
]
