"""Bohnanza strategies: a planter that never trades and a trader, each a rule a student can check."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...bots.base import TunedBot, register_bot
from ...core.actions import Action
from .actions import (
    ACCEPT,
    ASK,
    BUY_FIELD,
    CANCEL,
    DRAW,
    END_TRADING,
    GIVE_HAND,
    GIVE_UP,
    HARVEST_FIELD,
    OFFER,
    PLANT,
    PROPOSE,
    REJECT,
    STOP,
)
from .i18n import N_
from .rules import HARVEST, top_of_beanometer

Fields = list[list[Any] | None]


def best_forced_harvest(fields: Fields, legal: Sequence[Action]) -> Action | None:
    """The legal harvest paying the most thaler, and among equals the field with fewest beans."""
    options = [a for a in legal if a.kind == "harvest"]
    if not options:
        return None
    return max(
        options,
        key=lambda a: (HARVEST[fields[a.value - 1][0]][fields[a.value - 1][1]], -fields[a.value - 1][1]),
    )


def ripe_field(fields: Fields, legal: Sequence[Action]) -> Action | None:
    """A legal harvest of a field at the top of its beanometer: more beans would add nothing."""
    for i, field in enumerate(fields):
        if field is not None and field[1] >= top_of_beanometer(field[0]) and HARVEST_FIELD[i + 1] in legal:
            return HARVEST_FIELD[i + 1]
    return None


def fits_all(fields: Fields, beans: Sequence[str]) -> bool:
    """Whether ``beans`` can all be planted without harvesting: new types no more than empty fields."""
    grown = {f[0] for f in fields if f is not None}
    new = {b for b in beans if b not in grown}
    return len(new) <= sum(1 for f in fields if f is None)


def unwanted_cards(view: dict[str, Any]) -> list[tuple[str, int]]:
    """The turned-up beans and the front hand bean that would force the viewer to harvest a field.

    Each is ``(bean, 0)`` for a turned-up card or ``(bean, 1)`` for the front hand card.
    Beans already received are planted first (they cannot be traded on, BO-T4).
    """
    return unwanted_queue(view, depth=1)


class _BohnanzaBot(TunedBot):
    games = ("bohnanza",)

    def choose(
        self, view: dict[str, Any] | None, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        assert view is not None
        legal = set(legal_actions)
        me = view["viewer"]
        fields = view["fields"][me]
        action = ripe_field(fields, legal)
        if action is None and BUY_FIELD in legal and self.buys_field(view):
            action = BUY_FIELD
        if action is None:
            phase = view["phase"]
            if phase == "plant":
                action = self.plant(view, legal)
            elif phase == "plant-traded":
                action = self.plant_traded(view, legal)
            elif phase == "draw":
                action = DRAW
            else:
                action = self.trade(view, legal, rng)
        if action is None:  # the bean to plant fits no field: harvest first (BO-T2)
            action = best_forced_harvest(fields, legal_actions)
        if action is None or action not in legal:  # a position this bot did not foresee
            action = next((a for a in legal_actions if a.kind != "harvest"), legal_actions[0])
        return action

    def buys_field(self, view: dict[str, Any]) -> bool:
        raise NotImplementedError

    @staticmethod
    def plant(view: dict[str, Any], legal: set[Action]) -> Action | None:
        """The front card always; the second only onto a field of its own bean."""
        me = view["viewer"]
        if PLANT not in legal:
            return STOP if STOP in legal else None
        if view["planted"] == 0:
            return PLANT
        front = view["hands"][me][0]
        grown = {f[0] for f in view["fields"][me] if f is not None}
        return PLANT if front in grown else STOP

    @staticmethod
    def plant_traded(view: dict[str, Any], legal: set[Action]) -> Action | None:
        """Beans that join a growing field first (the fullest first), then new ones, each onto
        the field ``plant BEAN`` chooses (its own type's, else an empty one)."""
        fields = view["fields"][view["viewer"]]
        counts = {f[0]: f[1] for f in fields if f is not None}
        options = sorted(
            (a for a in legal if a.kind == "plant" and a.value.__class__ is str),
            key=lambda a: (-counts.get(a.value, 0), a.text),
        )
        return options[0] if options else None

    def trade(self, view: dict[str, Any], legal: set[Action], rng: random.Random) -> Action | None:
        raise NotImplementedError


@register_bot
class PlanterBot(_BohnanzaBot):
    """Never trades, plants a second card only onto a field of its own bean, harvests the best-paying field when forced or any field at the top of its beanometer, and buys the third field once it holds `buy_at` thaler."""

    name = "planter"

    parameter_name = "buy_at"
    default = 3.0

    def buys_field(self, view: dict[str, Any]) -> bool:
        return view["coins"][view["viewer"]] >= self.value

    def trade(self, view: dict[str, Any], legal: set[Action], rng: random.Random) -> Action | None:
        if REJECT in legal:
            return REJECT
        if CANCEL in legal:
            return CANCEL
        return END_TRADING


@register_bot
class TraderBot(_BohnanzaBot):
    """Plants and harvests like the planter, offers each other player in turn the turned-up and front hand beans that would force it to harvest a field (asking one bean of its fullest field back, or nothing with probability `generosity`), buys the third field as soon as it can, and accepts any deal whose beans all fit its fields and that asks for none of the beans it grows."""

    name = "trader"

    parameter_name = "generosity"
    default = 0.5
    maximum = 1.0

    def buys_field(self, view: dict[str, Any]) -> bool:
        return True

    def trade(self, view: dict[str, Any], legal: set[Action], rng: random.Random) -> Action | None:
        proposal = view["proposal"]
        if proposal is not None and proposal["made"]:  # answering
            return ACCEPT if acceptable(view) else REJECT
        me = view["viewer"]
        fields = view["fields"][me]
        unwanted = unwanted_cards(view)
        if proposal is None:
            used = len(view["offers"])  # BO-T4: one proposal to each other player at most
            if not unwanted or view["proposals_left"] == 0 or used >= view["players"] - 1:
                return END_TRADING
            return OFFER[(me + 1 + used) % view["players"]]
        given = proposal["give_cards"]
        step = give_or_cancel(unwanted, given)
        if step is not None:
            return step
        if not proposal["ask"]:
            planted = [f for f in fields if f is not None]
            if planted and rng.random() >= self.value:
                fullest = max(planted, key=lambda f: f[1])
                if ASK[fullest[0]] in legal:
                    return ASK[fullest[0]]
        return PROPOSE


def acceptable(view: dict[str, Any]) -> bool:
    """Whether the traders accept the proposal made to the viewer: every bean it gives fits the
    viewer's fields (after the beans already received, BO-T4) and it asks for none the viewer grows."""
    me = view["viewer"]
    fields = view["fields"][me]
    proposal = view["proposal"]
    grown = {f[0] for f in fields if f is not None}
    return fits_all(fields, view["received"][me] + proposal["give"]) and not grown & set(proposal["ask"])


def give_or_cancel(unwanted: Sequence[tuple[str, int]], given: Sequence[str]) -> Action | None:
    """A draft's next step while the cards to give away are chosen (BO-T4): the first of ``unwanted``
    (``(bean, hand position)``, 0: turned up) not yet among the ``given`` cards, as a give action;
    cancel if none could be given; None once all are in, to ask and propose."""
    for bean, k in unwanted:
        ref = bean if k == 0 else f"{bean}#{k}"
        if given.count(ref) < sum(1 for b, p in unwanted if b == bean and p == k):
            return GIVE_UP[bean] if k == 0 else GIVE_HAND[bean][k]
    return None if given else CANCEL


def harvest_losses(view: dict[str, Any], legal: Sequence[Action]) -> list[tuple[float, int, Action]]:
    """For each legal harvest, (expected thaler lost by harvesting now rather than at the forced
    harvest, minus what it pays now, the action), from the viewer's hand queue and the unseen
    cards (``gamekit.theory.bohnanza.gain_of_waiting``, read from the view by ``timing.outlook``)."""
    from .timing import outlook

    fields = view["fields"][view["viewer"]]
    knowledge = outlook(view)
    losses = []
    for a in legal:
        if a.kind != "harvest":
            continue
        bean, count = fields[a.value - 1]
        losses.append((knowledge.gain(bean, count), -HARVEST[bean][count], a))
    return sorted(losses, key=lambda t: (t[0], t[1], t[2].text))


def unwanted_queue(view: dict[str, Any], depth: int = 3) -> list[tuple[str, int]]:
    """Like ``unwanted_cards``, but through the first ``depth`` hand cards: each hand card that
    would fit no field when its turn to be planted comes (the cards before it planted, the
    unwanted ones given away) is ``(bean, position)``."""
    me = view["viewer"]
    fields = view["fields"][me]
    grown = {f[0] for f in fields if f is not None}
    empty = sum(1 for f in fields if f is None)
    unwanted = []

    def place(bean: str) -> bool:
        nonlocal empty
        if bean in grown:
            return True
        if empty:
            grown.add(bean)
            empty -= 1
            return True
        return False

    for bean in view["received"][me]:
        place(bean)
    if view["active"] == me:
        for bean in view["trading_area"]:
            if not place(bean):
                unwanted.append((bean, 0))
    for k, bean in enumerate(view["hands"][me][:depth], 1):
        if not place(bean):
            unwanted.append((bean, k))
    return unwanted


@register_bot
class GrowerBot(TraderBot):
    """Plants a second card only onto its own bean; as active player offers each other player once (those with the most fields of those beans first, then the poorest) the turned-up beans and those of its first three hand cards that would force it to harvest (only the beans that player grows, if any), asking one bean of its fullest field if that player does not grow it and holds one with probability at least 0.3 (hypergeometric over the unseen cards); accepts any deal whose beans all fit its fields and that asks for none it grows; when forced, harvests the field with the smallest expected gain from waiting (its hand queue and the unseen cards); buys the third field once it holds `buy_at` thaler."""

    name = "grower"

    parameter_name = "buy_at"
    default = 3.0
    maximum = 40.0
    depth = 3  # hand cards looked at for beans to give away
    held = 0.3  # ask for a bean only if the partner holds one with at least this probability

    def buys_field(self, view: dict[str, Any]) -> bool:
        return view["coins"][view["viewer"]] >= self.value

    def choose(
        self, view: dict[str, Any] | None, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        assert view is not None
        action = super().choose(view, legal_actions, rng)
        if action.kind == "harvest" and not ripe_field(view["fields"][view["viewer"]], set(legal_actions)):
            losses = harvest_losses(view, legal_actions)
            if losses:
                action = losses[0][2]
        return action

    @staticmethod
    def likely_held(view: dict[str, Any], bean: str) -> bool:
        """Whether the partner holds ``bean`` with probability at least ``held``: its hand is a
        draw from the cards the viewer cannot see (hypergeometric, ``gamekit.theory.bohnanza``)."""
        from ...theory.bohnanza import hypergeometric
        from .timing import outlook

        knowledge = outlook(view)
        hand = view["hand_sizes"][view["proposal"]["partner"]]
        return 1 - hypergeometric(0, knowledge.unseen[bean], knowledge.unseen_total, hand) >= GrowerBot.held

    def trade(self, view: dict[str, Any], legal: set[Action], rng: random.Random) -> Action | None:
        proposal = view["proposal"]
        if proposal is not None and proposal["made"]:  # answering
            if not acceptable(view):
                return REJECT
            if ACCEPT in legal:
                return ACCEPT
            # asked for a bean held more than once: give the copy furthest back
            picks = [a for a in legal if a.kind == "give" and a.value[1] > 0]
            return max(picks, key=lambda a: a.value[1]) if picks else REJECT
        me = view["viewer"]
        fields = view["fields"][me]
        unwanted = unwanted_queue(view, self.depth)
        if proposal is None:
            used = len(view["offers"])
            if not unwanted or view["proposals_left"] == 0 or used >= view["players"] - 1:
                return END_TRADING
            asked = {o["partner"] for o in view["offers"]}
            beans = {b for b, _ in unwanted}

            def appeal(s: int) -> tuple[int, int]:  # who grows them first, then the poorest
                grows = sum(1 for f in view["fields"][s] if f is not None and f[0] in beans)
                return (-grows, view["coins"][s])

            others = [(me + i) % view["players"] for i in range(1, view["players"])]
            return OFFER[min((s for s in others if s not in asked), key=appeal)]
        given = proposal["give_cards"]
        theirs = {f[0] for f in view["fields"][proposal["partner"]] if f is not None}
        if any(b in theirs for b, _ in unwanted):  # only what the partner grows: the rest would be refused
            unwanted = [(b, k) for b, k in unwanted if b in theirs]
        step = give_or_cancel(unwanted, given)
        if step is not None:
            return step
        planted = [f for f in fields if f is not None]
        if planted and not proposal["ask"]:
            fullest = max(planted, key=lambda f: f[1])
            if fullest[0] not in theirs and ASK[fullest[0]] in legal and self.likely_held(view, fullest[0]):
                return ASK[fullest[0]]
        return PROPOSE


# Each bot's one-sentence rule (its docstring, which ``bots.describe`` shows), marked for the
# catalogue so that it can be shown in the reader's language; a test keeps the two the same.
BOT_RULES: dict[str, str] = {
    "planter": N_(
        "Never trades, plants a second card only onto a field of its own bean, harvests the best-paying field when forced or any field at the top of its beanometer, and buys the third field once it holds `buy_at` thaler."
    ),
    "trader": N_(
        "Plants and harvests like the planter, offers each other player in turn the turned-up and front hand beans that would force it to harvest a field (asking one bean of its fullest field back, or nothing with probability `generosity`), buys the third field as soon as it can, and accepts any deal whose beans all fit its fields and that asks for none of the beans it grows."
    ),
    "grower": N_(
        "Plants a second card only onto its own bean; as active player offers each other player once (those with the most fields of those beans first, then the poorest) the turned-up beans and those of its first three hand cards that would force it to harvest (only the beans that player grows, if any), asking one bean of its fullest field if that player does not grow it and holds one with probability at least 0.3 (hypergeometric over the unseen cards); accepts any deal whose beans all fit its fields and that asks for none it grows; when forced, harvests the field with the smallest expected gain from waiting (its hand queue and the unseen cards); buys the third field once it holds `buy_at` thaler."
    ),
}
