"""The auction lab of lesson 05: the formats behind the four games on one private-values model.

One object, n risk-neutral bidders, values independent and uniform on [0, 1]
(``gamekit.theory.auctions`` has the formulas for any distribution; the lab keeps to the
uniform, where every line has a closed form or one integral). Each function prepares a table
(tested), and a ``*_figure`` function draws it; ``BidFunctionLab`` is the sliders over
``play_against_equilibrium``.

- ``FORMAT_NAMES``, ``formats_table``: each format, the game that uses it, its rule IDs and lesson.
- ``bid_lines``, ``simulated_best_bids``: the equilibrium bid lines, and best replies found by a
  grid search on simulated rivals, which should lie on them.
- ``revenue_samples``, ``revenue_summary``: revenue of each format by simulation, with the
  revenue-equivalence line (n-1)/(n+1).
- ``reserve_curve``, ``reserve_samples``: revenue and efficiency with a reserve (Myerson), and a
  Money Monsoon auctioneer's own bid (MM-A4).
- ``linear_bid``, ``play_against_equilibrium``: a student's bid function against n-1 equilibrium
  bidders: expected payoff and regret, exact and simulated with intervals.
- ``shading_meta_game``, ``shading_sweep``, ``linear_shading_regret``: the meta-game over
  first-price shading factors (``gamekit.strategy``), and what the restriction to linear bids hides.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .core.extras import needs_extra

with needs_extra("lessons", "gamekit.auction_lab"):  # plotly comes with the lessons extra
    import numpy as np
    import pandas as pd
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    from . import strategy
    from .core.i18n import N_, domain, get_language
    from .plots import _LAYOUT, error_bars, figure, palette
    from .theory import auctions as theory

if TYPE_CHECKING:
    import ipywidgets

_ = domain("teaching")
Z95 = 1.96
# Each format's name (English, as tables keep it; ``format_name`` gives it in the current language).
FORMAT_NAMES = {
    "english": N_("English (ascending)"),
    "first_price": N_("First price (sealed)"),
    "second_price": N_("Second price (sealed, Vickrey)"),
    "all_pay": N_("All-pay (sealed)"),
    "war_of_attrition": N_("War of attrition"),
    "losers_pay_half": N_("Losers pay half"),
}
# The names of the games and of the reserve rules as the figures and tables show them.
SHOWN_NAMES = (
    N_("Bargaining"),
    N_("none of the four"),
    N_("first price"),
    N_("second price"),
    N_("Money Monsoon auctioneer"),
)


def format_name(fmt: str) -> str:
    """A format's name in the current language."""
    return str(_(FORMAT_NAMES[fmt]))


# Each format's colour and dash: the colour-blind-safe palette's, by the format's fixed index, so a
# format looks the same in every figure of the lab and the classroom.
COLOURS = {fmt: palette.colour(palette.format_index(fmt)) for fmt in FORMAT_NAMES}
DASHES = {fmt: palette.dash(palette.format_index(fmt)) for fmt in FORMAT_NAMES}


@dataclass(frozen=True)
class FormatInGame:
    """Where a format meets a game: the game, the rules that make it that format, and the lesson."""

    format: str
    game: str
    rules: tuple[str, ...]
    lesson: str
    how: str


IN_THE_GAMES = (
    FormatInGame(
        "english",
        N_("Kuhhandel"),
        ("KH-A1", "KH-A3", "KH-A5"),
        "03_kuhhandel.ipynb",
        N_(
            "each animal is auctioned by rising bids; the auctioneer may then buy it in at the high bid "
            "(a right of first refusal)"
        ),
    ),
    FormatInGame(
        "first_price",
        N_("none of the four"),
        (),
        "",
        N_("the textbook benchmark: the meta-game search below finds its shading factor"),
    ),
    FormatInGame(
        "second_price",
        N_("Money Monsoon"),
        ("MM-A2", "MM-A3", "MM-A4", "MM-A5"),
        "02_money_monsoon.ipynb",
        N_(
            "sealed bids for the roll, the highest pays the second-highest; the auctioneer bids too, "
            "which acts as a reserve price"
        ),
    ),
    FormatInGame(
        "all_pay",
        N_("Kuhhandel"),
        ("KH-K2", "KH-K3", "KH-K4", "KH-K5"),
        "03_kuhhandel.ipynb",
        N_("the cow trade: both offers are paid, each to the rival, and the higher offer takes the animals"),
    ),
    FormatInGame(
        "war_of_attrition",
        N_("For Sale"),
        ("FS-B5", "FS-B8"),
        "01_for_sale.ipynb",
        N_(
            "phase 1 if a player who passes lost the whole bid: the generalized war of attrition "
            "(Bulow & Klemperer 1999)"
        ),
    ),
    FormatInGame(
        "losers_pay_half",
        N_("For Sale"),
        ("FS-B3", "FS-B4", "FS-B5", "FS-B6", "FS-B8"),
        "01_for_sale.ipynb",
        N_(
            "phase 1: rising bids; a player who passes pays half of their bid and takes the cheapest "
            "house left, the last player pays in full"
        ),
    ),
    FormatInGame(
        "bargaining",
        N_("Bohnanza"),
        ("BO-T4",),
        "04_bohnanza.ipynb",
        N_("not an auction: trades are bargained with the active player, and promises are not binding"),
    ),
)


