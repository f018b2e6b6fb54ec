"""Bohnanza, the 104-card basic set (rules BO-* of the rules reference, `gamekit rules`)."""

from . import bots, rules
from .game import Bohnanza

__all__ = ["Bohnanza", "bots", "rules"]
