"""The command line's simulation side: ``bots`` and ``options`` list what can be chosen, ``--out``
(a file with its record beside it, or ``-`` for stdout), progress that moves with time, Ctrl-C."""

from __future__ import annotations

import io
import json
import os
import shlex
import signal
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

import pandas as pd
import pytest

import gamekit
from gamekit.bots import describe
from gamekit.cli import ProgressBar, convert_options, main, metadata_path, option_text
from gamekit.core.game import game_class

ROOT = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------------- bots, options
@pytest.mark.parametrize("game", gamekit.GAMES)
def test_bots_lists_every_bot_of_the_game_with_its_parameter_and_rule(capsys, game):
    assert main(["bots", game]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert f"{len(describe(game))} bots" in lines[0]
    for bot in describe(game):
        line = next(line for line in lines if line.split()[0] == bot["name"])
        assert bot["rule"] in line  # the rule on the bot's own line
        if bot["parameter"] is None:
            assert line.split()[1] == "-"
        else:
            assert f"{bot['parameter']} = {bot['default']:g}" in line
            gamekit.bots.make_bot(
                f"{bot['name']}:{bot['default']:g}", game
            )  # as the listing says to write it
    assert len(lines) == 2 + len(describe(game))


@pytest.mark.parametrize("game", gamekit.GAMES)
def test_options_lists_every_option_with_values_that_the_command_line_reads_back(capsys, game):
    assert main(["options", game]) == 0
    lines = capsys.readouterr().out.splitlines()
    declared = game_class(game).options_declared
    assert len(lines) == 2 + len(declared)
    for option in declared:
        line = next(line for line in lines if line.split()[0] == option.name)
        assert option.rule in line and option.doc in line
        assert f"  {option_text(option.default)}  " in line
        for choice in option.choices or ():
            text = option_text(choice)
            assert text in line
            # what the listing shows is what --option NAME=VALUE takes: the very value, of its type
            value = convert_options(game, [(option.name, text)])[option.name]
            assert value == choice and type(value) is type(choice)
        if option.minimum is not None:
            assert f"a whole number >= {option.minimum}" in line
            value = convert_options(game, [(option.name, str(option.minimum))])[option.name]
            gamekit.new_game(game, game_class(game).min_players, options={option.name: value})


def test_bots_and_options_of_an_unknown_game_exit_2(capsys):
    assert main(["bots", "chess"]) == 2
    assert "no game named 'chess'" in capsys.readouterr().err
    assert main(["options", "chess"]) == 2
    assert "no game named 'chess'" in capsys.readouterr().err


# ------------------------------------------------------------------------------ --out
ARGV = ["simulate", "for_sale", "--players", "3", "--games", "12", "--bots", "spread, random,budget:1.2"]


def test_out_dash_writes_only_the_csv_to_stdout_and_the_summary_to_stderr(capsys):
    assert main([*ARGV, "--seed", "4", "--option", "edition=classic", "--out", "-"]) == 0
    captured = capsys.readouterr()
    table = pd.read_csv(io.StringIO(captured.out))
    expected = gamekit.simulate(
        "for_sale", 3, ["spread", "random", "budget:1.2"], 12, seed=4, options={"edition": "classic"}
    )
    pd.testing.assert_frame_equal(table, expected, check_dtype=False)
    assert "For Sale, 3 players, 12 games, seed 4, edition=classic" in captured.err
    assert "win rate [95 % CI]" in captured.err and "Playing 12 games" in captured.err


def test_out_file_writes_the_csv_and_a_record_of_how_it_was_made_beside_it(tmp_path, capsys):
    out = tmp_path / "runs.csv"
    before = datetime.now().astimezone()
    assert main([*ARGV, "--seed", "9", "--workers", "2", "--out", str(out)]) == 0
    captured = capsys.readouterr()
    meta = metadata_path(out)
    assert meta == tmp_path / "runs.csv.json"
    assert f"Wrote 36 rows to {out}, and how they were made to {meta}" in captured.out
    record = json.loads(meta.read_text(encoding="utf-8"))
    assert record["game"] == "for_sale" and record["players"] == 3
    assert record["options"] == {  # defaults too
        "edition": "iello-2020",
        "refund_rounding": "down",
        "coin_counts": "hidden",
    }
    assert record["options_given"] == {}
    assert record["bots"] == ["spread:0.3", "random", "budget:1.2"]
    assert (record["seed"], record["games"], record["workers"]) == (9, 12, 2)
    assert record["gamekit_version"] == gamekit.__version__ and record["rows"] == 36
    started, ended = datetime.fromisoformat(record["started"]), datetime.fromisoformat(record["ended"])
    assert before.replace(microsecond=0) <= started <= ended
    assert record["csv"] == "runs.csv"
    # The recorded command plays the same rows again.
    again = tmp_path / "again.csv"
    argv = shlex.split(record["command"])[1:]
    assert main([*argv, "--out", str(again)]) == 0
    assert again.read_text() == out.read_text()


# --------------------------------------------------------------------------- progress
class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _wait_for(predicate, seconds: float = 10.0) -> bool:
    """Poll, bounded in time: True once ``predicate()`` holds."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()


def test_out_parquet_streams_the_rows_and_records_how_they_were_made_beside_it(tmp_path, capsys):
    out = tmp_path / "runs.parquet"
    code = main(
        [
            "simulate",
            "for_sale",
            "--players",
            "3",
            "--games",
            "30",
            "--bots",
            "random,spread,random",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    printed = capsys.readouterr().out
    assert "spread:0.3" in printed and f"Wrote 90 rows to {out}" in printed
    expected = gamekit.simulate("for_sale", 3, ["random", "spread", "random"], games=30, seed=0)
    pd.testing.assert_frame_equal(pd.read_parquet(out), expected)
    record = json.loads((tmp_path / "runs.parquet.json").read_text())
    assert record["rows"] == 90 and record["bots"] == ["random", "spread:0.3", "random"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["runs.parquet", "runs.parquet.json"]


def test_progress_moves_on_with_time_while_no_games_finish():
    terminal = Terminal()
    with ProgressBar(terminal, total=1000, tick=0.05) as bar:
        bar(250, 1000)
        drawn = terminal.getvalue().count("\r")
        assert _wait_for(lambda: terminal.getvalue().count("\r") >= drawn + 3)  # no new games: redrawn anyway
    text = terminal.getvalue()
    assert text.endswith("\n")  # an unfinished bar's line is ended on leaving, for the next message
    assert "250/1,000 games" in text.rsplit("\r", 1)[1]

    log = io.StringIO()
    with ProgressBar(log, total=1000, quiet=0.05) as bar:
        bar(100, 1000)
        assert _wait_for(lambda: len(log.getvalue().splitlines()) >= 2)  # a line when quiet too long
    assert "\r" not in log.getvalue()
    assert all(line.startswith("100/1,000 games (10 %) after") for line in log.getvalue().splitlines())


def test_progress_of_a_finished_run_stays_quiet():
    log = io.StringIO()
    with ProgressBar(log, total=10, quiet=0.01) as bar:
        bar(10, 10)
        time.sleep(0.1)
    assert log.getvalue().splitlines() == [log.getvalue().splitlines()[0]]


# ----------------------------------------------------------------------------- Ctrl-C
@pytest.mark.parametrize("moment", ["while the workers start", "while they play"])
def test_ctrl_c_stops_the_command_line_with_exit_code_130(moment):
    # 4 million games would take hours; after Ctrl-C the command must end within seconds, whether
    # the interrupt comes while the worker processes are still starting or once they play (loky
    # kills them at once; nothing waits for a worker to notice).
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    argv = ["simulate", "for_sale", "--players", "4", "--games", "4000000", "--workers", "2"]
    command = subprocess.Popen(
        [sys.executable, "-m", "gamekit", *argv],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl-C as at a terminal even where pytest runs in the background of a non-interactive
        # shell, which starts it (and so this child) with SIGINT ignored
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        first = command.stderr.readline()
        assert first.startswith("Playing 4,000,000 games of For Sale on 2 worker processes"), first
        if moment == "while they play":
            time.sleep(2)
        sent = time.monotonic()
        command.send_signal(signal.SIGINT)
        out, err = command.communicate(timeout=60)
        stopped_after = time.monotonic() - sent
    finally:
        if command.poll() is None:
            command.kill()
            command.communicate()
    assert command.returncode == 130, err
    assert err.strip().endswith("interrupted") and "Traceback" not in err
    assert out == ""
    assert stopped_after < 30  # under a second on an idle machine, seconds on a loaded one
