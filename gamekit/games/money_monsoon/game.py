"""Money Monsoon (Reinhold Wittig): a race whose every die roll is sold in a sealed-bid auction.

What it teaches: each turn is a sealed-bid second-price (Vickrey) auction, in
which bidding what the roll is worth to you is a dominant strategy in the
one-shot auction; the game around it bends that lesson. The price goes to the
auctioneer (so a rival's win pays you), a roll of 8 gives half of itself free
to the lowest bidder (a reason to bid 0), and landing fees, debt and bonuses
make a roll's value depend on everyone's pawns.

Information: chance only in the die (public, MM-A1) and the first auctioneer
(MM-C3); points, debts and pawns are public; a bid is sealed until every
player has bid (MM-A2), then all bids are revealed together (MM-A3).

Turn structure: the auctioneer's roll is made by the engine as the turn opens;
every seat then commits ``bid N`` (the auctioneer may answer ``sit out`` instead,
MM-A2; a player holding 500 points or more first
chooses a range, ``bid 200-299``, then the bid, so a list of legal actions stays
short); after the reveal the winner moves (``move a+5``, ``move b-3``, for a 7
``move a+3 b+4``), and after a winning 8 the lowest bidder moves 4 as well.

Readings of what the rules (money-monsoon) leave open:
- Borrowing (MM-E4): the rules only say that a player who has lost all their
  points may borrow from the bank at 10 % interest, paid at the end; they give
  no amount. Ours: a player who must pay a landing fee (MM-M3) with too few
  points borrows exactly the shortfall. With ``broke_bids="borrow"`` (default)
  a player holding 0 points may bid up to ``CREDIT_LIMIT`` (400, the starting
  stake) and, winning, borrows the price; a player holding points bids up to
  them (MM-A2). ``broke_bids="points"`` caps every bid at the points held, so a
  broke player bids 0. Loans are repaid only at the end, 110 % of the total
  borrowed, rounded up; final scores may then be negative.
- The auctioneer may take part (MM-A2): with ``auctioneer="may"`` (default) it
  answers the sealed call like everyone, either a bid or ``sit out`` (no bid at
  all: it neither wins, sets the price, nor competes for the free 4 of an 8);
  ``auctioneer="must"`` makes it bid like everyone.
- ``top_tie="seat"`` counts clockwise from the auctioneer, the auctioneer first.
- The free 4 of an 8 goes to the lowest bid below the winner's that no one else
  made; top bids voided by a tie are not lower bids (MM-M5).
- A move no pawn can make (only with ``exact_goal`` or a very short track) is
  lost; the price is paid all the same (MM-M2). A pawn may move back exactly
  onto the start, where no fees are paid (MM-M3).
- On an 8 both 4s are moved before the goal is checked (MM-E3), under either
  ``double_finish``: the lowest bidder still moves after the high bidder
  reached the goal, and landing on the goal then costs the high bidder 50 as on
  any space (MM-M3). Two players at the goal: with ``first`` (default) the high
  bidder, first to arrive, takes the 500 and the second arrival the 300, the
  150 going to the best of the rest; with ``split`` the two share 500 + 300.
  If the high bidder holds both 4s (MM-M5) and the first reaches the goal, that
  pawn stays there and the second 4 moves the other pawn (or is lost, MM-M2).
- ``max_turns`` (default 1000, ``None`` for none) is a safety limit: turns
  whose bids all tie lapse (MM-A6), so players who always bid alike (say, all
  0) would never end the game. For the same reason ``LAPSE_LIMIT`` (100) rolls
  lapsing in a row stop the game too, with or without ``max_turns`` (MM-E6).

The class here sequences the phases; beside it live ``bidding`` (the sealed bid
in steps), ``moving`` (moves as actions, and why a move is illegal), ``parsing``
(action texts), ``views``, ``narration`` and ``records`` (the tables of a log).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...auctions import TOP_TIE_RULES
from ...core.actions import Action
from ...core.chance import below
from ...core.errors import ConfigError, IllegalAction
from ...core.game import SEAT_NAMES, Game, register
from ...core.game import _deep as _deep_copy
from ...core.options import Option
from ...core.quoting import quote
from ...core.ranking import shared_ranks
from ...core.sealed import SealedChoices
from . import bidding, narration, parsing, records, rules, views
from .bidding import BIDS
from .i18n import N_, _
from .moving import legal_move_actions, refuse_move
from .rules import (
    BID_LIST_LIMIT,
    CREDIT_LIMIT,
    DIE_FACES,
    HALVED_ROLL,
    MAX_REBIDS,
    START,
    START_POINTS,
    Move,
    landing,
    landing_fees,
    rolled_steps,
)

UNBOUNDED = 2**63 - 1  # max_decisions without a turn limit: the rules set no bound (pawns may move back)
# MM-E6: this many rolls in a row lapsing (every bid void, MM-A6) stop the game, whatever max_turns.
LAPSE_LIMIT = 100

OPTIONS = (
    Option(
        "track_length",
        rules.DEFAULT_TRACK_LENGTH,
        "MM-C2",
        N_("spaces from the start (0) to the goal; the goal is the last space"),
        minimum=2,
    ),
    Option(
        "top_tie",
        "void",
        "MM-A5",
        N_(
            "void: tied highest bids are void, in turn; seat: the first tied seat clockwise from the "
            "auctioneer wins and pays the tied amount"
        ),
        choices=TOP_TIE_RULES,
    ),
    Option(
        "all_void",
        "lapse",
        "MM-A6",
        N_("when every bid is void: lapse (the turn ends) or rebid (bid again, at most 3 times)"),
        choices=("lapse", "rebid"),
    ),
    Option(
        "exact_goal",
        False,
        "MM-M2",
        N_("false: a forward move past the goal stops on it; true: the goal must be reached exactly"),
        choices=(False, True),
    ),
    Option(
        "double_finish",
        "first",
        "MM-E3",
        N_(
            "an 8 that brings two players to the goal (both 4s are always moved): first (the high "
            "bidder, first to arrive, gets 500 and the second arrival 300) or split (both share 500 + 300)"
        ),
        choices=("first", "split"),
    ),
    Option(
        "auctioneer",
        "may",
        "MM-A2",
        N_(
            "may: the auctioneer bids or answers 'sit out' (takes no part in its own auction); "
            "must: the auctioneer always bids, like everyone"
        ),
        choices=("may", "must"),
    ),
    Option(
        "broke_bids",
        "borrow",
        "MM-E4",
        N_(
            "borrow: a player holding 0 points may bid up to 400 and borrows the price if it wins; "
            "points: a bid never exceeds the points held, so a broke player bids 0"
        ),
        choices=("borrow", "points"),
    ),
    Option(
        "max_turns",
        1000,
        "MM-E6",
        N_("a safety limit on turns (auctions): the game stops there, unfinished; None for no limit"),
        choices=(None,),
        minimum=1,
    ),
)


def stacked_dice(stack: Mapping[str, Any]) -> list[int]:
    """The stacked rolls to use before the die (MM-A1), checked."""
    dice = stack.get("dice", [])
    if not isinstance(dice, list | tuple) or not all(type(d) is int and 1 <= d <= DIE_FACES for d in dice):
        raise ConfigError(
            _(
                "stack dice must be a list of rolls from 1 to {faces}, not {dice} (MM-C1)",
                faces=DIE_FACES,
                dice=quote(dice),
            )
        )
    return list(dice)


@register
class MoneyMonsoon(Game):
    """Money Monsoon for 4 to 6 players, with the rule options of the rules reference."""

    name = "money_monsoon"
    strongest_bot = "rollout:0.6"  # lesson 07's baselines and the MCTS agent's opponents
    bench_strength = (("rollout:0.6", "shade"), ("reserve", "shade"))
    title = "Money Monsoon"
    rule_prefix = "MM"
    min_players = 4
    max_players = 6
    players_rule = "MM-C1"
    stack_keys = ("dice",)
    options_declared = OPTIONS

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        n = self.players
        options = self.options
        self.track_length: int = options["track_length"]
        self.exact_goal: bool = options["exact_goal"]
        self.top_tie: str = options["top_tie"]
        self.rebid_allowed: bool = options["all_void"] == "rebid"
        self.split_finish: bool = options["double_finish"] == "split"
        self.max_turns: int | None = options["max_turns"]
        self.may_sit_out: bool = options["auctioneer"] == "may"
        self.credit: bool = options["broke_bids"] == "borrow"
        self._dice = stacked_dice(self.stack)
        self._dice_used = 0
        first = self.stack.get("first_player")
        self.start_player: int = self.rng.randrange(n) if first is None else first  # MM-C3
        self.first_player = self.start_player
        self.points = [START_POINTS] * n  # MM-C1
        self.debt = [0] * n  # MM-E4: outstanding loans
        self.borrowed = [0] * n  # MM-E4: everything borrowed so far
        self.repaid = [0] * n  # MM-E4: paid back with interest at the end
        self.bank = 0  # the bank's balance: received minus paid out (loans, bonuses)
        self.pawns = [[START, START] for _ in range(n)]  # MM-C1, MM-C2
        self.phase = "bid"
        self.turn = 0
        self.active = self.start_player
        self.roll: int | None = None
        self.rebids = 0
        self.lapses = 0  # rolls lapsed in a row (MM-A6), for the no-progress stop (MM-E6)
        self.sealed: SealedChoices | None = None
        self.ranges: list[tuple[int, int, int] | None] = [None] * n  # a large bid's chosen range
        self.bids: list[int | None] | None = None  # the last revealed bids; None: sat out (MM-A2)
        self.winner: int | None = None
        self.price: int | None = None
        self.payee: int | None = None
        self.free_mover: int | None = None
        self.mover: int | None = None
        self.steps: int | None = None
        self._pending: list[tuple[int, int, bool]] = []  # (seat, steps, free?) still to move this turn
        self.moving_free = False  # the move now is the lowest bidder's free 4 of an 8 (MM-M5)
        self._move_actions: list[Action] = []
        self._move_set: frozenset[Move] = frozenset()
        self._arrivals: list[int] = []  # seats whose pawn reached the goal, in order (MM-E1, MM-E3)
        self.finished = False
        self.bonuses: list[int] | None = None
        self._reset_tallies()
        self._emit(
            "setup",
            None,
            {
                "players": n,
                "points": START_POINTS,
                "track_length": self.track_length,
                "start_player": self.start_player,
            },
        )
        self._start_turn()

    def _reset_tallies(self) -> None:
        """Per seat, for the simulation tables (``stats``)."""
        n = self.players
        self.fees_collected = [0] * n
        self.fees_paid = [0] * n
        self.rolls_won = [0] * n
        self.prices_paid = [0] * n
        self.prices_received = [0] * n
        self.free_moves = [0] * n
        self.zero_bids_on_8 = [0] * n

    def _next_roll(self) -> int:
        """MM-A1: a stacked roll if any is left, else the die (public chance from ``self.rng``)."""
        if self._dice_used < len(self._dice):
            self._dice_used += 1
            return self._dice[self._dice_used - 1]
        return 1 + below(self.rng, DIE_FACES)

    # ------------------------------------------------------------ the auction
    def _start_turn(self) -> None:
        self.turn += 1
        if self.turn > 1:
            self.active = (self.active + 1) % self.players  # MM-C3: clockwise
        self.roll = self._next_roll()  # MM-A1
        self.rebids = 0
        self._emit("roll", self.active, {"turn": self.turn, "roll": self.roll})
        self._open_bidding()

    def _open_bidding(self) -> None:
        """MM-A2: every player, the auctioneer included, writes a sealed bid."""
        n = self.players
        self.phase = "bid"
        self.sealed = SealedChoices(range(n))
        self.ranges = [None] * n
        self.winner = self.price = self.payee = self.free_mover = self.mover = self.steps = None
        self.moving_free = False
        self._to_act = self.sealed.waiting

    def bid_limit(self, seat: int) -> int:
        """The highest bid ``seat`` may write (MM-A2): its points, or on credit if it holds none (MM-E4)."""
        held = self.points[seat]
        return CREDIT_LIMIT if held == 0 and self.credit else held

    def _bid(self, seat: int, amount: int) -> None:
        held = self.bid_limit(seat)
        if amount > held:
            raise bidding.bid_over_points(seat, amount, held, on_credit=held != self.points[seat])
        if held >= BID_LIST_LIMIT:
            bidding.check_in_range(seat, amount, self.ranges[seat])
            # The public contract: 'bid N' stands for the whole sequence of steps, so take the
            # remaining range steps that lead to N (none can fail after the checks above).
            while choices := bidding.range_choices(held, self.ranges[seat]):
                step = next(a for a in choices if a.value[0] <= amount <= a.value[1])
                self._bid_range(seat, *step.value)
        sealed = self.sealed
        assert sealed is not None
        sealed.commit(seat, amount)
        self._emit("bid", seat, {"private": {"bid": amount}})
        if sealed.waiting:
            # The plain attribute, not the core's ``_to_act`` property: the game runs, so
            # ``is_over`` is already False (a sealed bid is most decisions of a game).
            self.to_act = sealed.waiting
        else:
            self._reveal(sealed.reveal())

    def _sit_out(self, seat: int) -> None:
        """MM-A2: the auctioneer answers the sealed call with no bid at all (``auctioneer="may"``)."""
        if seat != self.active:
            raise IllegalAction(
                _(
                    "sit out: only the auctioneer ({name}) may sit its own roll out; "
                    "every other player writes a bid, 0 or more (MM-A2)",
                    name=SEAT_NAMES[self.active],
                )
            )
        if not self.may_sit_out:
            raise IllegalAction(
                _("sit out: with auctioneer='must' the auctioneer bids like everyone; write 'bid N' (MM-A2)")
            )
        held = self.bid_limit(seat)
        if held >= BID_LIST_LIMIT and bidding.range_choices(held, self.ranges[seat]):
            raise IllegalAction(
                _(
                    "sit out: a large bid is written in steps, and 'sit out' is offered with the bids at the "
                    "last step, so that the others cannot tell it from a bid by the steps taken; narrow the "
                    "range first, e.g. '{example}' (MM-A2)",
                    example=bidding.range_choices(held, self.ranges[seat])[0],
                )
            )
        sealed = self.sealed
        assert sealed is not None
        self.ranges[seat] = None
        sealed.commit(seat, None)
        self._emit("bid", seat, {"private": {"bid": None}})
        if sealed.waiting:
            self._to_act = sealed.waiting
        else:
            self._reveal(sealed.reveal())

    def _bid_range(self, seat: int, low: int, high: int) -> None:
        """One step of a large bid (MM-A2): narrow it to ``low``-``high``."""
        held, chosen = self.bid_limit(seat), self.ranges[seat]
        bidding.check_range(seat, low, high, held, chosen)
        self.ranges[seat] = bidding.narrowed(held, chosen, low, high)
        self._emit("bid_range", seat, {"private": {"low": low, "high": high}})

    def _reveal(self, sealed_bids: dict[int, int]) -> None:
        """MM-A3 to MM-A6: reveal, price by the second-price rule, pay, and hand out the moves."""
        n, active, roll = self.players, self.active, self.roll
        assert roll is not None
        bids: list[int | None] = [sealed_bids[s] for s in range(n)]  # None: the auctioneer sat out
        self.bids = bids
        self.sealed = None
        self.ranges = [None] * n
        if roll == HALVED_ROLL:
            for s in range(n):
                if bids[s] == 0:
                    self.zero_bids_on_8[s] += 1
        top_tie = self.top_tie
        # MM-A5: ties are settled clockwise from the auctioneer, the auctioneer first.
        order = [(active + k) % n for k in range(n)] if top_tie == "seat" else None
        # MM-A3, MM-A5, MM-M5 among the bids made: an auctioneer that sat out takes no part (MM-A2).
        winner, price, free = rules.auction_outcome(bids, order, top_tie, roll == HALVED_ROLL)
        if winner is None:  # MM-A6: every bid void
            self._all_void(bids)
            return
        self.lapses = 0
        payee = self._pay_price(winner, price)
        voided, tied = rules.voided_and_tied(bids, winner)
        self.winner, self.price, self.payee, self.free_mover = winner, price, payee, free
        self._emit(
            "reveal",
            None,
            {
                "roll": roll,
                "bids": bids,
                "winner": winner,
                "price": price,
                "payee": payee,
                "voided": voided,
                "tied": tied,
                "free": free,
            },
        )
        if free is None:
            self._pending = [(winner, rolled_steps(roll), False)]
        else:
            self._pending = [
                (winner, rules.HALF, False),
                (free, rules.HALF, True),
            ]  # MM-M5: high bidder first
            self.free_moves[free] += 1
        self._next_move()

    def _all_void(self, bids: list[int | None]) -> None:
        """MM-A6: every bid is void; bid again (``all_void="rebid"``, at most 3 times) or the roll lapses."""
        rebid = self.rebid_allowed and self.rebids < MAX_REBIDS
        self._emit("void", None, {"bids": bids, "rebid": rebid, "rebids": self.rebids})
        if rebid:
            self.rebids += 1
            self._open_bidding()
        else:
            self.lapses += 1
            self._end_turn()

    def _pay_price(self, winner: int, price: int) -> int | None:
        """MM-A4: the winner pays the price to the auctioneer, or to the bank if the auctioneer won.

        The price is never more than the winner's own bid, so it needs a loan only when that bid
        was written on credit (MM-E4, ``broke_bids="borrow"``). Returns the payee.
        """
        active = self.active
        payee = active if winner != active else None
        self._borrow_for(winner, price, "price")
        self.points[winner] -= price
        if payee is None:
            self.bank += price
        else:
            self.points[payee] += price
            self.prices_received[payee] += price
        self.prices_paid[winner] += price
        self.rolls_won[winner] += 1
        return payee

    # --------------------------------------------------------------- moving
    def _next_move(self) -> None:
        """Hand the next pending move to its player; a move no pawn can make is lost (MM-M2)."""
        while self._pending:
            seat, steps, free = self._pending.pop(0)
            actions, moves = legal_move_actions(self.pawns[seat], steps, self.track_length, self.exact_goal)
            self.moving_free = free
            if actions:
                self.phase = "move"
                self.mover, self.steps = seat, steps
                self._move_actions, self._move_set = actions, moves
                self._to_act = (seat,)
                return
            self._emit("stuck", seat, {"steps": steps, "free": free, "pawns": list(self.pawns[seat])})
        self.mover = self.steps = None
        self.moving_free = False
        self._move_actions, self._move_set = [], frozenset()
        self._end_turn()

    def _move(self, seat: int, move: Move) -> None:
        if move not in self._move_set:
            assert self.steps is not None
            refuse_move(
                seat, move, self.pawns[seat], self.steps, self.roll, self.track_length, self.exact_goal
            )
        pawns, goal = self.pawns, self.track_length
        mine = pawns[seat]
        free = self.moving_free
        for pawn, part in move:
            index = 0 if pawn == "a" else 1
            start = mine[index]
            end = landing(start, part, goal, self.exact_goal)
            assert end is not None
            mine[index] = end
            fees = landing_fees(end, seat, pawns)  # MM-M3
            collected = sum(amount for _, amount in fees) if fees else 0
            self._emit(
                "move",
                seat,
                {
                    "pawn": pawn,
                    "from": start,
                    "to": end,
                    "steps": part,
                    "roll": self.roll,
                    "split": len(move) == 2,
                    "free": free,
                    "fees": [[payer, amount] for payer, amount in fees],
                    "collected": collected,
                    "goal": end == goal,
                },
            )
            for payer, amount in fees:
                self._pay_fee(payer, seat, amount)
        # MM-E1, checked after both parts of a 7 (MM-M4) and, on an 8, after both 4s are moved
        # (MM-E3): the game ends when the turn's moves are made, so no pending move is dropped.
        if goal in mine and seat not in self._arrivals:
            self._arrivals.append(seat)
        self._next_move()

    def _borrow_for(self, seat: int, amount: int, reason: str) -> None:
        """MM-E4: a player short of ``amount`` points borrows the shortfall from the bank."""
        loan = amount - self.points[seat]
        if loan <= 0:
            return
        self.points[seat] += loan
        self.debt[seat] += loan
        self.borrowed[seat] += loan
        self.bank -= loan
        self._emit("borrow", seat, {"amount": loan, "debt": self.debt[seat], "reason": reason})

    def _pay_fee(self, payer: int, payee: int, amount: int) -> None:
        """MM-M3, MM-E4: a payer short of points borrows the shortfall from the bank."""
        self._borrow_for(payer, amount, "fee")
        self.points[payer] -= amount
        self.points[payee] += amount
        self.fees_paid[payer] += amount
        self.fees_collected[payee] += amount

    # ------------------------------------------------------------- the end
    def _end_turn(self) -> None:
        if self._arrivals:
            self._finish()
        elif self.max_turns is not None and self.turn >= self.max_turns:
            self._stop()
        elif self.lapses >= LAPSE_LIMIT:
            self._stop(lapsed=self.lapses)  # MM-E6: no bid can win, so nothing changes
        else:
            self._start_turn()

    def _finish(self) -> None:
        """MM-E2, MM-E4, MM-E5: bonuses from the bank, loans repaid with interest, the winner."""
        n = self.players
        best = [max(p) for p in self.pawns]
        arrived = list(self._arrivals)
        shared = self.split_finish and len(arrived) > 1
        # MM-E3: under "first" the places at the goal go by order of arrival; under "split" they are shared.
        bonuses = rules.bonuses(best, arrivals=() if shared else arrived)
        for s in range(n):
            self.points[s] += bonuses[s]
            self.bank -= bonuses[s]
        self.bonuses = bonuses
        self._emit(
            "bonuses",
            None,
            {
                "best": best,
                "bonuses": bonuses,
                "at_goal": [s for s in range(n) if best[s] == self.track_length],
                "arrived": arrived,
                "shared": shared,
            },
        )
        for s in range(n):
            if self.debt[s]:
                paid = rules.repayment(self.debt[s])
                self._emit("repay", s, {"debt": self.debt[s], "paid": paid})
                self.points[s] -= paid
                self.bank += paid
                self.repaid[s] = paid
                self.debt[s] = 0
        self.finished = True
        self._end_game()

    def _stop(self, **cause: int) -> None:
        """MM-E6: the safety limit (turns, or rolls lapsed in a row) stops the game unfinished;
        scores are provisional."""
        self._end_game(turns=self.turn, **cause)

    # -------------------------------------------------------------- narration
    # Each event's line and rule come from narration.py, from the event alone.
    _narrate = staticmethod(narration.narrate)
    _event_rule = staticmethod(narration.event_rule)

    # ------------------------------------------------------------- copying
    def __deepcopy__(self, memo: dict[int, Any]) -> MoneyMonsoon:
        """``Game.copy()``, fast: long games are copied at every step by replays and tests.

        Every list and dict of the state is copied (pawns one level deeper); what is
        never changed in place is shared: actions, tuples, the events' nested data.
        """
        twin = object.__new__(type(self))
        state = {}
        for key, value in self.__dict__.items():
            if key == "_events":
                # recorded events are never changed (narration adds the same text to both):
                # shared, as ``Game.copy`` shares them (OpenSpiel and MCTS copy at every step)
                value = list(value)
            elif key == "pawns":
                value = [list(pair) for pair in value]
            elif key == "sealed" and value is not None:
                twin_sealed = object.__new__(SealedChoices)
                twin_sealed.waiting = value.waiting  # a tuple of seats
                twin_sealed._choices = _deep_copy(value._choices, memo)
                value = twin_sealed
            elif key == "rng":
                value = _deep_copy(value, memo)  # the generator's state tuple shared, not walked
            elif isinstance(value, list):
                value = list(value)
            elif isinstance(value, dict):
                value = dict(value)
            state[key] = value
        twin.__dict__.update(state)
        return twin

    # ------------------------------------------------------------- protocol
    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self._to_act:
            return []
        if self.phase == "move":
            return list(self._move_actions)
        held = self.bid_limit(seat)
        # MM-A2: the auctioneer may answer 'sit out' instead of a bid (auctioneer="may"), offered
        # with the bids themselves: after a large bid's ranges, so that sitting out takes as many
        # steps as bidding and ``to_act`` does not tell the others which it was.
        sit = [bidding.SIT_OUT] if seat == self.active and self.may_sit_out else []
        if held < BID_LIST_LIMIT:
            return [*BIDS[: held + 1], *sit]  # every bid listed at once
        choices = bidding.large_bid_choices(held, self.ranges[seat])
        return [*choices, *sit] if choices[0].kind == "bid" else choices

    def _parse_action(self, text: str) -> Action:
        return parsing.parse_action(text, self.phase)

    def _game_over(self) -> str:
        if self.finished:
            return _("the game is over: a pawn has reached the goal (MM-E1)")
        if self.lapses >= LAPSE_LIMIT:
            return _(
                "the game was stopped after {turns} turns: {lapses} rolls in a row lapsed (MM-E6)",
                turns=self.turn,
                lapses=self.lapses,
            )
        return _("the game was stopped by the turn limit after {turns} turns (MM-E6)", turns=self.turn)

    def _not_to_act(self, seat: int) -> str:
        if self.phase == "bid":
            return _(
                "{name} has already bid face down; a sealed bid cannot be changed (MM-A2)",
                name=SEAT_NAMES[seat],
            )
        mover = self.mover
        assert mover is not None
        if self.roll == HALVED_ROLL:
            return _(
                "{mover} moves 4 of the 8 now, not {name} (MM-M5)",
                mover=SEAT_NAMES[mover],
                name=SEAT_NAMES[seat],
            )
        return _(
            "{mover} won the roll and moves now, not {name} (MM-M1)",
            mover=SEAT_NAMES[mover],
            name=SEAT_NAMES[seat],
        )

    def _apply(self, seat: int, action: Action) -> None:
        if seat.__class__ is not int:  # 1.0 or True equal a seat but cannot be saved as one
            raise IllegalAction(
                _("seat {seat} is not a seat: seats are whole numbers from 0 (MM-C1)", seat=repr(seat))
            )
        kind = action.kind
        if self.phase == "bid":
            if kind == "bid":
                self._bid(seat, action.value)
            elif kind == "bid-range":
                self._bid_range(seat, *action.value)
            elif kind == "sit-out":
                self._sit_out(seat)
            else:
                raise IllegalAction(
                    _(
                        "{action}: bids are being written; the pawns move after the reveal, "
                        "so the choice is 'bid N' or, for the auctioneer, 'sit out' (MM-A2)",
                        action=action,
                    )
                    if self.may_sit_out
                    else _(
                        "{action}: bids are being written; the pawns move after the reveal, "
                        "so the choice is 'bid N' (MM-A2)",
                        action=action,
                    )
                )
        elif kind == "move":
            self._move(seat, action.value)
        else:
            raise IllegalAction(
                _(
                    "{action}: the bids are revealed and {name} moves a pawn now, e.g. '{example}' (MM-M1)",
                    action=action,
                    name=SEAT_NAMES[seat],
                    example=self._move_actions[0],
                )
            )

    # ---------------------------------------------------------------- seeing
    def view(self, seat: int | None = None) -> dict[str, Any]:
        return views.view(self, seat)

    def standings(self) -> tuple[list[int], list[int]]:
        # MM-E4, MM-E5: loans count at 110 %; after the end they are already repaid.
        scores = [p - rules.repayment(d) for p, d in zip(self.points, self.debt, strict=True)]
        return scores, shared_ranks(scores)

    def ended_by_rules(self) -> bool:
        return self.finished

    @property
    def max_decisions(self) -> int:
        turns = self.max_turns
        if turns is None:
            return UNBOUNDED
        n = self.players
        rounds = 1 + MAX_REBIDS if self.rebid_allowed else 1
        # Points come only from the start, loans and (after the last decision) bonuses; loans
        # per turn are at most the fees of two landings on 2(n-1) pawns each and a price on credit.
        richest = START_POINTS * n + turns * (2 * 2 * (n - 1) * rules.FEE + CREDIT_LIMIT)
        return turns * (rounds * n * rules.bid_steps(richest) + 2)

    def stats(self, seat: int) -> dict[str, Any]:
        return {
            "points": self.points[seat],
            "borrowed": self.borrowed[seat],
            "fees_collected": self.fees_collected[seat],
            "fees_paid": self.fees_paid[seat],
            "rolls_won": self.rolls_won[seat],
            "prices_paid": self.prices_paid[seat],
            "prices_received": self.prices_received[seat],
            "free_moves": self.free_moves[seat],
            "zero_bids_on_8": self.zero_bids_on_8[seat],
            "best_pawn": max(self.pawns[seat]),
            "bonus": self.bonuses[seat] if self.bonuses is not None else 0,
            "turns": self.turn,
        }

    def records(self) -> dict[str, list[dict[str, Any]]]:
        """Per-event tables of the game so far, read from the log (``records.tables``)."""
        return records.tables(self._events)

    def state_problems(self, state: Mapping[str, Any]) -> list[str]:
        return views.state_problems(state, self.players)
