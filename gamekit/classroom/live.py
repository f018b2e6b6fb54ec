"""What the class did, as tables and figures: pure functions of the session's rows.

Every function takes the rows of ``GET /api/teacher/{code}/rows`` (a list of dicts or the
DataFrame ``Classroom.data()`` returns) and computes from them alone, so each is tested without a
server and the same figure is drawn live (``LiveBoard``) and afterwards.

The model is lesson 05's (``gamekit.theory.auctions``): each student's value is drawn
independently and uniformly from [low, high] (whole numbers; the theory lines treat them as
continuous), and the n students who bid in a round are the n bidders. The theory lines use the
round's own n. A round's revenue is computed from its bids by the format's payment rule: first
price, the highest bid; second price, the second-highest bid (the textbook tie rule: a tie at the
top pays the tied amount); all-pay, every bid; losers pay half, the second-highest amount plus what
every loser pays: their amount less the half of it they get back, in whole units rounded down as the
clock's CL-16 says. At the clock a student's amount is the price at which they dropped out, and the
winner's the price they paid (the server's rows ``drop P`` and ``win P``). The clock rises past
``high`` to a top no lower than the highest equilibrium drop price (CL-18), so its equilibrium, and
the revenue equivalence it gives, are those of the game the class plays.
"""

from __future__ import annotations

import json
import math
import re
import threading
from collections.abc import Callable, Iterable, Mapping
from html import escape
from typing import Any

import numpy as np
import pandas as pd
import plotly.graph_objects as go
from scipy import stats as scipy_stats

from .. import analysis
from ..auction_lab import FORMAT_NAMES
from ..auctions import half_back
from ..core.i18n import _, _n, domain, get_language
from ..pictures import STYLE
from ..plots import error_bars, figure, palette
from ..theory import auctions as theory
from .store import ROW_COLUMNS

# The server's row columns, with the amount a row's text names (the bid, the price dropped at).
COLUMNS = (
    *ROW_COLUMNS[: ROW_COLUMNS.index("text") + 1],
    "amount",
    *ROW_COLUMNS[ROW_COLUMNS.index("text") + 1 :],
)
CLASSROOM_FORMATS = ("first_price", "second_price", "all_pay", "losers_pay_half")
LOW, HIGH = 0, 100  # the values' range unless the auction was started with another
_AMOUNT = re.compile(r"^\s*(?:bid|drop|win|in)\s+(-?\d+(?:\.\d+)?)\s*$")
# At the clock the winner's row (``win P``) and those still in when it stopped (``in P``) carry the
# price on the clock, not a drop of their own: their drop would have been at P or above.
_CENSORED = ("win", "stopped")


# ----------------------------------------------------------------------------------- the rows
def frame(
    rows: pd.DataFrame | Iterable[Mapping[str, Any]], formats: Mapping[Any, str] | None = None
) -> pd.DataFrame:
    """The rows as a typed DataFrame with every column of ``COLUMNS`` (missing ones empty).

    ``time`` becomes a UTC timestamp, ``accepted`` a bool. ``amount`` (the number a bid carries)
    is read from the text (``bid 37``) where the server sent none; ``format`` is taken from
    ``formats`` (activity → format) where the server sent none.
    """
    table = rows.copy() if isinstance(rows, pd.DataFrame) else pd.DataFrame(list(rows))
    for column in COLUMNS:
        if column not in table.columns:
            table[column] = pd.NA
    table = table[[*COLUMNS, *(c for c in table.columns if c not in COLUMNS)]]
    if formats:
        known = table["activity"].map(lambda a: formats.get(a, pd.NA))
        table["format"] = table["format"].where(table["format"].notna(), known)
    parsed = table["text"].map(lambda t: _amount(t) if isinstance(t, str) else math.nan)
    table["amount"] = pd.to_numeric(table["amount"], errors="coerce").fillna(parsed)
    for column in ("value", "payoff"):
        table[column] = pd.to_numeric(table[column], errors="coerce")
    for column in ("activity", "round", "table", "student", "seat"):  # whole numbers, or missing
        numbers = pd.to_numeric(table[column], errors="coerce")
        if numbers.notna().eq(table[column].notna()).all() and (numbers.dropna() % 1 == 0).all():
            table[column] = numbers.astype("Int64")
    table["time"] = pd.to_datetime(table["time"], utc=True, errors="coerce")
    table["accepted"] = table["accepted"].fillna(False).astype(bool)
    return table.reset_index(drop=True)


