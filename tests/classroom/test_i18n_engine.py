"""The engine's words on a phone are in the student's language (issue 26): a table's log, a
refusal and the bots' names are rendered per request in the page's language; a phone whose
language gamekit does not write in (ko, zh, fr) reads English, not Japanese."""

from __future__ import annotations

import re
import time

import pytest

import gamekit
from gamekit.core.i18n import domain, language

from .classroom_client import Class, Client

JAPANESE = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")


def _table(server, lang: str) -> tuple[Class, Client]:
    """A session of one student who joined in ``lang``, seated at a For Sale table with two bots."""
    room = Class(server.url, [])
    student = room.add("Aiko", lang=lang)
    room.t("POST", "tables", {"game": "for_sale", "players": 3, "bots": "random", "seed": 7})
    return room, student


def _my_turn(client: Client) -> dict:
    """The student's screen once it is their turn (the bots before them move on the server)."""
    for _wait in range(100):
        me = client.ok("GET", "/api/me")
        if me["activity"]["seat"] in me["activity"]["to_act"]:
            return me
        time.sleep(0.05)
    raise AssertionError("never the student's turn")


def _local_game(room: Class, me: dict) -> gamekit.Game:
    """The table's game as the server holds it, loaded here to render its words ourselves."""
    found = room.t("GET", f"tables/{me['activity']['table']}")
    return gamekit.load_game(found["json"])


def test_bot_names_follow_the_students_language_and_a_korean_phone_reads_english(server):
    rooms = {lang: _table(server, lang) for lang in ("ja", "en", "ko")}
    names = {}
    for who, (_room, client) in rooms.items():
        me = client.ok("GET", "/api/me")
        names[who] = [p["name"] for p in me["activity"]["players"] if p["bot"]]
    room, ja = rooms["ja"]
    assert names["ja"] and all(re.fullmatch("ボット[A-H]", n) for n in names["ja"]), names
    assert names["en"] and all(re.fullmatch("Bot [A-H]", n) for n in names["en"]), names
    assert names["ko"] and all(re.fullmatch("Bot [A-H]", n) for n in names["ko"]), names
    # The page's own language (the header common.js sends) wins over the one chosen at joining.
    switched = ja.get("/api/me", headers={"X-Gamekit-Lang": "en"}).json()
    assert all(re.fullmatch("Bot [A-H]", p["name"]) for p in switched["activity"]["players"] if p["bot"])
    # The teacher's view of the tables: the browser's Accept-Language, Korean reads English.
    state = room.teacher.get(f"/api/teacher/{room.code}/state", headers={"Accept-Language": "ko-KR,ko"})
    bots = [p["name"] for t in state.json()["tables"] for p in t["players"] if p["bot"]]
    assert bots and all(re.fullmatch("Bot [A-H]", n) for n in bots), bots
    state = room.teacher.get(f"/api/teacher/{room.code}/state", headers={"Accept-Language": "ja-JP"})
    bots = [p["name"] for t in state.json()["tables"] for p in t["players"] if p["bot"]]
    assert all(re.fullmatch("ボット[A-H]", n) for n in bots), bots


def _play_out(client: Client) -> dict:
    """The student takes their first legal action until their table's game is over."""
    for _step in range(200):
        me = client.ok("GET", "/api/me")
        screen = me["activity"]
        if screen["result"] is not None:
            return me
        if screen["legal"] and screen["seat"] in screen["to_act"]:
            client.post("/api/act", {"text": screen["legal"][0]})
    raise AssertionError("the table did not end in 200 steps")


def test_a_japanese_students_log_is_japanese_and_an_english_ones_english(server):
    for lang in ("ja", "en"):
        room, client = _table(server, lang)
        me = _play_out(client)
        log = me["activity"]["log"]
        game = _local_game(room, me)
        seat = me["activity"]["seat"]
        with language(lang):
            expected = [event["text"] for event in game.log_for(seat)]
        assert log == expected[-len(log) :]
        last = log[-1]  # "Game over: C 89,000, ...; C wins": the standings are the core's words
        if lang == "ja":
            assert JAPANESE.search(last) and "wins" not in last and "share the win" not in last, last
        else:
            assert re.search(r"(wins|share the win)$", last) and not JAPANESE.search(last), last


def test_a_refusal_is_in_the_students_language(server):
    for joined, lang in (("ja", "ja"), ("en", "en"), ("ko", "en")):
        room, client = _table(server, joined)
        me = _my_turn(client)
        answer = client.post("/api/act", {"text": "bid 999999"})
        assert answer.status_code == 409, answer.text
        refused = answer.json()["error"]
        game = _local_game(room, me)
        seat = me["activity"]["seat"]
        with language(lang):
            with pytest.raises(gamekit.IllegalAction) as caught:
                game.act(seat, "bid 999999")
            assert refused == str(caught.value)
        if lang == "en":
            assert not JAPANESE.search(refused), refused
        elif domain("for_sale").catalogue("ja").messages:  # the game's catalogue is there: Japanese
            assert JAPANESE.search(refused), refused


def test_the_teachers_refusals_are_in_the_pages_language(server):
    room = Class(server.url, [])
    path = f"/api/teacher/{room.code}/tables"
    body = {"game": "chess", "players": 3}
    for headers, japanese in (
        ({"X-Gamekit-Lang": "ja"}, True),
        ({"Accept-Language": "ja-JP,ja;q=0.9"}, True),
        ({"Accept-Language": "ko-KR,ko;q=0.9"}, False),
        ({}, False),
    ):
        answer = room.teacher.post(path, body, headers=headers)
        assert answer.status_code == 422 and answer.json()["rule"] == "CL-14"
        said = answer.json()["error"]
        assert said.endswith("(CL-14)")
        assert bool(JAPANESE.search(said)) is japanese, (headers, said)
