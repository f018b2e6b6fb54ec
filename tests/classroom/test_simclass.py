"""The simulated class: its limits, and its students playing through the student endpoints only."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

from gamekit.classroom import live
from gamekit.classroom.session import Classroom
from gamekit.classroom.simclass import MAX_STUDENTS, SimulatedClass
from gamekit.core.errors import ConfigError

URL = "http://127.0.0.1:9"  # nothing is sent: every check below fails before a request


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"students": 0}, "1 to"),
        ({"students": MAX_STUDENTS + 1}, "1 to"),
        ({"strategy": "shy"}, "strategy must be one of"),
        ({"noise": -1}, "at least 0"),
        ({"students": 2, "names": ["a"]}, "one name per student"),
    ],
)
def test_bad_settings_are_refused_before_anyone_joins(kw, message):
    with pytest.raises(ValueError, match=message):
        SimulatedClass(URL, "ABCDEF", **kw)


def test_an_unknown_table_bot_is_refused_before_anyone_joins():
    with pytest.raises(ConfigError):
        SimulatedClass(URL, "ABCDEF", table_bot="no_such_bot")


@pytest.fixture
def room(tmp_path):
    with Classroom(db=tmp_path / "sim.sqlite") as classroom:
        yield classroom


def test_students_join_by_name_and_see_only_their_own_screen(room):
    with SimulatedClass(room.base_url, room.code, students=3, names=["Aiko", "Ben", "Chloé"]) as sim:
        assert [s["name"] for s in room.state()["students"]] == ["Aiko", "Ben", "Chloé"]
        room.auction("all_pay", rounds=1)
        screens = [sim.me(s) for s in sim.students]
        assert [s["name"] for s in screens] == ["Aiko", "Ben", "Chloé"]
        assert all(s["activity"]["kind"] == "auction" and s["activity"]["my_bid"] is None for s in screens)
        assert sim.bid_round() == 3
        data = room.data()
        bids = data[data["accepted"] & (data["kind"] == "bid")].set_index("name")
        for student, screen in zip(sim.students, screens, strict=True):
            expected = round(2 / 3 * screen["activity"]["value"] ** 3 / 100**2)  # (n-1)/n v^n, n = 3
            assert abs(bids.loc[student.name, "amount"] - expected) <= 3 * 4 + 1  # noise sd 3, 4 sd


def test_a_student_who_leaves_is_replaced_by_a_bot_and_the_table_finishes(room):
    with SimulatedClass(room.base_url, room.code, students=3, seed=8) as sim:
        room.tables("for_sale", players=3, bots="random", seed=2)
        sim.leave(sim.students[2])
        sim.play_tables()
    (table,) = room.state()["tables"]
    assert table["over"] and [p["bot"] for p in table["players"]].count(True) == 1


def test_the_clock_students_drop_out_at_their_amount_and_the_last_in_wins(room):
    with SimulatedClass(room.base_url, room.code, students=3, strategy="truthful", noise=0) as sim:
        room.auction("losers_pay_half", rounds=1, step=5, tick_seconds=0, seed=4)
        for _ in range(30):  # the price climbs 0, 5, ..., 100 at most
            sim.clock_step()
            if room.state()["round"]["status"] != "open":  # the last drop closed it
                break
            room.tick()
        assert sim.clock_step() is None  # the round closed
    data = room.data().query("format == 'losers_pay_half' and accepted")
    drops, (win,) = data[data["kind"] == "drop"], data[data["kind"] == "win"].itertuples()
    assert len(drops) == 2 and win.value == data["value"].max()
    assert ((drops["amount"] >= drops["value"]) & (drops["amount"] < drops["value"] + 5)).all()
    (revenue,) = live.round_revenue(room.data()).itertuples()
    # the winner pays the price, each loser their drop price less half of it back rounded down (FS-B6)
    assert revenue.revenue == win.amount + sum(a - int(a) // 2 for a in drops["amount"])
    paid = -data.loc[data["kind"] == "drop", "payoff"]
    assert list(paid) == [a - int(a) // 2 for a in drops["amount"]]  # the server charged the same
