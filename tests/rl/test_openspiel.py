"""The OpenSpiel games: registered by name, OpenSpiel's own consistency test, explicit chance."""

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import gamekit  # noqa: E402
import gamekit.rl.openspiel as gos  # noqa: E402
from gamekit.games.kuhhandel.spaces import PAYMENT  # noqa: E402


def test_every_game_is_registered_by_its_name_with_a_players_parameter():
    names = pyspiel.registered_names()
    for name in gamekit.GAMES:
        assert f"python_gamekit_{name}" in names
    game = pyspiel.load_game("python_gamekit_for_sale(players=3)")
    assert game.num_players() == 3
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.max_chance_outcomes() == 30  # a shuffle of the 30 houses
    with pytest.raises(gamekit.ConfigError, match="3 to 6 players"):
        pyspiel.load_game("python_gamekit_for_sale(players=9)")


@pytest.mark.parametrize("name", ["for_sale", "money_monsoon", "kuhhandel"])
def test_random_sim_test_passes(name):
    """OpenSpiel's own consistency test (bohnanza: test_openspiel_bohnanza.py, for time)."""
    pyspiel.random_sim_test(
        gos.load(name, 3 if name != "money_monsoon" else 4), num_sims=1, serialize=False, verbose=False
    )


def _play(state, choose_chance, rng):
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            state.apply_action(choose_chance(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_chance_drawn_from_the_seed_plays_the_seeds_own_deal():
    game = gos.load("for_sale", 4)
    seeded = random.Random(11)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.explicit.pending.draw(seeded))
    default = gamekit.new_game("for_sale", 4, seed=11)
    assert state.gamekit.view() == default.view()


def test_chance_outcomes_can_be_forced_without_mocking():
    state = gos.load("for_sale", 3).new_initial_state()
    assert state.is_chance_node() and state.action_to_string(0).startswith("shuffle")
    while state.is_chance_node():
        state.apply_action(0)
    # outcome 0 at every Fisher-Yates step leaves the 30 houses in order 2..30, 1; 3 players
    # take off no cards, and the first round shows the first three
    assert state.gamekit.view()["table"] == [2, 3, 4]
    assert state.current_player() == 0  # randrange outcome 0: seat A starts


def test_views_only_observations_and_hidden_sealed_choices():
    """For Sale's selling is sequentialised: B's information state does not change with A's
    sealed choice, A's does."""
    rng = random.Random(3)
    state = gos.load("for_sale", 3).new_initial_state()
    while state.is_chance_node() or state.gamekit.phase != "sell":
        if state.is_chance_node():
            state.apply_action(rng.randrange(len(state.chance_outcomes())))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    first = state.current_player()
    choices = state.legal_actions()
    assert len(choices) >= 2
    after = []
    for action in choices[:2]:
        child = state.child(action)
        assert child.current_player() != first
        after.append(child)
    other = after[0].current_player()
    assert after[0].information_state_string(other) == after[1].information_state_string(other)
    assert after[0].observation_string(other) == after[1].observation_string(other)
    assert after[0].information_state_string(first) != after[1].information_state_string(first)
    assert len(after[0].observation_tensor(other)) == state.get_game().observation_tensor_size()


def test_kuhhandel_payments_are_laid_card_by_card_in_a_small_fixed_numbering():
    game = gos.load("kuhhandel", 3)
    assert game.num_distinct_actions() < 500
    rng = random.Random(4)
    paid = 0
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal() and paid < 5:
            if state.is_chance_node():
                state.apply_action(rng.randrange(len(state.chance_outcomes())))
                continue
            steps = [state.action_to_string(a) for a in state.legal_actions()]
            if any(s.startswith(PAYMENT.step) for s in steps):
                assert all(s.startswith(PAYMENT.step) or s == PAYMENT.done for s in steps)
                paid += 1
            state.apply_action(rng.choice(state.legal_actions()))
        if paid >= 5:
            break
    assert paid >= 5


def test_returns_are_win_shares_summing_to_one():
    rng = random.Random(8)
    state = _play(
        gos.load("money_monsoon", 4).new_initial_state(),
        lambda s: rng.randrange(len(s.chance_outcomes())),
        rng,
    )
    returns = state.returns()
    assert sum(returns) == pytest.approx(1.0)
    ranks = state.gamekit.result()["ranks"]
    assert [r > 0 for r in returns] == [rank == 1 for rank in ranks]
