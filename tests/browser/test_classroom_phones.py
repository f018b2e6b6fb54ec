"""Phones at the classroom's tables (issue 25): whole games of the four table games played from a
phone page (360×740 and 390×844, in English and Japanese) against bots, a number typed digit by
digit while the table changes under it, and no page wider than the phone. Screenshots of each
game go to /tmp/gamekit-phones/ for a person to look at. Skipped, saying why, without Chromium
and playwright.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from .conftest import HOW_TO_ENABLE, browser_available

if not browser_available():
    pytest.skip(HOW_TO_ENABLE, allow_module_level=True)

import httpx
from playwright.sync_api import expect

from .classroom_fixtures import Room, room_fixture  # noqa: F401  (the fixture room)

SHOTS = Path("/tmp/gamekit-phones")
SYNCED = "v => Number(document.querySelector('#activity').dataset.version) >= v"
PHONES = ({"width": 360, "height": 740}, {"width": 390, "height": 844})
# What a student taps first when it is legal: moves that end a decision quickly, so a whole game
# fits the test's time (the bots play the other seats).
PREFER = (
    "end-trading",
    "reject",
    "stop",
    "hold",
    "pass",
    "sell",
    "plant",
    "draw",
    "auction",
    "offer",
    "accept",
)


def open_phone(browser, room: Room, name: str, lang: str, size: dict):
    context = browser.new_context(viewport=size, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(f"{room.url}/join/{room.code}?lang={lang}")
    page.locator("#join-name").fill(name)
    page.locator("#join-button").click()
    page.locator("#play").wait_for(state="visible", timeout=15_000)
    return page


@pytest.fixture(name="phone")
def phone_fixture(browser, room):
    """``phone(name, lang, size)``: a student joined on a phone-sized page of their own; every
    page is closed before the server stops (an open event stream would hold its shutdown)."""
    opened = []

    def phone(name: str, lang: str, size: dict):
        page = open_phone(browser, room, name, lang, size)
        opened.append(page)
        return page

    yield phone
    for page in opened:
        page.context.close()


def token_of(page, code: str) -> str:
    return page.evaluate("code => localStorage.getItem('gamekit.classroom.token.' + code)", code)


def me(room: Room, token: str) -> dict:
    answer = httpx.get(f"{room.url}/api/me", headers={"Authorization": f"Bearer {token}"}, timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.json()


def fits(page) -> None:
    """Nothing is wider than the phone: the page never scrolls sideways."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], (width, page.viewport_size)


def choose(shown: list[str], steppers: list[str]) -> str:
    """A preferred button, else the first stepper's amount (as the verb), else the first button."""
    for verb in PREFER:
        for text in shown:
            if text.split(" ")[0] == verb:
                return text
    return steppers[0].rsplit("-", 1)[1] if steppers else shown[0]


READY = """() => {
    if (document.querySelector("#result")) return "over";
    if (!document.querySelector("#notice").hidden) return null;  // an action is on its way
    const shown = [...document.querySelectorAll("#actions [data-action]:not([disabled])")].map((b) => b.dataset.action);
    const steppers = [...document.querySelectorAll("#actions [data-go]:not([disabled])")].map((b) => b.dataset.go);
    if (!shown.length && !steppers.length) return null;
    return {version: Number(document.querySelector("#activity").dataset.version), shown, steppers};
}"""


def tap(page, text: str, steppers: list[str]) -> None:
    """Tap ``text`` on the page: its button, or the stepper of its verb (which opens on the lowest
    legal amount) and the confirm bar when the page asks."""
    button = page.locator(f'#actions [data-action="{text}"]')
    if button.count():
        button.click()
    else:
        page.locator(f'[data-go="{steppers[0]}"]').click()
    confirm = page.locator("#actions [data-confirm]")
    if confirm.count():
        expect(confirm).to_be_visible()
        confirm.click()


