"""Bohnanza's deal shares and turns per player: their intervals."""

from __future__ import annotations

import pandas as pd
import pytest

from gamekit.analysis import wilson_interval
from gamekit.games.bohnanza import analysis as beans
from gamekit.simulate import simulate_records


def _deals(games: int = 20, per_game: int = 8) -> pd.DataFrame:
    """Accepted deals in which every deal of a game has the same outcome: half the games all
    'both gain', half all 'neither' (deals of one game are as correlated as they can be)."""
    rows = []
    for game in range(games):
        gain = int(game % 2 == 0)
        for _ in range(per_game):
            rows.append(
                {
                    "game": game,
                    "accepted": True,
                    "active_fed": gain,
                    "active_sheds": 0,
                    "partner_fed": gain,
                    "partner_sheds": 0,
                }
            )
    return pd.DataFrame(rows)


def test_deal_shares_are_clustered_by_game_so_correlated_deals_give_a_wider_interval_than_wilson():
    deals = _deals()
    shares = beans.outcome_shares(deals).set_index("outcome")
    both = shares.loc["both gain"]
    assert both["share"] == 0.5 and both["ci_low"] < 0.5 < both["ci_high"]
    wilson_low, wilson_high = wilson_interval(80, 160)
    assert both["ci_high"] - both["ci_low"] > 2 * (wilson_high - wilson_low)
    # without a game column the deals count as independent: Wilson
    alone = beans.outcome_shares(deals.drop(columns="game")).set_index("outcome").loc["both gain"]
    assert (alone["ci_low"], alone["ci_high"]) == pytest.approx((wilson_low, wilson_high))


def test_deal_shares_of_a_simulation_contain_each_share():
    run = simulate_records("bohnanza", 4, "trader", 6, seed=2)
    shares = beans.outcome_shares(run["deals"], by="kind")
    assert {"kind", "outcome", "deals", "share", "ci_low", "ci_high"} <= set(shares.columns)
    assert ((shares["ci_low"] <= shares["share"]) & (shares["share"] <= shares["ci_high"])).all()


def test_player_count_turns_interval_contains_turns_per_player():
    run = simulate_records("bohnanza", 3, "trader", 6, seed=2)
    row = beans.player_count_summary({3: run}).iloc[0]
    assert row["turns_low"] < row["turns_per_player"] < row["turns_high"]
    per_game = run["turns"].groupby("game").size() / 3
    assert row["turns_per_player"] == pytest.approx(per_game.mean())


def test_a_share_of_one_gets_the_wilson_interval_over_games_not_a_point():
    deals = _deals()
    deals = deals[deals["active_fed"] == 1]  # the 10 games in which every deal gained both sides
    row = beans.outcome_shares(deals).iloc[0]
    assert row["outcome"] == "both gain" and row["share"] == 1
    assert (row["ci_low"], row["ci_high"]) == pytest.approx(wilson_interval(10, 10))


def test_deal_win_chances_play_each_deal_out_over_re_dealt_decks_with_a_placebo():
    games = beans.played_games("grower", 3, seed=5)
    table = beans.deal_win_chances(games, samples=3, seed=5)
    assert len(table) == 3 and table.equals(beans.deal_win_chances(games, samples=3, seed=5))
    chances = table.filter(regex="_(accept|reject|placebo)$")
    assert ((chances >= 0) & (chances <= 1)).all().all()
    assert table["moved"].between(0, 1).all() and table["moved_placebo"].between(0, 1).all()
    for _, row in table.iterrows():  # the deal's position: the partner answers an accepted proposal
        assert str(games[int(row["game"])].history[int(row["step"])][1]) == "accept"
    # One arm is one deck order and one stream of later shuffles: the same draws give the same game,
    # so the placebo differs from reject only by its later shuffles.
    position = games[0].at(int(table.loc[0, "step"]))
    partner = int(table.loc[0, "partner"])
    once = beans._played_out(position, partner, "reject", 11, 12, "grower")
    assert once == beans._played_out(position, partner, "reject", 11, 12, "grower")
    assert abs(sum(once) - 1) < 1e-9
