"""Bohnanza (Uwe Rosenberg), the 104-card basic set: plant beans in hand order, trade, harvest.

What it teaches: a small exchange economy. No auction: every card has a
different value to each player (it feeds one player's field and forces another
to dig one up), so a deal can leave both sides better off. The hand can never
be rearranged, which makes the next cards urgent, and harvesting is an optimal
stopping question: take the coins now or wait for a higher step.

Information: chance in the shuffles only (seeded). Hands are hidden but their
sizes public; fields, coin counts (and the coin cards, whose beans follow from
the public harvests), the turned-up cards, the cards set aside after deals, the
discard pile and the deck size are public. A proposal is visible to the table
once it is made; while the active player drafts it only the partner is known.
Decisions are one at a time (``to_act`` holds one seat); there is no sealed step.

A turn (BO-T1 to BO-T6), phases as ``view()["phase"]`` names them:

- ``plant``: ``plant`` plants the front hand card (it must); then ``plant``
  again for the next front card or ``stop``. ``plant F`` plants it into field F
  instead (BO-T2, below). When the turn-up will run the deck out and reshuffle
  the discard pile, planting ends only with ``stop``, also after the second card
  or with the hand empty, so that everyone may harvest first (BO-T1, BO-H1).
- ``trade``: two cards are turned up, then the active player trades. A deal
  is built in small steps, so ``legal_actions`` stays short and complete:

  ========================  ==========================================================
  ``offer C``               start a proposal to seat C (letters as in the narration;
                            a seat number, ``offer 2``, is read as the same)
  ``give soy``              add a turned-up soy to what the active player gives
  ``give blue#4``           add hand card 4 (counted from the front, 1 = front), a blue
  ``ask red``               ask for one red in return (asks are by bean type; repeat
                            to ask for two)
  ``propose``               make the proposal: the table sees it, the partner answers
  ``cancel``                drop the draft
  ``accept`` / ``reject``   the partner's answer; ``accept`` hands over the frontmost
                            hand cards of the asked types ...
  ``give red#3``            ... unless the partner first chooses which red to give
  ``end-trading``           end the trade step
  ========================  ==========================================================

  A whole proposal can be written in one text, accepted by ``act`` as
  shorthand for its steps: ``offer C give soy,blue#4 for red`` (the document's
  example: a turned-up soy and the blue from hand position 4 for a red),
  ``offer C give soy`` (a gift, which C may refuse), ``offer C for red,red``
  (asking C for two reds as a gift). A bare bean in ``give`` is always a
  turned-up card; a hand card is named with its position, ``BEAN#K``.
  There is no limit on proposals (BO-T4); the option ``proposals_per_turn``
  (default None, no limit) bounds the proposals started in a turn, whether made,
  cancelled, accepted or rejected.
- ``plant-traded``: every player plants the beans received, and the active
  player the turned-up beans kept, one ``plant BEAN`` (or ``plant BEAN F``, into
  field F) at a time in an order of their choosing; the active player first,
  then clockwise.
- ``draw``: the active player draws three cards to the back of the hand and the
  next seat's turn begins. This is a decision (``draw``) only when the draw will
  run the deck out and reshuffle the discard pile; otherwise it follows the last
  planting at once (see "at any time" below).

Harvesting and the third field "at any time" (BO-H1, BO-H3): ``harvest F`` (field
1 to 3, with BO-H2's one-bean protection) and ``buy-field`` are legal for every
player at every point where the game waits for a decision, on anyone's turn:
among the legal actions of the seat to act, and the only legal actions of the
others (the public contract), who may take them without changing whose decision is awaited.
A player who must plant a bean that fits no field is offered only harvests (and
``buy-field``). The end of a turn, before the draw, is such a point as well; the
engine stops there for a ``draw`` decision only when the draw reshuffles the
discard pile, because only then can a harvest or purchase just before the draw
differ from the same action at the next decision: otherwise the draw moves only
deck cards into the active player's hidden hand, which changes neither what a
field pays nor which fields may be harvested, and when the draw ends the game
every field is harvested anyway (BO-E1). The same holds for the turn-up: when
it will reshuffle, planting ends with the active player's ``stop`` (also after the
second card), so that the field just grown can be sold before the discard pile is
shuffled. So bots and simulations make no extra decision in almost every turn.

Planting into a field of one's choice (BO-T2): a bean goes onto a field of its own
type or into any empty field, even when a field of its type exists, so two fields
may grow the same bean. ``plant`` and ``plant BEAN`` choose the first field of the
bean's type, else the first empty field; ``plant F`` / ``plant BEAN F`` name the
field. ``legal_actions`` lists the default and the fields that make a difference:
every other field of the bean's type and the first empty one (another empty field
gives the same position with the fields numbered differently; ``act`` accepts it).

The safety limit (BO-T4): without a bound on proposals a game could trade for
ever, so option ``max_decisions`` (default 20000, far beyond a real game) stops a
game after that many decisions; it is then over but unfinished
(``result()["finished"]`` False, no winners, the thaler so far as provisional
scores, no final harvest).

Readings of the rules (where the booklet, bohnanza-booklet, leaves them open):

- The active player makes every proposal and the partner answers it. Since
  every deal has the active player on one side (BO-T4), every deal the rules
  allow can be proposed this way: a gift to the active player is a proposal
  that gives nothing and asks (``offer C for red``).
- ``first_player`` (stack key and view) is the seat that plays first, the player
  on the dealer's left; the dealer is the seat before it (BO-C4). Unstacked, the
  dealer is drawn from the seed.
- The deck "runs out" the moment its last card is taken (turned up or drawn):
  the first and second time the discard pile is reshuffled at once, the third
  time the game ends at once, even in the middle of turning up or drawing
  (BO-D1, BO-D2). A reshuffle of an empty discard pile gives an empty deck, and
  the next card needed finds it run out again.
- Stacked ``hands`` are front first per seat (up to five cards; the rest of a
  hand is dealt from the shuffled cards); stacked ``deck`` cards lie on top of
  the deck after the deal, top first. ``deck`` in a teacher's view is top first;
  ``discard`` lists the pile oldest first, its top card last.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...core.actions import Action
from ...core.chance import shuffled
from ...core.errors import IllegalAction
from ...core.game import Game, register
from ...core.options import Option
from . import fields, refusals, rules, trading
from .actions import (
    DRAW,
    END_TRADING,
    OFFER,
    PLANT,
    PLANT_BEAN,
    PLANT_BEAN_INTO,
    PLANT_INTO,
    STOP,
    card_text,
    parse_action,
)
from .dealing import deal, dealer_and_first, decision_bound, read_stack, unstacked
from .i18n import N_, _
from .narration import EVENT_RULES, event_rule, narrate
from .records import records_from_events
from .rules import field_for
from .trading import Proposal
from .views import game_view, state_problems

# The offers a seat may open, per player count and seat (BO-T4): to every other seat, in order.
OFFERS = {
    n: tuple(tuple(OFFER[p] for p in range(n) if p != seat) for seat in range(n))
    for n in range(1, len(OFFER) + 1)
}

DEFAULT_MAX_DECISIONS = 20000  # BO-T4: the safety limit, far beyond any game the bots play

# BO-C5 and BO-T4: the variants the booklet suggests, and the limits on trading.
OPTIONS: tuple[Option, ...] = (
    Option(
        "third_field_cost",
        3,
        "BO-C5",
        N_("thaler paid for the third field (BO-H3); the booklet suggests 2 for 4 players"),
        minimum=0,
    ),
    Option(
        "three_fields_at_start",
        False,
        "BO-C5",
        N_("every player starts with three fields; the booklet suggests it for 3 players"),
        choices=(False, True),
    ),
    Option(
        "proposals_per_turn",
        None,
        "BO-T4",
        N_(
            "proposals the active player may start in one turn (made, cancelled, accepted or "
            "rejected); None (default) for no limit, 0 for a game without trading"
        ),
        choices=(None,),
        minimum=0,
    ),
    Option(
        "max_decisions",
        DEFAULT_MAX_DECISIONS,
        "BO-T4",
        N_(
            "a safety limit on decisions: a game that trades on and on stops there, unfinished. "
            "There is no 'off': without a bound on proposals a game could go on for ever"
        ),
        minimum=1,
    ),
)

# The counts ``stats`` reports for each seat, besides ``third_field``.
STAT_COUNTS = (
    "harvests",
    "forced_harvests",
    "beans_planted",
    "deals",
    "cards_given",
    "cards_received",
    "proposals",
)


@register
class Bohnanza(Game):
    """Bohnanza, the 104-card basic set (Japanese booklet rules), for 3 to 5 players."""

    name = "bohnanza"
    strongest_bot = "grower"  # lesson 07's baselines and the MCTS agent's opponents
    bench_strength = (("grower", "trader:0"),)
    title = N_("Bohnanza")  # shown translated: the catalogue has it
    rule_prefix = "BO"
    min_players = 3
    max_players = 5
    players_rule = "BO-C1"
    stack_keys = ("hands", "deck")
    options_declared = OPTIONS
    any_time_kinds = frozenset({"harvest", "buy-field"})  # BO-H1, BO-H3

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        n = self.players
        stacked_hands, stacked_deck = read_stack(self.stack, n)
        rest = unstacked(shuffled(self.rng, rules.ALL_CARDS), stacked_hands, stacked_deck)
        self.dealer, first = dealer_and_first(self.stack.get("first_player"), self.rng, n)  # BO-C4
        self.first_player = first
        self.hands, self.deck = deal(first, stacked_hands, stacked_deck, rest)  # BO-C2
        self.discard: list[str] = []  # oldest first, the top card last
        fields = rules.MAX_FIELDS if self.options["three_fields_at_start"] else rules.START_FIELDS
        self.fields: list[list[list | None]] = [[None] * fields for _ in range(n)]
        self.coins: list[list[str]] = [[] for _ in range(n)]  # coin cards, earliest earned first
        self.trading_area: list[str] = []
        self.received: list[list[str]] = [[] for _ in range(n)]
        self.exhaustions = 0
        self._final_exhaustion = False  # the deck ran out the last time: the game ends (BO-D2)
        self.turn = 0
        self.active = first
        self.phase = "plant"
        self.planted = 0
        self.proposal: Proposal | None = None
        self.proposals_left: int | None = 0  # None: no limit (BO-T4)
        self.stopped = False  # by the safety limit max_decisions (BO-T4)
        self.offers: list[dict[str, Any]] = []  # this turn's proposals and how they ended
        # Each seat's harvests and buy-field, listed once and kept until its fields or coins change.
        self._any_time_cache: list[list[Action] | None] = [None] * n
        self._stats = [dict.fromkeys(STAT_COUNTS, 0) for _ in range(n)]  # see ``stats``
        # BO-T4: the safety limit stops the game as its last decision (``_apply`` compares
        # the decisions before this one, ``len(history)``, with it at every step).
        self._last_step = self.options["max_decisions"] - 1
        self._give_steps: dict[str, Action] | None = None  # see ``_offer``
        self._decision_limit = decision_bound(
            n, self.options["max_decisions"], self.options["proposals_per_turn"]
        )
        self._emit(
            "setup",
            None,
            {
                "players": n,
                "dealer": self.dealer,
                "first_player": first,
                "fields": fields,
                "third_field_cost": self.options["third_field_cost"],
            },
        )
        for seat in range(n):
            self._emit(
                "deal", seat, {"cards": len(self.hands[seat]), "private": {"hand": list(self.hands[seat])}}
            )
        self._start_turn(first)

    # ------------------------------------------------------------- the deck
    def _take_cards(self, count: int) -> list[str]:
        """``count`` cards from the top of the deck, one at a time: the deck running out is handled
        at once (BO-D1), and fewer come when the game ends on the way (BO-D2)."""
        cards: list[str] = []
        deck = self.deck
        while len(cards) < count:
            if deck:
                cards.append(deck.pop())
                if deck:
                    continue
            # The deck is empty (an empty discard pile may have been reshuffled into it).
            if self._deck_runs_out():
                break
            deck = self.deck
        return cards

    def _deck_runs_out(self) -> bool:
        """The deck has run out: reshuffle the discard pile, or end the game the third time."""
        self.exhaustions += 1
        if self.exhaustions >= rules.LAST_EXHAUSTION:  # BO-D2
            self._final_exhaustion = True
            self._emit("exhausted", None, {"count": self.exhaustions, "reshuffled": 0, "ends": True})
            return True
        self.deck = shuffled(self.rng, self.discard)  # BO-D1: the discard pile only
        self.discard = []
        self._emit(
            "exhausted", None, {"count": self.exhaustions, "reshuffled": len(self.deck), "ends": False}
        )
        return False

    # --------------------------------------------------------------- a turn
    def _start_turn(self, seat: int) -> None:
        self.turn += 1
        self.active = seat
        self.phase = "plant"
        self.planted = 0
        self.proposals_left = self.options["proposals_per_turn"]
        self.offers = []
        self._emit("turn", seat, {"turn": self.turn, "hand": len(self.hands[seat]), "deck": len(self.deck)})
        if self.hands[seat]:
            self._to_act = (seat,)
        else:
            self._end_planting()  # BO-T1: an empty hand skips planting

    def _turn_up_reshuffles(self) -> bool:
        """Whether turning up two cards will run the deck out and reshuffle the discard pile (BO-D1)."""
        return len(self.deck) <= rules.TURN_UP and self.exhaustions < rules.LAST_EXHAUSTION - 1

    def _planting_over(self) -> bool:
        """The active player has planted all it may (two cards, or the hand is empty): only
        ``stop`` is left, offered only when the turn-up will reshuffle (``_end_planting``)."""
        return self.planted == rules.PLANTINGS_PER_TURN or not self.hands[self.active]

    def _end_planting(self) -> None:
        """BO-T1 ends, BO-T3 begins: the turn-up follows at once, unless it will reshuffle the
        discard pile: then the active player ends planting with ``stop``, so that everyone may
        first harvest (BO-H1), the field just grown too, before the discard pile is shuffled."""
        if self._turn_up_reshuffles():
            self._to_act = (self.active,)
            return
        self._turn_up()

    def _turn_up(self) -> None:
        """BO-T3: two cards from the deck face up into the trading area, then trading."""
        self.phase = "trade"
        self._give_steps = None  # a new trading area and hand: see ``_offer``
        cards = self._take_cards(rules.TURN_UP)
        self.trading_area.extend(cards)
        self._emit("turn-up", self.active, {"cards": cards})
        if self._final_exhaustion:
            self._end()
        else:
            self._to_act = (self.active,)

    def _next_planter(self) -> None:
        """BO-T5: the active player first, then clockwise, each plants everything received."""
        n, active = self.players, self.active
        for i in range(n):
            seat = (active + i) % n
            if self.received[seat] or (i == 0 and self.trading_area):
                self._to_act = (seat,)
                return
        if len(self.deck) <= rules.DRAW and self.exhaustions < rules.LAST_EXHAUSTION - 1:
            # BO-H1/BO-H3: the draw will reshuffle the discard pile, so a harvest just before it
            # differs from one after it: everyone gets this point to act, the active player draws.
            self.phase = "draw"
            self._to_act = (active,)
            return
        self._draw_cards()

    def _draw_cards(self) -> None:
        """BO-T6: the active player draws three, one at a time, to the back of the hand."""
        hand = self.hands[self.active]
        cards = self._take_cards(rules.DRAW)
        hand.extend(cards)
        self._emit("draw", self.active, {"count": len(cards), "private": {"cards": cards}})
        if self._final_exhaustion:
            self._end()
        else:
            self._start_turn((self.active + 1) % self.players)

    def _end(self) -> None:
        """BO-E1: every field is harvested, without the one-bean protection; most thaler wins."""
        self.phase = "over"
        self.proposal = None
        self._to_act = ()
        for seat in range(self.players):
            for i, field in enumerate(self.fields[seat]):
                if field is not None:
                    self._harvest_field(seat, i, final=True)
        self._end_game()

    # ----------------------------------------------------- planting, harvest
    def _plant(self, seat: int, bean: str, source: str, i: int) -> None:
        own = self.fields[seat]
        field = own[i]
        if field is None:
            field = own[i] = [bean, 1]
        else:
            field[1] += 1
        if field[1] <= 2:
            # The seat's harvests depend on each field being empty, of one bean or of more
            # (BO-H2), so only a first or second bean changes them; coins do not change here.
            self._any_time_cache[seat] = None
        self._stats[seat]["beans_planted"] += 1
        self._emit("plant", seat, {"bean": bean, "field": i + 1, "count": field[1], "source": source})

    def _harvest_field(self, seat: int, i: int, final: bool = False) -> None:
        forced = False
        if not final:
            stats = self._stats[seat]
            stats["harvests"] += 1
            forced = self._must_harvest(seat)
            if forced:
                stats["forced_harvests"] += 1
        harvest = fields.harvest(self.fields[seat], i)  # BO-H1
        bean = harvest["bean"]
        self.coins[seat].extend([bean] * harvest["coins"])
        self.discard.extend([bean] * harvest["discarded"])
        self._any_time_cache[seat] = None
        harvest["final"], harvest["forced"] = final, forced
        self._emit("harvest", seat, harvest)

    def _must_harvest(self, seat: int) -> bool:
        """Whether ``seat`` faces a bean it must plant that fits no field (BO-T2)."""
        phase = self.phase
        if phase == "plant":
            if self.planted == 0 and seat == self.active and self.hands[seat]:
                return field_for(self.fields[seat], self.hands[seat][0]) is None
        elif phase == "plant-traded":
            own = self.fields[seat]
            return all(field_for(own, bean) is None for bean in self._beans_to_plant(seat))
        return False

    def _beans_to_plant(self, seat: int) -> list[str]:
        """Beans ``seat`` must still plant after trading (BO-T5)."""
        if seat == self.active:
            return self.trading_area + self.received[seat]
        return self.received[seat]

    def _list_any_time(self, seat: int) -> list[Action]:
        """Harvests and the third field: legal for their owner at every decision (BO-H1, BO-H3).
        Called when the seat's cached list is gone (its fields or coins changed)."""
        any_time = self._any_time_cache[seat] = fields.any_time(
            self.fields[seat], self.coins[seat], self.options["third_field_cost"]
        )
        return any_time

    # ------------------------------------------------------------- protocol
    def any_time_actions(self, seat: int) -> list[Action]:
        """``harvest F`` and ``buy-field``: legal for every player whenever the game waits for
        anyone's decision, also on other players' turns (BO-H1, BO-H3)."""
        if not self._to_act or seat.__class__ is not int or not 0 <= seat < self.players:
            return []
        any_time = self._any_time_cache[seat]
        return list(any_time if any_time is not None else self._list_any_time(seat))

    def legal_actions(self, seat: int) -> list[Action]:
        # ``to_act``, the plain attribute, not the ``_to_act`` property: this runs at every step.
        if seat not in self.to_act:
            return self.any_time_actions(seat)
        phase = self.phase
        # The phases by how often a game asks (trade steps are most decisions of a random game).
        if phase == "trade":
            proposal = self.proposal
            if proposal is None:
                if self.proposals_left is None or self.proposals_left:
                    actions = [END_TRADING, *OFFERS[self.players][seat]]
                else:
                    actions = [END_TRADING]
            elif proposal.made:
                answers = proposal.answers
                if answers is None:  # the partner's hand changes only by its own picks
                    answers = proposal.answers = proposal.partner_answers(self.hands[seat])
                actions = list(answers)
            else:
                actions = list(proposal.steps.values())
        elif phase == "plant":
            # BO-T1: the front card must be planted, a second may be; BO-T2: into a field of the
            # player's choice, or harvest first if it fits nowhere.
            if self._planting_over():  # the turn-up will reshuffle: see ``_end_planting``
                actions = [STOP]
            else:
                actions = fields.plantings(self.fields[seat], self.hands[seat][0], PLANT, PLANT_INTO)
                if self.planted:
                    actions.append(STOP)
        elif phase == "plant-traded":
            beans = self.received[seat]  # ``_beans_to_plant``, written out
            if seat == self.active:
                beans = self.trading_area + beans
            own = self.fields[seat]
            if len(beans) == 1:  # the usual case: no need to set the beans apart
                bean = beans[0]
                actions = fields.plantings(own, bean, PLANT_BEAN[bean], PLANT_BEAN_INTO[bean])
            else:
                actions = []
                for bean in dict.fromkeys(beans):
                    actions += fields.plantings(own, bean, PLANT_BEAN[bean], PLANT_BEAN_INTO[bean])
        else:  # draw
            actions = [DRAW]
        any_time = self._any_time_cache[seat]
        actions += any_time if any_time is not None else self._list_any_time(seat)
        return actions

    def _parse_action(self, text: str) -> Action:
        return parse_action(text, self.phase)

    def _game_over(self) -> str:
        return refusals.game_over(self.stopped, self.options["max_decisions"])

    def _not_to_act(self, seat: int) -> str:
        answering = self.proposal is not None and self.proposal.made
        return refusals.not_to_act(self.phase, self._to_act[0], self.active, answering)

    def _apply(self, seat: int, action: Action) -> None:
        # One dispatch for every action (no second call to a step method): this runs at every step.
        kind = action.kind
        proposal = self.proposal
        if proposal is not None and not proposal.made and action.text in proposal.steps:
            # A step the draft lists is legal as it stands (``Proposal.steps`` is kept exact, and
            # only the active player drafts), so a give or an ask goes straight to its change:
            # half of a random game's decisions take this path.
            if kind == "give":
                bean, k = action.value
                proposal.give_listed(self.trading_area, action.text, bean, k)
                given = bean if k == 0 else f"{bean}#{k}"  # ``card_text``
                self._emit("draft", seat, {"partner": proposal.partner, "private": {"give": given}})
            elif kind == "ask":
                bean = action.value
                proposal.ask_listed(bean, len(self.hands[proposal.partner]))
                self._emit("draft", seat, {"partner": proposal.partner, "private": {"ask": bean}})
            else:  # propose, cancel
                self._draft_step(seat, proposal, action)
        elif kind == "harvest":
            # A harvest the seat's cached list holds is legal (the cache is kept up to date, and
            # the engine's own actions are the very objects listed); anything else is checked.
            for listed in self._any_time_cache[seat] or ():
                if listed is action:
                    break
            else:
                fields.check_harvest(self.fields[seat], seat, action.value)
            self._harvest_field(seat, action.value - 1)
        elif kind == "buy-field":
            self._buy_field(seat)
        else:
            phase = self.phase  # the phases by how often a game asks
            if phase == "trade":
                self._trade_step(seat, action)
            elif phase == "plant":
                value = action.value
                if kind == "stop":
                    self._pass_planting(seat)
                elif self._planting_over():
                    raise IllegalAction(refusals.planting_over(action, seat, self.planted))
                elif kind == "plant" and (value is None or value.__class__ is int):
                    self._plant_front(seat, value)
                else:
                    raise IllegalAction(refusals.planting(action, seat, self.hands[seat][0]))
            elif phase == "draw":
                if kind != "draw":
                    raise IllegalAction(refusals.drawing(action, seat))
                self._draw_cards()
            elif kind == "plant" and action.value.__class__ is str:  # plant-traded: plant BEAN
                self._plant_traded(seat, action.value, None)
            elif kind == "plant" and action.value.__class__ is tuple:  # plant BEAN F
                self._plant_traded(seat, *action.value)
            else:
                raise IllegalAction(refusals.planting_traded(action, seat))
        if len(self.history) >= self._last_step and self.to_act:
            self._stop_at_safety_limit()  # BO-T4: the safety limit

    def _stop_at_safety_limit(self) -> None:
        """BO-T4's safety limit: the game stops unfinished, with the thaler so far and no harvest."""
        self.stopped = True
        self.proposal = None
        self._end_game(decisions=len(self.history) + 1)

    # ---------------------------------------------------- step 1: planting
    def _plant_front(self, seat: int, number: int | None) -> None:
        hand = self.hands[seat]
        bean = hand[0]
        i = fields.field_index(self.fields[seat], seat, bean, number)
        hand.pop(0)
        self._plant(seat, bean, "hand", i)
        self.planted += 1
        if self.planted == rules.PLANTINGS_PER_TURN or not hand:
            self._end_planting()

    def _pass_planting(self, seat: int) -> None:
        if self.planted == 0 and self.hands[seat]:
            raise IllegalAction(
                _("stop: the front card ({hands}) must be planted first (BO-T1)", hands=self.hands[seat][0])
            )
        self._emit("stop", seat, {"planted": self.planted, "hand": len(self.hands[seat])})
        self._turn_up()

    # ------------------------------------------------------- harvest, buy
    def _buy_field(self, seat: int) -> None:
        cost = self.options["third_field_cost"]
        fields.check_buy_field(self.fields[seat], self.coins[seat], seat, cost)
        paid, kept = rules.pay_from_coins(self.coins[seat], cost)
        self.coins[seat] = kept
        self.discard.extend(paid)  # BO-H3: bean side up, earliest earned first
        self.fields[seat].append(None)
        self._any_time_cache[seat] = None
        self._emit("buy-field", seat, {"cost": cost, "paid": paid})

    # ------------------------------------------------------- step 3: trade
    def _trade_step(self, seat: int, action: Action) -> None:
        """BO-T4: the active player drafts and makes proposals; the partner answers each."""
        kind = action.kind
        proposal = self.proposal
        if proposal is not None and proposal.made:
            if kind == "accept":
                self._accept(seat, proposal)
            elif kind == "reject":
                self._reject(seat, proposal)
            elif kind == "give":
                proposal.add_pick(seat, self.hands[seat], *action.value)
                self._emit("pick", seat, {"private": {"give": card_text(*action.value)}})
            else:
                raise IllegalAction(refusals.answering(action, seat, self.active))
        elif proposal is not None:
            self._draft_step(seat, proposal, action)
        elif kind == "offer":
            self._offer(seat, action.value)
        elif kind == "deal":
            self._deal(seat, *action.value)
        elif kind == "end-trading":
            self._emit("end-trading", seat, {"offers": len(self.offers)})
            self.phase = "plant-traded"
            self._next_planter()
        else:
            raise IllegalAction(refusals.trading(action, seat))

    def _draft_step(self, seat: int, proposal: Proposal, action: Action) -> None:
        kind = action.kind
        if kind == "give":
            self._draft_give(seat, proposal, *action.value)
        elif kind == "ask":
            self._draft_ask(seat, proposal, action.value)
        elif kind == "propose":
            self._propose(seat, proposal)
        elif kind == "cancel":
            self.proposal = None
            self.offers[-1]["outcome"] = "cancelled"
            self._emit("cancel", seat, {"partner": proposal.partner})
        else:
            raise IllegalAction(refusals.drafting(action, seat))

    def _check_offer(self, seat: int, partner: int) -> None:
        trading.check_offer(
            seat, partner, self.players, self.proposals_left, self.options["proposals_per_turn"]
        )

    def _offer(self, seat: int, partner: int) -> None:
        left = self.proposals_left
        if left is not None or partner == seat or not 0 <= partner < self.players:
            self._check_offer(seat, partner)  # raises, saying why, unless only a count is left
            if left is not None:
                self.proposals_left = left - 1
        hands = self.hands
        # The gives are the same for every proposal of a trade step until a deal moves cards
        # (``_accept``; the next turn's ``_turn_up`` starts afresh): listed once, copied after.
        gives = self._give_steps
        if gives is None:
            gives = self._give_steps = trading.give_steps(self.trading_area, hands[seat])
        self.proposal = Proposal(partner, trading.draft_steps(gives, bool(hands[partner])))
        self.offers.append({"partner": partner, "outcome": "draft"})
        self._stats[seat]["proposals"] += 1
        self._emit("offer", seat, {"partner": partner})

    def _draft_give(self, seat: int, proposal: Proposal, bean: str, k: int) -> None:
        proposal.add_give(seat, self.hands[seat], self.trading_area, bean, k)
        self._emit("draft", seat, {"partner": proposal.partner, "private": {"give": card_text(bean, k)}})

    def _draft_ask(self, seat: int, proposal: Proposal, bean: str) -> None:
        proposal.add_ask(bean, len(self.hands[proposal.partner]))
        self._emit("draft", seat, {"partner": proposal.partner, "private": {"ask": bean}})

    def _propose(self, seat: int, proposal: Proposal) -> None:
        trading.check_not_empty(proposal.give, proposal.ask)
        proposal.made = True
        partner = proposal.partner
        self.offers[-1]["outcome"] = "made"
        self._to_act = (partner,)
        give = proposal.give
        self._emit(
            "propose",
            seat,
            {
                "partner": partner,
                "give": [b for b, _ in give],
                "turned_up": [k == 0 for _, k in give],
                "ask": list(proposal.ask),
                "private": {"give": [card_text(b, k) for b, k in give]},
            },
        )

    def _deal(self, seat: int, partner: int, gives: tuple, asks: tuple) -> None:
        """A whole proposal in one text: every step is checked before the first is taken."""
        self._check_offer(seat, partner)
        trading.check_deal(seat, partner, self.hands, self.trading_area, gives, asks)
        self._offer(seat, partner)
        proposal = self.proposal
        for bean, k in gives:
            self._draft_give(seat, proposal, bean, k)
        for bean in asks:
            self._draft_ask(seat, proposal, bean)
        self._propose(seat, proposal)

    def _accept(self, seat: int, proposal: Proposal) -> None:
        """BO-T4: cards leave the hands only now, the rest keeping their order; fields and coins stay;
        what each side gets is set aside, not traded on, and planted after trading."""
        active = self.active
        positions, gave, got = trading.exchange(
            proposal, seat, active, self.hands, self.trading_area, self.received
        )
        self._give_steps = None  # the hand and the trading area changed: see ``_offer``
        trading.count_deal(self._stats[active], len(gave), len(got))
        trading.count_deal(self._stats[seat], len(got), len(gave))
        self.proposal = None
        self.offers[-1]["outcome"] = "accepted"
        self._to_act = (active,)
        self._emit(
            "accept",
            seat,
            {"active": active, "gave": gave, "got": got, "private": {"positions": sorted(positions)}},
        )

    def _reject(self, seat: int, proposal: Proposal) -> None:
        self.proposal = None
        self.offers[-1]["outcome"] = "rejected"
        self._to_act = (self.active,)
        self._emit("reject", seat, {"active": self.active, "gift": not proposal.ask})

    # ------------------------------------------- step 3b: plant what was traded
    def _plant_traded(self, seat: int, bean: str, number: int | None) -> None:
        active = seat == self.active
        from_area = active and bean in self.trading_area
        received = self.received[seat]
        if not from_area and bean not in received:
            text = f"plant {bean}" if number is None else f"plant {bean} {number}"
            raise IllegalAction(refusals.nothing_to_plant(text, seat, bean, self._beans_to_plant(seat)))
        i = fields.field_index(self.fields[seat], seat, bean, number, traded=True)
        if from_area:
            self.trading_area.remove(bean)
        else:
            received.remove(bean)
        self._plant(seat, bean, "turned-up" if from_area else "received", i)
        if not received and not (active and self.trading_area):  # ``_beans_to_plant`` is empty
            self._next_planter()

    # -------------------------------------------------------------- narration
    # Each event's one line and rule, from its public data alone (``narration``).
    _narrate = staticmethod(narrate)
    event_rules: ClassVar[Mapping[str, str]] = EVENT_RULES
    _event_rule = staticmethod(event_rule)

    # ---------------------------------------------------------------- seeing
    def view(self, seat: int | None = None) -> dict[str, Any]:
        return game_view(self, seat)

    def standings(self) -> tuple[list[int], list[int]]:
        scores = [len(c) for c in self.coins]  # BO-E1: thaler are the coin cards
        return scores, rules.ranks(scores)

    def ended_by_rules(self) -> bool:
        return self.phase == "over" and not self.stopped

    @property
    def max_decisions(self) -> int:
        """The safety limit ``max_decisions`` (BO-T4: trading has no bound of its own), or less
        when ``proposals_per_turn`` bounds the trading: turns are then bounded by the cards the
        decks can give (five a turn, at most two reshuffles of at most 104 cards), plantings by
        the cards drawn, harvests by the plantings, and trading by ``proposals_per_turn``
        proposals of at most every card of two hands each."""
        return self._decision_limit

    def stats(self, seat: int) -> dict[str, Any]:
        return {"third_field": int(len(self.fields[seat]) == rules.MAX_FIELDS), **self._stats[seat]}

    def records(self) -> dict[str, list[dict[str, Any]]]:
        """What happened, one table per kind of event (``records.records_from_events``)."""
        return records_from_events(self._events)

    def state_problems(self, state: Mapping[str, Any]) -> list[str]:
        """Rule breaks a teacher's view can show: a bean too often or too seldom, a bad field."""
        return state_problems(state)
