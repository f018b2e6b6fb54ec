"""What the projector shows: each round's outcome and figures' data, and each table's public picture.

``results(hub, code)`` answers ``GET /api/teacher/{code}/results``. Its numbers are those of the
notebook's live board (``Classroom.live()``): the bids, each round's revenue and its theory come
from ``live.bids`` / ``live.round_revenue`` / ``live.equilibrium_bids`` over the same rows, so
the projector and the notebook can never disagree. Winner and price are the server's own outcome
of the round (``rounds.result``).

A projected page is seen by every student, so a table is drawn from its *public* view only
(``public_view``): what every seat sees alike, nothing that any one seat sees alone. The teacher's
view (``game.view(None)``) shows every hidden hand and is never drawn here.
(pandas and the theory are imported when a projector first asks, not when the server starts.)
"""

from __future__ import annotations

import json
import math
import re
from html import escape
from typing import Any

from ..core.game import SEAT_NAMES
from .hub_base import read_seats, shown_name
from .public import public_picture, public_view

EQUILIBRIUM_POINTS = 41  # points of the equilibrium line sent to the page
_STYLE_BLOCK = re.compile(r"<style\b[^>]*>(.*?)</style>", re.S | re.I)
_STYLE_ATTR = re.compile(r"(<[^>]*?\s)style=(\"[^\"]*\"|'[^']*')", re.S)


def for_page(html: str) -> tuple[str, str]:
    """A picture's HTML for a page whose security policy refuses inline styles: its ``<style>``
    blocks taken out (returned apart, as CSS the page adds as a style sheet) and each ``style``
    attribute renamed ``data-gk-style`` (the page applies it through the DOM, which the policy
    allows). Parsing the HTML as it is would log a refused style for each one."""
    css = "\n".join(_STYLE_BLOCK.findall(html))
    html = _STYLE_BLOCK.sub("", html)
    previous = None
    while previous != html:  # several style attributes may follow one another in one tag's text
        previous, html = html, _STYLE_ATTR.sub(r"\1data-gk-style=\2", html)
    return html, css


# ------------------------------------------------------------------------------ the rounds
def _number(x: Any) -> float | int | None:
    """A number for JSON: whole floats as ints, NaN as None."""
    if x is None:
        return None
    x = float(x)
    if math.isnan(x):
        return None
    return int(x) if x.is_integer() else round(x, 3)


def round_figures(rows: Any, activity: int, fmt: str, low: float, high: float) -> dict[int, dict[str, Any]]:
    """Per round of ``activity``: ``bids`` (value, bid, name, censored), ``revenue``,
    ``theory_revenue`` and the ``equilibrium`` line for the round's n, from ``live``'s functions."""
    import numpy as np
    import pandas as pd

    from . import live  # pandas, scipy and plotly: only when a projector asks, not with the server

    table = live.bids(rows)
    table = table[table["activity"] == activity]
    revenue = live.round_revenue(rows, low, high)
    revenue = revenue[revenue["activity"] == activity].set_index("round")
    grid = np.linspace(low, high, EQUILIBRIUM_POINTS)
    out: dict[int, dict[str, Any]] = {}
    for number, part in table.groupby("round", sort=True):
        n = len(part)
        line = live.equilibrium_bids(fmt, grid, n, low, high) if n >= 2 else []
        here = revenue.loc[number] if number in revenue.index else None
        out[int(number)] = {
            "bids": [
                {
                    "value": _number(r.value),
                    "bid": _number(r.bid),
                    "name": None if pd.isna(r.name) else str(r.name),
                    "censored": bool(r.censored),
                }
                for r in part.itertuples()
            ],
            "bidders": n,
            "revenue": None if here is None else _number(here["revenue"]),
            "theory_revenue": None if here is None else _number(here["theory"]),
            "equilibrium": [[_number(v), _number(b)] for v, b in zip(grid, line, strict=False)],
        }
    return out


def revenue_summary(rows: Any, activity: int, low: float, high: float) -> dict[str, Any] | None:
    """The activity's rounds in ``rows`` (the caller passes the closed ones: a sealed round's bids
    are not shown before it closes) as the live board's revenue figure sums them up
    (``live.revenue_summary`` of their rows): ``rounds``, ``mean`` revenue with its 95 % interval
    (``ci_low``, ``ci_high``; None with one round) and ``theory``; None before a round closed."""
    from . import live

    mine = [r for r in rows if r.get("activity") == activity]
    table = live.revenue_summary(mine, low, high)
    if table.empty:
        return None
    row = table.iloc[0]
    return {
        "rounds": int(row["rounds"]),
        "mean": _number(row["mean"]),
        "ci_low": _number(row["ci_low"]),
        "ci_high": _number(row["ci_high"]),
        "theory": _number(row["theory"]),
    }


def format_summary(rows: Any, low: float, high: float) -> list[dict[str, Any]]:
    """Per auction format over ``rows`` (the caller passes those of closed rounds): the live
    board's revenue figure (``live.revenue_summary``): ``format``, ``rounds``, ``bidders`` (the
    median n), ``mean`` with its 95 % interval and ``theory``, the revenue equivalence to compare."""
    from . import live

    table = live.revenue_summary(rows, low, high)
    return [
        {
            "format": str(r["format"]),
            "rounds": int(r["rounds"]),
            "bidders": _number(r["bidders"]),
            "mean": _number(r["mean"]),
            "ci_low": _number(r["ci_low"]),
            "ci_high": _number(r["ci_high"]),
            "theory": _number(r["theory"]),
        }
        for _, r in table.iterrows()
    ]


