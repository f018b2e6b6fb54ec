"""Every action reaching a game is checked in one place (``Game.act`` / ``Game.parse_action``).

Issue 11: a hand-built ``Action`` was trusted as given (For Sale ``Action("bid", 4.5)`` broke the
game); a 5,000-digit number raised ``ValueError``; a 1 MB text was echoed whole. Now only actions a
game made itself (``actions.canonical``) are taken as they are; every other action is read again
from its text and must name exactly the same kind and value, types included.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import gamekit
from gamekit import Action, IllegalAction
from gamekit.core.actions import canonical, same_value
from gamekit.core.errors import quote
from gamekit.core.game import game_class

from .contract_helpers import Config, pick, playout

GAMES = gamekit.GAMES


def played_until(name: str, players: int, seed: int, done: Callable[[gamekit.Game], bool]) -> gamekit.Game:
    """A random playout of ``name`` stopped at the first position where ``done`` holds."""
    game = gamekit.new_game(name, players, seed=seed)
    rng = random.Random(seed)
    while not done(game):
        assert not game.is_over, f"{name} seed {seed} never reached the position wanted"
        game.act(*pick(game, rng))
    return game


def assert_refused(game: gamekit.Game, seat: Any, action: Any, rule: str | None = None) -> IllegalAction:
    """``act`` refuses with ``IllegalAction`` naming a rule of the game, short, game unchanged."""
    before, history = game.to_json(), list(game.history)
    with pytest.raises(IllegalAction) as info:
        game.act(seat, action)
    message = str(info.value)
    assert info.value.rule_id is not None, message
    assert info.value.rule_id.startswith(game_class(game.name).rule_prefix + "-"), message
    if rule is not None:
        assert info.value.rule_id == rule, message
    assert len(message) < 400, message
    assert game.to_json() == before and game.history == history
    return info.value


def random_positions(name: str, players: int, seed: int, count: int) -> list[gamekit.Game]:
    """Copies of about ``count`` positions spread over a random playout, and its end."""
    length = len(playout(gamekit.new_game(name, players, seed=seed), random.Random(seed)).history)
    every = max(1, length // count)
    game = gamekit.new_game(name, players, seed=seed)
    rng = random.Random(seed)
    found = []
    while not game.is_over:
        if len(game.history) % every == 0:
            found.append(game.copy())
        game.act(*pick(game, rng))
    return [*found, game]


# ------------------------------------------------------------- the flag
def test_actions_a_game_makes_are_canonical_and_hand_built_ones_are_not() -> None:
    game = gamekit.new_game("for_sale", 3, seed=1)
    legal = game.legal_actions(game.to_act[0])
    assert all(a._canonical for a in legal)
    assert game.parse_action("bid 3")._canonical
    assert not Action("bid", 3)._canonical
    assert canonical("bid", 3)._canonical and canonical("bid", 3) == Action("bid", 3)


def test_pickled_actions_come_back_equal_but_not_canonical_and_copies_are_the_same_object() -> None:
    bid = canonical("bid", 3)
    back = pickle.loads(pickle.dumps(bid))
    assert back == bid and back.kind == "bid" and back.value == 3 and not back._canonical
    assert copy.copy(bid) is bid and copy.deepcopy(bid) is bid
    # An unpickled action still plays: it is read again from its text.
    game = gamekit.new_game("for_sale", 3, seed=1)
    seat = game.to_act[0]
    game.act(seat, pickle.loads(pickle.dumps(game.legal_actions(seat)[-1])))


def test_a_copied_game_hands_out_canonical_actions() -> None:
    game = played_until("kuhhandel", 3, 2, lambda g: g.phase == "pay").copy()
    assert all(a._canonical for a in game.legal_actions(game.to_act[0]))


@pytest.mark.parametrize(
    ("made", "given", "same"),
    [
        (3, 3, True),
        (1, True, False),
        (3, 3.0, False),
        (3, np.int64(3), False),
        ((1, "cow"), (1, "cow"), True),
        ((1, "cow"), [1, "cow"], False),
        ((1, "cow"), (True, "cow"), False),
        ((1, (("soy", 0),), ()), (1, (("soy", 0),), ()), True),
        ((1, (("soy", 0),), ()), (1, (("soy", False),), ()), False),
        ((1, 2), (1, 2, 3), False),
        ([1, 2], [1, 2], True),
        (frozenset({1, 2}), frozenset({2, 1}), True),
        (frozenset({1}), frozenset({True}), False),
        (None, None, True),
        (None, 0, False),
        ("soy", "soy", True),
    ],
)
def test_same_value_compares_types_at_every_level(made: Any, given: Any, same: bool) -> None:
    assert same_value(made, given) is same


def test_same_value_of_a_deeply_nested_given_value_takes_a_few_steps() -> None:
    deep: Any = 1
    for _ in range(100_000):
        deep = (deep,)
    assert not same_value((1, 2), deep) and not same_value(((1,),), deep)


def test_quote_keeps_a_short_prefix_and_the_length() -> None:
    assert quote("bid 3") == "'bid 3'"
    long = quote("9" * 1_000_000)
    assert long.startswith("'" + "9" * 60 + "'…") and "1,000,000 characters" in long and len(long) < 100
    assert quote(b"bid") == "b'bid'" and quote(None) == "None" and quote(5) == "5"
    assert quote(10**5000) == "a 16610-bit number" and len(quote([[1] * 10**5] * 10**3)) <= 60
    assert quote("\ud800") == "'\\ud800'"


# ------------------------------------------------ hand-built actions refused
def test_fs_b2_for_sale_refuses_hand_built_bids_and_sells_that_are_not_exactly_its_own() -> None:
    game = played_until("for_sale", 3, 1, lambda g: g.phase == "buy" and g.high_bid >= 0)
    seat = game.to_act[0]
    for action in (Action("bid", 4.5), Action("bid", True), Action("sell", 3.0), Action("bid", 3, "bid 4")):
        assert_refused(game, seat, action)
    selling = played_until("for_sale", 3, 1, lambda g: g.phase == "sell")
    seat = selling.to_act[0]
    house = selling.legal_actions(seat)[0].value
    for action in (Action("sell", float(house)), Action("sell", np.int64(house)), Action("sell", True)):
        assert_refused(selling, seat, action, "FS-S2")


def test_fs_b3_a_hand_built_action_equal_to_a_legal_one_is_taken_like_it() -> None:
    game = gamekit.new_game("for_sale", 3, seed=1)
    twin = game.copy()
    seat = game.to_act[0]
    assert canonical("bid", 3) in game.legal_actions(seat)
    game.act(seat, Action("bid", 3))
    twin.act(seat, "bid 3")
    assert game.to_json() == twin.to_json()
    # A legal-looking bid the rules refuse gets the rule's own message.
    assert_refused(game, game.to_act[0], Action("bid", 3), "FS-B3")


def test_mm_a2_money_monsoon_refuses_a_negative_bid_and_a_bid_written_as_pass() -> None:
    game = played_until("money_monsoon", 4, 1, lambda g: g.phase == "bid")
    seat = game.to_act[0]
    assert_refused(game, seat, Action("bid", -500), "MM-A2")
    assert_refused(game, seat, Action("bid", 2, "pass"), "MM-A2")
    assert_refused(game, seat, Action("bid", 2, "bid 3"), "MM-A2")
    assert_refused(game, seat, Action("bid", np.int64(2)), "MM-A2")


def test_bo_t4_bohnanza_refuses_an_offer_to_seat_one_point_zero() -> None:
    game = played_until(
        "bohnanza",
        3,
        1,
        lambda g: g.phase == "trade" and any(a.kind == "offer" for a in g.legal_actions(g.active)),
    )
    offer = next(a for a in game.legal_actions(game.active) if a.kind == "offer")
    assert_refused(game, game.active, Action("offer", float(offer.value)))
    assert_refused(game, game.active, Action("offer", offer.value == 1, offer.text))
    twin = game.copy()
    twin.act(game.active, Action("offer", offer.value, offer.text))  # exactly the game's own: taken
    game.act(game.active, offer)
    assert twin.to_json() == game.to_json()


def test_kh_t1_kuhhandel_takes_a_hand_built_trade_written_without_its_text() -> None:
    game = played_until(
        "kuhhandel", 3, 3, lambda g: any(a.kind == "trade" for a in g.legal_actions(g.to_act[0]))
    )
    seat = game.to_act[0]
    trade = next(a for a in game.legal_actions(seat) if a.kind == "trade")
    partner, animal = trade.value
    twin = game.copy()
    game.act(seat, Action("trade", (partner, animal)))  # text "trade (1, 'cow')": found among the legal
    twin.act(seat, trade)
    assert game.to_json() == twin.to_json()
    refused = played_until(
        "kuhhandel", 3, 3, lambda g: any(a.kind == "trade" for a in g.legal_actions(g.to_act[0]))
    )
    assert_refused(refused, seat, Action("trade", (True, animal)))
    assert_refused(refused, seat, Action("trade", [partner, animal]))
    assert_refused(refused, seat, Action("trade", (partner, animal), "trade X cow"))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    "action",
    [
        Action(5),  # type: ignore[arg-type]
        Action("pass", None, 7),  # type: ignore[arg-type]
        None,
        5,
        3.5,
        ["bid", 3],
        {"kind": "bid", "value": 3},
        b"pass",
        object(),
        Action("bid", 10**200),
        Action("", None, ""),
    ],
    ids=repr,
)
def test_anything_but_the_games_own_actions_or_texts_is_refused_naming_how_actions_read(
    name: str, action: Any
) -> None:
    game = played_until(name, 4, 5, lambda g: len(g.history) >= 3)
    for seat in game.to_act:
        assert_refused(game, seat, action)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    "seat",
    [None, 1.0, True, False, -1, 4, 10**100, 10**5000, "A", "A" * 10_000, [0], np.int64(0)],
    ids=lambda s: type(s).__name__,
)
def test_a_seat_of_any_type_is_refused(name: str, seat: Any) -> None:
    game = played_until(name, 4, 5, lambda g: len(g.history) >= 3)
    action = game.legal_actions(game.to_act[0])[0]
    assert_refused(game, seat, action)
    assert_refused(game, seat, str(action))


# ------------------------------------------------------- parse_action
@pytest.mark.parametrize("name", GAMES)
def test_parse_action_refuses_what_is_not_a_text_and_quotes_only_a_prefix(name: str) -> None:
    game = gamekit.new_game(name, 4, seed=3)
    cap = game.max_action_text
    for text in (None, 5, b"bid 3", ["pass"]):
        with pytest.raises(IllegalAction) as info:
            game.parse_action(text)  # type: ignore[arg-type]
        assert info.value.rule_id is not None
    for text in ("bid " + "9" * 5000, "x" * 1_000_000, "pay " + "10," * 100_000 + "10", "a" * (cap + 1)):
        with pytest.raises(IllegalAction) as info:
            game.parse_action(text)
        assert info.value.rule_id is not None and len(str(info.value)) < 200, str(info.value)


WEIRD_TEXTS = [
    "bid " + "9" * 190,
    "bid " + "0" * 190 + "1",
    "sell " + "9" * 190,
    "harvest " + "9" * 190,
    "plant " + "9" * 190,
    "plant soy " + "9" * 180,
    "give soy#" + "9" * 180,
    "give soy#" + "0" * 180,
    "offer " + "9" * 190,
    "offer " + "9" * 100 + " give soy#" + "9" * 50 + " for red",
    "pay " + ",".join(["10"] * 60),
    "counter " + "9" * 190,
    "move a+" + "9" * 190,
    "move a+3 b-" + "9" * 180,
    "bid " + "9" * 90 + "-" + "9" * 90,
    "bid\x003",
    "\x00",
    "bid ٣",
    "bid ³",
    "bid ３",
    "bid \ud800",
    "\ud800",
    "bid\t3",
    " bid 3 ",
    "bid\u30003",
    "bid  3",
    "bid -3",
    "bid -0",
    "bid +3",
    "sell -1",
    "harvest -1",
    "move a+-3",
    "BID 3",
    "Pass",
    "",
    " ",
    "trade B cow cow",
    "trade Z cow",
    "add 99999999999999999999",
    "offer 0,10,",
    "offer ,",
    "pay " + "9" * 100,
]


@pytest.mark.parametrize("name", GAMES)
def test_parse_action_and_act_never_raise_anything_but_illegal_action(name: str) -> None:
    for game in random_positions(name, 4, 7, count=12):
        for text in WEIRD_TEXTS:
            try:
                action = game.parse_action(text)
            except IllegalAction as exc:
                assert exc.rule_id is not None and len(str(exc)) < 400, (text, str(exc))
                for seat in game.to_act:
                    assert_refused(game, seat, text)
                continue
            assert action._canonical and isinstance(action.text, str), text
            assert game.parse_action(action.text) == action  # its text is canonical
            for seat in {*game.to_act, 0}:
                trial = game.copy()
                try:
                    trial.act(seat, text)  # a game may take a shorthand it does not list
                except IllegalAction as exc:
                    assert exc.rule_id is not None and len(str(exc)) < 400, (text, str(exc))
                    assert trial.to_json() == game.to_json()
                else:
                    assert gamekit.load_game(trial.to_json()).to_json() == trial.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_numbers_with_leading_zeros_read_as_the_number_and_are_recorded_canonically(name: str) -> None:
    # Every game read "bid 0003" as "bid 3" before issue 11; kept, and the history records "bid 3".
    texts = {
        "for_sale": ("bid 0003", "bid 3"),
        "money_monsoon": ("bid 0003", "bid 3"),
        "bohnanza": ("harvest 02", "harvest 2"),
        "kuhhandel": ("bid 0010", "bid 10"),
    }
    game = gamekit.new_game(name, 4, seed=3)
    text, canonical_text = texts[name]
    action = game.parse_action(text)
    assert action.text == canonical_text
    assert action == game.parse_action(action.text)


# ------------------------------------------- every legal action reads back
CONFIGS = [
    Config(name, players)
    for name in GAMES
    for players in (game_class(name).min_players, game_class(name).max_players)
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.id)
def test_every_legal_action_reads_back_exactly_and_its_hand_built_twin_is_taken_alike(config: Config) -> None:
    rng = random.Random(11)
    for game in random_positions(config.name, config.players, 11, count=25):
        for seat in range(game.players):
            legal = game.legal_actions(seat)
            for action in legal:
                parsed = game.parse_action(action.text)
                assert parsed == action and parsed.kind == action.kind, action
                assert same_value(action.value, parsed.value), (action, parsed.value)
            for action in rng.sample(legal, min(2, len(legal))):
                twin, hand = game.copy(), game.copy()
                twin.act(seat, action)
                hand.act(seat, Action(action.kind, action.value))
                assert hand.to_json() == twin.to_json(), action


@pytest.mark.parametrize("name", GAMES)
def test_the_text_cap_is_far_above_every_text_a_game_lists_or_records(name: str) -> None:
    cls = game_class(name)
    longest = 0
    for players in (cls.min_players, cls.max_players):
        for seed in range(3):
            game = gamekit.new_game(name, players, seed=seed)
            rng = random.Random(seed)
            while not game.is_over:
                for seat in range(players):
                    longest = max([longest, *(len(a.text) for a in game.legal_actions(seat))])
                game.act(*pick(game, rng))
            longest = max([longest, *(len(text) for _, text in game.history)])
    assert 2 * longest < cls.max_action_text, longest
