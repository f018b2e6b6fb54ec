"""The lessons read well outside a running JupyterLab (issue 13, section 4), in Chromium:

* ``make book``'s static site (book/mkdocs.yml, built once per session from the committed
  outputs into a temporary folder, served from 127.0.0.1): every lesson page draws each of its
  plotly figures interactively with the site's own plotly.js (requests off the machine are
  refused) and shows each of its pictures;
* nbconvert's HTML export draws its figures once plotly.js loads from the CDN address (answered
  here with the local copy), and keeps the static pictures when it cannot load;
* a lesson opened in JupyterLab before it is run (untrusted: its HTML is sanitized) shows its
  pictures and figures.
"""

from __future__ import annotations

import functools
import html
import http.server
import importlib.util
import json
import os
import re
import subprocess
import sys
import threading
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..test_render_export import LESSONS, WIDGET, figures_and_pictures
from .conftest import HOW_TO_ENABLE, ROOT, browser_available

if not browser_available():
    pytest.skip(HOW_TO_ENABLE, allow_module_level=True)

FIGURES_DRAWN = """(n) => {
    const figs = [...document.querySelectorAll('.gk-figure')];
    return figs.length === n && figs.every(f => f.classList.contains('js-plotly-plot')
        && f.querySelector('svg.main-svg') && !f.querySelector('img'));
}"""
PICTURES = """() => [...document.querySelectorAll('img[src^="data:image/svg+xml"]')]
    .map(i => i.complete && i.naturalWidth > 0 && i.alt.length > 0)"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="session")
def serve() -> Iterator:
    """Serve a folder from 127.0.0.1 in a thread: ``serve(folder)`` returns its address."""
    servers = []

    def start(folder: Path) -> str:
        server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(_Quiet, directory=folder)
        )
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def book(tmp_path_factory: pytest.TempPathFactory, serve) -> str:
    """The lessons' site, built once (as ``make book`` does, into a temporary folder), served."""
    if importlib.util.find_spec("mkdocs_jupyter") is None:
        pytest.skip("the site needs the book extra: pip install -e '.[book]' (dev includes it)")
    site = tmp_path_factory.mktemp("book")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--quiet",
            "-f",
            str(ROOT / "book/mkdocs.yml"),
            "-d",
            str(site),
        ],
        check=True,
        timeout=300,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    return serve(site)


_LINK = re.compile(r'(?:href|src)="([^"]*)"')


def test_every_link_of_every_page_of_the_site_leads_to_a_page_or_file_of_the_site(book):
    """From the front page, every page the site links is fetched, and every link and source on it
    (pages, anchors' pages, pictures, scripts, style sheets) answers from the site: nothing points
    at a notebook (.ipynb) or a page the site does not have. Links off the machine are only to the
    project's own repository and the theme's credit line. Bounded: at most 500 addresses."""
    seen: set[str] = set()
    todo = [f"{book}/index.html"]
    outside: set[str] = set()
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        seen.add(url)
        assert len(seen) <= 500, "the site links more addresses than expected"
        with urllib.request.urlopen(url, timeout=30) as answer:
            assert answer.status == 200, url
            kind = answer.headers.get("Content-Type", "")
            body = answer.read().decode("utf-8", "replace") if "html" in kind else ""
        for link in _LINK.findall(body):
            link = html.unescape(link)
            if link.startswith(("#", "data:", "mailto:", "javascript:")) or not link:
                continue
            if link.startswith(("http://", "https://")) and not link.startswith(book):
                outside.add(urllib.parse.urlsplit(link).netloc)
                continue
            target = urllib.parse.urljoin(url, link).split("#")[0].split("?")[0]
            assert not target.endswith(".ipynb"), f"{url} links a notebook: {link}"
            if target.endswith("/"):
                target += "index.html"
            todo.append(target)
    pages = [u for u in seen if u.endswith(".html")]
    assert {f"{book}/{n}.html" for n in ("00_start_here", "06_classroom", "07_agents")} <= set(pages)
    assert outside <= {"github.com", "squidfunk.github.io"}, outside  # the repository; the theme's credit


def _offline_page(browser, allowed: str):
    """A page whose requests to anywhere but ``allowed`` fail, as on a machine without network."""
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    refused: list[str] = []

    def route(request_route) -> None:
        if request_route.request.url.startswith(allowed):
            request_route.continue_()
        else:
            refused.append(request_route.request.url)
            request_route.abort()

    page.route("**/*", route)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return page, refused, errors


