"""The play table's assist (``teach.routine_action``) and a person's standing orders.

The assist may take a step for a person only where the rules force it or every choice leads to
the same position; these tests check that with code written apart from the assist's own, on
every step it takes in whole games, and on positions where the person has a real choice.
"""

from __future__ import annotations

import json

import pytest

import gamekit
from gamekit.core.errors import ConfigError, GamekitError
from gamekit.teach import ASSIST_SHORTCUTS, Table, assist_shortcuts, routine_action
from gamekit.widgets import PlayTable


def _state(game: gamekit.Game) -> str:
    view = dict(game.view())
    if "fields" in view:  # field numbers are labels (BO-T2)
        view["fields"] = [sorted(map(repr, own)) for own in view["fields"]]
    return json.dumps(view, sort_keys=True, default=repr)


def _after(game: gamekit.Game, seat: int, *actions: str) -> str | None:
    twin = game.copy()
    try:
        for action in actions:
            twin.act(seat, action)
    except GamekitError:
        return None
    return _state(twin)


def _loses_nothing(game: gamekit.Game, seat: int, chosen: str) -> bool:
    """True if every other legal action of ``seat`` is either an "at any time" action that gives
    the same position before or after ``chosen``, or a turn action that, with the step then
    forced, gives the position ``chosen`` gives."""
    any_time = type(game).any_time_kinds
    for other in map(str, game.legal_actions(seat)):
        if other == chosen:
            continue
        if other.split()[0] in any_time:
            if _after(game, seat, other, chosen) != _after(game, seat, chosen, other):
                return False
        else:  # both orders of two turn actions, as "same" compares them
            if _after(game, seat, other, chosen) != _after(game, seat, chosen, other):
                return False
    return True


class CheckedTable(Table):
    """A table that checks each step of its assist before taking it."""

    checked = 0

    def _routine(self):  # type: ignore[no-untyped-def]
        step = super()._routine()
        if step is not None:
            seat, action, shortcut, _note = step
            assert str(action) in {str(a) for a in self.game.legal_actions(seat)}
            if shortcut in ("forced", "same"):
                assert _loses_nothing(self.game, seat, str(action)), (shortcut, action)
                CheckedTable.checked += 1
        return step


def _person_plays(table: Table, prefer: tuple[str, ...]) -> None:
    game = table.game
    while not game.is_over:
        legal = [str(a) for a in game.legal_actions(0)]
        turn = [a for a in legal if a.split()[0] not in type(game).any_time_kinds]
        pick = next((a for a in turn if a in prefer), (turn or legal)[0])
        table.submit(0, pick)


@pytest.mark.parametrize(("name", "bots", "prefer"), [
    ("bohnanza", "trader", ("stop", "end-trading", "reject")),
    ("kuhhandel", "bluffer", ("offer", "accept", "buy", "sell")),
])  # fmt: skip
def test_the_assist_takes_only_steps_that_lose_the_person_nothing(name, bots, prefer):
    CheckedTable.checked = 0
    for seed in (0, 1):
        table = CheckedTable(gamekit.new_game(name, 4, seed=seed), 0, bots, assist=True, bid_limit=60)
        _person_plays(table, prefer)
        assert table.game.result()["finished"]
    assert CheckedTable.checked >= 5  # the check ran on real steps, not on none


def test_a_real_choice_is_left_to_the_person():
    # BO-X sandbox of lesson 04: A has turned up stink and chili and has one empty field; which
    # goes in first decides which one forces a harvest, so the table must not choose.
    hands = [["blue", "blue", "green", "soy", "red"], ["red"] * 5, ["soy"] * 5]
    game = gamekit.new_game("bohnanza", 3, seed=3, stack={"hands": hands, "deck": ["stink", "chili"]})
    game.act(0, "plant")
    game.act(0, "plant")
    assert game.view()["phase"] == "trade"
    assert routine_action(game, 0) is None  # trading is a choice
    game.act(0, "end-trading")
    assert game.view(0)["trading_area"] == ["stink", "chili"]
    assert routine_action(game, 0) is None  # so is the order of planting


