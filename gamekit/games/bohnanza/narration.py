"""Bohnanza's narration: one line per event, in the current language,, made from the event's public data alone
(never its ``private`` part), and the rule each event carries out."""

from __future__ import annotations

from collections.abc import Callable

from ...core.events import Event
from ...core.narration import SEAT_NAMES, scores_text, standings_text
from .i18n import N_, _, _n

_ORDINAL = {1: N_("first"), 2: N_("second"), 3: N_("third")}

# BO-C1: the beans' names as people read them (actions keep the English names: ``give soy``).
BEAN_NAMES: dict[str, str] = {
    "blue": N_("blue"),
    "chili": N_("chili"),
    "stink": N_("stink"),
    "green": N_("green"),
    "soy": N_("soy"),
    "black-eyed": N_("black-eyed"),
    "red": N_("red"),
    "garden": N_("garden"),
}


def bean_name(bean: str) -> str:
    """A bean's name as people read it (``soy``; in Japanese ソイ豆)."""
    return _(BEAN_NAMES[bean]) if bean in BEAN_NAMES else bean


def beans_text(beans: list[str]) -> str:
    """``soy, red`` or ``nothing``, each bean by its name."""
    if not beans:
        return _("nothing")
    shown = _bean_or_text(beans[0])
    for bean in beans[1:]:
        shown = _("{beans}, {bean}", beans=shown, bean=_bean_or_text(bean))
    return shown


def _bean_or_text(bean: str) -> str:
    return bean_name(bean) if bean in BEAN_NAMES else bean


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
    return _(
        "Bohnanza, {players} players with {fields} fields each (a third costs {cost} thaler); "
        "{dealer} deals, {first} starts",
        players=e["players"],
        fields=e["fields"],
        cost=e["third_field_cost"],
        dealer=SEAT_NAMES[e["dealer"]],
        first=SEAT_NAMES[e["first_player"]],
    )


def deal(e: Event) -> str:
    return _("{name} is dealt {cards} cards", name=SEAT_NAMES[e["seat"]], cards=e["cards"])


def turn(e: Event) -> str:
    return _(
        "Turn {turn}: {name} to play, {hand} cards in hand, {deck} in the deck",
        turn=e["turn"],
        name=SEAT_NAMES[e["seat"]],
        hand=e["hand"],
        deck=e["deck"],
    )


_SOURCES = {
    "hand": N_("from the front of the hand"),
    "turned-up": N_("turned up"),
    "received": N_("received"),
}


def plant(e: Event) -> str:
    bean = bean_name(e["bean"])
    return _(
        "{name} plants {bean} ({source}) on field {field}: {count} {bean}",
        name=SEAT_NAMES[e["seat"]],
        bean=bean,
        source=_(_SOURCES[e["source"]]),
        field=e["field"],
        count=e["count"],
    )


def stop(e: Event) -> str:
    name, planted = SEAT_NAMES[e["seat"]], e.get("planted", 1)
    if planted == 1 and e.get("hand", 1):
        return _("{name} plants no second card", name=name)
    # Planting is over and the turn-up will run the deck out: the stop let everyone harvest first.
    if planted == 2:
        return _("{name} ends planting (two planted)", name=name)
    return _("{name} ends planting (no card left in hand)", name=name)


def harvest(e: Event) -> str:
    values = {
        "name": SEAT_NAMES[e["seat"]],
        "field": e["field"],
        "n": e["count"],
        "bean": bean_name(e["bean"]),
    }
    if e["final"]:
        if not e["coins"]:
            return _(
                "{name} harvests (end of the game) field {field}: {n} {bean} pay nothing, all to the discard pile",
                **values,
            )
        return _(
            "{name} harvests (end of the game) field {field}: {n} {bean} pay {coins} thaler, "
            "{discarded} to the discard pile",
            coins=e["coins"],
            discarded=e["discarded"],
            **values,
        )
    if not e["coins"]:
        return _("{name} harvests field {field}: {n} {bean} pay nothing, all to the discard pile", **values)
    return _(
        "{name} harvests field {field}: {n} {bean} pay {coins} thaler, {discarded} to the discard pile",
        coins=e["coins"],
        discarded=e["discarded"],
        **values,
    )


