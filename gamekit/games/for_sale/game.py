"""For Sale (Stefan Dorra): buy houses in an ascending auction, sell them by sealed choices.

What it teaches: phase 1 is an ascending (English) auction in which every loser
pays half of their last bid — a partial all-pay auction, with the houses on the
table as prizes taken in order of dropping out. Phase 2 is a simultaneous
sealed-bid game in which the cards themselves are the bids (the structure of
Goofspiel): the highest house takes the highest cheque.

Information: chance only in the shuffles and the first start player. What a
player holds is hidden from the others (FS-B10): houses are a hand only its
owner sees and cheques won lie face down, so another seat's view shows how
many houses and cheques a player holds (``house_counts``, ``cheque_counts``)
and ``None`` for which. Coins are held face down too (FS-B11, option
``coin_counts``): by default another seat's coin count is ``None``, as both
documents say; ``coin_counts="shown"`` shows every count to everyone. Either
way every bid is announced and every refund and payment follows from it, so
the log tells a careful player every count (``views.coins_from_log``). A house
chosen in phase 2 is sealed until every player has chosen (FS-S2). The
teacher's view (seat ``None``) shows everything.

What happens in the open stays in everyone's log: each bid, which house a
passing or last player takes from the table, and at each sale which house took
which cheque. A player with perfect memory can therefore rebuild every hand
from the public log: in theory (players of perfect recall) the hands hold no
secret, and what stays hidden is only the order of the piles, the cards
removed unseen and the sealed choices of phase 2. The face-down rule tests
memory. The views model a player who remembers only what is on the table (plus
this round's bids and the earlier cheque tables, ``past_cheques``); the log
(``log_for``) is the memory.

Editions: ``iello-2020`` (the IELLO 2020 rules (iello-2020); the default) and
``classic`` (the Board Game Arena guide (bga-classic)). Half of an odd bid is
rounded down by default (``refund_rounding``): down is the default for both
editions; up is a table setting the BGA guide mentions (FS-B6).

This module sequences the phases. Beside it: ``rules`` (the components and the rule
arithmetic), ``narration`` (each event's line and rule), ``views`` (what a seat may see)
and ``records`` (the tables of purchases and sales, built from the log).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...auctions import next_clockwise
from ...core.actions import Action, canonical
from ...core.chance import shuffled, without
from ...core.errors import ConfigError, IllegalAction
from ...core.game import SEAT_NAMES, Event, Game, register
from ...core.options import Option
from ...core.quoting import quote
from ...core.sealed import SealedChoices
from ...core.stacking import stacked_pile
from . import narration, rules, views
from . import records as log_records
from .i18n import N_, _

PASS = canonical("pass")
BIDS = tuple(canonical("bid", n) for n in range(64))  # more than any edition's coins
SELLS = tuple(canonical("sell", h) for h in range(31))
_SELL_OF = SELLS.__getitem__
# The buying choices from each lowest bid on, pass first: a seat's legal actions are one slice.
_BUYING = tuple([PASS, *BIDS[low:]] for low in range(len(BIDS)))
_ACTION_HELP = N_("For Sale actions are 'bid N', 'pass' and 'sell H'")


@register
class ForSale(Game):
    """For Sale in the IELLO 2020 or classic edition, for 3 to 6 players."""

    name = "for_sale"
    # Lesson 07's baselines and the MCTS agent's opponents. Lesson 01's meta-game finds spread:0.45 ahead of
    # it head to head; lesson 07's stored runs are against house_value:1.5, so it stays until they are run again.
    strongest_bot = "house_value:1.5"
    bench_strength = (("house_value", "spread"), ("save_top", "spread"), ("skew_match", "spread"))
    title = "For Sale"
    rule_prefix = "FS"
    min_players = 3
    max_players = 6
    players_rule = "FS-C2"
    stack_keys = ("houses", "cheques")
    options_declared = (
        Option(
            "edition",
            "iello-2020",
            "FS-C2/FS-C3",
            N_(
                "iello-2020: all 30 cards except 2 of each with 4 players, 28/21/16/14 coins; "
                "classic: 6 of each removed with 3 players, 2 with 4, 18 or 14 coins"
            ),
            choices=rules.EDITIONS,
        ),
        Option(
            "refund_rounding",
            "down",
            "FS-B6",
            N_(
                "how half of an odd bid is rounded when a player passes: down is the default for both "
                "editions; up is a table setting the BGA guide mentions"
            ),
            choices=rules.ROUNDINGS,
        ),
        Option(
            "coin_counts",
            "hidden",
            "FS-B11",
            N_(
                "hidden: another seat's coin count is not in a view, as both documents say (the "
                "default for both editions); shown: every seat sees every count"
            ),
            choices=rules.COIN_COUNTS,
        ),
    )

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        n = self.players
        setup = rules.edition_setup(self.options["edition"], n)
        self._refunds = rules.refund_table(self.options["refund_rounding"], setup.coins)  # FS-B5, FS-B6
        self.house_deck, removed_houses = self._stacked_pile("houses", rules.HOUSES, setup.removed)
        self.cheque_deck, removed_cheques = self._stacked_pile("cheques", rules.CHEQUES, setup.removed)
        self._removed = (removed_houses, removed_cheques)
        self.rounds = len(self.house_deck) // n  # FS-C5: every round uses one card per player
        first = self.stack.get("first_player")
        self.start_player = self.rng.randrange(n) if first is None else first  # FS-C4
        self.first_player = self.start_player  # the start player moves on (FS-B9); saves record the first
        self.coins = [setup.coins] * n
        self.bids = [0] * n
        self.passed = [False] * n
        self.houses: list[list[int]] = [[] for _ in range(n)]
        self.cheques: list[list[int]] = [[] for _ in range(n)]
        self.table: list[int] = []
        self.high_bid = 0
        self.round = 0
        self.phase = "buy"
        self.sealed: SealedChoices | None = None
        self._emit(
            "setup",
            None,
            {
                "edition": self.options["edition"],
                "players": n,
                "coins": setup.coins,
                "cards": len(self.house_deck),
                "start_player": self.start_player,
            },
        )
        self._start_buying_round()

    def _stacked_pile(self, key: str, cards: tuple[int, ...], removed: int) -> tuple[list[int], list[int]]:
        """Shuffle, then put the stacked cards on top; unseen removals come from the rest (API)."""
        pile = shuffled(self.rng, cards)
        stacked = self.stack.get(key)
        if stacked is None:
            return pile[removed:], pile[:removed]
        stacked = stacked_pile(key, stacked, Counter(cards), what="card numbers", noun="card", rule="FS-C1")
        used = len(cards) - removed
        if len(stacked) > used:
            raise ConfigError(
                _(
                    "stack {key} lists {listed} cards but only {used} are used with "
                    "{players} players in the {edition} edition (FS-C2/FS-C3)",
                    key=key,
                    listed=len(stacked),
                    used=used,
                    players=self.players,
                    edition=self.options["edition"],
                )
            )
        rest = without(pile, stacked)
        return list(stacked) + rest[removed:], rest[:removed]

    # ------------------------------------------------------- phase 1: buying
    # A round starts by setting ``_to_act`` (``to_act`` and ``is_over``); the steps within it, where
    # the game goes on, set ``to_act`` alone: one attribute instead of the setter's call.
    def _start_buying_round(self) -> None:
        n = self.players
        self.round = round_ = self.round + 1
        top = round_ * n
        self.table = table = sorted(self.house_deck[top - n : top])  # FS-B1
        self.bids = [0] * n
        self.passed = [False] * n
        self.high_bid = 0
        start = self.start_player  # FS-B2
        self._to_act = (start,)
        self._emit("round", start, {"phase": "buy", "round": round_, "table": table[:]})

    def _bid(self, seat: int, total: int) -> None:
        high_bid = self.high_bid
        if total <= high_bid:
            if high_bid == 0:
                raise IllegalAction(
                    _("bid {total}: the opening bid must be at least 1 coin (FS-B3)", total=total)
                )
            raise IllegalAction(
                _(
                    "bid {total} must be above the current high bid {high_bid} (FS-B3)",
                    total=total,
                    high_bid=high_bid,
                )
            )
        bids, coins = self.bids, self.coins
        held = bids[seat]
        owned = coins[seat] + held
        if total > owned:
            raise IllegalAction(
                _(
                    "bid {total} is more than the {owned} coins {name} had this round; no bidding on debt (FS-B4)",
                    total=total,
                    owned=owned,
                    name=SEAT_NAMES[seat],
                )
            )
        added = total - held
        coins[seat] -= added  # FS-B4: a raise adds only the difference
        bids[seat] = total
        self.high_bid = total
        self._emit("bid", seat, {"total": total, "added": added})
        self.to_act = (next_clockwise(seat, self.passed),)  # FS-B2, FS-B7

    def _pass(self, seat: int) -> None:
        bids, table, passed = self.bids, self.table, self.passed
        bid = bids[seat]
        back = self._refunds[bid]  # FS-B5, FS-B6: half back, rounded by the option
        lost = bid - back
        house = table.pop(0)  # FS-B5: the lowest house on the table
        self.coins[seat] += back
        bids[seat] = 0
        passed[seat] = True  # FS-B7
        self.houses[seat].append(house)
        self._emit("pass", seat, {"house": house, "bid": bid, "refund": back, "lost": lost})
        seat = next_clockwise(seat, passed)
        if len(table) == 1:
            self._last_bidder_takes(seat)
        else:
            self.to_act = (seat,)

    def _last_bidder_takes(self, seat: int) -> None:
        """FS-B8: the last player takes the highest house and pays the whole bid; FS-B9."""
        house = self.table.pop()
        paid = self.bids[seat]
        self.bids[seat] = 0
        self.houses[seat].append(house)
        self._emit("win", seat, {"house": house, "paid": paid})
        self.start_player = seat  # FS-B9
        if self.round < self.rounds:
            self._start_buying_round()
        else:
            self.phase = "sell"
            self.round = 0
            self.high_bid = 0
            self.passed = [False] * self.players
            for hand in self.houses:
                hand.sort()  # the hand to sell from, lowest first
            self._start_selling_round()

    # ------------------------------------------------------ phase 2: selling
    def _start_selling_round(self) -> None:
        n = self.players
        self.round = round_ = self.round + 1
        top = round_ * n
        self.table = table = sorted(self.cheque_deck[top - n : top])  # FS-S1
        self.sealed = sealed = SealedChoices(range(n))  # FS-S2
        self.to_act = sealed.waiting
        self._emit("round", None, {"phase": "sell", "round": round_, "table": table[:]})

    def _sell(self, seat: int, house: int) -> None:
        hand = self.houses[seat]
        if house not in hand:
            raise IllegalAction(
                _(
                    "sell {house}: {name} does not hold house {house}; houses held: {held} (FS-S2)",
                    house=house,
                    name=SEAT_NAMES[seat],
                    held=", ".join(map(str, hand)),
                )
            )
        sealed = self.sealed
        sealed.commit(seat, house)
        self._emit("choose", seat, {"private": {"house": house}})
        waiting = sealed.waiting
        if waiting:
            self.to_act = waiting
        else:
            self._reveal(sealed.reveal())

    def _reveal(self, played: dict[int, int]) -> None:
        """FS-S3, FS-S4: highest house takes the highest cheque; sold houses leave the game."""
        won = rules.match_houses_to_cheques(played, self.table)
        houses, cheques = self.houses, self.cheques
        for seat, cheque in won.items():
            houses[seat].remove(played[seat])
            cheques[seat].append(cheque)
        self.table = []
        self.sealed = None
        seats = range(self.players)
        self._emit("reveal", None, {"played": [played[s] for s in seats], "won": [won[s] for s in seats]})
        if self.round < self.rounds:
            self._start_selling_round()
        else:
            self._end()

    def _end(self) -> None:
        self._end_game()  # FS-E1, FS-E2

    # -------------------------------------------------------------- narration
    def _narrate(self, event: Event) -> str:
        return narration.narrate(event, self.rounds)

    def _event_rule(self, event: Event) -> str | None:
        return narration.rule(event)

    # ------------------------------------------------------------- protocol
    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act:  # () once the game is over
            return []
        if self.phase == "buy":
            # FS-B3, FS-B4: pass, then every bid above the high bid up to the coins the seat had.
            high_bid = self.high_bid
            choices = self.coins[seat] + self.bids[seat] - high_bid + 1
            return _BUYING[high_bid + 1][: choices if choices > 1 else 1]
        return list(map(_SELL_OF, self.houses[seat]))  # FS-S2: any house the seat holds

    def _parse_action(self, text: str) -> Action:
        words = text.split()
        if len(words) == 1 and words[0] == "pass":
            return PASS
        if (
            len(words) == 2
            and words[0] in ("bid", "sell")
            and len(words[1]) <= 9
            and words[1].isascii()
            and words[1].isdigit()
        ):
            number = int(words[1])
            table = BIDS if words[0] == "bid" else SELLS
            return table[number] if number < len(table) else canonical(words[0], number)
        rule = {"buy": "FS-B2", "sell": "FS-S2"}.get(self.phase, "FS-S4")
        raise IllegalAction(
            _("cannot read {text}: {help} ({rule})", text=quote(text), help=_(_ACTION_HELP), rule=rule)
        )

    def _game_over(self) -> str:
        return _("the game is over: every cheque has been won (FS-S4)")

    def _not_to_act(self, seat: int) -> str:
        if self.phase == "buy":
            if self.passed[seat]:
                return _("{name} has passed and cannot re-enter this round (FS-B7)", name=SEAT_NAMES[seat])
            return _(
                "it is {current}'s turn to bid or pass, not {name}'s (FS-B2)",
                current=SEAT_NAMES[self.current],
                name=SEAT_NAMES[seat],
            )
        return _(
            "{name} has already chosen a house face down; a choice cannot be changed (FS-S2)",
            name=SEAT_NAMES[seat],
        )

    def _apply(self, seat: int, action: Action) -> None:
        kind = action.kind
        if self.phase == "buy":
            if kind == "bid":
                self._bid(seat, action.value)
            elif kind == "pass":
                self._pass(seat)
            else:
                raise IllegalAction(
                    _(
                        "{action}: houses are being bought, so the choice is bid N or pass (FS-B2)",
                        action=action,
                    )
                )
        elif kind == "sell":
            self._sell(seat, action.value)
        else:
            raise IllegalAction(
                _("{action}: houses are being sold, so the choice is sell H (FS-S2)", action=action)
            )

    # ---------------------------------------------------------------- seeing
    # What follows from the state is computed when asked rather than kept up to date at every
    # step, which also keeps the game's attributes few enough for CPython's fast attribute access.
    @property
    def current(self) -> int | None:
        """The seat to bid or pass (FS-B2); None while houses are sold and once the game is over."""
        return self.to_act[0] if self.phase == "buy" else None

    @property
    def high_bidder(self) -> int | None:
        """The seat holding the high bid of this buying round (FS-B3); None before the first bid.
        Bids only rise and the high bidder never passes (the last seat in takes the last house)."""
        return self.bids.index(self.high_bid) if self.high_bid else None

    @property
    def start_coins(self) -> int:
        """The coins each player started with (FS-C2, FS-C3)."""
        return rules.edition_setup(self.options["edition"], self.players).coins

    @property
    def box_coins(self) -> int:
        """The coins paid into the box so far (FS-B5, FS-B8): every coin not held or bid."""
        return self.start_coins * self.players - sum(self.coins) - sum(self.bids)

    @property
    def removed_houses(self) -> list[int]:
        """The houses removed unseen at the set-up (FS-C2, FS-C3)."""
        return self._removed[0]

    @property
    def removed_cheques(self) -> list[int]:
        """The cheques removed unseen at the set-up (FS-C2, FS-C3)."""
        return self._removed[1]

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return views.view(self, seat)

    def standings(self) -> tuple[list[int], list[int]]:
        holding = [c + b for c, b in zip(self.coins, self.bids, strict=True)]
        scores = [rules.score(ch, coins) for ch, coins in zip(self.cheques, holding, strict=True)]
        return scores, rules.ranks(scores, holding)  # FS-E1, FS-E2

    def ended_by_rules(self) -> bool:
        return self.phase == "over"

    @property
    def max_decisions(self) -> int:
        # Per buying round every bid raises the high bid by at least one coin (at most
        # start_coins bids) and all but one player pass; per selling round each player chooses once.
        return self.rounds * (self.start_coins + self.players - 1) + self.rounds * self.players

    def stats(self, seat: int) -> dict[str, Any]:
        bought = [row for row in log_records.purchases(self._events) if row["seat"] == seat]
        return {
            "coins_left": self.coins[seat],
            "cheques_total": sum(self.cheques[seat]),
            "coins_paid": sum(row["paid"] for row in bought),
            "free_houses": sum(1 for row in bought if row["paid"] == 0),
            "house_total": sum(row["house"] for row in bought),
        }

    def records(self) -> dict[str, list[dict[str, Any]]]:
        """Every house taken (what was bid and paid) and every house sold (its cheque and its
        rank in the seller's hand at the time, 1 = the best house held), from the log."""
        return log_records.tables(self._events)

    @property
    def purchases(self) -> list[tuple[int, int, int, int, int]]:
        """(round, seat, house, bid, paid) per house taken so far: ``records()["purchases"]`` as tuples."""
        return [
            (r["round"], r["seat"], r["house"], r["bid"], r["paid"])
            for r in log_records.purchases(self._events)
        ]

    def state_problems(self, state: Mapping[str, Any]) -> list[str]:
        return views.state_problems(state)
