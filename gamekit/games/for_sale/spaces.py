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
_CHEQUE_KINDS = len(CHEQUE_VALUES)


class Numbering:
    """For Sale's numbering for the coins a set-up gives (``probe``: a fresh game)."""

    def __init__(self, probe: Game) -> None:
        self.coins = probe.view()["start_coins"]
        self.size = 1 + self.coins + HOUSE_COUNT
        n = self._players = probe.players
        self._orders = [[(seat + k) % n for k in range(n)] for seat in range(n)]  # by_seat's order
        # ``values``' zeros: the parts of ``encode`` in order (8 seat-long parts)
        self._zeros = [0.0] * (3 + 1 + 8 * n + 1 + 3 * HOUSE_COUNT + 3 * _CHEQUE_KINDS + 2)

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
        if n != self._players:
            return []  # not these spaces' game: ``Spaces.observe`` refuses it by its length
        order = self._orders[seat]
        out = self._zeros[:]
        out[_PHASE_AT[phase]] = 1.0  # phase
        out[3] = game.round / max(game.rounds, 1)  # round
        if game.start_player is not None:  # start_player: seat one-hot from 4
            out[4 + (game.start_player - seat) % n] = 1.0
        at = 4 + n
        for s in game.to_act:  # to_act
            out[at + (s - seat) % n] = 1.0
        at += n
        coins, bids, passed, houses, cheques = game.coins, game.bids, game.passed, game.houses, game.cheques
        # FS-B11, FS-E1: another seat's coins only when counts are shown or the game is over
        if game.options["coin_counts"] == "shown" or phase == "over":
            out[at : at + n] = [coins[s] / c for s in order]
        else:
            out[at] = coins[seat] / c
        at += n
        out[at : at + n] = [bids[s] / c for s in order]
        at += n
        for k, s in enumerate(order):  # passed
            if passed[s]:
                out[at + k] = 1.0
        at += n
        out[at : at + n] = [len(houses[s]) / HOUSE_COUNT for s in order]
        at += n
        out[at : at + n] = [len(cheques[s]) / HOUSE_COUNT for s in order]
        at += n
        out[at] = game.high_bid / c
        high = game.high_bidder
        if high is not None:  # high_bidder
            out[at + 1 + (high - seat) % n] = 1.0
        at += 1 + n
        for h in houses[seat]:  # my_houses (FS-B10: only mine)
            out[at + _HOUSE_AT[h]] += 1.0
        at += HOUSE_COUNT
        for v in cheques[seat]:  # my_cheques
            out[at + _CHEQUE_AT[v]] += 0.5
        at += _CHEQUE_KINDS
        buying = phase == "buy"
        if buying:  # table_houses
            for h in game.table:
                out[at + _HOUSE_AT[h]] += 1.0
        at += HOUSE_COUNT
        if not buying:  # table_cheques
            for v in game.table:
                out[at + _CHEQUE_AT[v]] += 0.5
        at += _CHEQUE_KINDS
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
        for v in past:  # past_cheques
            out[at + _CHEQUE_AT[v]] += 0.5
        at += _CHEQUE_KINDS
        sealed = game.sealed  # my_sealed_house (FS-S2: only mine)
        mine = sealed.visible_to(seat).get(seat) if sealed else None
        if mine is not None:
            out[at + _HOUSE_AT[mine]] = 1.0
        at += HOUSE_COUNT
        out[at] = houses_left / HOUSE_COUNT
        out[at + 1] = cheques_left / HOUSE_COUNT
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
