"""Commit-then-reveal: the one mechanism for simultaneous sealed choices.

For Sale's house choices, Money Monsoon's bids and Kuhhandel's offers all work
the same way: each seat commits a choice that nobody else may see, a commitment
cannot be changed, and when every expected seat has committed all choices are
revealed together.
"""

from __future__ import annotations

from typing import Any


class SealedChoices:
    """Sealed choices of a fixed set of seats, revealed together once all have chosen."""

    __slots__ = ("_choices", "waiting")

    def __init__(self, seats: tuple[int, ...] | list[int] | range) -> None:
        self.waiting: tuple[int, ...] = tuple(sorted(seats))  # not yet committed, ascending
        self._choices: dict[int, Any] = {}

    def has_committed(self, seat: int) -> bool:
        return seat in self._choices

    def commit(self, seat: int, choice: Any) -> None:
        """Seal ``seat``'s choice; the caller has checked it is legal and that seat is waiting."""
        waiting = self.waiting
        if seat in waiting:
            i = waiting.index(seat)
            self.waiting = waiting[:i] + waiting[i + 1 :]
        self._choices[seat] = choice

    @property
    def complete(self) -> bool:
        return not self.waiting

    def reveal(self) -> dict[int, Any]:
        """All choices, by seat; only once every seat has committed."""
        if self.waiting:
            raise RuntimeError(f"cannot reveal while seats {self.waiting} have not chosen")
        return dict(self._choices)

    def visible_to(self, seat: int | None) -> dict[int, Any]:
        """What ``seat`` may know of the choices: its own, and for others only that they chose.

        ``seat=None`` is the teacher's view, which sees everything.
        """
        if seat is None:
            return dict(self._choices)
        return {s: (c if s == seat else None) for s, c in self._choices.items()}