def _amount(text: str) -> float:
    found = _AMOUNT.match(text)
    return float(found.group(1)) if found else math.nan


def bids(rows: pd.DataFrame | Iterable[Mapping[str, Any]]) -> pd.DataFrame:
    """The accepted auction bids: one row per student per round with ``value`` and ``bid``,
    ``bidders``, the number who bid in that round (the n of the theory), and ``censored``: at the
    clock, the winner's and those still in at its stop, whose amount is the price on the clock, a
    lower bound of the drop they would have made."""
    table = frame(rows)
    keep = table["accepted"] & table["format"].isin(CLASSROOM_FORMATS) & table["amount"].notna()
    found = table.loc[keep, ["activity", "format", "round", "student", "name", "value", "amount", "kind"]]
    found = found.rename(columns={"amount": "bid"})
    found["censored"] = found.pop("kind").isin(_CENSORED).astype(bool)
    found = found.drop_duplicates(["activity", "round", "student"], keep="last")  # one bid per round
    found["bidders"] = found.groupby(["activity", "round"])["student"].transform("size")
    return found.reset_index(drop=True)


def value_distribution(low: float = LOW, high: float = HIGH) -> Any:
    """The values' distribution for the theory: uniform on [low, high]."""
    if not high > low:
        raise ValueError(f"the values' range needs high above low, not [{low}, {high}]")
    return scipy_stats.uniform(low, high - low)


def equilibrium_bids(fmt: str, values: Any, n: int, low: float = LOW, high: float = HIGH) -> np.ndarray:
    """The symmetric equilibrium bid of each value in ``fmt`` with n bidders (``theory.bid_table``)."""
    return theory.bid_table(fmt, n, value_distribution(low, high))(np.asarray(values, dtype=float))


def revenue(fmt: str, amounts: Iterable[float], rounding: str = "down") -> float:
    """What the seller receives from one round's bids under ``fmt``'s payment rule.

    Losers pay half: the second-highest amount (the winner's price) plus what every loser pays,
    their amount less the half of it they get back in whole units rounded as CL-16 says
    (``rounding``: "down", the clock's default, or "up"): the server's own arithmetic.
    """
    ranked = sorted((float(a) for a in amounts), reverse=True)
    if not ranked:
        return math.nan
    second = ranked[1] if len(ranked) > 1 else 0.0
    if fmt == "first_price":
        return ranked[0]
    if fmt == "second_price":
        return second
    if fmt == "all_pay":
        return sum(ranked)
    if fmt == "losers_pay_half":
        if not all(a.is_integer() for a in ranked[1:]):
            raise ValueError(f"the clock's amounts are whole units (CL-16), not {ranked[1:]}")
        return second + sum(a - half_back(int(a), rounding) for a in ranked[1:])
    raise ValueError(f"a classroom auction is one of {', '.join(CLASSROOM_FORMATS)}, not {fmt!r}")


def round_revenue(
    rows: pd.DataFrame | Iterable[Mapping[str, Any]], low: float = LOW, high: float = HIGH
) -> pd.DataFrame:
    """One row per auction round: ``bidders``, ``revenue`` (from the bids) and ``theory``, the
    expected revenue of n bidders, E[second-highest of n values] (revenue equivalence:
    (n-1)/(n+1) of the range above ``low``). The theory treats values as continuous and the
    clock's halves as exact; the clock's whole-unit refund rounded down (CL-16) makes a loser
    pay up to half a unit more than an exact half, so its rounds may sit that much above."""
    table = bids(rows)
    dist = value_distribution(low, high)
    out = []
    for (activity, fmt, number), part in table.groupby(["activity", "format", "round"], sort=True):
        n = len(part)
        out.append(
            {
                "activity": activity,
                "format": fmt,
                "round": number,
                "bidders": n,
                "revenue": revenue(fmt, part["bid"]),
                "theory": theory.expected_revenue(n, dist) if n >= 2 else math.nan,
            }
        )
    return pd.DataFrame(out, columns=["activity", "format", "round", "bidders", "revenue", "theory"])


