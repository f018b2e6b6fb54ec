"""gamekit's games as OpenSpiel Python games: ``import gamekit.rl.openspiel`` registers them.

Each registered game is registered with OpenSpiel as ``python_gamekit_<name>``. Its parameters
are ``players`` (default: the game's ``default_players``) and every rule option of the game
(``gamekit.core.options``; ``gamekit options GAME`` lists them) under its own name, at its
default: ``pyspiel.load_game("python_gamekit_for_sale(players=4,edition=classic)")`` or
``pyspiel.load_game("python_gamekit_for_sale", {"players": 4, "edition": "classic"})``. An
option whose values include None ("no limit") takes -1 for None. A bad value is refused by a
``ConfigError`` naming the option and what it allows. ``register_games()`` registers the games
registered with gamekit since (``load`` calls it), so a game added later loads the same way.

- Chance is explicit: every draw the engine makes (the deals' shuffles step by step, the start
  player, a die, a reshuffle of a discard pile) is a chance node whose outcomes are equally
  likely whole numbers, through the engine hook (``gamekit.core.explicit``). A shuffle of n
  cards is n - 1 chance nodes (Fisher-Yates from the bottom of the pile), so a deal of a whole
  deck is a long chain of chance nodes: right for sampling algorithms (MCTS, MCCFR, random
  play), far too many for an exact tree walk (for that see ``gamekit.games.for_sale.solve``).
  The set-up is built once, when its last outcome is given (``explicit.setup_plan``).
- Actions are ``gamekit.rl.spaces`` numbers: fixed per game, player count and options; a
  decision the game takes piece by piece (a payment of any set of cards, ``pay+V``, ``pay-done``)
  is laid down piece by piece, so the numbering is small and fixed. ``action_to_string`` gives
  the engine's text of the step. The engine's own legal ``Action`` objects are kept by index
  and applied as they are (no text parsed again).
- Simultaneous choices (sealed houses to sell, sealed bids, sealed offers) are sequentialised as
  the engines already do it: the seats of a sealed step choose one after the other, lowest seat
  first, and no seat sees an earlier seat's choice before the reveal (their views hide it). The
  games are therefore ``SEQUENTIAL`` imperfect-information games.
- Returns are the share of the win: each of the k seats ranked first gets 1/k, the others 0
  (a game stopped by ``max_turns`` is scored by its provisional ranks), so the games are
  constant-sum with sum 1.
- Observations are built on ``view(seat)`` only. Observation string: the view as JSON (plus the
  pieces a seat has laid down); observation tensor: ``Spaces.observe``, its parts named by
  ``Spaces.layout`` (per game in ``data/rl/ENCODINGS.md``). Information-state string: the same
  plus a digest of the seat's own log (``log_for(seat)``: every public event and its own private
  ones), perfect recall; it is computed only when asked, so play and rollouts never narrate nor
  hash. Information-state tensor: the observation tensor followed by ``my_steps``, how many times
  the seat has taken each action number in this state's play (``num_distinct_actions`` counts,
  divided by 10): a fixed-size summary of its own past, not perfect recall (the string is).
  The observer's ``dict`` has one entry per named part, each a view into ``tensor``.
- Clones (MCTS) copy the engine's game, not a replay of the history.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pyspiel

import gamekit
from gamekit.core import registry
from gamekit.core.chance import ChanceEvent
from gamekit.core.errors import ConfigError
from gamekit.core.explicit import ExplicitGame, setup_plan
from gamekit.core.game import Game, game_class
from gamekit.core.options import Option

from .spaces import Spaces, Table, choices

PREFIX = "python_gamekit_"
# OpenSpiel's bound on a game's length: steps per engine decision (a decision taken piece by
# piece declares its own, ``pieces.per_decision``: k pieces take up to k + 1 steps).
STEPS_PER_DECISION = 2
NONE = -1  # the parameter value of an option's None ("no limit"): OpenSpiel has no None
# OpenSpiel keeps a game's length in a C int: a game without a safety limit (``max_turns=None``) declares this
MAX_LENGTH = 2**31 - 1
MY_STEPS_SCALE = 10.0  # ``my_steps`` counts are divided by this
_OUTCOMES: dict[int, list[tuple[int, float]]] = {}  # chance outcomes by size, made once
# OpenSpiel's player ids as plain ints: asked for several times a step, an enum member costs more
CHANCE, TERMINAL = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)


def short_name(name: str) -> str:
    """The OpenSpiel name of a gamekit game: ``python_gamekit_<name>``."""
    return PREFIX + name


def _parameter(option: Option) -> Any:
    """An option's default as an OpenSpiel parameter (int, bool, float or str; None is ``NONE``)."""
    return NONE if option.default is None else option.default


