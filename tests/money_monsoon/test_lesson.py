"""The Money Monsoon lesson's pieces: the game's records, the picture, the sandbox and experiment
tables, and their figures."""

from __future__ import annotations

import re

import pandas as pd
import pytest

import gamekit
from gamekit import experiments
from gamekit.games.money_monsoon import analysis as mm
from gamekit.games.money_monsoon import plots as mm_plots
from gamekit.pictures import picture, text_drawer
from gamekit.simulate import simulate, simulate_records
from gamekit.teach import Replay

from ..guide_text import guide_section


def new(dice, players=4, first=0, **options):
    return gamekit.new_game(
        "money_monsoon", players, seed=5, options=options, stack={"dice": dice, "first_player": first}
    )


def titles(html: str) -> list[str]:
    return re.findall(r"<title>([^<]*)</title>", html)


# ------------------------------------------------------------------ records()
def test_records_of_mm_x1_one_auction_four_bids_one_move():
    g = Replay.of_example("MM-X1").final
    g.act(1, "move a+5")
    rec = g.records()
    (auction,) = rec["auctions"][:1]
    assert auction == {
        "turn": 1,
        "seat": 0,
        "rebid": 0,
        "roll": 5,
        "players": 4,
        "auctioneer_sat_out": False,
        "high_bid": 14,
        "top_tied": False,
        "winner": 1,
        "winning_bid": 14,
        "price": 10,
        "to_bank": False,
        "free_mover": None,
        "free_to_zero": False,
        "zero_bids": 0,
    }
    bids = [r for r in rec["bids"] if r["turn"] == 1]
    assert [r["bid"] for r in bids] == [5, 14, 7, 10]
    assert [r["won"] for r in bids] == [False, True, False, False]
    assert [r["price_paid"] for r in bids] == [0, 10, 0, 0]
    assert [r["price_received"] for r in bids] == [10, 0, 0, 0]  # MM-A4: to the auctioneer A
    assert bids[0]["auctioneer"] and not bids[1]["auctioneer"]
    assert rec["moves"] == [
        {
            "turn": 1,
            "seat": 1,
            "roll": 5,
            "pawn": "a",
            "from": 0,
            "to": 5,
            "steps": 5,
            "free": False,
            "split": False,
            "fees": 0,
            "goal": False,
        }
    ]


def test_mm_m5_records_show_an_8_whose_free_4_went_to_a_zero_bid():
    g = new([8])
    for seat, bid in enumerate([10, 0, 5, 3]):
        g.act(seat, f"bid {bid}")
    g.act(0, "move a+4")
    g.act(1, "move a+4")  # B's free 4 lands on A's pawn: 50 from A (MM-M3)
    rec = g.records()
    auction = rec["auctions"][0]
    assert (auction["winner"], auction["price"], auction["free_mover"]) == (0, 5, 1)
    assert auction["free_to_zero"] and auction["to_bank"]  # the auctioneer won: price to the bank
    assert [r["free"] for r in rec["bids"][:4]] == [False, True, False, False]
    assert [(m["seat"], m["free"], m["fees"]) for m in rec["moves"]] == [(0, False, 0), (1, True, 50)]


def test_mm_a6_records_a_lapsed_roll_and_a_rebid():
    g = new([3, 5], all_void="rebid")
    for seat in range(4):
        g.act(seat, "bid 0")  # every bid void: bid again (MM-A6)
    for seat, bid in enumerate([2, 2, 1, 0]):
        g.act(seat, f"bid {bid}")
    rec = g.records()
    first, second = rec["auctions"][:2]
    assert first["winner"] is None and first["top_tied"] and first["zero_bids"] == 4
    assert (first["rebid"], second["rebid"]) == (0, 1)
    assert (second["winner"], second["price"], second["top_tied"]) == (2, 0, True)  # 2s void: C wins
    assert len(rec["bids"]) == 8


def test_simulate_records_tables_carry_the_bot_of_each_seat():
    run = simulate_records("money_monsoon", 4, ["truthful", "truthful", "shade:0.5", "zero8"], 4, seed=1)
    assert set(run) == {"seats", "auctions", "bids", "moves"}
    assert set(run["bids"]["bot"]) == {"truthful", "shade:0.5", "zero8:1"}
    # One row per bid made: four per bidding, three when the auctioneer sat out (MM-A2).
    per_game = run["bids"].groupby("game").size()
    made = run["auctions"].groupby("game")["players"].sum()
    assert (per_game == made).all() and set(run["auctions"]["players"]) == {3, 4}
    assert (run["auctions"]["players"] == 4 - run["auctions"]["auctioneer_sat_out"]).all()
    # Every point a player collected in fees is in the moves table.
    fees = run["moves"].groupby(["game", "seat"])["fees"].sum()
    seats = run["seats"].set_index(["game", "seat"])["fees_collected"]
    assert (seats.loc[fees.index] == fees).all()


