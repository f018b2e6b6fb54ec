"""For Sale drawn as HTML and SVG (``draw``) or as text for a terminal (``text``): the table,
every player's bids and coins (another's coin count "?" when hidden, FS-B11), and houses and
cheques: a player's own face up, another's face down with their number (FS-B10)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from ...core.game import SEAT_NAMES, seat_name
from ...pictures.base import card_svg, legend, seat_label, text_table
from .i18n import _, _n
from .rules import money

# House colours run from cool (cheap) to warm (valuable), so rank is visible at a glance.
_HOUSE_COLOURS = ["#3b6fb6", "#4f8fc0", "#58a886", "#8dbb4a", "#e0b83a", "#e08a3a", "#d0543b"]


def house_colour(number: int) -> str:
    return _HOUSE_COLOURS[min(len(_HOUSE_COLOURS) - 1, (number - 1) * len(_HOUSE_COLOURS) // 30)]


def house(number: int, size: int = 56) -> str:
    """One house card, face up."""
    return card_svg(str(number), house_colour(number), size, title=_("house {number}", number=number))


def cheque(amount: int, size: int = 56) -> str:
    """One cheque, face up, printed in thousands."""
    label = "0" if amount == 0 else f"{amount // 1000}k"
    shade = "#2e7d4f" if amount >= 10000 else "#4c9a6a" if amount >= 5000 else "#7fb08f"
    return card_svg(label, shade, size, title=_("cheque {amount}", amount=format(amount, ",")), rounded=3)


def face_down(size: int = 56, title: str | None = None) -> str:
    return card_svg("?", "#6b6b7b", size, title=_("face down") if title is None else title, pattern=True)


def _held(cards: list[int] | None, count: int, face: Callable[[int, int], str], kind: str) -> str:
    """A seat's houses or cheques: face up for their owner (and the teacher), else ``count``
    face-down cards and their number, all another player may know (FS-B10)."""
    houses = kind == "house"
    if not count:
        none = _("no houses") if houses else _("no cheques")
        return f'<span class="gk-none">{none}</span>'
    if cards is not None:
        return " ".join(face(c, 34) for c in cards)
    plural = _n("{n} house", "{n} houses", count) if houses else _n("{n} cheque", "{n} cheques", count)
    back = _("a house, face down") if houses else _("a cheque, face down")
    backs = "".join(face_down(34, back) for _i in range(count))
    hidden = _("{cards} face down", cards=plural)
    return f'{backs} <span class="gk-label" title="{hidden}">{plural}</span>'


def _seat_row(view: dict[str, Any], seat: int, to_act: set[int]) -> str:
    """One seat's row of the picture: coins, bid, status, chosen house, houses and cheques."""
    viewer, phase = view["viewer"], view["phase"]
    coins = view["coins"][seat]
    coin_text = "?" if coins is None else str(coins)
    bid = view["bids"][seat]
    status = []
    if seat == view["start_player"] and phase == "buy":
        status.append(_("start player"))
    if view["passed"][seat]:
        status.append(_("passed"))
    if seat in to_act:
        status.append(_("to act") if phase == "buy" else _("choosing"))
    elif phase == "sell":
        status.append(_("has chosen"))
    coins_title, bid_title = _("coins in hand"), _("bid this round")
    chosen = view["chosen"][seat]
    if phase == "sell" and seat not in to_act:
        chosen_svg = house(chosen, 40) if chosen is not None else face_down(40, _("a house chosen face down"))
    else:
        chosen_svg = ""
    houses = _held(view["houses"][seat], view["house_counts"][seat], house, "house")
    cheques = _held(view["cheques"][seat], view["cheque_counts"][seat], cheque, "cheque")
    status_text = _(", ").join(status)
    return (
        f'<tr class="gk-seat{" gk-active" if seat in to_act else ""}{" gk-passed" if view["passed"][seat] else ""}">'
        f"<td>{seat_label(seat, viewer)}</td>"
        f'<td class="gk-num" title="{coins_title}">{escape(coin_text)}</td>'
        f'<td class="gk-num" title="{bid_title}">{bid if bid else ""}</td>'
        f"<td>{escape(status_text)}</td>"
        + (f"<td>{chosen_svg}</td>" if phase == "sell" else "")
        + f"<td>{houses}</td><td>{cheques}</td></tr>"
    )


