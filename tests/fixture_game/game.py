"""Sealed Auction: the fixture fifth game. One sealed-bid auction for a card each player values.

Each player is dealt a value card face down (SA-C1) and bids once, face down (SA-B1); the
highest bid wins and pays its own bid or the second-highest (option ``price``, SA-B2), ties going
to the first tied seat from the first player (SA-B3). A score is the coins held plus the card's
value for the winner (SA-E1). It is made up for the tests: small enough to read at a glance, with
what the layers must cope with (hidden information, a simultaneous step, chance, an option).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gamekit.core.actions import Action, canonical
from gamekit.core.chance import shuffled, without
from gamekit.core.errors import ConfigError, IllegalAction
from gamekit.core.game import SEAT_NAMES, Event, Game, register, standings_text
from gamekit.core.options import Option
from gamekit.core.quoting import quote
from gamekit.core.ranking import shared_ranks
from gamekit.core.sealed import SealedChoices

VALUES = tuple(range(1, 13))  # SA-C1
COINS = 10  # SA-C1
PRICES = ("first", "second")  # SA-B2
BIDS = tuple(canonical("bid", n) for n in range(COINS + 1))


def price_paid(bids: list[int], price: str) -> int:
    """SA-B2: the winner pays their own bid ("first") or the second-highest bid ("second")."""
    ordered = sorted(bids, reverse=True)
    return ordered[0] if price == "first" else ordered[1]


def winner_of(bids: list[int], first_player: int) -> int:
    """SA-B2, SA-B3: the highest bid; among equal ones the first tied seat from the first player."""
    n = len(bids)
    top = max(bids)
    return next(seat for k in range(n) if bids[seat := (first_player + k) % n] == top)


@register
class SealedAuction(Game):
    """One sealed-bid auction for 3 to 5 players (the fixture game of tests/test_fifth_game.py)."""

    name = "sealed_auction"
    title = "Sealed Auction"
    rule_prefix = "SA"
    min_players = 3
    max_players = 5
    players_rule = "SA-C2"
    strongest_bot = "fraction_of_value:0.5"
    rules_file = str(Path(__file__).with_name("rules.toml"))
    stack_keys = ("values",)
    options_declared = (
        Option(
            "price", "first", "SA-B2", "what the winner pays: their own bid or the second-highest bid", PRICES
        ),
    )
    event_rules: Mapping[str, str] = {"deal": "SA-C1", "bid": "SA-B1", "reveal": "SA-B2", "end": "SA-E1"}

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        n = self.players
        self.values = self._deal()
        first = self.stack.get("first_player")
        self.first_player = self.rng.randrange(n) if first is None else first  # SA-C2
        self.coins = [COINS] * n
        self.sealed = SealedChoices(range(n))
        self.bids: list[int] | None = None
        self.winner: int | None = None
        self.paid = 0
        self.phase = "bid"
        for seat, value in enumerate(self.values):
            self._emit("deal", seat, {"private": {"value": value}})
        self._to_act = self.sealed.waiting

    def _deal(self) -> list[int]:
        """SA-C1: one value card each from the shuffled twelve; stacked values go to seats 0, 1, ..."""
        pile = shuffled(self.rng, VALUES)
        stacked = self.stack.get("values")
        if stacked is None:
            return pile[: self.players]
        if not isinstance(stacked, list | tuple) or not all(type(v) is int and v in VALUES for v in stacked):
            raise ConfigError(
                f"stack values must be a list of card numbers 1 to 12, not {quote(stacked)} (SA-C1)"
            )
        if len(set(stacked)) < len(stacked) or len(stacked) > self.players:
            raise ConfigError(
                f"stack values {quote(stacked)}: each card exists once and each of the {self.players} "
                "seats gets one (SA-C1)"
            )
        return list(stacked) + without(pile, stacked)[: self.players - len(stacked)]

    # ---------------------------------------------------------------- playing
    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act:
            return []
        return list(BIDS[: self.coins[seat] + 1])  # SA-B1

    def _parse_action(self, text: str) -> Action:
        words = text.split()
        if (
            len(words) == 2
            and words[0] == "bid"
            and len(words[1]) <= 9
            and words[1].isascii()
            and words[1].isdigit()
        ):
            number = int(words[1])
            return BIDS[number] if number < len(BIDS) else canonical("bid", number)
        raise IllegalAction(f"cannot read {quote(text)}: the one action is 'bid N' (SA-B1)")

    def _apply(self, seat: int, action: Action) -> None:
        if action.kind != "bid":
            raise IllegalAction(f"{action}: the one action is a sealed bid, 'bid N' (SA-B1)")
        bid = action.value
        if bid > self.coins[seat]:
            raise IllegalAction(
                f"bid {bid} is more than the {self.coins[seat]} coins {SEAT_NAMES[seat]} holds (SA-B1)"
            )
        self.sealed.commit(seat, bid)
        self._emit("bid", seat, {"private": {"bid": bid}})
        if self.sealed.waiting:
            self.to_act = self.sealed.waiting
        else:
            self._reveal()

    def _reveal(self) -> None:
        """SA-B2, SA-B3: show the bids; the winner pays and takes the card's value (SA-E1)."""
        chosen = self.sealed.reveal()
        self.bids = bids = [chosen[seat] for seat in range(self.players)]
        self.winner = winner = winner_of(bids, self.first_player)
        self.paid = price_paid(bids, self.options["price"]) if self.players > 1 else bids[0]
        self.coins[winner] -= self.paid
        self._emit(
            "reveal", None, {"bids": bids, "winner": winner, "paid": self.paid, "values": list(self.values)}
        )
        self._end_game()

    def _game_over(self) -> str:
        return "the game is over: the auction is settled (SA-E1)"

    def _not_to_act(self, seat: int) -> str:
        return f"{SEAT_NAMES[seat]} has bid already; a sealed bid cannot be changed (SA-B1)"

    # -------------------------------------------------------------- narration
    def _narrate_deal(self, event: Event) -> str:
        return f"{SEAT_NAMES[event['seat']]} is dealt a value card face down"

    def _narrate_bid(self, event: Event) -> str:
        return f"{SEAT_NAMES[event['seat']]} bids face down"

    def _narrate_reveal(self, event: Event) -> str:
        shown = ", ".join(f"{SEAT_NAMES[s]} {b}" for s, b in enumerate(event["bids"]))
        return f"bids {shown}: {SEAT_NAMES[event['winner']]} wins and pays {event['paid']}"

    def _narrate_end(self, event: Event) -> str:
        return standings_text(event["scores"], event["winners"])

    # ----------------------------------------------------------------- seeing
    def view(self, seat: int | None = None) -> dict[str, Any]:
        over = self.phase == "over"
        chosen = self.sealed.visible_to(seat)
        return {
            "game": self.name,
            "viewer": seat,
            "players": self.players,
            "phase": self.phase,
            "to_act": list(self.to_act),
            "price": self.options["price"],
            "first_player": self.first_player,
            "coins": list(self.coins),
            "values": [v if over or seat is None or s == seat else None for s, v in enumerate(self.values)],
            "bid_made": [self.sealed.has_committed(s) for s in range(self.players)],
            "bids": list(self.bids)
            if self.bids is not None
            else [chosen.get(s) for s in range(self.players)],
            "winner": self.winner,
            "paid": self.paid,
        }

    def standings(self) -> tuple[list[int], list[int]]:
        scores = [c + (self.values[s] if s == self.winner else 0) for s, c in enumerate(self.coins)]
        return scores, shared_ranks(scores)  # SA-E1

    def ended_by_rules(self) -> bool:
        return self.phase == "over"

    @property
    def max_decisions(self) -> int:
        return self.players  # SA-B1: one bid each

    def stats(self, seat: int) -> dict[str, Any]:
        return {
            "value": self.values[seat],
            "won": seat == self.winner,
            "paid": self.paid if seat == self.winner else 0,
        }

    def state_problems(self, state: Mapping[str, Any]) -> list[str]:
        problems = [
            f"seat {s} holds {c} coins"
            for s, c in enumerate(state["coins"])
            if c is not None and not 0 <= c <= COINS
        ]
        values = [v for v in state["values"] if v is not None]
        if len(set(values)) < len(values) or not set(values) <= set(VALUES):
            problems.append(f"value cards {values} are not distinct cards of 1 to 12 (SA-C1)")
        return problems
