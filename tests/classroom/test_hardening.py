"""The server a probe could not fool or break (issue 25, item 8), on 127.0.0.1: secret seeds, one
server per database (CL-25), faults reported while the session goes on (CL-26), and an action
retried after a failed commit played once."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from gamekit.classroom import ClassroomError, Limits, create_app, serve
from gamekit.classroom.dblock import lock_path
from gamekit.classroom.rounds import private_value

from .classroom_client import TEACHER, Class, Client, db_rows, snapshot

ROOT = Path(__file__).resolve().parents[2]
FAST = Limits(rate=10_000, burst=10_000)


def values(room: Class) -> list[int]:
    return [s.ok("GET", "/api/me")["activity"]["value"] for s in room.students]


# ------------------------------------------------------------------ secret seeds
def test_a_fresh_server_deals_values_no_student_can_compute(tmp_path):
    """The probe's attack: on a fresh server every value was ``private_value(0, 1, s, 0, 100)``.
    Now the server's seed is drawn at random and kept secret in the database: no small seed (the
    old default and its neighbours, for any of the first activities) gives the class's values."""
    db = tmp_path / "fresh.db"
    with serve(db, teacher_token=TEACHER, limits=FAST) as server:
        assert server.app.state.seed_fixed is False
        seed = server.app.state.seed
        assert db_rows(db, "SELECT value FROM meta WHERE key = 'seed'") == [{"value": str(seed)}]
        room = Class(server.url, ["Aiko", "Ben", "Chiara", "Dai", "Eri"])
        room.t("POST", "auction", {"format": "second_price", "rounds": 1})
        dealt = values(room)
        guesses = {
            tuple(private_value(guess * 1000 + activity, 1, s, 0, 100) for s in room.ids)
            for guess in range(1000)
            for activity in range(3)
        }
        assert tuple(dealt) not in guesses
        assert dealt != [private_value(0, 1, s, 0, 100) for s in room.ids]
    with serve(db, limits=FAST) as again:  # a restart resumes the same seed and the same values
        assert again.app.state.seed == seed and again.app.state.seed_fixed is False
        room.url, room.students = again.url, [Client(again.url, s.token) for s in room.students]
        assert values(room) == dealt
    with serve(tmp_path / "other.db", limits=FAST) as other:  # another database, another secret
        assert other.app.state.seed != seed


def test_a_fixed_seed_is_flagged_because_it_gives_every_value_away(tmp_path):
    with serve(tmp_path / "demo.db", teacher_token=TEACHER, seed=0, limits=FAST) as server:
        assert server.app.state.seed_fixed is True and server.app.state.seed == 0
        room = Class(server.url, ["Aiko", "Ben", "Chiara", "Dai"])
        room.t("POST", "auction", {"format": "second_price", "rounds": 1})
        # what the probe computed: with a known seed anyone can, which is what the flag warns of
        assert values(room) == [private_value(0, 1, s, 0, 100) for s in room.ids]
    with pytest.raises(ValueError, match="seed"):
        create_app(tmp_path / "bad.db", seed=-1)


