"""Bohnanza's own figures: the beanometers, harvest timing, who gains from deals, and the
settings compared (trading, the third field's price, the booklet's variants, player count).

Each takes a table of ``gamekit.analysis.bohnanza`` (or prepares one with it) and returns
a plotly figure; nothing here computes a result.
"""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ...plots import _LAYOUT, error_bars, figure, label_lines, palette
from . import analysis
from .i18n import N_, _
from .narration import bean_name
from .pictures import BEAN_COLOURS

# Labels the analysis tables carry as data, shown translated (``_(label)``) where drawn.
_LABELS = (
    N_("setting"),
    N_("kind"),
    N_("gift"),
    N_("exchange"),
    N_("win share"),
    N_("low"),
    N_("high"),
    # the analysis tables' columns as ``readable`` heads them
    N_("cards seen"),
    N_("unseen of bean"),
    N_("unseen total"),
    N_("known"),
    N_("draws"),
    N_("top"),
    N_("now"),
    N_("of"),
    N_("with cards that came"),
    N_("paid nothing"),
    N_("bot"),
    N_("active"),
    N_("partner"),
    N_("turn"),
    N_("seats"),
    N_("bin"),
    N_("bean"),
    N_("cards"),
    N_("chance of more"),
    N_("coins now"),
    N_("coins per bean"),
    N_("comparison"),
    N_("count"),
    N_("deals"),
    N_("expected"),
    N_("expected coins"),
    N_("field"),
    N_("forecast"),
    N_("gain from waiting"),
    N_("gain per turn"),
    N_("games"),
    N_("harvests"),
    N_("mean"),
    N_("mean beans"),
    N_("mean coins"),
    N_("measure"),
    N_("outcome"),
    N_("paid"),
    N_("share"),
    N_("step"),
    N_("top coins"),
    N_("first step"),
    N_("thaler per table"),
    N_("given"),
    N_("asked"),
    N_("active sheds"),
    N_("partner fed"),
    N_("n"),
    N_("p"),
    N_("turns per player"),
    N_("price"),
    N_("bought"),
    N_("unseen"),
    N_("at top"),
    N_("forced"),
    N_("rank"),
    N_("score"),
    N_("seat"),
    N_("winner"),
    N_("outcome mean"),
    N_("thaler per player"),
    N_("forced harvests per player"),
    N_("what the deal did"),
    N_("error"),
    N_("mean forecast"),
    N_("mean outcome"),
)


def beanometers(table: pd.DataFrame | None = None, title: str | None = None) -> go.Figure:
    """Thaler against beans on the field, one panel per bean type, most common first
    (``analysis.beanometer_table``); each panel names how many cards of the type exist.

    Exact: no interval (the beanometers are the rules).
    """
    title = title or _("The beanometers: thaler for a field of n beans")
    table = analysis.beanometer_table() if table is None else table
    names = list(dict.fromkeys(table["bean"]))
    cards = analysis.bean_prices().set_index("bean")["cards"]
    fig = make_subplots(
        rows=2,
        cols=4,
        shared_yaxes=True,
        subplot_titles=[_("{bean} ({n} cards)", bean=bean_name(bean), n=cards[bean]) for bean in names],
        vertical_spacing=0.16,
        horizontal_spacing=0.04,
    )
    for i, bean in enumerate(names):
        rows = table[table["bean"] == bean]
        fig.add_scatter(
            x=rows["beans"],
            y=rows["coins"],
            name=bean_name(bean),
            mode="lines+markers",
            line={"shape": "hv", "color": BEAN_COLOURS[bean], "width": 3},
            marker={"size": 6},
            row=i // 4 + 1,
            col=i % 4 + 1,
        )
    fig.update_layout(title=title, showlegend=False, **{**_LAYOUT, "height": 520})
    fig.update_xaxes(dtick=2, title_text=_("beans"))
    fig.update_yaxes(dtick=1, range=[-0.2, 4.4])
    fig.update_yaxes(title_text=_("thaler"), col=1)
    return fig


def harvest_timing(table: pd.DataFrame, title: str | None = None) -> go.Figure:
    """Coins now against the expected coins after waiting k turns, with the chance of more
    (``analysis.pay_after_turns``).

    Exact: no interval (the expectations are hypergeometric sums, not simulated).
    """
    fig = figure(title or _("Harvest now or wait?"), _("turns waited"), _("thaler"))
    fig.add_scatter(
        x=table["turns"],
        y=table["coins_now"],
        name=_("harvest now"),
        mode="lines",
        line={"dash": "dot", "color": palette.REFERENCE, "width": 3},
    )
    fig.add_bar(
        x=table["turns"],
        y=table["expected_coins"],
        name=_("expected after waiting"),
        marker_color=palette.colour(0),
        text=[_("{share} more", share=format(p, ".0%")) for p in table["chance_of_more"]],
        textposition="outside",
    )
    fig.update_yaxes(rangemode="tozero", range=[0, max(4.4, float(table["expected_coins"].max()) + 0.6)])
    fig.update_xaxes(dtick=1)
    fig.update_layout(legend={"orientation": "h", "y": -0.2})
    return fig


