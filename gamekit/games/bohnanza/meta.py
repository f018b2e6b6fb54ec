"""Bohnanza's meta-game (``gamekit.meta_games``): the strategies its payoff table plays and the
lesson's claim judged at that table's equilibrium: the grower against itself without trading."""

from __future__ import annotations

from typing import Any

from ...meta_games import Spec


def _grower_without_trading() -> Any:
    from .analysis import NonTrader  # pandas: loaded only when the meta-game is played

    return NonTrader("grower")


SPEC = Spec(
    ("grower:3", "trader:0", _grower_without_trading),
    (("grower:3", "grower:3 (no trading)"),),
)
