"""The rules reference data/rules/money_monsoon.toml: every rule ID in order, options that exist."""

from __future__ import annotations

import tomllib
from pathlib import Path

from gamekit.games.money_monsoon.game import MoneyMonsoon

REFERENCE = Path(__file__).parents[2] / "data" / "rules" / "money_monsoon.toml"
IDS = [
    *(f"MM-C{i}" for i in range(1, 4)),
    *(f"MM-A{i}" for i in range(1, 7)),
    *(f"MM-M{i}" for i in range(1, 6)),
    *(f"MM-E{i}" for i in range(1, 7)),
    "MM-X1",
    "MM-X2",
]


def test_the_reference_lists_every_rule_in_order_with_its_kind_and_options():
    reference = tomllib.loads(REFERENCE.read_text(encoding="utf-8"))
    assert reference["game"] == "money_monsoon"
    rules = reference["rule"]
    assert [r["id"] for r in rules] == IDS
    options = {o.name: o.rule for o in MoneyMonsoon.options_declared}
    for rule in rules:
        assert rule["kind"] in ("rule", "reading", "convention", "example"), rule["id"]
        assert rule["statement"].strip(), rule["id"]
        if rule["kind"] in ("reading", "convention"):
            assert rule["why"].strip(), rule["id"]
        if rule["kind"] in ("rule", "example"):
            assert rule["quotes"], rule["id"]
        for quote in rule.get("quotes", []):
            assert quote["source"] == "money-monsoon" and quote["text"] and quote["translation"]
        if "option" in rule:
            assert options[rule["option"]] == rule["id"]
    assert sorted(options) == sorted(r["option"] for r in rules if "option" in r)
