"""Presence and absence (CL-21) on the hub itself, with a fake clock (no test sleeps 30 s): who is
here is memory only; a sealed round stops waiting for an absent student, the clock drops them at
its price, a bot makes their decisions at a table until they are back; each default is a row of
kind "default" naming its rule, never the student's own bid. And, over HTTP, the server's clock
thread applies absence by itself."""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from gamekit.classroom.activities import Hub
from gamekit.classroom.presence import ABSENT_SECONDS
from gamekit.classroom.store import Store

from .classroom_client import db_rows


class FakeClock:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def make_hub(path: Path) -> Hub:
    hub = Hub(Store(path), clock=FakeClock())
    return hub


@pytest.fixture
def hub(tmp_path):
    made = make_hub(tmp_path / "hub.db")
    yield made
    made.store.close()


def join(hub: Hub, code: str, names: list[str]) -> list[dict]:
    return [hub.join(code, name) for name in names]


def act(hub: Hub, joined: dict, text: str) -> dict:
    """The student sends ``text`` with their token (as a request would: it marks them seen)."""
    return hub.act(hub.student_by_token(joined["token"]), text)


def rows(hub: Hub, code: str, **where) -> list[dict]:
    return [r for r in hub.rows(code) if all(r[k] == v for k, v in where.items())]


def test_cl_21_presence_is_memory_only_and_any_request_marks_a_student_seen(hub):
    code = hub.create_session("t")
    aiko, ben = join(hub, code, ["Aiko", "Ben"])
    changes = hub.store.db.total_changes
    hub.clock.advance(ABSENT_SECONDS - 1)
    assert hub.present(aiko["student"]) and hub.absent_for(aiko["student"]) is None
    hub.student_by_token(aiko["token"])  # a request ("still here", or any other)
    hub.student_version(ben["student"], code)  # a look of an event stream the server holds open
    hub.clock.advance(2)
    # Aiko's page asked; Ben's connection proves nothing (a dead phone's stays open for minutes).
    assert hub.present(aiko["student"]) and not hub.present(ben["student"])
    hub.clock.advance(ABSENT_SECONDS)
    assert not hub.present(aiko["student"]) and hub.absent_for(aiko["student"]) == pytest.approx(32, abs=0.1)
    assert hub.store.db.total_changes == changes  # seeing a student wrote nothing
    assert hub.presence_due() == 0  # nothing running: absence changes nothing
    state = hub.state(code)
    assert [s["present"] for s in state["students"]] == [False, False]
    assert state["students"][0]["absent_for"] == pytest.approx(32, abs=0.1)


def test_cl_21_after_a_restart_every_student_counts_as_seen_at_the_start(tmp_path):
    first = make_hub(tmp_path / "r.db")
    code = first.create_session("t")
    (aiko,) = join(first, code, ["Aiko"])
    first.clock.advance(100)
    assert not first.present(aiko["student"])
    first.store.close()
    again = make_hub(tmp_path / "r.db")
    assert again.present(aiko["student"]) and not again._attended(code)
    again.clock.advance(ABSENT_SECONDS + 1)
    assert not again.present(aiko["student"])
    again.store.close()


def test_cl_21_a_sealed_round_stops_waiting_for_an_absent_student(hub):
    code = hub.create_session("t")
    aiko, ben, chiara = join(hub, code, ["Aiko", "Ben", "Chiara"])
    hub.start_auction(code, {"format": "second_price", "rounds": 2})
    hub.clock.advance(20)
    act(hub, aiko, "bid 40")
    act(hub, ben, "bid 30")
    assert hub.presence_due() == 0 and hub.round_state(code)["status"] == "open"  # Chiara gone 20 s
    assert hub.state(code)["waiting"] == ["Chiara"]
    hub.clock.advance(11)
    assert hub.state(code)["waiting"] == []  # absent: the round no longer waits for her
    assert hub.presence_due() == 1
    done = hub.round_state(code)
    assert done["status"] == "closed" and done["result"]["bids"] == [40, 30]
    assert done["result"]["winner"] == aiko["student"] and done["result"]["price"] == 30
    (default,) = rows(hub, code, kind="default")
    assert (default["student"], default["text"], default["rule"]) == (
        chiara["student"],
        "no bid (absent)",
        "CL-21",
    )
    assert default["accepted"] and default["payoff"] == 0 and default["value"] is not None
    assert not db_rows(hub.store.path, "SELECT * FROM bids WHERE student = ?", (chiara["student"],))
    screen = hub.me(hub.student_by_token(chiara["token"]))["activity"]
    assert screen["my_bid"] is None and screen["default"] == "CL-21"


