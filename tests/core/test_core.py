"""The core contract: set-up validation, actions, errors, sealed choices, events, save and load."""

from __future__ import annotations

import json
import pickle

import pytest

import gamekit
from gamekit.core import Action, SealedChoices

# --------------------------------------------------------------- set-up


def test_registry_lists_the_built_games_and_names_them_for_an_unknown_one():
    assert gamekit.GAMES == ("for_sale", "money_monsoon", "bohnanza", "kuhhandel")
    with pytest.raises(gamekit.ConfigError, match="no game named 'chess'"):
        gamekit.new_game("chess", 2)


def test_unknown_option_lists_the_valid_names_and_values():
    with pytest.raises(gamekit.ConfigError) as err:
        gamekit.new_game("for_sale", 4, options={"rounding": "up"})
    message = str(err.value)
    assert "'rounding'" in message and "refund_rounding" in message and "'iello-2020', 'classic'" in message


def test_bad_option_value_lists_the_valid_values():
    with pytest.raises(gamekit.ConfigError, match="one of 'down', 'up'"):
        gamekit.new_game("for_sale", 4, options={"refund_rounding": "nearest"})


@pytest.mark.parametrize(
    ("stack", "message"),
    [
        ({"houses": [31]}, "card 31 is listed 1 time"),
        ({"houses": [5, 5]}, "card 5 is listed 2 time"),
        ({"cheques": [0, 0, 0]}, "card 0 is listed 3 time"),
        ({"cheques": [1000]}, "card 1000"),
        ({"houses": list(range(1, 30))}, "only 28 are used"),
        ({"first_player": 4}, "not a seat"),
        ({"dice": [3]}, "cannot stack 'dice'"),
        ({"houses": "3,5"}, "must be a list"),
    ],
)
def test_impossible_stacks_are_config_errors(stack, message):
    with pytest.raises(gamekit.ConfigError, match=message):
        gamekit.new_game("for_sale", 4, stack=stack)


def test_stacked_cards_go_on_top_in_order():
    g = gamekit.new_game(
        "for_sale", 3, seed=1, stack={"houses": [3, 5, 11, 30, 1, 2], "cheques": [0, 15000, 2000]}
    )
    assert g.view()["table"] == [3, 5, 11]
    assert g.view()["house_deck"][:3] == [30, 1, 2]
    assert g.view()["cheque_deck"][:3] == [0, 15000, 2000]


def test_seed_must_be_a_whole_number_and_is_chosen_when_missing():
    with pytest.raises(gamekit.ConfigError):
        gamekit.new_game("for_sale", 3, seed="x")
    g = gamekit.new_game("for_sale", 3)
    assert isinstance(g.seed, int)
    assert gamekit.load_game(g.to_json()).seed == g.seed


# -------------------------------------------------------------- actions


def test_actions_are_immutable_values_whose_text_parses_back():
    g = gamekit.new_game("for_sale", 3, seed=1)
    for action in g.legal_actions(g.to_act[0]):
        assert g.parse_action(str(action)) == action
        assert hash(g.parse_action(str(action))) == hash(action)
    bid = Action("bid", 4)
    assert str(bid) == "bid 4" and bid == g.parse_action("bid 4")
    with pytest.raises(AttributeError):
        bid.value = 5
    assert pickle.loads(pickle.dumps(bid)) == bid


def test_act_accepts_an_action_or_its_text():
    a = gamekit.new_game("for_sale", 3, seed=1, stack={"first_player": 0})
    b = gamekit.new_game("for_sale", 3, seed=1, stack={"first_player": 0})
    a.act(0, "bid 3")
    b.act(0, Action("bid", 3))
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize("text", ["", "bid", "bid x", "bid -1", "bdi 4", "pass now", "BID 4"])
def test_unreadable_text_is_an_illegal_action_naming_the_rule(text):
    g = gamekit.new_game("for_sale", 3, seed=1, stack={"first_player": 0})
    before = g.to_json()
    with pytest.raises(gamekit.IllegalAction, match=r"cannot read .*\(FS-B2\)"):
        g.act(0, text)
    assert g.to_json() == before


def test_illegal_action_is_a_value_error():
    assert issubclass(gamekit.IllegalAction, ValueError)
    g = gamekit.new_game("for_sale", 3, seed=1)
    with pytest.raises(ValueError, match="FS-"):
        g.act(g.to_act[0], 12)


# ------------------------------------------------------- sealed choices


def test_sealed_choices_reveal_only_when_all_have_committed():
    sealed = SealedChoices([2, 0, 1])
    assert sealed.waiting == (0, 1, 2)
    sealed.commit(1, "x")
    assert sealed.waiting == (0, 2) and sealed.has_committed(1)
    assert sealed.visible_to(0) == {1: None}
    assert sealed.visible_to(1) == {1: "x"}
    assert sealed.visible_to(None) == {1: "x"}
    with pytest.raises(RuntimeError):
        sealed.reveal()
    sealed.commit(0, "y")
    sealed.commit(2, "z")
    assert sealed.complete and sealed.reveal() == {0: "y", 1: "x", 2: "z"}


# --------------------------------------------------------------- events


def test_every_event_has_type_seat_and_a_narration_line():
    g = gamekit.new_game("for_sale", 4, seed=3)
    gamekit.play(g, "random")
    for event in g.log:
        assert {"type", "seat", "text"} <= set(event)
        assert isinstance(event["text"], str) and event["text"] and "\n" not in event["text"]


