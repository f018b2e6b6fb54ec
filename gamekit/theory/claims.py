"""What lesson 05 (the auction lab) claims from simulation, with its evidence (``gamekit.claims``).

The lab's statements that follow from the model's mathematics are checked exactly in the lesson;
the ones read off simulated auctions are registered here, measured over independent seeds. Each
unit is one auction of ``N`` bidders with values uniform on [0, 1], both sides of a comparison on
the same drawn values (common random numbers).
"""

from __future__ import annotations

from ..claims import Claim, register
from ..core.i18n import N_
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
        sentence=N_("On the same simulated values, an auctioneer who bids ⅓ earns more than one who bids ½."),
        scope=N_(
            "the model: three bidders with values uniform on [0, 1], the auctioneer's bid as its reserve"
        ),
        measure=auctioneer_third_minus_half,
        games=20_000,
        direction="above",
        unit=N_("per auction"),
        units=N_("auctions"),
    )
)
register(
    Claim(
        id="05-losers-pay-half-revenue",
        lesson="05",
        sentence=N_(
            "For Sale's losers-pay-half raises the same expected revenue as the second-price auction: "
            "on the same values the mean difference lies within ±0.01."
        ),
        scope=N_("the model: three bidders with values uniform on [0, 1], each format's equilibrium bids"),
        measure=losers_pay_half_minus_second_price,
        games=20_000,
        direction="between",
        bounds=(-0.01, 0.01),
        unit=N_("per auction"),
        units=N_("auctions"),
    )
)


# ------------------------------------------------------------------ lesson 06: the simulated class
# Lesson 06 runs a class of bot students (``gamekit.classroom.simclass``) and reads their bids and
# revenue against the theory. What it says of those bots is measured here on rounds drawn exactly
# as the classroom draws them (``activities.private_value``) and bid as the simulated students bid
# (``auctions.noisy_bid``): twelve students, equilibrium plus noise of standard deviation 3.
CLASS_SIZE = 12
CLASS_NOISE = 3.0
CLASS_ROUNDS = 3  # the lesson's three rounds per format


def _class_rounds(
    fmt: str, seed: int, rounds: int, noise: float = CLASS_NOISE
) -> list[tuple[list[int], list[int]]]:
    """``rounds`` rounds of ``fmt``: each round's values and the simulated students' bids."""
    import numpy as np

    from ..classroom.activities import private_value

    rngs = [np.random.default_rng([seed, index]) for index in range(CLASS_SIZE)]
    played = []
    for number in range(1, rounds + 1):
        values = [private_value(seed, number, student, 0, 100) for student in range(1, CLASS_SIZE + 1)]
        bids = [
            theory.noisy_bid(fmt, float(value), CLASS_SIZE, 0, 100, noise, rng)
            for value, rng in zip(values, rngs, strict=True)
        ]
        played.append((values, bids))
    return played


def _gaps(fmt: str, seed: int, rounds: int) -> list[float]:
    from ..classroom.live import equilibrium_bids

    out = []
    for values, bids in _class_rounds(fmt, seed, rounds):
        line = equilibrium_bids(fmt, values, CLASS_SIZE)
        out.append(float(sum(b - e for b, e in zip(bids, line, strict=True)) / CLASS_SIZE))
    return out


def first_price_gap(seed: int, rounds: int) -> list[float]:
    """Per first-price round of the simulated class: the mean of bid minus the equilibrium bid."""
    return _gaps("first_price", seed, rounds)


def second_price_gap(seed: int, rounds: int) -> list[float]:
    """Per second-price round of the simulated class: the mean of bid minus the equilibrium bid (the value)."""
    return _gaps("second_price", seed, rounds)


def _revenues(fmt: str, seed: int, rounds: int, noise: float = CLASS_NOISE) -> list[float]:
    from ..classroom.live import revenue

    return [revenue(fmt, bids) for _, bids in _class_rounds(fmt, seed, rounds, noise)]


def first_price_noise_effect(seed: int, rounds: int) -> list[float]:
    """Per first-price round: the simulated class's revenue minus that of the same values bid
    without noise (the equilibrium bid, rounded)."""
    noisy, exact = _revenues("first_price", seed, rounds), _revenues("first_price", seed, rounds, 0.0)
    return [a - b for a, b in zip(noisy, exact, strict=True)]


