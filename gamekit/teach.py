"""The logic behind the teaching widgets, with no Jupyter in it, so every piece is tested.

- ``Replay``: a recorded game or worked example as positions to step through,
  each with the narration and the rule IDs of what just happened.
- ``what_if``: from any position of a replay, one seat tries a different legal
  action; the recorded moves (while they stay legal) or bots play the rest.
- ``Table``: a game with human seats and bot seats; humans act through
  ``submit``, bots through ``advance``, which stops before every bot decision at
  which a person may take an "at any time" action (a harvest, say) until that
  person acts or passes; ``any_time_points`` and ``any_time_reach`` check from a
  played game's record that every such point reached the people.
- ``action_groups``: a seat's legal actions sorted into the controls a person
  would expect (buttons for a few choices, a slider for a range of numbers).
- ``routine_action``: the step a table's assist takes for a person (only where the
  rules force one action, or every choice leads to the same position; and, as a
  declared default, a payment with the fewest cards).

The widgets in ``gamekit.widgets`` are thin layers over these.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import Bot, make_bot
from .core.actions import Action
from .core.errors import ConfigError, GamekitError
from .core.game import SEAT_NAMES, Event, Game, replay
from .core.i18n import N_, domain
from .examples import find_example, parse_step, start_game
from .simulate import BotSpec, bot_rng, take_turn

_ = domain("teaching")


# ------------------------------------------------------------------ replays
@dataclass(frozen=True)
class Frame:
    """One position of a replay: the game before action ``step``, and how it got there."""

    step: int
    game: Game
    events: list[Event]  # what the previous action caused ([] at the start)
    last: str | None  # the previous action, "A: bid 2"
    next: str | None  # the recorded next action, or None at the end

    @property
    def rules(self) -> list[str]:
        """Rule IDs applied by the previous action, in order, without repeats."""
        return list(dict.fromkeys(e["rule"] for e in self.events if e.get("rule")))

    @property
    def narration(self) -> list[str]:
        return [e["text"] for e in self.events]


class Replay:
    """Positions of a recorded game, from ``start`` (after any prelude) to the end."""

    def __init__(self, setup: Mapping[str, Any], actions: Sequence[tuple[int, str]], start: int = 0) -> None:
        self.setup = dict(setup)
        self.actions = [(int(seat), str(text)) for seat, text in actions]
        self.start = start
        self._frames: list[Frame] = []
        game = replay(self.setup, self.actions[:start])
        # The first frame shows the set-up's events, or nothing after a prelude.
        self._frames.append(self._frame(0, game, [] if start else game.log))
        for index in range(start, len(self.actions)):
            game = game.copy()
            seat, text = self.actions[index]
            events = list(game.act(seat, text))
            self._frames.append(self._frame(index - start + 1, game, events))

    def _frame(self, step: int, game: Game, events: Sequence[Event]) -> Frame:
        index = self.start + step
        last = f"{SEAT_NAMES[self.actions[index - 1][0]]}: {self.actions[index - 1][1]}" if step else None
        nxt = (
            f"{SEAT_NAMES[self.actions[index][0]]}: {self.actions[index][1]}"
            if index < len(self.actions)
            else None
        )
        return Frame(step, game, list(events), last, nxt)

    @classmethod
    def of_game(cls, game: Game) -> Replay:
        """Every position of a game played so far."""
        return cls(game.setup, game.history)

    @classmethod
    def of_example(cls, example: str | Mapping[str, Any]) -> Replay:
        """A worked example (by rule ID or as data) from the document's starting position."""
        data = find_example(example) if isinstance(example, str) else dict(example)
        start = start_game(data)
        actions = list(start.history) + [parse_step(step) for step in data["steps"]]
        return cls(start.setup, actions, start=len(start.history))

    def __len__(self) -> int:
        """The number of positions (the actions shown, plus one)."""
        return len(self._frames)

    def __getitem__(self, step: int) -> Frame:
        return self._frames[step]

    @property
    def final(self) -> Game:
        return self._frames[-1].game


