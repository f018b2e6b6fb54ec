"""Kuhhandel / You're Bluffing! (rules KH-* of the rules reference, `gamekit rules`)."""

from . import bots, rules
from .game import Kuhhandel

__all__ = ["Kuhhandel", "bots", "rules"]
