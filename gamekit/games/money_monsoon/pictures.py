"""Money Monsoon drawn as HTML and SVG (``draw``) or as text for a terminal (``text``).

The picture is the track from the start (space 0) to the goal with both pawns
of every player, the die on the table, and per player the points, debt and
bid. Points, debts and pawns are public; a bid is face down ("?") until every
player has bid (MM-A2), and only the teacher's view shows sealed bids.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ...core.game import SEAT_NAMES, seat_name
from ...pictures.base import card_svg, legend, seat_label, text_table
from .i18n import N_, _, _n
from .rules import PAWNS, START

RESULT_LABEL = N_("Final points")  # the result line of a finished game (gamekit.pictures.result_line)

# the rules' (money-monsoon) example names red, green and blue pawns; A, B and C get those colours.
COLOURS = ("#c8382e", "#2f8a4a", "#2f63b0", "#c98d0a", "#7d46a8", "#5b5249")

CELL = 40  # width of one space, pixels
PAWN_R = 13  # a pawn's radius
STACK = 28  # vertical distance between stacked pawns
PER_ROW = 25  # spaces per row of the track; a longer track wraps
START_COLUMNS = 3  # pawns side by side in the start box
START_WIDTH = START_COLUMNS * STACK + 10
HEAD = 22  # room for the space number above the pawns


def colour(seat: int) -> str:
    return COLOURS[seat % len(COLOURS)]


def pawn_svg(seat: int, pawn: str, x: float, y: float, space: int) -> str:
    """One pawn: a disc in the player's colour labelled with its seat and pawn, e.g. "Ab"."""
    name = f"{SEAT_NAMES[seat]}{pawn}"
    where = (
        _("{name}'s pawn {pawn} on the start", name=SEAT_NAMES[seat], pawn=pawn)
        if space == START
        else _("{name}'s pawn {pawn} on space {space}", name=SEAT_NAMES[seat], pawn=pawn, space=space)
    )
    return (
        f'<g class="gk-pawn"><title>{where}</title>'
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{PAWN_R}" fill="{colour(seat)}" stroke="#1d1d24" '
        'stroke-width="1.5"/>'
        f'<text x="{x:.1f}" y="{y + 4.5:.1f}" text-anchor="middle" fill="white" font-size="13" '
        f'font-weight="700" font-family="system-ui, sans-serif">{name}</text></g>'
    )


def _occupants(pawns: list[list[int]]) -> dict[int, list[tuple[int, str]]]:
    """(seat, pawn) on each space, in seat order, pawn a before b."""
    spaces: dict[int, list[tuple[int, str]]] = {}
    for seat, pair in enumerate(pawns):
        for pawn, space in zip(PAWNS, pair, strict=True):
            spaces.setdefault(space, []).append((seat, pawn))
    return spaces


