"""Matching students into table groups (CL-33), on 127.0.0.1: random groups each time (strangers)
or the previous tables' groups and seats (fixed partners), over activities and over the games one
tables activity plays in a row."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit.classroom import Limits, serve
from gamekit.classroom.plan import PlanError, parse_plan
from gamekit.classroom.tables import kept_layout, random_layout

from .classroom_client import TEACHER, Class, snapshot

NAMES = [f"S{i}" for i in range(12)]


@pytest.fixture
def seeded(tmp_path):
    """A server whose seed the teacher fixed (a demo), so each random grouping is known."""
    with serve(
        tmp_path / "class.db", teacher_token=TEACHER, limits=Limits(rate=10_000, burst=10_000), seed=11
    ) as running:
        running.db = tmp_path / "class.db"
        yield running


def groups(state: dict) -> list[list[int | None]]:
    """Each running table's seats, in seat order: the student's number, None for a bot."""
    return [[None if p["bot"] else p["student"] for p in t["players"]] for t in state["tables"]]


def partition(layout: list[list[int | None]]) -> set[frozenset[int]]:
    return {frozenset(s for s in group if s is not None) for group in layout}


def seated_once(layout: list[list[int | None]], ids: list[int]) -> bool:
    seated = [s for group in layout for s in group if s is not None]
    return sorted(seated) == sorted(ids)


def test_cl_33_fixed_keeps_every_group_and_seat_of_the_previous_tables(seeded):
    room = Class(seeded.url, NAMES[:10])
    room.t("POST", "tables", {"game": "for_sale", "players": 4, "seed": 5})
    first = room.t("GET", "state")
    made = room.t("POST", "tables", {"game": "money_monsoon", "matching": "fixed"})
    assert made["matching"] == "fixed" and made["groups"] == "kept" and made["players"] == 4
    second = room.t("GET", "state")
    assert second["activity"]["id"] != first["activity"]["id"]
    assert groups(second) == groups(first) and seated_once(groups(second), room.ids)
    again = room.t("POST", "tables", {"game": "for_sale", "matching": "fixed", "players": 4})
    assert groups(room.t("GET", "state")) == groups(first) and again["matching"] == "fixed"


def test_cl_33_random_matching_deals_new_groups_and_seats_everyone_once(seeded):
    room = Class(seeded.url, NAMES)
    layouts = []
    for seed in (1, 2):
        made = room.t("POST", "tables", {"game": "for_sale", "players": 4, "seed": seed})
        assert made["matching"] == "random" and made["groups"] == "new"
        layouts.append(groups(room.t("GET", "state")))
        assert seated_once(layouts[-1], room.ids)
    assert partition(layouts[0]) != partition(layouts[1])  # these two seeds group the class differently


def play_game(room: Class, number: int, max_rounds: int = 500) -> None:
    """Every student acts (a legal action) whenever they may, until game ``number`` is over."""
    for step in range(max_rounds):
        state = room.t("GET", "state")
        if state["activity"]["game_number"] != number or all(t["over"] for t in state["tables"]):
            return
        for student in room.students:
            screen = student.ok("GET", "/api/me")["activity"]
            if screen is None or screen["result"] is not None or not screen["legal"]:
                continue
            student.ok("POST", "/api/act", {"text": screen["legal"][step % len(screen["legal"])]})
    raise AssertionError("the game did not end within the bound")


def play_games(room: Class, games: int) -> list[list[list[int | None]]]:
    """Play every game of the running tables activity, recording each game's groups."""
    seen = []
    for number in range(1, games + 1):
        state = room.t("GET", "state")
        assert state["activity"]["game_number"] == number and state["activity"]["games"] == games
        assert not any(t["over"] for t in state["tables"])
        seen.append(groups(state))
        play_game(room, number)
    final = room.t("GET", "state")
    assert final["activity"]["game_number"] == games and all(t["over"] for t in final["tables"])
    return seen


def test_cl_33_fixed_partners_keep_their_groups_over_the_games_of_one_activity(seeded):
    room = Class(seeded.url, NAMES[:7])
    made = room.t(
        "POST",
        "tables",
        {"game": "for_sale", "players": 3, "matching": "fixed", "games": 3, "between_games": 0},
    )
    assert made["groups"] == "new" and made["game_number"] == 1  # nothing before: the first game draws them
    seen = play_games(room, 3)
    assert seen[0] == seen[1] == seen[2] and seated_once(seen[0], room.ids)
    activities = {a["activity"] for a in room.t("GET", "rows") if a.get("activity") is not None}
    assert len(activities) == 3  # one activity per game: the rows say which game each row is of


def test_cl_33_random_rematching_deals_new_groups_each_game(seeded):
    room = Class(seeded.url, NAMES[:9])
    room.t("POST", "tables", {"game": "for_sale", "players": 3, "games": 2, "between_games": 0})
    seen = play_games(room, 2)
    assert all(seated_once(layout, room.ids) for layout in seen)
    assert partition(seen[0]) != partition(seen[1])  # the server's seed 11 regroups this class


def test_cl_33_the_next_game_starts_by_itself_after_the_pause_with_the_final_scores_shown(seeded):
    room = Class(seeded.url, NAMES[:3])
    room.t("POST", "tables", {"game": "for_sale", "players": 3, "games": 2, "between_games": 1})
    play_game(room, 1)
    state = room.t("GET", "state")
    assert state["activity"]["game_number"] == 1 and all(t["over"] for t in state["tables"])
    screen = room.students[0].ok("GET", "/api/me")["activity"]
    assert screen["result"] is not None  # the phones show the game's end during the pause
    deadline = time.monotonic() + 10
    while room.t("GET", "state")["activity"]["game_number"] == 1:
        assert time.monotonic() < deadline, "the next game did not start"
        time.sleep(0.1)
    state = room.t("GET", "state")
    assert state["activity"]["game_number"] == 2 and not any(t["over"] for t in state["tables"])
    assert room.students[0].ok("GET", "/api/me")["activity"]["result"] is None


