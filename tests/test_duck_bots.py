"""API.md's bot: any object with ``choose(view, legal_actions, rng)``, no ``Bot`` subclass needed,
whether given as an object or registered by name; anything else is refused by the registry,
``play`` and ``simulate`` with an error that says what a bot is."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.bots import BOTS, describe, make_bot, register_bot


class Cheapest:
    """Takes the first legal action (the cheapest bid or pass); a plain class."""

    name = "cheapest"
    games = ("for_sale",)

    def __init__(self, value: float = 0.0) -> None:
        self.value = value

    def choose(self, view, legal_actions, rng):
        return legal_actions[0]


@pytest.fixture
def registered():
    """``Cheapest`` in the registry for one test only (the shipped bots' suites see none of it)."""
    before = dict(BOTS)
    yield register_bot(Cheapest)
    BOTS.clear()
    BOTS.update(before)


def test_a_plain_class_registers_and_plays_by_name_in_play_and_simulate(registered):
    assert registered is Cheapest and BOTS["cheapest"] is Cheapest
    assert isinstance(make_bot("cheapest:0.5", "for_sale"), Cheapest)
    assert make_bot("cheapest:0.5").value == 0.5
    row = next(r for r in describe("for_sale") if r["name"] == "cheapest")
    assert row["games"] == ["for_sale"] and row["rule"].startswith("Takes the first legal action")
    g = gamekit.new_game("for_sale", 3, seed=4)
    assert gamekit.play(g, ["cheapest", "random", Cheapest()])["finished"]
    df = gamekit.simulate("for_sale", 3, ["cheapest", "spread", "random"], games=6, seed=2)
    assert set(df["bot"]) == {"cheapest", "spread:0.3", "random"} and len(df) == 18
    with pytest.raises(gamekit.ConfigError, match="plays only for_sale, not bohnanza"):
        gamekit.simulate("bohnanza", 3, ["cheapest", "random", "random"], games=1, seed=1)


class NoChoose:
    name = "nochoose"


class Nameless:
    def choose(self, view, legal_actions, rng):
        return legal_actions[0]


class BadName(Nameless):
    name = "bad:name"


@pytest.mark.parametrize("thing", [NoChoose, Nameless, BadName, Cheapest(), "cheapest", 3])
def test_the_registry_refuses_what_is_not_a_named_bot_class_and_changes_nothing(thing):
    before = dict(BOTS)
    with pytest.raises(gamekit.ConfigError, match=r"register_bot"):
        register_bot(thing)
    assert BOTS == before


@pytest.mark.parametrize("not_a_bot", [3, None, object(), {"choose": 1}, Nameless])
def test_play_and_simulate_refuse_anything_else_saying_what_a_bot_is(not_a_bot):
    g = gamekit.new_game("for_sale", 3, seed=1)
    what = r"a bot is an object with a method choose\(view, legal_actions, rng\)"
    with pytest.raises(gamekit.ConfigError, match=what):
        gamekit.play(g, ["random", not_a_bot, "random"])
    assert g.history == [] and not g.is_over
    with pytest.raises(gamekit.ConfigError, match=what):
        gamekit.simulate("for_sale", 3, [not_a_bot, "random", "random"], games=2, seed=1)
