"""The teacher's Classroom against a real server on 127.0.0.1 (a temporary database), with a
simulated class joining over HTTP as phones do."""

from __future__ import annotations

import time

import pandas as pd
import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from gamekit.classroom.session import (
    Classroom,
    RequestRefused,
    default_db_dir,
    lan_address,
    public_base,
)
from gamekit.classroom.simclass import SimulatedClass


@pytest.fixture
def room(tmp_path):
    classroom = Classroom(db=tmp_path / "class.sqlite", title="Test class")
    yield classroom
    classroom.stop()


def test_a_new_session_listens_on_loopback_with_a_short_code_and_its_qr(room):
    assert room.host == "127.0.0.1" and room.join_url.startswith("http://127.0.0.1:")
    assert room.join_url.endswith(f"/join/{room.code}") and len(room.code) == 6
    assert room.teacher_url.endswith(f"/teacher/{room.code}")
    token = room.server.teacher_token
    assert room.projector_url == f"{room.teacher_url}#token={token}"  # a fragment: never sent
    assert token not in room.join_url + room.teacher_url + repr(room)
    assert room.qr().url == room.join_url
    assert room.state()["students"] == [] and room.waiting() == []
    assert room.code in repr(room) and str(room.db) in repr(room)


def test_a_first_price_round_of_twelve_equilibrium_bidders_is_in_the_data_and_the_csv(room, tmp_path):
    with SimulatedClass(room.base_url, room.code, students=12, noise=0) as sim:
        room.auction("first_price", rounds=2, seed=5)
        assert len(room.waiting()) == 12
        assert sim.bid_round() == 12
        assert sim.bid_round() == 0  # nobody bids twice
    state = room.state()
    assert state["waiting"] == []
    data = room.data()
    bids = data[data["accepted"] & (data["kind"] == "bid")]
    assert len(bids) == 12 and bids["format"].eq("first_price").all()
    assert ((bids["amount"] - bids["value"] * 11 / 12).abs() <= 0.5 + 1e-9).all()  # (n-1)/n · v, rounded
    assert bids["time"].notna().all() and bids["round"].eq(1).all()
    csv = pd.read_csv(room.to_csv(tmp_path / "class.csv"))
    assert len(csv) == len(data) and set(csv["student"].dropna()) == set(data["student"].dropna())


def test_rounds_close_and_open_on_the_teachers_word_and_refusals_name_their_rule(room):
    with SimulatedClass(room.base_url, room.code, students=3, strategy="truthful", noise=0) as sim:
        room.auction("second_price", rounds=2, feedback=True)
        first = sim.students[0]
        sim.act(first, "bid 10")
        room.close()
        assert sim.me(first)["activity"]["status"] == "closed"
        room.next()
        assert sim.me(first)["activity"]["round"] == 2
        assert sim.bid_round() == 3
        data = room.data()
        truthful = data[data["accepted"] & (data["round"] == 2)]
        assert (truthful["amount"] == truthful["value"]).all()
    with pytest.raises(ValueError, match="format must be one of"):
        room.auction("dutch")
    with pytest.raises(ValueError, match="3 to 6 players"):
        room.tables("for_sale", players=2)
    with pytest.raises(RequestRefused) as refused:
        room.next()  # the last round is done: the server refuses
    assert refused.value.status in (409, 422) and refused.value.rule and refused.value.rule.startswith("CL-")


def test_a_for_sale_table_of_two_simulated_students_and_two_bots_plays_out_and_replays(room):
    with SimulatedClass(room.base_url, room.code, students=2, table_bot="random", seed=3) as sim:
        room.tables("for_sale", players=4, bots="random", seed=11)
        sent = sim.play_tables()
    assert sent > 0
    (table,) = room.state()["tables"]
    assert table["over"] and sum(p["bot"] for p in table["players"]) == 2
    game = room.game(table["table"])
    replay = room.replay(table["table"])
    assert replay.final.to_json() == game.to_json() and len(replay) == len(game.history) + 1
    assert "<svg" in room.picture(table["table"]).html
    acted = room.data()
    assert acted[acted["table"] == table["table"]]["accepted"].any()


def test_cl_17_simulated_students_pass_each_point_of_a_bohnanza_table_the_room_set(room):
    # the room's wait is the teacher's setting; a simulated student passes every point at once,
    # so the table goes on long before the wait is up (40 steps, within the server's rate limit)
    with SimulatedClass(room.base_url, room.code, students=1, table_bot="planter", seed=3) as sim:
        room.tables("bohnanza", players=3, bots="planter", seed=2, any_time_seconds=120)
        assert room.state()["activity"]["any_time_seconds"] == 120
        (student,) = sim.students
        for _ in range(40):
            assert sim.table_step(student) is True  # it acted or passed: never left waiting
    passes = room.data().query("kind == 'pass'")
    assert len(passes) > 10 and (passes["text"] == "pass").all() and "pass" in student.acted


def test_the_live_board_follows_the_bids_and_stops_with_the_session(tmp_path):
    pytest.importorskip("anywidget")
    room = Classroom(db=tmp_path / "live.sqlite")
    try:
        board = room.live(interval=0.05)
        with SimulatedClass(room.base_url, room.code, students=4) as sim:
            room.auction("first_price", rounds=1)
            sim.bid_round()
        target = room.state()["version"]
        for _ in range(200):
            if board.version == target:
                break
            time.sleep(0.05)
        assert board.version == target
        assert any(t.name == "bids, first price" for t in board.bids.data)
    finally:
        room.stop()
    assert not board.running
    with pytest.raises(RequestRefused, match="stopped"):
        room.state()
    room.stop()  # twice is harmless


