"""``simulate`` on a Dask cluster: by its scheduler's address and by a Client, the table of one process.

One LocalCluster of two worker processes, on 127.0.0.1 only, serves every test here.
"""

from __future__ import annotations

import time

import numpy as np
import pandas.testing as pdt
import pytest

import gamekit
from gamekit.simulate import simulate_records

from .sim_bots import Middle

distributed = pytest.importorskip("distributed")

BOTS = [Middle(), "budget", "random"]


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        silence_logs=50,  # CRITICAL: a worker slow to close is killed, and says so
    ) as local:
        yield local


def one_process(**kwargs):
    return gamekit.simulate("for_sale", 3, BOTS, games=30, seed=11, chunk=4, **kwargs)


def test_a_scheduler_address_gives_the_table_of_one_process(cluster):
    table = one_process(workers=cluster.scheduler_address)
    pdt.assert_frame_equal(table, one_process())


def test_a_client_gives_the_table_of_one_process_and_is_left_open(cluster):
    with distributed.Client(cluster) as client:
        records = simulate_records("for_sale", 3, BOTS, games=9, seed=3, chunk=2, workers=client)
        assert client.status == "running"  # the caller's Client: simulate does not close it
        assert client.submit(sum, [1, 2]).result() == 3
    expected = simulate_records("for_sale", 3, BOTS, games=9, seed=3, chunk=2)
    assert records.keys() == expected.keys()
    for name, frame in expected.items():
        pdt.assert_frame_equal(records[name], frame)


def test_a_failing_bot_on_dask_is_named_with_its_game_as_with_one_process(cluster):
    class Raises(Middle):
        label = "raises"

        def choose(self, view, legal_actions, rng):
            if view["round"] == 3:
                raise ValueError("round three")
            return super().choose(view, legal_actions, rng)

    with pytest.raises(gamekit.BotError, match=r"raised ValueError: round three, in game 0 \(seed") as info:
        gamekit.simulate(
            "for_sale", 3, [Raises(), "random", "random"], games=4, chunk=2, workers=cluster.scheduler_address
        )
    assert info.value.game == 0 and info.value.bot == "raises"


def test_ctrl_c_cancels_the_tasks_queued_on_the_cluster(cluster):
    def interrupt(done, total):
        raise KeyboardInterrupt  # as Ctrl-C would, in the calling thread, once the first chunk is in

    with distributed.Client(cluster) as client:
        with pytest.raises(KeyboardInterrupt):
            gamekit.simulate(
                "for_sale", 4, "random", games=100_000, chunk=20, workers=client, progress=interrupt
            )
        for _ in range(100):  # bounded: 10 s for the scheduler to drop them
            busy = sum(len(tasks) for tasks in client.processing().values())
            if not busy:
                break
            time.sleep(0.1)
        assert busy == 0
        assert client.submit(sum, [1, 2]).result() == 3  # the caller's Client still works


def test_a_payoff_table_on_dask_is_the_table_of_one_process(cluster):
    from gamekit.strategy import payoff_table

    one = payoff_table("for_sale", 3, ["random", "budget"], games=6, seed=9)
    by_address = payoff_table(
        "for_sale", 3, ["random", "budget"], games=6, seed=9, workers=cluster.scheduler_address
    )
    with distributed.Client(cluster) as client:
        by_client = payoff_table("for_sale", 3, ["random", "budget"], games=6, seed=9, workers=client)
        assert client.status == "running"
    for table in (by_address, by_client):  # NaN where a strategy is absent from a profile
        np.testing.assert_array_equal(table.payoff, one.payoff)
        np.testing.assert_array_equal(table.stderr, one.stderr)
