"""The projector's results (``GET /api/teacher/{code}/results``, ``classroom.results``): the same
numbers as the notebook's live board for a played session, sealed bids hidden until the round
closes, the teacher's token only; and each table's public picture, which shows no hidden card."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("plotly")

import gamekit
from gamekit.classroom import live
from gamekit.classroom.public import PUBLIC_HEADING, public_picture, public_view
from gamekit.classroom.results import for_page
from gamekit.pictures import picture

from .classroom_client import Client

TEACHERS = ("teacher's view", "teacher&#x27;s view")  # a drawer's heading for view(None)


def _teachers(html: str) -> bool:
    return any(t in html for t in TEACHERS)


def _results(room) -> dict:
    return room.t("GET", "results")


def test_results_of_played_sealed_rounds_equal_the_live_boards_numbers(room):
    room.add("Dee")
    started = room.t(
        "POST", "auction", {"format": "first_price", "rounds": 2, "low": 0, "high": 100, "seed": 5}
    )
    played = {}
    for number in (1, 2):
        if number == 2:
            room.t("POST", "next")
        for i, student in enumerate(room.students):
            me = student.ok("GET", "/api/me")
            bid = min(me["activity"]["value"], 10 + 17 * i + number)
            student.ok("POST", "/api/act", {"text": f"bid {bid}"})
            played[(number, room.ids[i])] = (me["activity"]["value"], bid)
    answer = _results(room)
    assert answer["activity"] == started["activity"] and answer["format"] == "first_price"
    assert [r["round"] for r in answer["rounds"]] == [1, 2]
    assert all(r["status"] == "closed" for r in answer["rounds"])

    rows = room.t("GET", "rows")
    bids = live.bids(rows)
    per_round = live.round_revenue(rows, 0, 100)
    names = dict(zip(room.ids, ["Aiko", "Ben", "Chiara", "Dee"], strict=True))
    for shown in answer["rounds"]:
        number = shown["round"]
        mine = bids[bids["round"] == number]
        assert sorted((b["name"], b["value"], b["bid"]) for b in shown["bids"]) == sorted(
            zip(mine["name"], mine["value"], mine["bid"], strict=True)
        )
        assert sorted((b["value"], b["bid"]) for b in shown["bids"]) == sorted(
            v for (n, _), v in played.items() if n == number
        )
        expected = per_round[per_round["round"] == number].iloc[0]
        assert shown["revenue"] == pytest.approx(expected["revenue"])
        assert shown["theory_revenue"] == pytest.approx(expected["theory"], abs=1e-3)
        assert shown["bidders"] == 4
        # First price: the winner is the highest bid, who pays it.
        top = max((bid, sid) for (n, sid), (_, bid) in played.items() if n == number)
        assert shown["price"] == top[0] == shown["revenue"]
        assert shown["winner"] == names[top[1]]
        # The equilibrium line is live's, for the round's n.
        values = np.array([v for v, _ in shown["equilibrium"]], dtype=float)
        line = live.equilibrium_bids("first_price", values, 4, 0, 100)
        assert np.allclose([b for _, b in shown["equilibrium"]], line, atol=1e-3)
        assert values[0] == 0 and values[-1] == 100

    # ... and the board's revenue figure (Classroom.live()) shows their mean and the theory.
    figure = live.revenue_figure(rows, 0, 100)
    bar, theory = figure.data[0], figure.data[1]
    assert bar.y[0] == pytest.approx(np.mean([r["revenue"] for r in answer["rounds"]]))
    assert theory.y[0] == pytest.approx(np.mean([r["theory_revenue"] for r in answer["rounds"]]), abs=1e-3)
    points = live.bids_figure(rows, 0, 100).data[1]  # the class's bids against their values
    assert sorted(zip(points.x, points.y, strict=True)) == sorted(
        (b["value"], b["bid"]) for r in answer["rounds"] for b in r["bids"]
    )


def test_a_sealed_round_shows_no_bid_until_it_closes(room):
    room.t("POST", "auction", {"format": "second_price", "rounds": 1, "seed": 1})
    room.students[0].ok("POST", "/api/act", {"text": "bid 40"})
    shown = _results(room)["rounds"][0]
    assert shown["status"] == "open" and shown["bids"] == [] and shown["winner"] is None
    assert shown["revenue"] is None and shown["price"] is None
    room.t("POST", "close")
    shown = _results(room)["rounds"][0]
    assert shown["status"] == "closed" and [b["bid"] for b in shown["bids"]] == [40]
    assert shown["winner"] == "Aiko" and shown["price"] == 0  # a lone bidder pays the floor
    assert shown["theory_revenue"] is None and shown["equilibrium"] == []  # no theory for n = 1


def test_the_clock_shows_its_price_and_how_many_are_still_in_and_its_revenue_is_lives(room):
    room.add("Dee")
    body = {"format": "losers_pay_half", "rounds": 1, "tick_seconds": 0, "step": 5, "seed": 3}
    room.t("POST", "auction", body)
    clock = _results(room)["clock"]
    assert clock == {"price": 0, "still_in": 4, "top": clock["top"], "status": "open"} and clock["top"] >= 100
    room.t("POST", "tick")
    room.students[0].ok("POST", "/api/act", {"text": "drop"})
    room.t("POST", "tick")
    room.t("POST", "tick")
    room.students[1].ok("POST", "/api/act", {"text": "drop"})
    answer = _results(room)
    assert answer["clock"]["price"] == 15 and answer["clock"]["still_in"] == 2
    room.t("POST", "tick")
    room.students[2].ok("POST", "/api/act", {"text": "drop"})  # one left: the round closes
    answer = _results(room)
    shown = answer["rounds"][0]
    assert shown["status"] == "closed" and shown["winner"] == "Dee" and shown["price"] == 20
    rows = room.t("GET", "rows")
    expected = live.round_revenue(rows, 0, 100).iloc[0]
    assert shown["revenue"] == pytest.approx(expected["revenue"]) and shown["bidders"] == 4
    assert sorted(b["bid"] for b in shown["bids"]) == [5, 15, 20, 20]
    assert [b["censored"] for b in shown["bids"] if b["name"] == "Dee"] == [True]


def test_results_need_the_teachers_token(room):
    path = f"/api/teacher/{room.code}/results"
    assert room.students[0].get(path).status_code == 403  # a student's token is not the teacher's
    assert Client(room.url).get(path).status_code == 401
    assert Client(room.url, "not-the-token").get(path).status_code == 403


def test_tables_come_with_their_public_pictures_and_final_scores(room):
    room.t("POST", "tables", {"game": "for_sale", "players": 3, "seed": 2})
    answer = _results(room)
    assert answer["kind"] == "tables" and "for_sale" in answer["games"]
    (table,) = answer["tables"]
    assert PUBLIC_HEADING in table["picture"] and not _teachers(table["picture"])
    assert [p["name"] for p in table["players"]] and table["scores"] is None
    state = room.t("GET", f"tables/{table['table']}")
    game = gamekit.load_game(state["json"])
    for houses in game.houses:  # no house held in a hand is drawn face up
        for house in houses:
            if house not in game.table:
                assert f"<title>house {house}</title>" not in table["picture"]


# ------------------------------------------------------------------ public pictures, no server
def _positions(name: str, seed: int, steps: int = 400, every: int = 7):
    """Positions of a random game of ``name`` (bounded), every ``every`` decisions and the last."""
    options = {"max_turns": 40} if name in ("kuhhandel", "money_monsoon") else None
    game = gamekit.new_game(name, players=4, seed=seed, options=options)
    rng = random.Random(seed)
    for step in range(steps):
        if game.is_over:
            break
        if step % every == 0:
            yield game
        seat = game.to_act[0]
        game.act(seat, rng.choice(game.legal_actions(seat)))
    yield game


def _contained(public, seen) -> bool:
    """Whether every part the public view shows is shown alike in a seat's own view."""
    if public is None:
        return True
    if isinstance(public, list):
        return isinstance(seen, list) and len(seen) == len(public) and all(map(_contained, public, seen))
    if isinstance(public, dict):
        return isinstance(seen, dict) and all(_contained(v, seen.get(k)) for k, v in public.items())
    return public == seen


