"""The Bohnanza lesson's pieces: pictures, records, the rule IDs of events, analysis and plots."""

from __future__ import annotations

import random
import re
from collections import Counter

import pandas as pd
import plotly.graph_objects as go
import pytest

import gamekit
from gamekit import experiments
from gamekit.games.bohnanza import analysis as beans
from gamekit.games.bohnanza import pictures as pics
from gamekit.games.bohnanza import plots as bean_plots
from gamekit.games.bohnanza import rules
from gamekit.pictures import picture
from gamekit.simulate import simulate_records
from gamekit.teach import Replay, Table

# The lesson's trading sandbox: B and C (planters) play a turn each, then A plants two blues and
# turns up a stink and a chili with only one empty field left.
SANDBOX_STACK = {
    "hands": [
        ["blue", "blue", "red", "chili", "green"],
        ["stink", "stink", "red", "soy", "blue"],
        ["soy", "green", "black-eyed", "soy", "red"],
    ],
    "deck": [
        "stink",
        "chili",
        "blue",
        "green",
        "soy",
        "soy",
        "green",
        "red",
        "chili",
        "blue",
        "stink",
        "chili",
    ],
    "first_player": 1,
}


def sandbox() -> gamekit.Game:
    g = gamekit.new_game("bohnanza", 3, seed=2026, stack=SANDBOX_STACK)
    Table(g, humans=0, bots="planter")
    g.act(0, "plant")
    g.act(0, "plant")
    return g


def titles(html: str) -> list[str]:
    return re.findall(r"<title>([^<]*)</title>", html)


def played(players: int = 4, seed: int = 3, bots: str = "trader") -> gamekit.Game:
    g = gamekit.new_game("bohnanza", players, seed=seed)
    gamekit.play(g, bots)
    return g


# ------------------------------------------------------------------ pictures
def test_bo_c2_teacher_picture_shows_every_hand_front_first():
    g = sandbox()
    html = picture(g).html
    assert "the teacher" in html
    hand_titles = [t for t in titles(html) if t.startswith("hand card")]
    assert hand_titles[:3] == ["hand card 1 (front): red", "hand card 2: chili", "hand card 3: green"]
    assert "a hand card, face down" not in html
    assert "front ▸" in html and "◂ back" in html


def test_bo_c2_player_picture_hides_other_hands_but_shows_their_sizes():
    g = sandbox()
    view = g.view(0)
    html = picture(g, 0).html
    hidden = titles(html).count("a hand card, face down")
    assert hidden == view["hand_sizes"][1] + view["hand_sizes"][2] == 13
    assert f"{view['hand_sizes'][1]} cards" in html and f"{view['hand_sizes'][2]} cards" in html
    assert "A (you)" in html and "A&#x27;s view" in html
    # B's and C's hand cards appear nowhere as beans: only A's three cards are drawn face up.
    assert len([t for t in titles(html) if t.startswith("hand card")]) == 3


def test_picture_shows_fields_with_what_they_pay_coins_and_the_trading_area():
    g = sandbox()
    html = picture(g).html
    assert "field 1: 3 stink" in titles(html)
    assert "pays 1 now<br>2 at 5" in html  # B's 3 stink pay 1 now, 2 at 5 (BO-H1)
    assert 'title="now 1 · 5 beans → 2"' in html
    assert titles(html).count("turned up: stink") == 1 and "turned up: chili" in titles(html)
    assert "field 2<br>empty" in html
    assert "third field: 3 thaler" in html
    assert "0 thaler" in html


def test_picture_shows_a_proposal_once_made_and_the_beans_set_aside():
    g = sandbox()
    g.act(0, "offer B")
    g.act(0, "give stink")
    assert "A is drafting a proposal to B" in picture(g, 2).html
    assert "offers B stink (turned up) for nothing (draft)" in picture(g, 0).html
    g.act(0, "ask red")
    g.act(0, "propose")
    assert "A offers B stink (turned up) for red (waiting for B&#x27;s answer)" in picture(g, 2).html
    g.act(1, "accept")
    g.act(0, "end-trading")
    html = picture(g, 2).html
    assert "received, to plant: red" in titles(html) and "received, to plant: stink" in titles(html)


def test_finished_picture_gives_the_result_and_coins():
    g = played()
    html = picture(g).html
    assert "game over (BO-E1)" in html and "Final thaler:" in html
    assert titles(html).count("a coin: a card turned over, worth 1 thaler") == sum(
        min(c, 4) for c in g.view()["coins"]
    )


