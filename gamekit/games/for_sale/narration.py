"""For Sale's events told in one English line each, and the rule each event carries out.

Every text is a pure function of the event's public data (never its ``private``
part), so any log, a saved one included, can be narrated again. The one thing an
event does not carry is how many rounds the game has; ``narrate`` takes it from
the game's set-up.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ...core.game import SEAT_NAMES, Event, standings_text
from .rules import money


def setup_text(event: Event) -> str:
    return (
        f"For Sale ({event['edition']}), {event['players']} players with {event['coins']} coins each; "
        f"{event['cards']} houses and {event['cards']} cheques in play; "
        f"{SEAT_NAMES[event['start_player']]} starts"
    )


def round_text(event: Event, rounds: int) -> str:
    if event["phase"] == "buy":
        return (
            f"Buying round {event['round']} of {rounds}: houses {', '.join(map(str, event['table']))} "
            f"on the table; {SEAT_NAMES[event['seat']]} starts"
        )
    return (
        f"Selling round {event['round']} of {rounds}: cheques {', '.join(map(money, event['table']))} "
        "on the table; everyone chooses a house face down"
    )


def bid_text(event: Event) -> str:
    name, total, added = SEAT_NAMES[event["seat"]], event["total"], event["added"]
    return f"{name} bids {total} (adds {added})" if added != total else f"{name} bids {total}"


def pass_text(event: Event) -> str:
    name, house, back = SEAT_NAMES[event["seat"]], event["house"], event["refund"]
    if not event["bid"]:
        return f"{name} passes and takes house {house} free"
    return (
        f"{name} passes, takes house {house}, gets {back} coin{'s' * (back != 1)} back, loses {event['lost']}"
    )


def win_text(event: Event) -> str:
    name, house, paid = SEAT_NAMES[event["seat"]], event["house"], event["paid"]
    if not paid:
        return f"{name} is left alone and takes house {house} free"
    return f"{name} takes house {house} and pays {paid} coin{'s' * (paid != 1)}"


def choose_text(event: Event) -> str:
    return f"{SEAT_NAMES[event['seat']]} chooses a house face down"


def reveal_text(event: Event) -> str:
    played, won = event["played"], event["won"]
    order = sorted(range(len(played)), key=played.__getitem__, reverse=True)
    return "Houses revealed: " + "; ".join(f"{SEAT_NAMES[s]} {played[s]} → {money(won[s])}" for s in order)


def end_text(event: Event) -> str:
    return "Game over: " + standings_text(event["scores"], event["winners"], money)


# The events whose text needs nothing but the event ("round" also needs the number of rounds).
TEXTS: Mapping[str, Callable[[Event], str]] = {
    "setup": setup_text,
    "bid": bid_text,
    "pass": pass_text,
    "win": win_text,
    "choose": choose_text,
    "reveal": reveal_text,
    "end": end_text,
}


def narrate(event: Event, rounds: int) -> str:
    """The event's one line; ``rounds`` is how many rounds each phase of this game has."""
    if event["type"] == "round":
        return round_text(event, rounds)
    return TEXTS[event["type"]](event)


# The events that always carry out the same rule.
FIXED_RULES: Mapping[str, str] = {"win": "FS-B8", "choose": "FS-S2", "reveal": "FS-S3", "end": "FS-E2"}


def rule(event: Event) -> str | None:
    """The rule ID an event carries out, for teaching."""
    kind = event["type"]
    if kind == "setup":
        return "FS-C2" if event["edition"] == "iello-2020" else "FS-C3"
    if kind == "round":
        return "FS-B1" if event["phase"] == "buy" else "FS-S1"
    if kind == "bid":
        return "FS-B3" if event["added"] == event["total"] else "FS-B4"
    if kind == "pass":
        return "FS-B6" if event["bid"] % 2 else "FS-B5"
    return FIXED_RULES.get(kind)
