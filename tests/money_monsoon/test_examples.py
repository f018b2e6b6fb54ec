"""The rules' (money-monsoon) worked examples replay exactly (MM-X1, MM-X2)."""

from __future__ import annotations

import gamekit
from gamekit.examples import find_example, load_examples, run_example


def test_both_money_monsoon_examples_are_there_and_cite_the_rules():
    ids = [e["id"] for e in load_examples("money_monsoon")]
    assert ids == ["MM-X1", "MM-X2"]
    for rule_id in ids:
        source = find_example(rule_id)["source"]
        assert source["document"] == "money-monsoon"
        assert gamekit.rules.get(rule_id).quotes


def test_mm_x1_b_bids_14_and_pays_ds_10_to_the_auctioneer_a():
    # MM-A3, MM-A4: the document's own numbers.
    run = run_example("MM-X1")
    assert run.matches
    assert [e["text"] for e in run.steps[-1].events] == [
        "D bids face down",
        "Bids revealed: A 5, B 14, C 7, D 10; B wins the 5 and pays 10 to A",
    ]
    assert run.game.view()["points"] == [410, 390, 400, 400]
    # Before the last bid, nobody but the bidder and the teacher sees a bid.
    before = run.game_at(3)
    assert before.view(3)["bids"] == [None, None, None, None]
    assert before.view(1)["bids"] == [None, 14, None, None]


def test_mm_x2_landing_on_two_red_and_one_green_pawn_collects_150():
    # MM-M3: 50 per pawn of another player, 100 from red and 50 from green.
    run = run_example("MM-X2")
    assert run.matches
    (move,) = [e for e in run.steps[0].events if e["type"] == "move"]
    assert (
        move["text"]
        == "C moves pawn a forward 3 from space 0 to space 3 and collects 150 (100 from A, 50 from B)"
    )
    assert move["rule"] == "MM-M3"
    start = run.game_at(0).view()
    assert start["pawns"][:3] == [[3, 3], [3, 0], [0, 0]]
