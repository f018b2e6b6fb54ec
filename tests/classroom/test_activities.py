"""The activities' arithmetic on its own: values on the auction lab's private-values model, who
wins and pays in each sealed format, the losers-pay-half clock, bid texts, ties; and the clock
that moves by itself while the server runs."""

from __future__ import annotations

import math
import statistics
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamekit.classroom import ClassroomError, Limits, serve
from gamekit.classroom.activities import (
    clock_outcome,
    parse_bid,
    private_value,
    sealed_outcome,
    tie_order,
)
from gamekit.games.for_sale.rules import refund

from .classroom_client import TEACHER, Class


def test_values_are_uniform_whole_numbers_independent_of_who_asks_first():
    values = [private_value(7, r, s, 0, 100) for r in range(1, 41) for s in range(1, 51)]
    assert min(values) >= 0 and max(values) <= 100 and all(isinstance(v, int) for v in values)
    # U{0..100}: mean 50, sd sqrt((101^2 - 1)/12); the sample mean within 4 standard errors
    sd = math.sqrt((101**2 - 1) / 12)
    assert abs(statistics.fmean(values) - 50) < 4 * sd / math.sqrt(len(values))
    assert private_value(7, 3, 9, 0, 100) == private_value(7, 3, 9, 0, 100)
    assert len({private_value(seed, 1, 1, 0, 100) for seed in range(30)}) > 15


def test_the_sealed_formats_pay_as_the_auction_lab_says():
    bids = {1: 30, 2: 70, 3: 50}
    order = [1, 2, 3]
    first = sealed_outcome("first_price", bids, order)
    assert (first["winner"], first["price"], first["payments"]) == (2, 70, {1: 0, 2: 70, 3: 0})
    second = sealed_outcome("second_price", bids, order)
    assert (second["winner"], second["price"], second["payments"]) == (2, 50, {1: 0, 2: 50, 3: 0})
    all_pay = sealed_outcome("all_pay", bids, order)
    assert all_pay["payments"] == {1: 30, 2: 70, 3: 50} and all_pay["winner"] == 2
    assert sealed_outcome("second_price", {4: 10}, [4])["price"] == 0
    assert sealed_outcome("first_price", {}, [])["winner"] is None
    with pytest.raises(ValueError, match="sealed-bid format"):
        sealed_outcome("losers_pay_half", bids, order)


def test_a_tie_for_the_top_goes_to_the_first_in_the_seeded_order():
    bids = {1: 60, 2: 60, 3: 10}
    order = tie_order(5, 1, list(bids))
    assert sorted(order) == [1, 2, 3] and order == tie_order(5, 1, [3, 2, 1])
    winner = sealed_outcome("first_price", bids, order)["winner"]
    assert winner == next(s for s in order if bids[s] == 60)
    assert {
        sealed_outcome("first_price", bids, tie_order(seed, 1, [1, 2]))["winner"] for seed in range(20)
    } == {
        1,
        2,
    }


def test_fs_b6_clock_charges_whole_units_with_half_of_an_odd_price_back_rounded_down():
    # CL-16: a drop at 35 gets 17 back and pays 18, as a For Sale player passing at 5 loses 3
    done = clock_outcome({1: 20, 2: 35}, [3], 35, [3])
    assert done == {"winner": 3, "price": 35, "payments": {1: 10, 2: 18, 3: 35}}
    assert done["payments"][2] == 35 - refund(35, "down")  # For Sale's own helper, not a copy
    stopped = clock_outcome({1: 20}, [2, 3], 99, [3, 2])
    assert stopped["winner"] == 3 and stopped["payments"] == {1: 10, 2: 50, 3: 99}
    assert clock_outcome({1: 5}, [], 5, [])["winner"] is None


def test_fs_b6_clock_rounds_up_as_the_option_says():
    up = clock_outcome({1: 35, 2: 20}, [3], 40, [3], rounding="up")
    assert up["payments"] == {1: 17, 2: 10, 3: 40}
    with pytest.raises(ValueError, match="CL-16"):
        clock_outcome({1: 35}, [3], 40, [3], rounding="half")


