"""Bohnanza's actions: the ``Action`` values the engine offers, and reading an action from its text.

The texts are those of the ``game`` module's docstring; one text is shorthand for a whole
proposal, ``offer C give soy,blue#4 for red`` (the ``deal`` action, BO-T4).
"""

from __future__ import annotations

import re

from ...core.actions import Action, canonical
from ...core.errors import IllegalAction
from ...core.game import SEAT_NAMES
from ...core.quoting import quote
from . import rules
from .i18n import N_, _
from .rules import BEANS

PLANT = canonical("plant")
STOP = canonical("stop")
PLANT_BEAN = {b: canonical("plant", b) for b in BEANS}
# BO-T2: the front card or a bean into a named field: "plant 2", "plant soy 3".
PLANT_INTO = (None, *(canonical("plant", f) for f in range(1, rules.MAX_FIELDS + 1)))
PLANT_BEAN_INTO = {
    b: (None, *(canonical("plant", (b, f), f"plant {b} {f}") for f in range(1, rules.MAX_FIELDS + 1)))
    for b in BEANS
}
DRAW = canonical("draw")
HARVEST_FIELD = (None, *(canonical("harvest", f) for f in range(1, rules.MAX_FIELDS + 1)))
BUY_FIELD = canonical("buy-field")
END_TRADING = canonical("end-trading")
OFFER = tuple(canonical("offer", s, f"offer {SEAT_NAMES[s]}") for s in range(len(SEAT_NAMES)))
GIVE_UP = {b: canonical("give", (b, 0), f"give {b}") for b in BEANS}
GIVE_HAND = {
    b: (None, *(canonical("give", (b, k), f"give {b}#{k}") for k in range(1, rules.DECK_SIZE + 1)))
    for b in BEANS
}
ASK = {b: canonical("ask", b) for b in BEANS}
ASK_ALL = tuple(ASK.values())
PROPOSE = canonical("propose")
CANCEL = canonical("cancel")
ACCEPT = canonical("accept")
REJECT = canonical("reject")

_ACTION_BY_TEXT: dict[str, Action] = {
    a.text: a
    for a in (
        PLANT,
        STOP,
        BUY_FIELD,
        END_TRADING,
        DRAW,
        PROPOSE,
        CANCEL,
        ACCEPT,
        REJECT,
        *PLANT_BEAN.values(),
        *PLANT_INTO[1:],
        *(a for into in PLANT_BEAN_INTO.values() for a in into[1:]),
        *HARVEST_FIELD[1:],
        *OFFER,
        *GIVE_UP.values(),
        *ASK.values(),
    )
}
# Numbers have at most nine digits: none of Bohnanza's comes near, and no message repeats a longer one.
_HARVEST_TEXT = re.compile(r"harvest ([0-9]{1,9})")
_PLANT_TEXT = re.compile(r"plant(?: ([a-z-]+))? ([0-9]{1,9})")
_GIVE_TEXT = re.compile(r"give ([a-z-]+)#([0-9]{1,9})")
_OFFER_TEXT = re.compile(r"offer ([A-H]|[0-9]{1,9})(?: give ([a-z0-9#,-]+))?(?: for ([a-z,-]+))?")
_CARD_TEXT = re.compile(r"([a-z-]+)(?:#([0-9]{1,9}))?")
_ACTION_HELP = N_(
    "Bohnanza actions are 'plant', 'plant F', 'stop', 'plant BEAN', 'plant BEAN F', 'harvest F', "
    "'buy-field', 'offer P', 'give BEAN', 'give BEAN#K', 'ask BEAN', 'propose', 'cancel', 'accept', "
    "'reject', 'end-trading', 'draw' and 'offer P give ... for ...'"
)
_PHASE_RULE = {"plant": "BO-T1", "trade": "BO-T4", "plant-traded": "BO-T5", "draw": "BO-T6", "over": "BO-D2"}


def card_text(bean: str, position: int) -> str:
    """``soy`` for a turned-up card, ``blue#4`` for hand card 4."""
    return bean if position == 0 else f"{bean}#{position}"


def parse_action(text: str, phase: str) -> Action:
    """The action a text names (see ``game``'s docstring); ``phase`` names the rule in the error."""
    if not isinstance(text, str):
        text = repr(text)
    action = _ACTION_BY_TEXT.get(text)
    if action is not None:
        return action
    match = _HARVEST_TEXT.fullmatch(text)
    if match:
        return canonical("harvest", int(match.group(1)))
    match = _PLANT_TEXT.fullmatch(text)
    if match:
        bean, number = match.group(1), int(match.group(2))
        if bean is None:
            return canonical("plant", number)
        check_bean(bean)
        return canonical("plant", (bean, number), f"plant {bean} {number}")
    match = _GIVE_TEXT.fullmatch(text)
    if match:
        bean, k = match.group(1), int(match.group(2))
        check_bean(bean)
        check_position(bean, k)
        return (
            GIVE_HAND[bean][k]
            if 1 <= k <= rules.DECK_SIZE
            else canonical("give", (bean, k), f"give {bean}#{k}")
        )
    match = _OFFER_TEXT.fullmatch(text)
    if match:
        return _parse_offer(*match.groups())
    words = text.split()
    if len(words) == 2 and words[0] in ("plant", "ask", "give"):
        check_bean(words[1])
    raise IllegalAction(
        _(
            "cannot read {text}: {action_help} ({phase_rule})",
            text=quote(text),
            action_help=_(_ACTION_HELP),
            phase_rule=_PHASE_RULE[phase],
        )
    )


def check_position(bean: str, k: int) -> None:
    if k < 1:
        raise IllegalAction(
            _("{bean}#{k}: hand cards are counted from 1 at the front (BO-T4)", bean=bean, k=k)
        )


def check_bean(bean: str) -> None:
    if bean not in rules.BEAN_COUNTS:
        raise IllegalAction(
            _("there is no bean {bean}; beans: {value} (BO-C1)", bean=quote(bean), value=", ".join(BEANS))
        )


def _parse_offer(who: str, gives: str | None, asks: str | None) -> Action:
    """``offer C`` (a step), or a whole proposal ``offer C give soy,blue#4 for red``."""
    partner = SEAT_NAMES.index(who) if who.isalpha() else int(who)
    name = SEAT_NAMES[partner] if partner < len(SEAT_NAMES) else str(partner)
    if gives is None and asks is None:
        return OFFER[partner] if partner < len(OFFER) else canonical("offer", partner, f"offer {name}")
    give_cards: list[tuple[str, int]] = []
    for item in (gives or "").split(",") if gives else []:
        match = _CARD_TEXT.fullmatch(item)
        if not match:
            raise IllegalAction(
                _(
                    "cannot read {item} in a proposal: give BEAN (turned up) or BEAN#K (hand card K) (BO-T4)",
                    item=quote(item),
                )
            )
        check_bean(match.group(1))
        if match.group(2):
            check_position(match.group(1), int(match.group(2)))
        give_cards.append((match.group(1), int(match.group(2)) if match.group(2) else 0))
    ask_beans = asks.split(",") if asks else []
    for bean in ask_beans:
        check_bean(bean)
    text = f"offer {name}"
    if give_cards:
        text += " give " + ",".join(card_text(b, k) for b, k in give_cards)
    if ask_beans:
        text += " for " + ",".join(ask_beans)
    return canonical("deal", (partner, tuple(give_cards), tuple(ask_beans)), text)
