"""The protocol every game follows, and what it gives each game for free.

A game subclass supplies the rules: ``_setup`` (deal, using only ``self.rng`` and
the stack), ``legal_actions``, ``_parse_action``, ``_apply`` (check first, then change
the state and record every event with ``_emit``, the one way an event enters the log; an
``IllegalAction`` raised before any change leaves the game untouched), ``view``, ``standings`` and ``ended_by_rules``,
``_game_over`` and ``_not_to_act`` (why a seat may not act, naming the rule), and
narration: a ``_narrate_<type>`` method per event type or its own ``_narrate``
(in practice a game's ``narration`` module), each an event's one English line
made from the event alone.

This base class supplies the rest of the public contract: acting with texts or
actions (every action not made by the game is read again here, one check for every game:
``act``, ``parse_action``), ``result`` and the end of a game (``_end_game``), the opening of every
refusal, the event log (narrated when first read, so the engines' step loop never
formats text that nobody reads; ``core.events``) and its per-seat form, saving and loading
(``core.saves``), replaying and copying. A stacked pile is checked by ``core.stacking``; seat
letters and the sentences every narration shares are in ``core.narration``.

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
from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import Any, ClassVar

from .actions import Action, same_value
from .chance import ChancePending, ExplicitChance
from .errors import ConfigError, IllegalAction
from .events import Event, Events
from .i18n import _, get_language
from .narration import SEAT_NAMES, seat_name, standings_text, winners_text  # noqa: F401
from .options import Option, resolve_options
from .quoting import clip, quote
from .registry import API_ORDER, game_class, register, registered, title_of  # noqa: F401
from .saves import SAVE_FORMAT, load_game, save_text  # noqa: F401

# The names marked F401 above are re-exported, where code written before the split imports them
# from: ``core.registry`` (the games), ``core.events`` (the event log), ``core.narration`` (seat
# letters and standings) and ``core.saves`` (saving and loading).

# Seeds are whole numbers 0 <= seed <= MAX_SEED: a negative seed would give the same game as its
# absolute value (``random.Random`` seeds with abs), and a save must be able to write it.
MAX_SEED = 2**128 - 1


def _shown_seat(seat: Any) -> str:
    """A seat as a refusal quotes it: short whatever it is (``5``, ``1.0``, ``None``, ``'A'``)."""
    if seat is None or seat.__class__ in (bool, float) or (seat.__class__ is int and seat.bit_length() < 64):
        return repr(seat)
    if seat.__class__ is int:
        return _("a number that large")
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
                _(
                    "{title} takes {low} to {high} players, not {players} ({rule})",
                    title=title_of(self),
                    low=self.min_players,
                    high=self.max_players,
                    players=quote(players),
                    rule=self.players_rule,
                )
            )
        if seed is None:
            seed = secrets.randbits(63)
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:
            raise ConfigError(
                _("seed must be a whole number from 0 to 2**128 - 1, not {seed}", seed=quote(seed))
            )
        self.players = players
        self.seed = seed
        self.options = resolve_options(self.name, self.options_declared, options)
        self.stack = self._check_stack_keys(stack)
        # ``chance``: the outcomes of the draws, in order, for explicit chance (core/chance.py)
        self.rng = random.Random(seed) if chance is None else ExplicitChance(chance)
        self._events: list[Event] = []  # narrated lazily: see ``log``
        self._narrated = 0
        self._narrated_in = ""  # the language the log's texts are in
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
                _(
                    "stack {stack} cannot be used: {error}: {message}",
                    stack=quote(self.stack),
                    error=type(exc).__name__,
                    message=clip(str(exc), 80),
                )
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
            raise ConfigError(
                _("stack must be a mapping of stack keys to piles, not {stack}", stack=quote(stack))
            )
        stack = dict(stack)
        valid = (*self.stack_keys, "first_player")
        unknown = sorted(quote(key) for key in stack if not (type(key) is str and key in valid))
        if unknown:
            raise ConfigError(
                _(
                    "{game} cannot stack {keys}; stackable: {valid}",
                    game=self.name,
                    keys=", ".join(unknown[:5]),
                    valid=", ".join(valid),
                )
            )
        first = stack.get("first_player")
        if first is not None and (type(first) is not int or not 0 <= first < self.players):
            raise ConfigError(
                _(
                    "stack first_player={first} is not a seat of this {players}-player game (seats 0 to {last})",
                    first=quote(first),
                    players=self.players,
                    last=self.players - 1,
                )
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
                    _(
                        "an action is an Action or its text, not {text} ({rule})",
                        text=quote(text),
                        rule=self._reading_rule(),
                    )
                )
            text = str.__str__(text)
        if len(text) > self.max_action_text:
            raise IllegalAction(
                _(
                    "cannot read {text}: an action text has at most {most} characters ({rule})",
                    text=quote(text),
                    most=self.max_action_text,
                    rule=self._reading_rule(),
                )
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
                _(
                    "an action is an Action or its text, not {text} ({rule})",
                    text=quote(action),
                    rule=self._reading_rule(),
                )
            )
        kind, value, text = action.kind, action.value, action.text
        if kind.__class__ is not str or text.__class__ is not str:
            raise IllegalAction(
                _(
                    "an Action's kind and text are texts, not {kind} and {text} ({rule})",
                    kind=quote(kind),
                    text=quote(text),
                    rule=self._reading_rule(),
                )
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
            wrong = _(
                "its text is the action {text} of kind {kind}",
                text=quote(parsed.text),
                kind=quote(parsed.kind),
            )
        else:
            wrong = _(
                "its value is not exactly {value}, the value of {text}",
                value=quote(repr(parsed.value)),
                text=quote(parsed.text),
            )
        raise IllegalAction(
            _(
                "an Action of kind {kind} with text {text} does not match: {wrong}; act takes "
                "an action the game lists, or its text ({rule})",
                kind=quote(kind),
                text=quote(text),
                wrong=wrong,
                rule=self._reading_rule(),
            )
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
            return _(
                "there is no seat {seat} in this {players}-player game ({rule})",
                seat=_shown_seat(seat),
                players=self.players,
                rule=self.seats_rule or self.players_rule,
            )
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
            self._emit("end", None, {"scores": result["scores"], "winners": result["winners"]})
        else:
            self._emit("stopped", None, {**stopped, "scores": result["scores"]})

    def _emit(self, type_: str, seat: int | None, data: dict[str, Any]) -> None:
        """Record one event: ``data``, a new dict that becomes the event, with its ``type`` and
        ``seat`` added. Put what only ``seat`` may know under its ``"private"`` key. The one way an
        event enters the log; ``data`` is passed whole rather than as keywords because this runs
        at every step and a call with keywords costs the playouts about 6 % of their speed."""
        data["type"] = type_
        data["seat"] = seat
        self._events.append(data)

    def _narrate(self, event: Event) -> str:
        """The event's one-line narration in the current language, made from the event's own public data by the
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
        if self._narrated_in != get_language():  # narrated in another language: tell it again
            self._narrated, self._narrated_in = 0, get_language()
        if self._narrated < len(events):
            narrate, rule = self._narrate, self._event_rule
            for event in events[self._narrated :]:
                event["text"] = narrate(event)
                event["rule"] = rule(event)
            self._narrated = len(events)
        return events

    def recorded_events(self) -> list[Event]:
        """The events so far as recorded, not narrated here (``text`` and ``rule`` only where
        ``log`` has added them): for readers of the data alone, such as the RL adapters' digests,
        which a narration at every step would slow down. Never change them."""
        return self._events

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
                _("a game with explicit chance cannot be saved: a save replays from the seed")
            )
        return save_text(self)

    def at(self, step: int) -> Game:
        """A new game replayed from the same set-up up to (not including) action ``step``."""
        if not 0 <= step <= len(self.history):
            raise ValueError(_("step {step} is not between 0 and {last}", step=step, last=len(self.history)))
        if self.rng.__class__ is ExplicitChance:
            raise NotImplementedError(_("a game with explicit chance cannot be replayed from its seed"))
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
                twin.__dict__[key] = _deep(value, memo)
        return twin

    def __repr__(self) -> str:
        return (
            f"<{self.title}: {self.players} players, seed {self.seed}, "
            f"{len(self.history)} actions, to act {self._to_act}>"
        )


