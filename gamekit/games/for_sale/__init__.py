"""For Sale, both editions (rules FS-* in RULES.md)."""

from . import rules
from .game import ForSale

__all__ = ["ForSale", "rules"]
