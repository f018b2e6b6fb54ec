"""Money Monsoon's own figures: the one-shot payoff of every bid, and the lesson's experiments.

Each takes a table from ``gamekit.analysis.money_monsoon`` and returns a figure.
"""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ...plots import _LAYOUT, error_bars, figure, label_lines, palette
from .analysis import payoff_lines
from .i18n import N_, _


def payoff_against_bid(
    table: pd.DataFrame, value: float, bid: int | None = None, title: str | None = None
) -> go.Figure:
    """Payoff of every bid against fixed rival bids (``analysis.payoff_table``), the value marked.

    Exact: no interval (every payoff is computed by the auction's pricing code, not simulated).

    The dominant-strategy picture: in a second-price auction with the textbook tie
    rule, no bid's payoff is above the payoff at the value. With ``bid`` given, the
    title says what that bid gets (``analysis.payoff_lines``).
    """
    if title is None:
        title = (
            "<br>".join(payoff_lines(table, value, bid))
            if bid is not None and bid in set(table["bid"])
            else _("Your payoff for every bid, rival bids fixed")
        )
    fig = figure(title, _("your bid"), _("your payoff"))
    fig.update_layout(margin={"t": 130})
    fig.add_scatter(
        x=table["bid"],
        y=table["payoff"],
        mode="lines+markers",
        line={"shape": "hv", "color": palette.colour(0)},
        marker={"size": 5},
        text=table["outcome"],
        hovertemplate=_("bid %{x}: %{text}, payoff %{y}") + "<extra></extra>",
        name=_("payoff"),
    )
    fig.add_vline(
        x=value,
        line_dash="dash",
        line_color=palette.REFERENCE,
        annotation_text=_("your value {value}", value=format(value, "g")),
        annotation_position="bottom right",
    )
    if bid is not None:
        row = table[table["bid"] == bid]
        if len(row):
            fig.add_scatter(
                x=row["bid"],
                y=row["payoff"],
                mode="markers",
                marker={"size": 16, "color": palette.colour(1), "symbol": "diamond"},
                name=_("your bid {bid}", bid=bid),
                hovertemplate=_("your bid %{x}: payoff %{y}") + "<extra></extra>",
            )
    fig.add_hline(y=0, line_color="#888", line_width=1)
    fig.update_layout(legend={"orientation": "h", "y": -0.2})
    return fig


def shading_sweep(table: pd.DataFrame, title: str | None = None) -> go.Figure:
    """Win rate against the shading factor, one line per field of opponents (``analysis.sweep_fields``)."""
    fig = figure(
        title or _("Win rate of a bot bidding a fraction of its value"),
        _("fraction of its value the bot bids (1 = truthful)"),
        _("win rate"),
    )
    for i, (field, rows) in enumerate(table.groupby("field", sort=False)):
        fig.add_scatter(
            x=rows["value"],
            y=rows["win_rate"],
            name=_("against {field}", field=field),
            error_y=error_bars(rows, "win_rate", "ci_low", "ci_high"),
            **palette.series(i),
        )
    fig.add_vline(x=1, line_dash="dash", line_color=palette.REFERENCE, annotation_text=_("truthful"))
    fig.add_hline(
        y=0.25, line_dash="dot", annotation_text=_("fair share 25 %"), annotation_position="bottom right"
    )
    fig.update_yaxes(tickformat=".0%", rangemode="tozero")
    fig.update_layout(legend={"orientation": "h", "y": -0.25})
    return label_lines(fig)


