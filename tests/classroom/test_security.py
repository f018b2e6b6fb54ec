"""Every classroom rule (CL-1 ... CL-15, CL-27 ... CL-29) and the engine's own rules over HTTP: a refused input
answers with the rule's ID and status, and changes nothing (the database, read through a
connection of its own, holds the same sessions, bids, tables and accepted rows; the refusal
itself is logged as a row with accepted false and its rule)."""

from __future__ import annotations

import httpx
import pytest

import gamekit
from gamekit import rules
from gamekit.classroom import ClassroomError, Limits, serve
from gamekit.classroom.security import RateLimiter, StreamPasses, clean_name

from .classroom_client import TEACHER, Class, Client, db_rows, game_states, snapshot

FAST = Limits(rate=10_000, burst=10_000, students=4, sessions=3)
HTTP_STREAM = httpx.Client(timeout=10.0, limits=httpx.Limits(max_keepalive_connections=0))


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
    assert ids[:29] == [f"CL-{n}" for n in range(1, 30)]  # the classroom's own rules, issue 25's blocks
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
        # The teacher's token has ten times the budget (30 at once here), a wrong token a student's.
        teacher = [room.teacher.get(f"/api/teacher/{room.code}/state").status_code for _ in range(40)]
        assert teacher[:27] == [200] * 27 and 429 in teacher
        wrong = {"Authorization": "Bearer not-the-teacher"}
        guesses = [
            room.teacher.get(f"/api/teacher/{room.code}/state", headers=wrong).status_code for _ in range(5)
        ]
        assert guesses[:3] == [403, 403, 403] and guesses[3:] == [429, 429]
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


# ------------------------------------------------------------------ authorisation, declared once (issue 25, item 9)
def _filled(path: str, room: Class) -> str:
    return path.format(code=room.code, table=1)


def test_every_route_declares_who_may_call_it_and_the_wrapper_enforces_it(server, room):
    """The route table is the one place that says who may call a route: every API route the app
    serves is in it, every teacher route refuses a student's token (403) and no token (401),
    every student route refuses no token and the teacher's token (401), all with nothing changed."""
    from starlette.routing import Route

    from gamekit.classroom.app import ROUTES
    from gamekit.classroom.routes import WHO

    assert server.app.state.routes is ROUTES
    declared = {endpoint.path for endpoint in ROUTES}
    served = {
        r.path for r in server.app.routes if isinstance(r, Route) and r.path.startswith(("/api/", "/qr/"))
    }
    assert served == declared and len(declared) == len(ROUTES)
    assert {endpoint.who for endpoint in ROUTES} <= set(WHO)
    student, stranger = room.students[0], Client(server.url)
    tried = {"teacher": 0, "student": 0}
    for endpoint in ROUTES:
        path = _filled(endpoint.path, room)
        for method in endpoint.methods:
            if endpoint.who == "teacher":
                refused(server, student, method, path, {}, rule="CL-10", status=403)
                refused(server, stranger, method, path, {}, rule="CL-10", status=401)
            elif endpoint.who == "student":
                refused(server, stranger, method, path, {"text": "bid 1"}, rule="CL-9", status=401)
                refused(server, room.teacher, method, path, {"text": "bid 1"}, rule="CL-9", status=401)
            else:
                continue
            tried[endpoint.who] += 1
    assert tried["teacher"] >= 12 and tried["student"] >= 4


# ------------------------------------------------------------------ bad input refused as bad input (CL-27)
def _raw(client: Client, path: str, raw: bytes):
    return client.post(path, content=raw, headers={"Content-Type": "application/json"})


@pytest.mark.parametrize(
    "raw",
    [
        b'{"text": ' + b"[" * 40 + b"1" + b"]" * 40 + b"}",  # nested past 16 levels
        b'{"text": ' + b"[" * 1900 + b"]" * 1900 + b"}",  # past the parser's own recursion limit
        b'{"text": "bid \\ud800"}',  # a lone surrogate, escaped
        b'{"text": "bid \xed\xa0\x80"}',  # a lone surrogate, as raw bytes
        b'{"text": "bid 5", "id": 18446744073709551616}',  # a whole number past 64 bits
        b'{"text": "bid 5", "pad": 1e999}',  # overflows to infinity
        b'{"text": "bid 5", "pad": NaN}',
        b'{"text": "bid 5", "pad": -Infinity}',
    ],
)
def test_cl_27_nonsense_inside_a_body_is_refused_as_bad_input(server, room, raw):
    room.t("POST", "auction", {"format": "first_price", "rounds": 1})
    before = snapshot(server.db)
    answer = _raw(room.students[0], "/api/act", raw)
    assert answer.status_code == 422 and answer.json()["rule"] == "CL-27", answer.text
    assert snapshot(server.db) == before
    assert room.students[0].ok("GET", "/api/me")["activity"]["my_bid"] is None


