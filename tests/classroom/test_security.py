"""Every classroom rule (CL-1 ... CL-15) and the engine's own rules over HTTP: a refused input
answers with the rule's ID and status, and changes nothing (the database, read through a
connection of its own, holds the same sessions, bids, tables and accepted rows; the refusal
itself is logged as a row with accepted false and its rule)."""

from __future__ import annotations

import pytest

import gamekit
from gamekit import rules
from gamekit.classroom import ClassroomError, Limits, serve
from gamekit.classroom.security import RateLimiter, clean_name

from .classroom_client import TEACHER, Class, Client, db_rows, game_states, snapshot

FAST = Limits(rate=10_000, burst=10_000, students=4, sessions=3)


@pytest.fixture
def limits():
    """Room for four students and three sessions, so that CL-13's limits are reached quickly."""
    return FAST


def refused(server, client: Client, method: str, path: str, body=None, *, rule: str, status: int = 409, **kw):
    """The call is refused with ``rule`` and ``status``, and the database is as it was."""
    before, games = snapshot(server.db), game_states(server.db)
    response = client.get(path, **kw) if method == "GET" else client.post(path, body, **kw)
    assert response.status_code == status, response.text
    answer = response.json()
    assert answer["ok"] is False and answer["rule"] == rule and f"({rule})" in answer["error"], answer
    assert snapshot(server.db) == before and game_states(server.db) == games
    return answer


def last_refusal(server) -> dict:
    return db_rows(server.db, "SELECT * FROM rows WHERE accepted = 0 ORDER BY id DESC LIMIT 1")[0]


def test_every_classroom_rule_is_in_the_rules_reference():
    found = rules.all_rules("classroom")
    ids = [r.id for r in found]
    assert ids[:24] == [f"CL-{n}" for n in range(1, 25)]  # the classroom's own rules, then issue 25's blocks
    assert {"CL-30", "CL-31", "CL-32"} <= set(ids)
    assert all(r.kind == "convention" and r.why for r in found)
    assert str(rules.get("CL-1")).startswith("CL-1  A bid is a whole number")
    assert rules.cited("refused (CL-12)") == ["CL-12"]
    with pytest.raises(KeyError):
        ClassroomError("CL-99", "no such rule")


def test_cl_1_a_bid_outside_the_range_or_not_whole_is_refused(server, room):
    room.t("POST", "auction", {"format": "first_price", "rounds": 1, "low": 10, "high": 50})
    for text in ("bid 51", "bid 9", "bid -1", "bid 12.5", "bid nan", "bid 1e9"):
        refused(server, room.students[0], "POST", "/api/act", {"text": text}, rule="CL-1")
    row = last_refusal(server)
    assert row["rule"] == "CL-1" and row["kind"] == "bid" and row["name"] == "Aiko"
    assert room.students[0].ok("GET", "/api/me")["activity"]["my_bid"] is None


def test_cl_2_nothing_is_taken_once_the_round_closed(server, room):
    room.t("POST", "auction", {"format": "first_price", "rounds": 2})
    room.t("POST", "close")
    refused(server, room.students[0], "POST", "/api/act", {"text": "bid 5"}, rule="CL-2")
    refused(server, room.teacher, "POST", f"/api/teacher/{room.code}/close", rule="CL-2")


def test_cl_3_a_sealed_bid_is_final_and_a_drop_out_too(server, room):
    room.t("POST", "auction", {"format": "first_price", "rounds": 1})
    room.students[0].ok("POST", "/api/act", {"text": "bid 5"})
    refused(server, room.students[0], "POST", "/api/act", {"text": "bid 6"}, rule="CL-3")
    room.t("POST", "auction", {"format": "losers_pay_half", "rounds": 1, "tick_seconds": 0})
    room.students[0].ok("POST", "/api/act", {"text": "drop"})
    refused(server, room.students[0], "POST", "/api/act", {"text": "drop"}, rule="CL-3")


def test_cl_4_a_student_acts_only_on_their_own_turn(server, room):
    room.t("POST", "tables", {"game": "for_sale", "players": 3, "seed": 2})
    screens = [s.ok("GET", "/api/me")["activity"] for s in room.students]
    waiting = next(i for i, a in enumerate(screens) if a["seat"] not in a["to_act"])
    acting = screens[next(i for i, a in enumerate(screens) if a["seat"] in a["to_act"])]
    refused(server, room.students[waiting], "POST", "/api/act", {"text": acting["legal"][0]}, rule="CL-4")
    late = room.add("Late")
    refused(server, late, "POST", "/api/act", {"text": "pass"}, rule="CL-4")


