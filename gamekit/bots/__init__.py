"""Bots: every player that is not a person. ``BOTS`` maps short names to bot classes."""

from .base import BOTS, Bot, RandomBot, make_bot, register_bot
from .for_sale import BudgetBidder, SpreadBidder, rank_matched_house

__all__ = [
    "BOTS",
    "Bot",
    "BudgetBidder",
    "RandomBot",
    "SpreadBidder",
    "make_bot",
    "rank_matched_house",
    "register_bot",
]
