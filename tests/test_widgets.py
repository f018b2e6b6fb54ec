"""The widgets, driven in Python as a person would click them."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

import gamekit
from gamekit.widgets import PlayTable, RuleExplorer, StepPlayer, YourMove

from .test_teach import BEAN_STACK


def test_step_player_next_back_reset():
    player = StepPlayer("FS-X1")
    assert player.back.disabled and "Starting position" in player.story.value
    player.next.click()
    assert player.step == 1 and "A bids 2" in player.story.value and "FS-B3" in player.story.value
    player.next.click()
    player.back.click()
    assert player.step == 1
    for _ in range(10):
        player.next.click()
    assert player.step == 4 and player.next.disabled
    assert "B takes house 11 and pays 3 coins" in player.story.value
    player.reset.click()
    assert player.step == 0


def test_step_player_in_a_players_view_shows_others_houses_face_down():
    player = StepPlayer("FS-X1", seat=2)
    for _ in range(10):
        player.next.click()
    board = player.board.value
    assert "C (you)" in board and "<title>house 3</title>" in board  # C's own house (FS-B10)
    assert "<title>house 11</title>" not in board and "<title>a house, face down</title>" in board


def test_your_move_plays_out_and_compares():
    sandbox = YourMove("FS-X1", step=1, bots="spread")
    assert sandbox.seat.value == 1 and sandbox.action.value == "pass"
    sandbox.go.click()
    assert "original score" in sandbox.out.value and "Your move" in sandbox.out.value
    sandbox.step_box.value = 2
    assert sandbox.seat.value == 2


def test_play_table_shows_errors_in_place_and_changes_nothing():
    game = gamekit.new_game("for_sale", 4, seed=1, stack={"first_player": 0})
    table = PlayTable(game, humans=0, bots="spread")
    before = game.to_json()
    table.act("bid 99")
    assert "FS-B4" in table.message.value and game.to_json() == before
    table.typed.value = "bid 3"
    table.typed_go.click()
    assert table.message.value == "" and game.history[0] == (0, "bid 3")


def test_play_table_buttons_play_a_whole_game():
    game = gamekit.new_game("for_sale", 3, seed=4)
    table = PlayTable(game, humans=[0], bots="budget")
    while not game.is_over:
        first_row = table.controls.children[1]
        first_row.children[0].click()  # the first button or slider of the first group
    assert "Game over" in table.controls.children[0].value
    assert "Final money" in table.board.value


def test_rule_explorer_calls_its_function_with_the_control_values():
    import ipywidgets as w

    calls = []
    explorer = RuleExplorer(
        lambda games, edition: calls.append((games, edition)) or "done",
        {"games": w.IntSlider(value=5), "edition": w.Dropdown(options=["classic"])},
    )
    explorer.go.click()
    assert calls == [(5, "classic")]


def test_play_table_narrates_the_persons_move_and_the_replies():
    game = gamekit.new_game("for_sale", 4, seed=1, stack={"first_player": 1})
    table = PlayTable(game, humans=0, bots="spread")
    assert "B " in table.story.value  # the bots' moves before A's first decision
    table.act("pass")
    assert table.story.value.count("<li>") >= 1 and "A passes" in table.story.value


def test_a_live_rule_explorer_redraws_as_a_control_moves():
    import ipywidgets as w

    calls = []
    slider = w.IntSlider(value=1)
    explorer = RuleExplorer(lambda v: calls.append(v) or str(v), {"v": slider}, live=True)
    assert calls == [1] and explorer.go.layout.display == "none"
    slider.value = 4
    assert calls == [1, 4]


def test_step_player_shows_a_rules_text_on_hover_and_on_click():
    from html import escape

    from gamekit import rules

    player = StepPlayer("FS-X1")
    player.next.click()  # A bids 2 (FS-B3)
    statement = rules.get("FS-B3").statement
    assert 'class="gk-rule-id" title="FS-B3 ' in player.story.value  # hover
    button = next(b for b in player.rule_buttons.children if b.description == "FS-B3")
    assert button.tooltip.startswith("FS-B3 ") and player.rule_card.value == ""
    button.click()
    assert player.shown_rule == "FS-B3" and "<code>bid N</code>" in player.rule_card.value
    assert escape(statement[-40:]) in player.rule_card.value
    button.click()  # the same button again hides the card
    assert player.rule_card.value == ""
    button.click()
    player.next.click()  # a new step starts with no card open
    assert player.rule_card.value == "" and player.rule_buttons.children


def test_a_refused_action_shows_the_rule_it_names():
    from gamekit.widgets import _error

    game = gamekit.new_game("for_sale", 3, seed=1, stack={"houses": [3, 5, 11], "first_player": 0})
    game.act(0, "bid 2")
    try:
        game.act(1, "bid 2")
    except gamekit.IllegalAction as exc:
        shown = _error(exc)
    assert "(FS-B3)" in shown and 'class="gk-error-rule"' in shown and "FS-B3 " in shown


def test_play_table_offers_at_any_time_actions_on_the_bots_turns():
    # B (the person) plays the first Bohnanza turn and ends with four red; on C's turn the table
    # stops, offers B's harvest (BO-H1), and goes on when asked.
    game = gamekit.new_game("bohnanza", 3, seed=7, stack=BEAN_STACK)
    table = PlayTable(game, humans=1, bots="planter")
    assert table.stops.value and table.stops.layout.display != "none"
    for action in ("plant", "plant", "end-trading", "plant red", "plant red"):
        table.act(action)
    assert table.table.paused and 1 not in game.to_act
    assert "B, you may act now" in table.controls.children[0].value
    labels = [b.description for row in table.controls.children[1:] for b in row.children]
    assert "harvest 1" in labels and "Go on ▶" in labels and "To my move ▶▶" in labels
    harvest = next(
        b for row in table.controls.children[1:] for b in row.children if b.description == "harvest 1"
    )
    harvest.click()
    assert game.history[-1] == (1, "harvest 1") and table.message.value == ""
    table.go_on.click()
    table.to_my_move.click()
    assert table.table.waiting_for == (1,) and "your move" in table.controls.children[0].value
    table.stops.value = False
    assert table.table.stop_for_any_time is False


def test_bo_t6_the_play_table_widget_offers_every_at_any_time_point_through_its_buttons():
    # BO-H1/BO-T6 at the widget: the person clicks "Go on" (a pass) or an action at every stop;
    # every point of the engine at which A may act is reached, counted from the games' records
    import random

    from gamekit.teach import any_time_reach

    from .any_time_person import choose

    points = reached = 0
    for seed in range(2):  # a widget redraws at every click: two games keep this test short
        game = gamekit.new_game("bohnanza", 3, seed=seed)
        table = PlayTable(game, humans=0, bots="planter")
        rng, offered = random.Random(seed), []
        for _ in range(5000):
            if game.is_over:
                break
            if not table.table.waiting_for:
                assert table.table.paused and "A, you may act now" in table.controls.children[0].value
                offered.append((len(game.history), 0))
            text = choose(game, 0, rng)
            if text is None:
                table.go_on.click()
            else:
                table.act(text)
                assert table.message.value == ""
        assert game.is_over
        found, hit = any_time_reach(game, [0], offered)
        points, reached = points + found, reached + hit
    assert points > 50 and reached == points


def test_play_table_hides_the_stop_box_in_games_without_at_any_time_actions():
    table = PlayTable(gamekit.new_game("for_sale", 4, seed=1), humans=0, bots="spread")
    assert table.stops.layout.display == "none"


@pytest.mark.parametrize("game", gamekit.GAMES)
def test_rule_explorer_for_a_game_builds_its_controls_from_the_declared_options(game):
    from gamekit.core.game import game_class
    from gamekit.widgets import SAFETY_LIMITS

    explorer = RuleExplorer.for_game(game, games=20, seed=3)
    declared = [o.name for o in game_class(game).options_declared if o.name not in SAFETY_LIMITS]
    assert list(explorer.inputs) == [*declared, "players", "games", "bot"]
    for option in game_class(game).options_declared:
        if option.name in explorer.inputs:
            assert explorer.inputs[option.name].value == option.default
    assert "random" in explorer.inputs["bot"].options
    explorer.inputs["games"].value = 20
    explorer.inputs["bot"].value = "random"
    shown = explorer.run(**explorer.values())  # what the button displays
    assert shown and all(item is not None for item in (shown if isinstance(shown, list | tuple) else [shown]))


def test_rule_explorer_for_a_game_takes_the_bots_and_options_a_lesson_names():
    explorer = RuleExplorer.for_game("money_monsoon", bots=["truthful", "zero8"], options=["top_tie"])
    assert list(explorer.inputs) == ["top_tie", "players", "games", "bot"]
    assert explorer.inputs["bot"].options == ("truthful", "zero8")


# ------------------------------------------------------------ several people at one table
def visible(widget) -> str:
    """Everything a person can read on the widget now: HTML, texts, button labels, slider ranges
    and menu choices of every shown part."""
    import ipywidgets as w

    if widget.layout.display == "none":
        return ""
    parts = []
    if isinstance(widget, w.HTML | w.Text):
        parts.append(widget.value)
    if isinstance(widget, w.Button):
        parts.append(widget.description)
    if isinstance(widget, w.IntSlider):
        parts.append(f"{widget.description} {widget.min}..{widget.max} {widget.value}")
    if isinstance(widget, w.Dropdown):
        parts.append(" ".join(str(label) for label, _ in widget.options))
    for child in getattr(widget, "children", ()):
        parts.append(visible(child))
    return "\n".join(parts)


def secrets_of(game, seat: int) -> list[str]:
    """How ``seat``'s hidden For Sale houses would show: as a picture's card or a sell button."""
    held = game.view()["houses"][seat]
    return [f"<title>house {h}</title>" for h in held] + [rf"sell {h}\b" for h in held]


def assert_only(table, seat: int | None) -> str:
    """Nothing another person holds in secret is on screen (``seat`` None: nobody's is)."""
    shown = visible(table)
    for other in table.table.humans:
        if other != seat:
            leaks = [s for s in secrets_of(table.table.game, other) if re.search(s, shown)]
            assert not leaks, f"{leaks} of seat {other} visible while {seat} looks"
    return shown


def test_play_table_hands_the_device_over_between_people():
    game = gamekit.new_game("for_sale", 3, seed=1, stack={"first_player": 0})
    table = PlayTable(game, humans=[0, 1], bots="spread")
    # The first person too: nobody's view before someone says who they are.
    shown = assert_only(table, None)
    assert table.handing_over and "Pass the device to A" in shown and "I am A, show my hand" in shown
    assert table.board.value == "" and table.story.value == "" and "your move" not in shown
    table.hand_over.click()
    assert not table.handing_over and "A, your move" in assert_only(table, 0)
    table.act("pass")  # A takes a house; B (a person) is next
    shown = assert_only(table, None)
    assert table.handing_over and "Pass the device to B" in shown and "A passes" not in shown
    table.act("pass")  # nothing happens before B takes the device
    assert game.history[-1][0] == 0 and "must take the device first" in table.message.value
    table.hand_over.click()
    shown = assert_only(table, 1)
    assert "B, your move" in shown and "A passes" in shown and table.message.value == ""
    hand_overs = 2
    while game.phase == "buy":  # every person's decision behind its own hand-over
        if table.handing_over:
            assert_only(table, None)
            table.hand_over.click()
            hand_overs += 1
        assert_only(table, table.viewer)
        table.controls.children[1].children[0].click()
    assert hand_overs > 4


def selling(table) -> None:
    """Play the buying rounds (every person passes) up to the sealed sales (FS-S1)."""
    game = table.table.game
    while game.phase == "buy":
        if table.handing_over:
            table.hand_over.click()
        table.act("pass")


def test_play_table_seat_menu_never_shows_a_waiting_persons_view_without_the_hand_over():
    game = gamekit.new_game("for_sale", 3, seed=2, stack={"first_player": 0})
    table = PlayTable(game, humans=[0, 1], bots="spread")
    selling(table)
    assert set(table.table.waiting_for) == {0, 1}  # both choose a house at once (FS-S1)
    if table.handing_over:
        table.hand_over.click()
    first = table.viewer
    other = 1 - first
    assert table.seat_choice.layout.display != "none"
    shown = assert_only(table, first)
    assert f"sell {game.view()['houses'][first][0]}" in shown
    table.act("sell 99")  # refused: the message names the person's own houses
    assert table.message.value and table.typed.value == ""
    table.typed.value = f"sell {game.view()['houses'][first][0]}"
    table.seat_choice.value = other  # picking the other person only starts a hand-over
    shown = assert_only(table, None)
    assert table.handing_over and f"Pass the device to {'AB'[other]}" in shown
    assert table.message.value == "" and table.typed.value == ""
    table.seat_choice.value = first  # back again: the device has changed hands, so ask again
    assert table.handing_over and f"Pass the device to {'AB'[first]}" in assert_only(table, None)
    table.seat_choice.value = other
    table.hand_over.click()
    assert table.viewer == other and f"{'AB'[other]}, your move" in assert_only(table, other)
    table.act(f"sell {game.view()['houses'][other][0]}")  # the sealed choice (FS-S2)
    assert table.handing_over and table.seat == first
    assert f"Pass the device to {'AB'[first]}" in assert_only(table, None)
    table.hand_over.click()
    assert_only(table, first)


def test_play_table_with_one_person_never_hands_over():
    game = gamekit.new_game("for_sale", 3, seed=4)
    table = PlayTable(game, humans=[1], bots="budget")
    while not game.is_over:
        shown = visible(table)
        assert not table.handing_over and "Pass the device" not in shown and "your move" in shown
        table.controls.children[1].children[0].click()
    assert "Game over" in visible(table)


def test_play_table_with_several_people_shows_everything_at_the_end():
    game = gamekit.new_game("for_sale", 3, seed=5)
    table = PlayTable(game, humans=[0, 1, 2])
    while not game.is_over:
        if table.handing_over:
            assert_only(table, None)
            table.hand_over.click()
        assert_only(table, table.viewer)
        table.controls.children[1].children[0].click()
    assert not table.handing_over and "Game over" in visible(table) and "Final money" in table.board.value


@pytest.mark.parametrize("name", gamekit.GAMES)
def test_play_table_never_shows_the_seed_while_the_game_runs(name):
    # The seed reproduces every hidden card and die (issue 11): nothing on the table names it.
    from gamekit.core.game import game_class

    game = gamekit.new_game(name, game_class(name).min_players, seed=987654321)
    table = PlayTable(game, humans=[0, 1], bots="random")
    for _ in range(6):
        if game.is_over:
            break
        assert "987654321" not in visible(table)
        if table.handing_over:
            table.hand_over.click()
            continue
        row = table.controls.children[1].children
        (row[1] if hasattr(row[0], "min") else row[0]).click()  # a slider's button, or the first button
        assert "987654321" not in visible(table)
