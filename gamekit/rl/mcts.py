"""OpenSpiel's MCTS as a gamekit bot that sees only its view (determinized MCTS), and its record.

``MCTSBot.choose(view, legal_actions, rng)`` samples full states consistent with the view
(``determinize``), runs OpenSpiel's ``MCTSBot`` (UCT, random rollouts, win shares as returns)
on each through the OpenSpiel adapter, and plays the action chosen most often. It never reads
the game itself.

Determinization is game-specific: each game's folder supplies it, ``<game package>.sampling``
with ``determinize(view, rng) -> Game`` (found through ``gamekit.core.registry.layer``; this
module names no game). It deals what the view hides at random from what the view leaves
unaccounted for, carries every option the view shows (an option the view does not show is
listed in the module's ``NOT_IN_VIEW`` with why play never reads it; one shown under another
name in ``SHOWN_AS``), and writes the engine's state in the game's own folder.
``determinize`` here checks the sample: the very view, and the view's options.

``mcts_record`` plays the bot against gamekit's strongest bot, its win share with a Wilson
interval; ``regenerate`` writes lesson 07's table, ``data/rl/mcts_results.csv``, a row or two per
game (``python -m gamekit.rl.mcts [GAME ...]``: only the games named are played
again, the others' rows kept as stored); the runs are lesson 07's (``gamekit.rl.lesson07``).
Lesson 07's baselines (``win_shares``: random play
against each game's strongest bot, MCTS against random players) are ``data/rl/baselines.csv``
(``--baselines``), its win share against simulations ``data/rl/mcts_sweep.csv`` (``--sweep``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from open_spiel.python.algorithms import mcts

import gamekit
from gamekit.core import registry
from gamekit.core.actions import Action
from gamekit.core.data import data_dir
from gamekit.core.game import Game, game_class

from . import STRONGEST
from . import openspiel as gos
from .lesson07 import BASELINE_RUNS, RUNS, SWEEP_GAME, SWEEP_OPPONENTS

RESULTS = data_dir() / "rl" / "mcts_results.csv"  # in a checkout and inside an installed wheel


def determinize(view: dict[str, Any], rng: random.Random) -> Game:
    """A game whose ``view(seat)`` is exactly ``view``, what the view hides sampled at random
    (``rng``) by the game's own sampler (its folder's ``sampling.determinize``). Raises if the
    sample shows another view or plays another option than the view shows."""
    if view.get("viewer") is None:
        raise ValueError("determinize needs a seat's view, not the teacher's (viewer None)")
    if not view.get("to_act"):
        raise ValueError(
            f"determinize: the game is over (phase {view.get('phase')!r}), there is nothing to decide"
        )
    name = view.get("game")
    if name not in registry.registered():
        raise ValueError(
            f"determinize: {name!r} is not a gamekit game; games: {', '.join(registry.registered())}"
        )
    sampling = registry.require_layer(name, "sampling", "MCTS (gamekit.rl.mcts)")
    shown = _options_shown(name, sampling, view)
    game = sampling.determinize(view, rng)
    seat = view["viewer"]
    seen = game.view(seat)
    if seen != view:
        wrong = sorted(k for k in view if seen.get(k) != view[k])
        raise RuntimeError(f"determinize: the sampled state does not show the same view ({wrong})")
    played = {key: game.options[key] for key in shown}
    if played != shown:
        raise RuntimeError(f"determinize: the sample plays the options {played}, the view shows {shown}")
    return game


def _options_shown(name: str, sampling: Any, view: dict[str, Any]) -> dict[str, Any]:
    """Every option of the game as the view shows it (under its name, or the name the sampler's
    ``SHOWN_AS`` gives), but those the sampler's ``NOT_IN_VIEW`` says play never reads; an option
    the view does not show is refused, as a sample would play it at its default."""
    shown_as: dict[str, str] = getattr(sampling, "SHOWN_AS", {})
    not_in_view: dict[str, str] = getattr(sampling, "NOT_IN_VIEW", {})
    shown = {}
    for option in game_class(name).options_declared:
        key = shown_as.get(option.name, option.name)
        if option.name in not_in_view:
            continue
        if key not in view:
            raise RuntimeError(
                f"determinize: {name}'s view does not show option {option.name!r}, so a sample would play "
                f"it at its default; show it in the view, or list it in {sampling.__name__}.NOT_IN_VIEW "
                "with why play never reads it"
            )
        shown[option.name] = view[key]
    return shown


class MCTSBot:
    """OpenSpiel's MCTS on determinized states: ``determinizations`` samples, ``simulations``
    MCTS simulations on each, the action chosen most often (ties: the lowest number)."""

    name = "mcts"

    def __init__(self, simulations: int = 20, determinizations: int = 1, uct_c: float = 2.0) -> None:
        if simulations < 2 or determinizations < 1:
            raise ValueError(
                f"MCTS needs at least 2 simulations and 1 determinization, not {simulations} and {determinizations}"
            )
        self.simulations, self.determinizations, self.uct_c = simulations, determinizations, uct_c

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action], rng: random.Random) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        game = gos.load(view["game"], view["players"])
        states: list[Any] = []
        laid: list[Any] = []  # a decision taken piece by piece (a payment: pay+V, pay-done)
        for _ in range(100):  # a decision takes a step per piece at most
            votes: Counter[int] = Counter()
            for k in range(self.determinizations):
                if len(states) == k:
                    states.append(self.root(view, rng, game))
                np_rng = np.random.RandomState(rng.getrandbits(32))
                bot = mcts.MCTSBot(
                    game,
                    self.uct_c,
                    self.simulations,
                    mcts.RandomRolloutEvaluator(1, np_rng),
                    solve=False,
                    random_state=np_rng,
                )
                votes[bot.step(states[k])] += 1
            best = max(sorted(votes), key=votes.__getitem__)
            spaces = states[0].spaces
            text = states[0].legal_steps()[best]
            if not spaces.is_piece(text):
                return self._legal(text, legal_actions)
            pieces = spaces.pieces
            if text != pieces.done:
                laid.append(next(v for v in pieces.values if f"{pieces.step}{v}" == text))
                for state in states:
                    state.apply_action(best)
            if text == pieces.done or not states[0].paying:  # handed over (with its last piece)
                return self._made_of(sorted(laid), pieces, legal_actions)
        raise RuntimeError("MCTS laid down a decision of more than 100 pieces")

    @staticmethod
    def _made_of(laid: list[Any], pieces: Any, legal_actions: Sequence[Action]) -> Action:
        for action in legal_actions:
            if sorted(pieces.cards(action)) == laid:
                return action
        raise RuntimeError(f"MCTS laid down {laid}, which no legal action hands over")

    @staticmethod
    def _legal(text: str, legal_actions: Sequence[Action]) -> Action:
        for action in legal_actions:
            if str(action) == text:
                return action
        raise RuntimeError(f"MCTS chose {text!r}, which is not among the legal actions")

    @staticmethod
    def root(view: dict[str, Any], rng: random.Random, game: Any = None) -> Any:
        """The OpenSpiel state a search starts from: a determinized sample (``determinize``) with
        the viewer to move. Seats ahead of the viewer in a sealed step (``to_act`` lists them
        first) finish their sealed choice first with random legal actions, as in the random
        rollouts: nothing of theirs is seen until the reveal, so the order changes nothing."""
        seat = view["viewer"]
        if seat not in view["to_act"]:
            raise ValueError(f"seat {seat} is not to act ({view['to_act']}): there is nothing to search")
        sample = determinize(view, rng)
        for _ in range(1000):  # a sealed choice takes a few steps at most
            if sample.to_act[0] == seat:
                break
            ahead = sample.to_act[0]
            sample.act(ahead, rng.choice(sample.legal_actions(ahead)))
        else:
            raise RuntimeError(f"the seats ahead of seat {seat} did not finish their sealed choices")
        state = (game or gos.load(view["game"], view["players"])).new_initial_state()
        state.explicit.game = sample
        state.explicit.pending = None
        return state


def make_agent(spec: Any) -> Any:
    """A seat's bot from ``spec``: ``"mcts:N"`` is ``MCTSBot(simulations=N)``, any other name a
    gamekit bot (``gamekit.simulate.make_bot``), and a bot object is itself."""
    if isinstance(spec, str) and spec.startswith("mcts:"):
        try:
            simulations = int(spec[len("mcts:") :])
        except ValueError:
            raise ValueError(f"agent {spec!r}: 'mcts:N' takes a whole number of simulations") from None
        return MCTSBot(simulations=simulations)
    return spec


def win_shares(
    name: str, agent: Any, opponents: str, games: int, players: int | None = None, seed: int = 2026
) -> list[float]:
    """Game by game, ``agent``'s share of the win (1, 1/k in a k-way tie, or 0) against
    ``players - 1`` copies of ``opponents``: game i has seed ``seed + i`` and the agent in seat
    ``i % players``, so every seat gets its turn and two agents can be paired on the same games."""
    if games < 1:
        raise ValueError(f"games must be 1 or more, not {games!r}")
    if players is None:
        players = game_class(name).min_players
    shares = []
    for i in range(games):
        seat = i % players
        bots: list[Any] = [opponents] * players
        bots[seat] = make_agent(agent)
        game = gamekit.new_game(name, players, seed=seed + i)
        gamekit.play(game, bots)
        winners = game.result()["winners"]
        shares.append((1 / len(winners)) if seat in winners else 0.0)
    return shares


def _share_row(shares: list[float], players: int) -> dict[str, Any]:
    from gamekit.stats import wilson_interval

    low, high = wilson_interval(sum(shares), len(shares))
    return {
        "games": len(shares),
        "win share": round(sum(shares) / len(shares), 3),
        "ci_low": round(low, 3),
        "ci_high": round(high, 3),
        "even share": round(1 / players, 3),
    }


def mcts_record(
    name: str = SWEEP_GAME,
    games: int = 24,
    players: int | None = None,
    seed: int = 2026,
    simulations: int = 20,
    path: Path | None = RESULTS,
) -> Any:
    """The MCTS bot in seat order rotated over ``games`` games against ``players - 1`` copies of
    gamekit's strongest bot: its win share with a 95 % Wilson interval (pandas row), written to
    ``path`` (CSV) unless None. ``players`` defaults to the game's fewest."""
    import pandas as pd

    if players is None:
        players = game_class(name).min_players
    bot = MCTSBot(simulations=simulations)
    opponents = STRONGEST[name]
    row = _share_row(win_shares(name, bot, opponents, games, players, seed), players)
    row = {
        "game": name,
        "players": players,
        "agent": f"mcts ({simulations} simulations x {bot.determinizations} determinizations)",
        "opponents": f"{players - 1} x {opponents}",
        "games": games,
        "mcts win share": row["win share"],
        "ci_low": row["ci_low"],
        "ci_high": row["ci_high"],
        "even share": row["even share"],
        "seed": seed,
    }
    table = pd.DataFrame([row])
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        table.to_csv(path, index=False)
    return table


