"""The one stacked-pile check (core.stacking) every game's ``stack=`` cards go through."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.core.stacking import stacked_pile

DECK = {"cow": 4, "horse": 1}


def check(pile):
    return stacked_pile("animals", pile, DECK, what="animal names", noun="animal", rule="KH-C1")


def test_a_pile_of_the_decks_own_cards_comes_back_as_a_list():
    assert check(("cow", "horse", "cow")) == ["cow", "horse", "cow"]
    assert check([]) == []


@pytest.mark.parametrize(
    ("pile", "message"),
    [
        ("cow", "stack animals must be a list of animal names, not 'cow' (KH-C1)"),
        (["cow", 3], "must be a list of animal names"),
        (
            ["unicorn"],
            "animal 'unicorn' is listed 1 time but there is no animal 'unicorn'; animals: cow, horse",
        ),
        (["horse", "horse"], "animal 'horse' is listed 2 times but the deck has only 1 (KH-C1)"),
    ],
)
def test_a_pile_the_deck_cannot_hold_is_a_config_error_naming_the_rule(pile, message):
    with pytest.raises(gamekit.ConfigError) as err:
        check(pile)
    assert message in str(err.value)


@pytest.mark.parametrize(
    ("name", "players", "stack", "rule"),
    [
        ("for_sale", 4, {"houses": [5, 5]}, "FS-C1"),
        ("kuhhandel", 3, {"animals": ["cow"] * 5}, "KH-C1"),
        ("bohnanza", 3, {"hands": [["red"] * 5], "deck": ["red"] * 4}, "BO-C1"),
    ],
)
def test_every_game_with_stacked_cards_says_it_the_same_way(name, players, stack, rule):
    with pytest.raises(
        gamekit.ConfigError, match=rf"is listed \d+ times but the deck has only \d+ \({rule}\)"
    ):
        gamekit.new_game(name, players, seed=1, stack=stack)
