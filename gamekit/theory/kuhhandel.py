"""Kuhhandel: what a player's hidden money can be, and the cow trade as an all-pay contest.

**Money inference.** Every player starts with the same known hand (two 0s, four 10s, one 50,
KH-C2) and every donkey gives every player the same known card (KH-A2), so each player's *base*
hand (``start_hand(donkeys_seen)``) is public. What is hidden is only which cards moved: a
payment or a swapped offer is seen by its two parties alone, but every hand's number of cards is
public (KH-C3). Pooling all unseen cards, as if any hand were a random draw from the money in
play, forgets this: early in the game a player who has paid nothing still holds exactly the base.

The model: a hand of ``n`` cards is its base hand minus ``g`` cards given away plus ``r = n - b + g``
cards received from the others (``b`` the base's size). Every hand can be written so, with the
kept cards a sub-multiset of the base and the received ones a sub-multiset of the other players'
bases (which together are all the money in play outside it, all bases being equal). The prior
takes ``g`` uniform over its feasible values (``0`` to ``b``, or up to the cards the player is
known to have paid, ``paid``) and, given ``g``, the kept and received cards as uniform draws
without replacement (a multivariate hypergeometric). ``money_posterior`` gives the distribution
of the hand's total; ``hand_posterior`` the hand itself (tested against brute-force enumeration
of card identities). The sum over ``g`` is exact; the uniform prior on ``g`` is the modelling
choice, and the tests measure its calibration over simulated positions. It is what a bot can
compute from its view alone (a view holds no history).

``log_posterior`` uses the whole public history instead (a seat's ``game.log_for(seat)``): the
joint hands of all players, enumerated exactly event by event. An auction payment is public in
price and card count (KH-A6), which nearly always fixes the cards; a cow-trade offer is ``k`` of
the maker's cards drawn uniformly, and who won the swap says which total was higher. With 4
players it is exact (a point mass on the truth) until the cow trades begin, and far sharper than
the counts-only model after (tests/kuhhandel/test_theory.py); after many blind trades the joint
enumeration can outgrow its bound (``TooManyStates``), and ``money_posterior`` is the fallback.

**The cow trade.** The challenger A puts down ``k`` cards (total T, hidden); the challenged B sees
only ``k`` and either accepts (B gets T, gives up the animals at stake) or counters with c. On a
counter the offers are *swapped*: B gets T and A gets c whatever happens, so each side's bid goes
to the rival (an all-pay contest whose payments are transfers). With ``win`` what B gains by
taking A's animals and ``lose`` what B loses by giving up its own:

- accept:   T - lose
- counter c: T - c + win·1{c > T} - lose·1{c < T}   (a tie, c = T, repeats the trade; counted 0)

so countering with c beats accepting by ``-c + (win + lose)·P(T < c) + lose·P(T = c)``: the
accept option is a take-it-or-leave-it price, and B counters only with a c whose chance of
winning pays for it. ``best_response`` picks the best c among the totals B can make. With a
common value V for both sides (and continuous bids) the all-pay contest's equilibrium is both
bidding uniformly on [0, V], mean V/2 (Hillman & Riley 1989), the offer size the strategy bot
``trader`` uses.

>>> start_hand(1)
(2, 4, 2, 0, 0, 0)
>>> sorted(subset_totals((0, 2, 1, 0, 0, 0), 2).items())
[(20, 0.3333333333333333), (60, 0.6666666666666666)]
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from math import comb
from typing import Any

from ..games.kuhhandel.rules import DONKEY_PAYOUTS, MONEY_VALUES, START_MONEY, VALUE_INDEX

Counts = tuple[int, ...]

__all__ = [
    "TooManyStates",
    "best_response",
    "counter_gain",
    "hand_posterior",
    "log_money_posterior",
    "log_posterior",
    "mean",
    "money_posterior",
    "offer_posterior",
    "start_hand",
    "subset_totals",
]


def start_hand(donkeys_seen: int) -> Counts:
    """Every player's base hand: the starting cards plus one card per donkey turned up (public)."""
    counts = list(START_MONEY)
    for payout in DONKEY_PAYOUTS[:donkeys_seen]:
        counts[VALUE_INDEX[payout]] += 1
    return tuple(counts)


