"""What a seat's table screen carries besides the view: the lessons' picture and compact rows.

The phone draws every game from the seat's own view: ``picture`` is the lessons' HTML/SVG picture
(``gamekit.pictures.picture(game, seat)``), made to fit a 360 px page, and ``rows`` are one short
line per player built from the same view by game-free rules (counts of held things, the public
numbers), so they fit a phone where the notebook's wide tables do not. Both come from
``game.view(seat)`` only, so nothing hidden from the seat can show. No game is named here: the
games are found through ``gamekit.pictures``' registry layers.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..core import ConfigError, new_game, registry
from ..core.game import Game
from ..pictures import drawer, picture

# View keys that are about the table, not a player's public standing (rows leave them out).
NOT_A_STANDING = frozenset(
    {
        "to_act",
        "bid_range",
        "coin_counts",
        "coin_cards",
        "passed",
        "chosen",
        "bid_limits",
        "borrowed",
        "repaid",
    }
)
MOST_ITEMS = 4  # a row shows at most this many items: a 360 px line
MOST_NAMES = 3  # of a mapping (animals, fields) a row shows at most this many entries
PROBE_STEPS = 80  # decisions of the playout that finds a game's per-seat keys (``seat_keys``)


def table_screen(game: Game, seat: int, seats: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The ``picture`` and ``rows`` of ``seat``'s table screen (the contract's keys)."""
    return {"picture": phone_picture(game, seat), "rows": rows(game.view(seat), seat, seats)}


def phone_picture(game: Game, seat: int) -> str | None:
    """The lessons' picture of the game as ``seat`` sees it, in a box the page's style sheet
    narrows to the phone (SVGs scale, wide tables scroll inside the box); None for a game
    nobody drew yet."""
    if drawer(game.name) is None:
        return None
    return f'<div class="gk-phone-picture">{picture(game, seat).html}</div>'


def rows(view: Mapping[str, Any], seat: int, seats: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One compact row per player: name, marks and the public items of the view at that seat.

    A per-seat entry of the view (a list as long as the table) gives an item for each seat where
    the view shows it: a number as is, held things as a count (a hand is "5", never its cards,
    even the viewer's own: the page draws those), a mapping as its largest few entries. A held
    list with a count beside it in the view (``hands`` / ``hand_sizes``) is left to the count."""
    n = len(seats)
    per_seat = seat_keys(view.get("game"), n) if view.get("game") else None
    keys = [
        key
        for key, value in view.items()
        if isinstance(value, list)
        and len(value) == n
        and n > 1
        and key not in NOT_A_STANDING
        and (per_seat is None or key in per_seat)
    ]
    counted = {key for key in keys for other in keys if other != key and _counts(other, key)}
    out = []
    for p, info in enumerate(seats):
        items = []
        for key in keys:
            if key in counted:
                continue
            text = summary(view[key][p])
            if text is not None:
                items.append({"key": key, "text": text})
        items = items[:MOST_ITEMS]
        out.append(
            {
                "seat": p,
                "name": info.get("name", ""),
                "you": p == seat,
                "bot": info.get("bot") is not None,
                "absent": bool(info.get("absent", False)),
                "items": items,
                "public": " · ".join(f"{item['key']} {item['text']}" for item in items),
            }
        )
    return out


@functools.lru_cache(maxsize=64)
def seat_keys(name: str, players: int) -> frozenset[str] | None:
    """The view's keys that hold one entry per seat in ``name`` at ``players`` seats: the lists as
    long as the table in every position of a short seeded playout (the teacher's view). A list
    that is as long as the table only now (the cards on offer, one per player at a round's start)
    is not one. None for a name no game is registered under."""
    if name not in registry.registered():
        return None
    try:
        game = new_game(name, players, seed=0)
    except ConfigError:
        return None
    rng = random.Random(0)
    keys: set[str] | None = None
    for _ in range(PROBE_STEPS):
        here = {k for k, v in game.view().items() if isinstance(v, list) and len(v) == players}
        keys = here if keys is None else keys & here
        if game.is_over:
            break
        seat = game.to_act[0]
        game.act(seat, rng.choice(list(game.legal_actions(seat))))
    return frozenset(keys or ())


def _counts(count_key: str, held_key: str) -> bool:
    """Whether ``count_key`` counts what ``held_key`` lists (``hand_sizes`` for ``hands``,
    ``money_counts`` for ``money``, ``house_counts`` for ``houses``)."""
    stem = held_key[:-1] if held_key.endswith("s") else held_key
    return count_key != held_key and count_key.startswith(stem) and count_key.endswith(("_counts", "_sizes"))


def summary(value: Any) -> str | None:
    """A short public text of one seat's entry, or None when the view hides it or it says nothing."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return f"{value:,}"
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        entries = [(k, v) for k, v in value.items() if v]
        if not entries:
            return "–"
        shown = sorted(entries, key=lambda kv: -kv[1] if isinstance(kv[1], int | float) else 0)
        text = " ".join(f"{k}×{v}" if isinstance(v, int) and v > 1 else str(k) for k, v in shown[:MOST_NAMES])
        return text + (" …" if len(entries) > MOST_NAMES else "")
    if isinstance(value, list | tuple):
        if value and all(_is_pile(x) for x in value):  # fields: [name, count] or empty
            piles = [f"{x[0]}×{x[1]}" if x else "–" for x in value]
            return " ".join(piles)
        if (
            value
            and all(isinstance(x, int | float) and not isinstance(x, bool) for x in value)
            and len(value) <= 3
        ):
            return "/".join(str(x) for x in value)  # a few numbers: pawns, positions
        return str(len(value))  # held things: their count
    return None


def _is_pile(x: Any) -> bool:
    return x is None or (
        isinstance(x, list | tuple) and len(x) == 2 and isinstance(x[0], str) and isinstance(x[1], int)
    )