# ------------------------------------------------------------------ what if
@dataclass
class WhatIf:
    """The recorded game and the game in which ``seat`` tried ``action`` at ``step`` instead."""

    step: int
    seat: int
    action: str
    original: Game
    alternative: Game
    recorded_moves_used: int = 0
    notes: list[str] = field(default_factory=list)

    def comparison(self) -> list[dict[str, Any]]:
        """One row per seat: score and rank in the original game and in the alternative."""
        before, after = self.original.result(), self.alternative.result()
        return [
            {
                "seat": SEAT_NAMES[s],
                "original score": before["scores"][s],
                "original rank": before["ranks"][s],
                "new score": after["scores"][s],
                "new rank": after["ranks"][s],
                "change": after["scores"][s] - before["scores"][s],
            }
            for s in range(self.original.players)
        ]


def what_if(
    recorded: Replay,
    step: int,
    seat: int,
    action: Action | str,
    rest: str = "recorded",
    bots: Sequence[BotSpec] | BotSpec = "random",
    finish_original: bool = True,
) -> WhatIf:
    """Try ``action`` for ``seat`` at position ``step`` of a replay and play the game out.

    ``rest="recorded"`` keeps the recorded moves of the other seats (and of this
    seat after its changed decision) for as long as they stay legal, then hands
    over to ``bots``; ``rest="bots"`` lets bots play everything after the change.
    A recorded game that stopped before its end is finished by the same bots, so
    both outcomes are final results. Raises ``IllegalAction`` (from the engine) if
    ``action`` is not legal there.
    """
    if rest not in ("recorded", "bots"):
        raise ConfigError(_("rest must be 'recorded' or 'bots', not {rest!r}", rest=rest))
    frame = recorded[step]
    game = frame.game.copy()
    game.act(seat, action)
    result = WhatIf(step, seat, str(action), recorded.final.copy(), game)
    if rest == "recorded":
        remaining = recorded.actions[recorded.start + step :]
        replaced = False
        for index, (other, text) in enumerate(remaining):
            if other == seat and not replaced:
                replaced = True  # the decision the student changed
                continue
            # A seat not to act may have "at any time" actions (the public contract): legal_actions lists them.
            if text not in {str(a) for a in game.legal_actions(other)}:
                result.notes.append(
                    _(
                        "recorded move {seat}: {action} is not possible any more; bots play on from here",
                        seat=SEAT_NAMES[other],
                        action=text,
                    )
                )
                break
            game.act(other, text)
            result.recorded_moves_used = index + 1
    _finish(result.alternative, bots)
    if finish_original:
        _finish(result.original, bots)
    return result


def _finish(game: Game, bots: Sequence[BotSpec] | BotSpec) -> None:
    from .simulate import play

    if not game.is_over:
        play(game, bots)


# -------------------------------------------------------------------- tables
@dataclass(frozen=True)
class ActionGroup:
    """Legal actions of one kind: few become buttons, a run of numbers a slider."""

    kind: str
    actions: tuple[Action, ...]

    @property
    def numeric(self) -> bool:
        return all(isinstance(a.value, int) for a in self.actions) and len(self.actions) > 0

    @property
    def step(self) -> int:
        """The gap between neighbouring numbers (1, or 10 in a game that bids in tens)."""
        values = [a.value for a in self.actions]
        return values[1] - values[0] if self.numeric and len(values) > 1 else 1

    @property
    def slider(self) -> bool:
        """True for an evenly spaced run of numbers worth a slider (bids), whatever its step."""
        values = [a.value for a in self.actions]
        step = self.step
        return (
            self.numeric
            and len(values) > 6
            and step > 0
            and values == list(range(values[0], values[0] + step * len(values), step))
        )

    @property
    def low(self) -> int:
        return self.actions[0].value

    @property
    def high(self) -> int:
        return self.actions[-1].value


def action_groups(legal: Sequence[Action]) -> list[ActionGroup]:
    """Legal actions grouped by kind, in the order the engine lists them."""
    groups: dict[str, list[Action]] = {}
    for action in legal:
        groups.setdefault(action.kind, []).append(action)
    return [ActionGroup(kind, tuple(actions)) for kind, actions in groups.items()]


def readable(events: Sequence[Event], seat: int | None) -> list[Event]:
    """``events`` as ``seat`` may read them: every other seat's ``private`` part removed, as
    ``Game.log_for`` does; with no seat, every private part (what all may read)."""
    return [
        e if "private" not in e or (seat is not None and e["seat"] == seat) else _public(e) for e in events
    ]


def _public(event: Event) -> Event:
    return {k: v for k, v in event.items() if k != "private"}


