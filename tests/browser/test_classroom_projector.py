"""The projector page at 1920×1080 (issue 25, items 3 and 6): what the room sees after a sealed
round (winner, price, every bid against its value with the equilibrium line, revenue against
theory), the clock's price large with how many are still in, each table's public picture with no
hidden card, the QR shrinking once the class has started, body text of at least 40 px; and the
teacher's controls on the same page starting and closing rounds, seating tables, removing a
student and downloading the rows. Students are httpx clients (their pages are other tests').
Screenshots go to /tmp. Skipped, saying why, without Chromium and playwright."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

from .conftest import HOW_TO_ENABLE, browser_available

if not browser_available():
    pytest.skip(HOW_TO_ENABLE, allow_module_level=True)

from playwright.sync_api import expect

from .classroom_fixtures import Room, room_fixture  # noqa: F401  (the fixture room)

PROJECTOR = {"width": 1920, "height": 1080}
SHOTS = "/tmp/gamekit-projector"


class Student:
    """A student as a plain HTTP client (join, read their screen, act)."""

    def __init__(self, room: Room, name: str, lang: str = "en"):
        answer = httpx.post(
            f"{room.url}/api/join", json={"code": room.code, "name": name, "lang": lang}, timeout=30
        )
        assert answer.status_code == 200, answer.text
        self.url, self.name = room.url, name
        self.id, self.headers = (
            answer.json()["student"],
            {"Authorization": f"Bearer {answer.json()['token']}"},
        )

    def _call(self, method: str, path: str, **kw) -> httpx.Response:
        """One request; a rate-limited one (CL-12: a student sends at most 10 a second) is sent
        again after the server's Retry-After, at most 5 times."""
        for _ in range(5):
            response = httpx.request(method, f"{self.url}{path}", headers=self.headers, timeout=30, **kw)
            if response.status_code != 429:
                return response
            time.sleep(float(response.headers.get("retry-after", "1")))
        return response

    def me(self) -> dict:
        return self._call("GET", "/api/me").json()

    def act(self, text: str) -> httpx.Response:
        return self._call("POST", "/api/act", json={"text": text})


def _console(errors: list[str], message) -> None:
    # A refusal the test asks for shows as a failed request (409): the page says why itself.
    if message.type == "error" and "status of 409" not in message.text:
        errors.append(message.text)


@pytest.fixture(name="projector")
def projector_fixture(browser, room: Room):
    """The projector page at 1920×1080, logged in by the link's fragment; errors it throws or logs
    (a refused style included) are collected in ``page.errors``; closed before the server stops."""
    opened = []

    def open_projector():
        page = browser.new_page(viewport=PROJECTOR)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda message: _console(errors, message))
        page.errors = errors
        opened.append(page)
        page.goto(f"{room.url}/teacher/{room.code}?lang=en#token={room.teacher_token}")
        expect(page.locator("#board")).to_be_visible()
        return page

    yield open_projector
    for page in opened:
        page.unroute_all(behavior="ignoreErrors")  # a test's handlers may be mid-request
        page.close()


def font_px(page, selector: str) -> float:
    return page.eval_on_selector(selector, "e => parseFloat(getComputedStyle(e).fontSize)")


SMALL_TEXT = """() => [...document.querySelectorAll('#board *')]
    .filter(e => !e.closest('svg, .picture') && e.offsetParent !== null
                 && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
    .filter(e => parseFloat(getComputedStyle(e).fontSize) < 40)
    .map(e => `${e.tagName}#${e.id}.${e.className}: ${getComputedStyle(e).fontSize}`)"""


def small_text(page) -> list[str]:
    """Every element of the projected board with text of its own under 40 px (the figures'
    axis labels, 30 px in the SVG, and the game pictures aside)."""
    return page.evaluate(SMALL_TEXT)


def code_whole(page) -> bool:
    """The join code is shown whole: not cut by its box, inside the screen."""
    return page.eval_on_selector(
        "#code",
        """e => { const r = e.getBoundingClientRect(), box = e.closest('figure').getBoundingClientRect();
                  return e.scrollWidth <= e.clientWidth + 1 && r.right <= innerWidth && r.bottom <= innerHeight
                      && r.left >= box.left - 1 && r.right <= box.right + 1 && r.width > 0; }""",
    )