def test_cl_21_a_round_with_nobody_here_and_no_bid_waits_for_the_teacher(hub):
    code = hub.create_session("t")
    join(hub, code, ["Aiko", "Ben"])
    hub.start_auction(code, {"format": "first_price", "rounds": 1})
    hub.clock.advance(ABSENT_SECONDS + 5)
    assert hub.presence_due() == 0 and hub.round_state(code)["status"] == "open"


def clock_room(hub: Hub, names: list[str]) -> tuple[str, list[dict]]:
    code = hub.create_session("t")
    joined = join(hub, code, names)
    hub.start_auction(code, {"format": "losers_pay_half", "rounds": 3, "tick_seconds": 0, "step": 10})
    return code, joined


def test_cl_21_the_clock_drops_an_absent_student_at_its_price(hub):
    code, (aiko, ben, chiara) = clock_room(hub, ["Aiko", "Ben", "Chiara"])
    for _ in range(6):
        hub.tick(code)
    assert hub.round_state(code)["price"] == 60
    hub.clock.advance(ABSENT_SECONDS + 1)  # everyone gone 31 s; Aiko and Ben come back
    hub.student_by_token(aiko["token"])
    hub.student_by_token(ben["token"])
    assert hub.presence_due() == 1
    (default,) = rows(hub, code, kind="default")
    assert (default["student"], default["text"], default["rule"]) == (
        chiara["student"],
        "drop at 60 (absent)",
        "CL-21",
    )
    assert db_rows(
        hub.store.path, "SELECT amount, rule FROM bids WHERE student = ?", (chiara["student"],)
    ) == [{"amount": 60, "rule": "CL-21"}]
    assert hub.round_state(code)["status"] == "open"  # two still in
    act(hub, ben, "drop")
    done = hub.round_state(code)["result"]
    assert done["winner"] == aiko["student"] and done["price"] == 60
    assert done["bids"] == [60] and done["defaults"] == {str(chiara["student"]): 60}  # Ben's drop only
    assert done["payoffs"][str(chiara["student"])] == -(60 - 30)  # pays as a drop does (CL-16)
    assert rows(hub, code, kind="default")[0]["payoff"] == -30


def test_cl_21_an_absent_student_never_wins_the_clock(hub):
    """The issue's case: the student who had gone won the losers-pay-half clock."""
    code, (aiko, ben) = clock_room(hub, ["Aiko", "Ben"])
    hub.tick(code)
    hub.clock.advance(ABSENT_SECONDS + 1)
    hub.student_by_token(ben["token"])
    hub.presence_due()
    result = hub.round_state(code)["result"]
    assert result["winner"] == ben["student"] and result["price"] == 10
    hub.next_round(code)
    hub.clock.advance(ABSENT_SECONDS + 1)  # both gone: nobody wins
    hub.presence_due()
    result = hub.round_state(code)["result"]
    assert result["winner"] is None and len(result["defaults"]) == 2
    hub.next_round(code)  # the teacher closes with one absent student still in: dropped first
    hub.clock.advance(ABSENT_SECONDS + 1)
    hub.student_by_token(aiko["token"])
    hub.close(code)
    assert hub.round_state(code)["result"]["winner"] == aiko["student"]


EVENTS = st.lists(
    st.one_of(
        st.tuples(st.just("advance"), st.sampled_from([1.0, 5.0, 20.0, 31.0])),
        st.tuples(st.just("seen"), st.integers(0, 3)),
        st.tuples(st.just("drop"), st.integers(0, 3)),
        st.tuples(st.just("tick"), st.just(0)),
        st.tuples(st.just("due"), st.just(0)),
        st.tuples(st.just("close"), st.just(0)),
        st.tuples(st.just("next"), st.just(0)),
        st.tuples(st.just("due"), st.just(0)),
        st.tuples(st.just("advance"), st.just(31.0)),
    ),
    min_size=10,
    max_size=40,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events=EVENTS)
