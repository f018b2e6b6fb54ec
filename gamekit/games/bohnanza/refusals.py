"""Why Bohnanza refuses an action: the texts of ``IllegalAction`` that depend on the phase.

Plain functions of public facts (the phase, the seats, the action), so the game class only
says when to refuse; the checks of fields and trades keep their texts in ``fields`` and
``trading``.
"""

from __future__ import annotations

from ...core.actions import Action
from ...core.game import SEAT_NAMES
from .i18n import _
from .narration import beans_text


def game_over(stopped: bool, max_decisions: int) -> str:
    """How the game ended: by the deck (BO-D2) or by the safety limit (BO-T4)."""
    if stopped:
        return _(
            "the game was stopped by its safety limit of {max_decisions} decisions (max_decisions, BO-T4)",
            max_decisions=max_decisions,
        )
    return _("the game is over: the deck ran out for the third time (BO-D2)")


def not_to_act(phase: str, actor: int, active: int, answering: bool) -> str:
    """Why a seat other than ``actor`` may only harvest or buy the third field now."""
    name = SEAT_NAMES[actor]
    if phase == "plant":
        return _(
            "it is {name}'s turn to plant; the others may only harvest F or buy-field now (BO-T1)", name=name
        )
    if phase == "trade":
        if answering:
            return _(
                "{name} is answering {active}'s proposal; the others may only harvest F or buy-field now (BO-T4)",
                name=name,
                active=SEAT_NAMES[active],
            )
        return _(
            "{name} is trading; every deal has the active player on one side and {name} makes the proposals; the others may only harvest F or buy-field now (BO-T4)",
            name=name,
        )
    if phase == "draw":
        return _("{name} is about to draw; the others may only harvest F or buy-field now (BO-T6)", name=name)
    return _(
        "{name} is planting the beans from the trade step; the others may only harvest F or buy-field now (BO-T5)",
        name=name,
    )


def planting(action: Action, seat: int, front: str) -> str:
    """An action that is not a planting of the front card, nor stop (BO-T1)."""
    if action.kind == "plant":
        return _(
            "{action}: only the front card of the hand ({front}) may be planted now; the hand is never rearranged (BO-T1)",
            action=action,
            front=front,
        )
    return _(
        "{action}: {name} is planting: plant, plant F, stop or harvest F (BO-T1)",
        action=action,
        name=SEAT_NAMES[seat],
    )


def planting_over(action: Action, seat: int, planted: int) -> str:
    """A planting after the last one allowed, before a turn-up that reshuffles (BO-T1, BO-T3)."""
    why = _("two cards are planted") if planted == 2 else _("the hand is empty")
    return _(
        "{action}: {why}; {name} ends planting with 'stop', or first harvests or buys the third field: turning up two cards will run the deck out and reshuffle (BO-T1)",
        action=action,
        why=why,
        name=SEAT_NAMES[seat],
    )


def drawing(action: Action, seat: int) -> str:
    """An action other than draw, harvest or buy-field at the end of a turn (BO-T6)."""
    return _(
        "{action}: planting is over; {name} draws three cards with 'draw' (or first harvests or buys the third field) (BO-T6)",
        action=action,
        name=SEAT_NAMES[seat],
    )


def planting_traded(action: Action, seat: int) -> str:
    """An action other than plant BEAN (F) after trading (BO-T5)."""
    return _(
        "{action}: trading is over; {name} plants the beans from the trade step with 'plant BEAN' or 'plant BEAN F' (BO-T5)",
        action=action,
        name=SEAT_NAMES[seat],
    )


def answering(action: Action, seat: int, active: int) -> str:
    """An action other than the partner's answers (BO-T4)."""
    return _(
        "{action}: {name} answers {active}'s proposal with accept, reject or give BEAN#K (BO-T4)",
        action=action,
        name=SEAT_NAMES[seat],
        active=SEAT_NAMES[active],
    )


def drafting(action: Action, seat: int) -> str:
    """An action other than a draft's steps (BO-T4)."""
    return _(
        "{action}: {name} is drafting a proposal: give, ask, propose or cancel (BO-T4)",
        action=action,
        name=SEAT_NAMES[seat],
    )


def trading(action: Action, seat: int) -> str:
    """An action other than offer, end-trading or a harvest while no proposal is open (BO-T4)."""
    return _(
        "{action}: {name} is trading: offer P, end-trading or harvest F (BO-T4)",
        action=action,
        name=SEAT_NAMES[seat],
    )


def nothing_to_plant(text: str, seat: int, bean: str, have: list[str]) -> str:
    """``plant BEAN`` after trading for a bean ``seat`` has not to plant (BO-T5)."""
    return _(
        "{text}: {name} has no {bean} to plant from the trade step; left to plant: {value} (BO-T5)",
        text=text,
        name=SEAT_NAMES[seat],
        bean=bean,
        value=beans_text(sorted(set(have))),
    )
