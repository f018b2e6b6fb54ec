"""Nothing a student can reach shows another seat's hidden state.

The approach of ``tests/view_twins.py``, over HTTP: two servers hold twins, sessions or games that
differ only in what one student may not know (another seat's hand or sealed choice, another
student's value or bid before the reveal, who dropped out of a clock). Everything that student can
read (``/api/me``, the answer to their own ``/api/act``, the event stream's versions, the pages
and the QR code) must be byte for byte the same in both, apart from the session's own code.
"""

from __future__ import annotations

import json
import random
import re

import httpx
import pytest

from gamekit.classroom import Limits, serve
from gamekit.classroom.activities import private_value
from tests import view_twins

from .classroom_client import TEACHER, Class

FAST = Limits(rate=10_000, burst=10_000, stream_seconds=1.0)


def blank(text: str, code: str) -> str:
    """An answer's text with the session's code and the student's own rejoin code blanked out."""
    return re.sub(r'"rejoin": ?"[^"]*"', '"rejoin": "REJOIN"', text.replace(code, "CODE"))


def student_sees(room: Class, i: int) -> str:
    """Everything student ``i`` can read now, as text with the session code and the student's own
    rejoin code (random, like the session's) blanked out."""
    me = room.students[i].ok("GET", "/api/me")
    page = room.students[i].get(f"/join/{room.code}").text
    return blank(json.dumps({"me": me, "page": page}, sort_keys=True), room.code)


def events_seen(url: str, token: str) -> list[str]:
    """The lines of one event stream, read to its end (``stream_seconds`` is short here)."""
    with httpx.stream("GET", f"{url}/api/events", params={"token": token}, timeout=10) as stream:
        return [line for line in stream.iter_lines() if not line.startswith(":")]


@pytest.fixture
def twin_servers(tmp_path):
    with (
        serve(tmp_path / "a.db", teacher_token=TEACHER, limits=FAST) as a,
        serve(tmp_path / "b.db", teacher_token=TEACHER, limits=FAST) as b,
    ):
        yield a, b


NAMES = ["Aiko", "Ben", "Chiara", "Dai"]


@pytest.mark.parametrize("feedback", [True, False])
def test_sealed_bids_of_others_are_hidden_until_the_reveal(twin_servers, feedback):
    rooms = [Class(server.url, NAMES) for server in twin_servers]
    for room in rooms:
        room.t("POST", "auction", {"format": "first_price", "rounds": 2, "seed": 3, "feedback": feedback})
    # the twins: the others bid differently, and different ones of them have bid (the projector
    # shows who has not bid; a student's own screen and its version show nothing of it)
    for room, bids in zip(rooms, ((10, 90, None), (None, 2, 40)), strict=True):
        for student, bid in zip(room.students[1:], bids, strict=True):
            if bid is not None:
                student.ok("POST", "/api/act", {"text": f"bid {bid}"})
    assert student_sees(rooms[0], 0) == student_sees(rooms[1], 0)
    assert [events_seen(s.url, r.students[0].token) for s, r in zip(twin_servers, rooms, strict=True)] == [
        events_seen(twin_servers[0].url, rooms[0].students[0].token)
    ] * 2
    if not feedback:  # without feedback nothing of the others is ever shown, the reveal included
        rooms[0].students[3].ok("POST", "/api/act", {"text": "bid 7"})
        rooms[1].students[1].ok("POST", "/api/act", {"text": "bid 7"})
        for room in rooms:
            room.students[0].ok("POST", "/api/act", {"text": "bid 50"})
            room.t("POST", "close") if room.t("GET", "state")["round"]["status"] == "open" else None
        assert student_sees(rooms[0], 0) == student_sees(rooms[1], 0)


