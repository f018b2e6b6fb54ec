"""Set-ups and saves from a hostile hand: only ConfigError / LoadError leave, with short messages,
and a save records everything that fixes the game (issue 11)."""

from __future__ import annotations

import json
import random

import pytest

import gamekit
from gamekit.core.game import SAVE_FORMAT

LONG = 400  # no message quotes more than a short prefix of what it was given


def played(name: str, players: int, seed: int, steps: int, **setup) -> gamekit.Game:
    g = gamekit.new_game(name, players, seed=seed, **setup)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        seat = g.to_act[rng.randrange(len(g.to_act))]
        g.act(seat, rng.choice(g.legal_actions(seat)))
    return g


# ----------------------------------------------------------------- new_game
HUGE = 10**5000  # its repr() raises ValueError (int max str digits)
NESTED: list = []
for _ in range(5000):
    NESTED = [NESTED]

BAD_SETUPS = [
    # name, players, seed, options, stack, what the message names
    (["for_sale"], 3, 1, None, None, "no game named"),
    (None, 3, 1, None, None, "no game named"),
    ({"for_sale": 1}, 3, 1, None, None, "no game named"),
    ("x" * 100000, 3, 1, None, None, "no game named"),
    ("for_sale", "3", 1, None, None, "FS-C2"),
    ("for_sale", 3.0, 1, None, None, "FS-C2"),
    ("for_sale", True, 1, None, None, "FS-C2"),
    ("for_sale", HUGE, 1, None, None, "FS-C2"),
    ("for_sale", NESTED, 1, None, None, "FS-C2"),
    ("for_sale", 3, True, None, None, "seed"),
    ("for_sale", 3, 1.0, None, None, "seed"),
    ("for_sale", 3, "7", None, None, "seed"),
    ("for_sale", 3, -1, None, None, "seed"),
    ("for_sale", 3, 2**128, None, None, "seed"),
    ("for_sale", 3, HUGE, None, None, "seed"),
    ("for_sale", 3, 1, [("edition", "classic")], None, "options must be"),
    ("for_sale", 3, 1, "edition", None, "options must be"),
    ("for_sale", 3, 1, 0, None, "options must be"),
    ("for_sale", 3, 1, {1: "classic", "x": 2}, None, "no option"),
    ("for_sale", 3, 1, {("edition",): "classic"}, None, "no option"),
    ("for_sale", 3, 1, {"edition": ["classic"]}, None, "FS-C2/FS-C3"),
    ("for_sale", 3, 1, {"edition": NESTED}, None, "FS-C2/FS-C3"),
    ("for_sale", 3, 1, {"edition": "x" * 100000}, None, "FS-C2/FS-C3"),
    ("money_monsoon", 4, 1, {"track_length": 1.5}, None, "MM-C2"),
    ("money_monsoon", 4, 1, {"max_turns": True}, None, "MM-E6"),
    ("for_sale", 3, 1, None, [("houses", [1])], "stack must be"),
    ("for_sale", 3, 1, None, "houses", "stack must be"),
    ("for_sale", 3, 1, None, {1: [1], "x": 2}, "cannot stack"),
    ("for_sale", 3, 1, None, {"first_player": True}, "first_player"),
    ("for_sale", 3, 1, None, {"first_player": 1.0}, "first_player"),
    ("for_sale", 3, 1, None, {"first_player": HUGE}, "first_player"),
    ("for_sale", 3, 1, None, {"first_player": [0]}, "first_player"),
    ("for_sale", 3, 1, None, {"houses": "1,2,3"}, "stack houses"),
    ("for_sale", 3, 1, None, {"houses": [[1]]}, "stack houses"),
    ("for_sale", 3, 1, None, {"houses": [HUGE]}, "FS-C1"),
    ("for_sale", 3, 1, None, {"houses": [31]}, "FS-C1"),
    ("for_sale", 3, 1, None, {"houses": [1, 1]}, "FS-C1"),
    ("for_sale", 3, 1, None, {"houses": list(range(1, 31)) * 1000}, "FS-C1"),
    ("for_sale", 3, 1, None, {"cheques": [True]}, "stack cheques"),
    ("for_sale", 3, 1, None, {"cheques": NESTED}, "stack cheques"),
    ("money_monsoon", 4, 1, None, {"dice": ["6"]}, "MM-C1"),
    ("money_monsoon", 4, 1, None, {"dice": [9]}, "MM-C1"),
    ("money_monsoon", 4, 1, None, {"dice": [HUGE]}, "MM-C1"),
    ("money_monsoon", 4, 1, None, {"dice": 6}, "MM-C1"),
    ("bohnanza", 3, 1, None, {"hands": [["blue"], "chili"]}, "BO-C2"),
    ("bohnanza", 3, 1, None, {"hands": [[["blue"]]]}, "BO-C1"),
    ("bohnanza", 3, 1, None, {"hands": [[None]]}, "BO-C1"),
    ("bohnanza", 3, 1, None, {"deck": [{"blue": 1}]}, "BO-C1"),
    ("bohnanza", 3, 1, None, {"deck": ["garden"] * 7}, "BO-C1"),
    ("bohnanza", 3, 1, None, {"deck": "blue"}, "stack deck"),
    ("bohnanza", 3, 1, None, {"hands": {"0": ["blue"]}}, "stack hands"),
    ("kuhhandel", 3, 1, None, {"animals": [["cow"]]}, "stack animals"),
    ("kuhhandel", 3, 1, None, {"animals": ["unicorn"]}, "KH-C1"),
    ("kuhhandel", 3, 1, None, {"animals": ["cow"] * 5}, "KH-C1"),
    ("kuhhandel", 3, 1, None, {"animals": "cow"}, "stack animals"),
]