def revenue_summary(
    rows: pd.DataFrame | Iterable[Mapping[str, Any]], low: float = LOW, high: float = HIGH
) -> pd.DataFrame:
    """Per format: rounds, mean revenue with its 95 % t interval over the rounds (missing with one
    round), and ``theory``, the mean over those rounds of the expected revenue for their n."""
    per_round = round_revenue(rows, low, high)
    means = analysis.group_means(per_round, "revenue", "format", cluster=None)
    means = means.rename(columns={"n": "rounds"})
    theory_mean = per_round.groupby("format")["theory"].mean().rename("theory").reset_index()
    bidders = per_round.groupby("format")["bidders"].median().rename("bidders").reset_index()
    if (bidders["bidders"] % 1 == 0).all():
        bidders["bidders"] = bidders["bidders"].astype(int)
    return means.merge(bidders, on="format").merge(theory_mean, on="format")


def bid_gaps(
    rows: pd.DataFrame | Iterable[Mapping[str, Any]], low: float = LOW, high: float = HIGH
) -> pd.DataFrame:
    """Per format: the mean of bid minus the equilibrium bid of the bidder's value (for the round's
    n) with a 95 % interval clustered by student (a student's bids over rounds are not independent;
    missing with fewer than two students). The clock's censored rows (its winner's price is not a
    drop of theirs) count in n but not among the gaps."""
    table = bids(rows)
    gaps = []
    for (fmt, n), part in table.groupby(["format", "bidders"]):
        if n < 2:
            continue
        part = part[~part["censored"]]
        gaps.append(part.assign(gap=part["bid"] - equilibrium_bids(fmt, part["value"], int(n), low, high)))
    if not gaps:
        return pd.DataFrame(columns=["format", "mean", "n", "ci_low", "ci_high"])
    return analysis.group_means(pd.concat(gaps, ignore_index=True), "gap", "format", cluster="student")


# -------------------------------------------------------------------------------- the figures
def _format_name(fmt: str) -> str:
    """A format's name in the current language (the lessons' own, from the teaching catalogue)."""
    return domain("teaching")(FORMAT_NAMES[fmt]) if fmt in FORMAT_NAMES else fmt


def _name(fmt: str) -> str:
    name = _format_name(fmt)
    return name.split(" (")[0].lower() if get_language() == "en" else name


