"""Kuhhandel drawn as HTML and SVG (``draw``) or as text for a terminal (``text``): every
player's animals by type with the sets completed, their money-card counts (the values only
in the teacher's view and your own), the running auction, cow trade or payment."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from ...core.game import SEAT_NAMES, seat_name
from ...pictures.base import card_svg, legend, seat_label, text_table
from .i18n import N_, _, _n
from .narration import _ORDINALS, animal_name, stake_text
from .rules import (
    ANIMAL_VALUES,
    ANIMALS,
    CARDS_PER_ANIMAL,
    DONKEY_PAYOUTS,
    counts_of,
    money_total,
    score,
)

RESULT_LABEL = N_("Final score")  # KH-E2: money does not count

# One colour per animal, cheap animals light, valuable ones dark.
ANIMAL_COLOURS: dict[str, str] = {
    "rooster": "#e08a3a",
    "goose": "#5d8aa8",
    "cat": "#8e5bb0",
    "dog": "#a0603a",
    "sheep": "#6b9a3a",
    "goat": "#b08a1e",
    "donkey": "#6d7b8a",
    "pig": "#d0587e",
    "cow": "#35506b",
    "horse": "#7b3f1a",
}
_MONEY_COLOURS = {0: "#9a9a9a", 10: "#7fb08f", 50: "#4c9a6a", 100: "#3b7fb6", 200: "#7a5cb0", 500: "#b0453b"}


def animal_card(animal: str, count: int = 1, size: int = 70) -> str:
    """An animal card with its set value, and four pips for how many of the four are held."""
    width = round(size * 0.8)
    colour = ANIMAL_COLOURS[animal]
    complete = count >= CARDS_PER_ANIMAL
    pip = size * 0.075
    gap = width / (CARDS_PER_ANIMAL + 1)
    pips = "".join(
        f'<circle cx="{gap * (i + 1):.1f}" cy="{size * 0.84:.1f}" r="{pip:.1f}" '
        f'fill="{"white" if i < count else "none"}" stroke="white" stroke-width="1.5"/>'
        for i in range(CARDS_PER_ANIMAL)
    )
    border = (
        f'<rect x="2" y="2" width="{width - 4}" height="{size - 4}" rx="6" fill="none" stroke="#f5c400" '
        'stroke-width="4"/>'
        if complete
        else ""
    )
    what = _("a complete set") if complete else _("{count} of {all}", count=count, all=CARDS_PER_ANIMAL)
    name = animal_name(animal)
    title = _("{animal}: {what} (set worth {value})", animal=name, what=what, value=ANIMAL_VALUES[animal])
    return (
        f'<svg class="gk-card gk-animal" width="{width}" height="{size}" viewBox="0 0 {width} {size}" role="img">'
        f"<title>{escape(title)}</title>"
        f'<rect width="{width}" height="{size}" rx="7" fill="{colour}"/>{border}'
        f'<text x="50%" y="{size * 0.2:.1f}" text-anchor="middle" dominant-baseline="middle" fill="white" '
        f'font-size="{size * 0.17:.0f}" font-family="system-ui, sans-serif">{escape(name)}</text>'
        f'<text x="50%" y="{size * 0.5:.1f}" text-anchor="middle" dominant-baseline="middle" fill="white" '
        f'font-size="{size * 0.27:.0f}" font-weight="700" font-family="system-ui, sans-serif">'
        f"{ANIMAL_VALUES[animal]}</text>{pips}</svg>"
    )


def money_card(value: int, size: int = 34) -> str:
    """A money card, face up."""
    return card_svg(
        str(value), _MONEY_COLOURS[value], size, title=_("money card {value}", value=value), rounded=3
    )


def money_back(size: int = 34, title: str | None = None) -> str:
    """A money card whose value this view does not show (KH-C3)."""
    shown = _("a money card, face down") if title is None else title
    return card_svg("?", "#6b6b7b", size, title=shown, rounded=3, pattern=True)


def _money_cell(cards: Sequence[int] | None, count: int, size: int = 30) -> str:
    none = '<span class="gk-none">' + escape(_("no money")) + "</span>"
    if cards is None:
        return " ".join(money_back(size) for _i in range(count)) or none
    return " ".join(money_card(v, size) for v in cards) or none


def _animals_cell(held: Mapping[str, int]) -> str:
    cards = [animal_card(a, held[a], 58) for a in ANIMALS if held.get(a)]
    return " ".join(cards) or '<span class="gk-none">' + escape(_("no animals")) + "</span>"


def _seat(seat: int | None) -> str:
    return "?" if seat is None else SEAT_NAMES[seat]


def _stake(animal: str, stake: int) -> str:
    return stake_text(animal, stake)


def _offer_cards(cards: Sequence[int] | None, count: int | None, size: int = 40) -> str:
    if count is None:
        return ""
    if cards is None:
        back = _("an offered card, face down")
        return " ".join(money_back(size, back) for _i in range(count)) or _("no cards")
    return " ".join(money_card(v, size) for v in cards) or _("no cards")


def _situation(view: dict[str, Any]) -> tuple[str, str]:
    """The heading's phrase and the HTML panel for what is going on now."""
    phase, active = view["phase"], view["active"]
    who = SEAT_NAMES[active]
    if phase == "over":
        return _("Game over"), ""
    if phase == "turn":
        if view["deck_size"]:
            return _("{who} to auction or start a cow trade", who=who), ""
        return _("{who} to start a cow trade (the deck is empty)", who=who), ""
    if view["trade"] is not None:
        return _trade_situation(view["trade"], who, phase)
    if view["auction"] is not None:
        return _auction_situation(view["auction"], view["payment"], who, phase)
    return _(_PHASES.get(phase, phase)), ""


