"""A fixed action numbering and a flat observation for each game, shared by the RL adapters.

Both adapters (``gamekit.rl.pettingzoo`` and ``gamekit.rl.openspiel``) drive a game through a
``Table``: the engine's game plus the few half-made steps the adapter keeps itself. Numbers and
observations depend only on the game's name, its player count and its options (``Spaces``).

Each game declares its own numbering in its folder, ``<game package>.spaces`` (found through
``gamekit.core.registry.layer``; this module names no game). That module holds a class
``Numbering`` made from a fresh game of the setting (``Numbering(probe)``) with:

- ``size``: the number of actions; ``index(game, seat, text)``: the index of a step text the
  seat may choose now; ``label(index)``: a state-free name of an index, for printing.
  Indices keep one meaning across states, so a policy can learn them.
- optionally ``fixed_index(text)``: True when ``index`` of that text is the same in every state
  (for a seat): the adapters then keep it instead of numbering the text again at every step.
- ``encode(v, view, paying)``: writes ``view`` (a seat's view, never the game) into ``v``, the
  vector builder below (``add``, ``one_hot``, ``seat_hot``, ``seat_mask``, ``by_seat``,
  ``counts``; ``v.seat`` the viewer, ``v.players``); ``paying`` the pieces laid down (below).
- optionally ``values(game, seat, paying)``: the same numbers as ``encode`` of ``view(seat)``, as
  a list of floats read straight from the game (what the view shows and nothing else; a
  property test over random states holds the two equal, tests/rl/test_fast_observations.py);
  ``observe`` then uses it (a view and its encoding cost several engine decisions).
- optionally ``numbered(legal)``: the whole list of legal actions by index at once (by
  arithmetic), or None to number them one by one (Money Monsoon's ~150 listed bids).
- optionally ``pieces``: a decision the engine lists as too many whole actions to number (a
  payment of any set of cards) is taken piece by piece instead. ``pieces`` has ``step``
  (``step + str(value)`` lays down one piece), ``done`` (hands them over), ``values`` (the kinds
  of piece), ``per_decision`` (steps one decision takes at most), ``applies(game, seat)`` and
  ``cards(action)`` (the pieces a listed action is made of). ``Table`` keeps the pieces laid
  down; ``step + V`` is legal when some listed action still holds them with V, ``done`` when
  they form a listed action that a further piece could still extend; an action that nothing
  extends is handed over with its last piece. They show only in that seat's observation.

The module needs no numpy (the engines stay pure Python); the adapters bring it. Any time
actions are in the numbering like the rest; the adapters offer them to the seat being asked.

Observations: ``Spaces.observe`` encodes ``game.view(seat)`` (never the game itself) as a flat
float32 vector of fixed length ``Spaces.observation_size``; ``Spaces.layout`` names its parts
in order, and the module's ``MEANINGS`` says what each means (``data/rl/ENCODINGS.md``). The
layout is found once, by a builder that lists every float; ``observe`` then writes the parts
straight into an array (the same float64 arithmetic, rounded to float32 once). Seats appear relative to the viewer: "by seat" parts list the viewer first, then the
next seat, and so on; one-hot seat parts use the same order. Counts are divided by a fixed
bound so most entries lie in [0, 1].
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from itertools import accumulate
from typing import Any

import numpy as np

import gamekit
from gamekit.core import registry
from gamekit.core.actions import Action
from gamekit.core.errors import ConfigError, IllegalAction
from gamekit.core.game import Game


def _rel(seat: int, other: int, players: int) -> int:
    """Place of ``other`` after ``seat`` (0 is the seat itself)."""
    return (other - seat) % players


# ------------------------------------------------------------------------ observation builder
class _Vector:
    """Appends named parts of an observation; records the layout as it goes."""

    def __init__(self, seat: int, players: int) -> None:
        self.seat, self.players = seat, players
        self.values: list[float] = []
        self.parts: list[tuple[str, int]] = []
        self._order = [(seat + k) % players for k in range(players)]  # by_seat's order

    def add(self, name: str, values: Sequence[float]) -> None:
        self.values.extend([float(v) for v in values])
        self.parts.append((name, len(values)))

    def _row(self, name: str, row: list[float]) -> None:
        """``add`` of a row already made of floats."""
        self.values.extend(row)
        self.parts.append((name, len(row)))

    def one_hot(self, name: str, index: int | None, size: int) -> None:
        row = [0.0] * size
        if index is not None:
            row[index] = 1.0
        self._row(name, row)

    def seat_hot(self, name: str, seat: int | None) -> None:
        self.one_hot(name, None if seat is None else _rel(self.seat, seat, self.players), self.players)

    def seat_mask(self, name: str, seats: Sequence[int]) -> None:
        row = [0.0] * self.players
        for s in seats:
            row[_rel(self.seat, s, self.players)] = 1.0
        self._row(name, row)

    def by_seat(self, name: str, values: Sequence[Any], scale: float = 1.0) -> None:
        """One value per seat, viewer first; ``None`` (hidden or not yet) counts as 0."""
        self._row(name, [0.0 if values[s] is None else float(values[s]) / scale for s in self._order])

    def counts(self, name: str, items: Sequence[Any] | None, kinds: Sequence[Any], scale: float) -> None:
        index = _kind_index(kinds)
        row = [0.0] * len(kinds)
        step = 1.0 / scale
        for item in items or ():
            row[index[item]] += step
        self._row(name, row)


_KIND_INDEX: dict[tuple[Any, ...], dict[Any, int]] = {}  # ``counts``'s kinds → place, made once


def _kind_index(kinds: Sequence[Any]) -> dict[Any, int]:
    index = _KIND_INDEX.get(kinds) if kinds.__class__ is tuple else None
    if index is None:
        index = {k: i for i, k in enumerate(kinds)}
        if kinds.__class__ is tuple:
            _KIND_INDEX[kinds] = index
    return index


class _Filled:
    """``_Vector``'s parts written straight into a zeroed float64 array of the known length (no
    layout, no list of every float): what ``Spaces.observe`` uses once the layout is known. The
    same float64 arithmetic, rounded to float32 once at the end, so the very same numbers."""

    def __init__(self, seat: int, players: int, size: int) -> None:
        self.seat, self.players = seat, players
        self.array = np.zeros(size)
        self.at = 0
        self._order = [(seat + k) % players for k in range(players)]

    def add(self, name: str, values: Sequence[float]) -> None:
        stop = self.at + len(values)
        self.array[self.at : stop] = [float(v) for v in values]
        self.at = stop

    def one_hot(self, name: str, index: int | None, size: int) -> None:
        if index is not None:
            if not 0 <= index < size:
                raise IndexError(f"{name}: one-hot index {index} outside 0..{size - 1}")
            self.array[self.at + index] = 1.0
        self.at += size

    def seat_hot(self, name: str, seat: int | None) -> None:
        self.one_hot(name, None if seat is None else _rel(self.seat, seat, self.players), self.players)

    def seat_mask(self, name: str, seats: Sequence[int]) -> None:
        array, at = self.array, self.at
        for s in seats:
            array[at + _rel(self.seat, s, self.players)] = 1.0
        self.at += self.players

    def by_seat(self, name: str, values: Sequence[Any], scale: float = 1.0) -> None:
        stop = self.at + self.players
        self.array[self.at : stop] = [
            0.0 if values[s] is None else float(values[s]) / scale for s in self._order
        ]
        self.at = stop

    def counts(self, name: str, items: Sequence[Any] | None, kinds: Sequence[Any], scale: float) -> None:
        if items:
            index, array, at, step = _kind_index(kinds), self.array, self.at, 1.0 / scale
            for item in items:
                array[at + index[item]] += step
        self.at += len(kinds)


# ------------------------------------------------------------------------------ the numbering
class Spaces:
    """The action numbering and observation encoding of one game for a player count and options.

    ``size`` actions, ``observation_size`` floats. Build with ``spaces_for(game)`` or
    ``Spaces(name, players, options)``; equal arguments give equal numberings. The game's own
    ``spaces`` module (``numbering``) numbers and encodes; a game without one is refused by name.
    """

    def __init__(self, name: str, players: int, options: dict[str, Any] | None = None) -> None:
        registry.game_class(name)  # ConfigError naming the games for an unknown name
        module = registry.require_layer(name, "spaces", "gamekit.rl (actions and observations)")
        self.name, self.players = name, players
        probe = gamekit.new_game(name, players, seed=0, options=options)
        self.options = dict(probe.options)
        self.numbering = module.Numbering(probe)
        self.size: int = self.numbering.size
        self.pieces: Any = getattr(self.numbering, "pieces", None)
        # Each seat's indices already found, by text, for the texts whose index never changes
        # (the numbering's ``fixed_index``; none if it has no such method).
        self._fixed = getattr(self.numbering, "fixed_index", None)
        self._known: list[dict[str, int]] = [{} for _ in range(players)]
        # optionally ``numbered(legal)``: a whole list of legal actions numbered at once (by
        # arithmetic), or None to number them one by one
        self._numbered = getattr(self.numbering, "numbered", None)
        encoded = self._encode(probe.view(0), 0, ())
        self.layout: list[tuple[str, int, int]] = [
            (part, start - length, length)
            for (part, length), start in zip(
                encoded.parts, accumulate(p[1] for p in encoded.parts), strict=True
            )
        ]
        self.observation_size = len(encoded.values)
        # The numbering's ``values(game, seat, paying)`` when it has one: the encoding read straight
        # from the game as a list of floats, packed into float32 by one struct call.
        self._values = getattr(self.numbering, "values", None)
        self._pack = struct.Struct(f"{self.observation_size}f").pack_into

    def __deepcopy__(self, memo: dict[int, Any]) -> Spaces:
        return self  # never changed once made: copies of a state share it

    def __repr__(self) -> str:
        return (
            f"Spaces({self.name!r}, players={self.players}, actions={self.size}, obs={self.observation_size})"
        )

    # ------------------------------------------------------------------------------ actions
    def index(self, game: Game, seat: int, text: str) -> int:
        """The index of a step text that ``seat`` may choose now (engine text or adapter step)."""
        return self.numbering.index(game, seat, str(text))

    def label(self, index: int) -> str:
        """A state-free name of an index, for printing (``bid 5`` or ``give the hand card 4``)."""
        if not 0 <= index < self.size:
            raise ValueError(f"action {index} is outside 0..{self.size - 1}")
        return self.numbering.label(index)

    def is_piece(self, text: str) -> bool:
        """Whether ``text`` is a step of a decision taken piece by piece (laying down or handing over)."""
        pieces = self.pieces
        return pieces is not None and (text == pieces.done or text.startswith(pieces.step))

    # ------------------------------------------------------------------------- observation
    def observe(self, game: Game, seat: int, paying: Sequence[Any] = ()) -> np.ndarray:
        """The observation of ``seat``: its view encoded (``layout``), float32 of fixed length.
        Read straight from the game by the numbering's ``values`` when it has one (the same
        numbers as ``observe_view``: a property test), else ``observe_view``."""
        fast = self._values
        if fast is None:
            return self.observe_view(game, seat, paying)
        values = fast(game, seat, paying)
        if len(values) != self.observation_size:
            raise ConfigError(
                f"{self.name}: the observation does not have {self.observation_size} values; "
                "the game does not match these spaces (players or options)"
            )
        array = bytearray(4 * self.observation_size)
        self._pack(array, 0, *values)  # each float64 rounded to float32 once, as astype does
        return np.frombuffer(array, dtype=np.float32)

    def observe_view(self, game: Game, seat: int, paying: Sequence[Any] = ()) -> np.ndarray:
        """``observe`` made from ``game.view(seat)`` through the numbering's ``encode``: the
        reference the fast ``values`` are held to."""
        filled = _Filled(seat, self.players, self.observation_size)
        try:
            self.numbering.encode(filled, game.view(seat), paying)
        except (ValueError, IndexError):  # a part ran past the end
            filled.at = -1
        if filled.at != self.observation_size:
            raise ConfigError(
                f"{self.name}: the observation does not have {self.observation_size} values; "
                "the game does not match these spaces (players or options)"
            )
        return filled.array.astype(np.float32)

    def _encode(self, view: dict[str, Any], seat: int, paying: Sequence[Any]) -> _Vector:
        vec = _Vector(seat, self.players)
        self.numbering.encode(vec, view, paying)
        return vec


_MADE: dict[tuple[str, int, str], Spaces] = {}


def spaces_for(game: Game) -> Spaces:
    """The spaces of a running game (its name, players and options); made once per setting."""
    key = (game.name, game.players, repr(sorted(game.options.items())))
    made = _MADE.get(key)
    if made is None:
        made = _MADE[key] = Spaces(game.name, game.players, dict(game.options))
    return made


# ------------------------------------------------------------------------------------ table
class Table:
    """A game and the adapter's own half-made steps (the pieces of a decision being laid down).

    ``legal(seat)`` maps each legal index to its step text; ``act(seat, index)`` takes one.
    A seat is asked only when it is in ``game.to_act``; any-time actions are among its choices
    then (the engine lists them with the rest), and a seat not asked never acts.
    """

    def __init__(self, game: Game, spaces: Spaces | None = None) -> None:
        self.game = game
        self.spaces = spaces or spaces_for(game)
        self.paying: tuple[Any, ...] = ()  # the pieces the seat has laid down so far

    def copy(self) -> Table:
        twin = Table(self.game.copy(), self.spaces)
        twin.paying = self.paying
        return twin

    def _piecewise(self, seat: int) -> list[Action] | None:
        """The listed actions of a decision ``seat`` takes piece by piece now, else None."""
        game, pieces = self.game, self.spaces.pieces
        if pieces is None or not pieces.applies(game, seat):
            return None
        return game.legal_actions(seat)

    def _counts(self, cards: Sequence[Any]) -> tuple[int, ...]:
        return tuple(sum(1 for c in cards if c == v) for v in self.spaces.pieces.values)

    def choices(self, seat: int) -> dict[int, Action | str]:
        """Every index ``seat`` may choose now, with the engine's own ``Action`` (taken as it is,
        never read again from its text) or the adapter's step text (a piece); {} for a seat not asked."""
        return choices(self.game, self.spaces, self.paying, seat)

    def legal(self, seat: int) -> dict[int, str]:
        """Every index ``seat`` may choose now, with its step text; {} for a seat not asked."""
        return {i: str(step) for i, step in self.choices(seat).items()}

    def _piece_steps(self, listed: list[Action]) -> list[str]:
        return _piece_steps(self.spaces.pieces, self.paying, listed)

    def action_mask(self, seat: int, choices: dict[int, Any] | None = None) -> np.ndarray:
        """1 for each index ``seat`` may choose now, else 0 (int8, length ``spaces.size``);
        ``choices``: ``choices(seat)`` if the caller has it already."""
        if choices is None:
            choices = self.choices(seat)
        if len(choices) > 16:  # many (Money Monsoon's bids): numpy sets them in one call
            mask = np.zeros(self.spaces.size, dtype=np.int8)
            mask[np.fromiter(choices, dtype=np.intp, count=len(choices))] = 1
            return mask
        made = bytearray(self.spaces.size)  # zeros; numpy then shares it (writable)
        for index in choices:
            made[index] = 1
        return np.frombuffer(made, dtype=np.int8)

    def text(self, seat: int, index: int) -> str:
        """The step text of a legal index; ``IllegalAction`` naming the choices otherwise."""
        legal = self.legal(seat)
        if index not in legal:
            choices = ", ".join(f"{i}={t}" for i, t in sorted(legal.items())[:12])
            raise IllegalAction(
                f"action {index} ({self.spaces.label(index) if 0 <= index < self.spaces.size else 'out of range'}) "
                f"is not legal for seat {seat} now; legal: {choices or 'none'}"
            )
        return legal[index]

    def act(self, seat: int, index: int, choices: dict[int, Any] | None = None) -> list[dict[str, Any]]:
        """Take the legal step ``index`` for ``seat``; the engine's new events (none for a piece
        laid down). ``choices``: ``choices(seat)`` if the caller has it already (not re-made)."""
        start = len(self.game.recorded_events())
        self.take(seat, index, choices)
        return self.game.log[start:]

    def take(self, seat: int, index: int, choices: dict[int, Any] | None = None) -> None:
        """``act`` without listing the new events (nothing is narrated: the adapters' way)."""
        index = int(index)
        if choices is None:
            choices = self.choices(seat)
        step = choices.get(index)
        if step is None:
            self.text(seat, index)  # IllegalAction naming the choices
        if step.__class__ is Action:  # the engine's own action (pieces are the adapter's texts)
            self.game.act(seat, step)
            return
        text = str(step)
        if not self.spaces.is_piece(text):
            self.game.act(seat, step)
            return
        pieces = self.spaces.pieces
        if text == pieces.done:
            self._hand_over(seat)
            return
        value = next(v for v in pieces.values if f"{pieces.step}{v}" == text)
        self.paying = tuple(sorted((*self.paying, value)))
        if self._piece_steps(self.game.legal_actions(seat)) == [pieces.done]:
            self._hand_over(seat)

    def _hand_over(self, seat: int) -> None:
        laid = self._counts(self.paying)
        cards = self.spaces.pieces.cards
        (action,) = [a for a in self.game.legal_actions(seat) if self._counts(cards(a)) == laid]
        self.paying = ()
        self.game.act(seat, action)

    def observe(self, seat: int) -> np.ndarray:
        """``seat``'s observation (its view, plus the pieces it has laid down for its decision)."""
        return self.spaces.observe(self.game, seat, self.paying if self._piecewise(seat) is not None else ())


