"""Money Monsoon's narration: each event's one line (English, or Japanese from the catalogue) and the rule it carries out.

Every function reads only the event's public data (never its ``private`` part), so
any saved log can be narrated again and every seat reads the same line.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.events import Event
from ...core.i18n import Text
from ...core.narration import SEAT_NAMES, scores_text, standings_text
from .i18n import _
from .rules import HALVED_ROLL, MAX_REBIDS, SPLIT_ROLL


def joined(names: list[str]) -> str:
    """ "A", "A and B", "A, B and C" (in the language of the moment)."""
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}", names=_(", ").join(names[:-1]), last=names[-1])


def bids_text(bids: list[int | None]) -> Text:
    """ "Bids revealed: A 30, B 0, C 12", or "A sits out" for an auctioneer that made no bid (MM-A2)."""
    shown = [
        _("{name} sits out", name=SEAT_NAMES[s]) if b is None else f"{SEAT_NAMES[s]} {b}"
        for s, b in enumerate(bids)
    ]
    return _("Bids revealed: {bids}", bids=_(", ").join(shown))


def narrate_setup(e: Event) -> Text:
    return _(
        "Money Monsoon, {players} players with {points} points and two pawns on the start; "
        "the goal is space {goal}; {name} auctions first",
        players=e["players"],
        points=e["points"],
        goal=e["track_length"],
        name=SEAT_NAMES[e["start_player"]],
    )


def narrate_roll(e: Event) -> Text:
    roll, name, turn = e["roll"], SEAT_NAMES[e["seat"]], e["turn"]
    if roll == SPLIT_ROLL:
        return _(
            "Turn {turn}: {name} rolls {roll} and auctions it (a 7 may be split between two pawns)",
            turn=turn,
            name=name,
            roll=roll,
        )
    if roll == HALVED_ROLL:
        return _(
            "Turn {turn}: {name} rolls {roll} and auctions it (the high bidder moves 4, the lowest bidder 4 free)",
            turn=turn,
            name=name,
            roll=roll,
        )
    return _("Turn {turn}: {name} rolls {roll} and auctions it", turn=turn, name=name, roll=roll)


def narrate_bid(e: Event) -> Text:
    # An auctioneer sitting out answers face down too (MM-A2): the line does not tell which.
    return _("{name} bids face down", name=SEAT_NAMES[e["seat"]])


def narrate_bid_range(e: Event) -> Text:
    return _("{name} starts writing a bid face down", name=SEAT_NAMES[e["seat"]])


def narrate_reveal(e: Event) -> Text:
    parts = [bids_text(e["bids"])]
    winner, bids = e["winner"], e["bids"]
    voided = e["voided"]
    if voided:
        amounts = sorted({bids[s] for s in voided}, reverse=True)
        parts.append(
            _("tied bids of {amounts} are void", amounts=joined([str(a) for a in amounts]))
            if len(amounts) > 1
            else _("the tied bids of {amount} are void", amount=amounts[0])
        )
    if e["tied"]:
        parts.append(_("{name} wins the tie as first clockwise from the auctioneer", name=SEAT_NAMES[winner]))
    price, roll, name = e["price"], e["roll"], SEAT_NAMES[winner]
    if not price:
        parts.append(_("{name} wins the {roll} and pays nothing", name=name, roll=roll))
    elif e["payee"] is None:
        parts.append(
            _("{name} wins the {roll} and pays {price} to the bank", name=name, roll=roll, price=price)
        )
    else:
        parts.append(
            _(
                "{name} wins the {roll} and pays {price} to {payee}",
                name=name,
                roll=roll,
                price=price,
                payee=SEAT_NAMES[e["payee"]],
            )
        )
    free = e["free"]
    if free is not None:
        parts.append(
            _("{name} also gets the free 4 (every lower bid is tied)", name=name)
            if free == winner
            else _("{name} bid lowest and gets the free 4", name=SEAT_NAMES[free])
        )
    return _join_parts(parts)


def _join_parts(parts: list[str]) -> Text:
    """Clauses of one line, "first; second; third"."""
    return _("{first}; {rest}", first=parts[0], rest=_("; ").join(parts[1:])) if len(parts) > 1 else parts[0]


def narrate_void(e: Event) -> Text:
    if e["rebid"]:
        return _(
            "{bids}; every bid is void by ties, so everyone bids again (rebid {rebid} of {most})",
            bids=bids_text(e["bids"]),
            rebid=e["rebids"] + 1,
            most=MAX_REBIDS,
        )
    return _("{bids}; every bid is void by ties, so the roll lapses", bids=bids_text(e["bids"]))


def narrate_move(e: Event) -> Text:
    steps = e["steps"]
    values = {"name": SEAT_NAMES[e["seat"]], "pawn": e["pawn"], "steps": abs(steps), "start": e["from"]}
    if e["goal"]:
        text = (
            _("{name} moves pawn {pawn} forward {steps} from space {start} to the goal", **values)
            if steps > 0
            else _("{name} moves pawn {pawn} back {steps} from space {start} to the goal", **values)
        )
    elif steps > 0:
        text = _(
            "{name} moves pawn {pawn} forward {steps} from space {start} to space {to}", to=e["to"], **values
        )
    else:
        text = _(
            "{name} moves pawn {pawn} back {steps} from space {start} to space {to}", to=e["to"], **values
        )
    if e["free"]:
        text = _("{move} (the free 4)", move=text)
    if e["fees"]:
        paid = _(", ").join(
            _("{amount} from {payer}", amount=amount, payer=SEAT_NAMES[payer]) for payer, amount in e["fees"]
        )
        text = _("{move} and collects {collected} ({paid})", move=text, collected=e["collected"], paid=paid)
    return text


def narrate_borrow(e: Event) -> Text:
    values = {"name": SEAT_NAMES[e["seat"]], "amount": e["amount"], "debt": e["debt"]}
    reason = e.get("reason", "fee")
    if reason == "price":
        return _("{name} borrows {amount} from the bank to pay the price (debt now {debt})", **values)
    return _("{name} borrows {amount} from the bank to pay a landing fee (debt now {debt})", **values)


def narrate_stuck(e: Event) -> Text:
    a, b = e["pawns"]
    return _(
        "{name} cannot move a pawn {steps} spaces (pawns on {a} and {b}); the move is lost",
        name=SEAT_NAMES[e["seat"]],
        steps=e["steps"],
        a=a,
        b=b,
    )


def narrate_bonuses(e: Event) -> Text:
    paid = _(", ").join(f"{SEAT_NAMES[s]} {b}" for s, b in enumerate(e["bonuses"]) if b)
    names = [SEAT_NAMES[s] for s in e["arrived"]]
    if len(names) == 1:
        return _("{name} reached the goal; bonuses: {paid}", name=names[0], paid=paid)
    if e["shared"]:
        return _(
            "{names} both reached the goal and share first and second place; bonuses: {paid}",
            names=joined(names),
            paid=paid,
        )
    return _(
        "{first} reached the goal first and {second} second; bonuses: {paid}",
        first=names[0],
        second=names[1],
        paid=paid,
    )


def narrate_repay(e: Event) -> Text:
    return _(
        "{name} repays the debt of {debt} with 10 % interest: {paid} points",
        name=SEAT_NAMES[e["seat"]],
        debt=e["debt"],
        paid=e["paid"],
    )


def narrate_end(e: Event) -> Text:
    return _("Game over: {standings}", standings=standings_text(e["scores"], e["winners"], "{:,}".format))


def narrate_stopped(e: Event) -> Text:
    scores = scores_text(e["scores"], "{:,}".format)
    if "lapsed" in e:
        return _(
            "Stopped after {turns} turns: {lapsed} rolls in a row lapsed, every bid void by ties (MM-A6): "
            "unfinished, no winner; provisional scores {scores}",
            turns=e["turns"],
            lapsed=e["lapsed"],
            scores=scores,
        )
    return _(
        "Stopped after {turns} turns by the turn limit (max_turns): unfinished, no winner; provisional scores {scores}",
        turns=e["turns"],
        scores=scores,
    )


NARRATORS: dict[str, Callable[[Event], Text]] = {
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


def narrate(event: Event) -> Text:
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
