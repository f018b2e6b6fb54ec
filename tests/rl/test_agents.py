"""The MCTS agent worth studying: samplers that read the seat's log, rollouts with gamekit's bots,
score-margin returns, ISMCTS with gamekit's sampler, and the stored sweep and sampling tables."""

import random

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pyspiel")

import gamekit
from gamekit.games.for_sale import sampling as fs_sampling
from gamekit.rl import mcts
from gamekit.rl.lesson07 import SWEEPS
from gamekit.rl.mcts import BotRollouts, MCTSBot, Timed, determinize, make_agent, play_with_log


def _played(name: str, players: int, seed: int, steps: int, bot: str = "random") -> gamekit.Game:
    game = gamekit.new_game(name, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        game.act(seat, rng.choice(legal))
    return game


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 80), players=st.integers(3, 5))
def test_fs_b11_the_log_deals_every_rivals_houses_cheques_and_coins_as_they_are(seed, steps, players):
    """FS-B5, FS-B8, FS-S3, FS-B11: what the seat's log fixes is dealt as it is; the view stays the same."""
    game = _played("for_sale", players, seed, steps)
    if game.is_over:
        return
    seat = game.to_act[0]
    view = game.view(seat)
    sample = determinize(view, random.Random(seed), game.log_for(seat))
    truth, dealt = game.view(None), sample.view(None)
    assert [sorted(h) for h in dealt["houses"]] == [sorted(h) for h in truth["houses"]]
    assert [sorted(c) for c in dealt["cheques"]] == [sorted(c) for c in truth["cheques"]]
    assert dealt["coins"] == truth["coins"]
    assert sample.view(seat) == view


def test_the_for_sale_sampler_refuses_a_log_that_does_not_add_up_to_the_view():
    game = _played("for_sale", 3, 4, 30)
    seat = game.to_act[0]
    with pytest.raises(ValueError, match="does not match the view's counts"):
        fs_sampling.determinize(game.view(seat), random.Random(0), game.log_for(seat)[:5])


def test_without_the_log_the_sampler_guesses_and_with_it_deals_right():
    table = mcts.dealt_right("for_sale", 3, games=2, every=7)
    share = table.set_index(["hidden", "sampled from"])["share right"]
    for key in ("houses", "cheques", "coins"):
        assert share[key, "view+log"] == 1.0
        assert share[key, "view"] < 1.0


def test_money_monsoons_log_fixes_nothing_its_view_leaves_open():
    """MM-A2: range steps are logged without their ranges; the sampler deals the same without the log."""
    from gamekit.games.money_monsoon import sampling

    assert sampling.USES_LOG is False
    game = gamekit.new_game("money_monsoon", 4, seed=6)
    rng = random.Random(6)
    for _ in range(500):  # on to a sealed bid some rivals have written (hidden) and others not
        if len(game.history) >= 12 and game.phase == "bid" and 0 < len(game.to_act) < 4:
            break
        seat = game.to_act[0]
        game.act(seat, rng.choice(game.legal_actions(seat)))
    seat = game.to_act[0]
    view, log = game.view(seat), game.log_for(seat)
    for k in range(5):
        with_log = determinize(view, random.Random(k), log).view(None)
        assert with_log == determinize(view, random.Random(k)).view(None)


def test_hidden_right_counts_only_what_the_seats_view_hides():
    game = _played("for_sale", 3, 1, 20)
    seat = game.to_act[0]
    found = mcts.hidden_right(game, game, seat)  # the truth dealt right everywhere
    assert found and all(right == hidden for right, hidden in found.values())
    assert "houses" in found and found["houses"][1] == sum(
        len(h) for s, h in enumerate(game.view(None)["houses"]) if s != seat
    )


