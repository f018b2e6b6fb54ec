"""Kuhhandel's own figures: what a card count gives away, what buying in brings the auctioneer,
how bluffs are received, how donkeys inflate prices, and which sets win games."""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go

from ...plots import error_bars, figure, label_lines, mean_lines, palette
from . import analysis
from .i18n import N_, _, _n
from .narration import animal_name
from .pictures import ANIMAL_COLOURS


def offer_inference(
    inference: analysis.OfferInference, mark: int | None = None, title: str | None = None
) -> go.Figure:
    """The chance of each total of a face-down offer, from its card count (``analysis.offer_inference``).

    Exact: no interval (the chances are counted, not simulated).

    ``mark`` draws a line at an amount to compare with (what the animals are worth to you).
    """
    table = inference.table()
    fig = figure(
        title
        or _n("What an offer of {n} card can total", "What an offer of {n} cards can total", inference.cards),
        _("total of the offer"),
        _("chance"),
    )
    fig.add_bar(x=table["total"], y=table["chance"], marker_color=palette.colour(0), name=_("chance"))
    if mark is not None:
        fig.add_vline(
            x=mark,
            line_dash="dot",
            annotation_text=_(
                "{mark}: below it with chance {chance}",
                mark=mark,
                chance=format(inference.chance_below(mark), ".0%"),
            ),
        )
    fig.update_yaxes(tickformat=".0%", rangemode="tozero")
    fig.update_layout(showlegend=False)
    return fig


def _bars(summary: pd.DataFrame, column: str, intervals: bool) -> dict:
    """``error_y`` of ``column`` from its ``_low``/``_high`` columns (``analysis.buyin_summary``)."""
    if not intervals:
        return {}
    return {"error_y": error_bars(summary, column, f"{column}_low", f"{column}_high")}


def buyin_value(summary: pd.DataFrame, title: str | None = None, intervals: bool = True) -> go.Figure:
    """Per buy-in margin, what the auctioneer's own auctions brought it (``analysis.buyin_summary``):
    money received and the worth to its collection of the animals it bought in, per auction, with
    95 % intervals clustered by game."""
    fig = figure(
        title or _("What each of its own auctions brings the auctioneer"),
        _("buy-in margin (buys in up to this share of the animal's worth to it)"),
        _("per auction"),
    )
    labels = [f"{v:g}" for v in summary["value"]]
    fig.add_bar(
        x=labels,
        y=summary["money"],
        name=_("money received (minus paid)"),
        marker=palette.bar(0),
        **_bars(summary, "money", intervals),
    )
    fig.add_bar(
        x=labels,
        y=summary["worth"],
        name=_("worth of animals bought in"),
        marker=palette.bar(1),
        **_bars(summary, "worth", intervals),
    )
    fig.update_layout(barmode="group")
    return fig


def buyin_prices(summary: pd.DataFrame, title: str | None = None, intervals: bool = True) -> go.Figure:
    """Mean closing price of the animals sold and of those bought in, per buy-in margin, with
    95 % intervals clustered by game (``analysis.buyin_summary``)."""
    fig = figure(
        title or _("Prices of the animals sold and bought in"),
        _("buy-in margin"),
        _("mean closing price"),
    )
    fig.add_scatter(
        x=summary["value"],
        y=summary["price_sold"],
        name=_("sold to the high bidder"),
        **_bars(summary, "price_sold", intervals),
        **palette.series(0),
    )
    fig.add_scatter(
        x=summary["value"],
        y=summary["price_bought_in"],
        name=_("bought in by the auctioneer"),
        **_bars(summary, "price_bought_in", intervals),
        **palette.series(1),
    )
    return label_lines(fig)


def bluff_acceptance(trades: pd.DataFrame, title: str | None = None) -> go.Figure:
    """How often cow-trade offers with and without 0 cards were accepted (``analysis.acceptance``)."""
    table = analysis.acceptance(trades)
    fig = figure(
        title or _("Offers accepted, with and without 0 cards (95 % interval)"), _("offer"), _("accepted")
    )
    fig.add_bar(
        x=[_(str(o)) for o in table["offer"]],
        y=table["accepted"],
        error_y=error_bars(table, "accepted"),
        marker_color=palette.colour(0),
    )
    fig.update_yaxes(tickformat=".0%", range=[0, 1])
    return fig


