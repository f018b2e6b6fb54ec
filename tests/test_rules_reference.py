"""The project's rules reference (data/rules/): complete, consistent, and the one place every
rule ID, quote and source the code, tests, examples and lessons use comes from."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

import gamekit
from gamekit import rules
from gamekit.core import registry
from gamekit.core.game import game_class
from gamekit.examples import load_examples

ROOT = Path(__file__).resolve().parents[1]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
SENTENCE_END = "。！？"
# IDs that tests use on purpose because they do not exist.
MISSING_ON_PURPOSE = {"FS-X99", "FS-B99", "CL-99"}


def project_texts(*folders: str, suffixes: tuple[str, ...] = (".py", ".json", ".ipynb", ".toml")) -> dict:
    found = {}
    for folder in folders:
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in suffixes and ".ipynb_checkpoints" not in path.parts:
                found[path.relative_to(ROOT)] = path.read_text(encoding="utf-8")
    return found


# ------------------------------------------------------------------ the files themselves
def reference_file(game: str) -> Path:
    """A game's file as the registry names it (``data/rules/<game>.toml`` for gamekit's own); the classroom's."""
    return (
        ROOT / "data" / "rules" / f"{game}.toml" if game in rules.OTHER_FILES else registry.rules_file(game)
    )


def test_every_game_has_a_reference_file_and_the_bibliography_lists_five_documents():
    assert set(gamekit.GAMES) <= set(rules.games()) and rules.GAME_FILES == rules.games()
    assert len(rules.sources()) == 5
    for source in rules.sources().values():
        assert source.title and source.edition and source.covers and source.games
        assert set(source.games) <= set(gamekit.GAMES)
    for game in rules.games():
        data = tomllib.loads(reference_file(game).read_text(encoding="utf-8"))
        assert data["game"] == game
        assert rules.all_rules(game), game


def test_ids_are_unique_well_formed_and_carry_their_games_prefix():
    seen = []
    for game in rules.games() + rules.OTHER_FILES:
        data = tomllib.loads(reference_file(game).read_text(encoding="utf-8"))
        seen += [entry["id"] for entry in data["rule"]]
    assert len(seen) == len(set(seen)), [i for i in seen if seen.count(i) > 1]
    for rule in rules.all_rules():
        prefix = rule.id.split("-")[0]
        assert rules.prefixes()[prefix] == rule.game == rules.PREFIXES[prefix]
        if rule.game == "classroom":  # the classroom server's own rules: CL-1, CL-2, ...
            assert re.fullmatch(r"CL-\d+", rule.id) and rule.kind == "convention", rule.id
            continue
        assert re.fullmatch(r"[A-Z]{2,4}-[A-Z]\d+", rule.id), rule.id
        assert game_class(rule.game).rule_prefix == prefix


def test_every_rule_says_what_it_is_and_where_it_comes_from():
    for rule in rules.all_rules():
        assert rule.kind in rules.KINDS, rule.id
        assert rule.title and len(rule.statement) > 20, rule.id
        if rule.kind == "rule":
            assert rule.quotes, f"{rule.id} is the document's rule but quotes nothing"
        if rule.kind in ("reading", "convention"):
            assert rule.why, f"{rule.id} is our {rule.kind} but does not say why"
        if rule.kind == "example":
            assert rule.id[3] == "X", rule.id
            assert rule.quotes, f"{rule.id} quotes neither its example nor the rule it follows"
        for quote in rule.quotes:
            assert quote.source in rules.sources(), (rule.id, quote.source)
            assert rule.game in quote.document.games, (rule.id, quote.source)
            assert JAPANESE.search(quote.text) and quote.translation, rule.id
            assert "/" not in quote.source and ".txt" not in quote.source


def test_quotes_mark_their_cuts():
    """A quote is whole sentences, or says with … where it is cut: it ends with a sentence's end,
    a closing bracket or a cut mark, unless its last line is a list line of the document (one with
    no sentence end at all, such as "3・4人プレイ時：18枚"); a cut is one mark, never "..."."""
    for rule in rules.all_rules():
        for quote in rule.quotes:
            text = quote.text.rstrip()
            last_line = text.splitlines()[-1]
            list_line = not any(end in last_line for end in SENTENCE_END)
            assert list_line or text[-1] in SENTENCE_END + "」』）)]…", (rule.id, text[-12:])
            assert quote.pieces(), rule.id
            assert "……" not in text and "..." not in text, f"{rule.id}: write a cut as one …"


