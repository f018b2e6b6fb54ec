"""The Kuhhandel lesson's package code: records, the rule IDs events carry, the pictures, what a
card count gives away, the experiments' tables and figures, and the notebook's quotations."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pandas as pd
import pytest

import gamekit
from gamekit.examples import run_example
from gamekit.games.kuhhandel import analysis as kh
from gamekit.games.kuhhandel import pictures as pictures
from gamekit.games.kuhhandel import rules
from gamekit.pictures import picture
from gamekit.simulate import simulate_records
from gamekit.teach import Table, action_groups

from ..guide_text import guide_section
from .helpers import game, play

ROOT = Path(__file__).resolve().parents[2]


def titles(html: str) -> list[str]:
    return re.findall(r"<title>([^<]*)</title>", html)


# ------------------------------------------------------------------ records
def test_records_of_a_sale_a_buy_in_and_free_donkeys():
    sale = run_example("KH-X2").game.records()["auctions"]
    assert sale == [
        {
            "turn": 1,
            "seat": 0,
            "animal": "cow",
            "set_value": 800,
            "donkeys_seen": 0,
            "taker_had": 0,
            "high_bid": 60,
            "high_bidder": 2,
            "bids": 2,
            "runs": 1,
            "outcome": "sold",
            "taker": 2,
            "price": 60,
            "paid": 60,
        }
    ]
    buy_in = run_example("KH-X3").game.records()["auctions"][0]
    assert (buy_in["outcome"], buy_in["taker"], buy_in["price"], buy_in["high_bidder"]) == (
        "bought_in",
        0,
        70,
        1,
    )
    donkeys = run_example("KH-X1").game.records()["auctions"]
    assert [(a["donkeys_seen"], a["outcome"], a["taker"], a["price"]) for a in donkeys] == [
        (1, "no_bid", 0, 0),
        (2, "no_bid", 1, 0),
    ]


def test_records_count_reruns_overpayments_and_what_the_taker_held():
    g = game(3, ["cow", "cow"])
    play(g, "A: auction", "B: bid 200", "C: bid 210", "B: hold")  # C holds 90: rerun (KH-A7)
    assert g.view()["auction"]["run"] == 2
    play(g, "B: bid 60", "A: sell", "B: pay 10,50")
    play(g, "B: auction", "C: bid 30", "A: bid 50", "C: hold", "B: sell", "A: pay 50")
    first, second = g.records()["auctions"]
    assert (first["runs"], first["taker"], first["high_bidder"], first["price"]) == (2, 1, 1, 60)
    assert (second["taker"], second["taker_had"]) == (0, 0)
    g2 = game(3, ["cow", "cow", "horse", "cow"])
    play(g2, "A: auction", "B: hold", "C: hold")  # A takes a cow free
    play(g2, "B: auction", "C: bid 10", "A: bid 20", "C: hold", "B: sell", "A: pay 10,10")
    assert [a["taker_had"] for a in g2.records()["auctions"]] == [0, 1]
    g3 = game(3, ["cow", "horse"])
    play(g3, "A: auction", "B: hold", "C: bid 40", "B: hold", "A: sell", "C: pay 10,10,10,10")
    play(
        g3, "B: auction", "C: bid 20", "A: hold", "B: sell", "C: pay 50"
    )  # C has 0, 0, 50: no change (KH-A6)
    assert [(a["price"], a["paid"]) for a in g3.records()["auctions"]] == [(40, 40), (20, 50)]


def test_records_of_cow_trades_won_tied_and_accepted():
    won = run_example("KH-X4").game.records()["trades"]
    assert won == [
        {
            "turn": 7,
            "seat": 0,
            "partner": 1,
            "animal": "cow",
            "stake": 2,
            "rounds": 1,
            "offer_cards": 3,
            "offer_total": 10,
            "offer_zeros": 2,
            "response": "counter",
            "counter_cards": 2,
            "counter_total": 20,
            "counter_zeros": 0,
            "outcome": "partner",
            "winner": 1,
        }
    ]
    tied = run_example("KH-X5").game.records()["trades"][0]
    assert (tied["rounds"], tied["outcome"], tied["winner"], tied["offer_total"], tied["counter_cards"]) == (
        2,
        "second_tie",
        0,
        0,
        0,
    )
    g = run_example("KH-X5").game_at(0)
    play(g, "A: trade B cow", "A: offer 0,10", "B: accept")
    accepted = g.records()["trades"][0]
    assert (accepted["response"], accepted["outcome"], accepted["winner"]) == ("accept", "accepted", 0)
    assert accepted["counter_cards"] is None and accepted["offer_zeros"] == 1


def test_records_of_sets_and_in_simulate_records():
    tables = simulate_records("kuhhandel", 3, ["value", "buyin", "bluffer:1"], 3, seed=4)
    assert set(tables) == {"seats", "auctions", "trades", "sets"}
    auctions, sets, seats = tables["auctions"], tables["sets"], tables["seats"]
    assert (auctions.groupby("game").size() == 40).all()  # every animal card is auctioned once (KH-C1)
    assert set(auctions["outcome"]) <= {"no_bid", "sold", "bought_in"}
    assert (auctions["paid"] >= auctions["price"]).all()
    assert (sets.groupby("game").size() == 10).all()  # KH-E1: every animal ends a complete set
    per_seat = sets.groupby(["game", "seat"]).size()
    for (g, seat), n in per_seat.items():
        assert seats[(seats["game"] == g) & (seats["seat"] == seat)]["sets"].item() == n
    assert set(tables["trades"]["outcome"]) <= {"accepted", "active", "partner", "second_tie"}


# -------------------------------------------------------------- event rules
def test_every_event_names_a_rule_of_the_reference_and_offer_steps_name_theirs(rule_ids):
    known = {r for r in rule_ids if r.startswith("KH-")}
    g = gamekit.new_game("kuhhandel", 4, seed=8)
    gamekit.play(g, ["random", "bluffer:1", "buyin", "value"])
    for event in g.log:
        assert event["rule"] in known, event
    takes = {e["rule"] for e in g.log if e["type"] == "takes"}
    assert takes <= {"KH-A4", "KH-A5", "KH-K3", "KH-K4", "KH-K5"}  # the rule that gave the animals
    steps = run_example("KH-X4").game_at(0)
    play(steps, "A: trade B cow", "A: add 10", "A: offer", "B: add 10")
    assert [e["rule"] for e in steps.log if e["type"] == "add"] == ["KH-K2", "KH-K3"]


# ----------------------------------------------------------------- pictures
def test_kh_c3_teacher_sees_every_money_card_a_player_only_their_own():
    position = run_example("KH-X4").game_at(0)
    teacher = picture(position).html
    assert titles(teacher).count("money card 50") == 3 and "the teacher" in teacher
    b = picture(position, 1).html
    assert titles(b).count("money card 50") == 1  # B's own
    assert titles(b).count("a money card, face down") == 14  # A's and C's seven each, counted
    assert "B (you)" in b
    assert 'title="money total">?<' in b and 'title="money total">90<' in b


def test_animals_are_drawn_by_kind_with_complete_sets_marked():
    position = run_example("KH-X4").game
    html = picture(position, 2).html
    assert "cow: a complete set (set worth 800)" in titles(html)
    assert "horse: 2 of 4 (set worth 1000)" in titles(html)
    assert 'title="complete sets">1<' in html and 'title="score so far">800<' in html


def test_kh_k2_an_offer_is_face_down_for_the_others_and_open_to_its_maker():
    g = run_example("KH-X4").game_at(4)  # A has put 0, 0, 10 down
    assert titles(picture(g, 1).html).count("an offered card, face down") == 3
    assert titles(picture(g, 2).html).count("an offered card, face down") == 3
    teacher = picture(g).html
    assert "an offered card, face down" not in teacher and "A is putting cards face down" in teacher
    g.act(0, "offer")
    assert "A offers 3 cards" in picture(g, 1).html
    assert titles(picture(g, 0).html).count("money card 0") == 2  # A sees its own offer; its zeros are in it
    assert "an offered card, face down" in picture(g, 2).html


def test_kh_k4_the_last_trade_shows_the_amounts_only_to_the_traders():
    g = run_example("KH-X4").game
    assert "A offered 0, 0, 10; B countered 10, 10" in picture(g, 0).html
    c = picture(g, 2).html
    assert "B won the cow trade for two cows" in c and "A offered" not in c


def test_auction_picture_and_the_final_score_label():
    g = run_example("KH-X2").game_at(3)
    html = picture(g).html
    assert "Auction: A auctions a cow" in html and "high bid <b>60</b> by C" in html
    assert "B to bid or hold" in html
    finished = gamekit.new_game("kuhhandel", 3, seed=2)
    gamekit.play(finished, "value")
    assert "Final score:" in picture(finished).html and "Final money" not in picture(finished).html
    for_sale = gamekit.new_game("for_sale", 3, seed=5)
    gamekit.play(for_sale, "spread")
    assert "Final money:" in picture(for_sale).html


def test_text_picture_hides_other_players_money():
    g = run_example("KH-X4").game_at(4)
    text = pictures.text(g.view(1))
    assert "Cow trade: A challenges B for two cows" in text
    assert "being put down: 3 card(s)" in text and "(0, 0, 10)" not in text
    lines = {line.split()[0]: line for line in text.splitlines() if line[:1] in "ABC" and line[1:2] == " "}
    assert "?" in lines["A"] and "0, 0, 10, 10, 10, 10, 50" in lines["B"]
    assert "(0, 0, 10)" in pictures.text(g.view(0))


def test_pictures_show_nothing_that_another_seats_secrets_change():
    """Games that differ only in the other players' money values look the same to a player."""
    other_hand = rules.counts_of([0, 10, 10, 10, 10, 10, 10])  # seven cards, like the start
    for seat in (0, 1, 2):
        original = run_example("KH-X4").game_at(0)
        changed = run_example("KH-X4").game_at(0)
        for other in range(3):
            if other != seat:
                changed.money[other] = list(other_hand)
        assert picture(original, seat).html == picture(changed, seat).html
        assert pictures.text(original.view(seat)) == pictures.text(changed.view(seat))
        assert picture(original).html != picture(changed).html  # the teacher sees the difference


