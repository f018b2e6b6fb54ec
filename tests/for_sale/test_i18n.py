"""For Sale in Japanese: narration, refusals, rules and pictures (issue 26), and English untouched.

Events and saves hold no language: the same game reads in either, and a game saved while
Japanese was chosen loads and reads in English exactly as one that never left English.
"""

from __future__ import annotations

import re

import pytest

import gamekit
from gamekit import claims, rules
from gamekit.bots.base import describe
from gamekit.core.i18n import Text, domain, language
from gamekit.core.narration import winners_text
from gamekit.games.for_sale import pictures

# Three ASCII words of three letters or more in a row: an English phrase left in a Japanese text.
ENGLISH = re.compile(r"[A-Za-z]{3,}(?:[\s,;:.'()\-]+[A-Za-z]{3,}){2,}")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def english_in(line: str) -> list[str]:
    return ENGLISH.findall(line)


def bot_game(seed: int, players: int = 4, **options) -> gamekit.Game:
    game = gamekit.new_game("for_sale", players, seed=seed, options=options)
    gamekit.play(game, ["house_value", "spread", "save_top", "skew_match", "budget", "spread"][:players])
    return game


def texts(game: gamekit.Game, lang: str) -> list[str]:
    with language(lang):
        return [str(event["text"]) for event in game.log]


def own_words(game: gamekit.Game, lang: str) -> list[str]:
    """The log's lines in ``lang`` less the standings' last words, which the core writes (``winners_text``)."""
    with language(lang):
        lines = [str(event["text"]) for event in game.log]
        end = game.log[-1]
        lines[-1] = lines[-1].replace(str(winners_text(end["winners"])), "")
    return lines


@pytest.mark.parametrize(
    ("seed", "players", "options"), [(1, 4, {}), (2, 3, {"edition": "classic"}), (3, 6, {})]
)
def test_a_whole_bot_game_narrated_in_japanese_has_no_english_sentence(seed, players, options):
    game = bot_game(seed, players, **options)
    english = texts(game, "en")
    japanese = own_words(game, "ja")
    assert len(japanese) == len(english) > 20
    for line in japanese:
        assert JAPANESE.search(line), line
        assert not english_in(line), line
    assert japanese[0].startswith("フォーセール（")
    assert "購入ラウンド 1/" in japanese[1] and any(line.startswith("家を公開：") for line in japanese)
    assert texts(game, "en") == english  # back in English: every line as before
    assert english[0].startswith(f"For Sale ({game.options['edition']}), {players} players with ")
    assert english[-1].startswith("Game over: ")


def test_narration_follows_the_language_of_the_moment_without_touching_the_events():
    game = bot_game(4)
    before = [{k: v for k, v in e.items() if k not in ("text", "rule")} for e in game.log]
    english = texts(game, "en")
    gamekit.set_language("ja")
    try:
        assert [str(e["text"]) for e in game.log] != english
    finally:
        gamekit.set_language("en")
    assert [str(e["text"]) for e in game.log] == english
    assert [{k: v for k, v in e.items() if k not in ("text", "rule")} for e in game.log] == before


def test_a_game_saved_in_japanese_loads_and_reads_in_english_as_one_never_switched():
    never = bot_game(5)
    switched = bot_game(5)
    with language("ja"):
        assert JAPANESE.search(str(switched.log[0]["text"]))  # narrated in Japanese
        saved = switched.to_json()
    assert not JAPANESE.search(saved)  # a save holds no language
    loaded = gamekit.load_game(saved)
    assert texts(loaded, "en") == texts(never, "en")
    assert texts(loaded, "ja") == texts(never, "ja")
    assert saved == never.to_json()


def refusal(game: gamekit.Game, seat: int, action: str) -> gamekit.IllegalAction:
    with pytest.raises(gamekit.IllegalAction) as caught:
        game.act(seat, action)
    return caught.value


def test_fs_b3_b4_b2_refusals_in_japanese_keep_their_rule_and_explain_it_in_japanese():
    game = gamekit.new_game("for_sale", 3, seed=1, stack={"houses": [3, 5, 11], "first_player": 0})
    game.act(0, "bid 2")
    with language("ja"):
        low = refusal(game, 1, "bid 2")
        assert low.rule_id == "FS-B3" and "現在の最高額 2 より高く" in str(low)
        explained = low.explain()
        assert rules.get("FS-B3").localized("ja").statement in explained
        assert "FS-B3 入札は最高額より高い新しい合計" in explained
        debt = refusal(game, 1, "bid 99")
        assert debt.rule_id == "FS-B4" and "借金で入札することはできません" in str(debt)
        turn = refusal(game, 2, "pass")
        assert turn.rule_id == "FS-B2" and not english_in(str(turn))
        unread = refusal(game, 1, "sell 3")
        assert unread.rule_id == "FS-B2" and "読めません" not in str(unread)
    # The same refusal, shown in English, is the English message as before.
    assert str(low) == "bid 2 must be above the current high bid 2 (FS-B3)"


