"""gamekit.core.i18n itself: which language is current (context-local blocks, the process-wide
choice, GAMEKIT_LANG), picking one from a phone's Accept-Language, rendering a Text again in
another language, plurals, and a clear refusal of a language gamekit does not write in."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gamekit
from gamekit.core import i18n
from gamekit.core.errors import ConfigError, IllegalAction, LoadError
from gamekit.core.i18n import (
    Domain,
    Text,
    check_lang,
    domain,
    get_language,
    language,
    pick_language,
    set_language,
)
from gamekit.core.narration import standings_text, winners_text

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _english_after():
    before = get_language()
    yield
    set_language(before)


@pytest.fixture
def part(tmp_path) -> Domain:
    """A part of its own with a small Japanese catalogue (a singular and a plural text)."""
    folder = tmp_path / "locale" / "ja" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "demo.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=1; plural=0;\\n"\n\n'
        'msgid "{name} bids {total}"\nmsgstr "{name} が {total} を入札"\n\n'
        'msgid "{n} coin"\nmsgid_plural "{n} coins"\nmsgstr[0] "{n} 枚"\n\n'
        'msgid "Cow"\nmsgstr "牛"\n\n'
        'msgid "{animal} for {price}"\nmsgstr "{animal}を {price} で"\n',
        encoding="utf-8",
    )
    i18n._catalogue.cache_clear()
    return Domain("demo", tmp_path)


def test_a_text_renders_in_the_language_of_the_moment_and_again_in_another(part):
    with language("ja"):
        made = part("{name} bids {total}", name="C", total=3)
    assert made == "C が 3 を入札" and isinstance(made, Text)
    assert made.render("en") == "C bids 3"
    with language("en"):
        assert made.render() == "C bids 3"
    untranslated = part("Not in the catalogue {x}", x=1)
    assert untranslated.render("ja") == "Not in the catalogue 1"  # the English where none is


def test_a_value_that_is_a_text_follows_the_language(part):
    with language("ja"):
        sold = part("{animal} for {price}", animal=part("Cow"), price=10)
    assert sold == "牛を 10 で"
    assert sold.render("en") == "Cow for 10"


@given(st.integers(min_value=0, max_value=10**6))
def test_plurals_take_the_english_form_by_n_and_the_japanese_one_form(n):
    part = Domain("demo-plural", Path("/nonexistent"))  # no catalogue: English forms only
    made = part.plural("{n} coin", "{n} coins", n)
    assert made.render("en") == (f"{n} coin" if n == 1 else f"{n} coins")
    assert made.render("ja") == made.render("en")  # no translation: the English


def test_japanese_plural_from_the_catalogue(part):
    for n in (0, 1, 2, 21):
        assert part.plural("{n} coin", "{n} coins", n).render("ja") == f"{n} 枚"
    assert part.plural("{n} coin", "{n} coins", 1).render("en") == "1 coin"


def test_set_language_is_for_everyone_and_a_language_block_for_this_thread_only():
    assert set_language("ja") == "en"
    assert get_language() == "ja" and gamekit.get_language() == "ja"
    seen = []
    with language("en"):
        thread = threading.Thread(target=lambda: seen.append(get_language()))
        thread.start()
        thread.join()
        assert get_language() == "en"
    assert seen == ["ja"]  # the other thread reads the process-wide choice, not this block's
    assert get_language() == "ja"
    set_language("en")
    assert get_language() == "en"


def test_language_blocks_of_concurrent_tasks_do_not_mix():
    async def speak(lang: str, out: list[str]) -> None:
        with language(lang):
            await asyncio.sleep(0.01)
            out.append(f"{lang}:{get_language()}")

    async def both() -> list[str]:
        out: list[str] = []
        await asyncio.gather(speak("ja", out), speak("en", out))
        return out

    # In a thread of its own: the browser tests' session keeps an event loop running in this one.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        assert sorted(pool.submit(lambda: asyncio.run(both())).result()) == ["en:en", "ja:ja"]
    assert get_language() == "en"


def test_check_lang_reads_locale_spellings_and_refuses_the_rest_clearly():
    assert check_lang("ja-JP") == "ja" and check_lang("en_US.UTF-8") == "en" and check_lang(" JA ") == "ja"
    for bad in ("fr", "", None, 3, "japanese"):
        with pytest.raises(ValueError, match="gamekit writes in en and ja"):
            check_lang(bad)
    with pytest.raises(ValueError, match="not 'ko'"):
        set_language("ko")
    assert get_language() == "en"  # a refused language changes nothing


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("ja-JP,ja;q=0.9,en;q=0.8", "ja"),
        ("en-US,en;q=0.9,ja;q=0.8", "en"),
        ("ko-KR,ko;q=0.9", "en"),
        ("zh-CN", "en"),
        ("fr-FR,fr;q=0.9,ja;q=0.4", "ja"),
        ("en;q=0.2,ja;q=0.8", "ja"),
        ("ja;q=0,en;q=0.1", "en"),
        ("ja;q=0", "en"),  # q=0 refuses a language
        ("ja;q=bad", "ja"),  # a weight that is not a number is not read: 1
        ("", "en"),
        (None, "en"),
    ],
)
def test_pick_language_by_weight_and_english_for_the_rest(header, lang):
    assert pick_language(header) == lang


def _env_language(value: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "GAMEKIT_LANG": value, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-c", "import gamekit; print(gamekit.get_language())"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_gamekit_lang_is_read_when_gamekit_starts():
    assert _env_language("ja_JP.UTF-8").stdout.strip() == "ja"
    assert _env_language("").stdout.strip() == "en"
    refused = _env_language("fr")
    assert refused.returncode != 0 and "GAMEKIT_LANG='fr'" in refused.stderr


def test_errors_show_their_message_in_the_language_they_are_shown_in():
    set_language("ja")
    with pytest.raises(ConfigError) as caught:
        gamekit.new_game("for_sale", 9)
    set_language("en")
    assert "takes 3 to 6 players, not 9 (FS-" in str(caught.value)
    with language("ja"):
        assert "人では遊べません" in str(caught.value)
    with pytest.raises(LoadError) as broken:
        gamekit.load_game("{")
    with language("ja"):
        assert str(broken.value).startswith("保存データではありません")
    game = gamekit.new_game("for_sale", 3, seed=1)
    with pytest.raises(IllegalAction) as refused:
        game.act(7, "pass")
    assert refused.value.rule_id is not None
    with language("ja"):
        assert "この 3 人ゲームに席 7 はありません" in str(refused.value)
        assert refused.value.rule_id is not None  # the rule ID stays in the template


def test_the_shared_standings_read_in_both_languages():
    one = winners_text([2])
    shared = standings_text([5, 9, 9], [1, 2], "{:,}".format)
    assert one == "C wins" and shared == "B 9, C 9, A 5; B and C share the win"
    assert one.render("ja") == "Cの勝ち"
    assert shared.render("ja") == "B 9、C 9、A 5。BとCが同点で勝ち"


def test_claims_show_their_sentence_scope_figures_and_verdict_in_the_language():
    from gamekit import claims

    shown = claims.show("07-cfr-nashconv-small")
    english = str(shown)
    assert english.startswith("After 64 iterations of CFR+") and "→ holds" in english
    with language("ja"):
        japanese = str(shown)
        markdown = shown._repr_markdown_()
    assert japanese.startswith("CFR+ を 64 回反復すると") and "→ 成立" in japanese
    assert "厳密値" in japanese and "主張: 0.2 より小さい" in japanese
    assert "**成立**" in markdown and "07-cfr-nashconv-small" in markdown
    # A game's claim is translated by the game's own catalogue; without it, the English stays.
    game_claim = next(c for c in claims.all_claims().values() if c.module.startswith("gamekit.games."))
    with language("ja"):
        expected = domain(game_claim.module.split(".")[2])(game_claim.sentence)
        assert game_claim.text() == expected