def test_inference_note():
    note = pictures.inference_note(run_example("KH-X4").game_at(4).view(1))
    assert "A has put down <b>3 cards</b>" in note and "between <b>0</b> and <b>110</b>" in note
    assert "sees no offer" in pictures.inference_note(run_example("KH-X4").game_at(0).view(1))
    with pytest.raises(ValueError, match="teacher"):
        pictures.inference_note(run_example("KH-X4").game_at(4).view())


# -------------------------------------------------------- what a count tells
def test_offer_inference_counts_every_set_of_unseen_cards_once():
    inference = kh.offer_inference(2, [0, 10, 10, 50])
    assert inference.distribution == {10: 2 / 6, 20: 1 / 6, 50: 1 / 6, 60: 2 / 6}
    assert (inference.low, inference.high) == (10, 60)
    assert inference.mean == pytest.approx(35)
    assert inference.chance_below(20) == pytest.approx(2 / 6)
    table = inference.table()
    assert table["at_least"].tolist() == pytest.approx([1, 4 / 6, 3 / 6, 2 / 6])
    assert kh.offer_inference(0, [0, 10]).distribution == {0: 1.0}
    with pytest.raises(ValueError, match="impossible"):
        kh.offer_inference(5, [0, 10, 10, 50])


def test_public_info_unseen_is_exactly_the_others_money_and_any_offer_on_the_table():
    """KH-C2/KH-C3: with the bank open and your own cards known, the rest is known as a whole."""
    rng = random.Random(5)
    for seed in range(6):
        g = gamekit.new_game("kuhhandel", 3 + seed % 3, seed=seed)
        for _ in range(rng.randrange(50, 600)):
            if g.is_over:
                break
            seat = g.to_act[0]
            g.act(seat, rng.choice(g.legal_actions(seat)))
        for seat in range(g.players):
            view = g.view(seat)
            info = kh.PublicInfo.of(view)
            truth = Counter()
            for other, hand in enumerate(g.view()["money"]):
                if other != seat:
                    truth.update(hand)
            trade = g.view()["trade"]
            if trade and trade["offer"] is not None and trade["active"] != seat:
                truth.update(trade["offer"])
            if trade and trade["offer"] is not None and trade["active"] == seat:
                truth.update(trade["offer"])  # your own offer lies on the table, out of your hand
            assert Counter(info.unseen) == truth
            assert sum(info.unseen) == view["money_in_play"] - sum(view["money"][seat])


