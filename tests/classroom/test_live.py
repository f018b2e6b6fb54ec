"""The live figures and tables as pure functions of the session's rows (no server here): rows made
from lesson 05's model, with equilibrium or truthful bidders, seeded."""

from __future__ import annotations

import json
import math
import time

import numpy as np
import pandas as pd
import pytest

pytest.importorskip("plotly")

from gamekit.classroom import live


def make_rows(
    fmt, rounds, students=12, strategy="equilibrium", noise=0.0, seed=0, activity=1, low=0, high=100
):
    """Rows as the server sends them: one accepted ``bid N`` per student per round (values whole
    numbers uniform on [low, high]), a rejected bid for good measure, and no ``amount`` column."""
    rng = np.random.default_rng(seed)
    rows = []
    for number in range(1, rounds + 1):
        values = rng.integers(low, high + 1, students)
        if strategy == "equilibrium":
            bids = live.equilibrium_bids(fmt, values, students, low, high)
        else:
            bids = values.astype(float)
        bids = np.clip(np.rint(bids + rng.normal(0, noise, students)), low, high).astype(int)
        for student, (value, bid) in enumerate(zip(values, bids, strict=True)):
            common = {
                "session": "K7Q2XM",
                "activity": activity,
                "round": number,
                "table": None,
                "student": student,
                "name": f"s{student}",
                "seat": None,
                "kind": "bid",
                "value": int(value),
                "payoff": None,
                "time": "2026-12-01T02:00:00+00:00",
            }
            rows.append({**common, "text": f"bid {bid}", "accepted": True})
        rows.append({**common, "text": "bid 999", "accepted": False})
    return rows


def test_frame_types_the_rows_and_reads_the_bid_from_the_text():
    table = live.frame(make_rows("first_price", 1, students=3), formats={1: "first_price"})
    assert list(table.columns[: len(live.COLUMNS)]) == list(live.COLUMNS)
    assert table["format"].eq("first_price").all()
    assert table["amount"].notna().all() and table["accepted"].dtype == bool
    assert str(table["time"].dt.tz) == "UTC"
    given = live.frame([{"text": "bid 5", "amount": 7, "accepted": True}])  # the server's amount wins
    assert given.loc[0, "amount"] == 7
    assert math.isnan(live.frame([{"text": "sell 30", "accepted": True}]).loc[0, "amount"])


def test_bids_keep_accepted_auction_bids_and_count_the_bidders():
    rows = live.frame(make_rows("second_price", 2, students=4), formats={1: "second_price"})
    table = live.bids(rows)
    assert len(table) == 8 and (table["bidders"] == 4).all()
    assert (table["bid"] <= 100).all()  # the refused "bid 999" is not a bid


@pytest.mark.parametrize(
    ("fmt", "expected"),
    [("first_price", 50), ("second_price", 40), ("all_pay", 100), ("losers_pay_half", 40 + 20 + 5)],
)
def test_revenue_follows_each_formats_payment_rule(fmt, expected):
    assert live.revenue(fmt, [10, 50, 40]) == expected


def test_fs_b6_clock_revenue_counts_whole_units_with_the_odd_half_rounded_as_the_server_does():
    assert live.revenue("losers_pay_half", [50, 45, 35]) == 45 + 23 + 18
    assert live.revenue("losers_pay_half", [50, 45, 35], rounding="up") == 45 + 22 + 17
    with pytest.raises(ValueError, match="CL-16"):
        live.revenue("losers_pay_half", [50, 45.5])


def test_the_clock_rows_give_drop_prices_and_the_winners_price():
    rows = [
        {"activity": 4, "round": 1, "student": s, "kind": kind, "text": text, "value": v, "accepted": True}
        for s, kind, text, v in [
            (1, "drop", "drop 20", 30),
            (2, "drop", "drop 45", 50),
            (3, "win", "win 45", 90),
        ]
    ]
    (row,) = live.round_revenue(live.frame(rows, formats={4: "losers_pay_half"})).itertuples()
    assert row.bidders == 3 and row.revenue == 45 + 10 + 23  # the winner pays 45, losers half (FS-B6)


def test_revenue_edge_cases_and_unknown_formats():
    assert live.revenue("second_price", [30]) == 0 and live.revenue("second_price", [30, 30]) == 30
    assert math.isnan(live.revenue("first_price", []))
    with pytest.raises(ValueError, match="one of first_price"):
        live.revenue("dutch", [1])
    with pytest.raises(ValueError, match="high above low"):
        live.value_distribution(10, 10)


def test_the_theory_is_revenue_equivalence_for_the_rounds_n():
    rows = live.frame(make_rows("all_pay", 3, students=12), formats={1: "all_pay"})
    per_round = live.round_revenue(rows)
    assert np.allclose(per_round["theory"], 100 * 11 / 13)
    shifted = live.round_revenue(
        live.frame(make_rows("all_pay", 1, 4, low=20, high=60), formats={1: "all_pay"}), 20, 60
    )
    assert np.isclose(shifted.loc[0, "theory"], 20 + 40 * 3 / 5)


def both_formats(strategy, rounds=30, noise=4.0, seed=1):
    first = make_rows("first_price", rounds, strategy=strategy, noise=noise, seed=seed, activity=1)
    second = make_rows("second_price", rounds, strategy=strategy, noise=noise, seed=seed + 1, activity=2)
    return live.frame(first + second, formats={1: "first_price", 2: "second_price"})


