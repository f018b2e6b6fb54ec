"""Experiments the lessons run: one rule option against another, one bot parameter swept.

Each is a seeded batch of ``simulate`` runs returning tidy tables, so a lesson's
claim ("rounding up makes passing cheaper") is a reproducible computation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from . import analysis
from .bots import make_bot
from .simulate import BotSpec, simulate, simulate_records
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
        # simulate seats bot k in seat (k - game) mod players: the swept bot (k = 0) is found by
        # its seat, not its label, which an opponent with the same parameter would share.
        swept_seat = (-df["game"]) % players
        df["value"] = [
            value if seat == own else float("nan") for seat, own in zip(df["seat"], swept_seat, strict=True)
        ]
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


def overview(
    name: str,
    players: int,
    bots: Sequence[BotSpec] | BotSpec,
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> list[Any]:
    """What a rule explorer shows for one setting: the summary table and three figures."""
    from . import plots

    seats = simulate(name, players, bots, games, seed=seed, options=options)
    return [
        analysis.summarize(seats).round(3),
        plots.win_rates(seats),
        plots.seat_advantage(seats),
        plots.score_distribution(seats),
    ]