@pytest.mark.parametrize("name", ["for_sale", "money_monsoon", "bohnanza", "kuhhandel"])
def test_the_public_view_holds_only_what_every_seat_sees(name):
    for seed in range(2):
        for game in _positions(name, seed):
            public = public_view(game)
            assert public["viewer"] is None and set(public) == set(game.view(None))
            for seat in range(game.players):
                seen = {**game.view(seat), "viewer": None}
                assert _contained(public, seen), (name, seed, seat)
            html = public_picture(game).html
            assert PUBLIC_HEADING in html and not _teachers(html)


def test_no_hidden_card_appears_in_a_public_picture_though_the_teachers_shows_it():
    leaked_in_teachers = 0
    for seed in range(3):
        for game in _positions("for_sale", seed, every=3):
            public = public_picture(game).html
            teachers = picture(game).html
            for houses in game.houses:
                for house in houses:
                    title = f"<title>house {house}</title>"
                    assert title not in public
                    leaked_in_teachers += title in teachers  # the check would see a leak
        for game in _positions("kuhhandel", seed):
            view = public_view(game)
            assert view["money"] == [None] * game.players and view["deck"] is None
            if view["trade"] is not None:
                assert view["trade"]["offer"] is None and view["trade"]["building"] is None
        for game in _positions("bohnanza", seed):
            view = public_view(game)
            assert view["hands"] == [None] * game.players and view["deck"] is None
        for game in _positions("money_monsoon", seed, every=1, steps=60):
            view = public_view(game)
            assert view["bid_range"] == [None] * game.players
            if game.phase == "bid":
                assert view["bids"] == [None] * game.players
    assert leaked_in_teachers > 0