def _total(counts: Sequence[int]) -> int:
    return sum(c * v for c, v in zip(counts, MONEY_VALUES, strict=True))


@functools.lru_cache(maxsize=8192)
def _subsets(counts: Counts, m: int) -> tuple[tuple[Counts, float], ...]:
    """Every sub-multiset of ``m`` cards of ``counts`` with its probability under a uniform draw."""
    size = sum(counts)
    if m < 0 or m > size:
        return ()
    ways = comb(size, m)
    out: list[tuple[Counts, float]] = []

    def rec(i: int, left: int, chosen: tuple[int, ...], w: int) -> None:
        if i == len(counts) - 1:
            if left <= counts[i]:
                out.append(((*chosen, left), w * comb(counts[i], left) / ways))
            return
        rest = sum(counts[i + 1 :])
        for s in range(max(0, left - rest), min(counts[i], left) + 1):
            rec(i + 1, left - s, (*chosen, s), w * comb(counts[i], s))

    rec(0, m, (), 1)
    return tuple(out)


@functools.lru_cache(maxsize=8192)
def _subset_totals(counts: Counts, m: int) -> tuple[tuple[int, float], ...]:
    dist: dict[int, float] = {}
    for sub, p in _subsets(counts, m):
        t = _total(sub)
        dist[t] = dist.get(t, 0.0) + p
    return tuple(sorted(dist.items()))


def subset_totals(counts: Sequence[int], m: int) -> dict[int, float]:
    """The total of ``m`` cards drawn uniformly without replacement from a hand (counts per value)."""
    return dict(_subset_totals(tuple(counts), m))


def _convolve(a: Mapping[int, float], b: Mapping[int, float], weight: float, into: dict[int, float]) -> None:
    for ta, pa in a.items():
        for tb, pb in b.items():
            into[ta + tb] = into.get(ta + tb, 0.0) + weight * pa * pb


def _g_range(base_size: int, pool_size: int, n: int, paid: int | None) -> range:
    top = base_size if paid is None else min(base_size, paid)
    lo = max(0, base_size - n)
    hi = min(top, pool_size + base_size - n)  # r = n - b + g received cards cannot exceed the pool
    return range(lo, hi + 1)


@functools.lru_cache(maxsize=4096)
def _hand_posterior(base: Counts, players: int, n: int, paid: int | None) -> tuple[tuple[Counts, float], ...]:
    pool = tuple(c * (players - 1) for c in base)
    b = sum(base)
    gs = _g_range(b, sum(pool), n, paid)
    if not gs:
        raise ValueError(f"no hand of {n} cards is possible from base {base} with {players} players")
    dist: dict[Counts, float] = {}
    for g in gs:
        for kept, pk in _subsets(base, b - g):
            for got, pr in _subsets(pool, n - b + g):
                hand = tuple(x + y for x, y in zip(kept, got, strict=True))
                dist[hand] = dist.get(hand, 0.0) + pk * pr / len(gs)
    return tuple(sorted(dist.items()))


def hand_posterior(base: Sequence[int], players: int, n: int, paid: int | None = None) -> dict[Counts, float]:
    """Posterior over a hand of ``n`` cards (counts per value) given its public base hand.

    ``g`` cards given away uniform over its feasible values (at most ``paid`` if known); the
    kept cards a uniform draw from ``base``, the received ones from the other ``players - 1``
    bases.
    """
    return dict(_hand_posterior(tuple(base), players, n, paid))


@functools.lru_cache(maxsize=4096)
def _total_posterior(base: Counts, players: int, n: int, paid: int | None) -> tuple[tuple[int, float], ...]:
    # The same model as _hand_posterior, convolving totals only (fast enough for a bot's every move).
    pool = tuple(c * (players - 1) for c in base)
    b = sum(base)
    gs = _g_range(b, sum(pool), n, paid)
    if not gs:
        raise ValueError(f"no hand of {n} cards is possible from base {base} with {players} players")
    dist: dict[int, float] = {}
    for g in gs:
        _convolve(dict(_subset_totals(base, b - g)), dict(_subset_totals(pool, n - b + g)), 1 / len(gs), dist)
    return tuple(sorted(dist.items()))