def play_to_end(page, game: str, shots: int, limit: float = 55.0) -> int:
    """The student plays every decision of their seat from the page (what it shows, nothing
    else) until the game is over; screenshots at a few points. Returns the number of taps."""
    deadline = time.monotonic() + limit
    taps = 0
    shot = 0
    while True:
        assert time.monotonic() < deadline, f"{game}: not over after {limit} s ({taps} taps)"
        ready = page.wait_for_function(READY, timeout=20_000).json_value()
        if ready == "over":
            return taps
        if taps in (0, 5) or (taps % 40 == 0 and shot < shots):
            fits(page)
            page.screenshot(
                path=str(SHOTS / f"{game}-{page.viewport_size['width']}-{shot}.png"), full_page=True
            )
            shot += 1
        text = choose(ready["shown"], ready["steppers"])
        tap(page, text, ready["steppers"])
        page.wait_for_function(SYNCED, arg=ready["version"] + 1, timeout=20_000)
        expect(page.locator("#refusal")).to_be_hidden()
        taps += 1


@pytest.mark.parametrize(
    ("game", "lang", "size"),
    [
        ("for_sale", "en", PHONES[0]),
        ("money_monsoon", "ja", PHONES[1]),
        ("bohnanza", "en", PHONES[1]),
        ("kuhhandel", "ja", PHONES[0]),
    ],
)
def test_a_whole_game_is_played_from_a_phone(room, phone, game, lang, size):
    SHOTS.mkdir(exist_ok=True)
    started = time.monotonic()
    page = phone("Aiko", lang, size)
    token = token_of(page, room.code)
    players = 4 if game == "money_monsoon" else 3  # MM-C1: Money Monsoon takes 4 to 6
    bots = "planter" if game == "bohnanza" else "random"  # a bot that does not trade: a shorter game
    config = {"game": game, "players": players, "bots": bots, "seed": 7}
    room.teacher("POST", "/tables", config)  # Bohnanza: she taps "pass" at each point (CL-17) too
    expect(page.locator("#picture svg").first).to_be_attached(timeout=15_000)
    expect(page.locator("#rows li")).to_have_count(players)
    # No English key: value dump: every item of the rows has its label in the page's language.
    labels = page.locator("#rows .item .k").all_inner_texts()
    assert labels and not [k for k in labels if "_" in k], labels
    taps = play_to_end(page, game, shots=3)
    expect(page.locator("#result")).to_be_visible()
    if lang == "ja":  # the cards' names too are in Japanese (the lessons' picture stays English)
        shown = (
            page.locator("#rows").inner_text() + page.locator("#my-holdings, #my-pawns").first.inner_text()
        )
        assert not re.search(r"\b(rooster|goose|cat|dog|sheep|goat|donkey|pig|cow|horse)\b", shown), shown
    fits(page)
    page.screenshot(path=str(SHOTS / f"{game}-{size['width']}-end.png"), full_page=True)
    assert taps > 0
    assert not page.errors, page.errors
    final = me(room, token)["activity"]
    assert final["result"] is not None and final["legal"] == []
    assert final["result"]["winners"], final["result"]  # ended by the game's rules, not a turn limit
    print(f"{game}: {taps} taps in {time.monotonic() - started:.1f} s")


