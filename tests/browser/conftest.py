"""Shared pieces of the browser tests: JupyterLab on a loopback port, headless Chromium,
and opening a lesson and running all its cells. See test_lessons_in_a_browser.py."""

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
PLAYWRIGHT_CHROMIUM = (  # where `python -m playwright install chromium` puts its browser
    "~/.cache/ms-playwright/chromium-*/chrome-linux*/chrome",
    "~/Library/Caches/ms-playwright/chromium-*/chrome-mac*/Chromium.app/Contents/MacOS/Chromium",
)


def find_chromium() -> str | None:
    """The browser the browser tests drive, found as the figures' pictures find theirs
    (``gamekit.plots.render.chrome``: ``$GAMEKIT_CHROMIUM``, else one on PATH or in a typical place
    such as /usr/bin/chromium, else the Chrome for Testing kaleido downloaded when make installed
    gamekit), else the Chromium of ``python -m playwright install chromium``."""
    try:
        from gamekit.plots.render import CHROME_ENV, chrome

        found = chrome()
        if found or os.environ.get(CHROME_ENV, "").strip():
            return found
    except ImportError:  # no plotly: look on PATH ourselves
        found = shutil.which("chromium") or shutil.which("google-chrome")
        if found:
            return found
    for pattern in PLAYWRIGHT_CHROMIUM:
        home, _, rest = pattern.partition("/")
        matches = sorted(Path(home).expanduser().glob(rest))
        if matches:
            return str(matches[-1])
    return None


CHROMIUM = find_chromium() or "/usr/bin/chromium"
# A skip's reason; tests/conftest.py sums every skip that names Chromium up in one line at the end.
HOW_TO_ENABLE = (
    "the browser test needs Chromium or Chrome (Debian: sudo apt-get install chromium; or "
    ".venv/bin/python -m playwright install chromium; or GAMEKIT_CHROMIUM=/path/to/chrome) and the playwright "
    "package (pip install -e '.[dev]'); CI installs Chromium in .ci/run"
)


def browser_available() -> bool:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return False
    return find_chromium() is not None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
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


@pytest.fixture(scope="session")
def browser():
    args = [
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--no-sandbox")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=args)
        yield chromium
        chromium.close()


# True while some visible code cell has not run yet in this session ("[ ]") or is running ("[*]").
# A cell whose source is collapsed (a lesson's check cells) shows no prompt at all, so the run is
# over when no visible prompt is pending and the kernel is idle (open_and_run_all waits for both).
_CELLS_PENDING = """() => [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputPrompt')]
    .some(p => /\\[( |\\*)\\]/.test(p.textContent))"""
_KERNEL_IDLE = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator[data-status='idle']"


def _menu(page, menu: str, item: str) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text=menu).first.click()
    page.locator(".lm-Menu-itemLabel", has_text=item).first.click()


def open_and_run_all(browser, url: str, notebook: str, timeout_ms: int = 300_000):
    """Open a lesson in a fresh JupyterLab workspace, clear its saved outputs, run every cell
    and wait until all have run; returns the page.

    Clearing first matters: the saved outputs include widgets that are not connected to the
    kernel, so clicking them before their cell has run again would do nothing. The fresh
    workspace (``?reset``) keeps another lesson's tab from coming back.
    """
    from playwright.sync_api import TimeoutError

    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(f"{url}/lab/tree/{notebook}?reset")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
    # A fresh server may ask which kernel to start before it knows its kernels: take the proposed one.
    accept = page.locator(".jp-Dialog .jp-mod-accept")
    try:
        accept.wait_for(timeout=10_000)
        accept.click()
    except TimeoutError:
        pass
    page.wait_for_selector(_KERNEL_IDLE, timeout=120_000)
    _menu(page, "Edit", "Clear Outputs of All Cells")
    page.wait_for_function(_CELLS_PENDING, timeout=30_000)
    _menu(page, "Run", "Run All Cells")
    page.wait_for_function(f"() => !(({_CELLS_PENDING})())", timeout=timeout_ms)
    page.wait_for_selector(_KERNEL_IDLE, timeout=timeout_ms)
    return page
