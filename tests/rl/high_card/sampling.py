"""High card: the others' cards dealt from those the viewer does not hold."""

from __future__ import annotations

import random
from typing import Any

from .game import HighCard


def determinize(view: dict[str, Any], rng: random.Random) -> HighCard:
    game = HighCard(view["players"], seed=rng.getrandbits(32), options={"top": view["top"]})
    mine = view["cards"][view["viewer"]]
    unseen = [c for c in range(1, view["top"] + 1) if c != mine]
    rng.shuffle(unseen)
    _restore(game, view, [mine if c is not None else unseen.pop() for c in view["cards"]])
    return game


def _restore(game: HighCard, view: dict[str, Any], cards: list[int]) -> None:
    game.cards, game.stayed = cards, list(view["stayed"])
    game._to_act = tuple(view["to_act"])
