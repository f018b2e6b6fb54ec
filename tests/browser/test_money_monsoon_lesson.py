"""The Money Monsoon lesson in a real browser: JupyterLab on localhost, driven by headless Chromium.

Runs every cell, steps through the worked example MM-X1, checks that the "your bid" sandbox
draws its payoff figure, writes a sealed bid at the play table, and keeps a screenshot in
``test-artifacts/``. Skipped, saying why, without Chromium and playwright.
"""

from __future__ import annotations

import pytest

from .conftest import ARTIFACTS, HOW_TO_ENABLE, browser_available, open_and_run_all

if not browser_available():
    pytest.skip(HOW_TO_ENABLE, allow_module_level=True)

from playwright.sync_api import expect


def test_money_monsoon_lesson_step_player_sandbox_and_play_table_work_in_chromium(lab, browser):
    # The rollout experiments of section 8 make this lesson one of the slower ones to run.
    page = open_and_run_all(browser, lab, "02_money_monsoon.ipynb", timeout_ms=600_000)
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        # The step-through player of MM-X1: Next shows A's sealed bid and the rule it follows.
        next_button = page.locator(".gk-next").first
        next_button.wait_for(timeout=60_000)
        next_button.scroll_into_view_if_needed()
        next_button.click()
        story = page.locator(".gk-story").first
        expect(story).to_contain_text("A bids face down", timeout=60_000)
        expect(story).to_contain_text("MM-A2")
        expect(page.locator(".gk-position").first).to_contain_text("step 1 of 4")
        for _ in range(3):
            next_button.click()
        expect(story).to_contain_text("B wins the 5 and pays 10 to A", timeout=30_000)
        expect(story).to_contain_text("MM-A3")

        # The live sandbox draws its payoff figure at once (its title says what the bid gets), and
        # redraws it when a slider moves: "Home" on the bid slider bids 0, which loses.
        sandbox = page.locator(
            ".widget-vbox", has=page.locator(".widget-slider", has_text="free 4 worth")
        ).last
        sandbox_title = sandbox.locator(".widget-output .gtitle").first
        expect(sandbox_title).to_contain_text("Your bid 14: win, pay 10, payoff 2.", timeout=60_000)
        handle = sandbox.locator(".widget-slider", has_text="your bid").locator(".noUi-handle").first
        handle.scroll_into_view_if_needed()
        handle.focus()
        handle.press("Home")
        expect(sandbox_title).to_contain_text("Your bid 0: lose, payoff 0.", timeout=60_000)
        page.screenshot(path=str(ARTIFACTS / "02_money_monsoon_sandbox.png"))

        # The play table: A writes a sealed bid with the slider's button; the reveal follows.
        bid_button = page.locator(".gk-play-table .gk-act-bid").first
        bid_button.wait_for(timeout=60_000)
        bid_button.scroll_into_view_if_needed()
        bid_button.click()
        table_story = page.locator(".gk-play-table .gk-table-story").first
        expect(table_story).to_contain_text("A bids face down", timeout=60_000)
        expect(table_story).to_contain_text("Bids revealed: A 0")
        page.locator(".gk-play-table").first.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "02_money_monsoon_play_table.png"))

        # Let the whole notebook finish (the rollout bots of section 8 take a while): no cell may show an error.
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=300_000)
        assert (
            page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count()
            == 0
        )
    finally:
        page.screenshot(path=str(ARTIFACTS / "02_money_monsoon.png"), full_page=False)
        page.close()