def deal_outcomes(
    shares: pd.DataFrame, by: str | None = None, title: str | None = None, intervals: bool = True
) -> go.Figure:
    """Share of accepted deals by who gained (``analysis.outcome_shares``), per ``by`` if given.

    With ``intervals`` (the default) the bars stand side by side, each with its 95 % interval
    clustered by game (the deals of one game are between the same players, so they are not
    independent; see ``analysis.outcome_shares``); without, they are stacked to 100 %.
    """
    fig = figure(title or _("Who gains from a deal?"), _(by) if by else "", _("share of deals"))
    for i, outcome in enumerate(analysis.OUTCOMES):
        rows = shares[shares["outcome"] == outcome]
        fig.add_bar(
            x=[_(v) for v in rows[by].astype(str)] if by else [_("all deals")],
            y=rows["share"],
            name=_(outcome),
            marker=palette.bar(i),
            text=[f"{s:.0%}" for s in rows["share"]],
            textposition="inside",
            **({"error_y": error_bars(rows, "share")} if intervals else {}),
        )
    fig.update_layout(barmode="group" if intervals else "stack")
    fig.update_yaxes(tickformat=".0%", range=[0, 1])
    return fig


def mean_scores(
    summary: pd.DataFrame, x: str = "setting", colour: str | None = None, title: str = ""
) -> go.Figure:
    """Mean thaler per player with 95 % intervals, one bar per row of ``analysis.setting_summary``."""
    fig = figure(title or _("Mean thaler per player"), _(x), _("mean thaler per player"))
    groups = [(None, summary)] if colour is None else list(summary.groupby(colour, sort=False))
    for i, (name, rows) in enumerate(groups):
        fig.add_bar(
            x=rows[x].astype(str),
            y=rows["mean"],
            marker=palette.bar(i),
            name=str(name) if name is not None else "",
            error_y=error_bars(rows),
            text=[f"{m:.1f}" for m in rows["mean"]],
            textposition="inside",
            insidetextanchor="start",
        )
    fig.update_layout(showlegend=colour is not None, barmode="group")
    fig.update_yaxes(rangemode="tozero")
    return fig


def third_field_price(table: pd.DataFrame, title: str | None = None) -> go.Figure:
    """Mean thaler per player (net of the price) against the third field's price, with the game
    without a third field as a line in a shaded band of its 95 % interval
    (``analysis.third_field_by_price``)."""
    fig = figure(
        title or _("What the third field is worth at each price"),
        _("price of the third field (thaler)"),
        _("mean thaler per player"),
    )
    priced = table[~table["no_field"]]
    fig.add_scatter(
        x=priced["price"],
        y=priced["mean"],
        mode="lines+markers",
        name=_("with a third field for sale"),
        error_y=error_bars(priced),
        marker={"size": 10, "color": palette.colour(0)},
        line={"color": palette.colour(0)},
        text=[_("{share} bought", share=format(b, ".0%")) for b in priced["bought"]],
        hovertemplate=_("price %{x}: %{y:.2f} thaler, %{text}") + "<extra></extra>",
    )
    for _i, row in table[table["no_field"]].iterrows():
        fig.add_hrect(
            y0=row["ci_low"], y1=row["ci_high"], fillcolor=palette.NEUTRAL, opacity=0.15, line_width=0
        )
        fig.add_hline(
            y=row["mean"],
            line_dash="dot",
            line_color=palette.REFERENCE,
            annotation_text=_("no third field: {mean}", mean=format(row["mean"], ".2f")),
            annotation_position="top right",
        )
    fig.update_xaxes(dtick=1)
    fig.update_yaxes(rangemode="tozero")
    return fig


def player_count(table: pd.DataFrame, title: str | None = None) -> go.Figure:
    """Mean thaler per player and turns per player against the number of players, both with
    95 % intervals (``analysis.player_count_summary``)."""
    fig = figure(
        title or _("More players, fewer turns and fewer thaler each"),
        _("players"),
        _("per player: thaler (bars), turns (line)"),
    )
    fig.add_bar(
        x=table["players"],
        y=table["mean"],
        name=_("mean thaler"),
        error_y=error_bars(table),
        marker_color=palette.colour(1),
        text=[f"{m:.1f}" for m in table["mean"]],
        textposition="inside",
        insidetextanchor="start",
    )
    fig.add_scatter(
        x=table["players"],
        y=table["turns_per_player"],
        name=_("turns"),
        error_y=error_bars(table, "turns_per_player", "turns_low", "turns_high"),
        **palette.series(0, size=10),
    )
    fig.update_xaxes(dtick=1)
    fig.update_yaxes(rangemode="tozero")
    return fig


