"""gamekit's games as OpenSpiel Python games: ``import gamekit.rl.openspiel`` registers them.

Each registered game is registered with OpenSpiel as ``python_gamekit_<name>``
(``pyspiel.load_game("python_gamekit_<name>(players=3)")``) with one parameter, ``players``
(default: the game's ``default_players``). ``register_games()`` registers the games registered
with gamekit since (``load`` calls it), so a game added later loads the same way.

- Chance is explicit: every draw the engine makes (the deals' shuffles step by step, the start
  player, a die, a reshuffle of a discard pile) is a chance node whose outcomes are equally
  likely whole numbers, through the engine hook (``gamekit.core.explicit``). A shuffle of n
  cards is n - 1 chance nodes (Fisher-Yates from the bottom of the pile), so a deal of a whole
  deck is a long chain of chance nodes: right for sampling algorithms (MCTS, MCCFR, random
  play), far too many for an exact tree walk (for that see ``gamekit.games.for_sale.solve``).
- Actions are ``gamekit.rl.spaces`` numbers: fixed per game, player count and options; a
  decision the game takes piece by piece (a payment of any set of cards, ``pay+V``, ``pay-done``)
  is laid down piece by piece, so the numbering is small and fixed. ``action_to_string`` gives
  the engine's text of the step.
- Simultaneous choices (sealed houses to sell, sealed bids, sealed offers) are sequentialised as the engines already do it: the seats of a sealed step choose one after the
  other, lowest seat first, and no seat sees an earlier seat's choice before the reveal (their
  views hide it). The games are therefore ``SEQUENTIAL`` imperfect-information games.
- Returns are the share of the win: each of the k seats ranked first gets 1/k, the others 0
  (a game stopped by ``max_turns`` is scored by its provisional ranks), so the games are
  constant-sum with sum 1.
- Observations are built on ``view(seat)`` only: the observation string is the view as JSON
  (plus the pieces a seat has laid down), the tensor is ``Spaces.observe``; the
  information state string adds the seat's own log (``log_for(seat)``: every public event and
  its own private ones) for perfect recall.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pyspiel

import gamekit
from gamekit.core import registry
from gamekit.core.explicit import ExplicitGame
from gamekit.core.game import Game, game_class

from .spaces import Spaces, Table

PREFIX = "python_gamekit_"
_SPACES: dict[tuple[str, int], Spaces] = {}
# OpenSpiel's bound on a game's length: steps per engine decision (a decision taken piece by
# piece declares its own, ``pieces.per_decision``: k pieces take up to k + 1 steps).
STEPS_PER_DECISION = 2


def short_name(name: str) -> str:
    """The OpenSpiel name of a gamekit game: ``python_gamekit_<name>``."""
    return PREFIX + name


def _game_type(name: str) -> pyspiel.GameType:
    cls = game_class(name)
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
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": cls.default_players},
    )


def _setup_draws(name: str, players: int) -> tuple[int, int]:
    """The number of chance events in a set-up and the largest of them (all outcomes 0)."""
    explicit = ExplicitGame(name, players)
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
        players = int((params or {}).get("players", game_class(name).default_players))
        probe = gamekit.new_game(name, players, seed=0)  # ConfigError for a bad player count
        self.spaces = Spaces(name, players)
        draws, largest = _setup_draws(name, players)
        pieces = self.spaces.pieces
        length = probe.max_decisions * (pieces.per_decision if pieces is not None else STEPS_PER_DECISION)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.spaces.size,
            max_chance_outcomes=max(largest, players),
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=length + draws,
        )
        super().__init__(game_type, info, params or {"players": players})
        self.players = players

    def new_initial_state(self) -> GamekitState:
        return GamekitState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> GamekitObserver:
        return GamekitObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class GamekitState(pyspiel.State):
    """A gamekit game in progress, its chance explicit, its actions numbered by ``Spaces``."""

    def __init__(self, game: GamekitGame) -> None:
        super().__init__(game)
        self._spaces_key = (game.gamekit_name, game.players)
        _SPACES[self._spaces_key] = game.spaces
        self.explicit = ExplicitGame(game.gamekit_name, game.players)
        self.paying: tuple[Any, ...] = ()  # the pieces laid down for a decision (``Table``)
        # Each seat's memory: a digest chained over every event it has read (public events and
        # its own private ones), updated as events come; the information state's perfect recall.
        self.memory: list[str] = [""] * game.players
        self._remembered = 0  # events of the log folded into ``memory``
        self._legal: dict[int, str] | None = None  # the current player's steps, until the next action

    @property
    def spaces(self) -> Spaces:
        return _SPACES[self._spaces_key]  # shared, not copied with each clone

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

    def legal_steps(self) -> dict[int, str]:
        """The current player's legal steps, number → text (made once per state)."""
        if self._legal is None:
            self._legal = self._table().legal(self.current_player())
        return self._legal

    def _remember(self) -> None:
        """Fold the log's new events into each seat's memory (what that seat may read of each)."""
        game = self.explicit.game
        if game is None:
            return
        log = game.log
        for event in log[self._remembered :]:
            public = {k: v for k, v in event.items() if k not in ("private", "text", "rule")}
            text = json.dumps(public, sort_keys=True, default=str)
            for seat in range(len(self.memory)):
                if "private" in event and event["seat"] == seat:
                    seen = text + json.dumps(event["private"], sort_keys=True, default=str)
                else:
                    seen = text
                self.memory[seat] = hashlib.blake2b(
                    (self.memory[seat] + seen).encode(), digest_size=12
                ).hexdigest()
        self._remembered = len(log)

    def current_player(self) -> int:
        if self.explicit.pending is not None:
            return pyspiel.PlayerId.CHANCE
        game = self.explicit.game
        if game.is_over:
            return pyspiel.PlayerId.TERMINAL
        return game.to_act[0]

    def _legal_actions(self, player: int) -> list[int]:
        if self.explicit.pending is not None or self.explicit.game.is_over or player != self.current_player():
            return []
        return sorted(self.legal_steps())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.explicit.pending.outcomes()

    def _apply_action(self, action: int) -> None:
        if self.explicit.pending is not None:
            self.explicit.resolve(int(action))
        else:
            seat = self.current_player()
            table = self._table()
            if self._legal is not None and int(action) in self._legal:
                text = self._legal[int(action)]
            else:
                text = table.text(seat, int(action))  # IllegalAction naming the choices
            if self.spaces.is_piece(text):  # a piece laid down or handed over never draws chance
                table.act(seat, int(action))
                self.paying = table.paying
            else:
                self.explicit.act(seat, text)
        self._legal = None
        if self.explicit.pending is None:
            self._remember()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            event = self.explicit.pending
            kind = event.kind if event is not None else "chance"
            return f"{kind} {action}"
        if player == self.current_player():
            legal = self.legal_steps()
            if action in legal:
                return legal[action]
        return self.spaces.label(action)

    def is_terminal(self) -> bool:
        return self.explicit.pending is None and self.explicit.game.is_over

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


