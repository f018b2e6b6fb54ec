"""A game registered outside gamekit plays on worker processes: each worker imports the game's
module (carried in the run's ``RunSpec``) before it plays, as the caller did."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(body: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``body`` run as a script (its ``__main__``) of a fresh Python, with the project on its path."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(body)],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )


def test_a_game_registered_in_the_tests_runs_on_two_worker_processes(tmp_path):
    # The script registers the game by importing its module; the workers are never told to.
    done = run(
        """
        import gamekit
        from gamekit.simulate import RunSpec, simulate_records
        from tests.sim_bots import Middle
        from tests.sim_outside_game import Resale

        assert "resale" in gamekit.registered() and Resale.__module__ == "tests.sim_outside_game"
        assert RunSpec("resale", 3, 12).module == "tests.sim_outside_game"
        bots = ["random", Middle(), "random"]
        two = simulate_records("resale", 3, bots, games=12, seed=5, workers=2, chunk=3)
        one = simulate_records("resale", 3, bots, games=12, seed=5)
        same = gamekit.simulate("for_sale", 3, bots, games=12, seed=5)  # the very rules, dealt alike
        print("rows", len(two["seats"]), sorted(two))
        print("same tables:", all(two[k].equals(one[k]) for k in one), two["seats"].equals(same))
        """,
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "rows 36 ['purchases', 'sales', 'seats']" in done.stdout
    assert "same tables: True True" in done.stdout


def test_a_game_defined_in_a_script_is_refused_on_workers_saying_why(tmp_path):
    done = run(
        """
        import gamekit
        from gamekit.core.registry import register
        from gamekit.games.for_sale import ForSale

        @register
        class Scripted(ForSale):
            name, title, rule_prefix = "scripted", "Scripted", "SC"

        print("here:", len(gamekit.simulate("scripted", 3, "random", games=4, seed=1)))
        try:
            gamekit.simulate("scripted", 3, "random", games=4, seed=1, workers=2)
        except gamekit.ConfigError as exc:
            print("refused:", exc)
        """,
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "here: 12" in done.stdout
    assert (
        "refused: game 'scripted' is defined in __main__, which a worker process does not run" in done.stdout
    )
    assert "or use workers=1" in done.stdout
