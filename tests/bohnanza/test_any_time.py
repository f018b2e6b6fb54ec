"""Harvesting and buying the third field at any time, also on other players' turns (BO-H1, BO-H3),
and trading without a limit on proposals, with the safety limit that keeps a game finite (BO-T4)."""

from __future__ import annotations

import random

import pytest

import gamekit
from gamekit.bots import PlanterBot
from gamekit.bots.base import Bot
from gamekit.games.bohnanza import Bohnanza
from gamekit.games.bohnanza.actions import BUY_FIELD, CANCEL, DRAW, HARVEST_FIELD, OFFER

from .test_rules import illegal, play, texts

HANDS = [
    ["black-eyed", "black-eyed", "garden", "stink", "chili"],  # A
    ["red", "red", "soy", "soy", "garden"],  # B, who starts
    ["green", "green", "blue", "blue", "soy"],  # C
]


def b_grows_red(turned_up: tuple[str, str] = ("red", "red"), **options) -> Bohnanza:
    """B plays the first turn: two reds from the hand, then the turned-up beans; C's turn begins.

    With the default turn-up B ends with four red on field 1 (they pay 3 thaler).
    """
    deck = [*turned_up, "soy", "blue", "blue", "chili", "stink", "garden", "garden", "garden"]
    g = gamekit.new_game(
        "bohnanza", 3, seed=7, options=options, stack={"hands": HANDS, "deck": deck, "first_player": 1}
    )
    assert isinstance(g, Bohnanza)
    play(g, "B: plant", "B: plant", "B: end-trading", *(f"B: plant {bean}" for bean in turned_up))
    assert g.to_act == (2,) and g.phase == "plant" and g.view()["active"] == 2
    return g


def test_bo_h1_a_player_harvests_during_another_players_planting():
    g = b_grows_red()
    assert g.view()["fields"][1] == [["red", 4], None]
    assert texts(g, 1) == ["harvest 1"]  # B is not to act: only what it may do at any time
    events = play(g, "B: harvest 1")
    assert events[0]["text"] == "B harvests field 1: 4 red pay 3 thaler, 1 to the discard pile"
    assert g.to_act == (2,) and g.phase == "plant"  # still C's decision
    assert g.view()["coins"][1] == 3 and g.view()["fields"][1] == [None, None]
    assert g.history[-1] == (1, "harvest 1")
    play(g, "C: plant")  # C goes on as before
    assert g.view()["fields"][2] == [["green", 1], None]


def test_bo_h1_a_player_harvests_while_a_trade_is_being_proposed():
    g = b_grows_red()
    play(g, "C: plant", "C: stop", "C: offer A give chili")
    assert g.to_act == (0,) and g.view()["proposal"]["made"]
    assert "harvest 1" in texts(g, 1)
    play(g, "B: harvest 1")
    assert g.to_act == (0,)
    proposal = g.view()["proposal"]
    assert proposal["made"] and proposal["give"] == ["chili"]  # the proposal stands
    events = play(g, "A: accept")
    assert events[0]["type"] == "accept"


def test_bo_h1_a_player_answering_a_proposal_may_harvest_first():
    g = b_grows_red()
    play(g, "C: plant", "C: stop", "C: offer B give chili")
    assert g.to_act == (1,)
    assert texts(g, 1)[-1] == "harvest 1"
    play(g, "B: harvest 1", "B: accept")
    assert g.view()["received"][1] == ["chili"]


def test_bo_h1_the_one_bean_protection_holds_on_other_players_turns():
    g = b_grows_red(turned_up=("red", "soy"))
    assert g.view()["fields"][1] == [["red", 3], ["soy", 1]]
    assert texts(g, 1) == ["harvest 1"]
    message = illegal(g, 1, "harvest 2", "BO-H2")
    assert "one bean" in message


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("plant", "BO-T1"),
        ("stop", "BO-T1"),
        ("end-trading", "BO-T1"),
        ("harvest 2", "BO-H1"),  # B's field 2 is empty
        ("harvest 3", "BO-H3"),  # B has no third field
        ("buy-field", "BO-H3"),  # B has no coins
        ("draw", "BO-T1"),
    ],
)
def test_bo_h1_a_seat_not_to_act_may_only_harvest_or_buy_and_a_refusal_changes_nothing(text, rule):
    g = b_grows_red()
    illegal(g, 1, text, rule)
    assert g.to_act == (2,)


