"""Experiments the lessons run: one rule option against another, one bot parameter swept, and
the rule explorer's comparison of a game's own measures (``compare_measures``).

Each is a seeded batch of ``simulate`` runs returning tidy tables, so a lesson's
claim ("rounding up makes passing cheaper") is a reproducible computation.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from . import analysis
from .bots import make_bot
from .core.game import game_class
from .core.i18n import _
from .simulate import BotSpec, listed_first, simulate, simulate_records
from .stats import PositionEffect, position_effect


def compare_settings(
    name: str,
    players: int,
    bots: Sequence[BotSpec] | BotSpec,
    games: int,
    settings: Mapping[str, Mapping[str, Any]],
    seed: int = 0,
) -> dict[str, dict[str, pd.DataFrame]]:
    """``simulate_records`` once per labelled set of options, all with the same bots and seed."""
    return {
        label: simulate_records(name, players, bots, games, seed=seed, options=options)
        for label, options in settings.items()
    }


def stacked(results: Mapping[str, Mapping[str, pd.DataFrame]], table: str = "seats") -> pd.DataFrame:
    """One table of several settings' results, with a ``setting`` column naming each."""
    return pd.concat(
        [frame[table].assign(setting=label) for label, frame in results.items()], ignore_index=True
    )


def sweep(
    name: str,
    players: int,
    bot: str,
    values: Sequence[float],
    opponents: Sequence[BotSpec],
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> pd.DataFrame:
    """Play ``bot`` with each parameter value against the same opponents; one table of all games.

    The swept bot's rows carry ``value`` (its parameter); the opponents' rows carry NaN.
    Seats rotate as in ``simulate``, and every value meets the same deals (same seed).
    """
    if len(opponents) != players - 1:
        raise ValueError(f"{players} players need {players - 1} opponents, got {len(opponents)}")
    frames = []
    for value in values:
        swept = make_bot(f"{bot}:{value}", name)
        df = simulate(name, players, [swept, *opponents], games, seed=seed, options=options)
        # The swept bot is found by its seat, not its label, which an opponent with the same
        # parameter would share.
        df["value"] = float("nan")
        df.loc[listed_first(df, players), "value"] = value
        frames.append(df)
    return pd.concat(frames, ignore_index=True)


def sweep_summary(df: pd.DataFrame) -> pd.DataFrame:
    """Win rate (Wilson 95 %) and mean score of the swept bot for each parameter value."""
    rows = []
    for value, part in df.dropna(subset=["value"]).groupby("value"):
        summary = analysis.summarize(part).iloc[0]
        rows.append({"value": value, **summary.drop(labels="bot").to_dict()})
    return pd.DataFrame(rows)


@dataclass(frozen=True)
class SeatExperiment:
    """The same bot in every seat, so position after the first start player is all that differs."""

    seats: pd.DataFrame  # simulate's rows
    table: pd.DataFrame  # analysis.position_summary
    effect: PositionEffect  # stats.position_effect


def seat_experiment(
    name: str,
    players: int,
    bot: BotSpec,
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: int | str = 1,
) -> SeatExperiment:
    """Does it pay to start? ``bot`` plays every seat; win share by position with Wilson intervals
    and a chi-square test of equal shares. The engines deal the first start player at random
    (or by their rule), so seat numbers are not positions; ``simulate``'s ``position`` is."""
    seats = simulate(name, players, [bot] * players, games, seed=seed, options=options, workers=workers)
    return SeatExperiment(seats, analysis.position_summary(seats), position_effect(seats))


def game_measures(name: str, records: Mapping[str, pd.DataFrame]) -> pd.DataFrame:
    """One row per game of a game's own measures, from ``simulate_records``' tables: the
    ``explorer_measures`` of the game folder's ``analysis`` module (For Sale: coins paid per house and
    coins kept; Money Monsoon: lapsed biddings and price / winning bid; Kuhhandel: closing prices
    and cow trades; Bohnanza: thaler per player and turns)."""
    from .core import registry

    module = registry.require_layer(name, "analysis", "the rule explorer")
    return module.explorer_measures(records)


def _t_half(sd: float, n: int, confidence: float) -> float:
    from scipy import stats as scipy_stats

    if n < 2 or not sd > 0:
        return 0.0 if n >= 2 else math.nan
    return float(scipy_stats.t.ppf(0.5 + confidence / 2, n - 1)) * sd / math.sqrt(n)


def _mean_interval(values: pd.Series, confidence: float) -> tuple[float, float, float, int]:
    values = values.dropna().astype(float)
    n = len(values)
    mean = float(values.mean()) if n else math.nan
    half = _t_half(float(values.std(ddof=1)) if n > 1 else math.nan, n, confidence)
    return mean, mean - half, mean + half, n


def _with_defaults(name: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    declared = {option.name: option.default for option in game_class(name).options_declared}
    return {**declared, **(options or {})}


def compare_measures(
    name: str,
    players: int,
    bots: Sequence[BotSpec] | BotSpec,
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    baseline_bots: Sequence[BotSpec] | BotSpec | None = None,
    baseline_options: Mapping[str, Any] | None = None,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """A game's own measures (``game_measures``) under a chosen setting and under a baseline (the
    game's default rules, and ``baseline_bots`` or the same bots), on the same seeds.

    One row per measure: each setting's mean over games with its t interval, and the
    difference chosen − baseline paired game by game (game i of both runs is dealt from the same
    seed) with its t interval, over the games where both have the measure. When the two settings
    are the same, only one run is made and the difference columns are empty.
    """
    chosen_options = _with_defaults(name, options)
    base_options = _with_defaults(name, baseline_options)
    base_bots = bots if baseline_bots is None else baseline_bots
    chosen = game_measures(
        name, simulate_records(name, players, bots, games, seed=seed, options=chosen_options)
    )
    same = chosen_options == base_options and repr(base_bots) == repr(bots)
    baseline = (
        chosen
        if same
        else game_measures(
            name, simulate_records(name, players, base_bots, games, seed=seed, options=base_options)
        )
    )
    rows = []
    for measure in chosen.columns:
        row: dict[str, Any] = {"measure": measure}
        for label, table in (("chosen", chosen), ("baseline", baseline)):
            mean, low, high, n = _mean_interval(table[measure], confidence)
            row |= {label: mean, f"{label}_low": low, f"{label}_high": high, f"{label}_games": n}
        if same:
            row |= {"difference": math.nan, "difference_low": math.nan, "difference_high": math.nan}
            row["paired_games"] = 0
        else:
            diffs = (chosen[measure] - baseline[measure]).dropna().astype(float)
            mean, low, high, n = _mean_interval(diffs, confidence)
            row |= {"difference": mean, "difference_low": low, "difference_high": high, "paired_games": n}
        rows.append(row)
    return pd.DataFrame(rows)


def _digits(low: float, high: float) -> int:
    """Decimals that show an interval's half-width to two significant figures (0 to 4)."""
    half = (high - low) / 2
    if not half > 0 or not math.isfinite(half):
        return 3
    return max(0, min(4, 1 - math.floor(math.log10(half))))


def measures_table(compared: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """``compare_measures`` as a table to read: each value with its interval, readable headers."""
    pct = f"{confidence * 100:g} %"

    def cell(row: pd.Series, key: str) -> str:
        if not math.isfinite(row[key]):
            return _("– (same setting)") if key == "difference" else "–"
        low, high = row[key + "_low"], row[key + "_high"]
        d = _digits(low, high)
        sign = "+" if key == "difference" else ""
        return f"{row[key]:{sign},.{d}f} ({low:{sign},.{d}f} to {high:{sign},.{d}f})"

    return pd.DataFrame(
        {
            _("Measure"): compared["measure"],
            _("Your setting ({pct} interval)", pct=pct): [cell(r, "chosen") for _i, r in compared.iterrows()],
            _("Default setting ({pct} interval)", pct=pct): [
                cell(r, "baseline") for _i, r in compared.iterrows()
            ],
            _("Difference, paired by game ({pct} interval)", pct=pct): [
                cell(r, "difference") for _i, r in compared.iterrows()
            ],
            _("Games"): compared["chosen_games"],
        }
    )


def measures_figure(compared: pd.DataFrame, title: str | None = None) -> Any:
    """One panel per measure: the default and the chosen setting, each with its interval."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    title = _("Your setting against the default") if title is None else title
    n = len(compared)
    titles = []
    for _index, row in compared.iterrows():
        if math.isfinite(row["difference"]):
            titles.append(
                _(
                    "{measure}<br>difference {difference} ({low} to {high})",
                    measure=row["measure"],
                    difference=format(row["difference"], "+.3g"),
                    low=format(row["difference_low"], "+.3g"),
                    high=format(row["difference_high"], "+.3g"),
                )
            )
        else:
            titles.append(str(row["measure"]))
    fig = make_subplots(rows=1, cols=n, subplot_titles=titles)
    for col, (_i, row) in enumerate(compared.iterrows(), start=1):
        for label, key, colour in (
            (_("default"), "baseline", "#888888"),
            (_("your setting"), "chosen", "#1f77b4"),
        ):
            fig.add_trace(
                go.Scatter(
                    x=[label],
                    y=[row[key]],
                    mode="markers",
                    marker={"size": 11, "color": colour},
                    error_y={
                        "type": "data",
                        "symmetric": False,
                        "array": [row[f"{key}_high"] - row[key]],
                        "arrayminus": [row[key] - row[f"{key}_low"]],
                    },
                    name=label,
                    showlegend=col == 1,
                ),
                row=1,
                col=col,
            )
    fig.update_layout(title=title, height=380, margin={"t": 110})
    fig.update_annotations(font_size=12)
    return fig


def overview(
    name: str,
    players: int,
    bots: Sequence[BotSpec] | BotSpec,
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    baseline_bots: Sequence[BotSpec] | BotSpec | None = None,
) -> list[Any]:
    """What a rule explorer shows for one setting: the game's own measures beside those of the
    default setting (default rules, ``baseline_bots`` or the same bots) on the same seeds, as a
    table to read and a figure, each value with its 95 % interval (``compare_measures``)."""
    compared = compare_measures(
        name, players, bots, games, seed=seed, options=options, baseline_bots=baseline_bots
    )
    return [measures_table(compared), measures_figure(compared)]
