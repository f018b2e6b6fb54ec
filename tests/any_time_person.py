"""A person played by a seeded script at every kind of table (tests only): at their own decision
a random legal action, at an "at any time" point a harvest or a purchase now and then, else a pass.
Every moment a table gives the person the chance is recorded as (history index, seat), for
``teach.any_time_reach`` to check against the game's own record."""

from __future__ import annotations

import random

from gamekit.core.game import Game
from gamekit.teach import may_act_any_time

ACT_SHARE = 0.1  # how often the person takes an "at any time" action offered (else passes)


def choose(game: Game, seat: int, rng: random.Random) -> str | None:
    """The person's text now: their own decision, an "at any time" action, or None to pass."""
    legal = game.legal_actions(seat)
    if seat in game.to_act:
        return str(rng.choice(legal))
    if may_act_any_time(game, seat) and rng.random() < ACT_SHARE:
        return str(rng.choice(legal))
    return None
