"""A seat sees the same in two games that differ only in what it may not see (``view_twins``).

Bounded for ``make test``: ``GAMEKIT_FUZZ_EXAMPLES`` examples per game and kind of twin (default
30); a soak script runs ``view_twins.check_pair`` at length.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamekit
from gamekit.core.game import game_class
from tests import view_twins

EXAMPLES = int(os.environ.get("GAMEKIT_FUZZ_EXAMPLES", "30"))
CASES = [(name, kind) for name in gamekit.GAMES for kind in view_twins.KINDS[name]]


@pytest.mark.parametrize(("name", "kind"), CASES, ids=[f"{n}-{k}" for n, k in CASES])
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_seat_sees_the_same_in_games_it_cannot_tell_apart(name: str, kind: str, data) -> None:
    cls = game_class(name)
    players = data.draw(st.integers(cls.min_players, cls.max_players), label="players")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    prefix = data.draw(st.integers(0, 150), label="prefix")
    seat = data.draw(st.integers(0, players - 1), label="seat")
    view_twins.check_pair(name, kind, players, seed, prefix, seat, max_steps=200)


def test_kh_a3_twins_differing_in_a_hand_of_only_0s_look_the_same_to_a_third_player() -> None:
    # The case the property test found (issue 11): C's money is two 0s in one twin and 0 and 10
    # in the other; B auctions, and A must not see C skipped in one of them.
    g = gamekit.new_game("kuhhandel", 3, seed=11, stack={"first_player": 0, "animals": ["cow", "pig"]})
    for seat, text in [
        (0, "auction"),
        (1, "hold"),
        (2, "bid 90"),
        (1, "hold"),
        (0, "sell"),
        (2, "pay 10,10,10,10,50"),
    ]:
        g.act(seat, text)
    a, b = g.copy(), g.copy()
    assert a.money[2] == [2, 0, 0, 0, 0, 0] and b.money[1][0] > 0
    b.money[2], b.money[1] = [1, 1, 0, 0, 0, 0], [a.money[1][0] + 1, a.money[1][1] - 1, *a.money[1][2:]]
    twins = view_twins.Twins("kuhhandel", "money", a, b, 0, "C: 0,0 or 0,10")
    for game in (a, b):
        game.act(1, "auction")
    view_twins.check_same(twins)
    assert a.view(0)["auction"]["bidders"] == [2, 0]
