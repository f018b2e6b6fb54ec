"""Kuhhandel's meta-game (``gamekit.meta_games``): the strategies its payoff table plays and the
lesson's claims judged at that table's equilibrium."""

from __future__ import annotations

from ...meta_games import Spec

SPEC = Spec(
    ("value:1", "cowtrader:3", "bluffer:0.3"),
    (("cowtrader:3", "value:1"),),
)
