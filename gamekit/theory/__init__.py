"""Theory to hold the simulations against: closed forms and exact computations, each tested by simulation.

An opt-in layer: ``import gamekit`` does not import it (it needs numpy and scipy), so a lesson
writes ``from gamekit.theory import auctions``.

- ``auctions``: single-object auctions with independent private values: the symmetric
  equilibrium bids and expected revenue of first-price, second-price, all-pay and war-of-attrition
  auctions, revenue equivalence, the optimal reserve price, an auctioneer who also bids (Money
  Monsoon), efficiency, and a Monte Carlo simulator of each format.
"""

from __future__ import annotations

from . import auctions

__all__ = ["auctions"]
