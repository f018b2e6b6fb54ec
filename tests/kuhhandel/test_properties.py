"""Property tests of Kuhhandel: conservation, termination, and what views and logs hide.

Hypothesis draws a set-up (players, seed, turn limit) and a list of choice
indices; the game is driven by ``legal[idx % len(legal)]`` (then always the
first legal action — hold, sell, accept, the cheapest payment — once the list
runs out), and every property is checked at every step through the public API.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import gamekit
from gamekit.games.kuhhandel import rules

from .helpers import START_HAND, two_cows_each

NAME = "kuhhandel"
SUPPLY = Counter(dict(zip(rules.MONEY_VALUES, rules.MONEY_SUPPLY, strict=True)))
SETTINGS = settings(max_examples=30, deadline=None)


@dataclass(frozen=True)
class Setup:
    players: int
    seed: int
    max_turns: int
    choices: tuple[int, ...]

    def new_game(self) -> gamekit.Game:
        return gamekit.new_game(NAME, self.players, seed=self.seed, options={"max_turns": self.max_turns})


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    return Setup(
        players=draw(st.integers(3, 5)),
        seed=draw(st.integers(min_value=0, max_value=2**63 - 1)),
        max_turns=draw(st.sampled_from([1, 7, 40, 120, 1000])),
        choices=draw(st.lists(st.integers(min_value=0, max_value=2**16), max_size=400).map(tuple)),
    )


def step(game: gamekit.Game, idx: int) -> None:
    seat = game.to_act[0]
    legal = game.legal_actions(seat)
    game.act(seat, legal[idx % len(legal)])


def drive(game: gamekit.Game, choices: tuple[int, ...], check: Callable[[gamekit.Game], None]) -> int:
    decisions = 0
    check(game)
    while not game.is_over:
        step(game, choices[decisions] if decisions < len(choices) else 0)
        decisions += 1
        check(game)
    return decisions


def on_table(view: dict) -> list[int]:
    """Money lying face down in a cow trade: the active player's sealed offer."""
    trade = view["trade"]
    return list(trade["offer"]) if trade and trade["offer"] is not None else []


# KH-C2, KH-A2, KH-A6, KH-K3, KH-K4, KH-E3: money cards only change hands; the bank pays out
# donkeys; players hold the starting money plus the payouts.
@SETTINGS
@given(setups())
def test_money_is_conserved(setup: Setup) -> None:
    start = setup.players * sum(START_HAND)

    def check(game: gamekit.Game) -> None:
        view = game.view()
        held = [c for hand in view["money"] for c in hand] + on_table(view)
        assert Counter(held) + Counter(view["bank"]) == SUPPLY
        payouts = setup.players * sum(rules.DONKEY_PAYOUTS[: view["donkeys_seen"]])
        assert sum(held) == start + payouts == view["money_in_play"]
        assert view["money_counts"] == [len(hand) for hand in view["money"]]

    drive(setup.new_game(), setup.choices, check)


# KH-A7: an over-bid is caught at the close, so the auctioneer only ever chooses (and anyone only
# ever pays) with a high bid the high bidder can cover, and may buy in only when they can pay.
@SETTINGS
@given(setups())
def test_kh_a7_no_over_bid_reaches_the_auctioneers_choice(setup: Setup) -> None:
    def check(game: gamekit.Game) -> None:
        view = game.view()
        auction = view["auction"]
        if view["phase"] in ("decide", "pay") and auction is not None:
            assert sum(view["money"][auction["high_bidder"]]) >= auction["high_bid"]
            buy = [str(a) for a in game.legal_actions(auction["auctioneer"])].count("buy")
            assert buy == (
                view["phase"] == "decide" and sum(view["money"][auction["auctioneer"]]) >= auction["high_bid"]
            )

    drive(setup.new_game(), setup.choices, check)