def test_fs_s2_and_fs_s4_refusals_in_japanese():
    game = gamekit.new_game("for_sale", 3, seed=2, stack={"first_player": 0})
    while game.phase == "buy":
        game.act(game.to_act[0], "pass")
    held = game.view(0)["houses"][0]
    missing = next(h for h in range(1, 31) if h not in held)
    with language("ja"):
        wrong = refusal(game, 0, f"sell {missing}")
        assert wrong.rule_id == "FS-S2" and f"家 {missing} を持っていません" in str(wrong)
        unread = refusal(game, 0, "move a+3")
        assert unread.rule_id == "FS-S2" and "読めません" in str(unread)
    game.act(0, f"sell {held[0]}")
    with language("ja"):
        again = refusal(game, 0, f"sell {held[1]}")
        assert again.rule_id == "FS-S2" and not english_in(str(again))
    over = bot_game(6)
    with language("ja"):
        ended = refusal(over, 0, "pass")
        assert ended.rule_id == "FS-S4" and "ゲームは終わっています" in str(ended)


def test_every_for_sale_rule_has_its_japanese_title_and_statement():
    for rule in rules.all_rules("for_sale"):
        ja = rule.localized("ja")
        assert JAPANESE.search(ja.title) and JAPANESE.search(ja.statement), rule.id
        assert ja.statement != rule.statement
        for part in ("reading", "why", "built_from"):
            if getattr(rule, part):
                assert JAPANESE.search(getattr(ja, part)), (rule.id, part)
        assert rule.localized("en") == rule


def headings(html: str) -> list[str]:
    """The words of a picture's heading, column heads and card titles, tags and the seat letters left out."""
    found = re.findall(r'<div class="gk-heading">(.*?)</div>', html)
    found += re.findall(r"<th[^>]*>([^<]*)</th>", html)
    found += re.findall(r"<title>([^<]*)</title>", html)
    found += re.findall(r'<span class="gk-label"[^>]*>([^<]*)</span>', html)
    return [re.sub(r"<[^>]+>", " ", text) for text in found]


def test_pictures_in_japanese_have_no_english_words_in_their_headings():
    game = gamekit.new_game("for_sale", 4, seed=3, stack={"first_player": 0})
    game.act(0, "bid 1")
    states = [game.copy()]
    while game.phase == "buy":
        game.act(game.to_act[0], "pass")
    game.act(0, f"sell {game.view(0)['houses'][0][0]}")
    states.append(game)
    states.append(bot_game(7))
    with language("ja"):
        for state in states:
            for seat in (None, 0, 1):
                view = state.view(seat)
                html = pictures.draw(view)
                for text in headings(html):
                    assert not re.search(r"[A-Za-z]{3,}", text), text
                lines = pictures.text(view).splitlines()
                for line in (lines[0], lines[1], lines[-1]):  # title, column heads, the piles
                    assert not re.search(r"[A-Za-z]{3,}", line), line
    with language("en"):
        assert "Buying round" in pictures.text(states[0].view(None)) or "Selling" in pictures.text(
            states[0].view(None)
        )


def in_japanese(text: str) -> str:
    """A text of this game in Japanese the way the claims and bot tables show it: a ``Text`` made
    with values renders again; a text marked with ``N_`` is looked up in the game's catalogue."""
    if isinstance(text, Text):
        return text.render("ja")
    return domain("for_sale")(text).render("ja")


def in_english(text: str) -> str:
    return text.render("en") if isinstance(text, Text) else str(text)


def test_every_claim_of_lesson_01_has_its_sentence_and_scope_in_japanese():
    mine = [claim for claim in claims.all_claims().values() if claim.id.startswith("01-")]
    assert len(mine) > 10
    for claim in mine:
        for text in (claim.sentence, claim.scope):
            japanese = in_japanese(text)
            assert JAPANESE.search(japanese) and not english_in(re.sub(r"`[^`]*`", "", japanese)), japanese
            assert in_english(text) == str(text)  # made in English at import, the same English again


def test_every_bot_of_the_game_describes_itself_in_japanese():
    rows = [row for row in describe("for_sale") if row["name"] != "random"]
    assert len(rows) == 5
    for row in rows:
        japanese = in_japanese(row["rule"])
        assert JAPANESE.search(japanese) and japanese != row["rule"], row["name"]
