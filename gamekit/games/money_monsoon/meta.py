"""Money Monsoon's meta-game (``gamekit.meta_games``): the strategies its payoff table plays and the
lesson's claims judged at that table's equilibrium."""

from __future__ import annotations

from ...meta_games import Spec

SPEC = Spec(
    ("shade:0.6", "rollout:0.6", "rollout:1"),
    (("rollout:0.6", "shade:0.6"), ("rollout:0.6", "rollout:1"), ("shade:0", "rollout:0.6")),
)
