"""Fixtures shared by every test module."""

from __future__ import annotations

import pytest

from gamekit import rules


@pytest.fixture(scope="session")
def rule_ids() -> set[str]:
    """Every rule ID of the project's rules reference (data/rules/*.toml)."""
    return set(rules.ids())
