"""Bohnanza drawn as HTML and SVG (``draw``) or as text for a terminal (``text``): the deck and
discard pile, the trading area and any proposal, and per player the hand (front first, face
down for the other players), the fields with what they would pay now, coins and beans set aside.

Drawn from a view only, so a player's picture shows exactly what that player may know.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from ...core.game import SEAT_NAMES
from ...pictures.base import legend, seat_label, text_table
from . import rules
from .i18n import N_, _, _n
from .narration import bean_name, beans_text

# One colour per bean, close to the cards' own (chili orange, red bean crimson), distinct on a projector.
BEAN_COLOURS: dict[str, str] = {
    "blue": "#3b6fb6",
    "chili": "#e0662b",
    "stink": "#8a6a3b",
    "green": "#4c9a2a",
    "soy": "#c9a227",
    "black-eyed": "#4a4f5a",
    "red": "#a3243b",
    "garden": "#2f9e8f",
}

RESULT_LABEL = N_("Final thaler")  # the result line of a finished game (pictures.result_line)

# JupyterLab lays out tables of rendered HTML with equal fixed columns, right-aligned; this
# picture's columns differ in width, so it asks for an automatic layout, left-aligned.
_LOCAL_STYLE = (
    "<style>.gk-bohnanza table.gk-seats { table-layout: auto; }"
    " .gk-bohnanza .gk-seats td, .gk-bohnanza .gk-seats th { text-align: left; }</style>"
)

_PHASES = {
    "plant": N_("{active} plants from the front of the hand (BO-T1)"),
    "turn-up": N_("{active} turns up two and the deck runs out: anyone may harvest first (BO-T1, BO-H1)"),
    "trade": N_("{active} trades (BO-T4)"),
    "plant-traded": N_("the traded and turned-up beans are planted (BO-T5)"),
    "draw": N_("{active} draws three and the deck runs out: anyone may harvest first (BO-T6, BO-H1)"),
    "over": N_("game over (BO-E1)"),
}
_STOPPED = N_("stopped by the safety limit, unfinished (BO-T4)")


def phase_text(view: dict[str, Any]) -> str:
    """What the game is waiting for, in words, with its rule."""
    if view.get("stopped"):
        return _(_STOPPED)
    phase, active = view["phase"], view["active"]
    if phase == "plant" and (view["planted"] == 2 or not view["hand_sizes"][active]):
        phase = "turn-up"  # planting is over and the turn-up will reshuffle: the stop before it
    return _(_PHASES[phase], active=SEAT_NAMES[active])


def bean_card(bean: str, size: int = 56, title: str | None = None) -> str:
    """One bean card face up: the bean's colour, a bean, and its name (two lines if hyphenated)."""
    width = round(size * 0.86)
    colour = BEAN_COLOURS[bean]
    name = bean_name(bean)
    lines = name.split("-") if "-" in name else [name]
    wide = 0.6 if name.isascii() else 1.0  # a Japanese character is about as wide as it is high
    font = max(7, min(round(size * 0.2), int(width * 0.92 / (wide * max(map(len, lines))))))
    base = size - round(size * 0.1) - (len(lines) - 1) * (font + 1)
    names = "".join(
        f'<text x="50%" y="{base + i * (font + 1)}" text-anchor="middle" fill="white" font-size="{font}" '
        f'font-weight="700" font-family="system-ui, sans-serif">{escape(line)}</text>'
        for i, line in enumerate(lines)
    )
    bean_y = round(size * (0.36 if len(lines) == 1 else 0.3))
    return (
        f'<svg class="gk-card gk-bean" width="{width}" height="{size}" viewBox="0 0 {width} {size}" role="img">'
        f"<title>{escape(title or name)}</title>"
        f'<rect width="{width}" height="{size}" rx="6" fill="{colour}"/>'
        f'<ellipse cx="{width / 2}" cy="{bean_y}" rx="{width * 0.26:.1f}" ry="{size * 0.16:.1f}" '
        f'fill="white" fill-opacity="0.85" transform="rotate(-20 {width / 2} {bean_y})"/>'
        f'<rect x="1" y="1" width="{width - 2}" height="{size - 2}" rx="6" fill="none" '
        'stroke="#1d1d24" stroke-opacity="0.35"/>' + names + "</svg>"
    )