# The phases' names as people read them.
_PHASES = {
    "turn": N_("turn"),
    "bidding": N_("bidding"),
    "decide": N_("sell or buy in"),
    "pay": N_("payment"),
    "offer": N_("offer"),
    "respond": N_("answer"),
    "over": N_("Game over"),
}


def _trade_situation(trade: dict[str, Any], who: str, phase: str) -> tuple[str, str]:
    """A cow trade under way: who challenges whom for what, and the offers face down."""
    partner = SEAT_NAMES[trade["partner"]]
    what = _stake(trade["animal"], trade["stake"])
    if trade["round"] == 2:
        head = _(
            "Cow trade: {who} challenges {partner} for {what} (second round after a tie)",
            who=who,
            partner=partner,
            what=what,
        )
    else:
        head = _("Cow trade: {who} challenges {partner} for {what}", who=who, partner=partner, what=what)
    offer = trade["offer_count"]
    lines = [
        '<div class="gk-table"><span class="gk-label">'
        + escape(_("at stake"))
        + "</span> "
        + animal_card(trade["animal"], trade["stake"])
    ]
    if offer is None:
        lines.append(
            '<span class="gk-label" style="margin-left:18px">'
            + escape(_("{who} is putting cards face down", who=who))
            + "</span> "
            + (_offer_cards(trade["building"], trade["building_count"]) or _("none yet"))
        )
    else:
        offers = _n("{who} offers {n} card", "{who} offers {n} cards", offer, who=who)
        lines.append(
            f'<span class="gk-label" style="margin-left:18px">{escape(offers)}</span> '
            + _offer_cards(trade["offer"], offer)
        )
        if phase == "respond":
            lines.append(
                '<span class="gk-label" style="margin-left:18px">'
                + escape(_("{partner} accepts or counters", partner=partner))
                + "</span> "
                + (
                    _offer_cards(trade["building"], trade["building_count"])
                    if trade["building_count"]
                    else ""
                )
            )
    return head, " ".join(lines) + "</div>"


def _auction_situation(
    auction: dict[str, Any], payment: dict[str, Any] | None, who: str, phase: str
) -> tuple[str, str]:
    """An auction under way: the lot, the high bid, and who is to bid, decide or pay."""
    lot = auction["animal"]
    if auction["run"] > 1:
        head = _(
            "Auction: {who} auctions a {animal} (run {run}, without {out})",
            who=who,
            animal=animal_name(lot),
            run=auction["run"],
            out=", ".join(SEAT_NAMES[s] for s in auction["excluded"]),
        )
    else:
        head = _("Auction: {who} auctions a {animal}", who=who, animal=animal_name(lot))
    if auction["high_bidder"] is None:
        bid = escape(_("no bid yet"))
    else:
        bid = _(
            "high bid {bid} by {name}",
            bid="<b>" + str(auction["high_bid"]) + "</b>",
            name=SEAT_NAMES[auction["high_bidder"]],
        )
    if phase == "bidding":
        state = _(
            "{name} to bid or hold; bids up to {cap} (all the money in play)",
            name=_seat(auction["bidder"]),
            cap=auction["cap"],
        )
    elif phase == "decide":
        state = _("{who} sells to the high bidder or buys it in at {bid}", who=who, bid=auction["high_bid"])
    else:
        state = ""
    if payment is not None:
        state = _(
            "{payer} pays {payee} {price} in money cards (no change is given)",
            payer=SEAT_NAMES[payment["payer"]],
            payee=SEAT_NAMES[payment["payee"]],
            price=payment["price"],
        )
    panel = (
        f'<div class="gk-table">{animal_card(lot, 1, 84)} '
        f'<span style="font-size:18px;margin-left:12px">{bid}</span>'
        f'<span class="gk-label" style="margin-left:14px">{escape(state)}</span></div>'
    )
    return head, panel


