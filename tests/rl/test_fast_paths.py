"""The adapters' fast paths give what the slow ones gave: the planned set-up, the legal ``Action``
objects kept by number, the information state folded only when asked, clones that copy the
engine, observations made once per step. Also: every rule option is an OpenSpiel parameter, and
the tensors OpenSpiel offers are the encoders'."""

from __future__ import annotations

import hashlib
import json
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pyspiel = pytest.importorskip("pyspiel")

import gamekit  # noqa: E402
import gamekit.rl  # noqa: E402
import gamekit.rl.openspiel as gos  # noqa: E402
from gamekit.core.explicit import ExplicitGame, setup_plan  # noqa: E402
from gamekit.core.game import game_class  # noqa: E402
from gamekit.rl.spaces import Spaces, Table  # noqa: E402

PLAYERS = {"for_sale": 4, "money_monsoon": 4, "bohnanza": 3, "kuhhandel": 3}
FEW = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
games = st.sampled_from(sorted(PLAYERS))
seeds = st.integers(0, 2**32 - 1)


@FEW
@given(name=games, seed=seeds, players=st.sampled_from(["min", "max"]))
def test_the_planned_set_up_is_the_set_up_run_again_at_every_node(name, seed, players):
    cls = game_class(name)
    count = cls.min_players if players == "min" else cls.max_players
    fast, slow = ExplicitGame(name, count), ExplicitGame(name, count, plan=None)
    assert setup_plan(cls, count) is not None  # every game's set-up draws the same sizes
    rng = random.Random(seed)
    while slow.game is None:
        assert fast.pending == slow.pending and fast.game is None
        outcome = rng.randrange(slow.pending.size)
        fast.resolve(outcome)
        slow.resolve(outcome)
    assert fast.pending == slow.pending
    assert fast.game.view() == slow.game.view() and fast.outcomes == slow.outcomes


def _slow_legal(table: Table, seat: int) -> dict[int, str]:
    """The numbering as the adapters made it before: every legal text numbered again."""
    game = table.game
    if table._piecewise(seat) is not None:
        return table.legal(seat)
    return {table.spaces.numbering.index(game, seat, str(a)): str(a) for a in game.legal_actions(seat)}


@FEW
@given(name=games, seed=seeds)
def test_choices_kept_by_number_are_the_legal_texts_numbered_again(name, seed):
    game = gamekit.new_game(name, PLAYERS[name], seed=seed)
    twin = gamekit.new_game(name, PLAYERS[name], seed=seed)
    table, by_text = Table(game), Table(twin)
    rng = random.Random(seed)
    for _ in range(150):
        if game.is_over:
            break
        seat = game.to_act[0]
        choices = table.choices(seat)
        assert {i: str(a) for i, a in choices.items()} == _slow_legal(table, seat) == table.legal(seat)
        number = rng.choice(sorted(choices))
        table.take(seat, number, choices)  # the Action object itself
        by_text.act(seat, number)  # numbered and read from its text
        assert game.history == twin.history and game.view() == twin.view()


def _eager_memory(game: gamekit.Game, players: int) -> list[str]:
    """Each seat's digest folded event by event, as the adapter did after every action."""
    memory = [""] * players
    for event in game.log:
        public = {k: v for k, v in event.items() if k not in ("private", "text", "rule")}
        text = json.dumps(public, sort_keys=True, default=str)
        for seat in range(players):
            seen = text
            if "private" in event and event["seat"] == seat:
                seen = text + json.dumps(event["private"], sort_keys=True, default=str)
            memory[seat] = hashlib.blake2b((memory[seat] + seen).encode(), digest_size=12).hexdigest()
    return memory


def _random_step(state, rng: random.Random) -> None:
    if state.is_chance_node():
        state.apply_action(rng.randrange(len(state.chance_outcomes())))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


@FEW
@given(name=games, seed=seeds)
def test_the_information_state_folded_when_asked_is_the_one_folded_at_every_step(name, seed):
    """And ``is_chance_node``, ``legal_actions()`` answered in Python are OpenSpiel's."""
    players = PLAYERS[name]
    state = gos.load(name, players).new_initial_state()
    rng = random.Random(seed)
    for step in range(300):
        if state.is_terminal():
            break
        # the queries answered in Python are OpenSpiel's own answers
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        _random_step(state, rng)
        if step % 37 == 0 and state.gamekit is not None:  # asked now and then, folded in between
            assert state.remember() == _eager_memory(state.gamekit, players)
            seat = rng.randrange(players)
            assert state.remember()[seat] in state.information_state_string(seat)
    if state.gamekit is not None:
        assert state.remember() == _eager_memory(state.gamekit, players)


