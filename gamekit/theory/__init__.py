"""Theory to hold the simulations against: closed forms and exact computations, each tested by simulation.

An opt-in layer: ``import gamekit`` does not import it. Its modules load on first use
(``from gamekit.theory import auctions``, or ``gamekit.theory.auctions``), so a game's own theory
that needs no scipy loads without it.

- ``auctions`` (numpy, scipy): single-object auctions with independent private values: the
  symmetric equilibrium bids and expected revenue of first-price, second-price, all-pay and
  war-of-attrition auctions, revenue equivalence, the optimal reserve price, an auctioneer who
  also bids (Money Monsoon), efficiency, and a Monte Carlo simulator of each format.
- ``for_sale``: a house's phase-2 value (exact for one round, simulated for the whole phase)
  beside its phase-1 price, and the coins burnt in phase 1 (rent dissipation).
- ``money_monsoon``: the auctioneer's own bid as a reserve on the bots' value scale, and the regret
  of a bid in one roll's sealed second-price auction (where the void tie rule breaks dominance).
- ``kuhhandel``: a player's money inferred from the known, equal start hands and the public
  history (the posterior MCTS's sampler draws from); the cow trade as an all-pay contest whose bids go to the rival, and its best response.
- ``bohnanza``: harvest now or wait, from the player's own hand order and the unseen cards.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any


def __getattr__(name: str) -> Any:
    """A theory module by name, loaded on first use (``gamekit.theory.auctions``)."""
    if not name.startswith("_") and importlib.util.find_spec(f"{__name__}.{name}") is not None:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
