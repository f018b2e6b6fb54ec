"""Bohnanza, the 104-card basic set (rules BO-* of the rules reference, `gamekit rules`)."""

from . import rules
from .game import Bohnanza

__all__ = ["Bohnanza", "rules"]
