"""Pictures show what a view shows: the teacher everything, a player nothing hidden."""

from __future__ import annotations

import re

import pytest

import gamekit
from gamekit.pictures import picture


def selling_game():
    g = gamekit.new_game("for_sale", 4, seed=3, stack={"first_player": 0})
    while g.phase == "buy":
        g.act(g.to_act[0], "pass")
    return g


def titles(html: str) -> list[str]:
    return re.findall(r"<title>([^<]*)</title>", html)


def test_buying_picture_shows_the_table_bids_and_whose_turn():
    g = gamekit.new_game("for_sale", 3, seed=1, stack={"houses": [3, 5, 11], "first_player": 0})
    g.act(0, "bid 2")
    html = picture(g).html
    assert [t for t in titles(html) if t.startswith("house")] == ["house 3", "house 5", "house 11"]
    assert "high bid 2 by A" in html and "to act" in html
    assert "the teacher" in html


def test_fs_b10_player_picture_shows_others_houses_and_cheques_face_down_with_their_number():
    g = gamekit.new_game("for_sale", 3, seed=1, stack={"houses": [3, 5, 11], "first_player": 0})
    for action in ("bid 2", "bid 3", "pass", "pass"):  # C takes 3, A 5, B 11 (FS-X1)
        g.act(g.to_act[0], action)
    html = picture(g, 1).html
    assert "B (you)" in html and "house 11" in titles(html)  # B's own house, face up
    assert "house 3" not in titles(html) and "house 5" not in titles(html)
    assert titles(html).count("a house, face down") == 2 and html.count(">1 house</span>") == 2
    assert 'title="coins in hand">25<' in html and html.count('title="coins in hand">?<') == 2  # FS-B11
    assert "? is a count only its owner sees (FS-B11)" in html
    g.options["coin_counts"] = "shown"  # the option: every count public
    html = picture(g, 1).html
    assert 'title="coins in hand">27<' in html and 'title="coins in hand">28<' in html
    teacher = picture(g).html
    assert {"house 3", "house 5", "house 11"} <= set(titles(teacher)) and "face down" not in "".join(
        titles(teacher)
    )
    g2 = selling_game()
    for seat in range(4):
        g2.act(seat, f"sell {g2.view()['houses'][seat][0]}")
    html = picture(g2, 0).html
    assert titles(html).count("a cheque, face down") == 3 and html.count(">1 cheque</span>") == 3
    assert sum(t.startswith("cheque ") for t in titles(html)) == 1 + 4  # A's own cheque, the table


def test_fs_s2_chosen_house_is_face_down_for_others_and_face_up_for_the_teacher():
    g = selling_game()
    house = g.view()["houses"][1][-1]
    g.act(1, f"sell {house}")
    teacher = picture(g).html
    player = picture(g, 0).html
    assert teacher.count(f"<title>house {house}</title>") == 2  # in hand and chosen
    assert player.count(f"<title>house {house}</title>") == 0  # B's hand lies face down too (FS-B10)
    assert "a house chosen face down" in player
    assert "a house chosen face down" not in teacher


def test_finished_game_picture_gives_the_result():
    g = gamekit.new_game("for_sale", 3, seed=5)
    gamekit.play(g, "spread")
    html = picture(g).html
    assert "Game over" in html and "Final money" in html
    assert "wins" in html or "share the win" in html


def test_picture_displays_in_jupyter_with_its_style():
    g = gamekit.new_game("for_sale", 3, seed=5)
    assert picture(g)._repr_html_().startswith("\n<style>")


def test_a_game_without_a_drawer_says_so():
    class Unknown:
        name = "nothing"

    with pytest.raises(NotImplementedError, match="no picture"):
        picture(Unknown())  # type: ignore[arg-type]
