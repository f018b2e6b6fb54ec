"""The student page beyond the two big runs: the language switch (Japanese by the link, English by
the button, remembered over a reload), the ascending clock's "drop out", and Money Monsoon,
Kuhhandel and Bohnanza tables whose every legal action is reachable from the page. Skipped,
saying why, without Chromium and playwright.
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
    join,
    phones_fixture,
    room_fixture,
)

SYNCED = "v => Number(document.querySelector('#activity').dataset.version) >= v"
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


def test_every_legal_action_is_reachable_on_the_page(room, phones):
    """Money Monsoon, Kuhhandel and Bohnanza in turn at one table of four: three turns each."""
    pages = [phones(name) for name in ("Aiko", "Ben", "Chie", "Dan")]
    tokens = [token_of(page, room.code) for page in pages]
    for game in ("money_monsoon", "kuhhandel", "bohnanza"):
        room.teacher("POST", "/tables", {"game": game, "players": 4, "seed": 4})
        for turn in range(3):
            screens = [me(room, token) for token in tokens]
            acting = [i for i, s in enumerate(screens) if s["activity"]["legal"]]
            assert acting and all(s["activity"]["game"] == game for s in screens)
            i = acting[0]
            page, screen = pages[i], screens[i]["activity"]
            page.wait_for_function(SYNCED, arg=screens[i]["version"])
            reachable = set(page.locator("[data-action]").evaluate_all("bs => bs.map(b => b.dataset.action)"))
            for stepper in page.locator(".actions .stepper").all():
                verb = stepper.locator("[data-go]").get_attribute("data-go").rsplit("-", 1)[1]
                reachable |= {f"{verb} {v}" for v in stepper.get_attribute("data-values").split(",")}
            assert reachable == set(screen["legal"]), (game, turn, reachable ^ set(screen["legal"]))
            # Own holdings and the public state are drawn; nothing untranslated shows.
            expect(page.locator("#activity h1")).to_have_text(i18n.translate(f"game.{game}", "en"))
            expect(page.locator("#my-holdings, #my-pawns").first).to_be_visible()
            no_keys_shown(page)
            buttons = page.locator(".actions [data-action]")
            (buttons.first if buttons.count() else page.locator(".actions [data-go]").first).click()
            confirm = page.locator(".actions [data-confirm]")
            if confirm.count():  # a sealed bid, a payment or an offer is confirmed once
                confirm.click()
            expect(page.locator("#refusal")).to_be_hidden()
            page.wait_for_function(SYNCED, arg=screens[i]["version"] + 1)
    for page in pages:
        assert not page.errors, page.errors


def test_cl_17_the_page_shows_a_point_to_act_at_any_time_and_its_pass_button(room, phones):
    """One student and two bots at Bohnanza: the student plays their own decisions from the API
    until the bots wait for them at a point; the page then says so, shows the harvest and "pass"
    buttons, and a tap on "pass" lets the bots go on."""
    page = phones("Aiko")
    token = token_of(page, room.code)
    room.teacher(
        "POST",
        "/tables",
        {"game": "bohnanza", "players": 3, "bots": "planter", "seed": 2, "any_time_seconds": 300},
    )
    for _ in range(200):  # bounded: the first point comes within the first turns
        screen = me(room, token)["activity"]
        if screen["any_time"] is not None:
            break
        answer = httpx.post(
            f"{room.url}/api/act",
            json={"text": screen["legal"][0]},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert answer.status_code == 200, answer.text
    assert screen["any_time"] is not None
    page.wait_for_function(SYNCED, arg=me(room, token)["version"])
    expect(page.locator("#any-time")).to_be_visible()
    expect(page.locator('[data-action="pass"]')).to_be_visible()
    assert any(a.startswith("harvest") for a in screen["legal"])
    no_keys_shown(page)
    version = me(room, token)["version"]
    page.locator('[data-action="pass"]').click()
    expect(page.locator("#refusal")).to_be_hidden()
    page.wait_for_function(SYNCED, arg=version + 1)
    assert not page.errors, page.errors