def test_bean_card_colours_and_names():
    assert set(pics.BEAN_COLOURS) == set(rules.BEANS)
    card = pics.bean_card("black-eyed", 56)
    assert ">black<" in card and ">eyed<" in card and "<title>black-eyed</title>" in card


@pytest.mark.parametrize(
    ("bean", "count", "step", "note"),
    [
        ("green", 3, 5, "now 1 · 5 beans → 2"),
        ("green", 7, None, "now 4 · top"),
        ("garden", 1, 2, "now 0 · 2 beans → 2"),
        ("blue", 9, 10, "now 3 · 10 beans → 4"),
    ],
)
def test_bo_h1_field_notes_name_the_next_step(bean, count, step, note):
    assert pics.next_step(bean, count) == step
    assert pics.field_note(bean, count) == note


def test_text_picture_for_the_terminal():
    g = sandbox()
    out = pics.text(g.view(0))
    assert out.splitlines()[0] == "Turn 3: A trades (BO-T4)"
    assert "trading area: stink, chili" in out
    assert "red, chili, green" in out
    assert "6 cards face down" in out and "7 cards face down" in out
    assert "1: 3 stink (now 1 · 5 beans → 2)" in out
    teacher = pics.text(g.view())
    assert "face down" not in teacher


# ------------------------------------------------------------------- events
def test_events_carry_the_rule_they_carry_out():
    replay = Replay.of_example("BO-X1")
    assert replay[1].rules == ["BO-T1"]
    assert replay[2].rules == ["BO-T1", "BO-T3"]
    assert Replay.of_example("BO-X2")[1].rules == ["BO-H1"]
    g = played(seed=4)
    by_type: dict[str, set] = {}
    for e in g.log:
        by_type.setdefault(e["type"], set()).add(e["rule"])
    assert by_type["exhausted"] == {"BO-D1", "BO-D2"}
    assert by_type["draw"] == {"BO-T6"} and by_type["accept"] == {"BO-T4"}
    assert by_type["plant"] == {"BO-T1", "BO-T5"}
    assert "BO-E1" in by_type["harvest"] and "BO-H1" in by_type["harvest"]
    assert all(rule and rule.startswith("BO-") for rules_ in by_type.values() for rule in rules_)


def test_bo_h2_clearing_a_one_bean_field_is_marked_with_its_rule():
    g = gamekit.new_game(
        "bohnanza",
        3,
        seed=1,
        stack={"hands": [["red", "soy", "blue"]], "deck": ["garden", "chili"], "first_player": 0},
    )
    g.act(0, "plant")
    g.act(0, "plant")
    events = list(g.act(0, "harvest 1"))
    assert events[0]["rule"] == "BO-H2" and events[0]["coins"] == 0


# ------------------------------------------------------------------ records
def test_records_of_the_sandbox_deal_say_both_sides_fed():
    g = sandbox()
    g.act(0, "offer B give stink,chili for red")
    g.act(1, "accept")
    (deal,) = g.records()["deals"]
    assert deal == {
        "turn": 3,
        "seat": 0,
        "partner": 1,
        "given": "stink,chili",
        "asked": "red",
        "gift": False,
        "cards_given": 2,
        "cards_asked": 1,
        "turned_up": 2,
        "accepted": True,
        "active_fed": 0,
        "active_sheds": 2,
        "partner_fed": 2,
        "partner_sheds": 1,
    }


def test_records_keep_refused_proposals_too():
    g = sandbox()
    g.act(0, "offer C give stink")
    g.act(2, "reject")
    (deal,) = g.records()["deals"]
    assert deal["gift"] and not deal["accepted"] and deal["partner_fed"] == 0


def test_records_of_bo_x2_harvest_a_field_with_a_turned_up_bean():
    run = gamekit.examples.run_example("BO-X2")
    (harvest,) = run.game.records()["harvests"]
    assert harvest == {
        "turn": 1,
        "seat": 0,
        "field": 1,
        "bean": "green",
        "count": 3,
        "coins": 1,
        "top": False,
        "received": 0,
        "turned_up": 1,
        "forced": False,
        "final": False,
    }


