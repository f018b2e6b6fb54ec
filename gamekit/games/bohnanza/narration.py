"""Bohnanza's narration: one English line per event, made from the event's public data alone
(never its ``private`` part), and the rule each event carries out."""

from __future__ import annotations

from collections.abc import Callable

from ...core.events import Event
from ...core.narration import SEAT_NAMES, scores_text, standings_text

_ORDINAL = {1: "first", 2: "second", 3: "third"}


def beans_text(beans: list[str]) -> str:
    """``soy, red`` or ``nothing``."""
    return ", ".join(beans) if beans else "nothing"


EVENT_RULES: dict[str, str] = {
    "setup": "BO-C4",
    "deal": "BO-C2",
    "turn": "BO-C4",
    "stop": "BO-T1",
    "buy-field": "BO-H3",
    "turn-up": "BO-T3",
    "offer": "BO-T4",
    "draft": "BO-T4",
    "propose": "BO-T4",
    "cancel": "BO-T4",
    "pick": "BO-T4",
    "accept": "BO-T4",
    "reject": "BO-T4",
    "end-trading": "BO-T4",
    "draw": "BO-T6",
    "end": "BO-E1",
    "stopped": "BO-T4",
}


def event_rule(event: Event) -> str | None:
    """The rule each event carries out, for the step-through player."""
    kind = event["type"]
    if kind == "plant":
        return "BO-T1" if event["source"] == "hand" else "BO-T5"
    if kind == "harvest":
        if event["final"]:
            return "BO-E1"
        return "BO-H2" if event["count"] == 1 else "BO-H1"
    if kind == "exhausted":
        return "BO-D2" if event["ends"] else "BO-D1"
    return EVENT_RULES.get(kind)


def setup(e: Event) -> str:
    return (
        f"Bohnanza, {e['players']} players with {e['fields']} fields each "
        f"(a third costs {e['third_field_cost']} thaler); {SEAT_NAMES[e['dealer']]} deals, "
        f"{SEAT_NAMES[e['first_player']]} starts"
    )


def deal(e: Event) -> str:
    return f"{SEAT_NAMES[e['seat']]} is dealt {e['cards']} cards"


def turn(e: Event) -> str:
    return f"Turn {e['turn']}: {SEAT_NAMES[e['seat']]} to play, {e['hand']} cards in hand, {e['deck']} in the deck"


def plant(e: Event) -> str:
    where = {"hand": "from the front of the hand", "turned-up": "turned up", "received": "received"}
    return (
        f"{SEAT_NAMES[e['seat']]} plants {e['bean']} ({where[e['source']]}) on field {e['field']}: "
        f"{e['count']} {e['bean']}"
    )


def stop(e: Event) -> str:
    name, planted = SEAT_NAMES[e["seat"]], e.get("planted", 1)
    if planted == 1 and e.get("hand", 1):
        return f"{name} plants no second card"
    # Planting is over and the turn-up will run the deck out: the stop let everyone harvest first.
    return f"{name} ends planting ({'two planted' if planted == 2 else 'no card left in hand'})"


def harvest(e: Event) -> str:
    name, n, bean = SEAT_NAMES[e["seat"]], e["count"], e["bean"]
    verb = "harvests (end of the game)" if e["final"] else "harvests"
    if not e["coins"]:
        return f"{name} {verb} field {e['field']}: {n} {bean} pay nothing, all to the discard pile"
    return (
        f"{name} {verb} field {e['field']}: {n} {bean} pay {e['coins']} thaler, "
        f"{e['discarded']} to the discard pile"
    )


def buy_field(e: Event) -> str:
    paid = f" ({beans_text(e['paid'])} to the discard pile)" if e["paid"] else ""
    return f"{SEAT_NAMES[e['seat']]} buys a third field for {e['cost']} thaler{paid}"


def turn_up(e: Event) -> str:
    return f"{SEAT_NAMES[e['seat']]} turns up {' and '.join(e['cards']) or 'nothing'}"


def exhausted(e: Event) -> str:
    if e["ends"]:
        return f"The deck runs out for the {_ORDINAL[e['count']]} time: the game ends at once"
    return (
        f"The deck runs out for the {_ORDINAL[e['count']]} time: the {e['reshuffled']} cards of the "
        "discard pile are shuffled into a new deck"
    )


def offer(e: Event) -> str:
    return f"{SEAT_NAMES[e['seat']]} drafts a proposal to {SEAT_NAMES[e['partner']]}"


def draft(e: Event) -> str:
    return f"{SEAT_NAMES[e['seat']]} adds to the proposal to {SEAT_NAMES[e['partner']]}"


def propose(e: Event) -> str:
    name, partner = SEAT_NAMES[e["seat"]], SEAT_NAMES[e["partner"]]
    give = [
        f"{b} (turned up)" if up else f"{b} (hand)" for b, up in zip(e["give"], e["turned_up"], strict=True)
    ]
    if not e["ask"]:
        return f"{name} offers {partner} {beans_text(give)} as a gift"
    if not give:
        return f"{name} asks {partner} for {beans_text(e['ask'])} as a gift"
    return f"{name} offers {partner} {beans_text(give)} for {beans_text(e['ask'])}"


def cancel(e: Event) -> str:
    return f"{SEAT_NAMES[e['seat']]} drops the proposal to {SEAT_NAMES[e['partner']]}"


def pick(e: Event) -> str:
    return f"{SEAT_NAMES[e['seat']]} chooses a hand card to give"


def accept(e: Event) -> str:
    return (
        f"{SEAT_NAMES[e['seat']]} accepts: {SEAT_NAMES[e['active']]} gives {beans_text(e['gave'])}, "
        f"{SEAT_NAMES[e['seat']]} gives {beans_text(e['got'])}"
    )


def reject(e: Event) -> str:
    return (
        f"{SEAT_NAMES[e['seat']]} refuses {SEAT_NAMES[e['active']]}'s {'gift' if e['gift'] else 'proposal'}"
    )


def end_trading(e: Event) -> str:
    return f"{SEAT_NAMES[e['seat']]} ends trading"


def draw(e: Event) -> str:
    return f"{SEAT_NAMES[e['seat']]} draws {e['count']} card{'s' * (e['count'] != 1)} to the back of the hand"


def stopped(e: Event) -> str:
    thaler = scores_text(e["scores"])
    return (
        f"Stopped after {e['decisions']} decisions by the safety limit (max_decisions): "
        f"unfinished, no winner; thaler so far: {thaler}"
    )


def end(e: Event) -> str:
    return "Game over: " + standings_text(e["scores"], e["winners"], lambda score: f"{score} thaler")


# Each event type's narrator; ``-`` in a type is ``_`` in its function's name.
NARRATORS: dict[str, Callable[[Event], str]] = {
    "setup": setup,
    "deal": deal,
    "turn": turn,
    "plant": plant,
    "stop": stop,
    "harvest": harvest,
    "buy-field": buy_field,
    "turn-up": turn_up,
    "exhausted": exhausted,
    "offer": offer,
    "draft": draft,
    "propose": propose,
    "cancel": cancel,
    "pick": pick,
    "accept": accept,
    "reject": reject,
    "end-trading": end_trading,
    "draw": draw,
    "stopped": stopped,
    "end": end,
}


def narrate(event: Event) -> str:
    """The event's one line, by the narrator of its type (``NARRATORS``)."""
    return NARRATORS[event["type"]](event)
