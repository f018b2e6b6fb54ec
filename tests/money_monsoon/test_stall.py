"""No Money Monsoon game with shipped bots can stall: the bots break exact ties from their own
generator, and a run of lapsed rolls ends the game as unfinished, naming the cause (MM-E6)."""

from __future__ import annotations

import random

import pytest

import gamekit
from gamekit.games.money_monsoon.game import LAPSE_LIMIT
from gamekit.rules import get


class AlwaysZero:
    """Bids 0 every time: with everyone doing so, every bid is void and the roll lapses (MM-A6)."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view, legal_actions, rng):
        self.calls += 1
        if self.calls > 20 * LAPSE_LIMIT:  # without the guard the game would never end
            raise RuntimeError("the game did not stop")
        return legal_actions[0]


def test_five_zero8_and_shade_bots_under_void_ties_now_finish():
    bots = ["zero8", "shade", "zero8", "shade", "zero8"]
    finished = 0
    for seed in range(20):
        g = gamekit.new_game("money_monsoon", 5, seed=seed, options={"top_tie": "void"})
        finished += gamekit.play(g, bots, time_limit=10)["finished"]
    assert finished == 20


def test_the_strategy_bots_break_exact_ties_from_their_own_generator():
    g = gamekit.new_game("money_monsoon", 5, seed=0, stack={"dice": [5], "first_player": 0})
    view, legal = g.view(0), g.legal_actions(0)
    for name in ("truthful", "shade", "zero8"):
        bot = gamekit.bots.make_bot(name)
        rng = random.Random(1)
        assert len({bot.choose(view, legal, rng).value for _ in range(60)}) > 1, name
    # A roll worth nothing is not bid for: nobody wants it, and it may lapse (MM-A6); the
    # auctioneer, which may sit out (MM-A2), sits it out instead of bidding 0.
    worthless = gamekit.new_game("money_monsoon", 5, seed=0, stack={"dice": [1], "first_player": 0})
    truthful = gamekit.bots.make_bot("truthful")
    bids = {truthful.choose(worthless.view(1), worthless.legal_actions(1), rng).value for _ in range(60)}
    assert bids == {0}
    answers = {str(truthful.choose(worthless.view(0), worthless.legal_actions(0), rng)) for _ in range(60)}
    assert answers == {"sit out"}


def test_mm_e6_a_run_of_lapsed_rolls_stops_the_game_unfinished_even_without_a_turn_limit():
    g = gamekit.new_game("money_monsoon", 4, seed=1, options={"max_turns": None})
    result = gamekit.play(g, AlwaysZero())
    assert result["finished"] is False and result["winners"] == []
    assert g.view()["turn"] == LAPSE_LIMIT
    last = g.log[-1]
    assert last["type"] == "stopped" and last["rule"] == "MM-E6"
    assert f"{LAPSE_LIMIT} rolls in a row lapsed" in last["text"]
    with pytest.raises(gamekit.IllegalAction, match=rf"{LAPSE_LIMIT} rolls in a row lapsed.*\(MM-E6\)"):
        g.act(0, "bid 0")
    assert str(LAPSE_LIMIT) in get("MM-E6").statement
    # The save replays to the same stop.
    assert gamekit.load_game(g.to_json()).log[-1]["text"] == last["text"]


def test_mm_e6_a_roll_won_starts_the_count_of_lapses_again():
    g = gamekit.new_game("money_monsoon", 4, seed=1, options={"max_turns": LAPSE_LIMIT + 5})
    zero = AlwaysZero()
    for _ in range(LAPSE_LIMIT - 1):
        for seat in g.to_act:
            g.act(seat, "bid 0")
    assert not g.is_over
    g.act(g.to_act[0], "bid 1")  # one bid alone on top wins the roll
    while not g.is_over:
        for seat in g.to_act:
            g.act(seat, zero.choose(None, g.legal_actions(seat), None))
    assert g.log[-1]["text"].startswith(f"Stopped after {LAPSE_LIMIT + 5} turns by the turn limit")
