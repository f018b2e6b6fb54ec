"""The teaching part writes in the user's language (issue 26, item 2): rule cards, the step
player, the play table, pictures' labels and the auction lab, from one English source and the
``teaching`` catalogue."""

from __future__ import annotations

import dataclasses
import re

import pytest

import gamekit
from gamekit import rules
from gamekit.core import i18n

JA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture
def japanese():
    with gamekit.language("ja"):
        yield


def _with_ja(rule_id: str) -> rules.Rule:
    """A rule of the reference with Japanese words of its own (the fixture does not wait for the
    game helpers' ``[rule.ja]`` tables)."""
    rule = rules.get(rule_id)
    return dataclasses.replace(
        rule, ja=(("title", "払い戻し"), ("statement", "降りた人は入札額の半分（端数切り捨て）を取り戻す。"))
    )


def test_the_teaching_catalogue_has_every_text():
    assert i18n.problems(i18n.domain("teaching")) == []


def test_a_rule_card_in_japanese_shows_the_japanese_words_and_drops_the_english_translation(japanese):
    rule = _with_ja("FS-B6")
    assert rule.quotes, "FS-B6 quotes its document"
    html = rule.html()
    assert "払い戻し" in html and "降りた人は入札額の半分" in html
    assert rule.quotes[0].text.splitlines()[0] in html  # the document's own words stay
    assert rule.quotes[0].translation not in html  # the English translation goes
    assert "ルール" in html or "解釈" in html  # the kind, in Japanese
    assert rule.quotes[0].document.original_title in html  # the document named by its own title
    text = rule.text()
    assert "払い戻し" in text and rule.quotes[0].translation[:30] not in " ".join(text.split())


def test_the_same_card_in_english_keeps_the_translation():
    rule = _with_ja("FS-B6")
    with gamekit.language("en"):
        html = rule.html()
    assert rule.title in html and rule.quotes[0].translation in html and "払い戻し" not in html


def test_a_brief_card_shows_title_and_statement_and_folds_the_rest():
    rule = rules.get("FS-B6")
    html = rule.html(brief=True)
    head, _sep, folded = html.partition("<details")
    assert rule.title in head and rule.statement.split()[0] in head
    assert rule.quotes[0].translation in folded and rule.quotes[0].translation not in head
    gamekit.present()
    try:
        assert "<details" in rules.cards("FS-B6")._repr_html_()
    finally:
        gamekit.present(False)
    assert "<details" not in rules.cards("FS-B6")._repr_html_()


def test_the_step_player_and_the_play_table_speak_japanese(japanese):
    pytest.importorskip("ipywidgets")
    from gamekit.widgets import PlayTable, StepPlayer

    player = StepPlayer("FS-X1")
    assert player.next.description == "次へ ▶" and player.back.description == "◀ 戻る"
    assert "手目" in player.position.value and "開始局面" in player.story.value
    table = PlayTable(gamekit.new_game("for_sale", 3, seed=1), humans=0, bots="random")
    assert "の手番です" in table.controls.children[0].value
    assert JA.search(table.typed.placeholder) and JA.search(table.assist_box.description)


def test_the_same_widgets_stay_english_by_default():
    pytest.importorskip("ipywidgets")
    from gamekit.widgets import StepPlayer

    player = StepPlayer("FS-X1")
    assert player.next.description == "Next ▶" and "step 0 of" in player.position.value


def test_an_assist_note_made_in_one_language_reads_in_the_other():
    from gamekit.teach import Table

    game = gamekit.new_game("for_sale", 3, seed=1)
    table = Table(game, humans=[0], bots="random", assist=True)
    while not game.is_over and not table.assisted:
        seat = table.waiting_for[0]
        table.submit(seat, game.legal_actions(seat)[0])
    note = table.assisted[0].note
    assert "assist" in note
    assert JA.search(note.render("ja")) and "アシスト" in note.render("ja")


def test_the_auction_lab_labels_its_figures_in_japanese(japanese):
    from gamekit import auction_lab as lab

    fig = lab.revenue_figure(lab.revenue_samples(3, auctions=500, seed=0), 3)
    assert "入札者3人" in fig.layout.title.text
    assert "第一価格" in "".join(trace.name for trace in fig.data)
    assert "期待利得" in lab.play_against_equilibrium("first_price", lab.linear_bid(0.8), 3, 500).text()


def test_presentation_mode_speaks_the_current_language(japanese):
    assert "プレゼンテーション" in repr(gamekit.present())
    assert "プレゼンテーション" in repr(gamekit.present(False))


def test_japanese_wrapping_keeps_english_words_whole():
    text = (
        "本プロジェクトの解釈："
        + "The IELLO 2020 rules round down and the BGA guide leaves it to a table setting. " * 3
    )
    lines = rules._wrap(text, "    ", width=60)
    words = set(text.replace("：", " ").split())
    assert all(not line.startswith("     ") for line in lines)  # no line starts with a stray space
    for line in lines[1:]:
        assert line.split()[0] in words, line


def test_the_formats_table_reads_in_japanese_and_keeps_its_english_columns_for_code(japanese):
    from gamekit import auction_lab as lab

    html = lab.styled_formats_table().to_html()
    assert "ゲームでの使われ方" in html and "クーハンデル" in html and "第二価格" in html
    assert lab.formats_table().columns[0] == "Format"  # what lesson code indexes stays English
