"""The MCTS bot: determinized states show exactly the bot's view; it plays legal actions."""

import random

import pytest

pytest.importorskip("pyspiel")

import gamekit
from gamekit.rl.mcts import RESULTS, MCTSBot, determinize, mcts_record, regenerate
from gamekit.simulate import make_bot


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


@pytest.mark.parametrize("players", [3, 5])
def test_bohnanza_determinized_states_show_the_same_view_in_a_game_of_gamekit_bots(players):
    """determinize checks the view itself (it raises otherwise); every seat's view at every
    tenth decision of a game of gamekit's bots (tests/bohnanza/test_sampling.py tests the
    sampler, gamekit.games.bohnanza.sampling, at length)."""
    game = gamekit.new_game("bohnanza", players, seed=players)
    bots = [make_bot(name, "bohnanza") for name in ("grower", "trader", "random", "planter", "grower")]
    rng = random.Random(players)
    phases = set()
    while not game.is_over:
        seat = game.to_act[0]
        if len(game.history) % 10 == 0:
            for viewer in range(players):
                view = game.view(viewer)
                assert determinize(view, rng).view(viewer) == view
                phases.add(view["phase"])
        game.act(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat), rng))
    assert {"plant", "trade", "plant-traded"} <= phases


def test_determinize_names_a_game_it_does_not_know():
    view = gamekit.new_game("bohnanza", 3, seed=1).view(0) | {"game": "chess"}
    with pytest.raises(ValueError, match="'chess' is not a gamekit game"):
        determinize(view, random.Random(0))


def _play_out(game, rng):
    """Random legal actions to the end (bounded); the number of decisions taken."""
    for step in range(100_000):
        if game.is_over:
            return step
        seat = rng.choice(game.to_act)
        game.act(seat, rng.choice(game.legal_actions(seat)))
    raise AssertionError("a sampled game did not end within 100,000 decisions")


@pytest.mark.parametrize("players", [4, 5])
def test_money_monsoon_determinized_states_show_the_same_view_and_play_on_to_the_end(players):
    """At every decision of a random game (seats in random order, so rivals bid before the
    viewer and large bids stop half-narrowed), the sample shows the very view; every fifth one
    plays on legally to the end."""
    rng = random.Random(players)
    game = gamekit.new_game("money_monsoon", players, seed=players)
    seen = {"bid": 0, "move": 0, "rivals sealed": 0, "own range under way": 0}
    while not game.is_over:
        seat = rng.choice(game.to_act)
        view = game.view(seat)
        sample = determinize(view, rng)  # raises if its view differs
        assert sample.view(seat) == view
        assert sample.to_act == game.to_act and sample.legal_actions(seat) == game.legal_actions(seat)
        seen[view["phase"]] += 1
        sealed = [s for s in range(players) if s != seat and s not in view["to_act"]]
        seen["rivals sealed"] += view["phase"] == "bid" and bool(sealed)
        seen["own range under way"] += seat in view["to_act"] and view["bid_range"][seat] is not None
        if len(game.history) % 5 == 0:
            assert _play_out(sample, random.Random(len(game.history))) > 0 and sample.result()["scores"]
        game.act(seat, rng.choice(game.legal_actions(seat)))
    assert all(seen.values()), seen


def test_money_monsoon_determinized_states_match_in_a_game_of_gamekit_bots():
    class Checked:
        """A bot that checks, before each choice, that its view determinizes to itself."""

        def __init__(self, inner):
            self.inner, self.checked, self.rng = make_bot(inner, "money_monsoon"), 0, random.Random(1)

        def choose(self, view, legal_actions, rng):
            sample = determinize(view, self.rng)
            assert sample.view(view["viewer"]) == view
            assert sample.legal_actions(view["viewer"]) == list(legal_actions)
            self.checked += 1
            return self.inner.choose(view, legal_actions, rng)

    bots = [Checked(b) for b in ("shade", "truthful", "zero8", "shade")]
    game = gamekit.new_game("money_monsoon", 4, seed=3)
    gamekit.play(game, bots)
    assert game.result()["finished"] and sum(b.checked for b in bots) > 40


def test_money_monsoon_hidden_sealed_bids_vary_with_the_sample():
    game = gamekit.new_game("money_monsoon", 4, seed=9)
    game.act(1, "bid 120")
    game.act(2, "bid 30")
    view = game.view(0)
    assert view["bids"] == [None, None, None, None]
    samples = [determinize(view, random.Random(k)) for k in range(8)]
    hidden = {tuple(s.view()["bids"]) for s in samples}  # the teacher's view sees the sealed bids
    assert len(hidden) > 1
    for bids in hidden:  # sealed for the two who bid, each within its points (MM-A2)
        assert bids[0] is None and bids[3] is None
        assert 0 <= bids[1] <= view["points"][1] and 0 <= bids[2] <= view["points"][2]