def bids_figure(
    rows: pd.DataFrame | Iterable[Mapping[str, Any]],
    low: float = LOW,
    high: float = HIGH,
    title: str | None = None,
    bins: int = 5,
) -> go.Figure:
    """Each bid against its value, the 45° line (bid = value: also the second-price equilibrium)
    and each other format's equilibrium bid line for the rounds' typical n; with ``bins``, the mean
    bid in each of ``bins`` value ranges holding at least ``MIN_BIN`` bids, with its 95 % interval
    (clustered by student), over the points. The axes show the values' range and that of the bids
    and the lines (the clock's line reaches twice ``high``, CL-18), so a wide
    interval of a thin range runs off the figure rather than squeezing it."""
    table = bids(rows)
    fig = figure(_("Bids against values") if title is None else title, _("value"), _("bid"))
    diagonal = (
        _("bid = value (the second-price equilibrium)")
        if "second_price" in set(table["format"])
        else _("bid = value")
    )
    fig.add_scatter(
        x=[low, high],
        y=[low, high],
        mode="lines",
        name=diagonal,
        line={"color": palette.REFERENCE, "dash": "dot", "width": 2},
    )
    grid = np.linspace(low, high, 101)
    line_top = high  # the losers-pay-half line rises to twice high (CL-18): the axis shows all of it
    for fmt, part in table.groupby("format", sort=False):
        style = palette.format_index(fmt)
        colour = palette.colour(style)
        fig.add_scatter(
            x=part["value"],
            y=part["bid"],
            mode="markers",
            name=_("bids, {format}", format=_name(fmt)),
            marker={"color": colour, "size": 9, "opacity": 0.55, "symbol": palette.symbol(style) + "-open"},
            text=part["name"],
            hovertemplate=_("%{text}: value %{x}, bid %{y}") + "<extra></extra>",
        )
        n = int(part["bidders"].median())
        if n >= 2 and fmt != "second_price":
            line = equilibrium_bids(fmt, grid, n, low, high)
            line_top = max(line_top, float(np.nanmax(line)))
            fig.add_scatter(
                x=grid,
                y=line,
                mode="lines",
                name=_("equilibrium, {format} (n = {n})", format=_name(fmt), n=n),
                line={"color": colour, "width": 3, "dash": palette.dash(style)},
            )
        if bins:
            means = _binned_means(part[~part["censored"]], low, high, bins)
            fig.add_scatter(
                x=means["centre"],
                y=means["mean"],
                mode="markers",
                name=_("mean bid, {format} (95 % interval)", format=_name(fmt)),
                marker={
                    "color": colour,
                    "size": 13,
                    "symbol": palette.diamond(style),
                    "line": {"color": "white", "width": 1.5},
                },
                error_y=error_bars(means),
            )
    top = max(line_top, float(table["bid"].max())) if len(table) else line_top
    bottom = min(low, float(table["bid"].min())) if len(table) else low
    pad = 0.05 * (top - bottom)
    fig.update_xaxes(range=[low, high])
    fig.update_yaxes(range=[bottom - pad, top + pad])
    fig.update_layout(height=560, legend={"orientation": "h", "y": -0.18})
    return fig


MIN_BIN = 4  # bids a value range needs before its mean is drawn


def _binned_means(part: pd.DataFrame, low: float, high: float, bins: int) -> pd.DataFrame:
    edges = np.linspace(low, high, bins + 1)
    band = np.clip(np.searchsorted(edges, part["value"], side="right") - 1, 0, bins - 1)
    means = analysis.group_means(part.assign(band=band), "bid", "band", cluster="student")
    means = means[means["n"] >= MIN_BIN].reset_index(drop=True)
    means["centre"] = (edges[means["band"]] + edges[means["band"] + 1]) / 2
    return means


def revenue_figure(
    rows: pd.DataFrame | Iterable[Mapping[str, Any]],
    low: float = LOW,
    high: float = HIGH,
    title: str | None = None,
) -> go.Figure:
    """Mean revenue per round of each format with its 95 % interval, beside the theory's expected
    revenue for the rounds' n: E[second-highest of n values], the same for every format."""
    table = revenue_summary(rows, low, high)
    title = _("Revenue by format (95 % interval over rounds)") if title is None else title
    fig = figure(title, _("format"), _("revenue per round"))
    names = [_format_name(f) for f in table["format"]]
    fig.add_bar(
        x=names,
        y=table["mean"],
        error_y=error_bars(table),
        marker_color=[palette.colour(palette.format_index(f)) for f in table["format"]],
        name=_("the class: mean revenue"),
        text=[_n("{n} round", "{n} rounds", int(r)) for r in table["rounds"]],
        textposition="inside",
        insidetextanchor="start",
    )
    labels = [_("theory (n = {n})", n=format(b, "g")) for b in table["bidders"]]
    fig.add_scatter(
        x=names,
        y=table["theory"],
        mode="markers",
        name=_("theory: (n−1)/(n+1) of the range"),
        marker={"color": palette.REFERENCE, "size": 16, "symbol": "line-ew-open", "line": {"width": 4}},
        text=labels,
        hovertemplate="%{text}: %{y:.1f}<extra></extra>",
    )
    fig.update_yaxes(rangemode="tozero")
    fig.update_layout(legend={"orientation": "h", "y": -0.2}, height=480)
    return fig


