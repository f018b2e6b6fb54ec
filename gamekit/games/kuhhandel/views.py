"""What each seat may see of a Kuhhandel game, and the checks a saved view must pass.

Public (KH-C3): animals held, bids, the bank and every hand's number of money cards. Private:
the values in a hand, a payment's cards (payer and payee only, KH-A6) and a cow-trade offer
(its maker, and the other trader once the offers are swapped or taken, KH-K2..K4).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core.game import SEAT_NAMES
from . import rules
from .i18n import _
from .narration import animal_name
from .rules import ANIMAL_INDEX, ANIMALS, MONEY_VALUES, VALUE_INDEX

if TYPE_CHECKING:
    from .game import Kuhhandel


def view(game: Kuhhandel, seat: int | None) -> dict[str, Any]:
    """The whole state (seat None) or what ``seat`` may know: same keys, hidden → None."""
    teacher = seat is None
    herds = game._herds
    return {
        "game": game.name,
        "players": game.players,
        "viewer": seat,
        "phase": game.phase,
        "turn": game.turn,
        "max_turns": game.max_turns,
        "active": game.active,
        "start_player": game.start_player,
        "to_act": list(game.to_act),
        # KH-C3: money values are private, the number of money cards public.
        "money": [rules.cards_of(m) for m in game.money]
        if teacher
        else [rules.cards_of(m) if s == seat else None for s, m in enumerate(game.money)],
        "money_counts": [sum(m) for m in game.money],
        "money_in_play": game.money_in_play,
        "bank": list(game._bank_cards),
        "animals": [dict(herd) for herd in herds],
        "sets": [[a for a, c in herd.items() if c == rules.CARDS_PER_ANIMAL] for herd in herds],
        "deck_size": len(game.deck),
        "deck": list(game.deck) if teacher else None,
        "donkeys_seen": game.donkeys_seen,
        "auction": _auction(game),
        "payment": _payment(game),
        "trade": _trade(game, seat),
        "last_trade": _last_trade(game.last_trade, seat),
    }


def _auction(game: Kuhhandel) -> dict[str, Any] | None:
    auction = game.auction
    if auction is None:
        return None
    return {
        "animal": auction.animal,
        "auctioneer": auction.auctioneer,
        "run": auction.run,
        "high_bid": auction.high_bid,
        "high_bidder": auction.high_bidder,
        "bidders": list(auction.bidders),
        "bidder": auction.bidder,
        "held": sorted(auction.holds_since_raise),
        "excluded": list(auction.excluded),
        "cap": game.bid_cap,
    }


def _payment(game: Kuhhandel) -> dict[str, Any] | None:
    auction = game.auction
    if game.phase != "pay" or auction is None:
        return None
    return {"payer": auction.payer, "payee": auction.payee, "price": auction.high_bid, "taker": auction.taker}


def _trade(game: Kuhhandel, seat: int | None) -> dict[str, Any] | None:
    trade = game.trade
    if trade is None:
        return None
    teacher = seat is None
    builder = game.to_act[0] if game.phase in ("offer", "respond") else None
    offer = trade.offer
    return {
        **trade.terms(),
        # KH-K2: the offer lies face down; others see only how many cards.
        "offer_count": None if offer is None else len(offer),
        "offer": list(offer) if offer is not None and (teacher or seat == trade.active) else None,
        "building_count": len(trade.cards_added),
        "building": sorted(trade.cards_added) if teacher or seat == builder else None,
    }


def _last_trade(last: dict[str, Any] | None, seat: int | None) -> dict[str, Any] | None:
    if last is None:
        return None
    if seat is not None and seat not in (last["active"], last["partner"]):
        return {**last, "offer": None, "counter": None}  # KH-K4: third players learn only who won
    return {
        **last,
        "offer": list(last["offer"]),
        "counter": None if last["counter"] is None else list(last["counter"]),
    }


def state_problems(state: Mapping[str, Any]) -> list[str]:
    """Rule breaks a teacher's view can show: negative or unknown cards, a card too often or missing."""
    problems: list[str] = []
    try:
        _money_problems(state, problems)
        _animal_problems(state, problems)
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        problems.append(_("state is not a Kuhhandel state ({error})", error=repr(exc)))
    return problems


def _money_problems(state: Mapping[str, Any], problems: list[str]) -> None:
    money: Counter[int] = Counter()
    for s, hand in enumerate(state["money"]):
        for card in hand:
            if card not in VALUE_INDEX or type(card) is not int:
                problems.append(
                    _(
                        "{name} holds {card}, which is not a money card (KH-C2)",
                        name=SEAT_NAMES[s],
                        card=repr(card),
                    )
                )
        money.update(hand)
        if state["money_counts"][s] != len(hand):
            problems.append(
                _("{name}'s money-card count does not match the hand (KH-C3)", name=SEAT_NAMES[s])
            )
    money.update(state["bank"])
    trade = state["trade"]
    if trade and trade["offer"]:
        money.update(trade["offer"])
    for value, supply in zip(MONEY_VALUES, rules.MONEY_SUPPLY, strict=True):
        if money[value] != supply:
            problems.append(
                _(
                    "there are {count} money cards of {value}, not {supply}; money is neither made nor lost (KH-E3)",
                    count=money[value],
                    value=value,
                    supply=supply,
                )
            )


def _animal_problems(state: Mapping[str, Any], problems: list[str]) -> None:
    animals: Counter[str] = Counter()
    for s, held in enumerate(state["animals"]):
        for animal, count in held.items():
            if animal not in ANIMAL_INDEX or type(count) is not int or count < 0:
                problems.append(
                    _(
                        "{name} holds {count} {animal}, which is impossible (KH-C1)",
                        name=SEAT_NAMES[s],
                        count=repr(count),
                        animal=repr(animal),
                    )
                )
                continue
            animals[animal] += count
    animals.update(state["deck"] or [])
    if state["auction"]:
        animals[state["auction"]["animal"]] += 1
    for animal in ANIMALS:
        if animals[animal] != rules.CARDS_PER_ANIMAL:
            problems.append(
                _(
                    "there are {count} {animal} cards, not 4 (KH-C1)",
                    count=animals[animal],
                    animal=animal_name(animal),
                )
            )