def test_options_are_declared_by_the_engines_and_named_by_their_rule_in_the_reference():
    for game in gamekit.GAMES:
        declared = game_class(game).options_declared
        in_reference = {name for rule in rules.all_rules(game) for name in rule.options}
        assert in_reference == {option.name for option in declared}, game
        for option in declared:
            for rule_id in option.rule.split("/"):  # "FS-C2/FS-C3": an option of both editions' rules
                assert option.name in rules.get(rule_id).options, (option.name, rule_id)


# ------------------------------------------------------------------ who cites what
def test_every_rule_id_cited_anywhere_in_the_project_exists_in_the_reference():
    known = set(rules.ids())
    for path, text in project_texts("gamekit", "tests", "data", "notebooks").items():
        if path.name in ("test_rules_reference.py",):
            continue
        unknown = set(rules.cited(text)) - known - MISSING_ON_PURPOSE
        assert not unknown, f"{path} cites {sorted(unknown)}, which the rules reference does not have"


def test_every_rule_is_named_by_a_test():
    corpus = "\n".join(project_texts("tests", suffixes=(".py",)).values()).lower()
    unnamed = []
    for rule_id in rules.ids():
        game, rest = rule_id.lower().split("-")
        if not re.search(rf"(?<![a-z0-9]){game}[-_]{rest}(?![0-9])", corpus):
            unnamed.append(rule_id)
    assert not unnamed, f"no test names {unnamed}"


def test_errors_cite_rules_of_their_own_game():
    for game in gamekit.GAMES:
        source = "\n".join(
            p.read_text(encoding="utf-8") for p in (ROOT / "gamekit" / "games" / game).glob("*.py")
        )
        prefix = game_class(game).rule_prefix
        foreign = {i for i in rules.cited(source) if not i.startswith(prefix)}
        assert not foreign, (game, foreign)


