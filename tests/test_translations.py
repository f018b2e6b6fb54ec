"""Every text gamekit writes has its Japanese translation, and every rule its Japanese words
(gamekit.core.i18n: one catalogue per part, the rules reference's [rule.ja])."""

from __future__ import annotations

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