def test_bo_h1_other_players_are_refused_with_the_phases_rule_and_told_what_they_may_do():
    g = b_grows_red()
    message = illegal(g, 0, "plant", "BO-T1")
    assert "only harvest F or buy-field" in message
    play(g, "C: plant", "C: stop")
    illegal(g, 0, "offer B", "BO-T4")
    play(g, "C: end-trading")
    illegal(g, 1, "plant chili", "BO-T5")


def test_bo_h3_the_third_field_is_bought_on_another_players_turn():
    g = b_grows_red()
    play(g, "B: harvest 1")
    assert texts(g, 1) == ["buy-field"]
    events = play(g, "B: buy-field")
    assert events[0]["text"] == "B buys a third field for 3 thaler (red, red, red to the discard pile)"
    assert g.to_act == (2,) and g.phase == "plant"
    assert len(g.view()["fields"][1]) == 3 and g.view()["coins"][1] == 0
    assert texts(g, 1) == []
    illegal(g, 1, "buy-field", "BO-H3")  # there is no fourth


def test_bo_h3_buying_once_is_all_even_with_the_coins_for_a_second():
    g = b_grows_red(third_field_cost=1)
    play(g, "B: harvest 1", "B: buy-field")
    assert g.view()["coins"][1] == 2
    assert BUY_FIELD not in g.legal_actions(1)
    message = illegal(g, 1, "buy-field", "BO-H3")
    assert "no fourth" in message


def until_draw_point(seed: int) -> Bohnanza:
    """A game of planters, played until the engine stops before a draw that reshuffles (BO-H1)."""
    g = gamekit.new_game("bohnanza", 3, seed=seed)
    assert isinstance(g, Bohnanza)
    bot, rng = PlanterBot(), random.Random(seed)
    while g.phase != "draw":
        assert not g.is_over, "the game ended without a draw point"
        seat = g.to_act[0]
        g.act(seat, bot.choose(g.view(seat), g.legal_actions(seat), rng))
    return g


def test_bo_h1_everyone_may_harvest_at_the_end_of_the_turn_before_a_draw_that_reshuffles():
    g = until_draw_point(1)
    v = g.view()
    active = v["active"]
    assert g.to_act == (active,) and v["deck_size"] <= 3 and v["exhaustions"] < 2
    assert texts(g, active)[0] == "draw"
    from gamekit.games.bohnanza import pictures as pictures

    assert "draws three and the deck runs out: anyone may harvest first (BO-T6, BO-H1)" in pictures.text(v)
    others = [s for s in range(3) if s != active and g.legal_actions(s)]
    assert others, "nobody else has a field to harvest here"
    seat = others[0]
    harvest = g.legal_actions(seat)[0]
    before = len(g.view()["discard"])
    events = list(g.act(seat, harvest))
    assert g.to_act == (active,) and g.phase == "draw"
    discarded = events[0]["discarded"]
    events = list(g.act(active, DRAW))
    reshuffle = next(e for e in events if e["type"] == "exhausted")
    # The harvested beans went to the discard pile before the draw, so into the new deck (BO-D1).
    assert reshuffle["reshuffled"] == before + discarded
    assert g.view()["phase"] in ("plant", "trade")


def test_bo_h1_the_draw_point_comes_only_when_the_draw_reshuffles():
    for seed in (1, 2):
        g = gamekit.new_game("bohnanza", 4, seed=seed)
        gamekit.play(g, "planter")
        draws = [i for i, (_, text) in enumerate(g.history) if text == "draw"]
        assert 1 <= len(draws) <= 2  # the first and second exhaustion, when a draw causes them
        for i in draws:
            v = g.at(i).view()
            assert v["phase"] == "draw" and v["deck_size"] <= 3 and v["exhaustions"] < 2
        turns = sum(1 for e in g.log if e["type"] == "draw")
        assert turns > 10 * len(draws)  # every other draw follows the last planting at once


def test_bo_h1_a_refused_action_at_the_draw_point_changes_nothing():
    g = until_draw_point(1)
    active = g.view()["active"]
    illegal(g, active, "end-trading", "BO-T6")
    illegal(g, active, "plant", "BO-T6")
    other = (active + 1) % 3
    illegal(g, other, "draw", "BO-T6")


