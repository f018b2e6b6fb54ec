"""The MCTS bot: determinized states show exactly the bot's view; it plays legal actions."""

import random

import pytest

pytest.importorskip("pyspiel")

import gamekit
from gamekit.rl.mcts import MCTSBot, determinize, mcts_record


@pytest.mark.parametrize("players", [3, 4])
def test_a_determinized_state_shows_the_same_view_and_hides_nothing_it_should_know(players):
    rng = random.Random(players)
    game = gamekit.new_game("for_sale", players, seed=players)
    checked = 0
    while not game.is_over:
        seat = game.to_act[0]
        view = game.view(seat)
        sample = determinize(view, rng)  # raises if its view differs
        assert sample.view(seat) == view
        assert sorted(h for hand in sample.houses for h in hand) == sorted(
            set(h for hand in sample.houses for h in hand)
        )
        checked += 1
        game.act(seat, rng.choice(game.legal_actions(seat)))
    assert checked > 20


def test_determinized_hidden_cards_vary_with_the_sample():
    game = gamekit.new_game("for_sale", 3, seed=9)
    view = game.view(0)
    hands = {tuple(determinize(view, random.Random(k)).house_deck) for k in range(5)}
    assert len(hands) > 1


def test_other_games_say_determinization_is_not_implemented():
    view = gamekit.new_game("kuhhandel", 3, seed=1).view(0)
    with pytest.raises(NotImplementedError, match="only for_sale"):
        determinize(view, random.Random(0))


def test_the_mcts_bot_plays_a_whole_game_legally_and_the_record_has_an_interval():
    table = mcts_record(games=1, players=3, simulations=2, path=None)
    row = table.iloc[0]
    assert row["games"] == 1 and 0 <= row["ci_low"] <= row["mcts win share"] <= row["ci_high"] <= 1
    game = gamekit.new_game("for_sale", 3, seed=5)
    seat = game.to_act[0]
    action = MCTSBot(simulations=3).choose(game.view(seat), game.legal_actions(seat), random.Random(0))
    assert action in game.legal_actions(seat)


def test_the_stored_results_have_the_columns_the_record_writes():
    import pandas as pd

    from gamekit.rl.mcts import RESULTS

    stored = pd.read_csv(RESULTS)
    fresh = mcts_record(games=1, players=3, simulations=2, path=None)
    assert list(stored.columns) == list(fresh.columns)
    assert (stored["ci_low"] <= stored["mcts win share"]).all() and (
        stored["mcts win share"] <= stored["ci_high"]
    ).all()


def test_too_few_simulations_are_refused():
    with pytest.raises(ValueError, match="at least 2 simulations"):
        MCTSBot(simulations=1)