def _game_type(name: str) -> pyspiel.GameType:
    cls = game_class(name)
    spec: dict[str, Any] = {"players": cls.default_players}
    spec.update({option.name: _parameter(option) for option in cls.options_declared})
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"gamekit {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


def game_options(name: str, params: dict[str, Any]) -> dict[str, Any]:
    """The gamekit options an OpenSpiel parameter dict gives (``NONE`` read as None where None is
    allowed); ``ConfigError`` naming an unknown parameter or a bad value's option."""
    cls = game_class(name)
    declared = {option.name: option for option in cls.options_declared}
    unknown = sorted(set(params) - {"players", *declared})
    if unknown:
        raise ConfigError(
            f"{short_name(name)} has no parameter {', '.join(map(repr, unknown))}; "
            f"parameters: players, {', '.join(declared) or '(no options)'}"
        )
    options: dict[str, Any] = {}
    for key, value in params.items():
        if key == "players":
            continue
        option = declared[key]
        if value == NONE and type(value) is int and option.choices is not None and None in option.choices:
            value = None
        options[key] = option.check(value)  # ConfigError naming the option and what it allows
    return options


def _setup_draws(name: str, players: int, options: dict[str, Any] | None = None) -> tuple[int, int]:
    """The number of chance events in a set-up and the largest of them (all outcomes 0)."""
    plan = setup_plan(game_class(name), players, options)
    if plan is not None:
        return len(plan), max((e.size for e in plan), default=0)
    explicit = ExplicitGame(name, players, options)
    count = largest = 0
    while explicit.pending is not None and explicit.game is None:
        count += 1
        largest = max(largest, explicit.pending.size)
        explicit.resolve(0)
    return count, largest


class GamekitGame(pyspiel.Game):
    """One gamekit game as an OpenSpiel game (see the module docstring)."""

    gamekit_name: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.gamekit_name
        game_type = _game_type(name)
        params = dict(params or {})
        cls = game_class(name)
        players = params.get("players", cls.default_players)
        self.options = game_options(name, params)
        probe = gamekit.new_game(name, players, seed=0, options=self.options)  # ConfigError for a bad count
        self.spaces = Spaces(name, players, self.options)
        self.plan = setup_plan(cls, players, self.options)
        draws, largest = _setup_draws(name, players, self.options)
        pieces = self.spaces.pieces
        length = probe.max_decisions * (pieces.per_decision if pieces is not None else STEPS_PER_DECISION)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.spaces.size,
            max_chance_outcomes=max(largest, players),
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=min(length + draws, MAX_LENGTH),
        )
        super().__init__(game_type, info, params or {"players": players})
        self.players = players

    def new_initial_state(self) -> GamekitState:
        return GamekitState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> GamekitObserver:
        return GamekitObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class _Cache:
    """What a state computes on demand and forgets at its next action; a clone starts empty."""

    __slots__ = ("choices", "game", "seat")

    def __init__(self) -> None:
        self.choices: dict[int, Any] | None = None  # the current seat's steps by index
        self.seat = -1
        self.game: Game | None = None  # the engine's game they were made from

    def __deepcopy__(self, memo: dict[int, Any]) -> _Cache:
        return _Cache()


