"""High card's action numbers (0 stay, 1 fold) and observation for ``gamekit.rl``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit.core.game import Game

from .game import CHOICES


class Numbering:
    size = len(CHOICES)

    def __init__(self, probe: Game) -> None:
        self.top = probe.options["top"]

    def index(self, game: Game, seat: int, text: str) -> int:
        return CHOICES.index(text)

    def label(self, index: int) -> str:
        return CHOICES[index]

    def encode(self, v: Any, view: dict[str, Any], paying: Sequence[Any]) -> None:
        v.one_hot("phase", ("bet", "over").index(view["phase"]), 2)
        v.seat_mask("to_act", view["to_act"])
        mine = view["cards"][v.seat]
        v.one_hot("my_card", mine - 1, self.top)
        v.by_seat("stayed", [bool(s) for s in view["stayed"]])
