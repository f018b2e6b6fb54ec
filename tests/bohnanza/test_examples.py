"""The document's worked examples BO-X1 and BO-X2 replay exactly."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.examples import find_example, load_examples, run_example
from gamekit.games.bohnanza import rules


def test_both_bohnanza_examples_are_there_and_cite_the_booklet():
    ids = [e["id"] for e in load_examples("bohnanza")]
    assert ids == ["BO-X1", "BO-X2"]
    for rule_id in ids:
        source = find_example(rule_id)["source"]
        assert source["document"] == "bohnanza-booklet"
        assert gamekit.rules.get(rule_id).quotes


def test_bo_x1_plant_the_front_green_then_optionally_the_second():
    run = run_example("BO-X1")
    assert run.matches, [(c.what, c.expected, c.actual) for c in run.checks if not c.ok]
    texts = [[e["text"] for e in step.events] for step in run.steps]
    assert texts[0] == ["A plants green (from the front of the hand) on field 1: 1 green"]
    assert texts[1][0] == "A plants green (from the front of the hand) on field 1: 2 green"
    assert run.game.view()["hands"][0] == ["red", "blue", "soy"]


def test_bo_x1_the_soy_at_the_back_cannot_be_planted_first():
    start = run_example("BO-X1").game_at(0)
    assert [str(a) for a in start.legal_actions(0)] == ["plant"]
    before = start.to_json()
    with pytest.raises(gamekit.IllegalAction, match=r"only the front card of the hand \(green\).*\(BO-T1\)"):
        start.act(0, "plant soy")
    assert start.to_json() == before


def test_bo_x1_the_second_green_is_optional():
    start = run_example("BO-X1").game_at(1)
    start.act(0, "stop")
    assert start.view()["fields"][0] == [["green", 1], None]
    assert start.view()["hands"][0] == ["green", "red", "blue", "soy"]


def test_bo_x2_three_green_pay_one_coin_and_two_go_to_the_discard_pile():
    run = run_example("BO-X2")
    assert run.matches, [(c.what, c.expected, c.actual) for c in run.checks if not c.ok]
    assert run.steps[0].events[0]["text"] == "A harvests field 1: 3 green pay 1 thaler, 2 to the discard pile"


@pytest.mark.parametrize(("greens", "thaler"), [(3, 1), (4, 1), (5, 2), (6, 3), (7, 4), (8, 4)])
def test_bo_x2_green_pays_1_2_3_4_at_3_5_6_7_in_play(greens, thaler):
    # A plants two Greens and turns up a Green and a Red; B and C give A the rest as gifts (BO-T4).
    given = greens - 3
    g = gamekit.new_game(
        "bohnanza",
        3,
        seed=5,
        stack={
            "hands": [["green", "green"], ["green"] * min(given, 4), ["green"] * max(given - 4, 0)],
            "deck": ["green", "red"],
            "first_player": 0,
        },
    )
    for step in ("plant", "plant"):
        g.act(0, step)
    if given > 0:
        g.act(0, "offer B for " + ",".join(["green"] * min(given, 4)))
        g.act(1, "accept")
    if given > 4:
        g.act(0, "offer C for " + ",".join(["green"] * (given - 4)))
        g.act(2, "accept")
    g.act(0, "end-trading")
    while g.view()["fields"][0][0] != ["green", greens]:
        g.act(0, "plant green")
    events = g.act(0, "harvest 1")
    assert (events[0]["count"], events[0]["coins"], events[0]["discarded"]) == (
        greens,
        thaler,
        greens - thaler,
    )
    assert rules.harvest_value("green", greens) == thaler