def test_a_restarted_notebook_continues_the_session_from_its_database(tmp_path):
    db = tmp_path / "resume.sqlite"
    with Classroom(db=db) as first, SimulatedClass(first.base_url, first.code, students=2) as sim:
        first.auction("first_price", rounds=1)
        sim.bid_round()
        code, rows = first.code, len(first.data())
    with Classroom(db=db, code=code) as again:
        assert again.code == code and len(again.data()) == rows
        assert len(again.state()["students"]) == 2
        bids = again.data().query("kind == 'bid'")
        assert bids["format"].eq("first_price").all()  # the running activity, seen in the state


def test_addresses_for_students(monkeypatch, tmp_path):
    assert public_base("127.0.0.1", 8765) == "http://127.0.0.1:8765"
    lan = public_base("0.0.0.0", 8765)
    assert lan == f"http://{lan_address()}:8765" and "0.0.0.0" not in lan
    assert public_base("::1", 80) == "http://[::1]:80"
    with pytest.raises(ValueError, match="IP address"):
        Classroom(db=tmp_path / "x.sqlite", host="my laptop")
    monkeypatch.setenv("GAMEKIT_CLASSROOM_DIR", str(tmp_path / "here"))
    assert default_db_dir() == tmp_path / "here"


def _hidden_leaves(full, seen, path=()):
    """The places where ``seen`` (a seat's view) hides what ``full`` (the teacher's) shows."""
    if isinstance(full, dict) and isinstance(seen, dict):
        for key in full:
            yield from _hidden_leaves(full[key], seen.get(key), (*path, key))
    elif isinstance(full, list) and isinstance(seen, list) and len(full) == len(seen):
        for index, (a, b) in enumerate(zip(full, seen, strict=True)):
            yield from _hidden_leaves(a, b, (*path, index))
    elif seen is None and full is not None:
        yield path


def _at(view, path):
    for key in path:
        if view is None:
            return None
        view = view[key]
    return view


@pytest.mark.parametrize("name", ["for_sale", "money_monsoon", "bohnanza", "kuhhandel"])
def test_cl_32_the_public_view_hides_whatever_any_seat_cannot_see(name):
    import random

    from gamekit.classroom.session import public_picture, public_view
    from gamekit.core.game import new_game

    game = new_game(name, 4, seed=7)
    rng = random.Random(7)
    for step in range(160):
        if game.is_over:
            break
        if step % 40 == 0:
            shared = public_view(game)
            full = game.view(None)
            hidden = {p for seat in range(4) for p in _hidden_leaves(full, game.view(seat))}
            assert hidden and all(_at(shared, p) is None for p in hidden)
            assert "<svg" in public_picture(game).html or "<table" in public_picture(game).html
        seat = game.to_act[0]
        game.act(seat, rng.choice(game.legal_actions(seat)))


def test_cl_32_the_notebooks_picture_of_a_table_shows_no_hidden_card_unless_asked(room):
    with SimulatedClass(room.base_url, room.code, students=2, table_bot="random", seed=3) as sim:
        room.tables("for_sale", players=4, bots="random", seed=11)
        for _ in range(12):
            for student in sim.students:
                sim.table_step(student)
        (table,) = room.state()["tables"]
        game = room.game(table["table"])
        held = {h for hand in game.view(None)["houses"] for h in hand} - set(game.view(None)["table"])
        assert held, "some houses are held face down by now"
        shown = room.picture(table["table"]).html
        assert not any(f"<title>house {h}</title>" in shown for h in held)  # the projector's default
        full = room.picture(table["table"], full=True).html  # the teacher's own screen, asked for
        assert all(f"<title>house {h}</title>" in full for h in held)
        mine = room.picture(table["table"], seat=0).html
        assert all(f"<title>house {h}</title>" in mine for h in game.view(None)["houses"][0])
        with pytest.raises(ValueError, match="seat"):
            room.picture(table["table"], seat=4)


def test_cl_20_cl_23_cl_24_the_notebook_sets_timers_pauses_and_seats_by_name(room):
    """The teacher's calls without the page: a timer on the auction and at tables, pause and
    resume, and removing / seating students by the name their page shows (duplicates suffixed)."""
    with SimulatedClass(room.base_url, room.code, students=3, strategy="truthful", noise=0) as sim:
        state = room.auction("second_price", rounds=1, timer=30)
        assert state["activity"]["timer"] == 30 and state["activity"]["deadline"] is not None
        assert room.pause()["paused"] is True
        assert room.state()["activity"]["paused"] is True
        resumed = room.resume()
        assert resumed["paused"] is False and 0 < resumed["deadline"] <= 30
        assert room.timer(None)["timer"] is None
        assert room.timer(12)["timer"] == 12
        with pytest.raises(RequestRefused) as refused:
            room.timer(2)  # under the 5 s the timer allows
        assert refused.value.rule in ("CL-11", "CL-14", "CL-20")
        assert sim.bid_round() == 3
        tables = room.tables("for_sale", players=4, timer=20)
        assert tables["activity"]["timer"] == 20
        name = sim.students[1].name
        room.remove(name)
        gone = {s["name"]: s["left"] for s in room.state()["students"]}
        assert gone[name] is True
        with SimulatedClass(room.base_url, room.code, students=1, strategy="truthful", noise=0) as late:
            newcomer = late.students[0].name
            for table in room.state()["tables"]:  # the seat of the one removed: a bot plays it now
                names = [p["name"] for p in table["players"]]
                if name in names:
                    number, seat = table["table"], names.index(name)
            room.seat(newcomer, number, seat)
            seated = next(t for t in room.state()["tables"] if t["table"] == number)["players"][seat]
            assert seated["name"] == newcomer and seated["bot"] is False
