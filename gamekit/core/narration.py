"""Seat letters and the sentences every game's narration shares (who won, the final standings).

Narration is one English line per event made from the event alone (``Game._narrate``); these are
the pieces all four games' ``narration`` modules use, so a seat reads the same everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .quoting import quote

SEAT_NAMES = "ABCDEFGH"


def seat_name(seat: int) -> str:
    """The letter narration uses for a seat: 0 → A, 1 → B, ..."""
    return SEAT_NAMES[seat]


def winners_text(winners: Sequence[int]) -> str:
    """ "C wins", "A and B share the win", "A, B and C share the win"."""
    names = [SEAT_NAMES[s] for s in winners]
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{joined} {'share the win' if len(names) > 1 else 'wins'}"


def scores_text(scores: Sequence[int], fmt: Callable[[int], str] = str) -> str:
    """Each seat's score in seat order, as a stopped game's provisional scores: "A 3, B 0, C 5"."""
    return ", ".join(f"{SEAT_NAMES[s]} {fmt(score)}" for s, score in enumerate(scores))


def standings_text(scores: Sequence[int], winners: Sequence[int], fmt: Callable[[int], str] = str) -> str:
    """The final scores, best first, and the winners: "C 89,000, A 80,000, B 78,000; C wins"."""
    order = sorted(range(len(scores)), key=lambda s: -scores[s])
    return ", ".join(f"{SEAT_NAMES[s]} {fmt(scores[s])}" for s in order) + "; " + winners_text(winners)


def seat_name_safe(seat: object) -> str:
    """A seat's letter, or for anything that is not a seat of any game its quotation (for refusals)."""
    return seat_name(seat) if type(seat) is int and 0 <= seat < len(SEAT_NAMES) else f"seat {quote(seat)}"
