"""Money Monsoon in Japanese: narration, refusals, rules and pictures (issue 26), and English untouched.

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
from gamekit.games.money_monsoon import pictures

# Three ASCII words of three letters or more in a row: an English phrase left in a Japanese text.
ENGLISH = re.compile(r"[A-Za-z]{3,}(?:[\s,;:.'()\-]+[A-Za-z]{3,}){2,}")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
BOTS = ["shade", "truthful", "zero8", "reserve", "shade", "truthful"]


def english_in(line: str) -> list[str]:
    return ENGLISH.findall(line)


def bot_game(seed: int, players: int = 4, **options) -> gamekit.Game:
    game = gamekit.new_game("money_monsoon", players, seed=seed, options=options)
    gamekit.play(game, BOTS[:players])
    return game


def texts(game: gamekit.Game, lang: str) -> list[str]:
    with language(lang):
        return [str(event["text"]) for event in game.log]


def own_words(game: gamekit.Game, lang: str) -> list[str]:
    """The log's lines in ``lang`` less the standings' last words, which the core writes (``winners_text``)."""
    with language(lang):
        lines = [str(event["text"]) for event in game.log]
        end = game.log[-1]
        if end["type"] == "end":
            lines[-1] = lines[-1].replace(str(winners_text(end["winners"])), "")
    return lines


GAMES = [
    (1, 4, {}),
    (2, 5, {"top_tie": "seat", "auctioneer": "must"}),
    (3, 6, {"all_void": "rebid", "exact_goal": True, "double_finish": "split", "track_length": 15}),
    (4, 4, {"broke_bids": "points", "max_turns": 6}),
]


@pytest.mark.parametrize(("seed", "players", "options"), GAMES)
def test_a_whole_bot_game_narrated_in_japanese_has_no_english_sentence(seed, players, options):
    game = bot_game(seed, players, **options)
    english = texts(game, "en")
    japanese = own_words(game, "ja")
    assert len(japanese) == len(english) > 10
    for line in japanese:
        assert JAPANESE.search(line), line
        assert not english_in(line), line
    assert japanese[0].startswith("マネーモンスーン、")
    assert any(line.startswith("入札を公開：") for line in japanese)
    assert texts(game, "en") == english  # back in English: every line as before
    assert english[0].startswith(f"Money Monsoon, {players} players with 400 points")


def test_every_kind_of_event_is_narrated_in_japanese():
    seen: dict[str, str] = {}
    for seed in range(12):
        game = bot_game(
            seed, 4 + seed % 3, track_length=12, max_turns=40, all_void="rebid" if seed % 2 else "lapse"
        )
        for kind, line in zip([e["type"] for e in game.log], own_words(game, "ja"), strict=True):
            seen.setdefault(kind, line)
    assert {"setup", "roll", "bid", "reveal", "move", "bonuses", "end"} <= set(seen)
    for line in seen.values():
        assert JAPANESE.search(line) and not english_in(line), line


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


def test_mm_a2_refusals_in_japanese_keep_their_rule_and_explain_it_in_japanese():
    game = gamekit.new_game("money_monsoon", 4, seed=1, stack={"first_player": 0, "dice": [5]})
    with language("ja"):
        over = refusal(game, 1, "bid 401")
        assert over.rule_id == "MM-A2" and "400 ポイントを超えています" in str(over)
        explained = over.explain()
        assert rules.get("MM-A2").localized("ja").statement in explained
        assert "MM-A2 全員が封印入札" in explained
        sit = refusal(game, 1, "sit out")
        assert sit.rule_id == "MM-A2" and "競売人（A）" in str(sit)
        move = refusal(game, 1, "move a+5")
        assert move.rule_id == "MM-A2" and not english_in(str(move).split("：", 1)[1])
        unread = refusal(game, 1, "hello")
        assert unread.rule_id == "MM-A2" and "読めません" in str(unread)
    game.act(1, "bid 3")
    with language("ja"):
        again = refusal(game, 1, "bid 4")
        assert again.rule_id == "MM-A2" and "封印入札は変えられません" in str(again)
    assert str(again) == "B has already bid face down; a sealed bid cannot be changed (MM-A2)"


def test_mm_m1_m4_refusals_in_japanese():
    game = gamekit.new_game("money_monsoon", 4, seed=1, stack={"first_player": 0, "dice": [7]})
    for seat, bid in enumerate((0, 9, 1, 2)):
        game.act(seat, f"bid {bid}")
    with language("ja"):
        other = refusal(game, 0, "move a+7")
        assert other.rule_id == "MM-M1" and "B で、A ではありません" in str(other)
        split = refusal(game, 1, "move a+3 b+3")
        assert split.rule_id == "MM-M4" and "合計は7でなければなりません" in str(split)
        back = refusal(game, 1, "move a-7")
        assert back.rule_id == "MM-M2" and "スタートより後ろへは戻れません" in str(back)
        assert rules.get("MM-M2").localized("ja").statement in back.explain()


def test_mm_e1_refusal_after_the_end_in_japanese():
    game = bot_game(6)
    with language("ja"):
        ended = refusal(game, 0, "bid 1")
        assert ended.rule_id in ("MM-E1", "MM-E6") and "ゲーム" in str(ended) and not english_in(str(ended))


def test_every_money_monsoon_rule_has_its_japanese_title_and_statement():
    for rule in rules.all_rules("money_monsoon"):
        ja = rule.localized("ja")
        assert JAPANESE.search(ja.title) and JAPANESE.search(ja.statement), rule.id
        assert ja.statement != rule.statement
        for part in ("reading", "why", "built_from"):
            if getattr(rule, part):
                assert JAPANESE.search(getattr(ja, part)), (rule.id, part)
        assert rule.localized("en") == rule


def headings(html: str) -> list[str]:
    """The words of a picture's heading, column heads and titles (pawns, track, die), tags left out."""
    found = re.findall(r'<div class="gk-heading">(.*?)</div><div', html)
    found += re.findall(r"<th[^>]*>([^<]*)</th>", html)
    found += re.findall(r"<title>([^<]*)</title>", html)
    return [re.sub(r"<[^>]+>", " ", text) for text in found]


