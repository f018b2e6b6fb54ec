"""Bots see only their own view, follow their one-sentence rule, and are reproducible."""

from __future__ import annotations

import random

import pytest

import gamekit
from gamekit.bots import BOTS, Bot, BudgetBidder, RandomBot, SpreadBidder, make_bot
from gamekit.games.for_sale.bots import rank_matched_house
from gamekit.games.for_sale.game import BIDS, PASS, SELLS


def buying_view(table, high_bid=0, coins=28, bid=0, viewer=0, round_=1, rounds=10):
    return {
        "phase": "buy",
        "viewer": viewer,
        "table": table,
        "high_bid": high_bid,
        "coins": [coins if s == viewer else 20 for s in range(3)],
        "bids": [bid if s == viewer else 0 for s in range(3)],
        "round": round_,
        "rounds": rounds,
    }


def legal(view):
    me = view["viewer"]
    top = view["coins"][me] + view["bids"][me]
    return [PASS, *BIDS[view["high_bid"] + 1 : top + 1]]


def test_every_registered_bot_has_a_one_sentence_docstring_and_a_name():
    for name, cls in BOTS.items():
        doc = (cls.__doc__ or "").strip()
        assert doc.endswith(".") and doc.count(". ") == 0, f"{name}: {doc!r}"
        assert make_bot(name).name == name


def test_spread_bidder_bids_within_its_fraction_of_the_spread():
    bot = SpreadBidder(0.5)  # table 3..11: spread 8, limit 4 coins
    rng = random.Random(0)
    view = buying_view([3, 5, 11], high_bid=3)
    assert bot.choose(view, legal(view), rng) == BIDS[4]
    view = buying_view([3, 5, 11], high_bid=4)
    assert bot.choose(view, legal(view), rng) == PASS


def test_budget_bidder_spreads_its_coins_over_the_rounds_left():
    bot = BudgetBidder(1.0)  # 20 coins over 4 rounds left (7 of 10): limit 5
    rng = random.Random(0)
    view = buying_view([3, 5, 11], high_bid=4, coins=20, round_=7)
    assert bot.choose(view, legal(view), rng) == BIDS[5]
    view = buying_view([3, 5, 11], high_bid=5, coins=20, round_=7)
    assert bot.choose(view, legal(view), rng) == PASS


def selling_view(hand, table, won=None):
    won = won or [[], [], []]
    return {
        "phase": "sell",
        "viewer": 0,
        "houses": [hand, None, None],  # FS-B10: others' houses and cheques lie face down
        "table": table,
        "cheques": [won[0], None, None],
        "past_cheques": sorted(c for cheques in won for c in cheques),
    }


def test_rank_matching_plays_top_house_for_the_top_cheque_and_bottom_for_the_bottom():
    hand = [4, 9, 17, 22, 30]
    assert rank_matched_house(selling_view(hand, [0, 0, 15000])) == 30
    assert rank_matched_house(selling_view(hand, [0, 0, 0])) == 4
    # 8,000 is the middle of the 30 cheques (0 0 2 2 ... 15 15): the middle house.
    assert rank_matched_house(selling_view(hand, [0, 2000, 8000])) == 17


def test_rank_matching_counts_only_cheques_not_yet_won():
    hand = [4, 30]
    won = [[15000, 15000, 14000], [14000, 13000, 13000], []]
    assert rank_matched_house(selling_view(hand, [0, 2000, 12000], won)) == 30


def test_strategy_bots_sell_through_the_engine():
    view = selling_view([4, 9], [0, 0, 15000])
    assert SpreadBidder().choose(view, [SELLS[4], SELLS[9]], random.Random(0)) == SELLS[9]


@pytest.mark.parametrize("spec", ["spread:-1", "spread:x", "nobody"])
def test_bad_bot_specs_are_config_errors(spec):
    with pytest.raises(gamekit.ConfigError):
        make_bot(spec)


def test_bot_labels_carry_the_parameter():
    assert make_bot("spread:0.4").label == "spread:0.4"
    assert make_bot("random").label == "random"
    assert isinstance(make_bot(RandomBot()), RandomBot)


class Spy(Bot):
    """Records every view it is given and plays at random."""

    name = "spy"

    def __init__(self):
        self.views = []

    def choose(self, view, legal_actions, rng):
        self.views.append(view)
        return legal_actions[int(rng.random() * len(legal_actions))]


def test_a_bot_sees_only_its_own_view():
    spies = [Spy() for _ in range(4)]
    g = gamekit.new_game("for_sale", 4, seed=5)
    gamekit.play(g, spies)
    for seat, spy in enumerate(spies):
        assert spy.views
        for view in spy.views:
            assert view["viewer"] == seat
            # FS-B10: others' houses and cheques face down, only their counts (and coins) shown.
            assert all(h is None for s, h in enumerate(view["houses"]) if s != seat)
            assert all(c is None for s, c in enumerate(view["cheques"]) if s != seat)
            assert all(type(n) is int for n in view["house_counts"] + view["cheque_counts"])
            assert all(c is None for s, c in enumerate(view["chosen"]) if s != seat)
            assert view["house_deck"] is None and view["cheque_deck"] is None


def test_bots_draw_randomness_only_from_their_own_generator():
    def run():
        g = gamekit.new_game("for_sale", 3, seed=8)
        gamekit.play(g, "random")
        return g.to_json()

    random.seed(1)
    first = run()
    random.seed(2)
    assert run() == first