def _counts(pieces: Any, cards: Sequence[Any]) -> tuple[int, ...]:
    return tuple(sum(1 for c in cards if c == v) for v in pieces.values)


def _piece_steps(pieces: Any, paying: Sequence[Any], listed: list[Action]) -> list[str]:
    """The piece steps open to a seat that has laid down ``paying`` towards one of ``listed``."""
    laid = _counts(pieces, paying)
    sets = [_counts(pieces, pieces.cards(a)) for a in listed]
    steps = [
        f"{pieces.step}{value}"
        for i, value in enumerate(pieces.values)
        if any(all(s[j] >= laid[j] + (j == i) for j in range(len(laid))) for s in sets)
    ]
    if laid in sets:
        steps.append(pieces.done)
    return steps


def choices(game: Game, spaces: Spaces, paying: Sequence[Any], seat: int) -> dict[int, Action | str]:
    """``Table(game, spaces)`` with ``paying`` laid down: its ``choices(seat)``, without making the table."""
    if game.is_over or seat not in game.to_act:
        return {}
    index = spaces.numbering.index
    pieces = spaces.pieces
    if pieces is not None and pieces.applies(game, seat):
        return {index(game, seat, t): t for t in _piece_steps(pieces, paying, game.legal_actions(seat))}
    legal = game.legal_actions(seat)
    numbered = spaces._numbered
    if numbered is not None:
        found = numbered(legal)
        if found is not None:
            return found
    fixed = spaces._fixed
    if fixed is None:
        return {index(game, seat, a.text): a for a in legal}
    known = spaces._known[seat]
    found = {}
    for action in legal:
        text = action.text
        number = known.get(text)
        if number is None:
            number = index(game, seat, text)
            if fixed(text):
                known[text] = number
        found[number] = action
    return found


def action_mask(game: Game, seat: int) -> np.ndarray:
    """The legal indices of ``seat`` in a game with no half-made adapter step (see ``Table``)."""
    return Table(game).action_mask(seat)


def observe(game: Game, seat: int) -> np.ndarray:
    """``seat``'s observation of a game (``Spaces.observe``)."""
    return spaces_for(game).observe(game, seat)