def test_a_sealed_round_shows_its_outcome_and_the_controls_run_it(projector, room):
    page = projector()
    students = [Student(room, name) for name in ("Aiko", "Ben", "Chiara", "Dev", "Emi")]
    expect(page.locator("#joined")).to_have_text("5")
    assert page.locator("#qr").bounding_box()["width"] >= 600  # scanned from the back before the class joins
    assert code_whole(page)
    assert font_px(page, "body") >= 40 and font_px(page, "#round") >= 40 and font_px(page, "#join-url") >= 40

    # The controls start the auction: the QR shrinks, the code stays whole.
    expect(page.locator("#controls")).to_be_visible()
    page.select_option("#ctl-format", "first_price")
    page.fill("#ctl-rounds", "2")
    page.click("#ctl-start-auction")
    expect(page.locator("#round")).to_contain_text("Round 1 of 2")
    expect(page.locator("#join-box")).to_have_attribute("data-size", "small")
    assert page.locator("#qr").bounding_box()["width"] <= 400 and code_whole(page)
    expect(page.locator("#waiting li")).to_have_count(5)

    bids = {}
    for i, student in enumerate(students):
        value = student.me()["activity"]["value"]
        bids[student.name] = (value, max(0, value - 5 - 3 * i))
        if i == len(students) - 1:
            sent = time.monotonic()
        assert student.act(f"bid {bids[student.name][1]}").status_code == 200
    winner = max(bids, key=lambda n: (bids[n][1], n == "Aiko"))  # the top bid (a tie: seeded order)
    expect(page.locator("#outcome")).to_contain_text("winner", timeout=10_000)
    seconds = time.monotonic() - sent
    results = room.teacher("GET", "/results")["rounds"][0]
    expect(page.locator("#outcome .winner-name")).to_have_text(results["winner"])
    expect(page.locator("#outcome .price")).to_have_text(str(results["price"]))
    if list(bids.values()).count(bids[winner]) == 1:
        assert results["winner"] == winner and results["price"] == bids[winner][1]
    expect(page.locator("#bids-chart circle.bid")).to_have_count(5)
    expect(page.locator("#bids-chart circle.bid.winner")).to_have_count(1)
    expect(page.locator("#bids-chart polyline.equilibrium")).to_have_count(1)
    expect(page.locator("#revenue-chart rect.revenue")).to_have_count(1)
    expect(page.locator("#revenue-chart line.theory")).to_have_count(1)
    theory = f"{results['theory_revenue']:.1f}"
    expect(page.locator("#revenue-line")).to_have_text(
        f"revenue {results['revenue']}, theory {theory} (n = 5)"
    )
    for selector in ("body", "#outcome", "#bids-legend li", "#revenue-line", "#bids-title"):
        assert font_px(page, selector) >= 40, selector
    assert small_text(page) == []
    page.screenshot(path=f"{SHOTS}-sealed.png")
    print(f"bid → projector: {seconds:.2f} s")
    assert seconds < 5

    # The QR comes back large for a late joiner with one button, and goes small again.
    page.click("#ctl-qr")
    expect(page.locator("#join-box")).to_have_attribute("data-size", "big")
    assert page.locator("#qr").bounding_box()["width"] >= 600 and code_whole(page)
    page.click("#ctl-qr")
    expect(page.locator("#join-box")).to_have_attribute("data-size", "small")

    # Next round and close it from the controls: nobody bid, and the page says so.
    page.click("#ctl-next")
    expect(page.locator("#round")).to_contain_text("Round 2 of 2")
    expect(page.locator("#outcome-box")).to_be_hidden()
    expect(page.locator("#ctl-tick-box")).to_be_hidden()  # the clock's step only for the clock
    page.click("#ctl-close")
    expect(page.locator("#outcome")).to_have_text("Round 2: nobody bid")
    page.click("#ctl-next")  # all rounds played: the server's refusal is shown, nothing changes
    expect(page.locator("#ctl-message")).to_contain_text("all 2 rounds are played")
    # Hidden while projecting, and back.
    page.click("#controls-toggle")
    expect(page.locator("#controls")).to_be_hidden()
    page.click("#controls-toggle")
    expect(page.locator("#controls")).to_be_visible()
    assert not page.errors, page.errors


