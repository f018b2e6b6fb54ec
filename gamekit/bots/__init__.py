"""Bots: every player that is not a person. ``BOTS`` maps short names to bot classes.

The generic part lives here (the ``Bot`` protocol, ``RandomBot``, the registry); each game's
strategy bots live in its folder (``gamekit.games.for_sale.bots``) and register themselves when
the game is imported. Every registered bot class is also reachable here by its class name
(``gamekit.bots.SpreadBidder``), as the public contract promises.
"""

from typing import Any

from .base import (
    BOTS,
    Bot,
    BotLike,
    RandomBot,
    TunedBot,
    bot_label,
    describe,
    is_shipped,
    make_bot,
    register_bot,
    rule_sentence,
)


def __getattr__(name: str) -> Any:
    for cls in BOTS.values():
        if cls.__name__ == name:
            return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BOTS",
    "Bot",
    "BotLike",
    "RandomBot",
    "TunedBot",
    "bot_label",
    "describe",
    "is_shipped",
    "make_bot",
    "register_bot",
    "rule_sentence",
]