def test_the_mcts_bot_chooses_legal_money_monsoon_bids_and_moves():
    game = gamekit.new_game("money_monsoon", 4, seed=5)
    rng = random.Random(0)
    phases = set()
    while len(phases) < 2:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        action = MCTSBot(simulations=3).choose(game.view(seat), legal, rng)
        assert action in legal
        phases.add(game.phase)
        game.act(seat, action)
    assert phases == {"bid", "move"}


# A view met in a game (seed 2028): A, with 530 points, has taken a range step of a large bid, so
# A is still to act, ahead of the viewer C; the search must still be for C's own bid.
VIEW_BEHIND_A_LARGE_BID = {
    "game": "money_monsoon", "players": 4, "viewer": 2, "to_act": [0, 2, 3], "phase": "bid", "turn": 12,
    "max_turns": 1000, "track_length": 25, "exact_goal": False, "top_tie": "void", "all_void": "lapse",
    "double_finish": "first", "start_player": 2, "active": 1, "roll": 8, "rebids": 0,
    "points": [530, 376, 79, 419], "debt": [0, 0, 0, 0], "borrowed": [0, 0, 0, 0], "repaid": [0, 0, 0, 0],
    "bank": 196, "pawns": [[3, 0], [3, 0], [9, 8], [10, 0]], "bids": [None, None, None, None],
    "bid_range": [None, None, None, None], "winner": None, "price": None, "payee": None, "free_mover": None,
    "mover": None, "steps": None, "free_move": False, "bonuses": None, "finished": False,
    "auctioneer_rule": "may", "broke_bids": "borrow", "bid_limits": [530, 376, 79, 419], "sat_out": None,
}  # fmt: skip


def test_the_search_is_for_the_viewer_even_when_rivals_are_ahead_of_it_in_a_sealed_step():
    view = VIEW_BEHIND_A_LARGE_BID
    legal = determinize(view, random.Random(0)).legal_actions(2)
    assert [str(a) for a in legal] == [f"bid {n}" for n in range(80)]
    for k in range(3):
        root = MCTSBot.root(view, random.Random(k))
        assert root.current_player() == 2 and root.gamekit.to_act == (2, 3)
        assert root.gamekit.view(2)["bids"][2] is None  # the viewer has not bid: only A has
    assert MCTSBot(simulations=4).choose(view, legal, random.Random(1)) in legal
    game = gamekit.new_game("money_monsoon", 4, seed=1)
    with pytest.raises(ValueError, match="not to act"):
        MCTSBot.root(game.view(0) | {"to_act": [1, 2, 3]}, random.Random(0))


@pytest.mark.parametrize("players", [3, 4])
def test_kuhhandel_determinized_states_show_the_same_view_conserve_money_and_play_on_to_the_end(players):
    """At every decision of a random game, the acting seat's view (and every seat's at every
    fifth decision: third parties of a trade see less) determinizes to itself; the sample's
    teacher's view shows no broken rule (money conserved, 4 of each animal); every 40th sample
    plays on legally to the end."""
    rng = random.Random(players)
    game = gamekit.new_game("kuhhandel", players, seed=players)
    seen = {"hidden offer": 0, "hidden building": 0, "hidden last trade": 0, "decide": 0, "pay": 0}
    for decision in range(3000):
        if game.is_over:
            break
        actor = rng.choice(game.to_act)
        for seat in range(players) if decision % 5 == 0 else [actor]:
            view = game.view(seat)
            sample = determinize(view, rng)  # raises if its view differs
            assert sample.view(seat) == view
            assert game.state_problems(sample.view()) == []
            assert sample.to_act == game.to_act
            if seat == actor:  # the actor's own choices (another seat's hinge on its hidden cards)
                assert sample.legal_actions(actor) == game.legal_actions(actor)
            trade, last = view["trade"], view["last_trade"]
            seen["hidden offer"] += bool(
                trade and trade["offer_count"] is not None and trade["offer"] is None
            )
            seen["hidden building"] += bool(trade and trade["building"] is None and trade["building_count"])
            seen["hidden last trade"] += bool(last and last["offer"] is None)
            seen["decide"] += view["phase"] == "decide" and seat != view["auction"]["high_bidder"]
            seen["pay"] += view["phase"] == "pay" and seat != view["payment"]["payer"]
            if decision % 40 == 0:
                assert _play_out(sample, random.Random(decision)) > 0 and sample.result()["finished"]
        game.act(actor, rng.choice(game.legal_actions(actor)))
    assert game.is_over and all(seen.values()), seen


