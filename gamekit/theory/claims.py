"""What lesson 05 (the auction lab) claims from simulation, with its evidence (``gamekit.claims``).

The lab's statements that follow from the model's mathematics are checked exactly in the lesson;
the ones read off simulated auctions are registered here, measured over independent seeds. Each
unit is one auction of ``N`` bidders with values uniform on [0, 1], both sides of a comparison on
the same drawn values (common random numbers).
"""

from __future__ import annotations

from ..claims import Claim, register
from . import auctions as theory

N = 3


def auctioneer_third_minus_half(seed: int, auctions: int) -> list[float]:
    """Per auction: what a Money Monsoon auctioneer keeps bidding 1/3 minus bidding 1/2 (MM-A4)."""
    values = theory.draw_values(N, auctions, seed=seed)
    third = theory.simulate_auction("second_price", values, reserve=1 / 3, keeping="bank").revenue
    half = theory.simulate_auction("second_price", values, reserve=1 / 2, keeping="bank").revenue
    return (third - half).tolist()


def losers_pay_half_minus_second_price(seed: int, auctions: int) -> list[float]:
    """Per auction: the revenue of For Sale's losers-pay-half minus the second-price auction's."""
    values = theory.draw_values(N, auctions, seed=seed)
    losers = theory.simulate_auction("losers_pay_half", values).revenue
    second = theory.simulate_auction("second_price", values).revenue
    return (losers - second).tolist()


register(
    Claim(
        id="05-auctioneer-bids-a-third",
        lesson="05",
        sentence="On the same simulated values, an auctioneer who bids ⅓ earns more than one who bids ½.",
        scope="the model: three bidders with values uniform on [0, 1], the auctioneer's bid as its reserve",
        measure=auctioneer_third_minus_half,
        games=20_000,
        direction="above",
        unit="per auction",
        units="auctions",
    )
)
register(
    Claim(
        id="05-losers-pay-half-revenue",
        lesson="05",
        sentence=(
            "For Sale's losers-pay-half raises the same expected revenue as the second-price auction: "
            "on the same values the mean difference lies within ±0.01."
        ),
        scope="the model: three bidders with values uniform on [0, 1], each format's equilibrium bids",
        measure=losers_pay_half_minus_second_price,
        games=20_000,
        direction="between",
        bounds=(-0.01, 0.01),
        unit="per auction",
        units="auctions",
    )
)
