"""Train an agent on one gamekit game through its PettingZoo environment (extra ``train``).

``BotTable`` turns the AEC environment (``gamekit.rl.pettingzoo_env``) into a single-agent
gymnasium environment, as PettingZoo's "SB3 action masking" tutorial does: one seat is the
learner, gamekit's bots play every other seat, and ``action_masks()`` gives sb3-contrib's
``MaskablePPO`` the legal actions. The learner's seat turns with the games (game i: seat
``i % players``), so it learns every seat. Its reward is the environment's: at the end of a game
+1 for first place, -1 for last, evenly between.

``learning_curve`` trains ``MaskablePPO`` on CPU and, every ``eval_every`` steps, plays the
policy (its most likely legal action) in the learner's seat over the same ``eval_games`` games
against each set of evaluation rivals: its win share with a 95 % Wilson interval. Beside it,
gamekit's own bots in the learner's seat on those very games (``reference_shares``) give the
share of chance (random) and of a heuristic.
``python -m gamekit.rl.train`` writes lesson 07's curve, ``data/rl/training_curve.csv``, with
how it was made (seed, steps, versions, command: ``data/rl/training_curve.json``).
"""

from __future__ import annotations

import json
import platform
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

import gymnasium
import numpy as np

from gamekit.bots import make_bot
from gamekit.core.data import data_dir
from gamekit.core.errors import ConfigError
from gamekit.core.game import game_class

from . import STRONGEST, pettingzoo_env
from .lesson07 import SWEEP_GAME
from .spaces import Spaces

CURVE = data_dir() / "rl" / "training_curve.csv"
PROVENANCE = CURVE.with_suffix(".json")

# Lesson 07's run: the game the lesson studies first (For Sale) at its fewest seats (a game is
# about 20 decisions of the learner's, so learning shows within minutes), trained against a
# random bot and the game's strongest heuristic side by side, evaluated against two random bots
# and against two heuristics; random and the heuristic in the learner's seat are the references.
GAME = SWEEP_GAME
PLAYERS = game_class(GAME).min_players
HEURISTIC = STRONGEST[GAME]
TRAIN_OPPONENTS = ("random", HEURISTIC)
EVAL_OPPONENTS = (("random", "random"), (HEURISTIC, HEURISTIC))
REFERENCE_AGENTS = ("random", HEURISTIC)
STEPS = 120_000
EVAL_EVERY = 20_000
EVAL_GAMES = 300
SEED = 2026
THREADS = 1
AGENT = "maskable_ppo"  # how the table names the trained agent


class BotTable(gymnasium.Env):
    """One seat of a gamekit game's PettingZoo environment as a single-agent gymnasium env.

    ``opponents`` are bot names or bots, one per other seat in seat order after the learner.
    ``seat`` fixes the learner's seat; None turns it with the games (game i: seat i % players).
    Observations are the seat's ``observation`` vector; ``action_masks()`` the legal actions.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": []}

    def __init__(
        self,
        name: str,
        players: int,
        opponents: Sequence[Any],
        seat: int | None = None,
        seed: int = 0,
    ) -> None:
        if len(opponents) != players - 1:
            raise ConfigError(
                f"{name} at {players} seats needs {players - 1} opponents, not {len(opponents)}"
            )
        if seat is not None and not 0 <= seat < players:
            raise ConfigError(f"seat {seat} is outside 0..{players - 1}")
        self.env = pettingzoo_env(name, players)
        self.raw = self.env.unwrapped
        self.spaces = Spaces(name, players)  # the env's numbering: a bot's choice → its action number
        if self.spaces.pieces is not None:
            raise ConfigError(
                f"{name}: a decision its environment takes piece by piece (a payment) cannot come from a "
                "bot here yet; train on a game whose every decision is one action number"
            )
        self.name, self.players = name, players
        self.bots = [make_bot(b, name) for b in opponents]
        self.fixed_seat = seat
        agent = self.raw.possible_agents[0]
        self.observation_space = self.env.observation_space(agent)["observation"]
        self.action_space = self.env.action_space(agent)
        self._seeds = np.random.default_rng(seed)
        self._games = 0
        self.seat = 0
        self._mask = np.zeros(self.action_space.n, dtype=bool)
        self._rng = random.Random(seed)

    # The bot seats, in order after the learner's: bots[k] plays seat (learner + 1 + k).
    def _bot_at(self, seat: int) -> Any:
        return self.bots[(seat - self.seat - 1) % self.players]

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict]:
        """A new game (``seed``: reseed the sequence of games); the bots play until the learner is asked."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            self._games = 0
        game_seed = int(self._seeds.integers(2**31))
        return self.start(game_seed, self._next_seat()), {}

    def _next_seat(self) -> int:
        seat = self._games % self.players if self.fixed_seat is None else self.fixed_seat
        self._games += 1
        return seat

    def start(self, game_seed: int, seat: int) -> np.ndarray:
        """Start the game of ``game_seed`` with the learner in ``seat``; its first observation."""
        self.seat = seat
        self.agent = self.raw.possible_agents[seat]
        self._rng = random.Random(game_seed)
        self.env.reset(seed=game_seed)
        return self._play_bots()

    def _play_bots(self) -> np.ndarray:
        """Let the bots act until the learner is asked or the game ends; the learner's observation."""
        env, raw = self.env, self.raw
        while not raw.game.is_over and env.agent_selection != self.agent:
            seat = raw.possible_agents.index(env.agent_selection)
            env.step(self.bot_action(self._bot_at(seat), seat))
        observed = env.observe(self.agent)
        self._mask = observed["action_mask"].astype(bool)
        return observed["observation"]

    def bot_action(self, bot: Any, seat: int) -> int:
        """The action number of ``bot``'s choice for ``seat`` now (it sees only that seat's view)."""
        game = self.raw.game
        view = game.view(seat) if getattr(bot, "uses_view", True) else None
        action = bot.choose(view, game.legal_actions(seat), self._rng)
        return self.spaces.index(game, seat, str(action))

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions now (sb3-contrib's ``MaskablePPO`` asks for them)."""
        return self._mask

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict]:
        self.env.step(int(action))
        observation = self._play_bots()
        if not self.raw.game.is_over:
            return observation, 0.0, False, False, {}
        reward = float(self.env.rewards[self.agent])
        finished = bool(self.env.terminations[self.agent])
        return observation, reward, finished, not finished, {}

    def winners(self) -> list[int]:
        """The seats that won the game just played."""
        return list(self.raw.game.result()["winners"])


