"""gamekit.theory.kuhhandel against brute-force enumeration of card identities and real positions."""

from __future__ import annotations

import itertools
import math
import random
import statistics
from collections import Counter
from math import comb

import pytest

import gamekit
from gamekit.bots.base import BOTS
from gamekit.games.kuhhandel.rules import MONEY_VALUES, cards_of, counts_of
from gamekit.simulate import take_turn
from gamekit.theory import kuhhandel as K


def _dist_close(a: dict, b: dict) -> None:
    assert set(a) == set(b)
    for key in a:
        assert a[key] == pytest.approx(b[key], abs=1e-12)


@pytest.mark.parametrize(
    ("counts", "m"), [((2, 4, 1, 0, 0, 0), 3), ((2, 4, 2, 1, 0, 0), 5), ((1, 0, 3, 0, 2, 1), 4)]
)
def test_subset_totals_match_every_choice_of_cards(counts, m):
    cards = cards_of(counts)
    brute = Counter(sum(c) for c in itertools.combinations(cards, m))
    n = comb(len(cards), m)
    _dist_close(K.subset_totals(counts, m), {t: w / n for t, w in brute.items()})


def _brute_hands(base, players, n, paid=None):
    """Every (g, given cards, received cards) by card identity, g uniform over its feasible values."""
    base_cards = cards_of(base)
    pool_cards = cards_of(tuple(c * (players - 1) for c in base))
    b = len(base_cards)
    top = b if paid is None else min(b, paid)
    gs = [g for g in range(max(0, b - n), top + 1) if n - b + g <= len(pool_cards)]
    dist: Counter = Counter()
    for g in gs:
        kept_sets = list(itertools.combinations(range(b), b - g))
        got_sets = list(itertools.combinations(range(len(pool_cards)), n - b + g))
        for kept in kept_sets:
            for got in got_sets:
                hand = tuple(counts_of([base_cards[i] for i in kept] + [pool_cards[i] for i in got]))
                dist[hand] += 1 / len(gs) / len(kept_sets) / len(got_sets)
    return dict(dist)


@pytest.mark.parametrize(("n", "paid"), [(7, None), (5, None), (9, None), (8, 2)])
def test_hand_posterior_matches_brute_force(n, paid):
    base = K.start_hand(0)
    _dist_close(K.hand_posterior(base, 3, n, paid), _brute_hands(base, 3, n, paid))


def test_money_posterior_is_the_hand_posterior_summed_by_total():
    view = {"donkeys_seen": 1, "players": 4, "money_counts": [6, 10, 8, 8]}
    for seat in range(4):
        hands = K.hand_posterior(K.start_hand(1), 4, view["money_counts"][seat])
        totals: Counter = Counter()
        for hand, p in hands.items():
            totals[sum(c * v for c, v in zip(hand, MONEY_VALUES, strict=True))] += p
        _dist_close(K.money_posterior(view, seat), dict(totals))


def test_an_untouched_hand_is_the_base_when_no_card_was_paid():
    view = {"donkeys_seen": 2, "players": 3, "money_counts": [9, 9, 9]}
    assert K.money_posterior(view, 0, paid=0) == {240: pytest.approx(1.0)}  # 40 + 50 + 50 + 100


def test_offer_posterior_is_k_cards_of_the_posterior_hand():
    view = {
        "donkeys_seen": 1,
        "players": 3,
        "money_counts": [4, 9, 11],
        "trade": {"active": 0, "offer_count": 3},
    }
    n = 4 + 3
    brute: Counter = Counter()
    for hand, p in K.hand_posterior(K.start_hand(1), 3, n).items():
        for t, q in K.subset_totals(hand, 3).items():
            brute[t] += p * q
    _dist_close(K.offer_posterior(view), dict(brute))


def _payoff(choice, c, t, win, lose):
    """The challenged player's payoff written out from the rules (KH-K3, KH-K4; a tie counted 0)."""
    if choice == "accept":
        return t - lose
    return t - c + (win if c > t else 0) - (lose if c < t else 0)


@pytest.mark.parametrize("seed", range(6))
def test_best_response_is_the_best_by_enumeration(seed):
    rng = random.Random(seed)
    totals = sorted(rng.sample(range(0, 200, 10), 5))
    weights = [rng.random() for _ in totals]
    offer = {t: w / sum(weights) for t, w in zip(totals, weights, strict=True)}
    mine = K.subset_totals((0, 3, 2, 1, 0, 0), 3)  # only its keys: the totals the player can make
    win, lose = rng.uniform(0, 300), rng.uniform(0, 300)
    accept = sum(p * _payoff("accept", 0, t, win, lose) for t, p in offer.items())
    values = {c: sum(p * _payoff("counter", c, t, win, lose) for t, p in offer.items()) for c in mine}
    choice, c, gain = K.best_response(offer, list(mine), win, lose)
    best_c = max(values, key=values.get)
    if values[best_c] > accept + 1e-9:
        assert choice == "counter"
        assert values[c] == pytest.approx(values[best_c])
        assert gain == pytest.approx(values[best_c] - accept)
    else:
        assert choice == "accept"