def test_the_live_board_never_shows_the_teachers_full_view():
    game = gamekit.new_game("for_sale", players=3, seed=1)
    game.act(game.to_act[0], game.legal_actions(game.to_act[0])[0])
    teachers = picture(game).html
    assert _teachers(teachers)
    assert not _teachers(live.board_picture(teachers)) and "Not shown" in live.board_picture(teachers)
    public = live.board_picture(game)
    assert PUBLIC_HEADING in public
    for house in [h for held in game.houses for h in held]:
        assert f"<title>house {house}</title>" not in public


def test_a_picture_goes_to_the_page_without_inline_styles():
    game = gamekit.new_game("bohnanza", players=4, seed=1)
    html = public_picture(game).html
    assert "<style" in html and ' style="' in html  # the drawers write both
    shown, css = for_page(html)
    assert "<style" not in shown and " style=" not in shown and "data-gk-style=" in shown
    assert "table-layout" in css
    assert shown.count("data-gk-style=") == html.count(' style="')


def test_the_summary_is_the_live_boards_and_an_open_sealed_round_is_in_neither(room):
    room.t("POST", "auction", {"format": "all_pay", "rounds": 3, "seed": 8})
    for number in (1, 2):
        if number == 2:
            room.t("POST", "next")
        for i, student in enumerate(room.students):
            student.ok("POST", "/api/act", {"text": f"bid {5 * i + number}"})
    room.t("POST", "next")
    room.students[0].ok("POST", "/api/act", {"text": "bid 77"})  # round 3 open: sealed
    answer = _results(room)
    rows = room.t("GET", "rows")
    closed = [r for r in rows if r["round"] in (1, 2)]
    expected = live.revenue_summary(closed, 0, 100).iloc[0]
    summary = answer["summary"]
    for key in ("mean", "ci_low", "ci_high", "theory"):  # sent to 3 decimals
        assert summary[key] == pytest.approx(expected[key], abs=1e-3), key
    assert summary["rounds"] == 2
    assert answer["rounds"][2]["bids"] == [] and answer["rounds"][2]["revenue"] is None
    # The notebook's board leaves the open round's bid out too; the clock's drops would stay.
    state = room.t("GET", "state")
    shown = live.sealed_hidden(live.frame(rows), state)
    assert 77 not in set(shown["amount"]) and 77 in set(live.frame(rows)["amount"])
    assert len(shown) == len(rows) - 1
    clock_state = {**state, "activity": {**state["activity"], "kind": "clock"}}
    assert len(live.sealed_hidden(live.frame(rows), clock_state)) == len(rows)


