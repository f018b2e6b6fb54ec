"""Long runs stay bounded: rows kept as columns, streamed to Parquet, a dead worker named.

``simulate`` keeps its rows as typed columns per chunk (``gamekit.simulate.columns``), whose
table must be the one pandas makes of the same rows as dicts; ``out=FILE.parquet`` streams the
chunks to disk with memory that does not grow with the games; a worker process killed in a game
ends the run naming the game, seed, seat and bot, with the finished rows kept.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pandas as pd
import pandas.testing as pdt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamekit
from gamekit.simulate import parquet
from gamekit.simulate.columns import Columns
from gamekit.simulate.parquet import read_record
from gamekit.simulate.seeds import game_seed

from .sim_bots import Doomed, Middle, WritesItsPid
from .test_simulate_workers import _alive

ROOT = Path(__file__).resolve().parent.parent
BOTS = [Middle(), "spread", "random"]

# ------------------------------------------------------------------------ columns
values = st.one_of(
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False),
    st.booleans(),
    st.sampled_from(["random", "spread:0.3", "東"]),
    st.none(),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.dictionaries(st.sampled_from("abcd"), values, min_size=1), min_size=1, max_size=12))
def test_columns_make_the_table_pandas_makes_of_the_same_rows(rows):
    columns = Columns()
    columns.extend(rows)
    pdt.assert_frame_equal(columns.frame(), pd.DataFrame(rows))


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.dictionaries(st.sampled_from("ab"), values, min_size=2), min_size=1, max_size=6),
    st.lists(st.dictionaries(st.sampled_from("ab"), values, min_size=2), min_size=1, max_size=6),
)
def test_joined_chunks_make_the_table_of_all_their_rows(first, second):
    one, two = Columns(), Columns()
    one.extend(first)
    two.extend(second)
    one.join(two)
    pdt.assert_frame_equal(one.frame(), pd.DataFrame(first + second))


# ------------------------------------------------------------------------ Parquet
@pytest.mark.parametrize("workers", [1, 2])
def test_out_parquet_holds_the_table_in_row_groups_and_how_it_was_made(tmp_path, workers, monkeypatch):
    import pyarrow.parquet as pq

    monkeypatch.setattr(parquet, "ROW_GROUP_ROWS", 30)  # chunks of 15 rows, gathered two by two

    expected = gamekit.simulate("for_sale", 3, BOTS, games=24, seed=7, chunk=5)
    path = gamekit.simulate(
        "for_sale", 3, BOTS, games=24, seed=7, chunk=5, workers=workers, out=tmp_path / "runs.parquet"
    )
    assert path == tmp_path / "runs.parquet" and sorted(os.listdir(tmp_path)) == ["runs.parquet"]
    pdt.assert_frame_equal(pd.read_parquet(path), expected)
    assert [pq.ParquetFile(path).metadata.row_group(i).num_rows for i in range(3)] == [30, 30, 12]
    record = read_record(path)
    assert record["bots"] == ["middle", "spread:0.3", "random"] and record["seed"] == 7
    assert record["games"] == 24 and record["rows"] == 72 and record["finished"] is True
    assert record["options"] == dict(gamekit.new_game("for_sale", 3).options)
    assert record["gamekit_version"] == gamekit.__version__ and record["started"] <= record["ended"]


def test_a_failing_run_leaves_a_readable_file_of_the_games_that_finished(tmp_path):
    with pytest.raises(gamekit.BotError) as caught:
        gamekit.simulate(
            "for_sale",
            3,
            [Doomed(), "random", "spread"],
            games=60,
            seed=5,
            chunk=4,
            out=tmp_path / "r.parquet",
        )
    exc = caught.value
    assert exc.rows == tmp_path / "r.parquet"
    rows = pd.read_parquet(exc.rows)
    assert set(rows["game"]) == set(range(exc.game)) and exc.game > 0
    record = read_record(exc.rows)
    assert record["finished"] is False and "doomed" in record["stopped"]
    assert record["rows"] == len(rows)


@pytest.mark.parametrize("out", ["runs.csv", "runs", "missing/runs.parquet"])
def test_out_must_be_a_parquet_file_in_a_folder_that_exists(tmp_path, out):
    with pytest.raises(gamekit.ConfigError, match=r"\.parquet file|does not exist"):
        gamekit.simulate("for_sale", 3, "random", games=2, out=tmp_path / out)
    assert list(tmp_path.iterdir()) == []


def _peak_kib(games: int, out: Path | None) -> int:
    """The peak memory (VmHWM, KiB) of a fresh process that plays ``games`` games."""
    body = f"""
        import pandas, pyarrow.parquet, gamekit
        from gamekit.simulate import parquet
        parquet.ROW_GROUP_ROWS = 2_000  # the flat regime in seconds, not minutes
        gamekit.simulate("for_sale", 4, "random", games={games}, seed=1, chunk=250, out={str(out)!r} if {out is not None} else None)
        print([l for l in open("/proc/self/status") if l.startswith("VmHWM")][0].split()[1])
    """
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(body)], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return int(done.stdout.split()[-1])


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads VmHWM from /proc")
def test_memory_of_a_run_streamed_to_parquet_does_not_grow_with_the_games(tmp_path):
    small = _peak_kib(1_000, tmp_path / "small.parquet")
    large = _peak_kib(6_000, tmp_path / "large.parquet")
    # Kept in memory, 5,000 more games of 4 seats would be 2 MiB of table and 17 MiB as dicts.
    assert large - small < 1_500, (small, large)


# ------------------------------------------------------------------------ dead workers
def test_a_worker_killed_by_its_bot_is_named_with_game_seed_seat_and_bot_and_finished_rows_kept():
    games, seed, chunk = 120, 3, 5
    with pytest.raises(gamekit.BotError) as raised:  # the same bot raising instead, in one process
        gamekit.simulate("for_sale", 3, [Doomed(), "random", "spread"], games=games, seed=seed, chunk=chunk)
    with pytest.raises(gamekit.BotError) as caught:
        gamekit.simulate(
            "for_sale",
            3,
            [Doomed("kill"), "random", "spread"],
            games=games,
            seed=seed,
            chunk=chunk,
            workers=2,
        )
    exc, expected = caught.value, raised.value
    assert (exc.game, exc.seat, exc.bot) == (expected.game, expected.seat, "doomed")
    assert exc.seed == game_seed(seed, exc.game)
    message = str(exc)
    assert "worker process" in message and f"game {exc.game} (seed {exc.seed})" in message
    assert "'doomed'" in message and f"seat {exc.seat}" in message
    rows = exc.rows
    assert exc.game not in set(rows["game"]) and (rows.groupby("game").size() == 3).all()
    # At most four chunks were in flight when the worker died: every chunk before those finished.
    assert len(set(rows["game"])) >= (exc.game // chunk - 3) * chunk


def test_an_interrupted_simulation_leaves_no_worker_process_behind(tmp_path):
    pids = tmp_path / "pids"

    def interrupt(done, total):
        raise KeyboardInterrupt  # as Ctrl-C would, in the calling thread, once the first chunk is in

    bots = [WritesItsPid(str(pids)), "random", "random", "random"]
    with pytest.raises(KeyboardInterrupt):
        gamekit.simulate("for_sale", 4, bots, games=100_000, chunk=10, workers=2, progress=interrupt)
    workers = {int(pid) for pid in pids.read_text().split()}
    assert workers and not [pid for pid in workers if _alive(pid)]  # killed and reaped before it returned


# ------------------------------------------------------------------------ Dask
def test_an_unreachable_dask_scheduler_fails_within_5_s_naming_the_address():
    pytest.importorskip("distributed")
    with socket.socket() as probe:  # a loopback port nothing listens on
        probe.bind(("127.0.0.1", 0))
        address = f"tcp://127.0.0.1:{probe.getsockname()[1]}"
    started = time.monotonic()
    with pytest.raises(gamekit.ConfigError, match="could not reach the Dask scheduler at") as caught:
        gamekit.simulate("for_sale", 3, "random", games=4, workers=address)
    assert time.monotonic() - started < 5
    assert repr(address) in str(caught.value)


def test_the_record_is_json_that_a_teacher_can_read_without_gamekit(tmp_path):
    import pyarrow.parquet as pq

    path = gamekit.simulate("for_sale", 3, "random", games=3, seed=2, out=tmp_path / "r.parquet")
    assert json.loads(pq.read_metadata(path).metadata[b"gamekit"])["seed"] == 2


def test_a_worker_of_a_pool_of_ones_own_that_dies_is_named_with_its_games():
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    bots = [Doomed("kill"), "random", "spread"]
    died = r"a worker process died while playing games \d+ to \d+"
    with (
        ProcessPoolExecutor(2, mp_context=get_context("spawn")) as pool,
        pytest.raises(gamekit.PlayError, match=died),
    ):
        gamekit.simulate("for_sale", 3, bots, games=120, seed=3, chunk=5, workers=pool)