# ------------------------------------------------------------------ pictures
def test_picture_shows_every_pawn_on_the_track_and_the_goal():
    g = Replay.of_example("MM-X2").final
    html = picture(g).html
    pawns = [t for t in titles(html) if "'s pawn" in t]
    assert len(pawns) == 8
    assert "C's pawn a on space 3" in pawns and "A's pawn b on space 3" in pawns
    assert "D's pawn a on the start" in pawns
    assert "the track: start 0 to goal 25" in titles(html)
    assert ">goal<" in html and "the die shows 8" in titles(html)
    assert 'title="points">550<' in html  # C collected 150


def test_mm_a2_picture_hides_sealed_bids_from_other_players_only():
    g = new([5])
    g.act(0, "bid 5")
    g.act(1, "bid 14")
    seat_c = picture(g, 2).html
    assert seat_c.count("a bid face down") == 2 and 'title="bid">14' not in seat_c and "C (you)" in seat_c
    seat_b = picture(g, 1).html
    assert 'title="bid">14' in seat_b and seat_b.count("a bid face down") == 1
    teacher = picture(g).html
    assert "a bid face down" not in teacher and 'title="bid">14' in teacher and "(sealed)" in teacher


def test_picture_after_the_reveal_names_winner_price_and_mover():
    html = picture(Replay.of_example("MM-X1").final).html
    assert "B won the 5 and pays 10 to A; B moves 5" in html
    assert "<b>14</b>" in html  # the winning bid


def test_a_long_track_wraps_and_the_finished_game_has_its_result():
    g = gamekit.new_game("money_monsoon", 6, seed=3, options={"track_length": 40})
    gamekit.play(g, "truthful")
    html = picture(g).html
    assert ">26<" in html and ">goal<" in html and "Game over" in html and "Final points:" in html
    assert "bonus 500" in html


def test_text_picture_for_the_terminal():
    g = new([5])
    g.act(0, "bid 5")
    lines = text_drawer("money_monsoon")(g.view(1)).splitlines()
    assert lines[0] == "Turn 1: A rolled 5 and auctions it — sealed bids"
    assert lines[1] == "Track: start: Aa Ab Ba Bb Ca Cb Da Db | goal 25"
    assert lines[3].split()[:5] == ["A", "400", "0", "a", "0,"] and lines[3].split()[7] == "?"
    assert "B (you)" in lines[4]


# ------------------------------------------------------------------ the sandbox
def test_payoff_table_and_summary_of_doc_002s_auction():
    table = mm.payoff_table(12, [5, 7, 10])
    row = table.set_index("bid").loc[14]
    assert (row["wins"], row["price"], row["payoff"], row["outcome"]) == (True, 10, 2, "win, pay 10")
    assert table.set_index("bid").loc[3, "outcome"] == "lose"
    assert mm.payoff_summary(table, 12, 3) == (
        "Your bid 3: lose, payoff 0. Bidding your value 12: payoff 2. Best payoff 2, with bids 11-22."
    )


def test_payoff_table_of_an_8_shows_the_free_4():
    table = mm.payoff_table(40, [12, 5, 9], free_value=40).set_index("bid")
    assert table.loc[0, "outcome"] == "lose, but take the free 4" and table.loc[0, "payoff"] == 40
    assert mm.payoff_summary(table.reset_index(), 40, 40).endswith("Best payoff 40, with bids 0-4.")


def test_regret_table_finds_no_regret_for_the_textbook_rule_and_some_for_void_and_the_8():
    cases = mm.random_cases(300, seed=4)
    assert cases == mm.random_cases(300, seed=4) and len(cases) == 300
    assert (mm.regret_table(cases, "seat")["regret"] == 0).all()
    void = mm.regret_table(cases, "void")
    assert (void["regret"] > 0).any() and (void["regret"] >= 0).all()
    eights = mm.regret_table(cases, "seat", free_value=20)
    assert (eights["regret"] > 0).mean() > 0.3
    assert set(eights.columns) == {
        "value",
        "rival_bids",
        "truthful_payoff",
        "best_payoff",
        "best_bid",
        "regret",
    }