def test_the_clock_shows_its_price_large_and_how_many_are_still_in(projector, room):
    students = [Student(room, f"S{i}") for i in range(5)]
    page = projector()
    room.teacher("POST", "/auction", {"format": "losers_pay_half", "rounds": 1, "tick_seconds": 0, "step": 5})
    expect(page.locator("#clock-price")).to_have_text("0")
    expect(page.locator("#still-in")).to_have_text("5 of 5 still in")
    page.click("#ctl-tick")
    page.click("#ctl-tick")
    expect(page.locator("#clock-price")).to_have_text("10")
    assert font_px(page, "#clock-price") >= 300 and font_px(page, "#still-in") >= 60
    assert "未入札" not in page.locator("#board").inner_text()
    students[0].act("drop")
    students[1].act("drop")
    expect(page.locator("#still-in")).to_have_text("3 of 5 still in")
    assert small_text(page) == []
    page.screenshot(path=f"{SHOTS}-clock.png")
    page.click("#ctl-tick")
    students[2].act("drop")
    students[3].act("drop")  # one left: the round closes with its winner
    expect(page.locator("#clock-box")).to_be_hidden()
    expect(page.locator("#outcome .winner-name")).to_have_text("S4")
    expect(page.locator("#bids-chart circle.bid")).to_have_count(5)
    expect(page.locator("#bids-chart circle.censored")).to_have_count(1)  # the winner's price
    page.screenshot(path=f"{SHOTS}-clock-closed.png")
    assert not page.errors, page.errors


def test_tables_show_public_pictures_and_the_controls_seat_remove_and_export(projector, room):
    students = [Student(room, f"P{i}") for i in range(6)]
    page = projector()
    expect(page.locator("#joined")).to_have_text("6")
    expect(page.locator("#ctl-game option")).not_to_have_count(0)
    page.select_option("#ctl-game", "for_sale")
    page.fill("#ctl-size", "3")
    page.click("#ctl-start-tables")
    expect(page.locator("#tables > li")).to_have_count(2)
    # Play on until houses are held (bounded): each student acts when it is their turn.
    for _ in range(60):
        moved = False
        for student in students:
            screen = student.me()["activity"]
            if screen and student_seat_to_act(screen):
                assert student.act(screen["legal"][-1]).status_code == 200
                moved = True
        tables = [room.teacher("GET", f"/tables/{t['table']}") for t in room.state()["tables"]]
        if sum(held for table in tables for held in house_counts(table)) >= 4 or not moved:
            break
    expect(page.locator("#tables .gk-picture")).to_have_count(2)
    page.wait_for_timeout(500)  # the last change drawn
    shown = page.locator("#tables").inner_html()
    assert "public view (what every player sees)" in shown and "teacher" not in shown
    held = 0
    for table in room.state()["tables"]:
        game = load(room.teacher("GET", f"/tables/{table['table']}"))
        shown = page.locator(f'#tables > li[data-table="{table["table"]}"]').inner_html()
        for houses in game.houses:  # each table has its own deck: its own picture is checked
            for house in houses:
                held += 1
                assert f"<title>house {house}</title>" not in shown, house
    assert held >= 1
    page.screenshot(path=f"{SHOTS}-tables.png", full_page=True)
    # One table alone, large, by a click; all again by another.
    page.locator('#tables > li[data-table="1"]').click()
    expect(page.locator("#tables > li")).to_have_count(1)
    # (polled: the table's picture may be redrawn by a refresh at that moment, and a detached
    # element has no computed size)
    page.wait_for_function(
        "() => { const e = document.querySelector('#tables .gk-picture');"
        " return e && parseFloat(getComputedStyle(e).fontSize) >= 30; }",
        timeout=10_000,
    )
    page.locator('#tables > li[data-table="1"]').click()
    expect(page.locator("#tables > li")).to_have_count(2)

    # Remove a student by the controls (two clicks), then download the rows.
    row = page.locator(f'#ctl-people tr[data-student="{students[0].id}"]')
    row.locator("button.danger").click()
    expect(row.locator("button.danger")).to_contain_text("P0")
    row.locator("button.danger").click()
    room.wait_state(lambda s: any(w["student"] == students[0].id and w["left"] for w in s["students"]))
    expect(page.locator(f'#ctl-people tr[data-student="{students[0].id}"]')).to_have_count(0)
    with page.expect_download() as download:
        page.click("#ctl-csv")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert text.splitlines()[0].startswith("session,") and "join P5" in text
    assert not page.errors, page.errors