def test_an_action_the_game_forbids_names_the_games_rule_and_changes_nothing(server, room):
    room.t("POST", "tables", {"game": "for_sale", "players": 3, "seed": 2})
    screens = [s.ok("GET", "/api/me")["activity"] for s in room.students]
    i = next(i for i, a in enumerate(screens) if a["seat"] in a["to_act"])
    answer = refused(server, room.students[i], "POST", "/api/act", {"text": "bid 0"}, rule="FS-B3")
    assert answer["error"] == str(gamekit.IllegalAction(answer["error"]))
    refused(server, room.students[i], "POST", "/api/act", {"text": "fly away"}, rule="FS-B2")


def test_cl_5_unknown_codes_sessions_and_tables_are_refused(server, room):
    refused(
        server,
        Client(server.url),
        "POST",
        "/api/join",
        {"code": "XXXXXX", "name": "A"},
        rule="CL-5",
        status=404,
    )
    refused(
        server, Client(server.url), "POST", "/api/join", {"code": 7, "name": "A"}, rule="CL-5", status=422
    )
    refused(server, room.teacher, "GET", "/api/teacher/XXXXXX/state", rule="CL-5", status=404)
    refused(server, room.teacher, "GET", f"/api/teacher/{room.code}/tables/99", rule="CL-5", status=404)
    refused(
        server,
        room.teacher,
        "POST",
        f"/api/teacher/{room.code}/remove",
        {"student": 999},
        rule="CL-5",
        status=404,
    )


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, "a\x00b", 7, None])
def test_cl_6_names_are_1_to_40_characters_of_text(server, room, name):
    refused(
        server,
        Client(server.url),
        "POST",
        "/api/join",
        {"code": room.code, "name": name},
        rule="CL-6",
        status=422,
    )


def test_cl_6_titles_are_bounded_too(server):
    teacher = Client(server.url, TEACHER)
    refused(server, teacher, "POST", "/api/teacher/sessions", {"title": "t" * 81}, rule="CL-6", status=422)
    assert clean_name("  a \t b ", 40) == "a b"


def test_cl_7_a_session_and_a_server_hold_a_bounded_number(server, room):
    room.add("Dai")  # the fourth of FAST's four
    refused(server, Client(server.url), "POST", "/api/join", {"code": room.code, "name": "Eri"}, rule="CL-7")
    Class(server.url, [])
    Class(server.url, [])
    refused(server, room.teacher, "POST", "/api/teacher/sessions", {"title": "fourth"}, rule="CL-7")


def test_cl_8_the_text_must_fit_the_activity(server, room):
    refused(server, room.students[0], "POST", "/api/act", {"text": "bid 5"}, rule="CL-8")
    room.t("POST", "auction", {"format": "first_price", "rounds": 1})
    refused(server, room.students[0], "POST", "/api/act", {"text": "drop"}, rule="CL-8")
    room.t("POST", "auction", {"format": "losers_pay_half", "rounds": 1, "tick_seconds": 0})
    refused(server, room.students[0], "POST", "/api/act", {"text": "bid 5"}, rule="CL-8")


def test_cl_9_student_calls_need_a_valid_token(server, room):
    for client in (Client(server.url), Client(server.url, "not-a-token")):
        refused(server, client, "GET", "/api/me", rule="CL-9", status=401)
        refused(server, client, "POST", "/api/act", {"text": "bid 1"}, rule="CL-9", status=401)
    refused(server, room.teacher, "GET", "/api/me", rule="CL-9", status=401)


def test_cl_10_teacher_calls_refuse_student_tokens(server, room):
    student = room.students[0]
    for method, what in [
        ("GET", "state"),
        ("GET", "rows"),
        ("GET", "tables/1"),
        ("POST", "auction"),
        ("POST", "close"),
        ("POST", "next"),
        ("POST", "tick"),
        ("POST", "tables"),
        ("POST", "remove"),
    ]:
        refused(server, student, method, f"/api/teacher/{room.code}/{what}", {}, rule="CL-10", status=403)
    refused(server, student, "POST", "/api/teacher/sessions", {"title": "mine"}, rule="CL-10", status=403)
    refused(server, Client(server.url), "GET", f"/api/teacher/{room.code}/state", rule="CL-10", status=401)


def test_cl_11_bodies_are_small_json_objects(server, room):
    student = room.students[0]
    big = {"text": "bid 1", "pad": "x" * 5000}
    refused(server, student, "POST", "/api/act", big, rule="CL-11", status=413)
    refused(server, student, "POST", "/api/act", content=b"{not json", rule="CL-11", status=422)
    refused(server, student, "POST", "/api/act", [1, 2], rule="CL-11", status=422)
    refused(server, student, "POST", "/api/act", {"text": ["bid 1"]}, rule="CL-11", status=422)
    refused(
        server,
        room.teacher,
        "POST",
        f"/api/teacher/{room.code}/remove",
        {"student": "1"},
        rule="CL-11",
        status=422,
    )


