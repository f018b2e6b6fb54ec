"""The auction and the cow trade reach the game only through its public state and the methods it
keeps for them (issue 24): no private attribute of the game is read or written from those modules."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from gamekit.games.kuhhandel import auction, cow_trade
from gamekit.games.kuhhandel.game import Kuhhandel

INTERFACE = ("emit", "tally", "give_animals", "bank_pays_everyone", "end_turn")


def private_uses(source: str) -> list[str]:
    """``x._name`` in ``source`` for any ``x`` (the game, whatever it is called), dunders aside."""
    return [
        f"{ast.unparse(node.value)}.{node.attr}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
    ]


@pytest.mark.parametrize("module", [auction, cow_trade], ids=["auction", "cow_trade"])
def test_the_sub_protocol_touches_no_private_attribute(module):
    assert private_uses(Path(module.__file__).read_text(encoding="utf-8")) == []


def test_the_check_sees_a_private_access():
    assert private_uses("def f(game):\n    game._stats[0]['paid'] += 1\n") == ["game._stats"]


def test_the_interface_is_what_the_game_offers():
    for name in INTERFACE:
        assert callable(getattr(Kuhhandel, name)), name
