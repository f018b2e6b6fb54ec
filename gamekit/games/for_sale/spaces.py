"""For Sale's fixed action numbers and observation encoder for the RL adapters (``gamekit.rl.spaces``).

Actions: ``0`` pass, ``N`` bid N (1..starting coins C), ``C + H`` sell house H (1..30).
The encoder writes ``view(seat)`` only, through the adapter's vector (``gamekit.rl.spaces``).
Pure Python: the adapters bring numpy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.game import Game
from .rules import CHEQUES, HOUSES

HOUSE_COUNT = len(HOUSES)  # FS-C1
CHEQUE_VALUES = tuple(sorted(set(CHEQUES)))  # FS-C1: the distinct cheque values
_HOUSE_AT = {h: i for i, h in enumerate(HOUSES)}
_CHEQUE_AT = {v: i for i, v in enumerate(CHEQUE_VALUES)}
_PHASE_AT = {"buy": 0, "sell": 1, "over": 2}


class Numbering:
    """For Sale's numbering for the coins a set-up gives (``probe``: a fresh game)."""

    def __init__(self, probe: Game) -> None:
        self.coins = probe.view()["start_coins"]
        self.size = 1 + self.coins + HOUSE_COUNT
        n = probe.players
        self._orders = [[(seat + k) % n for k in range(n)] for seat in range(n)]  # by_seat's order

    def index(self, game: Game, seat: int, text: str) -> int:
        word, _, rest = text.partition(" ")
        if text == "pass":
            return 0
        if word == "bid":
            return int(rest)
        return self.coins + int(rest)

    def fixed_index(self, text: str) -> bool:
        """Whether ``index`` of ``text`` is the same in every state (the adapters keep it): always."""
        return True

    def label(self, index: int) -> str:
        if index == 0:
            return "pass"
        return f"bid {index}" if index <= self.coins else f"sell {index - self.coins}"

    def encode(self, v: Any, view: dict[str, Any], paying: Sequence[int]) -> None:
        c, me = float(self.coins), v.seat
        v.one_hot("phase", ("buy", "sell", "over").index(view["phase"]), 3)
        v.add("round", [view["round"] / max(view["rounds"], 1)])
        v.seat_hot("start_player", view["start_player"])
        v.seat_mask("to_act", view["to_act"])
        v.by_seat("coins", view["coins"], c)
        v.by_seat("bids", view["bids"], c)
        v.by_seat("passed", view["passed"])
        v.by_seat("house_counts", view["house_counts"], HOUSE_COUNT)
        v.by_seat("cheque_counts", view["cheque_counts"], HOUSE_COUNT)
        v.add("high_bid", [view["high_bid"] / c])
        v.seat_hot("high_bidder", view["high_bidder"])
        v.counts("my_houses", view["houses"][me], HOUSES, 1)
        v.counts("my_cheques", view["cheques"][me], CHEQUE_VALUES, 2)
        buying = view["phase"] == "buy"
        v.counts("table_houses", view["table"] if buying else (), HOUSES, 1)
        v.counts("table_cheques", () if buying else view["table"], CHEQUE_VALUES, 2)
        v.counts("past_cheques", view["past_cheques"], CHEQUE_VALUES, 2)
        mine = view["chosen"][me]
        v.counts("my_sealed_house", () if mine is None else [mine], HOUSES, 1)
        v.add("left", [view["houses_left"] / HOUSE_COUNT, view["cheques_left"] / HOUSE_COUNT])

    def values(self, game: Any, seat: int, paying: Sequence[int]) -> list[float]:
        """``encode`` of ``view(seat)`` as a list of floats, read straight from the game (no view
        dict, no vector builder): what the seat's view shows and nothing else, part for part in
        ``encode``'s order with the same arithmetic (a property test holds the two equal)."""
        n, c, phase = game.players, float(self.coins), game.phase
        order = self._orders[seat]
        out = [0.0, 0.0, 0.0]
        out[_PHASE_AT[phase]] = 1.0  # phase
        out.append(game.round / max(game.rounds, 1))  # round
        hot = [0.0] * n  # start_player
        if game.start_player is not None:
            hot[(game.start_player - seat) % n] = 1.0
        out += hot
        hot = [0.0] * n  # to_act
        for s in game.to_act:
            hot[(s - seat) % n] = 1.0
        out += hot
        coins, bids, passed, houses, cheques = game.coins, game.bids, game.passed, game.houses, game.cheques
        # FS-B11, FS-E1: another seat's coins only when counts are shown or the game is over
        if game.options["coin_counts"] == "shown" or phase == "over":
            out += [coins[s] / c for s in order]
        else:
            out += [coins[s] / c if s == seat else 0.0 for s in order]
        out += [bids[s] / c for s in order]
        out += [1.0 if passed[s] else 0.0 for s in order]
        out += [len(houses[s]) / HOUSE_COUNT for s in order]
        out += [len(cheques[s]) / HOUSE_COUNT for s in order]
        out.append(game.high_bid / c)
        hot = [0.0] * n  # high_bidder
        high = game.high_bidder
        if high is not None:
            hot[(high - seat) % n] = 1.0
        out += hot
        row = [0.0] * HOUSE_COUNT  # my_houses (FS-B10: only mine)
        for h in houses[seat]:
            row[_HOUSE_AT[h]] += 1.0
        out += row
        row = [0.0] * len(CHEQUE_VALUES)  # my_cheques
        for v in cheques[seat]:
            row[_CHEQUE_AT[v]] += 0.5
        out += row
        buying = phase == "buy"
        row = [0.0] * HOUSE_COUNT  # table_houses
        if buying:
            for h in game.table:
                row[_HOUSE_AT[h]] += 1.0
        out += row
        row = [0.0] * len(CHEQUE_VALUES)  # table_cheques
        if not buying:
            for v in game.table:
                row[_CHEQUE_AT[v]] += 0.5
        out += row
        # the piles as the view counts them (views._piles): cards dealt in this phase so far
        dealt = game.round * n
        house_deck, cheque_deck = game.house_deck, game.cheque_deck
        if buying:
            houses_left, cheques_left, past = len(house_deck[dealt:]), len(cheque_deck), ()
        elif phase == "sell":
            houses_left, cheques_left = 0, len(cheque_deck[dealt:])
            past = cheque_deck[: dealt - n]
        else:
            houses_left, cheques_left, past = 0, 0, cheque_deck[:dealt]
        row = [0.0] * len(CHEQUE_VALUES)  # past_cheques
        for v in past:
            row[_CHEQUE_AT[v]] += 0.5
        out += row
        row = [0.0] * HOUSE_COUNT  # my_sealed_house (FS-S2: only mine)
        sealed = game.sealed
        mine = sealed.visible_to(seat).get(seat) if sealed else None
        if mine is not None:
            row[_HOUSE_AT[mine]] = 1.0
        out += row
        out.append(houses_left / HOUSE_COUNT)
        out.append(cheques_left / HOUSE_COUNT)
        return out