def test_cl_27_what_gave_500_before_is_refused_everywhere(server, room):
    """The probe's inputs at every kind of endpoint: a join, a teacher's setting, a removal, a
    title; and a table number past 64 bits in a path."""
    cases = [
        (Client(server.url), "/api/join", {"code": room.code, "name": "Ken\ud800"}),
        (room.teacher, f"/api/teacher/{room.code}/remove", {"student": 2**64}),
        (room.teacher, f"/api/teacher/{room.code}/remove", {"student": -(2**63) - 5}),
        (room.teacher, f"/api/teacher/{room.code}/auction", {"format": "first_price", "rounds": 10**30}),
        (room.teacher, "/api/teacher/sessions", {"title": "\udfff"}),
    ]
    import json as _json

    for client, path, body in cases:
        raw = _json.dumps(body).encode()  # json escapes the surrogates: \\udXXX
        before = snapshot(server.db)
        answer = _raw(client, path, raw)
        assert answer.status_code == 422 and answer.json()["rule"] == "CL-27", (path, body, answer.text)
        assert snapshot(server.db) == before
    refused(server, room.teacher, "GET", f"/api/teacher/{room.code}/tables/{2**64}", rule="CL-5", status=404)


# ------------------------------------------------------------------ names (CL-28)
@pytest.mark.parametrize(
    "name",
    [
        "Bot A",
        "bot",
        "BotC",
        "Ｂｏｔ Ｂ",
        "bot 2",
        "ボット",
        "ﾎﾞｯﾄ",
        "Robot",
        "Teacher",
        "TEACHER",
        "先生",
        "田中先生",
        "教師",
        "sensei",
        "admin",
    ],
)
def test_cl_28_a_name_that_imitates_a_bot_or_the_teacher_is_refused(server, room, name):
    answer = refused(
        server,
        Client(server.url),
        "POST",
        "/api/join",
        {"code": room.code, "name": name},
        rule="CL-28",
        status=422,
    )
    assert "choose another name" in answer["error"]


@pytest.mark.parametrize("name", ["Botan", "Abbott", "Ai", "Aiko2", "Robotics", "Kenta", "田中", "さくら"])
def test_cl_28_names_that_only_resemble_a_reserved_word_are_taken(server, room, name):
    assert Client(server.url).ok("POST", "/api/join", {"code": room.code, "name": name})["name"] == name


@pytest.mark.parametrize("limits", [Limits(rate=10_000, burst=10_000)])  # room for more than four
def test_cl_28_characters_that_draw_nothing_are_taken_out_of_names_and_titles(server, room):
    """A right-to-left override would turn "Ken" into a name read backwards on every page; a
    zero-width space makes two names that look alike differ. Both are taken out, the letters kept."""
    for typed, shown in [
        ("\u202eneK", "neK"),
        ("Ke\u200bn\u2066i\u2069", "Keni"),
        ("\ufeffMio\u00ad", "Mio"),
        ("Ri\u3164ka", "Rika"),
        ("Bo\u200bt A", None),  # what is left imitates a bot: refused (CL-28)
    ]:
        answer = Client(server.url).post("/api/join", {"code": room.code, "name": typed})
        if shown is None:
            assert answer.status_code == 422 and answer.json()["rule"] == "CL-28"
            continue
        assert answer.status_code == 200 and answer.json()["name"] == shown
        student = answer.json()["student"]
        assert [s["name"] for s in room.t("GET", "state")["students"] if s["student"] == student] == [shown]
    refused(
        server,
        Client(server.url),
        "POST",
        "/api/join",
        {"code": room.code, "name": "\u202e\u200b"},
        rule="CL-6",
        status=422,
    )
    code = room.teacher.ok("POST", "/api/teacher/sessions", {"title": "Week\u202e 3"})["code"]
    assert room.teacher.ok("GET", f"/api/teacher/{code}/state")["title"] == "Week 3"
    assert clean_name("Teacher's pet", 40, "title") == "Teacher's pet"  # only a student's name is checked