def track_svg(pawns: list[list[int]], track_length: int, highlight: int | None = None) -> str:
    """The track as SVG: a start box, then spaces 1 to ``track_length`` (the goal), in rows of 25.

    Pawns sharing a space are stacked; ``highlight`` marks one seat's pawns with a ring
    (the player who moves now).
    """
    start_label, goal_label = _("start 0"), _("goal")
    title = _("the track: start 0 to goal {goal}", goal=track_length)
    spaces = _occupants(pawns)
    rows = (track_length + PER_ROW - 1) // PER_ROW
    parts: list[str] = []
    top = 4.0
    width = START_WIDTH + 6 + min(track_length, PER_ROW) * CELL + 4
    for row in range(rows):
        first = row * PER_ROW + 1
        last = min(track_length, first + PER_ROW - 1)
        tallest = max([len(spaces.get(s, [])) for s in range(first, last + 1)] + [1])
        height = HEAD + tallest * STACK + 6
        if row == 0:
            at_start = spaces.get(START, [])
            start_rows = max(1, (len(at_start) + START_COLUMNS - 1) // START_COLUMNS)
            height = max(height, HEAD + start_rows * STACK + 6)
            parts.append(
                f'<rect x="2" y="{top}" width="{START_WIDTH}" height="{height}" rx="6" fill="#e9e4d6" '
                'stroke="#8f8a7c"/>'
                f'<text x="{2 + START_WIDTH / 2}" y="{top + 16}" text-anchor="middle" font-size="13" '
                f'fill="#55524a">{start_label}</text>'
            )
            for i, (seat, pawn) in enumerate(at_start):
                x = 2 + 5 + STACK / 2 + (i % START_COLUMNS) * STACK
                y = top + HEAD + STACK / 2 + (i // START_COLUMNS) * STACK
                parts.append(_pawn(seat, pawn, x, y, START, highlight))
        for space in range(first, last + 1):
            x0 = START_WIDTH + 6 + (space - first) * CELL
            goal = space == track_length
            fill = "#f6d77a" if goal else ("#f3f0e6" if space % 2 else "#ffffff")
            parts.append(
                f'<rect x="{x0}" y="{top}" width="{CELL - 2}" height="{height}" rx="4" fill="{fill}" '
                f'stroke="{"#a07800" if goal else "#c9c4b6"}"/>'
                f'<text x="{x0 + (CELL - 2) / 2}" y="{top + 16}" text-anchor="middle" font-size="13" '
                f'fill="#55524a" font-weight="{700 if goal else 400}">{goal_label if goal else space}</text>'
            )
            for i, (seat, pawn) in enumerate(spaces.get(space, [])):
                x = x0 + (CELL - 2) / 2
                y = top + HEAD + STACK / 2 + i * STACK
                parts.append(_pawn(seat, pawn, x, y, space, highlight))
        top += height + 8
    return (
        f'<svg class="gk-track" width="{width}" height="{top:.0f}" viewBox="0 0 {width} {top:.0f}" '
        f'style="max-width:100%;height:auto" role="img"><title>{title}'
        f"</title>{''.join(parts)}</svg>"
    )


def _pawn(seat: int, pawn: str, x: float, y: float, space: int, highlight: int | None) -> str:
    ring = (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{PAWN_R + 3}" fill="none" stroke="#1d1d24" '
        'stroke-width="2" stroke-dasharray="3 2"/>'
        if seat == highlight
        else ""
    )
    return ring + pawn_svg(seat, pawn, x, y, space)


def die_svg(roll: int | None, size: int = 46) -> str:
    """The eight-sided die as an octagon showing ``roll`` (MM-C1, MM-A1)."""
    if roll is None:
        return ""
    title = _("the die shows {roll}", roll=roll)
    c, r = size / 2, size / 2 - 1
    k = r * 0.4142  # half a side of a regular octagon
    points = [(c - k, c - r), (c + k, c - r), (c + r, c - k), (c + r, c + k)]
    points += [(c + k, c + r), (c - k, c + r), (c - r, c + k), (c - r, c - k)]
    shape = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    return (
        f'<svg class="gk-die" width="{size}" height="{size}" viewBox="0 0 {size} {size}" role="img" '
        f'style="vertical-align:middle"><title>{title}</title>'
        f'<polygon points="{shape}" fill="#1d1d24"/>'
        f'<text x="50%" y="56%" dominant-baseline="middle" text-anchor="middle" fill="white" '
        f'font-size="{round(size * 0.5)}" font-weight="700" font-family="system-ui, sans-serif">{roll}</text>'
        "</svg>"
    )


def _heading(view: dict[str, Any]) -> str:
    """What is happening: the roll on auction, the result of the auction, or the end."""
    phase, roll, active = view["phase"], view["roll"], view["active"]
    if phase == "bid":
        values = {"turn": view["turn"], "name": seat_name(active), "roll": roll}
        if view["rebids"]:
            return _(
                "Turn {turn}: {name} rolled {roll} and auctions it — sealed bids, rebid {rebid}",
                rebid=view["rebids"],
                **values,
            )
        return _("Turn {turn}: {name} rolled {roll} and auctions it — sealed bids", **values)
    if phase == "move":
        winner, price, payee = view["winner"], view["price"], view["payee"]
        if not price:
            paid = _("pays nothing")
        elif payee is None:
            paid = _("pays {price} to the bank", price=price)
        else:
            paid = _("pays {price} to {payee}", price=price, payee=seat_name(payee))
        mover = view["mover"]
        if view["free_move"]:
            doing = _("{name} bid lowest and moves the free 4", name=seat_name(mover))
        else:
            doing = _("{name} moves {steps}", name=seat_name(mover), steps=view["steps"])
        return _(
            "Turn {turn}: {name} won the {roll} and {paid}; {doing}",
            turn=view["turn"],
            name=seat_name(winner),
            roll=roll,
            paid=paid,
            doing=doing,
        )
    if view["finished"]:
        return _("Game over after {turns} turns: a pawn reached the goal", turns=view["turn"])
    return _("Stopped after {turns} turns by the turn limit (unfinished)", turns=view["turn"])


def _sits_out(view: dict[str, Any], seat: int) -> bool:
    """Whether the viewer may see that ``seat``, the auctioneer, sat the roll out (MM-A2)."""
    return seat == view["active"] and bool(view.get("sat_out"))


def _bid_cell(view: dict[str, Any], seat: int) -> str:
    bid = view["bids"][seat] if view["bids"] is not None else None
    sealed = _("(sealed)")
    if _sits_out(view, seat):
        return _("sits out (sealed)") if view["phase"] == "bid" else _("sits out")
    if view["phase"] == "bid":
        if seat in view["to_act"]:
            if bid is None:
                writing = _("writing…")
                return f'<span class="gk-none">{writing}</span>'
            return f"<i>{bid}</i> {sealed}"
        if bid is None:
            return card_svg("?", "#6b6b7b", 34, title=_("a bid face down"), pattern=True)
        return f"{bid} <span class='gk-none'>{sealed}</span>"
    if bid is None:
        return ""
    return f"<b>{bid}</b>" if seat == view["winner"] else str(bid)


def _status(view: dict[str, Any], seat: int) -> str:
    phase = view["phase"]
    status = []
    if seat == view["active"] and phase != "over":
        status.append(_("auctioneer"))
    if phase == "bid":
        status.append(_("to bid") if seat in view["to_act"] else _("has bid"))
    elif phase == "move":
        if seat == view["winner"]:
            status.append(_("won the roll"))
        if seat == view["free_mover"] and seat != view["winner"]:
            status.append(_("bid lowest: free 4"))
        if seat == view["mover"]:
            status.append(_("moves now"))
    elif view["bonuses"] is not None and view["bonuses"][seat]:
        status.append(_("bonus {bonus}", bonus=view["bonuses"][seat]))
    return _(", ").join(status)


def draw(view: dict[str, Any]) -> str:
    """The HTML picture of a Money Monsoon view: what that view's seat may see, nothing more."""
    viewer = view["viewer"]
    whose = (
        _("the teacher's view (everything)")
        if viewer is None
        else _("{name}'s view", name=SEAT_NAMES[viewer])
    )
    highlight = view["mover"] if view["phase"] == "move" else None
    name, player, points, pawns = _("Money Monsoon"), _("player"), _("points"), _("pawns")
    debt_word, bid_word, pawns_ab = _("debt"), _("bid"), _("pawns a and b")
    rows = []
    for seat in range(view["players"]):
        a, b = view["pawns"][seat]
        debt = view["debt"][seat]
        chip = (
            f'<span style="display:inline-block;width:14px;height:14px;border-radius:7px;'
            f'background:{colour(seat)};margin-right:6px;vertical-align:middle"></span>'
        )
        active = seat in view["to_act"]
        rows.append(
            f'<tr class="gk-seat{" gk-active" if active else ""}">'
            f"<td>{chip}{seat_label(seat, viewer)}</td>"
            f'<td class="gk-num" title="{points}">{view["points"][seat]}</td>'
            f'<td class="gk-num" title="{debt_word}">{debt if debt else ""}</td>'
            f'<td class="gk-num" title="{pawns_ab}">a {a} · b {b}</td>'
            f'<td class="gk-num" title="{bid_word}">{_bid_cell(view, seat)}</td>'
            f"<td>{escape(_status(view, seat))}</td></tr>"
        )
    die = die_svg(view["roll"]) if view["phase"] != "over" else ""
    bank = view["bank"]
    if bank > 0:
        money = _n(
            "The bank has taken in {n} point more than it paid out. ",
            "The bank has taken in {n} points more than it paid out. ",
            bank,
        )
    elif bank < 0:
        money = _(
            "The bank has paid out {points} points more than it took in (loans, bonuses). ", points=-bank
        )
    else:
        money = ""
    return (
        '<div class="gk-picture gk-money-monsoon">'
        f'<div class="gk-heading">{die} <b>{name}</b> · {escape(_heading(view))} · '
        f"<i>{escape(whose)}</i></div>"
        f'<div class="gk-table">{track_svg(view["pawns"], view["track_length"], highlight)}</div>'
        f'<table class="gk-seats"><tr><th>{player}</th><th style="text-align:right">{points}</th>'
        f'<th style="text-align:right">{debt_word}</th><th style="text-align:right">{pawns}</th>'
        f'<th style="text-align:right">{bid_word}</th><th></th></tr>'
        + "".join(rows)
        + "</table>"
        + f'<div class="gk-foot">{escape(money)}'
        + legend(
            _(
                "Points, debts and pawns are public; a bid stays face down until everyone has bid, and so does "
                "the auctioneer's choice to sit out (MM-A2). "
                "Landing on other players' pawns collects 50 per pawn (MM-M3)."
            )
        )
        + "</div></div>"
    )


# ------------------------------------------------------------------ as text
def track_text(pawns: list[list[int]], track_length: int) -> str:
    """The occupied spaces in a line: ``start: Ab Bb | 3: Aa Ba | goal 25``."""
    spaces = _occupants(pawns)
    parts = []
    for space in sorted(spaces):
        names = " ".join(f"{SEAT_NAMES[s]}{p}" for s, p in spaces[space])
        label = _("start") if space == START else (_("goal") if space == track_length else str(space))
        parts.append(f"{label}: {names}")
    if track_length not in spaces:
        parts.append(_("goal {goal}", goal=track_length))
    return _("Track: {spaces}", spaces=" | ".join(parts))


def text(view: dict[str, Any]) -> str:
    """A Money Monsoon player's view: the auction, the track, and per seat points, debt, pawns, bid."""
    me = view["viewer"]
    rows = []
    for seat in range(view["players"]):
        a, b = view["pawns"][seat]
        bid = view["bids"][seat] if view["bids"] is not None else None
        if _sits_out(view, seat):
            shown = _("sits out")
        elif view["phase"] == "bid" and bid is None:
            shown = "..." if seat in view["to_act"] else "?"
        else:
            shown = "" if bid is None else str(bid)
        rows.append(
            [
                _("{name} (you)", name=seat_name(seat)) if seat == me else seat_name(seat),
                str(view["points"][seat]),
                str(view["debt"][seat]),
                f"a {a}, b {b}",
                shown,
                _status(view, seat),
            ]
        )
    header = [_("seat"), _("points"), _("debt"), _("pawns"), _("bid"), ""]
    table = text_table(header, rows, left=(0, 3, 5))
    return "\n".join([_heading(view), track_text(view["pawns"], view["track_length"]), table])
