"""Fixtures shared by every test module."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

RULES_MD = Path(__file__).resolve().parents[2] / "shared" / "RULES.md"


@pytest.fixture(scope="session")
def rule_ids() -> set[str]:
    """Every rule ID of RULES.md (the project's shared folder sits beside the checkout, as in CI)."""
    if not RULES_MD.exists():
        pytest.skip(f"RULES.md is not beside this checkout (looked for {RULES_MD})")
    return set(re.findall(r"\*\*([A-Z]{2}-[A-Z]\d+)\*\*", RULES_MD.read_text(encoding="utf-8")))
