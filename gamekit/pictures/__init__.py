"""Pictures of a game position as HTML/SVG, readable on a projector.

``picture(game)`` is the teacher's view (everything); ``picture(game, seat)``
shows exactly what that seat may see, with hidden things face down or as "?".
Pictures are drawn from ``game.view(seat)`` only, so they can never show more
than the view allows.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from ..core.game import SEAT_NAMES, Game
from . import for_sale
from .base import STYLE

DRAWERS: dict[str, Callable[[dict[str, Any]], str]] = {"for_sale": for_sale.draw}


class Picture:
    """HTML that Jupyter displays as a picture (``_repr_html_``) and tests can read (``html``)."""

    def __init__(self, html: str) -> None:
        self.html = html

    def _repr_html_(self) -> str:
        return STYLE + self.html

    def __str__(self) -> str:
        return self.html


def result_line(game: Game) -> str:
    """The final scores and winners, or an empty string while the game runs."""
    if not game.is_over:
        return ""
    res = game.result()
    scores = ", ".join(f"{SEAT_NAMES[s]} {score:,}" for s, score in enumerate(res["scores"]))
    winners = " and ".join(SEAT_NAMES[s] for s in res["winners"])
    verdict = (
        f"{winners} {'share the win' if len(res['winners']) > 1 else 'wins'}" if winners else "unfinished"
    )
    return f'<div class="gk-result"><b>Final money:</b> {escape(scores)} — <b>{escape(verdict)}</b></div>'


def picture(game: Game, seat: int | None = None) -> Picture:
    """The picture of ``game`` as ``seat`` sees it (None: the teacher's view)."""
    try:
        draw = DRAWERS[game.name]
    except KeyError:
        raise NotImplementedError(f"no picture is drawn for {game.name} yet") from None
    html = draw(game.view(seat))
    result = result_line(game)
    if result:
        html = html[: -len("</div>")] + result + "</div>"
    return Picture(html)


__all__ = ["DRAWERS", "STYLE", "Picture", "picture"]