def test_act_returns_the_new_events_narrated():
    g = gamekit.new_game("for_sale", 3, seed=1, stack={"houses": [3, 5, 11], "first_player": 0})
    events = g.act(0, "bid 2")
    assert len(events) == 1 and events[0]["text"] == "A bids 2"
    assert events == [g.log[-1]]
    assert [e["text"] for e in events] == ["A bids 2"]


# ------------------------------------------------------------ save, load


def finished_game() -> gamekit.Game:
    g = gamekit.new_game("for_sale", 4, seed=9, options={"edition": "classic", "refund_rounding": "up"})
    gamekit.play(g, ["spread", "budget", "random", "spread:0.5"])
    return g


def test_save_and_load_round_trip():
    g = finished_game()
    h = gamekit.load_game(g.to_json())
    assert h.to_json() == g.to_json()
    assert h.result() == g.result()
    assert [e["text"] for e in h.log] == [e["text"] for e in g.log]


def tampered(change) -> str:
    saved = json.loads(finished_game().to_json())
    change(saved)
    return json.dumps(saved)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s["state"]["coins"].__setitem__(0, -3), r"-3 coins.*\(FS-B4\)"),
        (
            lambda s: s["state"]["coins"].__setitem__(0, s["state"]["coins"][0] + 1),
            "does not match its actions",
        ),
        (lambda s: s["state"]["cheques"][0].append(15000), r"appear too often \(FS-C1\)"),
        (lambda s: s["state"]["cheques"][1].append(s["state"]["cheques"][0][0]), "does not match|too often"),
        (
            lambda s: s["actions"].__setitem__(2, [s["actions"][2][0], "bid 99"]),
            r"saved action 2 .* is illegal",
        ),
        (lambda s: s["actions"].__setitem__(2, [9, "pass"]), "saved action 2"),
        (lambda s: s["actions"].pop(), "does not match"),
        (lambda s: s.__setitem__("players", 9), r"set-up is not valid.*3 to 6 players"),
        (lambda s: s.__setitem__("format", "other"), "format"),
        (lambda s: s.pop("state"), "missing state"),
        (lambda s: s.__setitem__("actions", "pass"), "list of"),
    ],
)
def test_damaged_saves_are_refused_naming_what_is_wrong(change, message):
    with pytest.raises(gamekit.LoadError, match=message):
        gamekit.load_game(tampered(change))


def test_text_that_is_not_json_is_a_load_error():
    with pytest.raises(gamekit.LoadError, match="not valid JSON"):
        gamekit.load_game('{"format": ')
    with pytest.raises(gamekit.LoadError, match="JSON object"):
        gamekit.load_game("[1, 2]")


def test_replay_and_at_reproduce_the_game():
    g = finished_game()
    assert gamekit.replay(g.setup, g.history).to_json() == g.to_json()
    middle = g.at(20)
    assert len(middle.history) == 20
    assert middle.history == g.history[:20]
    with pytest.raises(ValueError):
        g.at(len(g.history) + 1)


def test_copy_is_independent():
    g = gamekit.new_game("for_sale", 3, seed=1)
    h = g.copy()
    h.act(h.to_act[0], "pass")
    assert len(g.history) == 0 and len(h.history) == 1


@pytest.mark.parametrize("name", gamekit.GAMES)
def test_every_event_names_a_rule_of_its_game(name, rule_ids):
    """The step-through player shows the rule behind each event: it must exist in the rules reference."""
    cls = gamekit.core.game.game_class(name)
    for players in (cls.min_players, cls.max_players):
        g = gamekit.new_game(name, players, seed=2)
        gamekit.play(g, "random")
        rules = {e["rule"] for e in g.log}
        assert rules <= {r for r in rule_ids if r.startswith(cls.rule_prefix + "-")}, rules - rule_ids


def test_narration_never_uses_private_details():
    g = gamekit.new_game("for_sale", 4, seed=6)
    gamekit.play(g, "random")
    private = [e for e in g.log if "private" in e]
    assert private
    for event in private:
        public = {k: v for k, v in event.items() if k not in ("private", "text", "rule")}
        assert g._narrate(public) == event["text"]


def test_fs_e1_coins_are_counted_in_the_open_at_the_end():
    g = gamekit.new_game("for_sale", 3, seed=6)
    gamekit.play(g, "random")
    assert g.view(0)["coins"] == g.view()["coins"]


def test_standings_rank_the_scores_and_name_the_winners():
    from gamekit.core.game import standings_text, winners_text

    assert winners_text([2]) == "C wins"
    assert winners_text([0, 1, 2]) == "A, B and C share the win"
    assert standings_text([80000, 78000, 89000], [2], "{:,}".format) == "C 89,000, A 80,000, B 78,000; C wins"


def test_provisional_scores_are_listed_in_seat_order():
    from gamekit.core.narration import scores_text

    assert scores_text([3, 0, 5]) == "A 3, B 0, C 5"
    assert scores_text([1200, 80], "{:,}".format) == "A 1,200, B 80"


def test_a_pile_without_the_stacked_cards_keeps_its_order_and_takes_one_per_card_listed():
    from gamekit.core.chance import without

    assert without(["a", "b", "a", "c", "a"], ["a", "a"]) == ["b", "c", "a"]
    assert without([3, 1, 2], []) == [3, 1, 2]
