"""The Kuhhandel rules reference (data/rules/kuhhandel.toml) against the engine and the tests."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import gamekit

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "data" / "rules" / "kuhhandel.toml"
SOURCES = ROOT / "data" / "rules" / "sources.toml"
ORDER = (
    *(f"KH-C{i}" for i in range(1, 5)),
    "KH-T1",
    *(f"KH-A{i}" for i in range(1, 8)),
    *(f"KH-K{i}" for i in range(1, 6)),
    *(f"KH-E{i}" for i in range(1, 5)),
    *(f"KH-X{i}" for i in range(1, 6)),
)
CITED = re.compile(r"\bKH-[A-Z]\d+\b")


def reference() -> list[dict]:
    return tomllib.loads(REFERENCE.read_text(encoding="utf-8"))["rule"]


def test_the_reference_lists_every_rule_in_order_with_what_its_kind_needs():
    rules = reference()
    assert tuple(r["id"] for r in rules) == ORDER
    keys = {s["key"] for s in tomllib.loads(SOURCES.read_text(encoding="utf-8"))["source"]}
    for rule in rules:
        assert rule["title"] and rule["statement"].strip(), rule["id"]
        assert rule["kind"] in ("rule", "reading", "convention", "example"), rule["id"]
        if rule["kind"] == "rule":
            assert rule["quotes"], rule["id"]
        if rule["kind"] in ("reading", "convention"):
            assert rule["why"].strip(), rule["id"]
        for quote in rule.get("quotes", []):
            assert quote["source"] in keys and quote["text"] and quote["translation"], rule["id"]


def test_the_reference_says_which_parts_are_our_readings():
    by_id = {r["id"]: r for r in reference()}
    for rule_id in ("KH-C1", "KH-C3", "KH-A3", "KH-A7", "KH-K5"):
        assert by_id[rule_id]["kind"] == "rule" and by_id[rule_id]["reading"].strip(), rule_id
    assert "published" in by_id["KH-C1"]["reading"]
    assert "without" in by_id["KH-A7"]["reading"] and "mistake" in by_id["KH-A7"]["statement"]
    assert "bluff" not in by_id["KH-A3"]["statement"].replace("not a bluff", "")
    assert (by_id["KH-E4"]["kind"], by_id["KH-E4"]["option"]) == ("convention", "max_turns")


def test_the_reference_options_are_the_engines():
    declared = {o.name for o in gamekit.new_game("kuhhandel", 3, seed=1).options_declared}
    assert {r["option"] for r in reference() if "option" in r} == declared


def test_examples_x1_to_x5_are_built_from_the_rule_text_and_quote_the_rule_they_follow():
    # The guide gives the donkey payouts but plays no auction or trade in numbers.
    by_id = {r["id"]: r for r in reference()}
    for i in range(1, 6):
        rule = by_id[f"KH-X{i}"]
        assert rule["kind"] == "example" and rule["built_from"] == "rule text" and rule["quotes"]
        example = json.loads((ROOT / "data" / "kuhhandel" / "examples" / f"kh-x{i}.json").read_text())
        assert example["source"] == {"document": "kuhhandel-guide", "built_from": "rule text"}


def test_every_rule_id_the_project_cites_is_in_the_reference_and_every_rule_is_tested():
    known = {r["id"] for r in reference()}
    cited: set[str] = set()
    for folder in ("gamekit", "tests", "data/kuhhandel"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".json"):
                cited |= set(CITED.findall(path.read_text(encoding="utf-8")))
    assert cited <= known, sorted(cited - known)
    tests = " ".join(
        p.read_text(encoding="utf-8")
        for p in (ROOT / "tests" / "kuhhandel").glob("test_*.py")
        if p.name != Path(__file__).name
    )
    named = {m.upper().replace("_", "-") for m in re.findall(r"(?<![a-z])kh_[a-z]\d+", tests)} | set(
        CITED.findall(tests)
    )
    assert known <= named, sorted(known - named)
