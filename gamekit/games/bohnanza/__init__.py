"""Bohnanza, the 104-card basic set (rules BO-* in RULES.md)."""

from . import rules
from .game import Bohnanza

__all__ = ["Bohnanza", "rules"]
