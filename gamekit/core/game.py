"""The protocol every game follows, and what it gives each game for free.

A game subclass supplies the rules: ``_setup`` (deal, using only ``self.rng`` and
the stack), ``legal_actions``, ``_parse_action``, ``_apply`` (check first, then change
the state and record events with ``_emit``; an ``IllegalAction`` raised before any
change leaves the game untouched), ``view``, ``standings`` and ``ended_by_rules``,
``_game_over`` and ``_not_to_act`` (why a seat may not act, naming the rule), and
narration: a ``_narrate_<type>`` method per event type or its own ``_narrate``
(in practice a game's ``narration`` module), each an event's one English line
made from the event alone.

This base class supplies the rest of the public contract: acting with texts or
actions (every action not made by the game is read again here, one check for every game:
``act``, ``parse_action``), ``result`` and the end of a game (``_end_game``), the opening of every
refusal, the event log (narrated when first read, so the engines' step loop never
formats text that nobody reads) and its per-seat form, saving, loading, replaying
and copying.

"At any time" actions (the public contract; Bohnanza's harvests and third field): a game names
their kinds in ``any_time_kinds`` and lists a seat's in ``any_time_actions``. ``act``
then lets a seat that is not in ``to_act`` take an action of those kinds (the game's
``_apply`` checks it like any other and must leave ``to_act`` as it was); anything
else from such a seat is refused like any seat not to act. The history records these
actions like the others, so saving, loading, replaying and ``at`` reproduce them.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from operator import attrgetter
from typing import Any, ClassVar

from .actions import Action, same_value
from .chance import ChancePending, ExplicitChance
from .errors import ConfigError, IllegalAction, LoadError
from .options import Option, resolve_options
from .quoting import clip, quote
from .registry import API_ORDER, game_class, register, registered  # noqa: F401  (re-exported)

# /2 adds ``first_player`` (the seat that started) and ``chance`` (see ``Game.chance_fingerprint``);
# /1 saves load without those two checks.
SAVE_FORMAT = "gamekit-save/2"
_SETUP_KEYS = ("game", "players", "seed", "options", "stack")
SAVE_KEYS = {
    "gamekit-save/1": (*_SETUP_KEYS, "actions", "state"),
    SAVE_FORMAT: (*_SETUP_KEYS, "first_player", "chance", "actions", "state"),
}
# Seeds are whole numbers 0 <= seed <= MAX_SEED: a negative seed would give the same game as its
# absolute value (``random.Random`` seeds with abs), and a save must be able to write it.
MAX_SEED = 2**128 - 1
MAX_ACTION_TEXT = 1000  # longer than any action text a game writes, even a shorthand one
SEAT_NAMES = "ABCDEFGH"


def seat_name(seat: int) -> str:
    """The letter narration uses for a seat: 0 → A, 1 → B, ..."""
    return SEAT_NAMES[seat]


def winners_text(winners: Sequence[int]) -> str:
    """ "C wins", "A and B share the win", "A, B and C share the win"."""
    names = [SEAT_NAMES[s] for s in winners]
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{joined} {'share the win' if len(names) > 1 else 'wins'}"


def standings_text(scores: Sequence[int], winners: Sequence[int], fmt: Callable[[int], str] = str) -> str:
    """The final scores, best first, and the winners: "C 89,000, A 80,000, B 78,000; C wins"."""
    order = sorted(range(len(scores)), key=lambda s: -scores[s])
    return ", ".join(f"{SEAT_NAMES[s]} {fmt(scores[s])}" for s in order) + "; " + winners_text(winners)


Event = dict[str, Any]


def _shown_seat(seat: Any) -> str:
    """A seat as a refusal quotes it: short whatever it is (``5``, ``1.0``, ``None``, ``'A'``)."""
    if seat is None or seat.__class__ in (bool, float) or (seat.__class__ is int and seat.bit_length() < 64):
        return repr(seat)
    if seat.__class__ is int:
        return "a number that large"
    return quote(seat, 20)


class Game(ABC):
    """Base class of every engine: the rules live in subclasses, the contract here."""

    name: ClassVar[str]
    title: ClassVar[str]
    rule_prefix: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_declared: ClassVar[tuple[Option, ...]] = ()
    stack_keys: ClassVar[tuple[str, ...]] = ()
    players_rule: ClassVar[str]
    # Kinds of the "at any time" actions a seat may take while not in ``to_act`` (the public contract).
    any_time_kinds: ClassVar[frozenset[str]] = frozenset()
    # What the layers around the engine need to know without importing it (``core.registry``):
    default_players: ClassVar[int] = 4  # a table's, an adapter's and a benchmark's player count
    strongest_bot: ClassVar[str] = "random"  # the strongest bot we have: baselines, MCTS's opponents
    # ``gamekit bench --strength``: (newer bot, the best bot before it) pairs, the strongest bot's first
    bench_strength: ClassVar[tuple[tuple[str, str], ...]] = ()
    classroom_tables: ClassVar[bool] = True  # the classroom may seat students at it
    rules_file: ClassVar[str | None] = None  # its rules reference; None: data/rules/<name>.toml
    # The seat that played first, stacked or drawn: ``_setup`` sets it; saves record it.
    first_player: int

    def __init__(
        self,
        players: int,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        stack: Mapping[str, Any] | None = None,
        *,
        chance: Sequence[int] | None = None,
    ) -> None:
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ConfigError(
                f"{self.title} takes {self.min_players} to {self.max_players} players, "
                f"not {quote(players)} ({self.players_rule})"
            )
        if seed is None:
            seed = secrets.randbits(63)
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:
            raise ConfigError(f"seed must be a whole number from 0 to 2**128 - 1, not {quote(seed)}")
        self.players = players
        self.seed = seed
        self.options = resolve_options(self.name, self.options_declared, options)
        self.stack = self._check_stack_keys(stack)
        # ``chance``: the outcomes of the draws, in order, for explicit chance (core/chance.py)
        self.rng = random.Random(seed) if chance is None else ExplicitChance(chance)
        self._events: list[Event] = []  # narrated lazily: see ``log``
        self._narrated = 0
        self.history: list[tuple[int, str]] = []
        self._to_act = ()
        try:
            self._setup()
        except (ConfigError, ChancePending):
            raise
        except Exception as exc:
            # The last line of defence behind each game's own stack checks: a stack that a game's
            # checks let through but its deal cannot use is still only a ConfigError.
            if not self.stack:
                raise
            raise ConfigError(
                f"stack {quote(self.stack)} cannot be used: {type(exc).__name__}: {clip(str(exc), 80)}"
            ) from None
        # The game's own copy, now that it is known to hold only plain piles: a caller who changes
        # its lists afterwards changes neither this game nor its saves.
        if self.stack:
            self.stack = copy.deepcopy(self.stack)

    # ----------------------------------------------------------------- set-up
    def _check_stack_keys(self, stack: Mapping[str, Any] | None) -> dict[str, Any]:
        if stack is None:
            return {}
        if not isinstance(stack, Mapping):
            raise ConfigError(f"stack must be a mapping of stack keys to piles, not {quote(stack)}")
        stack = dict(stack)
        valid = (*self.stack_keys, "first_player")
        unknown = sorted(quote(key) for key in stack if not (type(key) is str and key in valid))
        if unknown:
            raise ConfigError(
                f"{self.name} cannot stack {', '.join(unknown[:5])}; stackable: {', '.join(valid)}"
            )
        first = stack.get("first_player")
        if first is not None and (type(first) is not int or not 0 <= first < self.players):
            raise ConfigError(
                f"stack first_player={quote(first)} is not a seat of this "
                f"{self.players}-player game (seats 0 to {self.players - 1})"
            )
        return stack

    @abstractmethod
    def _setup(self) -> None:
        """Deal and place everything, drawing chance only from ``self.rng`` and ``self.stack``."""

    # ---------------------------------------------------------------- playing
    # ``to_act`` (the seats whose decision is awaited, ascending; () once the game is over) and
    # ``is_over`` are plain attributes, not properties: the loop every user writes reads both at
    # every step, and a property costs a Python call each time. A game assigns ``self._to_act``,
    # which sets the two together.
    to_act: tuple[int, ...]
    is_over: bool

    def _set_to_act(self, seats: tuple[int, ...]) -> None:
        self.to_act = seats
        self.is_over = not seats

    _to_act = property(attrgetter("to_act"), _set_to_act)

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now; for a seat that is not to act, its
        ``any_time_actions`` ([] in a game without them)."""

    def any_time_actions(self, seat: int) -> list[Action]:
        """The "at any time" actions (kinds in ``any_time_kinds``) ``seat`` may take now, whether
        or not it is to act; [] once the game is over and in a game without such actions."""
        return []

    # The longest action text ``parse_action`` reads; a longer one is refused before the game's
    # parser sees it. Every text a game lists is far shorter (tests/core/test_actions_checked.py
    # measures them); a game whose shorthands can be longer raises it.
    max_action_text: ClassVar[int] = 200

    def parse_action(self, text: str) -> Action:
        """The action a text names, or ``IllegalAction`` naming the rule if it names none: the
        text is checked here (a str, at most ``max_action_text`` characters), then read by the
        game's ``_parse_action``."""
        if text.__class__ is not str:
            if not isinstance(text, str):
                raise IllegalAction(
                    f"an action is an Action or its text, not {quote(text)} ({self._reading_rule()})"
                )
            text = str.__str__(text)
        if len(text) > self.max_action_text:
            raise IllegalAction(
                f"cannot read {quote(text)}: an action text has at most {self.max_action_text} "
                f"characters ({self._reading_rule()})"
            )
        return self._parse_action(text)

    @abstractmethod
    def _parse_action(self, text: str) -> Action:
        """The action a text (a str of at most ``max_action_text`` characters) names, made with
        ``actions.canonical``, or ``IllegalAction`` naming the rule if it names none."""

    def _reading_rule(self) -> str:
        """The rule the game's parser cites now for a text it cannot read (how actions read in the
        current phase): the rule of any refusal that has no more specific one."""
        try:
            self._parse_action("?")
        except IllegalAction as exc:
            if exc.rule_id:
                return exc.rule_id
        return self.players_rule

    def _read(self, seat: Any, action: Any) -> Action:
        """The game's own action for ``action``, a text or an ``Action`` the game did not make.

        A hand-built ``Action`` is read again from its text and taken only if the game reads the
        same kind and exactly the same value (``same_value``); one written without a text (e.g.
        ``Action("trade", (1, "cow"))``) may instead be exactly one of the seat's legal actions.
        """
        if isinstance(action, str):
            return self.parse_action(action)
        if not isinstance(action, Action):
            raise IllegalAction(
                f"an action is an Action or its text, not {quote(action)} ({self._reading_rule()})"
            )
        kind, value, text = action.kind, action.value, action.text
        if kind.__class__ is not str or text.__class__ is not str:
            raise IllegalAction(
                f"an Action's kind and text are texts, not {quote(kind)} and {quote(text)} ({self._reading_rule()})"
            )
        try:
            parsed = self.parse_action(text)
        except IllegalAction:
            listed = self._listed(seat, kind, value, text)
            if listed is None:
                raise
            return listed
        if parsed.kind == kind and same_value(parsed.value, value):
            return parsed
        listed = self._listed(seat, kind, value, text)
        if listed is not None:
            return listed
        if parsed.kind != kind:
            wrong = f"its text is the action {quote(parsed.text)} of kind {quote(parsed.kind)}"
        else:
            wrong = f"its value is not exactly {quote(repr(parsed.value))}, the value of {quote(parsed.text)}"
        raise IllegalAction(
            f"an Action of kind {quote(kind)} with text {quote(text)} does not match: {wrong}; act takes "
            f"an action the game lists, or its text ({self._reading_rule()})"
        )

    def _listed(self, seat: Any, kind: str, value: Any, text: str) -> Action | None:
        """The legal action of ``seat`` with exactly this kind and value whose text is ``text`` or
        the text ``Action(kind, value)`` writes; None if there is none."""
        if seat.__class__ is not int or not 0 <= seat < self.players or not self._to_act:
            return None
        for legal in self.legal_actions(seat):
            if legal.kind == kind and same_value(legal.value, value):
                written = legal.kind if legal.value is None else f"{legal.kind} {legal.value}"
                if text in (legal.text, written):
                    return legal
        return None

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Carry out a legal-looking action: check it fully, then change state and emit."""

    def _refusal(self, seat: Any) -> str:
        """Why ``seat`` may not act now, naming the rule: the game is over, there is no such seat,
        or the game's own reason (``_not_to_act``)."""
        if not self._to_act:
            return self._game_over()
        if not (type(seat) is int and 0 <= seat < self.players):
            return f"there is no seat {_shown_seat(seat)} in this {self.players}-player game ({self.seats_rule or self.players_rule})"
        return self._not_to_act(seat)

    # The rule a seat that does not exist is refused under (the players rule unless a game says).
    seats_rule: ClassVar[str | None] = None

    @abstractmethod
    def _game_over(self) -> str:
        """The message for any action once the game is over: how it ended, naming the rule."""

    @abstractmethod
    def _not_to_act(self, seat: int) -> str:
        """The message for an action from a seat of the game that is not in ``to_act`` while the
        game runs, naming the rule."""

    def act(self, seat: int, action: Action | str) -> Events:
        """Carry out ``seat``'s action (an Action or its text); returns the new events."""
        if action.__class__ is not Action or not action._canonical:
            action = self._read(seat, action)  # a text, or anything the game did not make
        if seat.__class__ is not int or seat not in self.to_act:  # 1.0 and True are not seats
            if (
                action.kind not in self.any_time_kinds
                or seat.__class__ is not int
                or not self.to_act
                or not 0 <= seat < self.players
            ):
                raise IllegalAction(self._refusal(seat))
            waiting = self.to_act  # an at-any-time action: checked by _apply like any other
            start = len(self._events)
            self._apply(seat, action)
            assert self.to_act in (waiting, ()), "an at-any-time action moved to_act"
        else:
            start = len(self._events)
            self._apply(seat, action)
        self.history.append((seat, action.text))
        # ``Events(self, start, stop)`` without the class call's ``__init__`` frame: this runs
        # at every step of every game.
        events = _new_events(Events)
        events._game, events._start, events._stop = self, start, len(self._events)
        return events

    def _end_game(self, **stopped: Any) -> None:
        """Close the game: nobody is to act any more, and the log records how it ended: an ``end``
        event with the scores and winners when it ended by its rules (``ended_by_rules``), else a
        ``stopped`` event with the provisional scores and what ``stopped`` says (the safety limit)."""
        self.phase = "over"
        self._to_act = ()
        result = self.result()
        if result["finished"]:
            self._emit("end", None, scores=result["scores"], winners=result["winners"])
        else:
            self._emit("stopped", None, **stopped, scores=result["scores"])

    def _emit(self, type_: str, seat: int | None, **data: Any) -> None:
        """Record one event. Put what only ``seat`` may know under ``private=``."""
        data["type"] = type_
        data["seat"] = seat
        self._events.append(data)

    def _narrate(self, event: Event) -> str:
        """The event's one-line English narration, made from the event's own public data by the
        game's ``_narrate_<type>`` method (a ``-`` in the type read as ``_``).

        Every seat reads the same line, so it must never use the event's ``private`` part.
        """
        return getattr(self, "_narrate_" + event["type"].replace("-", "_"))(event)

    def _event_rule(self, event: Event) -> str | None:
        """The rule ID an event carries out, for teaching (``event_rules`` by type by default)."""
        return self.event_rules.get(event["type"])

    event_rules: ClassVar[Mapping[str, str]] = {}

    @property
    def log(self) -> list[Event]:
        """The events so far, oldest first; each has ``type``, ``seat``, ``text`` and ``rule``."""
        events = self._events
        if self._narrated < len(events):
            narrate, rule = self._narrate, self._event_rule
            for event in events[self._narrated :]:
                event["text"] = narrate(event)
                event["rule"] = rule(event)
            self._narrated = len(events)
        return events

    # ----------------------------------------------------------------- seeing
    @abstractmethod
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The whole state (seat None) or what ``seat`` may know: same keys, hidden → None."""

    def log_for(self, seat: int | None) -> list[Event]:
        """The event log as ``seat`` may read it: others' private details removed."""
        log = self.log
        if seat is None:
            return list(log)
        return [
            e if "private" not in e or e["seat"] == seat else {k: v for k, v in e.items() if k != "private"}
            for e in log
        ]

    def result(self) -> dict[str, Any]:
        """{"scores", "ranks", "winners", "finished"}; provisional scores while running, and no
        winners unless the game ended by its rules (a safety limit's stop is not an end)."""
        scores, ranks = self.standings()
        finished = self.ended_by_rules()
        return {
            "scores": scores,
            "ranks": ranks,
            "winners": [s for s in range(self.players) if ranks[s] == 1] if finished else [],
            "finished": finished,
        }

    @abstractmethod
    def standings(self) -> tuple[list[int], list[int]]:
        """Each seat's score now and its rank by the game's own scoring and tie-breaks."""

    @abstractmethod
    def ended_by_rules(self) -> bool:
        """True once the game has ended by its rules (not stopped by a safety limit)."""

    @property
    @abstractmethod
    def max_decisions(self) -> int:
        """The most decisions any game with this set-up can take (the declared bound)."""

    def stats(self, seat: int) -> dict[str, Any]:
        """Game-specific numbers about ``seat`` for simulation tables (none by default)."""
        return {}

    def records(self) -> dict[str, list[dict[str, Any]]]:
        """Game-specific tables of what happened (each entry has a ``seat``), for analysis."""
        return {}

    def state_problems(self, state: Mapping[str, Any]) -> list[str]:
        """Rule breaks in a teacher's view (negative money, a card twice); [] if none.

        ``load_game`` calls it with a state already shaped like ``view()`` (keys and leaf types;
        None may stand anywhere) and turns anything it raises into a ``LoadError``."""
        return []

    # ------------------------------------------------------ saving, replaying
    @property
    def setup(self) -> dict[str, Any]:
        """Everything that fixes the game before the first action."""
        return {
            "game": self.name,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "stack": copy.deepcopy(self.stack),
        }

    def chance_fingerprint(self) -> str:
        """A digest of what fixes the chance still to come and is not in the state: the
        generator's state and the seed, options and whole stack (dice and cards not yet used
        included). A save records it so that ``load_game`` detects an edit of any of them (a
        stacked die to come, a stacked ``first_player`` that skips a draw). It shows an edit, it
        does not seal one: anyone can recompute it."""
        digest = hashlib.blake2b(digest_size=16)
        digest.update(repr(self.rng.getstate()).encode())
        fixed = [self.seed, self.options, self.stack]
        digest.update(json.dumps(fixed, sort_keys=True, default=repr).encode())
        return digest.hexdigest()

    def to_json(self) -> str:
        """The set-up, the seat that started, the chance to come (``chance_fingerprint``), the
        actions so far and the resulting state, as JSON text."""
        if self.rng.__class__ is ExplicitChance:
            raise NotImplementedError(
                "a game with explicit chance cannot be saved: a save replays from the seed"
            )
        saved = {"format": SAVE_FORMAT, **self.setup}
        saved["first_player"] = self.first_player
        saved["chance"] = self.chance_fingerprint()
        saved["actions"] = [[seat, text] for seat, text in self.history]
        saved["state"] = self.view()
        return json.dumps(saved, sort_keys=True)

    def at(self, step: int) -> Game:
        """A new game replayed from the same set-up up to (not including) action ``step``."""
        if not 0 <= step <= len(self.history):
            raise ValueError(f"step {step} is not between 0 and {len(self.history)}")
        if self.rng.__class__ is ExplicitChance:
            raise NotImplementedError("a game with explicit chance cannot be replayed from its seed")
        return replay(self.setup, self.history[:step])

    def copy(self) -> Game:
        """An independent copy of this game in its current state."""
        return copy.deepcopy(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """A deep copy that shares the recorded events: they are never changed once recorded
        (narration only adds the same text and rule to both), and long logs made copying slow."""
        twin = object.__new__(type(self))
        memo[id(self)] = twin
        for key, value in self.__dict__.items():
            if key in ("_events", "history"):
                twin.__dict__[key] = list(value)
            else:
                twin.__dict__[key] = copy.deepcopy(value, memo)
        return twin

    def __repr__(self) -> str:
        return (
            f"<{self.title}: {self.players} players, seed {self.seed}, "
            f"{len(self.history)} actions, to act {self._to_act}>"
        )


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


_new_events = object.__new__


# ------------------------------------------------------------------ registry
# In ``registry``; named here too, where code written before the split imports them from.


def new_game(
    name: str,
    players: int,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    stack: Mapping[str, Any] | None = None,
    *,
    chance: Sequence[int] | None = None,
) -> Game:
    """Start a game by name; see the README for ``options`` and ``stack``.

    ``chance``: the outcomes of the game's draws in order (explicit chance, ``core/chance.py``),
    in place of the seed's generator; a draw beyond them raises ``ChancePending`` naming the
    event it waits for. ``gamekit.core.explicit.ExplicitGame`` steps through such draws one at a
    time, as OpenSpiel's chance nodes."""
    return game_class(name)(players, seed=seed, options=options, stack=stack, chance=chance)


def replay(setup: Mapping[str, Any], actions: list[tuple[int, str]] | list[list[Any]]) -> Game:
    """The game a set-up (``Game.setup``) and a list of (seat, action text) pairs lead to."""
    if not isinstance(setup, Mapping) or "game" not in setup or "players" not in setup or "seed" not in setup:
        raise ConfigError(f"a set-up is a mapping with game, players and seed, not {quote(setup)}")
    game = new_game(
        setup["game"],
        setup["players"],
        seed=setup["seed"],
        options=setup.get("options"),
        stack=setup.get("stack"),
    )
    for seat, text in actions:
        game.act(seat, text)
    return game


def _type_name(value: Any) -> str:
    return "None" if value is None else f"a {type(value).__name__}"


def _shape_problem(saved: Any, model: Any, path: str, players: int, depth: int = 0) -> str | None:
    """Where the saved state is not shaped like the game's own teacher's view (``model``, the
    view the saved actions lead to), or None: the same keys, the same leaf types (``True`` is
    not ``1``), no more entries than seats where the view has one per seat, lists element-wise.

    Values are not compared here: the rule checks (``state_problems``) and ``_first_difference``
    judge them once this holds, so they never meet a text where a number belongs. None on either
    side (an empty field, no high bidder, a sealed choice not yet made) is a value, not a shape:
    the comparison reports it."""
    if model is None or saved is None:
        return None
    if type(saved) is not type(model):
        return f"{path} is {_type_name(saved)}, expected {type(model).__name__}"
    if isinstance(model, dict):
        for key in model:
            if key not in saved:
                return f"{path}.{key} is missing"
        values = list(model.values())
        # A mapping with values of one type (animal -> count) may gain keys; a record may not.
        sample = values[0] if values and all(type(v) is type(values[0]) for v in values) else None
        for key, value in saved.items():
            if key not in model and (depth == 0 or sample is None):
                return f"{path}.{key} is unexpected"
            found = _shape_problem(value, model.get(key, sample), f"{path}.{key}", players, depth + 1)
            if found:
                return found
    elif isinstance(model, list):
        if depth == 1 and len(model) == players < len(saved):  # more seats than the game has
            return f"{path} has {len(saved)} entries where the game has {players}"
        for i, value in enumerate(saved):
            like = model[i] if i < len(model) else (model[-1] if model else None)
            found = _shape_problem(value, like, f"{path}[{i}]", players, depth + 1)
            if found:
                return found
    return None


def _first_difference(a: Any, b: Any, path: str = "state") -> str | None:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key} is {'missing' if key not in a else 'unexpected'}"
            found = _first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path} has {len(a)} entries where the actions lead to {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = _first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    if type(a) is not type(b) or a != b:
        return f"{path} is {quote(a)} where the actions lead to {quote(b)}"
    return None


def _refuse_constant(name: str) -> Any:
    raise LoadError(f"not a saved game: {name} is not a number a save holds")


def _read_save(text: str) -> dict[str, Any]:
    """The JSON object of a save, its envelope checked: the format, its keys and their types."""
    if not isinstance(text, str):
        raise LoadError(f"a saved game is JSON text (a str), not {_type_name(text)}")
    try:
        saved = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise LoadError("not a saved game: the JSON is nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, and a number too long to convert
        raise LoadError(f"not a saved game: the text is not valid JSON ({clip(str(exc), 100)})") from None
    if not isinstance(saved, dict):
        raise LoadError("not a saved game: expected a JSON object")
    fmt = saved.get("format")
    if type(fmt) is not str or fmt not in SAVE_KEYS:
        raise LoadError(f"not a saved game: format is {quote(fmt)}, expected {SAVE_FORMAT!r}")
    keys = SAVE_KEYS[fmt]
    missing = [k for k in keys if k not in saved]
    if missing:
        raise LoadError(f"saved game is missing {', '.join(missing)}")
    unexpected = sorted(quote(k) for k in saved if k != "format" and k not in keys)
    if unexpected:
        raise LoadError(f"saved game ({fmt}) has unexpected {', '.join(unexpected[:5])}")
    for key, kind, what in (
        ("seed", int, "a whole number"),
        ("options", dict, "a JSON object"),
        ("stack", dict, "a JSON object"),
        ("first_player", int, "a seat number"),
        ("chance", str, "a text"),
        ("state", dict, "a JSON object"),
    ):
        if key in saved and type(saved[key]) is not kind:
            raise LoadError(f"saved {key} must be {what}, not {quote(saved[key])}")
    actions = saved["actions"]
    if not isinstance(actions, list):
        raise LoadError(f"saved actions must be a list of [seat, action text] pairs, not {quote(actions)}")
    for i, pair in enumerate(actions):
        if not (type(pair) is list and len(pair) == 2 and type(pair[0]) is int and type(pair[1]) is str):
            raise LoadError(
                f"saved actions must be a list of [seat, action text] pairs; action {i} is {quote(pair)}"
            )
        if len(pair[1]) > MAX_ACTION_TEXT:
            raise LoadError(
                f"saved action {i} is {len(pair[1])} characters long ({quote(pair[1])}); "
                f"no action text is longer than {MAX_ACTION_TEXT}"
            )
    return saved


def load_game(text: str) -> Game:
    """A saved game (``to_json``) back, checked: damaged or rule-breaking data → LoadError.

    Only ``LoadError`` leaves, whatever ``text`` is. The set-up is rebuilt and the actions
    replayed; then the saved state must have the shape of the replayed game's view, break no rule
    (``state_problems``) and equal that view; and (format /2) the seat that started and the chance
    to come (``chance_fingerprint``) must be the replayed game's."""
    saved = _read_save(text)
    try:
        game = new_game(
            saved["game"],
            saved["players"],
            seed=saved["seed"],
            options=saved["options"],
            stack=saved["stack"],
        )
    except ConfigError as exc:
        raise LoadError(f"saved set-up is not valid: {exc}") from None
    unnamed = [name for name in game.options if name not in saved["options"]]
    if unnamed:  # a save names every option: one left out would silently take its default
        raise LoadError(f"saved options do not name {', '.join(unnamed)}; a save names every option")
    for i, (seat, action) in enumerate(saved["actions"]):
        try:
            game.act(seat, action)
        except IllegalAction as exc:
            raise LoadError(
                f"saved action {i} ({seat_name_safe(seat)}: {quote(action)}) is illegal: {clip(str(exc))}"
            ) from None
        except Exception as exc:  # the last line of defence: act refuses only with IllegalAction
            raise LoadError(
                f"saved action {i} ({seat_name_safe(seat)}: {quote(action)}) cannot be replayed "
                f"({type(exc).__name__})"
            ) from None
    state = saved["state"]
    model = json.loads(json.dumps(game.view()))
    problem = _shape_problem(state, model, "state", game.players)
    if problem:
        raise LoadError(f"saved state is not a {game.title} state: {problem}")
    try:
        problems = game.state_problems(state)
    except Exception as exc:  # the last line of defence behind the shape check
        raise LoadError(f"saved state cannot be checked: {type(exc).__name__} in its rule checks") from None
    if problems:
        raise LoadError(clip(f"saved state breaks the rules: {'; '.join(problems)}", 600))
    difference = _first_difference(state, model)
    if difference:
        raise LoadError(f"saved state does not match its actions: {difference}")
    if saved["format"] == SAVE_FORMAT:
        if saved["first_player"] != game.first_player:
            raise LoadError(
                f"saved first_player {quote(saved['first_player'])} is not the seat that started "
                f"({game.first_player}): the set-up was edited"
            )
        if saved["chance"] != game.chance_fingerprint():
            raise LoadError(
                "saved chance does not match the set-up and actions: the seed, options or stack "
                "(a stacked card or die still to come, a stacked first_player) were edited"
            )
    return game


def seat_name_safe(seat: int) -> str:
    return seat_name(seat) if type(seat) is int and 0 <= seat < len(SEAT_NAMES) else f"seat {quote(seat)}"
