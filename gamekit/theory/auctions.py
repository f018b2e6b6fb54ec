"""Single-object auctions with independent private values: equilibrium bids, revenue, reserve prices.

The model (Krishna, *Auction Theory*, 2nd ed., ch. 2–3): one object, ``n`` risk-neutral bidders,
each value drawn independently from one continuous distribution F with density f on [lo, hi]
(uniform on [0, 1] by default; any frozen ``scipy.stats`` continuous distribution otherwise).
Write G = F^(n-1) for the distribution of Y, the highest of the other n-1 values.

Symmetric equilibrium bids (Krishna §2.2, §2.3, §3.2):

- second-price and English: bid the value, b(v) = v;
- first-price: b(v) = E[Y | Y < v] = v - ∫_lo^v G / G(v)  — (n-1)/n·v on U[0, 1];
- all-pay: b(v) = E[Y · 1{Y < v}] = v G(v) - ∫_lo^v G  — (n-1)/n·v^n on U[0, 1];
- war of attrition (sealed-bid, second-price all-pay: the highest bid wins and pays the second
  highest, every loser pays their own bid): b(v) = ∫_lo^v y g(y) / (1 - G(y)) dy, from the
  first-order condition; -v - ln(1 - v) for two bidders on U[0, 1]. For two bidders it is the
  dynamic war of attrition too (Krishna §3.2); with more bidders the dynamic game, where players
  see others quit, is a different game (Bulow & Klemperer 1999, "The Generalized War of
  Attrition", AER 89(1), study it), and this is its sealed-bid version.
- losers pay half (For Sale's phase 1, FS-B5, FS-B8, on one object): the highest bid wins and pays
  the second-highest, every loser pays half of their own bid. More generally a loser pays a share
  c of their bid (c = 1 is the war of attrition, c → 0 second price). Revenue equivalence, with
  the expected payment ∫_{y<v} b dG + c (1 - G(v)) b(v) equal to the second-price one, gives the
  linear equation c (1 - G) b' = g (v - (1 - c) b), whose solution from b(lo) = 0 is
  b(v) = (1 - G(v))^a / c · ∫_lo^v y g(y) (1 - G(y))^(-a-1) dy with a = (1 - c)/c;
  2v + 2(1 - v) ln(1 - v) for two bidders on U[0, 1] and c = 1/2, which stays below 2: unlike
  the war of attrition, the bids stay bounded. Our derivation, checked by best replies
  (``deviation_payoff``) and by simulation in the tests; as for the war of attrition it is the
  sealed-bid game, the dynamic one for two bidders only.

Each gives the object to the highest value and the lowest value pays nothing, so each raises
the same expected revenue, E[second-highest of n values] — (n-1)/(n+1) on U[0, 1] (revenue
equivalence, Krishna §3.1; Myerson 1981). With a reserve r (first and second price) the revenue is
n ∫_r^hi ψ(x) G(x) f(x) dx with the virtual value ψ(x) = x - (1 - F(x))/f(x); a seller who values
the object at s gains most with ψ(r) = s (Myerson 1981, "Optimal Auction Design", Math. Oper.
Res. 6(1); Krishna §2.5): r = (1 + s)/2 on U[0, 1].

Money Monsoon's auctioneer also bids (MM-A3, MM-A4): a sealed bid b0 in a second-price auction.
The bidders still bid their values (a dominant strategy whatever b0), and b0 acts as a reserve:
a bidder who beats it pays max(second-highest bid, b0). When the auctioneer wins their own roll
they keep it but pay the highest other bid to the bank (MM-A4), which a plain reserve does not
charge; ``auctioneer_payoff`` computes both, and the best bid solves 2 b0 - (1 - F(b0))/f(b0) = s
under MM-A4 (1/3 on U[0, 1] with s = 0) against ψ(b0) = s for a plain reserve (1/2).

``simulate_auction`` plays each format many times on drawn values (the second-price ones through
``gamekit.auctions.second_price``, the rule the games run), so every formula here is tested against
a sample mean with its interval.

>>> round(first_price_bid(0.6, n=3), 6)  # (n-1)/n · v
0.4
>>> round(expected_revenue(4), 6)  # (n-1)/(n+1)
0.6
>>> round(optimal_reserve(2), 6), round(revenue_with_reserve(0.5, 2), 6)  # 5/12
(0.5, 0.416667)
>>> round(best_auctioneer_bid(2), 6)  # MM-A4: the auctioneer who wins pays the bank
0.333333
>>> round(losers_pay_bid(0.5, n=2), 6)  # 2v + 2(1 - v) ln(1 - v)
0.306853
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import integrate, optimize, stats

from gamekit.auctions import second_price

FORMATS = ("first_price", "second_price", "english", "all_pay", "war_of_attrition", "losers_pay_half")
LOSERS_SHARE = 0.5  # For Sale: a player who passes gets half the bid back (FS-B5)
_RESERVE_FORMATS = ("first_price", "second_price", "english")
KEEPING_RULES = ("reserve", "bank")


def _check(n: int, fmt: str | None = None) -> None:
    if n < 2:
        raise ValueError(f"an auction needs at least 2 bidders, not n={n}")
    if fmt is not None and fmt not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {fmt!r}")


def _uniform_top(dist: Any) -> float | None:
    """v_max when the values are uniform on [0, v_max] (closed forms apply), else None."""
    if dist is None:
        return 1.0
    if getattr(getattr(dist, "dist", None), "name", None) == "uniform":
        lo, hi = dist.support()
        if lo == 0:
            return float(hi)
    return None


def _dist(dist: Any) -> Any:
    return stats.uniform(0, 1) if dist is None else dist


def _quad(func: Callable[[float], float], a: float, b: float) -> float:
    if b <= a:
        return 0.0
    value, _ = integrate.quad(func, a, b, limit=200)
    return float(value)


def _g_big(x: float, n: int, dist: Any) -> float:
    return float(dist.cdf(x)) ** (n - 1)


def first_price_bid(value: float, n: int, dist: Any = None, reserve: float | None = None) -> float:
    """Equilibrium bid of value ``value`` in a first-price auction: E[max of the others | below v].

    b(v) = E[max(Y, r) | Y < v] = v - ∫_r^v G / G(v) (Krishna §2.3; with a reserve r,
    §2.5); (n-1)/n·v on U[0, 1] without a reserve, (n-1)/n·v + r^n/(n v^(n-1)) with one.
    A value below the reserve does not bid: ``nan``.
    """
    _check(n)
    top = _uniform_top(dist)
    if top is not None:  # v - (v^n - r^n) / (n v^(n-1)), in units of v_max
        x, y = value / top, max(reserve or 0.0, 0.0) / top
        if x < y:
            return math.nan
        return top * ((n - 1) / n * x + y**n / (n * x ** (n - 1))) if x > 0 else 0.0
    d = _dist(dist)
    lo = float(d.support()[0])
    r = lo if reserve is None else max(float(reserve), lo)
    if value < r:
        return math.nan
    g_value = _g_big(value, n, d)
    if g_value == 0:
        return value
    return value - _quad(lambda y: _g_big(y, n, d), r, value) / g_value


def all_pay_bid(value: float, n: int, dist: Any = None) -> float:
    """Equilibrium bid in an all-pay auction: E[Y · 1{Y < v}] = v G(v) - ∫ G (Krishna §3.2).

    (n-1)/n·v^n on U[0, 1]: everyone pays, so low values bid almost nothing.
    """
    _check(n)
    top = _uniform_top(dist)
    if top is not None:
        return (n - 1) / n * value**n / top ** (n - 1)
    d = _dist(dist)
    lo = float(d.support()[0])
    return value * _g_big(value, n, d) - _quad(lambda y: _g_big(y, n, d), lo, value)


def _woa_integrand(y: float, n: int, d: Any) -> float:
    survive = float(d.sf(y))
    big_f = 1.0 - survive
    g = (n - 1) * big_f ** (n - 2) * float(d.pdf(y))
    others_above = -math.expm1((n - 1) * math.log1p(-survive)) if survive > 0 else 0.0  # 1 - G(y), kept exact
    return y * g / others_above if others_above > 0 else math.inf


def war_of_attrition_bid(value: float, n: int, dist: Any = None) -> float:
    """Equilibrium bid (quitting time) in the sealed-bid war of attrition: ∫ y g(y)/(1 - G(y)) dy.

    The highest bid wins and pays the second-highest; every loser pays their own bid (Krishna
    §3.2 for two bidders; Bulow & Klemperer 1999). -v - ln(1 - v) for two bidders on U[0, 1];
    it grows without bound as v nears the top of the values.
    """
    _check(n)
    top = _uniform_top(dist)
    if top is not None and n == 2:
        x = value / top
        return top * (-x - math.log1p(-x)) if x < 1 else math.inf
    d = _dist(dist)
    lo, hi = (float(b) for b in d.support())
    if value >= hi:
        return math.inf
    return _quad(lambda y: _woa_integrand(y, n, d), lo, value)


def _check_share(share: float) -> None:
    if not 0 < share <= 1:
        raise ValueError(f"a loser pays a share of their bid above 0 and at most 1, not {share!r}")


def losers_pay_bid(value: float, n: int, dist: Any = None, share: float = LOSERS_SHARE) -> float:
    """Equilibrium bid when the highest bid pays the second-highest and every loser pays ``share`` of their bid.

    b(v) = (1 - G(v))^a / c · ∫_lo^v y g(y) (1 - G(y))^(-a-1) dy, a = (1 - c)/c, c = ``share``
    (see the module docstring; c = 1/2 is For Sale's "losers pay half", FS-B5), computed in
    w = -ln(1 - G(y)). Two bidders on U[0, 1], c = 1/2:
    2v + 2(1 - v) ln(1 - v), below 2 for every value. c = 1 is ``war_of_attrition_bid``.
    """
    _check(n)
    _check_share(share)
    top = _uniform_top(dist)
    if top is not None and n == 2 and share == 0.5:
        x = min(value / top, 1.0)
        return top * (2 * x + (2 * (1 - x) * math.log1p(-x) if x < 1 else 0.0))
    d = _dist(dist)
    lo, hi = (float(b) for b in d.support())
    a = (1 - share) / share
    big_g = _g_big(value, n, d)
    if value >= hi or big_g >= 1:
        return _losers_pay_top(n, d, share) if share < 1 else math.inf
    if value <= lo:
        return 0.0

    # In w = -ln(1 - u) the integral is ∫_0^W y(u(w)) e^(-a (W - w)) dw, W = -ln(1 - G(v)): the
    # factor (1 - G(v))^a moved inside, and no peak at the top, where 1 - u is small.
    top_w = -math.log1p(-big_g)

    def integrand(w: float) -> float:
        u = -math.expm1(-w)
        return float(d.ppf(u ** (1 / (n - 1)))) * math.exp(-a * (top_w - w))

    start = max(0.0, top_w - 40 / a) if a > 0 else 0.0  # below it the factor is under e^-40
    return _quad(integrand, start, top_w) / share


def _losers_paid_winning(pretend: float, n: int, d: Any, share: float = LOSERS_SHARE) -> float:
    """∫_{y<p} b(y) dG(y) for the losers-pay bid b: what a bidder who wins at ``pretend`` pays on average.

    With u = G(y) and the order of integration swapped (c (a + 1) = 1), it is one integral:
    ∫_0^G(p) y(s) [1 - ((1 - G(p)) / (1 - s))^(a+1)] ds.
    """
    a = (1 - share) / share
    big_p = min(_g_big(pretend, n, d), 1.0)

    def integrand(u: float) -> float:
        y = float(d.ppf(u ** (1 / (n - 1))))
        return y * (1 - ((1 - big_p) / (1 - u)) ** (a + 1))

    return _quad(integrand, 0.0, big_p)


def _losers_pay_top(n: int, d: Any, share: float) -> float:
    """The bid at the top of the values: the limit of b(v), finite for a share below 1 (a = (1-c)/c > 0).

    (1 - G)^a ∫^G y (1 - u)^(-a-1) du tends to y_top / a, so b(hi) = hi / (c a) = hi / (1 - c).
    """
    hi = float(d.support()[1])
    return hi / (1 - share) if math.isfinite(hi) else math.inf


def equilibrium_bid(fmt: str, value: float, n: int, dist: Any = None) -> float:
    """The symmetric equilibrium bid of ``value`` in auction format ``fmt`` (one of ``FORMATS``)."""
    _check(n, fmt)
    if fmt in ("second_price", "english"):
        return float(value)
    if fmt == "first_price":
        return first_price_bid(value, n, dist)
    if fmt == "all_pay":
        return all_pay_bid(value, n, dist)
    if fmt == "losers_pay_half":
        return losers_pay_bid(value, n, dist)
    return war_of_attrition_bid(value, n, dist)


def noisy_bid(
    fmt: str, value: float, n: int, low: int, high: int, noise: float, rng: Any, truthful: bool = False
) -> int:
    """A bidder who means to play the symmetric equilibrium (or to bid its value, ``truthful``) with a
    trembling hand: that bid plus normal noise of standard deviation ``noise`` drawn from ``rng`` (a
    numpy Generator; nothing is drawn when ``noise`` is 0), rounded to a whole unit and kept in
    [low, high]; values uniform on [low, high]. The simulated class's students bid so
    (``gamekit.classroom.simclass``), and lesson 06's claims measure this function."""
    from scipy import stats

    if truthful or n < 2:
        target = float(value)
    else:
        target = equilibrium_bid(fmt, value, n, stats.uniform(low, high - low))
    noisy = target + (rng.normal(0, noise) if noise else 0.0)
    return int(min(max(round(noisy), low), high))


def expected_revenue(n: int, dist: Any = None) -> float:
    """The expected revenue of every standard format: E[second-highest of n values].

    (n-1)/(n+1)·v_max on U[0, v_max]. Revenue equivalence (Krishna §3.1) makes it the same for
    first-price, second-price, English, all-pay and the war of attrition; ``format_revenue``
    computes each from its own payment rule to show it.
    """
    _check(n)
    top = _uniform_top(dist)
    if top is not None:
        return top * (n - 1) / (n + 1)
    d = _dist(dist)
    lo, hi = (float(b) for b in d.support())

    def density_of_second(y: float) -> float:
        big_f = float(d.cdf(y))
        return y * n * (n - 1) * big_f ** (n - 2) * (1 - big_f) * float(d.pdf(y))

    return _quad(density_of_second, lo, hi)


def expected_payment(fmt: str, value: float, n: int, dist: Any = None) -> float:
    """What a bidder of value ``value`` expects to pay in equilibrium of ``fmt``, by its payment rule.

    Second price: ∫ y dG over y < v. First price: b(v) G(v). All-pay: b(v). War of attrition:
    ∫_{y<v} b(y) dG(y) + (1 - G(v)) b(v); losers pay half: the same with (1 - G(v)) b(v) / 2.
    Revenue equivalence says all agree (Krishna §3.1).
    """
    _check(n, fmt)
    d = _dist(dist)
    lo = float(d.support()[0])

    def g(y: float) -> float:
        return (n - 1) * float(d.cdf(y)) ** (n - 2) * float(d.pdf(y))

    if fmt in ("second_price", "english"):
        return _quad(lambda y: y * g(y), lo, value)
    if fmt == "first_price":
        return first_price_bid(value, n, dist) * _g_big(value, n, d)
    if fmt == "all_pay":
        return all_pay_bid(value, n, dist)
    if fmt == "losers_pay_half":
        bid = losers_pay_bid(value, n, dist)
        wins = _g_big(value, n, d)
        return _losers_paid_winning(value, n, d) + LOSERS_SHARE * (1 - wins) * bid
    bid = war_of_attrition_bid(value, n, dist)
    wins = _g_big(value, n, d)
    won = _quad(
        lambda y: _woa_integrand(y, n, d) * (wins - _g_big(y, n, d)), lo, value
    )  # as in deviation_payoff
    return won + (1 - wins) * bid


def format_revenue(fmt: str, n: int, dist: Any = None, nodes: int = 64) -> float:
    """Expected revenue of ``fmt`` computed from its own bids and payment rule: n · E[payment(V)].

    The outer integral is over the quantile u = F(v) by Gauss–Legendre with ``nodes`` points (each
    a full integral for the payment). For the war of attrition the order is swapped: a bid b(v)
    is paid as the price when v is second-highest, or as a loser's own bid when someone is above,
    with weight (n-1) u^(n-2) (1 - u) + 1 - u^(n-1); losers pay half: the second term halved.
    """
    _check(n, fmt)
    d = _dist(dist)
    points, weights = np.polynomial.legendre.leggauss(nodes)
    quantiles = (points + 1) / 2
    total = 0.0
    for u, w in zip(quantiles, weights / 2, strict=True):
        v = float(d.ppf(u))
        if fmt == "war_of_attrition":
            share = (n - 1) * u ** (n - 2) * (1 - u) + 1 - u ** (n - 1)
            total += w * share * war_of_attrition_bid(v, n, dist)
        elif fmt == "losers_pay_half":
            share = (n - 1) * u ** (n - 2) * (1 - u) + LOSERS_SHARE * (1 - u ** (n - 1))
            total += w * share * losers_pay_bid(v, n, dist)
        else:
            total += w * expected_payment(fmt, v, n, dist)
    return n * total


def deviation_payoff(fmt: str, value: float, pretend: float, n: int, dist: Any = None) -> float:
    """Expected payoff of a bidder of value ``value`` who bids as if their value were ``pretend``.

    The n-1 rivals play the equilibrium of ``fmt``, so the bidder wins when the highest rival
    value Y is below ``pretend``. First price: (v - b(p)) G(p); second price: ∫_{y<p} (v - y) dG;
    all-pay: v G(p) - b(p); war of attrition: v G(p) - ∫_{y<p} b(y) dG(y) - (1 - G(p)) b(p);
    losers pay half: the same with (1 - G(p)) b(p) / 2.
    In equilibrium it is largest at ``pretend == value`` (Krishna §2.3, §3.2): no bidder gains by
    shading differently.
    """
    _check(n, fmt)
    d = _dist(dist)
    lo = float(d.support()[0])

    def g(y: float) -> float:
        return (n - 1) * float(d.cdf(y)) ** (n - 2) * float(d.pdf(y))

    wins = _g_big(pretend, n, d)
    if fmt in ("second_price", "english"):
        return _quad(lambda y: (value - y) * g(y), lo, pretend)
    bid = equilibrium_bid(fmt, pretend, n, dist)
    if fmt == "first_price":
        return (value - bid) * wins
    if fmt == "all_pay":
        return value * wins - bid
    if fmt == "losers_pay_half":
        paid_winning = _losers_paid_winning(pretend, n, d)
        return value * wins - paid_winning - LOSERS_SHARE * (1 - wins) * bid
    # ∫_{y<p} b(y) dG(y) with b(y) = ∫_{s<y} b'(s) ds, the order swapped: ∫_{s<p} b'(s) (G(p) - G(s)) ds.
    paid_winning = _quad(lambda y: _woa_integrand(y, n, d) * (wins - _g_big(y, n, d)), lo, pretend)
    return value * wins - paid_winning - (1 - wins) * bid


def virtual_value(value: float, dist: Any = None) -> float:
    """Myerson's virtual value ψ(v) = v - (1 - F(v))/f(v); 2v - 1 on U[0, 1] (Myerson 1981)."""
    d = _dist(dist)
    return float(value - d.sf(value) / d.pdf(value))


def revenue_with_reserve(reserve: float, n: int, dist: Any = None) -> float:
    """Expected payments to the seller, first- or second-price, with reserve ``reserve``.

    n ∫_r^hi ψ(x) G(x) f(x) dx (Krishna §2.5); (n-1)/(n+1) + r^n - 2n r^(n+1)/(n+1) on U[0, 1].
    Payments only: the value of an unsold object to the seller is in ``seller_payoff``.
    """
    _check(n)
    top = _uniform_top(dist)
    if top is not None:
        r = min(max(reserve / top, 0.0), 1.0)
        return top * ((n - 1) / (n + 1) + r**n - 2 * n * r ** (n + 1) / (n + 1))
    d = _dist(dist)
    lo, hi = (float(b) for b in d.support())
    r = max(float(reserve), lo)

    def integrand(x: float) -> float:
        return n * (x * float(d.pdf(x)) - float(d.sf(x))) * _g_big(x, n, d)

    return _quad(integrand, r, hi)


def seller_payoff(reserve: float, n: int, dist: Any = None, seller_value: float = 0.0) -> float:
    """Revenue with a reserve plus the seller's own value of the object when it does not sell."""
    d = _dist(dist)
    return revenue_with_reserve(reserve, n, dist) + seller_value * float(d.cdf(reserve)) ** n


def optimal_reserve(n: int, dist: Any = None, seller_value: float = 0.0) -> float:
    """Myerson's optimal reserve: the r with ψ(r) = seller_value, whatever n (Myerson 1981).

    (1 + seller_value)/2 on U[0, 1]. Assumes ψ increasing (a regular distribution, true of the
    uniform, exponential, normal...); if ψ is above the seller's value at the bottom, no reserve.
    """
    _check(n)
    top = _uniform_top(dist)
    if top is not None:
        return min(max((top + seller_value) / 2, 0.0), top)
    d = _dist(dist)
    return _root(lambda r: virtual_value(r, d) - seller_value, d)


def _root(func: Callable[[float], float], d: Any) -> float:
    """The root of an increasing ``func`` on the support of ``d`` (its bottom if func is positive there)."""
    lo, hi = (float(b) for b in d.support())
    a = lo if math.isfinite(lo) else float(d.ppf(1e-9))
    b = float(d.ppf(1 - 1e-12)) if not math.isfinite(hi) else hi - 1e-12 * (hi - a)
    if func(a) >= 0:
        return a
    return float(optimize.brentq(func, a, b, xtol=1e-12))


def auctioneer_payoff(
    bid: float, n: int, dist: Any = None, seller_value: float = 0.0, keeping: str = "bank"
) -> float:
    """Expected payoff of an auctioneer who bids ``bid`` in their own second-price auction of n bidders.

    The n bidders bid their values. A bidder above ``bid`` wins and pays the auctioneer
    max(second-highest value, bid). Otherwise the auctioneer keeps the object, worth
    ``seller_value``, and with ``keeping="bank"`` (MM-A4) pays the bank the highest bidder's bid;
    with ``keeping="reserve"`` the price goes to themselves, so the bid is a plain reserve.
    """
    _check(n)
    if keeping not in KEEPING_RULES:
        raise ValueError(f"keeping must be one of {', '.join(KEEPING_RULES)}, not {keeping!r}")
    payoff = seller_payoff(bid, n, dist, seller_value)
    if keeping == "reserve":
        return payoff
    top = _uniform_top(dist)
    if top is not None:
        x = min(max(bid / top, 0.0), 1.0)
        return payoff - top * n / (n + 1) * x ** (n + 1)  # E[max · 1{max < b}]
    d = _dist(dist)
    lo = float(d.support()[0])
    highest_below = _quad(lambda x: x * n * float(d.cdf(x)) ** (n - 1) * float(d.pdf(x)), lo, bid)
    return payoff - highest_below


def best_auctioneer_bid(n: int, dist: Any = None, seller_value: float = 0.0, keeping: str = "bank") -> float:
    """The bid that maximizes ``auctioneer_payoff``.

    ``keeping="reserve"``: Myerson's reserve, ψ(b) = seller_value. ``keeping="bank"`` (MM-A4):
    winning also costs the highest other bid, so the first-order condition is
    2b - (1 - F(b))/f(b) = seller_value; b = (1 + seller_value)/3 on U[0, 1].
    """
    if keeping not in KEEPING_RULES:
        raise ValueError(f"keeping must be one of {', '.join(KEEPING_RULES)}, not {keeping!r}")
    if keeping == "reserve":
        return optimal_reserve(n, dist, seller_value)
    _check(n)
    top = _uniform_top(dist)
    if top is not None:
        return min(max((top + seller_value) / 3, 0.0), top)
    d = _dist(dist)
    return _root(lambda b: b + virtual_value(b, d) - seller_value, d)


# --- Monte Carlo ------------------------------------------------------------------------------


@dataclass(frozen=True)
class AuctionSample:
    """One row per simulated auction: what the seller received, and who won.

    ``revenue``: payments to the seller; ``sold``: whether a bidder won; ``efficient``: whether the
    object went to the highest value (an unsold object is not efficient); ``winner_value``: the
    winner's value (0 if unsold).
    """

    revenue: np.ndarray
    sold: np.ndarray
    efficient: np.ndarray
    winner_value: np.ndarray


def mean_interval(sample: np.ndarray, z: float = 4.0) -> tuple[float, float, float]:
    """``(mean, low, high)``: the sample mean ± z standard errors (z = 4 by default, for tests)."""
    sample = np.asarray(sample, dtype=float)
    mean = float(sample.mean())
    half = z * float(sample.std(ddof=1)) / math.sqrt(len(sample))
    return mean, mean - half, mean + half


def draw_values(n: int, auctions: int, dist: Any = None, seed: int = 0) -> np.ndarray:
    """An ``auctions × n`` array of independent values from ``dist`` (U[0, 1] by default), seeded."""
    rng = np.random.default_rng(seed)
    return _dist(dist).rvs(size=(auctions, n), random_state=rng)


def bid_table(
    fmt: str, n: int, dist: Any = None, reserve: float | None = None, points: int = 4000
) -> Callable[[np.ndarray], np.ndarray]:
    """A vectorized equilibrium bid function for ``fmt``, for simulating many auctions at once.

    Closed forms (second price, uniform first-price and all-pay, two-bidder uniform war of
    attrition) are used as they are. Otherwise the bid is computed at ``points`` values, at upper
    tail probabilities t = 1 - F(v) spaced evenly and then geometrically down to 1e-12 (where the
    war of attrition's bid climbs), by 16-point Gauss–Legendre on each piece in t, and
    interpolated between them: an independent route to the figures ``first_price_bid`` and the
    others compute one value at a time with ``quad``. ``reserve`` is for first price only; values
    below it get ``nan`` (no bid).
    """
    _check(n, fmt)
    if reserve is not None and fmt != "first_price":
        raise ValueError(f"bid_table takes a reserve for first_price only, not {fmt!r}")
    top = _uniform_top(dist)
    if fmt in ("second_price", "english"):
        return lambda v: np.array(v, dtype=float)  # a copy: a caller may change one bidder's bids
    if top is not None and fmt == "first_price":
        r = 0.0 if reserve is None else reserve / top

        def uniform_first_price(v: np.ndarray) -> np.ndarray:
            x = np.asarray(v, dtype=float) / top
            with np.errstate(divide="ignore", invalid="ignore"):
                bid = (n - 1) / n * x + (r**n / (n * x ** (n - 1)) if r > 0 else 0.0)
            return np.where(x < r, np.nan, top * bid)

        return uniform_first_price
    if top is not None and fmt == "all_pay":
        return lambda v: (n - 1) / n * np.asarray(v, dtype=float) ** n / top ** (n - 1)
    if top is not None and fmt == "war_of_attrition" and n == 2:
        return lambda v: top * (-(x := np.asarray(v, dtype=float) / top) - np.log1p(-x))
    if top is not None and fmt == "losers_pay_half" and n == 2:

        def two_uniform_losers_pay_half(v: np.ndarray) -> np.ndarray:
            x = np.minimum(np.asarray(v, dtype=float) / top, 1.0)
            below_top = np.minimum(x, np.nextafter(1.0, 0.0))  # (1 - x) ln(1 - x) → 0 at the top
            return top * (2 * x + 2 * (1 - x) * np.log1p(-below_top))

        return two_uniform_losers_pay_half
    d = _dist(dist)
    lo = float(d.support()[0])
    first = 1.0 if math.isfinite(lo) else 1 - 1e-9
    tails = np.concatenate([np.linspace(first, 0.01, points // 2), np.logspace(-2, -12, points // 2)])
    if reserve is not None and reserve > lo:
        tails = np.concatenate([tails, [float(d.sf(reserve))]])
    tails = np.unique(tails)[::-1]  # from the bottom of the values up
    grid = d.isf(tails)
    below = 1 - tails  # F(v) on the grid
    if fmt == "war_of_attrition":  # b(v) = ∫ y g(y)/(1 - G(y)) dy, written in t = 1 - F(y)
        integral = _cumulative(
            lambda t: d.isf(t) * (n - 1) * (1 - t) ** (n - 2) / -np.expm1((n - 1) * np.log1p(-t)), tails
        )
        bids = integral
    elif fmt == "losers_pay_half":  # (1 - G)^a / c · ∫ y (1 - G)^(-a-1) dG, a = 1 for c = 1/2
        a = (1 - LOSERS_SHARE) / LOSERS_SHARE
        with np.errstate(divide="ignore"):  # t = 1 at the bottom of the values: G = 0
            others_above = -np.expm1((n - 1) * np.log1p(-tails))  # 1 - G(v) on the grid
        integral = _cumulative(
            lambda t: (
                d.isf(t) * (n - 1) * (1 - t) ** (n - 2) / (-np.expm1((n - 1) * np.log1p(-t))) ** (a + 1)
            ),
            tails,
        )
        bids = others_above**a / LOSERS_SHARE * integral
    else:  # ∫_lo^v G(y) dy = ∫ (1 - t)^(n-1) / f(y(t)) dt
        area = _cumulative(lambda t: (1 - t) ** (n - 1) / d.pdf(d.isf(t)), tails)
        g_big = below ** (n - 1)
        if fmt == "all_pay":
            bids = grid * g_big - area
        else:
            floor = 0.0 if reserve is None else float(np.interp(reserve, grid, area))
            with np.errstate(divide="ignore", invalid="ignore"):
                bids = np.where(g_big > 0, grid - (area - floor) / g_big, grid)
    cut = -math.inf if reserve is None else reserve
    return lambda v: np.where((x := np.asarray(v, dtype=float)) < cut, np.nan, np.interp(x, grid, bids))


def _cumulative(integrand: Callable[[np.ndarray], np.ndarray], tails: np.ndarray) -> np.ndarray:
    """∫ integrand(t) dt from tails[0] down to each of ``tails`` (decreasing), 16-point Gauss–Legendre per piece."""
    nodes, weights = np.polynomial.legendre.leggauss(16)
    upper, lower = tails[:-1, None], tails[1:, None]
    half = (upper - lower) / 2
    pieces = (integrand((upper + lower) / 2 + half * nodes) * weights * half).sum(axis=1)
    return np.concatenate([[0.0], np.cumsum(pieces)])


def simulate_auction(
    fmt: str,
    values: np.ndarray,
    bid: Callable[[np.ndarray], np.ndarray] | None = None,
    reserve: float | None = None,
    dist: Any = None,
    keeping: str = "reserve",
) -> AuctionSample:
    """Play format ``fmt`` once per row of ``values`` (one column per bidder).

    ``bid`` maps values to bids (all bidders alike); by default the equilibrium of ``fmt`` for the
    number of columns and ``dist``. Second price and English run every auction through
    ``gamekit.auctions.second_price``, the rule the games use, on whole-number bids (the values
    scaled so the largest is near 2^52, so ties have no chance to matter); a ``reserve`` there is the auctioneer's own
    sealed bid, an extra seat, and ``keeping="bank"`` makes an auctioneer who wins pay the price
    (MM-A4), counted as negative revenue. First price takes a ``reserve`` too (values below it do
    not bid); all-pay and the war of attrition take none.
    """
    values = np.asarray(values, dtype=float)
    count, n = values.shape
    _check(n, fmt)
    if reserve is not None and fmt not in _RESERVE_FORMATS:
        raise ValueError(f"a reserve is modelled for {', '.join(_RESERVE_FORMATS)} only, not {fmt!r}")
    if keeping not in KEEPING_RULES:
        raise ValueError(f"keeping must be one of {', '.join(KEEPING_RULES)}, not {keeping!r}")
    bids = (bid or bid_table(fmt, n, dist, reserve if fmt == "first_price" else None))(values)
    highest = values.argmax(axis=1)
    rows = np.arange(count)
    if fmt in ("second_price", "english"):
        return _second_price_sample(values, bids, reserve, keeping)
    winner = np.where(np.isnan(bids), -np.inf, bids).argmax(axis=1)  # nan: below the reserve, no bid
    top_bid = bids[rows, winner]
    sold = np.ones(count, dtype=bool)
    if fmt == "first_price":
        if reserve is not None:
            sold = values[rows, winner] >= reserve
        revenue = np.where(sold, top_bid, 0.0)
    elif fmt == "all_pay":
        revenue = bids.sum(axis=1)
    else:  # war of attrition: the winner pays the second-highest bid, the losers their own (or half)
        second = np.sort(bids, axis=1)[:, -2]
        share = LOSERS_SHARE if fmt == "losers_pay_half" else 1.0
        revenue = share * (bids.sum(axis=1) - top_bid) + second
    efficient = sold & (winner == highest)
    return AuctionSample(revenue, sold, efficient, np.where(sold, values[rows, winner], 0.0))


def _second_price_sample(
    values: np.ndarray, bids: np.ndarray, reserve: float | None, keeping: str
) -> AuctionSample:
    count, n = values.shape
    largest = max(float(np.abs(bids).max()), abs(reserve or 0.0), 1.0)
    scale = 2.0 ** (52 - math.ceil(math.log2(largest)))  # whole numbers with a double's precision
    whole = np.rint(bids * scale).astype(np.int64).tolist()
    seller = None if reserve is None else round(reserve * scale)
    revenue = np.zeros(count)
    sold = np.zeros(count, dtype=bool)
    winners = np.zeros(count, dtype=np.int64)
    for i, row in enumerate(whole):
        seats = row if seller is None else [*row, seller]  # the auctioneer bids last (seat n)
        winner, price = second_price(seats)
        if winner is None or winner == n:
            if keeping == "bank" and winner == n:
                revenue[i] = -price / scale
            continue
        sold[i], winners[i], revenue[i] = True, winner, price / scale
    rows = np.arange(count)
    efficient = sold & (winners == values.argmax(axis=1))
    return AuctionSample(revenue, sold, efficient, np.where(sold, values[rows, winners], 0.0))


def efficiency(sample: AuctionSample) -> float:
    """The share of auctions in which the object went to the bidder who valued it most."""
    return float(np.mean(sample.efficient))
