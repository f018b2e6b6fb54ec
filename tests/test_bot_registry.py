"""The bot registry: one base class checks every strategy bot's one parameter, and
``bots.describe()`` lists every bot with its one-sentence rule."""

from __future__ import annotations

import math

import pytest

import gamekit
from gamekit.bots import BOTS, TunedBot, describe, make_bot

TUNED = sorted(name for name, cls in BOTS.items() if issubclass(cls, TunedBot))


def test_every_game_has_strategy_bots_with_one_tunable_parameter():
    by_game = {game: [row["name"] for row in describe(game) if row["parameter"]] for game in gamekit.GAMES}
    assert all(by_game.values()), by_game
    assert set(TUNED) == {
        "spread",
        "budget",
        "shade",
        "zero8",
        "rollout",
        "reserve",
        "planter",
        "trader",
        "value",
        "buyin",
        "bluffer",
        "save_top",
        "skew_match",
        "house_value",
        "grower",
        "cowtrader",
    }


@pytest.mark.parametrize("name", TUNED)
def test_a_tuned_bot_takes_its_default_and_refuses_values_out_of_range(name):
    cls = BOTS[name]
    assert make_bot(name).parameter == cls.default
    assert make_bot(f"{name}:0").parameter == 0.0
    bad = [-0.5, math.nan, True, "0.3"] + ([cls.maximum + 0.5] if cls.maximum is not None else [])
    for value in bad:
        with pytest.raises(gamekit.ConfigError, match=rf"{name} needs a {cls.parameter_name} "):
            cls(value)


def test_describe_lists_every_bot_with_its_rule_and_parameter():
    rows = {row["name"]: row for row in describe()}
    assert set(rows) == set(BOTS)
    assert rows["random"]["games"] == "all" and rows["random"]["parameter"] is None
    assert rows["trader"] == {
        **rows["trader"],
        "games": ["bohnanza"],
        "parameter": "generosity",
        "default": 0.5,
        "range": (0, 1.0),
    }
    for row in rows.values():
        assert row["rule"].endswith(".") and len(row["rule"]) > 20, row["name"]
    assert {row["name"] for row in describe("for_sale")} == {
        "random",
        "spread",
        "budget",
        "save_top",
        "skew_match",
        "house_value",
    }


def test_every_registered_bot_class_has_a_name_of_its_own():
    """``gamekit.bots.<Class>`` finds a bot class by its name, so no two games may share one."""
    names = [cls.__name__ for cls in gamekit.bots.BOTS.values()]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)
    for cls in gamekit.bots.BOTS.values():
        assert getattr(gamekit.bots, cls.__name__) is cls