def _same_state(a, b, players: int) -> None:
    assert str(a) == str(b) and a.current_player() == b.current_player()
    assert a.legal_actions() == b.legal_actions() and a.returns() == b.returns()
    if a.gamekit is not None and not a.is_chance_node():
        for seat in range(players):
            assert a.information_state_string(seat) == b.information_state_string(seat)
            assert a.observation_tensor(seat) == b.observation_tensor(seat)
            assert a.information_state_tensor(seat) == b.information_state_tensor(seat)


@FEW
@given(name=games, seed=seeds)
def test_a_clone_plays_on_as_the_original_and_apart_from_it(name, seed):
    players = PLAYERS[name]
    state = gos.load(name, players).new_initial_state()
    rng = random.Random(seed)
    for _ in range(rng.randrange(40, 250)):
        if state.is_terminal():
            break
        _random_step(state, rng)
    clone = state.clone()
    _same_state(clone, state, players)
    history = state.history()
    moves = random.Random(seed + 1)
    for _ in range(60):
        if clone.is_terminal():
            break
        _random_step(clone, moves)
    assert state.history() == history  # the original did not move
    replay = random.Random(seed + 1)
    for _ in range(60):
        if state.is_terminal():
            break
        _random_step(state, replay)
    _same_state(clone, state, players)


@FEW
@given(name=games, seed=seeds)
def test_pettingzoo_observations_made_once_per_step_are_fresh_ones(name, seed):
    env = gamekit.rl.pettingzoo_env(name, players=PLAYERS[name])
    env.reset(seed=seed)
    raw = env.unwrapped
    rng = np.random.default_rng(seed)
    for _ in range(150):
        agent = env.agent_selection
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            break
        seat = raw._seat[agent]
        table = raw.table
        fresh = table.spaces.observe(
            table.game, seat, table.paying if table._piecewise(seat) is not None else ()
        )
        assert np.array_equal(observation["observation"], fresh)
        assert np.array_equal(observation["action_mask"], table.action_mask(seat))
        other = raw.possible_agents[(seat + 1) % len(raw.possible_agents)]
        assert np.array_equal(env.observe(other)["observation"], table.observe(raw._seat[other]))
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


@FEW
@given(name=games, seed=seeds)
def test_observations_written_in_place_are_the_listed_ones(name, seed):
    """``Spaces.observe`` fills an array; ``_encode`` lists every float (and the layout)."""
    game = gamekit.new_game(name, PLAYERS[name], seed=seed)
    spaces = Spaces(name, PLAYERS[name])
    rng = random.Random(seed)
    for _ in range(120):
        if game.is_over:
            break
        for seat in range(game.players):
            listed = np.asarray(spaces._encode(game.view(seat), seat, ()).values, dtype=np.float32)
            assert np.array_equal(spaces.observe(game, seat), listed)
        seat = game.to_act[0]
        game.act(seat, rng.choice(game.legal_actions(seat)))


def _shared(game: gamekit.Game) -> set[tuple[str, str]]:
    """Pairs of the game's attributes that hold the very same (mutable) object."""
    values = [(k, v) for k, v in vars(game).items() if isinstance(v, list | dict | set)]
    return {(a, b) for a, x in values for b, y in values if a < b and x is y}


@FEW
@given(name=games, seed=seeds)
def test_a_game_copy_is_the_deep_copy_and_plays_on_alone(name, seed):
    import copy as copy_module

    from gamekit.core.game import _deep

    game = gamekit.new_game(name, PLAYERS[name], seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(60)):
        if game.is_over:
            break
        seat = game.to_act[0]
        game.act(seat, rng.choice(game.legal_actions(seat)))
    fast = game.copy()
    slow = object.__new__(type(game))
    memo: dict[int, object] = {id(game): slow}
    for key, value in vars(game).items():  # what Game.__deepcopy__ did before ``_deep``
        setattr(
            slow, key, list(value) if key in ("_events", "history") else copy_module.deepcopy(value, memo)
        )
    assert _deep([1, (2, [3])], {}) == [1, (2, [3])]
    assert fast.view() == slow.view() == game.view() and _shared(fast) == _shared(slow) == _shared(game)
    assert fast.rng.getstate() == slow.rng.getstate()
    moves = random.Random(seed + 1)
    for _ in range(80):
        if fast.is_over:
            break
        seat = fast.to_act[0]
        action = moves.choice(fast.legal_actions(seat))
        fast.act(seat, action)
        slow.act(seat, action.text)
        assert fast.view() == slow.view()
    assert fast.result() == slow.result()