# -------------------------------------------------------------------- assist
# The shortcuts a table's assist may take for a person (``Table(assist=...)``):
#   "forced": the rules allow the person one action (besides "at any time" ones);
#   "same":   every action the person may choose leads to one and the same position;
#   "pay":    a payment (actions of kind ``pay``) with the fewest cards.
# "forced" and "same" never take a choice that matters; "pay" is a declared default.
ASSIST_SHORTCUTS = ("forced", "same", "pay")
# A note of a step the rules force ("forced"), in the current language.
FORCED = N_("{name}: {action} (assist: the only move the rules allow)")
_MAX_SAME = 6  # "same" plays each choice out on a copy, so it looks at a few choices only
_MAX_FOLLOW = 8  # forced steps followed after each choice before the positions are compared


@dataclass(frozen=True)
class Assisted:
    """A step a table took for a person: ``index`` is where its events begin in the game's log."""

    index: int
    seat: int
    action: str
    shortcut: str  # one of ASSIST_SHORTCUTS, or a standing order: "limit" (bids), "refuse" (offers)
    note: str  # what the table shows: "A paid 30 with 10+10+10 (assist: the fewest cards)"


def assist_shortcuts(assist: bool | Collection[str] | None) -> frozenset[str]:
    """The shortcuts ``assist`` switches on: all for True, none for False or None, else those named."""
    if assist is True:
        return frozenset(ASSIST_SHORTCUTS)
    if not assist:
        return frozenset()
    if isinstance(assist, str):
        assist = [assist]
    unknown = sorted(set(assist) - set(ASSIST_SHORTCUTS))
    if unknown:
        raise ConfigError(
            _(
                "unknown assist shortcuts {unknown}; the table knows {known}",
                unknown=unknown,
                known=list(ASSIST_SHORTCUTS),
            )
        )
    return frozenset(assist)


def position(game: Game) -> str:
    """The whole state (the teacher's view, secrets included) as text, to compare two positions.

    A view's ``fields`` (one list per seat) are compared as sets: field numbers are labels, and
    a card put into another empty field gives the same position numbered differently (the
    reading of a game whose view has fields).
    """
    view = dict(game.view())
    if isinstance(view.get("fields"), list):
        view["fields"] = [sorted(map(repr, own)) if isinstance(own, list) else own for own in view["fields"]]
    return json.dumps(view, sort_keys=True, default=repr)


def _after(game: Game, seat: int, actions: Sequence[Action]) -> Game | None:
    """A copy of ``game`` after ``seat`` takes ``actions``; None if one of them is refused."""
    twin = game.copy()
    try:
        for action in actions:
            twin.act(seat, action)
    except GamekitError:
        return None
    return twin


def turn_and_any_time(game: Game, seat: int) -> tuple[list[Action], list[Action]]:
    """A seat's legal actions split into its turn's actions and its "at any time" ones."""
    kinds = type(game).any_time_kinds
    legal = game.legal_actions(seat)
    return [a for a in legal if a.kind not in kinds], [a for a in legal if a.kind in kinds]


def commutes(game: Game, seat: int, action: Action, other: Action) -> bool:
    """True if ``other`` (an "at any time" action) gives the same position taken before ``action``
    as taken just after it: then taking ``action`` first costs the person no position."""
    before = _after(game, seat, [other, action])
    after = _after(game, seat, [action, other])
    return before is not None and after is not None and position(before) == position(after)


def _played_out(game: Game, seat: int, action: Action) -> str | None:
    """The position after ``action`` and the steps the rules then force on ``seat``."""
    twin = _after(game, seat, [action])
    if twin is None:
        return None
    for _step in range(_MAX_FOLLOW):
        if seat not in twin.to_act:
            break
        turn, _any_time = turn_and_any_time(twin, seat)
        if len(turn) != 1:
            break
        twin.act(seat, turn[0])
    return position(twin)


def _costs_nothing(game: Game, seat: int, action: Action, any_time: Sequence[Action]) -> bool:
    return all(commutes(game, seat, action, other) for other in any_time)