def zero_bid_payoff(
    table: pd.DataFrame,
    by: str = "setting",
    title: str | None = None,
    x_title: str | None = None,
) -> go.Figure:
    """Bars per table: a 0 bid on an 8 getting the free 4, and the zero-bidders' win rate
    (``analysis.zero_bids_on_eight``), with 95 % intervals."""
    x_title = _("zero8 bots at the table (the other seats truthful)") if x_title is None else x_title
    fig = figure(title or _("Does bidding 0 on an 8 pay?"), x_title, _("share"))
    labels = table[by].astype(str)
    fig.add_bar(
        x=labels,
        y=table["free_share"],
        name=_("a 0 bid on an 8 gets the free 4"),
        error_y=error_bars(table, "free_share", "free_low", "free_high"),
        marker=palette.bar(0),
    )
    fig.add_bar(
        x=labels,
        y=table["win_share"],
        name=_("a zero8 bot wins the game"),
        error_y=error_bars(table, "win_share", "win_low", "win_high"),
        marker=palette.bar(1),
    )
    fig.update_yaxes(tickformat=".0%", range=[0, 1])
    fig.update_layout(barmode="group", legend={"orientation": "h", "y": -0.25})
    return fig


TIE_MEASURES = {
    "top_tied": N_("highest bid tied"),
    "lapsed": N_("roll lapsed (every bid void)"),
    "auctioneer_wins_tie": N_("auctioneer wins a tied roll"),
    "price_share": N_("price / winning bid"),
}


def tie_rules(
    table: pd.DataFrame, by: str = "setting", title: str | None = None, intervals: bool = True
) -> go.Figure:
    """Grouped bars of what each ``top_tie`` rule does to the auctions (``analysis.tie_summary``),
    with 95 % intervals clustered by game (a table made by hand, without the ``_low``/``_high``
    columns, is drawn without them)."""
    fig = figure(title or _("What the tie rule changes (MM-A5)"), "", _("share"))
    for i, (_index, row) in enumerate(table.iterrows()):
        bars = {}
        if intervals and f"{next(iter(TIE_MEASURES))}_low" in row:
            bars["error_y"] = {
                "type": "data",
                "symmetric": False,
                "array": [row[f"{c}_high"] - row[c] for c in TIE_MEASURES],
                "arrayminus": [row[c] - row[f"{c}_low"] for c in TIE_MEASURES],
            }
        fig.add_bar(
            x=[_(label) for label in TIE_MEASURES.values()],
            y=[row[c] for c in TIE_MEASURES],
            name=_("top_tie={rule} ({turns} turns a game)", rule=row[by], turns=format(row["turns"], ".1f")),
            marker=palette.bar(i),
            **bars,
        )
    fig.update_yaxes(tickformat=".0%", range=[0, 1])
    fig.update_layout(barmode="group", legend={"orientation": "h", "y": -0.25})
    return fig


def track_length(table: pd.DataFrame, title: str | None = None) -> go.Figure:
    """Turns per game and the landing fees' share of points against the track length
    (``analysis.track_summary``), one line per field of bots."""
    fig = make_subplots(
        rows=1, cols=2, subplot_titles=(_("turns per game"), _("share of points from landing fees"))
    )
    for i, (field, rows) in enumerate(table.groupby("field", sort=False)):
        fig.add_scatter(
            x=rows["track_length"],
            y=rows["turns"],
            name=field,
            legendgroup=field,
            **palette.series(i),
            error_y=error_bars(rows, "turns", "turns_low", "turns_high"),
            row=1,
            col=1,
        )
        fig.add_scatter(
            x=rows["track_length"],
            y=rows["fee_share"],
            name=field,
            legendgroup=field,
            showlegend=False,
            **palette.series(i),
            error_y=error_bars(rows, "fee_share", "fee_low", "fee_high"),
            row=1,
            col=2,
        )
    fig.update_layout(title=title or _("Track length (MM-C2): game length and landing fees"), **_LAYOUT)
    fig.update_xaxes(title_text=_("track length (spaces)"))
    fig.update_yaxes(title_text=_("mean turns"), rangemode="tozero", row=1, col=1)
    fig.update_yaxes(title_text=_("share"), tickformat=".0%", rangemode="tozero", row=1, col=2)
    fig.update_layout(legend={"orientation": "h", "y": -0.25})
    return fig


__all__ = ["payoff_against_bid", "shading_sweep", "tie_rules", "track_length", "zero_bid_payoff"]


