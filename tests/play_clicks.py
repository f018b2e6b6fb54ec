"""A scripted person at a ``widgets.PlayTable``: clicks the quickest sensible button each time,
so that a test can count the clicks a whole game takes (issue 13, section 4)."""

from __future__ import annotations

import ipywidgets as w

import gamekit
from gamekit.widgets import PlayTable

# The buttons the person prefers, in order: end an optional step, let an auction go, take an answer.
PREFERRED = ("stop", "end-trading", "sell", "offer", "counter", "accept")
ANY_TIME = ("harvest", "buy-field")


def shown_buttons(widget: w.Widget) -> list[w.Button]:
    """The action buttons a person can see in ``widget`` (hidden parts left out)."""
    if getattr(widget, "layout", None) is not None and widget.layout.display == "none":
        return []
    if isinstance(widget, w.Button):
        return [widget] if any(c.startswith("gk-act-") for c in widget._dom_classes) else []
    found: list[w.Button] = []
    for child in getattr(widget, "children", ()):
        found.extend(shown_buttons(child))
    return found


def choose(buttons: list[w.Button]) -> w.Button:
    """The first preferred button, else the first that is not an "at any time" action, else the first."""
    by_text = {b.description: b for b in buttons}
    for text in PREFERRED:
        if text in by_text:
            return by_text[text]
    turn = [b for b in buttons if not b.description.startswith(ANY_TIME)]
    return (turn or buttons)[0]


def play_by_clicks(
    name: str, seed: int, bots: str, players: int = 4, bid_limit: int = 0, limit: int = 400
) -> tuple[int, PlayTable]:
    """A whole game of ``name`` with a person in seat A against ``bots``; returns the clicks it took
    (each button and each check box or number the person sets counts one) and the table."""
    table = PlayTable(gamekit.new_game(name, players, seed=seed), humans=0, bots=bots)
    clicks = 0
    # Standing choices the person makes once, at the start (each a click).
    if table.stops.layout.display != "none":
        table.stops.value = False
        clicks += 1
    if table.refuse_box.layout.display != "none":
        table.refuse_box.value = True
        clicks += 1
    if table.limit_row.layout.display != "none":
        if bid_limit:
            table.limit.value = bid_limit
            clicks += 1
        table.limit_box.value = True  # limit 0: hold in every auction
        clicks += 1
    while not table.table.game.is_over:
        buttons = shown_buttons(table.controls)
        assert buttons, f"no button to click: {table.controls.children}"
        choose(buttons).click()
        clicks += 1
        assert clicks < limit, "the scripted person is going round in circles"
    return clicks, table
