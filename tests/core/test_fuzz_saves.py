"""Fuzzing the set-up and the saves of every game (issue 11): ``new_game`` raises only
``ConfigError`` and ``load_game`` only ``LoadError``, for anything; a tampered save either is
refused or loads a game whose own save says exactly what the tampered text says.

Bounded for ``make test``: GAMEKIT_FUZZ_EXAMPLES examples per test (default 50); a soak script
runs the strategies of ``tests/fuzz_saves_strategies.py`` at length.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamekit
from tests.fuzz_saves_strategies import same_meaning, save_texts, setup_calls, tampered_saves

FUZZ = settings(
    max_examples=int(os.environ.get("GAMEKIT_FUZZ_EXAMPLES", "50")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
LONG = 700  # a message quotes at most a short prefix of what it was given


@pytest.mark.parametrize("name", gamekit.GAMES)
@FUZZ
@given(data=st.data())
def test_new_game_with_anything_raises_only_config_error(name, data):
    call = data.draw(setup_calls(name))
    try:
        g = gamekit.new_game(call["name"], call["players"], call["seed"], call["options"], call["stack"])
    except gamekit.ConfigError as exc:
        assert len(str(exc)) < LONG
        return
    # A game that starts saves and loads as itself.
    assert gamekit.load_game(g.to_json()).to_json() == g.to_json()


@pytest.mark.parametrize("texts", [save_texts, tampered_saves], ids=["any-text", "tampered-save"])
@pytest.mark.parametrize("name", gamekit.GAMES)
@FUZZ
@given(data=st.data())
def test_load_game_refuses_anything_but_a_save_or_loads_what_it_says(name, texts, data):
    """Any text, or a real save with one path tampered: refused with a short LoadError, or loaded
    as exactly the game the text describes (a tamper that changed nothing)."""
    text = data.draw(texts(name))
    try:
        g = gamekit.load_game(text)
    except gamekit.LoadError as exc:
        assert len(str(exc)) < LONG
        return
    assert same_meaning(g.to_json(), text), "a tampered save loaded as a different game"
