"""Kuhhandel's actions and their texts: the canonical actions, and reading a text back.

The texts (the public contract): ``auction``; ``trade P ANIMAL`` (``trade B cow``); ``bid N``;
``hold``; ``sell``; ``buy``; ``pay 10,10,50``; ``add V``; ``offer``; ``accept``; ``counter``;
and the shorthands ``offer 0,10`` and ``counter 50,10``.
"""

from __future__ import annotations

from typing import Any

from ...core.actions import Action, canonical
from ...core.errors import IllegalAction
from ...core.game import SEAT_NAMES
from ...core.quoting import quote
from . import rules
from .i18n import N_, _
from .rules import ANIMAL_INDEX, ANIMALS, MONEY_VALUES, VALUE_INDEX

_MAX_MONEY = rules.money_total(rules.MONEY_SUPPLY)  # 4,700: no bid can ever be higher

AUCTION = canonical("auction")
HOLD = canonical("hold")
SELL = canonical("sell")
BUY = canonical("buy")
ACCEPT = canonical("accept")
OFFER = canonical("offer")  # hand over the cards added so far (none: an offer of no cards)
COUNTER = canonical("counter")
BIDS = tuple(canonical("bid", rules.BID_STEP * i) for i in range(_MAX_MONEY // rules.BID_STEP + 1))
ADDS = tuple(canonical("add", v) for v in MONEY_VALUES)
TRADES = {
    (seat, animal): canonical("trade", (seat, animal), f"trade {SEAT_NAMES[seat]} {animal}")
    for seat in range(5)
    for animal in ANIMALS
}
_SIMPLE = {a.text: a for a in (AUCTION, HOLD, SELL, BUY, ACCEPT, OFFER, COUNTER)}
_PAYS: dict[tuple[int, ...], Action] = {}
_ACTION_HELP = N_(
    "Kuhhandel actions are 'auction', 'trade P ANIMAL', 'bid N', 'hold', 'sell', 'buy', "
    "'pay 10,10,50', 'add V', 'offer', 'accept', 'counter' (and 'offer 0,10', 'counter 50,10')"
)
_PHASE_RULE = {
    "turn": "KH-T1",
    "bidding": "KH-A3",
    "decide": "KH-A5",
    "pay": "KH-A6",
    "offer": "KH-K2",
    "respond": "KH-K3",
    "over": "KH-E1",
}


def pay_action(cards: tuple[int, ...]) -> Action:
    """The canonical ``pay`` action for a tuple of card values (ascending)."""
    action = _PAYS.get(cards)
    if action is None:
        action = _PAYS[cards] = canonical(
            "pay", cards, "pay " + ",".join(map(str, cards)) if cards else "pay"
        )
    return action


def cards_text(cards: tuple[int, ...] | list[int]) -> str:
    """Money cards as an action writes them: ``10,10,50``."""
    return ",".join(map(str, cards))


def _number(text: str) -> int | None:
    """An amount written in ASCII digits, at most nine (no money total comes near; a longer one
    is not read, so no message repeats it)."""
    return int(text) if len(text) <= 9 and text.isascii() and text.isdigit() else None


def parse_action(text: str, phase: str) -> Action:
    """The action ``text`` names; an unreadable text is refused naming ``phase``'s rule."""
    action = _SIMPLE.get(text)
    if action is not None:
        return action
    kind, _sep, rest = text.partition(" ")
    if kind == "bid":
        amount = _number(rest)
        if amount is not None:
            step, left = divmod(amount, rules.BID_STEP)
            return BIDS[step] if not left and step < len(BIDS) else canonical("bid", amount)
    elif kind == "add":
        value = _number(rest)
        if value is not None:
            if value not in VALUE_INDEX:
                raise IllegalAction(_("add {value}: there is no money card of {value} (KH-C2)", value=value))
            return ADDS[VALUE_INDEX[value]]
    elif kind == "trade":
        words = rest.split(" ")
        if len(words) == 2 and len(words[0]) == 1 and words[0] in SEAT_NAMES and words[1] in ANIMAL_INDEX:
            seat = SEAT_NAMES.index(words[0])
            return TRADES.get((seat, words[1])) or canonical("trade", (seat, words[1]), text)
    elif kind in ("pay", "offer", "counter") and rest:
        action = _cards_action(text, kind, rest)
        if action is not None:
            return action
    raise IllegalAction(
        _(
            "cannot read {text}: {help} ({rule})",
            text=quote(text),
            help=_(_ACTION_HELP),
            rule=_PHASE_RULE.get(phase, "KH-T1"),
        )
    )


def _cards_action(text: str, kind: str, rest: str) -> Action | None:
    """``pay 10,50``, ``offer 0,10`` or ``counter 50,10``, the cards listed ascending; None if
    ``rest`` is not a list of numbers."""
    values = [_number(part.strip()) for part in rest.split(",")]
    if any(v is None for v in values):
        return None
    bad = [v for v in values if v not in VALUE_INDEX]
    if bad:
        raise IllegalAction(
            _(
                "{text}: {bad} is not a money card; the cards are 0, 10, 50, 100, 200, 500 (KH-C2)",
                text=text,
                bad=bad[0],
            )
        )
    cards = tuple(sorted(values))  # type: ignore[type-var]
    if kind == "pay":
        return pay_action(cards)
    return canonical(kind, cards, f"{kind} {cards_text(cards)}")


def offered_cards(action: Action) -> tuple[int, ...] | None:
    """The cards an ``offer`` or ``counter`` lists (ascending), or None for the cards added so far."""
    cards = action.value
    if cards is None:
        return None
    if not isinstance(cards, tuple) or not all(v in VALUE_INDEX for v in cards):
        raise IllegalAction(_("{action}: an offer is a list of money cards (KH-C2)", action=action))
    return tuple(sorted(cards))


def is_trade_target(value: Any) -> bool:
    """Whether a ``trade`` action's value is a (seat letter's index, animal) pair."""
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and type(value[0]) is int
        and 0 <= value[0] < len(SEAT_NAMES)
        and value[1] in ANIMAL_INDEX
    )
