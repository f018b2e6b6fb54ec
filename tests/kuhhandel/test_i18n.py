"""Kuhhandel in Japanese and in English (issue 26): narration, refusals, rules and pictures come
from one English source and the game's catalogue; saves hold no language."""

from __future__ import annotations

import re

import pytest

import gamekit
from gamekit import rules
from gamekit.core.errors import IllegalAction
from gamekit.core.i18n import problems
from gamekit.core.narration import scores_text, standings_text
from gamekit.core.saves import load_game, save_text
from gamekit.games.kuhhandel import pictures
from gamekit.games.kuhhandel.i18n import _

from .helpers import game, play

# Three ASCII words of two letters or more in a row: an English phrase (seat letters, numbers,
# rule IDs and action syntax such as `bid 10` are not).
ENGLISH = re.compile(r"[A-Za-z]{2,}(?:[ ,;:'’-]+[A-Za-z]{2,}){2,}")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
BOTS = ["value", "cowtrader", "bluffer", "buyin"]


def bot_game(seed: int) -> gamekit.Game:
    g = gamekit.new_game("kuhhandel", 4, seed=seed)
    gamekit.play(g, BOTS)
    return g


def shared_part(event: dict) -> str:
    """The core's standings in an end or stopped event (translated by the core's catalogue)."""
    if event["type"] == "end":
        return standings_text(event["scores"], event["winners"])
    if event["type"] == "stopped":
        return scores_text(event["scores"])
    return ""


def test_kh_catalogue_is_complete():
    assert problems(_) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_kh_bot_game_narrated_in_japanese_has_no_english_sentence(seed):
    g = bot_game(seed)
    english = [e["text"] for e in g.log]
    with gamekit.language("ja"):
        japanese = [e["text"] for e in g.log]
        leftovers = [
            text.replace(shared_part(e), "")
            for e, text in zip(g.log, japanese, strict=True)
            if ENGLISH.search(text.replace(shared_part(e), ""))
        ]
    assert leftovers == []
    assert all(JAPANESE.search(text) for text in japanese)
    assert not any(JAPANESE.search(text) for text in english)
    assert [e["text"] for e in g.log] == english  # told again in English, unchanged


def test_kh_english_narration_is_unchanged():
    g = game(3, ["cow"])
    play(g, "A: auction", "B: bid 40", "C: bid 60", "B: hold", "A: sell", "C: pay 10,50")
    assert [e["text"] for e in g.log[1:]] == [
        "Turn 1: A auctions a cow",
        "B bids 40",
        "C bids 60",
        "B holds",
        "Bidding closes: C bids highest, 60, for the cow",
        "A sells to C for 60",
        "C pays A 60 with 2 cards",
        "A receives 2 cards from C",
        "C takes the cow",
    ]
    with gamekit.language("ja"):
        assert [e["text"] for e in g.log[1:3]] == ["手番1：Aがウシをオークションにかける", "Bが40で入札"]


def test_kh_game_saved_in_japanese_replays_and_narrates_in_english_identically():
    with gamekit.language("ja"):
        g = bot_game(3)
        text = save_text(g)
        assert JAPANESE.search(g.log[-1]["text"])
    assert not JAPANESE.search(text)  # saves hold no language
    english = [e["text"] for e in g.log]
    again = load_game(text)
    assert [e["text"] for e in again.log] == english
    with gamekit.language("ja"):
        assert [e["text"] for e in again.log] == [e["text"] for e in g.log]


def test_kh_a3_refusal_in_japanese_keeps_its_rule_id_and_explains_in_japanese():
    g = game(3, ["cow"])
    play(g, "A: auction", "B: bid 40")
    with gamekit.language("ja"):
        with pytest.raises(IllegalAction) as caught:
            g.act(2, "bid 35")
        refusal = caught.value
        assert refusal.rule_id == "KH-A3"
        assert JAPANESE.search(str(refusal)) and not ENGLISH.search(str(refusal))
        statement = rules.get("KH-A3").localized("ja").statement
        assert statement in refusal.explain()
    assert str(refusal) == "bid 35: bids are multiples of 10 (KH-A3)"  # shown again in English
    assert refusal.rule_id == "KH-A3"