def sealed_hidden(table: pd.DataFrame, state: Mapping[str, Any]) -> pd.DataFrame:
    """The rows without the bids of a sealed round still open (from the teacher's ``state``): the
    board may be projected, and a bid seen before the round closes is no longer sealed. The
    clock's drops are public as they happen and stay."""
    activity = state.get("activity") if isinstance(state, Mapping) else None
    current = state.get("round") if isinstance(state, Mapping) else None
    if not isinstance(activity, Mapping) or activity.get("kind") != "auction":
        return table
    if not isinstance(current, Mapping) or current.get("status") != "open":
        return table
    hidden = (
        (table["activity"] == activity.get("id"))
        & (table["round"] == current.get("number"))
        & (table["kind"] == "bid")
    ).fillna(False)
    return table[~hidden].reset_index(drop=True)


# What a picture drawn from ``game.view(None)`` says in its heading (every game's drawer writes
# it), as written and HTML-escaped.


def board_picture(shown: Any) -> str:
    """A table's picture as the live board shows it: the board may be projected, so only the
    public picture (``public.public_picture``: what every seat sees alike). ``shown`` is the game
    itself (drawn public here) or HTML; HTML of the teacher's full view (every hidden hand) is
    never shown, a note stands in its place."""
    from ..core.game import Game
    from .public import TEACHER_HEADINGS, public_picture

    if isinstance(shown, Game):
        try:
            return public_picture(shown).html
        except NotImplementedError as exc:
            return f"<p>{escape(str(exc))}</p>"
    html = str(shown)
    if any(heading in html for heading in TEACHER_HEADINGS):
        return (
            '<p class="gk-none">Not shown: this is the teacher\'s full view, with every hidden hand, '
            "and the board may be projected. The board draws a table's public picture when it is "
            "given the game.</p>"
        )
    return html


def waiting_html(state: Mapping[str, Any]) -> str:
    """Who has not bid yet in the open round, from the teacher's state, in large type."""
    waiting = list(state.get("waiting") or [])
    students = state.get("students") or []
    if not students:
        return '<div class="gk-waiting" style="font-size:22px">Nobody has joined yet.</div>'
    if not waiting:
        return '<div class="gk-waiting" style="font-size:22px">Nobody to wait for.</div>'
    names = ", ".join(escape(str(name)) for name in waiting)
    return (
        f'<div class="gk-waiting" style="font-size:22px"><b>Waiting for {len(waiting)} of '
        f"{len(students)}:</b> {names}</div>"
    )


