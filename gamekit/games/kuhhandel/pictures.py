"""Kuhhandel drawn as HTML and SVG (``draw``) or as text for a terminal (``text``): every
player's animals by type with the sets completed, their money-card counts (the values only
in the teacher's view and your own), the running auction, cow trade or payment."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from ...core.game import SEAT_NAMES, seat_name
from ...pictures.base import card_svg, legend, seat_label, text_table
from .rules import (
    ANIMAL_VALUES,
    ANIMALS,
    CARDS_PER_ANIMAL,
    DONKEY_PAYOUTS,
    counts_of,
    money_total,
    score,
)

RESULT_LABEL = "Final score"  # KH-E2: money does not count

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
_ORDINAL = ("first", "second", "third", "fourth")


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
    what = "a complete set" if complete else f"{count} of {CARDS_PER_ANIMAL}"
    return (
        f'<svg class="gk-card gk-animal" width="{width}" height="{size}" viewBox="0 0 {width} {size}" role="img">'
        f"<title>{escape(animal)}: {what} (set worth {ANIMAL_VALUES[animal]})</title>"
        f'<rect width="{width}" height="{size}" rx="7" fill="{colour}"/>{border}'
        f'<text x="50%" y="{size * 0.2:.1f}" text-anchor="middle" dominant-baseline="middle" fill="white" '
        f'font-size="{size * 0.17:.0f}" font-family="system-ui, sans-serif">{escape(animal)}</text>'
        f'<text x="50%" y="{size * 0.5:.1f}" text-anchor="middle" dominant-baseline="middle" fill="white" '
        f'font-size="{size * 0.27:.0f}" font-weight="700" font-family="system-ui, sans-serif">'
        f"{ANIMAL_VALUES[animal]}</text>{pips}</svg>"
    )


def money_card(value: int, size: int = 34) -> str:
    """A money card, face up."""
    return card_svg(str(value), _MONEY_COLOURS[value], size, title=f"money card {value}", rounded=3)


def money_back(size: int = 34, title: str = "a money card, face down") -> str:
    """A money card whose value this view does not show (KH-C3)."""
    return card_svg("?", "#6b6b7b", size, title=title, rounded=3, pattern=True)


def _money_cell(cards: Sequence[int] | None, count: int, size: int = 30) -> str:
    if cards is None:
        return " ".join(money_back(size) for _ in range(count)) or '<span class="gk-none">no money</span>'
    return " ".join(money_card(v, size) for v in cards) or '<span class="gk-none">no money</span>'


def _animals_cell(held: Mapping[str, int]) -> str:
    cards = [animal_card(a, held[a], 58) for a in ANIMALS if held.get(a)]
    return " ".join(cards) or '<span class="gk-none">no animals</span>'


def _seat(seat: int | None) -> str:
    return "?" if seat is None else SEAT_NAMES[seat]


def _stake(animal: str, stake: int) -> str:
    return f"two {animal}s" if stake == 2 else f"a {animal}"


def _offer_cards(cards: Sequence[int] | None, count: int | None, size: int = 40) -> str:
    if count is None:
        return ""
    if cards is None:
        return " ".join(money_back(size, "an offered card, face down") for _ in range(count)) or "no cards"
    return " ".join(money_card(v, size) for v in cards) or "no cards"


def _situation(view: dict[str, Any]) -> tuple[str, str]:
    """The heading's phrase and the HTML panel for what is going on now."""
    phase, active = view["phase"], view["active"]
    who = SEAT_NAMES[active]
    if phase == "over":
        return "Game over", ""
    if phase == "turn":
        choice = (
            "auction or start a cow trade" if view["deck_size"] else "start a cow trade (the deck is empty)"
        )
        return f"{who} to {choice}", ""
    if view["trade"] is not None:
        return _trade_situation(view["trade"], who, phase)
    if view["auction"] is not None:
        return _auction_situation(view["auction"], view["payment"], who, phase)
    return phase, ""


