"""Lesson 01's claim measures (``gamekit.games.for_sale.claims``) compute what their sentences say."""

from __future__ import annotations

import pytest

from gamekit.games.for_sale import claims as fs_claims
from gamekit.simulate import simulate
from gamekit.stats import paired_difference


def test_the_first_listed_bot_is_found_in_its_rotated_seat():
    seats = simulate("for_sale", 4, ["spread:0.5", "house_value", "house_value", "house_value"], 8, seed=1)
    focal = fs_claims._focal(seats)
    expected = seats[seats["bot"] == "spread:0.5"].set_index("game")["win_share"]
    assert list(focal.index) == list(range(8)) and (focal == expected).all()


def test_a_table_difference_is_the_paired_difference_game_by_game():
    values = fs_claims.table_difference("skew_match", "spread")(3, 40)
    seats = fs_claims._seats(fs_claims.TABLE, 40, 3)
    d = paired_difference(seats, "skew_match:0.5", "spread:0.3")
    assert len(values) == 40 and sum(values) / 40 == pytest.approx(d.difference)


def test_the_same_bot_in_the_same_seat_on_the_same_deals_differs_by_nothing():
    assert fs_claims.seat_difference("house_value", "house_value")(2, 12) == [0.0] * 12


def test_the_first_start_player_measure_is_one_win_share_per_game_less_a_fair_share():
    values = fs_claims.first_start_player_minus_fair(4, 30)
    assert len(values) == 30 and all(-0.25 <= v <= 0.75 for v in values)


def test_skew_match_is_never_measured_selling_lower_than_rank_matching():
    values = fs_claims.skew_match_against_rank_matching(5, 10)
    assert len(values) == 10 * 7 and set(values) <= {0.0, 1.0} and 1.0 in values


def test_the_dissipation_measure_is_burnt_over_contested_per_game():
    from gamekit.theory.for_sale import contested_by_game

    values = fs_claims.contested_dissipation(6, 20)
    table = contested_by_game(fs_claims._records(20, 6))
    assert values == list(table["paid"] / table["contested"])
