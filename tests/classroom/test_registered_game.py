"""A game registered from outside gamekit is seated at a classroom table and played to its end on
loopback: the classroom finds its games through the registry (``classroom_tables``), never by name."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.classroom.session import Classroom
from gamekit.classroom.tables import table_games

from .classroom_client import Class, Client, game_states
from .resale import Resale, register_for_test
from .test_api import play_tables


@pytest.fixture
def resale(monkeypatch):
    return register_for_test(monkeypatch)


def test_a_registered_game_is_a_table_game_and_one_without_classroom_tables_is_not(resale):
    from gamekit.core import registry

    assert resale in table_games() and set(gamekit.GAMES) <= set(table_games())

    class Solitary(Resale):
        name = "solitary"
        rule_prefix = "SO"
        classroom_tables = False

    registry.register(Solitary)
    assert "solitary" in registry.registered() and "solitary" not in table_games()


def test_a_registered_game_is_played_at_a_classroom_table_to_its_end(resale, server):
    room = Class(server.url, ["Aiko", "Ben", "Chiara"])
    made = room.t("POST", "tables", {"game": resale, "players": 4, "bots": "random", "seed": 5})
    assert len(made["tables"]) == 1
    table = made["tables"][0]
    screen = room.students[0].ok("GET", "/api/me")["activity"]
    assert screen["kind"] == "table" and screen["game"] == resale
    play_tables(room)
    game = gamekit.load_game(room.t("GET", f"tables/{table}")["json"])
    assert type(game) is Resale and game.is_over and game.result()["finished"]
    assert game.to_json() == game_states(server.db)[table]
    room.close()


def test_a_game_the_classroom_may_not_seat_is_refused_naming_the_rule(resale, server):
    from gamekit.core import registry

    class Solitary(Resale):
        name = "solitary"
        rule_prefix = "SO"
        classroom_tables = False

    registry.register(Solitary)
    room = Class(server.url, ["Aiko"])
    refused = room.teacher.post(f"/api/teacher/{room.code}/tables", {"game": "solitary", "players": 4})
    assert refused.status_code == 422 and "CL-14" in refused.text and resale in refused.text
    room.close()


def test_the_teachers_notebook_seats_a_registered_game(resale, tmp_path):
    with Classroom(db=tmp_path / "class.db") as room:
        with pytest.raises(ValueError, match="game must be one of"):
            room.tables("chess")
        Client(room.base_url).ok("POST", "/api/join", {"code": room.code, "name": "Aiko"})
        state = room.tables(resale, players=3, bots="random", seed=2)
        assert [t["game"] for t in state["tables"]] == [resale]
        assert type(room.game(state["tables"][0]["table"])) is Resale
