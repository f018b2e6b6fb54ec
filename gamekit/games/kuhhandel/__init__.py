"""Kuhhandel / You're Bluffing! (rules KH-* in RULES.md)."""

from . import rules
from .game import Kuhhandel

__all__ = ["Kuhhandel", "rules"]