@pytest.mark.parametrize(
    ("name", "players", "seed", "options", "stack", "message"), BAD_SETUPS, ids=range(len(BAD_SETUPS))
)
def test_a_set_up_of_any_type_is_a_config_error_with_a_short_message(
    name, players, seed, options, stack, message
):
    with pytest.raises(gamekit.ConfigError, match=message) as caught:
        gamekit.new_game(name, players, seed=seed, options=options, stack=stack)
    assert len(str(caught.value)) < LONG


def test_seed_range_is_documented_and_its_ends_are_accepted():
    for seed in (0, 2**128 - 1):
        assert gamekit.new_game("for_sale", 3, seed=seed).seed == seed


# ---------------------------------------------------------------- load_game
@pytest.mark.parametrize("text", [b"{}", None, {}, 5, ["x"], bytearray(b"[]")])
def test_a_save_that_is_not_text_is_a_load_error(text):
    with pytest.raises(gamekit.LoadError, match="text"):
        gamekit.load_game(text)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100000,
        '{"a":' * 100000,
        '{"format": ' + "9" * 5000 + "}",
        '{"format": NaN}',
        '{"format": Infinity}',
        '{"format": -Infinity}',
        "\ud800",
        "x" * 10**6,
    ],
    ids=range(8),
)
def test_text_that_no_json_reader_accepts_is_a_load_error(text):
    with pytest.raises(gamekit.LoadError) as caught:
        gamekit.load_game(text)
    assert len(str(caught.value)) < LONG


def saved_game(name: str = "for_sale", players: int = 4, seed: int = 5, steps: int = 30) -> dict:
    return json.loads(played(name, players, seed, steps).to_json())


ENVELOPE_EDITS = [
    ("format", "gamekit-save/99", "format"),
    ("format", 2, "format"),
    ("game", 5, "no game named"),
    ("game", ["for_sale"], "no game named"),
    ("players", "4", "players"),
    ("players", 4.0, "players"),
    ("seed", 1.5, "seed"),
    ("seed", None, "seed"),
    ("seed", True, "seed"),
    ("seed", -3, "seed"),
    ("options", [], "options"),
    ("options", None, "options"),
    ("stack", [], "stack"),
    ("stack", "x", "stack"),
    ("first_player", "0", "first_player"),
    ("first_player", True, "first_player"),
    ("chance", 5, "chance"),
    ("actions", {"0": "pass"}, "actions"),
    ("actions", [[True, "pass"]], "actions"),
    ("actions", [[0.0, "pass"]], "actions"),
    ("actions", [[0, 5]], "actions"),
    ("actions", [[0, "pass", 1]], "actions"),
    ("actions", [[0, "bid " + "9" * 5000]], "action 0"),
    ("actions", [[0, "x" * 10**6]], "action 0"),
    ("state", [], "state"),
    ("state", None, "state"),
    ("extra", 1, "unexpected"),
]


@pytest.mark.parametrize(("key", "value", "message"), ENVELOPE_EDITS, ids=range(len(ENVELOPE_EDITS)))
def test_a_save_with_a_wrong_type_anywhere_in_the_envelope_is_a_load_error(key, value, message):
    saved = saved_game()
    saved[key] = value
    with pytest.raises(gamekit.LoadError, match=message) as caught:
        gamekit.load_game(json.dumps(saved))
    assert len(str(caught.value)) < LONG


def test_fs_c1_a_cheque_as_a_string_is_refused_naming_its_path():
    g = played("for_sale", 4, 5, 200)
    assert g.is_over
    saved = json.loads(g.to_json())
    saved["state"]["cheques"][2][0] = str(saved["state"]["cheques"][2][0])
    with pytest.raises(gamekit.LoadError, match=r"state\.cheques\[2\]\[0\] is a str, expected int"):
        gamekit.load_game(json.dumps(saved))


def test_mm_c1_points_for_nine_seats_are_refused():
    saved = saved_game("money_monsoon", 4, 5, 20)
    saved["state"]["points"] = [100] * 9
    with pytest.raises(gamekit.LoadError, match=r"state\.points has 9 entries where the game has 4"):
        gamekit.load_game(json.dumps(saved))


