"""Kuhhandel's narration: one pure function per event type, making its one-line text.

Each function reads only the event's public data (never its ``private`` part), so every
seat reads the same line and any saved log can be narrated again. ``EVENT_RULES`` names
the rule each event carries out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ...core.events import Event
from ...core.narration import SEAT_NAMES, scores_text, standings_text
from .i18n import N_, _, _n

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
    return _n("{n} card", "{n} cards", n)


def animal_name(animal: str, n: int = 1) -> str:
    """An animal's name as people read it (``cow`` → "cow", in Japanese ウシ); ``n`` > 1: plural."""
    return _(ANIMAL_PLURALS[animal]) if n > 1 else _(ANIMAL_NAMES[animal])


# KH-C1: the animals' names shown to people (the source's ロバ, and the published cards' others).
ANIMAL_NAMES: Mapping[str, str] = {
    "rooster": N_("rooster"),
    "goose": N_("goose"),
    "cat": N_("cat"),
    "dog": N_("dog"),
    "sheep": N_("sheep"),
    "goat": N_("goat"),
    "donkey": N_("donkey"),
    "pig": N_("pig"),
    "cow": N_("cow"),
    "horse": N_("horse"),
}
ANIMAL_PLURALS: Mapping[str, str] = {
    "rooster": N_("roosters"),
    "goose": N_("gooses"),
    "cat": N_("cats"),
    "dog": N_("dogs"),
    "sheep": N_("sheeps"),
    "goat": N_("goats"),
    "donkey": N_("donkeys"),
    "pig": N_("pigs"),
    "cow": N_("cows"),
    "horse": N_("horses"),
}
_ORDINALS = (N_("first"), N_("second"), N_("third"), N_("fourth"))


def setup(e: Event) -> str:
    return _(
        "Kuhhandel, {players} players with 0, 0, 10, 10, 10, 10, 50 each; {start} starts (turn limit {turns})",
        players=e["players"],
        start=SEAT_NAMES[e["start_player"]],
        turns=e["max_turns"],
    )


def skip(e: Event) -> str:
    return _(
        "Turn {turn}: {name} can trade with nobody and is skipped", turn=e["turn"], name=SEAT_NAMES[e["seat"]]
    )


def auction(e: Event) -> str:
    return _(
        "Turn {turn}: {name} auctions a {animal}",
        turn=e["turn"],
        name=SEAT_NAMES[e["seat"]],
        animal=animal_name(e["animal"]),
    )


def donkey(e: Event) -> str:
    return _(
        "The {ordinal} donkey: everyone gets {value} from the bank",
        ordinal=_(_ORDINALS[e["number"] - 1]),
        value=e["value"],
    )


def bid(e: Event) -> str:
    return _("{name} bids {amount}", name=SEAT_NAMES[e["seat"]], amount=e["amount"])


def hold(e: Event) -> str:
    return _("{name} holds", name=SEAT_NAMES[e["seat"]])


def no_bid(e: Event) -> str:
    return _(
        "Nobody bids on the {animal}: the auctioneer {name} gets it free",
        animal=animal_name(e["animal"]),
        name=SEAT_NAMES[e["seat"]],
    )


def close(e: Event) -> str:
    return _(
        "Bidding closes: {name} bids highest, {amount}, for the {animal}",
        name=SEAT_NAMES[e["seat"]],
        amount=e["amount"],
        animal=animal_name(e["animal"]),
    )


def sell(e: Event) -> str:
    return _(
        "{name} sells to {to} for {amount}",
        name=SEAT_NAMES[e["seat"]],
        to=SEAT_NAMES[e["to"]],
        amount=e["amount"],
    )


def buy(e: Event) -> str:
    return _(
        "{name} buys in, paying {other} {amount}",
        name=SEAT_NAMES[e["seat"]],
        other=SEAT_NAMES[e["from"]],
        amount=e["amount"],
    )