def card_back(size: int = 56, title: str | None = None) -> str:
    """A card seen from behind (a hidden hand card): striped, with a question mark."""
    width = round(size * 0.86)
    stripes = "".join(
        f'<line x1="{x}" y1="0" x2="{x + size}" y2="{size}" stroke="#8d8d9c" stroke-width="2"/>'
        for x in range(-size, width, 7)
    )
    return (
        f'<svg class="gk-card gk-back" width="{width}" height="{size}" viewBox="0 0 {width} {size}" role="img">'
        f"<title>" + escape(_("a hand card, face down") if title is None else title) + f"</title>"
        f'<clipPath id="b{size}"><rect width="{width}" height="{size}" rx="6"/></clipPath>'
        f'<rect width="{width}" height="{size}" rx="6" fill="#6b6b7b"/>'
        f'<g clip-path="url(#b{size})">{stripes}</g>'
        f'<text x="50%" y="56%" dominant-baseline="middle" text-anchor="middle" fill="white" '
        f'font-size="{round(size * 0.4)}" font-weight="700" font-family="system-ui, sans-serif">?</text>'
        "</svg>"
    )


def coin(size: int = 30, title: str | None = None) -> str:
    """A thaler: the back of a bean card (BO-C1)."""
    r = size / 2
    return (
        f'<svg class="gk-card gk-coin" width="{size}" height="{size}" viewBox="0 0 {size} {size}" role="img">'
        f"<title>"
        + escape(_("a coin: a card turned over, worth 1 thaler") if title is None else title)
        + f"</title>"
        f'<circle cx="{r}" cy="{r}" r="{r - 1}" fill="#e3b341" stroke="#9c7418" stroke-width="2"/>'
        f'<text x="50%" y="55%" dominant-baseline="middle" text-anchor="middle" fill="#5b420a" '
        f'font-size="{round(size * 0.55)}" font-weight="700" font-family="system-ui, sans-serif">1</text>'
        "</svg>"
    )


def next_step(bean: str, count: int) -> int | None:
    """The beans needed for the next higher payment, or None at the top of the beanometer."""
    now = rules.harvest_value(bean, count)
    for needed in rules.BEANOMETERS[bean]:
        if needed is not None and needed > count and rules.harvest_value(bean, needed) > now:
            return needed
    return None


def field_note(bean: str, count: int) -> str:
    """What a field would pay if harvested now, and what the next step needs (BO-H1)."""
    pays = rules.harvest_value(bean, count)
    step = next_step(bean, count)
    if step:
        return _(
            "now {pays} · {step} beans → {next}", pays=pays, step=step, next=rules.harvest_value(bean, step)
        )
    return _("now {pays} · top", pays=pays)


def _field(field: list | None, number: int) -> str:
    box = "display:inline-block;vertical-align:top;border-radius:8px;margin:2px 5px 2px 0;line-height:1.25;box-sizing:border-box;"
    if field is None:
        return (
            f'<div class="gk-field gk-empty-field" style="{box}width:74px;height:92px;border:2px dashed #c9c4b5;'
            f'color:#a5a198;text-align:center;font-size:14px;padding-top:26px">'
            + escape(_("field {number}", number=number))
            + "<br>"
            + escape(_("empty"))
            + "</div>"
        )
    bean, count = field
    pays = rules.harvest_value(bean, count)
    step = next_step(bean, count)
    then = (
        _("{pays} at {step}", pays=rules.harvest_value(bean, step), step=step) if step else _("top reached")
    )
    title = _("field {number}: {count} {bean}", number=number, count=count, bean=bean_name(bean))
    return (
        f'<div class="gk-field" style="{box}border:2px solid #d8d4c8;padding:2px 6px;background:#fff">'
        f'<div style="font-size:12px;color:#55524a">' + escape(_("field {number}", number=number)) + f"</div>"
        f'<div style="display:flex;align-items:center;gap:4px">{bean_card(bean, 40, title)}'
        f'<span style="font-size:22px;font-weight:700" title="'
        + escape(_("beans on field {number}", number=number))
        + f'">×{count}</span></div>'
        f'<div style="font-size:12px;color:#55524a" title="{escape(field_note(bean, count))}">'
        + escape(_("pays {pays} now", pays=pays))
        + f"<br>{escape(then)}</div></div>"
    )