def money_posterior(view: Mapping[str, Any], seat: int, paid: int | None = None) -> dict[int, float]:
    """Distribution of ``seat``'s money total from what a view shows: card counts and donkeys seen."""
    base = start_hand(view["donkeys_seen"])
    return dict(_total_posterior(base, view["players"], view["money_counts"][seat], paid))


def mean(dist: Mapping[int, float]) -> float:
    """The mean of a distribution over totals."""
    return sum(t * p for t, p in dist.items())


@functools.lru_cache(maxsize=4096)
def _offer_totals(base: Counts, players: int, n: int, k: int) -> tuple[tuple[int, float], ...]:
    # k cards drawn uniformly from a hand of n = (kept b-g) + (received r) cards: j of them from the
    # kept part (hypergeometric), and a j-subset of a uniform (b-g)-subset of the base is a
    # uniform j-subset of the base (likewise for the received part and the pool).
    pool = tuple(c * (players - 1) for c in base)
    b = sum(base)
    gs = _g_range(b, sum(pool), n, None)
    dist: dict[int, float] = {}
    for g in gs:
        kept, got = b - g, n - b + g
        for j in range(max(0, k - got), min(k, kept) + 1):
            pj = comb(kept, j) * comb(got, k - j) / comb(n, k)
            _convolve(dict(_subset_totals(base, j)), dict(_subset_totals(pool, k - j)), pj / len(gs), dist)
    return tuple(sorted(dist.items()))


def offer_posterior(view: Mapping[str, Any]) -> dict[int, float]:
    """Distribution of the total of the cow-trade offer lying face down, from its card count.

    The offer is taken as ``offer_count`` cards drawn uniformly from the challenger's hand of
    ``money_counts + offer_count`` cards, itself drawn from the money posterior.
    """
    trade = view["trade"]
    k = trade["offer_count"]
    n = view["money_counts"][trade["active"]] + k
    return dict(_offer_totals(start_hand(view["donkeys_seen"]), view["players"], n, k))


def counter_gain(c: int, offer: Mapping[int, float], win: float, lose: float) -> float:
    """How much countering with total ``c`` beats accepting: -c + (win+lose)·P(T<c) + lose·P(T=c)."""
    below = sum(p for t, p in offer.items() if t < c)
    tie = offer.get(c, 0.0)
    return -c + (win + lose) * below + lose * tie


def best_response(
    offer: Mapping[int, float], totals: Sequence[int], win: float, lose: float
) -> tuple[str, int | None, float]:
    """``("accept", None, 0.0)`` or ``("counter", c, gain)``: the best reply among the makeable ``totals``."""
    best: tuple[str, int | None, float] = ("accept", None, 0.0)
    for c in sorted(set(totals)):
        gain = counter_gain(c, offer, win, lose)
        if gain > best[2] + 1e-9:
            best = ("counter", c, gain)
    return best


# ------------------------------------------------------------------ exact inference from the log
class TooManyStates(Exception):
    """The exact enumeration of the joint hands grew past its bound (use ``money_posterior``)."""


@functools.lru_cache(maxsize=65536)
def _payments(hand: Counts, price: int) -> tuple[tuple[int, ...], ...]:
    from ..games.kuhhandel.rules import payment_options

    return tuple(payment_options(hand, price))


def _minus(hand: Counts, cards: Sequence[int]) -> Counts | None:
    out = list(hand)
    for card in cards:
        out[VALUE_INDEX[card]] -= 1
        if out[VALUE_INDEX[card]] < 0:
            return None
    return tuple(out)


def _plus(hand: Counts, cards: Sequence[int]) -> Counts:
    out = list(hand)
    for card in cards:
        out[VALUE_INDEX[card]] += 1
    return tuple(out)


def _cards(sub: Counts) -> tuple[int, ...]:
    return tuple(v for v, c in zip(MONEY_VALUES, sub, strict=True) for _ in range(c))


# A joint state: (hands, cards on the table by the active player, by the partner, a payment in transit).
_State = tuple[tuple[Counts, ...], tuple[int, ...] | None, tuple[int, ...] | None, tuple[int, ...] | None]


