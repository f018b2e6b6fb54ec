"""The classroom server's HTTP API, end to end on 127.0.0.1: join, screens, a sealed-bid round, the
clock, a For Sale table played to its end, the teacher's state, rows and table JSON."""

from __future__ import annotations

import csv
import io

import pytest

import gamekit
from gamekit.classroom import serve

from .classroom_client import TEACHER, Class, Client, db_rows, game_states


def test_join_gives_a_token_and_a_screen_that_waits(server, room):
    me = room.students[0].ok("GET", "/api/me")
    assert me["name"] == "Aiko" and me["session"] == room.code and me["activity"] is None
    assert me["student"] == room.ids[0] and me["lang"] == "en" and isinstance(me["version"], int)
    # a code is 6 characters with no letters that read alike, typed in any case
    assert len(room.code) == 6 and not set(room.code) & set("01OILSZB258")
    joined = Client(server.url).ok(
        "POST", "/api/join", {"code": room.code.lower(), "name": "  Dai  Ko ", "lang": "ja"}
    )
    assert joined["name"] == "Dai Ko"
    assert Client(server.url, joined["token"]).ok("GET", "/api/me")["lang"] == "ja"


def test_a_first_price_round_closes_when_all_have_bid_and_shows_feedback(server, room):
    started = room.t("POST", "auction", {"format": "first_price", "rounds": 2, "seed": 5})
    assert started["kind"] == "auction" and started["rounds"] == 2
    screens = [s.ok("GET", "/api/me")["activity"] for s in room.students]
    assert all(a["status"] == "open" and a["round"] == 1 and a["my_bid"] is None for a in screens)
    assert all(0 <= a["value"] <= 100 for a in screens)
    bids = [30, 55, 41]
    for student, bid in zip(room.students[:2], bids, strict=False):
        answer = student.ok("POST", "/api/act", {"text": f"bid {bid}"})
        assert answer["ok"] and answer["me"]["activity"]["my_bid"] == bid
        # written before the answer: a separate connection sees it
        assert db_rows(server.db, "SELECT amount FROM bids WHERE student = ?", (room.ids[bids.index(bid)],))
    state = room.t("GET", "state")
    assert state["waiting"] == ["Chiara"] and state["round"]["status"] == "open"
    last = room.students[2].ok("POST", "/api/act", {"text": "41"})["me"]["activity"]
    assert last["status"] == "closed"
    feedback = [s.ok("GET", "/api/me")["activity"]["feedback"] for s in room.students]
    assert all(f["bids"] == [55, 41, 30] and f["price"] == 55 and f["winner_bid"] == 55 for f in feedback)
    assert [f["you_won"] for f in feedback] == [False, True, False]
    assert feedback[1]["payoff"] == screens[1]["value"] - 55 and feedback[0]["payoff"] == 0
    rows = room.t("GET", "rows")
    bid_rows = [r for r in rows if r["kind"] == "bid"]
    assert [(r["name"], r["text"], r["round"], r["accepted"]) for r in bid_rows] == [
        ("Aiko", "bid 30", 1, True),
        ("Ben", "bid 55", 1, True),
        ("Chiara", "bid 41", 1, True),
    ]
    assert [r["value"] for r in bid_rows] == [a["value"] for a in screens]
    assert [r["payoff"] for r in bid_rows] == [f["payoff"] for f in feedback]
    room.t("POST", "next")
    again = room.students[0].ok("GET", "/api/me")["activity"]
    assert again["round"] == 2 and again["status"] == "open" and again["my_bid"] is None


def test_rows_as_csv_carry_the_same_rows(room):
    room.t("POST", "auction", {"format": "second_price", "rounds": 1})
    room.students[0].ok("POST", "/api/act", {"text": "bid 7"})
    response = room.teacher.get(f"/api/teacher/{room.code}/rows", params={"format": "csv"})
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/csv")
    table = list(csv.DictReader(io.StringIO(response.text)))
    rows = room.t("GET", "rows")
    assert len(table) == len(rows) and table[-1]["text"] == "bid 7" and table[-1]["accepted"] == "True"
    assert list(table[0]) == [*list(rows[0])]


