"""The database: WAL, every accepted input committed before the answer, and a new app on the same
file resumes every session, round, clock and table exactly (``game.to_json()`` compared)."""

from __future__ import annotations

import sqlite3

import pytest

import gamekit
from gamekit.classroom import Limits, serve
from gamekit.classroom.store import Store

from .classroom_client import TEACHER, Class, Client, db_rows, game_states, snapshot

FAST = Limits(rate=10_000, burst=10_000)


def test_the_store_is_wal_and_a_failed_write_leaves_nothing(tmp_path):
    store = Store(tmp_path / "s.db")
    assert store.one("PRAGMA journal_mode")[0] == "wal"
    with store.write():
        store.set_meta("a", "1")
    with pytest.raises(RuntimeError), store.write():
        store.set_meta("b", "2")
        raise RuntimeError("half-way")
    store.close()
    con = sqlite3.connect(tmp_path / "s.db")
    assert con.execute("SELECT key, value FROM meta ORDER BY key").fetchall() == [("a", "1")]
    con.close()


def screens(room: Class) -> dict:
    """Everything the students and the teacher can read, by student (session codes kept)."""
    found = {"me": [s.get("/api/me").json() for s in room.students], "state": room.t("GET", "state")}
    found["rows"] = room.t("GET", "rows")
    found["tables"] = {t["table"]: room.t("GET", f"tables/{t['table']}") for t in found["state"]["tables"]}
    return found


def reconnect(room: Class, url: str) -> None:
    room.url = url
    room.teacher = Client(url, TEACHER)
    room.students = [Client(url, s.token) for s in room.students]


def build(url: str) -> tuple[Class, Class, Class]:
    """Three sessions mid-way: a first-price round half bid, a clock with a drop, two tables."""
    sealed = Class(url, ["Aiko", "Ben", "Chiara"])
    sealed.t("POST", "auction", {"format": "first_price", "rounds": 3, "seed": 9})
    for student, bid in zip(sealed.students, (40, 60, 20), strict=True):
        student.ok("POST", "/api/act", {"text": f"bid {bid}"})
    sealed.t("POST", "next")
    sealed.students[0].ok("POST", "/api/act", {"text": "bid 33"})
    clock = Class(url, ["Dai", "Eri", "Fumi"])
    clock.t("POST", "auction", {"format": "losers_pay_half", "rounds": 2, "step": 5, "tick_seconds": 0})
    clock.t("POST", "tick")
    clock.students[1].ok("POST", "/api/act", {"text": "drop"})
    clock.t("POST", "tick")
    tables = Class(url, ["Gen", "Hana", "Isao", "Jun", "Ken"])
    tables.t("POST", "tables", {"game": "for_sale", "players": 3, "bots": "house_value", "seed": 5})
    for step in range(12):
        for student in tables.students:
            screen = student.ok("GET", "/api/me")["activity"]
            if screen["legal"]:
                student.ok("POST", "/api/act", {"text": screen["legal"][step % len(screen["legal"])]})
    return sealed, clock, tables


def test_every_accepted_table_action_is_on_disk_when_the_answer_comes(tmp_path):
    with serve(tmp_path / "c.db", teacher_token=TEACHER, limits=FAST) as server:
        room = Class(server.url, ["Aiko", "Ben", "Chiara"])
        table = room.t("POST", "tables", {"game": "for_sale", "players": 3, "seed": 8})["tables"][0]
        for step in range(20):
            for i, student in enumerate(room.students):
                screen = student.ok("GET", "/api/me")["activity"]
                if not screen["legal"]:
                    continue
                text = screen["legal"][step % len(screen["legal"])]
                done = len(gamekit.load_game(game_states(tmp_path / "c.db")[table]).history)
                student.ok("POST", "/api/act", {"text": text})
                # read through a connection of its own, right after the answer
                on_disk = gamekit.load_game(game_states(tmp_path / "c.db")[table])
                assert on_disk.history[done] == (screen["seat"], text)
                rows = db_rows(
                    tmp_path / "c.db",
                    "SELECT text FROM rows WHERE student = ? AND accepted = 1",
                    (room.ids[i],),
                )
                assert rows[-1]["text"] == text


def test_a_new_app_on_the_same_database_resumes_everything_exactly(tmp_path):
    db = tmp_path / "c.db"
    with serve(db, teacher_token=TEACHER, limits=FAST) as server:
        rooms = build(server.url)
        before = [screens(room) for room in rooms]
        stored = snapshot(db)
        games = {i: g.to_json() for i, g in server.app.state.hub.games.items()}
    with serve(db, limits=FAST) as again:  # the teacher's token comes from the database
        assert again.teacher_token == TEACHER
        assert {i: g.to_json() for i, g in again.app.state.hub.games.items()} == games
        for room in rooms:
            reconnect(room, again.url)
        assert [screens(room) for room in rooms] == before
        assert snapshot(db) == stored
        sealed, clock, tables = rooms
        # and play goes on: the round waits for the two who have not bid, the clock for a drop
        for student, bid in zip(sealed.students[1:], (50, 10), strict=True):
            student.ok("POST", "/api/act", {"text": f"bid {bid}"})
        result = sealed.t("GET", "state")["round"]["result"]
        assert result["winner"] == sealed.ids[1] and result["bids"] == [50, 33, 10]
        clock.students[2].ok("POST", "/api/act", {"text": "drop"})
        assert clock.t("GET", "state")["round"]["result"]["winner"] == clock.ids[0]
        for step in range(400):
            moved = False
            for student in tables.students:
                screen = student.ok("GET", "/api/me")["activity"]
                if screen["legal"] and screen["result"] is None:
                    student.ok("POST", "/api/act", {"text": screen["legal"][step % len(screen["legal"])]})
                    moved = True
            if not moved:
                break
        assert all(t["over"] for t in tables.t("GET", "state")["tables"])
