"""The losers-pay-half clock rises past the values' range to its top (CL-18), so the class plays the
game whose equilibrium line and revenue the live board draws; sealed bids stay in the range (CL-1)."""

from __future__ import annotations

import json
import math
import sqlite3

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit.classroom import live
from gamekit.classroom.rounds import SEALED_FORMATS, clock_outcome, clock_top, private_value, tie_order
from gamekit.classroom.session import Classroom
from gamekit.classroom.simclass import SimulatedClass
from gamekit.theory import auctions as theory

from .classroom_client import snapshot


@pytest.mark.parametrize("n", [2, 3, 4, 12, 30, 200])
@pytest.mark.parametrize(("low", "high"), [(0, 100), (10, 50), (0, 1000)])
def test_cl_18_the_top_is_the_highest_equilibrium_drop_twice_high_for_every_n(n, low, high):
    values = np.arange(low, high + 1)
    drops = live.equilibrium_bids("losers_pay_half", values, n, low, high)
    top = clock_top(low, high, n)
    assert top == 2 * high  # high / (1 - 1/2), whatever n and low
    assert drops.max() <= top and math.isclose(drops[-1], top)  # the top value's drop is the top


def test_cl_18_a_clock_cut_at_high_would_cut_equilibrium_drops():
    """The audit's figures: equilibrium drops above 100 for values near the top (n = 4 and 12)."""
    dist = live.value_distribution(0, 100)
    four = [theory.equilibrium_bid("losers_pay_half", v, 4, dist) for v in (90, 95, 99)]
    twelve = [theory.equilibrium_bid("losers_pay_half", v, 12, dist) for v in (90, 95, 99)]
    assert [round(b, 1) for b in four] == [114.0, 148.2, 186.0]
    assert [round(b, 1) for b in twelve] == [52.6, 102.2, 173.2]
    assert all(100 < b <= clock_top(0, 100, n) for b, n in ((four[0], 4), (twelve[1], 12)))


