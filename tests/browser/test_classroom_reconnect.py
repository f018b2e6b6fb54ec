"""A student's page reconnects by itself after the server died and came back (issue 14): the
server runs as a process of its own, is killed (every connection drops at once), the page says
so, and once the server is started again on the same database and port the page follows the
class again without a reload. Skipped, saying why, without Chromium and playwright.
"""

from __future__ import annotations

import pytest

from .conftest import HOW_TO_ENABLE, browser_available

if not browser_available():
    pytest.skip(HOW_TO_ENABLE, allow_module_level=True)

import httpx
from playwright.sync_api import expect

from .classroom_fixtures import Room, free_port, join, kill_server, start_server


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
        page.locator('[data-confirm="bid-1"]').click()  # a sealed bid is confirmed once
        expect(page.locator("#bid-in")).to_have_text("Your bid 40 is in.")
        assert not page.errors, page.errors
        page.context.close()
    finally:
        kill_server(server)
