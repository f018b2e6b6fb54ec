"""gamekit.theory.bohnanza's harvest questions against brute-force enumeration and simulation, and
what a player knows of its next forced harvest (gamekit.games.bohnanza.timing.outlook, which reads
the theory's inputs from a view) against the view and the theory."""

from __future__ import annotations

import doctest
import itertools
import math
import random
from collections import Counter

import pytest

import gamekit
from gamekit.games.bohnanza import analysis, timing
from gamekit.games.bohnanza.rules import BEAN_COUNTS, HARVEST
from gamekit.theory import bohnanza as theory
from gamekit.theory.bohnanza import (
    gain_of_waiting,
    harvest_now_or_wait,
    hypergeometric,
    pay_after,
    prob_more,
    queue_before_forced,
    unseen_beans,
)


def pools():
    """Small unseen pools: (beans of the type, cards in all, cards drawn)."""
    for total in range(1, 8):
        for good in range(total + 1):
            for draws in range(total + 2):
                yield good, total, draws


def enumerate_counts(good: int, total: int, draws: int) -> Counter[int]:
    """How many of the equally likely draw sets hold x beans of the type, counted one by one."""
    cards = [1] * good + [0] * (total - good)
    return Counter(sum(c) for c in itertools.combinations(cards, min(draws, total)))


def test_hypergeometric_and_prob_more_equal_enumeration_of_every_draw():
    for good, total, draws in pools():
        counts = enumerate_counts(good, total, draws)
        ways = sum(counts.values())
        for x in range(draws + 1):
            assert math.isclose(hypergeometric(x, good, total, draws), counts[x] / ways)
        for known in range(3):
            for k in range(6):
                exact = sum(n for x, n in counts.items() if known + x >= k) / ways
                assert math.isclose(prob_more(k, known, good, total, draws), exact)


def test_harvest_now_or_wait_equals_enumeration():
    for bean in ("red", "soy", "garden", "blue"):
        for count in (1, 2, 3):
            for good, total, draws in pools():
                counts = enumerate_counts(good, total, draws)
                ways = sum(counts.values())
                for known in (0, 1, 2):
                    exact = sum(n * HARVEST[bean][count + known + x] for x, n in counts.items()) / ways
                    now, wait = harvest_now_or_wait(HARVEST[bean], count, known, good, total, draws)
                    assert now == HARVEST[bean][count]
                    assert math.isclose(wait, exact)
                    assert math.isclose(
                        gain_of_waiting(HARVEST[bean], count, known, good, total, draws),
                        exact - now,
                        abs_tol=1e-9,
                    )


def test_pay_after_equals_enumeration_and_is_the_forced_harvests_expectation():
    for bean in ("red", "soy", "garden", "blue"):
        pay = HARVEST[bean]
        for count in (1, 2, 5):
            for good, total, draws in pools():
                counts = enumerate_counts(good, total, draws)
                ways = sum(counts.values())
                expected, more = pay_after(pay, count, good, total, draws)
                assert math.isclose(expected, sum(n * pay[count + x] for x, n in counts.items()) / ways)
                exact_more = sum(n for x, n in counts.items() if pay[count + x] > pay[count]) / ways
                assert math.isclose(more, exact_more, abs_tol=1e-12)
                for known in (0, 2):  # the second question is the first asked of count + known
                    now, wait = harvest_now_or_wait(pay, count, known, good, total, draws)
                    assert (now, wait) == (pay[count], pay_after(pay, count + known, good, total, draws)[0])


def test_the_theorys_examples_hold():
    result = doctest.testmod(theory)
    assert result.failed == 0 and result.attempted >= 3


def test_pay_after_refuses_more_beans_of_a_type_than_unseen_cards():
    with pytest.raises(ValueError, match="unseen"):
        pay_after(HARVEST["soy"], 2, 9, 5, 2)
    with pytest.raises(ValueError, match="unseen"):
        pay_after(HARVEST["soy"], 2, -1, 5, 2)


def test_prob_more_agrees_with_shuffled_decks_within_the_sample_interval():
    rng = random.Random(12)
    good, total, draws, known, k = 6, 30, 8, 1, 3
    pool = [1] * good + [0] * (total - good)
    n = 20000
    hits = 0
    for _ in range(n):
        rng.shuffle(pool)
        hits += known + sum(pool[:draws]) >= k
    p_hat = hits / n
    half = 3.29 * math.sqrt(p_hat * (1 - p_hat) / n)  # 99.9 % interval of the sample proportion
    assert abs(prob_more(k, known, good, total, draws) - p_hat) <= half


def test_queue_before_forced_stops_at_the_first_card_that_fits_no_field():
    fields = [["red", 2], None]
    planted, n = queue_before_forced(fields, ["red", "soy", "soy", "blue", "red"])
    assert (planted, n) == (Counter(red=1, soy=2), 3)
    assert queue_before_forced([["red", 1], ["soy", 1]], ["blue"]) == (Counter(), 0)
    assert queue_before_forced([None, None], []) == (Counter(), 0)


def views_of_real_games():
    """Every seat's view, with the teacher's, every 37th step of three games of random moves."""
    for seed in range(3):
        game = gamekit.new_game("bohnanza", players=4, seed=seed)
        rng = random.Random(seed)
        for step in range(400):
            if game.is_over:
                break
            if step % 37 == 0:
                full = game.view(None)
                for seat in range(4):
                    yield game.view(seat), full
            seat = game.to_act[0]
            game.act(seat, rng.choice(game.legal_actions(seat)))


def test_unseen_beans_are_the_deck_and_the_other_hands_in_real_games():
    for view, full in views_of_real_games():
        seat = view["viewer"]
        unseen, total = unseen_beans(view, BEAN_COUNTS)
        hidden = Counter(full["deck"])
        for s in range(4):
            if s != seat:
                hidden.update(full["hands"][s])
        assert unseen == +hidden
        assert total == sum(hidden.values())
        assert dict(unseen) == {b: n for b, n in analysis.unseen_beans(view).items() if n}
        assert set(unseen) <= set(BEAN_COUNTS)


def test_the_outlook_is_the_views_counts_and_asks_the_theory_with_the_beanometer():
    for view, _ in views_of_real_games():
        me = view["viewer"]
        knowledge = timing.outlook(view)
        known, planted = queue_before_forced(view["fields"][me], view["hands"][me])
        assert (knowledge.unseen, knowledge.unseen_total) == unseen_beans(view, BEAN_COUNTS)
        assert knowledge.known == known and knowledge.turns == max(1, planted)
        assert knowledge.draws == 2 * knowledge.turns  # two cards turned up a turn (BO-T3)
        for field in view["fields"][me]:
            if field is None:
                continue
            bean, count = field
            args = (count, known[bean], knowledge.unseen[bean], knowledge.unseen_total, knowledge.draws)
            assert knowledge.now_and_wait(bean, count) == harvest_now_or_wait(HARVEST[bean], *args)
            assert knowledge.gain(bean, count) == gain_of_waiting(HARVEST[bean], *args)