@pytest.mark.parametrize("returns", ["win", "margin"])
def test_bot_rollouts_play_the_game_out_with_the_bot_and_return_per_seat(returns):
    game = _played("for_sale", 3, 2, 12)
    view = game.view(game.to_act[0])
    state = MCTSBot.root(view, random.Random(0), log=game.log_for(view["viewer"]))
    before = state.gamekit.view(None)
    values = BotRollouts("for_sale", "house_value:1.5", returns, random.Random(1)).evaluate(state)
    assert state.gamekit.view(None) == before  # the leaf itself is not played on
    assert len(values) == 3
    if returns == "win":
        assert sum(values) == pytest.approx(1.0) and set(values) <= {0.0, 0.5, 1.0, 1 / 3}
    else:
        assert max(values) >= 0 and min(values) <= 0 and all(-2 <= v <= 2 for v in values)


def test_a_guided_prior_puts_its_weight_on_the_bots_step():
    game = _played("for_sale", 3, 3, 6)
    view = game.view(game.to_act[0])
    state = MCTSBot.root(view, random.Random(0))
    rollouts = BotRollouts("for_sale", "house_value:1.5", "win", random.Random(0), guide=0.5)
    prior = dict(rollouts.prior(state))
    assert sum(prior.values()) == pytest.approx(1.0)
    top = max(prior, key=prior.__getitem__)
    assert prior[top] > 0.5 and state.legal_steps()[top] == str(
        rollouts.bot.choose(
            state.gamekit.view(view["viewer"]), state.gamekit.legal_actions(view["viewer"]), None
        )
    )


@pytest.mark.parametrize(
    "bot",
    [
        MCTSBot(simulations=4, rollout="house_value:1.5", returns="margin", guide=0.5, uct_c=0.5),
        MCTSBot(simulations=4, rollout="house_value:1.5", search="ismcts"),
        MCTSBot(simulations=4, rollout="house_value:1.5", search="ismcts", guide=0.5),
        MCTSBot(simulations=3, rollout="house_value:1.5", determinizations=2),
    ],
    ids=["mcts-guided-margin", "ismcts", "ismcts-guided", "two-determinizations"],
)
def test_the_agent_plays_a_whole_for_sale_game_reading_its_log(bot):
    game = gamekit.new_game("for_sale", 3, seed=8)
    play_with_log(game, [bot, "house_value:1.5", "random"])
    assert game.is_over and game.result()["finished"]


def test_the_agent_plays_money_monsoon_with_shading_rollouts_and_another_bots_prior():
    game = gamekit.new_game("money_monsoon", 4, seed=3)
    bot = make_agent("mcts:3/shade:0.6/rollout:0.6")
    play_with_log(game, [bot, "shade:0.6", "shade:0.6", "shade:0.6"])
    assert game.is_over


def test_play_with_log_is_gamekit_play_for_bots_that_read_no_log():
    a, b = gamekit.new_game("for_sale", 4, seed=5), gamekit.new_game("for_sale", 4, seed=5)
    play_with_log(a, ["random", "house_value:1.5", "random", "spread:0.45"])
    gamekit.play(b, ["random", "house_value:1.5", "random", "spread:0.45"])
    assert a.history == b.history


def test_make_agent_reads_rollout_and_ismcts_specs():
    plain = make_agent("mcts:7")
    assert plain.rollout is None and not plain.uses_log and plain.search == "mcts"
    guided = make_agent("mcts:30/house_value:1.5")
    assert guided.rollout == "house_value:1.5" and guided.uses_log and guided.simulations == 30
    assert make_agent("ismcts:9/random").search == "ismcts"
    assert make_agent("mcts:5/shade:0.6/rollout:0.6").guide_bot == "rollout:0.6"
    assert (guided.returns, guided.guide, guided.guide_bot) == ("margin", 0.5, None)
    with pytest.raises(ValueError, match="ISMCTS takes its rollouts' bot"):
        make_agent("ismcts:9")


