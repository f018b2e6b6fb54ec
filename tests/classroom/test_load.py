"""The load test, small enough for the suite: simulated students bid at once over HTTP for a few
rounds and no acknowledged bid is lost. ``python -m gamekit.classroom.load`` runs the full 60 x 20
and prints the round-trip figures (no test asserts on time)."""

from __future__ import annotations

from gamekit.classroom import serve
from gamekit.classroom.load import _quantile, run

from .classroom_client import TEACHER, db_rows


def test_students_bidding_at_once_lose_no_bid(tmp_path):
    db = tmp_path / "load.db"
    with serve(db, teacher_token=TEACHER) as server:  # the default limits, as in class
        result = run(server.url, TEACHER, students=16, rounds=3, seed=1)
    assert result["bids"] == 48 and result["rows"] == 48 and result["lost"] == 0
    stored = db_rows(db, "SELECT COUNT(*) AS n FROM bids")[0]["n"]
    closed = db_rows(db, "SELECT COUNT(*) AS n FROM rounds WHERE status = 'closed'")[0]["n"]
    assert stored == 48 and closed == 3
    assert result["act_median_ms"] > 0 and result["act_p95_ms"] >= result["act_median_ms"]


def test_the_quantile_is_an_order_statistic():
    assert _quantile([5.0, 1.0, 3.0, 2.0, 4.0], 0.5) == 3.0
    assert _quantile([float(i) for i in range(101)], 0.95) == 95.0


def test_the_load_runs_where_an_event_loop_is_already_running(tmp_path):
    # a notebook's kernel (and Playwright's synchronous API) keep a loop running in the main thread
    import asyncio
    import concurrent.futures

    async def inside_a_loop():
        with serve(tmp_path / "loop.db", teacher_token=TEACHER) as server:
            return run(server.url, TEACHER, students=2, rounds=1, seed=2)

    # on a thread of its own, so that a loop already running in this one (Playwright's, in the full
    # suite) does not refuse asyncio.run
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        result = pool.submit(asyncio.run, inside_a_loop()).result()
    assert result["bids"] == 2 and result["lost"] == 0