def test_kuhhandel_hidden_money_and_deck_vary_with_the_sample():
    game = gamekit.new_game("kuhhandel", 4, seed=9)
    rng = random.Random(0)
    while game.phase != "respond":  # a face-down offer of two cards, hidden from a third party
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        if game.phase == "offer":
            adds = [a for a in legal if a.kind == "add"]
            game.act(seat, adds[-1] if adds and game.view(seat)["trade"]["building_count"] < 2 else "offer")
        else:
            trades = [a for a in legal if a.kind == "trade"]
            game.act(seat, trades[0] if trades else rng.choice(legal))
    view = game.view(next(s for s in range(4) if s not in (game.trade.active, game.trade.partner)))
    assert view["trade"]["offer"] is None and view["money"][1 if view["viewer"] != 1 else 0] is None
    samples = [determinize(view, random.Random(k)).view() for k in range(8)]
    for key in ("money", "deck"):
        assert len({repr(s[key]) for s in samples}) > 1, key
    assert len({repr(s["trade"]["offer"]) for s in samples if s["trade"]["offer"]}) > 1
    for s in samples:  # what the viewer sees stays as it is
        assert s["money"][view["viewer"]] == view["money"][view["viewer"]]
        assert sorted(s["deck"]) == sorted(determinize(view, random.Random(99)).deck)


@pytest.mark.parametrize(
    ("name", "players"), [("for_sale", 3), ("money_monsoon", 4), ("kuhhandel", 3), ("bohnanza", 3)]
)
def test_determinize_refuses_the_teachers_view_and_a_finished_game(name, players):
    game = gamekit.new_game(name, players, seed=2)
    with pytest.raises(ValueError, match="a seat's view"):
        determinize(game.view(), random.Random(0))
    _play_out(game, random.Random(0))
    with pytest.raises(ValueError, match="the game is over"):
        determinize(game.view(0), random.Random(0))


def _bot_chooses_once_in_each(game, situation, enough: int, steps: int) -> set:
    """Play ``game`` with random legal actions, letting the MCTS bot choose (and checking its
    choice is legal) the first time each ``situation(game, seat)`` comes with a real choice;
    stops after ``enough`` situations or ``steps`` decisions. Returns the situations chosen in."""
    rng = random.Random(0)
    bot = MCTSBot(simulations=2)
    chosen = set()
    for _ in range(steps):
        if game.is_over or len(chosen) == enough:
            break
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        where = situation(game, seat)
        if where not in chosen and len(legal) > 1:
            action = bot.choose(game.view(seat), legal, rng)
            assert action in legal
            chosen.add(where)
        else:
            action = rng.choice(legal)
        game.act(seat, action)
    return chosen


def test_the_mcts_bot_chooses_legal_kuhhandel_actions_in_every_phase_and_pays_card_by_card():
    """The bot chooses in each phase (a payment is searched card by card, pay+V, then handed
    over as one legal 'pay' action); random legal actions between."""
    game = gamekit.new_game("kuhhandel", 3, seed=4)
    phases = _bot_chooses_once_in_each(game, lambda g, seat: g.phase, enough=6, steps=2000)
    assert phases == {"turn", "bidding", "decide", "pay", "offer", "respond"}


def test_the_mcts_bot_chooses_legal_bohnanza_actions_in_every_phase():
    """The bot chooses in each phase of a Bohnanza game (planting, trading with no proposal, a
    draft of its own, answering a proposal, planting what was traded); random legal actions
    between, and the decision that runs the deck out (draw) too when it comes."""

    def where(g, seat):
        proposal = g.view(seat)["proposal"]
        return (g.phase, None if proposal is None else "answer" if proposal["made"] else "draft")

    game = gamekit.new_game("bohnanza", 3, seed=4)
    chosen = _bot_chooses_once_in_each(game, where, enough=6, steps=5000)
    wanted = {("plant", None), ("trade", None), ("trade", "draft"), ("trade", "answer")}
    assert wanted | {("plant-traded", None)} <= chosen, chosen


def test_the_mcts_bot_plays_a_whole_game_legally_and_the_record_has_an_interval():
    table = mcts_record(games=1, players=3, simulations=2, path=None)
    row = table.iloc[0]
    assert row["games"] == 1 and 0 <= row["ci_low"] <= row["mcts win share"] <= row["ci_high"] <= 1
    game = gamekit.new_game("for_sale", 3, seed=5)
    seat = game.to_act[0]
    action = MCTSBot(simulations=3).choose(game.view(seat), game.legal_actions(seat), random.Random(0))
    assert action in game.legal_actions(seat)