class _Steps(list):
    """(seat, action number) pairs: tuples of whole numbers, so a clone's copy is a shallow one."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Steps:
        return _Steps(self)


class GamekitState(pyspiel.State):
    """A gamekit game in progress, its chance explicit, its actions numbered by ``Spaces``."""

    def __init__(self, game: GamekitGame) -> None:
        super().__init__(game)
        self.spaces = game.spaces  # shared, never copied (``Spaces.__deepcopy__``)
        self.explicit = ExplicitGame(game.gamekit_name, game.players, game.options, plan=game.plan)
        self.paying: tuple[Any, ...] = ()  # the pieces laid down for a decision (``Table``)
        # Each seat's memory: a digest chained over every event it has read (public events and
        # its own private ones): the information state's perfect recall, folded in on demand.
        self._memory: list[str] = [""] * game.players
        self._remembered = 0  # events of the log folded into ``memory``
        self.steps: list[tuple[int, int]] = _Steps()  # (seat, action number) of each decision step here
        self._cache = _Cache()

    # --------------------------------------------------------------- OpenSpiel's API
    @property
    def gamekit(self) -> Game | None:
        """The engine's game (None during the set-up's chance nodes; the game before the
        action being carried out at a chance node during play)."""
        return self.explicit.game

    def _table(self) -> Table:
        table = Table(self.explicit.game, self.spaces)
        table.paying = self.paying
        return table

    def _choices(self) -> dict[int, Any]:
        """The current player's legal steps, number → engine ``Action`` or piece text (made once per state)."""
        cache, game = self._cache, self.explicit.game
        seat = self.current_player()
        if cache.choices is None or cache.seat != seat or cache.game is not game:
            cache.choices = choices(game, self.spaces, self.paying, seat) if seat >= 0 else {}
            cache.seat, cache.game = seat, game
        return cache.choices

    def legal_steps(self) -> dict[int, str]:
        """The current player's legal steps, number → text."""
        return {index: str(step) for index, step in self._choices().items()}

    def remember(self) -> list[str]:
        """Fold the log's new events into each seat's memory (what that seat may read of each);
        every seat's memory. Reads the recorded events, never their narration."""
        game, memory = self.explicit.game, self._memory
        if game is None:
            return memory
        events = game.recorded_events()
        for event in events[self._remembered :]:
            public = {k: v for k, v in event.items() if k not in ("private", "text", "rule")}
            text = json.dumps(public, sort_keys=True, default=str)
            for seat in range(len(memory)):
                if "private" in event and event["seat"] == seat:
                    seen = text + json.dumps(event["private"], sort_keys=True, default=str)
                else:
                    seen = text
                memory[seat] = hashlib.blake2b((memory[seat] + seen).encode(), digest_size=12).hexdigest()
        self._remembered = len(events)
        return memory

    @property
    def memory(self) -> list[str]:
        """Each seat's digest of the events it has read so far (``remember``)."""
        return self.remember()

    def current_player(self) -> int:
        explicit = self.explicit
        if explicit.pending is not None:
            return CHANCE
        game = explicit.game
        if game.is_over:
            return TERMINAL
        return game.to_act[0]

    # ``is_chance_node`` and ``legal_actions()`` answered here for a caller in Python, without
    # the round trip through C++ (OpenSpiel's C++ reaches the same methods underneath).
    def is_chance_node(self) -> bool:
        return self.explicit.pending is not None

    def legal_actions(self, player: int | None = None) -> list[int]:
        if player is not None:
            return pyspiel.State.legal_actions(self, player)
        explicit = self.explicit
        if explicit.pending is not None:
            return list(range(explicit.pending.size))
        if explicit.game.is_over:
            return []
        return sorted(self._choices())

    def _legal_actions(self, player: int) -> list[int]:
        explicit = self.explicit
        if explicit.pending is not None or explicit.game.is_over or player != explicit.game.to_act[0]:
            return []
        return sorted(self._choices())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        size = self.explicit.pending.size
        outcomes = _OUTCOMES.get(size)
        if outcomes is None:
            outcomes = _OUTCOMES[size] = ChanceEvent("shuffle", size, 0).outcomes()
        return outcomes

    def _apply_action(self, action: int) -> None:
        explicit = self.explicit
        if explicit.pending is not None:
            explicit.resolve(action)
            return
        steps = self._choices()
        seat = self._cache.seat
        self._cache.choices = None
        step = steps.get(action)
        if step is None:
            self._table().text(seat, action)  # IllegalAction naming the choices
        self.steps.append((seat, action))
        if step.__class__ is str and self.spaces.is_piece(step):
            # a piece laid down or handed over never draws chance
            table = self._table()
            table.take(seat, action, steps)
            self.paying = table.paying
        else:
            explicit.act(seat, step)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            event = self.explicit.pending
            kind = event.kind if event is not None else "chance"
            return f"{kind} {action}"
        if player == self.current_player():
            step = self._choices().get(action)
            if step is not None:
                return str(step)
        return self.spaces.label(action)

    def is_terminal(self) -> bool:
        explicit = self.explicit
        return explicit.pending is None and explicit.game.is_over

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.spaces.players
        return win_shares(self.explicit.game)

    def __str__(self) -> str:
        game = self.explicit.game
        if game is None:
            return f"set-up: {len(self.explicit.outcomes)} chance outcomes drawn"
        pending = f"; chance event {self.explicit.pending.index} pending" if self.explicit.pending else ""
        return json.dumps(game.view(), sort_keys=True) + pending