def formats_table() -> pd.DataFrame:
    """One row per format and the game that uses it, with readable column names."""
    return pd.DataFrame(
        [
            {
                N_("Format"): FORMAT_NAMES.get(row.format, "Bargaining"),
                N_("Game"): row.game,
                N_("Rules"): ", ".join(row.rules) or "—",
                N_("Lesson"): row.lesson or "—",
                N_("How the game uses it"): row.how,
            }
            for row in IN_THE_GAMES
        ]
    )


def styled_formats_table() -> Any:
    """``formats_table`` as a pandas Styler whose lessons are links."""
    table = formats_table()
    if get_language() != "en":  # what a reader sees: the table's words in the current language
        for column in ("Format", "Game", "How the game uses it"):
            table[column] = [str(_(value)) if value != "—" else value for value in table[column]]
        shown = {column: str(_(column)) for column in table.columns}
    else:
        shown = {}
    return (
        table.style.hide(axis="index")
        .relabel_index([shown.get(c, c) for c in table.columns], axis="columns")
        .format({"Lesson": lambda name: f'<a href="{name}">{name}</a>' if name != "—" else name})
        .set_properties(**{"text-align": "left"})
        .set_table_styles([{"selector": "th", "props": [("text-align", "left")]}])
    )


# ----------------------------------------------------------------- bid lines
@lru_cache(maxsize=32)
def equilibrium(fmt: str, n: int) -> Callable[[np.ndarray], np.ndarray]:
    """``theory.bid_table(fmt, n)`` on uniform values, built once per format and n."""
    return theory.bid_table(fmt, n)


def bid_lines(n: int, formats: Sequence[str] = theory.FORMATS, points: int = 201) -> pd.DataFrame:
    """The symmetric equilibrium bid of each format on a grid of values: ``format``, ``value``, ``bid``.

    The war of attrition's bid grows without bound near the top value; the grid stops at 0.99.
    """
    values = np.linspace(0, 0.99, points)
    rows = [
        pd.DataFrame({"format": fmt, "value": values, "bid": equilibrium(fmt, n)(values)}) for fmt in formats
    ]
    return pd.concat(rows, ignore_index=True)


def _rival_top_bids(fmt: str, n: int, auctions: int, seed: int) -> np.ndarray:
    """The highest of n-1 equilibrium rival bids in each of ``auctions`` simulated auctions, sorted."""
    values = theory.draw_values(n - 1, auctions, seed=seed)
    return np.sort(equilibrium(fmt, n)(values).max(axis=1))


def _payoff_of_bids(fmt: str, value: float, candidates: np.ndarray, top_rival: np.ndarray) -> np.ndarray:
    """Mean payoff of each candidate bid against sorted simulated highest rival bids (ties lose)."""
    count = len(top_rival)
    beaten = np.searchsorted(top_rival, candidates, side="left")
    wins = beaten / count
    below = np.concatenate([[0.0], np.cumsum(top_rival)])[beaten] / count  # E[M · 1{M < b}]
    if fmt == "first_price":
        return (value - candidates) * wins
    if fmt in ("second_price", "english"):
        return value * wins - below
    if fmt == "all_pay":
        return value * wins - candidates
    share = theory.LOSERS_SHARE if fmt == "losers_pay_half" else 1.0
    return value * wins - below - share * candidates * (1 - wins)


def simultaneous_z(count: int, confidence: float = 0.95) -> float:
    """The z of ``count`` two-sided intervals that all hold together with ``confidence`` (Bonferroni)."""
    from scipy import stats

    return float(stats.norm.ppf(1 - (1 - confidence) / (2 * count)))


def _payoff_per_auction(fmt: str, value: float, offer: float, top_rival: np.ndarray) -> np.ndarray:
    """Seat 0's payoff in each simulated auction when it bids ``offer`` at ``value`` (ties lose)."""
    wins = offer > top_rival
    if fmt == "first_price":
        return np.where(wins, value - offer, 0.0)
    if fmt in ("second_price", "english"):
        return np.where(wins, value - top_rival, 0.0)
    if fmt == "all_pay":
        return np.where(wins, value, 0.0) - offer
    share = theory.LOSERS_SHARE if fmt == "losers_pay_half" else 1.0
    return np.where(wins, value - top_rival, -share * offer)


