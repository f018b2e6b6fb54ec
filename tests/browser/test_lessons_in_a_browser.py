"""The lessons in a real browser: JupyterLab on localhost, driven by headless Chromium.

nbval proves a notebook executes; this proves its widgets work where a teacher
clicks them. It needs Debian's Chromium (``apt-get install chromium``) and the
``playwright`` Python package (in the ``dev`` extra); ``.ci/run`` installs
Chromium when ``CI=true``. Without a browser the test is skipped, saying so.
A screenshot of each lesson is kept in ``test-artifacts/``.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("GAMEKIT_CHROMIUM", "/usr/bin/chromium")
HOW_TO_ENABLE = (
    "the browser test needs Chromium at /usr/bin/chromium (Debian: apt-get install chromium; "
    "or set GAMEKIT_CHROMIUM) and the playwright package (pip install -e '.[dev]'); "
    "CI installs Chromium in .ci/run"
)

playwright_api = pytest.importorskip("playwright.sync_api", reason=HOW_TO_ENABLE)
if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
    pytest.skip(HOW_TO_ENABLE, allow_module_level=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab on a loopback port, serving a copy of the lessons (so nothing in the repo changes)."""
    home = tmp_path_factory.mktemp("lab")
    work = home / "notebooks"
    shutil.copytree(ROOT / "notebooks", work)
    settings = home / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    # Render every cell (no windowing), so widgets far down the page exist in the page.
    (settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    env = dict(
        os.environ,
        JUPYTERLAB_SETTINGS_DIR=str(home / "settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
    )
    port = _free_port()
    log = (home / "lab.log").open("w")
    server = subprocess.Popen(
        [
            sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
            "--IdentityProvider.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
            "--LabApp.news_url=None", f"--ServerApp.root_dir={work}",
            *(["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []),
        ],
        env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/status", timeout=2)
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        f"JupyterLab did not start:\n{(home / 'lab.log').read_text()}"
                    ) from None
                time.sleep(0.5)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


@pytest.fixture(scope="module")
def browser():
    args = [
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--no-sandbox")
    with playwright_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=args)
        yield chromium
        chromium.close()


def open_and_run_all(browser, url: str, notebook: str):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(f"{url}/lab/tree/{notebook}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
    # A fresh server may ask which kernel to start before it knows its kernels: take the proposed one.
    accept = page.locator(".jp-Dialog .jp-mod-accept")
    try:
        accept.wait_for(timeout=10_000)
        accept.click()
    except playwright_api.TimeoutError:
        pass
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=120_000)
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    return page


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
        playwright_api.expect(story).to_contain_text("A bids 2", timeout=30_000)
        playwright_api.expect(story).to_contain_text("FS-B3")
        playwright_api.expect(page.locator(".gk-position").first).to_contain_text("step 1 of 4")

        # The play table: A passes with a button; the narration then shows it and the bots reply.
        pass_button = page.locator(".gk-act-pass").first
        pass_button.wait_for(timeout=180_000)
        pass_button.scroll_into_view_if_needed()
        pass_button.click()
        table_story = page.locator(".gk-play-table .gk-table-story").first
        playwright_api.expect(table_story).to_contain_text("A passes", timeout=30_000)
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
