"""Property tests of Money Monsoon: points balance, games end, sealed bids stay sealed, seeds replay.

Hypothesis draws a set-up (players, every rule option, a seed) and a list of
choice indices; the game is driven by ``legal[idx % len(legal)]``. Once the list
runs out, each seat bids its seat number + 1 (capped by what it may bid) and
movers take the first legal move (pawn a forward when it can), a policy under
which bids rarely all tie and pawns advance, so games end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import gamekit
from gamekit.auctions import lowest_unique_bidder, second_price
from gamekit.games.money_monsoon.rules import auction_outcome, repayment

NAME = "money_monsoon"
START_POINTS = 400  # MM-C1
SETTINGS = settings(max_examples=40, deadline=None)
HARD_CAP = 20_000  # a test that fails beats a test that hangs


@dataclass(frozen=True)
class Setup:
    players: int
    options: dict[str, Any]
    seed: int
    choices: tuple[int, ...]

    def new_game(self, seed: int | None = None) -> gamekit.Game:
        return gamekit.new_game(
            NAME, self.players, seed=self.seed if seed is None else seed, options=self.options
        )


choice_lists = st.lists(st.integers(min_value=0, max_value=2**16), max_size=200).map(tuple)


@st.composite
def setups(draw: st.DrawFn, max_turns: st.SearchStrategy | None = None) -> Setup:
    options = {
        "track_length": draw(st.integers(2, 30)),
        "top_tie": draw(st.sampled_from(["void", "seat"])),
        "all_void": draw(st.sampled_from(["lapse", "rebid"])),
        "exact_goal": draw(st.booleans()),
        "double_finish": draw(st.sampled_from(["first", "split"])),
        "auctioneer": draw(st.sampled_from(["may", "must"])),
        "broke_bids": draw(st.sampled_from(["borrow", "points"])),
        "max_turns": draw(max_turns if max_turns is not None else st.integers(1, 80)),
    }
    return Setup(
        players=draw(st.integers(4, 6)),
        options=options,
        seed=draw(st.integers(min_value=0, max_value=2**63 - 1)),
        choices=draw(choice_lists),
    )


def fallback(game: gamekit.Game, seat: int) -> gamekit.Action:
    legal = game.legal_actions(seat)
    if legal[0].kind == "move":
        return legal[0]
    return legal[min(seat + 1, len(legal) - 1)]


def drive(game: gamekit.Game, choices: tuple[int, ...], check: Callable[[gamekit.Game], None]) -> int:
    """Play to the end, calling ``check`` on every state (first and last included); the decisions."""
    decisions = 0
    check(game)
    while not game.is_over:
        assert decisions < HARD_CAP, f"{game!r} did not end within {HARD_CAP} decisions"
        to_act = game.to_act
        if decisions < len(choices):
            idx = choices[decisions]
            seat = to_act[idx % len(to_act)]
            legal = game.legal_actions(seat)
            game.act(seat, legal[(idx // len(to_act)) % len(legal)])
        else:
            seat = to_act[0]
            game.act(seat, fallback(game, seat))
        decisions += 1
        check(game)
    return decisions


def no_check(game: gamekit.Game) -> None:
    pass


# MM-C1, MM-A4, MM-M3, MM-E2, MM-E4: every point that moves comes from another account. The bank's
# balance (what it received minus what it paid out, loans included) and the players' points always
# add up to 400 per player; the loans the players owe are exactly what the bank lent, and the bank's
# balance plus those loans moves only by prices paid to the bank, bonuses and interest.
@SETTINGS
@given(setups())
def test_points_bank_and_debt_balance(setup: Setup) -> None:
    total = setup.players * START_POINTS

    def check(game: gamekit.Game) -> None:
        view = game.view()
        points, debt, bank = view["points"], view["debt"], view["bank"]
        assert game.state_problems(view) == []
        assert sum(points) + bank == total
        assert all(d >= 0 for d in debt)
        if view["phase"] != "over" or not view["finished"]:
            assert all(p >= 0 for p in points), points
            assert debt == view["borrowed"]  # nothing is repaid before the end (MM-E4)
        else:
            assert debt == [0] * setup.players
            assert view["repaid"] == [repayment(b) for b in view["borrowed"]]
        log = game.log
        to_bank = sum(e["price"] for e in log if e["type"] == "reveal" and e["payee"] is None)
        bonuses = sum(sum(e["bonuses"]) for e in log if e["type"] == "bonuses")
        interest = sum(e["paid"] - e["debt"] for e in log if e["type"] == "repay")
        assert bank + sum(debt) == to_bank - bonuses + interest
        assert sum(view["borrowed"]) == sum(e["amount"] for e in log if e["type"] == "borrow")

    drive(setup.new_game(), setup.choices, check)


# MM-E1, MM-E6: a game ends at the goal, or stops unfinished at max_turns, within its declared bound.
@SETTINGS
@given(setups(max_turns=st.one_of(st.none(), st.integers(1, 80))))
def test_every_game_ends_or_is_reported_unfinished_at_max_turns(setup: Setup) -> None:
    game = setup.new_game()
    bound = game.max_decisions
    decisions = drive(game, setup.choices, no_check)
    assert game.is_over and decisions <= bound
    view, result = game.view(), game.result()
    turns = setup.options["max_turns"]
    goal = setup.options["track_length"]
    reached = any(goal in pair for pair in view["pawns"])
    assert result["finished"] == reached == view["finished"]
    if not reached:
        assert turns is not None and view["turn"] == turns
        assert result["winners"] == []
        assert game.log[-1]["type"] == "stopped"
    else:
        assert turns is None or view["turn"] <= turns
        assert result["winners"] and game.log[-1]["type"] == "end"


# MM-A2: a sealed bid is invisible to every other seat until the reveal: two games that differ only
# in one seat's bid look the same to every other seat, in view, log and legal actions, until all
# have bid; the bidder and the teacher see the difference.
@SETTINGS
@given(setups(), st.integers(0, 2**16), st.integers(0, 2**16))
def test_a_sealed_bid_is_invisible_to_other_seats_until_the_reveal(
    setup: Setup, pick: int, other: int
) -> None:
    game = setup.new_game()
    # Play up to 60 of the choices, then on to the next bidding step with two or more seats waiting.
    for idx in setup.choices[:60]:
        if game.is_over:
            return
        to_act = game.to_act
        seat = to_act[idx % len(to_act)]
        legal = game.legal_actions(seat)
        game.act(seat, legal[(idx // len(to_act)) % len(legal)])
    while not game.is_over and (game.view()["phase"] != "bid" or len(game.to_act) < 2):
        game.act(game.to_act[0], fallback(game, game.to_act[0]))
    if game.is_over:
        return
    q = game.to_act[pick % len(game.to_act)]
    legal = game.legal_actions(q)
    if len(legal) < 2:
        return
    a1 = legal[pick % len(legal)]
    a2 = legal[(pick + 1 + other % (len(legal) - 1)) % len(legal)]
    one, two = game.copy(), game.copy()
    one.act(q, a1)
    two.act(q, a2)
    while True:
        assert one.to_act == two.to_act
        for p in range(setup.players):
            if p == q:
                continue
            assert one.view(p) == two.view(p), f"seat {p} sees seat {q}'s sealed bid"
            assert one.log_for(p) == two.log_for(p)
            assert one.legal_actions(p) == two.legal_actions(p)
            assert one.view(p)["bids"][q] is None and one.view(p)["bid_range"][q] is None
        assert one.view(q) != two.view(q) and one.view() != two.view()
        waiting = [s for s in one.to_act if s != q]
        if len(one.to_act) < 2 or not waiting:
            break  # the next bid would be the last one: the reveal
        r = waiting[0]
        action = fallback(one, r)
        one.act(r, action)
        two.act(r, action)


# MM-C3, MM-A1: the seed fixes the first auctioneer and every roll; the choices fix the rest.
@SETTINGS
@given(setups())
def test_same_seed_and_choices_give_the_same_game(setup: Setup) -> None:
    first, second = setup.new_game(), setup.new_game()
    drive(first, setup.choices, no_check)
    drive(second, setup.choices, no_check)
    assert first.log == second.log
    assert first.to_json() == second.to_json()


# MM-A2, MM-E4: seat views hide only other seats' sealed bids and bid ranges; points, debts, pawns
# and the roll are public; a seat's log never carries another seat's private detail.
@SETTINGS
@given(setups())
def test_seat_views_leak_nothing(setup: Setup) -> None:
    public = ("points", "debt", "pawns", "roll", "active", "phase", "bank", "winner", "price", "turn")

    def check(game: gamekit.Game) -> None:
        teacher = game.view()
        teacher_log = game.log
        for p in range(setup.players):
            view = game.view(p)
            for key in public:
                assert view[key] == teacher[key], key
            if teacher["phase"] == "bid":
                for q in range(setup.players):
                    if q != p:
                        assert view["bids"][q] is None, f"seat {p} sees seat {q}'s sealed bid"
                        assert view["bid_range"][q] is None
                    else:
                        assert view["bids"][q] == teacher["bids"][q]
            else:
                assert view["bids"] == teacher["bids"]
            for event, seen in zip(teacher_log, game.log_for(p), strict=True):
                if event["seat"] != p:
                    assert "private" not in seen, f"seat {p} reads another seat's private event {seen}"
                else:
                    assert seen == event

    drive(setup.new_game(), setup.choices[:120], check)


# MM-A2: an auctioneer that sits out takes no part: the auction is the one of the others' bids.
@given(
    st.lists(st.integers(0, 6), min_size=3, max_size=5), st.integers(0, 5), st.sampled_from(["void", "seat"])
)
def test_mm_a2_sitting_out_prices_the_auction_among_the_others_only(others, where, top_tie):
    where = where % (len(others) + 1)
    bids = [*others[:where], None, *others[where:]]
    seats = [s for s in range(len(bids)) if s != where]
    order = [(where + k) % len(bids) for k in range(len(bids))]
    winner, price, free = auction_outcome(bids, order if top_tie == "seat" else None, top_tie, halved=True)
    alone, alone_price = second_price(others, [seats.index(s) for s in order if s != where], top_tie)
    if alone is None:
        assert (winner, price, free) == (None, 0, None)
    else:
        assert (winner, price) == (seats[alone], alone_price) and winner != where
        assert free == seats[lowest_unique_bidder(others, alone)] and free != where