def test_cl_12_requests_beyond_the_rate_get_429_with_retry_after(tmp_path):
    with serve(tmp_path / "rate.db", teacher_token=TEACHER, limits=Limits(rate=0.5, burst=3)) as server:
        server.db = tmp_path / "rate.db"
        room = Class(server.url, ["Aiko"])
        student = room.students[0]
        statuses = [student.get("/api/me").status_code for _ in range(5)]
        assert statuses[:3] == [200, 200, 200] and statuses[3:] == [429, 429]
        answer = refused(server, student, "GET", "/api/me", rule="CL-12", status=429)
        assert "too many requests" in answer["error"]
        assert int(student.get("/api/me").headers["retry-after"]) >= 1
        assert room.teacher.get(f"/api/teacher/{room.code}/state").status_code == 200  # a bucket per token
    clock = [0.0]
    limiter = RateLimiter(rate=2, burst=2, clock=lambda: clock[0])
    limiter.take("k")
    limiter.take("k")
    with pytest.raises(ClassroomError, match=r"CL-12") as caught:
        limiter.take("k")
    assert caught.value.status == 429 and caught.value.retry_after == pytest.approx(0.5)
    clock[0] = 0.5
    limiter.take("k")


def test_cl_13_event_streams_are_bounded_per_token(tmp_path):
    limits = Limits(rate=10_000, burst=10_000, streams=1, stream_seconds=5.0)
    with serve(tmp_path / "sse.db", teacher_token=TEACHER, limits=limits) as server:
        server.db = tmp_path / "sse.db"
        room = Class(server.url, ["Aiko"])
        student = room.students[0]
        import httpx

        with httpx.Client(timeout=10) as http:
            url = f"{server.url}/api/events?token={student.token}"
            with http.stream("GET", url) as stream:
                assert stream.status_code == 200
                lines = stream.iter_lines()
                assert next(lines) == "retry: 2000"
                second = refused(server, student, "GET", "/api/events", rule="CL-13", status=429)
                assert "event streams" in second["error"]
            # the stream closed: the token may open one again
            with http.stream("GET", url) as again:
                assert again.status_code == 200


def test_cl_14_teacher_settings_are_checked_before_anything_starts(server, room):
    path = f"/api/teacher/{room.code}"
    for body in (
        {"format": "dutch"},
        {"format": "first_price", "rounds": 0},
        {"format": "first_price", "rounds": 101},
        {"format": "first_price", "low": 50, "high": 50},
        {"format": "first_price", "feedback": "yes"},
        {"format": "losers_pay_half", "tick_seconds": -1},
    ):
        refused(server, room.teacher, "POST", f"{path}/auction", body, rule="CL-14", status=422)
    for body in (
        {"game": "chess"},
        {"game": "for_sale", "players": 7},
        {"game": "money_monsoon", "players": 3},
        {"game": "for_sale", "bots": "no_such_bot"},
        {"game": "for_sale", "options": {"edition": "nope"}},
    ):
        refused(server, room.teacher, "POST", f"{path}/tables", body, rule="CL-14", status=422)
    refused(server, room.teacher, "POST", f"{path}/next", rule="CL-14")
    room.t("POST", "auction", {"format": "first_price", "rounds": 1})
    refused(server, room.teacher, "POST", f"{path}/next", rule="CL-14")
    refused(server, room.teacher, "POST", f"{path}/tick", rule="CL-14")
    room.t("POST", "close")
    refused(server, room.teacher, "POST", f"{path}/next", rule="CL-14")
    empty = Class(server.url, [])
    refused(
        server, empty.teacher, "POST", f"/api/teacher/{empty.code}/tables", {"game": "for_sale"}, rule="CL-14"
    )


def test_cl_15_a_student_who_left_is_out(server, room):
    room.t("POST", "auction", {"format": "first_price", "rounds": 1})
    room.students[1].ok("POST", "/api/act", {"text": "bid 3"})
    room.students[2].ok("POST", "/api/act", {"text": "bid 4"})
    room.students[0].ok("POST", "/api/leave")
    # the round stopped waiting for the one who left: all who are left have bid
    assert room.t("GET", "state")["round"]["status"] == "closed"
    refused(server, room.students[0], "GET", "/api/me", rule="CL-15", status=401)
    refused(server, room.students[0], "POST", "/api/act", {"text": "bid 1"}, rule="CL-15", status=401)
    assert [s["left"] for s in room.t("GET", "state")["students"]] == [True, False, False]
