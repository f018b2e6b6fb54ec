"""nbconvert's HTML export of each lesson carries each of its figures (the HTML part of
gamekit.plots.render: a div with a static PNG and the script that draws it) and its pictures as
images; the executed outputs committed in notebooks/ are exported, nothing runs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
# The lessons (the teacher's guide is not on the students' site).
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
PLOTLY = "application/vnd.plotly.v1+json"


WIDGET = "application/vnd.jupyter.widget-view+json"


def figures_and_pictures(notebook: Path, widgets: bool = True) -> tuple[list[str], int]:
    """The div ids of a notebook's figures (each plotly output must carry its HTML part) and the
    number of SVG pictures stored as images in its outputs (with ``widgets=False``, those outside
    the widgets' saved pictures)."""
    ids, pictures = [], 0
    for cell in json.loads(notebook.read_text())["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            html = "".join(data.get("text/html", ""))
            if PLOTLY in data:
                found = re.search(r'<div id="(gk-fig-[0-9a-f]+)"', html)
                assert found, f"{notebook.name}: a figure without its HTML part (use_lesson_renderer?)"
                ids.append(found.group(1))
            if widgets or WIDGET not in data:
                pictures += html.count('<img src="data:image/svg+xml;base64,')
            assert "<svg" not in html, f"{notebook.name}: inline SVG, which untrusted notebooks strip"
    return ids, pictures


@pytest.mark.parametrize("notebook", LESSONS, ids=[p.stem for p in LESSONS])
def test_the_html_export_contains_each_figure_and_picture(notebook: Path) -> None:
    """As committed (the widgets' state saved, which an export draws live), every figure and every
    picture outside a widget; without the state (as the lessons' site reads them), every picture,
    the widgets' saved pictures of their first state included."""
    from nbconvert import HTMLExporter

    ids, pictures = figures_and_pictures(notebook, widgets=False)
    html, _ = HTMLExporter().from_filename(str(notebook))
    for div in ids:
        block = re.search(rf'<div class="gk-figure" id="{div}"[^>]*>(.*?)</div>', html, re.S)
        assert block, f"{notebook.name}: figure {div} missing from the export"
        assert '<img alt="Figure' in block.group(1) and "data:image/png;base64," in block.group(1)
        assert f'var id = "{div}"' in html  # and the script that draws it interactively
    assert html.count('src="data:image/svg+xml;base64,') == pictures
    stateless = json.loads(notebook.read_text())
    stateless["metadata"].pop("widgets", None)
    html, _ = HTMLExporter().from_notebook_node(nbformat.reads(json.dumps(stateless), as_version=4))
    assert html.count('src="data:image/svg+xml;base64,') == figures_and_pictures(notebook)[1]


def test_the_lessons_with_figures_are_checked() -> None:
    counts = {p.stem: len(figures_and_pictures(p)[0]) for p in LESSONS}
    assert all(
        counts[name] >= 5 for name in ("01_for_sale", "02_money_monsoon", "03_kuhhandel", "04_bohnanza")
    )
