"""Lesson 07's evidence: the baseline and sweep records, the tables its figures are drawn from,
the figures themselves, and the For Sale sampler on a table that hides rivals' coins."""

import random

import pandas as pd
import pytest

pytest.importorskip("pyspiel")

import gamekit
from gamekit.games.for_sale import solve
from gamekit.games.for_sale.sampling import hidden_coins
from gamekit.plots import agents as plots
from gamekit.rl import mcts
from gamekit.rl.mcts import MCTSBot, baseline_record, make_agent, simulation_sweep, win_shares


def test_make_agent_reads_mcts_with_its_simulations_and_passes_other_bots_through():
    bot = make_agent("mcts:7")
    assert isinstance(bot, MCTSBot) and bot.simulations == 7
    assert make_agent("random") == "random"
    with pytest.raises(ValueError, match="whole number of simulations"):
        make_agent("mcts:many")


def test_win_shares_rotate_the_seat_and_are_the_same_for_the_same_seed():
    shares = win_shares("for_sale", "random", "random", 6, 3, seed=11)
    assert shares == win_shares("for_sale", "random", "random", 6, 3, seed=11)
    assert all(s in (0.0, 1.0, 0.5, 1 / 3) for s in shares)
    # seat i % 3 is the agent's: recompute game 4 (seat 1) by hand
    game = gamekit.new_game("for_sale", 3, seed=15)
    gamekit.play(game, ["random"] * 3)
    winners = game.result()["winners"]
    assert shares[4] == ((1 / len(winners)) if 1 in winners else 0.0)
    with pytest.raises(ValueError, match="games must be 1 or more"):
        win_shares("for_sale", "random", "random", 0)


def test_a_baseline_row_has_its_interval_and_the_even_share():
    row = baseline_record("for_sale", "random", "house_value:1.5", 3)
    assert row["opponents"] == "2 x house_value:1.5" and row["even share"] == 0.333
    assert 0 <= row["ci_low"] <= row["win share"] <= row["ci_high"] <= 1 and row["games"] == 3


def test_the_sweep_plays_every_setting_on_the_same_games():
    table = simulation_sweep(simulations=(2, 3), opponents=("random",), games=2)
    assert table["simulations"].tolist() == [2, 3]
    assert (table["games"] == 2).all() and (table["opponents"] == "2 x random").all()


@pytest.mark.parametrize(
    ("path", "fresh"),
    [
        (mcts.BASELINES, lambda: pd.DataFrame([baseline_record("for_sale", "random", "random", 1)])),
        (mcts.SWEEP, lambda: simulation_sweep(simulations=(2,), opponents=("random",), games=1)),
    ],
)
def test_the_stored_tables_have_the_columns_the_records_write(path, fresh):
    stored = pd.read_csv(path)
    assert list(stored.columns) == list(fresh().columns)
    assert ((stored["ci_low"] <= stored["win share"]) & (stored["win share"] <= stored["ci_high"])).all()


def test_the_stored_baselines_are_the_listed_runs_and_cover_every_game():
    stored = pd.read_csv(mcts.BASELINES)
    listed = [(g, n, a, f"{n - 1} x {o}", k) for g, n, a, o, k in mcts.BASELINE_RUNS]
    assert (
        list(stored[["game", "players", "agent", "opponents", "games"]].itertuples(index=False, name=None))
        == listed
    )
    assert set(stored[stored["agent"] == "random"]["game"]) == set(gamekit.GAMES)


def test_the_for_sale_sampler_deals_hidden_rival_coins_within_what_the_view_allows():
    game = gamekit.new_game("for_sale", 3, seed=2, options={"coin_counts": "shown"})  # FS-B11 shown
    for _ in range(4):
        seat = game.to_act[0]
        game.act(seat, game.legal_actions(seat)[1])
    view = game.view(game.to_act[0])
    hidden = view | {"coins": [c if s == view["viewer"] else None for s, c in enumerate(view["coins"])]}
    rng = random.Random(0)
    for _ in range(30):
        coins = hidden_coins(hidden, rng)
        assert coins[view["viewer"]] == view["coins"][view["viewer"]]
        for s, c in enumerate(coins):
            assert 0 <= c <= view["start_coins"] - view["bids"][s]
    assert hidden_coins(view, rng) == view["coins"]  # shown coins are kept as shown


@pytest.fixture(scope="module")
def solution():
    return solve.solve_selling(hands="3 9/5 8", cheques="0 5000 9000 15000", iterations=16)


def test_the_curve_table_is_the_solutions_curve(solution):
    table = solve.curve_table(solution)
    assert list(zip(table["iterations"], table["nash_conv"], strict=True)) == solution.curve
    assert (table["exploitability"] == table["nash_conv"] / 2).all()


def test_the_figures_draw_the_tables_they_are_given(solution):
    sweep = pd.DataFrame(
        {
            "opponents": ["2 x random"] * 2 + ["2 x house_value:1.5"] * 2,
            "simulations": [20, 5, 5, 20],
            "win share": [0.6, 0.4, 0.0, 0.1],
            "ci_low": [0.5, 0.3, 0.0, 0.05],
            "ci_high": [0.7, 0.5, 0.05, 0.2],
            "even share": [0.333] * 4,
        }
    )
    fig = plots.win_share_against_simulations(sweep)
    assert [t.name for t in fig.data] == ["against 2 x random", "against 2 x house_value:1.5"]
    assert list(fig.data[0].x) == [5, 20] and list(fig.data[0].y) == [0.4, 0.6]  # sorted by simulations
    assert list(fig.data[0].error_y.array) == pytest.approx([0.1, 0.1])
    assert fig.layout.shapes[0].y0 == 0.333

    curve = plots.nash_conv_curve(solve.curve_table(solution))
    assert list(curve.data[0].y) == [c for _, c in solution.curve]

    comparison = solve.compare_with_bots(solution, bots=("house_value",))
    rules = plots.selling_rules(comparison)
    conv = comparison[plots.NASHCONV].tolist()
    assert list(rules.data[0].x) == [
        f"equilibrium (CFR+)<br>NashConv {conv[0]:.2f}",
        f"house_value<br>NashConv {conv[1]:.2f}",
    ]
    assert list(rules.data[0].y) == list(comparison[plots.VALUE])
    assert rules.layout.shapes[0].y0 == comparison[plots.VALUE].iloc[0]


def test_games_to_tell_apart_uses_one_games_spread_unpaired_and_the_pilots_spread_paired():
    from gamekit.stats import games_needed

    found = mcts.games_to_tell_apart(0.05, 1 / 3, paired_sd=0.6)
    assert found["sd of one game"] == pytest.approx((2 / 9) ** 0.5)
    assert found["unpaired games per run"] == games_needed(0.05, (2 / 9) ** 0.5, paired=False)
    assert found["paired games"] == games_needed(0.05, 0.6)
    assert found["paired sd if unrelated"] == pytest.approx((4 / 9) ** 0.5)
    assert "paired games" not in mcts.games_to_tell_apart()
    with pytest.raises(ValueError, match="share must lie between 0 and 1"):
        mcts.games_to_tell_apart(share=1.0)
