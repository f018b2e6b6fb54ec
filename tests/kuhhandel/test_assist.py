"""A whole Kuhhandel game at the play table, against three bots, in under 40 clicks.

Measured (seeds 0-3, bots ``bluffer``, the person holding in every auction by a standing limit
of 0): 20, 20, 11, 11 clicks; with a limit of 60 (the person buys animals and the assist pays):
22, 23, 24, 28 clicks.
"""

from __future__ import annotations

import pytest

from tests.play_clicks import play_by_clicks


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_a_whole_game_takes_under_40_clicks(seed):
    clicks, table = play_by_clicks("kuhhandel", seed, "bluffer")
    assert table.table.game.result()["finished"]
    assert clicks < 40, clicks
    steps = table.table.assisted
    assert {s.shortcut for s in steps} <= {"forced", "limit", "pay", "same"}
    assert all("(your standing limit: 0)" in s.note for s in steps if s.shortcut == "limit")


@pytest.mark.parametrize("seed", [0, 1])
def test_a_bidding_person_pays_by_the_assist_and_still_under_40_clicks(seed):
    clicks, table = play_by_clicks("kuhhandel", seed, "bluffer", bid_limit=60)
    assert table.table.game.result()["finished"]
    assert clicks < 40, clicks
    paid = [s for s in table.table.assisted if s.shortcut == "pay"]
    assert paid and all(" paid " in s.note and s.note.endswith("(assist: the fewest cards)") for s in paid)
