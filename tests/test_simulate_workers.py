"""Where ``simulate`` plays: local processes, any Executor; Ctrl-C; scripts and their own bots.

Every kind of ``workers`` must give the table of ``workers=1`` for the same seed, row for row.
The Dask kinds (an address, a Client) are in test_simulate_dask.py, which starts a cluster.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from multiprocessing import get_context
from pathlib import Path

import pandas.testing as pdt
import pytest

import gamekit

from .sim_bots import Middle

ROOT = Path(__file__).resolve().parent.parent


BOTS = [Middle(), "spread", "random"]


def one_process():
    return gamekit.simulate("for_sale", 3, BOTS, games=24, seed=7, chunk=5)


@pytest.mark.parametrize("make", ["processes", "thread pool", "process pool"])
def test_every_kind_of_local_workers_gives_the_table_of_one_process(make):
    expected = one_process()
    if make == "processes":
        table = gamekit.simulate("for_sale", 3, BOTS, games=24, seed=7, chunk=5, workers=2)
    else:
        pool = (
            ThreadPoolExecutor(2)
            if make == "thread pool"
            else ProcessPoolExecutor(2, mp_context=get_context("spawn"))
        )
        with pool:
            table = gamekit.simulate("for_sale", 3, BOTS, games=24, seed=7, chunk=5, workers=pool)
            # The Executor is the caller's: simulate leaves it running.
            assert pool.submit(sum, [1, 2]).result() == 3
    pdt.assert_frame_equal(table, expected)


def test_progress_with_workers_counts_every_game_once_up_to_the_total():
    seen = []
    with ThreadPoolExecutor(3) as pool:
        gamekit.simulate(
            "for_sale",
            3,
            "random",
            games=23,
            seed=2,
            chunk=5,
            workers=pool,
            progress=lambda d, t: seen.append(d),
        )
    assert seen == sorted(seen) and seen[-1] == 23 and len(seen) == 5


@pytest.mark.parametrize("workers", [0, -2, 2.0, True, "", object(), [2]])
def test_workers_of_no_known_kind_are_refused_before_any_work(workers):
    with pytest.raises(gamekit.ConfigError, match="workers must be a number of processes >= 1, a Dask"):
        gamekit.simulate("for_sale", 3, "random", games=2, workers=workers)


def test_a_bot_that_cannot_travel_to_workers_names_the_fix():
    class Locked(Middle):
        def __init__(self) -> None:
            self.lock = threading.Lock()  # no pickler can send a lock

    for workers in (2, ThreadPoolExecutor(1)):
        with pytest.raises(gamekit.ConfigError, match=r"cannot be sent to worker processes.*workers=1"):
            gamekit.simulate("for_sale", 3, [Locked(), "random", "random"], games=2, workers=workers)
        if not isinstance(workers, int):
            workers.shutdown()


def run_script(tmp_path: Path, body: str, **popen: object) -> subprocess.Popen:
    """``body`` as a script of its own (its ``__main__``) in ``tmp_path``, beside a module ``mybots``."""
    (tmp_path / "mybots.py").write_text(
        textwrap.dedent(
            """
            class FirstBot:
                name = "first"

                def choose(self, view, legal_actions, rng):
                    return legal_actions[0]
            """
        )
    )
    script = tmp_path / "script.py"
    script.write_text(textwrap.dedent(body))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, str(script)],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **popen,
    )


def test_a_script_without_a_main_guard_runs_its_own_bots_on_two_workers(tmp_path):
    # Pasted from the README into a file: no `if __name__ == "__main__":`, a bot class defined in
    # the script itself (not importable by a worker) and one from a module beside it.
    script = run_script(
        tmp_path,
        """
        import gamekit
        from mybots import FirstBot

        class LastOrFirst:
            label = "last-or-first"

            def choose(self, view, legal_actions, rng):
                return legal_actions[-1] if rng.random() < 0.5 else legal_actions[0]

        print("the script's body runs")
        bots = [LastOrFirst(), FirstBot(), "random"]
        two = gamekit.simulate("for_sale", 3, bots, games=40, seed=5, workers=2, chunk=10)
        one = gamekit.simulate("for_sale", 3, bots, games=40, seed=5)
        print("same table:", two.equals(one), sorted(set(two["bot"])))
        """,
    )
    out, err = script.communicate(timeout=120)
    assert script.returncode == 0, err
    assert out.count("the script's body runs") == 1  # the workers did not run the script again
    assert "same table: True ['first', 'last-or-first', 'random']" in out


def test_ctrl_c_stops_a_long_simulation_and_its_workers_soon(tmp_path):
    # 4 million games would take hours; after Ctrl-C the script must be gone well within 15 s,
    # its worker processes with it.
    script = run_script(
        tmp_path,
        """
        import multiprocessing
        import gamekit

        def progress(done, total):
            pids = [p.pid for p in multiprocessing.active_children()]
            print("progress", done, *pids, flush=True)

        gamekit.simulate("for_sale", 4, "random", games=4_000_000, seed=1, workers=2, chunk=50, progress=progress)
        print("finished", flush=True)
        """,
    )
    try:
        first = script.stdout.readline().split()  # the first chunk is done: both workers are busy
        assert first[:2] == ["progress", "50"], script.stderr.read()
        workers = [int(pid) for pid in first[2:]]
        assert len(workers) == 2
        time.sleep(0.5)
        script.send_signal(signal.SIGINT)
        out, err = script.communicate(timeout=15)
    finally:
        if script.poll() is None:
            script.kill()
            script.communicate()
    assert script.returncode in (-signal.SIGINT, 130, 1), err
    assert "KeyboardInterrupt" in err and "finished" not in out
    assert "Exception in thread" not in err  # the pool's own thread stopped cleanly too
    for _ in range(50):  # bounded: 5 s for the system to reap them
        alive = [pid for pid in workers if _alive(pid)]
        if not alive:
            break
        time.sleep(0.1)
    assert not alive


def _alive(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status")
    if status.exists():
        try:
            return "zombie" not in status.read_text()
        except OSError:
            return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
