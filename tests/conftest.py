"""Fixtures shared by every test module."""

from __future__ import annotations

import re

import pytest

from gamekit import rules


@pytest.fixture(scope="session")
def rule_ids() -> set[str]:
    """Every rule ID of the project's rules reference (data/rules/*.toml)."""
    return set(rules.ids())


# A skip whose reason names the browser: the tests that drive Chromium, or kaleido's pictures.
_BROWSER_SKIP = re.compile(r"Chrom(e|ium)\b|kaleido cannot draw")
ENABLE_BROWSER = (
    "sudo apt-get install chromium (Debian), .venv/bin/python -m playwright install chromium, "
    "or GAMEKIT_CHROMIUM=/path/to/chrome make test"
)


def _skip_reason(report: pytest.TestReport | pytest.CollectReport) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2])
    return str(longrepr or "")


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """One line after the short summary naming every test skipped for want of a browser (a file
    for a whole file), and how to run them: among the other skips they would pass unnoticed."""
    result = yield
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if _BROWSER_SKIP.search(_skip_reason(r))]
    if skipped:
        names = sorted({r.nodeid for r in skipped})
        terminalreporter.write_line(
            f"Skipped, no Chrome or Chromium found ({len(names)}): {', '.join(names)}; "
            f"to run them: {ENABLE_BROWSER}",
            yellow=True,
            bold=True,
        )
    return result