__all__ = [
    "beanometers",
    "deal_outcomes",
    "harvest_timing",
    "mean_scores",
    "player_count",
    "third_field_price",
]


# lesson 04 (issue 13) ------------------------------------------------------------------------------
def paired_differences(
    table: pd.DataFrame, title: str | None = None, x_title: str | None = None
) -> go.Figure:
    """One panel per measure of ``analysis.paired_table`` (win share and thaler have different
    scales), one horizontal bar per comparison with its 95 % interval, and the line of no
    difference at 0."""
    title = title or _("Paired differences (95 % interval)")
    x_title = x_title or _("difference")
    measures = list(dict.fromkeys(table["measure"]))
    fig = make_subplots(
        rows=1, cols=len(measures), subplot_titles=[_(m) for m in measures], shared_yaxes=True
    )
    for col, measure in enumerate(measures, start=1):
        rows = table[table["measure"] == measure]
        _labelled_bars(fig, rows, "comparison", "difference", palette.colour(0), "{:+.2f}", row=1, col=col)
        fig.add_vline(x=0, line_dash="dot", row=1, col=col)
        fig.update_xaxes(title_text=x_title, row=1, col=col)
    fig.update_layout(title=title, showlegend=False, **{**_LAYOUT, "height": 380})
    return fig


def _labelled_bars(
    fig: go.Figure, rows: pd.DataFrame, label: str, value: str, colour: str, text: str, **cell: int
) -> None:
    """Horizontal bars of ``value`` per ``label`` with their 95 % intervals, each bar's value written
    inside it (``text`` a format); ``cell``: the subplot's ``row`` and ``col``."""
    fig.add_bar(
        y=[_(str(v)) for v in rows[label]],
        x=rows[value],
        orientation="h",
        marker_color=colour,
        error_x=error_bars(rows, value),
        text=[text.format(v) for v in rows[value]],
        textposition="inside",
        insidetextanchor="start",
        **cell,
    )


def deal_tension(table: pd.DataFrame, title: str | None = None) -> go.Figure:
    """Share of deals that did each thing (``analysis.deal_tension``) with Wilson 95 % intervals."""
    fig = figure(title or _("An accepted deal, played out with and without it"), _("share of deals"), "")
    _labelled_bars(fig, table, "what the deal did", "share", palette.colour(0), "{:.0%}")

    fig.update_xaxes(tickformat=".0%", range=[0, 1])
    fig.update_yaxes(autorange="reversed")
    fig.update_layout(showlegend=False, margin={"l": 360})
    return fig


def forecast_calibration(table: pd.DataFrame, title: str | None = None) -> go.Figure:
    """Mean outcome against the exact forecast (``analysis.forecast_calibration``), one series per
    outcome with 95 % intervals clustered by game; the diagonal is the forecast itself."""
    fig = figure(
        title or _("Harvest timing: the exact forecast beside the games"),
        _("exact forecast: expected thaler at the forced harvest"),
        _("mean thaler (simulated)"),
    )
    top = float(max(table["forecast"].max(), table["ci_high"].max(), 4.0))
    fig.add_scatter(
        x=[0, top],
        y=[0, top],
        mode="lines",
        name=_("theory (forecast = outcome)"),
        line={"dash": "dot", "color": palette.REFERENCE},
    )
    for i, (outcome, rows) in enumerate(table.groupby("outcome", sort=False)):
        fig.add_scatter(
            x=rows["forecast"],
            y=rows["mean"],
            name=_(outcome),
            error_y=error_bars(rows),
            text=[_("{n} fields", n=n) for n in rows["fields"]],
            **palette.series(i, size=9),
        )
    fig.update_layout(legend={"orientation": "h", "y": -0.25})
    return label_lines(fig)


def readable(
    table: pd.DataFrame, digits: int = 2, percent: tuple[str, ...] = ()
) -> pd.io.formats.style.Styler:
    """A table for students: headers in words (``ci_low`` becomes "95 % CI low", the first letter
    capitalised), numbers to ``digits`` decimals, the columns named in ``percent`` as percentages,
    no index."""

    def header(column: object) -> str:
        words = str(column).replace("_", " ")
        if words.startswith("ci "):
            return _("95 % CI {bound}", bound=_(words[3:]))
        words = _(words)
        return words[:1].upper() + words[1:]

    shown = table.rename(columns=header)
    formats = {}
    for original, new in zip(table.columns, shown.columns, strict=True):
        if original in percent:
            formats[new] = "{:.0%}"
        elif pd.api.types.is_float_dtype(table[original]):
            formats[new] = f"{{:.{digits}f}}"
    return shown.style.format(formats).hide(axis="index")
