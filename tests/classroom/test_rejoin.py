"""The people of a session over HTTP: a rejoin from another browser (CL-19), names told apart
(CL-22), the teacher removing and seating students by number or shown name (CL-23), and what
the teacher's state says of each student (present, absent_for, rejoin, shown_name)."""

from __future__ import annotations

import json

import pytest

from gamekit.classroom.tokens import CODE_ALPHABET, CODE_LENGTH

from .classroom_client import Client, db_rows
from .test_timers import refused


def rejoin(server, code: str, rejoin_code) -> dict:
    return Client(server.url).ok("POST", "/api/rejoin", {"code": code, "rejoin": rejoin_code})


def test_cl_19_a_rejoin_from_another_browser_takes_the_seat_and_revokes_the_old_token(server, room):
    first = Client(server.url).ok("POST", "/api/join", {"code": room.code, "name": "Dai"})
    code = first["rejoin"]
    assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    old = Client(server.url, first["token"])
    assert old.ok("GET", "/api/me")["rejoin"] == code
    room.t("POST", "auction", {"format": "first_price", "rounds": 2})
    old.ok("POST", "/api/act", {"text": "bid 12"})
    again = rejoin(server, room.code.lower(), code.lower())  # typed as a person types it
    assert (again["student"], again["name"]) == (first["student"], "Dai")
    assert again["token"] != first["token"] and again["rejoin"] != code
    new = Client(server.url, again["token"])
    me = new.ok("GET", "/api/me")
    assert (
        me["student"] == first["student"]
        and me["activity"]["my_bid"] == 12
        and me["rejoin"] == again["rejoin"]
    )
    answer = old.get("/api/me")
    assert answer.status_code == 401 and answer.json()["rule"] == "CL-19"
    assert "taken over from another browser" in answer.json()["error"]
    assert old.post("/api/act", {"text": "bid 3"}).json()["rule"] == "CL-19"
    (row,) = [r for r in room.t("GET", "rows") if r["kind"] == "rejoin"]
    assert (row["student"], row["rule"], row["accepted"]) == (first["student"], "CL-19", True)
    student = next(s for s in room.t("GET", "state")["students"] if s["student"] == first["student"])
    assert student["rejoin"] == again["rejoin"] and student["present"] is True


def test_cl_19_a_rejoin_is_refused_with_a_code_no_seat_holds(server, room):
    joined = Client(server.url).ok("POST", "/api/join", {"code": room.code, "name": "Eri"})
    stranger = Client(server.url)
    refused(
        server, stranger, "/api/rejoin", {"code": room.code, "rejoin": "XXXXXX"}, rule="CL-19", status=404
    )
    refused(server, stranger, "/api/rejoin", {"code": room.code, "rejoin": 7}, rule="CL-19", status=422)
    refused(
        server,
        stranger,
        "/api/rejoin",
        {"code": "QQQQQQ", "rejoin": joined["rejoin"]},
        rule="CL-5",
        status=404,
    )
    used = rejoin(server, room.code, joined["rejoin"])
    refused(
        server,
        stranger,
        "/api/rejoin",
        {"code": room.code, "rejoin": joined["rejoin"]},
        rule="CL-19",
        status=404,
    )
    Client(server.url, used["token"]).ok("POST", "/api/leave")
    refused(
        server,
        stranger,
        "/api/rejoin",
        {"code": room.code, "rejoin": used["rejoin"]},
        rule="CL-15",
        status=409,
    )


def test_cl_19_a_rejoined_student_plays_on_at_their_table(server, room):
    room.t("POST", "tables", {"game": "for_sale", "players": 3, "seed": 2})
    before = {s.ok("GET", "/api/me")["activity"]["table"] for s in room.students}
    codes = [s.ok("GET", "/api/me")["rejoin"] for s in room.students]
    clients = [Client(server.url, rejoin(server, room.code, code)["token"]) for code in codes]
    assert {c.ok("GET", "/api/me")["activity"]["table"] for c in clients} == before
    for _ in range(5):
        for client in clients:
            screen = client.ok("GET", "/api/me")["activity"]
            if screen["legal"]:
                client.ok("POST", "/api/act", {"text": screen["legal"][0]})
    actions = [r for r in room.t("GET", "rows") if r["kind"] == "action"]
    assert actions and {r["student"] for r in actions} <= set(room.ids)


