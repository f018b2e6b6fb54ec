"""The explicit-chance hook: with outcomes drawn from the seed's generator, the same game."""

import random

import pytest

import gamekit
from gamekit.core.chance import ChanceEvent, ChancePending, ExplicitChance, below, shuffled
from gamekit.core.explicit import ExplicitGame, play_resolving
from gamekit.core.game import game_class
from gamekit.games.money_monsoon.rules import DIE_FACES

PLAYERS = {"for_sale": 4, "money_monsoon": 4, "bohnanza": 4, "kuhhandel": 3}


def _chooser(seed: int):
    rng = random.Random(seed)

    def choose(game, seat):
        return rng.choice(game.legal_actions(seat))

    return choose


def _play_default(name: str, seed: int) -> gamekit.Game:
    game = gamekit.new_game(name, PLAYERS[name], seed=seed)
    choose = _chooser(seed + 1000)
    for _ in range(100_000):
        if game.is_over:
            return game
        seat = game.to_act[0]
        game.act(seat, choose(game, seat))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("name", sorted(PLAYERS))
@pytest.mark.parametrize("seed", [1, 2])
def test_outcomes_drawn_from_the_seed_give_the_default_game(name, seed):
    default = _play_default(name, seed)
    explicit = play_resolving(ExplicitGame(name, PLAYERS[name]), _chooser(seed + 1000), random.Random(seed))
    game = explicit.game
    assert game.history == default.history
    assert game.view() == default.view()
    assert [e["text"] for e in game.log] == [e["text"] for e in default.log]
    assert game.result() == default.result()
    assert explicit.outcomes  # chance was explicit, not drawn inside


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_new_game_takes_the_outcomes_and_asks_for_the_next_one(name):
    explicit = play_resolving(ExplicitGame(name, PLAYERS[name]), _chooser(7), random.Random(3))
    game = gamekit.new_game(name, PLAYERS[name], chance=explicit.outcomes)
    for seat, text in explicit.game.history:
        game.act(seat, text)
    assert game.view() == explicit.game.view() and game.result() == explicit.game.result()
    with pytest.raises(ChancePending, match=r"chance event 0 .* awaits its outcome"):
        gamekit.new_game(name, PLAYERS[name], chance=[])


def test_the_set_up_waits_for_chance_and_forced_outcomes_deal_what_they_say():
    explicit = ExplicitGame("for_sale", 3)
    assert explicit.is_chance and explicit.game is None
    first = explicit.pending
    assert first == ChanceEvent("shuffle", 30, 0)
    assert sum(p for _, p in first.outcomes()) == pytest.approx(1.0)
    # Fisher-Yates from the end: outcome 0 at every step moves card 1 to the bottom first ...
    while explicit.is_chance:
        explicit.resolve(0 if explicit.pending.kind == "shuffle" else 2)
    game = explicit.game
    assert game.start_player == 2  # the randrange outcome
    assert sorted(game.view()["table"]) == game.view()["table"]


def test_money_monsoon_dice_are_chance_nodes_during_play():
    explicit = ExplicitGame("money_monsoon", 4, stack={"first_player": 0})
    dice = []
    forced = False
    rng = random.Random(5)
    for _ in range(2000):
        if explicit.is_chance:
            if explicit.game is not None:  # a roll during play
                assert explicit.pending.size == DIE_FACES and explicit.pending.kind == "below"
                dice.append(explicit.pending.index)
                explicit.resolve(DIE_FACES - 1)  # force the highest roll
                forced = not explicit.is_chance
            else:
                explicit.resolve(explicit.pending.draw(rng))
            continue
        game = explicit.game
        if game.is_over:
            break
        if forced:
            assert game.roll == DIE_FACES
            forced = False
        seat = game.to_act[0]
        explicit.act(seat, rng.choice(game.legal_actions(seat)))
    assert len(dice) >= 2


def test_bad_outcomes_are_refused_and_change_nothing():
    explicit = ExplicitGame("kuhhandel", 3)
    event = explicit.pending
    with pytest.raises(ValueError, match="not a whole number"):
        explicit.resolve(event.size)
    assert explicit.pending == event and explicit.outcomes == []
    with pytest.raises(ValueError, match="chance outcome 0 is 99"):
        game_class("kuhhandel")(3, chance=[99, 0, 0])
    with pytest.raises(ChancePending):
        game_class("kuhhandel")(3, chance=[0])


def test_an_explicit_game_is_not_saved_from_its_seed():
    explicit = play_resolving(ExplicitGame("for_sale", 3), _chooser(1), random.Random(1))
    with pytest.raises(NotImplementedError, match="explicit chance"):
        explicit.game.to_json()
    with pytest.raises(NotImplementedError, match="explicit chance"):
        explicit.game.at(0)


def test_the_hooked_draws_match_the_plain_ones():
    assert shuffled(ExplicitChance([0, 0]), [1, 2, 3]) == [2, 3, 1]
    assert below(ExplicitChance([4]), 6) == 4
    rng, twin = random.Random(3), random.Random(3)
    assert [below(rng, 6) for _ in range(20)] == [int(twin.random() * 6) for _ in range(20)]
    with pytest.raises(TypeError, match="whole numbers"):
        ExplicitChance().random()