def test_second_price_and_all_pay_rounds_pay_as_their_formats_say(room):
    room.t("POST", "auction", {"format": "second_price", "rounds": 2, "seed": 1})
    values = [s.ok("GET", "/api/me")["activity"]["value"] for s in room.students]
    for student, bid in zip(room.students, (20, 60, 40), strict=True):
        student.ok("POST", "/api/act", {"text": f"bid {bid}"})
    result = room.t("GET", "state")["round"]["result"]
    assert result["winner"] == room.ids[1] and result["price"] == 40
    assert result["payoffs"][str(room.ids[1])] == values[1] - 40
    room.t("POST", "auction", {"format": "all_pay", "rounds": 1, "seed": 2})
    values = [s.ok("GET", "/api/me")["activity"]["value"] for s in room.students]
    for student, bid in zip(room.students, (20, 60, 40), strict=True):
        student.ok("POST", "/api/act", {"text": f"bid {bid}"})
    result = room.t("GET", "state")["round"]["result"]
    assert result["payoffs"] == {
        str(room.ids[0]): -20,
        str(room.ids[1]): values[1] - 60,
        str(room.ids[2]): -40,
    }


def test_the_teacher_closes_a_round_with_bids_missing_and_those_who_did_not_bid_pay_nothing(room):
    room.t("POST", "auction", {"format": "first_price", "rounds": 1})
    room.students[0].ok("POST", "/api/act", {"text": "bid 10"})
    closed = room.t("POST", "close")
    assert closed["status"] == "closed" and closed["result"]["winner"] == room.ids[0]
    assert room.students[1].ok("GET", "/api/me")["activity"]["feedback"]["payoff"] is None


def test_fs_b6_clock_over_http_ends_with_the_last_one_in_and_charges_whole_units(room):
    room.t("POST", "auction", {"format": "losers_pay_half", "rounds": 1, "step": 15, "tick_seconds": 0})
    screen = room.students[0].ok("GET", "/api/me")["activity"]
    assert screen["kind"] == "clock" and screen["price"] == 0 and screen["in"] and screen["still_in"] == 3
    values = [s.ok("GET", "/api/me")["activity"]["value"] for s in room.students]
    room.t("POST", "tick")
    room.t("POST", "tick")
    dropped = room.students[0].ok("POST", "/api/act", {"text": "drop"})["me"]["activity"]
    assert dropped["in"] is False and dropped["dropped_at"] == 30 and dropped["status"] == "open"
    room.t("POST", "tick")
    last = room.students[2].ok("POST", "/api/act", {"text": "drop"})["me"]["activity"]
    assert last["status"] == "closed" and last["dropped_at"] == 45
    result = room.t("GET", "state")["round"]["result"]
    assert result["winner"] == room.ids[1] and result["price"] == 45
    assert result["payoffs"] == {  # 45 gets 22 back (FS-B6: rounded down) and loses 23, not 22.5
        str(room.ids[0]): -15,
        str(room.ids[2]): -23,
        str(room.ids[1]): values[1] - 45,
    }
    rows = [r for r in room.t("GET", "rows") if r["kind"] in ("drop", "win")]
    assert [(r["name"], r["text"], r["payoff"]) for r in rows] == [
        ("Aiko", "drop 30", -15),
        ("Chiara", "drop 45", -23),
        ("Ben", "win 45", values[1] - 45),
    ]


def test_fs_b6_clock_rounds_up_when_the_teacher_says_and_refuses_other_roundings(room):
    bad = {"format": "losers_pay_half", "rounds": 1, "step": 15, "tick_seconds": 0, "rounding": "half"}
    before = room.t("GET", "state")
    refused = room.teacher.post(f"/api/teacher/{room.code}/auction", bad)
    assert refused.status_code == 422 and "CL-16" in refused.text and "CL-14" in refused.text
    assert room.t("GET", "state") == before
    room.t("POST", "auction", bad | {"rounding": "up"})
    room.t("POST", "tick")
    room.students[0].ok("POST", "/api/act", {"text": "drop"})
    room.students[2].ok("POST", "/api/act", {"text": "drop"})
    payoffs = room.t("GET", "state")["round"]["result"]["payoffs"]
    assert payoffs[str(room.ids[0])] == -7 and payoffs[str(room.ids[2])] == -7  # 15: 8 back


