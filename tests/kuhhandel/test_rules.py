"""Kuhhandel rules, one test (or more) per rule ID of the rules reference, on stacked decks."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import gamekit
from gamekit.games.kuhhandel import rules
from gamekit.games.kuhhandel.game import BUY, DEFAULT_MAX_TURNS, SELL

from .helpers import (
    START_HAND,
    everyone_holds,
    free_auctions,
    game,
    illegal,
    one_cow_each,
    one_set_each_deck,
    play,
    poor_auctioneer,
    two_cows_each,
)

# ---------------------------------------------------------------- components


def test_kh_c1_forty_animals_four_of_each_with_the_set_values():
    assert len(rules.ANIMALS) == 10
    assert rules.ANIMAL_VALUES == {
        "rooster": 10,
        "goose": 40,
        "cat": 90,
        "dog": 160,
        "sheep": 250,
        "goat": 350,
        "donkey": 500,
        "pig": 650,
        "cow": 800,
        "horse": 1000,
    }
    g = game(4)
    deck = g.view()["deck"]
    assert len(deck) == 40 and g.view()["deck_size"] == 40
    assert Counter(deck) == Counter({a: 4 for a in rules.ANIMALS})


def test_kh_c1_stacked_animals_go_on_top_in_order():
    g = game(3, ["horse", "rooster", "horse"])
    assert g.view()["deck"][:3] == ["horse", "rooster", "horse"]
    assert Counter(g.view()["deck"]) == Counter({a: 4 for a in rules.ANIMALS})


@pytest.mark.parametrize(
    ("animals", "message"),
    [(["unicorn"], "no animal .unicorn."), (["cow"] * 5, "only 4"), ("cow", "list of animal names")],
)
def test_kh_c1_impossible_stacks_are_config_errors(animals, message):
    with pytest.raises(gamekit.ConfigError, match=message):
        game(3, animals)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_kh_c2_everyone_starts_with_two_0s_four_10s_and_a_50(players):
    g = game(players)
    v = g.view()
    assert v["money"] == [START_HAND] * players
    assert v["money_counts"] == [7] * players
    assert v["money_in_play"] == 90 * players
    # The bank holds the rest of the 55 published cards, enough for every donkey payout.
    bank = Counter(v["bank"])
    assert bank == +Counter(
        {0: 10 - 2 * players, 10: 20 - 4 * players, 50: 10 - players, 100: 5, 200: 5, 500: 5}
    )
    assert sum(rules.MONEY_SUPPLY) == 55


@pytest.mark.parametrize("players", [2, 6])
def test_kh_c2_three_to_five_players(players):
    with pytest.raises(gamekit.ConfigError, match="3 to 5 players"):
        game(players)


def test_kh_c3_money_is_private_its_card_count_and_the_animals_public():
    g = two_cows_each()
    for seat in range(3):
        v = g.view(seat)
        assert v["money"][seat] == START_HAND
        assert all(m is None for s, m in enumerate(v["money"]) if s != seat)
        assert v["money_counts"] == [7, 7, 7]
        assert v["animals"] == [{"cow": 2}, {"cow": 2}, {"horse": 2}]
        assert v["deck"] is None and v["deck_size"] == 34
    assert g.view()["money"] == [START_HAND] * 3  # the teacher sees all


def test_kh_c4_start_player_is_seeded_and_play_goes_clockwise():
    starts = {gamekit.new_game("kuhhandel", 4, seed=s).view()["start_player"] for s in range(20)}
    assert starts == {0, 1, 2, 3}
    g = game(4, first=2)
    assert g.to_act == (2,)
    seen = []
    for _ in range(5):
        seen.append(g.to_act[0])
        free_auctions(g, 1)
    assert seen == [2, 3, 0, 1, 2]


# ------------------------------------------------------------------- a turn


def test_kh_t1_a_turn_is_an_auction_or_a_trade():
    g = two_cows_each()
    legal = [str(a) for a in g.legal_actions(0)]
    assert legal == ["auction", "trade B cow"]
    assert g.legal_actions(1) == []
    illegal(g, 0, "trade C cow", "KH-K1")
    illegal(g, 0, "bid 10", "KH-T1")
    illegal(g, 1, "auction", "KH-T1")


def test_kh_t1_with_an_empty_deck_only_trades_and_a_player_with_nobody_to_trade_is_skipped():
    deck = one_set_each_deck()
    # Card i goes to seat i % 5. Swap B's first card (a cat) with C's (a sheep): B and C then
    # share cats and sheep, while A holds two complete sets and shares nothing.
    assert deck[1] == "cat" and deck[2] == "sheep"
    deck[1], deck[2] = deck[2], deck[1]
    g = game(5, deck)
    free_auctions(g, 40)
    v = g.view()
    assert v["deck_size"] == 0
    assert v["animals"][0] == {"rooster": 4, "goose": 4}
    # A's turn 41 is skipped: nobody holds an animal A holds; B must trade.
    skipped = [e for e in g.log if e["type"] == "skip"]
    assert [(e["seat"], e["turn"]) for e in skipped] == [(0, 41)]
    assert g.to_act == (1,)
    legal = [str(a) for a in g.legal_actions(1)]
    assert "auction" not in legal and legal == ["trade C cat", "trade C sheep"]
    illegal(g, 1, "auction", "KH-T1")


# ----------------------------------------------------------------- auctions


def test_kh_a1_the_top_animal_is_auctioned_and_the_auctioneer_does_not_bid():
    g = game(4, ["pig"])
    events = play(g, "A: auction")
    assert events[0]["type"] == "auction" and events[0]["animal"] == "pig"
    v = g.view()
    assert v["auction"]["animal"] == "pig" and v["auction"]["auctioneer"] == 0
    assert v["auction"]["bidders"] == [1, 2, 3]
    assert g.to_act == (1,)
    illegal(g, 0, "bid 10", "KH-A1")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_kh_a2_donkeys_pay_everyone_50_100_200_500_from_the_bank(players):
    g = game(players, ["donkey"] * 4)
    bank = Counter(g.view()["bank"])
    for number, value in enumerate((50, 100, 200, 500), start=1):
        events = play(g, f"{'ABCDE'[g.to_act[0]]}: auction")
        payout = [e for e in events if e["type"] == "donkey"]
        assert [(e["number"], e["value"]) for e in payout] == [(number, value)]
        assert rules.donkey_payout(number) == value
        v = g.view()
        assert v["donkeys_seen"] == number
        assert all(value in hand for hand in v["money"])
        bank[value] -= players
        assert Counter(v["bank"]) == +bank
        everyone_holds(g)
    v = g.view()
    assert v["money_counts"] == [11] * players
    assert v["money_in_play"] == players * (90 + 850)


def test_kh_a2_a_rerun_pays_no_second_donkey():
    g = game(3, ["donkey"])
    play(g, "A: auction", "B: bid 200", "C: hold")  # B holds 140: a rerun without B (KH-A7)
    assert g.view()["auction"]["run"] == 2
    assert g.view()["donkeys_seen"] == 1
    assert sum(1 for e in g.log if e["type"] == "donkey") == 1


def test_kh_a3_bidding_goes_round_the_table_and_a_hold_is_not_final():
    g = game(4, ["cow"])
    play(g, "A: auction", "B: bid 10", "C: hold", "D: bid 20", "B: hold", "C: bid 30")
    assert g.view()["auction"]["high_bid"] == 30 and g.view()["auction"]["high_bidder"] == 2
    assert g.to_act == (3,)  # after C: D, then B, skipping the high bidder C
    play(g, "D: hold")
    assert g.to_act == (1,)
    play(g, "B: hold")  # every other bidder has held since C's raise
    assert g.phase == "decide" and g.to_act == (0,)


def test_kh_a3_the_high_bidder_is_skipped():
    g = game(4, ["cow"])
    play(g, "A: auction", "B: bid 10", "C: bid 20", "D: hold")
    assert g.to_act == (1,)
    play(g, "B: hold")
    assert g.phase == "decide"
    assert g.view()["auction"]["high_bidder"] == 2


def test_kh_a3_bids_are_multiples_of_10_above_the_current_bid_up_to_the_money_in_play():
    g = game(3, ["cow"])
    play(g, "A: auction")
    legal = [str(a) for a in g.legal_actions(1)]
    assert legal[0] == "hold" and legal[1] == "bid 10" and legal[-1] == "bid 270"
    assert len(legal) == 28
    illegal(g, 1, "bid 15", "KH-A3")
    illegal(g, 1, "bid 0", "KH-A3")
    illegal(g, 1, "bid 280", "KH-A3")
    illegal(g, 1, "pass", "KH-A3")
    play(g, "B: bid 200")  # more than B's 90: allowed, a mistake KH-A7 punishes at the close
    illegal(g, 2, "bid 200", "KH-A3")
    assert [str(a) for a in g.legal_actions(2)][1] == "bid 210"


def test_kh_a3_a_player_holding_only_0s_is_asked_in_turn_and_may_only_hold():
    # Card values are hidden (KH-C3): were B, whose hand is two 0s, skipped, everyone would learn
    # that B holds nothing of value. B is asked like anyone else and may only hold.
    g = game(3, ["cow", "cow", "pig"])
    play(g, "A: auction", "B: bid 90", "C: hold", "A: sell", "B: pay 10,10,10,10,50", "B: auction")
    everyone_holds(g)
    assert g.view()["money"][1] == [0, 0]
    play(g, "C: auction")
    assert g.view(0)["auction"]["bidders"] == [0, 1]
    play(g, "A: hold")
    assert g.to_act == (1,)
    assert g.view(2)["to_act"] == [1]
    assert [str(a) for a in g.legal_actions(1)] == ["hold"]
    message = illegal(g, 1, "bid 10", "KH-A3")
    assert "only 0 cards" in message
    events = play(g, "B: hold")
    assert [e["type"] for e in events] == ["hold", "no_bid", "takes"]


def test_kh_a3_a_player_holding_no_money_cards_is_left_out():
    # How many money cards a hand holds is public (KH-C3), so leaving out a player who holds none
    # tells nobody anything.
    g = game(3, ["cow", "cow", "pig", "horse"])
    free_auctions(g, 3)  # A and B hold a cow each, C a pig
    play(g, "A: trade B cow", "A: offer 0,0,10,10,10,10,50", "B: accept")
    assert g.view(2)["money_counts"][0] == 0
    play(g, "B: auction")
    assert g.view(2)["auction"]["bidders"] == [2]
    message = illegal(g, 0, "bid 10", "KH-A3")
    assert "no money cards" in message


def test_kh_a4_no_bid_the_auctioneer_takes_the_animal_free():
    g = game(3, ["horse"])
    events = play(g, "A: auction", "B: hold", "C: hold")
    assert [e["type"] for e in events] == ["auction", "hold", "hold", "no_bid", "takes"]
    v = g.view()
    assert v["animals"][0] == {"horse": 1}
    assert v["money"] == [START_HAND] * 3
    assert g.to_act == (1,)


def test_kh_a5_sell_the_high_bidder_pays_the_auctioneer():
    g = game(3, ["cow"])
    play(g, "A: auction", "B: bid 60", "C: hold")
    assert [str(a) for a in g.legal_actions(0)] == ["sell", "buy"]
    play(g, "A: sell")
    assert g.phase == "pay" and g.to_act == (1,)
    assert [str(a) for a in g.legal_actions(1)] == ["pay 10,50"]
    play(g, "B: pay 10,50")
    v = g.view()
    assert v["animals"][1] == {"cow": 1}
    assert v["money"][0] == [0, 0, 10, 10, 10, 10, 10, 50, 50]
    assert v["money"][1] == [0, 0, 10, 10, 10]


def test_kh_a5_buy_in_the_auctioneer_pays_the_high_bidder():
    g = game(3, ["cow"])
    play(g, "A: auction", "B: bid 60", "C: hold", "A: buy", "A: pay 10,50")
    v = g.view()
    assert v["animals"][0] == {"cow": 1}
    assert v["money"][0] == [0, 0, 10, 10, 10]
    assert v["money"][1] == [0, 0, 10, 10, 10, 10, 10, 50, 50]
    assert g.stats(0)["buy_ins"] == 1


def test_kh_a5_only_the_auctioneer_decides():
    g = game(3, ["cow"])
    play(g, "A: auction", "B: bid 60", "C: hold")
    illegal(g, 1, "sell", "KH-A5")
    illegal(g, 0, "hold", "KH-A5")


def test_kh_a6_payment_options_exact_where_possible():
    hand = rules.counts_of(START_HAND)
    assert rules.payment_options(hand, 60) == [(10, 50)]
    assert rules.payment_options(hand, 30) == [(10, 10, 10)]
    assert rules.payment_options(hand, 50) == [(50,)]  # four 10s cannot make 50
    hand = rules.counts_of([10, 10, 10, 10, 10, 50, 100])
    assert rules.payment_options(hand, 100) == [(100,), (10, 10, 10, 10, 10, 50)]
    assert rules.payment_options(hand, 300) == []


def test_kh_a6_otherwise_minimal_sets_no_card_could_be_left_out():
    hand = rules.counts_of([0, 50, 50, 100])
    assert rules.payment_options(hand, 60) == [(100,), (50, 50)]
    assert rules.payment_problem(hand, (50, 100), 60) is not None  # the 50 could be left out
    assert rules.payment_problem(hand, (0, 100), 60) is not None  # a 0 adds nothing
    assert rules.payment_problem(hand, (50,), 60) is not None  # too little
    assert rules.payment_problem(hand, (200,), 60) is not None  # not held
    assert rules.payment_problem(hand, (100,), 60) is None
    hand = rules.counts_of([10, 10, 10, 10, 50])
    assert rules.payment_problem(hand, (10, 50), 30) is not None  # 10, 10, 10 pays exactly


def test_kh_a6_every_listed_payment_is_accepted_and_no_other():
    hands = [[10, 10, 50, 50, 100], [0, 50, 200, 500], [10, 10, 10, 10, 10, 10, 50, 100, 200], [50, 50, 50]]
    for cards in hands:
        counts = rules.counts_of(cards)
        subsets = set()
        for mask in range(1 << len(cards)):
            subsets.add(tuple(sorted(c for i, c in enumerate(cards) if mask >> i & 1)))
        for price in range(10, sum(cards) + 20, 10):
            options = set(rules.payment_options(counts, price))
            accepted = {s for s in subsets if rules.payment_problem(counts, s, price) is None}
            assert options == accepted, (cards, price)


def test_kh_a6_overpayment_is_not_refunded():
    g = game(3, ["cow", "pig", "goose"])
    play(g, "A: auction", "B: bid 40", "C: hold", "A: sell", "B: pay 10,10,10,10")
    assert g.view()["money"][1] == [0, 0, 50]
    play(g, "B: auction")
    everyone_holds(g)
    play(g, "C: auction", "A: hold", "B: bid 20", "A: hold", "C: sell")
    assert [str(a) for a in g.legal_actions(1)] == ["pay 50"]
    illegal(g, 1, "pay 0,0", "KH-A6")
    illegal(g, 1, "pay 0,50", "KH-A6")
    play(g, "B: pay 50")
    v = g.view()
    assert v["money"][1] == [0, 0]
    assert v["money"][2] == [0, 0, 10, 10, 10, 10, 50, 50]  # 50 for a price of 20: no change


def test_kh_a6_what_is_paid_is_known_to_payer_and_payee_only():
    g = game(3, ["cow"])
    play(g, "A: auction", "B: bid 60", "C: hold", "A: sell", "B: pay 10,50")
    pay = next(e for e in g.log if e["type"] == "pay")
    receive = next(e for e in g.log if e["type"] == "receive")
    assert pay["private"] == receive["private"] == {"money": [10, 50]}
    assert pay["seat"] == 1 and receive["seat"] == 0
    third = g.log_for(2)
    assert all("private" not in e for e in third)
    assert "10" not in pay["text"].replace("60", "") and "50" not in pay["text"]


def test_kh_a7_helper_an_over_bid_is_a_bid_above_the_money_held():
    hand = rules.counts_of(START_HAND)
    assert not rules.over_bid(hand, 90)
    assert rules.over_bid(hand, 100)
    assert rules.over_bid(rules.counts_of([0, 0]), 10)


def test_kh_a7_an_over_bid_is_caught_when_bidding_closes_before_sell_or_buy_in_is_offered():
    g = game(3, ["cow"])
    events = play(g, "A: auction", "B: bid 100", "C: hold")  # B holds 90
    assert [e["type"] for e in events[-2:]] == ["close", "cannot_pay"]
    assert not [e for e in g.log if e["type"] in ("sell", "buy")]
    assert g.phase == "bidding" and g.to_act == (2,)
    assert g.legal_actions(0) == []  # the auctioneer is never offered to sell or buy in
    illegal(g, 0, "sell", "KH-A1")
    illegal(g, 0, "buy", "KH-A1")


def test_kh_a7_the_over_bidders_money_is_shown_in_every_seats_log():
    g = game(3, ["cow"])
    play(g, "A: auction", "B: bid 100", "C: hold")
    shown = next(e for e in g.log if e["type"] == "cannot_pay")
    assert shown["seat"] == 1 and shown["amount"] == 100 and shown["money"] == START_HAND
    assert "private" not in shown  # a public event: everyone sees the cards
    for seat in range(3):
        seen = next(e for e in g.log_for(seat) if e["type"] == "cannot_pay")
        assert seen["money"] == START_HAND
        assert seen["text"] == (
            "B bid 100 but holds only 90, a mistake the rule punishes: B shows their money "
            "(0, 0, 10, 10, 10, 10, 50) and the auction is run again without them"
        )
        assert seen["rule"] == "KH-A7"


def test_kh_a7_the_auction_is_run_again_without_them():
    g = game(4, ["cow"])
    play(g, "A: auction", "B: bid 20", "C: bid 300", "D: hold", "B: hold")  # C holds 90
    v = g.view()
    assert v["phase"] == "bidding" and v["auction"]["run"] == 2
    assert v["auction"]["excluded"] == [2] and v["auction"]["bidders"] == [1, 3]
    assert v["auction"]["high_bid"] == 0 and v["auction"]["high_bidder"] is None
    assert g.to_act == (1,)  # from the auctioneer's left again, without C
    illegal(g, 2, "bid 10", "KH-A7")
    play(g, "B: bid 10", "D: bid 200", "B: hold")  # D over-bids too: a third run, B alone
    assert g.view()["auction"]["excluded"] == [2, 3] and g.view()["auction"]["run"] == 3
    play(g, "B: bid 10")  # the only bidder left: the auction closes at once
    assert g.phase == "decide" and g.legal_actions(0) == [SELL, BUY]
    assert g.view()["donkeys_seen"] == 0


def test_kh_a7_when_everyone_over_bids_the_auctioneer_takes_the_animal_free():
    g = game(3, ["cow"])
    play(g, "A: auction", "B: bid 100", "C: hold", "C: bid 200")
    assert [e["type"] for e in g.log[-4:]] == ["close", "cannot_pay", "no_bid", "takes"]
    assert g.view()["animals"][0] == {"cow": 1}
    assert g.view()["money"] == [START_HAND] * 3
    assert g.to_act == (1,)


def test_kh_a7_a_buy_in_never_pays_an_over_bidder():
    # A holds 180 and could pay 100; C bids 100 with 90 in hand. The over-bid is caught at the
    # close, so A is never offered the buy-in that would pay C 100 for a bid C could not cover.
    g = game(3, ["cow", "goose", "rooster", "horse"])
    play(g, "A: auction", "B: bid 90", "C: hold", "A: sell", "B: pay 10,10,10,10,50")
    play(g, "B: auction", "C: hold", "A: hold")
    play(g, "C: auction", "A: hold", "B: hold")  # B, with only 0s, may only hold
    money = g.view()["money"]
    assert sum(money[0]) == 180 and sum(money[2]) == 90
    events = play(g, "A: auction", "B: hold", "C: bid 100", "B: hold")  # B, with only 0s, holds
    assert [e["type"] for e in events[-2:]] == ["close", "cannot_pay"]
    assert g.view(1)["auction"]["bidders"] == [1]  # the rerun, without C (KH-A7)
    events = play(g, "B: hold")
    assert [e["type"] for e in events] == ["hold", "no_bid", "takes"]
    assert not [e for e in g.log if e["type"] == "buy"]
    v = g.view()
    assert v["money"] == money  # nobody was paid
    assert v["animals"][0] == {"horse": 1}  # no bid left: A takes it free (KH-A4)


def test_kh_a7_the_auctioneer_may_buy_in_only_if_they_can_pay():
    g = poor_auctioneer()
    assert g.phase == "decide" and [str(a) for a in g.legal_actions(0)] == ["sell"]
    message = illegal(g, 0, "buy", "KH-A7")
    assert "cannot pay 10" in message
    play(g, "A: sell", "B: pay 10")
    assert g.view()["animals"][1] == {"horse": 1}


# ----------------------------------------------------------------- cow trades


def test_kh_k1_a_trade_needs_an_animal_both_own_and_two_against_two_puts_two_at_stake():
    g = two_cows_each()
    events = play(g, "A: trade B cow")
    assert events[0]["stake"] == 2 and g.view()["trade"]["stake"] == 2
    assert rules.stake(2, 2) == 2 and rules.stake(2, 1) == 1 and rules.stake(3, 1) == 1
    g = one_cow_each()
    play(g, "A: trade B cow")
    assert g.view()["trade"]["stake"] == 1


def test_kh_k1_the_guides_two_cases_cover_every_holding_four_cards_allow():
    # Two players who both hold an animal hold 2 and 2, or one of them holds a single card:
    # "three against two" would need five cards of one animal, and there are four (KH-C1).
    holdings = [
        (mine, theirs)
        for mine in range(1, rules.CARDS_PER_ANIMAL)
        for theirs in range(1, rules.CARDS_PER_ANIMAL)
        if mine + theirs <= rules.CARDS_PER_ANIMAL
    ]
    assert sorted(holdings) == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (3, 1)]
    for mine, theirs in holdings:
        both_two, one_single = mine == theirs == 2, 1 in (mine, theirs)
        assert both_two != one_single  # exactly one of the guide's cases applies
        assert rules.stake(mine, theirs) == (2 if both_two else 1)
    # three against one in play: one card at stake
    g = game(3, ["cow", "cow", "goose", "cow", "horse", "goose", "cow", "horse", "goat"])
    free_auctions(g, 9)
    assert g.view()["animals"][0]["cow"] == 3 and g.view()["animals"][1]["cow"] == 1 and g.to_act == (0,)
    play(g, "A: trade B cow")
    assert g.view()["trade"]["stake"] == 1


def test_kh_k1_a_completed_set_cannot_be_challenged():
    g = game(3, ["cow", "horse", "horse", "cow", "horse", "horse", "cow", "goose", "goose", "cow"])
    free_auctions(g, 10)
    assert g.view()["animals"][0] == {"cow": 4}
    assert rules.can_trade(4, 0) is False
    b_legal = [str(a) for a in g.legal_actions(1)]
    assert "trade A cow" not in b_legal and "trade C horse" in b_legal
    illegal(g, 1, "trade A cow", "KH-K1")
    illegal(g, 1, "trade B horse", "KH-K1")


def test_kh_k2_the_offer_is_built_face_down_and_only_its_card_count_is_public():
    g = two_cows_each()
    play(g, "A: trade B cow")
    assert [str(a) for a in g.legal_actions(0)] == ["add 0", "add 10", "add 50", "offer"]
    illegal(g, 0, "add 100", "KH-K2")
    play(g, "A: add 50", "A: add 0")
    assert [str(a) for a in g.legal_actions(0)] == ["add 0", "add 10", "offer"]
    for seat in (1, 2):
        t = g.view(seat)["trade"]
        assert t["building"] is None and t["building_count"] == 2
    assert g.view(0)["trade"]["building"] == [0, 50]
    play(g, "A: offer")
    for seat in (1, 2):
        t = g.view(seat)["trade"]
        assert t["offer"] is None and t["offer_count"] == 2
        assert g.view(seat)["money_counts"][0] == 5
    assert g.view(0)["trade"]["offer"] == [0, 50]
    assert g.to_act == (1,)


def test_kh_k2_an_offer_may_be_no_cards_or_only_zeros_and_has_a_shorthand():
    g = two_cows_each()
    play(g, "A: trade B cow", "A: offer")
    assert g.view()["trade"]["offer"] == [] and g.view()["trade"]["offer_count"] == 0
    g = two_cows_each()
    play(g, "A: trade B cow", "A: offer 0,0")
    assert g.view()["trade"]["offer"] == [0, 0]
    g = two_cows_each()
    play(g, "A: trade B cow", "A: add 10")
    illegal(g, 0, "offer 0,10", "KH-K2")  # the shorthand is for the whole offer
    illegal(g, 0, "offer 100", "KH-K2")


def test_kh_k3_accept_takes_the_offer_and_hands_over_the_animals():
    g = two_cows_each()
    play(g, "A: trade B cow", "A: offer 10,50")
    assert [str(a) for a in g.legal_actions(1)] == ["accept", "add 0", "add 10", "add 50", "counter"]
    events = play(g, "B: accept")
    accept = next(e for e in events if e["type"] == "accept")
    assert accept["private"] == {"money": [10, 50]}
    v = g.view()
    assert v["animals"][0] == {"cow": 4} and v["animals"][1] == {}
    assert v["money"][0] == [0, 0, 10, 10, 10]
    assert v["money"][1] == [0, 0, 10, 10, 10, 10, 10, 50, 50]
    assert v["last_trade"]["outcome"] == "accepted"
    assert g.view(2)["last_trade"]["offer"] is None
    assert g.view(1)["last_trade"]["offer"] == [10, 50]


def test_kh_k3_the_partner_counters_and_cannot_accept_after_adding_a_card():
    g = two_cows_each()
    play(g, "A: trade B cow", "A: offer 10", "B: add 50")
    assert [str(a) for a in g.legal_actions(1)] == ["add 0", "add 10", "counter"]
    illegal(g, 1, "accept", "KH-K3")
    illegal(g, 1, "offer", "KH-K3")
    illegal(g, 0, "add 10", "KH-K3")


def test_kh_k4_offers_are_swapped_and_the_higher_total_takes_the_animals():
    g = two_cows_each()
    events = play(g, "A: trade B cow", "A: offer 0,0,10", "B: counter 10,10")
    won = next(e for e in events if e["type"] == "trade_won")
    assert won["seat"] == 1 and won["loser"] == 0 and won["count"] == 2
    v = g.view()
    assert v["animals"][1] == {"cow": 4} and v["animals"][0] == {}
    assert v["money"][0] == [10, 10, 10, 10, 10, 50]  # A gave 0,0,10 and got B's 10,10
    assert v["money"][1] == [0, 0, 0, 0, 10, 10, 10, 50]  # B gave 10,10 and got A's 0,0,10
    assert rules.trade_outcome((0, 0, 10), (10, 10)) == "partner"


def test_kh_k4_other_players_learn_only_who_won():
    g = two_cows_each()
    play(g, "A: trade B cow", "A: offer 0,0,10", "B: add 10", "B: add 10", "B: counter")
    c = g.view(2)
    assert c["money"][0] is None and c["money"][1] is None
    assert c["money_counts"] == [6, 8, 7]
    assert c["last_trade"]["offer"] is None and c["last_trade"]["counter"] is None
    assert c["last_trade"]["winner"] == 1
    for e in g.log_for(2):
        assert "private" not in e or e["seat"] == 2
    looks = [e for e in g.log if e["type"] == "look"]
    assert {e["seat"]: e["private"]["money"] for e in looks} == {0: [10, 10], 1: [0, 0, 10]}
    for seat in (0, 1):
        assert g.view(seat)["last_trade"]["offer"] == [0, 0, 10]
        assert g.view(seat)["last_trade"]["counter"] == [10, 10]


def test_kh_k5_a_tie_is_repeated_once_then_the_active_player_takes_the_animals_free():
    g = one_cow_each()
    events = play(g, "A: trade B cow", "A: offer 10", "B: counter 10")
    tie = next(e for e in events if e["type"] == "tie")
    assert tie["round"] == 1
    v = g.view()
    assert v["money"][:2] == [START_HAND, START_HAND]  # each took back their own offer
    assert v["phase"] == "offer" and v["trade"]["round"] == 2 and g.to_act == (0,)
    events = play(g, "A: offer 0", "B: counter")
    assert next(e for e in events if e["type"] == "tie")["round"] == 2
    v = g.view()
    assert v["animals"][0] == {"cow": 2} and v["animals"][1] == {}
    assert v["money"][:2] == [START_HAND, START_HAND]
    assert g.to_act == (1,)


def test_kh_k5_after_a_tie_the_partner_may_accept_the_second_offer():
    g = one_cow_each()
    play(g, "A: trade B cow", "A: offer 0,50", "B: counter 50")
    assert g.phase == "offer" and g.view()["trade"]["round"] == 2
    assert g.to_act == (0,)
    play(g, "A: offer 10")
    assert str(g.legal_actions(1)[0]) == "accept"
    play(g, "B: accept")
    assert g.view()["animals"][0] == {"cow": 2}
    assert g.view()["money"][1] == [0, 0, 10, 10, 10, 10, 10, 50]


# ------------------------------------------------------------------ the end


def test_kh_e1_the_game_ends_when_every_animal_is_a_complete_set():
    g = game(5, one_set_each_deck())
    free_auctions(g, 39)
    assert not g.is_over
    free_auctions(g, 1)
    assert g.is_over and g.phase == "over"
    assert g.result()["finished"] is True
    assert g.log[-1]["type"] == "end"
    assert rules.game_complete(g.animals)
    illegal(g, 0, "auction", "KH-E1")


def test_kh_e2_score_is_the_sum_of_completed_sets_times_their_number():
    g = game(5, one_set_each_deck())
    free_auctions(g, 40)
    result = g.result()
    assert result["scores"] == [100, 500, 1200, 2300, 3600]
    assert result["ranks"] == [5, 4, 3, 2, 1] and result["winners"] == [4]
    assert rules.score({"cow": 4, "horse": 4, "pig": 3}) == 3600
    assert rules.score({"cow": 3}) == 0


def test_kh_e2_ties_share_the_place():
    assert rules.ranks([500, 500, 100]) == [1, 1, 3]


def test_kh_e3_money_is_conserved_except_the_donkey_payouts():
    g = game(4, seed=3)
    gamekit.play(g, "random")
    v = g.view()
    assert Counter(c for hand in v["money"] for c in hand) + Counter(v["bank"]) == Counter(
        dict(zip(rules.MONEY_VALUES, rules.MONEY_SUPPLY, strict=True))
    )
    assert sum(map(sum, v["money"])) == 4 * 90 + 4 * sum(rules.DONKEY_PAYOUTS[: v["donkeys_seen"]])


def test_kh_e4_the_turn_limit_stops_the_game_unfinished():
    assert DEFAULT_MAX_TURNS == 1000
    g = game(3, max_turns=3)
    free_auctions(g, 3)
    assert g.is_over and g.view()["turn"] == 3
    result = g.result()
    assert result["finished"] is False and result["winners"] == []
    assert g.log[-1]["type"] == "stopped"
    illegal(g, 0, "auction", "KH-E4")
    with pytest.raises(gamekit.ConfigError, match="max_turns"):
        game(3, max_turns=0)
    with pytest.raises(gamekit.ConfigError, match="max_turns"):
        game(3, max_turns=None)


def test_kh_e4_the_declared_bound_holds_for_the_longest_auctions():
    g = game(5, ["cow"])
    bound = g.max_decisions
    assert bound >= DEFAULT_MAX_TURNS
    # Raising by 10 each time up to the cap: the longest run of one auction.
    play(g, "A: auction")
    steps = 1
    while g.phase == "bidding":
        legal = g.legal_actions(g.to_act[0])
        g.act(g.to_act[0], legal[1] if len(legal) > 1 else legal[0])
        steps += 1
    assert steps < bound // DEFAULT_MAX_TURNS


# -------------------------------------------------------------- the surface


@pytest.mark.parametrize(
    "text",
    ["", "bid", "bid x", "bid -10", "pay", "pay ten", "trade cow", "trade B unicorn", "offer ,", "AUCTION"],
)
def test_unreadable_text_is_refused_naming_a_rule(text):
    g = game(3)
    illegal(g, 0, text, "KH-T1")


def test_money_cards_that_do_not_exist_are_refused():
    g = two_cows_each()
    play(g, "A: trade B cow")
    illegal(g, 0, "add 20", "KH-C2")
    illegal(g, 0, "offer 20", "KH-C2")


def test_canonical_texts_parse_back():
    g = game(3)
    assert str(g.parse_action("counter 50,10")) == "counter 10,50"
    assert str(g.parse_action("pay 50, 10,10")) == "pay 10,10,50"
    assert str(g.parse_action("trade B cow")) == "trade B cow"
    for text in ("auction", "hold", "sell", "buy", "accept", "offer", "counter", "bid 40", "add 0"):
        assert str(g.parse_action(text)) == text


def test_seats_not_to_act_get_a_message_naming_the_rule():
    g = game(3, ["cow"])
    illegal(g, 1, "auction", "KH-T1")
    play(g, "A: auction")
    illegal(g, 2, "hold", "KH-A3")
    play(g, "B: bid 10")
    illegal(g, 1, "bid 20", "KH-A3")
    illegal(g, 7, "hold", "KH-C4")


def test_narration_never_names_private_money():
    g = two_cows_each()
    play(g, "A: trade B cow", "A: add 50", "A: add 0", "A: offer", "B: counter 10,10")
    texts = [e["text"] for e in g.log if e["type"] in ("add", "offer", "counter", "look", "trade_won")]
    assert texts == [
        "A puts a card face down (1 so far)",
        "A puts a card face down (2 so far)",
        "A offers 2 cards face down",
        "B counters with 2 cards face down",
        "A looks at the 2 cards B offered",
        "B looks at the 2 cards A offered",
        "A wins the cow trade against B",
    ]


def test_stats_count_what_happened():
    g = game(3, ["cow"])
    play(g, "A: auction", "B: bid 60", "C: hold", "A: sell", "B: pay 10,50")
    assert g.stats(1)["auctions_won"] == 1 and g.stats(1)["paid"] == 60
    assert g.stats(0)["received"] == 60 and g.stats(0)["money_left"] == 150


def test_saved_games_with_shorthand_steps_load_and_tampering_is_refused():
    g = two_cows_each()
    play(g, "A: trade B cow", "A: offer 0,10", "B: counter 50,10")
    assert g.history[-2:] == [(0, "offer 0,10"), (1, "counter 10,50")]
    loaded = gamekit.load_game(g.to_json())
    assert loaded.to_json() == g.to_json() and loaded.log == g.log
    saved = json.loads(g.to_json())
    saved["state"]["money"][0].append(500)
    with pytest.raises(gamekit.LoadError, match=r"KH-E3"):
        gamekit.load_game(json.dumps(saved))
    saved = json.loads(g.to_json())
    saved["state"]["animals"][2]["cow"] = 1
    with pytest.raises(gamekit.LoadError, match=r"5 cow cards, not 4 \(KH-C1\)"):
        gamekit.load_game(json.dumps(saved))
    saved = json.loads(g.to_json())
    saved["state"]["money"][1][0] = 20
    with pytest.raises(gamekit.LoadError, match=r"not a money card \(KH-C2\)"):
        gamekit.load_game(json.dumps(saved))
