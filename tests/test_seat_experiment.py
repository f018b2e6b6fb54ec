"""The seat experiment: position after the first start player, its summary, its test and its figure.

Issue 12: a seat number is not an order of play when the first start player is dealt at random,
so the experiment reads ``position`` from ``simulate``'s rows and seats the same bot everywhere.
"""

from __future__ import annotations

import random

import pandas as pd
import pytest

import gamekit
from gamekit import analysis, experiments, plots, stats
from gamekit.simulate import game_seed


def rows_where_winners_are(positions: list[int], players: int = 4) -> pd.DataFrame:
    """simulate-shaped rows: game g is won by the player at ``positions[g]`` (-1: a tie of 0 and 1)."""
    rows = []
    for game, winner in enumerate(positions):
        first = game % players  # the first start player moves round the table, as a deal would
        for seat in range(players):
            position = (seat - first) % players
            share = (1.0 if position == winner else 0.0) if winner >= 0 else (0.5 if position < 2 else 0.0)
            rows.append(
                {
                    "game": game,
                    "seat": seat,
                    "position": position,
                    "bot": "same",
                    "score": 10 * share,
                    "win_share": share,
                    "finished": True,
                }
            )
    return pd.DataFrame(rows)


def test_position_summary_counts_wins_by_position_not_by_seat():
    df = rows_where_winners_are([0] * 8)
    by_position = analysis.position_summary(df)
    by_seat = analysis.seat_summary(df)
    assert list(by_position["position"]) == [0, 1, 2, 3]
    assert list(by_position["win_rate"]) == [1.0, 0.0, 0.0, 0.0]
    # The first start player moved round the table, so by seat the advantage disappears.
    assert list(by_seat["win_rate"]) == [0.25, 0.25, 0.25, 0.25]


def test_position_summary_needs_the_position_column():
    with pytest.raises(ValueError, match="position"):
        analysis.position_summary(rows_where_winners_are([0]).drop(columns="position"))


def test_position_effect_finds_a_planted_advantage():
    rng = random.Random(4)
    # Position 0 wins 40 % of 400 games, the others 20 % each: far from equal shares.
    winners = [0 if rng.random() < 0.4 else rng.choice([1, 2, 3]) for _ in range(400)]
    effect = stats.position_effect(rows_where_winners_are(winners))
    assert effect.games == 400 and effect.players == 4
    assert effect.p_value < 1e-6
    assert effect.ci_low[0] > effect.fair > effect.ci_high[3]
    assert "chi-square" in str(effect) and "400 games" in str(effect)


def test_position_effect_does_not_see_one_where_there_is_none():
    # Exactly equal shares, one tie among them: the statistic is 0 and p is 1.
    winners = [0, 1, 2, 3] * 50
    effect = stats.position_effect(rows_where_winners_are(winners))
    assert effect.chi2 == pytest.approx(0.0) and effect.p_value == pytest.approx(1.0)
    tied = stats.position_effect(rows_where_winners_are([-1, 2, 3] * 20))  # ties split between 0 and 1
    assert tied.shares[0] == tied.shares[1] == pytest.approx(1 / 6)
    assert sum(tied.shares) == pytest.approx(1.0)


def test_position_effect_leaves_out_unfinished_games_and_refuses_other_tables():
    df = rows_where_winners_are([0, 1, 2, 3])
    df.loc[df["game"] == 0, ["finished", "win_share"]] = [False, 0.0]
    assert stats.position_effect(df).games == 3
    with pytest.raises(ValueError, match="position"):
        stats.position_effect(df.drop(columns="position"))


def test_simulate_positions_count_from_the_first_start_player():
    df = gamekit.simulate("for_sale", 4, ["random"] * 4, 12, seed=3)
    for game, rows in df.groupby("game"):
        first = gamekit.new_game("for_sale", 4, seed=game_seed(3, game)).first_player
        assert list(rows.sort_values("seat")["position"]) == [(s - first) % 4 for s in range(4)]


def test_seat_experiment_seats_one_bot_everywhere_and_tests_positions():
    result = experiments.seat_experiment("money_monsoon", 4, "shade", 40, seed=2)
    assert result.seats["bot"].nunique() == 1  # one bot, in every seat
    assert list(result.table["position"]) == [0, 1, 2, 3]
    assert result.table["games"].sum() == 160
    assert result.effect.games == 40 and 0.0 <= result.effect.p_value <= 1.0
    assert sum(result.effect.shares) == pytest.approx(1.0)


def test_position_advantage_draws_intervals_and_the_fair_share():
    fig = plots.position_advantage(rows_where_winners_are([0, 1, 2, 3, 0]))
    bar = fig.data[0]
    assert list(bar.x) == ["0", "1", "2", "3"] and bar.error_y.array is not None
    assert any("fair share" in (shape.text or "") for shape in fig.layout.annotations)