def first_minus_second_price_revenue(seed: int, rounds: int) -> list[float]:
    """Per pair of rounds (the n-th first-price round, the n-th second-price one, values drawn apart):
    first-price revenue minus second-price revenue of the simulated class."""
    first = _revenues("first_price", seed, rounds)
    second = _revenues("second_price", seed + 10_000, rounds)  # another activity: other values
    return [a - b for a, b in zip(first, second, strict=True)]


def first_price_revenue(seed: int, rounds: int) -> list[float]:
    """Per first-price round of the simulated class: its revenue (the highest bid)."""
    return _revenues("first_price", seed, rounds)


def second_price_revenue(seed: int, rounds: int) -> list[float]:
    """Per second-price round of the simulated class: its revenue (the second-highest bid)."""
    return _revenues("second_price", seed, rounds)


_CLASS = N_("lesson 06's simulated class: twelve bot students bidding the equilibrium plus noise of sd 3")
_ON_THE_LINE = {
    "first": N_("In first price the simulated class's mean bid lies within 2 points of the equilibrium bid."),
    "second": N_(
        "In second price the simulated class's mean bid lies within 2 points of the equilibrium bid."
    ),
}
_THREE_ROUNDS = {
    "first": N_(
        "Three first-price rounds of the simulated class cannot tell its revenue from the theory's 84.6."
    ),
    "second": N_(
        "Three second-price rounds of the simulated class cannot tell its revenue from the theory's 84.6."
    ),
}
_THEORY_REVENUE = 100 * theory.expected_revenue(CLASS_SIZE)  # (n − 1)/(n + 1) · 100, about 84.6

for _fmt, _measure in (("first", first_price_gap), ("second", second_price_gap)):
    register(
        Claim(
            id=f"06-simulated-class-{_fmt}-price-on-the-line",
            lesson="06",
            sentence=_ON_THE_LINE[_fmt],
            scope=_CLASS,
            measure=_measure,
            games=200,
            direction="between",
            bounds=(-2.0, 2.0),
            family="06-on-the-line",
            unit=N_("points per round (mean over the class)"),
            units=N_("rounds"),
        )
    )
for _fmt, _measure in (("first", first_price_revenue), ("second", second_price_revenue)):
    register(
        Claim(
            id=f"06-three-rounds-{_fmt}-price-revenue",
            lesson="06",
            sentence=_THREE_ROUNDS[_fmt],
            scope=N_(
                "lesson 06's simulated class: twelve bot students bidding the equilibrium plus noise of sd 3; "
                "three rounds a seed, as in the lesson"
            ),
            measure=_measure,
            games=CLASS_ROUNDS,
            direction="no_difference",
            threshold=_THEORY_REVENUE,
            unit=N_("revenue per round"),
            units=N_("rounds"),
        )
    )
register(
    Claim(
        id="06-three-rounds-cannot-tell-formats",
        lesson="06",
        sentence=N_("Three rounds of each format cannot tell the two formats' revenue apart."),
        scope=N_(
            "lesson 06's simulated class: twelve bot students bidding the equilibrium plus noise of sd 3; "
            "three rounds of each format a seed, as in the lesson"
        ),
        measure=first_minus_second_price_revenue,
        games=CLASS_ROUNDS,
        direction="no_difference",
        unit=N_("revenue per pair of rounds"),
        units=N_("rounds"),
    )
)
register(
    Claim(
        id="06-noise-raises-first-price-revenue",
        lesson="06",
        sentence=N_(
            "Over many rounds the simulated class's first-price revenue lies above the theory's 84.6."
        ),
        scope=N_(
            "lesson 06's simulated class: twelve bot students bidding the equilibrium plus noise of sd 3; "
            "1,000 rounds a seed"
        ),
        measure=first_price_revenue,
        games=1000,
        direction="above",
        threshold=_THEORY_REVENUE,
        unit=N_("revenue per round"),
        units=N_("rounds"),
    )
)
register(
    Claim(
        id="06-noise-raises-the-top-bid",
        lesson="06",
        sentence=N_(
            "Noise is part of the reason: the same values bid on the line without noise raise less, "
            "since noise on every bid raises the highest one."
        ),
        scope=N_(
            "lesson 06's simulated class: twelve bot students bidding the equilibrium plus noise of sd 3; "
            "1,000 rounds a seed, each also bid without noise"
        ),
        measure=first_price_noise_effect,
        games=1000,
        direction="above",
        unit=N_("revenue per round"),
        units=N_("rounds"),
    )
)