# ------------------------------------------------------------------ quotes elsewhere
def _normal(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _starts_sentence(reference: str, at: int) -> bool:
    return at == 0 or reference[at - 1] in SENTENCE_END + "\n"


def _ends_sentence(reference: str, end: int) -> bool:
    return end == len(reference) or reference[end - 1] in SENTENCE_END or reference[end] == "\n"


def quote_problems(quote: str, game: str) -> list[str]:
    """How a quote made elsewhere departs from the reference's quotes of ``game``: each stretch
    between cut marks must be in one of them, and must begin and end where a sentence does (or
    a line of the document) unless a … says it is cut there. Returns the stretches that do not."""
    # A rule's quotes from one document read as consecutive lines: a quote elsewhere may span them.
    references = [
        "\n".join(_lines_kept(q.text) for q in r.quotes if q.source == source)
        for r in rules.all_rules(game)
        for source in {q.source for q in r.quotes}
    ]
    parts = quote.split(rules.CUT)
    problems = []
    for i, part in enumerate(parts):
        piece = _normal(part)
        cut_before, cut_after = i > 0, i < len(parts) - 1
        if piece and not any(_fits(ref, piece, cut_before, cut_after) for ref in references):
            problems.append(piece)
    return problems


def _lines_kept(text: str) -> str:
    """The quote without spaces, its line ends kept: a line of the document ends a sentence too."""
    return "\n".join(_normal(line) for line in text.splitlines() if line.strip())


def _fits(reference: str, piece: str, cut_before: bool, cut_after: bool) -> bool:
    positions = [i for i, ch in enumerate(reference) if ch != "\n"]
    flat = reference.replace("\n", "")
    at = flat.find(piece)
    while at >= 0:
        start, end = positions[at], positions[at + len(piece) - 1] + 1
        if (cut_before or _starts_sentence(reference, start)) and (
            cut_after or _ends_sentence(reference, end)
        ):
            return True
        at = flat.find(piece, at + 1)
    return False


def test_quote_check_catches_an_unmarked_cut():
    rule = next(r for r in rules.all_rules("for_sale") if r.quotes)
    text = rule.quotes[0].pieces()[0]
    assert quote_problems(text, "for_sale") == []
    assert quote_problems(text[2:], "for_sale") != []  # starts inside a sentence, no …
    assert quote_problems(rules.CUT + text[2:], "for_sale") == []


@pytest.mark.parametrize("example", load_examples(), ids=lambda e: e["id"])
def test_examples_cite_the_bibliography_and_quote_the_reference(example):
    source = example["source"]
    assert source["document"] in rules.sources(), source["document"]
    rule = rules.get(example["id"])
    assert rule.kind == "example" and rule.game == example["game"]
    assert source["document"] in {q.source for q in rule.quotes}
    assert ("built_from" in source) == bool(rule.built_from), example["id"]
    assert set(source) <= {"document", "built_from"}, "the passage is quoted in the reference, not here"
    assert set(example["rules"]) <= set(rules.ids())


def lesson_quotes(notebook: Path) -> list[str]:
    """The Japanese lines a lesson quotes in its markdown (block quotes and inline ones)."""
    quoted = []
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        for line in "".join(cell["source"]).splitlines():
            if line.startswith(">") and JAPANESE.search(line):
                quoted.append(line.lstrip("> "))
            quoted += re.findall(
                r"[「(（]([^「」()（）]*[\u3040-\u30ff\u4e00-\u9fff][^「」()（）]*。)[」)）]", line
            )
    return quoted


LESSONS = {
    "01_for_sale.ipynb": "for_sale",
    "02_money_monsoon.ipynb": "money_monsoon",
    "03_kuhhandel.ipynb": "kuhhandel",
    "04_bohnanza.ipynb": "bohnanza",
}


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_lessons_quote_the_reference_and_mark_their_cuts(name):
    quotes = lesson_quotes(ROOT / "notebooks" / name)
    problems = {q: quote_problems(q, LESSONS[name]) for q in quotes}
    assert not {q: p for q, p in problems.items() if p}


# ------------------------------------------------------------------ where it is read
def test_illegal_action_names_its_rule_from_the_reference():
    game = gamekit.new_game("for_sale", 3, seed=1, stack={"houses": [3, 5, 11], "first_player": 0})
    game.act(0, "bid 2")
    with pytest.raises(gamekit.IllegalAction) as caught:
        game.act(1, "bid 2")
    assert caught.value.rule_id == "FS-B3"
    assert caught.value.rule is rules.get("FS-B3")
    assert caught.value.explain().startswith(str(caught.value) + "\nFS-B3 ")
    assert gamekit.IllegalAction("no rule named here").rule is None


def test_get_refuses_an_unknown_id_and_lists_the_games_ids():
    with pytest.raises(KeyError, match="FS-B3"):
        rules.get("FS-B99")
    assert rules.get("fs-b3") is rules.get("FS-B3")


def test_cards_show_statement_quote_and_translation():
    cards = rules.cards("FS-B5", ["FS-B6"])
    html = cards._repr_html_()
    assert [r.id for r in cards] == ["FS-B5", "FS-B6"]
    rule = rules.get("FS-B5")
    assert rule.quotes[0].translation.split()[0] in html and "FS-B6" in html
    assert str(cards).startswith("FS-B5")


# ------------------------------------------------------------------ a game registered from outside
@pytest.fixture
def resale(monkeypatch):
    from tests.classroom.resale import register_for_test

    return register_for_test(monkeypatch)


def test_rs_a1_a_registered_games_own_rules_file_is_in_the_reference(resale):
    rule = rules.get("rs-a1")
    assert rule.id == "RS-A1" and rule.game == resale and rule.kind == "convention"
    assert rules.all_rules(resale) == [rule] and "RS-A1" in rules.ids()
    assert rules.PREFIXES["RS"] == resale and resale in rules.GAME_FILES
    assert [r.id for r in rules.cards("RS-A1", "FS-B3")] == ["RS-A1", "FS-B3"]
    assert rules.cited("the same (RS-A1), and (FS-B3) and (ZZ-A1)") == ["RS-A1", "FS-B3"]
    refused = gamekit.IllegalAction("refused (RS-A1)")
    assert refused.rule_id == "RS-A1" and refused.rule is rule


def test_rs_a1_is_known_only_while_its_game_is_registered():
    assert "RS" not in rules.PREFIXES and rules.cited("(RS-A1)") == []
    with pytest.raises(KeyError, match="no rule"):
        rules.get("RS-A1")
    with pytest.raises(KeyError, match="no rule"):
        gamekit.IllegalAction("refused (RS-A1)").rule  # noqa: B018 (the property reads the reference)


def test_gamekit_rules_prints_a_registered_games_rule_and_its_whole_file(resale, capsys):
    from gamekit.cli import main

    assert main(["rules", "RS-A1"]) == 0
    assert capsys.readouterr().out.startswith("RS-A1  Resale is For Sale under another name")
    assert main(["rules", resale]) == 0
    assert "RS-A1" in capsys.readouterr().out
