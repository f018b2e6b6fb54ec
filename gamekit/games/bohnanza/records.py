"""Bohnanza's tables of what happened, built from the event log alone, so any saved log can be tabulated."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from ...core.game import Event
from . import rules


def records_from_events(events: Iterable[Event]) -> dict[str, list[dict[str, Any]]]:
    """What happened, one table per kind of event, read back from an event log (any saved one too).

    - ``deals``: every proposal made, by the active player (``seat``) to ``partner``:
      the beans given and asked, whether it was accepted, and how each side's fields
      stood at that moment: ``partner_fed`` given beans join a field the partner grows,
      ``partner_sheds`` asked beans the partner does not grow; ``active_fed`` and
      ``active_sheds`` the same for the active player (BO-T4).
    - ``harvests``: every harvest, with the beans that came from deals (``received``)
      and from the trading area (``turned_up``), and whether it was ``forced`` (BO-T2)
      or the ``final`` one (BO-E1).
    - ``fields``: every third field bought: when, at what price, coins left (BO-H3).
    - ``turns``: every turn: whose, the hand size and deck size at its start.
    """
    deals: list[dict[str, Any]] = []
    harvests: list[dict[str, Any]] = []
    bought: list[dict[str, Any]] = []
    turns: list[dict[str, Any]] = []
    fields: list[list[list | None]] = []
    sources: dict[tuple[int, int], Counter[str]] = {}  # (seat, field) -> where its beans came from
    coins: list[int] = []
    turn = exhaustions = 0
    open_deal: dict[str, Any] | None = None  # the proposal made, awaiting its answer
    for e in events:
        kind, seat = e["type"], e["seat"]
        if kind == "setup":
            fields = [[None] * e["fields"] for _ in range(e["players"])]
            coins = [0] * e["players"]
        elif kind == "turn":
            turn = e["turn"]
            turns.append(_turn_row(e, exhaustions))
        elif kind == "exhausted":
            exhaustions = e["count"]
        elif kind == "plant":
            fields[seat][e["field"] - 1] = [e["bean"], e["count"]]
            sources.setdefault((seat, e["field"]), Counter())[e["source"]] += 1
        elif kind == "harvest":
            came = sources.pop((seat, e["field"]), Counter())
            coins[seat] += e["coins"]
            fields[seat][e["field"] - 1] = None
            harvests.append(_harvest_row(e, turn, came))
        elif kind == "buy-field":
            coins[seat] -= e["cost"]
            fields[seat].append(None)
            bought.append(_field_row(e, turn, exhaustions, coins[seat]))
        elif kind == "propose":
            open_deal = _deal_row(e, turn, fields)
        elif kind in ("accept", "reject") and open_deal is not None:
            open_deal["accepted"] = kind == "accept"
            deals.append(open_deal)
            open_deal = None
    return {"deals": deals, "harvests": harvests, "fields": bought, "turns": turns}


def _turn_row(e: Event, exhaustions: int) -> dict[str, Any]:
    return {
        "turn": e["turn"],
        "seat": e["seat"],
        "hand": e["hand"],
        "deck": e["deck"],
        "exhaustions": exhaustions,
    }


def _harvest_row(e: Event, turn: int, came: Counter[str]) -> dict[str, Any]:
    """One harvest; ``came`` counts where the field's beans came from (hand, turned-up, received)."""
    return {
        "turn": turn,
        "seat": e["seat"],
        "field": e["field"],
        "bean": e["bean"],
        "count": e["count"],
        "coins": e["coins"],
        "top": e["count"] >= rules.top_of_beanometer(e["bean"]),
        "received": came["received"],
        "turned_up": came["turned-up"],
        "forced": e["forced"],
        "final": e["final"],
    }


def _field_row(e: Event, turn: int, exhaustions: int, coins_left: int) -> dict[str, Any]:
    return {
        "turn": turn,
        "seat": e["seat"],
        "cost": e["cost"],
        "exhaustions": exhaustions,
        "coins_left": coins_left,
    }


def _deal_row(e: Event, turn: int, fields: list[list[list | None]]) -> dict[str, Any]:
    """One proposal made, not yet answered (``accepted`` False), with both sides' fields as they stand."""
    seat, partner, give, ask = e["seat"], e["partner"], e["give"], e["ask"]
    grown = [{f[0] for f in fields[s] if f is not None} for s in (seat, partner)]
    return {
        "turn": turn,
        "seat": seat,
        "partner": partner,
        "given": ",".join(give),
        "asked": ",".join(ask),
        "gift": not ask,
        "cards_given": len(give),
        "cards_asked": len(ask),
        "turned_up": sum(e["turned_up"]),
        "accepted": False,
        "active_fed": sum(b in grown[0] for b in ask),
        "active_sheds": sum(b not in grown[0] for b in give),
        "partner_fed": sum(b in grown[1] for b in give),
        "partner_sheds": sum(b not in grown[1] for b in ask),
    }
