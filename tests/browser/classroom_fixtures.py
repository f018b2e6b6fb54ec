"""Shared pieces of the classroom browser tests: a classroom server on a loopback port over a
temporary database, a class session in it, the teacher's requests, and students joining from
phone-sized browser contexts. See test_classroom_*.py.

A test file imports the fixtures it uses (``room_fixture``, ``phones_fixture``: named ``room``
and ``phones`` for the tests)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

PHONE = {"width": 360, "height": 740}
ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Room:
    """A running classroom server and one class session in it, seen by the teacher."""

    url: str
    teacher_token: str
    code: str
    classroom: Any = None  # the teacher's gamekit.classroom.Classroom, when a test runs one

    def teacher(self, method: str, path: str, body: dict | None = None) -> Any:
        """A teacher request (``path`` below ``/api/teacher/{code}``); the JSON answer, or an
        AssertionError with the server's answer when it is not 200."""
        import httpx

        response = httpx.request(
            method,
            f"{self.url}/api/teacher/{self.code}{path}",
            json=body,
            headers={"Authorization": f"Bearer {self.teacher_token}"},
            timeout=30,
        )
        assert response.status_code == 200, (path, response.status_code, response.text)
        return response.json()

    def state(self) -> dict:
        return self.teacher("GET", "/state")

    def wait_state(self, predicate, timeout: float = 20.0) -> dict:
        """Poll the teacher's state (bounded in time) until ``predicate(state)`` holds."""
        deadline = time.monotonic() + timeout
        while True:
            state = self.state()
            if predicate(state):
                return state
            assert time.monotonic() < deadline, f"the state never got there: {state}"
            time.sleep(0.1)


@pytest.fixture(name="room")
def room_fixture(tmp_path) -> Iterator[Room]:
    """A classroom server on 127.0.0.1 (port 0) over a database in a temporary folder, with one
    class session opened by the teacher."""
    pytest.importorskip("starlette")
    import httpx

    from gamekit.classroom import serve

    with serve(tmp_path / "class.db", host="127.0.0.1", port=0) as server:
        assert server.url.startswith("http://127.0.0.1:")
        answer = httpx.post(
            f"{server.url}/api/teacher/sessions",
            json={"title": "browser test"},
            headers={"Authorization": f"Bearer {server.teacher_token}"},
            timeout=30,
        )
        assert answer.status_code == 200, answer.text
        yield Room(server.url, server.teacher_token, answer.json()["code"])


def join(browser, room: Room, name: str, lang: str = "en"):
    """A student on a phone-sized page of their own (a new browser context: own storage) who
    opens the join link, types a name and joins; returns the page once it follows the class."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # checked by the tests: a page that throws is a failure
    page.goto(f"{room.url}/join/{room.code}?lang={lang}")
    page.locator("#join-name").fill(name)
    assert page.locator("#join-code").input_value() == room.code  # prefilled from the link
    page.locator("#join-button").click()
    page.locator("#play").wait_for(state="visible", timeout=15_000)
    return page


@pytest.fixture(name="phones")
def phones_fixture(browser, room: Room) -> Iterator:
    """``phones(name, lang="en")`` joins a student (see ``join``); every page is closed before the
    server stops, so no event stream holds the server's shutdown."""
    opened = []

    def phone(name: str, lang: str = "en"):
        page = join(browser, room, name, lang)
        opened.append(page)
        return page

    yield phone
    for page in opened:
        page.context.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: Path, port: int, teacher_token: str) -> subprocess.Popen:
    """``python -m gamekit.classroom.app`` on 127.0.0.1:``port`` over ``db`` in a process of its
    own (so a test can kill it like a laptop that dies); returns once it answers (at most 60 s)."""
    import httpx

    command = [sys.executable, "-m", "gamekit.classroom.app", "--db", str(db), "--host", "127.0.0.1",
               "--port", str(port), "--teacher-token", teacher_token]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while True:
        if proc.poll() is not None:
            raise AssertionError(f"the server exited: {proc.stderr.read().decode()[-2000:]}")
        try:
            httpx.get(f"http://127.0.0.1:{port}/i18n/en.json", timeout=2)
            return proc
        except httpx.TransportError:
            if time.monotonic() > deadline:
                proc.kill()
                raise AssertionError("the server did not answer within 60 s") from None
            time.sleep(0.1)


def kill_server(proc: subprocess.Popen) -> None:
    """SIGKILL: every connection drops at once, as when the teacher's laptop dies."""
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    proc.stderr.close()