def test_a_harvest_is_forced_when_a_bean_to_plant_fits_no_field():
    g = gamekit.new_game(
        "bohnanza",
        3,
        seed=1,
        stack={"hands": [["red", "soy", "blue"]], "deck": ["garden", "chili"], "first_player": 0},
    )
    g.act(0, "plant")
    g.act(0, "plant")
    g.act(0, "harvest 1")  # while trading: a choice (BO-H1, BO-H2)
    g.act(0, "end-trading")
    g.act(0, "plant garden")
    assert [str(a) for a in g.legal_actions(0)] == ["harvest 1", "harvest 2"]  # chili fits nowhere (BO-T2)
    g.act(0, "harvest 2")
    assert [(h["bean"], h["forced"]) for h in g.records()["harvests"]] == [("red", False), ("soy", True)]
    assert g.stats(0)["forced_harvests"] == 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_records_add_up_to_the_score(seed):
    g = gamekit.new_game("bohnanza", 4, seed=seed, options={"third_field_cost": 2})
    gamekit.play(g, ["trader", "planter", "trader:1", "random"])
    records = g.records()
    harvests = pd.DataFrame(records["harvests"])
    fields = pd.DataFrame(records["fields"], columns=["seat", "cost"])
    for seat in range(4):
        earned = harvests.loc[harvests["seat"] == seat, "coins"].sum()
        paid = fields.loc[fields["seat"] == seat, "cost"].sum()
        assert earned - paid == g.result()["scores"][seat]
        assert (
            int((harvests["seat"] == seat).sum() - harvests["final"][harvests["seat"] == seat].sum())
            == g.stats(seat)["harvests"]
        )
        assert int(harvests.loc[harvests["seat"] == seat, "forced"].sum()) == g.stats(seat)["forced_harvests"]
    assert len(records["fields"]) == sum(g.stats(s)["third_field"] for s in range(4))
    turns = pd.DataFrame(records["turns"])
    assert list(turns["turn"]) == list(range(1, len(turns) + 1))
    assert turns["exhaustions"].max() == 2
    accepted = [d for d in records["deals"] if d["accepted"]]
    assert 2 * len(accepted) == sum(g.stats(s)["deals"] for s in range(4))


def test_simulate_records_gives_the_four_tables_with_bots():
    run = simulate_records("bohnanza", 3, ["trader", "planter", "trader"], 3, seed=1)
    assert set(run) == {"seats", "deals", "harvests", "fields", "turns"}
    assert set(run["deals"]["bot"]) == {"trader:0.5"}  # the planter never proposes
    assert len(run["turns"]) > 0 and {"game", "seat", "bot"} <= set(run["harvests"].columns)


# ------------------------------------------------------------------ analysis
def test_beanometer_table_is_harvest_value():
    table = beans.beanometer_table(12)
    assert len(table) == 8 * 12
    for row in table.itertuples():
        assert row.coins == rules.harvest_value(row.bean, row.beans)
    green = table[table["bean"] == "green"].set_index("beans")["coins"]
    assert [green[n] for n in (2, 3, 5, 6, 7, 12)] == [0, 1, 2, 3, 4, 4]  # BO-X2


def test_bo_c1_rarer_beans_pay_more_per_bean():
    prices = beans.bean_prices()
    assert list(prices["cards"]) == [20, 18, 16, 14, 12, 10, 8, 6]
    assert prices["coins_per_bean"].is_monotonic_increasing
    assert prices.set_index("bean").loc["garden", "top_coins"] == 3


def test_unseen_beans_of_a_teacher_are_the_deck_and_of_a_player_also_the_other_hands():
    g = sandbox()
    teacher = g.view()
    assert beans.unseen_beans(teacher) == {b: Counter(teacher["deck"])[b] for b in rules.BEANS}
    mine = beans.unseen_beans(g.view(0))
    others = Counter(teacher["deck"]) + Counter(teacher["hands"][1]) + Counter(teacher["hands"][2])
    assert mine == {b: others[b] for b in rules.BEANS}
    assert sum(mine.values()) == teacher["deck_size"] + 13


def test_pay_after_turns_by_hand():
    # 4 green pay 1; one more green (5) pays 2. 8 greens among 60 unseen cards, 2 cards a turn.
    table = beans.pay_after_turns("green", 4, unseen_of_bean=8, unseen_total=60, turns=[0, 1])
    now, one = table.iloc[0], table.iloc[1]
    assert now["coins_now"] == now["expected_coins"] == 1 and now["chance_of_more"] == 0
    p0 = (52 * 51) / (60 * 59)
    p2 = (8 * 7) / (60 * 59)
    p1 = 1 - p0 - p2
    assert one["expected_coins"] == pytest.approx(p0 * 1 + p1 * 2 + p2 * 3)
    assert one["chance_of_more"] == pytest.approx(1 - p0)
    assert one["gain_per_turn"] == pytest.approx(one["expected_coins"] - 1)


