"""Bohnanza's trade step (BO-T4): a proposal built in small steps, then answered.

The active player opens a draft to one partner (``offer``), adds cards to give (turned up,
or from the hand by position) and beans to ask for, and makes it (``propose``) or drops it
(``cancel``); the partner answers (``accept`` / ``reject``), first choosing, if it likes,
which hand card answers an asked bean (``give BEAN#K``). The checks here raise
``IllegalAction`` before anything changes; the game moves the cards and records the events.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ...core.actions import Action
from ...core.errors import IllegalAction
from ...core.game import SEAT_NAMES
from . import rules
from .actions import ACCEPT, ASK_ALL, CANCEL, GIVE_HAND, GIVE_UP, PROPOSE, REJECT
from .i18n import _, _n

# The asks as draft steps, in the order ``legal_actions`` lists them.
ASK_STEPS: dict[str, Action] = {a.text: a for a in ASK_ALL}
ASK_TEXTS = tuple(ASK_STEPS)

Card = tuple[str, int]  # (bean, 0) for a turned-up card, (bean, K) for hand card K (1 = front)


@dataclass(eq=False, slots=True)
class Proposal:
    """The deal the active player drafts and then makes to ``partner`` (BO-T4)."""

    partner: int
    # The draft's legal steps in order, by text, kept up to date step by step. Keyed by text, not
    # by Action: a str caches its hash, while hashing an Action is a Python call, and the engine
    # looks every draft step up here (half the decisions of a random game are draft steps).
    steps: dict[str, Action]
    made: bool = False
    give: list[Card] = field(default_factory=list)
    ask: list[str] = field(default_factory=list)
    picks: list[Card] = field(default_factory=list)  # the partner's chosen hand cards
    answers: list[Action] | None = None  # the partner's legal answers, until its picks change them

    def add_give(
        self, seat: int, hand: Sequence[str], trading_area: Sequence[str], bean: str, k: int
    ) -> None:
        """Add a card to give, checked, keeping ``steps`` up to date."""
        action = (GIVE_HAND[bean][k] if k <= rules.DECK_SIZE else None) if k else GIVE_UP[bean]
        if action is None or action.text not in self.steps:
            check_give(seat, hand, trading_area, self.give, bean, k)  # raises, saying why
        self.give_listed(trading_area, action.text, bean, k)

    def give_listed(self, trading_area: Sequence[str], text: str, bean: str, k: int) -> None:
        """Add a card to give whose step ``text`` the draft lists, so it is legal: no check."""
        give = self.give
        # A hand card is given once; a turned-up bean stays listed while another of it is left.
        if k or trading_area.count(bean) == 1 + sum(1 for b, p in give if p == 0 and b == bean):
            del self.steps[text]
        if not give and not self.ask:
            self._open_propose()
        give.append((bean, k))

    def add_ask(self, bean: str, partner_hand_size: int) -> None:
        """Ask for one more ``bean``, checked, keeping ``steps`` up to date."""
        check_ask(self.partner, partner_hand_size, len(self.ask))
        self.ask_listed(bean, partner_hand_size)

    def ask_listed(self, bean: str, partner_hand_size: int) -> None:
        """Ask for one more ``bean`` when the draft lists the ask, so it is legal: no check."""
        ask = self.ask
        if not ask and not self.give:
            self._open_propose()
        ask.append(bean)
        if len(ask) == partner_hand_size:
            steps = self.steps
            for step in ASK_TEXTS:
                del steps[step]

    def _open_propose(self) -> None:
        """The first card or bean makes ``propose`` legal; propose, then cancel, stay last."""
        steps = self.steps
        del steps["cancel"]
        steps["propose"] = PROPOSE
        steps["cancel"] = CANCEL

    def add_pick(self, seat: int, hand: Sequence[str], bean: str, k: int) -> None:
        """The partner chooses which hand card answers one asked bean, checked."""
        if k == 0:
            raise IllegalAction(
                _(
                    "give {bean}: {name} may give only hand cards, named BEAN#K (BO-T4)",
                    bean=bean,
                    name=SEAT_NAMES[seat],
                )
            )
        asked = self.ask.count(bean)
        picks = self.picks
        if not can_accept(hand, self.ask):
            raise IllegalAction(
                _(
                    "give {bean}#{k}: {name} does not hold every bean asked for, so the only answer is reject (BO-T4)",
                    bean=bean,
                    k=k,
                    name=SEAT_NAMES[seat],
                )
            )
        if asked <= sum(1 for b, _ in picks if b == bean):
            raise IllegalAction(
                _(
                    "give {bean}#{k}: the proposal asks for {asked} {bean} and no more are needed (BO-T4)",
                    bean=bean,
                    k=k,
                    asked=asked,
                )
            )
        check_hand_card(seat, hand, bean, k)
        if any(p == k for _, p in picks):
            raise IllegalAction(_("give {bean}#{k}: hand card {k} is already chosen (BO-T4)", bean=bean, k=k))
        picks.append((bean, k))
        self.answers = None

    def partner_answers(self, hand: Sequence[str]) -> list[Action]:
        """accept (if the partner holds what is asked), reject, and which hand card to give."""
        if not can_accept(hand, self.ask):
            return [REJECT]
        answers = [ACCEPT, REJECT]
        picks = self.picks
        picked = {k for _, k in picks}
        for bean in dict.fromkeys(self.ask):
            if self.ask.count(bean) > sum(1 for b, _ in picks if b == bean):
                answers += [GIVE_HAND[b][k] for k, b in enumerate(hand, 1) if b == bean and k not in picked]
        return answers

    def positions_given(self, seat: int, hand: Sequence[str]) -> set[int]:
        """The partner's hand positions that go on accepting: its picks, then for each asked
        bean still unanswered the frontmost cards of that bean not picked (BO-T4)."""
        chosen = {k for _, k in self.picks}
        for bean, count in Counter(self.ask).items():
            need = count - sum(1 for b, _ in self.picks if b == bean)
            free = [k for k, b in enumerate(hand, 1) if b == bean and k not in chosen]
            if len(free) < need:
                raise IllegalAction(
                    _(
                        "accept: {name} does not hold the {count} {bean} asked for (BO-T4)",
                        name=SEAT_NAMES[seat],
                        count=count,
                        bean=bean,
                    )
                )
            chosen.update(free[:need])
        return chosen


def give_steps(trading_area: Sequence[str], hand: Sequence[str]) -> dict[str, Action]:
    """The gives of a new draft in order, by text: the turned-up beans, then the hand cards."""
    steps = {}
    for bean in trading_area:  # a turned-up bean listed once, however many lie there
        give = GIVE_UP[bean]
        steps[give.text] = give
    for k, bean in enumerate(hand, 1):
        give = GIVE_HAND[bean][k]
        steps[give.text] = give
    return steps


def draft_steps(gives: dict[str, Action], partner_holds_cards: bool) -> dict[str, Action]:
    """A new draft's legal steps in order, by text (``Proposal`` keeps them up to date): the
    gives (``give_steps``, not changed), the asks if the partner holds cards, cancel."""
    steps = dict(gives)
    if partner_holds_cards:
        steps.update(ASK_STEPS)
    steps["cancel"] = CANCEL
    return steps


def check_offer(
    seat: int, partner: int, players: int, proposals_left: int | None, per_turn: int | None
) -> None:
    """Whether ``seat`` may open a draft to ``partner`` now (BO-T4, option proposals_per_turn)."""
    if proposals_left == 0:
        raise IllegalAction(
            _(
                "offer: {name} has started the {per_turn} proposals allowed this turn (proposals_per_turn, BO-T4)",
                name=SEAT_NAMES[seat],
                per_turn=per_turn,
            )
        )
    if not 0 <= partner < players:
        raise IllegalAction(
            _(
                "offer: there is no seat {partner} in this {players}-player game (BO-T4)",
                partner=partner,
                players=players,
            )
        )
    if partner == seat:
        raise IllegalAction(
            _("offer: every deal has the active player on one side and someone else on the other (BO-T4)")
        )


def check_give(
    seat: int, hand: Sequence[str], trading_area: Sequence[str], give: Sequence[Card], bean: str, k: int
) -> None:
    """A card the active player may add to a proposal (BO-T4): turned up, or in hand."""
    if k == 0:
        already = sum(1 for b, p in give if p == 0 and b == bean)
        if trading_area.count(bean) <= already:
            raise IllegalAction(
                _(
                    "give {bean}: no other turned-up {bean} is in the trading area; a hand card is named BEAN#K (BO-T4)",
                    bean=bean,
                )
                if already
                else _(
                    "give {bean}: no turned-up {bean} is in the trading area; a hand card is named BEAN#K (BO-T4)",
                    bean=bean,
                )
            )
        return
    check_hand_card(seat, hand, bean, k)
    if any(p == k for _, p in give):
        raise IllegalAction(
            _("give {bean}#{k}: hand card {k} is already in the proposal (BO-T4)", bean=bean, k=k)
        )


def check_hand_card(seat: int, hand: Sequence[str], bean: str, k: int) -> None:
    """Hand card ``k`` of ``seat`` exists and is a ``bean``."""
    if not 1 <= k <= len(hand):
        raise IllegalAction(
            _(
                "give {bean}#{k}: {name}'s hand has {count_hand} cards, counted from 1 at the front; cards received in a deal cannot be traded on (BO-T4)",
                bean=bean,
                k=k,
                name=SEAT_NAMES[seat],
                count_hand=len(hand),
            )
        )
    if hand[k - 1] != bean:
        raise IllegalAction(
            _(
                "give {bean}#{k}: hand card {k} of {name} is {hand}, not {bean} (BO-T4)",
                bean=bean,
                k=k,
                name=SEAT_NAMES[seat],
                hand=hand[k - 1],
            )
        )


def check_ask(partner: int, partner_hand_size: int, asked: int) -> None:
    """One more bean may be asked for: the partner gives only hand cards (BO-T4)."""
    if asked >= partner_hand_size:
        raise IllegalAction(
            _n(
                "ask: {partner} holds {n} hand card, and others give only hand cards (BO-T4)",
                "ask: {partner} holds {n} hand cards, and others give only hand cards (BO-T4)",
                partner_hand_size,
                partner=SEAT_NAMES[partner],
            )
        )


def check_not_empty(give: Sequence[Card], ask: Sequence[str]) -> None:
    if not give and not ask:
        raise IllegalAction(_("propose: the proposal is empty; give or ask for at least one bean (BO-T4)"))


def check_deal(
    seat: int,
    partner: int,
    hands: Sequence[Sequence[str]],
    trading_area: Sequence[str],
    gives: Sequence[Card],
    asks: Sequence[str],
) -> None:
    """A whole proposal in one text (``offer C give ... for ...``): every step checked at once."""
    give: list[Card] = []
    for bean, k in gives:
        check_give(seat, hands[seat], trading_area, give, bean, k)
        give.append((bean, k))
    for i in range(len(asks)):
        check_ask(partner, len(hands[partner]), i)
    check_not_empty(give, asks)


def count_deal(stats: dict[str, int], given: int, received: int) -> None:
    """One side's counts (``Bohnanza.stats``) after a deal."""
    stats["deals"] += 1
    stats["cards_given"] += given
    stats["cards_received"] += received


