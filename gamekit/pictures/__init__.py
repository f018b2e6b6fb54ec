"""Pictures of a game position as HTML/SVG, readable on a projector.

``picture(game)`` is the teacher's view (everything); ``picture(game, seat)``
shows exactly what that seat may see, with hidden things face down or as "?".
Pictures are drawn from ``game.view(seat)`` only, so they can never show more
than the view allows. Each game draws itself in its folder's ``pictures`` module with
``draw(view) -> html`` and ``text(view) -> str`` (the command line's picture); this module
holds what every game's picture shares.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from types import ModuleType
from typing import Any

from ..core.game import SEAT_NAMES, Game, winners_text
from ..core.i18n import N_, Text, domain, domain_of
from .base import STYLE
from .portable import portable

Drawer = Callable[[dict[str, Any]], str]
_ = domain("teaching")
FINAL_MONEY = N_("Final money")  # the result line's label where a game keeps no RESULT_LABEL of its own


def _module(game: str) -> ModuleType | None:
    """The module of a game's folder that draws it (``draw``, HTML, and ``text``), found through the
    registry; None for a game without one, or a name no game is registered under."""
    from ..core import registry

    if game not in registry.registered():
        return None
    return registry.layer(game, "pictures")


def drawer(game: str) -> Drawer | None:
    """The HTML drawer of a game's views, or None if nobody drew that game yet."""
    module = _module(game)
    return getattr(module, "draw", None) if module else None


def text_drawer(game: str) -> Drawer | None:
    """The plain-text drawer of a game's views (for the terminal), or None."""
    module = _module(game)
    return getattr(module, "text", None) if module else None


class Picture:
    """HTML that Jupyter displays as a picture (``_repr_html_``) and tests can read (``html``).

    ``html`` keeps inline SVG (widgets show it as is); what a notebook stores is ``portable``:
    SVGs as data-URI images with alt text and the style sheet inlined, so the picture renders in
    an untrusted notebook and on GitHub too (see ``gamekit.pictures.portable``)."""

    def __init__(self, html: str) -> None:
        self.html = html

    def _repr_html_(self) -> str:
        return STYLE + portable(self.html, STYLE)

    def __str__(self) -> str:
        return self.html


def result_line(game: Game) -> str:
    """The final scores and winners, or an empty string while the game runs."""
    if not game.is_over:
        return ""
    res = game.result()
    scores = ", ".join(f"{SEAT_NAMES[s]} {score:,}" for s, score in enumerate(res["scores"]))
    winners = " and ".join(SEAT_NAMES[s] for s in res["winners"])
    verdict = winners_text(res["winners"]) if winners else _("unfinished")
    module = _module(game.name)
    label = getattr(module, "RESULT_LABEL", None)  # a game whose score is not money names it
    if label is None:
        label = _(FINAL_MONEY)
    elif isinstance(label, Text):
        label = label.render()
    else:  # marked with the game's N_: translated by the game's own catalogue
        label = domain_of(module.__name__)(label)
    return f'<div class="gk-result"><b>{escape(label)}:</b> {escape(scores)} — <b>{escape(verdict)}</b></div>'


def picture(game: Game, seat: int | None = None) -> Picture:
    """The picture of ``game`` as ``seat`` sees it (None: the teacher's view)."""
    draw = drawer(game.name)
    if draw is None:
        raise NotImplementedError(_("no picture is drawn for {game} yet", game=game.name))
    html = draw(game.view(seat))
    result = result_line(game)
    if result:
        html = html[: -len("</div>")] + result + "</div>"
    return Picture(html)


__all__ = ["STYLE", "Picture", "drawer", "picture", "text_drawer"]
