"""Tables of simulation results: win rates with honest error bars, per bot and per seat.

``gamekit.simulate`` returns one row per seat per game; a lesson wants to know
which strategy wins more often and how sure we can be. These functions turn the
rows into that table. They only prepare data (pandas, no plotting), so plots,
widgets and the command line all draw the same numbers.

This module holds what every game shares; each game's own tables are in its folder
(``analysis.py``). The statistics these tables use (the Wilson interval, intervals clustered by
game) are in ``gamekit.stats``, which imports neither pandas nor this module.
"""

from __future__ import annotations

import pandas as pd

from ..stats import clustered_mean, wilson_interval

SUMMARY_COLUMNS = ("games", "wins", "win_rate", "ci_low", "ci_high", "mean_score")
_NEEDED = ("seat", "bot", "score", "win_share")


def _summary(df: pd.DataFrame, key: str) -> pd.DataFrame:
    """Games, fractional wins, win rate with its Wilson interval, and mean score per ``key``."""
    missing = [c for c in _NEEDED if c not in df.columns]
    if missing:
        raise ValueError(f"expected a table from gamekit.simulate; missing column(s): {', '.join(missing)}")
    grouped = df.groupby(key, sort=True)
    table = pd.DataFrame(
        {
            "games": grouped.size(),
            "wins": grouped["win_share"].sum().astype(float),
            "mean_score": grouped["score"].mean().astype(float),
        }
    )
    table["win_rate"] = table["wins"] / table["games"]
    intervals = [wilson_interval(w, int(n)) for w, n in zip(table["wins"], table["games"], strict=True)]
    table["ci_low"] = [low for low, _ in intervals]
    table["ci_high"] = [high for _, high in intervals]
    table = table.reset_index()
    return table[[key, *SUMMARY_COLUMNS]]


def summarize(df: pd.DataFrame) -> pd.DataFrame:
    """One row per bot label, best win rate first: which strategy wins, and how surely.

    ``games`` counts the bot's rows (a label seated twice in a game counts
    twice); ``wins`` sums ``win_share``, so a win shared by two counts one half
    each and the win rates of a table add up to 1 over finished games.
    ``ci_low``/``ci_high`` are the Wilson 95 % interval of ``win_rate`` with
    n = ``games``.
    """
    table = _summary(df, "bot")
    return table.sort_values(
        ["win_rate", "bot"], ascending=[False, True], kind="mergesort", ignore_index=True
    )


def seat_summary(df: pd.DataFrame) -> pd.DataFrame:
    """The same table per seat, in seat order, to read seat advantage along the rows.

    ``simulate`` rotates bots through the seats, so over many games every seat
    meets the same mix of bots and a difference between rows is the seat's own.
    """
    return _summary(df, "seat")


def position_summary(df: pd.DataFrame) -> pd.DataFrame:
    """The same table per position after the game's first start player (0: that player).

    Seat numbers say nothing about turn order when the first start player is dealt at random;
    ``position`` (a column of ``simulate``'s rows) does. With the same bot in every seat, a
    difference between rows is the position's own (``stats.position_effect`` tests it).
    """
    if "position" not in df.columns:
        raise ValueError("expected a table from gamekit.simulate; missing column(s): position")
    return _summary(df, "position")


def mean_with_interval(groups: pd.core.groupby.SeriesGroupBy) -> pd.DataFrame:
    """Mean, count and a normal 95 % interval of the mean for each group."""
    table = pd.DataFrame({"mean": groups.mean(), "n": groups.size(), "sd": groups.std(ddof=1)})
    half = 1.96 * table["sd"].fillna(0.0) / table["n"].pow(0.5)
    table["ci_low"] = table["mean"] - half
    table["ci_high"] = table["mean"] + half
    return table.drop(columns="sd").reset_index()


def group_means(
    table: pd.DataFrame,
    value: str,
    by: str | list[str],
    cluster: str | None = "game",
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Mean of ``value`` per ``by`` group with a Student t interval: ``mean``, ``n``, ``ci_low``, ``ci_high``.

    With a ``cluster`` column in the table (the game, by default), the interval is clustered by
    it (``gamekit.stats.clustered_mean``): rows of one game (a bot seated twice, the auctions of
    one game) are not independent. Without it, every row is independent and the interval is
    scipy's t interval of the mean. A group with too little data (one row, or one game when
    clustered) gets a missing interval rather than a false zero width.
    """
    from scipy import stats as scipy_stats

    keys = [by] if isinstance(by, str) else list(by)
    clustered = cluster is not None and cluster in table.columns
    rows = []
    for key, part in table.groupby(keys, sort=True):
        used = part[part[value].notna()]
        row = dict(zip(keys, key if isinstance(key, tuple) else (key,), strict=True))
        mean = float(used[value].mean()) if len(used) else float("nan")
        low = high = float("nan")
        if clustered and used[cluster].nunique() >= 2:
            fit = clustered_mean(used, value, cluster, confidence=confidence)
            low, high = fit.ci_low, fit.ci_high
        elif not clustered and len(used) >= 2:
            sem = float(scipy_stats.sem(used[value].astype(float)))
            low, high = (
                (mean, mean) if sem == 0 else scipy_stats.t.interval(confidence, len(used) - 1, mean, sem)
            )
        rows.append({**row, "mean": mean, "n": len(used), "ci_low": float(low), "ci_high": float(high)})
    return pd.DataFrame(rows, columns=[*keys, "mean", "n", "ci_low", "ci_high"])


def winning_margin(seats: pd.DataFrame) -> pd.DataFrame:
    """Per game: the winner's money minus the runner-up's (how close games are)."""

    def margin(scores: pd.Series) -> float:
        top = scores.nlargest(2).to_list()
        return float(top[0] - top[1]) if len(top) > 1 else 0.0

    return seats.groupby("game")["score"].apply(margin).rename("margin").reset_index()


__all__ = [
    "SUMMARY_COLUMNS",
    "group_means",
    "mean_with_interval",
    "position_summary",
    "seat_summary",
    "summarize",
    "wilson_interval",
    "winning_margin",
]