def test_no_absent_student_ever_wins_the_clock_and_no_default_is_their_own_drop(events):
    with tempfile.TemporaryDirectory() as folder:
        hub = make_hub(Path(folder) / "p.db")
        try:
            code, joined = clock_room(hub, ["A", "B", "C", "D"])
            for kind, arg in events:
                status = hub.round_state(code)["status"]
                if kind == "advance":
                    hub.clock.advance(arg)
                elif kind == "seen":
                    hub.student_by_token(joined[arg]["token"])
                elif kind == "drop" and status == "open":
                    try:
                        act(hub, joined[arg], "drop")
                    except Exception as error:  # dropped already (CL-3), or the round closed (CL-2)
                        assert getattr(error, "rule_id", None) in ("CL-2", "CL-3")
                elif kind == "tick" and status == "open":
                    hub.tick(code)
                elif kind == "due":
                    hub.presence_due()
                elif kind == "close" and status == "open":
                    hub.close(code)
                elif kind == "next" and status == "closed" and hub.round_state(code)["round"] < 3:
                    hub.next_round(code)
                state = hub.round_state(code)
                if status == "open" and state["status"] == "closed" and state["result"]["winner"] is not None:
                    activity = hub.state(code)["activity"]["id"]
                    assert hub.here(state["result"]["winner"], activity)  # the winner is here at the close
                    event("a round closed with a winner")
            defaults = {(r["round"], r["student"]) for r in rows(hub, code, kind="default")}
            event(f"defaults stored: {bool(defaults)}")
            own = {
                (r["round"], r["student"]) for r in rows(hub, code) if r["kind"] in ("drop", "win", "stopped")
            }
            assert not defaults & own
            stored = db_rows(
                hub.store.path,
                "SELECT b.student, r.number, b.rule FROM bids b JOIN rounds r ON r.id = b.round",
            )
            assert {(b["number"], b["student"]) for b in stored if b["rule"]} == defaults
        finally:
            hub.store.close()


SEALED_EVENTS = st.lists(
    st.one_of(
        st.tuples(st.just("advance"), st.sampled_from([1.0, 5.0, 20.0, 31.0, 61.0])),
        st.tuples(st.just("seen"), st.integers(0, 3)),
        st.tuples(st.just("bid"), st.tuples(st.integers(0, 3), st.integers(0, 100))),
        st.tuples(st.just("due"), st.just(0)),
        st.tuples(st.just("close"), st.just(0)),
        st.tuples(st.just("next"), st.just(0)),
        st.tuples(st.just("due"), st.just(0)),
        st.tuples(st.just("advance"), st.just(31.0)),
    ),
    min_size=10,
    max_size=40,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events=SEALED_EVENTS, timer=st.sampled_from([None, 10, 60]))
def test_a_default_is_never_stored_as_the_students_own_bid(events, timer):
    with tempfile.TemporaryDirectory() as folder:
        hub = make_hub(Path(folder) / "s.db")
        try:
            code = hub.create_session("t")
            joined = join(hub, code, ["A", "B", "C", "D"])
            hub.start_auction(code, {"format": "all_pay", "rounds": 3, "timer": timer})
            for kind, arg in events:
                status = hub.round_state(code)["status"]
                if kind == "advance":
                    hub.clock.advance(arg)
                elif kind == "seen":
                    hub.student_by_token(joined[arg]["token"])
                elif kind == "bid":
                    try:
                        act(hub, joined[arg[0]], f"bid {arg[1]}")
                    except Exception as error:  # bid already (CL-3), or the round closed (CL-2)
                        assert getattr(error, "rule_id", None) in ("CL-2", "CL-3")
                elif kind == "due":
                    hub.presence_due()
                elif kind == "close" and status == "open":
                    hub.close(code)
                elif kind == "next" and status == "closed" and hub.round_state(code)["round"] < 3:
                    hub.next_round(code)
            bids = {(r["round"], r["student"]): r for r in rows(hub, code, kind="bid", accepted=True)}
            defaults = {(r["round"], r["student"]): r for r in rows(hub, code, kind="default")}
            assert not bids.keys() & defaults.keys()
            event(f"defaults stored: {bool(defaults)}")
            assert all(
                r["text"] in ("no bid (timer)", "no bid (absent)") and r["payoff"] == 0
                for r in defaults.values()
            )
            assert all(r["rule"] == ("CL-20" if "timer" in r["text"] else "CL-21") for r in defaults.values())
            assert timer is not None or all(r["rule"] == "CL-21" for r in defaults.values())
            stored = db_rows(
                hub.store.path,
                "SELECT b.student, r.number, b.rule FROM bids b JOIN rounds r ON r.id = b.round",
            )
            assert {(b["number"], b["student"]) for b in stored} == bids.keys() and not any(
                b["rule"] for b in stored
            )
            for number in range(1, 4):
                found = db_rows(hub.store.path, "SELECT result FROM rounds WHERE number = ?", (number,))
                if found and found[0]["result"]:
                    result = json.loads(found[0]["result"])
                    own = sorted(
                        (int(r["text"].split()[1]) for k, r in bids.items() if k[0] == number), reverse=True
                    )
                    assert result["bids"] == own and result["defaults"] == {}
        finally:
            hub.store.close()


