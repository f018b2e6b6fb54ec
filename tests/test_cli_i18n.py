"""The command line in the chosen language (issue 26): ``--lang ja`` on ``gamekit`` or on a
command, or ``GAMEKIT_LANG=ja``, and everything a command prints is Japanese; run as a person
runs it, in a real process."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gamekit import rules
from gamekit.core.i18n import domain

ROOT = Path(__file__).resolve().parent.parent
JAPANESE = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")
# An English sentence: three English words in a row (a game's title is two; `commands` and
# action syntax such as "bid 24..28" are input, not sentences, and are left out first).
ENGLISH = re.compile(r"\b[A-Za-z][a-z']+(?:[ ,]+[A-Za-z][a-z']+){2,}\b")
PLAY = ["play", "for_sale", "--players", "3", "--seed", "1"]
MOVES = "help\nbid 999\nquit\n"


def gamekit(*args: str, lang_env: str | None = None, stdin: str = "") -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "GAMEKIT_LANG"}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    if lang_env is not None:
        env["GAMEKIT_LANG"] = lang_env
    return subprocess.run(
        [sys.executable, "-m", "gamekit", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=ROOT,
        timeout=120,
    )


def english_sentences(text: str) -> list[str]:
    text = re.sub(r"`[^`]*`", "", text)  # a command to type again
    return ENGLISH.findall(text)


def test_play_in_japanese_prints_the_commands_own_sentences_in_japanese():
    done = gamekit("--lang", "ja", *PLAY, stdin=MOVES)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    header = out.splitlines()[0]
    assert "シードはゲーム終了まで伏せます" in header and "あなたは A（席 0）です" in header, header
    assert "B は random" in header
    assert not english_sentences(header), header
    for said in (
        "今できる手: ",
        "できません: ",
        "ゲームを抜けます。",
        "シードは 1 でした（ゲームは途中で終わりました）",
    ):
        assert said in out, said
    for english in ("seed hidden", "Legal now", "Not allowed", "You leave", "The seed was", "Your move"):
        assert english not in out, english
    # Every line the command itself writes (not the game's narration, indented, its picture, nor
    # the game's refusal after "できません: ", which the game's catalogue translates).
    own = [line for line in out.splitlines() if line.startswith(("> ", "今できる", "ゲームを", "シードは"))]
    for line in own:
        assert not english_sentences(line.removeprefix("> ")), line


def test_gamekit_lang_in_the_environment_does_the_same_and_lang_on_the_command_wins():
    by_option = gamekit("--lang", "ja", *PLAY, stdin=MOVES)
    by_env = gamekit(*PLAY, lang_env="ja", stdin=MOVES)
    after_command = gamekit(*PLAY, "--lang", "ja", stdin=MOVES)
    assert by_option.stdout == by_env.stdout == after_command.stdout
    english = gamekit("--lang", "en", *PLAY, lang_env="ja", stdin=MOVES)
    assert "Legal now: " in english.stdout and not JAPANESE.search(english.stdout.splitlines()[0])
    default = gamekit(*PLAY, stdin=MOVES)
    assert default.stdout == english.stdout  # no GAMEKIT_LANG: English


def test_a_language_gamekit_does_not_write_is_refused_with_a_clear_message():
    refused = gamekit("--lang", "fr", "rules", "FS-B1")
    assert refused.returncode == 2 and "--lang" in refused.stderr and "'fr'" in refused.stderr
    refused = gamekit("rules", "FS-B1", lang_env="fr")
    assert refused.returncode != 0 and "GAMEKIT_LANG='fr'" in refused.stderr


def test_errors_summaries_and_tables_in_japanese():
    wrong = gamekit("--lang", "ja", "rules", "nonsense")
    assert wrong.returncode == 2
    assert "gamekit rules: エラー: " in wrong.stderr and "はゲーム（" in wrong.stderr, wrong.stderr
    assert not english_sentences(wrong.stderr), wrong.stderr
    wrong = gamekit("--lang", "ja", *PLAY[:2], "--players", "9")
    assert "人では遊べません" in wrong.stderr, wrong.stderr
    summary = gamekit("--lang", "ja", "simulate", "for_sale", "--players", "3", "--games", "6")
    assert summary.returncode == 0, summary.stderr
    assert "勝率 [95 % 信頼区間]" in summary.stdout and "ボットは席を順に入れ替わります" in summary.stdout
    options = gamekit("--lang", "ja", "options", "for_sale")
    assert "ルールのオプション" in options.stdout and "既定値" in options.stdout


@pytest.mark.parametrize("rule_id", ["CL-4", "CL-33", "FS-B1"])
def test_rules_print_the_japanese_statement_where_the_reference_has_one(rule_id):
    rule = rules.get(rule_id)
    if not rule.ja:
        pytest.skip(f"{rule_id}'s [rule.ja] comes with its game's own branch")
    shown = gamekit("--lang", "ja", "rules", rule_id, "--brief")
    assert shown.returncode == 0, shown.stderr
    ja = rule.localized("ja")
    assert ja.title in shown.stdout
    for line in (ja.statement, ja.why or ""):
        assert "".join(line.split())[:20] in "".join(shown.stdout.split())
    if domain("teaching").catalogue("ja").messages:  # the card's labels ("partly our reading") are teaching's
        assert not english_sentences(shown.stdout), english_sentences(shown.stdout)
    english = gamekit("rules", rule_id, "--brief")
    assert rule.title in english.stdout and not JAPANESE.search(english.stdout.split("\n")[0])


def test_nothing_english_in_a_japanese_game_once_every_part_is_translated():
    """The whole of ``gamekit play``: the game's narration and refusals (its catalogue) and the
    picture (the teaching catalogue) too, once those parts are translated."""
    if not domain("for_sale").catalogue("ja").messages or not domain("teaching").catalogue("ja").messages:
        pytest.skip("the For Sale and teaching catalogues come with their helpers' branches")
    done = gamekit("--lang", "ja", *PLAY, stdin=MOVES)
    assert done.returncode == 0, done.stderr
    assert not english_sentences(done.stdout), english_sentences(done.stdout)


def test_help_texts_follow_lang_too():
    """Each option's help is gamekit's words in the chosen language (argparse's own headings,
    "usage:" and "options:", are Python's and stay English)."""
    japanese = gamekit("--lang", "ja", "play", "--help")
    assert japanese.returncode == 0
    assert "プレイヤーの人数" in japanese.stdout and "number of players" not in japanese.stdout
    by_env = gamekit("play", "--help", lang_env="ja")
    assert "プレイヤーの人数" in by_env.stdout
    english = gamekit("play", "--help")
    assert "number of players" in english.stdout and not JAPANESE.search(english.stdout)
