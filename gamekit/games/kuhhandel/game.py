"""Kuhhandel / You're Bluffing! (Rüdiger Koltze): open auctions with a seller's right, and cow trades.

What it teaches: two auctions in one game. The auction is an open ascending
(English) auction in which the seller may take the lot at the winning price
(a right of first refusal, "buying in"), paid with money cards that give no
change. The cow trade is a two-player sealed-bid contest in which the number
of money cards offered is public but their values are not, so 0 cards make
bluffs: both offers are swapped, so the loser is paid the winner's offer.

Information: chance only in the shuffled animal deck and the start player.
Animals held, bids, the money-card count of every hand and the bank are
public (KH-C3); the values in a hand are private, and so is what is paid: a
payment's cards are known to the payer and the payee only, a cow-trade offer
to its maker until the other trader takes or swaps it (KH-K2..K4). Third
players learn only who won a trade.

An over-bid (KH-A7): a bid may exceed the bidder's money, but that is a
mistake the rule punishes, not a bluff. When the bidding closes, before the
auctioneer chooses to sell or buy in, a high bidder whose bid is above the
money they hold shows all their money cards to everyone and the auction is
run again without them; so a buy-in never pays an over-bidder, and the
auctioneer may buy in only if they can pay.

Our readings, where the rules guide (kuhhandel-guide) is silent or loose:
- KH-C1: the animals' names and set values are those of the published
  cards; the guide names none.
- KH-C3: every hand's number of money cards is public. The guide says money
  is kept out of sight, and in the cow trade that the number of cards offered
  can be seen; we make the count of every hand public, as it is at a table.
- KH-A3: bids go round the table from the auctioneer's left in multiples of
  10, each player raising or holding, up to all the money in play; the guide
  has free calling: anyone calls out any price above the current one. A player
  holding only 0 cards is asked in turn and may only hold (values are hidden, so
  skipping them would tell); only a player with no money cards is left out.
- KH-A7: the rerun is "without them"; the guide says only that the auction is
  held again.
- KH-K5: on a tie each trader takes back their own offer; the guide describes
  the swap and the repeat, not what happens to the money on a tie.

Action texts (the public contract): ``auction``; ``trade P ANIMAL`` (``trade B cow``);
``bid N`` (a multiple of 10, the new high bid); ``hold``; ``sell``; ``buy``;
``pay 10,10,50`` (the cards handed over, listed ascending). An offer or a
counter-offer is built in steps so that ``legal_actions`` stays short:
``add V`` puts one more money card of value V face down, then ``offer``
(the active player) or ``counter`` (the partner) hands it over; ``offer`` or
``counter`` with nothing added is an offer of no cards; the partner may
``accept`` only before adding a card. ``offer 0,10`` and ``counter 50,10``
are accepted by ``act`` as shorthand for the whole sequence (only before a
card has been added). Option ``max_turns`` (default 1000) stops a game that
has not ended by then; ``result()`` then says ``finished: False``.

The class below sequences the phases (set-up, turns, the end) and dispatches actions; beside
it, ``auction.py`` runs the open auction, ``cow_trade.py`` the cow trade, ``views.py`` builds
what each seat sees, ``parsing.py`` reads action texts, ``narration.py`` narrates events and
``records.py`` tabulates a log.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import compress
from operator import gt
from typing import Any, ClassVar

from ...core.actions import Action
from ...core.chance import shuffled, without
from ...core.errors import IllegalAction
from ...core.game import SEAT_NAMES, Event, Game, register
from ...core.options import Option
from ...core.stacking import stacked_pile
from . import auction, cow_trade, narration, parsing, records, rules, views
from .auction import Auction
from .cow_trade import CowTrade
from .i18n import N_, _
from .parsing import (
    ACCEPT,
    ADDS,
    AUCTION,
    BIDS,
    BUY,
    COUNTER,
    HOLD,
    OFFER,
    SELL,
    TRADES,
    pay_action,
)
from .rules import ANIMAL_INDEX, ANIMALS, BID_STEP, VALUE_INDEX

_N_ANIMALS = len(ANIMALS)
_ANIMAL_NUMBERS = range(_N_ANIMALS)  # compress(_ANIMAL_NUMBERS, counts): the animals held, in C
DEFAULT_MAX_TURNS = 1000
# Every bid as a list, sliced by legal_actions: a list slice is already the fresh list it returns.
_BID_LIST: list[Action] = list(BIDS)
# The commonest steps, called by _apply as plain globals (no module attribute to look up).
_bid, _hold, _add = auction.bid, auction.hold, cow_trade.add
# The trade actions by partner seat, then by animal index (TRADES is keyed by (seat, name)).
_TRADE_ROWS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(TRADES[p, animal] for animal in ANIMALS) for p in sorted({p for p, _ in TRADES})
)


def _empty_stats() -> dict[str, int]:
    return {
        "auctions_won": 0,
        "buy_ins": 0,
        "free_animals": 0,
        "paid": 0,
        "received": 0,
        "donkey_money": 0,
        "trades_started": 0,
        "trades_won": 0,
        "trades_lost": 0,
        "bluffs": 0,
    }


def decision_bound(players: int, max_turns: int) -> int:
    """The most decisions a game can take: per turn, the choice, then an auction or a cow trade."""
    top_cap = rules.bid_cap(rules.money_in_play(players, len(rules.DONKEY_PAYOUTS)))
    per_turn = max(
        # KH-A7: at most one run per bidder excluded plus a last one; per run every raise adds
        # at least 10 and between raises each other bidder holds once; then sell/buy and pay.
        players * (top_cap // rules.BID_STEP * players + (players - 1) + 2),
        # KH-K5: two rounds, each an offer and an answer of at most one step per money card.
        2 * 2 * (sum(rules.MONEY_SUPPLY) + 1),
    )
    return max_turns * (1 + per_turn)


@register
class Kuhhandel(Game):
    """Kuhhandel (You're Bluffing!) for 3 to 5 players."""

    name = "kuhhandel"
    strongest_bot = "cowtrader:3"  # lesson 07's baselines and the MCTS agent's opponents
    bench_strength = (("cowtrader", "value:1"),)
    title = N_("Kuhhandel")  # shown translated: the catalogue has it
    rule_prefix = "KH"
    min_players = 3
    max_players = 5
    players_rule = "KH-C2"
    seats_rule = "KH-C4"  # seats go clockwise from the start player
    stack_keys = ("animals",)
    options_declared = (
        Option(
            "max_turns",
            DEFAULT_MAX_TURNS,
            "KH-E4",
            N_(
                "safety limit on turns (auctions, trades and skipped turns); a game stopped there is "
                "unfinished. There is no 'off': without a limit, cow trades could go on for ever and "
                "no bound on the number of decisions would exist"
            ),
            minimum=1,
        ),
    )

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        n = self.players
        self.max_turns: int = self.options["max_turns"]
        self.deck = self._stacked_deck()  # top first
        first = self.stack.get("first_player")
        self.start_player = self.rng.randrange(n) if first is None else first  # KH-C4
        self.first_player = self.start_player
        self.money = [list(rules.START_MONEY) for _ in range(n)]  # KH-C2, counts per denomination
        self.bank = [s - n * h for s, h in zip(rules.MONEY_SUPPLY, rules.START_MONEY, strict=True)]
        self.animals = [[0] * _N_ANIMALS for _ in range(n)]  # counts per animal, in ANIMALS order
        self.donkeys_seen = 0
        self.turn = 0
        self.active = self.start_player
        self.phase = "turn"
        self.money_in_play = rules.money_in_play(n, 0)  # KH-E3: public, it changes only with donkeys
        self.bid_cap = rules.bid_cap(self.money_in_play)
        # What views show of animals and the bank, rebuilt only when they change: each seat's
        # herd, its animals by name (those it holds), and the bank's cards.
        self._herds: list[dict[str, int]] = [{} for _ in range(n)]
        self._bank_cards = rules.cards_of(self.bank)
        self.auction: Auction | None = None  # the running auction (KH-A1..A7)
        self.trade: CowTrade | None = None  # the running cow trade (KH-K1..K5)
        self.last_trade: dict[str, Any] | None = None
        self.stopped_at_turn_limit = False
        self._stats = [_empty_stats() for _ in range(n)]
        self._decision_bound = decision_bound(n, self.max_turns)
        self._emit(
            "setup", None, {"players": n, "start_player": self.start_player, "max_turns": self.max_turns}
        )
        self._start_turn()

    def _stacked_deck(self) -> list[str]:
        """Shuffle the 40 animals, then put the stacked ones on top in order (the public contract)."""
        pile = shuffled(self.rng, [a for a in ANIMALS for _ in range(rules.CARDS_PER_ANIMAL)])
        stacked = self.stack.get("animals")
        if stacked is None:
            return pile
        deck = dict.fromkeys(ANIMALS, rules.CARDS_PER_ANIMAL)
        stacked = stacked_pile("animals", stacked, deck, what="animal names", noun="animal", rule="KH-C1")
        return stacked + without(pile, stacked)

    # ------------------------------------------------------------ turn order
    def _can_trade(self, seat: int) -> bool:
        # Asked at every turn once the deck is empty: only the animals this seat holds are looked
        # up in the other herds.
        held = list(compress(_ANIMAL_NUMBERS, self.animals[seat]))  # the animals it holds
        for p, other in enumerate(self.animals):  # plain loops: a generator would be a call
            if p != seat:
                for i in held:
                    if other[i]:
                        return True
        return False

    def _start_turn(self) -> None:
        """KH-T1: the active player auctions or trades; with an empty deck and nobody to trade with,
        the turn is skipped. KH-E4: the safety limit stops the game."""
        n = self.players
        while True:
            if self.turn >= self.max_turns:
                self._stop_at_turn_limit()
                return
            self.turn += 1
            seat = self.active
            if self.deck or self._can_trade(seat):
                break
            self._emit("skip", seat, {"turn": self.turn})
            self.active = (seat + 1) % n
        self.phase = "turn"
        # The two attributes the core's _to_act property sets, without its call (see auction.bid);
        # is_over is set too, since the first turn follows the set-up's to_act of ().
        self.to_act, self.is_over = (seat,), False

    def _end(self) -> None:
        self._end_game()  # KH-E1, KH-E2

    def _stop_at_turn_limit(self) -> None:
        """KH-E4: the turn limit is reached; the game is over but unfinished."""
        self.stopped_at_turn_limit = True
        self._end_game(turns=self.turn)

    def _herd(self, seat: int) -> dict[str, int]:
        # {animal: count} of the animals held, in ANIMALS order; compress keeps the pairs whose
        # count is not 0, all in C (this runs at every animal that changes hands).
        counts = self.animals[seat]
        # (zip without strict=: any keyword sends the call down a slower path; both have ten)
        return dict(compress(zip(ANIMALS, counts), counts))  # noqa: B905

    # ------------------------------------ what the auction and the cow trade do to the game
    # ``auction.py`` and ``cow_trade.py`` change the game through these methods and its public
    # state (money, animals, deck, bank, phase, to_act, auction, trade, last_trade), never its
    # private attributes: the sub-protocols' whole interface to the game.

    emit = Game._emit  # record an event: ``_emit`` itself, by a name the folder's modules call

    def tally(self, seat: int, stat: str, amount: int = 1) -> None:
        """Add ``amount`` to one of ``seat``'s counts (``stats``: paid, trades_won, bluffs, ...)."""
        self._stats[seat][stat] += amount

    def bank_pays_everyone(self, value: int) -> None:
        """KH-A2: the bank gives every player one money card of ``value`` (a donkey's payout)."""
        i = VALUE_INDEX[value]
        if self.bank[i] < self.players:
            raise RuntimeError(f"the bank has only {self.bank[i]} cards of {value} for the donkey payout")
        self.bank[i] -= self.players
        self._bank_cards = rules.cards_of(self.bank)
        for s in range(self.players):
            self.money[s][i] += 1
            self._stats[s]["donkey_money"] += value

    def give_animals(self, taker: int, giver: int | None, animal: str, count: int, rule: str) -> None:
        """Move animal cards; ``rule`` is the rule ID that gives them (shown by the step player)."""
        i = ANIMAL_INDEX[animal]
        if giver is not None:
            self.animals[giver][i] -= count
            self._herds[giver] = self._herd(giver)
        self.animals[taker][i] += count
        self._herds[taker] = self._herd(taker)
        self._emit("takes", taker, {"animal": animal, "count": count, "from": giver, "rule_id": rule})

    def end_turn(self) -> None:
        """After an auction or a cow trade: the game ends (KH-E1) or the next player's turn starts."""
        self.auction = self.trade = None
        if not self.deck and rules.game_complete(self.animals):  # KH-E1
            self._end()
            return
        self.active = (self.active + 1) % self.players  # KH-C4: clockwise
        self._start_turn()

    # -------------------------------------------------------------- narration
    event_rules: ClassVar[Mapping[str, str]] = narration.EVENT_RULES

    def _event_rule(self, event: Event) -> str | None:
        return narration.event_rule(event)

    def _narrate(self, event: Event) -> str:
        return narration.narrate(event)

    # ------------------------------------------------------------- protocol
    def legal_actions(self, seat: int) -> list[Action]:
        # The hot path of every playout: the plain ``to_act`` attribute (``_to_act`` is a property),
        # and the bidding phase, most decisions of a game, first.
        if seat not in self.to_act:
            return []
        phase = self.phase
        if phase == "bidding":  # an auction is running (no assert here: this is the hot path)
            hand = self.money[seat]
            if sum(hand) == hand[0]:
                return [HOLD]  # KH-A3: only 0 cards (or none), which pay nothing
            # [hold, every raise up to the cap] in one copy: the slice starts at the high bid's
            # own entry (bid 0 before any bid), which is not a raise, and hold takes its place.
            actions = _BID_LIST[self.auction.high_bid // BID_STEP : self.bid_cap // BID_STEP + 1]  # type: ignore[union-attr]
            if not actions:  # not in play (the high bid never passes the cap), but never []
                return [HOLD]
            actions[0] = HOLD
            return actions
        running, trade = self.auction, self.trade
        if phase == "offer" or phase == "respond":
            assert trade is not None
            hand, added = self.money[seat], trade.added_counts
            # add V for each value of which the hand holds more cards than are already down
            adds = list(compress(ADDS, map(gt, hand, added)))
            if phase == "offer":
                adds.append(OFFER)
                return adds
            if trade.cards_added:
                adds.append(COUNTER)
                return adds
            return [ACCEPT, *adds, COUNTER]
        if phase == "turn":
            actions = [AUCTION] if self.deck else []
            mine = self.animals[seat]
            held = list(compress(_ANIMAL_NUMBERS, mine))  # only these can be traded (KH-K1)
            if held:
                for p, other in enumerate(self.animals):
                    if p != seat:
                        trades = _TRADE_ROWS[p]
                        for i in held:  # a plain loop: a list comprehension per partner costs a call
                            if other[i]:
                                actions.append(trades[i])  # KH-K1
            return actions
        assert running is not None  # deciding or paying
        if phase == "decide":
            if rules.money_total(self.money[seat]) >= running.high_bid:
                return [SELL, BUY]
            return [SELL]  # KH-A7: no buying in without the money
        if phase == "pay":
            if running.pay_options is None:
                running.pay_options = [
                    pay_action(c) for c in rules.payment_options(self.money[seat], running.high_bid)
                ]
            return list(running.pay_options)
        return []

    def _parse_action(self, text: str) -> Action:
        return parsing.parse_action(text, getattr(self, "phase", "turn"))

    def _game_over(self) -> str:
        if self.stopped_at_turn_limit:
            return _("the game was stopped at the turn limit of {turns} turns (KH-E4)", turns=self.max_turns)
        return _("the game is over: every animal is a complete set (KH-E1)")

    def _not_to_act(self, seat: int) -> str:
        name, now = SEAT_NAMES[seat], SEAT_NAMES[self._to_act[0]]
        phase = self.phase
        if phase == "turn":
            return _("it is {now}'s turn to auction or trade, not {name}'s (KH-T1)", now=now, name=name)
        if phase == "bidding":
            assert self.auction is not None
            return auction.not_to_bid(self.auction, seat, now)
        if phase == "decide":
            return _("the auctioneer {now} decides to sell or buy in, not {name} (KH-A5)", now=now, name=name)
        if phase == "pay":
            return _("{now} is paying, not {name} (KH-A6)", now=now, name=name)
        if phase == "offer":
            return _("{now} is making an offer face down, not {name} (KH-K2)", now=now, name=name)
        return _("{now} is answering the offer, not {name} (KH-K3)", now=now, name=name)

    def _apply(self, seat: int, action: Action) -> None:
        # act() has refused every seat that is not to act (seats that are not ints among them)
        # and every action once the game is over. Bids and holds, most decisions of a game, are
        # dispatched here directly rather than through a method of their own (one call less).
        phase, kind = self.phase, action.kind
        if phase == "bidding":
            if kind == "bid" and action.value.__class__ is int:
                _bid(self, seat, action.value)
            elif kind == "hold":
                _hold(self, seat)
            else:
                raise IllegalAction(
                    _(
                        "{action}: the auction is running, so the choice is bid N or hold (KH-A3)",
                        action=action,
                    )
                )
        elif phase == "offer" or phase == "respond":
            if kind == "add" and action.value in VALUE_INDEX:  # the commonest step of a trade
                _add(self, seat, action.value)
            else:
                self._apply_trading(seat, action, phase)
        elif phase == "turn":
            self._apply_turn(seat, action)
        elif phase == "decide":
            self._apply_decision(seat, action)
        else:
            assert phase == "pay"
            self._apply_payment(seat, action)

    def _apply_turn(self, seat: int, action: Action) -> None:
        kind = action.kind
        if kind == "auction":
            auction.start(self, seat)
        elif kind == "trade" and parsing.is_trade_target(action.value):
            cow_trade.start(self, seat, action.value[0], action.value[1])
        else:
            raise IllegalAction(_("{action}: a turn is 'auction' or 'trade P ANIMAL' (KH-T1)", action=action))

    def _apply_decision(self, seat: int, action: Action) -> None:
        if action.kind == "sell":
            auction.sell(self, seat)
        elif action.kind == "buy":
            auction.buy(self, seat)
        else:
            raise IllegalAction(_("{action}: the auctioneer either sells or buys in (KH-A5)", action=action))

    def _apply_payment(self, seat: int, action: Action) -> None:
        cards = action.value
        listed = self.auction.pay_options if self.auction is not None else None
        if listed is not None and action in listed:
            # One of the payments legal_actions listed for this very hand and price: those are
            # exactly the payments KH-A6 allows, so they need not be checked again.
            auction.pay(self, seat, cards, checked=True)
        elif action.kind == "pay" and isinstance(cards, tuple) and all(v in VALUE_INDEX for v in cards):
            auction.pay(self, seat, tuple(sorted(cards)))
        else:
            assert self.auction is not None
            price = self.auction.high_bid
            raise IllegalAction(
                _(
                    "{action}: {name} now pays {price} in money cards, written like 'pay 10,50' (KH-A6)",
                    action=action,
                    name=SEAT_NAMES[seat],
                    price=price,
                )
            )

    def _apply_trading(self, seat: int, action: Action, phase: str) -> None:
        kind = action.kind
        if kind == "add" and action.value in VALUE_INDEX:
            cow_trade.add(self, seat, action.value)
        elif phase == "offer" and kind == "offer":
            cow_trade.offer(self, seat, parsing.offered_cards(action))
        elif phase == "respond" and kind == "accept":
            cow_trade.accept(self, seat)
        elif phase == "respond" and kind == "counter":
            cow_trade.counter(self, seat, parsing.offered_cards(action))
        elif phase == "offer":
            raise IllegalAction(
                _(
                    "{action}: {name} is making an offer: add V, then offer (KH-K2)",
                    action=action,
                    name=SEAT_NAMES[seat],
                )
            )
        else:
            raise IllegalAction(
                _(
                    "{action}: {name} answers the offer: accept, or add V and counter (KH-K3)",
                    action=action,
                    name=SEAT_NAMES[seat],
                )
            )

    # ---------------------------------------------------------------- seeing
    def view(self, seat: int | None = None) -> dict[str, Any]:
        return views.view(self, seat)

    def standings(self) -> tuple[list[int], list[int]]:
        scores = [rules.score(herd) for herd in self._herds]  # KH-E2
        return scores, rules.ranks(scores)

    def ended_by_rules(self) -> bool:
        return self.phase == "over" and not self.stopped_at_turn_limit

    @property
    def max_decisions(self) -> int:
        # Per turn: the choice, then an auction (runs x (raises x bidders + holds) + sell/buy + pay)
        # or a cow trade (two rounds of offer and answer, one step per money card); see decision_bound.
        return self._decision_bound

    def stats(self, seat: int) -> dict[str, Any]:
        herd = self._herds[seat]
        return {
            "sets": len(rules.completed_sets(herd)),
            "money_left": rules.money_total(self.money[seat]),
            **self._stats[seat],
        }

    def records(self) -> dict[str, list[dict[str, Any]]]:
        """What happened, read back from the events (see ``records.records``)."""
        return records.records(self._events)

    def state_problems(self, state: Mapping[str, Any]) -> list[str]:
        """Rule breaks a teacher's view can show (see ``views.state_problems``)."""
        return views.state_problems(state)
