"""Money Monsoon (rules MM-* of the rules reference, `gamekit rules`)."""

from . import bots, rules
from .game import MoneyMonsoon

__all__ = ["MoneyMonsoon", "bots", "rules"]
