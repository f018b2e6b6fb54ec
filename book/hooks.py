"""mkdocs hooks of the lessons' site (book/mkdocs.yml): plotly.js bundled once, a front page, a
page listing every claim the lessons make with its stored evidence (``gamekit.claims``), made
from ``data/claims`` at build time so it never goes stale, and the lessons' links to one another
(``NAME.ipynb`` in a notebook) pointed at the site's pages; a link to a notebook the site leaves
out (the teacher's guide) becomes plain text naming where it is. Each lesson is on the site in
English (``NAME.html``) and Japanese (``ja/NAME.html``), and each page links its twin.

The figures' HTML (``gamekit.plots.render``) draws with ``window.Plotly`` when the page has it and
only otherwise asks the plotly CDN; loading the bundled copy in ``<head>`` keeps the site offline.
"""

from __future__ import annotations

import html
import json
import posixpath
import re
import shutil
import tempfile
from pathlib import Path

ASSET = "assets/plotly.min.js"


def _plotly_js() -> Path:
    import plotly

    return Path(plotly.__file__).parent / "package_data" / "plotly.min.js"


CLAIMS_PAGE = "claims.md"
# A link of a lesson to another notebook beside it: <a href="NAME.ipynb#part">text</a>
NOTEBOOK_LINK = re.compile(r'<a href="((?:\.\./|ja/)?[\w.-]+)\.ipynb(#[^"]*)?"([^>]*)>(.*?)</a>', re.S)


def on_files(files, config):
    """Add the claims page, generated from the stored evidence (no file is written in the repository),
    and have each lesson read from a copy without its widgets' saved state."""
    from mkdocs.structure.files import File

    from gamekit import claims

    files.append(File.generated(config, CLAIMS_PAGE, content=claims.markdown_page()))
    for file in files:
        if file.src_uri.endswith(".ipynb") and file.abs_src_path:
            file.abs_src_path = without_widget_state(Path(file.abs_src_path), file.src_uri)
    return files


_COPIES = Path(tempfile.mkdtemp(prefix="gamekit-book-"))


def without_widget_state(path: Path, name: str) -> str:
    """A copy of the notebook at ``path`` without ``metadata.widgets`` (or ``path`` itself if it has
    none). With the saved state nbconvert draws each widget with JavaScript from a CDN, which the
    offline site does not have; without it the page shows the picture of the widget's first state
    that gamekit saves beside it (``gamekit.pictures.widgets``). JupyterLab, which draws widgets
    from that state, keeps it in the committed notebook."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    if "widgets" not in notebook.get("metadata", {}):
        return str(path)
    del notebook["metadata"]["widgets"]
    copy = _COPIES / name
    copy.parent.mkdir(parents=True, exist_ok=True)
    copy.write_text(json.dumps(notebook, ensure_ascii=False), encoding="utf-8")
    return str(copy)


def on_post_page(output: str, page, config) -> str:
    """Load the site's one copy of plotly.js before the page's figures ask for it."""
    if "gk-fig-" not in output:
        return output
    src = posixpath.relpath(ASSET, posixpath.dirname(page.file.dest_uri) or ".")
    tag = f'<script src="{src}" charset="utf-8"></script>'
    return output.replace("</head>", f"{tag}\n</head>", 1)


def site_links(page: str, pages: set[str], folder: str = "") -> str:
    """``page`` (in ``folder``, "" or "ja/")'s links to notebooks pointed at the site: ``NAME.html``
    where the site has that page (``pages``: every page's path in the site), else the link's text
    with where the notebook is (the site works offline, file:// too)."""

    def point(match: re.Match) -> str:
        name, part, rest, text = match.group(1), match.group(2) or "", match.group(3), match.group(4)
        target = posixpath.normpath(posixpath.join(folder, name))
        if f"{target}.html" in pages:
            return f'<a href="{name}.html{part}"{rest}>{text}</a>'
        where = html.escape(f"notebooks/{target}.ipynb")
        if folder == "ja/":
            return f'{text} <span class="gk-offsite">（リポジトリの <code>{where}</code> にあります。このサイトにはありません）</span>'
        return f'{text} <span class="gk-offsite">(in the repository: <code>{where}</code>, not on this site)</span>'

    return NOTEBOOK_LINK.sub(point, page)


LANGUAGES = {"": ("English", "ja/", "日本語"), "ja/": ("日本語", "../", "English")}


def language_switch(page: str, here: str, twins: set[str], name: str) -> str:
    """``page`` with a link to the same lesson in the other language, where the site has it."""
    _label, there, other = LANGUAGES[here]
    if name not in twins or 'class="gk-language"' in page:
        return page
    link = (
        f'<div class="gk-language" style="text-align:right;margin:0 0 8px 0">'
        f'<a href="{there}{name}" hreflang="{"ja" if here == "" else "en"}">{other}</a></div>'
    )
    return re.sub(r"(<article[^>]*>)", lambda m: m.group(1) + link, page, count=1)


def on_post_build(config) -> None:
    site = Path(config["site_dir"])
    pages = {p.relative_to(site).as_posix() for p in site.rglob("*.html")}
    for here in LANGUAGES:
        folder = site / here
        twins = {p.name for p in (site / LANGUAGES[here][1] if here == "" else site).glob("*.html")}
        for path in folder.glob("*.html"):
            text = path.read_text(encoding="utf-8")
            pointed = language_switch(site_links(text, pages, here), here, twins, path.name)
            if pointed != text:
                path.write_text(pointed, encoding="utf-8")
    (site / ASSET).parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(_plotly_js(), site / ASSET)
    if not (site / "index.html").exists():
        pages = sorted(p.name for p in site.glob("*.html") if p.name != "404.html")
        first = pages[0] if pages else ""
        (site / "index.html").write_text(
            f'<!doctype html><meta charset="utf-8"><title>gamekit lessons</title>'
            f'<meta http-equiv="refresh" content="0; url={first}"><a href="{first}">Start here</a>\n'
        )