# ------------------------------------------------------------------ one server per database (CL-25)
def test_cl_25_a_second_server_on_a_database_is_refused_until_the_first_stops(tmp_path):
    db = tmp_path / "one.db"
    with serve(db, teacher_token=TEACHER, limits=FAST) as server:
        room = Class(server.url, ["Aiko"])
        with pytest.raises(ClassroomError, match=r"already served by another classroom server") as caught:
            serve(db, limits=FAST)
        assert caught.value.rule_id == "CL-25" and f"process {os.getpid()}" in str(caught.value)
        with pytest.raises(ClassroomError, match=r"\(CL-25\)"):
            create_app(db)
        assert room.t("GET", "state")["students"][0]["name"] == "Aiko"  # the first one is untouched
    app = create_app(db)  # stopped: the database is free again
    try:
        assert app.state.teacher_token == TEACHER
    finally:
        app.state.hub.store.close()
    app = create_app(db)  # and closing the store released it
    app.state.hub.store.close()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_cl_25_a_server_killed_with_kill_9_leaves_no_lock_behind(tmp_path):
    db = tmp_path / "killed.db"
    code = (
        "import sys, time; from gamekit.classroom.app import create_app; "
        "create_app(sys.argv[1]); print('ready', flush=True); time.sleep(60)"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-c", code, str(db)], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    try:
        assert proc.stdout.readline().strip() == b"ready"
        with pytest.raises(ClassroomError, match=rf"process {proc.pid}") as caught:
            create_app(db)
        assert caught.value.rule_id == "CL-25"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        proc.stdout.close()
    assert lock_path(db).exists()  # the file stays, the lock went with the process
    app = create_app(db)
    app.state.hub.store.close()


# ------------------------------------------------------------------ faults (CL-26)
class Failing:
    """The server's SQLite connection, failing as a full disk does: at each COMMIT (after the
    rows were written to the transaction), ``sqlite3.OperationalError: database or disk is full``."""

    def __init__(self, db: sqlite3.Connection, message: str = "database or disk is full"):
        self.db = db
        self.message = message

    def execute(self, sql: str, params=()):
        if sql.strip().upper() == "COMMIT":
            raise sqlite3.OperationalError(self.message)
        return self.db.execute(sql, params)

    def __getattr__(self, name: str):
        return getattr(self.db, name)


def _until(check, seconds: float = 10.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("not within the time")


def test_cl_26_a_full_disk_tells_the_student_in_their_language_and_the_teacher_and_nothing_is_half_stored(
    tmp_path,
):
    db = tmp_path / "full.db"
    with serve(db, teacher_token=TEACHER, limits=FAST) as server:
        hub = server.app.state.hub
        room = Class(server.url, ["Aiko", "Ben"])
        ja = room.add("Chiara", lang="ja")
        room.t("POST", "auction", {"format": "first_price", "rounds": 1})
        before = snapshot(db)
        real = hub.store.db
        with hub.lock:
            hub.store.db = Failing(real)
        try:
            for client, lang, words in ((ja, "ja", "保存できない"), (room.students[0], "en", "cannot save")):
                answer = client.post("/api/act", {"text": "bid 40"})
                assert answer.status_code == 503 and answer.headers["retry-after"] == "5"
                body = answer.json()
                assert body["rule"] == "CL-26" and body["lang"] == lang and words in body["error"]
                assert "disk" not in body["error"]  # the student is not shown the server's insides
            state = room.t("GET", "state")  # reading still works: the teacher sees the faults
            fault = state["faults"][-1]
            assert fault["where"] == "POST /api/act" and "database or disk is full" in fault["message"]
            assert fault["count"] == 2 and set(fault) == {"time", "where", "message", "count"}
        finally:
            with hub.lock:
                hub.store.db = real
        assert snapshot(db) == before  # neither the bid nor its row reached the disk
        ja.ok("POST", "/api/act", {"text": "bid 40"})  # the disk has room again: the same bid is taken
        assert [r["amount"] for r in db_rows(db, "SELECT amount FROM bids")] == [40]


def test_cl_26_a_read_only_database_gives_503_and_the_clock_thread_survives_it(tmp_path):
    """The clock thread meets "attempt to write a readonly database" at every tick: it reports
    the fault (once, counted up), the price waits, and when the database can be written again
    the clock goes on by itself."""
    db = tmp_path / "ro.db"
    with serve(db, teacher_token=TEACHER, limits=FAST) as server:
        hub = server.app.state.hub
        room = Class(server.url, ["Aiko", "Ben", "Chiara"])
        room.t("POST", "auction", {"format": "losers_pay_half", "rounds": 1, "tick_seconds": 0.2, "step": 1})
        _until(lambda: room.t("GET", "state")["round"]["price"] >= 2)
        with hub.lock:
            hub.store.db.execute("PRAGMA query_only = ON")
        try:
            faults = _until(
                lambda: [f for f in room.t("GET", "state")["faults"] if f["where"] == "clock: tick_due"]
            )
            assert "readonly database" in faults[-1]["message"]
            frozen = room.t("GET", "state")["round"]["price"]
            answer = room.students[0].post("/api/act", {"text": "drop"})
            assert answer.status_code == 503 and answer.json()["rule"] == "CL-26"
            _until(lambda: room.t("GET", "state")["faults"][-1]["count"] >= 3 or None)
            assert room.t("GET", "state")["round"]["price"] == frozen
        finally:
            with hub.lock:
                hub.store.db.execute("PRAGMA query_only = OFF")
        assert server.app.state.hub is hub
        _until(lambda: room.t("GET", "state")["round"]["price"] >= frozen + 2)  # the same thread, alive
        room.students[0].ok("POST", "/api/act", {"text": "drop"})


def _play_a_little(room: Class, moves: int) -> int:
    done = 0
    for _ in range(moves):
        for student in room.students:
            screen = student.ok("GET", "/api/me")["activity"]
            if screen and screen["legal"] and screen["result"] is None:
                student.ok("POST", "/api/act", {"text": screen["legal"][0]})
                done += 1
                break
    return done


def _one_table_damaged(tmp_path, column: str, text: str, play: bool = False):
    """Two sessions at For Sale tables on one database; the server stops, ``column`` of the first
    session's table is overwritten with ``text``; returns (db, that table, its class, the other)."""
    db = tmp_path / "damaged.db"
    with serve(db, teacher_token=TEACHER, limits=FAST) as server:
        broken = Class(server.url, ["Aiko", "Ben", "Chiara"])
        broken.t("POST", "tables", {"game": "for_sale", "players": 3, "seed": 1})
        whole = Class(server.url, ["Dai", "Eri", "Fumi"])
        whole.t("POST", "tables", {"game": "for_sale", "players": 3, "seed": 2})
        if play:
            assert _play_a_little(whole, 3) > 0
    con = sqlite3.connect(db)
    try:
        damaged = con.execute("SELECT id FROM game_tables WHERE session = ?", (broken.code,)).fetchone()[0]
        con.execute(f"UPDATE game_tables SET {column} = ? WHERE id = ?", (text, damaged))
        con.commit()
    finally:
        con.close()
    return db, damaged, broken, whole


def _reconnect(server, *rooms: Class) -> None:
    """The classes' teacher and students, on the restarted server."""
    for room in rooms:
        room.url, room.teacher = server.url, Client(server.url, TEACHER)
        room.students = [Client(server.url, s.token) for s in room.students]


def test_cl_26_a_damaged_table_is_reported_and_skipped_and_every_other_session_goes_on(tmp_path):
    db, damaged, broken, whole = _one_table_damaged(
        tmp_path, "state", '{"game": "for_sale", "stat', play=True
    )
    with serve(db, limits=FAST) as again:  # it starts, and says what it skipped
        _reconnect(again, broken, whole)
        faults = whole.t("GET", "state")["faults"]
        assert [f["where"] for f in faults] == [f"table {damaged}"]
        assert "could not be loaded, skipped" in faults[0]["message"]
        assert _play_a_little(whole, 3) > 0  # the other session plays on
        state = broken.t("GET", "state")  # the damaged one's teacher still sees the session
        assert [t["table"] for t in state["tables"]] == [damaged] and state["tables"][0]["to_act"] == []
        assert broken.teacher.get(f"/api/teacher/{broken.code}/results").status_code == 200  # the projector
        screen = broken.students[0].ok("GET", "/api/me")["activity"]
        assert screen["view"]["damaged"] is True and screen["legal"] == []
        answer = broken.students[0].post("/api/act", {"text": "bid 1"})
        assert answer.status_code in (409, 503) and answer.json()["ok"] is False
        time.sleep(0.5)  # the clock thread's ticks pass over it without a fault
        assert len(whole.t("GET", "state")["faults"]) == 1
    stored = db_rows(db, "SELECT state FROM game_tables WHERE id = ?", (damaged,))
    assert stored == [{"state": '{"game": "for_sale", "stat'}]  # kept as it was, for whoever repairs it


@pytest.mark.parametrize("seats", ['[{"name": "Aiko", "stud', '{"not": "a list"}', "[1, 2, 3]"])
def test_cl_26_a_table_whose_seats_are_damaged_is_reported_and_nothing_of_its_session_fails(tmp_path, seats):
    """The seats' text (not the game's state) damaged: the table is reported when the server starts
    and played no more; its session's pages, the teacher's views and requests naming it answer
    (no 500), the other session plays on, and the damaged text is kept as it was."""
    db, damaged, broken, whole = _one_table_damaged(tmp_path, "seats", seats)
    with serve(db, limits=FAST) as again:
        _reconnect(again, broken, whole)
        faults = whole.t("GET", "state")["faults"]
        assert [f["where"] for f in faults] == [f"table {damaged}"]
        assert "seats could not be read" in faults[0]["message"]
        assert _play_a_little(whole, 3) > 0
        state = broken.t("GET", "state")
        assert [t["table"] for t in state["tables"]] == [damaged] and state["tables"][0]["to_act"] == []
        assert broken.teacher.get(f"/api/teacher/{broken.code}/results").status_code == 200
        for student in broken.students:
            assert student.get("/api/me").status_code == 200
            assert student.post("/api/act", {"text": "bid 1"}).status_code in (409, 422)
        answer = broken.teacher.post(
            f"/api/teacher/{broken.code}/seat", {"student": "Aiko", "table": damaged, "seat": 0}
        )
        assert answer.status_code in (404, 409, 422) and answer.json()["ok"] is False
        removed = broken.teacher.post(f"/api/teacher/{broken.code}/remove", {"student": "Ben"})
        assert removed.status_code == 200, removed.text
        time.sleep(0.5)  # the clock thread's ticks pass over it without a fault
        assert len(whole.t("GET", "state")["faults"]) == 1
    assert db_rows(db, "SELECT seats FROM game_tables WHERE id = ?", (damaged,)) == [{"seats": seats}]


def test_cl_26_an_unforeseen_error_is_json_and_reported_never_a_bare_500(server, monkeypatch):
    room = Class(server.url, ["Aiko"])
    hub = server.app.state.hub

    def broken(student):
        raise RuntimeError("a bug nobody foresaw")

    monkeypatch.setattr(hub, "me", broken)
    answer = room.students[0].get("/api/me")
    assert answer.status_code == 500 and answer.json()["rule"] == "CL-26"
    assert "a bug" not in answer.text
    monkeypatch.undo()
    assert room.t("GET", "state")["faults"][-1] == {
        **room.t("GET", "state")["faults"][-1],
        "where": "GET /api/me",
        "message": "RuntimeError: a bug nobody foresaw",
    }


def test_cl_26_a_file_that_is_no_database_is_refused_with_a_clear_message(tmp_path):
    db = tmp_path / "junk.db"
    db.write_bytes(b"this is not an SQLite database" * 100)
    for _ in range(2):  # the lock was released: the second try says the same, not CL-25
        with pytest.raises(ClassroomError, match=r"cannot be (opened|written).*\(CL-26\)"):
            create_app(db)


def test_cl_26_a_fault_moves_the_teachers_stream(server):
    room = Class(server.url, ["Aiko"])
    events = f"{server.url}/api/teacher/{room.code}/events"
    with (
        httpx.Client(timeout=10) as http,
        http.stream("GET", events, headers={"Authorization": f"Bearer {TEACHER}"}) as stream,
    ):
        lines = stream.iter_lines()
        found = [next(lines) for _ in range(4)]
        assert found[-1] == f"data: {room.t('GET', 'state')['version']}"
        server.app.state.hub.faults.report("test", "a fault")
        for line in lines:
            if line.startswith("data:"):
                assert line.endswith(".1")
                break


# ------------------------------------------------------------------ idempotent actions
def test_a_table_move_retried_after_a_failed_commit_is_played_once(server):
    """The first send reached the server but its commit failed (the disk was full): nothing of it
    is stored or kept in memory, and the retry with the same id plays the move once."""
    room = Class(server.url, ["Aiko", "Ben", "Chiara"])
    room.t("POST", "tables", {"game": "for_sale", "players": 3, "seed": 3})
    hub = server.app.state.hub
    mover = next(s for s in room.students if s.ok("GET", "/api/me")["activity"]["legal"])
    screen = mover.ok("GET", "/api/me")["activity"]
    table, text = screen["table"], screen["legal"][0]
    moves = len(hub.games[table].history)
    real = hub.store.db
    with hub.lock:
        hub.store.db = Failing(real)
    try:
        assert mover.post("/api/act", {"text": text, "id": "m-1"}).status_code == 503
    finally:
        with hub.lock:
            hub.store.db = real
    assert len(hub.games[table].history) == moves  # the move did not stay in memory either
    first = mover.post("/api/act", {"text": text, "id": "m-1"})
    second = mover.post("/api/act", {"text": text, "id": "m-1"})
    assert first.status_code == 200 and second.json() == first.json()
    played = [t for s, t in hub.games[table].history[moves:] if s == screen["seat"]]
    assert played[:1] == [text] and played.count(text) == 1
    stored = db_rows(server.db, "SELECT text FROM rows WHERE kind = 'action' AND accepted = 1")
    assert [r["text"] for r in stored].count(text) == 1