def log_posterior(
    log: Sequence[Mapping[str, Any]], max_states: int = 20000
) -> dict[tuple[Counts, ...], float]:
    """The exact posterior over every player's hand (counts per value) given a seat's event log.

    ``log`` is ``game.log_for(seat)`` (or ``game.log`` for everything): the public events and
    that seat's private ones. Everyone starts with the same hand and gets every donkey card; an
    auction payment of ``price`` with ``k`` cards (public) is one of the payer's legal payments
    (KH-A6), each equally likely; a cow-trade offer or counter of ``k`` cards is ``k`` of the
    maker's cards drawn uniformly; who won a swap says which total was higher, a tie that they
    were equal; a shown hand (KH-A7) is known. Private events (the seat's own payments and
    offers, the cards it was paid or shown) fix the cards. Raises ``TooManyStates`` when the joint
    enumeration passes ``max_states``.
    """
    states: dict[_State, float] = {}
    trade = (-1, -1)  # the cow trade under way: its active player and partner
    for e in log:
        kind = e["type"]
        if kind == "setup":
            states = {((tuple(START_MONEY),) * e["players"], None, None, None): 1.0}
            continue
        if kind == "trade":
            trade = (e["seat"], e["partner"])
            continue
        step = _LOG_STEPS.get(kind)
        if step is None:
            continue
        new = step(states, e, e.get("private", {}).get("money"), trade)
        if len(new) > max_states:
            raise TooManyStates(f"{len(new)} joint states after a {kind!r} event (bound {max_states})")
        total = sum(new.values())
        if total <= 0:
            raise ValueError(f"the log is impossible under the model at a {kind!r} event")
        states = {s: w / total for s, w in new.items()}
    out: dict[tuple[Counts, ...], float] = {}
    for (hands, _o, _c, _t), w in states.items():
        out[hands] = out.get(hands, 0.0) + w
    return out


# Each event of the log that changes what the hands can be: (joint states, the event, its private
# cards if the seat may read them, the cow trade's (active, partner)) -> the joint states after it.
_Step = Callable[[dict[_State, float], Mapping[str, Any], Any, tuple[int, int]], dict[_State, float]]


def _put(into: dict[_State, float], state: _State, w: float) -> None:
    into[state] = into.get(state, 0.0) + w


def _with(hands: tuple[Counts, ...], seat: int, hand: Counts) -> tuple[Counts, ...]:
    hs = list(hands)
    hs[seat] = hand
    return tuple(hs)


def _on_donkey(
    states: dict[_State, float], e: Mapping[str, Any], private: Any, trade: tuple[int, int]
) -> dict[_State, float]:
    """KH-A2: every player gets the donkey's card."""
    new: dict[_State, float] = {}
    for (hands, o, c, t), w in states.items():
        _put(new, (tuple(_plus(h, [e["value"]]) for h in hands), o, c, t), w)
    return new


def _on_pay(
    states: dict[_State, float], e: Mapping[str, Any], private: Any, trade: tuple[int, int]
) -> dict[_State, float]:
    """KH-A6: the payer hands over one of its legal payments of that many cards, each equally
    likely (its own payment is known); the cards are in transit until received."""
    payer = e["seat"]
    new: dict[_State, float] = {}
    for (hands, o, c, _t), w in states.items():
        options = _payments(hands[payer], e["price"])
        chosen = [tuple(private)] if private is not None else [p for p in options if len(p) == e["cards"]]
        for cards in chosen:
            if cards in options:
                rest = _minus(hands[payer], cards)
                assert rest is not None
                _put(new, (_with(hands, payer, rest), o, c, cards), w / len(options))
    return new


