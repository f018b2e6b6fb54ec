"""A game whose chance the caller resolves: OpenSpiel's chance nodes on any gamekit engine.

``ExplicitGame`` builds the engine with ``chance=`` (core/chance.py). Whenever the engine needs
a draw it was not given, the game stops at a chance node: ``pending`` is the ``ChanceEvent``,
``resolve(outcome)`` supplies it and carries on (running the set-up or the interrupted action
again from before it, now with one outcome more). Between chance nodes ``game`` is an ordinary
engine: ``to_act``, ``legal_actions``, ``view``, ``act`` as always.

Most chance is in the set-up; an action that draws (a die, a reshuffle) is run again from a
copy taken before it. Copies are taken only once the game has drawn during play: before that a
draw in an action is handled by replaying the actions so far, once.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .actions import Action
from .chance import ChanceEvent, ChancePending
from .game import Events, Game, game_class


class ExplicitGame:
    """A gamekit game with explicit chance nodes (see the module docstring)."""

    def __init__(
        self,
        name: str,
        players: int,
        options: Mapping[str, Any] | None = None,
        stack: Mapping[str, Any] | None = None,
    ) -> None:
        self.cls = game_class(name)
        self.players = players
        self.options = dict(options or {})
        self.stack = dict(stack or {})
        self.outcomes: list[int] = []  # every chance outcome so far, in order
        self.game: Game | None = None
        self.pending: ChanceEvent | None = None
        self._before: Game | None = None  # the game before the interrupted action
        self._action: tuple[int, Action | str] | None = None
        self._copy_first = False  # set once an action has drawn chance
        self._build()

    def _build(self) -> None:
        try:
            self.game = self.cls(self.players, 0, self.options, self.stack, chance=list(self.outcomes))
            self.pending = None
        except ChancePending as stop:
            self.game = None
            self.pending = stop.event

    @property
    def is_chance(self) -> bool:
        """True at a chance node: the game waits for ``resolve``, not for a seat."""
        return self.pending is not None

    def act(self, seat: int, action: Action | str) -> Events | None:
        """``game.act``, unless the action draws chance not given yet: then the game is left as
        before the action, ``pending`` is set, and the action is carried out by ``resolve``."""
        if self.pending is not None:
            raise ValueError(f"the game waits for chance event {self.pending.index}, not for an action")
        game = self.game
        assert game is not None
        before = game.copy() if self._copy_first else None
        try:
            return game.act(seat, action)
        except ChancePending as stop:
            if before is None:  # the first draw in play: rebuild the game before this action
                self._copy_first = True
                before = self._replayed(game.history)
            self._before, self._action, self.pending = before, (seat, action), stop.event
            self.game = before
            return None

    def _replayed(self, history: list[tuple[int, str]]) -> Game:
        game = self.cls(self.players, 0, self.options, self.stack, chance=list(self.outcomes))
        for seat, text in history:
            game.act(seat, text)
        return game

    def resolve(self, outcome: int) -> None:
        """Supply the outcome of the pending chance event and carry on to the next node."""
        event = self.pending
        if event is None:
            raise ValueError("no chance event is pending")
        if type(outcome) is not int or not 0 <= outcome < event.size:
            raise ValueError(f"chance outcome {outcome!r} is not a whole number from 0 to {event.size - 1}")
        self.outcomes.append(outcome)
        if self._before is None:  # chance in the set-up
            self._build()
            return
        self._before.rng.outcomes.append(outcome)
        trial = self._before.copy()
        seat, action = self._action  # type: ignore[misc]
        try:
            trial.act(seat, action)
        except ChancePending as stop:
            self.pending = stop.event
            return
        self.game, self._before, self._action, self.pending = trial, None, None, None

    def __deepcopy__(self, memo: dict[int, Any]) -> ExplicitGame:
        return self.copy()

    def copy(self) -> ExplicitGame:
        """An independent copy (the engine's game copied, the rest shared or shallow-copied)."""
        twin = object.__new__(ExplicitGame)
        twin.__dict__.update(self.__dict__)
        twin.outcomes = list(self.outcomes)
        twin.game = self.game.copy() if self.game is not None else None
        twin._before = self._before.copy() if self._before is not None else None
        return twin


def play_resolving(
    explicit: ExplicitGame, choose: Any, rng: random.Random, max_steps: int = 1_000_000
) -> ExplicitGame:
    """Play ``explicit`` to the end: chance outcomes drawn by ``ChanceEvent.draw`` from ``rng``,
    each decision by ``choose(game, seat)`` (returning an action). Bounded by ``max_steps``."""
    for _ in range(max_steps):
        if explicit.pending is not None:
            explicit.resolve(explicit.pending.draw(rng))
            continue
        game = explicit.game
        assert game is not None
        if game.is_over:
            return explicit
        seat = game.to_act[0]
        explicit.act(seat, choose(game, seat))
    raise RuntimeError(f"the game did not end within {max_steps} steps")