# What each part of the observation means (a regular expression matching the part's whole
# name → its meaning): ``data/rl/ENCODINGS.md`` (``gamekit.rl.encodings``) is written from it.
MEANINGS: dict[str, str] = {
    "phase": "one-hot: buy, sell, over",
    "round": "round / rounds of the phase",
    "start_player": "seat one-hot: who opens the current round",
    "to_act": "seat mask: whose decision is awaited (a sealed sale: every seat still choosing)",
    "coins": "by seat: coins / starting coins (others hidden unless coin_counts=shown)",
    "bids": "by seat: coins bid this round / starting coins",
    "passed": "by seat: 1 once the seat has passed this round",
    "house_counts": "by seat: houses held / 30",
    "cheque_counts": "by seat: cheques held / 30",
    "high_bid": "highest bid / starting coins",
    "high_bidder": "seat one-hot: the highest bidder",
    "my_houses": "counts of my houses by value 1..30",
    "my_cheques": "counts / 2 of my cheques by value (0, 2000, 3000, ..., 15000)",
    "table_houses": "counts of the houses on the table by value 1..30 (buying)",
    "table_cheques": "counts / 2 of the cheques on the table by value (selling)",
    "past_cheques": "counts / 2 of the cheques already taken, by value",
    "my_sealed_house": "one-hot of the house I have laid face down (selling, before the reveal)",
    "left": "houses left to deal / 30, cheques left to deal / 30",
}
