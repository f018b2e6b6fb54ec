"""mkdocs hooks of the lessons' site (book/mkdocs.yml): plotly.js bundled once, a front page, and a
page listing every claim the lessons make with its stored evidence (``gamekit.claims``), made
from ``data/claims`` at build time so it never goes stale.

The figures' HTML (``gamekit.plots.render``) draws with ``window.Plotly`` when the page has it and
only otherwise asks the plotly CDN; loading the bundled copy in ``<head>`` keeps the site offline.
"""

from __future__ import annotations

import posixpath
import shutil
from pathlib import Path

ASSET = "assets/plotly.min.js"


def _plotly_js() -> Path:
    import plotly

    return Path(plotly.__file__).parent / "package_data" / "plotly.min.js"


CLAIMS_PAGE = "claims.md"


def on_files(files, config):
    """Add the claims page, generated from the stored evidence (no file is written in the repository)."""
    from mkdocs.structure.files import File

    from gamekit import claims

    files.append(File.generated(config, CLAIMS_PAGE, content=claims.markdown_page()))
    return files


def on_post_page(output: str, page, config) -> str:
    """Load the site's one copy of plotly.js before the page's figures ask for it."""
    if "gk-fig-" not in output:
        return output
    src = posixpath.relpath(ASSET, posixpath.dirname(page.file.dest_uri) or ".")
    tag = f'<script src="{src}" charset="utf-8"></script>'
    return output.replace("</head>", f"{tag}\n</head>", 1)


def on_post_build(config) -> None:
    site = Path(config["site_dir"])
    (site / ASSET).parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(_plotly_js(), site / ASSET)
    if not (site / "index.html").exists():
        pages = sorted(p.name for p in site.glob("*.html") if p.name != "404.html")
        first = pages[0] if pages else ""
        (site / "index.html").write_text(
            f'<!doctype html><meta charset="utf-8"><title>gamekit lessons</title>'
            f'<meta http-equiv="refresh" content="0; url={first}"><a href="{first}">Start here</a>\n'
        )
