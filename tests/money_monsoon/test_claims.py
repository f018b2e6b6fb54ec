"""Lesson 02's registered claims (gamekit.games.money_monsoon.claims): their measures and stored evidence."""

from __future__ import annotations

import pandas as pd
import pytest

from gamekit import claims, meta_games
from gamekit.games.money_monsoon import claims as mm_claims

LESSON = {cid: c for cid, c in claims.all_claims().items() if c.lesson == "02"}


def test_every_lesson_02_claim_is_registered_over_five_seeds_with_a_scope():
    assert len(LESSON) >= 15
    for claim in LESSON.values():
        assert len(claim.seeds) >= 5 and claim.scope and claim.sentence, claim.id


def test_the_helpers_read_each_bot_of_a_rotated_table():
    # simulate seats the k-th listed bot at (k - game) mod players; two games of four seats.
    rows = [{"game": g, "seat": s, "win_share": float((s + g) % 4 == 0)} for g in range(2) for s in range(4)]
    table = pd.DataFrame(rows)
    assert mm_claims.first_seat(table).tolist() == [1.0, 1.0]
    assert mm_claims.listed_share(table, True).tolist() == [0.5, 0.5]  # listed 0 and 2: one of two won
    assert mm_claims.listed_share(table, False).tolist() == [0.0, 0.0]


@pytest.mark.parametrize(
    "claim_id", ["02-shaded-rollout-beats-shade", "02-void-lower-price-share", "02-zero-bid-gets-free-four"]
)
def test_a_measure_gives_the_same_values_for_the_same_seed_and_games(claim_id):
    measure = LESSON[claim_id].measure
    first = measure(3, 4)
    mm_claims._runs.cache_clear()  # play the tables again, not the kept copy
    assert measure(3, 4) == first


def test_a_paired_measure_is_one_value_per_game_and_a_share_lies_in_0_1():
    assert len(LESSON["02-shaded-beats-full-value"].measure(2, 4)) == 4
    assert len(LESSON["02-longer-track-longer-games"].measure(2, 4)) == 4
    shares = LESSON["02-void-few-lapses"].measure(2, 4)
    assert shares and set(shares) <= {0.0, 1.0}


def test_the_meta_game_claims_play_against_the_stored_equilibriums_main_strategy():
    meta = meta_games.stored("money_monsoon")
    assert max(meta.mix, key=meta.mix.get) == mm_claims.META_OPPONENT


def test_every_stored_lesson_02_claim_is_current_and_follows_from_its_numbers():
    for claim_id in LESSON:
        assert claims.problems(claim_id) == [], claim_id