def _last_trade(view: dict[str, Any]) -> str:
    last = view["last_trade"]
    if last is None:
        return ""
    a, b = SEAT_NAMES[last["active"]], SEAT_NAMES[last["partner"]]
    what = _stake(last["animal"], last["stake"])
    if last["outcome"] == "accepted":
        text = _(
            "{b} accepted {a}'s offer of {n} cards for {what}", a=a, b=b, n=last["offer_count"], what=what
        )
    elif last["outcome"] == "tie":
        text = _("{a} and {b} tied for {what}; the trade is repeated", a=a, b=b, what=what)
    elif last["outcome"] == "second_tie":
        text = _("{a} and {b} tied twice: {a} took {what} free", a=a, b=b, what=what)
    else:
        text = _(
            "{winner} won the cow trade for {what} ({a} {n} cards, {b} {m})",
            winner=SEAT_NAMES[last["winner"]],
            what=what,
            a=a,
            b=b,
            n=last["offer_count"],
            m=last["counter_count"],
        )
    if last["offer"] is not None:
        nothing = _("nothing")
        counter = (
            ""
            if last["counter"] is None
            else _("; {b} countered {cards}", b=b, cards=", ".join(map(str, last["counter"])) or nothing)
        )
        text += (
            _(" — {a} offered {cards}", a=a, cards=", ".join(map(str, last["offer"])) or nothing) + counter
        )
    return '<div class="gk-foot"><b>' + escape(_("Last cow trade:")) + f"</b> {escape(text)}</div>"


def _foot(view: dict[str, Any]) -> str:
    """The line under the table: the deck, the donkeys so far and the next payout, the money."""
    donkeys = view["donkeys_seen"]
    nxt = (
        _(
            "; the {ordinal} will pay everyone {value}",
            ordinal=_(_ORDINALS[donkeys]),
            value=DONKEY_PAYOUTS[donkeys],
        )
        if donkeys < len(DONKEY_PAYOUTS)
        else ""
    )
    foot = _(
        "Deck: {deck} animals face down · donkeys turned up: {donkeys}{next} · "
        "money in play: {money} · bank: {bank} cards",
        deck=view["deck_size"],
        donkeys=donkeys,
        next=nxt,
        money=format(view["money_in_play"], ","),
        bank=len(view["bank"]),
    )
    return foot


_HEADERS = (N_("player"), N_("cards"), N_("money"), N_("money cards"), N_("animals"), N_("sets"), N_("score"))


def draw(view: dict[str, Any]) -> str:
    """The HTML picture of a Kuhhandel view: what that view's seat may see, nothing more."""
    viewer = view["viewer"]
    whose = (
        _("the teacher's view (everything)")
        if viewer is None
        else _("{name}'s view", name=SEAT_NAMES[viewer])
    )
    heading, panel = _situation(view)
    to_act = set(view["to_act"])
    rows = []
    for seat in range(view["players"]):
        cards = view["money"][seat]
        count = view["money_counts"][seat]
        total = "?" if cards is None else str(money_total(counts_of(cards)))
        held = view["animals"][seat]
        sets = len(view["sets"][seat])
        status = []
        if seat == view["active"] and view["phase"] != "over":
            status.append(_("active"))
        if seat in to_act:
            status.append(_("to act"))
        rows.append(
            f'<tr class="gk-seat{" gk-active" if seat in to_act else ""}">'
            f"<td>{seat_label(seat, viewer)}<div class='gk-label'>{escape(', '.join(status))}</div></td>"
            f'<td class="gk-num" title="' + escape(_("money cards")) + f'">{count}</td>'
            f'<td class="gk-num" title="' + escape(_("money total")) + f'">{escape(total)}</td>'
            f"<td>{_money_cell(cards, count)}</td>"
            f"<td>{_animals_cell(held)}</td>"
            f'<td class="gk-num" title="' + escape(_("complete sets")) + f'">{sets}</td>'
            f'<td class="gk-num" title="' + escape(_("score so far")) + f'">{score(held):,}</td></tr>'
        )
    foot = _foot(view)
    headers = "".join("<th>" + escape(_(h)) + "</th>" for h in _HEADERS)
    return (
        '<div class="gk-picture gk-kuhhandel">'
        '<div class="gk-heading"><b>'
        + escape(_("Kuhhandel"))
        + "</b> · "
        + escape(_("turn {turn}", turn=view["turn"]))
        + f" · {escape(heading)} · "
        f"<i>{escape(whose)}</i></div>"
        + panel
        + f'<table class="gk-seats"><tr>{headers}</tr>'
        + "".join(rows)
        + "</table>"
        + _last_trade(view)
        + f'<div class="gk-foot">{escape(foot)}. '
        + legend(
            _(
                "Money values are private, the number of money cards public (KH-C3); offers lie face down "
                "(KH-K2); score = sum of complete sets × their number (KH-E2)."
            )
        )
        + "</div></div>"
    )