def simulated_best_bids(
    n: int,
    values: Sequence[float],
    formats: Sequence[str] = theory.FORMATS,
    auctions: int = 100_000,
    seed: int = 0,
    grid: int = 1501,
    z: float | None = None,
) -> pd.DataFrame:
    """For each format and value, the bid that earns most against ``auctions`` simulated rival
    profiles playing the equilibrium: a grid search over ``grid`` bids from 0 to 1.5 times the
    line's bid at the largest value asked. Then both that bid and the line's are played against a
    fresh sample of rivals (the next seed), auction by auction: ``gain`` is what the searched bid
    earns more, with its interval ``gain_low``, ``gain_high``: ± ``z`` standard errors, by default
    ``simultaneous_z`` of the number of rows (95 % for all the intervals together, Bonferroni),
    since the line is the best bid and each true gain is at most 0.

    The search knows nothing of the formula but the range. Where the payoff is flat near its top
    (high values in the war of attrition) the best bid found wanders from the line, but does not
    earn more than the line's bid on fresh rivals: the test of the line is ``gain``.
    Returns ``format``, ``value``, ``best_bid``, ``equilibrium_bid``, ``gain``, ``gain_low``, ``gain_high``.
    """
    rows = []
    z = simultaneous_z(len(formats) * len(values)) if z is None else z
    for fmt in formats:
        line = equilibrium(fmt, n)
        top_rival = _rival_top_bids(fmt, n, auctions, seed)
        fresh = _rival_top_bids(fmt, n, auctions, seed + 1)
        candidates = np.linspace(0, 1.5 * float(line(np.array([max(values)]))[0]) + 0.05, grid)
        for v in values:
            payoff = _payoff_of_bids(fmt, float(v), candidates, top_rival)
            best = float(candidates[int(np.argmax(payoff))])
            on_line = float(line(np.array([v]))[0])
            difference = _payoff_per_auction(fmt, float(v), best, fresh) - _payoff_per_auction(
                fmt, float(v), on_line, fresh
            )
            gain, low, high = theory.mean_interval(difference, z=z) if best != on_line else (0.0, 0.0, 0.0)
            rows.append(
                {
                    "format": fmt,
                    "value": float(v),
                    "best_bid": best,
                    "equilibrium_bid": on_line,
                    "gain": gain,
                    "gain_low": low,
                    "gain_high": high,
                }
            )
    return pd.DataFrame(rows)


def bid_lines_figure(
    lines: pd.DataFrame, best: pd.DataFrame | None = None, n: int | None = None
) -> go.Figure:
    """The equilibrium bid lines, and the simulated best replies as markers of the same colour."""
    title = (
        _("Equilibrium bids, {n} bidders (lines) and simulated best replies (dots)", n=n)
        if n
        else _("Equilibrium bids (lines) and simulated best replies (dots)")
    )
    fig = figure(str(title), str(_("value")), str(_("bid")))
    for fmt, rows in lines.groupby("format", sort=False):
        fig.add_scatter(
            x=rows["value"],
            y=rows["bid"],
            mode="lines",
            name=format_name(fmt),
            line={"color": COLOURS[fmt], "dash": DASHES[fmt]},
            legendgroup=fmt,
        )
    if best is not None:
        for fmt, rows in best.groupby("format", sort=False):
            fig.add_scatter(
                x=rows["value"],
                y=rows["best_bid"],
                mode="markers",
                marker={"color": COLOURS[fmt], "size": 9, "line": {"width": 1, "color": "white"}},
                name=str(_("{format}: best reply", format=format_name(fmt))),
                legendgroup=fmt,
                showlegend=False,
            )
    fig.update_yaxes(range=[0, 1.6])
    fig.update_layout(height=480)
    return fig


# ----------------------------------------------------------------- revenue
def revenue_samples(
    n: int, auctions: int = 20_000, seed: int = 0, formats: Sequence[str] = theory.FORMATS
) -> pd.DataFrame:
    """Every format played on the same ``auctions`` draws of values (common random numbers) by
    ``theory.simulate_auction``: ``format``, ``auction``, ``revenue``, ``efficient``."""
    values = theory.draw_values(n, auctions, seed=seed)
    rows = []
    for fmt in formats:
        sample = theory.simulate_auction(fmt, values)
        rows.append(
            pd.DataFrame(
                {
                    "format": fmt,
                    "auction": np.arange(auctions),
                    "revenue": sample.revenue,
                    "efficient": sample.efficient,
                }
            )
        )
    return pd.concat(rows, ignore_index=True)


