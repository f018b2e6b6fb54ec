"""PettingZoo AEC environments of gamekit's games (extra ``rl``).

``gamekit.rl.pettingzoo_env(name, players=None, **options)`` returns one (``players`` None: the
game's ``default_players``). Spec sheet:

- Agents ``player_0`` .. ``player_{n-1}``, seat 0 first; the agent asked is the lowest seat in
  ``game.to_act``.
- Actions: ``Discrete(size)``, the fixed numbering of ``gamekit.rl.spaces`` (sizes there), with
  a decision the game takes piece by piece (a payment) laid down piece by piece. An action outside the mask raises
  ``gamekit.IllegalAction`` naming the legal ones, and changes nothing.
- Observations: ``Dict(observation=Box(float32, observation_size), action_mask=Box(int8, size))``,
  the seat's view encoded by ``Spaces.observe`` (nothing hidden from the seat goes in; its
  slices: ``data/rl/ENCODINGS.md``); the mask of a seat that is not being asked is all zeros.
  Each seat's observation is made once per step and the same arrays are returned until the
  next ``step`` (copy them to keep them); the engine's legal actions are kept by number, so a
  step never reads an action's text again nor narrates.
- Rewards: 0 until the end. A game that ends by its rules gives each seat
  ``1 - 2 * (rank - 1) / (players - 1)`` (ranks 1-based, ties share the better rank): +1 for
  first place, -1 for last, evenly between; every agent is then terminated. A game stopped by a
  safety limit (``max_turns``, ``max_decisions``) has no winner: rewards 0, every
  agent truncated.
- Simultaneous steps (sealed choices: houses to sell, bids) are asked seat by seat in
  ascending order. A choice goes to the engine at once, which keeps it sealed,
  so a later seat's observation (made from its view) never shows an earlier seat's choice.
- Any-time actions (a harvest, a field bought whenever its owner likes) are offered to the
  seat being asked, among its other actions; a seat is never interrupted to take them between
  its own decisions (as ``gamekit``'s bots are asked only when in ``to_act``).
- ``reset(seed=s)`` starts the game ``gamekit.new_game(name, players, seed=s, options)``: the same
  seed and actions give the same game. ``reset()`` draws the next seed from the generator of the
  last seed given (or from the operating system before any).
- ``render()``: the narration lines (``game.log``) since the last render; with
  ``render_mode="human"`` they are printed. The narration is the teacher's: it is for watching,
  not for an agent.
- ``env.unwrapped.game`` is the running ``gamekit`` game (for inspection only: acting on it
  directly bypasses the environment).

A random agent plays a game (swap ``action_space.sample(mask)`` for a trained policy)::

    import gamekit.rl

    env = gamekit.rl.pettingzoo_env(gamekit.GAMES[0], players=4)  # any name in gamekit.GAMES
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            action = None  # the game is over: this agent leaves
        else:
            mask = observation["action_mask"]
            action = env.action_space(agent).sample(mask)  # a legal action number
        env.step(action)
    print(env.unwrapped.game.result()["ranks"])

To train, feed ``observation["observation"]`` to a policy network and mask its output with
``observation["action_mask"]`` (as for PettingZoo's classic games, e.g. with Tianshou or
CleanRL's masked PPO); the reward arrives at each agent's last ``env.last()``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces as gym_spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterable, AECOrderEnforcingIterator

import gamekit
from gamekit.core import registry
from gamekit.core.errors import ConfigError

from .spaces import Spaces, Table

RENDER_MODES = ("human", "ansi")


def rank_reward(rank: int, players: int) -> float:
    """+1 for first place, -1 for last, evenly between (ranks 1-based)."""
    return 1.0 - 2.0 * (rank - 1) / (players - 1)


class GamekitEnv(AECEnv):
    """One gamekit game as a PettingZoo AEC environment (see the module docstring)."""

    def __init__(
        self,
        name: str,
        players: int | None = None,
        render_mode: str | None = None,
        options: dict[str, Any] | None = None,
    ) -> None:
        super().__init__()
        if players is None:
            players = registry.game_class(name).default_players
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ConfigError(f"render_mode {render_mode!r}: choose one of {', '.join(RENDER_MODES)} or None")
        self.name, self.players = name, players
        self.game_options = dict(options or {})
        self.spaces = Spaces(name, players, self.game_options)  # refuses a bad name, count or option
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "name": f"gamekit_{name}_v0",
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        observation = gym_spaces.Dict(
            {
                "observation": gym_spaces.Box(
                    low=-np.inf, high=np.inf, shape=(self.spaces.observation_size,), dtype=np.float32
                ),
                "action_mask": gym_spaces.Box(low=0, high=1, shape=(self.spaces.size,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: gym_spaces.Discrete(self.spaces.size) for a in self.possible_agents}
        self._seeds: np.random.Generator | None = None
        self.table: Table | None = None
        self._seen = {}
        self._choices_of, self._choices_made = -1, {}
        self._rendered = 0

    def observation_space(self, agent: str) -> gym_spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gym_spaces.Space:
        return self.action_spaces[agent]

    @property
    def game(self) -> gamekit.Game:
        if self.table is None:
            raise gamekit.PlayError("the environment has no game yet: call reset() first")
        return self.table.game

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game; ``options`` (PettingZoo's reset options) are not used: game options are
        given when the environment is made."""
        if seed is not None or self._seeds is None:
            self._seeds = np.random.default_rng(seed)
        game_seed = int(self._seeds.integers(2**31))
        game = gamekit.new_game(self.name, self.players, seed=game_seed, options=self.game_options)
        self.table = Table(game, self.spaces)
        # each seat's observation and the acting seat's choices, until the next step
        self._seen: dict[int, dict[str, np.ndarray]] = {}
        self._choices_of, self._choices_made = -1, {}
        self._rendered = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[game.to_act[0]]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The seat's observation and action mask, made once per step (the same arrays until the
        next ``step``: copy them to keep them)."""
        table, seat = self.table, self._seat[agent]
        assert table is not None, "call reset() first"
        seen = self._seen.get(seat)
        if seen is None:
            choices = self._choices(seat)
            seen = self._seen[seat] = {
                "observation": table.observe(seat),
                "action_mask": table.action_mask(seat, choices),
            }
        return seen

    def _choices(self, seat: int) -> dict[int, Any]:
        """The seat's legal steps by number, made once per step."""
        if self._choices_of != seat:
            self._choices_made = self.table.choices(seat)
            self._choices_of = seat
        return self._choices_made

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        assert table is not None, "call reset() first"
        if action is None:
            raise gamekit.IllegalAction(f"{agent} is to act: None is only for an agent whose game is over")
        self._cumulative_rewards[agent] = 0.0
        seat = self._seat[agent]
        choices = self._choices(seat)
        table.take(seat, int(action), choices)  # IllegalAction (nothing changed) if not legal
        self._seen, self._choices_of = {}, -1
        game = table.game
        if game.is_over:
            result = game.result()
            finished = bool(result["finished"])
            for a in self.agents:
                rank = result["ranks"][self._seat[a]]
                self.rewards[a] = rank_reward(rank, self.players) if finished else 0.0
                self.terminations[a] = finished
                self.truncations[a] = not finished
            self._accumulate_rewards()
        else:  # rewards are all 0 until the end: nothing to add
            self.agent_selection = self.possible_agents[game.to_act[0]]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.table is None:
            return None
        log = self.table.game.log
        text = "\n".join(e["text"] for e in log[self._rendered :])
        self._rendered = len(log)
        if self.render_mode == "human":
            if text:
                print(text)
            return None
        return text

    def close(self) -> None:
        self.table = None


