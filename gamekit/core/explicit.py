"""A game whose chance the caller resolves: OpenSpiel's chance nodes on any gamekit engine.

``ExplicitGame`` builds the engine with ``chance=`` (core/chance.py). Whenever the engine needs
a draw it was not given, the game stops at a chance node: ``pending`` is the ``ChanceEvent``,
``resolve(outcome)`` supplies it and carries on (running the set-up or the interrupted action
again from before it, now with one outcome more). Between chance nodes ``game`` is an ordinary
engine: ``to_act``, ``legal_actions``, ``view``, ``act`` as always.

Most chance is in the set-up. Running the set-up again at each of its chance nodes would draw
n(n+1)/2 outcomes for n nodes (1,847 for a For Sale deal of about 60): instead the set-up's
chance events are planned. A set-up whose draws (their kinds and sizes) come out the same
whatever the outcomes (shuffles of fixed piles, a start player), checked once per setting by
running it with three different outcome sequences (``setup_plan``), is built once, when its
last outcome is supplied; a set-up whose draws differ is run again at each node as before.

An action that draws (a die, a reshuffle) is run again from the game as it was before it: a
copy of a checkpoint (a game kept as it was, taken every ``REPLAY_LIMIT`` actions) with the
actions since replayed on it and every outcome so far given; before any draw in play, the
checkpoint is the set-up built again with the actions so far. No action that does not draw is
copied in advance.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .actions import Action
from .chance import ChanceEvent, ChancePending
from .game import Events, Game, game_class

REPLAY_LIMIT = 16  # actions replayed at most to rewind an action that drew
_PLANS: dict[tuple[Any, ...], tuple[ChanceEvent, ...] | None] = {}


def _setup_events(
    cls: type[Game], players: int, options: dict[str, Any], stack: dict[str, Any], pick: Any
) -> tuple[ChanceEvent, ...]:
    """The set-up's chance events when each outcome is ``pick(event)`` (the set-up run once per event)."""
    outcomes: list[int] = []
    events: list[ChanceEvent] = []
    while True:
        try:
            cls(players, 0, options, stack, chance=list(outcomes))
        except ChancePending as stop:
            events.append(stop.event)
            outcomes.append(pick(stop.event))
            continue
        return tuple(events)


def setup_plan(
    cls: type[Game],
    players: int,
    options: Mapping[str, Any] | None = None,
    stack: Mapping[str, Any] | None = None,
) -> tuple[ChanceEvent, ...] | None:
    """The set-up's chance events, the same whatever the outcomes, or None if they differ: the
    set-up is run with outcomes all 0, all the largest and pseudo-random ones (once per setting)."""
    options, stack = dict(options or {}), dict(stack or {})
    key = (cls, players, repr(sorted(options.items())), repr(sorted(stack.items())))
    if key not in _PLANS:
        rng = random.Random(0)
        picks = (lambda e: 0, lambda e: e.size - 1, lambda e: rng.randrange(e.size))
        runs = {_setup_events(cls, players, options, stack, pick) for pick in picks}
        _PLANS[key] = runs.pop() if len(runs) == 1 else None
    return _PLANS[key]


class ExplicitGame:
    """A gamekit game with explicit chance nodes (see the module docstring)."""

    def __init__(
        self,
        name: str,
        players: int,
        options: Mapping[str, Any] | None = None,
        stack: Mapping[str, Any] | None = None,
        *,
        plan: tuple[ChanceEvent, ...] | bool | None = True,
    ) -> None:
        """``plan``: the set-up's ``setup_plan`` if the caller has it (None: run the set-up again
        at each node), True to look it up."""
        self.cls = game_class(name)
        self.players = players
        self.options = dict(options or {})
        self.stack = dict(stack or {})
        self.outcomes: list[int] = []  # every chance outcome so far, in order
        self.game: Game | None = None
        self.pending: ChanceEvent | None = None
        self._action: tuple[int, Action | str] | None = None  # the action waiting for chance
        # a game kept as it was (never changed: copied to rewind) and the actions since
        self._checkpoint: Game | None = None
        self._since: list[tuple[int, Action | str]] = []
        # the set-up's chance events if they do not depend on the outcomes (``setup_plan``)
        self._plan = setup_plan(self.cls, players, self.options, self.stack) if plan is True else plan
        if self._plan:
            self.game, self.pending = None, self._plan[0]
        else:
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
        try:
            events = game.act(seat, action)
        except ChancePending as stop:
            self._action, self.pending = (seat, action), stop.event
            self.game = self._rewound(game)
            return None
        self._since.append((seat, action))
        return events

    def _rewound(self, game: Game) -> Game:
        """The game as it was before the action that has just stopped at a chance node, with
        every outcome so far to draw from."""
        if self._checkpoint is None:  # the first draw in play: the set-up again, and the actions
            self._checkpoint, self._since = self._replayed(game.history), []
        rewound = self._checkpoint.copy()
        rewound.rng.outcomes = list(self.outcomes)
        for seat, action in self._since:
            rewound.act(seat, action)
        return rewound

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
        if self._action is None:  # chance in the set-up
            plan = self._plan
            if plan is not None and len(self.outcomes) < len(plan):
                self.pending = plan[len(self.outcomes)]  # planned: the set-up runs once, at the end
            else:
                self._build()
            return
        game = self.game  # the game before the action, ours alone: tried as it is
        assert game is not None
        game.rng.outcomes.append(outcome)
        seat, action = self._action
        try:
            game.act(seat, action)
        except ChancePending as stop:  # another draw: the game half-changed, rewound again
            self.pending = stop.event
            self.game = self._rewound(game)
            return
        self._since.append((seat, action))
        self._action, self.pending = None, None
        if len(self._since) >= REPLAY_LIMIT:
            self._checkpoint, self._since = game.copy(), []

    def __deepcopy__(self, memo: dict[int, Any]) -> ExplicitGame:
        return self.copy()

    def copy(self) -> ExplicitGame:
        """An independent copy (the engine's game copied, the rest shared or shallow-copied)."""
        twin = object.__new__(ExplicitGame)
        twin.__dict__.update(self.__dict__)
        twin.outcomes = list(self.outcomes)
        twin._since = list(self._since)  # the checkpoint is never changed: shared
        twin.game = self.game.copy() if self.game is not None else None
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
