"""The documents' worked examples replay exactly (FS-X1 to FS-X4)."""

from __future__ import annotations

import pytest

import gamekit
from gamekit import rules
from gamekit.examples import find_example, load_examples, parse_step, run_example

IDS = [e["id"] for e in load_examples()]


def test_every_for_sale_example_is_there():
    assert {"FS-X1", "FS-X2", "FS-X3", "FS-X4"} <= set(IDS)


@pytest.mark.parametrize("rule_id", IDS)
def test_example_matches_its_document(rule_id):
    run = run_example(rule_id)
    failed = [(c.what, c.expected, c.actual) for c in run.checks if not c.ok]
    assert not failed
    assert run.checks, "an example must make at least one claim"


@pytest.mark.parametrize("rule_id", IDS)
def test_example_cites_its_source(rule_id):
    example = find_example(rule_id)
    assert example["source"]["document"] in rules.sources()
    assert rules.get(rule_id).quotes
    assert example["says"]


def test_fs_x1_first_auction_narrated_step_by_step():
    run = run_example("FS-X1")
    texts = [[e["text"] for e in step.events] for step in run.steps]
    assert texts[:3] == [["A bids 2"], ["B bids 3"], ["C passes and takes house 3 free"]]
    assert texts[3][:2] == [
        "A passes, takes house 5, gets 1 coin back, loses 1",
        "B takes house 11 and pays 3 coins",
    ]
    assert run.game.view()["coins"] == [27, 25, 28]


def test_fs_x2_bid_five_then_pass():
    run = run_example("FS-X2")
    assert any(e["type"] == "pass" and e["refund"] == 2 and e["lost"] == 3 for e in run.steps[-1].events)


def test_fs_x3_houses_28_20_8_against_cheques():
    run = run_example("FS-X3")
    assert run.game.view()["cheques"] == [[0], [12000], [13000]]


def test_fs_x4_cheques_72000_and_8_coins_make_80000():
    run = run_example("FS-X4")
    assert run.game.result()["scores"][0] == 80000


def test_a_wrong_claim_is_reported_as_not_matching():
    example = dict(find_example("FS-X1"))
    example["expect"] = [{"what": "wrong on purpose", "view": "coins", "equals": [28, 28, 28]}]
    assert not run_example(example).matches


def test_game_at_steps_back_to_the_documents_position():
    run = run_example("FS-X3")
    start = run.game_at(0)
    assert start.phase == "sell" and start.view()["table"] == [0, 12000, 13000]
    assert run.game_at(len(run.steps)).to_json() == run.game.to_json()


def test_steps_are_written_seat_colon_action():
    assert parse_step("B: bid 3") == (1, "bid 3")
    with pytest.raises(gamekit.ConfigError):
        parse_step("bid 3")