def raw_env(
    name: str, players: int | None = None, render_mode: str | None = None, **options: Any
) -> GamekitEnv:
    """The environment without PettingZoo's order-enforcing wrapper."""
    return GamekitEnv(name, players, render_mode=render_mode, options=options)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order-enforcing wrapper, with the same checks, asking the environment itself
    once it has been reset: the inherited ``last()``, ``step`` and ``agent_iter`` read each
    attribute through the wrapper's ``__getattr__`` (two Python calls a read, eight reads a
    decision). Before ``reset``, and for a step after the game, the wrapper's own methods run."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if self._has_reset:
            return self.env.last(observe)
        return super().last(observe)

    def step(self, action: Any) -> None:
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable:
        if not self._has_reset:
            return super().agent_iter(max_iter)
        return _Iterable(self, max_iter)


class _Iterable(AECOrderEnforcingIterable):
    def __iter__(self) -> _Iterator:
        return _Iterator(self.env, self.max_iter)


class _Iterator(AECOrderEnforcingIterator):
    """``AECOrderEnforcingIterator`` reading the environment's agents directly."""

    def __next__(self) -> str:
        inner = self.env.env
        if not inner.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert self.env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        self.env._has_updated = False
        return inner.agent_selection


def env(name: str, players: int | None = None, render_mode: str | None = None, **options: Any) -> AECEnv:
    """The environment, wrapped so that calls out of order (step before reset) are refused."""
    return _OrderEnforcing(raw_env(name, players, render_mode=render_mode, **options))
