"""For Sale, both editions (rules FS-* of the rules reference, `gamekit rules`)."""

from . import bots, rules
from .game import ForSale

__all__ = ["ForSale", "bots", "rules"]
