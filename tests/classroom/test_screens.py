"""A seat's table screen on the phone (gamekit.classroom.screens): the lessons' picture of the
seat's own view and one compact row per player, holding nothing the view hides."""

from __future__ import annotations

import random

import pytest

import gamekit
from gamekit.classroom import screens
from gamekit.classroom.tables import table_games
from gamekit.pictures import picture

from .classroom_client import Class

ROW_CHARS = 70  # what one row's public line may hold to stay on two short lines of a 360 px phone


def seats_for(n: int) -> list[dict]:
    return [
        {
            "student": s if s % 2 == 0 else None,
            "name": f"S{s}" if s % 2 == 0 else f"Bot {s}",
            "bot": None if s % 2 == 0 else "random",
        }
        for s in range(n)
    ]


def played(name: str, seed: int, steps: int) -> gamekit.core.Game:
    options = (
        {"max_turns": 60} if "max_turns" in gamekit.core.registry.game_class(name).options_declared else None
    )
    game = gamekit.new_game(name, players=4, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.to_act[0]
        game.act(seat, rng.choice([str(a) for a in game.legal_actions(seat)]))
    return game


@pytest.mark.parametrize("name", table_games())
def test_rows_show_only_what_the_seat_sees_and_fit_a_phone(name):
    for seed in range(3):
        for steps in (0, 7, 40, 150):
            game = played(name, seed, steps)
            for seat in range(game.players):
                view = game.view(seat)
                found = screens.rows(view, seat, seats_for(game.players))
                assert [r["seat"] for r in found] == list(range(game.players))
                assert [r["you"] for r in found] == [p == seat for p in range(game.players)]
                assert [r["bot"] for r in found] == [p % 2 == 1 for p in range(game.players)]
                for r in found:
                    assert len(r["public"]) <= ROW_CHARS, r
                    assert len(r["items"]) <= screens.MOST_ITEMS
                    for item in r["items"]:
                        value = view[item["key"]][r["seat"]]
                        assert value is not None, (name, item)  # a hidden entry never shows
                        assert item["text"] == screens.summary(value)
                        # held things show as a count, never as the cards themselves
                        if isinstance(value, list) and value and all(isinstance(x, str) for x in value):
                            assert item["text"] == str(len(value)), item


def test_rows_read_a_view_as_short_public_lines():
    """Numbers as they are, a hand by its count beside it (never its cards), fields as piles, a
    mapping by its largest entries, the seats to act left out; hidden entries (None) say nothing."""
    view = {"players": 3, "coins": [5, None, None], "coin_counts": [3, 3, 3], "hands": [["x", "y"], None, None],
            "hand_sizes": [2, 4, 1], "fields": [[["blue", 2], None], [None, None], [["red", 1], ["soy", 3]]],
            "animals": [{}, {"cow": 2, "dog": 1}, {"cat": 1}], "to_act": [0, 1, 2]}  # fmt: skip
    found = screens.rows(view, 0, seats_for(3))
    assert found[0]["public"] == "coins 5 · hand_sizes 2 · fields blue×2 – · animals –"
    assert found[1]["public"] == "hand_sizes 4 · fields – – · animals cow×2 dog"
    assert found[2]["public"] == "hand_sizes 1 · fields red×1 soy×3 · animals cat"
    assert all("to_act" not in r["public"] for r in found)  # the seats to act are not a standing
    assert screens.summary(None) is None and screens.summary(True) is None
    assert screens.summary([6, 1]) == "6/1" and screens.summary(1234) == "1,234"


@pytest.mark.parametrize("name", table_games())
def test_a_list_as_long_as_the_table_only_now_is_not_a_players_entry(name):
    """At three seats a round can lay out three cards, one list as long as the table: the rows
    take only the keys that are per seat in every position (``seat_keys``), never such a list."""
    game = gamekit.new_game(name, players=3 if _takes(name, 3) else 4, seed=0)
    keys = screens.seat_keys(name, game.players)
    view = game.view(0)
    for key, value in view.items():
        if isinstance(value, list) and len(value) == game.players and key not in keys:
            assert all(key not in r["public"] for r in screens.rows(view, 0, seats_for(game.players)))
    for r in screens.rows(view, 0, seats_for(game.players)):
        assert {item["key"] for item in r["items"]} <= keys
    assert screens.seat_keys("no such game", 3) is None


def _takes(name: str, players: int) -> bool:
    try:
        gamekit.new_game(name, players=players, seed=0)
    except gamekit.core.ConfigError:
        return False
    return True


@pytest.mark.parametrize("name", table_games())
def test_the_picture_is_the_lessons_picture_of_the_seats_view(name):
    game = played(name, 1, 30)
    for seat in range(game.players):
        shown = screens.phone_picture(game, seat)
        assert shown == f'<div class="gk-phone-picture">{picture(game, seat).html}</div>'
        assert "<svg" in shown and "<script" not in shown.lower()
        assert f"{gamekit.core.game.SEAT_NAMES[seat]}&#x27;s view" in shown  # drawn from this seat's view


def test_a_table_screen_carries_the_picture_and_the_rows(server):
    room = Class(server.url, ["Aiko", "Ben"])
    for name in table_games():
        room.t("POST", "tables", {"game": name, "players": 4, "seed": 2})
        for student in room.students:
            screen = student.ok("GET", "/api/me")["activity"]
            assert screen["game"] == name
            assert "<svg" in screen["picture"]
            rows = screen["rows"]
            assert len(rows) == 4 and sum(r["you"] for r in rows) == 1
            assert (
                rows[screen["seat"]]["you"]
                and rows[screen["seat"]]["name"] == screen["players"][screen["seat"]]["name"]
            )
            assert sorted(r["name"] for r in rows if not r["bot"]) == ["Aiko", "Ben"]
    room.close()
