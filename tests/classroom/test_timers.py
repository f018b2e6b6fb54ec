"""The teacher's timer (CL-20) and pause (CL-24): on the hub with a fake clock, and over HTTP the
endpoints, their refusals (nothing changed) and what the teacher's state and a student's screen
carry (``timer``, ``deadline``, ``paused``)."""

from __future__ import annotations

import pytest

from gamekit.classroom.activities import Hub
from gamekit.classroom.presence import timer_seconds
from gamekit.classroom.store import Store

from .classroom_client import Client, db_rows, game_states, snapshot
from .test_presence import FakeClock, act, join, make_hub, rows, table_room


@pytest.fixture
def hub(tmp_path):
    made = make_hub(tmp_path / "hub.db")
    yield made
    made.store.close()


def here(hub: Hub, *joined: dict) -> None:
    for student in joined:
        hub.student_by_token(student["token"])


def test_cl_20_a_sealed_round_closes_when_its_timer_runs_out(hub):
    code = hub.create_session("t")
    aiko, ben, chiara = join(hub, code, ["Aiko", "Ben", "Chiara"])
    hub.start_auction(code, {"format": "first_price", "rounds": 2, "timer": 60})
    act(hub, aiko, "bid 35")
    hub.clock.advance(25)
    here(hub, aiko, ben, chiara)  # everyone is here: only the timer closes the round
    hub.clock.advance(25)
    here(hub, aiko, ben, chiara)
    assert hub.presence_due() == 0
    screen = hub.me(hub.student_by_token(ben["token"]))["activity"]
    assert (screen["timer"], screen["deadline"], screen["paused"]) == (60, 10.0, False)
    assert hub.state(code)["activity"]["deadline"] == 10.0
    hub.clock.advance(10)
    assert hub.presence_due() == 1
    done = hub.round_state(code)
    assert done["status"] == "closed" and done["result"]["winner"] == aiko["student"]
    assert done["result"]["bids"] == [35]  # the defaults are not bids
    defaults = rows(hub, code, kind="default")
    assert sorted((r["student"], r["text"], r["rule"], r["payoff"]) for r in defaults) == [
        (ben["student"], "no bid (timer)", "CL-20", 0),
        (chiara["student"], "no bid (timer)", "CL-20", 0),
    ]
    assert not rows(hub, code, kind="bid", student=ben["student"])
    assert db_rows(hub.store.path, "SELECT student FROM bids") == [{"student": aiko["student"]}]
    hub.next_round(code)  # the next round has its whole timer
    assert hub.me(hub.student_by_token(ben["token"]))["activity"]["deadline"] == 60.0


def test_cl_20_a_decision_at_a_table_runs_out_and_the_bot_makes_that_one(hub):
    code, (aiko,), made = table_room(hub, ["Aiko"], timer=10)
    table = made["tables"][0]
    game = hub.games[table]
    screen = hub.me(hub.student_by_token(aiko["token"]))["activity"]
    assert screen["legal"] and screen["timer"] == 10 and screen["deadline"] == 10.0
    hub.clock.advance(9)
    here(hub, aiko)
    assert hub.presence_due() == 0
    hub.clock.advance(1.5)
    here(hub, aiko)
    decided = len(game.history)
    assert hub.presence_due() == 1
    (default,) = rows(hub, code, kind="default")
    assert (default["student"], default["rule"]) == (aiko["student"], "CL-20")
    assert default["text"] == game.history[decided][1]
    screen = hub.me(hub.student_by_token(aiko["token"]))["activity"]
    if not game.is_over and screen["seat"] in game.to_act:
        assert screen["deadline"] == 10.0  # her next decision has its own whole timer
        act(hub, aiko, screen["legal"][0])  # and she makes it herself
        assert rows(hub, code, kind="action", student=aiko["student"])


def test_cl_20_the_timer_and_the_pause_are_kept_by_a_restart(tmp_path):
    first = make_hub(tmp_path / "k.db")
    code = first.create_session("t")
    aiko, _ = join(first, code, ["Aiko", "Ben"])
    first.start_auction(code, {"format": "second_price", "rounds": 2})
    assert first.set_timer(code, 45) == {"timer": 45, "paused": False, "deadline": None}
    first.pause(code)
    first.store.close()
    again = Hub(Store(tmp_path / "k.db"), clock=FakeClock())
    assert again.presence_due() == 0  # nobody's page is back yet: the session is left as it stands
    again.student_by_token(aiko["token"])  # Aiko's phone reconnects
    activity = again.state(code)["activity"]
    assert (activity["timer"], activity["paused"], activity["deadline"]) == (45, True, 45.0)
    again.clock.advance(100)
    assert again.presence_due() == 0 and again.round_state(code)["status"] == "open"
    again.resume(code)
    again.clock.advance(46)  # the timer runs out (CL-20)
    assert again.presence_due() == 1 and again.round_state(code)["status"] == "closed"
    kinds = [r["kind"] for r in again.rows(code) if r["rule"] in ("CL-20", "CL-24")]
    assert kinds == ["timer", "pause", "resume", "default", "default"]
    again.store.close()