def revenue_summary(samples: pd.DataFrame, n: int) -> pd.DataFrame:
    """Per format: mean revenue with its 95 % interval, the spread, the share efficient, and the
    theory ((n-1)/(n+1)). Columns are readable names, for showing as they are."""
    rows = []
    for fmt, rows_of in samples.groupby("format", sort=False):
        revenue = rows_of["revenue"].to_numpy()
        mean, low, high = theory.mean_interval(revenue, z=Z95)
        rows.append(
            {
                "Format": FORMAT_NAMES[fmt],
                "Mean revenue": mean,
                "95 % CI low": low,
                "95 % CI high": high,
                "Theory (n-1)/(n+1)": theory.expected_revenue(n),
                "Std. deviation": float(revenue.std(ddof=1)),
                "Chance of revenue above 0.8": float(np.mean(revenue > 0.8)),
                "Efficient": float(rows_of["efficient"].mean()),
            }
        )
    return pd.DataFrame(rows)


def revenue_quantiles(samples: pd.DataFrame) -> pd.DataFrame:
    """Per format, what a box shows: the 1st, 25th, 50th, 75th and 99th percentiles and the mean."""
    rows = []
    for fmt, rows_of in samples.groupby("format", sort=False):
        p1, q1, median, q3, p99 = np.percentile(rows_of["revenue"], [1, 25, 50, 75, 99])
        rows.append(
            {
                "format": fmt,
                "p1": p1,
                "q1": q1,
                "median": median,
                "q3": q3,
                "p99": p99,
                "mean": rows_of["revenue"].mean(),
            }
        )
    return pd.DataFrame(rows)


def revenue_figure(samples: pd.DataFrame, n: int) -> go.Figure:
    """A box per format of the simulated revenue (whiskers at the 1st and 99th percentiles, the mean
    dashed), with the line (n-1)/(n+1). The boxes carry their quantiles, not the samples."""
    fig = figure(
        str(_("Revenue per auction, {n} bidders: same mean, different risk", n=n)),
        str(_("boxes: quartiles, the mean dashed; whiskers: 1st and 99th percentiles")),
        str(_("revenue")),
    )
    for row in revenue_quantiles(samples).itertuples():
        fig.add_box(
            x=[format_name(row.format)],
            q1=[row.q1],
            median=[row.median],
            q3=[row.q3],
            lowerfence=[row.p1],
            upperfence=[row.p99],
            mean=[row.mean],
            name=format_name(row.format),
            marker_color=COLOURS[row.format],
        )
    target = theory.expected_revenue(n)
    fig.add_hline(
        y=target,
        line_dash="dash",
        annotation_text=f"(n-1)/(n+1) = {target:.3g}",
        annotation_position="top right",
    )
    fig.update_layout(showlegend=False, height=460)
    return fig


# ----------------------------------------------------------------- reserve prices
def reserve_curve(n: int, reserves: Sequence[float] | None = None) -> pd.DataFrame:
    """Theory against the reserve r (first or second price, uniform values): ``reserve``,
    ``revenue`` (Myerson), ``efficiency`` (1 - r^n: the object is unsold when every value is below
    r) and ``auctioneer`` (the payoff of a Money Monsoon auctioneer who bids r, MM-A4)."""
    grid = np.linspace(0, 1, 101) if reserves is None else np.asarray(reserves, dtype=float)
    return pd.DataFrame(
        {
            "reserve": grid,
            "revenue": [theory.revenue_with_reserve(r, n) for r in grid],
            "efficiency": 1 - grid**n,
            "auctioneer": [theory.auctioneer_payoff(r, n, keeping="bank") for r in grid],
        }
    )


def reserve_samples(n: int, reserves: Sequence[float], auctions: int = 20_000, seed: int = 0) -> pd.DataFrame:
    """Simulated revenue and efficiency at each reserve, first and second price (with the games'
    ``second_price`` rule, the reserve as the auctioneer's own bid) and the auctioneer who pays the
    bank (MM-A4): ``rule``, ``reserve``, ``mean``, ``ci_low``, ``ci_high``, ``efficiency``."""
    values = theory.draw_values(n, auctions, seed=seed)
    rows = []
    for r in reserves:
        for rule, fmt, keeping in [
            ("first price", "first_price", "reserve"),
            ("second price", "second_price", "reserve"),
            ("Money Monsoon auctioneer", "second_price", "bank"),
        ]:
            sample = theory.simulate_auction(fmt, values, reserve=float(r), keeping=keeping)
            mean, low, high = theory.mean_interval(sample.revenue, z=Z95)
            rows.append(
                {
                    "rule": rule,
                    "reserve": float(r),
                    "mean": mean,
                    "ci_low": low,
                    "ci_high": high,
                    "efficiency": theory.efficiency(sample),
                }
            )
    return pd.DataFrame(rows)