def figures_in_widget_pictures(notebook: Path) -> int:
    """Figures drawn inside the saved pictures of widgets (a widget's output area holding a figure),
    which the site shows, as it reads the lesson without the widgets' state."""
    found = 0
    for cell in json.loads(notebook.read_text())["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET in data:
                found += "".join(data.get("text/html", "")).count('class="gk-figure"')
    return found


@pytest.mark.parametrize("notebook", LESSONS, ids=[p.stem for p in LESSONS])
def test_each_lesson_page_of_the_site_draws_its_figures_and_shows_its_pictures(book, browser, notebook):
    figures, pictures = figures_and_pictures(notebook)
    figures = [*figures, *[None] * figures_in_widget_pictures(notebook)]
    page, refused, errors = _offline_page(browser, book)
    try:
        page.goto(f"{book}/{notebook.stem}.html")
        page.wait_for_function(FIGURES_DRAWN, arg=len(figures), timeout=60_000)
        shown = page.evaluate(PICTURES)
        assert len(shown) == pictures and all(shown)
        assert page.evaluate("() => document.querySelectorAll('script[src$=\"plotly.min.js\"]').length") == (
            1 if figures else 0
        )  # plotly.js once per page, from the site
        assert not [url for url in refused if "plot.ly" in url]
        assert not errors
    finally:
        page.close()


def test_the_site_opens_at_the_first_lesson(book, browser):
    page, _, _ = _offline_page(browser, book)
    try:
        page.goto(f"{book}/")
        page.wait_for_url(f"{book}/{LESSONS[0].stem}.html", timeout=30_000)
    finally:
        page.close()


def test_the_site_lists_every_claim_with_its_evidence(book, browser):
    from gamekit import claims

    page, _, errors = _offline_page(browser, book)
    try:
        page.goto(f"{book}/claims.html")
        text = page.inner_text("article")
        for claim_id in claims.all_claims():
            assert claim_id in text
            assert claims.evidence(claim_id).verdict in text
        assert "no current evidence" not in text
        assert not errors
    finally:
        page.close()


@pytest.fixture(scope="session")
def exported(tmp_path_factory: pytest.TempPathFactory, serve) -> str:
    """nbconvert's HTML export of lesson 01, served."""
    folder = tmp_path_factory.mktemp("export")
    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", "--output-dir", str(folder),
         str(ROOT / "notebooks/01_for_sale.ipynb")],
        check=True, timeout=300, capture_output=True,
    )  # fmt: skip
    return serve(folder) + "/01_for_sale.html"


@pytest.mark.parametrize("cdn", ["answers", "unreachable"])
def test_the_html_export_draws_its_figures_or_keeps_their_pictures(exported, browser, cdn):
    import plotly

    figures, _ = figures_and_pictures(ROOT / "notebooks/01_for_sale.ipynb")
    page, _, errors = _offline_page(browser, exported.rsplit("/", 1)[0])
    local = Path(plotly.__file__).parent / "package_data/plotly.min.js"
    if cdn == "answers":  # the CDN, answered from the local copy of the same plotly.js
        page.route("https://cdn.plot.ly/**", lambda r: r.fulfill(path=local, content_type="text/javascript"))
    try:
        page.goto(exported)
        if cdn == "answers":
            page.wait_for_function(FIGURES_DRAWN, arg=len(figures), timeout=60_000)
        else:
            page.wait_for_timeout(2000)
            still = page.evaluate(
                "() => [...document.querySelectorAll('.gk-figure img')].filter(i => i.naturalWidth > 0).length"
            )
            assert still == len(figures)
        assert not errors
    finally:
        page.close()


def test_an_untrusted_lesson_in_jupyterlab_shows_pictures_and_figures(lab, browser):
    """Opened before it is run, a lesson's HTML is sanitized: no inline SVG, no scripts, no <style>."""
    notebook = ROOT / "notebooks/04_bohnanza.ipynb"
    figures, pictures = figures_and_pictures(notebook)
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    try:
        page.goto(f"{lab}/lab/tree/{notebook.name}?reset")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
        area = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output"
        page.wait_for_function(
            f"""(n) => document.querySelectorAll('{area} img[src^="data:image/svg+xml"]').length === n""",
            arg=pictures,
            timeout=60_000,
        )
        shown = page.evaluate(
            f"""() => [...document.querySelectorAll('{area} img[src^="data:image/svg+xml"]')]
                .filter(i => i.naturalWidth > 0 && i.alt).length"""
        )
        assert shown == pictures
        # Each figure: JupyterLab's plotly renderer draws it (it counts as safe), else the
        # sanitized HTML part would show its picture.
        page.wait_for_function(
            f"""(n) => document.querySelectorAll(
                '{area}.js-plotly-plot, {area} img[alt^="Figure"]').length === n""",
            arg=len(figures),
            timeout=60_000,
        )
    finally:
        page.close()
