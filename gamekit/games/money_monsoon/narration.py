"""Money Monsoon's narration: each event's one English line and the rule it carries out.

Every function reads only the event's public data (never its ``private`` part), so
any saved log can be narrated again and every seat reads the same line.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.events import Event
from ...core.narration import SEAT_NAMES, scores_text, standings_text
from .rules import HALVED_ROLL, MAX_REBIDS, SPLIT_ROLL


def joined(names: list[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def bids_text(bids: list[int | None]) -> str:
    """ "Bids revealed: A 30, B 0, C 12", or "A sits out" for an auctioneer that made no bid (MM-A2)."""
    return "Bids revealed: " + ", ".join(
        f"{SEAT_NAMES[s]} sits out" if b is None else f"{SEAT_NAMES[s]} {b}" for s, b in enumerate(bids)
    )


def narrate_setup(e: Event) -> str:
    return (
        f"Money Monsoon, {e['players']} players with {e['points']} points and two pawns on the start; "
        f"the goal is space {e['track_length']}; {SEAT_NAMES[e['start_player']]} auctions first"
    )


def narrate_roll(e: Event) -> str:
    roll = e["roll"]
    extra = {
        SPLIT_ROLL: " (a 7 may be split between two pawns)",
        HALVED_ROLL: " (the high bidder moves 4, the lowest bidder 4 free)",
    }.get(roll, "")
    return f"Turn {e['turn']}: {SEAT_NAMES[e['seat']]} rolls {roll} and auctions it{extra}"


def narrate_bid(e: Event) -> str:
    # An auctioneer sitting out answers face down too (MM-A2): the line does not tell which.
    return f"{SEAT_NAMES[e['seat']]} bids face down"


def narrate_bid_range(e: Event) -> str:
    return f"{SEAT_NAMES[e['seat']]} starts writing a bid face down"


def narrate_reveal(e: Event) -> str:
    parts = [bids_text(e["bids"])]
    winner, bids = e["winner"], e["bids"]
    voided = e["voided"]
    if voided:
        amounts = sorted({bids[s] for s in voided}, reverse=True)
        parts.append(
            f"tied bids of {joined([str(a) for a in amounts])} are void"
            if len(amounts) > 1
            else f"the tied bids of {amounts[0]} are void"
        )
    if e["tied"]:
        parts.append(f"{SEAT_NAMES[winner]} wins the tie as first clockwise from the auctioneer")
    payee = "the bank" if e["payee"] is None else SEAT_NAMES[e["payee"]]
    price = e["price"]
    parts.append(
        f"{SEAT_NAMES[winner]} wins the {e['roll']} and pays {price} to {payee}"
        if price
        else f"{SEAT_NAMES[winner]} wins the {e['roll']} and pays nothing"
    )
    free = e["free"]
    if free is not None:
        parts.append(
            f"{SEAT_NAMES[winner]} also gets the free 4 (every lower bid is tied)"
            if free == winner
            else f"{SEAT_NAMES[free]} bid lowest and gets the free 4"
        )
    return "; ".join(parts)


def narrate_void(e: Event) -> str:
    then = (
        f"everyone bids again (rebid {e['rebids'] + 1} of {MAX_REBIDS})" if e["rebid"] else "the roll lapses"
    )
    return f"{bids_text(e['bids'])}; every bid is void by ties, so {then}"


def narrate_move(e: Event) -> str:
    steps = e["steps"]
    way = "forward" if steps > 0 else "back"
    where = "the goal" if e["goal"] else f"space {e['to']}"
    text = (
        f"{SEAT_NAMES[e['seat']]} moves pawn {e['pawn']} {way} {abs(steps)} from space {e['from']} to {where}"
    )
    if e["free"]:
        text += " (the free 4)"
    if e["fees"]:
        paid = ", ".join(f"{amount} from {SEAT_NAMES[payer]}" for payer, amount in e["fees"])
        text += f" and collects {e['collected']} ({paid})"
    return text


def narrate_borrow(e: Event) -> str:
    what = {"price": "the price", "fee": "a landing fee"}.get(e.get("reason", "fee"), "")
    return f"{SEAT_NAMES[e['seat']]} borrows {e['amount']} from the bank to pay {what} (debt now {e['debt']})"


def narrate_stuck(e: Event) -> str:
    a, b = e["pawns"]
    return (
        f"{SEAT_NAMES[e['seat']]} cannot move a pawn {e['steps']} spaces (pawns on {a} and {b}); "
        "the move is lost"
    )


def narrate_bonuses(e: Event) -> str:
    paid = ", ".join(f"{SEAT_NAMES[s]} {b}" for s, b in enumerate(e["bonuses"]) if b)
    names = [SEAT_NAMES[s] for s in e["arrived"]]
    if len(names) == 1:
        return f"{names[0]} reached the goal; bonuses: {paid}"
    if e["shared"]:
        return f"{joined(names)} both reached the goal and share first and second place; bonuses: {paid}"
    return f"{names[0]} reached the goal first and {names[1]} second; bonuses: {paid}"


def narrate_repay(e: Event) -> str:
    return f"{SEAT_NAMES[e['seat']]} repays the debt of {e['debt']} with 10 % interest: {e['paid']} points"


def narrate_end(e: Event) -> str:
    return "Game over: " + standings_text(e["scores"], e["winners"], "{:,}".format)


def narrate_stopped(e: Event) -> str:
    if "lapsed" in e:
        cause = f": {e['lapsed']} rolls in a row lapsed, every bid void by ties (MM-A6)"
    else:
        cause = " by the turn limit (max_turns)"
    return (
        f"Stopped after {e['turns']} turns{cause}: unfinished, no winner; provisional scores "
        + scores_text(e["scores"], "{:,}".format)
    )


NARRATORS: dict[str, Callable[[Event], str]] = {
    "setup": narrate_setup,
    "roll": narrate_roll,
    "bid": narrate_bid,
    "bid_range": narrate_bid_range,
    "reveal": narrate_reveal,
    "void": narrate_void,
    "move": narrate_move,
    "borrow": narrate_borrow,
    "stuck": narrate_stuck,
    "bonuses": narrate_bonuses,
    "repay": narrate_repay,
    "end": narrate_end,
    "stopped": narrate_stopped,
}


def narrate(event: Event) -> str:
    """The event's one-line narration, from its public data alone."""
    return NARRATORS[event["type"]](event)


# The rule each event type carries out; reveal, move and bonuses depend on the event (``event_rule``).
EVENT_RULES: dict[str, str] = {
    "setup": "MM-C1",
    "roll": "MM-A1",
    "bid": "MM-A2",
    "bid_range": "MM-A2",
    "void": "MM-A6",
    "stuck": "MM-M2",
    "borrow": "MM-E4",
    "repay": "MM-E4",
    "end": "MM-E5",
    "stopped": "MM-E6",
}


def event_rule(event: Event) -> str | None:
    """The rule ID an event carries out, for teaching."""
    kind = event["type"]
    if kind == "reveal":
        if event["voided"] or event["tied"]:
            return "MM-A5"
        return "MM-A4" if event["payee"] is None else "MM-A3"
    if kind == "move":
        if event["fees"]:
            return "MM-M3"
        if event["goal"]:
            return "MM-E1"
        if event["roll"] == HALVED_ROLL:
            return "MM-M5"
        return "MM-M4" if event["split"] else "MM-M1"
    if kind == "bonuses":
        return "MM-E3" if len(event["at_goal"]) > 1 else "MM-E2"
    return EVENT_RULES.get(kind)