def test_a_finished_table_shows_its_final_scores_and_pictures_keep_their_styles(projector, room):
    student = Student(room, "Solo")
    page = projector()
    room.teacher("POST", "/tables", {"game": "for_sale", "players": 3, "seed": 1})
    for _ in range(400):  # bounded: the bots play the other seats at once
        screen = student.me()["activity"]
        if screen["result"] is not None:
            break
        if student_seat_to_act(screen):
            assert student.act(screen["legal"][0]).status_code == 200
    result = room.teacher("GET", "/results")["tables"][0]
    assert result["over"] and result["scores"]
    scores = page.locator("#tables .scores")
    expect(scores).to_contain_text("Final scores:")
    names = [p["name"] for p in result["players"]]
    expect(scores).to_contain_text(
        " · ".join(f"{n} {v:,}" for n, v in zip(names, result["scores"], strict=True))
    )
    expect(scores.locator(".winners")).to_contain_text("winner:")
    page.screenshot(path=f"{SHOTS}-final.png")
    # A picture drawn with inline styles (Bohnanza's) reaches the page with none refused (CSP).
    Student(room, "Late")
    room.teacher("POST", "/tables", {"game": "bohnanza", "players": 4, "seed": 2})
    expect(page.locator("#tables .gk-bohnanza")).to_have_count(1)
    styled = page.locator("#tables .gk-bohnanza [style]")
    assert styled.count() > 0  # set through the DOM from data-gk-style
    assert page.locator("#tables [data-gk-style]").count() == 0
    assert not page.errors, page.errors


def student_seat_to_act(screen: dict) -> bool:
    return screen.get("kind") == "table" and screen["seat"] in screen["to_act"] and bool(screen["legal"])


def load(table_json: dict):
    from gamekit import load_game

    return load_game(table_json["json"])


def house_counts(table_json: dict) -> list[int]:
    return [len(h) for h in load(table_json).houses]


def test_the_controls_send_the_contracts_requests_and_show_who_is_here(projector, room):
    """The timer, pause, resume and seat endpoints and the state's presence fields come with the
    presence helper's server (issue 25's contract): here the page's side of them, against a state
    that carries those fields and endpoints that record what the page sent."""
    import json

    first, second = Student(room, "Ken"), Student(room, "Ken")
    sent: list[tuple[str, dict]] = []

    def state_with_presence(route):
        answer = route.fetch()
        state = answer.json()
        for student in state["students"]:
            mine = student["student"] == second.id
            student.update(
                present=not mine, absent_for=42.0 if mine else None, rejoin="ABC234" if mine else "XYZ789"
            )
            student["shown_name"] = "Ken (2)" if mine else "Ken"
        state["faults"] = [{"time": "10:02", "where": "clock", "message": "disk is full"}]
        if state["activity"]:
            told = [name for name, _ in sent if name in ("pause", "resume")]
            state["activity"].update(timer=60, deadline=30.0, paused=told[-1:] == ["pause"])
        route.fulfill(response=answer, json=state)

    def recorded(route):
        request = route.request
        sent.append((request.url.rsplit("/", 1)[-1], json.loads(request.post_data or "{}")))
        route.fulfill(json={"ok": True})

    page = projector()
    page.route("**/api/teacher/*/state", state_with_presence)
    for name in ("timer", "pause", "resume", "seat"):
        page.route(f"**/api/teacher/*/{name}", recorded)
    room.teacher("POST", "/auction", {"format": "first_price", "rounds": 1})
    expect(page.locator("#round")).to_contain_text("s left")
    people = page.locator("#ctl-people")
    expect(people.locator(f'tr[data-student="{second.id}"]')).to_contain_text("Ken (2)")
    expect(people.locator(f'tr[data-student="{second.id}"]')).to_contain_text("away 42 s")
    expect(people.locator(f'tr[data-student="{second.id}"] .rejoin')).to_have_text("ABC234")
    expect(people.locator(f'tr[data-student="{first.id}"]')).to_contain_text("here")
    expect(page.locator("#ctl-faults li")).to_have_text("10:02 · clock · disk is full")

    page.fill("#ctl-timer", "45")
    page.click("#ctl-set-timer")
    page.click("#ctl-no-timer")
    page.click("#ctl-pause")
    expect(page.locator("#paused")).to_be_visible()  # the state says paused: the room sees it
    expect(page.locator("#round")).to_contain_text("paused")
    page.click("#ctl-resume")
    expect(page.locator("#paused")).to_be_hidden()
    room.teacher("POST", "/close")
    room.teacher("POST", "/tables", {"game": "for_sale", "players": 3, "seed": 1})
    row = people.locator(f'tr[data-student="{second.id}"]')
    expect(row.locator("select.seat-to option")).to_have_count(3)
    row.locator("select.seat-to").select_option(index=2)
    row.locator("button", has_text="Seat here").click()
    expect(page.locator("#ctl-message")).to_have_text("Done.")
    assert sent == [
        ("timer", {"seconds": 45}),
        ("timer", {"seconds": None}),
        ("pause", {}),
        ("resume", {}),
        ("seat", {"student": second.id, "table": room.state()["tables"][0]["table"], "seat": 2}),
    ]
    assert not page.errors, page.errors


