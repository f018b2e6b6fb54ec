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


def test_the_fraction_measure_is_the_swept_seats_win_share_against_three_house_value_less_a_fair_share():
    values = fs_claims.fraction_minus_fair(0.45)(7, 16)
    seats = simulate("for_sale", 4, ["spread:0.45", *fs_claims.HOUSE_VALUE], 16, seed=7)
    shares = seats[seats["bot"] == "spread:0.45"].set_index("game")["win_share"]
    assert values == list(shares - 0.25)


def test_the_fractions_of_the_sweep_run_from_0_to_1_in_steps_of_a_twentieth():
    from gamekit.games.for_sale.analysis import SWEEP_FRACTIONS

    assert SWEEP_FRACTIONS[0] == 0.0 and SWEEP_FRACTIONS[-1] == 1.0 and len(SWEEP_FRACTIONS) == 21
    assert fs_claims.BEST_FRACTION in SWEEP_FRACTIONS
    assert set(fs_claims.BELOW_FAIR + fs_claims.ABOVE_FAIR) <= set(SWEEP_FRACTIONS)


def test_the_equilibrium_opponents_are_the_stored_meta_games_pure_mix():
    from gamekit import meta_games

    meta = meta_games.stored("for_sale")
    assert meta.mix == {f"spread:{fs_claims.BEST_FRACTION:g}": 1.0}
    assert fs_claims.EQUILIBRIUM == (f"spread:{fs_claims.BEST_FRACTION:g}",) * 3


def test_the_ex_post_measure_is_coins_burnt_less_the_cheques_contested_prize():
    from gamekit.theory.for_sale import contested_by_game, contested_dissipation

    records = fs_claims._records(20, 6)
    values = fs_claims.burnt_minus_ex_post_prize(6, 20)
    table = contested_by_game(records)
    assert values == list(table["paid"] - table["contested_ex_post"])
    # pooled over the games, burnt above the prize is the ratio above 1 the lesson prints
    assert (sum(values) > 0) == (contested_dissipation(records)["ex_post"] > 1)


def test_the_budget_and_whole_value_measures_are_the_theory_tables_columns():
    from gamekit.theory.for_sale import contested_by_game

    table = contested_by_game(fs_claims._records(20, 6))
    assert fs_claims.budget_cap(6, 20) == list(table["cap"])
    assert fs_claims.burnt_share_of_value(6, 20) == list(table["share_of_value"])


def test_cheque_minus_price_is_one_value_per_house_bought():
    records = fs_claims._records(10, 6)
    values = fs_claims.cheque_minus_price(6, 10)
    assert len(values) == len(records["purchases"])
    paid = records["purchases"]["paid"].sum()
    cheques = records["sales"]["cheque"].sum() / 1000
    assert sum(values) == pytest.approx(cheques - paid)