def test_cl_24_a_pause_stops_the_timers_and_the_clock(hub):
    code = hub.create_session("t")
    aiko, ben = join(hub, code, ["Aiko", "Ben"])
    hub.start_auction(code, {"format": "first_price", "rounds": 1, "timer": 30})
    hub.clock.advance(10)
    assert hub.pause(code) == {"timer": 30, "paused": True, "deadline": 20.0}
    assert hub.pause(code)["paused"]  # pausing a paused activity changes nothing
    hub.clock.advance(500)  # and nobody counts as absent meanwhile for the round
    assert hub.presence_due() == 0 and hub.round_state(code)["status"] == "open"
    here(hub, aiko, ben)
    assert hub.me(hub.student_by_token(aiko["token"]))["activity"]["deadline"] == 20.0
    assert hub.resume(code) == {"timer": 30, "paused": False, "deadline": 20.0}
    hub.clock.advance(19)
    here(hub, aiko, ben)
    assert hub.presence_due() == 0
    hub.clock.advance(1)
    assert hub.presence_due() == 1 and hub.round_state(code)["status"] == "closed"
    # the clock: it does not rise while paused, and rises a whole tick after the resume
    hub.start_auction(code, {"format": "losers_pay_half", "rounds": 1, "tick_seconds": 2})
    hub.clock.advance(2)
    assert hub.tick_due() == 1 and hub.round_state(code)["price"] == 5
    hub.pause(code)
    hub.clock.advance(30)
    here(hub, aiko, ben)
    assert hub.tick_due() == 0 and hub.presence_due() == 0
    hub.resume(code)
    assert hub.tick_due() == 0
    hub.clock.advance(2)
    assert hub.tick_due() == 1 and hub.round_state(code)["price"] == 10


def test_cl_24_a_pause_holds_the_tables_too(hub):
    code, _, _ = table_room(hub, ["Aiko"], timer=10)
    hub.pause(code)
    hub.clock.advance(100)
    assert hub.presence_due() == 0 and hub.tables_due() == 0
    assert not rows(hub, code, kind="default")
    hub.resume(code)
    assert hub.presence_due() == 1  # gone 100 s: absent (CL-21), the bot decides for her


@pytest.mark.parametrize("value", [4, 3601, 2.5, "60", True, [60]])
def test_cl_20_a_timer_is_5_to_3600_whole_seconds_or_null(value):
    with pytest.raises(Exception, match="CL-20"):
        timer_seconds(value)
    assert timer_seconds(None) is None and timer_seconds(5) == 5 and timer_seconds(3600.0) == 3600


def refused(server, client: Client, path: str, body, *, rule: str, status: int) -> None:
    before, games = snapshot(server.db), game_states(server.db)
    response = client.post(path, body)
    assert response.status_code == status, response.text
    answer = response.json()
    assert answer["ok"] is False and answer["rule"] == rule and f"({rule})" in answer["error"], answer
    assert snapshot(server.db) == before and game_states(server.db) == games


def test_cl_20_and_cl_24_over_http(server, room):
    base = f"/api/teacher/{room.code}"
    refused(server, room.teacher, f"{base}/timer", {"seconds": 60}, rule="CL-20", status=409)  # nothing runs
    refused(server, room.teacher, f"{base}/pause", {}, rule="CL-24", status=409)
    refused(server, room.teacher, f"{base}/resume", {}, rule="CL-24", status=409)
    refused(
        server,
        room.teacher,
        f"{base}/auction",
        {"format": "first_price", "timer": 2},
        rule="CL-20",
        status=422,
    )
    room.t("POST", "auction", {"format": "first_price", "rounds": 2})
    for bad in (4, 3601, "60", 1.5, False):
        refused(server, room.teacher, f"{base}/timer", {"seconds": bad}, rule="CL-20", status=422)
    for path in ("timer", "pause", "resume"):
        refused(server, room.students[0], f"{base}/{path}", {"seconds": 60}, rule="CL-10", status=403)
    assert room.t("POST", "timer", {"seconds": 90}) == {"timer": 90, "paused": False, "deadline": None}
    activity = room.t("GET", "state")["activity"]
    assert activity["timer"] == 90 and activity["paused"] is False and 88 < activity["deadline"] <= 90
    screen = room.students[0].ok("GET", "/api/me")["activity"]
    assert screen["timer"] == 90 and 88 < screen["deadline"] <= 90 and screen["paused"] is False
    assert room.t("POST", "pause")["paused"] is True
    assert room.students[1].ok("GET", "/api/me")["activity"]["paused"] is True
    assert room.t("POST", "resume")["paused"] is False
    assert room.t("POST", "timer", {"seconds": None})["timer"] is None
    assert room.students[0].ok("GET", "/api/me")["activity"]["deadline"] is None
    texts = [(r["kind"], r["text"]) for r in room.t("GET", "rows") if r["rule"] in ("CL-20", "CL-24")]
    assert texts == [
        ("timer", "timer 90 s"),
        ("pause", "pause"),
        ("resume", "resume"),
        ("timer", "timer off"),
    ]
