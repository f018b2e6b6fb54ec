"""The event log as ``act`` returns it: a read-only window on the game's log, narrated on first read."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game

# One event: ``type``, ``seat`` (None for the table), the game's data, what only ``seat`` may know
# under ``private``, and once read through ``Game.log`` its ``text`` and ``rule``.
Event = dict[str, Any]


class Events(Sequence[Event]):
    """The events one action caused: a read-only window on the game's log, narrated on first read."""

    __slots__ = ("_game", "_start", "_stop")

    def __init__(self, game: Game, start: int, stop: int) -> None:
        self._game = game
        self._start = start
        self._stop = stop

    def _list(self) -> list[Event]:
        return self._game.log[self._start : self._stop]

    def __len__(self) -> int:
        return self._stop - self._start

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        return self._list()[index]

    def __iter__(self) -> Iterator[Event]:
        return iter(self._list())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Events | list | tuple):
            return self._list() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Events({self._list()!r})"