def _hand(view: dict[str, Any], seat: int) -> str:
    hand = view["hands"][seat]
    size = view["hand_sizes"][seat]
    card = 44 if size <= 6 else 38 if size <= 9 else 32
    if size == 0:
        return '<span class="gk-none">' + escape(_("empty hand")) + "</span>"
    if hand is None:
        cards = "".join(card_back(card) for _i in range(size))
    else:
        cards = "".join(
            bean_card(
                b,
                card,
                _("hand card {k} (front): {bean}", k=k, bean=bean_name(b))
                if k == 1
                else _("hand card {k}: {bean}", k=k, bean=bean_name(b)),
            )
            for k, b in enumerate(hand, start=1)
        )
    count = _n("{n} card", "{n} cards", size)
    return (
        '<div class="gk-hand" title="'
        + escape(_("front first"))
        + '"><span class="gk-label" style="font-size:13px">'
        + escape(_("front ▸"))
        + f"</span>"
        f'{cards}<span class="gk-label" style="font-size:13px"> ' + escape(_("◂ back")) + f"</span>"
        f'<div style="font-size:13px;color:#55524a">{escape(count)}</div></div>'
    )


def _coins(count: int) -> str:
    shown = "".join(coin(20) for _i in range(min(count, 4)))
    return (
        '<div class="gk-coins" title="' + escape(_("thaler")) + f'">{shown}'
        f'<div class="gk-num" style="text-align:left">'
        + escape(_("{count} thaler", count=count))
        + "</div></div>"
    )


def proposal_text(view: dict[str, Any]) -> str:
    """The proposal on the table as this view may see it (BO-T4), or an empty string."""
    proposal = view["proposal"]
    if proposal is None:
        return ""
    active, partner = SEAT_NAMES[view["active"]], SEAT_NAMES[proposal["partner"]]
    if proposal["give"] is None:
        return _("{active} is drafting a proposal to {partner}", active=active, partner=partner)
    give = [
        _("{bean} (turned up)", bean=bean_name(b)) if up else _("{bean} (hand)", bean=bean_name(b))
        for b, up in zip(proposal["give"], proposal["turned_up"], strict=True)
    ]
    gives = beans_text(give)
    asks = beans_text(proposal["ask"])
    state = _("waiting for {partner}'s answer", partner=partner) if proposal["made"] else _("draft")
    return _(
        "{active} offers {partner} {gives} for {asks} ({state})",
        active=active,
        partner=partner,
        gives=gives,
        asks=asks,
        state=state,
    )


def draw(view: dict[str, Any]) -> str:
    """The HTML picture of a Bohnanza view: what that view's seat may see, nothing more."""
    viewer = view["viewer"]
    whose = (
        _("the teacher's view (everything)")
        if viewer is None
        else _("{name}'s view", name=SEAT_NAMES[viewer])
    )
    heading = _("Turn {turn} · {phase}", turn=view["turn"], phase=phase_text(view))
    headers = "".join(
        "<th>" + escape(_(h)) + "</th>"
        for h in (N_("player"), N_("hand"), N_("fields"), N_("coins"), N_("set aside"))
    )
    piles = _piles(view)
    rows = [_seat_row(view, seat) for seat in range(view["players"])]
    return (
        '<div class="gk-picture gk-bohnanza">'
        + _LOCAL_STYLE
        + '<div class="gk-heading"><b>'
        + escape(_("Bohnanza"))
        + f"</b> · {escape(heading)} · <i>{escape(whose)}</i></div>"
        + piles
        + f'<table class="gk-seats"><tr>{headers}</tr>'
        + "".join(rows)
        + "</table>"
        '<div class="gk-foot">'
        + legend(
            _(
                "Hands keep their order, front first, and only their sizes are public (BO-C2); fields, coins, "
                "the trading area and the discard pile are public. Under each field: what it pays if harvested "
                "now, and the next step of its beanometer, e.g. 2 (thaler) at 5 (beans) (BO-H1); every player may harvest "
                "a field or buy the third at any time, also on the others' turns (BO-H1, BO-H3). Beans set aside were "
                "received in a deal and are planted after trading (BO-T5)."
            )
        )
        + "</div></div>"
    )


def _piles(view: dict[str, Any]) -> str:
    """The deck, the discard pile, the trading area and any proposal."""
    discard = view["discard"]
    top = (
        bean_card(discard[-1], 40, _("top of the discard pile: {bean}", bean=bean_name(discard[-1])))
        if discard
        else ""
    )
    area = "".join(bean_card(b, 56, _("turned up: {bean}", bean=bean_name(b))) for b in view["trading_area"])
    runs = _("(run out {times} of 3 times)", times=view["exhaustions"])
    piles = (
        '<div class="gk-table" style="display:flex;gap:28px;align-items:center;flex-wrap:wrap">'
        '<div><span class="gk-label">'
        + escape(_("Deck"))
        + f'</span><b class="gk-num">{view["deck_size"]}</b>'
        f' <span style="font-size:13px;color:#55524a">{escape(runs)}</span></div>'
        f'<div><span class="gk-label">'
        + escape(_("Discard pile"))
        + f'</span><b class="gk-num">{view["discard_size"]}</b> {top}</div>'
        f'<div class="gk-trading-area"><span class="gk-label">'
        + escape(_("Trading area"))
        + "</span>"
        + (area or '<span class="gk-none">' + escape(_("empty")) + "</span>")
        + "</div></div>"
    )
    offer = proposal_text(view)
    if offer:
        piles += (
            '<div class="gk-proposal" style="font-size:17px;margin:4px 0 8px 0"><b>'
            + escape(_("Proposal:"))
            + f"</b> "
            f"{escape(offer)}</div>"
        )
    return piles