def can_accept(hand: Sequence[str], ask: Sequence[str]) -> bool:
    """Whether a hand holds every bean asked for."""
    return all(hand.count(b) >= ask.count(b) for b in set(ask))


def without_positions(hand: Sequence[str], positions: set[int]) -> list[str]:
    """The hand once the cards at ``positions`` (1 = front) leave it, the rest in their order (BO-T4)."""
    return [c for k, c in enumerate(hand, 1) if k not in positions]


def exchange(
    proposal: Proposal,
    seat: int,
    active: int,
    hands: list[list[str]],
    trading_area: list[str],
    received: list[list[str]],
) -> tuple[set[int], list[str], list[str]]:
    """BO-T4: ``seat`` accepts; the cards leave the hands only now, the rest keeping their order,
    and what each side gets is set aside in ``received``. Returns the partner's hand positions
    given, the beans the active player gave and the beans it got."""
    positions = proposal.positions_given(seat, hands[seat])
    give = proposal.give
    hands[active] = without_positions(hands[active], {k for _, k in give if k})
    for bean, k in give:
        if k == 0:
            trading_area.remove(bean)
    hands[seat] = without_positions(hands[seat], positions)
    gave = [b for b, _ in give]
    got = list(proposal.ask)
    received[seat].extend(gave)
    received[active].extend(got)
    return positions, gave, got
