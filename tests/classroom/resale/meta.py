"""Resale's meta-game: two strategies, a table of a few games (the layer's machinery, not a claim)."""

from __future__ import annotations

from typing import Any

from gamekit.meta_games import Spec


class FirstLegal:
    """Always the first legal action (a bid of the least, or the first pass)."""

    label = "first_legal"

    def choose(self, view: Any, legal_actions: list[Any], rng: Any) -> Any:
        return legal_actions[0]


SPEC = Spec(("random", FirstLegal), (("first_legal", "random"),), table_games=4, claim_games=8)