def test_trade_inference_reads_the_public_count_while_an_offer_is_built_and_after():
    g = run_example("KH-X4").game_at(0)
    assert kh.trade_inference(g.view(1)) is None
    play(g, "A: trade B cow", "A: add 50")
    assert kh.trade_inference(g.view(1)).cards == 1
    assert kh.trade_inference(g.view(0)) is None  # A knows its own offer
    play(g, "A: add 0", "A: offer")
    seen_by_c = kh.trade_inference(g.view(2))
    assert seen_by_c.cards == 2 and seen_by_c.high == 50 + 50  # C holds a 50; the others' best two
    play(g, "B: add 10")
    assert kh.trade_inference(g.view(1)).cards == 2  # B still reads A's offer while countering
    with pytest.raises(ValueError, match="teacher"):
        kh.PublicInfo.of(g.view())


# --------------------------------------------------------------- experiments
def _seats(rows):
    return pd.DataFrame(rows, columns=["game", "seat", "bot", "score", "win_share", "sets"])


def test_first_bot_follows_simulates_seat_rotation_and_swept_marks_it():
    tables = simulate_records("kuhhandel", 3, ["buyin:1", "value", "value"], 6, seed=1)
    mine = kh.first_bot(tables["seats"], 3)
    assert (tables["seats"][mine]["bot"] == "buyin:1").all() and mine.sum() == 6
    runs = {0.0: tables, 1.0: tables}
    stacked = kh.swept(runs, 3)
    assert len(stacked) == 36 and stacked["value"].notna().sum() == 12
    assert set(stacked.dropna(subset=["value"])["bot"]) == {"buyin:1"}
    auctions = kh.swept(runs, 3, "auctions")
    assert (auctions.dropna(subset=["value"])["bot"] == "buyin:1").all()


