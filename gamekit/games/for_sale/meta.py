"""For Sale's meta-game (``gamekit.meta_games``): the strategies its payoff table plays and the
lesson's claims judged at that table's equilibrium."""

from __future__ import annotations

from ...meta_games import Spec

SPEC = Spec(
    ("spread:0.3", "house_value:1.5", "save_top:12"),
    (("house_value:1.5", "spread:0.3"), ("save_top:12", "spread:0.3")),
)
