"""Lesson 04's claims (``gamekit.games.bohnanza.claims``): each measure gives one value per unit,
deterministically, so the stored evidence can be replayed; the registry's own tests check the
stored verdicts and that the lesson shows and checks every claim."""

from __future__ import annotations

import pytest

from gamekit import claims
from gamekit.games.bohnanza import claims as bean_claims

LESSON_04 = {cid: c for cid, c in claims.all_claims().items() if c.lesson == "04"}


def test_every_lesson_04_claim_is_registered_from_the_bohnanza_module_with_five_seeds():
    assert len(LESSON_04) >= 20
    for claim in LESSON_04.values():
        assert claim.measured_by.startswith("gamekit.games.bohnanza.claims:")
        assert len(claim.seeds) >= 5 and claim.scope


@pytest.mark.parametrize(
    "measure",
    [
        bean_claims.trader_minus_planter,
        bean_claims.field_at_3_minus_none,
        bean_claims.three_fields_for_three,
        bean_claims.three_minus_four_players,
        bean_claims.turn_worth_5,
        bean_claims.traders_forced,
    ],
)
def test_a_per_game_measure_gives_one_value_a_game_and_the_same_values_again(measure):
    values = measure(3, 4)
    assert len(values) == 4 and all(isinstance(v, float) for v in values)
    assert measure(3, 4) == values


def test_the_turn_worth_is_the_tables_thaler_over_its_turns():
    from gamekit.simulate import simulate_records

    run = simulate_records("bohnanza", 4, "trader", 3, seed=2)
    by_hand = [
        run["seats"][run["seats"]["game"] == g]["score"].sum() / (run["turns"]["game"] == g).sum()
        for g in range(3)
    ]
    assert bean_claims.turn_worth_4(2, 3) == pytest.approx(by_hand)


def test_the_deal_measures_read_one_row_per_deal_and_the_placebo_compares_reject_with_reject():
    table = bean_claims._deal_chances(7, 2)
    assert bean_claims.deal_moves_who_wins(7, 2) == (table["moved"] - table["moved_placebo"]).tolist()
    assert bean_claims.deal_placebo(7, 2) == (table["partner_placebo"] - table["partner_reject"]).tolist()
    assert (
        bean_claims.deal_partner_gains(7, 2) == (table["partner_accept"] - table["partner_reject"]).tolist()
    )
