"""gamekit.rl.bench: its rows, its ratios and what its --callgrind runs do (never its timings)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

pytest.importorskip("pyspiel")

import gamekit
from gamekit.rl import bench


def test_each_game_is_timed_alone_through_openspiel_and_through_pettingzoo_beside_the_peers():
    rows = bench.rows()
    keys = [row.key for row in rows]
    for name in gamekit.GAMES:
        assert [f"engine:{name}", f"openspiel:{name}", f"pettingzoo:{name}"] == [
            k for k in keys if k.endswith(f":{name}")
        ]
    peers = [row for row in rows if row.kind.endswith("peer")]
    assert any(row.game == "python_kuhn_poker" for row in peers)  # shipped with every OpenSpiel
    assert all(row.reference == bench.REFERENCE == gamekit.registered()[0] for row in peers)


def test_every_loop_counts_decisions_exactly():
    for row in bench.rows((bench.REFERENCE,)):
        assert row.run(37) == 37, row.key


def test_ratios_are_to_the_rows_own_engine_and_the_report_has_a_line_a_row():
    table = bench.measure(seconds=0.02, games=(bench.REFERENCE,), peers=False)
    assert [r["kind"] for r in table] == ["engine", "openspiel", "pettingzoo"]
    engine = table[0]["rate"]
    for r in table:
        assert r["ratio"] == pytest.approx(engine / r["rate"])
    text = bench.report(table)
    assert len(text.splitlines()) == 1 + len(table)
    assert re.search(r"openspiel\s+" + bench.REFERENCE + r"\s+[\d,]+\s+[\d.]+x", text)


def test_the_run_callgrind_counts_is_the_loop_alone_in_its_own_interpreter():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "gamekit.rl.bench",
            "--run",
            f"openspiel:{bench.REFERENCE}",
            "--decisions",
            "25",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout == ""


def test_a_row_that_cannot_run_here_is_named():
    with pytest.raises(SystemExit, match="openspiel peer:python_no_such_game"):
        bench.find_row("openspiel peer:python_no_such_game")