def table_room(hub: Hub, names: list[str], **extra) -> tuple[str, list[dict], dict]:
    code = hub.create_session("t")
    joined = join(hub, code, names)
    made = hub.start_tables(code, {"game": "for_sale", "players": 3, "bots": "random", "seed": 3, **extra})
    return code, joined, made


def test_cl_21_a_bot_decides_for_an_absent_student_who_takes_the_seat_back(hub):
    code, (aiko,), made = table_room(hub, ["Aiko"])
    table = made["tables"][0]
    game = hub.games[table]
    assert hub.me(hub.student_by_token(aiko["token"]))["activity"]["legal"]  # Aiko to decide
    assert hub.presence_due() == 0
    hub.clock.advance(ABSENT_SECONDS + 1)
    seat = hub.state(code)["tables"][0]["players"]
    assert [p["absent"] for p in seat if p["student"] == aiko["student"]] == [True]
    assert hub.state(code)["waiting"] == []
    assert hub.presence_due() == 1
    defaults = rows(hub, code, kind="default")
    assert defaults and all(r["student"] == aiko["student"] and r["rule"] == "CL-21" for r in defaults)
    assert not rows(hub, code, kind="action")  # never stored as her own action
    assert game.is_over  # nobody else to wait for: the bots and the defaults played it out
    assert hub.me(hub.student_by_token(aiko["token"]))["activity"]["table"] == table  # her seat still


def test_cl_21_back_at_the_table_the_student_decides_again(hub):
    code, (aiko, ben), made = table_room(hub, ["Aiko", "Ben"], seed=5)
    hub.clock.advance(ABSENT_SECONDS + 1)
    hub.student_by_token(ben["token"])  # Ben is here, Aiko is not
    game = hub.games[made["tables"][0]]
    for _ in range(200):  # Ben plays; whenever Aiko is to decide, the bot decides for her
        hub.presence_due()
        screen = hub.me(hub.student_by_token(ben["token"]))["activity"]
        if game.is_over or not screen["legal"]:
            break
        act(hub, ben, screen["legal"][0])
    defaults = rows(hub, code, kind="default")
    assert defaults and {r["student"] for r in defaults} == {aiko["student"]}
    assert {r["student"] for r in rows(hub, code, kind="action")} <= {ben["student"]}
    me = hub.me(hub.student_by_token(aiko["token"]))["activity"]  # Aiko is back, at her seat
    assert me["players"][me["seat"]]["absent"] is False
    hub.presence_due()
    assert len(rows(hub, code, kind="default")) == len(defaults)  # nothing more decided for her
    assert game.is_over or me["seat"] not in game.to_act or me["legal"]


def test_the_servers_clock_thread_applies_absence_by_itself(server, room):
    """Over HTTP with a 5 s timer (absent after 5 s): the clock thread closes the round."""
    room.t("POST", "auction", {"format": "first_price", "rounds": 1, "timer": 5})
    room.students[0].ok("POST", "/api/act", {"text": "bid 10"})
    deadline = time.monotonic() + 20
    while room.t("GET", "state")["round"]["status"] == "open" and time.monotonic() < deadline:
        time.sleep(0.25)
    state = room.t("GET", "state")
    assert state["round"]["status"] == "closed"
    # the two who did not bid: by the timer, or absent (gone as long as the timer) if that came first
    defaults = [r for r in room.t("GET", "rows") if r["kind"] == "default"]
    assert sorted(r["student"] for r in defaults) == room.ids[1:]
    assert all(
        (r["rule"], r["text"]) in {("CL-20", "no bid (timer)"), ("CL-21", "no bid (absent)")}
        for r in defaults
    )
    assert json.loads(json.dumps(state))["activity"]["timer"] == 5