def win_shares(game: Game) -> list[float]:
    """1/k for each of the k seats ranked first (by the game's ranks, provisional or final), else 0."""
    ranks = game.result()["ranks"]
    first = [s for s in range(game.players) if ranks[s] == 1]
    return [1.0 / len(first) if s in first else 0.0 for s in range(game.players)]


def tensor_layout(spaces: Spaces, perfect_recall: bool) -> list[tuple[str, int, int]]:
    """The parts of an observation tensor (``perfect_recall`` False) or an information-state
    tensor (True): (name, start, length), in order."""
    layout = list(spaces.layout)
    if perfect_recall:
        layout.append(("my_steps", spaces.observation_size, spaces.size))
    return layout


class GamekitObserver:
    """What one seat may know, from ``view(seat)`` only (PyObserver interface of OpenSpiel).

    Without perfect recall: the view (tensor ``Spaces.observe``, string the view as JSON). With
    perfect recall (information state): the string adds a digest of the seat's log,
    ``log_for(seat)``; the tensor adds ``my_steps`` (see the module docstring). ``dict`` holds
    each named part as a view into ``tensor``.
    """

    def __init__(self, game: GamekitGame, iig_obs_type: pyspiel.IIGObservationType, params: Any) -> None:
        if params:
            raise ValueError(f"gamekit observers take no parameters, not {params!r}")
        self.perfect_recall = iig_obs_type.perfect_recall
        self.spaces = game.spaces
        self.layout = tensor_layout(self.spaces, self.perfect_recall)
        self.tensor = np.zeros(sum(length for _, _, length in self.layout), np.float32)
        self.dict = {name: self.tensor[start : start + length] for name, start, length in self.layout}

    def set_from(self, state: GamekitState, player: int) -> None:
        game = state.explicit.game
        if game is None:
            self.tensor.fill(0)
            return
        size = self.spaces.observation_size
        paying = state.paying if player in game.to_act else ()
        self.tensor[:size] = self.spaces.observe(game, player, paying)
        if self.perfect_recall:
            mine = self.tensor[size:]
            mine.fill(0)
            for seat, action in state.steps:
                if seat == player:
                    mine[action] += 1.0 / MY_STEPS_SCALE

    def string_from(self, state: GamekitState, player: int) -> str:
        explicit = state.explicit
        game = explicit.game
        if game is None:  # the set-up: nobody has seen anything yet but how many draws were made
            return f"p{player} set-up, {len(explicit.outcomes)} draws"
        parts: dict[str, Any] = {"seat": player, "view": game.view(player)}
        if state.paying and player in game.to_act:
            parts["laid_down"] = list(state.paying)
        if explicit.pending is not None and explicit._action is not None:
            # an action is being carried out, its chance still to come: only its seat knows it
            seat, action = explicit._action
            parts["acting"] = [seat, str(action) if seat == player else None]
        if self.perfect_recall:
            parts["memory"] = state.remember()[player]
        return json.dumps(parts, sort_keys=True, default=str)


def register_games() -> list[str]:
    """Register with OpenSpiel every game registered with gamekit and not yet with OpenSpiel
    (those added since the last call too); the names newly registered."""
    known = set(pyspiel.registered_names())
    added = []
    for name in registry.registered():
        if short_name(name) not in known:
            cls = type(f"Gamekit_{name}", (GamekitGame,), {"gamekit_name": name})
            pyspiel.register_game(_game_type(name), cls)
            added.append(name)
    return added


register_games()


def load(name: str, players: int | None = None, **options: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` of gamekit game ``name`` (its default player count if None; rule
    ``options`` by name, None where an option allows it); a game registered with gamekit after
    this module was imported is registered with OpenSpiel first."""
    game_class(name)  # ConfigError naming the games for an unknown name
    register_games()
    params: dict[str, Any] = {} if players is None else {"players": players}
    params.update({key: NONE if value is None else value for key, value in options.items()})
    return pyspiel.load_game(short_name(name), params)