def test_equilibrium_bidders_raise_the_theory_revenue_and_truthful_first_price_bidders_more():
    """Monte Carlo, fixed seeds: the 95 % intervals over 30 rounds hold the theory for equilibrium
    bidders in both formats; bidding the value in first price raises more (its interval is above)."""
    summary = live.revenue_summary(both_formats("equilibrium")).set_index("format")
    for fmt in ("first_price", "second_price"):
        row = summary.loc[fmt]
        assert row["rounds"] == 30 and row["bidders"] == 12
        assert row["ci_low"] <= row["theory"] <= row["ci_high"], (fmt, row)
    truthful = live.revenue_summary(both_formats("truthful")).set_index("format")
    assert truthful.loc["first_price", "ci_low"] > truthful.loc["first_price", "theory"]


def test_bid_gaps_find_the_equilibrium_and_the_overbidding():
    gaps = live.bid_gaps(both_formats("equilibrium")).set_index("format")
    assert (gaps["ci_low"] <= 0.6).all() and (gaps["ci_high"] >= -0.6).all()  # whole-number bids: ±0.5
    over = live.bid_gaps(both_formats("truthful")).set_index("format")
    assert over.loc["first_price", "ci_low"] > 0  # truthful first-price bids sit above (n-1)/n · v
    assert over.loc["second_price", "ci_low"] <= 0.6 and over.loc["second_price", "ci_high"] >= -0.6


def test_the_bids_figure_draws_points_the_45_degree_line_equilibrium_lines_and_binned_intervals():
    fig = live.bids_figure(both_formats("equilibrium", rounds=3))
    names = [trace.name for trace in fig.data]
    assert names[0] == "bid = value (the second-price equilibrium)" and list(fig.data[0].y) == [0, 100]
    line = next(t for t in fig.data if t.name == "equilibrium, first price (n = 12)")
    assert np.allclose(np.asarray(line.y), np.asarray(line.x) * 11 / 12)
    assert "equilibrium, second price (n = 12)" not in names  # it is the 45° line
    means = [t for t in fig.data if t.name.startswith("mean bid")]
    assert len(means) == 2 and all(t.error_y.array is not None for t in means)
    assert all(
        count >= live.MIN_BIN
        for count in live._binned_means(live.bids(both_formats("equilibrium", 3)), 0, 100, 5)["n"]
    )
    assert fig.layout.yaxis.range[1] < 110  # a wide interval does not stretch the axis
    points = next(t for t in fig.data if t.name == "bids, first price")
    assert len(points.x) == 36 and fig.layout.xaxis.title.text == "value"


def test_the_revenue_figure_has_intervals_and_the_theory_beside_each_format():
    fig = live.revenue_figure(both_formats("equilibrium", rounds=5))
    bars, marks = fig.data
    assert list(bars.x) == ["First price (sealed)", "Second price (sealed, Vickrey)"]
    assert bars.error_y.array is not None and len(bars.error_y.array) == 2
    assert np.allclose(marks.y, 100 * 11 / 13)


def test_empty_rows_draw_empty_figures():
    assert live.bids(pd.DataFrame()).empty
    live.bids_figure([])
    live.revenue_figure([])
    assert live.bid_gaps([]).empty


def test_waiting_names_who_has_not_bid():
    assert "Nobody has joined" in live.waiting_html({"students": [], "waiting": []})
    html = live.waiting_html({"students": [1, 2, 3], "waiting": ["Aiko", "<b>"]})
    assert "Waiting for 2 of 3" in html and "Aiko" in html and "&lt;b&gt;" in html
    assert "Nobody to wait for" in live.waiting_html({"students": [1], "waiting": []})


def test_the_live_board_redraws_on_a_new_version_and_its_thread_stops():
    pytest.importorskip("ipywidgets")
    pytest.importorskip("anywidget")
    rows = both_formats("equilibrium", rounds=2)
    calls = []

    def fetch():
        calls.append(1)
        version = 1 if len(calls) < 3 else 2
        return version, rows, {"students": [1, 2], "waiting": ["s1"]}, {7: "<p>table</p>"}

    board = live.LiveBoard(fetch)
    assert board.refresh() and not board.refresh()  # the same version: nothing redrawn
    assert "Waiting for 1 of 2" in board.waiting.value and "Table 7" in board.tables.value
    assert any(t.name == "bids, first price" for t in board.bids.data)  # the FigureWidget
    assert board.figures["bids"].to_json() == live.bids_figure(rows).to_json()
    board.start(interval=0.01, max_seconds=5)
    for _ in range(500):
        if board.version == 2:
            break
        time.sleep(0.01)
    board.stop()
    assert board.version == 2 and not board.running


def test_the_live_board_stops_when_the_server_is_gone():
    pytest.importorskip("anywidget")

    def fetch():
        raise ConnectionError("server stopped")

    board = live.LiveBoard(fetch).start(interval=0.01, max_seconds=5)
    board._thread.join(5)
    assert not board.running and isinstance(board.error, ConnectionError)
    assert "server stopped" in board.status.value
    with pytest.raises(ValueError, match="above 0"):
        board.start(interval=0)


def test_without_figure_widgets_the_same_figures_go_into_output_widgets():
    pytest.importorskip("ipywidgets")
    rows = both_formats("equilibrium", rounds=2)
    board = live.LiveBoard(lambda: (1, rows, {"students": [], "waiting": []}, {}), figure_widgets=False)
    board.refresh()
    (output,) = board.revenue.outputs
    drawn = output["data"]["application/vnd.plotly.v1+json"]
    assert drawn == json.loads(live.revenue_figure(rows).to_json())