def test_buyin_summary_by_hand():
    auctions = pd.DataFrame(
        {
            "value": [1.0, 1.0, 1.0, 1.0, float("nan")],
            "outcome": ["sold", "bought_in", "no_bid", "bought_in", "sold"],
            "price": [100, 40, 0, 60, 999],
            "paid": [100, 50, 0, 60, 999],
            "set_value": [800, 800, 10, 1000, 800],
            "taker_had": [0, 1, 0, 0, 0],
        }
    )
    row = kh.buyin_summary(auctions).iloc[0]
    assert row["auctions"] == 4 and row["bought_in"] == 0.5
    assert row["price_sold"] == 100 and row["price_bought_in"] == 50
    assert row["money"] == pytest.approx((100 - 50 + 0 - 60) / 4)
    assert row["worth"] == pytest.approx((800 * 2 / 4 + 1000 / 4) / 4)


def test_bluff_summary_and_acceptance_by_hand():
    trades = pd.DataFrame(
        {
            "value": [0.5, 0.5, 0.5, float("nan")],
            "seat": [0, 1, 2, 3],
            "winner": [0, 2, 2, 3],
            "offer_zeros": [2, 0, 1, 0],
            "offer_total": [10, 50, 60, 100],
            "response": ["accept", "counter", "accept", "accept"],
        }
    )
    row = kh.bluff_summary(trades).iloc[0]
    assert row["offers"] == 3 and row["padded"] == pytest.approx(2 / 3)
    assert row["accepted_padded"] == 1.0 and row["accepted_plain"] == 0.0
    assert row["won"] == pytest.approx(2 / 3) and row["offer_total"] == pytest.approx(40)
    table = kh.acceptance(trades).set_index("offer")
    assert table.loc["padded with 0 cards", "accepted"] == 1.0 and table.loc["no 0 cards", "offers"] == 2
    assert table.loc["no 0 cards", "accepted"] == 0.5


