"""The Kuhhandel lesson in a real browser: JupyterLab on localhost, driven by headless Chromium.

Runs every cell, steps through the first worked example (KH-X1), starts a cow trade at the
sandbox's play table and puts a card down, and checks that the note of what the other trader
can tell from the card count follows. A screenshot is kept in ``test-artifacts/``.
"""

from __future__ import annotations

import pytest

from .conftest import ARTIFACTS, HOW_TO_ENABLE, browser_available, open_and_run_all

if not browser_available():
    pytest.skip(HOW_TO_ENABLE, allow_module_level=True)

from playwright.sync_api import expect


def test_kuhhandel_lesson_step_player_and_cow_trade_sandbox_work_in_chromium(lab, browser):
    page = open_and_run_all(browser, lab, "03_kuhhandel.ipynb")
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        # The step-through player of KH-X1: Next shows the first donkey and the rules it follows.
        next_button = page.locator(".gk-next").first
        next_button.wait_for(timeout=180_000)
        next_button.scroll_into_view_if_needed()
        next_button.click()
        story = page.locator(".gk-story").first
        expect(story).to_contain_text("A auctions a donkey", timeout=30_000)
        expect(story).to_contain_text("The first donkey: everyone gets 50 from the bank")
        expect(story).to_contain_text("KH-A2")
        expect(page.locator(".gk-position").first).to_contain_text("step 1 of 6")

        # The cow-trade sandbox (the first play table): A challenges B for the two cows ...
        sandbox = page.locator(".gk-play-table").first
        trade_button = sandbox.locator(".gk-act-trade").first
        trade_button.wait_for(timeout=180_000)
        trade_button.scroll_into_view_if_needed()
        trade_button.click()
        table_story = sandbox.locator(".gk-table-story")
        expect(table_story).to_contain_text("A challenges B to a cow trade for two cows", timeout=30_000)
        expect(table_story).to_contain_text("KH-K1")

        # ... and puts a 10 face down: B's note (kh.offer_note, the counts model) now reads one card.
        add_ten = sandbox.locator(".gk-act-add", has_text="add 10").first
        add_ten.wait_for(timeout=30_000)
        add_ten.click()
        expect(table_story).to_contain_text("A puts a card face down (1 so far)", timeout=30_000)
        note = page.locator(".gk-inference").first
        expect(note).to_contain_text("A has put down 1 card", timeout=30_000)
        sandbox.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "03_kuhhandel_sandbox.png"))

        # The kernel is idle again and no cell wrote an error.
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=180_000)
        assert (
            page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count()
            == 0
        )
    finally:
        page.screenshot(path=str(ARTIFACTS / "03_kuhhandel.png"), full_page=False)
        page.close()
