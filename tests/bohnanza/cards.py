"""Every card of a Bohnanza teacher's view, wherever it lies: the count the conservation tests
(BO-E2) and the sampler's tests compare with the 104-card set."""

from __future__ import annotations

from collections import Counter
from typing import Any


def all_cards(view: dict[str, Any]) -> Counter[str]:
    """The beans of the deck, discard pile, trading area, hands, received beans, coin cards and
    fields of a teacher's view, by bean."""
    cards = Counter(view["deck"]) + Counter(view["discard"]) + Counter(view["trading_area"])
    for s in range(view["players"]):
        cards += Counter(view["hands"][s]) + Counter(view["received"][s]) + Counter(view["coin_cards"][s])
        for field in view["fields"][s]:
            if field:
                cards[field[0]] += field[1]
    return cards
