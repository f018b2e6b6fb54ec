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
  has free calling: anyone calls out any price above the current one.
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
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

from ...core.actions import Action
from ...core.chance import shuffled
from ...core.errors import ConfigError, IllegalAction
from ...core.game import SEAT_NAMES as _LETTERS
from ...core.game import Event, Game, register
from ...core.options import Option
from ...core.sealed import SealedChoices
from . import narration, records, rules
from .rules import ANIMAL_INDEX, ANIMALS, MONEY_VALUES, VALUE_INDEX

_N_ANIMALS = len(ANIMALS)
_N_VALUES = len(MONEY_VALUES)
_SET = rules.CARDS_PER_ANIMAL
_MAX_MONEY = rules.money_total(rules.MONEY_SUPPLY)  # 4,700: no bid can ever be higher
DEFAULT_MAX_TURNS = 1000

AUCTION = Action("auction")
HOLD = Action("hold")
SELL = Action("sell")
BUY = Action("buy")
ACCEPT = Action("accept")
OFFER = Action("offer")  # hand over the cards added so far (none: an offer of no cards)
COUNTER = Action("counter")
BIDS = tuple(Action("bid", rules.BID_STEP * i) for i in range(_MAX_MONEY // rules.BID_STEP + 1))
ADDS = tuple(Action("add", v) for v in MONEY_VALUES)
TRADES = {
    (seat, animal): Action("trade", (seat, animal), f"trade {_LETTERS[seat]} {animal}")
    for seat in range(5)
    for animal in ANIMALS
}
_SIMPLE = {a.text: a for a in (AUCTION, HOLD, SELL, BUY, ACCEPT, OFFER, COUNTER)}
_PAYS: dict[tuple[int, ...], Action] = {}
_ACTION_HELP = (
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
        action = _PAYS[cards] = Action("pay", cards, "pay " + ",".join(map(str, cards)) if cards else "pay")
    return action


def _cards_text(cards: tuple[int, ...] | list[int]) -> str:
    return ",".join(map(str, cards))


def _number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() else None


@register
class Kuhhandel(Game):
    """Kuhhandel (You're Bluffing!) for 3 to 5 players."""

    name = "kuhhandel"
    title = "Kuhhandel"
    rule_prefix = "KH"
    min_players = 3
    max_players = 5
    players_rule = "KH-C2"
    stack_keys = ("animals",)
    options_declared = (
        Option(
            "max_turns",
            DEFAULT_MAX_TURNS,
            "KH-E4",
            "safety limit on turns (auctions, trades and skipped turns); a game stopped there is "
            "unfinished. There is no 'off': without a limit, cow trades could go on for ever and "
            "no bound on the number of decisions would exist",
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
        self.money = [list(rules.START_MONEY) for _ in range(n)]  # KH-C2, counts per denomination
        self.bank = [s - n * h for s, h in zip(rules.MONEY_SUPPLY, rules.START_MONEY, strict=True)]
        self.animals = [[0] * _N_ANIMALS for _ in range(n)]
        self.donkeys_seen = 0
        self.turn = 0
        self.active = self.start_player
        self.phase = "turn"
        # The running auction (KH-A1..A7).
        self.lot: str | None = None
        self.run = 0
        self.excluded: list[int] = []
        self.bidders: list[int] = []
        self.bidder: int | None = None
        self.high_bid = 0
        self.high_bidder: int | None = None
        self.held: list[int] = []
        self.in_play = rules.money_in_play(n, 0)  # KH-E3: public, it changes only with donkeys
        self.cap = rules.bid_cap(self.in_play)
        # What views show of animals and the bank, rebuilt only when they change.
        self._held = [{} for _ in range(n)]
        self._bank_cards = rules.cards_of(self.bank)
        self.payer: int | None = None
        self.payee: int | None = None
        self.taker: int | None = None
        self._pay_options: list[Action] | None = None
        # The running cow trade (KH-K1..K5): sealed offers, and the cards being added to one.
        self.partner: int | None = None
        self.trade_animal: str | None = None
        self.stake = 0
        self.trade_round = 0
        self.sealed: SealedChoices | None = None
        self.offer_cards: tuple[int, ...] | None = None
        self.building: list[int] = []
        self.building_counts = [0] * _N_VALUES
        self.last_trade: dict[str, Any] | None = None
        self.stopped = False
        self._stats = [
            {
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
            for _ in range(n)
        ]
        top_cap = rules.bid_cap(rules.money_in_play(n, len(rules.DONKEY_PAYOUTS)))
        per_turn = max(
            # KH-A7: at most one run per bidder excluded plus a last one; per run every raise adds
            # at least 10 and between raises each other bidder holds once; then sell/buy and pay.
            n * (top_cap // rules.BID_STEP * n + (n - 1) + 2),
            # KH-K5: two rounds, each an offer and an answer of at most one step per money card.
            2 * 2 * (sum(rules.MONEY_SUPPLY) + 1),
        )
        self._bound = self.max_turns * (1 + per_turn)
        self._events.append(
            {
                "type": "setup",
                "seat": None,
                "players": n,
                "start_player": self.start_player,
                "max_turns": self.max_turns,
            }
        )
        self._start_turn()

    def _stacked_deck(self) -> list[str]:
        """Shuffle the 40 animals, then put the stacked ones on top in order (the public contract)."""
        pile = shuffled(self.rng, [a for a in ANIMALS for _ in range(rules.CARDS_PER_ANIMAL)])
        stacked = self.stack.get("animals")
        if stacked is None:
            return pile
        if not isinstance(stacked, list | tuple) or not all(isinstance(a, str) for a in stacked):
            raise ConfigError(f"stack animals must be a list of animal names, not {stacked!r}")
        wanted = Counter(stacked)
        for animal, count in sorted(wanted.items()):
            if animal not in ANIMAL_INDEX:
                raise ConfigError(
                    f"stack animals: {animal!r} is not an animal; animals: {', '.join(ANIMALS)} (KH-C1)"
                )
            if count > rules.CARDS_PER_ANIMAL:
                raise ConfigError(
                    f"stack animals: {animal} is listed {count} times but there are only "
                    f"{rules.CARDS_PER_ANIMAL} (KH-C1)"
                )
        rest = []
        for animal in pile:
            if wanted[animal]:
                wanted[animal] -= 1
            else:
                rest.append(animal)
        return list(stacked) + rest

    # ------------------------------------------------------------ turn order
    def _can_trade(self, seat: int) -> bool:
        mine = self.animals[seat]
        return any(
            mine[i] and other[i]
            for p, other in enumerate(self.animals)
            if p != seat
            for i in range(_N_ANIMALS)
        )

    def _start_turn(self) -> None:
        """KH-T1: the active player auctions or trades; with an empty deck and nobody to trade with,
        the turn is skipped. KH-E4: the safety limit stops the game."""
        n = self.players
        while True:
            if self.turn >= self.max_turns:
                self._stop()
                return
            self.turn += 1
            seat = self.active
            if self.deck or self._can_trade(seat):
                break
            self._events.append({"type": "skip", "seat": seat, "turn": self.turn})
            self.active = (seat + 1) % n
        self.phase = "turn"
        self._to_act = (seat,)

    def _end_turn(self) -> None:
        if not self.deck and rules.game_complete(self.animals):  # KH-E1
            self._end()
            return
        self.active = (self.active + 1) % self.players  # KH-C4: clockwise
        self._start_turn()

    def _end(self) -> None:
        self.phase = "over"
        self._to_act = ()
        res = self.result()
        self._events.append({"type": "end", "seat": None, "scores": res["scores"], "winners": res["winners"]})

    def _stop(self) -> None:
        """KH-E4: the turn limit is reached; the game is over but unfinished."""
        self.phase = "over"
        self.stopped = True
        self._to_act = ()
        self._events.append(
            {"type": "stopped", "seat": None, "turns": self.turn, "scores": self.result()["scores"]}
        )

    def _give_animals(self, taker: int, giver: int | None, animal: str, count: int, rule: str) -> None:
        """Move animal cards; ``rule`` is the rule ID that gives them (shown by the step player)."""
        i = ANIMAL_INDEX[animal]
        if giver is not None:
            self.animals[giver][i] -= count
            self._held[giver] = self._held_dict(giver)
        self.animals[taker][i] += count
        self._held[taker] = self._held_dict(taker)
        self._events.append(
            {"type": "takes", "seat": taker, "animal": animal, "count": count, "from": giver, "rule_id": rule}
        )

    def _held_dict(self, seat: int) -> dict[str, int]:
        return {ANIMALS[i]: c for i, c in enumerate(self.animals[seat]) if c}

    def _move_money(self, giver: int, taker: int, cards: tuple[int, ...] | list[int]) -> None:
        give, take = self.money[giver], self.money[taker]
        for card in cards:
            i = VALUE_INDEX[card]
            give[i] -= 1
            take[i] += 1

    # ---------------------------------------------------------------- auction
    def _auction(self, seat: int) -> None:
        if not self.deck:
            raise IllegalAction("auction: the animal deck is empty, so only cow trades are possible (KH-T1)")
        animal = self.deck.pop(0)  # KH-A1
        self.lot = animal
        self.excluded = []
        self.run = 0
        self._events.append({"type": "auction", "seat": seat, "animal": animal, "turn": self.turn})
        if animal == rules.DONKEY:  # KH-A2
            self.donkeys_seen += 1
            value = rules.donkey_payout(self.donkeys_seen)
            i = VALUE_INDEX[value]
            if self.bank[i] < self.players:
                raise RuntimeError(f"the bank has only {self.bank[i]} cards of {value} for the donkey payout")
            self.bank[i] -= self.players
            self._bank_cards = rules.cards_of(self.bank)
            for s in range(self.players):
                self.money[s][i] += 1
                self._stats[s]["donkey_money"] += value
            self.in_play = rules.money_in_play(self.players, self.donkeys_seen)
            self.cap = rules.bid_cap(self.in_play)
            self._events.append({"type": "donkey", "seat": None, "number": self.donkeys_seen, "value": value})
        self._open_bidding()

    def _open_bidding(self) -> None:
        """Start a run of the auction: round the table from the auctioneer's left (KH-A3, KH-A7)."""
        self.run += 1
        can_bid = [rules.money_total(m) > 0 for m in self.money]  # KH-A3: no money, no bid
        self.bidders = rules.bidding_order(self.players, self.active, self.excluded, can_bid)
        self.high_bid = 0
        self.high_bidder = None
        self.held = []
        if not self.bidders:
            self._close_bidding()
            return
        self.bidder = self.bidders[0]
        self.phase = "bidding"
        self._to_act = (self.bidder,)

    def _bid(self, seat: int, amount: int) -> None:
        if amount % rules.BID_STEP or amount <= 0:
            raise IllegalAction(f"bid {amount}: bids are multiples of 10 (KH-A3)")
        if amount <= self.high_bid:
            raise IllegalAction(f"bid {amount} must be above the current bid {self.high_bid} (KH-A3)")
        if amount > self.cap:
            raise IllegalAction(
                f"bid {amount} is more than all the money in play ({self.cap}); bids go up to that (KH-A3)"
            )
        self.high_bid = amount
        self.high_bidder = seat
        self.held = []  # KH-A3: a raise starts the round of holds afresh
        self._events.append({"type": "bid", "seat": seat, "amount": amount})
        if len(self.bidders) == 1:
            self._close_bidding()
            return
        self.bidder = rules.next_bidder(self.bidders, seat, seat)
        self._to_act = (self.bidder,)

    def _hold(self, seat: int) -> None:
        self.held.append(seat)
        self._events.append({"type": "hold", "seat": seat})
        if rules.bidding_closed(self.bidders, self.high_bidder, self.held):
            self._close_bidding()
            return
        self.bidder = rules.next_bidder(self.bidders, seat, self.high_bidder)
        self._to_act = (self.bidder,)

    def _close_bidding(self) -> None:
        self.bidder = None
        auctioneer, animal = self.active, self.lot
        assert animal is not None
        if self.high_bidder is None:  # KH-A4: no bid, the auctioneer takes the animal free
            self._events.append({"type": "no_bid", "seat": auctioneer, "animal": animal})
            self._stats[auctioneer]["free_animals"] += 1
            self._give_animals(auctioneer, None, animal, 1, "KH-A4")
            self._finish_auction()
            return
        winner, price = self.high_bidder, self.high_bid
        self._events.append({"type": "close", "seat": winner, "animal": animal, "amount": price})
        if rules.over_bid(self.money[winner], price):
            # KH-A7, checked at the close, before the auctioneer chooses: the winner shows all their
            # money to everyone (a public event) and the auction is run again without them, so an
            # over-bid is never paid out by a buy-in.
            self._events.append(
                {
                    "type": "cannot_pay",
                    "seat": winner,
                    "amount": price,
                    "money": rules.cards_of(self.money[winner]),
                }
            )
            self.excluded.append(winner)
            self._open_bidding()
            return
        self.phase = "decide"  # KH-A5
        self._to_act = (auctioneer,)

    def _sell(self, seat: int) -> None:
        winner, price = self.high_bidder, self.high_bid
        assert winner is not None and not rules.over_bid(self.money[winner], price)  # KH-A7 at the close
        self._events.append({"type": "sell", "seat": seat, "to": winner, "amount": price})
        self.payer, self.payee, self.taker = winner, seat, winner
        self._start_payment()

    def _buy(self, seat: int) -> None:
        price = self.high_bid
        if rules.money_total(self.money[seat]) < price:
            raise IllegalAction(
                f"buy: {_LETTERS[seat]} cannot pay {price}, and the auctioneer may buy in only if they can "
                "pay (KH-A7)"
            )
        self._events.append({"type": "buy", "seat": seat, "from": self.high_bidder, "amount": price})
        self.payer, self.payee, self.taker = seat, self.high_bidder, seat
        self._start_payment()

    def _start_payment(self) -> None:
        self.phase = "pay"
        self._pay_options = None
        assert self.payer is not None
        self._to_act = (self.payer,)

    def _pay(self, seat: int, cards: tuple[int, ...]) -> None:
        price = self.high_bid
        problem = rules.payment_problem(self.money[seat], cards, price)
        if problem is not None:
            raise IllegalAction(f"pay {_cards_text(cards) or 'nothing'}: {problem} (KH-A6)")
        payee, taker, animal = self.payee, self.taker, self.lot
        assert payee is not None and taker is not None and animal is not None
        self._move_money(seat, payee, cards)
        paid = sum(cards)
        self._stats[seat]["paid"] += paid
        self._stats[payee]["received"] += paid
        self._stats[taker]["buy_ins" if taker == self.active else "auctions_won"] += 1
        # What was handed over is known to the two of them only; the price and count are public.
        self._events.append(
            {
                "type": "pay",
                "seat": seat,
                "to": payee,
                "price": price,
                "cards": len(cards),
                "private": {"money": list(cards)},
            }
        )
        self._events.append(
            {
                "type": "receive",
                "seat": payee,
                "from": seat,
                "cards": len(cards),
                "private": {"money": list(cards)},
            }
        )
        self._give_animals(taker, None, animal, 1, "KH-A5")
        self._finish_auction()

    def _finish_auction(self) -> None:
        self.lot = None
        self.bidders = []
        self.excluded = []
        self.held = []
        self.high_bid = 0
        self.high_bidder = None
        self.payer = self.payee = self.taker = None
        self._pay_options = None
        self.run = 0
        self._end_turn()

    # -------------------------------------------------------------- cow trade
    def _trade(self, seat: int, partner: int, animal: str) -> None:
        text = f"trade {_LETTERS[partner]} {animal}" if 0 <= partner < len(_LETTERS) else "trade"
        if partner == seat:
            raise IllegalAction(f"{text}: a cow trade is with another player (KH-K1)")
        if not 0 <= partner < self.players:
            raise IllegalAction(f"{text}: there is no seat {_LETTERS[partner]} in this game (KH-K1)")
        i = ANIMAL_INDEX[animal]
        mine, theirs = self.animals[seat][i], self.animals[partner][i]
        if not rules.can_trade(mine, theirs):
            who = _LETTERS[seat] if not mine else _LETTERS[partner]
            raise IllegalAction(f"{text}: {who} holds no {animal}; both must hold the animal (KH-K1)")
        self.partner = partner
        self.trade_animal = animal
        self.stake = rules.stake(mine, theirs)
        self.trade_round = 1
        self._stats[seat]["trades_started"] += 1
        self._events.append(
            {
                "type": "trade",
                "seat": seat,
                "partner": partner,
                "animal": animal,
                "stake": self.stake,
                "turn": self.turn,
            }
        )
        self._open_offer()

    def _open_offer(self) -> None:
        # The active player's offer and the partner's answer are sealed choices, made one after the
        # other: the partner commits "accept" or a counter-offer, and then both are revealed.
        self.sealed = SealedChoices((self.active, self.partner))
        self.offer_cards = None
        self.phase = "offer"
        self._to_act = (self.active,)

    def _add(self, seat: int, value: int) -> None:
        i = VALUE_INDEX[value]
        if self.money[seat][i] - self.building_counts[i] <= 0:
            rule = "KH-K2" if self.phase == "offer" else "KH-K3"
            raise IllegalAction(f"add {value}: {_LETTERS[seat]} has no {value} card left to add ({rule})")
        self.building.append(value)
        self.building_counts[i] += 1
        self._events.append(
            {
                "type": "add",
                "seat": seat,
                "cards": len(self.building),
                "part": self.phase,  # "offer" (KH-K2) or "respond", a counter-offer (KH-K3)
                "private": {"money": value},
            }
        )

    def _take_building(
        self, seat: int, cards: tuple[int, ...] | None, verb: str, rule: str
    ) -> tuple[int, ...]:
        """The cards of an offer or counter: those added so far, or the shorthand's list."""
        if cards is None:
            return tuple(sorted(self.building))
        if self.building:
            raise IllegalAction(
                f"{verb} {_cards_text(cards)}: {_LETTERS[seat]} has already put {len(self.building)} card(s) "
                f"down; add more with 'add V' or hand them over with '{verb}' ({rule})"
            )
        if not rules.holds(self.money[seat], cards):
            raise IllegalAction(
                f"{verb} {_cards_text(cards)}: {_LETTERS[seat]} does not hold these cards ({rule})"
            )
        return tuple(cards)

    def _clear_building(self, seat: int, cards: tuple[int, ...]) -> None:
        hand = self.money[seat]
        for card in cards:
            hand[VALUE_INDEX[card]] -= 1
        self.building = []
        self.building_counts = [0] * _N_VALUES

    def _offer(self, seat: int, cards: tuple[int, ...] | None) -> None:
        cards = self._take_building(seat, cards, "offer", "KH-K2")
        self._clear_building(seat, cards)  # KH-K2: the cards lie face down on the table
        assert self.sealed is not None and self.partner is not None
        self.sealed.commit(seat, cards)
        self.offer_cards = cards
        if 0 in cards:  # padded with zeros: more cards than money
            self._stats[seat]["bluffs"] += 1
        self._events.append(
            {"type": "offer", "seat": seat, "cards": len(cards), "private": {"money": list(cards)}}
        )
        self.phase = "respond"  # KH-K3
        self._to_act = (self.partner,)

    def _accept(self, seat: int) -> None:
        if self.building:
            raise IllegalAction(
                f"accept: {_LETTERS[seat]} has begun a counter-offer ({len(self.building)} card(s) down); "
                "finish it with 'counter' (KH-K3)"
            )
        sealed = self.sealed
        assert sealed is not None and self.trade_animal is not None
        sealed.commit(seat, "accept")
        offer = sealed.reveal()[self.active]
        active = self.active
        self._money_from_table(seat, offer)  # KH-K3: the partner takes the offer ...
        self._stats[seat]["received"] += sum(offer)
        self._stats[active]["paid"] += sum(offer)
        self._events.append(
            {
                "type": "accept",
                "seat": seat,
                "from": active,
                "cards": len(offer),
                "private": {"money": list(offer)},
            }
        )
        self.last_trade = self._trade_record("accepted", active, offer, None)
        self._give_animals(active, seat, self.trade_animal, self.stake, "KH-K3")  # ... hands over the animals
        self._finish_trade()

    def _money_from_table(self, seat: int, cards: tuple[int, ...] | list[int]) -> None:
        """Cards lying on the table (an offer) go into ``seat``'s hand."""
        hand = self.money[seat]
        for card in cards:
            hand[VALUE_INDEX[card]] += 1

    def _counter(self, seat: int, cards: tuple[int, ...] | None) -> None:
        cards = self._take_building(seat, cards, "counter", "KH-K3")
        sealed = self.sealed
        assert sealed is not None and self.trade_animal is not None
        active, animal, stake = self.active, self.trade_animal, self.stake
        self._clear_building(seat, cards)
        sealed.commit(seat, cards)
        shown = sealed.reveal()
        offer, counter = shown[active], shown[seat]
        if 0 in cards:
            self._stats[seat]["bluffs"] += 1
        self._events.append(
            {"type": "counter", "seat": seat, "cards": len(cards), "private": {"money": list(cards)}}
        )
        # KH-K4: the two offers are swapped, and each trader looks at what they were given.
        self._events.append(
            {
                "type": "look",
                "seat": active,
                "other": seat,
                "cards": len(counter),
                "private": {"money": list(counter)},
            }
        )
        self._events.append(
            {
                "type": "look",
                "seat": seat,
                "other": active,
                "cards": len(offer),
                "private": {"money": list(offer)},
            }
        )
        outcome = rules.trade_outcome(offer, counter)
        if outcome == "tie":  # KH-K5: each takes back their own offer
            self._money_from_table(active, offer)
            self._money_from_table(seat, counter)
            again = self.trade_round == 2
            self.last_trade = self._trade_record(
                "second_tie" if again else "tie", active if again else None, offer, counter
            )
            self._events.append(
                {"type": "tie", "seat": None, "players": [active, seat], "round": self.trade_round}
            )
            if not again:
                self.trade_round = 2
                self._open_offer()
                return
            # KH-K5: a second tie gives the animals to the active player free.
            self._give_animals(active, seat, animal, stake, "KH-K5")
            self._stats[active]["trades_won"] += 1
            self._stats[seat]["trades_lost"] += 1
            self._finish_trade()
            return
        self._money_from_table(active, counter)
        self._money_from_table(seat, offer)
        self._stats[active]["paid"] += sum(offer)
        self._stats[active]["received"] += sum(counter)
        self._stats[seat]["paid"] += sum(counter)
        self._stats[seat]["received"] += sum(offer)
        winner, loser = (active, seat) if outcome == "active" else (seat, active)
        self.last_trade = self._trade_record("won", winner, offer, counter)
        # Other players learn only who won (KH-K4).
        self._events.append(
            {"type": "trade_won", "seat": winner, "loser": loser, "animal": animal, "count": stake}
        )
        self._stats[winner]["trades_won"] += 1
        self._stats[loser]["trades_lost"] += 1
        self._give_animals(winner, loser, animal, stake, "KH-K4")
        self._finish_trade()

    def _trade_record(
        self, outcome: str, winner: int | None, offer: tuple[int, ...], counter: tuple[int, ...] | None
    ) -> dict[str, Any]:
        return {
            "active": self.active,
            "partner": self.partner,
            "animal": self.trade_animal,
            "stake": self.stake,
            "round": self.trade_round,
            "outcome": outcome,
            "winner": winner,
            "offer_count": len(offer),
            "counter_count": None if counter is None else len(counter),
            "offer": list(offer),
            "counter": None if counter is None else list(counter),
        }

    def _finish_trade(self) -> None:
        self.partner = None
        self.trade_animal = None
        self.stake = 0
        self.trade_round = 0
        self.sealed = None
        self.offer_cards = None
        self._end_turn()

    # -------------------------------------------------------------- narration
    event_rules: ClassVar[Mapping[str, str]] = narration.EVENT_RULES

    def _event_rule(self, event: Event) -> str | None:
        return narration.event_rule(event)

    def _narrate(self, event: Event) -> str:
        return narration.narrate(event)

    # ------------------------------------------------------------- protocol
    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self._to_act:
            return []
        phase = self.phase
        if phase == "bidding":
            return [HOLD, *BIDS[self.high_bid // rules.BID_STEP + 1 : self.cap // rules.BID_STEP + 1]]
        if phase == "offer" or phase == "respond":
            hand, added = self.money[seat], self.building_counts
            adds = [ADDS[i] for i in range(_N_VALUES) if hand[i] > added[i]]
            if phase == "offer":
                return [*adds, OFFER]
            return [ACCEPT, *adds, COUNTER] if not self.building else [*adds, COUNTER]
        if phase == "turn":
            actions = [AUCTION] if self.deck else []
            mine = self.animals[seat]
            for p, other in enumerate(self.animals):
                if p != seat:
                    actions.extend(
                        TRADES[p, ANIMALS[i]] for i in range(_N_ANIMALS) if mine[i] and other[i]
                    )  # KH-K1
            return actions
        if phase == "decide":
            if rules.money_total(self.money[seat]) >= self.high_bid:
                return [SELL, BUY]
            return [SELL]  # KH-A7: no buying in without the money
        if phase == "pay":
            if self._pay_options is None:
                self._pay_options = [
                    pay_action(c) for c in rules.payment_options(self.money[seat], self.high_bid)
                ]
            return list(self._pay_options)
        return []

    def parse_action(self, text: str) -> Action:
        action = _SIMPLE.get(text)
        if action is not None:
            return action
        kind, _, rest = text.partition(" ")
        if kind == "bid":
            amount = _number(rest)
            if amount is not None:
                step, left = divmod(amount, rules.BID_STEP)
                return BIDS[step] if not left and step < len(BIDS) else Action("bid", amount)
        elif kind == "add":
            value = _number(rest)
            if value is not None:
                if value not in VALUE_INDEX:
                    raise IllegalAction(f"add {value}: there is no money card of {value} (KH-C2)")
                return ADDS[VALUE_INDEX[value]]
        elif kind == "trade":
            words = rest.split(" ")
            if len(words) == 2 and len(words[0]) == 1 and words[0] in _LETTERS and words[1] in ANIMAL_INDEX:
                seat = _LETTERS.index(words[0])
                return TRADES.get((seat, words[1])) or Action("trade", (seat, words[1]), text)
        elif kind in ("pay", "offer", "counter") and rest:
            values = [_number(part.strip()) for part in rest.split(",")]
            if all(v is not None for v in values):
                bad = [v for v in values if v not in VALUE_INDEX]
                if bad:
                    raise IllegalAction(
                        f"{text}: {bad[0]} is not a money card; the cards are 0, 10, 50, 100, 200, 500 (KH-C2)"
                    )
                cards = tuple(sorted(values))  # type: ignore[type-var]
                if kind == "pay":
                    return pay_action(cards)
                return Action(kind, cards, f"{kind} {_cards_text(cards)}")
        rule = _PHASE_RULE.get(getattr(self, "phase", "turn"), "KH-T1")
        raise IllegalAction(f"cannot read {text!r}: {_ACTION_HELP} ({rule})")

    def _not_to_act(self, seat: int) -> str:
        if self.phase == "over":
            if self.stopped:
                return f"the game was stopped at the turn limit of {self.max_turns} turns (KH-E4)"
            return "the game is over: every animal is a complete set (KH-E1)"
        if not (type(seat) is int and 0 <= seat < self.players):
            return f"there is no seat {seat!r} in this {self.players}-player game (KH-C4)"
        name, now = _LETTERS[seat], _LETTERS[self._to_act[0]]
        phase = self.phase
        if phase == "turn":
            return f"it is {now}'s turn to auction or trade, not {name}'s (KH-T1)"
        if phase == "bidding":
            if seat == self.active:
                return f"{name} is the auctioneer and does not bid (KH-A1)"
            if seat in self.excluded:
                return f"{name} bid more than they hold and is out of this auction (KH-A7)"
            if seat == self.high_bidder:
                return f"{name} holds the high bid; the others bid or hold (KH-A3)"
            if seat not in self.bidders:
                return f"{name} has no money above 0 and cannot bid (KH-A3)"
            return f"it is {now}'s turn to bid or hold, not {name}'s (KH-A3)"
        if phase == "decide":
            return f"the auctioneer {now} decides to sell or buy in, not {name} (KH-A5)"
        if phase == "pay":
            return f"{now} is paying, not {name} (KH-A6)"
        if phase == "offer":
            return f"{now} is making an offer face down, not {name} (KH-K2)"
        return f"{now} is answering the offer, not {name} (KH-K3)"

    def _apply(self, seat: int, action: Action) -> None:
        if type(seat) is not int:  # 0.0, True or numpy's 0 equal a seat but cannot be saved as one
            raise IllegalAction(
                f"seat {seat!r} is not a seat: seats are the whole numbers 0 to {self.players - 1} (KH-C4)"
            )
        kind, phase = action.kind, self.phase
        if phase == "bidding":
            if kind == "bid" and type(action.value) is int:
                self._bid(seat, action.value)
            elif kind == "hold":
                self._hold(seat)
            else:
                raise IllegalAction(
                    f"{action}: the auction is running, so the choice is bid N or hold (KH-A3)"
                )
        elif phase == "offer" or phase == "respond":
            if kind == "add" and action.value in VALUE_INDEX:
                self._add(seat, action.value)
            elif phase == "offer" and kind == "offer":
                self._offer(seat, self._cards_value(action))
            elif phase == "respond" and kind == "accept":
                self._accept(seat)
            elif phase == "respond" and kind == "counter":
                self._counter(seat, self._cards_value(action))
            elif phase == "offer":
                raise IllegalAction(
                    f"{action}: {_LETTERS[seat]} is making an offer: add V, then offer (KH-K2)"
                )
            else:
                raise IllegalAction(
                    f"{action}: {_LETTERS[seat]} answers the offer: accept, or add V and counter (KH-K3)"
                )
        elif phase == "turn":
            if kind == "auction":
                self._auction(seat)
            elif kind == "trade" and self._trade_value_ok(action.value):
                self._trade(seat, action.value[0], action.value[1])
            else:
                raise IllegalAction(f"{action}: a turn is 'auction' or 'trade P ANIMAL' (KH-T1)")
        elif phase == "decide":
            if kind == "sell":
                self._sell(seat)
            elif kind == "buy":
                self._buy(seat)
            else:
                raise IllegalAction(f"{action}: the auctioneer either sells or buys in (KH-A5)")
        elif phase == "pay":
            if (
                kind == "pay"
                and isinstance(action.value, tuple)
                and all(v in VALUE_INDEX for v in action.value)
            ):
                self._pay(seat, tuple(sorted(action.value)))
            else:
                raise IllegalAction(
                    f"{action}: {_LETTERS[seat]} now pays {self.high_bid} in money cards, written like 'pay 10,50' (KH-A6)"
                )
        else:  # pragma: no cover - act() refuses every seat once the game is over
            raise IllegalAction(f"{action}: the game is over (KH-E1)")

    @staticmethod
    def _cards_value(action: Action) -> tuple[int, ...] | None:
        cards = action.value
        if cards is None:
            return None
        if not isinstance(cards, tuple) or not all(v in VALUE_INDEX for v in cards):
            raise IllegalAction(f"{action}: an offer is a list of money cards (KH-C2)")
        return tuple(sorted(cards))

    def _trade_value_ok(self, value: Any) -> bool:
        return (
            isinstance(value, tuple)
            and len(value) == 2
            and type(value[0]) is int
            and 0 <= value[0] < len(_LETTERS)
            and value[1] in ANIMAL_INDEX
        )

    # ---------------------------------------------------------------- seeing
    def view(self, seat: int | None = None) -> dict[str, Any]:
        n = self.players
        teacher = seat is None
        animals = [dict(held) for held in self._held]
        auction = None
        if self.lot is not None:
            auction = {
                "animal": self.lot,
                "auctioneer": self.active,
                "run": self.run,
                "high_bid": self.high_bid,
                "high_bidder": self.high_bidder,
                "bidders": list(self.bidders),
                "bidder": self.bidder,
                "held": sorted(self.held),
                "excluded": list(self.excluded),
                "cap": self.cap,
            }
        payment = None
        if self.phase == "pay":
            payment = {"payer": self.payer, "payee": self.payee, "price": self.high_bid, "taker": self.taker}
        trade = None
        if self.partner is not None:
            builder = self._to_act[0] if self.phase in ("offer", "respond") else None
            offer = self.offer_cards
            trade = {
                "active": self.active,
                "partner": self.partner,
                "animal": self.trade_animal,
                "stake": self.stake,
                "round": self.trade_round,
                # KH-K2: the offer lies face down; others see only how many cards.
                "offer_count": None if offer is None else len(offer),
                "offer": list(offer) if offer is not None and (teacher or seat == self.active) else None,
                "building_count": len(self.building),
                "building": sorted(self.building) if teacher or seat == builder else None,
            }
        last = self.last_trade
        if last is not None and not teacher and seat not in (last["active"], last["partner"]):
            last = {**last, "offer": None, "counter": None}  # KH-K4: third players learn only who won
        elif last is not None:
            last = {
                **last,
                "offer": list(last["offer"]),
                "counter": None if last["counter"] is None else list(last["counter"]),
            }
        return {
            "game": self.name,
            "players": n,
            "viewer": seat,
            "phase": self.phase,
            "turn": self.turn,
            "max_turns": self.max_turns,
            "active": self.active,
            "start_player": self.start_player,
            "to_act": list(self._to_act),
            # KH-C3: money values are private, the number of money cards public.
            "money": [rules.cards_of(m) for m in self.money]
            if teacher
            else [rules.cards_of(m) if s == seat else None for s, m in enumerate(self.money)],
            "money_counts": [sum(m) for m in self.money],
            "money_in_play": self.in_play,
            "bank": list(self._bank_cards),
            "animals": animals,
            "sets": [[a for a, c in held.items() if c == _SET] for held in self._held],
            "deck_size": len(self.deck),
            "deck": list(self.deck) if teacher else None,
            "donkeys_seen": self.donkeys_seen,
            "auction": auction,
            "payment": payment,
            "trade": trade,
            "last_trade": last,
        }

    def result(self) -> dict[str, Any]:
        n = self.players
        scores = [rules.score(held) for held in self._held]  # KH-E2
        ranks = rules.ranks(scores)
        finished = self.phase == "over" and not self.stopped
        return {
            "scores": scores,
            "ranks": ranks,
            "winners": [s for s in range(n) if ranks[s] == 1] if finished else [],
            "finished": finished,
        }

    @property
    def max_decisions(self) -> int:
        # Per turn: the choice, then an auction (runs x (raises x bidders + holds) + sell/buy + pay)
        # or a cow trade (two rounds of offer and answer, one step per money card); see _setup.
        return self._bound

    def stats(self, seat: int) -> dict[str, Any]:
        held = self._held[seat]
        return {
            "sets": len(rules.completed_sets(held)),
            "money_left": rules.money_total(self.money[seat]),
            **self._stats[seat],
        }

    def records(self) -> dict[str, list[dict[str, Any]]]:
        """What happened, read back from the events (see ``records.records``)."""
        return records.records(self._events)

    def state_problems(self, state: Mapping[str, Any]) -> list[str]:
        """Rule breaks a teacher's view can show: negative or unknown cards, a card too often or missing."""
        problems: list[str] = []
        try:
            money: Counter[int] = Counter()
            for s, hand in enumerate(state["money"]):
                for card in hand:
                    if card not in VALUE_INDEX or type(card) is not int:
                        problems.append(f"{_LETTERS[s]} holds {card!r}, which is not a money card (KH-C2)")
                money.update(hand)
                if state["money_counts"][s] != len(hand):
                    problems.append(f"{_LETTERS[s]}'s money-card count does not match the hand (KH-C3)")
            money.update(state["bank"])
            trade = state["trade"]
            if trade and trade["offer"]:
                money.update(trade["offer"])
            for value, supply in zip(MONEY_VALUES, rules.MONEY_SUPPLY, strict=True):
                if money[value] != supply:
                    problems.append(
                        f"there are {money[value]} money cards of {value}, not {supply}; money is neither "
                        "made nor lost (KH-E3)"
                    )
            animals: Counter[str] = Counter()
            for s, held in enumerate(state["animals"]):
                for animal, count in held.items():
                    if animal not in ANIMAL_INDEX or type(count) is not int or count < 0:
                        problems.append(
                            f"{_LETTERS[s]} holds {count!r} {animal!r}, which is impossible (KH-C1)"
                        )
                        continue
                    animals[animal] += count
            animals.update(state["deck"] or [])
            if state["auction"]:
                animals[state["auction"]["animal"]] += 1
            for animal in ANIMALS:
                if animals[animal] != rules.CARDS_PER_ANIMAL:
                    problems.append(f"there are {animals[animal]} {animal} cards, not 4 (KH-C1)")
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            problems.append(f"state is not a Kuhhandel state ({exc!r})")
        return problems