_new_events = object.__new__

# Values ``copy.deepcopy`` returns as they are.
_ATOMIC = frozenset({int, float, str, bool, type(None), bytes})


def _deep(value: Any, memo: dict[int, Any]) -> Any:
    """``copy.deepcopy(value, memo)``, the same copy (shared objects stay shared through ``memo``),
    with plain lists, dicts and tuples walked here: a game's state is mostly those, and each
    ``deepcopy`` call costs several Python calls (MCTS copies a game at every simulation)."""
    cls = value.__class__
    if cls in _ATOMIC:
        return value
    made = memo.get(id(value))
    if made is not None:
        return made
    if cls is list:
        twin: Any = []
        memo[id(value)] = twin
        twin.extend([v if v.__class__ in _ATOMIC else _deep(v, memo) for v in value])
        return twin
    if cls is dict:
        twin = {}
        memo[id(value)] = twin
        for k, v in value.items():
            key = k if k.__class__ in _ATOMIC else copy.deepcopy(k, memo)
            twin[key] = v if v.__class__ in _ATOMIC else _deep(v, memo)
        return twin
    if cls is tuple:
        items = [v if v.__class__ in _ATOMIC else _deep(v, memo) for v in value]
        if all(a is b for a, b in zip(items, value, strict=True)):
            return value
        twin = memo[id(value)] = tuple(items)
        return twin
    if cls is random.Random:  # its state is a tuple of 625 whole numbers: shared, not walked
        twin = memo[id(value)] = random.Random.__new__(random.Random)
        twin.setstate(value.getstate())
        return twin
    if cls is ExplicitChance:  # whole numbers and a count
        twin = memo[id(value)] = object.__new__(ExplicitChance)
        twin.__dict__.update(value.__dict__)
        twin.outcomes = list(value.outcomes)
        return twin
    return copy.deepcopy(value, memo)


# ------------------------------------------------------------- starting


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
        raise ConfigError(
            _("a set-up is a mapping with game, players and seed, not {setup}", setup=quote(setup))
        )
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