def test_price_by_donkeys_leaves_out_free_animals_and_money_per_player():
    auctions = pd.DataFrame(
        {
            "donkeys_seen": [0, 0, 0, 1],
            "outcome": ["sold", "bought_in", "no_bid", "sold"],
            "price": [40, 60, 0, 100],
            "animal": ["cow", "horse", "cow", "cow"],
        }
    )
    table = kh.price_by_donkeys(auctions).set_index("donkeys_seen")
    assert table.loc[0, "mean"] == 50 and table.loc[0, "n"] == 2 and table.loc[1, "mean"] == 100
    by_animal = kh.price_by_donkeys(auctions, by="animal").set_index(["animal", "donkeys_seen"])
    assert by_animal.loc[("cow", 0), "mean"] == 40
    assert kh.money_per_player(3)["money_per_player"].tolist() == [90, 140, 240, 440, 940]


def test_set_win_rates_and_win_rate_by_sets_by_hand():
    seats = _seats(
        [(0, 0, "a", 1800, 1.0, 2), (0, 1, "b", 10, 0.0, 1), (1, 0, "a", 0, 0.0, 0), (1, 1, "b", 50, 1.0, 1)]
    )
    sets = pd.DataFrame(
        {"game": [0, 0, 0, 1], "seat": [0, 0, 1, 1], "animal": ["horse", "cow", "rooster", "goose"]}
    )
    table = kh.set_win_rates(sets, seats).set_index("animal")
    assert list(table.index) == list(rules.ANIMALS)
    assert table.loc["horse", "win_rate"] == 1.0 and table.loc["rooster", "win_rate"] == 0.0
    assert table.loc["goose", "sets"] == 1 and table.loc["cat", "sets"] == 0
    by_sets = kh.win_rate_by_sets(seats).set_index("sets")
    assert by_sets.loc[1, "win_rate"] == 0.5 and by_sets.loc[2, "players"] == 1


# ------------------------------------------------------------------- figures
@pytest.fixture(scope="module")
def small_runs():
    return {
        0.0: simulate_records("kuhhandel", 4, ["value"] * 4, 8, seed=3),
        1.0: simulate_records("kuhhandel", 4, ["buyin:1", "value", "value", "value"], 8, seed=3),
        0.5: simulate_records("kuhhandel", 4, ["bluffer:1", "value", "value", "value"], 8, seed=3),
    }


def test_every_kuhhandel_figure_builds(small_runs):
    pytest.importorskip("plotly")
    from gamekit import experiments
    from gamekit.games.kuhhandel import plots as figures

    inference = kh.offer_inference(3, [0, 0, 10, 10, 50, 100])
    assert len(figures.offer_inference(inference, mark=20).data) == 1
    summary = kh.buyin_summary(kh.swept(small_runs, 4, "auctions"))
    assert [t.name for t in figures.buyin_value(summary).data] == [
        "money received (minus paid)",
        "worth of animals bought in",
    ]
    assert len(figures.buyin_prices(summary).data) == 2
    trades = experiments.stacked(small_runs, "trades")
    assert len(figures.bluff_acceptance(trades).data) == 1
    auctions = experiments.stacked(small_runs, "auctions")
    fig = figures.price_against_donkeys(auctions, animals=["horse", "cow"], players=4)
    assert [t.name for t in fig.data] == ["cow", "horse", "money in play per player"]
    assert len(figures.price_against_donkeys(auctions).data) == 1
    sets, seats = experiments.stacked(small_runs, "sets"), experiments.stacked(small_runs)
    assert len(figures.set_win_rates(sets, seats).data[0].x) == 10
    assert len(figures.win_rate_by_sets(seats).data) == 1