def test_a_bid_typed_digit_by_digit_while_the_table_moves_is_stored_as_typed(room, phone):
    """Money Monsoon's sealed bids: Aiko types 2, 5 one key at a time while Ben bids and the page
    refreshes under her finger; she confirms "bid 25" and the teacher's rows hold exactly 25."""
    aiko = phone("Aiko", "en", PHONES[0])
    ben = phone("Ben", "ja", PHONES[1])
    tokens = {"Aiko": token_of(aiko, room.code), "Ben": token_of(ben, room.code)}
    room.teacher("POST", "/tables", {"game": "money_monsoon", "players": 4, "seed": 3})
    # Play (by API) until both students bid at once, each with a stepper on their page.
    for _ in range(60):
        screens = {n: me(room, t)["activity"] for n, t in tokens.items()}
        bidding = [n for n, s in screens.items() if any(x.startswith("bid ") for x in s["legal"])]
        if len(bidding) == 2:
            break
        acting = [n for n, s in screens.items() if s["legal"]]
        assert acting, "nobody can act"
        name = acting[0]
        legal = screens[name]["legal"]
        text = next((x for x in legal if x.startswith("move")), "bid 0" if "bid 0" in legal else legal[0])
        httpx.post(
            f"{room.url}/api/act", json={"text": text}, headers={"Authorization": f"Bearer {tokens[name]}"}
        )
    assert len(bidding) == 2
    table = screens["Aiko"]["table"]
    field = aiko.locator(f"#act-{table}-bid")
    version = me(room, tokens["Aiko"])["version"]
    aiko.wait_for_function(SYNCED, arg=version)
    field.click()
    field.press("Control+a")
    aiko.keyboard.type("2", delay=80)
    # Ben bids from his phone: every page at the table refreshes while Aiko's field is open.
    ben_field = ben.locator(f"#act-{table}-bid")
    ben_field.fill("3")
    ben.locator(f'[data-go="act-{table}-bid"]').click()
    ben.locator(f'[data-confirm="act-{table}-bid"]').click()
    aiko.wait_for_function(SYNCED, arg=version + 1)
    assert field.evaluate("f => document.activeElement === f"), "the refresh took the field away"
    assert field.evaluate("f => [f.value, f.selectionStart]") == ["2", 1], "the caret moved"
    aiko.keyboard.type("5", delay=80)
    expect(field).to_have_value("25")
    aiko.locator(f'[data-go="act-{table}-bid"]').click()
    expect(aiko.locator(".confirm-bar .ask")).to_have_text("Send Bid 25?")
    aiko.locator(f'[data-confirm="act-{table}-bid"]').click()
    expect(aiko.locator("#refusal")).to_be_hidden()
    rows = room.teacher("GET", "/rows")
    bids = [r["text"] for r in rows if r["name"] == "Aiko" and r["kind"] == "action"]
    assert bids[-1] == "bid 25", bids
    fits(aiko)
    fits(ben)
    aiko.screenshot(path=str(SHOTS / "typing-aiko.png"), full_page=True)
    assert not aiko.errors and not ben.errors, (aiko.errors, ben.errors)


def test_offline_the_action_is_kept_as_sending_and_sent_once_when_back(room, phone):
    """The phone loses the network with a sealed bid typed: the banner shows at once, the bid shows
    as kept, not refused; back online, the banner goes within seconds and the bid is stored once."""
    page = phone("Aiko", "ja", PHONES[0])
    expect(page.locator("#conn")).to_be_hidden()
    room.teacher("POST", "/auction", {"format": "second_price", "rounds": 1, "seed": 1})
    field = page.locator("#bid-1")
    expect(field).to_be_visible(timeout=15_000)
    page.context.set_offline(True)
    field.fill("37")
    page.locator('[data-go="bid-1"]').click()
    expect(page.locator(".confirm-bar .ask")).to_have_text("入札 37 を送信しますか？")
    page.locator('[data-confirm="bid-1"]').click()
    expect(page.locator("#conn")).to_be_visible(timeout=5_000)
    expect(page.locator("#notice")).to_contain_text("接続がありません")
    expect(page.locator("#refusal")).to_be_hidden()
    fits(page)
    page.screenshot(path=str(SHOTS / "offline-kept.png"), full_page=True)
    assert not [r for r in room.teacher("GET", "/rows") if r["name"] == "Aiko" and r["kind"] == "bid"]
    back = time.monotonic()
    page.context.set_offline(False)
    expect(page.locator("#bid-in")).to_have_text("あなたの入札 37 を受け付けました。", timeout=10_000)
    expect(page.locator("#conn")).to_be_hidden(timeout=5_000)
    expect(page.locator("#notice")).to_be_hidden()
    print(f"back online -> bid stored and banner hidden in {time.monotonic() - back:.1f} s")
    bids = [r for r in room.teacher("GET", "/rows") if r["name"] == "Aiko" and r["kind"] == "bid"]
    assert [(r["text"], r["accepted"]) for r in bids] == [("bid 37", True)], bids
    assert not page.errors, page.errors


