"""Bohnanza in Japanese and in English (issue 26): narration, refusals, bean names, rules and
pictures come from one English source and the game's catalogue; saves hold no language."""

from __future__ import annotations

import re

import pytest

import gamekit
from gamekit import rules
from gamekit.core.errors import IllegalAction
from gamekit.core.i18n import problems
from gamekit.core.narration import scores_text, standings_text
from gamekit.core.saves import load_game, save_text
from gamekit.games.bohnanza import pictures
from gamekit.games.bohnanza.i18n import _
from gamekit.games.bohnanza.narration import _thaler
from gamekit.games.bohnanza.rules import BEANS

from .test_rules import FRONT, game, play

# Three ASCII words of two letters or more in a row: an English phrase (seat letters, numbers,
# rule IDs and action syntax such as `harvest F` are not).
ENGLISH = re.compile(r"[A-Za-z]{2,}(?:[ ,;:'’-]+[A-Za-z]{2,}){2,}")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
BEAN_WORD = re.compile(r"\b(?:" + "|".join(BEANS) + r")\b")
BOTS = ["trader", "grower", "planter", "trader"]


def bot_game(seed: int) -> gamekit.Game:
    g = gamekit.new_game("bohnanza", 4, seed=seed)
    gamekit.play(g, BOTS)
    return g


def shared_part(event: dict) -> str:
    """The core's standings in an end or stopped event (translated by the core's catalogue)."""
    if event["type"] == "end":
        return standings_text(event["scores"], event["winners"], _thaler)
    if event["type"] == "stopped":
        return scores_text(event["scores"])
    return ""


def test_bo_catalogue_is_complete():
    assert problems(_) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_bo_bot_game_narrated_in_japanese_has_no_english_sentence(seed):
    g = bot_game(seed)
    english = [e["text"] for e in g.log]
    with gamekit.language("ja"):
        japanese = [e["text"] for e in g.log]
        rest = [text.replace(shared_part(e), "") for e, text in zip(g.log, japanese, strict=True)]
    assert [text for text in rest if ENGLISH.search(text)] == []
    assert [text for text in rest if BEAN_WORD.search(text)] == []  # bean names translated
    assert all(JAPANESE.search(text) for text in japanese)
    assert not any(JAPANESE.search(text) for text in english)
    assert [e["text"] for e in g.log] == english  # told again in English, unchanged


def test_bo_english_narration_is_unchanged():
    g = game(3, hands=[FRONT, ["soy"] * 5, ["red"] * 5])
    events = play(g, "A: plant")
    assert [e["text"] for e in events] == ["A plants green (from the front of the hand) on field 1: 1 green"]
    with gamekit.language("ja"):
        assert g.log[-1]["text"] == "Aがグリーン豆（手札の一番手前から）を畑1に植える：グリーン豆1枚"


def test_bo_game_saved_in_japanese_replays_and_narrates_in_english_identically():
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


def test_bo_t1_refusal_in_japanese_keeps_its_rule_id_and_explains_in_japanese():
    g = game(3, hands=[FRONT, ["soy"] * 5, ["red"] * 5])
    with gamekit.language("ja"):
        with pytest.raises(IllegalAction) as caught:
            g.act(0, "plant soy")
        refusal = caught.value
        assert refusal.rule_id == "BO-T1"
        assert JAPANESE.search(str(refusal))
        assert rules.get("BO-T1").localized("ja").statement in refusal.explain()
    assert "only the front card of the hand (green)" in str(refusal)  # shown again in English
    assert refusal.rule_id == "BO-T1"


@pytest.mark.parametrize(
    ("steps", "seat", "action", "rule"),
    [
        ((), 0, "plant soy", "BO-T1"),
        ((), 1, "plant", "BO-T1"),
        ((), 0, "harvest 1", "BO-H1"),
        ((), 0, "harvest 3", "BO-H3"),
        ((), 0, "buy-field", "BO-H3"),
        (("A: plant", "A: plant"), 0, "give soy", "BO-T4"),
        (("A: plant", "A: plant", "A: offer B"), 0, "give soy#9", "BO-T4"),
        ((), 0, "give blue", "BO-T1"),
    ],
)
def test_bo_refusals_in_japanese_name_the_same_rule_as_in_english(steps, seat, action, rule):
    g = game(3, hands=[FRONT, ["soy"] * 5, ["red"] * 5])
    play(g, *steps)
    with pytest.raises(IllegalAction) as english:
        g.act(seat, action)
    with gamekit.language("ja"), pytest.raises(IllegalAction) as japanese:
        g.act(seat, action)
    assert english.value.rule_id == japanese.value.rule_id == rule
    with gamekit.language("ja"):
        shown = str(japanese.value)
        assert JAPANESE.search(shown)
        assert not ENGLISH.search(re.sub(r"'[^']*'", "", shown)), shown


