"""The Bohnanza lesson in a real browser: JupyterLab on localhost, driven by headless Chromium.

Runs every cell, steps through BO-X1, makes a move in the trading sandbox and one at the full
game's table, and keeps screenshots in ``test-artifacts/``. Skipped without a browser (see
``conftest.py``).
"""

from __future__ import annotations

import pytest

from .conftest import ARTIFACTS, HOW_TO_ENABLE, browser_available, open_and_run_all

if not browser_available():
    pytest.skip(HOW_TO_ENABLE, allow_module_level=True)

from playwright.sync_api import expect


def test_bohnanza_lesson_step_player_and_play_tables_work_in_chromium(lab, browser):
    # The lesson's experiments take about a minute alone and several on a shared, loaded machine.
    page = open_and_run_all(browser, lab, "04_bohnanza.ipynb", timeout_ms=900_000)
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        # The step-through player of BO-X1: Next plants the front green, citing BO-T1.
        next_button = page.locator(".gk-next").first
        next_button.wait_for(timeout=180_000)
        next_button.scroll_into_view_if_needed()
        next_button.click()
        story = page.locator(".gk-story").first
        expect(story).to_contain_text(
            "A plants green (from the front of the hand) on field 1: 1 green", timeout=30_000
        )
        expect(story).to_contain_text("BO-T1")
        expect(page.locator(".gk-position").first).to_contain_text("step 1 of 2")
        next_button.click()
        expect(story).to_contain_text("A turns up chili and stink")
        expect(story).to_contain_text("BO-T3")

        # The trading sandbox (the first play table): A ends trading and must plant the turned-up beans.
        tables = page.locator(".gk-play-table")
        sandbox = tables.first
        end_trading = sandbox.locator(".gk-act-end-trading").first
        end_trading.wait_for(timeout=180_000)
        end_trading.scroll_into_view_if_needed()
        end_trading.click()
        expect(sandbox.locator(".gk-table-story")).to_contain_text("A ends trading", timeout=30_000)
        expect(sandbox.locator(".gk-act-plant").first).to_be_visible()

        # The full game against three traders (the last play table): A plants the front card.
        game = tables.last
        plant = game.locator(".gk-act-plant").first
        plant.wait_for(timeout=180_000)
        plant.scroll_into_view_if_needed()
        plant.click()
        table_story = game.locator(".gk-table-story")
        expect(table_story).to_contain_text("A plants", timeout=30_000)
        expect(table_story).to_contain_text("from the front of the hand")
        expect(table_story).to_contain_text("BO-T1")
        game.screenshot(path=str(ARTIFACTS / "04_bohnanza_play_table.png"))

        # Let the whole notebook finish and check that no cell wrote an error.
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=180_000)
        assert (
            page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count()
            == 0
        )
    finally:
        page.screenshot(path=str(ARTIFACTS / "04_bohnanza.png"), full_page=False)
        page.close()