def regenerate(
    path: Path = RESULTS, runs: Sequence[tuple[str, int, int, int]] = RUNS, only: Sequence[str] | None = None
) -> Any:
    """The table lesson 07 shows: ``mcts_record`` for each of ``runs``, written to ``path``
    (``python -m gamekit.rl.mcts [GAME ...]``; about 65 minutes on two shared cores). With
    ``only`` (game names) just those games' runs are played; every other game's rows are kept
    from ``path`` as stored and in their place, whether ``runs`` lists that game or not."""
    import pandas as pd

    unknown = sorted(set(only or ()) - {run[0] for run in runs})
    if unknown:
        raise ValueError(
            f"regenerate: no run is listed for {unknown}; runs are for {sorted({r[0] for r in runs})}"
        )
    kept = pd.read_csv(path) if only is not None else None
    order = list(dict.fromkeys(run[0] for run in runs))  # the games in the order of the runs
    if kept is not None:  # the stored order instead; a game new to the table goes last
        stored = list(dict.fromkeys(kept["game"]))
        order = stored + [name for name in order if name not in stored]
    rows = []
    for name in order:
        if kept is not None and name not in only:
            rows.append(kept[kept["game"] == name])
            continue
        for game, players, games, simulations in runs:
            if game == name:
                rows.append(mcts_record(name, games, players, simulations=simulations, path=None))
    table = pd.concat(rows, ignore_index=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(path, index=False)
    return table


BASELINES = data_dir() / "rl" / "baselines.csv"


def baseline_record(
    name: str, agent: str, opponents: str, games: int, players: int | None = None, seed: int = 2026
) -> dict[str, Any]:
    """One baseline row: ``agent``'s win share against ``players - 1`` copies of ``opponents``
    over ``games`` games (``win_shares``), with its 95 % Wilson interval and the even share."""
    if players is None:
        players = game_class(name).min_players
    shares = win_shares(name, agent, opponents, games, players, seed)
    row = {"game": name, "players": players, "agent": agent, "opponents": f"{players - 1} x {opponents}"}
    return row | _share_row(shares, players) | {"seed": seed}


def regenerate_baselines(
    path: Path = BASELINES, runs: Sequence[tuple[str, int, str, str, int]] = BASELINE_RUNS
) -> Any:
    """Lesson 07's baseline table (``python -m gamekit.rl.mcts --baselines``; about 3 minutes
    of one core)."""
    import pandas as pd

    table = pd.DataFrame([baseline_record(g, a, o, k, n) for g, n, a, o, k in runs])
    path.parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(path, index=False)
    return table


SWEEP = data_dir() / "rl" / "mcts_sweep.csv"
SWEEP_SIMULATIONS = (2, 5, 10, 20, 50)


def simulation_sweep(
    name: str = SWEEP_GAME,
    simulations: Sequence[int] = SWEEP_SIMULATIONS,
    opponents: Sequence[str] = SWEEP_OPPONENTS,
    games: int = 60,
    players: int | None = None,
    seed: int = 2026,
) -> Any:
    """MCTS's win share against each of ``opponents`` (``players - 1`` copies) at each number of
    ``simulations``, every setting on the same ``games`` games (``win_shares``), with 95 % Wilson
    intervals: one row per (opponents, simulations)."""
    import pandas as pd

    if players is None:
        players = game_class(name).min_players
    rows = []
    for rival in opponents:
        for n in simulations:
            shares = win_shares(name, MCTSBot(simulations=n), rival, games, players, seed)
            rows.append(
                {"game": name, "players": players, "opponents": f"{players - 1} x {rival}", "simulations": n}
                | _share_row(shares, players)
                | {"seed": seed}
            )
    return pd.DataFrame(rows)


def regenerate_sweep(path: Path = SWEEP) -> Any:
    """Lesson 07's figure of win share against simulations (``python -m gamekit.rl.mcts --sweep``;
    about 5 minutes of one core)."""
    table = simulation_sweep()
    path.parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(path, index=False)
    return table


def games_to_tell_apart(
    difference: float = 0.05, share: float = 1 / 3, paired_sd: float | None = None
) -> dict[str, float]:
    """How many games tell two agents' win shares apart by ``difference`` (80 % power, two-sided
    5 % level; ``gamekit.stats.games_needed``). On independent games each run needs
    ``unpaired games per run``, from the spread of one game's win, a 0/1 at ``share``
    (``sd of one game`` = sqrt(share (1 - share))). On the same games and seats (paired) the spread
    is that of the per-game difference, which only a pilot run measures: give it as ``paired_sd``
    (lesson 07 takes it from its paired claim, ``paired_pilot_sd``)."""
    from gamekit.stats import games_needed

    if not 0 < share < 1:
        raise ValueError(f"share must lie between 0 and 1, not {share!r}")
    sd = (share * (1 - share)) ** 0.5
    found = {
        "sd of one game": sd,
        "unpaired games per run": games_needed(difference, sd, paired=False),
        "paired sd if unrelated": sd * 2**0.5,  # two settings' wins on a game independent
    }
    if paired_sd is not None:
        found |= {"paired sd": paired_sd, "paired games": games_needed(difference, paired_sd)}
    return found


def paired_pilot_sd(claim_id: str = "07-more-simulations-win-more") -> float:
    """The standard deviation of the per-game paired differences stored for lesson 07's paired
    claim (MCTS at 20 against 2 simulations on the same games, all seeds pooled)."""
    from gamekit import claims

    return claims.evidence(claim_id).pooled.sd


if __name__ == "__main__":  # python -m gamekit.rl.mcts [GAME ...] | --baselines | --sweep
    import sys

    if sys.argv[1:] == ["--baselines"]:
        print(regenerate_baselines().to_string(index=False))
    elif sys.argv[1:] == ["--sweep"]:
        print(regenerate_sweep().to_string(index=False))
    else:
        print(regenerate(only=sys.argv[1:] or None).to_string(index=False))
