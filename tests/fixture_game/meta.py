"""The fixture game's meta-game (``gamekit.meta_games``): three bots and one claim judged at its mix.

Small on purpose (a few games per profile): the tests solve it whole in seconds.
"""

from __future__ import annotations

from gamekit.meta_games import Spec

SPEC = Spec(
    ("fraction_of_value:0.5", "fraction_of_value:0.9", "all_in:8"),
    (("fraction_of_value:0.5", "fraction_of_value:0.9"),),
    table_games=8,
    claim_games=16,
)