def play_tables(room: Class, max_steps: int = 2000) -> int:
    """Every student acts (their first legal action) whenever they may, until the tables end."""
    steps = 0
    while steps < max_steps:
        moved = False
        for student in room.students:
            screen = student.ok("GET", "/api/me")["activity"]
            if screen is None or screen["result"] is not None or not screen["legal"]:
                continue
            pick = screen["legal"][steps % len(screen["legal"])]
            student.ok("POST", "/api/act", {"text": pick})
            steps += 1
            moved = True
        if not moved:
            return steps
    raise AssertionError("the tables did not end within the bound")


def test_a_for_sale_table_with_a_bot_is_played_to_its_end(server, room):
    made = room.t("POST", "tables", {"game": "for_sale", "players": 4, "bots": "house_value", "seed": 3})
    assert len(made["tables"]) == 1
    table = made["tables"][0]
    screen = room.students[0].ok("GET", "/api/me")["activity"]
    assert screen["kind"] == "table" and screen["game"] == "for_sale" and screen["table"] == table
    assert sum(p["bot"] for p in screen["players"]) == 1 and len(screen["players"]) == 4
    assert screen["seat_letter"] == "ABCD"[screen["seat"]]
    assert screen["view"] == gamekit.load_game(game_states(server.db)[table]).view(screen["seat"])
    play_tables(room)
    over = room.t("GET", "state")["tables"][0]
    assert over["over"] and over["to_act"] == []
    game = gamekit.load_game(room.t("GET", f"tables/{table}")["json"])
    assert game.is_over and game.result()["finished"]
    assert game.to_json() == game_states(server.db)[table]
    final = room.students[1].ok("GET", "/api/me")["activity"]
    assert final["result"] == game.result() and final["legal"] == []
    rows = room.t("GET", "rows")
    acted = [r for r in rows if r["kind"] in ("action", "bot") and r["table"] == table]
    assert [(r["seat"], r["text"]) for r in acted] == [(s, t) for s, t in game.history]
    assert sorted(r["seat"] for r in rows if r["kind"] == "result") == [0, 1, 2, 3]


