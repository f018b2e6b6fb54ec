"""The lessons in a real browser: JupyterLab on localhost, driven by headless Chromium.

nbval proves a notebook executes; this proves its widgets work where a teacher
clicks them. It needs Debian's Chromium (``apt-get install chromium``) and the
``playwright`` Python package (in the ``dev`` extra); ``.ci/run`` installs
Chromium when ``CI=true``. Without a browser the test is skipped, saying so.
A screenshot of each lesson is kept in ``test-artifacts/``.
"""

from __future__ import annotations

import pytest

from .conftest import ARTIFACTS, HOW_TO_ENABLE, browser_available, open_and_run_all

if not browser_available():
    pytest.skip(HOW_TO_ENABLE, allow_module_level=True)

from playwright.sync_api import expect


def test_for_sale_lesson_step_player_and_play_table_work_in_chromium(lab, browser):
    page = open_and_run_all(browser, lab, "01_for_sale.ipynb")
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        # The step-through player of FS-X1: Next shows A's opening bid and the rule it follows.
        next_button = page.locator(".gk-next").first
        next_button.wait_for(timeout=180_000)
        next_button.scroll_into_view_if_needed()
        next_button.click()
        story = page.locator(".gk-story").first
        expect(story).to_contain_text("A bids 2", timeout=30_000)
        expect(story).to_contain_text("FS-B3")
        expect(page.locator(".gk-position").first).to_contain_text("step 1 of 4")

        # The play table: A passes with a button; the narration then shows it and the bots reply.
        pass_button = page.locator(".gk-act-pass").first
        pass_button.wait_for(timeout=180_000)
        pass_button.scroll_into_view_if_needed()
        pass_button.click()
        table_story = page.locator(".gk-play-table .gk-table-story").first
        expect(table_story).to_contain_text("A passes", timeout=30_000)
        page.screenshot(path=str(ARTIFACTS / "01_for_sale_play_table.png"))

        # Let the whole notebook finish: the last figure (the rule explorer) only appears on demand,
        # so wait for the kernel to be idle again and no cell to show an error.
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=180_000)
        assert (
            page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count()
            == 0
        )
    finally:
        page.screenshot(path=str(ARTIFACTS / "01_for_sale.png"), full_page=False)
        page.close()