def test_the_money_monsoon_record_plays_whole_games_against_the_rollout_bot():
    table = mcts_record("money_monsoon", games=1, simulations=2, path=None)
    row = table.iloc[0]
    assert (row["game"], row["players"], row["opponents"]) == ("money_monsoon", 4, "3 x rollout:0.6")
    assert 0 <= row["ci_low"] <= row["mcts win share"] <= row["ci_high"] <= 1 and row["even share"] == 0.25


def test_regenerating_one_game_keeps_the_other_games_rows_as_stored(tmp_path):
    path = tmp_path / "mcts_results.csv"
    path.write_text(RESULTS.read_text())
    with pytest.raises(ValueError, match="no run is listed"):
        regenerate(path, runs=[("money_monsoon", 4, 1, 2)], only=["kuhhandel"])
    # runs that list only the game played again: the games they leave out keep their rows too
    table = regenerate(path, runs=[("money_monsoon", 4, 1, 2)], only=["money_monsoon"])
    stored, lines = RESULTS.read_text().splitlines(), path.read_text().splitlines()
    assert len(lines) == len(stored)
    for old, new in zip(stored, lines, strict=True):  # every other game's row kept, in its place
        assert new == old or (old.startswith("money_monsoon") and new.startswith("money_monsoon"))
    assert table["game"].tolist() == [line.split(",")[0] for line in stored[1:]]
    assert table[table["game"] == "money_monsoon"].iloc[0]["games"] == 1


def test_the_stored_results_have_the_columns_the_record_writes():
    import pandas as pd

    stored = pd.read_csv(RESULTS)
    fresh = mcts_record(games=1, players=3, simulations=2, path=None)
    assert list(stored.columns) == list(fresh.columns)
    assert (stored["ci_low"] <= stored["mcts win share"]).all() and (
        stored["mcts win share"] <= stored["ci_high"]
    ).all()
    assert set(stored["game"]) == set(gamekit.GAMES)  # issue 15: every game has its row


def test_too_few_simulations_are_refused():
    with pytest.raises(ValueError, match="at least 2 simulations"):
        MCTSBot(simulations=1)


# Every option of each game at a value other than its default (the sampler's NOT_IN_VIEW aside).
NON_DEFAULT = {
    "for_sale": {"edition": "classic", "refund_rounding": "up", "coin_counts": "shown"},
    "money_monsoon": {
        "track_length": 20,
        "top_tie": "seat",
        "all_void": "rebid",
        "exact_goal": True,
        "double_finish": "split",
        "auctioneer": "must",
        "broke_bids": "points",
        "max_turns": 300,
    },
    "bohnanza": {"third_field_cost": 2, "proposals_per_turn": 1, "max_decisions": 5000},
    "kuhhandel": {"max_turns": 50},
}


@pytest.mark.parametrize("name", sorted(NON_DEFAULT))
def test_every_option_set_to_another_value_survives_determinize(name):
    """A sample plays every option as the game does, so none that matters mid-game is played
    at its default; the sampler names those its view does not show, with why."""
    from gamekit.core import registry

    sampling = registry.layer(name, "sampling")
    not_in_view = getattr(sampling, "NOT_IN_VIEW", {})
    declared = {o.name: o.default for o in registry.game_class(name).options_declared}
    options = NON_DEFAULT[name]
    assert set(options) | set(not_in_view) == set(declared)
    assert all(options[key] != declared[key] for key in options)
    cls = registry.game_class(name)
    game = gamekit.new_game(name, cls.min_players, seed=5, options=options)
    rng, checked = random.Random(5), 0
    for decision in range(200):
        if game.is_over:
            break
        seat = rng.choice(game.to_act)
        if decision % 10 == 0:
            sample = determinize(game.view(seat), rng)
            assert {k: sample.options[k] for k in options} == options
            checked += 1
        game.act(seat, rng.choice(game.legal_actions(seat)))
    assert checked >= 3


def test_an_option_the_view_does_not_show_is_refused_not_played_at_its_default():
    view = gamekit.new_game("kuhhandel", 3, seed=1, options={"max_turns": 40}).view(0)
    del view["max_turns"]
    with pytest.raises(RuntimeError, match=r"does not show option 'max_turns'.*NOT_IN_VIEW"):
        determinize(view, random.Random(0))