def test_the_values_of_others_are_hidden(twin_servers):
    rooms = [Class(server.url, NAMES) for server in twin_servers]
    me = rooms[0].ids[0]
    # two seeds that give student 1 the same value and the others different ones
    first = 11
    second = next(
        s
        for s in range(12, 10_000)
        if private_value(s, 1, me, 0, 100) == private_value(first, 1, me, 0, 100)
        and all(
            private_value(s, 1, o, 0, 100) != private_value(first, 1, o, 0, 100) for o in rooms[0].ids[1:]
        )
    )
    for room, seed in zip(rooms, (first, second), strict=True):
        room.t("POST", "auction", {"format": "all_pay", "rounds": 1, "seed": seed, "feedback": False})
        for student in room.students[1:]:
            student.ok("POST", "/api/act", {"text": "bid 30"})
    assert student_sees(rooms[0], 0) == student_sees(rooms[1], 0)


def test_who_dropped_out_of_a_clock_is_not_shown_only_how_many_are_in(twin_servers):
    rooms = [Class(server.url, NAMES) for server in twin_servers]
    for room, leaving in zip(rooms, (1, 2), strict=True):
        room.t("POST", "auction", {"format": "losers_pay_half", "rounds": 1, "tick_seconds": 0, "seed": 2})
        room.t("POST", "tick")
        room.students[leaving].ok("POST", "/api/act", {"text": "drop"})
    seen = [json.loads(student_sees(room, 0))["me"]["activity"] for room in rooms]
    assert seen[0]["still_in"] == 3
    assert student_sees(rooms[0], 0) == student_sees(rooms[1], 0)


CASES = [
    ("for_sale", "hands", 4, 5, 6),
    ("for_sale", "sealed", 3, 9, 30),
    ("money_monsoon", "sealed", 4, 3, 12),
    ("kuhhandel", "money", 3, 4, 20),
    ("bohnanza", "hands", 3, 8, 10),
]


@pytest.mark.parametrize(("name", "kind", "players", "seed", "prefix"), CASES)
def test_a_seat_at_a_table_reads_the_same_in_twin_games(twin_servers, name, kind, players, seed, prefix):
    """Twin games are made by changing a played game's hidden state (``view_twins``), which a save
    refuses to load (its actions would not lead there); so they are put into the running servers'
    tables directly, in place of the games the seating dealt."""
    found = next(
        (seed + n, twins)
        for n in range(40)  # the first position where twins of this kind exist
        if (twins := view_twins.make_twins(name, kind, players, seed + n, prefix, seat=1)) is not None
    )
    driven = view_twins.drive(found[1], random.Random(f"drive {seed}"), max_steps=40)
    steps = driven.history  # the steps known safe; the last one may be where a rule reveals the difference
    if driven.stopped.startswith(("a rule reveals", "the pile's difference", "a seat shows")):
        steps = steps[:-1]
    fresh = view_twins.make_twins(name, kind, players, found[0], prefix, seat=1)  # undriven copies
    live = []
    for server, game in zip(twin_servers, (fresh.a, fresh.b), strict=True):
        room = Class(server.url, [f"S{i}" for i in range(players)])
        table = room.t("POST", "tables", {"game": name, "players": players, "seed": 1})["tables"][0]
        server.app.state.hub.games[table] = game
        seats = [p["student"] for p in room.t("GET", "state")["tables"][0]["players"]]
        live.append((room, [room.students[room.ids.index(student)] for student in seats]))
    (room_a, seats_a), (room_b, seats_b) = live
    watcher = room_a.ids.index(room_a.t("GET", "state")["tables"][0]["players"][fresh.seat]["student"])
    assert student_sees(room_a, watcher) == student_sees(room_b, watcher)
    for seat, text in steps[:25]:
        answers = [seats[seat].post("/api/act", {"text": text}) for seats in (seats_a, seats_b)]
        assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
        if seat == fresh.seat:
            assert blank(answers[0].text, room_a.code) == blank(answers[1].text, room_b.code)
        assert student_sees(room_a, watcher) == student_sees(room_b, watcher), (seat, text)