def _trade_situation(trade: dict[str, Any], who: str, phase: str) -> tuple[str, str]:
    """A cow trade under way: who challenges whom for what, and the offers face down."""
    partner = SEAT_NAMES[trade["partner"]]
    head = f"Cow trade: {who} challenges {partner} for {_stake(trade['animal'], trade['stake'])}"
    if trade["round"] == 2:
        head += " (second round after a tie)"
    offer = trade["offer_count"]
    lines = [
        f'<div class="gk-table"><span class="gk-label">at stake</span> {animal_card(trade["animal"], trade["stake"])}'
    ]
    if offer is None:
        lines.append(
            f'<span class="gk-label" style="margin-left:18px">{who} is putting cards face down</span> '
            + (_offer_cards(trade["building"], trade["building_count"]) or "none yet")
        )
    else:
        lines.append(
            f'<span class="gk-label" style="margin-left:18px">{who} offers {offer} card{"s" * (offer != 1)}</span> '
            + _offer_cards(trade["offer"], offer)
        )
        if phase == "respond":
            lines.append(
                f'<span class="gk-label" style="margin-left:18px">{partner} accepts or counters</span> '
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
    head = f"Auction: {who} auctions a {lot}"
    if auction["run"] > 1:
        head += f" (run {auction['run']}, without {', '.join(SEAT_NAMES[s] for s in auction['excluded'])})"
    if auction["high_bidder"] is None:
        bid = "no bid yet"
    else:
        bid = f"high bid <b>{auction['high_bid']}</b> by {SEAT_NAMES[auction['high_bidder']]}"
    if phase == "bidding":
        state = (
            f"{_seat(auction['bidder'])} to bid or hold; bids up to {auction['cap']} (all the money in play)"
        )
    elif phase == "decide":
        state = f"{who} sells to the high bidder or buys it in at {auction['high_bid']}"
    else:
        state = ""
    if payment is not None:
        state = (
            f"{SEAT_NAMES[payment['payer']]} pays {SEAT_NAMES[payment['payee']]} {payment['price']} "
            "in money cards (no change is given)"
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
        text = f"{b} accepted {a}'s offer of {last['offer_count']} cards for {what}"
    elif last["outcome"] == "tie":
        text = f"{a} and {b} tied for {what}; the trade is repeated"
    elif last["outcome"] == "second_tie":
        text = f"{a} and {b} tied twice: {a} took {what} free"
    else:
        text = f"{SEAT_NAMES[last['winner']]} won the cow trade for {what} ({a} {last['offer_count']} cards, {b} {last['counter_count']})"
    if last["offer"] is not None:
        counter = (
            ""
            if last["counter"] is None
            else f"; {b} countered {', '.join(map(str, last['counter'])) or 'nothing'}"
        )
        text += f" — {a} offered {', '.join(map(str, last['offer'])) or 'nothing'}{counter}"
    return f'<div class="gk-foot"><b>Last cow trade:</b> {escape(text)}</div>'


def draw(view: dict[str, Any]) -> str:
    """The HTML picture of a Kuhhandel view: what that view's seat may see, nothing more."""
    viewer = view["viewer"]
    whose = "the teacher's view (everything)" if viewer is None else f"{SEAT_NAMES[viewer]}'s view"
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
            status.append("active")
        if seat in to_act:
            status.append("to act")
        rows.append(
            f'<tr class="gk-seat{" gk-active" if seat in to_act else ""}">'
            f"<td>{seat_label(seat, viewer)}<div class='gk-label'>{escape(', '.join(status))}</div></td>"
            f'<td class="gk-num" title="money cards">{count}</td>'
            f'<td class="gk-num" title="money total">{escape(total)}</td>'
            f"<td>{_money_cell(cards, count)}</td>"
            f"<td>{_animals_cell(held)}</td>"
            f'<td class="gk-num" title="complete sets">{sets}</td>'
            f'<td class="gk-num" title="score so far">{score(held):,}</td></tr>'
        )
    donkeys = view["donkeys_seen"]
    nxt = (
        f"; the {_ORDINAL[donkeys]} will pay everyone {DONKEY_PAYOUTS[donkeys]}"
        if donkeys < len(DONKEY_PAYOUTS)
        else ""
    )
    foot = (
        f"Deck: {view['deck_size']} animals face down · donkeys turned up: {donkeys}{nxt} · "
        f"money in play: {view['money_in_play']:,} · bank: {len(view['bank'])} cards"
    )
    return (
        '<div class="gk-picture gk-kuhhandel">'
        f'<div class="gk-heading"><b>Kuhhandel</b> · turn {view["turn"]} · {escape(heading)} · '
        f"<i>{escape(whose)}</i></div>"
        + panel
        + '<table class="gk-seats"><tr><th>player</th><th>cards</th><th>money</th><th>money cards</th>'
        "<th>animals</th><th>sets</th><th>score</th></tr>"
        + "".join(rows)
        + "</table>"
        + _last_trade(view)
        + f'<div class="gk-foot">{escape(foot)}. '
        + legend(
            "Money values are private, the number of money cards public (KH-C3); offers lie face down "
            "(KH-K2); score = sum of complete sets × their number (KH-E2)."
        )
        + "</div></div>"
    )


def inference_note(view: dict[str, Any]) -> str:
    """What the viewer can tell about the active player's face-down offer from its card count
    (``analysis.kuhhandel.trade_inference``), as a short HTML note."""
    from .analysis import PublicInfo, trade_inference  # pandas only when asked

    seat = view["viewer"]
    if seat is None:
        raise ValueError("the teacher sees the offer itself; take a player's view, game.view(seat)")
    me = SEAT_NAMES[seat]
    inference = trade_inference(view)
    if inference is None:
        body = f"{me} sees no offer being made now."
    else:
        unseen = PublicInfo.of(view).unseen
        pool = ", ".join(f"{v}×{unseen.count(v)}" for v in sorted(set(unseen)))
        active = SEAT_NAMES[view["trade"]["active"]]
        n = inference.cards
        body = (
            f"{active} has put down <b>{n} card{'s' * (n != 1)}</b>. The bank lies open and {me} knows "
            f"their own cards, so the {len(unseen)} cards {me} cannot see are {escape(pool)}. "
            f"An offer of {n} such card{'s' * (n != 1)} adds up to between <b>{inference.low}</b> and "
            f"<b>{inference.high}</b>: <b>{inference.mean:.0f}</b> on average, and nothing at all with "
            f"chance {inference.distribution.get(0, 0.0):.0%}, if any unseen card were as likely to be "
            "offered as any other."
        )
    return (
        f'<div class="gk-picture gk-inference"><div class="gk-heading">What <b>{me}</b> can tell '
        f"from the card count (KH-K2)</div><div>{body}</div></div>"
    )


# ------------------------------------------------------------------ as text
def text(view: dict[str, Any]) -> str:
    """A Kuhhandel player's view: what is going on, then per seat money cards, animals and sets."""
    me = view["viewer"]
    heading, _ = _situation(view)
    lines = [f"Turn {view['turn']}: {heading}"]
    auction, trade = view["auction"], view["trade"]
    if auction is not None and trade is None:
        high = (
            f"high bid {auction['high_bid']} by {seat_name(auction['high_bidder'])}"
            if auction["high_bidder"] is not None
            else "no bid yet"
        )
        lines.append(f"  {high}; bids up to {auction['cap']}")
    if trade is not None:
        count = trade["offer_count"]
        shown = trade["offer"]
        if count is not None:
            lines.append(
                f"  offer: {count} card(s)"
                + (f" ({', '.join(map(str, shown)) or 'none'})" if shown is not None else "")
            )
        if trade["building_count"]:
            built = trade["building"]
            lines.append(
                f"  being put down: {trade['building_count']} card(s)"
                + (f" ({', '.join(map(str, built))})" if built is not None else "")
            )
    header = ["seat", "cards", "money", "animals", "sets", "score"]
    rows = []
    for seat in range(view["players"]):
        cards = view["money"][seat]
        held = view["animals"][seat]
        rows.append(
            [
                seat_name(seat) + (" (you)" if seat == me else ""),
                str(view["money_counts"][seat]),
                "?" if cards is None else ", ".join(map(str, cards)) or "-",
                ", ".join(f"{a} {held[a]}" for a in ANIMALS if held.get(a)) or "-",
                str(len(view["sets"][seat])),
                str(score(held)),
            ]
        )
    lines.append(text_table(header, rows, left=(0, 2, 3)))
    lines.append(
        f"Deck {view['deck_size']}, donkeys turned up {view['donkeys_seen']}, money in play {view['money_in_play']}"
    )
    return "\n".join(lines)
