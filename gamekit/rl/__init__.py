"""Adapters for reinforcement learning (extra ``rl``): fixed action numbers and observations
(``spaces``), PettingZoo environments (``pettingzoo_env``) and OpenSpiel games.

``import gamekit`` does not import this package; importing it needs numpy, and
``pettingzoo_env`` needs pettingzoo and gymnasium: the ``rl`` extra (``pip install -e '.[rl]'`` in a
checkout; a missing one is named with that line).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from gamekit.core import registry

__all__ = ["STRONGEST", "pettingzoo_env"]


class _Strongest(Mapping[str, str]):
    """Game name → its class's ``strongest_bot``, for every game registered (now, not at import)."""

    def __getitem__(self, name: str) -> str:
        if name not in registry.registered():
            raise KeyError(name)
        return registry.game_class(name).strongest_bot

    def __iter__(self) -> Iterator[str]:
        return iter(registry.registered())

    def __len__(self) -> int:
        return len(registry.registered())

    def __repr__(self) -> str:
        return repr(dict(self))


# gamekit's strongest bot of each game (lessons 01-04): the MCTS agent's opponents (``mcts``) and
# lesson 07's baselines (``claims``); here so that naming them needs no OpenSpiel.
STRONGEST: Mapping[str, str] = _Strongest()


def pettingzoo_env(name: str, players: int | None = None, **options: Any) -> Any:
    """A PettingZoo AEC environment of game ``name`` (see ``gamekit.rl.pettingzoo``); ``players``
    None: the game's ``default_players``."""
    from gamekit.core.extras import needs_extra

    with needs_extra("rl", "gamekit.rl.pettingzoo_env"):
        from .pettingzoo import env

    return env(name, players=players, **options)