def _on_offer(
    states: dict[_State, float], e: Mapping[str, Any], private: Any, trade: tuple[int, int]
) -> dict[_State, float]:
    """KH-K2: an offer or counter of ``k`` cards is ``k`` of the maker's cards drawn uniformly."""
    seat, offer = e["seat"], e["type"] == "offer"
    new: dict[_State, float] = {}
    for (hands, o, c, t), w in states.items():
        if private is not None:
            subs = [(tuple(counts_of_cards(private)), 1.0)]
        else:
            subs = list(_subsets(hands[seat], e["cards"]))
        for sub, p in subs:
            rest = _minus(hands[seat], _cards(sub))
            if rest is None:
                continue
            laid = _cards(sub)
            hs = _with(hands, seat, rest)
            _put(new, (hs, laid, c, t) if offer else (hs, o, laid, t), w * p)
    return new


def _on_take(
    states: dict[_State, float], e: Mapping[str, Any], private: Any, trade: tuple[int, int]
) -> dict[_State, float]:
    """A seat takes cards: the payee the payment in transit (``receive``), the challenged player
    the offer it accepts (``accept``, KH-K3); the seat reading knows the cards it takes."""
    receive = e["type"] == "receive"
    new: dict[_State, float] = {}
    for (hands, o, c, t), w in states.items():
        cards = t if receive else o
        assert cards is not None
        if private is None or tuple(sorted(private)) == tuple(sorted(cards)):
            hs = _with(hands, e["seat"], _plus(hands[e["seat"]], cards))
            _put(new, (hs, o, c, None) if receive else (hs, None, None, t), w)
    return new


def _on_look(
    states: dict[_State, float], e: Mapping[str, Any], private: Any, trade: tuple[int, int]
) -> dict[_State, float]:
    """A party looks at the other's cards: the seat reading knows them."""
    new: dict[_State, float] = {}
    for (hands, o, c, t), w in states.items():
        seen = c if e["seat"] == trade[0] else o
        if private is None or tuple(sorted(private)) == tuple(sorted(seen or ())):
            _put(new, (hands, o, c, t), w)
    return new


def _on_result(
    states: dict[_State, float], e: Mapping[str, Any], private: Any, trade: tuple[int, int]
) -> dict[_State, float]:
    """KH-K4, KH-K5: who won the swap says which total was higher (each takes the other's), a
    tie that they were equal (each takes back its own)."""
    active, partner = trade
    new: dict[_State, float] = {}
    for (hands, o, c, t), w in states.items():
        assert o is not None and c is not None
        if e["type"] == "tie":
            if sum(o) != sum(c):
                continue
            gets_active, gets_partner = o, c  # each takes back their own (KH-K5)
        else:
            won = sum(o) > sum(c) if e["seat"] == active else sum(c) > sum(o)
            if not won:
                continue
            gets_active, gets_partner = c, o  # swapped (KH-K4)
        hs = list(hands)
        hs[active] = _plus(hs[active], gets_active)
        hs[partner] = _plus(hs[partner], gets_partner)
        _put(new, (tuple(hs), None, None, t), w)
    return new


def _on_cannot_pay(
    states: dict[_State, float], e: Mapping[str, Any], private: Any, trade: tuple[int, int]
) -> dict[_State, float]:
    """KH-A7: a bidder who cannot pay shows its money: its hand is known."""
    shown = tuple(counts_of_cards(e["money"]))
    return {s: w for s, w in states.items() if s[0][e["seat"]] == shown}


_LOG_STEPS: dict[str, _Step] = {
    "donkey": _on_donkey,
    "pay": _on_pay,
    "receive": _on_take,
    "offer": _on_offer,
    "counter": _on_offer,
    "accept": _on_take,
    "look": _on_look,
    "tie": _on_result,
    "trade_won": _on_result,
    "cannot_pay": _on_cannot_pay,
}


def counts_of_cards(cards: Sequence[int]) -> list[int]:
    """Counts per value of a list of card values."""
    counts = [0] * len(MONEY_VALUES)
    for card in cards:
        counts[VALUE_INDEX[card]] += 1
    return counts


def log_money_posterior(
    log: Sequence[Mapping[str, Any]], seat: int, max_states: int = 20000
) -> dict[int, float]:
    """Distribution of ``seat``'s money total from a log (``log_posterior`` summed by total)."""
    dist: dict[int, float] = {}
    for hands, w in log_posterior(log, max_states).items():
        t = _total(hands[seat])
        dist[t] = dist.get(t, 0.0) + w
    return dict(sorted(dist.items()))