def policy_shares(
    model: Any, name: str, players: int, opponents: Sequence[Any], games: int, seed: int
) -> list[float]:
    """Game by game, the policy's share of the win (1, 1/k in a k-way tie, or 0) in the learner's
    seat against ``opponents``, playing its most likely legal action: game i has seed ``seed + i``
    and the learner in seat ``i % players``."""

    def choose(env: BotTable, observation: np.ndarray) -> int:
        action, _ = model.predict(observation, action_masks=env.action_masks(), deterministic=True)
        return int(action)

    return _shares(choose, name, players, opponents, games, seed)


def reference_shares(
    agent: Any, name: str, players: int, opponents: Sequence[Any], games: int, seed: int
) -> list[float]:
    """As ``policy_shares``, with gamekit's bot ``agent`` in the learner's seat on the same games
    (through the same environment, so the two are measured alike)."""
    bot = make_bot(agent, name)

    def choose(env: BotTable, observation: np.ndarray) -> int:
        return env.bot_action(bot, env.seat)

    return _shares(choose, name, players, opponents, games, seed)


def _shares(
    choose: Any, name: str, players: int, opponents: Sequence[Any], games: int, seed: int
) -> list[float]:
    env = BotTable(name, players, opponents)
    shares = []
    for i in range(games):
        observation = env.start(seed + i, i % players)
        done = env.raw.game.is_over
        while not done:
            observation, _, terminated, truncated, _ = env.step(choose(env, observation))
            done = terminated or truncated
        winners = env.winners()
        shares.append(1 / len(winners) if env.seat in winners else 0.0)
    return shares


def _row(agent: str, steps: int | None, opponents: Sequence[str], shares: list[float], players: int) -> dict:
    from gamekit.stats import share_row

    return {"agent": agent, "steps": steps, "opponents": " + ".join(opponents)} | share_row(shares, players)