@settings(max_examples=30, deadline=None)
@given(
    n=st.integers(2, 60),
    low=st.integers(0, 50),
    width=st.integers(1, 400),
    seed=st.integers(0, 10_000),
    step=st.integers(1, 20),
)
def test_cl_18_the_top_never_binds_at_the_equilibrium_and_the_clock_is_the_sealed_game(
    n, low, width, seed, step
):
    """Whole values, drops at the equilibrium price rounded up to the clock's grid: the clock closes
    at the second-highest drop, never above the top, and every payment is the sealed-bid game's
    (CL-16) on the same drop prices: the cap does not change the game."""
    high = low + width
    top = clock_top(low, high, n)
    values = {s: private_value(seed, 1, s, low, high) for s in range(n)}
    exact = live.equilibrium_bids("losers_pay_half", list(values.values()), n, low, high)
    grid = {
        s: min(top, low + step * math.ceil(max(0.0, b - low) / step))
        for s, b in zip(values, exact, strict=True)
    }
    assert max(exact) <= top + 1e-9
    order = tie_order(seed, 1, list(values))
    rank = {s: i for i, s in enumerate(order)}
    ranked = sorted(values, key=lambda s: (-grid[s], rank[s]))
    winner, price = ranked[0], grid[ranked[1]]
    assert price <= top
    # the clock: everyone but the winner drops at their grid price (the last to drop closes it)
    outcome = clock_outcome({s: grid[s] for s in ranked[1:]}, [winner], price, order)
    sealed_losers = {s: grid[s] - grid[s] // 2 for s in ranked[1:]}
    assert outcome["winner"] == winner and outcome["payments"] == {**sealed_losers, winner: price}


def test_cl_18_the_clock_rises_past_high_and_stops_at_its_top_with_the_tie_rule(room):
    started = room.t(
        "POST", "auction", {"format": "losers_pay_half", "rounds": 1, "step": 50, "tick_seconds": 0}
    )
    assert started["top"] == 200 and started["high"] == 100
    assert room.students[0].ok("GET", "/api/me")["activity"]["top"] == 200
    for price in (50, 100, 150):
        state = room.t("POST", "tick")
        assert state["status"] == "open" and state["price"] == price  # past high, still open
    closed = room.t("POST", "tick")
    assert closed["status"] == "closed" and closed["price"] == 200
    result = closed["result"]
    assert result["winner"] == tie_order(started["seed"], 1, room.ids)[0]
    payoffs = result["payoffs"]
    assert sorted(p for s, p in payoffs.items() if int(s) != result["winner"]) == [-100, -100]
    # the live board counts those still in at the top (``in 200``): three bidders, 200 + 100 + 100
    rows = room.t("GET", "rows")
    (revenue,) = live.round_revenue(
        live.frame(rows, formats={started["activity"]: "losers_pay_half"})
    ).itertuples()
    assert revenue.bidders == 3 and revenue.revenue == 400
    table = live.bids(live.frame(rows, formats={started["activity"]: "losers_pay_half"}))
    assert table["censored"].all()  # nobody dropped: no gap to measure


def test_cl_18_a_drop_above_high_and_above_ones_value_is_taken_and_charged_half(room):
    room.t("POST", "auction", {"format": "losers_pay_half", "rounds": 1, "step": 35, "tick_seconds": 0})
    for _ in range(4):
        room.t("POST", "tick")
    dropped = room.students[0].ok("POST", "/api/act", {"text": "drop"})["me"]["activity"]
    assert dropped["dropped_at"] == 140 > dropped["value"] and dropped["status"] == "open"
    room.t("POST", "tick")
    room.students[1].ok("POST", "/api/act", {"text": "drop"})
    result = room.t("GET", "state")["round"]["result"]
    assert result["winner"] == room.ids[2] and result["price"] == 175
    values = result["values"]
    assert result["payoffs"] == {
        str(room.ids[0]): -70,
        str(room.ids[1]): -(175 - 87),  # 175 gets 87 back (CL-16)
        str(room.ids[2]): values[str(room.ids[2])] - 175,
    }


@pytest.mark.parametrize("top", [199, 401, 250.5, "300", True, None])
def test_cl_18_a_top_below_the_equilibrium_or_not_a_whole_number_is_refused(server, room, top):
    before, state = snapshot(server.db), room.t("GET", "state")
    body = {"format": "losers_pay_half", "rounds": 1, "tick_seconds": 0, "top": top}
    refused = room.teacher.post(f"/api/teacher/{room.code}/auction", body)
    assert refused.status_code == 422 and refused.json()["rule"] == "CL-14" and "(CL-18)" in refused.text
    assert snapshot(server.db) == before and room.t("GET", "state") == state


def test_cl_18_a_teacher_may_set_a_higher_top_up_to_twice_the_equilibrium_one(room):
    started = room.t(
        "POST",
        "auction",
        {"format": "losers_pay_half", "rounds": 1, "step": 100, "tick_seconds": 0, "top": 400},
    )
    assert started["top"] == 400
    prices = [room.t("POST", "tick")["price"] for _ in range(4)]
    assert prices == [100, 200, 300, 400] and room.t("GET", "state")["round"]["status"] == "closed"


def _seed_with_a_high_second_value(ids: list[int]) -> int:
    """A seed whose round 1 deals the second-highest value of the class 92 or more: its equilibrium
    drop (three students) lies above 100."""
    for seed in range(2000):
        values = sorted(private_value(seed, 1, s, 0, 100) for s in ids)
        if values[-2] >= 92:
            return seed
    raise AssertionError("no seed in 2000 deals such values")


@pytest.fixture
def classroom(tmp_path):
    with Classroom(db=tmp_path / "clock.sqlite") as made:
        yield made


def test_cl_18_simulated_equilibrium_students_drop_above_high_and_the_gap_is_measured_against_it(classroom):
    with SimulatedClass(
        classroom.base_url, classroom.code, students=3, strategy="equilibrium", noise=0
    ) as sim:
        seed = _seed_with_a_high_second_value([s.student for s in sim.students])
        classroom.auction("losers_pay_half", rounds=1, step=1, tick_seconds=0, seed=seed)
        for _ in range(250):  # the price climbs 0, 1, ..., 200 at most
            sim.clock_step()
            if classroom.state()["round"]["status"] != "open":
                break
            classroom.tick()
    rows = classroom.data()
    data = rows.query("format == 'losers_pay_half' and accepted")
    drops = data[data["kind"] == "drop"]
    (win,) = data[data["kind"] == "win"].itertuples()
    assert win.value == data["value"].max() and win.amount > 100  # the second-highest dropped above high
    exact = live.equilibrium_bids("losers_pay_half", drops["value"], 3)
    assert (
        (drops["amount"] >= exact - 0.5) & (drops["amount"] <= exact + 1.5)
    ).all()  # whole units, one tick
    (row,) = live.bid_gaps(rows).itertuples()
    assert row.format == "losers_pay_half" and abs(row.mean) <= 1.5  # measured against the game played
    figure = live.bids_figure(rows)
    assert figure.layout.yaxis.range[1] >= 200  # the equilibrium line is drawn to its top


@pytest.mark.parametrize("fmt", SEALED_FORMATS)
@pytest.mark.parametrize("n", [2, 4, 12])
def test_cl_1_no_sealed_equilibrium_bid_is_above_the_value_so_above_high_is_a_slip(fmt, n):
    values = np.arange(0, 101)
    bids = live.equilibrium_bids(fmt, values, n)
    assert (bids <= values + 1e-9).all()
    clock = live.equilibrium_bids("losers_pay_half", values, n)
    assert (clock > values).any()  # the clock is different: CL-18


def test_cl_18_a_clock_stored_before_the_top_existed_keeps_its_game_and_stops_at_high(server, room):
    """A database written by an older server holds a clock config without ``top``: that clock goes on
    as it started, stopping at ``high``, rather than changing its game half-way."""
    started = room.t(
        "POST", "auction", {"format": "losers_pay_half", "rounds": 1, "step": 50, "tick_seconds": 0}
    )
    config = {k: v for k, v in started.items() if k not in ("activity", "kind", "top")}
    con = sqlite3.connect(server.db)
    with con:
        con.execute(
            "UPDATE activities SET config = ? WHERE id = ?", (json.dumps(config), started["activity"])
        )
    con.close()
    room.t("POST", "tick")
    closed = room.t("POST", "tick")
    assert closed["status"] == "closed" and closed["price"] == 100
