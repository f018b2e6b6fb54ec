"""For Sale's class registered again as another game, ``resale``, in a folder of its own outside
gamekit (a package in tests), as a contributor adding a game does: its rules reference
(``rules.toml``) and its meta-game (``meta.py``) live beside it, and the game-free layers find
them through the registry. Importing this module registers nothing: the tests call ``register``
(``registered_resale``) so that the game is known only while they run."""

from __future__ import annotations

from typing import Any

from .game import NAME, Resale

__all__ = ["NAME", "Resale", "register_for_test"]


def register_for_test(monkeypatch: Any) -> str:
    """Register Resale (``registry.register``, as the README says) until the test ends: pytest's
    ``monkeypatch`` puts the registry back as it was, so no other test sees the game."""
    from gamekit.core import registry

    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    registry.register(Resale)
    return NAME