def reserve_figure(curve: pd.DataFrame, samples: pd.DataFrame, n: int) -> go.Figure:
    """Left: the seller's revenue against the reserve (lines: theory; dots: simulation with 95 %
    intervals), Myerson's reserve 1/2 and the auctioneer's best bid 1/3. Right: efficiency."""
    fig = make_subplots(
        rows=1,
        cols=2,
        subplot_titles=(str(_("Seller's revenue")), str(_("Efficiency: sold to the highest value"))),
    )
    fig.add_scatter(
        x=curve["reserve"],
        y=curve["revenue"],
        name=str(_("reserve price (theory)")),
        line={"color": "#3b6fb6"},
    )
    fig.add_scatter(
        x=curve["reserve"],
        y=curve["auctioneer"],
        name=str(_("auctioneer's bid, pays the bank if it wins (MM-A4)")),
        line={"color": "#d0543b"},
    )
    marks = {"first price": ("circle-open", "#3b6fb6"), "second price": ("diamond", "#58a886")}
    marks["Money Monsoon auctioneer"] = ("square", "#d0543b")
    for rule, rows in samples.groupby("rule", sort=False):
        symbol, colour = marks[rule]
        fig.add_scatter(
            x=rows["reserve"],
            y=rows["mean"],
            mode="markers",
            name=str(_("{rule} (simulated)", rule=_(rule))),
            marker={"symbol": symbol, "color": colour, "size": 14 if symbol == "circle-open" else 9},
            error_y=error_bars(rows),
        )
        if rule != "Money Monsoon auctioneer":
            fig.add_scatter(
                x=rows["reserve"],
                y=rows["efficiency"],
                mode="markers",
                marker={"symbol": symbol, "color": colour, "size": 9},
                showlegend=False,
                row=1,
                col=2,
            )
    fig.add_scatter(
        x=curve["reserve"],
        y=curve["efficiency"],
        name=str(_("1 - r^n (theory)")),
        line={"color": "#555"},
        row=1,
        col=2,
    )
    best_reserve, best_bid = theory.optimal_reserve(n), theory.best_auctioneer_bid(n)
    fig.add_vline(x=best_reserve, line_dash="dot", line_color="#3b6fb6", row=1, col=1)
    fig.add_vline(x=best_bid, line_dash="dot", line_color="#d0543b", row=1, col=1)
    fig.update_xaxes(title_text=str(_("reserve r (the auctioneer's bid)")))
    fig.update_yaxes(
        title_text=str(_("expected revenue")), range=[0.25, 0.56], row=1, col=1
    )  # the top, enlarged
    fig.update_yaxes(title_text=str(_("share efficient")), tickformat=".0%", row=1, col=2)
    fig.update_layout(
        **{**_LAYOUT, "height": 460},
        title=str(
            _(
                "Reserve prices, {n} bidders: Myerson's r = {reserve:g}, the auctioneer's bid {bid:.3g}",
                n=n,
                reserve=best_reserve,
                bid=best_bid,
            )
        ),
        legend={"orientation": "h", "y": -0.25},
    )
    return fig


# ----------------------------------------------------------------- a student's bid function
BidFunction = Callable[[np.ndarray], np.ndarray]


def linear_bid(shade: float, intercept: float = 0.0) -> BidFunction:
    """The bid function v ↦ max(0, shade · v + intercept): the sliders of the lab."""

    def bid(values: np.ndarray) -> np.ndarray:
        return np.maximum(0.0, shade * np.asarray(values, dtype=float) + intercept)

    return bid


def piecewise_bid(points: Sequence[tuple[float, float]]) -> BidFunction:
    """The bid function through ``(value, bid)`` points, linear between them, flat beyond (at least 0)."""
    xs, ys = zip(*sorted(points), strict=True)
    return lambda values: np.maximum(0.0, np.interp(np.asarray(values, dtype=float), xs, ys))


_GRID = np.concatenate([np.linspace(0, 0.99, 4000), 1 - np.logspace(-2, -12, 1000)])


@lru_cache(maxsize=32)
def _tables(fmt: str, n: int) -> tuple[np.ndarray, np.ndarray]:
    """The equilibrium bid β on a grid of values up to 1 - 1e-12, and P(p) = ∫_0^p β dG (what a
    winner pays on average when the rivals' price is their own bid), by the trapezoid rule."""
    bids = equilibrium(fmt, n)(_GRID)
    density = (n - 1) * _GRID ** (n - 2)
    weighted = bids * density
    paid = np.concatenate([[0.0], np.cumsum(np.diff(_GRID) * (weighted[1:] + weighted[:-1]) / 2)])
    return bids, paid


def seat_zero_payoff(fmt: str, values: np.ndarray, bids: np.ndarray) -> np.ndarray:
    """Seat 0's payoff in each auction (a row of ``values`` and ``bids`` per auction) under ``fmt``.

    The highest bid wins (a tie goes to a rival). First price: the winner pays their bid;
    second price and English: the highest rival bid; all-pay: everyone pays their bid; war of
    attrition: the winner the highest rival bid and each loser their own; losers pay half: the
    same with half of a loser's bid.
    """
    own, rival = bids[:, 0], bids[:, 1:].max(axis=1)
    wins = own > rival
    value = np.where(wins, values[:, 0], 0.0)
    if fmt == "first_price":
        return value - np.where(wins, own, 0.0)
    if fmt in ("second_price", "english"):
        return value - np.where(wins, rival, 0.0)
    if fmt == "all_pay":
        return value - own
    share = theory.LOSERS_SHARE if fmt == "losers_pay_half" else 1.0
    return value - np.where(wins, rival, share * own)


