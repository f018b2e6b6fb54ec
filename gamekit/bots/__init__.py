"""Bots: every player that is not a person. ``BOTS`` maps short names to bot classes."""

from .base import BOTS, Bot, RandomBot, make_bot, register_bot
from .bohnanza import PlanterBot, TraderBot
from .for_sale import BudgetBidder, SpreadBidder, rank_matched_house
from .kuhhandel import BluffTrader, BuyInAuctioneer, ValueBidder, collection_worth
from .money_monsoon import ShadingBidder, TruthfulBidder, ZeroOnEightBidder, roll_value

__all__ = [
    "BOTS",
    "BluffTrader",
    "Bot",
    "BudgetBidder",
    "BuyInAuctioneer",
    "PlanterBot",
    "RandomBot",
    "ShadingBidder",
    "SpreadBidder",
    "TraderBot",
    "TruthfulBidder",
    "ValueBidder",
    "ZeroOnEightBidder",
    "collection_worth",
    "make_bot",
    "rank_matched_house",
    "register_bot",
    "roll_value",
]
