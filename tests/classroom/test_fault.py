"""The server is killed (SIGKILL) mid-game and restarted on the same database: every table and
round resumes with identical state, and play goes on to the end. The server runs as
``python -m gamekit.classroom.app`` in a subprocess on 127.0.0.1."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

import gamekit

from .classroom_client import TEACHER, Class, Client, game_states, snapshot

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(db: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [
        sys.executable,
        "-m",
        "gamekit.classroom.app",
        "--db",
        str(db),
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--teacher-token",
        TEACHER,
        "--rate",
        "10000",
        "--burst",
        "10000",
    ]
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the server exited: {proc.stderr.read().decode()[-2000:]}")
        try:
            if httpx.get(f"{url}/qr/NOCODE.svg", timeout=2).status_code == 404:
                return proc, url
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not answer within 60 s")


def kill(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    proc.stderr.close()


def seen(rooms: list[Class]) -> list:
    found = []
    for room in rooms:
        state = room.t("GET", "state")
        tables = {t["table"]: room.t("GET", f"tables/{t['table']}") for t in state["tables"]}
        found.append(([s.ok("GET", "/api/me") for s in room.students], state, room.t("GET", "rows"), tables))
    return found


def move_to(rooms: list[Class], url: str) -> None:
    for room in rooms:
        room.url = url
        room.teacher = Client(url, TEACHER)
        room.students = [Client(url, s.token) for s in room.students]


def play(room: Class, steps: int) -> int:
    done = 0
    for step in range(steps):
        moved = False
        for student in room.students:
            screen = student.ok("GET", "/api/me")["activity"]
            if screen["legal"] and screen["result"] is None:
                student.ok("POST", "/api/act", {"text": screen["legal"][step % len(screen["legal"])]})
                moved = done = done + 1
        if not moved:
            break
    return done


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_killed_mid_game_and_restarted_everything_resumes_and_finishes(tmp_path):
    db = tmp_path / "fault.db"
    proc, url = start(db)
    try:
        auction = Class(url, ["Aiko", "Ben", "Chiara"])
        auction.t("POST", "auction", {"format": "second_price", "rounds": 2, "seed": 4})
        auction.students[0].ok("POST", "/api/act", {"text": "bid 61"})
        auction.students[1].ok("POST", "/api/act", {"text": "bid 47"})
        table = Class(url, ["Dai", "Eri", "Fumi", "Gen"])
        made = table.t("POST", "tables", {"game": "for_sale", "players": 4, "bots": "house_value", "seed": 6})
        assert play(table, 8) > 0
        before, stored, games = seen([auction, table]), snapshot(db), game_states(db)
    finally:
        kill(proc)
    proc, url = start(db)
    try:
        assert snapshot(db) == stored and game_states(db) == games
        move_to([auction, table], url)
        assert seen([auction, table]) == before
        # play goes on: the round takes its last bid and closes, the next round runs, the table ends
        auction.students[2].ok("POST", "/api/act", {"text": "bid 12"})
        result = auction.t("GET", "state")["round"]["result"]
        assert result["winner"] == auction.ids[0] and result["price"] == 47
        auction.t("POST", "next")
        for student in auction.students:
            student.ok("POST", "/api/act", {"text": "bid 5"})
        assert auction.t("GET", "state")["round"]["status"] == "closed"
        play(table, 500)
        final = gamekit.load_game(table.t("GET", f"tables/{made['tables'][0]}")["json"])
        assert final.is_over and final.result()["finished"]
    finally:
        kill(proc)