def test_the_join_page_takes_a_rejoin_code_and_the_phone_shows_its_own(room, phone):
    """The page shows the student's rejoin code when the server gives one (contract: /api/me
    ``rejoin``), and the join page has the "already joined on another phone?" form; a code the
    server does not know is refused in the page's language, nothing wider than the phone."""
    page = phone("Aiko", "en", PHONES[0])
    shown = page.locator("#rejoin-shown")
    rejoin = page.evaluate("() => fetch('/api/me', {headers: {Authorization: 'Bearer ' + localStorage.getItem("
                           "'gamekit.classroom.token.' + document.location.pathname.split('/')[2])}}).then(r => r.json())"
                           ".then(d => d.rejoin || null)")  # fmt: skip
    if rejoin:
        expect(shown).to_contain_text(rejoin)
    else:
        expect(shown).to_be_hidden()  # a server without rejoin codes: nothing to show
    fresh = page.context.browser.new_context(viewport=PHONES[1])
    other = fresh.new_page()
    other.goto(f"{room.url}/join/{room.code}?lang=ja")
    expect(other.locator("#rejoin-form h2")).to_have_text("別の端末で参加済みですか？")
    other.locator("#rejoin-code").fill("ZZZZZZ")
    other.locator("#rejoin-button").click()
    expect(other.locator("#join-error")).to_be_visible()
    fits(other)
    if rejoin:
        other.locator("#rejoin-code").fill(rejoin)
        other.locator("#rejoin-button").click()
        expect(other.locator("#play")).to_be_visible()
        expect(other.locator("#who")).to_contain_text("Aiko")
    fresh.close()


def test_the_phone_counts_down_the_teachers_timer(room, phone):
    """A round with the teacher's timer (contract: ``deadline`` seconds left and ``paused`` in
    /api/me's activity; here added to the server's answer by the browser, as the timer is another
    part's): the phone counts down between updates and says when it is paused."""
    page = phone("Aiko", "ja", PHONES[0])
    extra = {"deadline": 30.0, "paused": False, "timer": 30}

    def with_timer(route):
        answer = route.fetch()
        data = answer.json()
        if data.get("activity"):
            data["activity"].update(extra)
        route.fulfill(response=answer, json=data)

    page.route("**/api/me", with_timer)
    room.teacher("POST", "/auction", {"format": "first_price", "rounds": 1, "seed": 1})
    timer = page.locator("#timer")
    expect(timer).to_have_text(re.compile(r"^残り (30|29|28) 秒$"), timeout=15_000)
    first = int(re.search(r"\d+", timer.inner_text()).group())
    expect(timer).not_to_have_text(f"残り {first} 秒", timeout=5_000)  # it counts down by itself
    extra.update(deadline=12.0, paused=True)
    page.locator("#bid-1").fill("5")  # typing does not stop the clock or lose the digits
    room.teacher("POST", "/auction", {"format": "first_price", "rounds": 1, "seed": 2})
    expect(timer).to_have_text("一時停止中（残り 12 秒）", timeout=15_000)
    fits(page)
    assert not page.errors, page.errors


def test_a_held_request_says_sending_and_the_buttons_wait(room, phone):
    """The bid is held on its way for a second and a half (the browser holds it): the page says
    "送信中…" at once with the buttons greyed, then shows the bid taken; nothing is sent twice."""
    page = phone("Aiko", "ja", PHONES[1])
    room.teacher("POST", "/auction", {"format": "first_price", "rounds": 1, "seed": 3})

    held = []
    page.route("**/api/act", lambda route: held.append(route))  # held until the test lets it go
    page.locator("#bid-1").fill("12")
    page.locator('[data-go="bid-1"]').click()
    page.locator('[data-confirm="bid-1"]').click()
    expect(page.locator("#notice")).to_contain_text("送信中…", timeout=1_000)
    expect(page.locator('[data-go="bid-1"]')).to_be_disabled()
    page.wait_for_timeout(1_500)
    expect(page.locator("#notice")).to_contain_text("送信中…")  # still saying so, not a silent grey
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator("#bid-in")).to_have_text("あなたの入札 12 を受け付けました。", timeout=10_000)
    expect(page.locator("#notice")).to_be_hidden()
    bids = [r["text"] for r in room.teacher("GET", "/rows") if r["name"] == "Aiko" and r["kind"] == "bid"]
    assert bids == ["bid 12"], bids
    assert not page.errors, page.errors
