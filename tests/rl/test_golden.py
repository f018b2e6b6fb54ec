"""The RL layer gives, number for number, what it gave when ``rl_golden.json`` was written: each
game's action indices and observation vectors along seeded random play (``Spaces``/``Table``,
the Kuhhandel payment laid card by card included), and the states MCTS samples from a seat's
view (``determinize``) with the choices the MCTS bot makes on them.

Moving a game's numbering, encoder or sampler (into its folder) must not change a single
number; a change that does is deliberate, and then the digests are written again with
``PYTHONPATH=. python -m tests.rl.test_golden --write`` (say why in the commit).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import gamekit
from gamekit.core.registry import game_class
from gamekit.rl.mcts import MCTSBot, determinize
from gamekit.rl.spaces import Table

GOLDEN = Path(__file__).with_name("rl_golden.json")
GAMES = ("for_sale", "money_monsoon", "bohnanza", "kuhhandel")
# (game, players, options): every game at its fewest and most players, and a non-default option.
SETTINGS = [
    *[(name, game_class(name).min_players, {}) for name in GAMES],
    *[(name, game_class(name).max_players, {}) for name in GAMES],
    ("for_sale", 3, {"edition": "classic", "coin_counts": "shown"}),
    ("money_monsoon", 4, {"track_length": 20, "broke_bids": "points"}),
]
STEPS = 300  # random steps per setting


def _hash(parts: list[Any]) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()


def spaces_digest(name: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
    """The sizes, layout, and every seat's observation and the acting seat's legal indices along
    seeded random play through a ``Table``."""
    game = gamekit.new_game(name, players, seed=7, options=options)
    table, rng = Table(game), random.Random(f"golden {name} {players}")
    spaces = table.spaces
    trail: list[Any] = []
    for _ in range(STEPS):
        if game.is_over:
            break
        seat = rng.choice(game.to_act)
        legal = table.legal(seat)
        observations = [hashlib.sha256(table.observe(s).tobytes()).hexdigest() for s in range(players)]
        trail.append([seat, sorted(legal.items()), observations])
        table.act(seat, rng.choice(sorted(legal)))
    labels = [spaces.label(i) for i in range(spaces.size)]
    return {
        "size": spaces.size,
        "observation_size": spaces.observation_size,
        "layout": _hash(spaces.layout),
        "labels": _hash(labels),
        "trail": _hash(trail),
    }


def sampler_digest(name: str) -> str:
    """Samples of seats' views along seeded random play (the whole sampled state, and how much of
    the generator each took), and a few MCTS choices."""
    players = game_class(name).min_players
    game = gamekit.new_game(name, players, seed=11)
    rng = random.Random(f"sample {name}")
    trail: list[Any] = []
    choices = 0
    for decision in range(400):
        if game.is_over:
            break
        seat = rng.choice(game.to_act)
        if decision % 7 == 0:
            view = game.view(seat)
            sampler = random.Random(decision)
            sample = determinize(view, sampler)
            trail.append([decision, sample.view(), sampler.random()])
            legal = game.legal_actions(seat)
            if decision % 49 == 0 and len(legal) > 1 and choices < 3:
                choices += 1
                chosen = MCTSBot(simulations=3).choose(view, legal, random.Random(decision))
                trail.append(str(chosen))
        game.act(seat, rng.choice(game.legal_actions(seat)))
    return _hash(trail)


def _key(name: str, players: int, options: dict[str, Any]) -> str:
    return f"{name}-{players}" + "".join(f"-{k}={v}" for k, v in sorted(options.items()))


def compute() -> dict[str, Any]:
    return {
        "spaces": {_key(*s): spaces_digest(*s) for s in SETTINGS},
        "samples": {name: sampler_digest(name) for name in GAMES},
    }


@pytest.mark.parametrize("setting", SETTINGS, ids=[_key(*s) for s in SETTINGS])
def test_the_numbering_and_observations_are_as_stored(setting):
    stored = json.loads(GOLDEN.read_text())["spaces"][_key(*setting)]
    assert spaces_digest(*setting) == stored


@pytest.mark.parametrize("name", GAMES)
def test_the_sampled_states_and_mcts_choices_are_as_stored(name):
    stored = json.loads(GOLDEN.read_text())["samples"][name]
    assert sampler_digest(name) == stored


if __name__ == "__main__":  # PYTHONPATH=. python -m tests.rl.test_golden --write
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: python -m tests.rl.test_golden --write")
    GOLDEN.write_text(json.dumps(compute(), indent=2, sort_keys=True) + "\n")
    print(f"wrote {GOLDEN}")