@pytest.mark.parametrize(
    ("settings_", "message"),
    [
        ({"returns": "points"}, "returns must be one of"),
        ({"search": "alphazero"}, "search must be"),
        ({"returns": "margin"}, "random rollouts return win shares"),
        ({"guide": 0.5}, "give a rollout bot"),
    ],
)
def test_the_agent_refuses_settings_it_does_not_have(settings_, message):
    with pytest.raises(ValueError, match=message):
        MCTSBot(simulations=5, **settings_)


def test_timed_counts_only_decisions_with_a_choice():
    timed = Timed(make_agent("mcts:2/house_value:1.5"))
    game = gamekit.new_game("for_sale", 3, seed=1)
    play_with_log(game, [timed, "random", "random"])
    assert timed.decisions > 0 and timed.seconds > 0 and timed.uses_log


def test_a_tiny_sweep_writes_the_stored_columns_with_how_it_was_made():
    fresh = mcts.simulation_sweep(
        "for_sale", (2,), ("random",), games=1, agent="mcts:{n}/house_value:1.5", command="test"
    )
    stored = pd.read_csv(mcts.SWEEP)
    assert list(stored.columns) == list(fresh.columns)
    assert fresh["agent"].tolist() == ["mcts:2/house_value:1.5"] and fresh["command"].tolist() == ["test"]
    assert "open_spiel" in fresh["made with"].iloc[0]


def test_the_stored_sweep_is_the_listed_sweeps():
    stored = pd.read_csv(mcts.SWEEP)
    for name, players, agent, simulations, opponents, games in SWEEPS:
        for rival in opponents:
            for n in simulations:
                row = stored[
                    (stored["agent"] == agent.format(n=n))
                    & (stored["opponents"] == f"{players - 1} x {rival}")
                ]
                assert len(row) == 1, (agent, rival, n)
                assert (row["game"] == name).all() and (row["games"] == games).all()
    assert ((stored["ci_low"] <= stored["win share"]) & (stored["win share"] <= stored["ci_high"])).all()


def test_the_stored_sampling_table_has_the_columns_dealt_right_writes():
    stored = pd.read_csv(mcts.SAMPLING)
    fresh = mcts.dealt_right("for_sale", 3, games=1, every=20)
    assert list(stored.columns) == [*fresh.columns, "command", "made with"]
    fs = stored[(stored["game"] == "for_sale") & (stored["sampled from"] == "view+log")]
    assert (fs[fs["hidden"].isin(["houses", "cheques", "coins"])]["share right"] == 1.0).all()


def test_sweep_lines_name_each_line_by_agent_and_rivals():
    agents = ["mcts:10", "mcts:10/house_value:1.5", "mcts:10/shade:0.6/rollout:0.6"]
    table = pd.DataFrame({"game": ["for_sale"] * 3, "agent": agents, "opponents": ["2 x random"] * 3})
    lines = mcts.sweep_lines(table, "for_sale")
    assert lines["line"].tolist() == [
        "mcts, random rollouts vs 2 x random",
        "mcts, house_value:1.5 rollouts vs 2 x random",
        "mcts, shade:0.6 rollouts, rollout:0.6 prior vs 2 x random",
    ]


def test_the_sweep_command_plays_the_games_named_and_keeps_every_other_row(tmp_path, monkeypatch):
    path = tmp_path / "mcts_sweep.csv"
    path.write_text(mcts.SWEEP.read_text())
    stored = pd.read_csv(mcts.SWEEP)
    monkeypatch.setattr(mcts, "SWEEPS", (("for_sale", 3, "mcts:{n}/random", (2,), ("random",), 1),))
    table = mcts.regenerate_sweep(path, only=["for_sale"])
    assert len(table) == len(stored) + 1 and table["agent"].iloc[-1] == "mcts:2/random"
    assert table["command"].iloc[-1] == "python -m gamekit.rl.mcts --sweep for_sale"
    pd.testing.assert_frame_equal(table.iloc[:-1].reset_index(drop=True), stored)
    with pytest.raises(ValueError, match="no sweep is listed"):
        mcts.regenerate_sweep(path, only=["kuhhandel"])
