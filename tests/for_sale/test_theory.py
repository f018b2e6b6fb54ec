"""For Sale theory: the phase-2 value of a house (exact and simulated) and phase 1's rent dissipation."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, pairwise
from statistics import NormalDist

import pytest

from gamekit.games.for_sale.rules import CHEQUES, HOUSES, edition_setup
from gamekit.simulate import simulate_records
from gamekit.theory import for_sale as theory


@pytest.mark.parametrize("players", [3, 4])
def test_cheque_order_means_match_enumerating_every_table(players):
    sums = [Fraction(0)] * players
    tables = list(combinations(CHEQUES, players))  # the 30 cheques as distinct cards
    for table in tables:
        for j, c in enumerate(sorted(table, reverse=True)):
            sums[j] += c
    exact = [s / len(tables) for s in sums]
    assert theory.cheque_order_means(players) == pytest.approx([float(e) for e in exact], rel=1e-12)


def test_one_round_value_matches_enumerating_every_sale_of_three_players():
    # Every pair of other houses and every table of 3 cheques, equally likely: the house's rank
    # among the three played picks its cheque (FS-S3).
    tables = [sorted(t, reverse=True) for t in combinations(CHEQUES, 3)]
    mean_by_place = [Fraction(sum(t[j] for t in tables), len(tables)) for j in range(3)]
    for house in (1, 2, 15, 29, 30):
        others = [h for h in HOUSES if h != house]
        pairs = list(combinations(others, 2))
        total = sum(mean_by_place[sum(h > house for h in pair)] for pair in pairs)
        assert theory.one_round_value(house, 3) == pytest.approx(float(total / len(pairs)), rel=1e-12)


def test_one_round_value_rises_with_the_house_and_averages_to_the_mean_cheque():
    for players in (3, 4, 5, 6):
        values = [theory.one_round_value(h, players) for h in HOUSES]
        assert all(a < b for a, b in pairwise(values))
        # Every house is equally likely to be any of the played houses: the mean is the mean cheque.
        assert sum(values) / len(values) == pytest.approx(sum(CHEQUES) / len(CHEQUES), rel=1e-12)


def test_simulated_one_round_sale_agrees_with_the_exact_value():
    players, games = 4, 6000
    table = theory.house_values(players, rounds=1, games=games, seed=3)
    assert len(table) == 30
    # 30 intervals at once: Bonferroni, each two-sided at 5 % / 30.
    z = NormalDist().inv_cdf(1 - 0.05 / 60)
    half = (table["ci_high"] - table["ci_low"]) / 2 / 1.96 * z
    exact = [theory.one_round_value(int(h), players) for h in table["house"]]
    assert ((table["mean"] - exact).abs() <= half).all()


def test_whole_phase_two_values_the_top_house_at_the_top_cheque_of_its_table():
    # House 30 always takes the best cheque of the table it is sold at; rank matching sells it at
    # a best cheque at the top of those left, so it brings more than in a one-round sale.
    table = theory.house_values(3, games=1500, seed=4).set_index("house")
    assert table.loc[30, "ci_low"] > theory.one_round_value(30, 3)
    assert table.loc[1, "ci_high"] < table.loc[30, "ci_low"]


@pytest.fixture(scope="module")
def records():
    return simulate_records("for_sale", 3, ["spread", "budget", "spread"], 150, seed=5)


def test_rent_dissipation_counts_every_coin_lost_and_every_cheque(records):
    per_game = theory.dissipation_by_game(records).set_index("game")
    seats = records["seats"].groupby("game")
    start = edition_setup("iello-2020", 3).coins
    lost = 3 * start - seats["coins_left"].sum()
    assert (per_game["paid"] == lost).all()
    assert (per_game["value"] == seats["cheques_total"].sum() / 1000).all()
    assert (per_game["paid_by_dropouts"] + per_game["paid_by_winners"] == per_game["paid"]).all()
    summary = theory.rent_dissipation(records)
    assert summary["n"] == 150
    assert summary["lo"] < per_game["dissipation"].mean() < summary["hi"]
    assert 0 < summary["lo"] and summary["hi"] < 1


def test_price_and_value_puts_coins_beside_cheques(records):
    table = theory.price_and_value(records).set_index("house")
    assert list(table.index) == list(HOUSES)
    assert (table["surplus"] == table["value"] - table["price"]).all()
    # The top house costs more and is worth more than the bottom one.
    assert table.loc[30, "price_lo"] > table.loc[1, "price_hi"]
    assert table.loc[30, "value_lo"] > table.loc[1, "value_hi"]


def test_one_round_value_refuses_a_house_that_does_not_exist():
    with pytest.raises(ValueError):
        theory.one_round_value(31, 3)


def test_contested_prize_is_each_house_above_its_rounds_lowest_one_counted_by_hand(records):
    per_game = theory.contested_by_game(records).set_index("game")
    purchases, sales = records["purchases"], records["sales"]
    game = int(per_game.index[0])
    bought = purchases[purchases["game"] == game]
    cheque = dict(
        zip(sales[sales["game"] == game]["house"], sales[sales["game"] == game]["cheque"], strict=True)
    )
    expected = ex_post = 0.0
    for _, houses in bought.groupby("round")["house"]:
        low = min(houses)
        expected += sum(theory.one_round_value(h, 3) - theory.one_round_value(low, 3) for h in houses) / 1000
        ex_post += sum(cheque[h] - cheque[low] for h in houses) / 1000
    row = per_game.loc[game]
    assert row["contested"] == pytest.approx(expected) and row["contested_ex_post"] == pytest.approx(ex_post)
    assert row["budget"] == 3 * edition_setup("iello-2020", 3).coins
    assert row["dissipation"] == pytest.approx(row["paid"] / expected)


def test_no_game_burns_more_than_its_budget_so_dissipation_stays_under_its_cap(records):
    per_game = theory.contested_by_game(records)
    assert (per_game["dissipation"] <= per_game["cap"]).all()
    assert (per_game["share_of_value"] <= per_game["budget"] / per_game["value"]).all()
    summary = theory.contested_dissipation(records)
    assert summary["lo"] < per_game["dissipation"].mean() < summary["hi"] and summary["n"] == 150
    assert summary["share_of_value"] <= summary["budget_ratio"]


def test_contested_prize_needs_finished_games(records):
    unfinished = {**records, "sales": records["sales"].iloc[1:]}
    with pytest.raises(ValueError, match="every house bought must be sold"):
        theory.contested_by_game(unfinished)


def test_fs_x1_purchases_are_compared_with_passing_which_gives_house_3_free():
    from gamekit.teach import Replay

    replay = Replay.of_example("FS-X1")
    b = theory.purchase_against_passing(replay, step=1, seat=1)  # B raised to 3 at step 1
    assert (b["house"], b["paid"], b["house_if_pass"], b["paid_if_pass"]) == (11, 3, 3, 0)
    assert b["gain"] == pytest.approx(theory.one_round_value(11, 3) - theory.one_round_value(3, 3))
    assert round(b["gain"]) == 2214 and b["extra_cost"] == 3000 and b["net"] < 0  # B overpaid
    a = theory.purchase_against_passing(replay, step=0, seat=0)  # A opened with 2 at step 0
    assert (a["house"], a["paid"], a["house_if_pass"], a["paid_if_pass"]) == (5, 1, 3, 0)
    assert round(a["gain"]) == 556 and a["net"] < 0
