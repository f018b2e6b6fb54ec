"""The registry: games by name, and each game folder's layers found through it."""

from __future__ import annotations

import pytest

from gamekit.bots.base import describe, make_bot
from gamekit.core import registry
from gamekit.core.errors import ConfigError
from gamekit.core.game import Game


def test_every_game_declares_what_the_layers_need():
    for name in registry.registered():
        cls = registry.game_class(name)
        assert cls.min_players <= cls.default_players <= cls.max_players, name
        assert registry.by_prefix(cls.rule_prefix) == name
        assert registry.rules_file(name).is_file(), name
        plays = {row["name"] for row in describe(name)}
        assert cls.strongest_bot.split(":")[0] in plays, name
        make_bot(cls.strongest_bot, name)  # a name the registry of bots accepts for this game


def test_layer_finds_a_game_folder_module_by_name():
    claims = registry.layer("for_sale", "claims")
    assert claims is not None and claims.__name__ == "gamekit.games.for_sale.claims"
    with pytest.raises(ConfigError, match="no layer"):
        registry.layer("for_sale", "nonsense")
    with pytest.raises(ConfigError, match="no game named"):
        registry.layer("chess", "claims")


def test_a_second_game_under_a_taken_name_or_prefix_is_refused_and_changes_nothing():
    before = registry.registered()

    class Impostor(Game):  # never instantiated: only its class attributes are read
        name = "for_sale"
        rule_prefix = "ZZ"

    with pytest.raises(ConfigError, match="already registered"):
        registry.register(Impostor)

    class SamePrefix(Game):
        name = "impostor"
        rule_prefix = "FS"

    with pytest.raises(ConfigError, match="rule prefix"):
        registry.register(SamePrefix)
    assert registry.registered() == before and registry.game_class("for_sale").__name__ == "ForSale"
