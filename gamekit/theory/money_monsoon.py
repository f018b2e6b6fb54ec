"""Money Monsoon against the auction theory it rests on: the auctioneer's reserve and the one-shot best reply.

- ``auctioneer_model_bid``: the bid ``gamekit.theory.auctions.best_auctioneer_bid`` gives an
  auctioneer who values the roll at ``own`` when the ``others`` rival values are independent
  and uniform on [0, top] and a roll the auctioneer wins pays the bank (MM-A4): the model the
  ``reserve`` bot rests on, (top + own) / 3 capped at top.
- ``one_shot_regret``: in a one-shot second-price auction (the game's pricing,
  ``gamekit.auctions``) against sampled rival bids, how much a bidder of a given value loses
  by its bids against the best single bid, as a mean with an interval over the samples.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from scipy import stats

from ..auctions import vickrey_payoffs
from .auctions import best_auctioneer_bid


def auctioneer_model_bid(own: float, top: float, others: int) -> float:
    """The auctioneer's best bid with ``others`` rival values uniform on [0, ``top``] and its own ``own``."""
    if top <= 0:
        return max(own, 0.0)
    return best_auctioneer_bid(others, stats.uniform(0, top), seller_value=own, keeping="bank")


def one_shot_regret(
    value: float,
    rival_bids: Sequence[Sequence[int]],
    bids: Sequence[int],
    top_tie: str = "void",
    z: float = 1.96,
) -> tuple[int, float, float, float]:
    """``(best, mean, low, high)``: the regret of ``bids`` against the best single bid ``best``.

    Sample i pits ``bids[i]`` against ``rival_bids[i]`` in a second-price auction (ties by
    ``top_tie``, MM-A5) for a bidder valuing the roll at ``value``. ``best`` is the whole bid
    with the largest mean payoff over all samples; the regret of sample i is its payoff minus
    the payoff of ``bids[i]``, and ``mean ± z`` standard errors is over the samples. Against
    rival bids it does not know, a bidder who bids ``value`` has regret 0 up to the rounding
    of ``value`` to a whole bid (the second-price auction's dominant strategy).
    """
    if len(rival_bids) != len(bids) or len(bids) < 2:
        raise ValueError("one_shot_regret needs one bid per sample of rival bids, two samples at least")
    highest = int(max(value, *(max(r) for r in rival_bids), *bids, 0)) + 2
    table = np.array(
        [[p for _, p in vickrey_payoffs(value, list(r), top_tie, highest=highest)] for r in rival_bids]
    )
    best = int(table.mean(axis=0).argmax())
    rows = np.arange(len(bids))
    regret = table[:, best] - table[rows, np.asarray(bids, dtype=int)]
    mean = float(regret.mean())
    half = z * float(regret.std(ddof=1)) / math.sqrt(len(regret))
    return best, mean, mean - half, mean + half


__all__ = ["auctioneer_model_bid", "one_shot_regret"]
