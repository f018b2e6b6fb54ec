"""What one seat may know of a For Sale game (FS-B10, FS-S2), and the checks of a teacher's view.

A view has the same keys for every seat; what the seat may not know is ``None``.
The teacher (seat ``None``) sees everything, the piles and the removed cards included.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...core.game import SEAT_NAMES
from . import rules
from .i18n import _
from .rules import money

if TYPE_CHECKING:
    from .game import ForSale


def view(game: ForSale, seat: int | None) -> dict[str, Any]:
    """The whole state (seat ``None``) or what ``seat`` may know: same keys, hidden → None."""
    if seat is not None:
        return _seat_view(game, seat)
    n = game.players
    options = game.options
    chosen = game.sealed.visible_to(None) if game.sealed else {}
    house_deck, cheque_deck, past_cheques = _piles(game)
    return {
        "game": game.name,
        "players": n,
        "edition": options["edition"],
        "refund_rounding": options["refund_rounding"],
        "viewer": seat,
        "phase": game.phase,
        "round": game.round,
        "rounds": game.rounds,
        "start_player": game.start_player,
        "to_act": list(game.to_act),
        "start_coins": game.start_coins,
        "coin_counts": options["coin_counts"],
        "coins": list(game.coins),
        "bids": list(game.bids),
        "passed": list(game.passed),
        "high_bid": game.high_bid,
        "high_bidder": game.high_bidder,
        "houses": [sorted(h) for h in game.houses],
        "cheques": [list(c) for c in game.cheques],
        "house_counts": [len(h) for h in game.houses],
        "cheque_counts": [len(c) for c in game.cheques],
        "past_cheques": past_cheques,
        "table": list(game.table),
        "chosen": [chosen.get(s) for s in range(n)],
        "houses_left": len(house_deck),
        "cheques_left": len(cheque_deck),
        "house_deck": house_deck,
        "cheque_deck": cheque_deck,
        "removed_houses": list(game.removed_houses),
        "removed_cheques": list(game.removed_cheques),
        "box_coins": game.box_coins,
    }


def _seat_view(game: ForSale, seat: int) -> dict[str, Any]:
    """What ``seat`` may know: the teacher's view less what is hidden from it, built without
    the teacher's parts (the piles' order, the other hands), as bots ask for it at every decision."""
    n = game.players
    options = game.options
    phase = game.phase
    # FS-E1: at the end the coins are counted in the open, whatever coin_counts says.
    shown = options["coin_counts"] == "shown" or phase == "over"
    houses, cheques = game.houses, game.cheques
    hidden = [None] * n
    # FS-B10: houses and cheques are held face down: others see how many, not which.
    held_houses, held_cheques = hidden[:], hidden[:]
    held_houses[seat] = sorted(houses[seat])
    held_cheques[seat] = list(cheques[seat])
    if shown:
        coins = list(game.coins)
    else:  # FS-B11: coins are held face down by default (option coin_counts)
        coins = hidden[:]
        coins[seat] = game.coins[seat]
    chosen = hidden[:]
    if game.sealed:  # FS-S2: a sealed choice is seen only by its owner until the reveal
        chosen[seat] = game.sealed.visible_to(seat).get(seat)
    dealt = game.round * n  # the piles' sizes, as _piles counts them
    if phase == "buy":
        houses_left, cheques_left, past_cheques = len(game.house_deck) - dealt, len(game.cheque_deck), []
    elif phase == "sell":
        houses_left, cheques_left = 0, len(game.cheque_deck) - dealt
        past_cheques = sorted(game.cheque_deck[: dealt - n])
    else:
        houses_left, cheques_left, past_cheques = 0, 0, sorted(game.cheque_deck[:dealt])
    bids = game.bids
    high_bid = game.high_bid
    return {
        "game": game.name,
        "players": n,
        "edition": options["edition"],
        "refund_rounding": options["refund_rounding"],
        "viewer": seat,
        "phase": phase,
        "round": game.round,
        "rounds": game.rounds,
        "start_player": game.start_player,
        "to_act": list(game.to_act),
        "start_coins": game.start_coins,
        "coin_counts": options["coin_counts"],
        "coins": coins,
        "bids": list(bids),
        "passed": list(game.passed),
        "high_bid": high_bid,
        "high_bidder": bids.index(high_bid) if high_bid else None,
        "houses": held_houses,
        "cheques": held_cheques,
        "house_counts": [len(h) for h in houses],
        "cheque_counts": [len(c) for c in cheques],
        # The cheques of the earlier selling rounds, lowest first: each lay face up and went
        # to a seller in the open (FS-S1, FS-S3); who won which is in the log, not here.
        "past_cheques": past_cheques,
        "table": list(game.table),
        "chosen": chosen,
        "houses_left": max(houses_left, 0),
        "cheques_left": max(cheques_left, 0),
        "house_deck": None,
        "cheque_deck": None,
        "removed_houses": None,
        "removed_cheques": None,
        "box_coins": None,
    }


def coins_from_log(log: Sequence[Mapping[str, Any]]) -> list[int]:
    """Every seat's coins now, from public events only (FS-B11): the start money (the set-up),
    minus each bid's added coins (FS-B4), plus each refund (FS-B5, FS-B6). What a player with
    perfect memory knows even when the counts are hidden; ``log_for(seat)`` of any seat will do."""
    setup = next(e for e in log if e["type"] == "setup")
    coins = [setup["coins"]] * setup["players"]
    for event in log:
        if event["type"] == "bid":
            coins[event["seat"]] -= event["added"]
        elif event["type"] == "pass":
            coins[event["seat"]] += event["refund"]
    return coins


def estimated_coins(view: Mapping[str, Any]) -> list[int]:
    """Every seat's coins as a seat that remembers only its view may guess them (FS-B11): a count
    the view shows is used as it is; a hidden one assumes the seat has spent as much as the viewer
    (the viewer's coins plus its bid, less the seat's own bid this round, at least 0). For a state
    sampler or a bot that needs a number; the log gives the exact counts (``coins_from_log``)."""
    me = view["viewer"]
    holding = view["coins"][me] + view["bids"][me]
    return [c if c is not None else max(0, holding - view["bids"][s]) for s, c in enumerate(view["coins"])]


def _piles(game: ForSale) -> tuple[list[int], list[int], list[int]]:
    """The houses and the cheques still face down (top first), and the cheques of the
    earlier selling rounds (sorted): each round deals the next ``players`` cards (FS-B1, FS-S1)."""
    dealt = game.round * game.players  # cards dealt in this phase, this round's table included
    if game.phase == "buy":
        return game.house_deck[dealt:], game.cheque_deck[:], []
    if game.phase == "sell":
        return [], game.cheque_deck[dealt:], sorted(game.cheque_deck[: dealt - game.players])
    return [], [], sorted(game.cheque_deck[:dealt])


def state_problems(state: Mapping[str, Any]) -> list[str]:
    """Rule breaks a teacher's view can show: negative coins, a card twice, a wrong total."""
    problems = []
    try:
        for s, c in enumerate(state["coins"]):
            if type(c) is not int or c < 0:
                problems.append(
                    _(
                        "{name} holds {coins} coins; coins are a whole number >= 0 (FS-B4)",
                        name=SEAT_NAMES[s],
                        coins=repr(c),
                    )
                )
        houses = [h for held in state["houses"] for h in held] + list(
            state["table"] if state["phase"] == "buy" else []
        )
        houses += list(state["house_deck"] or []) + list(state["removed_houses"] or [])
        twice = sorted(h for h, k in Counter(houses).items() if k > 1)
        if twice:
            problems.append(
                _("house(s) {houses} appear more than once (FS-C1)", houses=", ".join(map(str, twice)))
            )
        cheques = Counter(c for won in state["cheques"] for c in won)
        cheques += Counter(state["table"] if state["phase"] == "sell" else [])
        cheques += Counter(state["cheque_deck"] or []) + Counter(state["removed_cheques"] or [])
        extra = sorted(c for c, k in cheques.items() if k > rules.CHEQUES.count(c))
        if extra:
            problems.append(
                _("cheque(s) {cheques} appear too often (FS-C1)", cheques=", ".join(map(money, extra)))
            )
    except (KeyError, TypeError, IndexError) as exc:
        problems.append(_("state is not a For Sale state ({error})", error=repr(exc)))
    return problems