def test_the_live_rule_explorer_redraws_the_sandbox_as_a_slider_moves():
    w = pytest.importorskip("ipywidgets")
    from gamekit.widgets import RuleExplorer

    shown = []

    def run(value, bid):
        table = mm.payoff_table(value, [5, 7, 10])
        shown.append(mm.payoff_summary(table, value, bid))
        return mm_plots.payoff_against_bid(table, value, bid)

    sandbox = RuleExplorer(run, {"value": w.IntSlider(value=12), "bid": w.IntSlider(value=3)}, live=True)
    assert sandbox.go.layout.display == "none" and len(shown) == 1
    sandbox.inputs["bid"].value = 14
    assert len(shown) == 2 and shown[-1].startswith("Your bid 14: win, pay 10, payoff 2.")


# ------------------------------------------------------------------ experiment tables
@pytest.fixture(scope="module")
def small_sweep():
    return experiments.sweep("money_monsoon", 4, "shade", [0.0, 1.0], ["truthful"] * 3, games=8, seed=1)


def test_sweep_fields_and_money_flows(small_sweep):
    table = mm.sweep_fields({"truthful": small_sweep, "again": small_sweep})
    assert list(table["field"]) == ["truthful", "truthful", "again", "again"]
    assert list(table["value"]) == [0.0, 1.0, 0.0, 1.0]
    flows = mm.money_flows(small_sweep).set_index("bot")
    assert list(flows.index) == ["shade:0", "shade:1", "truthful"]
    assert flows.loc["shade:0", "prices_paid"] == 0  # bids 0: never pays a price
    assert flows.loc["shade:0", "games"] == 8
    with pytest.raises(ValueError, match="missing"):
        mm.money_flows(pd.DataFrame({"bot": ["x"]}))


def test_zero_bids_on_eight_counts_free_4s_and_wins():
    bids = pd.DataFrame(
        {
            "setting": ["one", "one", "one", "one", "two", "two"],
            "roll": [8, 8, 5, 8, 8, 8],
            "bid": [0, 0, 0, 3, 0, 0],
            "free": [True, False, False, True, False, False],
        }
    )
    seats = pd.DataFrame(
        {
            "setting": ["one", "one", "two", "two"],
            "bot": ["zero8:1", "truthful", "zero8:1", "zero8:1"],
            "win_share": [1.0, 0.0, 0.5, 0.5],
        }
    )
    table = mm.zero_bids_on_eight(bids, seats).set_index("setting")
    assert table.loc["one", ["zero_bids", "free", "free_share"]].tolist() == [2, 1, 0.5]
    assert table.loc["two", ["zero_bids", "free", "free_share"]].tolist() == [2, 0, 0.0]
    assert table.loc["one", ["games", "wins", "win_share"]].tolist() == [1, 1.0, 1.0]
    assert table.loc["two", ["games", "wins", "win_share"]].tolist() == [2, 1.0, 0.5]
    assert 0 <= table.loc["one", "free_low"] < 0.5 < table.loc["one", "free_high"] <= 1


def test_tie_summary_measures_ties_lapses_and_prices():
    auctions = pd.DataFrame(
        {
            "setting": ["void"] * 3 + ["seat"] * 2,
            "game": [0, 0, 1, 0, 0],
            "seat": [0, 1, 0, 0, 1],
            "winner": [None, 2, 0, 0, 1],
            "top_tied": [True, True, False, True, False],
            "price": [0, 2, 5, 9, 3],
            "winning_bid": [None, 4, 10, 9, 6],
        }
    )
    seats = pd.DataFrame({"setting": ["void", "void", "seat"], "game": [0, 1, 0], "turns": [4, 2, 3]})
    table = mm.tie_summary(auctions, seats).set_index("setting")
    assert table.loc["void", "lapsed"] == pytest.approx(1 / 3)
    assert table.loc["void", "top_tied"] == pytest.approx(2 / 3)
    assert table.loc["void", "auctioneer_wins_tie"] == 0.0  # C won the tied roll B auctioned
    assert table.loc["seat", "auctioneer_wins_tie"] == 1.0
    assert table.loc["void", "price_share"] == pytest.approx((0.5 + 0.5) / 2)
    assert table.loc["seat", "price_share"] == pytest.approx((1 + 0.5) / 2)
    assert table.loc["void", "turns"] == 3 and table.loc["seat", "turns"] == 3