def price_against_donkeys(
    auctions: pd.DataFrame,
    animals: list[str] | None = None,
    players: int | None = None,
    title: str | None = None,
) -> go.Figure:
    """Mean closing price by donkeys turned up so far (``analysis.price_by_donkeys``): all animals,
    or one line per animal in ``animals``, with 95 % intervals; with ``players``, the money per player
    on a second axis (from the rules, so exact: no interval)."""
    fig = figure(
        title or _("Prices against the donkeys turned up"),
        _("donkeys turned up so far"),
        _("mean closing price"),
    )
    if animals:
        table = analysis.price_by_donkeys(auctions[auctions["animal"].isin(animals)], by="animal")
        mean_lines(table, "donkeys_seen", "animal", fig)

    else:
        mean_lines(analysis.price_by_donkeys(auctions), "donkeys_seen", None, fig)
    if players:
        money = analysis.money_per_player(players)
        fig.add_scatter(
            x=money["donkeys_seen"],
            y=money["money_per_player"],
            mode="lines",
            line={"dash": "dot", "color": palette.REFERENCE},
            name=_("money in play per player"),
            yaxis="y2",
        )
        fig.update_layout(
            yaxis2={
                "title": _("money per player"),
                "overlaying": "y",
                "side": "right",
                "rangemode": "tozero",
            },
            margin={"r": 70},
        )
    fig.update_xaxes(dtick=1)
    fig.update_layout(legend={"orientation": "h", "y": -0.22}, height=480)
    return label_lines(fig)


def set_win_rates(sets: pd.DataFrame, seats: pd.DataFrame, title: str | None = None) -> go.Figure:
    """Win rate of the player who completed each animal's set (``analysis.set_win_rates``)."""
    table = analysis.set_win_rates(sets, seats)
    fig = figure(
        title or _("How often the owner of each set wins (95 % interval)"),
        _("animal (set value)"),
        _("win rate"),
    )
    fig.add_bar(
        x=[f"{animal_name(a)} ({v})" for a, v in zip(table["animal"], table["set_value"], strict=True)],
        y=table["win_rate"],
        error_y=error_bars(table, "win_rate"),
        marker_color=[ANIMAL_COLOURS[a] for a in table["animal"]],
    )
    fair = 1 / seats["seat"].nunique()
    fig.add_hline(
        y=fair,
        line_dash="dot",
        annotation_text=_("fair share {share}", share=format(fair, ".0%")),
        annotation_position="top left",
    )
    fig.update_yaxes(tickformat=".0%", rangemode="tozero")
    return fig


def win_rate_by_sets(seats: pd.DataFrame, title: str | None = None) -> go.Figure:
    """Win rate by the number of complete sets held at the end (``analysis.win_rate_by_sets``)."""
    table = analysis.win_rate_by_sets(seats)
    fig = figure(
        title or _("Win rate by complete sets held (95 % interval)"), _("complete sets"), _("win rate")
    )
    fig.add_bar(
        x=[str(s) for s in table["sets"]],
        y=table["win_rate"],
        error_y=error_bars(table, "win_rate"),
        marker_color=palette.colour(0),
    )
    fig.update_yaxes(tickformat=".0%", range=[0, 1.05])
    return fig


# ------------------------------------------------------------------ lesson 03 (issue 13)
_MODEL_NAMES = {
    "pooled": N_("every unseen card alike (pooled)"),
    "counts": N_("equal start hands + card counts"),
    "log": N_("the whole public log (exact)"),
}


def offer_models(models: pd.DataFrame, mark: int | None = None, title: str | None = None) -> go.Figure:
    """The chance of each total of a face-down offer under the three models of ``analysis.offer_models``.

    Exact: no interval (the chances are computed, not simulated). ``mark`` draws a line at an
    amount to compare with.
    """
    fig = figure(
        title or _("What the offer can total, by what the responder uses"),
        _("total of the offer"),
        _("chance"),
    )
    for i, column in enumerate(("pooled", "counts", "log")):
        fig.add_bar(x=models["total"], y=models[column], name=_(_MODEL_NAMES[column]), marker=palette.bar(i))
    if mark is not None:
        fig.add_vline(x=mark, line_dash="dot", annotation_text=str(mark))
    fig.update_yaxes(tickformat=".0%", rangemode="tozero")
    fig.update_layout(barmode="group", legend={"orientation": "h", "y": -0.25})
    return fig


