"""For Sale's meta-game (``gamekit.meta_games``): the strategies its payoff table plays and the
lesson's claims judged at that table's equilibrium. ``spread:0.45`` is in the set because it is the
best fraction of lesson 01's sweep against three ``house_value`` and beats them: without it,
``house_value`` was the equilibrium of a set that left its best response out."""

from __future__ import annotations

from ...meta_games import Spec

SPEC = Spec(
    ("spread:0.3", "house_value:1.5", "save_top:12", "spread:0.45"),
    (("house_value:1.5", "spread:0.3"), ("save_top:12", "spread:0.3")),
)
