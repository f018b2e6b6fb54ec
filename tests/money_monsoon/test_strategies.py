"""Money Monsoon's rollout bots: the race model they play out, their cache, and their strength."""

from __future__ import annotations

import random

import gamekit
from gamekit.bots import ReserveAuctioneer, RolloutBidder, make_bot
from gamekit.games.money_monsoon.analysis import strength
from gamekit.games.money_monsoon.bots import rollout_value
from gamekit.games.money_monsoon.rollouts import gain_samples, greedy_step, play_out, roll_gain
from gamekit.games.money_monsoon.rules import bonuses

LEGAL = [gamekit.Action("bid", n) for n in range(401)]


def view_with(pawns, roll: int, seat: int = 1) -> dict:
    g = gamekit.new_game("money_monsoon", len(pawns), seed=3, stack={"dice": [roll], "first_player": 0})
    view = g.view(seat)
    view["pawns"] = [list(p) for p in pawns]
    return view


def test_a_played_out_race_pays_exactly_the_three_bonuses_and_moves_fees_between_players():
    for seed in range(200):
        pawns = [[0, 0] for _ in range(4)]
        gains = play_out(pawns, [0.0] * 4, 25, random.Random(seed))
        assert any(25 in pair for pair in pawns)
        # Fees are transfers; the bonuses 500 + 300 + 150 are paid whole, or shared rounded down.
        assert 950 - 3 <= sum(gains) <= 950


def reference_play_out(pawns, gains, goal, rng):
    """The rollout model turn by turn with ``greedy_step``: the slow, plain reading of ``play_out``."""
    n = len(pawns)
    while True:
        roll = int(rng.random() * 8) + 1
        winner = int(rng.random() * n)
        if roll == 8:
            done = greedy_step(pawns, gains, winner, 4, 25)
            done = greedy_step(pawns, gains, int(rng.random() * n), 4, 25) or done
        else:
            done = greedy_step(pawns, gains, winner, roll, 25)
        if done:
            break
    bonus = bonuses([max(pair) for pair in pawns])
    return [g + b for g, b in zip(gains, bonus, strict=True)]


def test_the_fast_play_out_plays_the_same_races_as_greedy_step_turn_by_turn():
    for seed in range(100):
        start = [[seed % 7, 0], [3, seed % 5], [0, 9], [4, 4], [1, 2]]
        fast_pawns, slow_pawns = [list(p) for p in start], [list(p) for p in start]
        fast = play_out(fast_pawns, [0.0] * 5, 25, random.Random(seed))
        slow = reference_play_out(slow_pawns, [0.0] * 5, 25, random.Random(seed))
        assert fast == slow and fast_pawns == slow_pawns


def test_the_greedy_winner_lands_on_rivals_when_it_pays_and_otherwise_advances_its_best_pawn():
    pawns, gains = [[3, 10], [5, 0]], [0.0, 0.0]
    greedy_step(pawns, gains, 0, 2, 25)  # 3 -> 5 collects 50; 10 -> 12 gains 2 x 20 = 40
    assert pawns[0] == [5, 10] and gains == [50.0, -50.0]
    pawns, gains = [[3, 10], [9, 0]], [0.0, 0.0]
    greedy_step(pawns, gains, 0, 2, 25)
    assert pawns[0] == [3, 12] and gains == [0.0, 0.0]


def test_a_winning_move_to_the_goal_is_worth_the_bonus_against_the_race_going_on():
    # B wins the 3 and ends the game first (500); lost, the roll goes to A, C or D and the race goes on.
    view = view_with([[2, 0], [22, 0], [3, 0], [1, 0]], 3)
    samples = gain_samples(view, 1, (("a", 3),), 3, 40, seed=5)
    assert len(samples) == 40 and all(s <= 500 + 150 for s in samples)
    assert roll_gain(view, 1, (("a", 3),), 3, 40, seed=5) == sum(samples) / 40
    assert roll_gain(view, 1, (("a", 3),), 3, 0, seed=5) == 0.0


def test_the_rollout_value_is_seeded_and_computed_once_per_roll():
    view = view_with([[6, 0], [10, 3], [14, 0], [8, 8]], 4)
    assert rollout_value(view, 1, 16, 7) == rollout_value(view, 1, 16, 7)
    bot = RolloutBidder()
    rng = random.Random(0)
    bot.choose(view, LEGAL, rng)
    cached = bot._cache
    bot.choose(view, LEGAL, rng)  # the second step of a large bid: no new rollouts
    assert bot._cache is cached
    # A fraction scales the bid: 0 never bids.
    assert {RolloutBidder(0).choose(view, LEGAL, random.Random(s)).value for s in range(10)} == {0}


def test_the_new_bots_are_registered_with_their_parameter():
    assert make_bot("rollout:0.5").label == "rollout:0.5"
    assert make_bot("reserve").label == "reserve:1"
    assert ReserveAuctioneer(0.5).value == 0.5


def test_strength_returns_the_paired_difference_against_shade():
    result = strength(8, seed=1)
    assert result.n == 8
