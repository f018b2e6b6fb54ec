"""The cow trader (issue 12): its rule checked on set-up positions, its speed, its mid-game trades."""

from __future__ import annotations

import random
import time

import pytest

from gamekit.bots.base import BOTS
from gamekit.core.actions import Action
from gamekit.core.errors import ConfigError
from gamekit.games.kuhhandel.analysis import mid_game_trades, strength_records
from gamekit.games.kuhhandel.bots import (
    CowTrader,
    _exact_cards,
    closeness_gain,
    closeness_loss,
    makeable_totals,
)
from gamekit.games.kuhhandel.parsing import ACCEPT, AUCTION
from gamekit.theory import kuhhandel as K

from .helpers import game


def test_closeness_values_grow_towards_a_set():
    gains = [closeness_gain(h, "cow") for h in range(4)]
    assert gains == [800 / 3, 800, 800 * 5 / 3, 800 * 7 / 3]
    assert closeness_loss(2, "cow", 2) == closeness_gain(0, "cow", 2)
    assert makeable_totals([0, 10, 10, 50]) == [0, 10, 20, 50, 60, 70]


def _give(g, cows: list[int]) -> None:
    """Seat s holds cows[s] cows (set straight into the engine, for a decision test only)."""
    for seat, count in enumerate(cows):
        g.animals[seat][8] = count  # ANIMALS[8] is the cow
        g._herds[seat] = g._herd(seat)


def _turn_view(g, seat=0):
    return g.view(seat), g.legal_actions(seat)


def test_it_challenges_while_the_deck_lasts_when_it_holds_enough():
    g = game(players=3, first=0)
    _give(g, [3, 1, 0])
    view, legal = _turn_view(g)
    assert CowTrader(3).choose(view, legal, random.Random(0)) == AUCTION  # B is expected as rich as A
    g.money[1] = [2, 2, 0, 0, 0, 0]  # B holds 4 cards: expected 4 × 90/7 ≈ 51 < A's 90
    view, legal = _turn_view(g)
    assert AUCTION in legal and view["deck_size"] > 0
    action = CowTrader(3).choose(view, legal, random.Random(0))
    assert action.kind == "trade" and action.value == (1, "cow")
    assert CowTrader(4).choose(view, legal, random.Random(0)) == AUCTION  # 4: never while the deck lasts


def test_its_reply_is_the_theory_best_response():
    g = game(players=3, first=0)
    _give(g, [1, 2, 0])
    g.act(0, "trade B cow")
    g.act(0, "offer 0,0,10")
    view, legal = g.view(1), g.legal_actions(1)
    win, lose = closeness_gain(2, "cow", 1), closeness_loss(2, "cow", 1)
    choice, total, _ = K.best_response(K.offer_posterior(view), makeable_totals(view["money"][1]), win, lose)
    action = CowTrader().choose(view, legal, random.Random(0))
    if choice == "accept":
        assert action == ACCEPT
    else:
        assert isinstance(action, Action) and action.kind == "add"
        assert action.value in _exact_cards(view["money"][1], total)  # a card of the best counter


def test_it_cow_trades_mid_game_and_decides_in_a_few_ms():
    start = time.perf_counter()
    records = strength_records(8, seed=5)
    seconds = time.perf_counter() - start
    seats = records["seats"]
    mine = seats[seats["bot"] == "cowtrader:3"]
    assert len(mid_game_trades(records).query("bot == 'cowtrader:3'")) > 0
    assert seconds / seats["decisions"].sum() < 0.005  # every bot's decisions and the engine's moves
    assert (mine["finished"]).all()


def test_registered():
    assert BOTS["cowtrader"] is CowTrader
    with pytest.raises(ConfigError):
        CowTrader(5)