def test_tied_rolls_give_the_auctioneer_a_fair_share_of_1_over_k_of_the_ties_it_is_in():
    key = {"setting": "seat", "game": 0, "rebid": 0}
    auctions = pd.DataFrame(
        [
            {**key, "turn": 1, "seat": 0, "winner": 0, "top_tied": True, "high_bid": 9},  # A, B tied: A wins
            {
                **key,
                "turn": 2,
                "seat": 1,
                "winner": 2,
                "top_tied": True,
                "high_bid": 7,
            },  # C, D tied: B not in
            {**key, "turn": 3, "seat": 2, "winner": 2, "top_tied": True, "high_bid": 5},  # B, C, D tied
            {**key, "turn": 4, "seat": 3, "winner": 3, "top_tied": False, "high_bid": 8},  # no tie
        ]
    )
    bids = pd.DataFrame(
        [
            {**key, "turn": turn, "seat": seat, "bid": bid, "auctioneer": seat == auctioneer}
            for turn, auctioneer, row in (
                (1, 0, [9, 9, 3]),
                (2, 1, [1, 2, 7, 7]),
                (3, 2, [0, 5, 5, 5]),
                (4, 3, [8]),
            )
            for seat, bid in enumerate(row)
        ]
    )
    tied = mm.tied_rolls(auctions, bids).set_index("turn")
    assert tied.index.tolist() == [1, 2, 3]
    assert tied["tied"].tolist() == [2, 2, 3]
    assert tied["auctioneer_tied"].tolist() == [True, False, True]
    assert tied["fair_share"].tolist() == pytest.approx([1 / 2, 0, 1 / 3])
    assert tied["excess"].tolist() == pytest.approx([1 / 2, 0, 2 / 3])


def test_exact_bid_regret_weighs_every_rival_bid_list_alike():
    from itertools import product

    from gamekit.theory.money_monsoon import one_shot_regret

    rivals = [list(r) for r in product(range(5), repeat=2)]
    exact = mm.exact_bid_regret(range(5), top=4, others=2).set_index("value")
    for value in range(5):
        _, mean, _, _ = one_shot_regret(value, rivals, [value] * len(rivals), top_tie="void")
        assert exact.loc[value, "regret"] == pytest.approx(mean)
    one = mm.exact_bid_regret([3], top=1, others=1).iloc[0]  # the rival bids 0 or 1: win, pay 0 or 1
    assert (one["payoff"], one["regret"], one["best_bid"]) == (2.5, 0, 2)
    seat = mm.exact_bid_regret([3], top=4, others=2, top_tie="seat")
    assert seat.loc[0, "regret"] == 0  # Vickrey: no bid does better than the value


def test_game_table_and_track_summary():
    seats = pd.DataFrame(
        {
            "setting": ["10"] * 4 + ["20"] * 4,
            "game": [0, 0, 1, 1, 0, 0, 1, 1],
            "turns": [3, 3, 5, 5, 9, 9, 11, 11],
            "finished": [True] * 8,
            "fees_collected": [50, 0, 0, 0, 100, 50, 0, 0],
            "prices_received": [0, 50, 0, 100, 0, 0, 0, 0],
            "bonus": [500, 300, 500, 300, 500, 300, 500, 300],
        }
    )
    games = mm.game_table(seats, keys=["setting"])
    assert games["fee_share"].round(4).tolist() == [round(50 / 900, 4), 0.0, round(150 / 950, 4), 0.0]
    table = mm.track_summary({"bots": seats})
    assert table["track_length"].tolist() == [10, 20] and table["games"].tolist() == [2, 2]
    assert table["turns"].tolist() == [4, 10]
    assert table.loc[1, "turns_low"] < 10 < table.loc[1, "turns_high"]


def test_from_start_player_renumbers_seats_clockwise():
    seats = pd.DataFrame({"game": [0] * 4, "seat": [0, 1, 2, 3], "win_share": [0, 0, 1, 0]})
    auctions = pd.DataFrame({"game": [0, 0], "turn": [1, 2], "seat": [2, 3]})
    table = mm.from_start_player(seats, auctions)
    assert table.sort_values("table_seat")["seat"].tolist() == [2, 3, 0, 1]
    assert table.loc[table["seat"] == 0, "win_share"].item() == 1


def test_the_experiments_on_real_games_have_the_shapes_the_lesson_reads():
    runs = {
        label: simulate_records("money_monsoon", 4, bots, 6, seed=2)
        for label, bots in {"1 zero8": ["zero8", "truthful", "truthful", "truthful"]}.items()
    }
    zero = mm.zero_bids_on_eight(experiments.stacked(runs, "bids"), experiments.stacked(runs))
    assert zero["games"].tolist() == [6]
    ties = experiments.compare_settings(
        "money_monsoon", 4, "truthful", 6, {"void": {"top_tie": "void"}, "seat": {"top_tie": "seat"}}, seed=2
    )
    table = mm.tie_summary(experiments.stacked(ties, "auctions"), experiments.stacked(ties))
    assert table.set_index("setting").loc["seat", "lapsed"] == 0  # MM-A5 seat: someone always wins
    seats = simulate("money_monsoon", 4, "random", 4, seed=2, options={"track_length": 10})
    track = mm.track_summary({"random": seats.assign(setting="10")})
    assert track["track_length"].tolist() == [10]


