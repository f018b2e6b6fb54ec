"""A Japanese lesson in a real browser: JupyterLab on localhost, headless Chromium. The lesson's
step player and play table speak Japanese (narration from the engine's catalogue, rule IDs kept),
and nothing on the page is an error. A screenshot is kept in ``test-artifacts/``."""

from __future__ import annotations

import re

import pytest

from .conftest import ARTIFACTS, HOW_TO_ENABLE, browser_available, open_and_run_all

if not browser_available():
    pytest.skip(HOW_TO_ENABLE, allow_module_level=True)

from playwright.sync_api import expect

# A run of three English words: what a Japanese page must not show in its lesson's own words.
ENGLISH = re.compile(r"\b[A-Za-z]{3,}(?: [A-Za-z]{2,}){2,}\b")


def test_the_japanese_for_sale_lesson_narrates_and_plays_in_japanese(lab, browser):
    page = open_and_run_all(browser, lab, "ja/01_for_sale.ipynb")
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        next_button = page.locator(".gk-next").first
        next_button.wait_for(timeout=180_000)
        next_button.scroll_into_view_if_needed()
        next_button.click()
        story = page.locator(".gk-story").first
        expect(story).to_contain_text("A が 2 に入札", timeout=30_000)
        expect(story).to_contain_text("FS-B3")
        assert not ENGLISH.search(story.inner_text()), story.inner_text()

        pass_button = page.locator(".gk-act-pass").first
        pass_button.wait_for(timeout=180_000)
        pass_button.scroll_into_view_if_needed()
        pass_button.click()
        table_story = page.locator(".gk-play-table .gk-table-story").first
        expect(table_story).to_contain_text("A はパス", timeout=30_000)
        assert not ENGLISH.search(table_story.inner_text()), table_story.inner_text()
        page.screenshot(path=str(ARTIFACTS / "ja_01_for_sale_play_table.png"))

        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=180_000)
        assert (
            page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count()
            == 0
        )
        # The lesson's prose is Japanese: its first heading and the rule cards' titles.
        assert re.search(
            r"[\u3040-\u30ff\u4e00-\u9fff]", page.locator(".jp-RenderedMarkdown h1").first.inner_text()
        )
    finally:
        page.screenshot(path=str(ARTIFACTS / "ja_01_for_sale.png"), full_page=False)
        page.close()