# ------------------------------------------------------------ play controls
def test_bids_in_steps_of_10_become_a_slider_with_that_step():
    g = game(3, ["cow"])
    play(g, "A: auction")
    groups = {group.kind: group for group in action_groups(g.legal_actions(1))}
    bids = groups["bid"]
    assert bids.slider and bids.step == 10 and (bids.low, bids.high) == (10, 270)
    assert not groups["hold"].slider


def test_play_table_bid_slider_moves_in_steps_of_10():
    pytest.importorskip("ipywidgets")
    from gamekit.widgets import PlayTable

    table = PlayTable(game(3, ["cow"], first=1), humans=0, bots="value")
    sliders = [
        c for row in table.controls.children for c in getattr(row, "children", ()) if hasattr(c, "step")
    ]
    assert sliders and sliders[0].step == 10 and sliders[0].min == 20  # C, left of B, opened with 10
    sliders[0].value = 30
    row = next(row for row in table.controls.children if sliders[0] in getattr(row, "children", ()))
    row.children[1].click()
    assert "A bids 30" in table.story.value


def test_sandbox_position_the_double_tie_wins_the_cows_for_the_active_player():
    """The lesson's hint: the active player with 90 ties a bot that counters 90 twice (KH-K5)."""
    table = Table(run_example("KH-X4").game_at(0), humans=0, bots="bluffer")
    table.submit(0, "trade B cow")
    table.submit(0, "offer 10,10,10,10,50")
    table.submit(0, "offer 10,10,10,10,50")
    assert table.game.view()["animals"][0] == {"cow": 4}
    assert table.game.view()["money"][0] == [0, 0, 10, 10, 10, 10, 50]


# ----------------------------------------------------------------- notebook
NOTEBOOK = ROOT / "notebooks" / "03_kuhhandel.ipynb"


def _cells():
    import json

    nb = json.loads(NOTEBOOK.read_text())
    return [(c["cell_type"], "".join(c["source"]), c["metadata"]) for c in nb["cells"]]


def test_lesson_checks_are_collapsed_and_tables_are_not_text_dumps():
    cells = _cells()
    checks = [meta for kind, src, meta in cells if kind == "code" and "check" in meta.get("tags", [])]
    assert len(checks) >= 10
    assert all(meta.get("jupyter", {}).get("source_hidden") for meta in checks)
    for kind, src, meta in cells:
        if kind == "code":
            assert "to_string(" not in src
            if "check" not in meta.get("tags", []) and "NBVAL_CHECK_OUTPUT" not in src:
                assert not src.lstrip().startswith("assert"), src


def test_lesson_uses_the_theory_paired_intervals_and_names_its_references():
    text = "\n".join(src for _, src, _ in _cells())
    assert "teacher_guide.ipynb" in text
    for call in (
        "kh.offer_models(",
        "kh.watch_offers(",
        "kh.calibration_curves(",
        "theory.best_response(",
        "kh.set_win_excess(",
        "kh.auction_gains(",
        "paired_difference(",
        '"cowtrader"',
    ):
        assert call in text, call
    assert "kh.offer_inference(" not in text and "inference_note" not in text  # the pooled model is gone
    assert (
        "Cramton, Gibbons & Klemperer" in text and "Econometrica" in text and "Hillman & Riley 1989" in text
    )
    assert text.count("### Questions for students") >= 3


def test_the_teachers_guide_answers_every_question_of_the_lesson():
    questions = set(
        re.findall(r"^(\d+)\. ", "\n".join(s for k, s, _ in _cells() if "Questions for students" in s), re.M)
    )
    guide = guide_section("03_kuhhandel")
    assert questions == {str(i) for i in range(1, 11)}
    for number in questions:
        assert re.search(rf"^{number}\. ", guide, re.M), number
    for heading in ("## Time per section", "## A 20-minute path", "## The full path", "## What to ask next"):
        assert heading in guide