class GamekitObserver:
    """What one seat may know, from ``view(seat)`` only (PyObserver interface of OpenSpiel).

    Without perfect recall: the view (tensor ``Spaces.observe``, string the view as JSON). With
    perfect recall (information state): the string adds the seat's log, ``log_for(seat)``; no tensor.
    """

    def __init__(self, game: GamekitGame, iig_obs_type: pyspiel.IIGObservationType, params: Any) -> None:
        if params:
            raise ValueError(f"gamekit observers take no parameters, not {params!r}")
        self.perfect_recall = iig_obs_type.perfect_recall
        self.spaces = game.spaces
        size = 0 if self.perfect_recall else self.spaces.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: GamekitState, player: int) -> None:
        if self.perfect_recall:
            return
        game = state.explicit.game
        if game is None:
            self.tensor.fill(0)
            return
        paying = state.paying if player in game.to_act else ()
        self.tensor[:] = self.spaces.observe(game, player, paying)

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
            parts["memory"] = state.memory[player]
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


def load(name: str, players: int | None = None) -> pyspiel.Game:
    """``pyspiel.load_game`` of gamekit game ``name`` (its default player count if None); a game
    registered with gamekit after this module was imported is registered with OpenSpiel first."""
    game_class(name)  # ConfigError naming the games for an unknown name
    register_games()
    params = {} if players is None else {"players": players}
    return pyspiel.load_game(short_name(name), params)