def test_cl_33_under_fixed_a_late_joiner_fills_a_seat_and_one_who_left_leaves_it(seeded):
    room = Class(seeded.url, NAMES[:7])  # tables of 4: one bot seat
    room.t("POST", "tables", {"game": "for_sale", "players": 4, "seed": 3})
    before = groups(room.t("GET", "state"))
    gone = next(s for s in before[0] if s is not None)
    room.t("POST", "remove", {"student": gone})
    for name in ("Late1", "Late2", "Late3"):
        room.add(name)
    room.t("POST", "tables", {"game": "for_sale", "matching": "fixed"})
    after = groups(room.t("GET", "state"))
    here = [s for s in room.ids if s != gone]
    assert seated_once(after, here)
    for old, new in zip(before, after, strict=False):  # everyone still here keeps table and seat
        assert all(o == n for o, n in zip(old, new, strict=True) if o is not None and o != gone)
    newcomers = set(room.ids[-3:])
    kept_tables = [s for group in after[: len(before)] for s in group]
    assert len(newcomers & set(kept_tables)) == 2  # the seat left and the bot's seat are filled first
    assert len(after) == len(before) + 1  # the third sits at a new table


def test_cl_33_fixed_with_nothing_to_keep_is_refused_and_nothing_changes(server, room):
    before = snapshot(server.db)
    url = f"/api/teacher/{room.code}/tables"
    answer = room.teacher.post(url, {"game": "for_sale", "matching": "fixed"})
    assert answer.status_code == 409 and "CL-33" in answer.text and "previous tables" in answer.text
    answer = room.teacher.post(url, {"game": "for_sale", "matching": "partners"})
    assert answer.status_code == 422 and "CL-33" in answer.text
    assert snapshot(server.db) == before
    room.t("POST", "tables", {"game": "for_sale", "players": 3})
    before = snapshot(server.db)
    answer = room.teacher.post(url, {"game": "for_sale", "matching": "fixed", "players": 5})
    assert answer.status_code == 409 and "CL-33" in answer.text and "3 seats" in answer.text
    assert snapshot(server.db) == before


def test_cl_33_a_plan_takes_matching_and_games_and_lists_bad_ones():
    text = '[[activity]]\nkind = "tables"\ngame = "for_sale"\nmatching = "fixed"\ngames = 3\n'
    plan = parse_plan(text)
    assert plan.activities[0].options["matching"] == "fixed" and plan.activities[0].options["games"] == 3
    assert (
        plan.activities[0].describe() == "tables of for_sale for the previous size, fixed partners, 3 games"
    )
    bad = '[[activity]]\nkind = "tables"\ngame = "for_sale"\nmatching = "partner"\ngames = 0\n'
    with pytest.raises(PlanError) as error:
        parse_plan(bad)
    assert "'matching'" in str(error.value) and "'games'" in str(error.value)


def students(count: int) -> list[dict]:
    return [{"id": i, "name": f"S{i}"} for i in range(1, count + 1)]


def ids_of(layout: list[list]) -> list[int]:
    return sorted(s["id"] for group in layout for s in group if s is not None)


@settings(max_examples=60, deadline=None)
@given(
    size=st.integers(3, 25),
    players=st.integers(3, 6),
    seed=st.integers(0, 10_000),
    gone=st.sets(st.integers(1, 25), max_size=5),
    late=st.integers(0, 6),
)
def test_cl_33_every_present_student_is_seated_exactly_once(size, players, seed, gone, late):
    rng = random.Random(seed)
    first = random_layout(students(size), players, rng)
    assert ids_of(first) == list(range(1, size + 1))
    assert all(len(g) == players and any(g) for g in first)
    assert len(first) == -(-size // players)  # as few tables as hold the class
    previous = [[{"student": None} if s is None else {"student": s["id"]} for s in group] for group in first]
    here = [s for s in students(size + late) if s["id"] not in gone]
    kept = kept_layout(previous, here, players, rng)
    assert ids_of(kept) == sorted(s["id"] for s in here)
    assert all(len(g) == players for g in kept)
    present = {s["id"] for s in here}
    survivors = [g for g in first if any(s is not None and s["id"] in present for s in g)]
    for old, new in zip(survivors, kept, strict=False):  # each one still here keeps table and seat
        for o, n in zip(old, new, strict=True):
            if o is not None and o["id"] in present:
                assert n is not None and n["id"] == o["id"]


def test_cl_33_the_notebook_plays_fixed_partners_over_games_with_a_simulated_class(tmp_path):
    from gamekit.classroom.session import Classroom
    from gamekit.classroom.simclass import SimulatedClass

    with (
        Classroom(db=tmp_path / "n.sqlite") as room,
        SimulatedClass(room.base_url, room.code, students=6) as sim,
    ):
        first = room.tables("for_sale", players=3, matching="fixed", games=2, between_games=0)
        assert first["activity"]["game_number"] == 1 and first["activity"]["games"] == 2
        sent = sim.play_tables()
        last = room.state()
        assert sent > 0 and last["activity"]["game_number"] == 2 and all(t["over"] for t in last["tables"])
        assert last["activity"]["id"] != first["activity"]["id"] and last["activity"]["groups"] == "kept"
        assert groups(last) == groups(first)
        with pytest.raises(ValueError, match="CL-33"):
            room.tables("for_sale", matching="partners")
