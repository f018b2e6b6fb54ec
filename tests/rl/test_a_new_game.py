"""A game registered from outside gamekit (``tests/rl/high_card``, with its own ``spaces`` and
``sampling`` modules) works with PettingZoo, OpenSpiel and MCTS without an edit to ``gamekit.rl``,
even when it is registered after ``gamekit.rl.openspiel`` was imported.

Each check runs in a fresh interpreter, so registering the extra game changes nothing for the
other tests of the session (``registry.registered()`` would list it).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

ROOT = Path(__file__).resolve().parents[2]


def _run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        timeout=240,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_a_game_registered_after_the_openspiel_module_loads_through_pyspiel():
    out = _run(
        """
        import pyspiel
        import gamekit.rl.openspiel as gos
        assert "python_gamekit_high_card" not in pyspiel.registered_names()
        import tests.rl.high_card  # registers the game with gamekit, after the import above
        game = gos.load("high_card", 3)
        assert game.num_players() == 3 and game.num_distinct_actions() == 2
        pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
        default = pyspiel.load_game("python_gamekit_high_card")
        print(default.num_players(), default.observation_tensor_size())
        """
    )
    assert out.split() == [
        "2",
        str(2 + 2 + 6 + 2),
    ]  # players 2 (default_players); phase, to_act, card, stayed


def test_the_new_game_plays_in_pettingzoo_and_mcts_and_names_its_strongest_bot():
    out = _run(
        """
        import random
        from pettingzoo.test import api_test
        import gamekit
        import gamekit.rl
        from gamekit.rl.mcts import MCTSBot, determinize
        import tests.rl.high_card

        assert gamekit.rl.STRONGEST["high_card"] == "random"
        env = gamekit.rl.pettingzoo_env("high_card", top=8)  # players: the game's default_players
        assert env.unwrapped.possible_agents == ["player_0", "player_1"]
        api_test(env, num_cycles=20)
        game = gamekit.new_game("high_card", 3, seed=4, options={"top": 9})
        game.act(0, "stay")
        view = game.view(1)
        sample = determinize(view, random.Random(0))
        assert sample.view(1) == view and sample.options == {"top": 9}
        action = MCTSBot(simulations=8).choose(view, game.legal_actions(1), random.Random(1))
        assert action in game.legal_actions(1)
        print("ok")
        """
    )
    assert "Passed API test" in out and out.split()[-1] == "ok"


def test_a_game_without_a_spaces_or_sampling_module_is_refused_naming_what_is_missing(tmp_path):
    package = tmp_path / "bare_card"
    package.mkdir()
    source = (Path(__file__).with_name("high_card") / "game.py").read_text()
    (package / "__init__.py").write_text(
        source.replace('name = "high_card"', 'name = "bare_card"').replace('"HC"', '"BC"')
    )
    out = _run(
        f"""
        import random, sys
        sys.path.insert(0, {str(tmp_path)!r})
        import gamekit
        from gamekit.rl.mcts import determinize
        from gamekit.rl.spaces import Spaces
        import bare_card
        for attempt in (lambda: Spaces("bare_card", 2), lambda: determinize(
            gamekit.new_game("bare_card", 2, seed=1).view(0), random.Random(0))):
            try:
                attempt()
            except gamekit.ConfigError as refused:
                print(refused)
        """
    )
    lines = out.strip().splitlines()
    assert len(lines) == 2
    assert "'bare_card' has no spaces module (bare_card.spaces)" in lines[0] and "gamekit.rl" in lines[0]
    assert "'bare_card' has no sampling module (bare_card.sampling)" in lines[1] and "MCTS" in lines[1]