def offer_calibration(curves: pd.DataFrame, title: str | None = None) -> go.Figure:
    """The model's forecast of an offer's total beside the simulated truth (``analysis.calibration_curves``).

    Chance that the offer totals at most t: the posterior (``offer_posterior``, averaged over the
    offers), a uniform draw of as many cards from the challenger's true hand, and the bots' real
    offers with their 95 % interval (``ci_low``/``ci_high``: a bootstrap over games), drawn as a
    band. The posterior and the uniform draw are computed from the offers' positions:
    exact: no interval.
    """
    n = int(curves["offers"].iloc[0])
    fig = figure(
        title or _("Posterior against the true totals of {n} offers", n=format(n, ",")),
        _("total t of the offer"),
        _("chance the offer totals at most t"),
    )
    fig.add_scatter(
        x=curves["total"],
        y=curves["ci_high"],
        mode="lines",
        line={"width": 0, "shape": "hv"},
        showlegend=False,
        hoverinfo="skip",
    )
    fig.add_scatter(
        x=curves["total"],
        y=curves["ci_low"],
        mode="lines",
        line={"width": 0, "shape": "hv"},
        fill="tonexty",
        fillcolor=palette.rgba(palette.colour(1), 0.18),
        name=_("95 % interval of the real offers"),
        hoverinfo="skip",
    )
    fig.add_scatter(
        x=curves["total"],
        y=curves["simulated"],
        mode="lines",
        line=palette.line(1, dash="solid", shape="hv"),
        name=_("the bots' real offers (simulated)"),
    )
    fig.add_scatter(
        x=curves["total"],
        y=curves["uniform"],
        mode="lines",
        line=palette.line(2, dash="dash", shape="hv"),
        name=_("a uniform draw from the true hand"),
    )
    fig.add_scatter(
        x=curves["total"],
        y=curves["model"],
        mode="lines",
        line=palette.line(0, dash="dot", width=3, shape="hv"),
        name=_("posterior from the card count (theory)"),
    )
    fig.update_yaxes(tickformat=".0%", range=[0, 1.02])
    fig.update_layout(legend={"orientation": "h", "y": -0.25}, height=480)
    return fig


def counter_gains(
    offers: dict[str, dict[int, float]], totals: list[int], win: float, lose: float, title: str | None = None
) -> go.Figure:
    """What countering with c gains over accepting, for each makeable c, under each belief in ``offers``.

    ``gamekit.theory.kuhhandel.counter_gain``: -c + (win + lose)·P(T < c) + lose·P(T = c); the
    zero line is accepting (a take-it-or-leave-it price). Exact: no interval.
    """
    from ...theory.kuhhandel import counter_gain

    fig = figure(
        title
        or _(
            "Counter or accept? (winning is worth {win}, losing {lose})",
            win=format(win, "g"),
            lose=format(lose, "g"),
        ),
        _("counter-offer c"),
        _("gain of countering over accepting"),
    )
    for i, (name, dist) in enumerate(offers.items()):
        fig.add_scatter(
            x=totals,
            y=[counter_gain(c, dist, win, lose) for c in totals],
            name=name,
            **palette.series(i),
        )
    fig.add_hline(
        y=0,
        line_dash="dot",
        line_color=palette.REFERENCE,
        annotation_text=_("accept"),
        annotation_position="bottom right",
    )
    fig.update_layout(legend={"orientation": "h", "y": -0.25})
    return label_lines(fig)


def set_win_excess(excess: pd.DataFrame, title: str | None = None) -> go.Figure:
    """How much more each set's owner won than players with as many sets (``analysis.set_win_excess``),
    with 95 % intervals clustered by game."""
    fig = figure(
        title or _("Owner's win rate minus that of players with as many sets (95 % interval)"),
        _("animal (set value)"),
        _("excess win rate"),
    )
    fig.add_bar(
        x=[f"{animal_name(a)} ({v})" for a, v in zip(excess["animal"], excess["set_value"], strict=True)],
        y=excess["excess"],
        error_y=error_bars(excess, "excess"),
        marker_color=[ANIMAL_COLOURS[a] for a in excess["animal"]],
    )
    fig.add_hline(y=0, line_dash="dot")
    fig.update_yaxes(tickformat="+.0%")
    return fig


__all__ = [
    "bluff_acceptance",
    "buyin_prices",
    "buyin_value",
    "counter_gains",
    "offer_calibration",
    "offer_inference",
    "offer_models",
    "price_against_donkeys",
    "set_win_excess",
    "set_win_rates",
    "win_rate_by_sets",
]
