"""For Sale's events told in one line each (English, or Japanese from the catalogue), and the rule each event carries out.

Every text is a pure function of the event's public data (never its ``private``
part), so any log, a saved one included, can be narrated again. The one thing an
event does not carry is how many rounds the game has; ``narrate`` takes it from
the game's set-up.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ...core.game import SEAT_NAMES, Event, standings_text
from ...core.i18n import Text
from .i18n import N_, _, _n
from .rules import money

# The editions as narration names them (the option's values; Japanese gives the edition's name).
EDITIONS: Mapping[str, str] = {"iello-2020": N_("iello-2020"), "classic": N_("classic")}


def setup_text(event: Event) -> Text:
    return _(
        "For Sale ({edition}), {players} players with {coins} coins each; "
        "{cards} houses and {cards} cheques in play; {name} starts",
        edition=_(EDITIONS[event["edition"]]) if event["edition"] in EDITIONS else event["edition"],
        players=event["players"],
        coins=event["coins"],
        cards=event["cards"],
        name=SEAT_NAMES[event["start_player"]],
    )


def round_text(event: Event, rounds: int) -> Text:
    if event["phase"] == "buy":
        return _(
            "Buying round {round} of {rounds}: houses {table} on the table; {name} starts",
            round=event["round"],
            rounds=rounds,
            table=", ".join(map(str, event["table"])),
            name=SEAT_NAMES[event["seat"]],
        )
    return _(
        "Selling round {round} of {rounds}: cheques {table} on the table; everyone chooses a house face down",
        round=event["round"],
        rounds=rounds,
        table=", ".join(map(money, event["table"])),
    )


def bid_text(event: Event) -> Text:
    name, total, added = SEAT_NAMES[event["seat"]], event["total"], event["added"]
    if added != total:
        return _("{name} bids {total} (adds {added})", name=name, total=total, added=added)
    return _("{name} bids {total}", name=name, total=total)


def pass_text(event: Event) -> Text:
    name, house, back = SEAT_NAMES[event["seat"]], event["house"], event["refund"]
    if not event["bid"]:
        return _("{name} passes and takes house {house} free", name=name, house=house)
    return _n(
        "{name} passes, takes house {house}, gets {n} coin back, loses {lost}",
        "{name} passes, takes house {house}, gets {n} coins back, loses {lost}",
        back,
        name=name,
        house=house,
        lost=event["lost"],
    )


def win_text(event: Event) -> Text:
    name, house, paid = SEAT_NAMES[event["seat"]], event["house"], event["paid"]
    if not paid:
        return _("{name} is left alone and takes house {house} free", name=name, house=house)
    return _n(
        "{name} takes house {house} and pays {n} coin",
        "{name} takes house {house} and pays {n} coins",
        paid,
        name=name,
        house=house,
    )


def choose_text(event: Event) -> Text:
    return _("{name} chooses a house face down", name=SEAT_NAMES[event["seat"]])


def reveal_text(event: Event) -> Text:
    played, won = event["played"], event["won"]
    order = sorted(range(len(played)), key=played.__getitem__, reverse=True)
    sales = _("; ").join(f"{SEAT_NAMES[s]} {played[s]} → {money(won[s])}" for s in order)
    return _("Houses revealed: {sales}", sales=sales)


def end_text(event: Event) -> Text:
    return _("Game over: {standings}", standings=standings_text(event["scores"], event["winners"], money))


# The events whose text needs nothing but the event ("round" also needs the number of rounds).
TEXTS: Mapping[str, Callable[[Event], Text]] = {
    "setup": setup_text,
    "bid": bid_text,
    "pass": pass_text,
    "win": win_text,
    "choose": choose_text,
    "reveal": reveal_text,
    "end": end_text,
}


def narrate(event: Event, rounds: int) -> Text:
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
