"""The adapters' fast paths give exactly what the slow, view-based ones give.

A game's numbering may read an observation straight from the game (``Numbering.values``) and
number a whole list of legal actions at once (``Numbering.numbered``); both are held here, over
random states of every game, player count, rule option and seat, to the view-based encoding
(``Spaces.observe_view``, which reads nothing but ``game.view(seat)``: test_spaces.py) and to the
one-by-one numbering. What a seat cannot tell apart gives the same fast observation: test_spaces.py's
twins.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamekit
from gamekit.core.game import game_class
from gamekit.rl.spaces import Table, choices, spaces_for


def _options_of(draw: st.DrawFn, name: str) -> dict:
    """Some of a game's rule options (choices only)."""
    options = {}
    for option in game_class(name).options_declared:
        values = [c for c in option.choices or () if c is not None]
        if values and draw(st.booleans()):
            options[option.name] = draw(st.sampled_from(values))
    return options


@st.composite
def settings_of_games(
    draw: st.DrawFn, names: Sequence[str] = gamekit.GAMES
) -> tuple[str, int, dict, int, int]:
    """A game, a player count, some of its rule options (choices only), a seed and a number of
    random steps to take before looking."""
    name = draw(st.sampled_from(names))
    cls = game_class(name)
    players = draw(st.integers(cls.min_players, cls.max_players))
    return name, players, _options_of(draw, name), draw(st.integers(0, 2**31)), draw(st.integers(0, 400))


def _walk(name: str, players: int, options: dict, seed: int, steps: int):
    """Random legal play from a seeded game, yielding every state on the way."""
    try:
        game = gamekit.new_game(name, players, seed=seed, options=options)
    except gamekit.ConfigError:  # options that do not go together
        return
    rng = random.Random(seed)
    for _ in range(steps):
        yield game
        if game.is_over:
            return
        seat = rng.choice(game.to_act)
        game.act(seat, rng.choice(game.legal_actions(seat)))
    yield game


def _walk_table(name: str, players: int, options: dict, seed: int, steps: int):
    """``_walk`` through the adapters' ``Table``: random numbered steps, a payment laid down card
    by card (Kuhhandel's ``pay+V``), so the pieces laid down show in the observations too."""
    try:
        table = Table(gamekit.new_game(name, players, seed=seed, options=options))
    except gamekit.ConfigError:  # options that do not go together
        return
    rng, game = random.Random(seed), table.game
    for _ in range(steps):
        yield table
        if game.is_over:
            return
        seat = rng.choice(game.to_act)
        found = table.choices(seat)
        table.take(seat, rng.choice(list(found)), found)
    yield table


def test_every_game_reads_its_observation_straight_from_the_game() -> None:
    """No game falls back on its view's encoding (a view costs several decisions)."""
    for name in gamekit.GAMES:
        assert spaces_for(gamekit.new_game(name, game_class(name).min_players, seed=1))._values is not None


@pytest.mark.parametrize("name", gamekit.GAMES)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_the_fast_observation_is_the_views_encoding(name: str, data: st.DataObject) -> None:
    """Bit for bit, every seat (the one laying a payment down included), every 5th state and the last."""
    _name, players, options, seed, steps = data.draw(settings_of_games((name,)))
    for look, table in enumerate(_walk_table(name, players, options, seed, steps)):
        game = table.game
        if look % 5 and not game.is_over:  # every 5th state and the last: the loop stays quick
            continue
        spaces = table.spaces
        for seat in range(players):
            paying = table.paying if table._piecewise(seat) is not None else ()
            fast, slow = spaces.observe(game, seat, paying), spaces.observe_view(game, seat, paying)
            assert fast.dtype == slow.dtype == np.float32
            assert fast.shape == slow.shape == (spaces.observation_size,)
            assert np.array_equal(fast, slow), [
                part for part, start, length in spaces.layout
                if not np.array_equal(fast[start : start + length], slow[start : start + length])
            ]  # fmt: skip
            assert fast.flags.writeable
            assert np.array_equal(table.observe(seat), fast)


@settings(max_examples=40, deadline=None)
@given(settings_of_games())
def test_actions_numbered_at_once_are_numbered_as_one_by_one(
    setting: tuple[str, int, dict, int, int],
) -> None:
    name, players, options, seed, steps = setting
    for game in _walk(name, players, options, seed, steps):
        spaces = spaces_for(game)
        for seat in game.to_act:
            if spaces.pieces is not None and spaces.pieces.applies(game, seat):
                continue  # numbered piece by piece (test_spaces.py)
            one_by_one = {spaces.index(game, seat, a.text): a for a in game.legal_actions(seat)}
            assert list(choices(game, spaces, (), seat).items()) == list(one_by_one.items())


def test_money_monsoon_numbers_its_listed_bids_at_once() -> None:
    """The arithmetic path is taken (not only the fallback): every bid from 0 listed at once."""
    game = gamekit.new_game("money_monsoon", 4, seed=1)
    spaces, seat = spaces_for(game), game.to_act[0]
    legal = game.legal_actions(seat)
    found = spaces.numbering.numbered(legal)
    assert found is not None and list(found.values()) == legal
    assert spaces.numbering.numbered(legal[1:]) is None  # not every bid from 0: one by one
    assert spaces.numbering.numbered(legal[:1] + legal[2:]) is None  # a gap: one by one


def test_a_game_of_another_player_count_is_refused_by_the_fast_path() -> None:
    game = gamekit.new_game("for_sale", 3, seed=1)
    spaces = spaces_for(gamekit.new_game("for_sale", 4, seed=1))
    try:
        spaces.observe(game, 0)
    except gamekit.ConfigError as error:
        assert "players or options" in str(error)
    else:
        raise AssertionError("a 3-player game observed through 4-player spaces")


def test_kuhhandel_numbers_a_bidders_hold_and_raises_at_once() -> None:
    """KH-A3: the arithmetic path is taken for a bidder's list (hold, then every raise)."""
    game = gamekit.new_game("kuhhandel", 4, seed=1)
    game.act(game.to_act[0], "auction")
    spaces, seat = spaces_for(game), game.to_act[0]
    legal = game.legal_actions(seat)
    assert str(legal[0]) == "hold" and len(legal) > 3
    found = spaces.numbering.numbered(legal)
    assert found is not None and list(found.values()) == legal
    assert list(found) == [spaces.index(game, seat, a.text) for a in legal]
    assert spaces.numbering.numbered(legal[:2] + legal[3:]) is None  # a gap: one by one
    assert spaces.numbering.numbered(legal[1:]) is None  # no hold first: one by one