def cannot_pay(e: Event) -> str:
    shown = ", ".join(map(str, e["money"])) or _("no cards")
    return _(
        "{who} bid {amount} but holds only {held}, a mistake the rule punishes: "
        "{who} shows their money ({shown}) and the auction is run again without them",
        who=SEAT_NAMES[e["seat"]],
        amount=e["amount"],
        held=sum(e["money"]),
        shown=shown,
    )


def pay(e: Event) -> str:
    return _(
        "{name} pays {to} {price} with {cards}",
        name=SEAT_NAMES[e["seat"]],
        to=SEAT_NAMES[e["to"]],
        price=e["price"],
        cards=_cards(e["cards"]),
    )


def receive(e: Event) -> str:
    return _(
        "{name} receives {cards} from {other}",
        name=SEAT_NAMES[e["seat"]],
        cards=_cards(e["cards"]),
        other=SEAT_NAMES[e["from"]],
    )


def takes(e: Event) -> str:
    name = SEAT_NAMES[e["seat"]]
    if e["count"] > 1:
        what = _("{count} {animals}", count=e["count"], animals=animal_name(e["animal"], 2))
    else:
        what = _("the {animal}", animal=animal_name(e["animal"]))
    if e["from"] is None:
        return _("{name} takes {what}", name=name, what=what)
    return _("{name} takes {what} from {other}", name=name, what=what, other=SEAT_NAMES[e["from"]])


def stake_text(animal: str, stake: int) -> str:
    """ "two cows" or "a cow": what a cow trade is for (KH-K1)."""
    if stake == 2:
        return _("two {animals}", animals=animal_name(animal, 2))
    return _("a {animal}", animal=animal_name(animal))


def trade(e: Event) -> str:
    return _(
        "Turn {turn}: {name} challenges {partner} to a cow trade for {what}",
        turn=e["turn"],
        name=SEAT_NAMES[e["seat"]],
        partner=SEAT_NAMES[e["partner"]],
        what=stake_text(e["animal"], e["stake"]),
    )


def add(e: Event) -> str:
    return _("{name} puts a card face down ({cards} so far)", name=SEAT_NAMES[e["seat"]], cards=e["cards"])


def offer(e: Event) -> str:
    return _("{name} offers {cards} face down", name=SEAT_NAMES[e["seat"]], cards=_cards(e["cards"]))


def accept(e: Event) -> str:
    return _(
        "{name} accepts {other}'s offer of {cards}",
        name=SEAT_NAMES[e["seat"]],
        other=SEAT_NAMES[e["from"]],
        cards=_cards(e["cards"]),
    )


def counter(e: Event) -> str:
    return _("{name} counters with {cards} face down", name=SEAT_NAMES[e["seat"]], cards=_cards(e["cards"]))


def look(e: Event) -> str:
    return _(
        "{name} looks at the {cards} {other} offered",
        name=SEAT_NAMES[e["seat"]],
        cards=_cards(e["cards"]),
        other=SEAT_NAMES[e["other"]],
    )


def tie(e: Event) -> str:
    a, b = (SEAT_NAMES[s] for s in e["players"])
    if e["round"] == 1:
        return _(
            "{a} and {b} offered the same: each takes back their own cards and the trade is repeated",
            a=a,
            b=b,
        )
    return _(
        "{a} and {b} offered the same again: each takes back their own cards, "
        "and the active player {a} gets the animals free",
        a=a,
        b=b,
    )


def trade_won(e: Event) -> str:
    return _(
        "{name} wins the cow trade against {loser}", name=SEAT_NAMES[e["seat"]], loser=SEAT_NAMES[e["loser"]]
    )


def end(e: Event) -> str:
    return _(
        "Game over, every animal is a complete set: {standings}",
        standings=standings_text(e["scores"], e["winners"]),
    )


def stopped(e: Event) -> str:
    return _(
        "Stopped at the turn limit after {turns} turns, unfinished; provisional scores {scores}",
        turns=e["turns"],
        scores=scores_text(e["scores"]),
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
    """The event's one line in the current language, from its public data alone."""
    return NARRATORS[event["type"]](event)