def test_the_formats_compared_are_the_live_boards_revenue_figure(room):
    assert _results(room)["activity"] is None
    room.t("POST", "auction", {"format": "first_price", "rounds": 2, "seed": 2})
    assert _results(room)["formats"] == []  # nothing closed yet
    for number in (1, 2):
        if number == 2:
            room.t("POST", "next")
        for i, student in enumerate(room.students):
            student.ok("POST", "/api/act", {"text": f"bid {20 * i + number}"})
    room.t("POST", "auction", {"format": "second_price", "rounds": 2, "seed": 3})
    for i, student in enumerate(room.students):
        student.ok("POST", "/api/act", {"text": f"bid {30 * i + 4}"})
    room.t("POST", "next")
    room.students[0].ok("POST", "/api/act", {"text": "bid 99"})  # open: in no figure
    formats = {f["format"]: f for f in _results(room)["formats"]}
    rows = room.t("GET", "rows")
    closed = [r for r in rows if r["text"] != "bid 99"]
    expected = live.revenue_summary(closed, 0, 100).set_index("format")
    assert set(formats) == set(expected.index) == {"first_price", "second_price"}
    for fmt, shown in formats.items():
        assert shown["rounds"] == expected.loc[fmt, "rounds"] and shown["bidders"] == 3
        for key in ("mean", "theory"):
            assert shown[key] == pytest.approx(expected.loc[fmt, key], abs=1e-3)
    assert formats["second_price"]["rounds"] == 1 and formats["second_price"]["ci_low"] is None
    bars = live.revenue_figure(closed, 0, 100).data[0]  # the board's bars: the same means
    assert sorted(bars.y) == pytest.approx(sorted(f["mean"] for f in formats.values()), abs=1e-3)


def test_the_notebooks_live_board_shows_no_hidden_house_of_a_table(tmp_path):
    """``Classroom.live()``: the board may be projected; whatever the session hands it for a
    table (today the teacher's full picture, which the board refuses to show), no house held in
    a hand is drawn face up."""
    pytest.importorskip("ipywidgets")
    from gamekit.classroom import Classroom

    room = Classroom(db=tmp_path / "class.db", title="board")
    try:
        students = [Client(room.server.url) for _ in range(3)]
        for i, student in enumerate(students):
            joined = student.ok("POST", "/api/join", {"code": room.code, "name": f"N{i}"})
            students[i] = Client(room.server.url, joined["token"])
        room.tables("for_sale", players=3, seed=1)
        for _ in range(30):  # bounded: until some houses are held
            for student in students:
                screen = student.ok("GET", "/api/me")["activity"]
                if screen["seat"] in screen["to_act"]:
                    student.ok("POST", "/api/act", {"text": screen["legal"][-1]})
            if sum(map(len, room.game(room.state()["tables"][0]["table"]).houses)) >= 3:
                break
        board = room.live(interval=60, figure_widgets=False)
        board.stop()
        game = room.game(room.state()["tables"][0]["table"])
        held = [h for houses in game.houses for h in houses]
        assert held
        assert "Table" in board.tables.value and not _teachers(board.tables.value)
        for house in held:
            assert f"<title>house {house}</title>" not in board.tables.value
    finally:
        room.stop()
