"""Why Bohnanza refuses an action: the texts of ``IllegalAction`` that depend on the phase.

Plain functions of public facts (the phase, the seats, the action), so the game class only
says when to refuse; the checks of fields and trades keep their texts in ``fields`` and
``trading``.
"""

from __future__ import annotations

from ...core.actions import Action
from ...core.game import SEAT_NAMES
from .narration import beans_text

_OTHERS = "; the others may only harvest F or buy-field now"


def game_over(stopped: bool, max_decisions: int) -> str:
    """How the game ended: by the deck (BO-D2) or by the safety limit (BO-T4)."""
    if stopped:
        return f"the game was stopped by its safety limit of {max_decisions} decisions (max_decisions, BO-T4)"
    return "the game is over: the deck ran out for the third time (BO-D2)"


def not_to_act(phase: str, actor: int, active: int, answering: bool) -> str:
    """Why a seat other than ``actor`` may only harvest or buy the third field now."""
    name = SEAT_NAMES[actor]
    if phase == "plant":
        return f"it is {name}'s turn to plant{_OTHERS} (BO-T1)"
    if phase == "trade":
        if answering:
            return f"{name} is answering {SEAT_NAMES[active]}'s proposal{_OTHERS} (BO-T4)"
        return (
            f"{name} is trading; every deal has the active player on one side and "
            f"{name} makes the proposals{_OTHERS} (BO-T4)"
        )
    if phase == "draw":
        return f"{name} is about to draw{_OTHERS} (BO-T6)"
    return f"{name} is planting the beans from the trade step{_OTHERS} (BO-T5)"


def planting(action: Action, seat: int, front: str) -> str:
    """An action that is not a planting of the front card, nor stop (BO-T1)."""
    if action.kind == "plant":
        return (
            f"{action}: only the front card of the hand ({front}) may be planted now; "
            "the hand is never rearranged (BO-T1)"
        )
    return f"{action}: {SEAT_NAMES[seat]} is planting: plant, plant F, stop or harvest F (BO-T1)"


def planting_over(action: Action, seat: int, planted: int) -> str:
    """A planting after the last one allowed, before a turn-up that reshuffles (BO-T1, BO-T3)."""
    why = "two cards are planted" if planted == 2 else "the hand is empty"
    return (
        f"{action}: {why}; {SEAT_NAMES[seat]} ends planting with 'stop', or first harvests or buys "
        "the third field: turning up two cards will run the deck out and reshuffle (BO-T1)"
    )


def drawing(action: Action, seat: int) -> str:
    """An action other than draw, harvest or buy-field at the end of a turn (BO-T6)."""
    return (
        f"{action}: planting is over; {SEAT_NAMES[seat]} draws three cards with 'draw' "
        "(or first harvests or buys the third field) (BO-T6)"
    )


def planting_traded(action: Action, seat: int) -> str:
    """An action other than plant BEAN (F) after trading (BO-T5)."""
    return (
        f"{action}: trading is over; {SEAT_NAMES[seat]} plants the beans from the trade step "
        "with 'plant BEAN' or 'plant BEAN F' (BO-T5)"
    )


def answering(action: Action, seat: int, active: int) -> str:
    """An action other than the partner's answers (BO-T4)."""
    return (
        f"{action}: {SEAT_NAMES[seat]} answers {SEAT_NAMES[active]}'s proposal with accept, "
        "reject or give BEAN#K (BO-T4)"
    )


def drafting(action: Action, seat: int) -> str:
    """An action other than a draft's steps (BO-T4)."""
    return f"{action}: {SEAT_NAMES[seat]} is drafting a proposal: give, ask, propose or cancel (BO-T4)"


def trading(action: Action, seat: int) -> str:
    """An action other than offer, end-trading or a harvest while no proposal is open (BO-T4)."""
    return f"{action}: {SEAT_NAMES[seat]} is trading: offer P, end-trading or harvest F (BO-T4)"


def nothing_to_plant(text: str, seat: int, bean: str, have: list[str]) -> str:
    """``plant BEAN`` after trading for a bean ``seat`` has not to plant (BO-T5)."""
    return (
        f"{text}: {SEAT_NAMES[seat]} has no {bean} to plant from the trade step; "
        f"left to plant: {beans_text(sorted(set(have)))} (BO-T5)"
    )