@pytest.mark.parametrize(("name", "players"), [("money_monsoon", 4), ("kuhhandel", 3), ("bohnanza", 3)])
def test_the_other_games_seat_students_and_bots_and_take_their_actions(server, name, players):
    room = Class(server.url, ["A1", "B2", "C3", "D4", "E5"][: players + 1])
    made = room.t("POST", "tables", {"game": name, "players": players, "bots": "random", "seed": 1})
    # one student more than a table holds: two tables, the students spread, bots fill the rest
    assert len(made["tables"]) == 2
    state = room.t("GET", "state")
    assert sorted(sum(p["bot"] for p in t["players"]) for t in state["tables"]) == sorted(
        [players - (players + 2) // 2, players - (players + 1) // 2]
    )
    for _ in range(6):
        for student in room.students:
            screen = student.ok("GET", "/api/me")["activity"]
            if screen["legal"]:
                answer = student.ok("POST", "/api/act", {"text": screen["legal"][0]})
                assert answer["me"]["activity"]["table"] == screen["table"]
    for table in made["tables"]:
        game = gamekit.load_game(room.t("GET", f"tables/{table}")["json"])
        assert game.to_json() == game_states(server.db)[table] and len(game.history) > 0
    room.close()


def test_a_student_who_leaves_is_replaced_by_a_bot_and_the_table_goes_on(server, room):
    room.t("POST", "tables", {"game": "for_sale", "players": 3, "bots": "random", "seed": 4})
    leaving = room.students[0]
    assert leaving.ok("POST", "/api/leave")["ok"]
    assert leaving.get("/api/me").status_code == 401
    players = room.t("GET", "state")["tables"][0]["players"]
    assert [p["bot"] for p in players if p["student"] == room.ids[0]] == [True]
    room.t("POST", "remove", {"student": room.ids[1]})
    room.students = room.students[2:]
    play_tables(room)
    assert room.t("GET", "state")["tables"][0]["over"]


def test_the_qr_code_and_the_pages_are_served(server, room):
    svg = Client(server.url).get(f"/qr/{room.code}.svg")
    assert svg.status_code == 200 and svg.headers["content-type"] == "image/svg+xml" and "<svg" in svg.text
    assert Client(server.url).get("/qr/XXXXXX.svg").status_code == 404


def test_a_students_version_moves_only_when_their_own_screen_may_change(room):
    room.t("POST", "auction", {"format": "first_price", "rounds": 2})
    versions = [s.ok("GET", "/api/me")["version"] for s in room.students]
    teacher = room.t("GET", "state")["version"]
    room.students[0].ok("POST", "/api/act", {"text": "bid 5"})
    after = [s.ok("GET", "/api/me")["version"] for s in room.students]
    assert after[0] > versions[0] and after[1:] == versions[1:]  # a sealed bid moves no other screen
    assert room.t("GET", "state")["version"] > teacher  # the teacher sees every bid
    room.t("POST", "close")
    closed = [s.ok("GET", "/api/me")["version"] for s in room.students]
    assert all(c > a for c, a in zip(closed, after, strict=True))  # the reveal moves every screen


def test_a_students_version_never_comes_back_to_a_value_their_page_has_seen(room):
    """The page refreshes when the version it is told differs from the one it shows: a new table
    whose own count is lower than the old table's must still give every student a new version."""
    seen = [{s.ok("GET", "/api/me")["version"]} for s in room.students]
    for game, players in (("kuhhandel", 3), ("bohnanza", 3), ("money_monsoon", 4)):
        room.t("POST", "tables", {"game": game, "players": players, "seed": 4})
        for step in range(12 if game == "kuhhandel" else 2):
            for student in room.students:
                screen = student.ok("GET", "/api/me")["activity"]
                if screen["legal"]:
                    student.ok("POST", "/api/act", {"text": screen["legal"][step % len(screen["legal"])]})
            for i, student in enumerate(room.students):
                seen[i].add(student.ok("GET", "/api/me")["version"])
        assert all(s.ok("GET", "/api/me")["activity"]["game"] == game for s in room.students)
        switched = [s.ok("GET", "/api/me")["version"] for s in room.students]
        room.t("POST", "tables", {"game": "for_sale", "players": 3, "seed": 1})
        for i, student in enumerate(room.students):
            version = student.ok("GET", "/api/me")["version"]
            assert version not in seen[i] and version > switched[i], (game, i, version, sorted(seen[i]))
            seen[i].add(version)


def test_rows_name_the_format_or_the_game_of_their_activity(room):
    room.t("POST", "auction", {"format": "all_pay", "rounds": 1})
    room.students[0].ok("POST", "/api/act", {"text": "bid 3"})
    room.t("POST", "tables", {"game": "for_sale", "players": 3, "seed": 1})
    formats = {(r["kind"], r["format"]) for r in room.t("GET", "rows")}
    assert ("join", None) in formats and ("bid", "all_pay") in formats
    assert {f for k, f in formats if k in ("bot", "action")} <= {"for_sale"}


def test_the_server_stops_with_an_event_stream_still_open(tmp_path):
    import httpx

    server = serve(tmp_path / "s.db", teacher_token=TEACHER)
    room = Class(server.url, ["Aiko"])
    with httpx.stream("GET", f"{server.url}/api/events", params={"token": room.students[0].token}) as stream:
        assert stream.status_code == 200
        server.stop()  # cuts the stream after its grace, then closes the database
    assert not server._thread.is_alive()
