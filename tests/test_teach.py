"""The logic behind the widgets: replays, what-if, tables of people and bots."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamekit
from gamekit.teach import Replay, Table, action_groups, any_time_points, any_time_reach, what_if

from .any_time_person import choose


def test_replay_of_an_example_starts_at_the_documents_position():
    replay = Replay.of_example("FS-X1")
    assert len(replay) == 5  # the start and four actions
    first, second = replay[0], replay[1]
    assert first.last is None and first.next == "A: bid 2"
    assert second.last == "A: bid 2" and second.narration == ["A bids 2"] and second.rules == ["FS-B3"]
    assert replay[4].rules == ["FS-B5", "FS-B8", "FS-B1"]
    assert replay.final.view()["coins"] == [27, 25, 28]


def test_replay_positions_are_independent_games():
    replay = Replay.of_example("FS-X1")
    assert replay[0].game.view()["bids"] == [0, 0, 0]
    assert replay[2].game.view()["bids"] == [2, 3, 0]


def test_replay_of_a_played_game_has_every_position():
    g = gamekit.new_game("for_sale", 3, seed=2)
    gamekit.play(g, "random")
    replay = Replay.of_game(g)
    assert len(replay) == len(g.history) + 1
    assert replay.final.to_json() == g.to_json()
    assert replay[0].narration[0].startswith("For Sale")


def test_what_if_with_recorded_moves_changes_only_the_chosen_decision():
    replay = Replay.of_example("FS-X1")
    # At step 1 B raised to 3; instead B passes. C's recorded pass is still legal.
    result = what_if(replay, 1, 1, "pass", rest="recorded", bots="spread")
    assert result.alternative.is_over and result.original.is_over
    assert result.alternative.history[:3] == [(0, "bid 2"), (1, "pass"), (2, "pass")]
    first_round = [p for p in result.alternative.purchases if p[0] == 1]
    assert [(seat, house, paid) for _, seat, house, _, paid in first_round] == [
        (1, 3, 0),
        (2, 5, 0),
        (0, 11, 2),
    ]
    rows = result.comparison()
    assert [r["seat"] for r in rows] == ["A", "B", "C"]
    assert all(r["change"] == r["new score"] - r["original score"] for r in rows)


def test_what_if_hands_over_to_bots_when_a_recorded_move_becomes_illegal():
    replay = Replay.of_example("FS-X1")
    # A opens at 10 instead of 2: B's recorded "bid 3" is no longer legal.
    result = what_if(replay, 0, 0, "bid 10", rest="recorded", bots="random")
    assert result.notes and "B: bid 3" in result.notes[0]
    assert result.recorded_moves_used == 0


def test_what_if_refuses_an_illegal_action_and_leaves_the_replay_alone():
    replay = Replay.of_example("FS-X1")
    before = replay[1].game.to_json()
    with pytest.raises(gamekit.IllegalAction, match="FS-B3"):
        what_if(replay, 1, 1, "bid 1")
    assert replay[1].game.to_json() == before


def test_action_groups_make_a_slider_of_bids_and_buttons_of_the_rest():
    g = gamekit.new_game("for_sale", 3, seed=1, stack={"first_player": 0})
    groups = action_groups(g.legal_actions(0))
    assert [gr.kind for gr in groups] == ["pass", "bid"]
    assert not groups[0].slider and groups[1].slider
    assert (groups[1].low, groups[1].high) == (1, 28)


def test_table_lets_bots_play_until_a_person_must_act():
    g = gamekit.new_game("for_sale", 4, seed=1, stack={"first_player": 2})
    table = Table(g, humans=0, bots="spread")
    assert table.waiting_for == (0,)
    assert len(g.history) >= 2  # C and D (bots) acted first
    with pytest.raises(gamekit.IllegalAction, match="FS-B4"):
        table.submit(0, "bid 99")
    before = g.to_json()
    with pytest.raises(gamekit.ConfigError, match="played by a bot"):
        table.submit(1, "pass")
    assert g.to_json() == before
    while not g.is_over:
        table.submit(0, str(g.legal_actions(0)[0]))
    assert g.result()["finished"]


def test_two_people_at_one_table_each_see_only_their_own_view():
    g = gamekit.new_game("for_sale", 3, seed=1)
    table = Table(g, humans=[0, 1], bots="random")
    while g.phase == "buy":
        seat = table.waiting_for[0]
        table.submit(seat, "pass")
    table.submit(0, str(g.legal_actions(0)[0]))
    events_b = table.events_for(1)
    assert all("private" not in e for e in events_b if e["seat"] == 0)


def test_action_groups_make_sliders_of_evenly_spaced_bids_of_any_step():
    from gamekit.core.actions import Action

    tens = [Action("bid", v) for v in range(10, 100, 10)]
    group = action_groups([Action("hold"), *tens])[1]
    assert group.slider and group.step == 10 and (group.low, group.high) == (10, 90)
    gaps = [Action("bid", v) for v in (10, 20, 40, 50, 60, 70, 80)]
    assert not action_groups(gaps)[0].slider


# "At any time" actions (Bohnanza's BO-H1/BO-H3): B starts with two reds from the hand and
# two turned up, four red on field 1; then C and A (bots) play while B may harvest at any time.
BEAN_STACK = {
    "hands": [
        ["black-eyed", "black-eyed", "garden", "stink", "chili"],
        ["red", "red", "soy", "soy", "garden"],
        ["green", "green", "blue", "blue", "soy"],
    ],
    "deck": ["red", "red", "soy", "blue", "blue", "chili", "stink", "garden", "garden", "garden"],
    "first_player": 1,
}


def b_has_played_its_turn(stop_for_any_time: bool) -> Table:
    g = gamekit.new_game("bohnanza", 3, seed=7, stack=BEAN_STACK)
    table = Table(g, humans=1, bots="planter", stop_for_any_time=stop_for_any_time)
    for action in ("plant", "plant", "end-trading", "plant red"):
        table.submit(1, action)
    table.submit(1, "plant red")  # B's turn ends: the bots play on
    return table


def test_table_stops_on_the_bots_turns_when_a_person_may_act_at_any_time():
    table = b_has_played_its_turn(stop_for_any_time=True)
    g = table.game
    assert table.paused and table.waiting_for == () and table.any_time_seats == (1,)
    assert 1 not in g.to_act and g.view()["active"] != 1  # stopped on another player's turn
    to_act = g.to_act
    table.submit(1, "harvest 1")  # B harvests on C's turn: the table stays where it was
    assert g.history[-1] == (1, "harvest 1") and g.to_act == to_act and table.paused
    history = len(g.history)
    table.submit(1, "buy-field")
    assert g.history[history] == (1, "buy-field") and len(g.view()["fields"][1]) == 3
    # three empty fields: nothing more B may do at this point, so the bots went on
    assert g.view()["fields"][1] == [None, None, None] and len(g.history) > history + 1
    table.advance(stop_for_any_time=False)
    assert table.waiting_for == (1,) and not table.paused
    assert g.view()["active"] == 1


def play_person_at_table(seed: int, players: int = 4, bots: str = "planter") -> tuple[Table, list]:
    """A Bohnanza game with a scripted person in seat A: every stop the table makes for A is
    recorded as (history index, seat)."""
    g = gamekit.new_game("bohnanza", players, seed=seed)
    table = Table(g, humans=0, bots=bots, stop_for_any_time=True)
    rng, offered = random.Random(seed), []
    for _ in range(20_000):  # far above a game's decisions: a loop that cannot end fails
        if g.is_over:
            return table, offered
        if table.waiting_for:
            table.submit(0, choose(g, 0, rng))
            continue
        assert table.paused and table.any_time_seats == (0,)  # the bots stopped only for A
        offered.append((len(g.history), 0))
        text = choose(g, 0, rng)
        if text is None:
            table.pass_point(0)
        else:
            table.submit(0, text)
    raise AssertionError("the game did not end")


def test_bo_t6_every_at_any_time_point_of_20_games_reaches_the_person_at_a_table():
    # BO-H1 (harvest at any time, 「自分の番に限らずいつでも売れます」) and BO-T6's pause before a
    # reshuffling draw: the table stops before every bot decision at which A may act, whoever is
    # to act; counted again from the games' records, not from the table's own stops
    points = reached = draws = draws_reached = 0
    for seed in range(20):
        table, offered = play_person_at_table(seed)
        found, hit = any_time_reach(table.game, [0], offered)
        assert any_time_reach(table.game, [0], table.offered) == (found, hit)  # its own record agrees
        points, reached = points + found, reached + hit
        history = table.game.history
        pauses = [(a, b) for a, b, _ in any_time_points(table.game, [0]) if history[b][1] == "draw"]
        draws += len(pauses)
        draws_reached += sum(any(a <= i <= b for i, _ in offered) for a, b in pauses)
    assert points > 1000 and reached == points
    assert draws > 5 and draws_reached == draws


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(3, 5))
def test_bo_h1_a_table_offers_every_at_any_time_point_whatever_the_deal(seed, players):
    table, offered = play_person_at_table(seed, players)
    points, reached = any_time_reach(table.game, [0], offered)
    assert reached == points


def test_bo_h1_a_person_passes_a_point_and_the_bots_stop_again_at_the_next():
    table = b_has_played_its_turn(stop_for_any_time=True)
    g = table.game
    history = len(g.history)
    table.pass_point(1)
    assert len(g.history) == history + 1 and table.paused  # one bot decision, then a new point
    assert table.offered[-2:] == [(history, 1), (history + 1, 1)]
    with pytest.raises(gamekit.ConfigError, match="bot"):
        table.pass_point(0)


def test_table_without_stops_plays_the_bots_to_the_persons_next_decision():
    table = b_has_played_its_turn(stop_for_any_time=False)
    assert table.waiting_for == (1,) and not table.paused
    assert all(seat != 1 or text.startswith(("plant", "end")) for seat, text in table.game.history)


def test_table_stops_only_in_games_with_at_any_time_actions():
    g = gamekit.new_game("for_sale", 4, seed=1, stack={"first_player": 2})
    table = Table(g, humans=0, bots="spread", stop_for_any_time=True)
    assert table.waiting_for == (0,) and table.any_time_seats == ()
    while not g.is_over:
        table.submit(0, str(g.legal_actions(0)[0]))
        assert not table.paused or g.is_over


def _others_secrets(events, seat):
    return [e for e in events if "private" in e and e["seat"] != seat]


def test_table_submit_returns_only_what_the_acting_seat_may_read():
    # Kuhhandel payments carry the cards paid as private data (KH-A6): a person's submit must not
    # hand them the bots' cards, and the events are the acting seat's log_for entries.
    g = gamekit.new_game("kuhhandel", 3, seed=1)
    table = Table(g, humans=[0], bots="bluffer")
    seen_own = False
    for _ in range(40):
        if g.is_over:
            break
        start = len(g.log)
        events = table.submit(0, str(g.legal_actions(0)[-1]))
        assert not _others_secrets(events, 0)
        assert events == g.log_for(0)[start:]
        seen_own = seen_own or any("private" in e for e in events)
    hidden = [e for e in g.log[table.log_start :] if "private" in e and e["seat"] != 0]
    assert hidden  # the test met other seats' secrets, and none reached A
    assert seen_own  # A's own private data is still A's to read


def test_table_advance_returns_no_bots_secrets_and_a_named_seat_its_own():
    # The bots' moves between a person's decisions: by default every private part is removed;
    # advance(seat=s) keeps s's own (A receives the cards a bot pays A, KH-A6).
    for seat in (None, 0):
        g = gamekit.new_game("kuhhandel", 3, seed=1)
        table = Table(g, humans=[0], bots="bluffer")
        others = own = 0
        for _ in range(60):
            if g.is_over:
                break
            g.act(0, str(g.legal_actions(0)[-1]))  # A acts outside the table; the bots go on
            start = len(g.log)
            events = table.advance(seat=seat)
            new = g.log[start:]
            others += sum("private" in e and e["seat"] != 0 for e in new)
            own += sum("private" in e and e["seat"] == 0 for e in new)
            assert [e["text"] for e in events] == [e["text"] for e in new]
            assert not any("private" in e for e in events if e["seat"] != seat)
            if seat is not None:
                assert events == g.log_for(seat)[start:]
        assert others and own
