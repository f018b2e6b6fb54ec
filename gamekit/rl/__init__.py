"""Adapters for reinforcement learning (extra ``rl``): fixed action numbers and observations
(``spaces``), PettingZoo environments (``pettingzoo_env``) and OpenSpiel games.

``import gamekit`` does not import this package; importing it needs numpy, and
``pettingzoo_env`` needs pettingzoo and gymnasium (``pip install 'gamekit-edu[rl]'``).
"""

from __future__ import annotations

from typing import Any

__all__ = ["STRONGEST", "pettingzoo_env"]

# gamekit's strongest bot of each game (lessons 01-04): the MCTS agent's opponents (``mcts``) and
# lesson 07's baselines (``claims``); here so that naming them needs no OpenSpiel.
STRONGEST = {
    "for_sale": "house_value:1.5",
    "money_monsoon": "rollout:0.6",
    "kuhhandel": "cowtrader:3",
    "bohnanza": "grower",
}


def pettingzoo_env(name: str, players: int = 4, **options: Any) -> Any:
    """A PettingZoo AEC environment of game ``name`` (see ``gamekit.rl.pettingzoo``)."""
    from .pettingzoo import env

    return env(name, players=players, **options)
