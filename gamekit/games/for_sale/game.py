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
and ``None`` for which. Coins are shown as a count to everyone: coins are
alike, so how many is all there is to know of them, the rule shows another
seat how many a player holds, and every bid, refund and payment is made in the
open anyway. A house chosen in phase 2 is sealed until every player has
chosen (FS-S2). The teacher's view (seat ``None``) shows everything.

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
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

from ...core.actions import Action
from ...core.chance import shuffled
from ...core.errors import ConfigError, IllegalAction
from ...core.game import SEAT_NAMES as _LETTERS
from ...core.game import Event, Game, register, standings_text
from ...core.options import Option
from ...core.sealed import SealedChoices
from . import rules
from .rules import money

PASS = Action("pass")
BIDS = tuple(Action("bid", n) for n in range(64))  # more than any edition's coins
SELLS = tuple(Action("sell", h) for h in range(31))
_ACTION_HELP = "For Sale actions are 'bid N', 'pass' and 'sell H'"


@register
class ForSale(Game):
    """For Sale in the IELLO 2020 or classic edition, for 3 to 6 players."""

    name = "for_sale"
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
            "iello-2020: all 30 cards except 2 of each with 4 players, 28/21/16/14 coins; "
            "classic: 6 of each removed with 3 players, 2 with 4, 18 or 14 coins",
            choices=rules.EDITIONS,
        ),
        Option(
            "refund_rounding",
            "down",
            "FS-B6",
            "how half of an odd bid is rounded when a player passes: down is the default for both "
            "editions; up is a table setting the BGA guide mentions",
            choices=rules.ROUNDINGS,
        ),
    )

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        n = self.players
        setup = rules.edition_setup(self.options["edition"], n)
        self.start_coins = setup.coins
        self._refunds = rules.refund_table(self.options["refund_rounding"], setup.coins)  # FS-B5, FS-B6
        self.house_deck, self.removed_houses = self._stacked_pile("houses", rules.HOUSES, setup.removed)
        self.cheque_deck, self.removed_cheques = self._stacked_pile("cheques", rules.CHEQUES, setup.removed)
        self.rounds = len(self.house_deck) // n  # FS-C5: every round uses one card per player
        first = self.stack.get("first_player")
        self.start_player = self.rng.randrange(n) if first is None else first  # FS-C4
        self.coins = [setup.coins] * n
        self.bids = [0] * n
        self.passed = [False] * n
        self.houses: list[list[int]] = [[] for _ in range(n)]
        self.cheques: list[list[int]] = [[] for _ in range(n)]
        self.table: list[int] = []
        self.high_bid = 0
        self.high_bidder: int | None = None
        self.current: int | None = None
        self.round = 0
        self.phase = "buy"
        self.box_coins = 0
        self.sealed: SealedChoices | None = None
        # One (round, seat, house, bid, coins paid) per house taken in phase 1, and one
        # (round, seat, house, cheque) per house sold in phase 2: the raw data of the statistics.
        self.purchases: list[tuple[int, int, int, int, int]] = []
        self.sales: list[tuple[int, int, int, int]] = []
        self._events.append(
            {
                "type": "setup",
                "seat": None,
                "edition": self.options["edition"],
                "players": n,
                "coins": setup.coins,
                "cards": len(self.house_deck),
                "start_player": self.start_player,
            }
        )
        self._start_buying_round()

    def _stacked_pile(self, key: str, cards: tuple[int, ...], removed: int) -> tuple[list[int], list[int]]:
        """Shuffle, then put the stacked cards on top; unseen removals come from the rest (API)."""
        pile = shuffled(self.rng, cards)
        stacked = self.stack.get(key)
        if stacked is None:
            return pile[removed:], pile[:removed]
        if not isinstance(stacked, list | tuple) or not all(type(c) is int for c in stacked):
            raise ConfigError(f"stack {key} must be a list of card numbers, not {stacked!r}")
        available = Counter(cards)
        wanted = Counter(stacked)
        for card, count in sorted(wanted.items()):
            if available[card] < count:
                exists = (
                    "does not exist" if available[card] == 0 else f"exists only {available[card]} time(s)"
                )
                raise ConfigError(f"stack {key}: card {card} is listed {count} time(s) but {exists} (FS-C1)")
        used = len(cards) - removed
        if len(stacked) > used:
            raise ConfigError(
                f"stack {key} lists {len(stacked)} cards but only {used} are used with "
                f"{self.players} players in the {self.options['edition']} edition (FS-C2/FS-C3)"
            )
        rest = []
        for card in pile:
            if wanted[card]:
                wanted[card] -= 1
            else:
                rest.append(card)
        return list(stacked) + rest[removed:], rest[:removed]

    # ------------------------------------------------------- phase 1: buying
    def _start_buying_round(self) -> None:
        n = self.players
        self.round += 1
        top = self.round * n
        self.table = sorted(self.house_deck[top - n : top])  # FS-B1
        self.bids = [0] * n
        self.passed = [False] * n
        self.high_bid = 0
        self.high_bidder = None
        self.current = self.start_player  # FS-B2
        self._to_act = (self.start_player,)
        self._events.append(
            {
                "type": "round",
                "seat": self.start_player,
                "phase": "buy",
                "round": self.round,
                "table": self.table[:],
            }
        )

    def _bid(self, seat: int, total: int) -> None:
        if total <= self.high_bid:
            if self.high_bid == 0:
                raise IllegalAction(f"bid {total}: the opening bid must be at least 1 coin (FS-B3)")
            raise IllegalAction(f"bid {total} must be above the current high bid {self.high_bid} (FS-B3)")
        bids = self.bids
        owned = self.coins[seat] + bids[seat]
        if total > owned:
            raise IllegalAction(
                f"bid {total} is more than the {owned} coins {_LETTERS[seat]} had this round; "
                f"no bidding on debt (FS-B4)"
            )
        added = total - bids[seat]
        self.coins[seat] -= added  # FS-B4: a raise adds only the difference
        bids[seat] = total
        self.high_bid = total
        self.high_bidder = seat
        self._events.append({"type": "bid", "seat": seat, "total": total, "added": added})
        # FS-B2, FS-B7: the next player clockwise still in the round.
        n, passed = self.players, self.passed
        seat = (seat + 1) % n
        while passed[seat]:
            seat = (seat + 1) % n
        self.current = seat
        self._to_act = (seat,)

    def _pass(self, seat: int) -> None:
        bid = self.bids[seat]
        back = self._refunds[bid]  # FS-B5, FS-B6: half back, rounded by the option
        lost = bid - back
        house = self.table.pop(0)  # FS-B5: the lowest house on the table
        self.coins[seat] += back
        self.box_coins += lost
        self.bids[seat] = 0
        self.passed[seat] = True  # FS-B7
        self.houses[seat].append(house)
        self.purchases.append((self.round, seat, house, bid, lost))
        self._events.append(
            {"type": "pass", "seat": seat, "house": house, "bid": bid, "refund": back, "lost": lost}
        )
        n, passed = self.players, self.passed
        seat = (seat + 1) % n
        while passed[seat]:
            seat = (seat + 1) % n
        if len(self.table) == 1:
            self._last_bidder_takes(seat)
        else:
            self.current = seat
            self._to_act = (seat,)

    def _last_bidder_takes(self, seat: int) -> None:
        """FS-B8: the last player takes the highest house and pays the whole bid; FS-B9."""
        house = self.table.pop()
        paid = self.bids[seat]
        self.box_coins += paid
        self.bids[seat] = 0
        self.houses[seat].append(house)
        self.purchases.append((self.round, seat, house, paid, paid))
        self._events.append({"type": "win", "seat": seat, "house": house, "paid": paid})
        self.start_player = seat  # FS-B9
        if self.round < self.rounds:
            self._start_buying_round()
        else:
            self.phase = "sell"
            self.round = 0
            self.current = None
            self.high_bid = 0
            self.high_bidder = None
            self.passed = [False] * self.players
            for hand in self.houses:
                hand.sort()  # the hand to sell from, lowest first
            self._start_selling_round()

    # ------------------------------------------------------ phase 2: selling
    def _start_selling_round(self) -> None:
        n = self.players
        self.round += 1
        top = self.round * n
        self.table = sorted(self.cheque_deck[top - n : top])  # FS-S1
        self.sealed = SealedChoices(range(n))  # FS-S2
        self._to_act = self.sealed.waiting
        self._events.append(
            {
                "type": "round",
                "seat": None,
                "phase": "sell",
                "round": self.round,
                "table": self.table[:],
            }
        )

    def _sell(self, seat: int, house: int) -> None:
        hand = self.houses[seat]
        if house not in hand:
            raise IllegalAction(
                f"sell {house}: {_LETTERS[seat]} does not hold house {house}; "
                f"houses held: {', '.join(map(str, hand))} (FS-S2)"
            )
        sealed = self.sealed
        sealed.commit(seat, house)
        self._events.append({"type": "choose", "seat": seat, "private": {"house": house}})
        if sealed.waiting:
            self._to_act = sealed.waiting
        else:
            self._reveal(sealed.reveal())

    def _reveal(self, played: dict[int, int]) -> None:
        """FS-S3, FS-S4: highest house takes the highest cheque; sold houses leave the game."""
        won = rules.match_houses_to_cheques(played, self.table)
        houses, cheques, sales, round_ = self.houses, self.cheques, self.sales, self.round
        for seat, cheque in won.items():
            house = played[seat]
            houses[seat].remove(house)
            cheques[seat].append(cheque)
            sales.append((round_, seat, house, cheque))
        self.table = []
        self.sealed = None
        seats = range(self.players)
        self._events.append(
            {
                "type": "reveal",
                "seat": None,
                "played": [played[s] for s in seats],
                "won": [won[s] for s in seats],
            }
        )
        if round_ < self.rounds:
            self._start_selling_round()
        else:
            self._end()

    def _end(self) -> None:
        self.phase = "over"
        self._to_act = ()
        res = self.result()
        self._events.append({"type": "end", "seat": None, "scores": res["scores"], "winners": res["winners"]})

    # -------------------------------------------------------------- narration
    event_rules: ClassVar[Mapping[str, str]] = {
        "win": "FS-B8",
        "choose": "FS-S2",
        "reveal": "FS-S3",
        "end": "FS-E2",
    }

    def _event_rule(self, event: Event) -> str | None:
        kind = event["type"]
        if kind == "setup":
            return "FS-C2" if event["edition"] == "iello-2020" else "FS-C3"
        if kind == "round":
            return "FS-B1" if event["phase"] == "buy" else "FS-S1"
        if kind == "bid":
            return "FS-B3" if event["added"] == event["total"] else "FS-B4"
        if kind == "pass":
            return "FS-B6" if event["bid"] % 2 else "FS-B5"
        return self.event_rules.get(kind)

    @staticmethod
    def _narrate_setup(e: Event) -> str:
        return (
            f"For Sale ({e['edition']}), {e['players']} players with {e['coins']} coins each; "
            f"{e['cards']} houses and {e['cards']} cheques in play; {_LETTERS[e['start_player']]} starts"
        )

    def _narrate_round(self, e: Event) -> str:
        if e["phase"] == "buy":
            return (
                f"Buying round {e['round']} of {self.rounds}: houses {', '.join(map(str, e['table']))} "
                f"on the table; {_LETTERS[e['seat']]} starts"
            )
        return (
            f"Selling round {e['round']} of {self.rounds}: cheques {', '.join(map(money, e['table']))} "
            "on the table; everyone chooses a house face down"
        )

    @staticmethod
    def _narrate_bid(e: Event) -> str:
        name, total, added = _LETTERS[e["seat"]], e["total"], e["added"]
        return f"{name} bids {total} (adds {added})" if added != total else f"{name} bids {total}"

    @staticmethod
    def _narrate_pass(e: Event) -> str:
        name, house, back = _LETTERS[e["seat"]], e["house"], e["refund"]
        if not e["bid"]:
            return f"{name} passes and takes house {house} free"
        return (
            f"{name} passes, takes house {house}, gets {back} coin{'s' * (back != 1)} back, loses {e['lost']}"
        )

    @staticmethod
    def _narrate_win(e: Event) -> str:
        name, house, paid = _LETTERS[e["seat"]], e["house"], e["paid"]
        if not paid:
            return f"{name} is left alone and takes house {house} free"
        return f"{name} takes house {house} and pays {paid} coin{'s' * (paid != 1)}"

    @staticmethod
    def _narrate_choose(e: Event) -> str:
        return f"{_LETTERS[e['seat']]} chooses a house face down"

    @staticmethod
    def _narrate_reveal(e: Event) -> str:
        order = sorted(range(len(e["played"])), key=e["played"].__getitem__, reverse=True)
        return "Houses revealed: " + "; ".join(
            f"{_LETTERS[s]} {e['played'][s]} → {money(e['won'][s])}" for s in order
        )

    @staticmethod
    def _narrate_end(e: Event) -> str:
        return "Game over: " + standings_text(e["scores"], e["winners"], money)

    # ------------------------------------------------------------- protocol
    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == "buy":
            if seat != self.current:
                return []
            low = self.high_bid + 1
            high = self.coins[seat] + self.bids[seat]
            return [PASS, *BIDS[low : high + 1]]  # FS-B3, FS-B4: pass is always possible
        if self.phase == "sell" and seat in self._to_act:
            return [SELLS[h] for h in self.houses[seat]]
        return []

    def parse_action(self, text: str) -> Action:
        words = text.split()
        if len(words) == 1 and words[0] == "pass":
            return PASS
        if len(words) == 2 and words[0] in ("bid", "sell") and words[1].isascii() and words[1].isdigit():
            number = int(words[1])
            table = BIDS if words[0] == "bid" else SELLS
            return table[number] if number < len(table) else Action(words[0], number)
        rule = {"buy": "FS-B2", "sell": "FS-S2"}.get(self.phase, "FS-S4")
        raise IllegalAction(f"cannot read {text!r}: {_ACTION_HELP} ({rule})")

    def _not_to_act(self, seat: int) -> str:
        if self.phase == "over":
            return "the game is over: every cheque has been won (FS-S4)"
        if not (type(seat) is int and 0 <= seat < self.players):
            return f"there is no seat {seat!r} in this {self.players}-player game (FS-C2)"
        if self.phase == "buy":
            if self.passed[seat]:
                return f"{_LETTERS[seat]} has passed and cannot re-enter this round (FS-B7)"
            return f"it is {_LETTERS[self.current]}'s turn to bid or pass, not {_LETTERS[seat]}'s (FS-B2)"
        return f"{_LETTERS[seat]} has already chosen a house face down; a choice cannot be changed (FS-S2)"

    def _apply(self, seat: int, action: Action) -> None:
        kind = action.kind
        if self.phase == "buy":
            if kind == "pass":
                self._pass(seat)
            elif kind == "bid":
                self._bid(seat, action.value)
            else:
                raise IllegalAction(
                    f"{action}: houses are being bought, so the choice is bid N or pass (FS-B2)"
                )
        elif kind == "sell":
            self._sell(seat, action.value)
        else:
            raise IllegalAction(f"{action}: houses are being sold, so the choice is sell H (FS-S2)")

    # ---------------------------------------------------------------- seeing
    def view(self, seat: int | None = None) -> dict[str, Any]:
        n = self.players
        teacher = seat is None
        seats = range(n)
        chosen = self.sealed.visible_to(seat) if self.sealed else {}
        # The piles still face down, top first: houses while buying, then cheques.
        top = self.round * n
        if self.phase == "buy":
            house_deck, cheque_deck = self.house_deck[top:], self.cheque_deck[:]
        elif self.phase == "sell":
            house_deck, cheque_deck = [], self.cheque_deck[top:]
        else:
            house_deck, cheque_deck = [], []
        return {
            "game": self.name,
            "players": n,
            "edition": self.options["edition"],
            "refund_rounding": self.options["refund_rounding"],
            "viewer": seat,
            "phase": self.phase,
            "round": self.round,
            "rounds": self.rounds,
            "start_player": self.start_player,
            "to_act": list(self._to_act),
            "start_coins": self.start_coins,
            # FS-B10: how many coins each player holds is public (coins are alike, and every bid,
            # refund and payment was made in the open); so are the bids of this round.
            "coins": list(self.coins),
            "bids": list(self.bids),
            "passed": list(self.passed),
            "high_bid": self.high_bid,
            "high_bidder": self.high_bidder,
            # FS-B10: houses and cheques are held face down: others see how many, not which.
            "houses": [sorted(h) if teacher or s == seat else None for s, h in enumerate(self.houses)],
            "cheques": [list(c) if teacher or s == seat else None for s, c in enumerate(self.cheques)],
            "house_counts": [len(h) for h in self.houses],
            "cheque_counts": [len(c) for c in self.cheques],
            # The cheques of the earlier selling rounds, lowest first: each lay face up and went
            # to a seller in the open (FS-S1, FS-S3); who won which is in the log, not here.
            "past_cheques": sorted(sale[3] for sale in self.sales),
            "table": list(self.table),
            # FS-S2: a sealed choice is seen only by its owner until the reveal.
            "chosen": [chosen.get(s) for s in seats],
            "houses_left": len(house_deck),
            "cheques_left": len(cheque_deck),
            "house_deck": house_deck if teacher else None,
            "cheque_deck": cheque_deck if teacher else None,
            "removed_houses": list(self.removed_houses) if teacher else None,
            "removed_cheques": list(self.removed_cheques) if teacher else None,
            "box_coins": self.box_coins if teacher else None,
        }

    def result(self) -> dict[str, Any]:
        holding = [c + b for c, b in zip(self.coins, self.bids, strict=True)]
        scores = [rules.score(ch, coins) for ch, coins in zip(self.cheques, holding, strict=True)]
        ranks = rules.ranks(scores, holding)
        finished = self.phase == "over"
        return {
            "scores": scores,
            "ranks": ranks,
            "winners": [s for s in range(self.players) if ranks[s] == 1] if finished else [],
            "finished": finished,
        }

    @property
    def max_decisions(self) -> int:
        # Per buying round every bid raises the high bid by at least one coin (at most
        # start_coins bids) and all but one player pass; per selling round each player chooses once.
        return self.rounds * (self.start_coins + self.players - 1) + self.rounds * self.players

    def stats(self, seat: int) -> dict[str, Any]:
        bought = [p for p in self.purchases if p[1] == seat]
        return {
            "coins_left": self.coins[seat],
            "cheques_total": sum(self.cheques[seat]),
            "coins_paid": sum(p[4] for p in bought),
            "free_houses": sum(1 for p in bought if p[4] == 0),
            "house_total": sum(p[2] for p in bought),
        }

    def records(self) -> dict[str, list[dict[str, Any]]]:
        """Every house taken (what was bid and paid) and every house sold (its cheque and its
        rank in the seller's hand at the time, 1 = the best house held)."""
        hands: list[list[int]] = [[] for _ in range(self.players)]
        for _, seat, house, _, _ in self.purchases:
            hands[seat].append(house)
        sales = []
        for round_, seat, house, cheque in self.sales:
            hand = hands[seat]
            sales.append(
                {
                    "round": round_,
                    "seat": seat,
                    "house": house,
                    "hand_rank": sum(1 for h in hand if h > house) + 1,
                    "hand_size": len(hand),
                    "cheque": cheque,
                }
            )
            hand.remove(house)
        return {
            "purchases": [
                {"round": r, "seat": s, "house": h, "bid": b, "paid": p} for r, s, h, b, p in self.purchases
            ],
            "sales": sales,
        }

    def state_problems(self, state: Mapping[str, Any]) -> list[str]:
        """Rule breaks a teacher's view can show: negative coins, a card twice, a wrong total."""
        problems = []
        try:
            for s, c in enumerate(state["coins"]):
                if type(c) is not int or c < 0:
                    problems.append(f"{_LETTERS[s]} holds {c!r} coins; coins are a whole number >= 0 (FS-B4)")
            houses = [h for held in state["houses"] for h in held] + list(
                state["table"] if state["phase"] == "buy" else []
            )
            houses += list(state["house_deck"] or []) + list(state["removed_houses"] or [])
            twice = sorted(h for h, k in Counter(houses).items() if k > 1)
            if twice:
                problems.append(f"house(s) {', '.join(map(str, twice))} appear more than once (FS-C1)")
            cheques = Counter(c for won in state["cheques"] for c in won)
            cheques += Counter(state["table"] if state["phase"] == "sell" else [])
            cheques += Counter(state["cheque_deck"] or []) + Counter(state["removed_cheques"] or [])
            extra = sorted(c for c, k in cheques.items() if k > rules.CHEQUES.count(c))
            if extra:
                problems.append(f"cheque(s) {', '.join(map(money, extra))} appear too often (FS-C1)")
        except (KeyError, TypeError, IndexError) as exc:
            problems.append(f"state is not a For Sale state ({exc!r})")
        return problems
