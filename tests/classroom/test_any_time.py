"""CL-17 over HTTP on 127.0.0.1: a Bohnanza table waits, before each bot decision, for the student
who may act at any time (BO-H1; BO-T6's pause before a reshuffling draw among these points)
until they act and pass, or the room's time is up; counted again from the game's record."""

from __future__ import annotations

import json
import random

import pytest

import gamekit
from gamekit.teach import any_time_points, any_time_reach

from ..any_time_person import ACT_SHARE
from .classroom_client import Class, Client

GAMES = 3  # per test run; the 20-game figures are the same loop with GAMES = 20


def play_student(
    room: Class, student: Client, seed: int, limit: int = 5000
) -> tuple[gamekit.Game, int, list]:
    """The scripted person of tests/any_time_person.py at a classroom table, through the API:
    their own decisions at random, now and then an "at any time" action, else ``pass``. Every
    screen that offers the point is recorded as (history index, seat), the index read from the
    teacher's table JSON."""
    rng, offered = random.Random(seed), []
    for _ in range(limit):  # far above a game's requests: a loop that cannot end fails
        screen = student.ok("GET", "/api/me")["activity"]
        if screen["result"] is not None:
            saved = room.t("GET", f"tables/{screen['table']}")["json"]
            return gamekit.load_game(saved), screen["seat"], offered
        seat, legal = screen["seat"], screen["legal"]
        if seat in screen["to_act"]:
            text = rng.choice(legal)
        else:
            assert screen["any_time"] is not None and legal[-1] == "pass", screen  # only a point stops bots
            actions = json.loads(room.t("GET", f"tables/{screen['table']}")["json"])["actions"]
            offered.append((len(actions), seat))
            text = rng.choice(legal[:-1]) if rng.random() < ACT_SHARE else "pass"
        student.ok("POST", "/api/act", {"text": text})
    raise AssertionError("the game did not end")


def test_cl_17_every_at_any_time_point_of_seeded_games_reaches_the_student(server):
    points = reached = draws = 0
    for seed in range(GAMES):
        room = Class(server.url, [f"S{seed}"])
        body = {"game": "bohnanza", "players": 4, "bots": "planter", "seed": seed, "any_time_seconds": 300}
        room.t("POST", "tables", body)
        game, seat, offered = play_student(room, room.students[0], seed)
        found, hit = any_time_reach(game, [seat], offered)
        points, reached = points + found, reached + hit
        reshuffles = reshuffling_decisions(game)
        draws += sum(end in reshuffles for _, end, _ in any_time_points(game, [seat]))
        room.close()
    assert points > 100 and reached == points and draws > 0


def reshuffling_decisions(game: gamekit.Game) -> set[int]:
    """History indices of the decisions after which the deck ran out (BO-D1): the points before
    them are BO-T6's pauses "so everyone may harvest first" (a draw, or the stop before a turn-up)."""
    twin, found = gamekit.replay(game.setup, []), set()
    for index, (seat, text) in enumerate(game.history):
        before = twin.exhaustions
        twin.act(seat, text)
        if twin.exhaustions > before:
            found.add(index)
    return found


def wait_for(condition, seconds: float = 20.0):
    """Poll ``condition`` every 0.05 s until it gives something true, at most ``seconds``."""
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"not within {seconds} s")


def test_cl_17_a_point_passes_by_itself_when_the_rooms_time_is_up(server):
    # the student never answers: each point waits about 0.2 s, then the server's clock thread
    # passes it for them, and the table reaches the student's next own decision
    room = Class(server.url, ["Idle"])
    body = {"game": "bohnanza", "players": 3, "bots": "planter", "seed": 5, "any_time_seconds": 0.2}
    room.t("POST", "tables", body)
    student = room.students[0]
    for _ in range(8):  # the student's own decisions: always the first legal one
        screen = wait_for(
            lambda: (a := student.ok("GET", "/api/me")["activity"])["seat"] in a["to_act"] and a
        )
        student.ok("POST", "/api/act", {"text": screen["legal"][0]})
    timed_out = wait_for(lambda: [r for r in room.t("GET", "rows") if r["text"] == "pass (time)"])
    assert all(r["kind"] == "pass" and r["name"] == "Idle" and r["accepted"] for r in timed_out)
    room.close()


def test_cl_17_pass_only_at_a_point_and_bad_waits_are_refused(server):
    from .test_security import refused

    room = Class(server.url, ["Ana", "Bo"])
    bad = {"game": "bohnanza", "players": 3, "seed": 5, "any_time_seconds": -1}
    answer = room.teacher.post(f"/api/teacher/{room.code}/tables", bad)
    assert (
        answer.status_code == 422 and "(CL-14)" in answer.text and room.t("GET", "state")["activity"] is None
    )
    room.t("POST", "tables", bad | {"any_time_seconds": 300})
    screens = [s.ok("GET", "/api/me")["activity"] for s in room.students]
    acting = next(i for i, a in enumerate(screens) if a["seat"] in a["to_act"])
    # at the student's own decision "pass" is the game's text, which Bohnanza does not read there:
    # the server refuses it with the engine's own rule for that decision
    table = json.loads(room.t("GET", f"tables/{screens[acting]['table']}")["json"])
    with pytest.raises(gamekit.IllegalAction) as engine:
        gamekit.load_game(json.dumps(table)).act(screens[acting]["seat"], "pass")
    answer = refused(
        server, room.students[acting], "POST", "/api/act", {"text": "pass"}, rule=engine.value.rule.id
    )
    assert "pass" in answer["error"]
    room.close()


def test_cl_17_a_table_left_at_a_point_offers_it_again_after_a_restart(tmp_path):
    from gamekit.classroom import Limits, serve

    from .classroom_client import TEACHER

    fast, db = Limits(rate=10_000, burst=10_000), tmp_path / "restart.db"
    with serve(db, teacher_token=TEACHER, limits=fast) as server:
        room = Class(server.url, ["Ren"])
        body = {"game": "bohnanza", "players": 3, "bots": "planter", "seed": 2, "any_time_seconds": 300}
        room.t("POST", "tables", body)
        student = room.students[0]
        for _ in range(200):  # the student's own decisions until the bots stop at a point for them
            screen = student.ok("GET", "/api/me")["activity"]
            if screen["any_time"] is not None:
                break
            student.ok("POST", "/api/act", {"text": screen["legal"][0]})
        assert screen["any_time"] is not None
        table = screen["table"]
        saved = room.t("GET", f"tables/{table}")["json"]
    with serve(db, limits=fast) as again:
        student = Client(again.url, student.token)
        screen = student.ok("GET", "/api/me")["activity"]
        assert screen["any_time"] is not None and screen["legal"][-1] == "pass"
        teacher = Client(again.url, TEACHER)
        assert teacher.ok("GET", f"/api/teacher/{room.code}/tables/{table}")["json"] == saved
        student.ok("POST", "/api/act", {"text": "pass"})
        after = teacher.ok("GET", f"/api/teacher/{room.code}/tables/{table}")["json"]
        assert len(json.loads(after)["actions"]) > len(json.loads(saved)["actions"])  # the bots went on