def learning_curve(
    name: str = GAME,
    players: int = PLAYERS,
    train_opponents: Sequence[str] = TRAIN_OPPONENTS,
    eval_opponents: Sequence[Sequence[str]] = EVAL_OPPONENTS,
    references: Sequence[str] = REFERENCE_AGENTS,
    steps: int = STEPS,
    eval_every: int = EVAL_EVERY,
    eval_games: int = EVAL_GAMES,
    seed: int = SEED,
    threads: int = THREADS,
    progress: bool = False,
) -> Any:
    """Train ``MaskablePPO`` for ``steps`` learner decisions against ``train_opponents`` and
    evaluate it at 0 steps and every ``eval_every`` steps (``policy_shares``) against each of
    ``eval_opponents`` over ``eval_games`` games (seeds ``seed + 1_000_000 + i``, the same at
    every checkpoint), and where training stopped (PPO finishes its rollout of 2,048 steps, so
    at the next multiple of 2,048); then each of ``references`` in the learner's seat on the same games
    (``steps`` empty). A pandas table, one row per (agent, steps, opponents)."""
    import pandas as pd

    from gamekit.core.extras import needs_extra

    with needs_extra("train", "gamekit.rl.train"):
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.callbacks import BaseCallback

    if steps < 1 or eval_every < 1 or eval_games < 1:
        raise ValueError(
            f"steps, eval_every and eval_games must be 1 or more: {steps}, {eval_every}, {eval_games}"
        )
    torch.set_num_threads(threads)
    eval_seed = seed + 1_000_000
    rows: list[dict] = []

    started = time.perf_counter()

    def evaluate(model: Any, done: int) -> None:
        for rivals in eval_opponents:
            shares = policy_shares(model, name, players, rivals, eval_games, eval_seed)
            rows.append(_row(AGENT, done, rivals, shares, players))
            rows[-1]["seconds"] = round(time.perf_counter() - started, 1)
            if progress:
                r = rows[-1]
                print(
                    f"{done:>8} steps {r['seconds']:>6.0f} s  vs {r['opponents']:<34} "
                    f"{r['win share']:.3f} [{r['ci_low']:.3f}, {r['ci_high']:.3f}]",
                    flush=True,
                )

    class Checkpoints(BaseCallback):
        def _on_step(self) -> bool:
            if self.num_timesteps % eval_every == 0:
                evaluate(self.model, self.num_timesteps)
            return True

    env = BotTable(name, players, train_opponents, seed=seed)
    model = MaskablePPO("MlpPolicy", env, seed=seed, verbose=0, device="cpu")
    evaluate(model, 0)
    model.learn(total_timesteps=steps, callback=Checkpoints())
    if model.num_timesteps % eval_every:
        evaluate(model, model.num_timesteps)
    for agent in references:
        for rivals in eval_opponents:
            rows.append(
                _row(
                    agent,
                    None,
                    rivals,
                    reference_shares(agent, name, players, rivals, eval_games, eval_seed),
                    players,
                )
            )
    table = pd.DataFrame(rows)
    table.insert(0, "players", players)
    table.insert(0, "game", name)
    table["seed"] = seed
    table["steps"] = table["steps"].astype("Int64")
    return table


def ends(curve: Any) -> Any:
    """Per set of rivals, the trained agent's first and last checkpoints (win share and 95 %
    interval), whether the last interval lies wholly above the first (``learned``), and the win
    share of each reference bot in its seat on the same games (a column per bot) beside the even
    share: what a lesson may say about a stored curve, read from it."""
    import pandas as pd

    trained = curve[curve["steps"].notna()].sort_values("steps", kind="stable")
    measured = curve[curve["steps"].isna()]
    rows = []
    for rivals, points in trained.groupby("opponents", sort=False):
        first, last = points.iloc[0], points.iloc[-1]
        row = {
            "opponents": rivals,
            "first steps": int(first["steps"]),
            "first share": first["win share"],
            "first ci": (first["ci_low"], first["ci_high"]),
            "last steps": int(last["steps"]),
            "last share": last["win share"],
            "last ci": (last["ci_low"], last["ci_high"]),
            "learned": bool(last["ci_low"] > first["ci_high"]),
            "even share": last["even share"],
        }
        for _, bot in measured[measured["opponents"] == rivals].iterrows():
            row[f"{bot['agent']} share"] = bot["win share"]
        rows.append(row)
    return pd.DataFrame(rows)


def versions() -> dict[str, str]:
    """The versions that made a run: Python, gamekit, torch, stable-baselines3, sb3-contrib, pettingzoo."""
    from importlib.metadata import version

    found = {"python": platform.python_version()}
    for package in ("gamekit-edu", "torch", "stable-baselines3", "sb3-contrib", "pettingzoo", "gymnasium"):
        found[package] = version(package)
    return found


def regenerate(path: Path = CURVE, **settings: Any) -> Any:
    """Lesson 07's learning curve (``python -m gamekit.rl.train``; about 3 minutes of one
    core, 9 on two busy shared cores): ``learning_curve`` written to ``path`` and how it was made beside it (``.json``)."""
    started, cpu = time.time(), time.process_time()
    table = learning_curve(progress=True, **settings)
    path.parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(path, index=False)
    made = {
        "command": "python -m gamekit.rl.train",
        "settings": {k: v for k, v in _settings(**settings).items()},
        "versions": versions(),
        "seconds": round(time.time() - started),  # wall time, as long as the machine's other work makes it
        "cpu seconds": round(time.process_time() - cpu),  # this process's own time on the CPU
    }
    path.with_suffix(".json").write_text(json.dumps(made, indent=2) + "\n", encoding="utf-8")
    return table


def _settings(**given: Any) -> dict[str, Any]:
    defaults = {
        "name": GAME,
        "players": PLAYERS,
        "train_opponents": list(TRAIN_OPPONENTS),
        "eval_opponents": [list(o) for o in EVAL_OPPONENTS],
        "references": list(REFERENCE_AGENTS),
        "steps": STEPS,
        "eval_every": EVAL_EVERY,
        "eval_games": EVAL_GAMES,
        "seed": SEED,
        "threads": THREADS,
    }
    return defaults | given


if __name__ == "__main__":  # python -m gamekit.rl.train
    print(regenerate().to_string(index=False))
    sys.exit(0)