def test_bo_h1_save_load_replay_and_at_reproduce_harvests_taken_on_other_turns():
    g = b_grows_red()
    play(g, "B: harvest 1", "B: buy-field", "C: plant", "C: stop", "C: offer A give chili", "A: accept")
    saved = g.to_json()
    loaded = gamekit.load_game(saved)
    assert loaded.to_json() == saved and loaded.log == g.log
    assert gamekit.replay(g.setup, g.history).to_json() == saved
    earlier = g.at(len(g.history) - 5)  # just after B's harvest, on C's turn
    assert earlier.view()["coins"][1] == 3 and earlier.to_act == (2,)
    assert [a for s, a in g.history if s == 1][-2:] == ["harvest 1", "buy-field"]
    # Both go on identically.
    for game in (g, loaded):
        play(game, "C: end-trading")
    assert loaded.to_json() == g.to_json()


def test_bo_h1_views_never_show_the_other_seats_secrets_at_a_harvest_on_their_turn():
    g = b_grows_red()
    play(g, "B: harvest 1")
    for seat in (0, 2):
        view = g.view(seat)
        assert view["hands"][1] is None and view["hands"][seat] is not None
        assert view["coin_cards"][1] == ["red"] * 3  # coins come from a public harvest
    assert "private" not in g.log[-1]


# ------------------------------------------------------------------ BO-T4


def test_bo_t4_there_is_no_limit_on_proposals_by_default():
    g = b_grows_red()
    play(g, "C: plant", "C: stop")
    for _ in range(12):
        play(g, "C: offer A", "C: cancel")
    assert OFFER[0] in g.legal_actions(2) and g.view()["proposals_left"] is None
    assert g.view()["proposals_per_turn"] is None
    assert len(g.view()["offers"]) == 12


def test_bo_t4_the_declared_bound_is_the_safety_limit_without_a_limit_on_proposals():
    assert gamekit.new_game("bohnanza", 4, seed=1).max_decisions == 20000
    assert gamekit.new_game("bohnanza", 4, seed=1, options={"max_decisions": 500}).max_decisions == 500
    bounded = gamekit.new_game(
        "bohnanza", 4, seed=1, options={"proposals_per_turn": 0, "max_decisions": 10**9}
    )
    assert 500 < bounded.max_decisions < 2000  # the bound the cards give when trading is bounded


def test_bo_t4_the_safety_limit_stops_a_game_unfinished():
    g = gamekit.new_game("bohnanza", 3, seed=4, options={"max_decisions": 40})
    rng = random.Random(4)
    while not g.is_over:
        seat = g.to_act[0]
        g.act(seat, rng.choice(g.legal_actions(seat)))
    assert len(g.history) == 40
    result = g.result()
    assert result["finished"] is False and result["winners"] == []
    assert result["scores"] == g.view()["coins"]  # no final harvest: the thaler so far
    v = g.view()
    assert v["stopped"] is True and v["phase"] == "over" and g.to_act == ()
    assert g.log[-1]["type"] == "stopped" and g.log[-1]["rule"] == "BO-T4"
    assert g.log[-1]["text"].startswith("Stopped after 40 decisions by the safety limit (max_decisions)")
    assert all(g.legal_actions(s) == [] for s in range(3))
    illegal(g, 0, "harvest 1", "BO-T4")
    assert gamekit.load_game(g.to_json()).to_json() == g.to_json()


class Haggler(Bot):
    """Proposes to the first other player and cancels, for ever: only the safety limit ends it."""

    name = "haggler"

    def choose(self, view, legal_actions, rng):
        for action in (CANCEL, OFFER[(view["active"] + 1) % view["players"]]):
            if action in legal_actions:
                return action
        return next((a for a in legal_actions if a.kind not in ("harvest", "buy-field")), legal_actions[0])


def test_bo_t4_a_bot_that_never_ends_trading_is_stopped_by_the_safety_limit():
    g = gamekit.new_game("bohnanza", 3, seed=2, options={"max_decisions": 3000})
    result = gamekit.play(g, Haggler())
    assert result["finished"] is False and len(g.history) == 3000