def test_pay_after_turns_agrees_with_drawing_cards():
    rng = random.Random(7)
    unseen = ["blue"] * 9 + ["other"] * 41
    total = 0
    trials = 20000
    for _ in range(trials):
        drawn = rng.sample(unseen, 6)
        total += rules.harvest_value("blue", 5 + drawn.count("blue"))
    table = beans.pay_after_turns("blue", 5, 9, 50, cards_per_turn=2, turns=[3])
    assert table.iloc[0]["expected_coins"] == pytest.approx(total / trials, abs=0.02)


def test_waiting_never_lowers_the_expected_coins_and_the_top_gains_nothing():
    table = beans.pay_after_turns("soy", 3)
    assert table["expected_coins"].is_monotonic_increasing
    assert table["chance_of_more"].is_monotonic_increasing
    top = beans.pay_after_turns("red", 5)
    assert top["expected_coins"].tolist() == pytest.approx([4] * 6) and (top["chance_of_more"] == 0).all()
    none_left = beans.pay_after_turns("garden", 2, unseen_of_bean=0, unseen_total=30)
    assert none_left["expected_coins"].tolist() == pytest.approx([2] * 6)


def test_pay_after_turns_refuses_nonsense():
    with pytest.raises(ValueError, match="no bean"):
        beans.pay_after_turns("coffee", 3)
    with pytest.raises(ValueError, match="at least one bean"):
        beans.pay_after_turns("soy", 0)
    with pytest.raises(ValueError, match="unseen"):
        beans.pay_after_turns("soy", 2, unseen_of_bean=9, unseen_total=5)


def test_field_choices_uses_only_the_players_view():
    g = sandbox()
    table = beans.field_choices(g.view(1), turns=2)
    assert list(table["bean"]) == ["stink", "chili"]
    assert list(table["coins_now"]) == [1, 0]
    assert (table["gain_from_waiting"] >= 0).all()
    assert table["unseen"].tolist() == [beans.unseen_beans(g.view(1))[b] for b in ("stink", "chili")]
    with pytest.raises(ValueError, match="needs a seat"):
        beans.field_choices(g.view())


def deals_table() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "accepted": [True, True, True, True, False],
            "active_fed": [1, 0, 0, 0, 1],
            "active_sheds": [0, 1, 0, 0, 1],
            "partner_fed": [1, 0, 1, 0, 1],
            "partner_sheds": [0, 0, 0, 0, 0],
            "bot": ["x", "x", "y", "y", "y"],
        }
    )


def test_deal_outcomes_name_who_gains():
    done = beans.deal_outcomes(deals_table())
    assert list(done["outcome"]) == ["both gain", "only the active player", "only the partner", "neither"]
    shares = beans.outcome_shares(deals_table())
    assert list(shares["share"]) == [0.25] * 4
    per_bot = beans.outcome_shares(deals_table(), by="bot")
    assert per_bot.groupby("bot")["share"].sum().tolist() == [1.0, 1.0]
    with pytest.raises(ValueError, match="missing"):
        beans.deal_outcomes(pd.DataFrame({"accepted": [True]}))


def test_deal_outcomes_tell_gifts_from_exchanges():
    deals = deals_table().assign(gift=[True, False, True, False, True])
    assert list(beans.deal_outcomes(deals)["kind"]) == ["gift", "exchange", "gift", "exchange"]
    shares = beans.outcome_shares(deals, by="kind").set_index(["kind", "outcome"])["share"]
    assert shares["gift", "both gain"] == shares["gift", "only the partner"] == 0.5
    assert shares["exchange", "only the active player"] == shares["exchange", "neither"] == 0.5
    assert len(bean_plots.deal_outcomes(beans.outcome_shares(deals, by="kind"), by="kind").data) == 4


@pytest.fixture(scope="module")
def small_runs():
    return {
        "planters": simulate_records("bohnanza", 3, "planter", 6, seed=1),
        "traders": simulate_records("bohnanza", 3, "trader", 6, seed=1),
    }


def test_setting_summary_and_table_totals(small_runs):
    seats = experiments.stacked(small_runs)
    summary = beans.setting_summary(seats)
    assert list(summary["setting"]) == ["planters", "traders"]
    assert summary.loc[0, "deals"] == 0 and summary.loc[1, "deals"] > 0
    assert summary.loc[1, "n"] == 18
    totals = beans.table_totals(seats)
    assert totals.loc[1, "mean"] == pytest.approx(3 * summary.loc[1, "mean"])
    by_bot = beans.setting_summary(seats, by=("setting", "bot"))
    assert list(by_bot["bot"]) == ["planter:3", "trader:0.5"]


