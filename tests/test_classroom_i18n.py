"""The classroom pages' catalogs: complete in both languages, the same placeholders, every word a
page asks for is there, and the pages are served as plain files with the words as JSON."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import gamekit
from gamekit import rules
from gamekit.classroom import i18n

STATIC = Path(i18n.__file__).resolve().parent / "static"
FORMATS = ("first_price", "second_price", "all_pay", "losers_pay_half")


def page_sources() -> str:
    return "\n".join(
        p.read_text(encoding="utf-8") for p in sorted(STATIC.glob("*.js")) + sorted(STATIC.glob("*.html"))
    )


def test_both_catalogs_have_every_key_translated_with_the_same_placeholders():
    assert i18n.problems() == []
    ja, en = i18n.catalog("ja"), i18n.catalog("en")
    assert set(ja) == set(en) and len(ja) > 150
    for key in ja:
        assert ja[key].strip() and en[key].strip(), key
        assert i18n.placeholders(ja[key]) == i18n.placeholders(en[key]), key
    # Japanese really is Japanese (not the English copied), apart from names and letters.
    same = {k for k in ja if ja[k] == en[k]}
    assert same <= {"lang.ja", "lang.en", "act.with_arg", "mm.pawn_a", "mm.pawn_b"}, same
    assert re.search("[\u3040-\u30ff\u4e00-\u9fff]", ja["join.title"])


def test_every_key_the_pages_ask_for_is_in_the_catalogs():
    source = page_sources()
    asked = set(re.findall(r'\bt\("([a-z][a-zA-Z0-9_.-]*)"', source))
    asked |= set(re.findall(r'data-i18n="([^"]+)"', source))
    assert len(asked) > 80
    missing = asked - set(i18n.catalog("en"))
    assert not missing, missing


def test_the_families_of_keys_built_at_run_time_are_complete():
    keys = set(i18n.catalog("ja"))
    for game in gamekit.GAMES:
        assert f"game.{game}" in keys
    for fmt in FORMATS:
        assert f"auction.format.{fmt}" in keys
    for fmt in FORMATS[:3]:
        assert f"auction.rule.{fmt}" in keys
    for status in ("open", "closed"):
        assert f"teacher.status.{status}" in keys
    for phase in ("buy", "sell", "over"):
        assert f"fs.phase.{phase}" in keys
    for phase in ("bid", "move", "over"):
        assert f"mm.phase.{phase}" in keys
    # The classroom's own rules: each CL-n of the rules reference has a translated sentence.
    cl = sorted(int(k[len("rule.CL-") :]) for k in keys if k.startswith("rule.CL-"))
    assert cl == list(range(1, len(cl) + 1)) and len(cl) >= 4
    try:
        reference = [r.id for r in rules.all_rules("classroom")]
    except (KeyError, ValueError, FileNotFoundError):
        reference = []  # the rules reference of the classroom comes with the server (cls-server)
    assert {f"rule.{rid}" for rid in reference} <= keys


def test_every_action_word_of_the_four_games_has_a_label():
    """A short random playout of each game (bounded) meets every verb its legal actions use."""
    keys = set(i18n.catalog("en"))
    for name in gamekit.GAMES:
        verbs = set()
        for seed in range(2):
            options = {"max_turns": 60} if name in ("kuhhandel", "money_monsoon") else None
            game = gamekit.new_game(name, players=4, seed=seed, options=options)
            rng = random.Random(seed)
            for _ in range(600):
                if game.is_over:
                    break
                seat = game.to_act[0]
                legal = [str(a) for a in game.legal_actions(seat)]
                verbs |= {text.split()[0] for text in legal}
                game.act(seat, rng.choice(legal))
        assert verbs and not {v for v in verbs if f"verb.{v}" not in keys}, (name, verbs)


def test_translate_fills_placeholders_and_names_what_is_wrong():
    assert i18n.translate("auction.bid_in", "en", bid=37) == "Your bid 37 is in."
    assert "37" in i18n.translate("auction.bid_in", "ja", bid=37)
    with pytest.raises(KeyError, match="bid"):
        i18n.translate("auction.bid_in", "en")
    with pytest.raises(KeyError, match=r"no\.such"):
        i18n.translate("no.such", "en")
    with pytest.raises(ValueError, match="ja, en"):
        i18n.catalog("fr")


def test_negotiate_prefers_the_asked_language_then_the_browser_then_english():
    assert i18n.negotiate("en") == "en"
    assert i18n.negotiate("xx", "fr-FR,en;q=0.8") == "en"
    assert i18n.negotiate(None, "ja-JP") == "ja"
    assert i18n.negotiate(None, None) == "en"
    assert i18n.negotiate(None, "ko-KR,ko;q=0.9") == "en"  # a language the pages lack reads English
    assert i18n.negotiate(None, "zh-CN,ja;q=0.5") == "ja"


def test_read_po_reads_continued_strings_and_refuses_broken_catalogs(tmp_path):
    good = tmp_path / "good.po"
    good.write_text('msgid ""\nmsgstr ""\n"Language: en\\n"\n\n# c\nmsgid "a"\nmsgstr "x "\n"y \\"q\\""\n')
    assert i18n.read_po(good) == {"a": 'x y "q"'}
    twice = tmp_path / "twice.po"
    twice.write_text('msgid "a"\nmsgstr "1"\nmsgid "a"\nmsgstr "2"\n')
    with pytest.raises(ValueError, match=r"twice.po:4: msgid 'a' given twice"):
        i18n.read_po(twice)
    broken = tmp_path / "broken.po"
    broken.write_text('msgid "a"\nmsgctxt "b"\n')
    with pytest.raises(ValueError, match=r"broken\.po:2: unknown keyword"):
        i18n.read_po(broken)
    lonely = tmp_path / "lonely.po"
    lonely.write_text('msgid "a"\n')
    with pytest.raises(ValueError, match="one msgid and one msgstr"):
        i18n.read_po(lonely)


def test_the_pages_load_nothing_from_outside_the_app():
    source = page_sources() + (STATIC / "classroom.css").read_text(encoding="utf-8")
    assert not re.search(r"https?://", source), "a page refers to another site"
    assert "innerHTML" not in source and "eval(" not in source
    for html in STATIC.glob("*.html"):
        text = html.read_text(encoding="utf-8")
        assert not re.search(r"<script>(?!\s*</script>)", text), f"{html.name}: inline script"
        # Outside tags and the elements filled from the catalog, a page holds no words of its own.
        visible = re.sub(r"<(script|style|title)[^>]*>.*?</\1>", "", text, flags=re.S)
        visible = re.sub(r"<[^>]+>", " ", visible)
        assert re.sub(r"\s+", "", visible) in ("", "0"), (html.name, visible.strip())


def test_the_app_serves_the_pages_and_their_words():
    pytest.importorskip("starlette")
    import asyncio
    import concurrent.futures

    import httpx
    from starlette.applications import Starlette

    from gamekit.classroom.pages import page_routes

    async def fetch_all() -> dict[str, httpx.Response]:
        transport = httpx.ASGITransport(app=Starlette(routes=page_routes()))
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            paths = ("/", "/join/K7Q2XM", "/teacher/K7Q2XM", "/i18n/ja.json", "/i18n/fr.json")
            paths += ("/static/student.js", "/static/../i18n.py")
            return {path: await client.get(path) for path in paths}

    # In a thread of its own: a browser test earlier in the run may hold this thread's event loop.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        got = pool.submit(asyncio.run, fetch_all()).result()
    for path in ("/", "/join/K7Q2XM", "/teacher/K7Q2XM"):
        assert got[path].status_code == 200 and "text/html" in got[path].headers["content-type"]
        assert "default-src 'self'" in got[path].headers["content-security-policy"]
    words = got["/i18n/ja.json"].json()
    assert words["lang"] == "ja" and words["messages"] == i18n.catalog("ja")
    assert got["/i18n/fr.json"].status_code == 404
    script = got["/static/student.js"]
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert got["/static/../i18n.py"].status_code == 404
