"""What a Money Monsoon player sees (MM-A2: only one's own sealed bid, or sitting out), and the rule breaks a view can show."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core.game import SEAT_NAMES
from .i18n import _
from .rules import START, START_POINTS

if TYPE_CHECKING:
    from .game import MoneyMonsoon


def view(game: MoneyMonsoon, seat: int | None) -> dict[str, Any]:
    """The whole state (``seat`` None) or what ``seat`` may know: others' sealed bids and ranges hidden."""
    n = game.players
    teacher = seat is None
    seats = range(n)
    active = game.active
    sat_out: bool | None = None  # MM-A2: whether the auctioneer sat its roll out, when known to the viewer
    if game.phase == "bid" and game.sealed is not None:
        visible = game.sealed.visible_to(seat)  # MM-A2: only one's own sealed bid
        bids: list[int | None] | None = [visible.get(s) for s in seats]
        if teacher or seat == active:
            sat_out = game.sealed.has_committed(active) and visible.get(active) is None
    else:
        bids = list(game.bids) if game.bids is not None else None
        if bids is not None:
            sat_out = bids[active] is None
    ranges = [
        [r[0], r[1]] if r is not None and (teacher or s == seat) else None
        for s, r in zip(seats, game.ranges, strict=True)
    ]
    return {
        "game": game.name,
        "players": n,
        "viewer": seat,
        "to_act": list(game.to_act),
        "phase": game.phase,
        "turn": game.turn,
        "max_turns": game.max_turns,
        "track_length": game.track_length,
        "exact_goal": game.exact_goal,
        "top_tie": game.top_tie,
        "all_void": game.options["all_void"],
        "double_finish": game.options["double_finish"],
        "auctioneer_rule": game.options["auctioneer"],
        "broke_bids": game.options["broke_bids"],
        "bid_limits": [game.bid_limit(s) for s in seats],
        "sat_out": sat_out,
        "start_player": game.start_player,
        "active": game.active,
        "roll": game.roll,
        "rebids": game.rebids,
        "points": list(game.points),
        "debt": list(game.debt),
        "borrowed": list(game.borrowed),
        "repaid": list(game.repaid),
        "bank": game.bank,
        "pawns": [list(p) for p in game.pawns],
        "bids": bids,
        "bid_range": ranges,
        "winner": game.winner,
        "price": game.price,
        "payee": game.payee,
        "free_mover": game.free_mover,
        "mover": game.mover,
        "steps": game.steps,
        "free_move": game.moving_free,
        "bonuses": list(game.bonuses) if game.bonuses is not None else None,
        "finished": game.finished,
    }


def state_problems(state: Mapping[str, Any], players: int) -> list[str]:
    """Rule breaks a teacher's view can show: negative points or debt, pawns off the track,
    points that do not add up with the bank, a pawn on the goal in a running game."""
    problems = []
    try:
        n = players
        points, debt, bank = state["points"], state["debt"], state["bank"]
        over = state["phase"] == "over"
        for s, p in enumerate(points):
            if type(p) is not int or (p < 0 and not over):
                problems.append(
                    _(
                        "{name} holds {points} points; points are a whole number >= 0 (MM-E4)",
                        name=SEAT_NAMES[s],
                        points=repr(p),
                    )
                )
        for s, d in enumerate(debt):
            if type(d) is not int or d < 0:
                problems.append(
                    _(
                        "{name} owes {debt}; a debt is a whole number >= 0 (MM-E4)",
                        name=SEAT_NAMES[s],
                        debt=repr(d),
                    )
                )
        goal = state["track_length"]
        # MM-E3: the free 4 of an 8 is still moved after the high bidder's pawn reached the goal.
        finishing = state["phase"] == "move" and state["free_move"]
        for s, pair in enumerate(state["pawns"]):
            if len(pair) != 2 or not all(type(x) is int and START <= x <= goal for x in pair):
                problems.append(
                    _(
                        "{name}'s pawns {pair} are not two spaces from 0 to {goal} (MM-C2)",
                        name=SEAT_NAMES[s],
                        pair=repr(pair),
                        goal=goal,
                    )
                )
            elif goal in pair and not over and not finishing:
                problems.append(
                    _("{name} has a pawn on the goal but the game goes on (MM-E1)", name=SEAT_NAMES[s])
                )
        if len(points) != n or len(debt) != n or type(bank) is not int:
            problems.append(
                _("points and debts are listed for {n} players, the bank as a number (MM-C1)", n=n)
            )
        elif sum(points) + bank != START_POINTS * n:
            problems.append(
                _(
                    "points {total} and the bank's balance {bank} do not add up to "
                    "{start} per player: points were made or lost (MM-C1)",
                    total=sum(points),
                    bank=bank,
                    start=START_POINTS,
                )
            )
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        problems.append(_("state is not a Money Monsoon state ({error})", error=type(exc).__name__))
    return problems