# KH-C1, KH-A1, KH-A4, KH-A5, KH-K3, KH-K4, KH-K5: every animal card is in exactly one place.
@SETTINGS
@given(setups())
def test_animal_cards_are_conserved(setup: Setup) -> None:
    def check(game: gamekit.Game) -> None:
        view = game.view()
        cards: Counter[str] = Counter(view["deck"])
        for held in view["animals"]:
            assert all(0 < c <= 4 for c in held.values())
            cards.update(held)
        if view["auction"]:
            cards[view["auction"]["animal"]] += 1
        assert cards == Counter({a: 4 for a in rules.ANIMALS})
        assert view["deck_size"] == len(view["deck"])
        assert game.state_problems(view) == []

    drive(setup.new_game(), setup.choices, check)


# KH-E1, KH-E4: every game ends by its rules, or stops at the turn limit reported unfinished;
# never beyond the declared bound.
@SETTINGS
@given(setups())
def test_every_game_ends_or_is_reported_unfinished(setup: Setup) -> None:
    game = setup.new_game()
    decisions = drive(game, setup.choices, lambda g: None)
    assert game.is_over and decisions <= game.max_decisions
    result = game.result()
    view = game.view()
    if result["finished"]:
        assert view["deck_size"] == 0 and rules.game_complete(game.animals)
        assert result["winners"]
    else:
        assert view["turn"] == setup.max_turns and result["winners"] == []
        assert game.log[-1]["type"] == "stopped"


# KH-E1: any mix of the shipped bots ends the game by its own end, far below the safety limit of
# KH-E4 (1,000 turns). The most any of 3,528 random mixes took was 77 turns; before the bots
# settled animals once the deck was empty, 1 game in about 440 of bluffer against buyin (3 players)
# passed a card round the table to the limit.
SHIPPED_BOTS = ("value", "buyin", "bluffer", "cowtrader", "random")
SETTLES_WITHIN = 250  # turns


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(3, 5),
    bots=st.lists(st.sampled_from(SHIPPED_BOTS), min_size=5, max_size=5),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_kh_e1_every_game_of_shipped_bots_ends_by_the_rules(players: int, bots: list[str], seed: int) -> None:
    game = gamekit.new_game(NAME, players, seed=seed)
    result = gamekit.play(game, bots[:players])
    assert result["finished"] and rules.game_complete(game.animals)
    assert game.view()["turn"] <= SETTLES_WITHIN


@pytest.mark.parametrize(
    ("seed", "bots"),
    [
        (149, ("bluffer", "buyin", "buyin")),
        (168, ("buyin", "buyin", "bluffer")),
        (693, ("bluffer", "buyin", "bluffer")),
    ],
)
def test_kh_e1_games_that_once_traded_to_the_turn_limit_now_end(seed: int, bots: tuple[str, ...]) -> None:
    # These games passed a goat or a dog between three holders until turn 1,000.
    game = gamekit.new_game(NAME, 3, seed=seed)
    assert gamekit.play(game, list(bots))["finished"]
    assert game.view()["turn"] <= SETTLES_WITHIN


# KH-C4: the seed fixes the shuffle and the start player; the choices fix the rest.
@SETTINGS
@given(setups())
def test_same_seed_and_choices_give_the_same_game(setup: Setup) -> None:
    first, second = setup.new_game(), setup.new_game()
    drive(first, setup.choices, lambda g: None)
    drive(second, setup.choices, lambda g: None)
    assert first.log == second.log
    assert first.to_json() == second.to_json()


