"""Every text gamekit writes has its Japanese translation, and every rule its Japanese words
(gamekit.core.i18n: one catalogue per part, the rules reference's [rule.ja])."""

from __future__ import annotations

import re
import tokenize

import pytest

import gamekit
from gamekit import rules
from gamekit.core import i18n

PARTS = [d.name for d in i18n.domains()]


def test_the_parts_are_the_package_teaching_plots_and_each_game():
    assert PARTS[:3] == ["gamekit", "teaching", "plots"]
    assert set(PARTS[3:]) == set(gamekit.GAMES)


@pytest.mark.parametrize("part", PARTS)
def test_every_text_of_each_part_has_its_japanese(part):
    domain = i18n.domain(part)
    assert i18n.extract(domain), f"{part} marks no text for translation"
    assert i18n.problems(domain) == []


@pytest.mark.parametrize("game", [*gamekit.GAMES, "classroom"])
def test_every_rule_has_its_title_and_statement_in_japanese(game):
    missing = [r.id for r in rules.all_rules(game) if not {"title", "statement"} <= dict(r.ja).keys()]
    assert missing == []
    for rule in rules.all_rules(game):
        ja = dict(rule.ja)
        untranslated = [f for f in ("reading", "why", "built_from") if getattr(rule, f) and f not in ja]
        assert untranslated == [], f"{rule.id}: no Japanese for its {', '.join(untranslated)}"


def _texts_inside_fstrings(path) -> list[str]:
    """``_("…")`` written inside an f-string: Babel cannot see it, so it never reaches a catalogue."""
    found = []
    with path.open(encoding="utf-8") as handle:
        for token in tokenize.generate_tokens(handle.readline):
            text = token.string
            fstring = token.type == tokenize.STRING and text[:2].lower() in ('f"', "f'", "rf", "fr")
            if fstring and re.search(r"\b(?:_|_n|N_)\(\s*['\"]", text):
                found.append(f"{path.name}:{token.start[0]}")
    return found


def test_no_text_is_marked_inside_an_f_string():
    package = i18n.PACKAGE
    found = [hit for path in sorted(package.rglob("*.py")) for hit in _texts_inside_fstrings(path)]
    assert found == []