# lesson 02 (issue 13)
def fraction_sweep(table: pd.DataFrame, title: str | None = None) -> go.Figure:
    """``analysis.head_to_head`` against the fraction of the rollout value bid, with 95 % intervals.

    Left: the win share of the bot and of its opponent at the same tables. Right: the paired
    differences, the bot minus its opponent game by game, and (with ``vs_baseline``) the bot minus
    the baseline bot in the same seats of the same games. Rows without a ``fraction`` (such as
    ``reserve``) are drawn as diamonds just right of fraction 1.
    """
    fig = make_subplots(
        rows=1,
        cols=2,
        subplot_titles=(_("win share at the same tables"), _("paired difference of win share")),
    )
    swept = table[table["fraction"].notna()].sort_values("fraction")
    extra = table[table["fraction"].isna()]
    opponent = str(table["opponent"].iloc[0]) if len(table) else _("opponent")
    for rows, symbol, lines, suffix in (
        (swept, "circle", True, ""),
        (extra, "diamond", False, _(" (diamond)")),
    ):
        if not rows.empty:
            _sweep_traces(fig, rows, opponent, symbol, swept=lines, suffix=suffix)
    fig.add_hline(y=0.25, line_dash="dot", line_color=palette.NEUTRAL, row=1, col=1)
    fig.add_hline(y=0, line_color=palette.NEUTRAL, row=1, col=2)
    for col in (1, 2):
        fig.add_vline(x=1, line_dash="dash", line_color=palette.REFERENCE, row=1, col=col)
    fig.update_layout(
        title=title or _("Bidding a fraction f of the rollout value (f = 1: truthful)"),
        **{**_LAYOUT, "height": 480},
    )
    fig.update_xaxes(title_text=_("fraction f of its rollout value the bot bids"))
    fig.update_yaxes(tickformat=".0%", row=1, col=1)
    fig.update_yaxes(tickformat="+.0%", dtick=0.25, row=1, col=2)
    fig.update_layout(legend={"orientation": "h", "y": -0.3, "font": {"size": 12}})
    return fig


def _sweep_traces(
    fig: go.Figure, rows: pd.DataFrame, opponent: str, symbol: str, swept: bool, suffix: str
) -> None:
    """``fraction_sweep``'s traces for one kind of row: the swept fractions (lines) or the others
    (markers beside f = 1, where the full-value bot's markers are)."""
    names = "rollout:f" if swept else ", ".join(rows["bot"])
    # (column, its interval's columns, legend name, colour, subplot column, hover text)
    series = [
        (
            "win_share",
            "win_low",
            "win_high",
            f"{names}{suffix}",
            0 if swept else 4,
            1,
            _("%{text}: win share %{y:.3f}"),
        ),
        (
            "opponent_share",
            "opponent_low",
            "opponent_high",
            _("{opponent} at the same tables", opponent=opponent)
            if swept
            else _("{opponent} against {names}", opponent=opponent, names=names),
            1,
            1,
            _("{opponent}: win share %{{y:.3f}}", opponent=opponent),
        ),
        (
            "difference",
            "ci_low",
            "ci_high",
            _("minus {opponent}, same game{suffix}", opponent=opponent, suffix=suffix),
            2,
            2,
            _("%{{text}} minus {opponent}: %{{y:+.3f}}", opponent=opponent),
        ),
    ]
    if "vs_baseline" in rows:
        name = _("minus bidding the full value, same seats{suffix}", suffix=suffix)
        hover = _("%{text} minus rollout:1: %{y:+.3f}")
        series.append(("vs_baseline", "vs_low", "vs_high", name, 3, 2, hover))
    for column, low, high, name, colour, col, hover in series:
        opponents = column == "opponent_share"
        fig.add_scatter(
            x=rows["fraction"].fillna(1.06),
            y=rows[column],
            mode="lines+markers" if swept else "markers",
            name=name,
            marker={
                "symbol": palette.symbol(colour) if swept else symbol + ("-open" if colour % 2 else ""),
                "size": 8 if swept else 11,
                "color": palette.colour(colour),
            },
            line=palette.line(colour) if swept else None,
            error_y=error_bars(rows, column, low, high),
            text=None if opponents else rows["bot"],
            hovertemplate=hover + "<extra></extra>",
            row=1,
            col=col,
        )