def test_bo_every_rule_has_japanese_title_and_statement():
    every = rules.all_rules("bohnanza")
    assert len(every) == 20
    for rule in every:
        ja = dict(rule.ja)
        assert JAPANESE.search(ja.get("title", "")), rule.id
        assert JAPANESE.search(ja.get("statement", "")), rule.id
        for key in ("reading", "why", "built_from"):
            if getattr(rule, key):
                assert JAPANESE.search(ja.get(key, "")), (rule.id, key)


def _headings(html: str) -> list[str]:
    parts = re.findall(r'<div class="gk-heading">(.*?)</div>', html) + re.findall(r"<th>(.*?)</th>", html)
    parts += re.findall(r'<span class="gk-label">(.*?)</span>', html)
    # the words of each, without tags and rule IDs (KH-A3, BO-T4)
    return [re.sub(r"<[^>]+>|\b[A-Z]{2}-[A-Z]\d+\b", " ", part) for part in parts]


def test_bo_pictures_in_japanese_have_no_english_words_in_headings():
    g = game(3, hands=[FRONT, ["soy"] * 5, ["red"] * 5])
    play(g, "A: plant", "A: plant", "A: offer B")
    with gamekit.language("ja"):
        for seat in (None, 0, 1):
            view = g.view(seat)
            html = pictures.draw(view)
            headings = _headings(html)
            assert headings
            assert [h for h in headings if re.search(r"[A-Za-z]{2,}", h)] == []
            assert "グリーン豆" in html  # the field's bean, by its Japanese name
            first_line = pictures.text(view).splitlines()[0]
            assert JAPANESE.search(first_line) and not ENGLISH.search(first_line)
    assert "Bohnanza" in pictures.draw(g.view(None))  # English unchanged


def test_bo_every_bean_has_a_japanese_name():
    with gamekit.language("ja"):
        names = [_(bean) for bean in BEANS]
    assert all(JAPANESE.search(name) for name in names)
    assert len(set(names)) == len(BEANS)


def test_bo_bot_rules_in_the_catalogue_are_the_bots_docstrings():
    from gamekit.bots import describe
    from gamekit.games.bohnanza.bots import BOT_RULES

    shown = {row["name"]: row["rule"] for row in describe("bohnanza") if row["name"] in BOT_RULES}
    assert shown == BOT_RULES
    with gamekit.language("ja"):
        assert all(JAPANESE.search(_(rule)) for rule in BOT_RULES.values())


def test_bo_figures_in_japanese_have_japanese_titles_axes_and_legends():
    from gamekit.games.bohnanza import analysis, plots

    english = plots.beanometers()
    with gamekit.language("ja"):
        figure = plots.beanometers()
        timing = plots.harvest_timing(analysis.pay_after_turns("soy", 3))
    texts = [figure.layout.title.text, figure.layout.xaxis.title.text, figure.layout.yaxis.title.text]
    texts += [a.text for a in figure.layout.annotations] + [t.name for t in figure.data]
    texts += [timing.layout.title.text] + [t.name for t in timing.data]
    assert all(JAPANESE.search(t) and not ENGLISH.search(t) for t in texts), texts
    assert english.layout.title.text == "The beanometers: thaler for a field of n beans"
    assert english.data[0].name == "blue"


def test_bo_worked_examples_have_japanese_words_for_every_claim():
    from gamekit.examples import load_examples

    examples = load_examples("bohnanza")
    assert examples
    for example in examples:
        ja = example["ja"]
        assert JAPANESE.search(ja["title"]) and JAPANESE.search(ja["says"]), example["id"]
        assert len(ja["what"]) == len(example["expect"]), example["id"]
        assert all(JAPANESE.search(what) for what in ja["what"]), example["id"]
