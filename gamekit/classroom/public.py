"""A table's public picture: what every seat sees alike, safe to project (CL-32).

The meet of every seat's view needs no per-game code, so a new game's public picture hides its
hands too. The projector page (``results``), the notebook's live board (``live``) and
``Classroom.picture`` all draw tables from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from ..core.game import Game
from ..pictures import Picture, drawer, result_line

TEACHER_HEADING = "the teacher's view (everything)"  # what a drawer writes for view(None)
TEACHER_HEADINGS = (TEACHER_HEADING, escape(TEACHER_HEADING))  # as written, and HTML-escaped
PUBLIC_HEADING = "public view (what every player sees)"


# ------------------------------------------------------------------------------ public pictures
def _meet(values: Sequence[Any]) -> Any:
    """What all of ``values`` (one per seat) share: equal values kept, lists of one length and
    dicts of the same keys met element by element, anything else None (hidden from someone)."""
    first = values[0]
    if all(v == first for v in values[1:]) and all(type(v) is type(first) for v in values[1:]):
        return first
    if all(isinstance(v, list) for v in values) and len({len(v) for v in values}) == 1:
        return [_meet([v[i] for v in values]) for i in range(len(first))]
    if all(isinstance(v, dict) for v in values) and len({tuple(sorted(v)) for v in values}) == 1:
        return {k: _meet([v[k] for v in values]) for k in first}
    return None


def public_view(game: Game) -> dict[str, Any]:
    """The part of the game every seat sees alike: the meet of ``game.view(s)`` over all seats.

    Anything one seat sees and another does not (a hand, a sealed bid, a private count) differs
    between their views and becomes None, as in a seat's own view of another's hidden things;
    ``viewer`` is None (nobody's seat). No per-game code, so a new game's public view is safe too.
    """
    views = [game.view(seat) for seat in range(game.players)]
    shared = _meet(views)
    shared["viewer"] = None
    return shared


def public_picture(game: Game) -> Picture:
    """The game's picture from its public view, with the final scores once it is over."""
    draw = drawer(game.name)
    if draw is None:
        raise NotImplementedError(f"no picture is drawn for {game.name} yet")
    html = draw(public_view(game))
    for heading in TEACHER_HEADINGS:
        html = html.replace(heading, PUBLIC_HEADING)
    result = result_line(game)
    if result:
        html = html[: -len("</div>")] + result + "</div>"
    return Picture(html)