def test_pictures_in_japanese_have_no_english_words_in_their_headings():
    game = gamekit.new_game("money_monsoon", 4, seed=1, stack={"first_player": 0, "dice": [8, 5]})
    states = [game.copy()]
    for seat, bid in enumerate((0, 9, 1, 2)):
        game.act(seat, f"bid {bid}")
    states.append(game.copy())
    states.append(bot_game(7))
    with language("ja"):
        for state in states:
            for seat in (None, 0, 1):
                view = state.view(seat)
                html = pictures.draw(view)
                heads = headings(html)
                assert heads
                for text in heads:
                    assert not re.search(r"[A-Za-z]{3,}", text), text
                lines = pictures.text(view).splitlines()
                for line in lines[:3]:  # the heading, the track, the column heads
                    assert not re.search(r"[A-Za-z]{3,}", line), line


def in_japanese(text: str) -> str:
    """A text of this game in Japanese the way the claims and bot tables show it: a ``Text`` made
    with values renders again; a text marked with ``N_`` is looked up in the game's catalogue."""
    if isinstance(text, Text):
        return text.render("ja")
    return domain("money_monsoon")(text).render("ja")


def in_english(text: str) -> str:
    return text.render("en") if isinstance(text, Text) else str(text)


def test_every_claim_of_lesson_02_has_its_sentence_and_scope_in_japanese():
    mine = [claim for claim in claims.all_claims().values() if claim.id.startswith("02-")]
    assert len(mine) > 10
    for claim in mine:
        for text in (claim.sentence, claim.scope):
            japanese = in_japanese(text)
            assert JAPANESE.search(japanese) and not english_in(re.sub(r"`[^`]*`", "", japanese)), japanese
            assert in_english(text) == str(text)  # made in English at import, the same English again


def test_every_bot_of_the_game_describes_itself_in_japanese():
    rows = [row for row in describe("money_monsoon") if row["name"] != "random"]
    assert len(rows) == 5
    for row in rows:
        japanese = in_japanese(row["rule"])
        assert JAPANESE.search(japanese) and japanese != row["rule"], row["name"]