# ------------------------------------------------------------------ figures
def test_payoff_figure_marks_the_value_and_the_bid():
    table = mm.payoff_table(12, [5, 7, 10])
    fig = mm_plots.payoff_against_bid(table, 12, bid=14)
    assert [t.name for t in fig.data] == ["payoff", "your bid 14"]
    assert list(fig.data[1].y) == [2]
    assert fig.layout.title.text == (
        "Your bid 14: win, pay 10, payoff 2.<br>Bidding your value 12: payoff 2.<br>"
        "Best payoff 2, with bids 11-22."
    )
    assert fig.layout.shapes[0].x0 == 12
    assert len(mm_plots.payoff_against_bid(table, 12).data) == 1


def test_experiment_figures_draw_one_trace_per_series(small_sweep):
    fig = mm_plots.shading_sweep(mm.sweep_fields({"3 truthful bots": small_sweep}))
    assert [t.name for t in fig.data] == ["against 3 truthful bots"]
    zero = pd.DataFrame(
        {
            "setting": ["1 zero8", "2 zero8"],
            **{c: [0.5, 0.0] for c in ("free_share", "free_low", "free_high")},
            **{c: [0.4, 0.2] for c in ("win_share", "win_low", "win_high")},
        }
    )
    assert len(mm_plots.zero_bid_payoff(zero).data) == 2
    ties = pd.DataFrame(
        {
            "setting": ["seat", "void"],
            "top_tied": [0.2, 0.5],
            "lapsed": [0.0, 0.4],
            "auctioneer_wins_tie": [0.6, 0.25],
            "price_share": [0.6, 0.5],
            "turns": [8.0, 13.0],
        }
    )
    fig = mm_plots.tie_rules(ties)
    assert [t.name for t in fig.data] == [
        "top_tie=seat (8.0 turns a game)",
        "top_tie=void (13.0 turns a game)",
    ]
    track = pd.DataFrame(
        {
            "field": ["a", "a", "b"],
            "track_length": [10, 20, 10],
            **{c: [3.0, 6.0, 9.0] for c in ("turns", "turns_low", "turns_high")},
            **{c: [0.1, 0.2, 0.3] for c in ("fee_share", "fee_low", "fee_high")},
        }
    )
    assert len(mm_plots.track_length(track).data) == 4


# ------------------------------------------------------------------ the notebook itself (issue 13)
NOTEBOOK = __import__("pathlib").Path(__file__).parents[2] / "notebooks" / "02_money_monsoon.ipynb"


def notebook_cells() -> list[dict]:
    import json

    cells = json.loads(NOTEBOOK.read_text())["cells"]
    for cell in cells:
        cell["text"] = "".join(cell["source"])
    return cells


def test_the_lesson_links_the_teachers_guide_once_and_the_guide_answers_every_part():
    cells = notebook_cells()
    text = "\n".join(c["text"] for c in cells if c["cell_type"] == "markdown")
    assert text.count("teacher_guide.ipynb") == 1
    assert text.count("**Questions for students") == 3
    guide = guide_section("02_money_monsoon")
    for heading in ("## Time per section", "## A 20-minute path", "## The full path", "## What to ask next"):
        assert heading in guide
    for part in ("### Sections 1–3", "### Section 7", "### Section 8"):
        assert part in guide


def test_truthful_means_the_rollout_value_and_the_theory_is_referenced():
    text = "\n".join(c["text"] for c in notebook_cells())
    assert "mm.head_to_head_runs" in text and '"rollout:1.0"' in text
    for reference in ("Vickrey (1961)", "Krishna", "Myerson (1981)", "Jehiel", "Moldovanu"):
        assert reference in text


def test_checks_are_collapsed_and_tables_are_not_raw_dumps():
    for cell in notebook_cells():
        if cell["cell_type"] != "code":
            continue
        assert ".to_string(" not in cell["text"]
        if cell["text"].lstrip().startswith("assert"):
            meta = cell["metadata"]
            assert meta.get("jupyter", {}).get("source_hidden") and "check" in meta.get("tags", []), cell[
                "text"
            ]
