"""Money Monsoon (rules MM-* in RULES.md)."""

from . import rules
from .game import MoneyMonsoon

__all__ = ["MoneyMonsoon", "rules"]
