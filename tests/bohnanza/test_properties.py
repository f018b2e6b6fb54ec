"""Property tests of Bohnanza: the 104 cards, hand order, the third exhaustion, what views hide.

Hypothesis draws a set-up (players, the three options, a seed) and a list of
choice indices; the game is driven by ``legal[idx % len(legal)]`` and, once the
list runs out, by a generator seeded from the set-up, so every game is played
to its end. Every property is checked at every step.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import gamekit
from gamekit.games.bohnanza.rules import BEAN_COUNTS

from .cards import all_cards

SETTINGS = settings(max_examples=12, deadline=None)


@dataclass(frozen=True)
class Setup:
    players: int
    third_field_cost: int
    three_fields_at_start: bool
    proposals_per_turn: int | None
    seed: int
    choices: tuple[int, ...]

    @property
    def options(self) -> dict[str, Any]:
        return {
            "third_field_cost": self.third_field_cost,
            "three_fields_at_start": self.three_fields_at_start,
            "proposals_per_turn": self.proposals_per_turn,
        }

    def new_game(self) -> gamekit.Game:
        return gamekit.new_game("bohnanza", self.players, seed=self.seed, options=self.options)


setups = st.builds(
    Setup,
    players=st.integers(3, 5),
    third_field_cost=st.integers(0, 4),
    three_fields_at_start=st.booleans(),
    proposals_per_turn=st.one_of(st.none(), st.integers(0, 5)),  # BO-T4: None is no limit
    seed=st.integers(0, 2**32),
    choices=st.lists(st.integers(0, 10**6), max_size=300).map(tuple),
)


def steps(setup: Setup):
    """Yield (game, seat, action) before every action of the game the set-up describes."""
    g = setup.new_game()
    rng = random.Random(setup.seed)
    i = 0
    while not g.is_over:
        seat = g.to_act[0]
        legal = g.legal_actions(seat)
        index = setup.choices[i] if i < len(setup.choices) else int(rng.random() * 10**6)
        i += 1
        yield g, seat, legal[index % len(legal)]


def is_subsequence(part: list[str], whole: list[str]) -> bool:
    it = iter(whole)
    return all(card in it for card in part)


@SETTINGS
@given(setups)
def test_bo_e2_the_104_cards_are_always_all_accounted_for(setup):
    for g, seat, action in steps(setup):
        view = g.view()
        assert all_cards(view) == Counter(BEAN_COUNTS)
        assert view["coins"] == [len(c) for c in view["coin_cards"]]
        assert view["hand_sizes"] == [len(h) for h in view["hands"]]
        assert view["deck_size"] == len(view["deck"]) and view["discard_size"] == len(view["discard"])
        g.act(seat, action)
    assert all_cards(g.view()) == Counter(BEAN_COUNTS)
    assert all(f is None for fields in g.view()["fields"] for f in fields)  # BO-E1: all harvested


@SETTINGS
@given(setups)
def test_bo_c2_the_cards_left_in_a_hand_keep_their_relative_order(setup):
    for g, seat, action in steps(setup):
        before = g.view()["hands"]
        events = list(g.act(seat, action))
        after = g.view()["hands"]
        for s in range(g.players):
            drawn = [
                c for e in events if e["type"] == "draw" and e["seat"] == s for c in e["private"]["cards"]
            ]
            kept = after[s][: len(after[s]) - len(drawn)]
            assert after[s][len(kept) :] == drawn  # new cards only ever at the back (BO-T6)
            assert is_subsequence(kept, before[s]), (before[s], after[s], str(action))


@SETTINGS
@given(setups)
def test_bo_d2_every_game_ends_at_the_third_exhaustion(setup):
    game = None
    for decisions, (g, seat, action) in enumerate(steps(setup), start=1):
        game = g
        assert g.view()["exhaustions"] < 3
        assert decisions <= g.max_decisions
        g.act(seat, action)
    assert game is not None and game.is_over
    view, result = game.view(), game.result()
    assert view["exhaustions"] == 3 and view["phase"] == "over"
    assert result["finished"] is True and result["winners"]
    exhausted = [e for e in game.log if e["type"] == "exhausted"]
    assert [e["count"] for e in exhausted] == [1, 2, 3]
    assert [e["ends"] for e in exhausted] == [False, False, True]
    assert game.log[-1]["type"] == "end"
    assert [e["type"] for e in game.log[game.log.index(exhausted[-1]) :]].count("turn") == 0


@SETTINGS
@given(setups, st.integers(0, 4))
def test_views_leak_no_hand_and_no_deck(setup, viewer):
    viewer %= setup.players
    shuffler = random.Random(setup.seed)
    for g, seat, action in steps(setup):
        view = g.view(viewer)
        assert view["deck"] is None
        assert all(h is None for s, h in enumerate(view["hands"]) if s != viewer)
        assert view["hands"][viewer] == g.view()["hands"][viewer]
        if g.proposal is None and shuffler.random() < 0.05:
            # Deal the hidden cards (the others' hands, the deck) differently, sizes kept:
            # nothing in the viewer's view may change.
            other = g.copy()
            others = [s for s in range(g.players) if s != viewer]
            pool = [c for s in others for c in other.hands[s]] + other.deck
            shuffler.shuffle(pool)
            for s in others:
                size = len(other.hands[s])
                other.hands[s], pool = pool[:size], pool[size:]
            other.deck = pool
            assert other.view(viewer) == view
        g.act(seat, action)
    for event in g.log_for(viewer):
        assert "private" not in event or event["seat"] == viewer


@settings(max_examples=5, deadline=None)
@given(setups)
def test_same_set_up_and_choices_give_the_same_game(setup):
    first = second = None
    for first, seat, action in steps(setup):
        first.act(seat, action)
    for second, seat, action in steps(setup):
        second.act(seat, action)
    assert first.to_json() == second.to_json()
    assert first.log == second.log
    assert gamekit.replay(first.setup, first.history).to_json() == first.to_json()