def test_cl_21_no_at_any_time_point_waits_for_an_absent_student(hub):
    """CL-17's point waits for a student who may harvest; once she is absent it waits no longer."""
    code = hub.create_session("t")
    (aiko,) = join(hub, code, ["Aiko"])
    body = {"game": "bohnanza", "players": 4, "bots": "planter", "seed": 0, "any_time_seconds": 300}
    table = hub.start_tables(code, body)["tables"][0]
    for _ in range(200):  # Aiko plays her own decisions until a bot's decision waits for her
        screen = hub.me(hub.student_by_token(aiko["token"]))["activity"]
        if screen["any_time"] is not None:
            break
        act(hub, aiko, screen["legal"][0])
    assert screen["any_time"] is not None and hub.state(code)["waiting"] == ["Aiko"]
    decided = len(hub.games[table].history)
    hub.clock.advance(20)
    assert hub.tables_due() == 0 and len(hub.games[table].history) == decided  # she is here: 300 s
    hub.clock.advance(ABSENT_SECONDS - 19)
    assert hub.state(code)["waiting"] == []
    assert hub.tables_due() == 1 and len(hub.games[table].history) > decided
    assert not [r for r in rows(hub, code, kind="pass") if r["student"] == aiko["student"]]  # no pass of hers


def test_a_database_from_before_presence_gets_its_columns_and_rejoin_codes(tmp_path):
    import sqlite3

    from gamekit.classroom.store import SCHEMA

    path = tmp_path / "old.db"
    old = sqlite3.connect(path)
    old.executescript(
        SCHEMA.replace("CREATE TABLE IF NOT EXISTS revoked", "CREATE TABLE IF NOT EXISTS unused")
    )
    old.execute("INSERT INTO sessions (code, title, seed, created) VALUES ('ACDEFG', 't', 0, 'then')")
    old.execute(
        "INSERT INTO students (session, name, lang, token, joined) VALUES ('ACDEFG', 'Ken', 'en', 'tk', 'then')"
    )
    old.commit()
    old.close()
    hub = make_hub(path)
    try:
        (student,) = db_rows(path, "SELECT * FROM students")
        assert len(student["rejoin"]) == 6
        assert (
            "rule" in db_rows(path, "SELECT * FROM pragma_table_info('bids') WHERE name = 'rule'")[0]["name"]
        )
        assert hub.join("ACDEFG", "ken")["name"] == "ken (2)"
        assert hub.rejoin("ACDEFG", student["rejoin"])["student"] == student["id"]
    finally:
        hub.store.close()


def test_cl_21_only_the_pages_own_requests_keep_a_student_present(tmp_path):
    """Over HTTP, a 5 s timer (absent after MIN_ABSENT_SECONDS, two missed beats): Aiko's page
    says "still here" (POST /api/here) as an open page does; Ben's event stream stays open but his
    page sends nothing, as a phone whose battery died; Chiara has gone. After the absence time
    Aiko is present and the other two are absent."""
    import httpx

    from gamekit.classroom import Limits, serve
    from gamekit.classroom.presence import HERE_SECONDS, MIN_ABSENT_SECONDS

    from .classroom_client import TEACHER
    from .classroom_client import Class as Room

    assert MIN_ABSENT_SECONDS > 2 * HERE_SECONDS
    limits = Limits(rate=10_000, burst=10_000, heartbeat=0.3)
    with serve(tmp_path / "s.db", teacher_token=TEACHER, limits=limits) as server:
        room = Room(server.url, ["Aiko", "Ben", "Chiara"])
        room.t("POST", "auction", {"format": "first_price", "rounds": 1, "timer": 5})
        started = time.monotonic()
        aiko = room.students[0].headers
        with httpx.stream(
            "GET", f"{server.url}/api/events", headers=room.students[1].headers, timeout=10
        ) as stream:
            beat = 0.0
            for _ in stream.iter_lines():  # the server's heartbeat every 0.3 s
                now = time.monotonic() - started
                if now - beat >= HERE_SECONDS:
                    answer = httpx.post(f"{server.url}/api/here", headers=aiko, json={}, timeout=10)
                    assert answer.status_code == 200 and answer.json()["ok"] is True
                    beat = now
                if now > MIN_ABSENT_SECONDS + 1.5:
                    break
            students = room.t("GET", "state")["students"]
        assert [s["present"] for s in students] == [True, False, False]
        assert students[0]["absent_for"] is None
        assert all(s["absent_for"] > MIN_ABSENT_SECONDS for s in students[1:])
