"""A whole Bohnanza game at the play table, against three traders, in under 40 clicks.

The person refuses the traders' offers by a standing order, lets the turns run without stops,
plants one card, ends trading and clicks the first plant or harvest otherwise. Measured
(seeds 0-3): 36, 32, 31, 28 clicks; the assist's forced plantings are most of the rest.
"""

from __future__ import annotations

import pytest

from tests.play_clicks import play_by_clicks


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_a_whole_game_takes_under_40_clicks(seed):
    clicks, table = play_by_clicks("bohnanza", seed, "trader")
    assert table.table.game.result()["finished"]
    assert clicks < 40, clicks
    shortcuts = [s.shortcut for s in table.table.assisted]
    assert shortcuts.count("forced") >= 10  # forced plantings: the assist does real work
    assert all(s.note.endswith("(your standing order: refuse offers)") for s in table.table.assisted
               if s.shortcut == "refuse")  # fmt: skip
