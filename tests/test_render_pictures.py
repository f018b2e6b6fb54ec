"""Pictures travel in a form an untrusted notebook and GitHub render: SVG as data-URI images with
alt text, the style sheet inlined (gamekit.pictures.portable)."""

from __future__ import annotations

import base64
import re

import pytest

import gamekit
from gamekit.pictures import picture
from gamekit.pictures.portable import inline_styles, portable, svg_to_img

GAMES = ["for_sale", "money_monsoon", "kuhhandel", "bohnanza"]


@pytest.mark.parametrize("name", GAMES)
def test_every_svg_becomes_an_image_with_its_title_as_alt(name: str) -> None:
    game = gamekit.new_game(name, players=4, seed=7)
    pic = picture(game)
    svgs = re.findall(r"<svg\b.*?</svg>", pic.html, re.S)
    shown = pic._repr_html_()
    assert svgs and "<svg" not in shown
    images = re.findall(r'<img src="data:image/svg\+xml;base64,([^"]+)" alt="([^"]*)"', shown)
    assert len(images) == len(svgs)
    for (data, alt), svg in zip(images, svgs, strict=True):
        decoded = base64.b64decode(data).decode("utf-8")
        assert decoded.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
        title = re.search(r"<title>(.*?)</title>", svg, re.S)
        assert title and alt == title.group(1) and alt.strip()


def test_the_style_sheet_is_copied_onto_the_elements() -> None:
    css = ".a { color: red; } .a td { padding: 2px; } .a td.n { text-align: right; } .b, i { margin: 0 }"
    html = '<div class="a"><table><tr><td>1</td><td class="n" style="color: blue">2</td></tr></table></div><td>3</td>'
    out = inline_styles(html, css)
    assert out.startswith('<div style="color: red" class="a">')
    assert '<td style="padding: 2px">1</td>' in out
    assert '<td style="padding: 2px; text-align: right; color: blue" class="n">2</td>' in out
    assert out.endswith("<td>3</td>")  # outside .a nothing changes


def test_a_picture_keeps_its_look_without_the_style_block() -> None:
    shown = picture(gamekit.new_game("for_sale", players=3, seed=1))._repr_html_()
    body = re.sub(r"<style>.*?</style>", "", shown, flags=re.S)
    assert re.search(r'<div style="[^"]*border-radius: 8px[^"]*" class="gk-picture', body)
    assert re.search(r'<img [^>]*class="gk-card"[^>]*style="vertical-align: middle; margin: 1px"', body)


def test_svg_without_title_uses_aria_label_and_text_is_escaped() -> None:
    out = svg_to_img('<p>x</p><svg width="4" height="5" aria-label="a &amp; b"><rect/></svg>')
    assert out.startswith('<p>x</p><img src="data:image/svg+xml;base64,')
    assert 'alt="a &amp; b" width="4" height="5">' in out
    assert portable("<b>plain</b>") == "<b>plain</b>"