def payoff_of_bid(fmt: str, value: np.ndarray, offer: np.ndarray, n: int) -> np.ndarray:
    """Expected payoff of bidding ``offer`` at ``value`` against n-1 equilibrium bidders (U[0, 1]).

    The offer beats the rivals whose value is below p = β⁻¹(offer), with probability G = p^(n-1).
    First price: (v - x) G; second price: v G - ∫_0^p y dG; all-pay: v G - x; war of attrition:
    v G - ∫_0^p β dG - (1 - G) x, and half of that last term when losers pay half. Where the offer
    is an equilibrium bid this is ``theory.deviation_payoff`` (a test holds them together).
    """
    value, offer = np.asarray(value, dtype=float), np.asarray(offer, dtype=float)
    bids, paid = _tables(fmt, n)
    pretend = np.interp(offer, bids, _GRID, right=1.0)
    wins = pretend ** (n - 1)
    if fmt == "first_price":
        return (value - offer) * wins
    if fmt in ("second_price", "english"):
        return value * wins - (n - 1) / n * pretend**n
    if fmt == "all_pay":
        return value * wins - offer
    share = theory.LOSERS_SHARE if fmt == "losers_pay_half" else 1.0
    won = np.interp(pretend, _GRID, paid)
    return value * wins - won - share * (1 - wins) * offer


def exact_payoff(fmt: str, bid: BidFunction, n: int, nodes: int = 200) -> float:
    """E[payoff] of a bidder using ``bid`` against n-1 equilibrium bidders, values U[0, 1]:
    ``payoff_of_bid`` averaged over the value by Gauss–Legendre (``nodes`` points, for bid
    functions with kinks)."""
    points, weights = _legendre(nodes)
    values = (points + 1) / 2
    return float(weights @ payoff_of_bid(fmt, values, bid(values), n) / 2)


@lru_cache(maxsize=8)
def _legendre(nodes: int) -> tuple[np.ndarray, np.ndarray]:
    """Gauss–Legendre nodes and weights on [-1, 1] (an eigenvalue problem: worth keeping)."""
    return np.polynomial.legendre.leggauss(nodes)


def equilibrium_payoff(n: int) -> float:
    """A bidder's expected payoff in the symmetric equilibrium of every format: 1 / (n (n+1))."""
    return 1 / (n * (n + 1))


@dataclass(frozen=True)
class StudentResult:
    """A bid function against n-1 equilibrium bidders, by simulation (paired with the equilibrium
    bid on the same values: 95 % intervals) and exactly (quadrature)."""

    format: str
    n: int
    auctions: int
    payoff: float
    payoff_low: float
    payoff_high: float
    equilibrium: float  # simulated payoff of the equilibrium bid on the same values
    regret: float  # equilibrium minus the student, auction by auction
    regret_low: float
    regret_high: float
    exact_payoff: float
    exact_regret: float
    win_rate: float

    def text(self) -> str:
        """One line for the lab's read-out."""
        return str(
            _(
                "Your expected payoff {payoff:.4f} (95 % CI {low:.4f} to {high:.4f}; exact {exact:.4f}) · "
                "equilibrium {equilibrium:.4f} · regret {regret:.4f} (95 % CI {regret_low:.4f} to "
                "{regret_high:.4f}; exact {exact_regret:.4f}) · you win {win:.0%} of {auctions:,} auctions",
                payoff=self.payoff,
                low=self.payoff_low,
                high=self.payoff_high,
                exact=self.exact_payoff,
                equilibrium=equilibrium_payoff(self.n),
                regret=self.regret,
                regret_low=self.regret_low,
                regret_high=self.regret_high,
                exact_regret=self.exact_regret,
                win=self.win_rate,
                auctions=self.auctions,
            )
        )


def play_against_equilibrium(
    fmt: str, bid: BidFunction, n: int = 3, auctions: int = 20_000, seed: int = 0
) -> StudentResult:
    """Seat 0 bids ``bid(v)``, the n-1 others the equilibrium of ``fmt``; the same auctions are
    replayed with seat 0 in equilibrium, so the regret (what the equilibrium bid would have
    earned more) is measured auction by auction."""
    values = theory.draw_values(n, auctions, seed=seed)
    bids = equilibrium(fmt, n)(values)
    mine = seat_zero_payoff(fmt, values, bids)  # seat 0 in equilibrium
    bids[:, 0] = bid(values[:, 0])
    theirs = seat_zero_payoff(fmt, values, bids)
    payoff, low, high = theory.mean_interval(theirs, z=Z95)
    regret, regret_low, regret_high = theory.mean_interval(mine - theirs, z=Z95)
    exact = exact_payoff(fmt, bid, n)
    return StudentResult(
        format=fmt,
        n=n,
        auctions=auctions,
        payoff=payoff,
        payoff_low=low,
        payoff_high=high,
        equilibrium=float(mine.mean()),
        regret=regret,
        regret_low=regret_low,
        regret_high=regret_high,
        exact_payoff=exact,
        exact_regret=equilibrium_payoff(n) - exact,
        win_rate=float(np.mean(bids[:, 0] > bids[:, 1:].max(axis=1))),
    )