def _positions(games: int, seed: int, longest: int = 300):
    """(view of a seat, the seat watched, its true total) at random moments of bot games."""
    for i in range(games):
        rng = random.Random(seed * 1000 + i)
        g = gamekit.new_game("kuhhandel", 4, seed=seed * 1000 + i)
        bots = [BOTS["value"](), BOTS["bluffer"](), BOTS["cowtrader"](), BOTS["value"]()]
        stop = rng.randrange(5, longest)
        for _ in range(stop):
            if g.is_over:
                break
            seat = g._to_act[0]
            take_turn(g, seat, bots[seat], rng)
        if g.is_over:
            continue
        full = g.view(None)
        watched = rng.randrange(4)
        viewer = (watched + 1 + rng.randrange(3)) % 4
        view = g.view(viewer)
        view["_log"] = g.log_for(viewer)
        yield view, watched, sum(full["money"][watched])


def test_the_true_total_is_possible_and_the_mean_is_calibrated():
    diffs = []
    for view, seat, true in _positions(80, seed=7):
        dist = K.money_posterior(view, seat)
        assert dist.get(true, 0.0) > 0
        assert sum(dist.values()) == pytest.approx(1.0)
        diffs.append(true - K.mean(dist))
    assert len(diffs) > 40
    m = statistics.mean(diffs)
    se = statistics.stdev(diffs) / len(diffs) ** 0.5
    assert m - 4 * se < 0 < m + 4 * se


# ------------------------------------------------------------------ exact inference from the log
def test_a_public_payment_of_price_and_card_count_fixes_the_cards():
    log = [
        {"type": "setup", "seat": None, "players": 3},
        {"type": "pay", "seat": 1, "to": 0, "price": 60, "cards": 2},  # only 10 + 50 makes it
        {"type": "receive", "seat": 0, "cards": 2},
    ]
    post = K.log_posterior(log)
    assert post == {((2, 5, 2, 0, 0, 0), (2, 3, 0, 0, 0, 0), (2, 4, 1, 0, 0, 0)): pytest.approx(1.0)}


def test_a_swapped_cow_trade_matches_enumeration_of_card_identities():
    log = [
        {"type": "setup", "seat": None, "players": 3},
        {"type": "donkey", "seat": None, "number": 1, "value": 50},
        {"type": "trade", "seat": 0, "partner": 1},
        {"type": "offer", "seat": 0, "cards": 2},
        {"type": "counter", "seat": 1, "cards": 2},
        {"type": "trade_won", "seat": 1, "loser": 0},  # the counter was higher
    ]
    base = cards_of(K.start_hand(1))
    brute: Counter = Counter()
    for offer in itertools.combinations(range(len(base)), 2):
        for counter in itertools.combinations(range(len(base)), 2):
            o, c = [base[i] for i in offer], [base[i] for i in counter]
            if sum(c) > sum(o):
                a = [base[i] for i in range(len(base)) if i not in offer] + c
                b = [base[i] for i in range(len(base)) if i not in counter] + o
                brute[(tuple(counts_of(a)), tuple(counts_of(b)))] += 1
    n = sum(brute.values())
    post = K.log_posterior(log)
    assert {(h[0], h[1]): p for h, p in post.items()} == pytest.approx({k: w / n for k, w in brute.items()})


def test_the_log_posterior_on_real_positions_beats_the_counts_only_model():
    """True total always possible; mean calibrated; the truth more likely than under money_posterior."""
    diffs, gains, too_big = [], [], 0
    for view, seat, true in _positions(40, seed=3, longest=900):
        game_log = view.pop("_log")
        try:
            dist = K.log_money_posterior(game_log, seat)
        except K.TooManyStates:  # late positions after many blind cow trades
            too_big += 1
            continue
        assert dist.get(true, 0.0) > 0
        diffs.append(true - K.mean(dist))
        counts_only = K.money_posterior(view, seat)
        gains.append(math.log(dist[true]) - math.log(counts_only[true]))
    assert len(diffs) > 20 and too_big < len(diffs)
    for sample, low in ((diffs, None), (gains, 0.0)):
        m = statistics.mean(sample)
        se = statistics.stdev(sample) / len(sample) ** 0.5
        if low is None:
            assert m - 4 * se <= 0 <= m + 4 * se  # an exact posterior has no spread at all
        else:
            assert m - 4 * se > low