def test_cl_22_two_students_of_one_name_are_told_apart(server, room):
    names = [
        Client(server.url).ok("POST", "/api/join", {"code": room.code, "name": n})["name"]
        for n in ["Ken", "Ken", " ken ", "Ken (2)"]
    ]
    assert names == ["Ken", "Ken (2)", "ken (3)", "Ken (2) (2)"]
    state = room.t("GET", "state")["students"]
    assert [s["shown_name"] for s in state][-4:] == names and [s["name"] for s in state][-4:] == names
    joins = [r["name"] for r in room.t("GET", "rows") if r["kind"] == "join"][-4:]
    assert joins == names


def test_cl_23_the_teacher_removes_a_student_by_number_or_shown_name(server, room):
    for name in ["Ken", "Ken"]:
        room.add(name)
    answer = room.t("POST", "remove", {"student": "ken (2)"})
    assert answer == {"ok": True, "student": room.ids[-1], "name": "Ken (2)"}
    assert room.students[-1].get("/api/me").json()["rule"] == "CL-15"
    assert room.students[-2].get("/api/me").status_code == 200  # the first Ken stays
    assert room.t("POST", "remove", {"student": room.ids[0]})["name"] == "Aiko"
    base = f"/api/teacher/{room.code}/remove"
    refused(server, room.teacher, base, {"student": "Nobody"}, rule="CL-11", status=422)
    refused(server, room.teacher, base, {"student": [1]}, rule="CL-11", status=422)
    refused(server, room.teacher, base, {"student": 999}, rule="CL-5", status=404)


def test_cl_23_the_teacher_seats_a_late_joiner_in_place_of_a_bot(server, room):
    made = room.t("POST", "tables", {"game": "for_sale", "players": 4, "seed": 2})
    (table,) = made["tables"]
    late = room.add("Dai")
    assert late.ok("GET", "/api/me")["activity"] is None  # no seat: waiting for the next seating
    players = room.t("GET", "state")["tables"][0]["players"]
    bot_seat = next(i for i, p in enumerate(players) if p["bot"])
    held = next(i for i, p in enumerate(players) if not p["bot"])
    base = f"/api/teacher/{room.code}/seat"
    refused(
        server, room.teacher, base, {"student": "Dai", "table": table, "seat": held}, rule="CL-23", status=409
    )
    refused(server, room.teacher, base, {"student": "Dai", "table": 99, "seat": 0}, rule="CL-23", status=404)
    refused(
        server, room.teacher, base, {"student": "Dai", "table": table, "seat": 7}, rule="CL-23", status=422
    )
    refused(
        server, room.teacher, base, {"student": "Dai", "table": table, "seat": "Z"}, rule="CL-23", status=422
    )
    letter = "ABCD"[bot_seat]
    answer = room.t("POST", "seat", {"student": "Dai", "table": table, "seat": letter.lower()})
    assert answer == {"ok": True, "student": room.ids[-1], "name": "Dai", "table": table, "seat": bot_seat}
    screen = late.ok("GET", "/api/me")["activity"]
    assert (screen["table"], screen["seat"]) == (table, bot_seat)
    players = room.t("GET", "state")["tables"][0]["players"]
    assert players[bot_seat] == {"name": "Dai", "bot": False, "student": room.ids[-1], "absent": False}
    refused(
        server,
        room.teacher,
        base,
        {"student": "Dai", "table": table, "seat": bot_seat},
        rule="CL-23",
        status=409,
    )
    (row,) = [r for r in room.t("GET", "rows") if r["kind"] == "seat"]
    assert row["rule"] == "CL-23" and row["text"] == f"seat Dai at table {table} seat {letter}"
    # moving a seated student frees their old seat for the bot
    room.t("POST", "remove", {"student": "Aiko"})
    aiko_seat = next(i for i, p in enumerate(players) if p["student"] == room.ids[0])
    room.t("POST", "seat", {"student": "Dai", "table": table, "seat": aiko_seat})
    players = room.t("GET", "state")["tables"][0]["players"]
    assert players[aiko_seat]["name"] == "Dai" and players[bot_seat]["bot"] is True
    refused(
        server,
        room.teacher,
        base,
        {"student": "Aiko", "table": table, "seat": bot_seat},
        rule="CL-23",
        status=409,
    )