def _seat_row(view: dict[str, Any], seat: int) -> str:
    """One seat's row: label and status, hand, fields, coins and beans set aside."""
    viewer, active, to_act = view["viewer"], view["active"], set(view["to_act"])
    fields = view["fields"][seat]
    drawn = "".join(_field(f, i) for i, f in enumerate(fields, start=1))
    if len(fields) < rules.MAX_FIELDS:
        drawn += (
            '<div class="gk-no-field" style="display:inline-block;vertical-align:top;width:56px;'
            "height:92px;box-sizing:border-box;border:2px dotted #e2ded2;border-radius:8px;color:#b5b1a6;font-size:12px;white-space:normal;"
            "line-height:1.25;"
            'text-align:center;padding-top:20px">'
            + escape(_("third field: {cost} thaler", cost=view["third_field_cost"]))
            + "</div>"
        )
    received = view["received"][seat]
    aside = "".join(bean_card(b, 30, _("received, to plant: {bean}", bean=bean_name(b))) for b in received)
    status = []
    if seat == active and view["phase"] != "over":
        status.append(_("active"))
    if seat in to_act:
        status.append(_("to act"))
    classes = "gk-seat" + (" gk-active" if seat in to_act else "")
    return (
        f'<tr class="{classes}"><td>{seat_label(seat, viewer)}'
        f'<div style="font-size:13px;color:#55524a">{escape(", ".join(status))}</div></td>'
        f'<td style="white-space:{"nowrap" if view["hand_sizes"][seat] <= 10 else "normal"}">{_hand(view, seat)}</td>'
        f'<td style="white-space:nowrap">{drawn}</td>'
        f'<td style="white-space:nowrap">{_coins(view["coins"][seat])}</td>'
        f'<td style="white-space:nowrap">{aside}</td></tr>'
    )


# ------------------------------------------------------------------ as text
def _list(beans: Sequence[str] | None, size: int) -> str:
    if beans is None:
        return _("{size} cards face down", size=size) if size else "-"
    return ", ".join(bean_name(b) for b in beans) if beans else "-"


def _fields_text(fields: Sequence[list | None]) -> str:
    parts = []
    for number, field in enumerate(fields, start=1):
        if field is None:
            parts.append(_("{number}: empty", number=number))
        else:
            bean, count = field
            parts.append(f"{number}: {count} {bean_name(bean)} ({field_note(bean, count)})")
    return "; ".join(parts)


def text(view: dict[str, Any]) -> str:
    """A Bohnanza player's view: the turn, deck and trading area, then per seat hand, fields, coins."""
    title = _("Turn {turn}: {phase}", turn=view["turn"], phase=phase_text(view))
    piles = _(
        "Deck {deck} (run out {times} of 3 times), discard pile {discard}, trading area: {area}",
        deck=view["deck_size"],
        times=view["exhaustions"],
        discard=view["discard_size"],
        area=", ".join(bean_name(b) for b in view["trading_area"]) or "-",
    )
    lines = [title, piles]
    offer = proposal_text(view)
    if offer:
        lines.append(_("Proposal: {offer}", offer=offer))
    rows = []
    for seat in range(view["players"]):
        status = _("to act") if seat in view["to_act"] else ""
        received = view["received"][seat]
        rows.append(
            [
                SEAT_NAMES[seat] + (_(" (you)") if seat == view["viewer"] else ""),
                _list(view["hands"][seat], view["hand_sizes"][seat]),
                _fields_text(view["fields"][seat]),
                str(view["coins"][seat]),
                ", ".join(bean_name(b) for b in received) if received else "",
                status,
            ]
        )
    lines.append(
        text_table(
            [_("seat"), _("hand (front first)"), _("fields"), _("thaler"), _("set aside"), ""],
            rows,
            left=(0, 1, 2, 4, 5),
        )
    )
    return "\n".join(lines)