def auctioneer_bid(
    table: pd.DataFrame, own: float, top: float, others: int, title: str | None = None
) -> go.Figure:
    """The auctioneer's expected payoff against its bid (``analysis.auctioneer_payoff_table``):
    the theory's curves (MM-A4, and a plain reserve) over the simulated rolls with 95 % intervals,
    the truthful bid (its value), the best bid under MM-A4 and Myerson's reserve marked. The
    theory's curves are exact: no interval."""
    fig = figure(
        title
        or _(
            "The auctioneer's payoff: {others} rivals, values uniform on [0, {top}], its own value {own}",
            others=others,
            top=format(top, "g"),
            own=format(own, "g"),
        ),
        _("the auctioneer's bid"),
        _("its expected payoff (points)"),
    )
    fig.add_scatter(
        x=table["bid"],
        y=table["theory"],
        mode="lines",
        name=_("theory, MM-A4 (its own win pays the bank)"),
        line=palette.line(0),
    )
    fig.add_scatter(
        x=table["bid"],
        y=table["reserve_theory"],
        mode="lines",
        name=_("theory, a plain reserve (Myerson)"),
        line=palette.line(1, dash="dot"),
    )
    fig.add_scatter(
        x=table["bid"],
        y=table["simulated"],
        mode="markers",
        name=_("simulated rolls, the game's pricing (95 % CI)"),
        marker=palette.marker(0, size=7),
        error_y=error_bars(table, "simulated", "sim_low", "sim_high"),
    )
    marks = (
        (own, _("bid its value"), palette.REFERENCE),
        (min((top + own) / 3, top), _("best bid (top + value) / 3"), palette.colour(0)),
        (min((top + own) / 2, top), _("Myerson (top + value) / 2"), palette.colour(1)),
    )
    for i, (x, text, colour) in enumerate(marks):
        fig.add_vline(
            x=x,
            line_dash="dash",
            line_color=colour,
            annotation_text=text,
            annotation_position=("top right", "bottom right", "top right")[i],
        )
    fig.update_layout(legend={"orientation": "h", "y": -0.25}, height=480)
    return fig


# The roles of ``analysis.truthful_regret_table`` (data in its "role" column), named in the legend.
_ROLES = (N_("bidder, seat ties"), N_("bidder, void ties (MM-A5)"), N_("auctioneer (MM-A4)"))


def _role(role: str) -> str:
    return _(role) if role in _ROLES else role


def truthful_regret(table: pd.DataFrame, title: str | None = None) -> go.Figure:
    """The regret of bidding one's value, as a bidder and as the auctioneer
    (``analysis.truthful_regret_table``): theory as lines, simulation as markers with 95 % intervals.
    The theory's lines are exact: no interval."""
    fig = figure(
        title or _("What bidding your value costs in one roll's auction: theory and simulation"),
        _("your value of the roll"),
        _("regret (points lost against the best bid)"),
    )
    for i, (role, rows) in enumerate(table.groupby("role", sort=False)):
        colour = palette.colour(i)
        if rows["theory"].notna().any():
            fig.add_scatter(
                x=rows["value"],
                y=rows["theory"],
                mode="lines",
                name=_("{role}: theory", role=_role(role)),
                line={"color": colour, "dash": "solid" if i else "dash"},
            )
        fig.add_scatter(
            x=rows["value"],
            y=rows["regret"],
            mode="markers",
            name=_("{role}: simulated", role=_role(role)),
            marker=palette.marker(i, size=8),
            error_y=error_bars(rows, "regret", "ci_low", "ci_high"),
        )
    fig.update_layout(legend={"orientation": "h", "y": -0.25}, height=500)
    return fig


__all__ += ["auctioneer_bid", "fraction_sweep", "truthful_regret"]
