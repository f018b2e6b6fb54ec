"""A command line that never loses work (issue 27): files are written whole before anything is
printed about them, a reader that stops (``| head``) ends the command with exit 141 after the
file is complete, Ctrl-C in ``play --save`` saves what was played, a missing extra is named with
its install line, ``--bots`` lists the game's own bots, and the time left never grows while no
games finish."""

from __future__ import annotations

import io
import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

import gamekit
from gamekit import cli
from gamekit.cli import ProgressBar, main, metadata_path
from gamekit.core.game import game_class

ROOT = Path(__file__).resolve().parent.parent
BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a command SIGPIPE ended


def _env(**more: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "GAMEKIT_LANG": "en", **more}


# ------------------------------------------------------------------------ broken pipe
def _complete(out: Path, games: int, players: int) -> None:
    table = pd.read_csv(out)
    assert len(table) == games * players and table["game"].max() == games - 1
    record = json.loads(metadata_path(out).read_text(encoding="utf-8"))
    assert record["rows"] == games * players and record["players"] == players
    assert not list(out.parent.glob(".*.partial"))  # nothing half-written left behind


def test_simulate_into_a_reader_that_stops_at_once_writes_the_file_then_exits_141(tmp_path):
    out = tmp_path / "runs.csv"
    argv = ["simulate", "for_sale", "--players", "4", "--games", "30", "--out", str(out)]
    command = subprocess.Popen(
        [sys.executable, "-m", "gamekit", *argv],
        env=_env(PYTHONUNBUFFERED="0"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    command.stdout.close()  # the reader is gone before the first line: every write to stdout fails
    with command.stderr:
        err = command.stderr.read()
    assert command.wait(timeout=120) == BROKEN_PIPE, err
    assert "Traceback" not in err and "Exception ignored" not in err, err
    _complete(out, 30, 4)


def test_simulate_piped_into_head_writes_the_file_and_says_the_pipe_broke(tmp_path):
    out = tmp_path / "runs.csv"
    line = (
        f"{sys.executable} -m gamekit simulate for_sale --players 3 --games 20 --by-seat --out {out} "
        "| head -1; echo rc=${PIPESTATUS[0]}"
    )
    done = subprocess.run(
        ["bash", "-c", line], env=_env(PYTHONUNBUFFERED="1"), capture_output=True, text=True, timeout=120
    )
    first, status = done.stdout.splitlines()
    assert first.startswith("For Sale, 3 players, 20 games")
    assert status == f"rc={BROKEN_PIPE}", done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    _complete(out, 20, 3)


def test_help_says_what_each_exit_status_means(capsys):
    assert main(["--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "141" in text and "130" in text and "written in full" in text


# ------------------------------------------------------------------- --out -, --players
def test_simulate_out_dash_needs_no_player_count(capsys):
    players = game_class("kuhhandel").default_players
    assert main(["simulate", "kuhhandel", "--games", "8", "--out", "-"]) == 0
    captured = capsys.readouterr()
    table = pd.read_csv(io.StringIO(captured.out))
    assert len(table) == 8 * players
    assert f"Kuhhandel, {players} players, 8 games" in captured.err


def test_a_file_that_cannot_be_written_still_prints_the_summary_and_exits_1(tmp_path, capsys):
    out = tmp_path / "runs.csv"
    out.mkdir()  # a folder where the file should go: it cannot be written
    assert main(["simulate", "for_sale", "--games", "4", "--out", str(out)]) == 1
    captured = capsys.readouterr()
    assert "win rate" in captured.out and "cannot write" in captured.err
    assert not list(tmp_path.glob(".*.partial"))


# ---------------------------------------------------------------------------- --bots
def test_an_unknown_bot_lists_only_the_bots_of_that_game(capsys):
    assert main(["simulate", "money_monsoon", "--games", "2", "--bots", "foo"]) == 2
    err = capsys.readouterr().err
    listed = err.split("its bots: ")[1].strip().split(", ")
    assert set(listed) == {row["name"] for row in gamekit.bots.describe("money_monsoon")}
    assert "spread" not in listed and "random" in listed


# ---------------------------------------------------------------------- play, Ctrl-C
def _read_until(fd: int, wanted: str, seconds: float = 60.0) -> str:
    """What the process wrote to ``fd`` up to ``wanted`` (bounded in time)."""
    seen = ""
    deadline = time.monotonic() + seconds
    while wanted not in seen:
        left = deadline - time.monotonic()
        assert left > 0, f"no {wanted!r} in {seen[-500:]!r}"
        ready, _w, _x = select.select([fd], [], [], left)
        if ready:
            chunk = os.read(fd, 4096)
            assert chunk, f"ended before {wanted!r}: {seen[-500:]!r}"
            seen += chunk.decode()
    return seen


def _default_sigint() -> None:
    """A child's Ctrl-C as at a terminal, even where this process ignores SIGINT (pytest started
    in the background by a non-interactive shell): a Python started with SIGINT ignored keeps
    ignoring it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_in_play_saves_what_was_played_and_exits_130(tmp_path):
    save = tmp_path / "game.json"
    command = subprocess.Popen(
        [sys.executable, "-m", "gamekit", "play", "for_sale", "--seed", "5", "--save", str(save)],
        env=_env(PYTHONUNBUFFERED="1"),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_default_sigint,
    )
    try:
        fd = command.stdout.fileno()
        _read_until(fd, "> ")
        command.stdin.write(b"pass\n")
        command.stdin.flush()
        seen = _read_until(fd, "> ")  # the next decision: the pass was taken
        time.sleep(0.5)  # waiting for the person's line (stdin stays open: Ctrl-C, not end of input)
        command.send_signal(signal.SIGINT)
        command.wait(timeout=60)
        out, err = command.stdout.read(), command.stderr.read()
    finally:
        if command.poll() is None:
            command.kill()
            command.wait()
        for stream in (command.stdin, command.stdout, command.stderr):
            stream.close()
    assert command.returncode == 130, err
    assert b"Traceback" not in err
    out = seen + out.decode()
    assert "Interrupted: leaving the game." in out and f"Saved the game to {save}" in out
    game = gamekit.load_game(save.read_text(encoding="utf-8"))  # the same position, every check passed
    assert (0, "pass") in game.history and not game.is_over
    assert game.seed == 5


# -------------------------------------------------------------------- missing extras
MISSING = [
    ("plotly", "import gamekit.plots", "lessons"),
    ("ipywidgets", "import gamekit.widgets", "lessons"),
    ("plotly", "import gamekit.auction_lab", "lessons"),
    ("httpx", "import gamekit.classroom", "classroom"),
]


@pytest.mark.parametrize(("blocked", "statement", "extra"), MISSING)
def test_a_missing_extra_is_named_with_its_install_line(blocked, statement, extra):
    code = (
        f"import sys; sys.modules[{blocked!r}] = None\n"
        "try:\n"
        f"    {statement}\n"
        "except ImportError as exc:\n"
        "    print(type(exc).__name__, isinstance(exc, ModuleNotFoundError))\n"
        "    print(exc)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], env=_env(), capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    kind, message = done.stdout.split("\n", 1)
    assert kind == "MissingExtra True"
    assert f"'{extra}' extra ({blocked} is not installed)" in message
    assert f"pip install -e '.[{extra}]'" in message and f"'gamekit-edu[{extra}]'" in message


@pytest.mark.parametrize("blocked", ["qrcode", "starlette", "uvicorn"])
def test_gamekit_classroom_without_its_extra_says_how_to_install_it_not_a_traceback(blocked):
    code = (
        f"import sys; sys.modules[{blocked!r}] = None\n"
        "from gamekit.cli import main\n"
        "sys.exit(main(['classroom', '--seconds', '0', '--no-browser']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], env=_env(), capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert "gamekit classroom needs the 'classroom' extra" in done.stderr
    assert "pip install -e '.[classroom]'" in done.stderr


def test_a_missing_module_of_gamekit_itself_is_not_blamed_on_an_extra():
    from gamekit.core.extras import needs_extra

    with pytest.raises(ModuleNotFoundError) as caught, needs_extra("lessons", "gamekit.plots"):
        import gamekit.no_such_module  # noqa: F401
    assert type(caught.value) is ModuleNotFoundError


# ------------------------------------------------------------------------ time left
class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_time_left_counts_down_while_a_chunk_is_pending_and_never_grows(monkeypatch):
    clock = [0.0]
    monkeypatch.setattr(cli.time, "monotonic", lambda: clock[0])
    terminal = Terminal()
    bar = ProgressBar(terminal, total=1000, interval=0.0)

    def shown(at: float, done: int | None = None) -> str:
        clock[0] = at
        if done is None:
            bar._draw(at, forced=True)  # what the ticker draws while no games finish
        else:
            bar(done, 1000)
        return terminal.getvalue().rsplit("\r", 1)[1]

    assert "about 90 s left" in shown(10, 100)  # 100 games in 10 s: 900 more take 90 s
    assert "about 80 s left" in shown(20)  # ten seconds on, no news: ten seconds less
    assert "about 60 s left" in shown(40)
    # A slow chunk: the rate says 800 * 50 / 200 = 200 s, the countdown 50 s; never more than shown.
    assert "about 50 s left" in shown(50, 200)
    assert "about 0 s left" in shown(110)
    # The countdown has run out with games still to play: the rate so far is all there is.
    assert "about 280 s left" in shown(120, 300)  # 700 more at 120 s per 300


def test_the_new_messages_are_japanese_with_lang_ja(capsys):
    before = gamekit.get_language()
    try:
        assert main(["--lang", "ja", "simulate", "money_monsoon", "--games", "2", "--bots", "foo"]) == 2
    finally:
        gamekit.set_language(before)  # --lang sets it for the whole process
    assert "このゲームのボット" in capsys.readouterr().err
    from gamekit.core.extras import MissingExtra

    with gamekit.language("ja"):
        assert "エクストラが必要です" in str(MissingExtra("lessons", "gamekit.plots", "plotly"))


def test_a_file_is_written_whole_or_not_at_all(tmp_path):
    from gamekit.cli import write_durably

    out = tmp_path / "runs.bin"
    write_durably(out, lambda handle: handle.write(b"\x00rows"), binary=True)
    assert out.read_bytes() == b"\x00rows"

    def stopped(handle):
        handle.write("half of the rows")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_durably(out, stopped)
    assert out.read_bytes() == b"\x00rows"  # the file before stays as it was
    assert sorted(p.name for p in tmp_path.iterdir()) == ["runs.bin"]


def test_each_extras_packages_are_the_ones_pyproject_lists_for_it():
    import re
    import tomllib

    from gamekit.core.extras import EXTRAS

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    # import name -> the distribution that brings it, where the two differ
    brought_by = {
        "PIL": "pillow",
        "IPython": "ipykernel",
        "pyspiel": "open_spiel",
        "distributed": "dask",
        "stable_baselines3": "stable-baselines3",
        "sb3_contrib": "sb3-contrib",
        "torch": "stable-baselines3",  # torch comes through stable-baselines3 (its CPU build first: README)
    }
    for extra, modules in EXTRAS.items():
        listed = {re.split(r"[\[<>=!~ ]", requirement)[0].lower() for requirement in extras[extra]}
        for module in modules:
            assert brought_by.get(module, module).lower() in listed, (extra, module)