def student_figure(fmt: str, bid: BidFunction, result: StudentResult) -> go.Figure:
    """The student's bid line over the equilibrium line; the title carries the payoff and regret."""
    values = np.linspace(0, 0.99, 200)
    title = _(
        "{format}: payoff {payoff:.4f}, regret {regret:.4f} (95 % CI {low:.4f} to {high:.4f})",
        format=format_name(fmt),
        payoff=result.payoff,
        regret=result.regret,
        low=result.regret_low,
        high=result.regret_high,
    )
    fig = figure(str(title), str(_("value")), str(_("bid")))
    fig.add_scatter(
        x=values,
        y=equilibrium(fmt, result.n)(values),
        name=str(_("equilibrium")),
        line={"color": COLOURS[fmt], "width": 3},
    )
    fig.add_scatter(
        x=values, y=bid(values), name=str(_("your bid")), line={"color": "#1d1d24", "dash": "dash"}
    )
    fig.update_yaxes(range=[0, 1.6])
    return fig


class BidFunctionLab:
    """Sliders for a linear bid max(0, shade · v + intercept) and a format; each change re-runs
    ``play_against_equilibrium`` and shows its read-out (``.readout``, class ``gk-lab-payoff``)
    and ``student_figure``. ``.widget`` is the box to display."""

    def __init__(self, n: int = 3, auctions: int = 20_000, seed: int = 0, fmt: str = "first_price") -> None:
        import ipywidgets as w
        from IPython.display import display

        self.n, self.auctions, self.seed = n, auctions, seed
        self._display = display
        self.format = w.Dropdown(
            options=[(format_name(f), f) for f in theory.FORMATS], value=fmt, description=str(_("format"))
        )
        self.shade = w.FloatSlider(
            value=0.8, min=0, max=1.5, step=0.01, description=str(_("shade")), continuous_update=False
        )
        self.intercept = w.FloatSlider(
            value=0.0, min=-0.5, max=0.5, step=0.01, description=str(_("intercept")), continuous_update=False
        )
        self.readout = w.HTML()
        self.readout.add_class("gk-lab-payoff")
        self.out = w.Output()
        for control in (self.format, self.shade, self.intercept):
            control.observe(lambda _: self.refresh(), names="value")
        self.widget: ipywidgets.VBox = w.VBox(
            [
                w.HTML(
                    str(_("<b>Your bid</b> = max(0, shade × value + intercept), against equilibrium rivals"))
                ),
                w.HBox([self.format, self.shade, self.intercept]),
                self.readout,
                self.out,
            ]
        )
        self.widget.add_class("gk-auction-lab")
        self.result: StudentResult | None = None
        self.refresh()

    def refresh(self) -> None:
        bid = linear_bid(self.shade.value, self.intercept.value)
        self.result = play_against_equilibrium(self.format.value, bid, self.n, self.auctions, self.seed)
        self.readout.value = f'<div style="font-size:15px">{self.result.text()}</div>'
        # The figure goes into the Output widget's state in one assignment, not by capturing a
        # display: nbclient (nbconvert, nbval) can wait for its whole timeout on a cell whose
        # Output widget captures while the kernel is busy (seen here, and jupyter/nbclient#312).
        data = student_figure(self.format.value, bid, self.result)._repr_mimebundle_()  # plotly's renderer
        self.out.outputs = ({"output_type": "display_data", "data": data, "metadata": {}},)

    def _ipython_display_(self) -> None:
        self._display(self.widget)


# ----------------------------------------------------------------- the meta-game over shading factors
def shading_meta_game(
    n: int, factors: Sequence[float], games: int = 20_000, seed: int = 0
) -> tuple[strategy.PayoffTable, pd.DataFrame]:
    """The first-price meta-game in which each bidder picks a shading factor s (bid s · v):
    ``strategy.payoff_table`` on ``strategy.first_price_payoffs`` and its symmetric equilibria
    found by replicator dynamics from several starts (with each mix's regret and margin)."""
    table = strategy.payoff_table(strategy.first_price_payoffs, n, list(factors), games, seed=seed)
    return table, strategy.symmetric_equilibria(table, exact=False)


