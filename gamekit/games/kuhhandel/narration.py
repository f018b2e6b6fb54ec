"""Kuhhandel's narration: one pure function per event type, making its one-line text.

Each function reads only the event's public data (never its ``private`` part), so every
seat reads the same line and any saved log can be narrated again. ``EVENT_RULES`` names
the rule each event carries out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ...core.events import Event
from ...core.narration import SEAT_NAMES, scores_text, standings_text

EVENT_RULES: Mapping[str, str] = {
    "setup": "KH-C2",
    "skip": "KH-T1",
    "auction": "KH-A1",
    "donkey": "KH-A2",
    "bid": "KH-A3",
    "hold": "KH-A3",
    "close": "KH-A3",
    "no_bid": "KH-A4",
    "sell": "KH-A5",
    "buy": "KH-A5",
    "pay": "KH-A6",
    "receive": "KH-A6",
    "cannot_pay": "KH-A7",
    "trade": "KH-K1",
    "offer": "KH-K2",
    "accept": "KH-K3",
    "counter": "KH-K3",
    "look": "KH-K4",
    "trade_won": "KH-K4",
    "tie": "KH-K5",
    "end": "KH-E2",
    "stopped": "KH-E4",
}  # "takes" records the rule that gave the animals (rule_id); "add" is part of an offer or counter


def event_rule(event: Event) -> str | None:
    """The rule ID an event carries out."""
    if event["type"] == "takes":
        return event["rule_id"]
    if event["type"] == "add":
        return "KH-K2" if event.get("part") == "offer" else "KH-K3"
    return EVENT_RULES.get(event["type"])


def _cards(n: int) -> str:
    return f"{n} card{'s' * (n != 1)}"


def setup(e: Event) -> str:
    return (
        f"Kuhhandel, {e['players']} players with 0, 0, 10, 10, 10, 10, 50 each; "
        f"{SEAT_NAMES[e['start_player']]} starts (turn limit {e['max_turns']})"
    )


def skip(e: Event) -> str:
    return f"Turn {e['turn']}: {SEAT_NAMES[e['seat']]} can trade with nobody and is skipped"


def auction(e: Event) -> str:
    return f"Turn {e['turn']}: {SEAT_NAMES[e['seat']]} auctions a {e['animal']}"


def donkey(e: Event) -> str:
    ordinal = ("first", "second", "third", "fourth")[e["number"] - 1]
    return f"The {ordinal} donkey: everyone gets {e['value']} from the bank"


def bid(e: Event) -> str:
    return f"{SEAT_NAMES[e['seat']]} bids {e['amount']}"


def hold(e: Event) -> str:
    return f"{SEAT_NAMES[e['seat']]} holds"


def no_bid(e: Event) -> str:
    return f"Nobody bids on the {e['animal']}: the auctioneer {SEAT_NAMES[e['seat']]} gets it free"


def close(e: Event) -> str:
    return f"Bidding closes: {SEAT_NAMES[e['seat']]} bids highest, {e['amount']}, for the {e['animal']}"


def sell(e: Event) -> str:
    return f"{SEAT_NAMES[e['seat']]} sells to {SEAT_NAMES[e['to']]} for {e['amount']}"


def buy(e: Event) -> str:
    return f"{SEAT_NAMES[e['seat']]} buys in, paying {SEAT_NAMES[e['from']]} {e['amount']}"


def cannot_pay(e: Event) -> str:
    who, shown = SEAT_NAMES[e["seat"]], ", ".join(map(str, e["money"])) or "no cards"
    return (
        f"{who} bid {e['amount']} but holds only {sum(e['money'])}, a mistake the rule punishes: "
        f"{who} shows their money ({shown}) and the auction is run again without them"
    )


def pay(e: Event) -> str:
    return f"{SEAT_NAMES[e['seat']]} pays {SEAT_NAMES[e['to']]} {e['price']} with {_cards(e['cards'])}"


def receive(e: Event) -> str:
    return f"{SEAT_NAMES[e['seat']]} receives {_cards(e['cards'])} from {SEAT_NAMES[e['from']]}"


def takes(e: Event) -> str:
    what = f"{e['count']} {e['animal']}s" if e["count"] > 1 else f"the {e['animal']}"
    source = "" if e["from"] is None else f" from {SEAT_NAMES[e['from']]}"
    return f"{SEAT_NAMES[e['seat']]} takes {what}{source}"


def trade(e: Event) -> str:
    what = f"two {e['animal']}s" if e["stake"] == 2 else f"a {e['animal']}"
    return f"Turn {e['turn']}: {SEAT_NAMES[e['seat']]} challenges {SEAT_NAMES[e['partner']]} to a cow trade for {what}"


def add(e: Event) -> str:
    return f"{SEAT_NAMES[e['seat']]} puts a card face down ({e['cards']} so far)"


def offer(e: Event) -> str:
    return f"{SEAT_NAMES[e['seat']]} offers {_cards(e['cards'])} face down"


def accept(e: Event) -> str:
    return f"{SEAT_NAMES[e['seat']]} accepts {SEAT_NAMES[e['from']]}'s offer of {_cards(e['cards'])}"


def counter(e: Event) -> str:
    return f"{SEAT_NAMES[e['seat']]} counters with {_cards(e['cards'])} face down"


def look(e: Event) -> str:
    return f"{SEAT_NAMES[e['seat']]} looks at the {_cards(e['cards'])} {SEAT_NAMES[e['other']]} offered"


def tie(e: Event) -> str:
    a, b = (SEAT_NAMES[s] for s in e["players"])
    if e["round"] == 1:
        return f"{a} and {b} offered the same: each takes back their own cards and the trade is repeated"
    return (
        f"{a} and {b} offered the same again: each takes back their own cards, "
        f"and the active player {a} gets the animals free"
    )


def trade_won(e: Event) -> str:
    return f"{SEAT_NAMES[e['seat']]} wins the cow trade against {SEAT_NAMES[e['loser']]}"


def end(e: Event) -> str:
    return "Game over, every animal is a complete set: " + standings_text(e["scores"], e["winners"])


def stopped(e: Event) -> str:
    return (
        f"Stopped at the turn limit after {e['turns']} turns, unfinished; provisional scores "
        + scores_text(e["scores"])
    )


NARRATORS: Mapping[str, Callable[[Event], str]] = {
    "setup": setup,
    "skip": skip,
    "auction": auction,
    "donkey": donkey,
    "bid": bid,
    "hold": hold,
    "no_bid": no_bid,
    "close": close,
    "sell": sell,
    "buy": buy,
    "cannot_pay": cannot_pay,
    "pay": pay,
    "receive": receive,
    "takes": takes,
    "trade": trade,
    "add": add,
    "offer": offer,
    "accept": accept,
    "counter": counter,
    "look": look,
    "tie": tie,
    "trade_won": trade_won,
    "end": end,
    "stopped": stopped,
}


def narrate(event: Event) -> str:
    """The event's one line of English, from its public data alone."""
    return NARRATORS[event["type"]](event)