def routine_action(
    game: Game,
    seat: int,
    shortcuts: Collection[str] = ASSIST_SHORTCUTS,
    bid_limit: int | None = None,
    refuse_offers: bool = False,
) -> tuple[Action, str, str] | None:
    """The step a table takes for a person in ``seat`` now, as (action, shortcut, note), or None.

    A choice that matters is never taken: "forced" acts only where the rules leave one action
    (an "at any time" action aside, and only if that one gives the same position before or
    after it), "same" only where every action leads, after the steps the rules then force, to
    one position (and each passes the same "at any time" test). "pay" picks, among the legal
    payments (the game's rules already rule out overpaying where they do), the one with the
    fewest cards: a default the person may switch off to choose cards by hand. ``bid_limit`` is
    the person's own standing order for an open auction with holds: raise by the
    least step while that stays within the limit, else hold (a limit above the person's money
    can make an over-bid, which the rules may punish: the limit is the person's). ``refuse_offers`` is another
    standing order: answer every proposal made to the person (``accept`` / ``reject``)
    with ``reject``. Standing orders are the person's choices, made once and shown as such.
    """
    if seat not in game.to_act:
        return None
    turn, any_time = turn_and_any_time(game, seat)
    name = SEAT_NAMES[seat]
    if "forced" in shortcuts:
        if not turn and len(any_time) == 1:  # e.g. a bean that fits no field and one field to harvest
            return any_time[0], "forced", _(FORCED, name=name, action=str(any_time[0]))
        if len(turn) == 1 and _costs_nothing(game, seat, turn[0], any_time):
            return turn[0], "forced", _(FORCED, name=name, action=str(turn[0]))
    kinds = {a.kind for a in turn}
    if bid_limit is not None and "hold" in kinds and kinds <= {"hold", "bid"}:
        raises = sorted((a for a in turn if a.kind == "bid"), key=lambda a: a.value)
        hold = next(a for a in turn if a.kind == "hold")
        chosen = raises[0] if raises and raises[0].value <= bid_limit else hold
        return (
            chosen,
            "limit",
            _(
                "{name}: {action} (your standing limit: {limit})",
                name=name,
                action=str(chosen),
                limit=bid_limit,
            ),
        )
    if refuse_offers and {"accept", "reject"} <= kinds:
        chosen = next(a for a in turn if a.kind == "reject")
        return (
            chosen,
            "refuse",
            _("{name}: {action} (your standing order: refuse offers)", name=name, action=str(chosen)),
        )
    if "pay" in shortcuts and len(turn) > 1 and kinds == {"pay"} and not any_time:
        chosen = min(turn, key=lambda a: (len(a.value), sum(a.value)))
        cards = "+".join(map(str, chosen.value))
        return (
            chosen,
            "pay",
            _(
                "{name} paid {total} with {cards} (assist: the fewest cards)",
                name=name,
                total=sum(chosen.value),
                cards=cards,
            ),
        )
    if "same" in shortcuts and 1 < len(turn) <= _MAX_SAME:
        outcomes = {_played_out(game, seat, a) for a in turn}
        same = len(outcomes) == 1 and None not in outcomes
        if same and all(_costs_nothing(game, seat, a, any_time) for a in turn):
            note = _(
                "{name}: {action} (assist: every choice here leads to the same position)",
                name=name,
                action=str(turn[0]),
            )
            return turn[0], "same", note
    return None


# ------------------------------------------------------------ "at any time" points
def may_act_any_time(game: Game, seat: int) -> bool:
    """True when the game awaits a decision, ``seat`` is not to act and the engine lists an
    action for it (its "at any time" actions: the public contract). This is every table's test
    of "a person may act now", with no game named: whatever point an engine makes (a pause
    before a reshuffling draw, say) is such a point when it lists the person's actions."""
    return bool(game.to_act) and seat not in game.to_act and bool(game.legal_actions(seat))


def any_time_points(game: Game, people: Collection[int]) -> list[tuple[int, int, int]]:
    """Every point of a played game at which the engine awaited a bot's decision while a person
    could act at any time, read again from the game's record (so a table's own count is not
    used): ``(start, end, seat)``, where ``start`` is the history index where the point began
    (after the previous decision), ``end`` the index of the decision that closed it (any "at any
    time" actions between the two are the people's), and ``seat`` the person.

    A point awaiting a person's decision is not listed: a table waits for that person, and every
    other person may act meanwhile."""
    people = set(people)
    twin = replay(game.setup, [])
    points: list[tuple[int, int, int]] = []
    start = 0
    open_for: list[int] = []
    for index, (seat, text) in enumerate(game.history):
        if index == start:
            bots_awaited = any(s not in people for s in twin.to_act)
            open_for = [p for p in sorted(people) if bots_awaited and may_act_any_time(twin, p)]
        turn = seat in twin.to_act
        twin.act(seat, text)
        if turn:
            points += [(start, index, p) for p in open_for]
            start = index + 1
    if any(s not in people for s in twin.to_act):  # the point the game stands at now
        points += [(start, len(game.history), p) for p in sorted(people) if may_act_any_time(twin, p)]
    return points