def shading_sweep(
    n: int, factors: Sequence[float], against: float, games: int = 20_000, seed: int = 0
) -> pd.DataFrame:
    """The payoff of each shading factor against n-1 rivals who all shade by ``against``
    (``strategy.best_response_sweep``, 95 % intervals)."""
    return strategy.best_response_sweep(
        strategy.first_price_payoffs, n, lambda s: s, list(factors), against, games, seed=seed
    )


def sweep_figure(sweep: pd.DataFrame, n: int, against: float) -> go.Figure:
    """A shading factor's payoff against rivals who shade by ``against``, with 95 % intervals."""
    fig = figure(
        str(
            _(
                "First price, {n} bidders: payoff of shading s against rivals at {against:.3g} (95 % intervals)",
                n=n,
                against=against,
            )
        ),
        str(_("shading factor s (bid s × value)")),
        str(_("expected payoff")),
    )
    fig.add_scatter(
        x=sweep["parameter"],
        y=sweep["payoff"],
        mode="lines+markers",
        error_y=error_bars(sweep, "payoff"),
        marker_color="#3b6fb6",
        name=str(_("simulated")),
    )
    fig.add_vline(x=(n - 1) / n, line_dash="dot", annotation_text=f"(n-1)/n = {(n - 1) / n:.3g}")
    return fig


def equilibria_table(equilibria: pd.DataFrame, factors: Sequence[float]) -> pd.DataFrame:
    """``shading_meta_game``'s equilibria with readable columns: the mix in words, its regret, margin."""
    labels = [strategy._label(f) for f in factors]
    rows = []
    for _index, row in equilibria.iterrows():
        mix = ", ".join(f"{row[label]:.0%} play {float(label):.3g}" for label in labels if row[label] > 0.005)
        rows.append({"Equilibrium mix": mix, "Regret": row["regret"], "95 % margin": row["regret_margin"]})
    return pd.DataFrame(rows)


def shading_payoff(n: int, shade: float, rivals: float) -> float:
    """Exactly, the expected payoff of bidding ``shade`` · v against n-1 rivals who bid ``rivals`` · v
    (values U[0, 1]): E[(v - shade v) · min(1, shade v / rivals)^(n-1)], by quadrature split at the
    value where the bid passes every rival's highest bid."""
    from scipy import integrate

    def payoff(v: float) -> float:
        return (1 - shade) * v * min(1.0, shade * v / rivals) ** (n - 1)

    kink = rivals / shade if shade > 0 else 2.0
    pieces = [(0.0, min(kink, 1.0)), (min(kink, 1.0), 1.0)]
    return float(sum(integrate.quad(payoff, a, b)[0] for a, b in pieces if b > a))


def linear_shading_regret(n: int, rivals: float, nodes: int = 64) -> tuple[float, float]:
    """Against n-1 rivals who bid ``rivals`` · v (values U[0, 1]): the payoff of the best of all
    bid functions and of bidding ``rivals`` · v oneself, exactly. Their difference is the regret of
    the linear profile in the whole game, which a meta-game over linear rules cannot see.

    A bid x ≤ rivals wins with probability (x / rivals)^(n-1); the best bid is min((n-1)/n · v, rivals).
    """
    points, weights = np.polynomial.legendre.leggauss(nodes)
    values = (points + 1) / 2

    def payoff(v: np.ndarray, x: np.ndarray) -> np.ndarray:
        return (v - x) * np.minimum(x / rivals, 1.0) ** (n - 1)

    best = payoff(values, np.minimum((n - 1) / n * values, rivals))
    same = payoff(values, rivals * values)
    # the kink at v = n/(n-1) · rivals: integrate each side separately when it falls inside [0, 1]
    kink = n / (n - 1) * rivals
    if kink < 1:
        left, right = (points + 1) / 2 * kink, kink + (points + 1) / 2 * (1 - kink)
        best_total = float(
            weights @ payoff(left, (n - 1) / n * left) * kink / 2
            + weights @ payoff(right, np.full_like(right, rivals)) * (1 - kink) / 2
        )
    else:
        best_total = float(weights @ best / 2)
    return best_total, float(weights @ same / 2)


__all__ = [
    "FORMAT_NAMES",
    "IN_THE_GAMES",
    "BidFunctionLab",
    "StudentResult",
    "bid_lines",
    "bid_lines_figure",
    "equilibria_table",
    "equilibrium",
    "equilibrium_payoff",
    "exact_payoff",
    "formats_table",
    "linear_bid",
    "linear_shading_regret",
    "payoff_of_bid",
    "piecewise_bid",
    "play_against_equilibrium",
    "reserve_curve",
    "reserve_figure",
    "reserve_samples",
    "revenue_figure",
    "revenue_quantiles",
    "revenue_samples",
    "revenue_summary",
    "seat_zero_payoff",
    "shading_meta_game",
    "shading_payoff",
    "shading_sweep",
    "simulated_best_bids",
    "simultaneous_z",
    "student_figure",
    "styled_formats_table",
    "sweep_figure",
]
