"""The auction lab (lesson 05) in a real browser: JupyterLab on localhost, driven by headless Chromium.

Runs every cell, checks that the bid-function lab shows its payoff read-out and figure, moves the
shade slider to 0 (a bid of 0 never wins, so the payoff is 0 and the regret is the equilibrium's
1/12), and keeps a screenshot in ``test-artifacts/``. Skipped, saying why, without Chromium and
playwright.
"""

from __future__ import annotations

import pytest

from .conftest import ARTIFACTS, HOW_TO_ENABLE, browser_available, open_and_run_all

if not browser_available():
    pytest.skip(HOW_TO_ENABLE, allow_module_level=True)

from playwright.sync_api import expect


def test_auction_lab_slider_updates_the_payoff_in_chromium(lab, browser):
    page = open_and_run_all(browser, lab, "05_auction_lab.ipynb")
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        box = page.locator(".gk-auction-lab").first
        box.wait_for(timeout=60_000)
        readout = box.locator(".gk-lab-payoff").first
        # The lab opens on first price, shading 0.8: it wins more than its share and pays too much.
        expect(readout).to_contain_text("Your expected payoff", timeout=60_000)
        expect(readout).to_contain_text("regret")
        before = readout.inner_text()
        expect(box.locator(".widget-output .gtitle").first).to_contain_text("First price", timeout=60_000)

        # "Home" on the shade slider bids 0 × value: never wins, payoff 0, regret 1/12.
        handle = box.locator(".widget-slider", has_text="shade").locator(".noUi-handle").first
        handle.scroll_into_view_if_needed()
        handle.focus()
        handle.press("Home")
        expect(readout).to_contain_text("Your expected payoff 0.0000", timeout=60_000)
        expect(readout).to_contain_text("exact 0.0833) · you win 0%")  # the exact regret: 1/12
        assert readout.inner_text() != before
        box.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "05_auction_lab_slider.png"))

        # Let the whole notebook finish: no cell may show an error.
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000)
        assert (
            page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count()
            == 0
        )
    finally:
        page.screenshot(path=str(ARTIFACTS / "05_auction_lab.png"), full_page=False)
        page.close()