def inference_note(view: dict[str, Any]) -> str:
    """What the viewer can tell about the active player's face-down offer from its card count
    (``analysis.kuhhandel.trade_inference``), as a short HTML note."""
    from .analysis import PublicInfo, trade_inference  # pandas only when asked

    seat = view["viewer"]
    if seat is None:
        raise ValueError(_("the teacher sees the offer itself; take a player's view, game.view(seat)"))
    me = SEAT_NAMES[seat]
    inference = trade_inference(view)
    if inference is None:
        body = escape(_("{me} sees no offer being made now.", me=me))
    else:
        unseen = PublicInfo.of(view).unseen
        pool = ", ".join(f"{v}×{unseen.count(v)}" for v in sorted(set(unseen)))
        active = SEAT_NAMES[view["trade"]["active"]]
        n = inference.cards
        body = _n(
            "{active} has put down <b>{n} card</b>. The bank lies open and {me} knows "
            "their own cards, so the {unseen} cards {me} cannot see are {pool}. "
            "An offer of {n} such card adds up to between <b>{low}</b> and "
            "<b>{high}</b>: <b>{mean}</b> on average, and nothing at all with "
            "chance {zero}, if any unseen card were as likely to be offered as any other.",
            "{active} has put down <b>{n} cards</b>. The bank lies open and {me} knows "
            "their own cards, so the {unseen} cards {me} cannot see are {pool}. "
            "An offer of {n} such cards adds up to between <b>{low}</b> and "
            "<b>{high}</b>: <b>{mean}</b> on average, and nothing at all with "
            "chance {zero}, if any unseen card were as likely to be offered as any other.",
            n,
            active=active,
            me=me,
            unseen=len(unseen),
            pool=escape(pool),
            low=inference.low,
            high=inference.high,
            mean=format(inference.mean, ".0f"),
            zero=format(inference.distribution.get(0, 0.0), ".0%"),
        )
    heading = _("What <b>{me}</b> can tell from the card count (KH-K2)", me=me)
    return (
        f'<div class="gk-picture gk-inference"><div class="gk-heading">{heading}</div><div>{body}</div></div>'
    )


# ------------------------------------------------------------------ as text
def text(view: dict[str, Any]) -> str:
    """A Kuhhandel player's view: what is going on, then per seat money cards, animals and sets."""
    me = view["viewer"]
    heading, _panel = _situation(view)
    lines = [_("Turn {turn}: {heading}", turn=view["turn"], heading=heading)]
    auction, trade = view["auction"], view["trade"]
    if auction is not None and trade is None:
        high = (
            _("high bid {bid} by {name}", bid=auction["high_bid"], name=seat_name(auction["high_bidder"]))
            if auction["high_bidder"] is not None
            else _("no bid yet")
        )
        lines.append("  " + _("{high}; bids up to {cap}", high=high, cap=auction["cap"]))
    if trade is not None:
        count = trade["offer_count"]
        shown = trade["offer"]
        if count is not None:
            lines.append(
                "  "
                + _("offer: {count} card(s)", count=count)
                + (" (" + (", ".join(map(str, shown)) or _("none")) + ")" if shown is not None else "")
            )
        if trade["building_count"]:
            built = trade["building"]
            lines.append(
                "  "
                + _("being put down: {count} card(s)", count=trade["building_count"])
                + (f" ({', '.join(map(str, built))})" if built is not None else "")
            )
    header = [_(h) for h in (N_("seat"), N_("cards"), N_("money"), N_("animals"), N_("sets"), N_("score"))]
    rows = []
    for seat in range(view["players"]):
        cards = view["money"][seat]
        held = view["animals"][seat]
        rows.append(
            [
                seat_name(seat) + (_(" (you)") if seat == me else ""),
                str(view["money_counts"][seat]),
                "?" if cards is None else ", ".join(map(str, cards)) or "-",
                ", ".join(f"{animal_name(a)} {held[a]}" for a in ANIMALS if held.get(a)) or "-",
                str(len(view["sets"][seat])),
                str(score(held)),
            ]
        )
    lines.append(text_table(header, rows, left=(0, 2, 3)))
    lines.append(
        _(
            "Deck {deck}, donkeys turned up {donkeys}, money in play {money}",
            deck=view["deck_size"],
            donkeys=view["donkeys_seen"],
            money=view["money_in_play"],
        )
    )
    return "\n".join(lines)
