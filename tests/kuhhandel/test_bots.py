"""Kuhhandel bots follow their one-sentence rules, see only their own view, and finish games."""

from __future__ import annotations

import random

import pytest

import gamekit
from gamekit.bots import BluffTrader, BuyInAuctioneer, ValueBidder, make_bot
from gamekit.games.kuhhandel.bots import collection_worth, sells_single, settling_trades

from .helpers import free_auctions, game, play, poor_auctioneer

RNG = random.Random(0)


def choose(bot, g, seat):
    return str(bot.choose(g.view(seat), g.legal_actions(seat), RNG))


def test_collection_worth_is_the_share_of_the_set_it_would_then_hold():
    g = game(3, ["cow", "pig", "pig", "cow"])
    free_auctions(g, 4)  # A: cow, cow; B: pig; C: pig
    view = g.view(0)
    assert collection_worth(view, "cow") == 800 * 3 / 4
    assert collection_worth(view, "cow", 2) == 800
    assert collection_worth(view, "horse") == 1000 / 4


def test_value_bidder_raises_by_10_up_to_its_limit_then_holds():
    g = game(3, ["cow"])
    play(g, "A: auction")
    bot = ValueBidder()  # a first cow is worth 200, but B has only 90
    assert choose(bot, g, 1) == "bid 10"
    play(g, "B: bid 80")
    assert choose(bot, g, 2) == "bid 90"
    play(g, "C: bid 90")
    assert choose(bot, g, 1) == "hold"


def test_value_bidder_factor_scales_the_limit():
    g = game(3, ["cow"])
    play(g, "A: auction", "B: bid 10")
    assert choose(ValueBidder(0.1), g, 2) == "bid 20"  # 0.1 x 200 = 20
    play(g, "C: bid 20")
    assert choose(ValueBidder(0.1), g, 1) == "hold"


def test_buy_in_auctioneer_buys_up_to_its_margin_when_it_can_pay():
    g = game(3, ["cow"])
    play(g, "A: auction", "B: bid 60", "C: hold")
    assert choose(BuyInAuctioneer(1.0), g, 0) == "buy"  # 60 <= 200
    assert choose(BuyInAuctioneer(0.2), g, 0) == "sell"  # 60 > 40
    assert choose(ValueBidder(), g, 0) == "sell"
    g = poor_auctioneer()
    assert choose(BuyInAuctioneer(10.0), g, 0) == "sell"  # A cannot pay 10 (KH-A7)


def rooster_trade():
    g = game(3, ["rooster", "rooster", "horse", "rooster", "rooster", "horse"])
    free_auctions(g, 6)
    play(g, "A: trade B rooster")
    return g


def offer_of(bot):
    g = rooster_trade()
    rng = random.Random(1)
    while g.phase == "offer":
        g.act(0, bot.choose(g.view(0), g.legal_actions(0), rng))
    return g, g.view(0)["trade"]["offer"]


def test_bluffer_pads_the_offer_with_every_zero_at_its_bluff_rate():
    # Two roosters more would complete A's set: worth 10, paid with one 10 card.
    assert offer_of(BluffTrader(0.0))[1] == [10]
    assert offer_of(BluffTrader(1.0))[1] == [0, 0, 10]
    rng = random.Random(3)
    hits = 0
    for _ in range(200):
        g = rooster_trade()
        while g.phase == "offer":
            g.act(0, BluffTrader(0.3).choose(g.view(0), g.legal_actions(0), rng))
        hits += g.view(0)["trade"]["offer"] == [0, 0, 10]
    assert 40 <= hits <= 80


def test_trader_accepts_an_offer_whose_card_count_looks_big_enough():
    g, _ = offer_of(BluffTrader(1.0))
    # 3 cards x the average unseen card (180 over 14 cards) is about 39, more than the worth 10.
    assert choose(BluffTrader(), g, 1) == "accept"