# ---------------------------------------------------------------------------- the live board
class LiveBoard:
    """The live figures in one box: bids against values, revenue against theory, who has not bid
    yet and each table's public picture (no hidden hand: it may be projected), redrawn whenever the session changes.

    ``fetch()`` returns ``(version, rows, state, pictures)``, pictures as ``{table: game or html}``
    (a game is drawn from its public view; the teacher's full view is never shown, ``board_picture``);
    ``refresh()`` redraws from it once, ``start(interval)`` polls it on a background thread that
    ends with ``stop()``, after ``max_seconds``, or when ``fetch`` fails (the server stopped).
    ``.widget`` is the box to display; ``.figures`` holds the figures last drawn.

    ``figure_widgets=True`` draws into plotly ``FigureWidget``s, which change in place; each
    carries plotly.js (about 5 MB) into a saved notebook's widget state, so a notebook that is kept
    (a lesson) passes False: the same figures then go into ``Output`` widgets, redrawn whole.
    """

    def __init__(
        self,
        fetch: Callable[[], tuple[Any, Any, Mapping[str, Any], Mapping[Any, str]]],
        low: float = LOW,
        high: float = HIGH,
        figure_widgets: bool = True,
    ) -> None:
        import ipywidgets as w

        self.fetch, self.low, self.high = fetch, low, high
        self.figures = {"bids": bids_figure([], low, high), "revenue": revenue_figure([], low, high)}
        if figure_widgets:
            self.bids: Any = go.FigureWidget(self.figures["bids"])
            self.revenue: Any = go.FigureWidget(self.figures["revenue"])
        else:
            self.bids, self.revenue = w.Output(), w.Output()
            _replace(self.bids, self.figures["bids"])
            _replace(self.revenue, self.figures["revenue"])
        self.waiting = w.HTML()
        self.tables = w.HTML()
        self.status = w.HTML()
        self.widget = w.VBox([self.status, self.waiting, w.HBox([self.bids, self.revenue]), self.tables])
        self.widget.add_class("gk-classroom-live")
        self.version: Any = None
        self.error: Exception | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def refresh(self) -> bool:
        """Redraw if the session changed since the last redraw; returns whether it redrew."""
        with self._lock:
            version, rows, state, pictures = self.fetch()
            if version == self.version and version is not None:
                return False
            table = sealed_hidden(frame(rows), state)
            self.figures = {
                "bids": bids_figure(table, self.low, self.high),
                "revenue": revenue_figure(table, self.low, self.high),
            }
            _replace(self.bids, self.figures["bids"])
            _replace(self.revenue, self.figures["revenue"])
            self.waiting.value = waiting_html(state)
            self.tables.value = STYLE + "".join(
                f'<div class="gk-live-table"><h4>Table {escape(str(t))}</h4>{board_picture(shown)}</div>'
                for t, shown in pictures.items()
            )
            self.status.value = (
                f'<div style="color:#555">{len(table)} rows · version {escape(str(version))}</div>'
            )
            self.version = version
            return True

    def start(self, interval: float = 1.0, max_seconds: float = 4 * 3600) -> LiveBoard:
        """Poll ``fetch`` every ``interval`` seconds on a background thread (one at a time)."""
        if not interval > 0 or not max_seconds > 0:
            raise ValueError(f"interval and max_seconds must be above 0, not {interval}, {max_seconds}")
        if self._thread and self._thread.is_alive():
            return self
        self._stop.clear()
        self._thread = threading.Thread(
            target=self._run, args=(interval, max_seconds), name="gamekit-classroom-live", daemon=True
        )
        self._thread.start()
        return self

    def _run(self, interval: float, max_seconds: float) -> None:
        for _tick in range(max(1, math.ceil(max_seconds / interval))):
            if self._stop.is_set():
                return
            try:
                self.refresh()
            except Exception as exc:  # the server is gone or refused: stop, and say why
                self.error = exc
                self.status.value = (
                    f'<div style="color:#a40000">Live updates stopped: {escape(str(exc))}</div>'
                )
                return
            if self._stop.wait(interval):
                return

    @property
    def running(self) -> bool:
        return bool(self._thread and self._thread.is_alive())

    def stop(self, timeout: float = 5.0) -> None:
        """End the polling thread (waits up to ``timeout`` seconds for it)."""
        self._stop.set()
        if self._thread and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


def _replace(widget: Any, fig: go.Figure) -> None:
    """Put ``fig`` into a FigureWidget (its traces and layout, in one update) or an Output widget
    (as plotly's data, set as the widget's outputs: no display is captured from this thread)."""
    if isinstance(widget, go.FigureWidget):
        with widget.batch_update():
            widget.data = ()
            widget.add_traces(list(fig.data))
            widget.layout = fig.layout
        return
    data = {
        "application/vnd.plotly.v1+json": json.loads(fig.to_json()),
        "text/plain": fig.layout.title.text or "",
    }
    widget.outputs = ({"output_type": "display_data", "data": data, "metadata": {}},)


__all__ = [
    "CLASSROOM_FORMATS",
    "COLUMNS",
    "MIN_BIN",
    "LiveBoard",
    "bid_gaps",
    "bids",
    "bids_figure",
    "board_picture",
    "equilibrium_bids",
    "frame",
    "revenue",
    "revenue_figure",
    "revenue_summary",
    "round_revenue",
    "sealed_hidden",
    "value_distribution",
    "waiting_html",
]