# KH-C3, KH-K2, KH-K4, KH-A6: no seat sees another's money, an offer it is not party to, or the
# deck; the log it reads holds only its own private parts.
@SETTINGS
@given(setups())
def test_seat_views_leak_nothing(setup: Setup) -> None:
    def check(game: gamekit.Game) -> None:
        teacher = game.view()
        trade, last = teacher["trade"], teacher["last_trade"]
        for p in range(setup.players):
            view = game.view(p)
            assert [m is not None for m in view["money"]] == [s == p for s in range(setup.players)]
            assert view["deck"] is None
            if trade:
                if p != trade["active"]:
                    assert view["trade"]["offer"] is None
                if p not in game.to_act:
                    assert view["trade"]["building"] is None
                assert view["trade"]["offer_count"] == trade["offer_count"]
            if last and p not in (last["active"], last["partner"]):
                assert view["last_trade"]["offer"] is None and view["last_trade"]["counter"] is None
        if game.is_over or len(game.log) % 7 == 0:  # the log check is quadratic: sample it
            log = game.log
            for p in range(setup.players):
                for event, seen in zip(log, game.log_for(p), strict=True):
                    if event["seat"] != p:
                        assert "private" not in seen
                    else:
                        assert seen == event

    drive(setup.new_game(), setup.choices[:150], check)


def offers_of(size: int) -> st.SearchStrategy[tuple[int, ...]]:
    """Two different offers of ``size`` cards from a starting hand."""
    return st.permutations(START_HAND).map(lambda cards: tuple(sorted(cards[:size])))


@st.composite
def twin_offers(draw: st.DrawFn) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...] | None]:
    size = draw(st.integers(0, 7))
    one, two = draw(offers_of(size)), draw(offers_of(size))
    counter = draw(
        st.none()
        | st.permutations(START_HAND).flatmap(lambda c: st.integers(0, 7).map(lambda k: tuple(sorted(c[:k]))))
    )
    return one, two, counter


# KH-K2, KH-K4: two offers of the same number of cards look the same to the third player, before
# and after the partner answers (unless the answer makes a different trader win, which is public).
@settings(max_examples=60, deadline=None)
@given(twin_offers())
def test_offers_are_invisible_to_third_players(offers) -> None:
    one_offer, two_offer, counter = offers
    if counter is not None:
        assume(rules.trade_outcome(one_offer, counter) == rules.trade_outcome(two_offer, counter))
    one, two = two_cows_each(), two_cows_each()
    for g, offer in ((one, one_offer), (two, two_offer)):
        g.act(0, "trade B cow")
        for card in offer:
            g.act(0, f"add {card}")
        g.act(0, "offer")

    def same_for_c() -> None:
        assert one.view(2) == two.view(2)
        assert [e["text"] for e in one.log_for(2)] == [e["text"] for e in two.log_for(2)]
        assert one.log_for(2) == two.log_for(2)

    same_for_c()
    assert one.view(1)["trade"]["offer"] is None  # the partner has not seen it yet either
    answer = "accept" if counter is None else "counter " + ",".join(map(str, counter))
    if counter == ():
        answer = "counter"
    one.act(1, answer)
    two.act(1, answer)
    same_for_c()


hands = st.lists(st.sampled_from(rules.MONEY_VALUES), max_size=10)


# KH-A6: the listed payments are exactly the sensible ones among every subset of the hand.
@settings(max_examples=200, deadline=None)
@given(hands, st.integers(1, 120).map(lambda k: 10 * k))
def test_payment_options_are_exactly_the_sensible_subsets(cards: list[int], price: int) -> None:
    counts = rules.counts_of(cards)
    subsets = {
        tuple(sorted(c for i, c in enumerate(cards) if mask >> i & 1)) for mask in range(1 << len(cards))
    }
    sensible = {s for s in subsets if rules.payment_problem(counts, s, price) is None}
    options = rules.payment_options(counts, price)
    assert len(options) == len(set(options))
    assert set(options) == sensible
    assert bool(options) == (rules.money_total(counts) >= price)
    exact = [s for s in subsets if sum(s) == price]
    if exact:
        assert all(sum(o) == price for o in options)


def test_kh_a6_payment_choices_stay_short_even_with_every_money_card():
    every_card = list(rules.MONEY_SUPPLY)
    longest = max(len(rules.payment_options(every_card, price)) for price in range(10, 4710, 10))
    assert longest <= 250  # 202 ways to pay 2,000 exactly: legal_actions stays short
