"""gamekit.games.bohnanza.sampling.determinize: a state dealt from one seat's view (MCTS's determinization).

Every sample must show the seat exactly its view, hold the 104 cards (BO-E2), deal what the view
hides at random from the cards it leaves unaccounted for, and read nothing but the view. The
games are played by gamekit's bots and random seats, in every phase, the proposals of BO-T4
seen by their maker, their partner and third parties, before and after the deck runs out.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamekit
from gamekit.bots.base import make_bot
from gamekit.games.bohnanza.rules import BEAN_COUNTS, DECK_SIZE
from gamekit.games.bohnanza.sampling import PRIVATE_WRITTEN
from gamekit.games.bohnanza.sampling import determinize as sample_state
from gamekit.theory.bohnanza import unseen_beans

from .cards import all_cards

BOTS = ("grower", "trader", "planter", "random")


def situation(view: dict[str, Any]) -> tuple[str, str, str]:
    """(phase, the proposal's state, who the viewer is to it): the cases the sampler tells apart."""
    proposal, seat = view["proposal"], view["viewer"]
    state = "none" if proposal is None else "made" if proposal["made"] else "draft"
    if seat == view["active"]:
        role = "active"
    elif proposal is not None and seat == proposal["partner"]:
        role = "partner"
    else:
        role = "other"
    phase = view["phase"]
    if phase == "plant" and (view["planted"] == 2 or not view["hand_sizes"][view["active"]]):
        phase = "stop before a reshuffling turn-up"  # BO-T1, BO-H1
    return phase, state, role


def play_checking(game: gamekit.Game, bots: list[Any], rng: random.Random, every: int = 1) -> Counter:
    """Play ``game`` to its end with ``bots``; at every ``every``-th decision, check a sample of
    every seat's view (the acting seat's at every decision). Returns the situations checked."""
    seen: Counter = Counter()
    for decision in range(game.max_decisions):
        if game.is_over:
            break
        actor = game.to_act[0]
        legal = game.legal_actions(actor)
        # The pauses before a reshuffle (BO-H1) are rare: every seat's view is checked at each.
        pause = game.phase == "draw" or (game.phase == "plant" and situation(game.view())[0] != "plant")
        for seat in range(game.players) if decision % every == 0 or pause else [actor]:
            view = game.view(seat)
            sample = sample_state(view, rng)
            assert sample.view(seat) == view
            full = sample.view()
            assert all_cards(full) == Counter(BEAN_COUNTS) and sum(all_cards(full).values()) == DECK_SIZE
            assert game.state_problems(full) == []
            assert sample.to_act == game.to_act and sample.exhaustions == game.exhaustions
            if seat == actor:  # the actor's own choices (another seat's hinge on hidden cards)
                assert sample.legal_actions(actor) == legal
            seen[situation(view)] += 1
            seen[f"exhaustions {view['exhaustions']}"] += 1
        game.act(actor, bots[actor].choose(game.view(actor), legal, rng))
    assert game.is_over
    return seen


@settings(max_examples=10, deadline=None)
@given(
    players=st.integers(3, 5),
    seed=st.integers(0, 2**32),
    bots=st.lists(st.sampled_from(BOTS), min_size=5, max_size=5),
    third_field_cost=st.integers(0, 4),
    three_fields_at_start=st.booleans(),
    proposals_per_turn=st.one_of(st.none(), st.integers(0, 3)),
)
def test_a_sample_shows_the_very_view_and_holds_the_104_cards(
    players, seed, bots, third_field_cost, three_fields_at_start, proposals_per_turn
):
    options = {
        "third_field_cost": third_field_cost,
        "three_fields_at_start": three_fields_at_start,
        "proposals_per_turn": proposals_per_turn,
    }
    game = gamekit.new_game("bohnanza", players, seed=seed, options=options)
    seated = [make_bot(name, "bohnanza") for name in bots[:players]]
    play_checking(game, seated, random.Random(seed), every=7)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_phase_and_every_view_of_a_proposal_is_sampled_before_and_after_reshuffles(players):
    """Seeded games of gamekit's bots and random seats: the samples meet every phase (the draw
    included, BO-H1), a draft and a made proposal as seen by its maker, its partner and a third
    party (BO-T4), and a deck that has run out once and twice (BO-D1)."""
    seen: Counter = Counter()
    for seed in range(2):
        names = [BOTS[(seed + s) % len(BOTS)] for s in range(players)]
        game = gamekit.new_game("bohnanza", players, seed=seed)
        seen += play_checking(game, [make_bot(n, "bohnanza") for n in names], random.Random(seed), every=5)
    wanted = {("plant", "none", r) for r in ("active", "other")}
    wanted |= {("plant-traded", "none", r) for r in ("active", "other")}
    wanted |= {("draw", "none", r) for r in ("active", "other")}
    wanted |= {("trade", "none", r) for r in ("active", "other")}
    wanted |= {("trade", state, r) for state in ("draft", "made") for r in ("active", "partner", "other")}
    wanted |= {"exhaustions 0", "exhaustions 1", "exhaustions 2"}
    assert wanted <= set(seen), sorted(wanted - set(seen), key=str)


def game_at(players: int, seed: int, stop: Any) -> gamekit.Game:
    """A seeded game of random play up to the first point where ``stop(game)`` holds."""
    game = gamekit.new_game("bohnanza", players, seed=seed)
    rng = random.Random(seed)
    while not stop(game):
        assert not game.is_over, "the game ended before the wanted point"
        seat = game.to_act[0]
        game.act(seat, rng.choice(game.legal_actions(seat)))
    return game


def hidden(sample: gamekit.Game, seat: int) -> tuple:
    """What ``seat`` cannot see of a sample: the others' hands and the deck, in their order."""
    return tuple(tuple(h) for s, h in enumerate(sample.hands) if s != seat), tuple(sample.deck)


def test_two_seeds_deal_the_hidden_cards_differently_and_keep_what_the_viewer_knows():
    game = game_at(4, 3, lambda g: g.turn == 6)
    view = game.view(1)
    samples = [sample_state(view, random.Random(k)) for k in range(6)]
    assert len({hidden(s, 1) for s in samples}) == len(samples)
    for s in samples:
        assert s.hands[1] == game.hands[1] and sorted(s.deck + [c for h in s.hands for c in h]) == sorted(
            game.deck + [c for h in game.hands for c in h]
        )
    # The same seed deals the same again.
    assert hidden(sample_state(view, random.Random(2)), 1) == hidden(samples[2], 1)


def test_the_sampler_reads_only_the_view_not_the_hidden_truth():
    """Twin games that differ only in what seat 0 cannot see (two other hands swapped with deck
    cards, the deck reordered) give the same view, so the same sample for the same seed; and the
    sample does not copy the truth."""
    game = game_at(3, 5, lambda g: g.turn == 4 and g.phase == "plant")
    twin = game.copy()
    pool = twin.hands[1] + twin.hands[2] + twin.deck
    random.Random(1).shuffle(pool)
    one, two = len(twin.hands[1]), len(twin.hands[2])
    twin.hands[1], twin.hands[2], twin.deck = pool[:one], pool[one : one + two], pool[one + two :]
    assert (twin.hands[1], twin.deck) != (game.hands[1], game.deck)
    assert twin.view(0) == game.view(0)
    for k in range(5):
        a, b = sample_state(game.view(0), random.Random(k)), sample_state(twin.view(0), random.Random(k))
        assert a.view() == b.view()
        assert hidden(a, 0) != hidden(game, 0) and hidden(a, 0) != hidden(twin, 0)


def test_a_hidden_card_is_each_bean_as_often_as_the_unseen_cards_hold_it():
    """The front card of another seat's hand and the deck's top card, over many samples, are each
    bean in proportion to the cards of it the viewer cannot see (a uniform deal, BO-E2)."""
    game = game_at(4, 7, lambda g: g.turn == 9 and g.phase == "trade")
    view = game.view(2)
    unseen, total = unseen_beans(view, BEAN_COUNTS)
    rng = random.Random(0)
    runs = 3000
    fronts: Counter[str] = Counter()
    tops: Counter[str] = Counter()
    for _ in range(runs):
        sample = sample_state(view, rng)
        fronts[sample.hands[0][0]] += 1
        tops[sample.deck[-1]] += 1  # the top card is the last (BO-D1)
    for counts in (fronts, tops):
        assert set(counts) <= set(unseen)
        for bean, n in unseen.items():
            p = n / total
            sigma = (runs * p * (1 - p)) ** 0.5
            assert abs(counts[bean] - runs * p) < 4.5 * sigma + 1, (bean, counts[bean], runs * p)


def test_a_made_proposal_seen_from_outside_gets_the_beans_given_from_hand_at_random_positions():
    """A third party sees which beans the active player gives from hand but not their places
    (BO-T4): every sample's active hand holds them, at positions that vary."""

    def made_with_hand_cards(g: gamekit.Game) -> bool:
        p = g.proposal
        return p is not None and p.made and any(k for _, k in p.give) and len(g.hands[g.active]) > 1

    game = game_at(4, 11, made_with_hand_cards)
    active, partner = game.active, game.proposal.partner
    viewer = next(s for s in range(4) if s not in (active, partner))
    view = game.view(viewer)
    assert view["proposal"]["give_cards"] is None and not all(view["proposal"]["turned_up"])
    places = set()
    for k in range(12):
        sample = sample_state(view, random.Random(k))
        given = [(b, p) for b, p in sample.proposal.give if p]
        assert all(sample.hands[active][p - 1] == b for b, p in given)
        assert [b for b, _ in sample.proposal.give] == view["proposal"]["give"]
        places.add(tuple(p for _, p in given))
    assert len(places) > 1


def test_a_partners_view_keeps_its_own_picks_and_the_maker_sees_none_it_cannot_know():
    def picked(g: gamekit.Game) -> bool:
        return g.proposal is not None and bool(g.proposal.picks)

    game = game_at(3, 2, picked)
    partner, active = game.proposal.partner, game.active
    sample = sample_state(game.view(partner), random.Random(0))
    assert sample.proposal.picks == game.proposal.picks
    # The maker cannot see the picks: its sample has none yet, and shows it the same view.
    sample = sample_state(game.view(active), random.Random(0))
    assert sample.proposal.picks == [] and sample.view(active) == game.view(active)


def test_a_sample_plays_on_legally_to_the_end_and_reshuffles_with_its_own_generator():
    """From a deck about to run out (BO-D1), samples of one view play on to the end (BO-D2), and
    the reshuffles to come differ between samples (a fresh seed each)."""
    game = game_at(3, 4, lambda g: g.exhaustions == 0 and 0 < len(g.deck) <= 2 and g.phase == "trade")
    view = game.view(game.active)
    decks_after = set()
    for k in range(4):
        sample = sample_state(view, random.Random(k))
        rng = random.Random(k)
        while sample.exhaustions == 0:
            seat = sample.to_act[0]
            sample.act(seat, rng.choice(sample.legal_actions(seat)))
        decks_after.add(tuple(sample.deck))
        bots = [make_bot("grower", "bohnanza") for _ in range(3)]
        while not sample.is_over:
            seat = sample.to_act[0]
            sample.act(seat, bots[seat].choose(sample.view(seat), sample.legal_actions(seat), rng))
        assert sample.result()["finished"] and sample.exhaustions == 3
    assert len(decks_after) > 1


def test_a_samples_safety_limit_counts_its_own_decisions_not_the_replayed_proposal():
    """BO-T4's safety limit: the view does not show the decisions so far, so a sample (here of a
    made proposal, replayed in a few steps) stops after ``max_decisions`` decisions of its own."""
    game = gamekit.new_game("bohnanza", 3, seed=8, options={"max_decisions": 60})
    rng = random.Random(8)
    while not (game.proposal is not None and game.proposal.made and game.proposal.give):
        seat = game.to_act[0]
        game.act(seat, rng.choice(game.legal_actions(seat)))
    partner = game.proposal.partner
    sample = sample_state(game.view(partner), random.Random(0))
    replayed = len(sample.history)
    assert replayed >= 3 and sample.view(partner) == game.view(partner)
    while not sample.is_over:
        seat = sample.to_act[0]
        sample.act(seat, rng.choice(sample.legal_actions(seat)))
    assert sample.stopped and len(sample.history) - replayed == 60


def test_a_sample_sets_only_the_private_attributes_it_lists():
    """What ``PRIVATE_WRITTEN`` names is all of the engine's private state a sample sets: the
    other underscored attributes are a fresh game's (the events and stats are not in the view)."""
    game = game_at(4, 6, lambda g: g.turn == 5 and g.phase == "trade" and g.proposal is None)
    sample = sample_state(game.view(0), random.Random(0))
    fresh = gamekit.new_game("bohnanza", 4, seed=0)
    private = {k for k in vars(fresh) if k.startswith("_") and k not in ("_events", "_narrated")}
    assert set(PRIVATE_WRITTEN) <= private | {"_to_act"}
    for key in private - set(PRIVATE_WRITTEN):
        assert getattr(sample, key) == getattr(fresh, key), key


def test_the_sampler_refuses_the_teachers_view_and_a_finished_game():
    game = gamekit.new_game("bohnanza", 3, seed=1)
    with pytest.raises(ValueError, match="a seat's view"):
        sample_state(game.view(), random.Random(0))
    bots = [make_bot("grower", "bohnanza") for _ in range(3)]
    gamekit.play(game, bots)
    with pytest.raises(ValueError, match=r"game is over \(BO-D2\)"):
        sample_state(game.view(0), random.Random(0))


def test_the_stop_before_a_reshuffling_turn_up_is_sampled_from_every_seat():
    """Seed 44 (three growers) waits for C's ``stop`` after two plantings with 2 cards in the deck
    (BO-T1, BO-H1): a sample from any seat's view shows that view and offers the actor the same."""
    game = gamekit.new_game("bohnanza", 3, seed=44)
    gamekit.play(game, "grower")
    i = next(i for i, (_, a) in enumerate(game.history) if str(a) == "stop" and game.at(i).planted == 2)
    pause = game.at(i)
    rng = random.Random(44)
    for seat in range(3):
        view = pause.view(seat)
        assert situation(view)[0] == "stop before a reshuffling turn-up"
        for _ in range(5):
            sample = sample_state(view, rng)
            assert sample.view(seat) == view and sample.to_act == (2,)
            assert all_cards(sample.view()) == Counter(BEAN_COUNTS)
            if seat == 2:
                assert sample.legal_actions(2) == pause.legal_actions(2)


def test_three_fields_at_start_the_one_option_a_view_does_not_show_needs_no_carrying():
    """BO-H3's variant is read by the set-up alone (NOT_IN_VIEW says so): a sample of a game
    dealt with three fields shows the very view (three fields each) and offers the actor the
    same actions, though the sample's own option is the default."""
    from gamekit.games.bohnanza.sampling import NOT_IN_VIEW

    assert set(NOT_IN_VIEW) == {"three_fields_at_start"}
    game = gamekit.new_game("bohnanza", 3, seed=2, options={"three_fields_at_start": True})
    rng = random.Random(0)
    for decision in range(200):
        seat = rng.choice(game.to_act)
        if decision % 10 == 0:
            view = game.view(seat)
            sample = sample_state(view, rng)
            assert sample.view(seat) == view and all(len(f) == 3 for f in view["fields"])
            assert sample.legal_actions(seat) == game.legal_actions(seat)
        game.act(seat, rng.choice(game.legal_actions(seat)))
