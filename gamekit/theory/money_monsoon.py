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


# lesson 02 (issue 13)
# The auctioneer's bid as the theory prices it (MM-A4) and as simulated auctions through the game's
# pricing (``gamekit.auctions.second_price``) play it, for the lesson's theory figure.
def auctioneer_model_payoff(bid: float, own: float, top: float, others: int, keeping: str = "bank") -> float:
    """The auctioneer's expected payoff from its own roll when it bids ``bid``.

    ``others`` rivals bid their values, independent and uniform on [0, ``top``]; the roll is
    worth ``own`` to the auctioneer. A rival above ``bid`` wins and pays the auctioneer
    max(second-highest bid, ``bid``); otherwise the auctioneer keeps the roll and, with
    ``keeping="bank"`` (MM-A4), pays the bank the highest rival bid. ``keeping="reserve"`` is a
    textbook seller whose bid is a plain reserve (Myerson 1981; Krishna, *Auction Theory*, §2.5).
    """
    from .auctions import auctioneer_payoff

    return auctioneer_payoff(bid, others, stats.uniform(0, top), seller_value=own, keeping=keeping)


def auctioneer_sit_out_payoff(top: float, others: int) -> float:
    """The auctioneer's expected payoff when it sits its own roll out (MM-A2, ``auctioneer="may"``).

    A rival always wins and pays the second-highest rival value: top (others - 1) / (others + 1)
    for ``others`` values uniform on [0, ``top``], what a bid of 0 earns too (with values spread
    continuously it never wins). Sitting out gives up what the best bid adds, a reserve that
    raises the price a rival pays (``auctioneer_model_bid``).
    """
    if others < 1:
        raise ValueError("an auctioneer sitting out needs a rival to sell to")
    return top * (others - 1) / (others + 1)


def auctioneer_regret(own: float, top: float, others: int) -> float:
    """What bidding its value ``own`` costs the auctioneer against its best bid (MM-A4), in points.

    The best bid is ``auctioneer_model_bid`` ((top + own) / 3, capped at top); the regret is the
    expected payoff there minus the expected payoff of the bid ``own``: above 0 for every
    ``own`` below top, because a rival who beats the auctioneer's bid pays it to the auctioneer.
    """
    best = auctioneer_model_bid(own, top, others)
    return auctioneer_model_payoff(best, own, top, others) - auctioneer_model_payoff(own, own, top, others)


def simulated_auctioneer_payoffs(
    bids: Sequence[float], own: float, top: float, others: int, auctions: int, seed: int
) -> np.ndarray:
    """The auctioneer's payoff in each of ``auctions`` simulated rolls (rows) for each bid (columns).

    Every bid meets the same rival values (common random numbers), drawn uniform on [0, ``top``]
    and bid truthfully; each roll is priced by ``gamekit.auctions.second_price`` with the
    auctioneer as an extra seat (``gamekit.theory.auctions.simulate_auction``). The payoff is the
    price received when a rival wins, and ``own`` minus the price paid to the bank when the
    auctioneer wins (MM-A4). Its column means estimate ``auctioneer_model_payoff``.
    """
    from .auctions import draw_values, simulate_auction

    if top <= 0 or others < 1 or auctions < 2:
        raise ValueError("simulated_auctioneer_payoffs needs top > 0, a rival and two auctions at least")
    values = draw_values(others, auctions, stats.uniform(0, top), seed=seed)
    columns = []
    for bid in bids:
        sample = simulate_auction("second_price", values, bid=lambda v: v, reserve=float(bid), keeping="bank")
        kept = ~sample.sold & (values.max(axis=1) < bid)  # the auctioneer won its own roll
        columns.append(sample.revenue + own * kept)
    return np.column_stack(columns)


__all__ += [
    "auctioneer_model_payoff",
    "auctioneer_regret",
    "auctioneer_sit_out_payoff",
    "simulated_auctioneer_payoffs",
]
