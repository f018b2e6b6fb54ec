"""Bohnanza rules, one test (or more) per rule ID of the rules reference, on stacked deals."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import gamekit
from gamekit.games.bohnanza import Bohnanza, rules
from gamekit.games.bohnanza.actions import BUY_FIELD, HARVEST_FIELD, PLANT, STOP

from .cards import all_cards

FRONT = ["green", "green", "red", "blue", "soy"]  # the document's hand (BO-X1)


def game(players: int = 3, hands=None, deck=None, first: int = 0, seed: int = 11, **options) -> Bohnanza:
    stack = {"first_player": first}
    if hands is not None:
        stack["hands"] = hands
    if deck is not None:
        stack["deck"] = deck
    g = gamekit.new_game("bohnanza", players, seed=seed, options=options, stack=stack)
    assert isinstance(g, Bohnanza)
    return g


def play(g, *steps: str) -> list:
    """Steps written 'A: plant'; returns the events of the last one."""
    events = []
    for step in steps:
        name, action = step.split(": ")
        events = list(g.act("ABCDE".index(name), action))
    return events


def illegal(g, seat: int, action: str, rule: str) -> str:
    before = g.to_json()
    log = len(g.log)
    with pytest.raises(gamekit.IllegalAction) as err:
        g.act(seat, action)
    assert f"({rule})" in str(err.value) or f"{rule})" in str(err.value), str(err.value)
    assert g.to_json() == before
    assert len(g.log) == log
    return str(err.value)


def texts(g, seat: int) -> list[str]:
    return [str(a) for a in g.legal_actions(seat)]


# ---------------------------------------------------------------- components


def test_bo_c1_104_cards_in_eight_types():
    assert rules.BEANS == ("blue", "chili", "stink", "green", "soy", "black-eyed", "red", "garden")
    assert [rules.BEAN_COUNTS[b] for b in rules.BEANS] == [20, 18, 16, 14, 12, 10, 8, 6]
    assert len(rules.ALL_CARDS) == rules.DECK_SIZE == 104
    assert Counter(rules.ALL_CARDS) == Counter(rules.BEAN_COUNTS)
    v = game().view()
    assert all_cards(v) == Counter(rules.BEAN_COUNTS)


@pytest.mark.parametrize(
    ("bean", "steps"),
    [
        ("blue", (4, 6, 8, 10)),
        ("chili", (3, 6, 8, 9)),
        ("stink", (3, 5, 7, 8)),
        ("green", (3, 5, 6, 7)),
        ("soy", (2, 4, 6, 7)),
        ("black-eyed", (2, 4, 5, 6)),
        ("red", (2, 3, 4, 5)),
    ],
)
def test_bo_c1_beanometers(bean, steps):
    for thaler, needed in enumerate(steps, start=1):
        assert rules.harvest_value(bean, needed) == thaler
        assert rules.harvest_value(bean, needed - 1) == thaler - 1
    assert rules.harvest_value(bean, 30) == 4
    assert rules.harvest_value(bean, 1) == 0
    assert rules.top_of_beanometer(bean) == steps[-1]


def test_bo_c1_garden_pays_only_2_and_3():
    assert [rules.harvest_value("garden", n) for n in range(7)] == [0, 0, 2, 3, 3, 3, 3]
    assert rules.top_of_beanometer("garden") == 3


def test_bo_c1_harvest_table_equals_the_function():
    for bean in rules.BEANS:
        values = [rules.harvest_value(bean, n) for n in range(105)]
        assert list(rules.HARVEST[bean]) == values
        assert values == sorted(values)  # more beans never pay less


def test_bo_c1_player_count_outside_3_to_5_is_a_config_error():
    for players in (2, 6):
        with pytest.raises(gamekit.ConfigError, match="3 to 5 players"):
            gamekit.new_game("bohnanza", players)


@pytest.mark.parametrize(
    ("stack", "message"),
    [
        ({"hands": [["purple"]]}, "no bean 'purple'"),
        ({"deck": ["garden"] * 7}, "'garden' is listed 7 times"),
        ({"hands": [["red"] * 5], "deck": ["red"] * 4}, "'red' is listed 9 times"),
        ({"hands": [["red"] * 6]}, "at most 5"),
        ({"hands": [[], [], [], []]}, "at most 3 hands"),
        ({"deck": "red"}, "list of beans"),
    ],
)
def test_bo_c1_stacking_cards_that_do_not_exist_is_a_config_error(stack, message):
    with pytest.raises(gamekit.ConfigError, match=message):
        gamekit.new_game("bohnanza", 3, seed=1, stack=stack)


def test_bo_c2_five_cards_each_in_the_order_dealt():
    g = game(4, hands=[FRONT, ["chili", "red"]], deck=["blue", "soy"])
    v = g.view()
    assert v["hand_sizes"] == [5, 5, 5, 5]
    assert v["hands"][0] == FRONT
    assert v["hands"][1][:2] == ["chili", "red"]
    assert v["deck"][:2] == ["blue", "soy"]
    assert v["deck_size"] == 104 - 20


def test_bo_c2_drawn_cards_go_to_the_back_and_the_hand_is_never_rearranged():
    g = game(hands=[FRONT], deck=["chili", "stink", "garden", "blue", "green"])
    play(g, "A: plant", "A: stop", "A: end-trading", "A: plant chili", "A: harvest 2", "A: plant stink")
    # A planted one Green; chili and stink were turned up; garden, blue, green drawn to the back.
    assert g.view()["hands"][0] == ["green", "red", "blue", "soy", "garden", "blue", "green"]


def test_bo_c3_two_empty_fields_each():
    v = game(5).view()
    assert v["fields"] == [[None, None]] * 5
    assert all(not any(fs) for fs in v["fields"])


def test_bo_c3_a_field_holds_one_type_and_a_bean_joins_its_own_field():
    g = game(hands=[["green", "green"]], deck=["green", "red"])
    play(g, "A: plant", "A: plant", "A: end-trading", "A: plant red", "A: plant green")
    assert g.view()["fields"][0] == [["green", 3], ["red", 1]]


def test_bo_c4_the_player_left_of_a_random_dealer_starts():
    starts = set()
    for seed in range(40):
        g = gamekit.new_game("bohnanza", 4, seed=seed)
        v = g.view()
        assert v["first_player"] == (v["dealer"] + 1) % 4 == v["active"] == g.to_act[0]
        starts.add(v["first_player"])
    assert starts == {0, 1, 2, 3}
    assert gamekit.new_game("bohnanza", 4, seed=5).view() == gamekit.new_game("bohnanza", 4, seed=5).view()


def test_bo_c4_stacked_first_player_is_the_first_to_play_and_turns_go_clockwise():
    g = game(4, first=2)
    assert g.view()["dealer"] == 1
    assert g.to_act == (2,)
    seen = [g.view()["active"]]
    rng = random.Random(0)
    while len(seen) < 6:
        seat = g.to_act[0]
        g.act(seat, rng.choice([a for a in g.legal_actions(seat) if a.kind not in ("offer",)]))
        if g.view()["active"] != seen[-1]:
            seen.append(g.view()["active"])
    assert seen == [2, 3, 0, 1, 2, 3]


def test_bo_c5_options_and_their_defaults():
    g = game()
    assert g.options == {
        "third_field_cost": 3,
        "three_fields_at_start": False,
        "proposals_per_turn": None,
        "max_decisions": 20000,
    }
    for bad in (
        {"third_field_cost": -1},
        {"three_fields_at_start": 1},
        {"proposals_per_turn": 1.5},
        {"proposals_per_turn": -1},
        {"max_decisions": 0},
        {"max_decisions": None},
    ):
        with pytest.raises(gamekit.ConfigError):
            gamekit.new_game("bohnanza", 3, options=bad)


def test_bo_c5_three_fields_at_start():
    g = game(three_fields_at_start=True)
    v = g.view()
    assert v["fields"] == [[None, None, None]] * 3
    assert BUY_FIELD not in g.legal_actions(0)
    illegal(g, 0, "buy-field", "BO-H3")


def test_bo_c5_third_field_cost_two():
    g = game(hands=[["red", "red"]], deck=["red", "blue"], third_field_cost=2)
    play(g, "A: plant", "A: plant", "A: end-trading", "A: plant red", "A: harvest 1")
    assert g.view()["coins"][0] == 2  # 3 red pay 2
    play(g, "A: buy-field")
    v = g.view()
    assert v["coins"][0] == 0 and len(v["fields"][0]) == 3


# ------------------------------------------------------------------ a turn


def test_bo_t1_front_card_must_be_planted_first():
    g = game(hands=[FRONT])
    assert texts(g, 0) == ["plant"]
    illegal(g, 0, "stop", "BO-T1")
    illegal(g, 0, "plant soy", "BO-T1")
    illegal(g, 0, "plant green", "BO-T1")
    illegal(g, 0, "end-trading", "BO-T1")


def test_bo_t1_second_card_is_optional_and_there_is_never_a_third():
    g = game(hands=[FRONT])
    play(g, "A: plant")
    assert texts(g, 0)[:3] == ["plant", "plant 2", "stop"]  # onto the green, or a second green field
    play(g, "A: plant")
    assert g.phase == "trade"
    assert g.view()["hands"][0] == ["red", "blue", "soy"]
    assert "plant" not in texts(g, 0)
    illegal(g, 0, "plant", "BO-T4")


def test_bo_t1_stop_after_one():
    g = game(hands=[FRONT])
    events = play(g, "A: plant", "A: stop")
    assert events[0]["type"] == "stop"
    assert g.view()["hands"][0] == ["green", "red", "blue", "soy"]
    assert g.phase == "trade"


def test_bo_t1_an_empty_hand_skips_planting():
    g = trading_game()
    play(g, "A: offer B for red,black-eyed,red,garden,stink", "B: accept", "A: end-trading")
    assert g.view()["hand_sizes"][1] == 0
    while g.to_act == (0,):  # A plants what it got, harvesting where it must
        legal = g.legal_actions(0)
        g.act(0, next((a for a in legal if a.kind == "plant"), legal[0]))
    v = g.view()
    assert v["active"] == 1 and g.to_act == (1,)
    assert v["phase"] == "trade" and v["planted"] == 0 and len(v["trading_area"]) == 2


def test_bo_t2_no_fitting_field_means_harvest_first():
    g = game(hands=[["red", "soy", "blue", "blue", "blue"]], deck=["red", "soy", "green", "chili", "stink"])
    play(g, "A: plant", "A: plant", "A: end-trading", "A: plant red", "A: plant soy")
    # Fields: 2 red, 2 soy. Next A turn (after B and C) the front card is blue.
    rng = random.Random(1)
    while g.to_act != (0,) or g.phase != "plant":
        seat = g.to_act[0]
        legal = [a for a in g.legal_actions(seat) if a.kind != "offer"]
        g.act(seat, rng.choice(legal))
    assert g.view()["hands"][0][0] == "blue"
    assert texts(g, 0) == ["harvest 1", "harvest 2"]
    illegal(g, 0, "plant", "BO-T2")
    play(g, "A: harvest 2")
    assert texts(g, 0)[0] == "plant"
    play(g, "A: plant")
    assert g.view()["fields"][0] == [["red", 2], ["blue", 1]]


def test_bo_t2_turned_up_bean_without_a_field_must_wait_for_a_harvest():
    g = game(hands=[["red", "soy"]], deck=["green", "chili"])
    play(g, "A: plant", "A: plant", "A: end-trading")
    assert texts(g, 0) == ["harvest 1", "harvest 2"]  # both fields hold one bean: either may be cleared
    illegal(g, 0, "plant green", "BO-T2")
    play(g, "A: harvest 1", "A: plant green")
    assert g.view()["fields"][0] == [["green", 1], ["soy", 1]]
    assert texts(g, 0) == ["harvest 1", "harvest 2"]  # chili still waits


def test_bo_t2_a_bean_may_start_a_second_field_of_its_own_type():
    g = game(hands=[["green", "green", "red"]], deck=["green", "soy"])
    play(g, "A: plant")
    assert texts(g, 0)[:3] == ["plant", "plant 2", "stop"]
    events = play(g, "A: plant 2")
    assert events[0]["text"] == "A plants green (from the front of the hand) on field 2: 1 green"
    assert g.view()["fields"][0] == [["green", 1], ["green", 1]]
    assert g.history[-1] == (0, "plant 2")


def test_bo_t2_the_player_chooses_which_field_and_plant_alone_keeps_its_default():
    g = game(hands=[["green", "green", "red"]], deck=["green", "green"])
    play(g, "A: plant", "A: plant 2", "A: end-trading")
    # Two green fields: "plant green" goes onto the first, "plant green 2" onto the second.
    assert texts(g, 0) == ["plant green", "plant green 2", "harvest 1", "harvest 2"]
    play(g, "A: plant green 2")
    assert g.view()["fields"][0] == [["green", 1], ["green", 2]]
    assert texts(g, 0) == ["plant green", "plant green 2", "harvest 2"]  # BO-H2 protects field 1
    play(g, "A: plant green")
    assert g.view()["fields"][0] == [["green", 2], ["green", 2]]


def test_bo_t2_an_empty_field_may_be_named_even_when_another_is_empty():
    g = game(hands=[FRONT])
    assert texts(g, 0) == ["plant"]  # two empty fields: the same position either way
    play(g, "A: plant 2")
    assert g.view()["fields"][0] == [None, ["green", 1]]
    assert texts(g, 0)[:3] == ["plant", "plant 1", "stop"]  # onto the green, or the empty field 1
    play(g, "A: plant")
    assert g.view()["fields"][0] == [None, ["green", 2]]


@pytest.mark.parametrize(
    ("text", "rule", "part"),
    [
        ("plant 1", "BO-T2", "field 1 of A grows red"),
        ("plant 3", "BO-H3", "no third field"),
        ("plant 4", "BO-T2", "numbered 1 to 3"),
        ("plant 0", "BO-T2", "numbered 1 to 3"),
        ("plant green 2", "BO-T1", "only the front card"),
    ],
)
def test_bo_t2_a_field_of_another_type_or_one_that_does_not_exist_is_refused(text, rule, part):
    g = game(hands=[["red", "green", "blue"]])
    play(g, "A: plant")
    assert g.view()["fields"][0] == [["red", 1], None] and g.view()["hands"][0][0] == "green"
    message = illegal(g, 0, text, rule)
    assert part in message


def test_bo_t2_traded_beans_go_to_the_field_their_planter_names():
    g = trading_game()  # A: two green on field 1; soy and chili turned up
    play(g, "A: offer C for soy", "C: accept", "A: end-trading")
    assert texts(g, 0) == ["plant soy", "plant chili", "harvest 1"]
    play(g, "A: plant soy")
    assert texts(g, 0) == ["plant soy", "harvest 1"]  # chili fits no field now, the second soy does
    illegal(g, 0, "plant soy 1", "BO-T2")
    illegal(g, 0, "plant chili 2", "BO-T2")
    illegal(g, 0, "plant chili", "BO-T2")
    illegal(g, 0, "plant soy 3", "BO-H3")
    play(g, "A: plant soy 2")
    assert g.view()["fields"][0] == [["green", 2], ["soy", 2]]


def test_bo_t2_two_fields_of_one_type_are_harvested_separately_and_load_back():
    g = game(hands=[["green", "green"]], deck=["green", "red"])
    play(g, "A: plant", "A: plant 2", "A: end-trading", "A: plant green")
    assert g.view()["fields"][0] == [["green", 2], ["green", 1]]
    events = play(g, "A: harvest 1")
    assert events[0]["count"] == 2 and g.view()["fields"][0] == [None, ["green", 1]]
    loaded = gamekit.load_game(g.to_json())
    assert loaded.view() == g.view() and not g.state_problems(g.view())
    from gamekit.games.bohnanza import pictures as pictures

    play(g, "A: plant red")
    assert "1: 1 red" in pictures.text(g.view(0)) and "2: 1 green" in pictures.text(g.view(0))


def test_bo_t2_rules_helpers_list_every_field_a_bean_may_take():
    fields = [["green", 3], None, ["green", 1]]
    assert rules.field_for(fields, "green") == 0
    assert rules.planting_fields(fields, "green") == [0, 1, 2]
    assert rules.planting_fields(fields, "red") == [1]
    assert rules.planting_fields([None, None, None], "red") == [0]
    assert rules.planting_fields([["soy", 2], ["red", 1]], "green") == []
    assert [rules.may_plant_on(fields, "green", i) for i in range(3)] == [True, True, True]
    assert [rules.may_plant_on(fields, "red", i) for i in range(3)] == [False, True, False]


def test_bo_t3_two_cards_turned_up_into_the_trading_area():
    g = game(hands=[FRONT], deck=["chili", "stink", "red"])
    events = play(g, "A: plant", "A: stop")
    assert events[-1] == {**events[-1], "type": "turn-up", "cards": ["chili", "stink"]}
    v = g.view()
    assert v["trading_area"] == ["chili", "stink"]
    assert v["deck_size"] == 104 - 15 - 2


def trading_game(**options) -> Bohnanza:
    """A has planted its two Greens (hand Red, Blue, Soy); Soy and Chili are turned up."""
    g = game(
        hands=[
            FRONT,
            ["red", "black-eyed", "red", "garden", "stink"],
            ["blue", "blue", "chili", "soy", "soy"],
        ],
        deck=["soy", "chili", "garden", "garden", "garden"],
        **options,
    )
    play(g, "A: plant", "A: plant")
    return g


def test_bo_t4_the_documents_deal_turned_up_soy_and_hand_blue_for_red():
    g = trading_game()
    play(g, "A: offer B", "A: give soy", "A: give blue#2", "A: ask red", "A: propose")
    assert g.to_act == (1,)
    assert texts(g, 1)[:2] == ["accept", "reject"]
    assert "give red#1" in texts(g, 1) and "give red#3" in texts(g, 1)  # B chooses which red, or ...
    events = play(g, "B: accept")  # ... accept gives the frontmost
    assert events[0]["type"] == "accept"
    assert events[0]["text"] == "B accepts: A gives soy, blue, B gives red"
    v = g.view()
    assert v["hands"][0] == ["red", "soy"]  # the rest keeps its order
    assert v["hands"][1] == ["black-eyed", "red", "garden", "stink"]
    assert v["trading_area"] == ["chili"]
    assert v["received"] == [["red"], ["soy", "blue"], []]
    assert g.to_act == (0,)


def test_bo_t4_the_whole_deal_in_one_text_is_the_same_steps():
    g = trading_game()
    steps = trading_game()
    play(g, "A: offer B give soy,blue#2 for red", "B: accept")
    play(steps, "A: offer B", "A: give soy", "A: give blue#2", "A: ask red", "A: propose", "B: accept")
    assert g.view() == steps.view()
    assert [e["text"] for e in g.log] == [e["text"] for e in steps.log]
    assert g.history[-2] == (0, "offer B give soy,blue#2 for red")
    again = gamekit.load_game(g.to_json())
    assert again.view() == g.view()


def test_bo_t4_a_seat_number_names_the_same_partner():
    g = trading_game()
    assert str(g.parse_action("offer 1")) == "offer B"
    assert str(g.parse_action("offer 2 give soy for red")) == "offer C give soy for red"


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("offer B give blue for red", "no turned-up blue"),  # a hand card needs its position
        ("offer B give blue#1 for red", "is red, not blue"),
        ("offer B give soy,soy for red", "no other turned-up soy"),
        ("offer B give red#1,red#1", "already in the proposal"),
        ("offer B give red#9", "has 3 cards"),
        ("offer A give soy", "someone else"),
        ("offer D give soy", "no seat 3"),
        ("offer B for red,red,red,red,red,red", "holds 5 hand cards"),
    ],
)
def test_bo_t4_a_bad_whole_deal_is_refused_and_changes_nothing(text, part):
    g = trading_game()
    message = illegal(g, 0, text, "BO-T4")
    assert part in message


def test_bo_t4_others_give_only_hand_cards_and_only_what_was_asked():
    g = trading_game()
    play(g, "A: offer C give chili for blue")
    illegal(g, 2, "give soy", "BO-T4")  # a turned-up card is the active player's
    illegal(g, 2, "give soy#4", "BO-T4")  # soy was not asked for
    illegal(g, 2, "give blue#3", "BO-T4")  # hand card 3 is chili
    play(g, "C: give blue#2", "C: accept")
    v = g.view()
    assert v["hands"][2] == ["blue", "chili", "soy", "soy"]  # C chose to keep the front blue
    assert v["received"][0] == ["blue"] and v["received"][2] == ["chili"]


def test_bo_t4_a_partner_without_the_asked_beans_can_only_refuse():
    g = trading_game()
    play(g, "A: offer B give soy for chili")
    assert "accept" not in texts(g, 1)
    illegal(g, 1, "accept", "BO-T4")
    events = play(g, "B: reject")
    assert events[0]["text"] == "B refuses A's proposal"
    assert g.view()["trading_area"] == ["soy", "chili"]
    assert g.view()["offers"] == [{"partner": 1, "outcome": "rejected"}]


def test_bo_t4_a_gift_may_be_refused_or_accepted():
    g = trading_game()
    events = play(g, "A: offer B give chili")
    assert events[-1]["text"] == "A offers B chili (turned up) as a gift"
    events = play(g, "B: reject")
    assert events[0]["text"] == "B refuses A's gift"
    play(g, "A: offer C give chili", "C: accept")
    assert g.view()["received"][2] == ["chili"]
    # A gift to the active player is asked for: C gives a blue for nothing.
    events = play(g, "A: offer C for blue")
    assert events[-1]["text"] == "A asks C for blue as a gift"
    play(g, "C: accept")
    assert g.view()["received"][0] == ["blue"]


def test_bo_t4_every_deal_has_the_active_player_on_one_side():
    g = trading_game()
    assert g.to_act == (0,)
    for seat in (1, 2):
        assert g.legal_actions(seat) == []  # no field planted: nothing to do at any time
        illegal(g, seat, "offer A", "BO-T4")
        illegal(g, seat, "end-trading", "BO-T4")
        illegal(g, seat, "harvest 1", "BO-H1")  # an empty field
    assert "offer A" not in texts(g, 0)
    illegal(g, 0, "offer A", "BO-T4")


def test_bo_t4_cards_received_cannot_be_traded_on():
    g = trading_game()
    play(g, "A: offer C for blue", "C: accept")
    assert g.view()["received"][0] == ["blue"]
    play(g, "A: offer B")
    gives = [t for t in texts(g, 0) if t.startswith("give")]
    assert gives == [
        "give soy",
        "give chili",
        "give red#1",
        "give blue#2",
        "give soy#3",
    ]  # not the received blue
    illegal(g, 0, "give blue", "BO-T4")
    illegal(g, 0, "give blue#4", "BO-T4")


def test_bo_t4_fields_and_coins_are_never_traded():
    g = trading_game()
    play(g, "A: offer B")
    steps = {t.split()[0] for t in texts(g, 0)}
    assert steps <= {"give", "ask", "propose", "cancel", "harvest", "buy-field"}
    gives = [t for t in texts(g, 0) if t.startswith("give")]
    assert gives == ["give soy", "give chili", "give red#1", "give blue#2", "give soy#3"]


def test_bo_t4_a_proposal_is_seen_by_the_table_only_once_made():
    g = trading_game()
    play(g, "A: offer B", "A: give blue#2", "A: ask red")
    for seat in (1, 2):
        shown = g.view(seat)["proposal"]
        assert shown["partner"] == 1 and shown["made"] is False
        assert shown["give"] is None and shown["ask"] is None and shown["give_cards"] is None
        assert "blue" not in str(g.log_for(seat)[-2:])
    assert g.view(0)["proposal"]["give_cards"] == ["blue#2"]
    play(g, "A: propose")
    for seat in (1, 2):
        shown = g.view(seat)["proposal"]
        assert shown["give"] == ["blue"] and shown["turned_up"] == [False] and shown["ask"] == ["red"]
        assert shown["give_cards"] is None  # the hand position stays A's
    play(g, "B: give red#3")
    assert g.view(1)["proposal"]["picks"] == ["red#3"]
    assert g.view(2)["proposal"]["picks"] is None and g.view(0)["proposal"]["picks"] is None


def test_bo_t4_proposals_per_turn_bound_the_trading():
    g = trading_game(proposals_per_turn=2)
    play(g, "A: offer B", "A: cancel", "A: offer C give soy", "C: reject")
    assert texts(g, 0)[0] == "end-trading"
    assert not any(t.startswith("offer") for t in texts(g, 0))
    message = illegal(g, 0, "offer B", "BO-T4")
    assert "proposals_per_turn" in message
    assert g.view()["offers"] == [
        {"partner": 1, "outcome": "cancelled"},
        {"partner": 2, "outcome": "rejected"},
    ]


def test_bo_t4_no_trading_at_all_with_a_bound_of_zero():
    g = trading_game(proposals_per_turn=0)
    assert texts(g, 0) == ["end-trading", "harvest 1"]


def test_bo_t4_an_empty_proposal_cannot_be_made_and_asks_stop_at_the_partners_hand():
    g = trading_game()
    play(g, "A: offer B")
    assert "propose" not in texts(g, 0)
    illegal(g, 0, "propose", "BO-T4")
    for _ in range(5):
        play(g, "A: ask garden")
    assert not any(t.startswith("ask") for t in texts(g, 0))
    illegal(g, 0, "ask red", "BO-T4")


def test_bo_t5_received_beans_are_planted_in_the_receivers_order_active_first():
    g = trading_game()
    play(g, "A: offer B give soy,blue#2 for red", "B: accept", "A: end-trading")
    assert g.phase == "plant-traded"
    assert g.to_act == (0,)
    assert texts(g, 0) == ["plant chili", "plant red", "harvest 1"]  # A chooses the order
    illegal(g, 0, "plant soy", "BO-T5")
    illegal(g, 0, "plant", "BO-T5")
    illegal(g, 0, "end-trading", "BO-T5")
    play(g, "A: plant red")
    assert texts(g, 0) == ["harvest 1"]  # chili now fits no field: the two Green must go
    play(g, "A: harvest 1", "A: plant chili")
    assert g.view()["fields"][0] == [["chili", 1], ["red", 1]]
    assert g.to_act == (1,)  # then clockwise: B received soy and blue
    assert texts(g, 1) == ["plant soy", "plant blue"]
    play(g, "B: plant blue", "B: plant soy")
    v = g.view()
    assert v["fields"][1] == [["blue", 1], ["soy", 1]]
    assert v["received"] == [[], [], []] and v["trading_area"] == []
    assert v["active"] == 1  # C received nothing: A drew and B's turn began


def test_bo_t5_turned_up_beans_not_given_away_are_planted_by_the_active_player():
    g = trading_game()
    hand = g.view()["hands"][0]
    play(g, "A: end-trading", "A: plant soy")
    assert texts(g, 0) == ["harvest 1"]
    play(g, "A: harvest 1", "A: plant chili")
    assert g.view()["fields"][0] == [["chili", 1], ["soy", 1]]
    assert g.view()["hands"][0][:3] == hand  # none of them went to the hand


def test_bo_t6_the_active_player_draws_three_to_the_back_and_no_one_else_draws():
    g = trading_game()
    sizes = g.view()["hand_sizes"]
    play(g, "A: offer B give soy for red", "B: accept", "A: end-trading")
    play(g, "A: plant red", "A: harvest 1", "A: plant chili", "B: plant soy")
    v = g.view()
    assert v["hands"][0] == ["red", "blue", "soy", "garden", "garden", "garden"]
    assert v["hand_sizes"] == [sizes[0] + 3, sizes[1] - 1, sizes[2]]
    draw = next(e for e in g.log if e["type"] == "draw")
    assert draw["private"] == {"cards": ["garden", "garden", "garden"]}
    assert "private" not in g.log_for(1)[g.log.index(draw)]


# ------------------------------------------------------- harvesting, fields


def test_bo_h1_harvest_pays_the_highest_step_and_coins_are_the_cards():
    g = game(hands=[["blue", "blue"], ["blue"]], deck=["blue", "blue"])
    play(g, "A: plant", "A: plant", "A: offer B for blue", "B: accept", "A: end-trading")
    play(g, "A: plant blue", "A: plant blue")
    events = play(g, "A: harvest 1")
    assert events[0]["coins"] == 1 and events[0]["discarded"] == 3
    v = g.view()
    assert v["coins"][0] == 1 and v["coin_cards"][0] == ["blue"]
    assert v["discard"] == ["blue"] * 3
    assert g.result()["scores"][0] == 1


def test_bo_h1_below_the_first_step_everything_goes_to_the_discard_pile():
    g = game(hands=[["blue", "blue"]], deck=["red", "soy"])
    play(g, "A: plant", "A: plant")
    events = play(g, "A: harvest 1")
    assert events[0]["text"] == "A harvests field 1: 2 blue pay nothing, all to the discard pile"
    assert g.view()["coins"][0] == 0 and g.view()["discard"] == ["blue", "blue"]


def test_bo_h1_harvest_is_offered_at_every_decision_of_the_fields_owner():
    g = gamekit.new_game("bohnanza", 4, seed=3)
    rng = random.Random(3)
    checked = 0
    while not g.is_over:
        seat = g.to_act[0]
        legal = texts(g, seat)
        fields = g.view()["fields"][seat]
        for i in rules.harvestable(fields):
            assert f"harvest {i + 1}" in legal
            checked += 1
        g.act(seat, rng.choice(g.legal_actions(seat)))
    assert checked > 100


def test_bo_h1_a_field_is_harvested_whole_and_only_by_its_owner():
    g = trading_game()
    illegal(g, 1, "harvest 1", "BO-H1")  # B's own field 1 is empty; A's is not B's to harvest
    illegal(g, 0, "harvest 2", "BO-H1")  # empty
    illegal(g, 0, "harvest 4", "BO-H1")
    illegal(g, 0, "harvest 3", "BO-H3")
    play(g, "A: harvest 1")
    assert g.view()["fields"][0] == [None, None]


def test_bo_h2_one_bean_is_protected_while_another_field_holds_two():
    g = game(hands=[["green", "green", "red"]], deck=["soy", "chili"])
    play(g, "A: plant", "A: plant", "A: offer B give chili", "B: reject", "A: end-trading")
    play(g, "A: plant soy")
    assert g.view()["fields"][0] == [["green", 2], ["soy", 1]]
    assert "harvest 2" not in texts(g, 0)
    illegal(g, 0, "harvest 2", "BO-H2")
    assert rules.harvestable([["green", 2], ["soy", 1]]) == [0]
    assert rules.harvestable([["green", 1], ["soy", 1], None]) == []  # field 3 is empty
    assert rules.harvestable([["green", 1], ["soy", 1], ["red", 1]]) == [0, 1, 2]
    assert rules.harvestable([None, None]) == []


def test_bo_h2_a_single_bean_beside_an_empty_field_may_not_be_cleared():
    # 「自分の全ての畑が1枚ずつのときだけ」: only when every field holds one bean; an empty field
    # is not one bean, so a lone bean beside it stays (it was widened to "every planted field").
    g = game(hands=[["red", "soy"]], deck=["green", "chili"])
    play(g, "A: plant", "A: stop")
    assert g.view()["fields"][0] == [["red", 1], None]
    assert not any(a.kind == "harvest" for a in g.legal_actions(0))
    before = g.to_json()
    message = illegal(g, 0, "harvest 1", "BO-H2")
    assert "every field holds one bean" in message and "field 2 is empty" in message
    assert g.to_json() == before
    assert rules.harvestable([["red", 1], None]) == []
    assert rules.harvestable([None, ["red", 1]]) == []


def test_bo_h2_when_every_field_holds_one_bean_one_may_be_cleared():
    g = game(hands=[["red", "soy"]], deck=["green", "chili"])
    play(g, "A: plant", "A: plant", "A: end-trading")
    events = play(g, "A: harvest 2")
    assert events[0]["coins"] == 0 and g.view()["discard"] == ["soy"]


def test_bo_h3_third_field_bought_once_earliest_coins_to_the_discard_pile():
    g = game(hands=[["red", "red"], ["red"]], deck=["red", "red"])
    play(g, "A: plant", "A: plant", "A: offer B for red", "B: accept", "A: end-trading")
    play(g, "A: plant red", "A: plant red")
    assert BUY_FIELD not in g.legal_actions(0)  # no coins yet
    illegal(g, 0, "buy-field", "BO-H3")
    play(g, "A: harvest 1")  # 4 red pay 3
    assert g.view()["coin_cards"][0] == ["red"] * 3
    assert texts(g, 0)[-1] == "buy-field"
    events = play(g, "A: buy-field")
    assert events[0]["text"] == "A buys a third field for 3 thaler (red, red, red to the discard pile)"
    v = g.view()
    assert v["fields"][0] == [None, None, None]
    assert v["coins"][0] == 0 and v["discard"] == ["red"] * 4
    assert "harvest 3" not in texts(g, 0) and BUY_FIELD not in g.legal_actions(0)
    illegal(g, 0, "buy-field", "BO-H3")


def test_bo_h3_payment_takes_the_earliest_coin_cards():
    assert rules.pay_from_coins(["red", "soy", "blue", "green"], 3) == (["red", "soy", "blue"], ["green"])
    assert rules.pay_from_coins(["red"], 0) == ([], ["red"])


# ---------------------------------------------------------------- deck, end


def near_exhaustion(cards_left: int, exhaustions: int = 0) -> Bohnanza:
    """A game whose deck holds only ``cards_left`` cards, the rest moved to the discard pile.

    Reached by editing the state directly (conservation holds): a deck cannot be
    stacked short, and playing there would take hundreds of steps.
    """
    g = game(hands=[FRONT])
    g.discard = g.deck[: len(g.deck) - cards_left]
    g.deck = g.deck[len(g.deck) - cards_left :]
    g.exhaustions = exhaustions
    return g


def test_bo_d1_the_discard_pile_alone_is_shuffled_into_a_new_deck():
    g = near_exhaustion(1)
    before = g.view()
    discard = Counter(before["discard"])
    events = play(g, "A: plant", "A: stop")
    exhausted = [e for e in events if e["type"] == "exhausted"]
    assert exhausted == [{**exhausted[0], "count": 1, "reshuffled": sum(discard.values()), "ends": False}]
    v = g.view()
    assert v["exhaustions"] == 1 and v["discard"] == []
    up = v["trading_area"]
    assert Counter(v["deck"]) + Counter(up[1:]) == discard  # the first card came from the old deck
    assert v["hands"][1:] == before["hands"][1:] and v["coins"] == before["coins"]


def test_bo_d1_second_exhaustion_reshuffles_too_and_an_empty_discard_pile_gives_an_empty_deck():
    g = near_exhaustion(1, exhaustions=1)
    g.coins[1], g.discard = g.discard, []  # all discarded cards are B's coins now
    play(g, "A: plant", "A: stop")  # the first card empties the deck; the empty pile gives no deck
    v = g.view()
    # The second card found the deck empty: the third exhaustion, and the end.
    assert v["exhaustions"] == 3 and g.is_over
    assert len(v["trading_area"]) == 1


def test_bo_d2_the_third_exhaustion_ends_the_game_at_once():
    g = near_exhaustion(1, exhaustions=2)
    events = play(g, "A: plant", "A: stop")
    types = [e["type"] for e in events]
    assert types[:3] == ["stop", "exhausted", "turn-up"]
    assert events[1]["ends"] is True
    assert events[1]["text"] == "The deck runs out for the third time: the game ends at once"
    assert g.is_over and g.phase == "over" and g.to_act == ()
    assert len(g.view()["trading_area"]) == 1  # the second card is never turned up
    assert g.result()["finished"] is True


def test_bo_d2_the_game_can_end_in_the_middle_of_drawing():
    g = game(hands=[FRONT], deck=["red", "red"])
    play(g, "A: plant", "A: stop")
    g.discard = g.deck[:-2]
    g.deck = g.deck[-2:]
    g.exhaustions = 2
    play(g, "A: end-trading", "A: plant red", "A: plant red")
    assert g.is_over
    draw = next(e for e in g.log if e["type"] == "draw")
    assert draw["count"] == 2


def test_bo_e1_final_harvest_ignores_the_one_bean_protection_and_hands_are_worthless():
    g = near_exhaustion(2, exhaustions=2)
    g.fields[1] = [["red", 3], ["soy", 1]]
    for bean in ("red", "red", "red", "soy"):
        g.discard.remove(bean)
    play(g, "A: plant", "A: stop")
    assert g.is_over
    finals = [e for e in g.log if e["type"] == "harvest" and e["final"]]
    assert {(e["seat"], e["bean"], e["count"], e["coins"]) for e in finals} >= {
        (1, "red", 3, 2),
        (1, "soy", 1, 0),
        (0, "green", 1, 0),
    }
    v = g.view()
    assert v["fields"] == [[None, None]] * 3
    assert v["hand_sizes"][2] == 5  # kept, worth nothing
    assert g.result() == {"scores": [0, 2, 0], "ranks": [2, 1, 2], "winners": [1], "finished": True}
    assert all_cards(v) == Counter(rules.BEAN_COUNTS)


def test_bo_e1_ties_share_the_place():
    assert rules.ranks([5, 7, 5, 7]) == [3, 1, 3, 1]
    g = near_exhaustion(2, exhaustions=2)
    play(g, "A: plant", "A: stop")
    result = g.result()
    assert result["scores"] == [0, 0, 0] and result["winners"] == [0, 1, 2]
    assert g.log[-1]["text"] == "Game over: A 0 thaler, B 0 thaler, C 0 thaler; A, B and C share the win"


def test_bo_e2_all_104_cards_are_accounted_for_during_a_game():
    g = gamekit.new_game("bohnanza", 5, seed=8)
    rng = random.Random(8)
    while not g.is_over:
        assert all_cards(g.view()) == Counter(rules.BEAN_COUNTS)
        seat = g.to_act[0]
        g.act(seat, rng.choice(g.legal_actions(seat)))
    assert all_cards(g.view()) == Counter(rules.BEAN_COUNTS)


def test_bo_e2_a_saved_state_with_a_card_too_many_is_refused():
    import json

    g = trading_game()
    saved = json.loads(g.to_json())
    saved["state"]["discard"].append("garden")
    with pytest.raises(gamekit.LoadError, match="BO-E2"):
        gamekit.load_game(json.dumps(saved))
    saved = json.loads(g.to_json())
    saved["state"]["fields"][0][0] = ["green", -1]
    with pytest.raises(gamekit.LoadError, match="BO-C3"):
        gamekit.load_game(json.dumps(saved))


# ------------------------------------------------------------ the protocol


def test_unreadable_texts_name_a_rule():
    g = trading_game()
    before = g.to_json()
    for text in (
        "plant purple",
        "ask",
        "offer",
        "offer B give",
        "offer Z",
        "give soy#0",
        "harvest x",
        "trade",
    ):
        with pytest.raises(gamekit.IllegalAction, match=r"\(BO-[A-Z]\d+\)$"):
            g.act(0, text)
    assert g.to_json() == before


def test_every_action_of_a_random_game_parses_back_and_legal_lists_stay_short():
    g = gamekit.new_game("bohnanza", 5, seed=4)
    rng = random.Random(4)
    longest = 0
    while not g.is_over:
        seat = g.to_act[0]
        legal = g.legal_actions(seat)
        longest = max(longest, len(legal))
        for action in legal:
            assert g.parse_action(str(action)) == action
        assert len(g.to_act) == 1
        g.act(seat, rng.choice(legal))
    assert longest < 100


def test_stats_count_harvests_plantings_and_deals():
    g = trading_game()
    play(g, "A: offer B give soy for red", "B: accept")
    stats = [g.stats(s) for s in range(3)]
    assert stats[0]["deals"] == stats[1]["deals"] == 1 and stats[2]["deals"] == 0
    assert stats[0]["cards_given"] == 1 and stats[0]["cards_received"] == 1
    assert stats[0]["beans_planted"] == 2 and stats[0]["proposals"] == 1
    play(g, "A: end-trading", "A: plant red", "A: harvest 1")
    assert g.stats(0)["forced_harvests"] == 1 and g.stats(0)["third_field"] == 0


def test_max_decisions_is_generous_but_finite():
    for players in (3, 4, 5):
        g = gamekit.new_game("bohnanza", players, seed=1)
        assert 1000 < g.max_decisions < 10**6
        gamekit.play(g, "random")
        assert len(g.history) < g.max_decisions


def test_plant_and_stop_actions_are_the_api_texts():
    assert (str(PLANT), str(STOP), str(HARVEST_FIELD[2]), str(BUY_FIELD)) == (
        "plant",
        "stop",
        "harvest 2",
        "buy-field",
    )