def any_time_reach(
    game: Game, people: Collection[int], offered: Collection[tuple[int, int]]
) -> tuple[int, int]:
    """(points, reached): the game's "at any time" points for the people (``any_time_points``)
    and how many of them a table offered to their person: ``offered`` holds (history index, seat)
    for every moment the table stopped for that seat, and a point is reached when one of them
    falls between its start and its closing decision."""
    by_seat: dict[int, list[int]] = {}
    for index, seat in offered:
        by_seat.setdefault(seat, []).append(index)
    points = any_time_points(game, people)
    reached = sum(
        any(start <= index <= end for index in by_seat.get(seat, ())) for start, end, seat in points
    )
    return len(points), reached


class Table:
    """A game in which some seats are people and the rest are bots.

    ``advance`` lets the bots act until a person must decide or the game ends;
    ``submit`` carries out a person's action and then advances. A bad action
    raises the engine's ``IllegalAction`` and changes nothing.

    "At any time" actions (the public contract) may be taken by a person whose seat is not to
    act. With ``stop_for_any_time`` the bots stop before every decision of theirs at which a
    person not to act may take one (``may_act_any_time``: whatever point the engine makes),
    until each such person has acted or passed: ``submit`` an action (the table stays at the
    point), ``pass_point(seat)`` for one person, ``advance`` for all. Every stop is recorded in
    ``offered`` as (history index, seat). Bots themselves are asked only when their seat is to act.

    ``assist`` (off here, on at ``widgets.PlayTable``) lets the table take routine steps for
    the people (``routine_action``: True for all of ``ASSIST_SHORTCUTS``, or a set of their
    names); ``bid_limit`` and ``refuse_offers`` are standing orders (for every person here; per
    person in ``bid_limits`` and ``refusing``). Every step the
    table takes is listed in ``assisted`` with a note saying what it did and why.
    """

    def __init__(
        self,
        game: Game,
        humans: Sequence[int] | int,
        bots: Sequence[BotSpec] | BotSpec = "random",
        stop_for_any_time: bool = False,
        assist: bool | Collection[str] = False,
        bid_limit: int | None = None,
        refuse_offers: bool = False,
    ) -> None:
        self.game = game
        self.humans = {humans} if isinstance(humans, int) else set(humans)
        bad = [s for s in self.humans if not 0 <= s < game.players]
        if bad:
            raise ConfigError(
                _("seats {bad} are not seats of this {players}-player game", bad=bad, players=game.players)
            )
        if isinstance(bots, Bot | str):
            bots = [bots] * game.players
        self.bots: list[Bot | None] = [
            None if seat in self.humans else make_bot(bots[seat], game.name) for seat in range(game.players)
        ]
        self._rngs = [bot_rng(game.seed, seat) for seat in range(game.players)]
        self.stop_for_any_time = stop_for_any_time
        self.assist = assist_shortcuts(assist)
        # Standing orders, per person: the bid limit in open auctions, and refusing all offers.
        self.bid_limits: dict[int, int] = {} if bid_limit is None else dict.fromkeys(self.humans, bid_limit)
        self.refusing: set[int] = set(self.humans) if refuse_offers else set()
        self.assisted: list[Assisted] = []
        self.log_start = len(game.log)
        self.passed: set[int] = set()  # people who passed the point the game stands at
        self.offered: list[tuple[int, int]] = []  # (history index, seat) of every stop for a person
        self._run(self.stop_for_any_time)

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """Human seats whose decision is awaited now."""
        return tuple(s for s in self.game.to_act if s in self.humans)

    @property
    def any_time_seats(self) -> tuple[int, ...]:
        """Human seats not to act that have "at any time" actions now (the public contract)."""
        return tuple(s for s in sorted(self.humans) if may_act_any_time(self.game, s))

    @property
    def paused(self) -> bool:
        """True when the bots stopped before a decision of theirs so that a person may act at any time."""
        return not self.game.is_over and not self.waiting_for

    def advance(self, stop_for_any_time: bool | None = None, seat: int | None = None) -> list[Event]:
        """Every person passes the point the table stopped at (if it stopped for them), then the
        bots act until a person must decide or the game is over; returns the new events as
        ``seat`` may read them (with no seat, as everyone may: no private parts at all).

        With ``stop_for_any_time`` (default: the table's setting) the bots also stop before each
        decision of theirs at which a person not to act has an "at any time" action, until that
        person acts or passes; without it they go on to the next decision of a person.
        """
        start = len(self.game.log)
        if self.paused:
            self.passed |= set(self.any_time_seats)
        self._run(self.stop_for_any_time if stop_for_any_time is None else stop_for_any_time)
        return readable(self.game.log[start:], seat)

    def pass_point(self, seat: int, stop_for_any_time: bool | None = None) -> list[Event]:
        """The person in ``seat`` passes the point the table stopped at; the bots go on once
        every person it stopped for has acted or passed. Returns the new events ``seat`` may read."""
        if seat not in self.humans:
            raise ConfigError(_("{seat} is played by a bot at this table", seat=SEAT_NAMES[seat]))
        start = len(self.game.log)
        self.passed.add(seat)
        self._run(self.stop_for_any_time if stop_for_any_time is None else stop_for_any_time)
        return readable(self.game.log[start:], seat)

    def _run(self, stops: bool) -> None:
        game = self.game
        while not game.is_over:
            routine = self._routine()
            if routine is not None:
                human, action, shortcut, note = routine
                self.assisted.append(Assisted(len(game.log), human, str(action), shortcut, note))
                game.act(human, action)
                self.passed = set()  # a decision: the next point begins
                continue
            bot_seat = next((s for s in game.to_act if self.bots[s] is not None), None)
            if bot_seat is None:
                break
            if stops:
                waiting = [s for s in self.any_time_seats if s not in self.passed]
                if waiting:
                    self.offered += [(len(game.history), s) for s in waiting]
                    break
            bot = self.bots[bot_seat]
            assert bot is not None
            take_turn(game, bot_seat, bot, self._rngs[bot_seat])
            self.passed = set()

    def _routine(self) -> tuple[int, Action, str, str] | None:
        """The first step the assist (or a standing bid limit) takes for a person waited for."""
        if not self.assist and not self.bid_limits and not self.refusing:
            return None
        for seat in self.waiting_for:
            step = routine_action(
                self.game, seat, self.assist, self.bid_limits.get(seat), seat in self.refusing
            )
            if step is not None:
                return (seat, *step)
        return None

    def notes(self, start: int = 0, seat: int | None = None) -> dict[int, str]:
        """What the table did for ``seat`` (None: for everyone, the teacher's) since log index
        ``start``: the note of each step, keyed by the log index where its events begin. A note
        is its person's own: "B paid 50 with 50" names cards only B and the payee may know."""
        return {
            step.index: step.note
            for step in self.assisted
            if step.index >= start and (seat is None or step.seat == seat)
        }

    def submit(self, seat: int, action: Action | str) -> list[Event]:
        """A person's action, then the bots' replies, as ``seat`` may read them (``Game.log_for``:
        the others' private parts removed); IllegalAction leaves everything unchanged.

        An "at any time" action of a seat that is not to act leaves the table at its point while
        the person may take another, until passing (``pass_point``) lets the bots go on.
        """
        if seat not in self.humans:
            people = ", ".join(SEAT_NAMES[s] for s in sorted(self.humans))
            raise ConfigError(
                _(
                    "{seat} is played by a bot at this table; people play {people}",
                    seat=SEAT_NAMES[seat],
                    people=people,
                )
            )
        start = len(self.game.log)
        to_act = seat in self.game.to_act
        self.game.act(seat, action)
        if to_act:
            self.passed = set()  # a decision: the next point begins
        self._run(self.stop_for_any_time)  # the bots go on once nobody may act at this point
        return readable(self.game.log[start:], seat)

    def events_for(self, seat: int | None) -> list[Event]:
        """The events of this table so far as ``seat`` may read them (None: the teacher's log)."""
        return self.game.log_for(seat)[self.log_start :]
