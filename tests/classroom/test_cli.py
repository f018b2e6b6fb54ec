"""``gamekit classroom``: prints the links and the QR code, serves until Ctrl-C (SIGINT)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx")

from gamekit.classroom.qr import matrix_from_text, qr_matrix  # noqa: E402
from gamekit.cli import main  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def test_it_prints_the_join_link_the_projector_page_and_a_terminal_qr(tmp_path, capsys):
    db = tmp_path / "cli.sqlite"
    assert main(["classroom", "--port", "0", "--db", str(db), "--seconds", "0.2", "--no-browser"]) == 0
    out = capsys.readouterr().out
    assert "--show-token" in out and "token:" not in out.lower()  # the terminal may be projected
    join = re.search(r"students open (http://127\.0\.0\.1:\d+/join/(\w{6}))", out)
    assert join and f"/teacher/{join.group(2)}" in out
    assert "--host 0.0.0.0" in out and str(db) in out
    block = "\n".join(line for line in out.splitlines() if line and set(line) <= {"█", "▄", "▀", " "})
    assert matrix_from_text(block)[: len(qr_matrix(join.group(1)))] == qr_matrix(join.group(1))
    assert db.exists() and "Stopped." in out


def test_the_server_answers_students_until_ctrl_c(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    command = [
        sys.executable,
        "-m",
        "gamekit",
        "classroom",
        "--port",
        "0",
        "--db",
        str(tmp_path / "c.sqlite"),
        "--no-browser",
        "--show-token",
    ]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        lines = []
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            lines.append(line)
            if "Ctrl-C" in line:
                break
        join = re.search(r"students open (http://127\.0\.0\.1:(\d+)/join/(\w{6}))", "".join(lines))
        assert join, "".join(lines)
        port, code = join.group(2), join.group(3)
        token = re.search(r"Teacher token \(keep it off the projector\): (\S+)", "".join(lines)).group(1)
        state = httpx.get(
            f"http://127.0.0.1:{port}/api/teacher/{code}/state", headers={"Authorization": f"Bearer {token}"}
        )
        assert state.status_code == 200 and state.json()["students"] == []
        answer = httpx.post(
            f"http://127.0.0.1:{port}/api/join", json={"code": code, "name": "Aiko"}, timeout=10
        )
        assert answer.status_code == 200 and answer.json()["name"] == "Aiko"
        events = f"http://127.0.0.1:{port}/api/events?token={answer.json()['token']}"
        ended: list[str] = []

        def listen() -> None:  # Aiko's page, its event stream open when the teacher presses Ctrl-C
            with httpx.stream("GET", events, timeout=20) as stream:
                ended.extend(stream.iter_lines())

        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        time.sleep(0.5)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
        listener.join(10)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
    assert process.returncode == 0 and "Stopped." in out
    assert "Traceback" not in err and "Exception in ASGI" not in err, err  # the stream ended first
    assert ended and ended[0].startswith("retry:") and not listener.is_alive()


# uvicorn ends its thread with SystemExit when the port is taken; Python ignores that in a thread,
# pytest reports it: what matters here is what the teacher sees.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_bad_host_or_a_taken_port_is_an_error_message_not_a_traceback(tmp_path, capsys):
    assert main(["classroom", "--host", "my laptop", "--db", str(tmp_path / "a.sqlite"), "--no-browser"]) == 2
    assert "IP address" in capsys.readouterr().err
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        code = main(["classroom", "--port", port, "--db", str(tmp_path / "b.sqlite"), "--no-browser"])
    assert code == 1 and "did not start" in capsys.readouterr().err


def test_a_fixed_seed_is_told_what_it_exposes_and_a_restart_keeps_the_link(tmp_path, capsys):
    db = str(tmp_path / "seeded.sqlite")
    assert (
        main(["classroom", "--port", "0", "--db", db, "--seconds", "0.1", "--no-browser", "--seed", "7"]) == 0
    )
    first = capsys.readouterr().out
    assert "Seed 7 is fixed" in first and "every student's private value" in first
    link = re.search(r"students open (\S+)", first).group(1)
    assert (
        main(["classroom", "--db", db, "--seconds", "0.1", "--no-browser"]) == 0
    )  # no --port: the stored one
    again = capsys.readouterr().out
    assert f"students open {link}" in again and "resumed where it stood" in again
    assert "is fixed" not in again  # no seed given: the server's secret one
