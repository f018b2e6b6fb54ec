"""Hypothesis fuzz of ``act`` and ``parse_action`` per game (issue 11): for any seat and any
value of any type or size, the only error is ``IllegalAction`` with a short message naming a
rule, the game unchanged; an action taken was one the seat could take, and the game still saves
and loads. The strategies live in tests/fuzz_strategies.py; ``GAMEKIT_FUZZ_EXAMPLES`` sets how
many examples run (few in ``make test``, many in a soak run).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamekit
from gamekit import IllegalAction

from ..fuzz_strategies import (
    FUZZ_EXAMPLES,
    MAX_MESSAGE,
    anything,
    check_act,
    hostile_actions,
    positions,
    seats,
)

FUZZ = settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("name", gamekit.GAMES)
def test_act_refuses_anything_but_a_legal_action_with_a_rule_and_changes_nothing(name: str) -> None:
    @FUZZ
    @given(data=st.data(), game=positions(name))
    def run(data: st.DataObject, game: gamekit.Game) -> None:
        for _ in range(3):
            seat = data.draw(seats(game), label="seat")
            action = data.draw(hostile_actions(game), label="action")
            check_act(game, seat, action)
            if game.is_over:
                break

    run()


@pytest.mark.parametrize("name", gamekit.GAMES)
def test_parse_action_raises_only_illegal_action_and_what_it_reads_is_canonical(name: str) -> None:
    @FUZZ
    @given(data=st.data(), game=positions(name, max_steps=300))
    def run(data: st.DataObject, game: gamekit.Game) -> None:
        value: Any = data.draw(st.one_of(anything(), hostile_actions(game)), label="text")
        try:
            action = game.parse_action(value)
        except IllegalAction as exc:
            assert exc.rule_id is not None and len(str(exc)) < MAX_MESSAGE, str(exc)[:200]
            return
        assert isinstance(value, str) and action._canonical
        assert game.parse_action(action.text) == action

    run()