def buy_field(e: Event) -> str:
    name, cost = SEAT_NAMES[e["seat"]], e["cost"]
    if e["paid"]:
        return _(
            "{name} buys a third field for {cost} thaler ({paid} to the discard pile)",
            name=name,
            cost=cost,
            paid=beans_text(e["paid"]),
        )
    return _("{name} buys a third field for {cost} thaler", name=name, cost=cost)


def turn_up(e: Event) -> str:
    cards = [bean_name(c) for c in e["cards"]]
    name = SEAT_NAMES[e["seat"]]
    if not cards:
        return _("{name} turns up {cards}", name=name, cards=_("nothing"))
    if len(cards) == 1:
        return _("{name} turns up {cards}", name=name, cards=cards[0])
    return _("{name} turns up {first} and {second}", name=name, first=cards[0], second=cards[1])


def exhausted(e: Event) -> str:
    ordinal = _(_ORDINAL[e["count"]])
    if e["ends"]:
        return _("The deck runs out for the {ordinal} time: the game ends at once", ordinal=ordinal)
    return _(
        "The deck runs out for the {ordinal} time: the {cards} cards of the "
        "discard pile are shuffled into a new deck",
        ordinal=ordinal,
        cards=e["reshuffled"],
    )


def offer(e: Event) -> str:
    return _(
        "{name} drafts a proposal to {partner}", name=SEAT_NAMES[e["seat"]], partner=SEAT_NAMES[e["partner"]]
    )


def draft(e: Event) -> str:
    return _(
        "{name} adds to the proposal to {partner}",
        name=SEAT_NAMES[e["seat"]],
        partner=SEAT_NAMES[e["partner"]],
    )


def propose(e: Event) -> str:
    name, partner = SEAT_NAMES[e["seat"]], SEAT_NAMES[e["partner"]]
    give = [
        _("{bean} (turned up)", bean=bean_name(b)) if up else _("{bean} (hand)", bean=bean_name(b))
        for b, up in zip(e["give"], e["turned_up"], strict=True)
    ]
    if not e["ask"]:
        return _(
            "{name} offers {partner} {give} as a gift", name=name, partner=partner, give=beans_text(give)
        )
    if not give:
        return _(
            "{name} asks {partner} for {ask} as a gift", name=name, partner=partner, ask=beans_text(e["ask"])
        )
    return _(
        "{name} offers {partner} {give} for {ask}",
        name=name,
        partner=partner,
        give=beans_text(give),
        ask=beans_text(e["ask"]),
    )


def cancel(e: Event) -> str:
    return _(
        "{name} drops the proposal to {partner}", name=SEAT_NAMES[e["seat"]], partner=SEAT_NAMES[e["partner"]]
    )


def pick(e: Event) -> str:
    return _("{name} chooses a hand card to give", name=SEAT_NAMES[e["seat"]])


def accept(e: Event) -> str:
    return _(
        "{name} accepts: {active} gives {gave}, {name} gives {got}",
        name=SEAT_NAMES[e["seat"]],
        active=SEAT_NAMES[e["active"]],
        gave=beans_text(e["gave"]),
        got=beans_text(e["got"]),
    )


def reject(e: Event) -> str:
    name, active = SEAT_NAMES[e["seat"]], SEAT_NAMES[e["active"]]
    if e["gift"]:
        return _("{name} refuses {active}'s gift", name=name, active=active)
    return _("{name} refuses {active}'s proposal", name=name, active=active)


def end_trading(e: Event) -> str:
    return _("{name} ends trading", name=SEAT_NAMES[e["seat"]])


def draw(e: Event) -> str:
    return _n(
        "{name} draws {n} card to the back of the hand",
        "{name} draws {n} cards to the back of the hand",
        e["count"],
        name=SEAT_NAMES[e["seat"]],
    )


def stopped(e: Event) -> str:
    return _(
        "Stopped after {decisions} decisions by the safety limit (max_decisions): "
        "unfinished, no winner; thaler so far: {thaler}",
        decisions=e["decisions"],
        thaler=scores_text(e["scores"]),
    )


def _thaler(score: int) -> str:
    return _("{score} thaler", score=score)


def end(e: Event) -> str:
    return _("Game over: {standings}", standings=standings_text(e["scores"], e["winners"], _thaler))


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