def test_trader_counters_with_its_worth_when_the_offer_looks_small():
    g = game(3, ["cow", "cow", "horse", "cow", "cow", "horse"])
    free_auctions(g, 6)
    play(g, "A: trade B cow", "A: offer")
    bot = BluffTrader()
    rng = random.Random(0)
    steps = []
    while g.phase == "respond":
        action = bot.choose(g.view(1), g.legal_actions(1), rng)
        steps.append(str(action))
        g.act(1, action)
    # No cards offered: B counters with all it has (worth 800 is more than its 90).
    assert steps == ["add 10", "add 10", "add 10", "add 10", "add 50", "counter"]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_strategy_bots_finish_games_and_see_only_their_own_view(players):
    class Spy(ValueBidder):
        """Records its views and plays like the value bidder."""

        name = "spy"

        def __init__(self):
            super().__init__()
            self.views = []

        def choose(self, view, legal_actions, rng):
            self.views.append(view)
            return super().choose(view, legal_actions, rng)

    bots = [Spy(), make_bot("buyin"), make_bot("bluffer:0.5"), make_bot("random"), make_bot("value:1.5")][
        :players
    ]
    g = gamekit.new_game("kuhhandel", players, seed=players)
    result = gamekit.play(g, bots)
    assert g.is_over and result["finished"]
    spy = bots[0]
    assert spy.views
    for view in spy.views:
        assert view["viewer"] == 0
        assert all(m is None for s, m in enumerate(view["money"]) if s != 0)
        assert view["deck"] is None


def test_bot_parameters_are_checked():
    with pytest.raises(gamekit.ConfigError):
        make_bot("bluffer:1.5")
    with pytest.raises(gamekit.ConfigError):
        make_bot("value:-1")
    assert make_bot("bluffer:0.25").label == "bluffer:0.25"
    assert make_bot("buyin").games == ("kuhhandel",)


def test_kh_a3_every_bot_holding_only_0s_holds_when_asked():
    g = game(3, ["cow", "cow", "pig"])
    play(g, "A: auction", "B: bid 90", "C: hold", "A: sell", "B: pay 10,10,10,10,50", "B: auction")
    while g.phase == "bidding":
        g.act(g.to_act[0], "hold")
    play(g, "C: auction", "A: hold")
    assert g.to_act == (1,) and g.view()["money"][1] == [0, 0]
    for bot in (ValueBidder(10.0), BuyInAuctioneer(), BluffTrader()):
        assert choose(bot, g, 1) == "hold"


# ----------------------------------------------------------------- settling once the deck is empty

SHIPPED = ("value", "buyin", "bluffer", "cowtrader")


def dealt_out(a_flex: list[str], b_flex: list[str], c_flex: list[str]) -> gamekit.Game:
    """All 40 animals auctioned free (A, B, C in turn): A three sets, B donkeys and horses, C pigs and
    cows, and the flexible cards given; B is to play with the deck empty."""
    hands = (
        ["rooster"] * 4 + ["goose"] * 4 + ["cat"] * 4 + a_flex,
        ["donkey"] * 4 + ["horse"] * 4 + b_flex,
        ["pig"] * 4 + ["cow"] * 4 + c_flex,
    )
    assert [len(h) for h in hands] == [14, 13, 13]
    deck = [hand[i] for i in range(14) for hand in hands if i < len(hand)]
    g = game(3, deck)
    free_auctions(g, 40)
    assert g.view()["deck_size"] == 0 and g.to_act == (1,)
    return g


@pytest.mark.parametrize("name", SHIPPED)
def test_once_the_deck_is_empty_a_bot_challenges_a_holder_of_as_many_cards(name):
    # Dogs A 2, B 1, C 1, equal money: B challenging A could pass A's second dog round the table
    # for ever (and A came first on every other count); challenging C, the loser keeps no dog.
    g = dealt_out(["dog", "dog"], ["dog"] + ["goat"] * 4, ["dog"] + ["sheep"] * 4)
    legal = g.legal_actions(1)
    assert {str(a) for a in legal} == {"trade A dog", "trade C dog"}
    assert [str(a) for a in settling_trades(g.view(1), legal)] == ["trade C dog"]
    assert choose(make_bot(name), g, 1) == "trade C dog"


@pytest.mark.parametrize("name", SHIPPED)
def test_once_the_deck_is_empty_a_single_card_holder_sells_to_a_challenger_holding_more(name):
    # Dogs A 1, B 2, C 1: B challenges A with no money at all; A, holding one dog, accepts.
    g = dealt_out(["dog", "sheep"], ["dog", "dog"] + ["goat"] * 3, ["dog", "goat"] + ["sheep"] * 3)
    play(g, "B: trade A dog", "B: offer")
    assert sells_single(g.view(0))
    assert choose(make_bot(name), g, 0) == "accept"
    # and not while the deck lasts: the bluffer counters a bare offer for an animal it holds
    g = game(3, ["cow", "cow", "horse", "cow", "horse", "goose"])
    free_auctions(g, 6)
    play(g, "A: trade B cow", "A: offer")
    assert not sells_single(g.view(1)) and choose(BluffTrader(), g, 1) != "accept"