def draw(view: dict[str, Any]) -> str:
    """The HTML picture of a For Sale view: what that view's seat may see, nothing more."""
    viewer = view["viewer"]
    phase = view["phase"]
    to_act = set(view["to_act"])
    if phase == "buy":
        heading = _("Buying round {round} of {rounds}", round=view["round"], rounds=view["rounds"])
        table = " ".join(house(h) for h in view["table"])
        table_label = _("Houses on the table")
    elif phase == "sell":
        heading = _("Selling round {round} of {rounds}", round=view["round"], rounds=view["rounds"])
        table = " ".join(cheque(c) for c in view["table"])
        table_label = _("Cheques on the table")
    else:
        heading = _("Game over")
        table, table_label = "", ""
    whose = (
        _("the teacher's view (everything)")
        if viewer is None
        else _("{name}'s view", name=SEAT_NAMES[viewer])
    )
    rows = [_seat_row(view, seat, to_act) for seat in range(view["players"])]
    name, player, coins, bid = _("For Sale"), _("player"), _("coins"), _("bid")
    chosen, houses, cheques = _("chosen"), _("houses"), _("cheques")
    high = ""
    if phase == "buy" and view["high_bidder"] is not None:
        high = _(" — high bid {bid} by {name}", bid=view["high_bid"], name=SEAT_NAMES[view["high_bidder"]])
    deck = _(
        "{houses} houses and {cheques} cheques face down in the piles",
        houses=view["houses_left"],
        cheques=view["cheques_left"],
    )
    foot = _("{deck}.", deck=deck)
    return (
        '<div class="gk-picture gk-for-sale">'
        f'<div class="gk-heading"><b>{name}</b> · {escape(heading)}{escape(high)} · <i>{escape(whose)}</i></div>'
        + (
            f'<div class="gk-table"><span class="gk-label">{table_label}</span> {table}</div>'
            if table
            else ""
        )
        + f'<table class="gk-seats"><tr><th>{player}</th><th>{coins}</th><th>{bid}</th><th></th>'
        + (f"<th>{chosen}</th>" if phase == "sell" else "")
        + f"<th>{houses}</th><th>{cheques}</th></tr>"
        + "".join(rows)
        + "</table>"
        f'<div class="gk-foot">{escape(foot)} '
        + legend(
            _(
                "Houses and cheques are held face down: others see how many, not which (FS-B10); "
                "coins too: ? is a count only its owner sees (FS-B11); "
                "a chosen house stays face down until all have chosen (FS-S2)."
            )
            if None in view["coins"]
            else _(
                "Houses and cheques are held face down: others see how many, not which (FS-B10); "
                "a chosen house stays face down until all have chosen (FS-S2)."
            )
        )
        + "</div></div>"
    )


# ------------------------------------------------------------------ as text
def _cards(values: Sequence[Any], fmt: Callable[[Any], str] = str) -> str:
    return ", ".join(fmt(v) for v in values) if values else "-"


def _held_text(cards: Sequence[int] | None, count: int, fmt: Callable[[Any], str] = str) -> str:
    """Cards held, or for another player only how many lie face down: '3 face down' (FS-B10)."""
    if cards is None:
        return _("{count} face down", count=count) if count else "-"
    return _cards(cards, fmt)


def text(view: dict[str, Any]) -> str:
    """A For Sale player's view: the round, the table, and per seat coins, bids, houses, cheques
    (another player's houses and cheques only as how many lie face down, FS-B10)."""
    me, phase, to_act = view["viewer"], view["phase"], view["to_act"]
    if phase == "buy":
        high = (
            _("high bid {bid} by {name}", bid=view["high_bid"], name=seat_name(view["high_bidder"]))
            if view["high_bidder"] is not None
            else _("no bid yet")
        )
        title = _(
            "Buying round {round} of {rounds}: houses {table} on the table; {high}",
            round=view["round"],
            rounds=view["rounds"],
            table=_cards(view["table"]),
            high=high,
        )
    elif phase == "sell":
        title = _(
            "Selling round {round} of {rounds}: cheques {table} on the table",
            round=view["round"],
            rounds=view["rounds"],
            table=_cards(view["table"], money),
        )
    else:
        title = _("The game is over")
    buying = phase == "buy"
    header = [_("seat"), _("coins"), *([_("bid")] if buying else []), _("houses"), _("cheques"), ""]
    rows = []
    for seat in range(view["players"]):
        coins = view["coins"][seat]
        if buying:
            status = _("passed") if view["passed"][seat] else (_("to act") if seat in to_act else "")
            if seat == view["start_player"]:
                status = _("{status}, started", status=status) if status else _("started")
        elif phase == "sell":
            chosen = view["chosen"][seat]
            if chosen is not None:
                status = _("chose {house}", house=chosen)
            else:
                status = _("choosing") if seat in to_act else _("has chosen")
        else:
            status = ""
        rows.append(
            [
                _("{name} (you)", name=seat_name(seat)) if seat == me else seat_name(seat),
                "?" if coins is None else str(coins),
                *([str(view["bids"][seat])] if buying else []),
                _held_text(view["houses"][seat], view["house_counts"][seat]),
                _held_text(view["cheques"][seat], view["cheque_counts"][seat], money),
                status,
            ]
        )
    face_down = _(
        "Piles, face down: {houses} houses, {cheques} cheques",
        houses=view["houses_left"],
        cheques=view["cheques_left"],
    )
    text_columns = (0, len(header) - 3, len(header) - 2, len(header) - 1)  # seat, houses, cheques, status
    return "\n".join([title, text_table(header, rows, left=text_columns), face_down])