def test_bo_t4_the_bots_end_trading_without_a_limit():
    g = gamekit.new_game("bohnanza", 4, seed=6)
    result = gamekit.play(g, ["trader", "trader:0", "planter", "random"])
    assert result["finished"] is True
    per_turn: dict[int, int] = {}
    turn = 0
    for e in g.log:
        if e["type"] == "turn":
            turn = e["turn"]
        elif (
            e["type"] == "offer" and e["seat"] != 3
        ):  # the traders: one proposal to each other player at most
            per_turn[turn] = per_turn.get(turn, 0) + 1
    assert per_turn and max(per_turn.values()) <= 3


def test_bo_t4_a_simulation_without_a_limit_finishes_every_game():
    frame = gamekit.simulate("bohnanza", 3, ["trader", "random", "planter"], games=6, seed=1)
    assert frame["finished"].all()


def test_bo_h1_harvest_actions_of_seats_not_to_act_follow_their_fields():
    g = gamekit.new_game("bohnanza", 4, seed=9)
    rng = random.Random(9)
    checked = 0
    while not g.is_over:
        for seat in range(4):
            if seat in g.to_act:
                continue
            fields = g.view()["fields"][seat]
            # BO-H2: two or more first; single beans only when no field is empty.
            expected = [f"harvest {i + 1}" for i, f in enumerate(fields) if None not in fields]
            if any(f and f[1] >= 2 for f in fields):
                expected = [f"harvest {i + 1}" for i, f in enumerate(fields) if f and f[1] >= 2]
            assert [t for t in texts(g, seat) if t.startswith("harvest")] == expected
            checked += bool(expected)
        seat = g.to_act[0]
        g.act(seat, rng.choice(g.legal_actions(seat)))
    assert checked > 100
    assert HARVEST_FIELD[1].text == "harvest 1"


def test_bo_t6_bo_h1_a_turn_up_that_reshuffles_waits_so_the_field_just_grown_can_be_sold():
    # Seed 44 (three growers): C's second planting left 2 cards in the deck, and the turn-up ran it
    # out at once (plant, exhausted, turn-up), so nobody could harvest before the reshuffle.
    # 「自分の番に限らずいつでも売れます」: the engine now waits for C's ``stop`` there.
    g = gamekit.new_game("bohnanza", 3, seed=44)
    gamekit.play(g, "grower")
    types = [e["type"] for e in g.log]
    for i in range(len(types) - 2):
        if types[i : i + 3] == ["plant", "exhausted", "turn-up"]:
            assert g.log[i + 1]["ends"]  # only the last running out, which harvests every field
    i = next(i for i, (_, a) in enumerate(g.history) if str(a) == "stop" and g.at(i).planted == 2)
    pause = g.at(i)
    assert pause.to_act == (2,) and pause.view()["deck_size"] == 2 and pause.view()["exhaustions"] == 1
    assert pause.view()["fields"][2][2] == ["soy", 4]  # grown by the planting just made
    assert texts(pause, 2) == ["stop", "harvest 1", "harvest 3"]  # planting is over; C may sell
    assert texts(pause, 1) == ["harvest 1", "harvest 2"]  # and so may the others
    message = illegal(pause, 2, "plant", "BO-T1")
    assert "'stop'" in message and "run the deck out" in message
    events = play(pause, "C: harvest 3")
    assert events[0]["coins"] == 2 and pause.to_act == (2,) and pause.view()["exhaustions"] == 1
    events = play(pause, "C: stop")
    assert [e["type"] for e in events] == ["stop", "exhausted", "turn-up"]
    assert events[0]["text"] == "C ends planting (two planted)"
    assert pause.view()["exhaustions"] == 2 and pause.phase == "trade"


@pytest.mark.parametrize("seed", range(6))
def test_bo_h1_every_reshuffle_follows_a_decision_of_the_active_player(seed):
    """A reshuffle (BO-D1) comes only from ``stop`` (before the turn-up) or ``draw``: every field
    may be sold before the discard pile is shuffled, whatever step ran the deck out."""
    g = gamekit.new_game("bohnanza", 3 + seed % 3, seed=seed)
    rng = random.Random(seed)
    reshuffles = 0
    while not g.is_over:
        seat = g.to_act[0]
        before = g.view()["exhaustions"]
        action = rng.choice(g.legal_actions(seat))
        g.act(seat, action)
        if g.view()["exhaustions"] > before and not g.is_over:
            assert str(action) in ("stop", "draw"), (seat, str(action))
            reshuffles += 1
    assert reshuffles == 2