@pytest.mark.parametrize(
    ("name", "edit"),
    [
        ("for_sale", lambda s: s["state"].__setitem__("coins", {"0": 1})),
        ("for_sale", lambda s: s["state"]["houses"].__setitem__(0, None)),
        ("for_sale", lambda s: s["state"].__setitem__("house_deck", [[1]] * 3)),
        ("money_monsoon", lambda s: s["state"]["pawns"].__setitem__(0, [0, "3"])),
        ("money_monsoon", lambda s: s["state"].__setitem__("bank", 10**4000)),
        ("bohnanza", lambda s: s["state"]["fields"].__setitem__(0, [["blue", [1]]])),
        ("bohnanza", lambda s: s["state"].__setitem__("players", 10**9)),
        ("bohnanza", lambda s: s["state"]["hands"].__setitem__(0, [["blue"]])),
        ("kuhhandel", lambda s: s["state"]["animals"].__setitem__(0, [])),
        ("kuhhandel", lambda s: s["state"]["money"].__setitem__(0, [{"a": 0}])),
        ("kuhhandel", lambda s: s["state"].pop("deck")),
    ],
)
def test_a_state_of_the_wrong_shape_is_a_load_error(name, edit):
    saved = saved_game(name, gamekit.core.game.game_class(name).min_players, 3, 25)
    edit(saved)
    with pytest.raises(gamekit.LoadError, match="state"):
        gamekit.load_game(json.dumps(saved))


# ------------------------------------------- a save records what fixes the game
@pytest.mark.parametrize("name", gamekit.GAMES)
def test_a_save_records_the_first_player_and_the_chance_to_come(name):
    cls = gamekit.core.game.game_class(name)
    g = played(name, cls.min_players, 11, 10)
    saved = json.loads(g.to_json())
    assert saved["format"] == SAVE_FORMAT
    assert saved["first_player"] == g.first_player
    assert isinstance(saved["chance"], str) and saved["chance"]
    saved["first_player"] = (g.first_player + 1) % g.players
    with pytest.raises(gamekit.LoadError, match="first_player"):
        gamekit.load_game(json.dumps(saved))


def test_bo_c4_a_stacked_first_player_equal_to_the_drawn_one_is_refused_or_the_same_game():
    g = played("bohnanza", 4, 3, 0)
    saved = json.loads(g.to_json())
    saved["stack"]["first_player"] = g.first_player
    try:
        h = gamekit.load_game(json.dumps(saved))
    except gamekit.LoadError as exc:
        assert "chance" in str(exc)
        return
    rng = random.Random(1)
    while not g.is_over:  # the two must stay one game to the end (reshuffles included)
        seat = g.to_act[0]
        action = rng.choice(g.legal_actions(seat))
        g.act(seat, action)
        h.act(seat, action)
        assert g.view() == h.view()


def test_mm_a1_an_edit_to_stacked_dice_still_to_come_is_detected():
    g = gamekit.new_game("money_monsoon", 4, seed=2, stack={"dice": [3, 4, 5, 6, 2]})
    saved = json.loads(g.to_json())
    assert g.view()["roll"] == 3
    saved["stack"]["dice"][3] = 1
    with pytest.raises(gamekit.LoadError, match="chance"):
        gamekit.load_game(json.dumps(saved))


@pytest.mark.parametrize(
    "edit",
    [
        lambda s: s["stack"].__setitem__("houses", [1]),
        lambda s: s.__setitem__("seed", s["seed"] + 1),
        lambda s: s.__setitem__("chance", "0" * 32),
    ],
)
def test_an_edit_to_what_fixes_the_game_is_detected(edit):
    g = gamekit.new_game("for_sale", 3, seed=4, stack={"houses": [1, 2, 3, 4]})
    saved = json.loads(g.to_json())
    edit(saved)
    with pytest.raises(gamekit.LoadError):
        gamekit.load_game(json.dumps(saved))


def test_an_old_save_without_first_player_and_chance_still_loads():
    g = played("money_monsoon", 4, 8, 30)
    saved = json.loads(g.to_json())
    del saved["first_player"], saved["chance"], saved["history"]
    saved["format"] = "gamekit-save/1"
    assert gamekit.load_game(json.dumps(saved)).to_json() == g.to_json()


def test_a_save_that_leaves_an_option_out_is_refused_not_given_the_default():
    saved = saved_game("bohnanza", 3, 0, 0)
    del saved["options"]["third_field_cost"]
    with pytest.raises(gamekit.LoadError, match="third_field_cost"):
        gamekit.load_game(json.dumps(saved))


def test_a_stack_changed_by_its_caller_after_new_game_does_not_change_the_game():
    dice = [3, 4, 5]
    g = gamekit.new_game("money_monsoon", 4, seed=1, stack={"dice": dice})
    before = g.to_json()
    dice[1] = 8
    dice.append(2)
    assert g.to_json() == before
    assert gamekit.load_game(before).to_json() == before
