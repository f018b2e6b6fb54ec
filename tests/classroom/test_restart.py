"""A server stopped and started again on the same database: the same port and join link, the same
student token answered with the same screen, rounds, clocks and tables where they stood (CL-30:
a taken port is said, never swapped in silence), and a stop that prints no traceback."""

from __future__ import annotations

import socket
import threading
import time

import pytest

pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx")

from gamekit.classroom import Limits  # noqa: E402
from gamekit.classroom.app import PORT_KEY, PortTaken, serve  # noqa: E402
from gamekit.classroom.session import Classroom  # noqa: E402
from gamekit.classroom.simclass import SimulatedClass  # noqa: E402

FAST = {"limits": Limits(rate=10_000, burst=10_000)}


def _screen(url: str, token: str) -> dict:
    """The student's whole screen, without what only says how long ago (a timer's seconds left)."""
    answer = httpx.get(f"{url}/api/me", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert answer.status_code == 200, answer.text
    screen = answer.json()
    if isinstance(screen.get("activity"), dict):
        screen["activity"].pop("deadline", None)
    return screen


def _restart(room: Classroom, tokens: list[str]) -> tuple[Classroom, float, list[dict]]:
    """Stop ``room``, open its database again with the defaults; the seconds from the new
    ``Classroom`` to the students' screens answered, and those screens."""
    db, url = room.db, room.base_url
    room.stop()
    started = time.monotonic()
    again = Classroom(db=db, **FAST)
    screens = [_screen(url, token) for token in tokens]
    return again, time.monotonic() - started, screens


def test_a_restarted_server_answers_the_same_tokens_at_the_same_link_with_the_same_screens(tmp_path):
    room = Classroom(db=tmp_path / "restart.sqlite", **FAST)
    try:
        with SimulatedClass(room.base_url, room.code, students=3, noise=0) as sim:
            room.auction("first_price", rounds=2, seed=4)
            sim.act(sim.students[0], "bid 20")  # one sealed bid in, two to come
            tokens = [s.token for s in sim.students]
            before = [_screen(room.base_url, token) for token in tokens]
            link, port, code = room.join_url, room.port, room.code
            room, seconds, after = _restart(room, tokens)
            assert (room.join_url, room.port, room.code) == (link, port, code) and room.resumed
            assert after == before  # the open round, the value, the bid already made
            assert seconds < 5
            assert sim.bid_round() == 2  # the two who had not bid bid now; the round closes
        state = room.state()
        assert state["round"]["status"] == "closed" and state["round"]["bids"] == 3
        bids = room.data().query("kind == 'bid' and accepted")
        first = bids[bids["student"] == sim.students[0].student]
        assert list(first["amount"]) == [20]  # the bid made before the restart, stored once
    finally:
        room.stop()


def test_a_clock_and_a_table_resume_in_place(tmp_path):
    db = tmp_path / "resume.sqlite"
    room = Classroom(db=db, **FAST)
    try:
        with SimulatedClass(room.base_url, room.code, students=2, table_bot="random", seed=2) as sim:
            room.auction("losers_pay_half", rounds=1, step=5, tick_seconds=0)
            for _ in range(3):
                room.tick()
            price = room.state()["round"]["price"]
            tokens = [s.token for s in sim.students]
            clock = [_screen(room.base_url, token) for token in tokens]
            room, _, after = _restart(room, tokens)
            assert after == clock and room.state()["round"]["price"] == price
            room.tick()
            assert room.state()["round"]["price"] == price + 5  # the clock goes on from there
            room.close()
            room.tables("for_sale", players=4, bots="random", seed=9)
            for _ in range(6):
                for student in sim.students:
                    sim.table_step(student)
            table = room.state()["tables"][0]
            game = room.game(table["table"]).to_json()
            seated = [_screen(room.base_url, token) for token in tokens]
            room, _, after = _restart(room, tokens)
            assert after == seated and room.game(table["table"]).to_json() == game
            assert sim.play_tables() > 0  # the same seats play the game on to its end
        assert all(t["over"] for t in room.state()["tables"])
    finally:
        room.stop()


def test_cl_30_a_taken_port_is_said_and_no_other_port_is_taken_in_its_place(tmp_path):
    db = tmp_path / "taken.sqlite"
    with serve(db, **FAST) as first:
        port = first.port
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", port))
        holder.listen()
        with pytest.raises(PortTaken, match=r"CL-30") as taken:
            Classroom(db=db, **FAST)
        assert f"127.0.0.1:{port}" in str(taken.value) and "join link" in str(taken.value)
        with serve(db, port=0, **FAST) as elsewhere:  # the teacher's own choice, for today only
            assert elsewhere.port != port and elsewhere.app.state.hub.store.meta(PORT_KEY) == str(port)
    with serve(db, **FAST) as again:
        assert again.port == port  # back on the join link's port once it is free


def test_stopping_with_open_event_streams_prints_no_traceback_and_is_quick(tmp_path, capfd):
    room = Classroom(db=tmp_path / "quiet.sqlite", **FAST)
    with SimulatedClass(room.base_url, room.code, students=2) as sim:
        tokens = [s.token for s in sim.students]
    ended: list[str] = []

    def listen(token: str) -> None:
        try:
            with httpx.stream("GET", f"{room.base_url}/api/events?token={token}", timeout=20) as answer:
                for _ in answer.iter_lines():
                    pass
            ended.append("clean")
        except httpx.HTTPError as error:
            ended.append(type(error).__name__)

    listeners = [threading.Thread(target=listen, args=(t,), daemon=True) for t in tokens]
    for listener in listeners:
        listener.start()
    time.sleep(0.6)  # both streams open (a stream that failed would have ended by now)
    assert all(listener.is_alive() for listener in listeners) and ended == []
    capfd.readouterr()
    started = time.monotonic()
    room.stop()
    seconds = time.monotonic() - started
    for listener in listeners:
        listener.join(10)
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Exception in ASGI" not in err and "CancelledError" not in err, err
    assert ended == ["clean", "clean"]  # each stream ended properly: the page reconnects
    assert seconds < 1.5  # not uvicorn's grace period
