"""Four students on four phones play a For Sale table to the end by clicking (issue 14).

Each student is a browser context of their own (own storage, own token) on a 360 px wide page.
At every turn the page of the seat to act is checked against the teacher's full table JSON: it
shows its own houses exactly, and none of the houses the other seats hold. One refused action
(a bid that is not above the high bid) shows the engine's message and changes nothing. Skipped,
saying why, without Chromium and playwright.
"""

from __future__ import annotations

import json
import time

import pytest

from .conftest import HOW_TO_ENABLE, browser_available

if not browser_available():
    pytest.skip(HOW_TO_ENABLE, allow_module_level=True)

from playwright.sync_api import expect

from .classroom_fixtures import phones_fixture, room_fixture  # noqa: F401  (the fixtures phones, room)

NAMES = ("Aiko", "Ben", "Chie", "Dan")


def table_state(room, table: int) -> dict:
    saved = json.loads(room.teacher("GET", f"/tables/{table}")["json"])
    return saved["state"] | {"actions": len(saved["actions"])}


SHOWN = """() => {
    const cards = (sel) => [...document.querySelectorAll(sel)].map((c) => Number(c.dataset.card));
    return {hand: cards("#my-hand .card"), houses: cards(".card.house"), inSeats: cards("table.seats .card")};
}"""


def check_only_own_hand(page, seat: int, state: dict) -> None:
    """The page shows this seat's houses exactly, and not one house another seat holds."""
    shown = page.evaluate(SHOWN)
    own = sorted(state["houses"][seat])
    assert sorted(shown["hand"]) == own, (seat, shown, own)
    on_table = set(state["table"]) if state["phase"] == "buy" else set()
    assert set(shown["houses"]) <= set(own) | on_table, (seat, shown)
    others = {h for s, held in enumerate(state["houses"]) if s != seat for h in held}
    assert not others & set(shown["houses"]), (seat, others & set(shown["houses"]))
    assert shown["inSeats"] == []  # other seats appear only as counts, never as cards


def wait_taken(room, table: int, actions: int) -> dict:
    """The table once it holds ``actions`` actions (bounded in time)."""
    deadline = time.monotonic() + 15
    while (state := table_state(room, table))["actions"] < actions:
        assert time.monotonic() < deadline, "the click was not taken"
        time.sleep(0.05)
    return state


def test_four_students_play_for_sale_to_the_end_each_seeing_only_their_own_hand(room, phones):
    pages = {name: phones(name) for name in NAMES}
    for page in pages.values():
        expect(page.locator("#activity")).to_contain_text("wait for the teacher", ignore_case=True)

    started = room.teacher("POST", "/tables", {"game": "for_sale", "players": 4, "seed": 5})
    table = started["tables"][0]
    players = room.state()["tables"][0]["players"]
    assert sorted(p["name"] for p in players) == sorted(NAMES) and not any(p["bot"] for p in players)
    seat_page = {seat: pages[p["name"]] for seat, p in enumerate(players)}
    for seat, page in seat_page.items():
        expect(page.locator(".seat")).to_contain_text(f"seat {'ABCD'[seat]}", timeout=15_000)

    refused = False
    steps = 0
    deadline = time.monotonic() + 60
    state = table_state(room, table)
    while state["phase"] != "over":
        steps += 1
        assert steps <= 120 and time.monotonic() < deadline, "the game did not finish in time"
        before = state["actions"]
        if state["phase"] == "sell":  # simultaneous: every seat chooses a house, then the reveal
            for seat in state["to_act"]:
                page = seat_page[seat]
                expect(page.locator("#your-turn")).to_be_visible()
                check_only_own_hand(page, seat, state)
                page.locator('[data-action^="sell "]').first.click()
            state = wait_taken(room, table, before + len(state["to_act"]))
            continue
        seat = state["to_act"][0]
        page = seat_page[seat]
        expect(page.locator("#your-turn")).to_be_visible()
        check_only_own_hand(page, seat, state)
        if not refused and state["high_bid"] > 0:
            # A bid equal to the high bid is refused by the engine (FS-B3): its message shows.
            page.locator(f"#act-{table}-bid").fill(str(state["high_bid"]))
            page.locator(f'[data-go="act-{table}-bid"]').click()
            expect(page.locator("#refusal")).to_contain_text("FS-B3")
            expect(page.locator("#refusal")).to_contain_text(f"bid {state['high_bid']}")
            assert table_state(room, table)["actions"] == before  # nothing changed
            refused = True
        if state["high_bid"] == 0 and state["round"] % 2 == 1:
            page.locator(f'[data-go="act-{table}-bid"]').click()  # the stepper opens on the lowest bid
        else:
            page.locator('[data-action="pass"]').click()
        state = wait_taken(room, table, before + 1)
    assert refused

    final = table_state(room, table)
    result = room.state()["tables"][0]
    assert result["over"]
    for seat, page in seat_page.items():
        expect(page.locator("#result")).to_be_visible()
        expect(page.locator("#result")).to_contain_text("The game is over")
        # The cheques this seat won are on its page; no other seat's hand ever was.
        cheques = sorted(
            int(c)
            for c in page.locator("#my-cheques .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
        )
        assert cheques == sorted(final["cheques"][seat])
        assert page.locator("#actions").count() == 0
        assert not page.errors, page.errors
