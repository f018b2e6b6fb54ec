"""Money Monsoon's pawn moves as actions: the legal ones for a roll, and why another is not (MM-M1 to MM-M5)."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.actions import Action, canonical
from ...core.errors import IllegalAction
from ...core.game import SEAT_NAMES
from . import rules
from .i18n import _
from .rules import DIE_FACES, HALVED_ROLL, SPLIT_ROLL, Move, landing, move_text


def _canonical_moves() -> dict[str, Action]:
    """Every move text a die can call for: one pawn 1..8 either way, and the splits of a 7."""
    moves: list[Move] = [
        ((pawn, signed),)
        for steps in range(1, DIE_FACES + 1)
        for pawn in rules.PAWNS
        for signed in (steps, -steps)
    ]
    moves += [
        (("a", a), ("b", b))
        for share in range(1, SPLIT_ROLL)
        for a in (share, -share)
        for b in (SPLIT_ROLL - share, share - SPLIT_ROLL)
    ]
    return {move_text(m): canonical("move", m, move_text(m)) for m in moves}


MOVES = _canonical_moves()
# Legal moves by (a, b, steps, track_length, exact_goal): the same few positions recur in every game.
_LEGAL_MOVES: dict[tuple[int, int, int, int, bool], tuple[list[Action], frozenset[Move]]] = {}


def move_action(move: Move) -> Action:
    """The action of ``move``: ``move a+5``, ``move a+3 b+4``."""
    text = move_text(move)
    return MOVES.get(text) or canonical("move", move, text)


def legal_move_actions(
    pawns: Sequence[int], steps: int, track_length: int, exact_goal: bool
) -> tuple[list[Action], frozenset[Move]]:
    """The legal moves of a pawn pair for ``steps``, as actions in order and as a set (``rules.legal_moves``)."""
    a, b = pawns
    key = (a, b, steps, track_length, exact_goal)
    found = _LEGAL_MOVES.get(key)
    if found is None:
        moves = rules.legal_moves((a, b), steps, track_length, exact_goal)
        found = _LEGAL_MOVES[key] = ([move_action(m) for m in moves], frozenset(moves))
    return found


def _check_parts(seat: int, move: Move, steps: int, roll: int | None) -> None:
    """Refuse a move whose parts do not add up to the steps to move (MM-M1, MM-M4, MM-M5)."""
    text = move_text(move)
    if len(move) == 2:
        if move[0][0] == move[1][0]:
            raise IllegalAction(
                _("{move}: a 7 is split between the two pawns, one part each (MM-M4)", move=text)
            )
        if steps != SPLIT_ROLL:
            raise IllegalAction(
                _(
                    "{move}: {name} moves one pawn {steps} spaces; only a 7 may be split between the two pawns (MM-M4)",
                    move=text,
                    name=SEAT_NAMES[seat],
                    steps=steps,
                )
            )
        if any(part == 0 for _, part in move):
            raise IllegalAction(_("{move}: each part of a split 7 is at least 1 space (MM-M4)", move=text))
        total = sum(abs(part) for _, part in move)
        if total != SPLIT_ROLL:
            raise IllegalAction(
                _(
                    "{move}: the two parts of a split 7 must add up to 7, not {total} (MM-M4)",
                    move=text,
                    total=total,
                )
            )
    elif abs(move[0][1]) != steps:
        raise IllegalAction(
            _(
                "{move}: a pawn moves exactly {steps} spaces, all forward or all backward, half of the 8 (MM-M5)",
                move=text,
                steps=steps,
            )
            if roll == HALVED_ROLL
            else _(
                "{move}: a pawn moves exactly {steps} spaces, all forward or all backward, the roll (MM-M1)",
                move=text,
                steps=steps,
            )
        )


def refuse_move(
    seat: int,
    move: Move,
    pawns: Sequence[int],
    steps: int,
    roll: int | None,
    track_length: int,
    exact_goal: bool,
) -> None:
    """Raise the ``IllegalAction`` that says why ``move`` is not legal now, naming the rule it breaks."""
    _check_parts(seat, move, steps, roll)
    text = move_text(move)
    for pawn, part in move:
        position = pawns[rules.PAWNS.index(pawn)]
        if landing(position, part, track_length, exact_goal) is None:
            if position == track_length:
                raise IllegalAction(
                    _(
                        "{move}: pawn {pawn} is on the goal; a pawn that reached the goal stays there "
                        "while the rest of the 8 is moved (MM-E3)",
                        move=text,
                        pawn=pawn,
                    )
                )
            if part < 0:
                raise IllegalAction(
                    _(
                        "{move}: pawn {pawn} on space {position} cannot move back {back}; "
                        "no pawn moves back past the start (MM-M2)",
                        move=text,
                        pawn=pawn,
                        position=position,
                        back=-part,
                    )
                )
            raise IllegalAction(
                _(
                    "{move}: pawn {pawn} on space {position} would pass the goal ({goal}); "
                    "with exact_goal the goal must be reached exactly (MM-M2)",
                    move=text,
                    pawn=pawn,
                    position=position,
                    goal=track_length,
                )
            )
    raise IllegalAction(_("{move} is not a legal move now (MM-M1)", move=text))  # pragma: no cover