def test_a_stream_that_refuses_the_token_falls_back_to_looking_every_two_seconds(projector, room):
    """A stricter server may take the teacher's event stream only with a ticket or a cookie: the
    page, whose token still opens the state, keeps the projection current by looking itself."""
    page = projector()
    page.route("**/api/teacher/*/events", lambda route: route.fulfill(status=401, json={"ok": False}))
    page.reload()
    expect(page.locator("#board")).to_be_visible()
    Student(room, "Late")
    expect(page.locator("#joined")).to_have_text("1", timeout=8_000)
    expect(page.locator("#login")).to_be_hidden()


def test_the_formats_are_compared_as_on_the_live_board(projector, room):
    students = [Student(room, f"C{i}") for i in range(4)]
    page = projector()
    for fmt, seed in (("first_price", 1), ("all_pay", 2)):
        room.teacher("POST", "/auction", {"format": fmt, "rounds": 2, "seed": seed})
        for number in (1, 2):
            if number == 2:
                room.teacher("POST", "/next")
            for i, student in enumerate(students):
                assert student.act(f"bid {10 * i + number}").status_code == 200
    expect(page.locator("#outcome")).to_contain_text("Round 2")
    page.click("#ctl-compare")
    expect(page.locator("#revenue-title")).to_have_text("Revenue by format against theory (95 % interval)")
    expect(page.locator("#revenue-chart rect.revenue")).to_have_count(2)
    expect(page.locator("#revenue-chart line.theory")).to_have_count(2)
    expect(page.locator("#revenue-chart line.interval")).to_have_count(6)  # two rounds each: intervals
    formats = room.teacher("GET", "/results")["formats"]
    labels = page.locator("#revenue-chart text.inside").all_text_contents()
    assert labels == [f"{f['mean']:g}" if f["mean"] % 1 == 0 else f"{f['mean']:.1f}" for f in formats]
    page.click("#controls-toggle")
    page.screenshot(path=f"{SHOTS}-formats.png")
    page.click("#controls-toggle")
    page.click("#ctl-compare")
    expect(page.locator("#revenue-title")).to_have_text("Revenue per round against theory")
    assert not page.errors, page.errors


# ---- issue 25 item 6, matching (the matching helper's block): the tables' groups from the page
def test_cl_33_the_page_seats_random_groups_then_fixed_partners_for_several_games(projector, room):
    students = [Student(room, f"M{i}") for i in range(6)]
    page = projector()
    expect(page.locator("#joined")).to_have_text("6")
    expect(page.locator("#ctl-game option")).not_to_have_count(0)
    expect(page.locator("#ctl-matching option")).to_have_text(["New random groups", "Fixed partners"])
    page.select_option("#ctl-game", "for_sale")
    page.fill("#ctl-size", "3")
    page.click("#ctl-start-tables")
    first = room.wait_state(lambda s: len(s["tables"]) == 2)
    assert first["activity"]["matching"] == "random" and first["activity"]["games"] == 1
    page.select_option("#ctl-matching", "fixed")
    expect(page.locator("#ctl-size")).to_be_disabled()  # fixed partners keep the previous size
    page.fill("#ctl-games", "2")
    page.click("#ctl-start-tables")
    second = room.wait_state(lambda s: s["activity"]["id"] != first["activity"]["id"])
    assert second["activity"]["matching"] == "fixed" and second["activity"]["groups"] == "kept"
    assert second["activity"]["games"] == 2 and second["activity"]["players"] == 3
    seats = [[p["student"] for p in t["players"]] for t in second["tables"]]
    assert seats == [[p["student"] for p in t["players"]] for t in first["tables"]]
    expect(page.locator("#round")).to_contain_text("game 1 of 2")
    page.screenshot(path=f"{SHOTS}-matching.png", full_page=True)
    assert len(students) == 6 and not page.errors, page.errors