def _tables(hub: Any, activity: Any) -> list[dict[str, Any]]:
    out = []
    rows = hub.store.all(
        "SELECT id, game, seats FROM game_tables WHERE activity = ? ORDER BY id", (activity,)
    )
    for row in rows:
        game = hub.games[row["id"]]
        seats = read_seats(row["seats"])
        try:
            picture, css = for_page(public_picture(game).html)
        except NotImplementedError as exc:
            picture, css = f"<p>{escape(str(exc))}</p>", ""
        result = game.result() if game.is_over else None
        out.append(
            {
                "table": row["id"],
                "game": row["game"],
                "over": game.is_over,
                "to_act": list(game.to_act),
                "players": [
                    {"seat": SEAT_NAMES[i], "name": shown_name(s, i), "bot": s["bot"] is not None}
                    for i, s in enumerate(seats)
                ],
                "picture": picture,
                "css": css,
                "scores": result["scores"] if result else None,
                "winners": result["winners"] if result else None,
            }
        )
    return out


def _closed_rounds_of_range(hub: Any, code: str, config: dict[str, Any]) -> set[tuple[int, int]]:
    """Every closed round of the session's auctions with this one's value range: the formats compared."""
    same_range = {
        a["id"]
        for a in hub.store.all("SELECT id, config FROM activities WHERE session = ?", (code,))
        if (lambda c: (c.get("low"), c.get("high")) == (config["low"], config["high"]))(
            json.loads(a["config"])
        )
    }
    return {
        (r["activity"], r["number"])
        for r in hub.store.all(
            "SELECT r.activity, r.number FROM rounds AS r JOIN activities AS a ON a.id = r.activity"
            " WHERE a.session = ? AND r.status = 'closed'",
            (code,),
        )
        if r["activity"] in same_range
    }


def _round_entry(r: Any, figures: dict[int, dict[str, Any]], names: dict[int, str]) -> dict[str, Any]:
    """One round as the projector draws it: its outcome, and its figures once it has closed."""
    result = json.loads(r["result"]) if r["result"] else None
    winner = result["winner"] if result else None
    shown = figures.get(r["number"], {}) if r["status"] == "closed" else {}
    return {
        "round": r["number"],
        "status": r["status"],
        "winner": names.get(winner) if winner is not None else None,
        "price": result["price"] if result else None,
        "revenue": shown.get("revenue"),
        "theory_revenue": shown.get("theory_revenue"),
        "bidders": shown.get("bidders", 0),
        "bids": shown.get("bids", []),
        "equilibrium": shown.get("equilibrium", []),
    }


def results(hub: Any, code: str) -> dict[str, Any]:
    """The projector's answer for the session ``code`` (see the module docstring).

    ``{activity, kind, format, low, high, rounds_total, rounds: [{round, status, winner, price,
    revenue, theory_revenue, bidders, bids: [{value, bid, name, censored}], equilibrium}], clock:
    {price, still_in, top} | null, summary: {rounds, mean, ci_low, ci_high, theory} | null, formats: [{format, rounds, bidders,
    mean, ci_low, ci_high, theory}] (every auction of the session with this range), tables: [{table, game, over, to_act, players, picture, css,
    scores, winners}], games}``; a picture's styles come apart from it (``for_page``).
    """
    from .tables import table_games

    with hub.lock:
        session = hub.session(code)
        code = session["code"]
        activity = hub._activity(session)
        answer: dict[str, Any] = {
            "activity": None,
            "kind": None,
            "format": None,
            "rounds": [],
            "clock": None,
            "tables": [],
            "games": list(table_games()),
        }
        if activity is None:
            return answer
        config = json.loads(activity["config"])
        answer.update(activity=activity["id"], kind=activity["kind"], format=config.get("format"))
        if activity["kind"] not in ("auction", "clock"):
            answer["game"] = config.get("game")
            answer["tables"] = _tables(hub, activity["id"])
            return answer
        names = {
            s["id"]: s["name"]
            for s in hub.store.all("SELECT id, name FROM students WHERE session = ?", (code,))
        }
        played = hub.store.all(
            "SELECT id, number, status, price, result FROM rounds WHERE activity = ? ORDER BY number",
            (activity["id"],),
        )
        session_closed = _closed_rounds_of_range(hub, code, config)
        current = played[-1] if played else None
        if activity["kind"] == "clock" and current is not None:
            still_in = hub._still_in(code, current["id"]) if current["status"] == "open" else []
            answer["clock"] = {
                "price": current["price"],
                "still_in": len(still_in),
                "top": config.get("top", config["high"]),
                "status": current["status"],
            }
    rows = hub.rows(code)  # the figures are computed outside the hub's lock
    low, high = config["low"], config["high"]
    figures = round_figures(rows, activity["id"], config["format"], low, high)
    answer.update(low=low, high=high, rounds_total=config["rounds"])
    closed = {r["number"] for r in played if r["status"] == "closed"}
    answer["summary"] = revenue_summary(
        [r for r in rows if r.get("round") in closed], activity["id"], low, high
    )
    answer["formats"] = format_summary(
        [r for r in rows if (r.get("activity"), r.get("round")) in session_closed], low, high
    )
    answer["rounds"] = [_round_entry(r, figures, names) for r in played]
    return answer


async def route(request: Any, room: Any) -> Any:
    """``GET /api/teacher/{code}/results``: the teacher's token only (``room.teacher``)."""
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import JSONResponse

    room.teacher(request)
    return JSONResponse(await run_in_threadpool(lambda: results(room.hub, request.path_params["code"])))


__all__ = ["for_page", "format_summary", "public_picture", "public_view", "results", "round_figures", "route"]