def test_partner_bot_and_harvest_summary(small_runs):
    run = small_runs["traders"]
    deals = beans.with_partner_bot(run["deals"], run["seats"])
    assert len(deals) == len(run["deals"]) and set(deals["partner_bot"]) == {"trader:0.5"}
    table = beans.harvest_summary(run["harvests"])
    during = run["harvests"][~run["harvests"]["final"]]
    assert table.loc[0, "harvests"] == len(during)
    assert 0 <= table.loc[0, "forced"] <= 1 and table.loc[0, "mean_coins"] == pytest.approx(
        during["coins"].mean()
    )
    assert beans.harvest_summary(run["harvests"], by="bean").columns[0] == "bean"


def test_third_field_by_price_and_player_count(small_runs):
    none = simulate_records(
        "bohnanza", 3, "trader", 6, seed=1, options={"third_field_cost": beans.NO_THIRD_FIELD}
    )
    table = beans.third_field_by_price({3: small_runs["traders"], beans.NO_THIRD_FIELD: none})
    assert list(table["price"]) == [3, beans.NO_THIRD_FIELD]
    assert list(table["no_field"]) == [False, True] and table.loc[1, "bought"] == 0
    counts = beans.player_count_summary({3: small_runs["traders"]})
    assert counts.loc[0, "players"] == 3
    assert counts.loc[0, "turns_per_player"] == pytest.approx(len(small_runs["traders"]["turns"]) / 18)
    assert counts.loc[0, "table_total"] == pytest.approx(3 * counts.loc[0, "mean"])


# -------------------------------------------------------------------- plots
def test_plots_return_figures(small_runs):
    assert len(bean_plots.beanometers().data) == 8
    timing = bean_plots.harvest_timing(beans.pay_after_turns("green", 4))
    assert isinstance(timing, go.Figure) and timing.data[1].text[2].endswith("more")
    shares = beans.outcome_shares(deals_table())
    assert len(bean_plots.deal_outcomes(shares).data) == 4
    seats = experiments.stacked(small_runs)
    assert len(bean_plots.mean_scores(beans.setting_summary(seats)).data) == 1
    assert (
        len(bean_plots.mean_scores(beans.setting_summary(seats, ("setting", "bot")), colour="bot").data) == 2
    )
    none = simulate_records(
        "bohnanza", 3, "trader", 3, seed=1, options={"third_field_cost": beans.NO_THIRD_FIELD}
    )
    price = bean_plots.third_field_price(beans.third_field_by_price({3: small_runs["traders"], 105: none}))
    assert len(price.data) == 1 and price.layout.shapes
    counts = bean_plots.player_count(beans.player_count_summary({3: small_runs["traders"]}))
    assert len(counts.data) == 2


# ------------------------------------------------------------------ the notebook (issue 13)
def _lesson_cells() -> list[dict]:
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "notebooks" / "04_bohnanza.ipynb"
    return json.loads(path.read_text())["cells"]


def test_lesson_links_the_guide_collapses_checks_and_prints_no_raw_tables():
    cells = _lesson_cells()
    assert "teacher_guide.ipynb" in "".join(cells[0]["source"])
    checks = [c for c in cells if "check" in c["metadata"].get("tags", [])]
    assert len(checks) >= 10
    assert all(c["metadata"]["jupyter"]["source_hidden"] for c in checks)
    for c in cells:
        if c["cell_type"] == "code":
            assert ".to_string(" not in "".join(c["source"])


def test_lesson_names_its_theory_and_the_promise_rule():
    markdown = "\n".join("".join(c["source"]) for c in _lesson_cells() if c["cell_type"] == "markdown")
    text = " ".join(markdown.split())
    for needed in (
        "hypergeometric",
        "Farrell & Rabin 1996",
        "Nash 1950",
        "BO-T4",
        "does not model",
        "cheap talk",
    ):
        assert needed in text or needed.lower() in text.lower(), needed
    assert text.count("**Questions") >= 3


def test_lesson_runs_the_grower_where_the_claim_is_about_the_game():
    code = "\n".join("".join(c["source"]) for c in _lesson_cells() if c["cell_type"] == "code")
    assert 'played_games("grower"' in code and 'trading_effect("grower"' in code
    assert "deal_win_chances(grower_games" in code and "harvest_forecasts(grower_games" in code
    assert 'strength(STRENGTH_GAMES, seed=SEED, baseline="trader:0")' in code
