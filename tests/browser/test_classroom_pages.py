"""The student page beyond the two big runs: the language switch (Japanese by the link, English by
the button, remembered over a reload), the ascending clock's "drop out", Money Monsoon, Kuhhandel
and Bohnanza tables whose every legal action is reachable from the page, and a page that
reconnects by itself after the server went away and came back. Skipped, saying why, without
Chromium and playwright.
"""

from __future__ import annotations

import re

import pytest

from .conftest import HOW_TO_ENABLE, browser_available

if not browser_available():
    pytest.skip(HOW_TO_ENABLE, allow_module_level=True)

import httpx
from playwright.sync_api import expect

from gamekit.classroom import i18n

from .classroom_fixtures import (  # noqa: F401  (phones_fixture, room_fixture: the fixtures phones, room)
    PHONE,
    Room,
    free_port,
    join,
    kill_server,
    phones_fixture,
    room_fixture,
    start_server,
)

KEY = re.compile(r"\b[a-z]+\.[a-z_]+(\.[a-z_]+)?\b")


def token_of(page, code: str) -> str:
    return page.evaluate("code => localStorage.getItem('gamekit.classroom.token.' + code)", code)


def me(room: Room, token: str) -> dict:
    answer = httpx.get(f"{room.url}/api/me", headers={"Authorization": f"Bearer {token}"}, timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.json()


def no_keys_shown(page) -> None:
    """No catalog key shows through untranslated."""
    keys = set(i18n.catalog("en"))
    text = page.locator("body").inner_text()
    assert not [m.group(0) for m in KEY.finditer(text) if m.group(0) in keys]


def test_japanese_by_the_link_english_by_the_button_and_remembered(browser, room, phones):
    fresh = browser.new_context(viewport=PHONE)
    page = fresh.new_page()
    page.goto(f"{room.url}/join/{room.code}?lang=ja")
    expect(page.locator("h1")).to_have_text("クラスに参加")
    expect(page.locator("label[for=join-name]")).to_have_text("名前")
    expect(page.locator("#join-button")).to_have_text("参加する")
    assert page.locator("html").get_attribute("lang") == "ja"
    no_keys_shown(page)
    fresh.close()

    page = phones("Aiko", "ja")
    expect(page.locator("#activity h1")).to_have_text("参加しました！")
    expect(page.locator("#leave")).to_have_text("セッションを抜ける")
    page.locator("button.lang[data-lang=en]").click()
    expect(page.locator("#activity h1")).to_have_text("You are in!")
    assert "lang=en" in page.url
    # Reloaded without ?lang: still English (remembered) and still in the class (token kept).
    page.goto(f"{room.url}/join/{room.code}")
    expect(page.locator("#activity h1")).to_have_text("You are in!")
    expect(page.locator("#join")).to_be_hidden()
    page.goto(f"{room.url}/?lang=ja")
    expect(page.locator("#activity h1")).to_have_text("参加しました！")
    no_keys_shown(page)

    # The clock in Japanese: the price rises, the student drops out with the big button.
    room.teacher("POST", "/auction", {"format": "losers_pay_half", "rounds": 1, "tick_seconds": 0, "seed": 2})
    expect(page.locator("#activity h1")).to_have_text("競り上げ時計：負けた人は半額を払う")
    price = page.locator(".bigvalue.price .value")
    start = int(price.inner_text())
    room.teacher("POST", "/tick")
    expect(price).not_to_have_text(str(start))
    assert int(price.inner_text()) > start
    page.locator('[data-action="drop"]').click()
    expect(page.locator("#dropped")).to_have_text("降りました。")
    no_keys_shown(page)
    assert not page.errors, page.errors


@pytest.mark.parametrize("game", ["money_monsoon", "kuhhandel", "bohnanza"])
def test_every_legal_action_is_reachable_on_the_page(room, phones, game):
    pages = [phones(name) for name in ("Aiko", "Ben", "Chie", "Dan")]
    tokens = [token_of(page, room.code) for page in pages]
    room.teacher("POST", "/tables", {"game": game, "players": 4, "seed": 4})
    for turn in range(3):
        screens = [me(room, token) for token in tokens]
        acting = [i for i, s in enumerate(screens) if s["activity"]["legal"]]
        assert acting, screens[0]["activity"]["to_act"]
        i = acting[0]
        page, screen = pages[i], screens[i]["activity"]
        page.wait_for_function(
            "v => Number(document.querySelector('#activity').dataset.version) >= v", arg=screens[i]["version"]
        )
        reachable = set(page.locator("[data-action]").evaluate_all("bs => bs.map(b => b.dataset.action)"))
        for stepper in page.locator(".actions .stepper").all():
            verb = stepper.locator("[data-go]").get_attribute("data-go").rsplit("-", 1)[1]
            reachable |= {f"{verb} {v}" for v in stepper.get_attribute("data-values").split(",")}
        assert reachable == set(screen["legal"]), (game, turn, reachable ^ set(screen["legal"]))
        # Own holdings and the public state are drawn; nothing untranslated shows.
        expect(page.locator("#activity h1")).to_have_text(i18n.translate(f"game.{game}", "en"))
        no_keys_shown(page)
        before = screens[i]["version"]
        buttons = page.locator(".actions [data-action]")
        (buttons.first if buttons.count() else page.locator(".actions [data-go]").first).click()
        expect(page.locator("#refusal")).to_be_hidden()
        page.wait_for_function(
            "v => Number(document.querySelector('#activity').dataset.version) > v", arg=before
        )
    for page in pages:
        assert not page.errors, page.errors


def test_the_page_reconnects_after_the_server_went_away(browser, tmp_path):
    db, port, token = tmp_path / "class.db", free_port(), "teacher-token-for-the-test"
    url = f"http://127.0.0.1:{port}"
    server = start_server(db, port, token)
    try:
        answer = httpx.post(
            f"{url}/api/teacher/sessions", json={"title": "t"}, headers={"Authorization": f"Bearer {token}"}
        )
        room = Room(url, token, answer.json()["code"])
        page = join(browser, room, "Aiko")
        expect(page.locator("#conn")).to_be_hidden()
    finally:
        kill_server(server)
    expect(page.locator("#conn")).to_be_visible(timeout=20_000)
    expect(page.locator("#conn")).to_have_text("Connection lost, reconnecting…")
    # The same database on the same port: the page finds the server again by itself.
    server = start_server(db, port, token)
    try:
        room.teacher("POST", "/auction", {"format": "second_price", "rounds": 1, "seed": 1})
        expect(page.locator("#activity h1")).to_have_text("Second-price sealed-bid auction", timeout=30_000)
        expect(page.locator("#conn")).to_be_hidden()
        page.locator("#bid-1").fill("40")
        page.locator('[data-go="bid-1"]').click()
        expect(page.locator("#bid-in")).to_have_text("Your bid 40 is in.")
        assert not page.errors, page.errors
        page.context.close()
    finally:
        kill_server(server)