@pytest.mark.parametrize(
    ("steps", "action", "rule"),
    [
        ((), "bid 10", "KH-T1"),
        (("A: auction",), "sell", "KH-A3"),
        (("A: auction", "B: bid 40"), "bid 20", "KH-A3"),
        (("A: auction", "B: bid 40", "C: hold"), "pay 10", "KH-A5"),
        ((), "add 7", "KH-C2"),
    ],
)
def test_kh_refusals_in_japanese_name_the_same_rule_as_in_english(steps, action, rule):
    g = game(3, ["cow"])
    play(g, *steps)
    seat = g.to_act[0]
    with pytest.raises(IllegalAction) as english:
        g.act(seat, action)
    with gamekit.language("ja"), pytest.raises(IllegalAction) as japanese:
        g.act(seat, action)
    assert english.value.rule_id == japanese.value.rule_id == rule
    with gamekit.language("ja"):
        assert JAPANESE.search(str(japanese.value))
        assert not ENGLISH.search(re.sub(r"'[^']*'|`[^`]*`", "", str(japanese.value)))


def test_kh_every_rule_has_japanese_title_and_statement():
    every = rules.all_rules("kuhhandel")
    assert len(every) == 26
    for rule in every:
        ja = dict(rule.ja)
        assert JAPANESE.search(ja.get("title", "")), rule.id
        assert JAPANESE.search(ja.get("statement", "")), rule.id
        for key in ("reading", "why", "built_from"):
            if getattr(rule, key):
                assert JAPANESE.search(ja.get(key, "")), (rule.id, key)


def _headings(html: str) -> list[str]:
    parts = re.findall(r'<div class="gk-heading">(.*?)</div>', html) + re.findall(r"<th>(.*?)</th>", html)
    # the words of each, without tags and rule IDs (KH-A3, BO-T4)
    return [re.sub(r"<[^>]+>|\b[A-Z]{2}-[A-Z]\d+\b", " ", part) for part in parts]


def test_kh_pictures_in_japanese_have_no_english_words_in_headings():
    g = game(3, ["cow", "cow"])
    play(g, "A: auction", "B: bid 40")
    with gamekit.language("ja"):
        for seat in (None, 0, 1):
            view = g.view(seat)
            headings = _headings(pictures.draw(view))
            assert headings and all(JAPANESE.search(h) for h in headings[:1])
            assert [h for h in headings if re.search(r"[A-Za-z]{2,}", h)] == []
            first_line = pictures.text(view).splitlines()[0]
            assert JAPANESE.search(first_line) and not re.search(r"[A-Za-z]{2,}", first_line)
        assert "ウシ" in pictures.draw(g.view(None))
    assert "Kuhhandel" in pictures.draw(g.view(None))  # English unchanged


def test_kh_animal_names_are_the_documents():
    with gamekit.language("ja"):
        assert _("donkey") == "ロバ"  # 《黄金のロバ》 in the rules guide
        assert _("cow") == "ウシ"


def test_kh_bot_rules_in_the_catalogue_are_the_bots_docstrings():
    from gamekit.bots import describe
    from gamekit.games.kuhhandel.bots import BOT_RULES

    shown = {row["name"]: row["rule"] for row in describe("kuhhandel") if row["name"] in BOT_RULES}
    assert shown == BOT_RULES
    with gamekit.language("ja"):
        assert all(JAPANESE.search(_(rule)) for rule in BOT_RULES.values())


def test_kh_figures_in_japanese_have_japanese_titles_axes_and_legends():
    from gamekit.games.kuhhandel import analysis, plots

    inference = analysis.offer_inference(2, [0, 10, 10, 50])
    english = plots.offer_inference(inference, mark=30)
    with gamekit.language("ja"):
        figure = plots.offer_inference(inference, mark=30)
    texts = [figure.layout.title.text, figure.layout.xaxis.title.text, figure.layout.yaxis.title.text]
    texts += [a.text for a in figure.layout.annotations] + [t.name for t in figure.data]
    assert all(JAPANESE.search(t) and not ENGLISH.search(t) for t in texts), texts
    assert english.layout.title.text == "What an offer of 2 cards can total"


def test_kh_worked_examples_have_japanese_words_for_every_claim():
    from gamekit.examples import load_examples

    examples = load_examples("kuhhandel")
    assert examples
    for example in examples:
        ja = example["ja"]
        assert JAPANESE.search(ja["title"]) and JAPANESE.search(ja["says"]), example["id"]
        assert len(ja["what"]) == len(example["expect"]), example["id"]
        assert all(JAPANESE.search(what) for what in ja["what"]), example["id"]
