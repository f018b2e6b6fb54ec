"""Adapters for reinforcement learning (extra ``rl``): fixed action numbers and observations
(``spaces``), PettingZoo environments (``pettingzoo_env``) and OpenSpiel games.

``import gamekit`` does not import this package; importing it needs numpy, and
``pettingzoo_env`` needs pettingzoo and gymnasium (``pip install 'gamekit-edu[rl]'``).
"""

from __future__ import annotations

from typing import Any

__all__ = ["pettingzoo_env"]


def pettingzoo_env(name: str, players: int = 4, **options: Any) -> Any:
    """A PettingZoo AEC environment of game ``name`` (see ``gamekit.rl.pettingzoo``)."""
    from .pettingzoo import env

    return env(name, players=players, **options)
