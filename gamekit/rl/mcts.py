"""OpenSpiel's MCTS as a gamekit bot that sees only its view (determinized MCTS), and its record.

``MCTSBot.choose(view, legal_actions, rng)`` samples full states consistent with the view
(``determinize``: every card the view hides dealt at random from the cards the view leaves
unaccounted for, sealed choices of others drawn from their sampled hands), runs OpenSpiel's
``MCTSBot`` (UCT, random rollouts, win shares as returns) on each through the OpenSpiel adapter,
and plays the action chosen most often. It never reads the game itself.

Determinization is game-specific; it exists for For Sale only. The other three games raise
``NotImplementedError`` saying so.

``mcts_record`` plays the bot against gamekit's strongest bot, its win share with a Wilson
interval; ``regenerate`` writes lesson 07's table, ``data/rl/mcts_results.csv``
(``python -m gamekit.rl.mcts``).
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
from gamekit.core.actions import Action
from gamekit.core.data import data_dir
from gamekit.core.game import Game, game_class
from gamekit.core.sealed import SealedChoices
from gamekit.theory.for_sale import CHEQUES, HOUSES

from . import openspiel as gos

RESULTS = data_dir() / "rl" / "mcts_results.csv"  # in a checkout and inside an installed wheel
# gamekit's strongest bot of each game (lessons 01-04), the MCTS agent's opponents
STRONGEST = {
    "for_sale": "house_value:1.5",
    "money_monsoon": "rollout:0.6",
    "kuhhandel": "cowtrader:3",
    "bohnanza": "grower",
}


def _sample(rng: random.Random, pool: list[int], k: int) -> list[int]:
    """``k`` cards drawn from ``pool`` (removed from it)."""
    picked = rng.sample(range(len(pool)), k)
    cards = [pool[i] for i in picked]
    for i in sorted(picked, reverse=True):
        pool.pop(i)
    return cards


def determinize(view: dict[str, Any], rng: random.Random) -> Game:
    """A For Sale game whose ``view(seat)`` is exactly ``view``, its hidden cards dealt at random
    from those the view leaves unaccounted for. ``NotImplementedError`` for the other games."""
    name = view.get("game")
    if name != "for_sale":
        raise NotImplementedError(f"determinize: not implemented for {name!r}; only for_sale so far")
    seat, n = view["viewer"], view["players"]
    game = game_class("for_sale")(
        n,
        seed=rng.getrandbits(32),
        options={"edition": view["edition"], "refund_rounding": view["refund_rounding"]},
    )
    own = view["houses"][seat]
    buying = view["phase"] == "buy"
    houses = [h for h in HOUSES if h not in own and not (buying and h in view["table"])]
    rng.shuffle(houses)
    hands = [list(own) if s == seat else _sample(rng, houses, view["house_counts"][s]) for s in range(n)]
    game.houses = [sorted(hand) for hand in hands]
    removed_houses = _sample(rng, houses, len(game.removed_houses))
    held = [h for hand in hands for h in hand]
    if buying:  # the deck: every house dealt so far (held or on the table), then the rest
        game.house_deck = held + list(view["table"]) + _sample(rng, houses, view["houses_left"])
    # cheques: others' cheques are the past cheques the viewer did not win
    past = Counter(view["past_cheques"])
    others = list((past - Counter(view["cheques"][seat])).elements())
    rng.shuffle(others)
    game.cheques = [
        list(view["cheques"][seat]) if s == seat else _sample(rng, others, view["cheque_counts"][s])
        for s in range(n)
    ]
    unseen = list((Counter(CHEQUES) - past - Counter(view["table"] if not buying else [])).elements())
    rng.shuffle(unseen)
    rest_cheques = _sample(rng, unseen, view["cheques_left"])
    # The set-up's unseen removals (derived attributes such as current, high_bidder and box_coins
    # follow from the state set here).
    game._removed = (removed_houses, _sample(rng, unseen, len(unseen)))
    if buying:
        game.cheque_deck = rest_cheques
    else:
        game.cheque_deck = sorted(view["past_cheques"]) + list(view["table"]) + rest_cheques
    for key in ("phase", "round", "start_player", "coins", "bids", "passed", "high_bid"):
        setattr(game, key, list(view[key]) if isinstance(view[key], list) else view[key])
    game.table = list(view["table"])
    game._to_act = tuple(view["to_act"])
    if buying:
        game.sealed = None
    else:
        game.sealed = SealedChoices(range(n))
        for s in range(n):
            if s not in view["to_act"]:
                choice = view["chosen"][s] if s == seat else rng.choice(game.houses[s])
                game.sealed.commit(s, choice)
    game.round = view["round"]
    seen = game.view(seat)
    if seen != view:
        wrong = sorted(k for k in view if seen.get(k) != view[k])
        raise RuntimeError(f"determinize: the sampled state does not show the same view ({wrong})")
    return game


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
        votes: Counter[int] = Counter()
        for _ in range(self.determinizations):
            state = game.new_initial_state()
            state.explicit.game = determinize(view, rng)
            state.explicit.pending = None
            np_rng = np.random.RandomState(rng.getrandbits(32))
            bot = mcts.MCTSBot(
                game,
                self.uct_c,
                self.simulations,
                mcts.RandomRolloutEvaluator(1, np_rng),
                solve=False,
                random_state=np_rng,
            )
            votes[bot.step(state)] += 1
            texts = state._steps()
        best = max(sorted(votes), key=votes.__getitem__)
        text = texts[best]
        for action in legal_actions:
            if str(action) == text:
                return action
        raise RuntimeError(f"MCTS chose {text!r}, which is not among the legal actions")


def mcts_record(
    name: str = "for_sale",
    games: int = 24,
    players: int = 3,
    seed: int = 2026,
    simulations: int = 20,
    path: Path | None = RESULTS,
) -> Any:
    """The MCTS bot in seat order rotated over ``games`` games against ``players - 1`` copies of
    gamekit's strongest bot: its win share with a 95 % Wilson interval (pandas row), written to
    ``path`` (CSV) unless None."""
    import pandas as pd

    from gamekit.stats import wilson_interval

    bot = MCTSBot(simulations=simulations)
    opponents = STRONGEST[name]
    wins = 0.0
    for i in range(games):
        seat = i % players
        bots: list[Any] = [opponents] * players
        bots[seat] = bot
        game = gamekit.new_game(name, players, seed=seed + i)
        gamekit.play(game, bots)
        winners = game.result()["winners"]
        wins += (1 / len(winners)) if seat in winners else 0.0
    low, high = wilson_interval(wins, games)
    row = {
        "game": name,
        "players": players,
        "agent": f"mcts ({simulations} simulations x {bot.determinizations} determinizations)",
        "opponents": f"{players - 1} x {opponents}",
        "games": games,
        "mcts win share": round(wins / games, 3),
        "ci_low": round(low, 3),
        "ci_high": round(high, 3),
        "even share": round(1 / players, 3),
        "seed": seed,
    }
    table = pd.DataFrame([row])
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        table.to_csv(path, index=False)
    return table


def regenerate(path: Path = RESULTS, simulations: tuple[int, ...] = (20, 100)) -> Any:
    """The table lesson 07 shows: ``mcts_record`` at each number of simulations, written to
    ``path`` (``python -m gamekit.rl.mcts``; about 20 minutes on two shared cores)."""
    import pandas as pd

    table = pd.concat([mcts_record(simulations=k, path=None) for k in simulations], ignore_index=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(path, index=False)
    return table


if __name__ == "__main__":  # python -m gamekit.rl.mcts: regenerate data/rl/mcts_results.csv
    print(regenerate().to_string(index=False))