# ------------------------------------------------------------------ the teacher's stream (CL-29)
def _open(url: str, **kw) -> tuple[int, str | None, dict]:
    """Open an event stream, read its first line, close it: (status, first line, JSON if refused)."""
    with HTTP_STREAM.stream("GET", url, **kw) as stream:
        if stream.status_code != 200:
            stream.read()
            return stream.status_code, None, stream.json()
        return 200, next(stream.iter_lines()), {}


def test_cl_29_the_teacher_stream_refuses_the_token_in_its_url_and_takes_a_one_use_ticket(server, room):
    events = f"{server.url}/api/teacher/{room.code}/events"
    status, _, answer = _open(events, params={"token": TEACHER})
    assert status == 401 and answer["rule"] == "CL-29" and "never the teacher's token" in answer["error"]
    made = room.teacher.post(f"/api/teacher/{room.code}/ticket")
    assert made.status_code == 200 and made.json()["seconds"] == 60
    ticket = made.json()["ticket"]
    assert len(ticket) >= 40 and ticket != TEACHER
    assert _open(events, params={"ticket": ticket})[:2] == (200, "retry: 2000")
    status, _, answer = _open(events, params={"ticket": ticket})  # one use
    assert status == 401 and answer["rule"] == "CL-29" and "used, expired" in answer["error"]
    # a ticket opens the stream of its own session only, and a student's token is no ticket
    other = Class(server.url, [])
    foreign = room.teacher.ok("POST", f"/api/teacher/{other.code}/ticket")["ticket"]
    assert _open(events, params={"ticket": foreign})[0] == 401
    assert _open(events, params={"ticket": room.students[0].token})[2]["rule"] == "CL-29"
    # the header still opens it (a header is no URL), and a student's header does not
    assert _open(events, headers={"Authorization": f"Bearer {TEACHER}"})[0] == 200
    status, _, answer = _open(events, headers={"Authorization": f"Bearer {room.students[0].token}"})
    assert status == 403 and answer["rule"] == "CL-10"


def test_cl_29_the_ticket_call_sets_a_strict_http_only_cookie_for_that_stream_alone(server, room):
    made = room.teacher.post(f"/api/teacher/{room.code}/ticket")
    cookie = made.headers["set-cookie"]
    parts = [p.strip().lower() for p in cookie.split(";")]
    name, _, value = cookie.split(";")[0].partition("=")
    assert name == "gk_teacher_stream" and value and TEACHER not in cookie
    assert "httponly" in parts and "samesite=strict" in parts
    assert f"path=/api/teacher/{room.code.lower()}/events" in parts
    events = f"{server.url}/api/teacher/{room.code}/events"
    for _ in range(2):  # a cookie opens the stream again and again (a reconnection)
        assert _open(events, headers={"Cookie": f"{name}={value}"})[0] == 200
    other = Class(server.url, [])
    assert (
        _open(f"{server.url}/api/teacher/{other.code}/events", headers={"Cookie": f"{name}={value}"})[0]
        == 401
    )
    forged = value.split(".")[0] + "." + "0" * 64
    assert _open(events, headers={"Cookie": f"{name}={forged}"})[0] == 401


def test_cl_29_a_ticket_lasts_sixty_seconds_and_a_cookie_twelve_hours():
    clock = [1000.0]
    passes = StreamPasses("secret", clock=lambda: clock[0])
    first, second = passes.ticket("ABCDEF"), passes.ticket("ABCDEF")
    clock[0] += 59
    assert passes.redeem(first, "ABCDEF") and not passes.redeem(first, "ABCDEF")
    clock[0] += 2
    assert not passes.redeem(second, "ABCDEF")  # 61 s after it was made
    cookie = passes.cookie("ABCDEF")
    assert passes.cookie_ok(cookie, "ABCDEF") and not passes.cookie_ok(cookie, "GHJKMN")
    assert not StreamPasses("another teacher token", clock=lambda: clock[0]).cookie_ok(cookie, "ABCDEF")
    clock[0] += 12 * 3600 + 1
    assert not passes.cookie_ok(cookie, "ABCDEF")
