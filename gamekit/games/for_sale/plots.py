"""For Sale's own figures: what houses cost, what they sell for, and coins against money."""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go

from ...plots import error_bars, figure, label_lines, mean_lines, palette
from . import analysis
from .i18n import _


def price_against_house(
    purchases: pd.DataFrame, by: str | None = None, title: str | None = None
) -> go.Figure:
    """Mean coins paid for each house number (``analysis.price_by_house``)."""
    table = analysis.price_by_house(purchases, by)
    fig = figure(title or _("Coins paid for each house"), _("house"), _("mean coins paid"))
    return label_lines(mean_lines(table, "house", by, fig))


def cheque_against_rank(sales: pd.DataFrame, by: str | None = "bot", title: str | None = None) -> go.Figure:
    """Mean cheque won by the house's rank in the seller's hand (``analysis.cheque_by_hand_rank``)."""
    table = analysis.cheque_by_hand_rank(sales, by)
    fig = figure(
        title or _("Cheque won by the rank of the house sold in its hand"),
        _("rank in hand (1 = best)"),
        _("mean cheque"),
    )
    return label_lines(mean_lines(table, "hand_rank", by, fig))


def coins_against_money(seats: pd.DataFrame, title: str | None = None, intervals: bool = True) -> go.Figure:
    """Each bot's mean coins kept and mean final money (``analysis.money_split``), with their
    95 % intervals (clustered by game) as horizontal and vertical error bars."""
    table = analysis.money_split(seats)
    bars = (
        {
            "error_x": error_bars(table, "coins_kept", "coins_low", "coins_high"),
            "error_y": error_bars(table, "money_k", "money_low", "money_high"),
        }
        if intervals
        else {}
    )
    fig = figure(
        _("Coins kept against final money") if title is None else title,
        _("mean coins kept"),
        _("mean final money (thousands)"),
    )
    fig.add_scatter(
        x=table["coins_kept"],
        y=table["money_k"],
        text=table["bot"],
        mode="markers+text",
        textposition="top center",
        marker={"size": 14, "color": palette.colour(0)},
        **bars,
    )
    return fig


__all__ = [
    "burnt_against_contested",
    "cheque_against_rank",
    "coins_against_money",
    "price_against_house",
    "value_against_price",
]


# ---------------------------------------------------------------------- lesson 01 (issue 13)
def value_against_price(
    table: pd.DataFrame,
    exact: pd.DataFrame | None = None,
    title: str | None = None,
) -> go.Figure:
    """Per house, its mean phase-2 cheque and its mean phase-1 price in coins, each with its
    95 % interval (``gamekit.theory.for_sale.price_and_value``), and the exact one-round value
    as a line when ``exact`` (``theory.for_sale.one_round_values``) is given; that line is
    exact: no interval."""
    if title is None:
        title = _("What a house sells for (phase 2) against what it costs (phase 1), in coins")
    fig = figure(title, _("house"), _("coins (1 coin = 1,000)"))
    fig.add_scatter(
        x=table["house"],
        y=table["value"],
        name=_("cheque it brought (simulated)"),
        **palette.series(0),
        error_y=error_bars(table, "value", "value_lo", "value_hi"),
    )
    fig.add_scatter(
        x=table["house"],
        y=table["price"],
        name=_("coins paid for it (simulated)"),
        **palette.series(1),
        error_y=error_bars(table, "price", "price_lo", "price_hi"),
    )
    if exact is not None:
        fig.add_scatter(
            x=exact["house"],
            y=exact["value"],
            mode="lines",
            name=_("exact value in a one-round sale"),
            line={"color": palette.REFERENCE, "dash": "dash"},
        )
    fig.update_yaxes(rangemode="tozero")
    return label_lines(fig)


# ---------------------------------------------------------------------- the contested prize (issue 2)
def _t_bars(values: pd.Series, confidence: float = 0.95) -> dict:
    """Symmetric error bars of a mean's Student's t interval over independent games."""
    from scipy import stats

    half = stats.t.ppf(0.5 + confidence / 2, len(values) - 1) * values.std(ddof=1) / len(values) ** 0.5
    return {"type": "data", "symmetric": True, "array": [float(half)]}


def burnt_against_contested(
    per_game: pd.DataFrame,
    title: str | None = None,
) -> go.Figure:
    """Each game's coins burnt against its contested prize (``theory.for_sale.contested_by_game``),
    one point per game, and their mean with 95 % intervals (Student's t over games) on both axes.
    Full dissipation (burnt = prize) is a diagonal and the budget, the most that can be burnt, a
    horizontal line: exact: no interval for those two lines. No point can lie above the budget."""
    fig = figure(
        _("Coins burnt in phase 1 against the contested prize, one point per game")
        if title is None
        else title,
        _("contested prize (coins, expected values)"),
        _("coins burnt (paid to the box)"),
    )
    fig.add_scatter(
        x=per_game["contested"],
        y=per_game["paid"],
        mode="markers",
        name=_("one game"),
        marker={"color": palette.colour(1), "size": 5, "opacity": 0.5},
    )
    low, high = float(per_game["contested"].min()), float(per_game["contested"].max())
    fig.add_scatter(
        x=[low, high],
        y=[low, high],
        mode="lines",
        name=_("full dissipation"),
        line={"color": palette.colour(0), "dash": "dash"},
    )
    budget = float(per_game["budget"].max())
    fig.add_scatter(
        x=[low, high],
        y=[budget, budget],
        mode="lines",
        name=_("budget cap"),
        line={"color": palette.REFERENCE, "dash": "dot"},
        hovertemplate=_("budget cap: {budget} coins", budget=format(budget, "g")) + "<extra></extra>",
    )
    fig.add_scatter(
        x=[per_game["contested"].mean()],
        y=[per_game["paid"].mean()],
        mode="markers",
        name=_("mean over games"),
        marker={"color": palette.REFERENCE, "size": 11, "symbol": "diamond"},
        error_x=_t_bars(per_game["contested"]),
        error_y=_t_bars(per_game["paid"]),
    )
    return fig