# ------------------------------------------------------------------- options as parameters
def _other_value(option):
    """A value of ``option`` other than its default."""
    if option.choices:
        others = [c for c in option.choices if c != option.default]
        if others:
            return others[0]
    return (option.default or option.minimum or 0) + 1


@pytest.mark.parametrize("name", gamekit.GAMES)
def test_every_rule_option_is_a_parameter_the_game_plays(name):
    cls = game_class(name)
    for option in cls.options_declared:
        value = _other_value(option)
        game = gos.load(name, PLAYERS[name], **{option.name: value})
        assert game.options[option.name] == value
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(0)
        assert state.gamekit.options[option.name] == value
        again = pyspiel.load_game(str(game))  # the parameter string reads back
        assert again.options == game.options and again.num_players() == PLAYERS[name]


def test_parameters_by_dict_and_by_string_and_none_as_minus_one():
    by_dict = pyspiel.load_game("python_gamekit_for_sale", {"players": 3, "edition": "classic"})
    by_string = pyspiel.load_game("python_gamekit_for_sale(players=3,edition=classic)")
    assert (
        by_dict.options
        == by_string.options
        == {
            "edition": "classic",
            "refund_rounding": "down",
            "coin_counts": "hidden",
        }
    )
    assert by_dict.num_distinct_actions() == 1 + 18 + 30  # classic, 3 players: 18 coins
    assert (
        pyspiel.load_game("python_gamekit_bohnanza(proposals_per_turn=-1)").options["proposals_per_turn"]
        is None
    )
    assert gos.load("money_monsoon", 4, max_turns=None).options["max_turns"] is None


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("python_gamekit_for_sale(edition=deluxe)", "option edition='deluxe' is not valid"),
        ("python_gamekit_money_monsoon(track_length=1)", "option track_length=1 is not valid"),
        ("python_gamekit_kuhhandel(max_turns=-1)", "option max_turns=-1 is not valid"),
    ],
)
def test_a_bad_option_value_is_refused_naming_the_option(text, named):
    with pytest.raises(gamekit.ConfigError, match=named):
        pyspiel.load_game(text)


@pytest.mark.parametrize("name", gamekit.GAMES)
def test_tensors_are_the_encoders_and_the_dict_names_their_slices(name):
    players = PLAYERS[name]
    game = gos.load(name, players)
    assert game.get_type().provides_information_state_tensor and game.get_type().provides_observation_tensor
    spaces = Spaces(name, players)
    rng = random.Random(5)
    state = game.new_initial_state()
    for _ in range(120):
        if state.is_terminal():
            break
        _random_step(state, rng)
    while state.is_chance_node():
        _random_step(state, rng)
    seat = 1
    observation = np.asarray(state.observation_tensor(seat), np.float32)
    fresh = spaces.observe(state.gamekit, seat, state.paying if seat in state.gamekit.to_act else ())
    assert np.array_equal(observation, fresh)
    information = np.asarray(state.information_state_tensor(seat), np.float32)
    assert np.array_equal(information[: spaces.observation_size], fresh)
    mine = np.zeros(spaces.size, np.float32)
    for acted, action in state.steps:
        if acted == seat:
            mine[action] += np.float32(1 / gos.MY_STEPS_SCALE)
    assert np.allclose(information[spaces.observation_size :], mine)
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    observer.set_from(state, seat)
    assert list(observer.dict) == [part for part, _, _ in spaces.layout] + ["my_steps"]
    assert np.array_equal(observer.dict["phase"], fresh[: observer.dict["phase"].size])


def test_a_set_up_whose_draws_depend_on_its_outcomes_is_not_planned():
    """Such a set-up is run again at each chance node, as before the plan (``ExplicitGame``)."""
    from gamekit.core.chance import below

    cls = game_class("for_sale")

    class Varying(cls):  # not registered: a set-up only, built by ``setup_plan`` itself
        def _stacked_pile(self, key, cards, removed):
            kept = len(cards) - below(self.rng, 3)  # how many cards are shuffled depends on a draw
            return super()._stacked_pile(key, cards[:kept], removed)

    assert setup_plan(cls, 4) is not None
    assert setup_plan(Varying, 4) is None