def test_the_first_plant_into_an_empty_field_is_forced_and_shown():
    table = PlayTable(gamekit.new_game("bohnanza", 4, seed=1, stack={"first_player": 0}), 0, "trader")
    first = table.table.assisted[0]
    assert (first.seat, first.action, first.shortcut) == (0, "plant", "forced")
    assert "A: plant (assist: the only move the rules allow)" in table.story.value
    assert "from the front of the hand" in table.story.value
    without = PlayTable(
        gamekit.new_game("bohnanza", 4, seed=1, stack={"first_player": 0}), 0, "trader", assist=False
    )
    assert not without.table.assisted and "plant" in [str(a) for a in without.table.game.legal_actions(0)]


def _to_payment(seed: int) -> tuple[gamekit.Game, int]:
    """A Kuhhandel game played by bots up to a payment with a choice of cards."""
    game = gamekit.new_game("kuhhandel", 4, seed=seed)
    from gamekit.bots import make_bot
    from gamekit.simulate import bot_rng, take_turn

    bots = [make_bot("bluffer", "kuhhandel") for _ in range(4)]
    rngs = [bot_rng(seed, s) for s in range(4)]
    while not game.is_over:
        seat = game.to_act[0]
        if game.view()["phase"] == "pay" and len(game.legal_actions(seat)) > 1:
            return game, seat
        take_turn(game, seat, bots[seat], rngs[seat])
    raise AssertionError("no payment with a choice in this game")


def test_pay_takes_the_fewest_cards_and_says_so():
    game, payer = _to_payment(0)
    legal = game.legal_actions(payer)
    action, shortcut, note = routine_action(game, payer, {"pay"})
    assert shortcut == "pay" and action in legal
    assert len(action.value) == min(len(a.value) for a in legal)
    cards = "+".join(map(str, action.value))
    assert note == f"{'ABCD'[payer]} paid {sum(action.value)} with {cards} (assist: the fewest cards)"
    assert routine_action(game, payer, {"forced", "same"}) is None  # the choice stays the person's


def test_assist_settings_are_named():
    assert assist_shortcuts(True) == frozenset(ASSIST_SHORTCUTS)
    assert assist_shortcuts(False) == frozenset()
    assert assist_shortcuts({"pay"}) == frozenset({"pay"})
    with pytest.raises(ConfigError, match="unknown assist shortcuts"):
        assist_shortcuts({"everything"})
    # A plain Table (the lessons' sandboxes) takes no step unless asked to.
    table = Table(gamekit.new_game("bohnanza", 4, seed=1, stack={"first_player": 0}), 0, "trader")
    assert not table.assisted and table.waiting_for == (0,)


def test_standing_orders_are_each_persons_own_and_hidden_at_the_hand_over():
    game = gamekit.new_game("kuhhandel", 4, seed=2)
    table = PlayTable(game, humans=[0, 1], bots="bluffer")
    table.confirm()
    assert table.seat == 0 and table.orders.layout.display == ""
    table.limit_box.value = True  # A holds in every auction: A's bid now is taken at once
    assert table.table.bid_limits == {0: 0}
    assert table.table.assisted[-1].note == "A: hold (your standing limit: 0)"
    assert table.handing_over and table.seat == 1
    assert table.orders.layout.display == "none"  # B, taking the device, does not see A's orders
    table.confirm()
    assert table.orders.layout.display == "" and not table.limit_box.value  # B has none of A's
    assert table.table.bid_limits == {0: 0}


def test_a_note_is_shown_only_to_the_person_it_acted_for():
    game = gamekit.new_game("bohnanza", 4, seed=1, stack={"first_player": 0})
    table = Table(game, [0, 1], "trader", assist=True)
    step = table.assisted[0]
    assert step.seat == 0
    assert table.notes(0, seat=0) == {step.index: step.note}
    assert table.notes(0, seat=1) == {}
    assert table.notes(0) == {step.index: step.note}  # the teacher's log has them all
