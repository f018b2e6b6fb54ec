"""Seat letters and the sentences every game's narration shares (who won, the final standings).

Narration is one line per event, in the language of the moment made from the event alone (``Game._narrate``); these are
the pieces all four games' ``narration`` modules use, so a seat reads the same everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .i18n import _
from .quoting import quote

SEAT_NAMES = "ABCDEFGH"


def seat_name(seat: int) -> str:
    """The letter narration uses for a seat: 0 → A, 1 → B, ..."""
    return SEAT_NAMES[seat]


def _joined(items: Sequence[str]) -> str:
    """Items as one list in the current language: "A", "A and B", "A, B and C" (each item may be a
    Text, so the list follows the language it is shown in)."""
    if len(items) == 1:
        return items[0]
    head: str = items[0]
    for item in items[1:-1]:
        head = _("{head}, {tail}", head=head, tail=item)
    return _("{first} and {last}", first=head, last=items[-1])


def _listed(items: Sequence[str]) -> str:
    """Items separated as a list of scores is ("A 3, B 0, C 5"): the language's comma."""
    head: str = items[0]
    for item in items[1:]:
        head = _("{head}, {tail}", head=head, tail=item)
    return head


def winners_text(winners: Sequence[int]) -> str:
    """ "C wins", "A and B share the win", "A, B and C share the win"."""
    names = [SEAT_NAMES[s] for s in winners]
    if len(names) == 1:
        return _("{seat} wins", seat=names[0])
    return _("{seats} share the win", seats=_joined(names))


def _score(seat: int, score: int, fmt: Callable[[int], str]) -> str:
    return _("{seat} {score}", seat=SEAT_NAMES[seat], score=fmt(score))


def scores_text(scores: Sequence[int], fmt: Callable[[int], str] = str) -> str:
    """Each seat's score in seat order, as a stopped game's provisional scores: "A 3, B 0, C 5"."""
    return _listed([_score(s, score, fmt) for s, score in enumerate(scores)])


def standings_text(scores: Sequence[int], winners: Sequence[int], fmt: Callable[[int], str] = str) -> str:
    """The final scores, best first, and the winners: "C 89,000, A 80,000, B 78,000; C wins"."""
    order = sorted(range(len(scores)), key=lambda s: -scores[s])
    return _(
        "{scores}; {winners}",
        scores=_listed([_score(s, scores[s], fmt) for s in order]),
        winners=winners_text(winners),
    )


def seat_name_safe(seat: object) -> str:
    """A seat's letter, or for anything that is not a seat of any game its quotation (for refusals)."""
    if type(seat) is int and 0 <= seat < len(SEAT_NAMES):
        return seat_name(seat)
    return _("seat {seat}", seat=quote(seat))
