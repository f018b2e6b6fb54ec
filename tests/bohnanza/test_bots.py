"""Bohnanza bots: the planter never trades, the trader gives away what would force a harvest."""

from __future__ import annotations

import random

import pytest

import gamekit
from gamekit.bots import BOTS, PlanterBot, RandomBot, TraderBot, make_bot
from gamekit.games.bohnanza.actions import HARVEST_FIELD
from gamekit.games.bohnanza.bots import best_forced_harvest, fits_all, unwanted_cards


class Checked(gamekit.bots.Bot):
    """Wraps a bot and checks that it sees only its own view and answers with a legal action."""

    def __init__(self, bot):
        self.bot = bot
        self.name = bot.name
        self.games = bot.games
        self.uses_view = True

    def choose(self, view, legal_actions, rng):
        me = view["viewer"]
        assert all(h is None for s, h in enumerate(view["hands"]) if s != me)
        action = self.bot.choose(view, legal_actions, rng)
        assert action in legal_actions, (action, legal_actions)
        return action


def offered(game: gamekit.Game, seat: int) -> list:
    return [e for e in game.log if e["type"] == "propose" and e["seat"] == seat]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_bohnanza_bot_plays_to_the_end_with_legal_actions(players):
    for seed in range(3):
        bots = [
            Checked(make_bot(n)) for n in ("planter", "trader", "trader:0", "planter:100", "random")[:players]
        ]
        g = gamekit.new_game("bohnanza", players, seed=seed)
        result = gamekit.play(g, bots)
        assert result["finished"] and g.view()["exhaustions"] == 3


def test_random_bot_games_end_with_every_option():
    for options in ({"proposals_per_turn": 0}, {"proposals_per_turn": 9}, {"three_fields_at_start": True}):
        g = gamekit.new_game("bohnanza", 4, seed=2, options=options)
        assert gamekit.play(g, RandomBot())["finished"]


def test_the_planter_never_trades():
    for seed in range(4):
        g = gamekit.new_game("bohnanza", 4, seed=seed)
        gamekit.play(g, ["planter", "trader", "planter", "trader:1"])
        assert not [e for e in g.log if e["type"] == "offer" and e["seat"] in (0, 2)]
        assert not [e for e in g.log if e["type"] == "accept" and e["seat"] in (0, 2)]
        assert g.stats(0)["deals"] == g.stats(2)["deals"] == 0


def test_traders_make_deals_and_give_away_what_does_not_fit():
    deals = 0
    for seed in range(4):
        g = gamekit.new_game("bohnanza", 4, seed=seed)
        gamekit.play(g, "trader")
        deals += sum(g.stats(s)["deals"] for s in range(4))
    assert deals > 10


def test_generosity_one_gives_gifts_and_zero_always_asks_back():
    g = gamekit.new_game("bohnanza", 3, seed=6)
    gamekit.play(g, ["trader:1", "trader:0", "trader:0"])
    assert offered(g, 0) and all(not e["ask"] for e in offered(g, 0))
    asked = [bool(e["ask"]) for s in (1, 2) for e in offered(g, s)]
    assert asked and sum(asked) >= 0.8 * len(asked)  # no ask only while it grows nothing


def trader_view(**changes):
    view = {
        "viewer": 1,
        "players": 3,
        "active": 0,
        "phase": "trade",
        "fields": [[None, None], [["soy", 2], None], [None, None]],
        "hands": [None, ["red", "soy", "blue"], None],
        "received": [[], [], []],
        "trading_area": ["chili", "green"],
        "coins": [0, 0, 0],
        "planted": 2,
        "proposals_per_turn": 4,
        "proposals_left": 3,
        "proposal": {"partner": 1, "made": True, "give": ["chili"], "ask": [], "give_cards": None},
    }
    view.update(changes)
    return view


def test_the_trader_accepts_a_gift_that_fits_its_fields():
    bot = TraderBot(0.5)
    legal = [gamekit.Action("accept"), gamekit.Action("reject")]
    assert str(bot.choose(trader_view(), legal, random.Random(0))) == "accept"


def test_the_trader_refuses_beans_it_has_no_field_for_and_asks_for_its_own_bean():
    bot = TraderBot(0.5)
    legal = [gamekit.Action("accept"), gamekit.Action("reject")]
    crowded = trader_view(fields=[[None, None], [["soy", 2], ["red", 1]], [None, None]])
    assert str(bot.choose(crowded, legal, random.Random(0))) == "reject"
    proposal = {"partner": 1, "made": True, "give": ["chili"], "ask": ["soy"], "give_cards": None}
    assert str(bot.choose(trader_view(proposal=proposal), legal, random.Random(0))) == "reject"


def test_unwanted_cards_are_those_that_would_force_a_harvest():
    view = trader_view(viewer=0, active=0, proposal=None)
    view["hands"] = [["stink", "soy"], None, None]
    view["fields"] = [[["soy", 3], None], None, None]
    # chili takes the empty field; green and the front stink would force soy 3 to be harvested.
    assert unwanted_cards(view) == [("green", 0), ("stink", 1)]
    assert fits_all([["soy", 3], None], ["soy", "red"]) and not fits_all([["soy", 3], None], ["red", "blue"])


def test_forced_harvest_takes_the_best_paying_field():
    fields = [["blue", 3], ["red", 3]]
    assert best_forced_harvest(fields, [HARVEST_FIELD[1], HARVEST_FIELD[2]]) == HARVEST_FIELD[2]
    fields = [["blue", 3], ["chili", 2]]  # both pay nothing: lose the fewer beans
    assert best_forced_harvest(fields, [HARVEST_FIELD[1], HARVEST_FIELD[2]]) == HARVEST_FIELD[2]


def test_bot_parameters_are_checked_and_named():
    assert {"planter", "trader"} <= set(BOTS)
    assert make_bot("planter:5").label == "planter:5" and PlanterBot().parameter == 3.0
    assert make_bot("trader:0.25").parameter == 0.25
    for spec in ("planter:-1", "trader:1.5", "trader:-0.1"):
        with pytest.raises(gamekit.ConfigError):
            make_bot(spec)
    with pytest.raises(gamekit.ConfigError):
        make_bot("planter", "for_sale")