def test_cl_23_seating_needs_running_tables(server, room):
    base = f"/api/teacher/{room.code}/seat"
    refused(server, room.teacher, base, {"student": "Aiko", "table": 1, "seat": 0}, rule="CL-23", status=409)
    room.t("POST", "auction", {"format": "first_price"})
    refused(server, room.teacher, base, {"student": "Aiko", "table": 1, "seat": 0}, rule="CL-23", status=409)
    refused(
        server, room.students[0], base, {"student": "Aiko", "table": 1, "seat": 0}, rule="CL-10", status=403
    )


def test_the_teachers_state_says_who_is_here(server, room):
    students = room.t("GET", "state")["students"]
    assert [s["present"] for s in students] == [True, True, True]
    assert all(s["absent_for"] is None and len(s["rejoin"]) == CODE_LENGTH for s in students)
    assert [s["shown_name"] for s in students] == ["Aiko", "Ben", "Chiara"]
    stored = db_rows(server.db, "SELECT rejoin FROM students ORDER BY id")
    assert [s["rejoin"] for s in students] == [r["rejoin"] for r in stored]


@pytest.mark.parametrize("name", ["Aiko", "aiko", "AIKO"])
def test_cl_23_a_shown_name_is_found_whatever_its_letter_case(server, room, name):
    assert room.t("POST", "remove", {"student": name})["student"] == room.ids[0]


# ------------------------------------------------------------------ a retry after a lost answer
def test_an_action_sent_twice_with_its_id_is_stored_once(server, room):
    room.t("POST", "auction", {"format": "first_price", "rounds": 2})
    aiko, ben = room.students[0], room.students[1]
    first = aiko.ok("POST", "/api/act", {"text": "bid 25", "id": "tap-1"})
    again = aiko.ok("POST", "/api/act", {"text": "bid 25", "id": "tap-1"})
    assert first == again and again["me"]["activity"]["my_bid"] == 25
    assert (
        ben.ok("POST", "/api/act", {"text": "bid 30", "id": "tap-1"})["me"]["activity"]["my_bid"] == 30
    )  # ids are per student
    bids = [r for r in room.t("GET", "rows") if r["kind"] == "bid"]
    assert [(r["student"], r["text"], r["accepted"]) for r in bids] == [
        (room.ids[0], "bid 25", True),
        (room.ids[1], "bid 30", True),
    ]
    assert len(db_rows(server.db, "SELECT * FROM bids")) == 2
    # a refused action stores no id: sent again it is refused again, and a new id acts anew
    refused(server, aiko, "/api/act", {"text": "bid 26", "id": "tap-2"}, rule="CL-3", status=409)
    refused(server, aiko, "/api/act", {"text": "bid 26", "id": "tap-2"}, rule="CL-3", status=409)
    for bad in ("", "x" * 65, "a b", "é", 7):
        refused(server, aiko, "/api/act", {"text": "bid 26", "id": bad}, rule="CL-11", status=422)


def test_a_table_action_sent_twice_with_its_id_is_played_once(server, room):
    room.t("POST", "tables", {"game": "for_sale", "players": 3, "seed": 2})
    for student in room.students:
        screen = student.ok("GET", "/api/me")["activity"]
        if screen["legal"]:
            break
    decided = len(json.loads(room.t("GET", f"tables/{screen['table']}")["json"])["actions"])
    body = {"text": screen["legal"][0], "id": "move-7"}
    answers = [student.ok("POST", "/api/act", body) for _ in range(3)]
    assert answers[1] == answers[2]
    actions = [r for r in room.t("GET", "rows") if r["kind"] == "action"]
    assert len(actions) == 1 and actions[0]["text"] == body["text"]
    moves = json.loads(room.t("GET", f"tables/{screen['table']}")["json"])["actions"]
    assert [seat for seat, _ in moves[decided:]].count(screen["seat"]) == 1  # the seat moved once