@given(
    drops=st.dictionaries(st.integers(1, 50), st.integers(0, 1000), max_size=8),
    price=st.integers(0, 1000),
    rounding=st.sampled_from(["down", "up"]),
)
def test_cl_16_every_clock_payment_is_whole_and_within_half_a_unit_of_half(drops, price, rounding):
    # CL-16 / FS-B6: whole units; a loser pays half exactly from an even price, the larger half
    # (down) or the smaller (up) from an odd one
    outcome = clock_outcome(drops, [99], price, [99], rounding)
    for student, paid in outcome["payments"].items():
        amount = drops.get(student, price)
        assert isinstance(paid, int)
        if student == 99:
            assert paid == price
        else:
            assert paid == (-(-amount // 2) if rounding == "down" else amount // 2)


@pytest.mark.parametrize(
    ("text", "bid"), [("bid 37", 37), ("37", 37), ("BID 0", 0), ("bid 100", 100), ("bid 5.0", 5)]
)
def test_bid_texts_are_read(text, bid):
    assert parse_bid(text, 0, 100) == bid


@pytest.mark.parametrize(
    ("text", "rule"),
    [("bid 101", "CL-1"), ("bid -3", "CL-1"), ("bid 2.5", "CL-1"), ("bid", "CL-8"), ("sell 3", "CL-8")],
)
def test_bad_bid_texts_name_their_rule(text, rule):
    with pytest.raises(ClassroomError, match=rf"\({rule}\)$") as caught:
        parse_bid(text, 0, 100)
    assert caught.value.rule_id == rule


def test_the_clock_moves_by_itself_while_the_server_runs(tmp_path):
    with serve(tmp_path / "c.db", teacher_token=TEACHER, limits=Limits(rate=1000, burst=1000)) as server:
        room = Class(server.url, ["Aiko", "Ben"])
        room.t("POST", "auction", {"format": "losers_pay_half", "rounds": 1, "step": 10, "tick_seconds": 0.3})
        deadline = time.monotonic() + 20
        price = 0
        while price < 20 and time.monotonic() < deadline:
            time.sleep(0.1)
            price = room.students[0].ok("GET", "/api/me")["activity"]["price"]
        assert price >= 20
        room.students[0].ok("POST", "/api/act", {"text": "drop"})
        result = room.t("GET", "state")["round"]["result"]
        assert result["winner"] == room.ids[1]


def test_the_event_stream_says_when_the_screen_changed(tmp_path):
    import httpx

    with serve(tmp_path / "e.db", teacher_token=TEACHER, limits=Limits(stream_seconds=3.0)) as server:
        room = Class(server.url, ["Aiko", "Ben"])
        with httpx.stream(
            "GET", f"{server.url}/api/events", params={"token": room.students[0].token}
        ) as stream:
            lines = stream.iter_lines()
            assert next(lines) == "retry: 2000"
            first = [next(lines) for _ in range(3)]
            version = room.students[0].ok("GET", "/api/me")["version"]
            assert first == ["", "event: version", f"data: {version}"]
            room.t("POST", "auction", {"format": "first_price", "rounds": 1})
            seen = []
            for line in lines:
                seen.append(line)
                if line.startswith("data:") and int(line[5:]) > version:
                    break
            assert int(seen[-1][5:]) == room.students[0].ok("GET", "/api/me")["version"]
        teacher = f"{server.url}/api/teacher/{room.code}/events"
        as_teacher = {"Authorization": f"Bearer {TEACHER}"}  # never ?token= in the URL (CL-29)
        with httpx.stream("GET", teacher, headers=as_teacher) as stream:
            lines = [line for line in stream.iter_lines() if line.startswith(("event:", "data:"))]
        assert lines[:2] == ["event: version", f"data: {room.t('GET', 'state')['version']}"]
        assert lines[-2:] == ["event: bye", "data: reconnect"]  # closed after stream_seconds
        as_student = {"Authorization": f"Bearer {room.students[0].token}"}
        with httpx.stream("GET", teacher, headers=as_student) as refused:
            assert refused.status_code == 403
        assert server.url.startswith("http://127.0.0.1:")
