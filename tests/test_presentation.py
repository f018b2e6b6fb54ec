"""Presentation mode and the 20-minute path (issue 26, item 3).

``gamekit.present()`` injects the style sheet that makes type readable at a projector and turns
rule cards brief; check cells fold to one line; ``python -m gamekit.lessons path NN`` writes a
lesson's 20-minute path (the cells the teacher's guide names, tagged "path", and those they need)
as a notebook of its own, which runs. The browser measurement of the type is in
``tests/browser/test_presentation_browser.py``."""

from __future__ import annotations

import concurrent.futures
import json
import re
import time

import pytest

import gamekit
from gamekit import lessons
from gamekit.lessons import (
    BODY_PX,
    CODE_PX,
    check_count,
    missing_names,
    path_indices,
    path_notebook,
)


def _code(source: str, tags: list[str] | None = None) -> dict:
    return {"cell_type": "code", "metadata": {"tags": tags or []}, "source": source, "outputs": []}


def _md(source: str, tags: list[str] | None = None) -> dict:
    return {"cell_type": "markdown", "metadata": {"tags": tags or []}, "source": source}


def test_present_injects_large_type_and_present_false_removes_it():
    shown = gamekit.present()
    try:
        assert lessons.presenting()
        css = shown._repr_html_()
        sizes = {int(px) for px in re.findall(r"font-size: (\d+)px", css)}
        assert BODY_PX >= 24 and CODE_PX >= 20 and min(sizes) >= CODE_PX
        assert ".jp-RenderedMarkdown" in css and ".cm-content" in css and ".jp-OutputArea-output" in css
        assert "max-height" in css  # long outputs fold into a box
    finally:
        off = gamekit.present(False)
    assert not lessons.presenting()
    assert "style.gk-present" in off._repr_html_() and "<style" not in off._repr_html_()


def test_check_cells_are_counted_and_other_cells_are_not():
    assert check_count('claims.check("01-x")\nassert 1 == 1') == 2
    assert check_count("x = g.view()\nassert x") == 1
    assert check_count("print(1)\nassert True") == 0
    assert check_count("") == 0
    assert lessons.checked_line(3) == "✓ checked (3)"


def test_a_path_takes_its_cells_and_the_earlier_cells_they_need():
    cells = [
        _md("# Title"),
        _code("import pandas as pd\nSEED = 1"),
        _code("unused = 5"),
        _code("table = pd.DataFrame({'a': [SEED]})"),
        _md("words", ["path"]),
        _code("print(table)", ["path"]),
        _code("assert unused == 5", ["check"]),
    ]
    assert path_indices(cells) == [
        1,
        2,
        3,
        4,
        5,
        6,
    ]  # the check cell after the path comes, with what it needs
    assert path_indices(cells[:6]) == [1, 3, 4, 5]
    assert missing_names([cells[i] for i in (1, 3, 5)]) == []
    assert missing_names([cells[5]]) == ["cell 0: table"]


def test_a_path_notebook_keeps_a_translated_lesson_s_language_cell(tmp_path):
    cells = [
        {
            "cell_type": "code",
            "id": "gamekit-language",
            "metadata": {},
            "source": "import gamekit\n",
            "outputs": [],
        },
        _md("# 題"),
        _code("x = 1"),
        _code("print(x)", ["path"]),
    ]
    source = tmp_path / "99_x.ipynb"
    source.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    notebook = path_notebook(source)
    ids = [c.get("id") for c in notebook["cells"]]
    assert ids[0] == "gamekit-language" and ids[2] == "gk-present"
    assert [c["source"] for c in notebook["cells"][3:]] == ["x = 1", "print(x)"]


def test_a_lesson_without_a_path_says_so(tmp_path):
    source = tmp_path / "98_y.ipynb"
    source.write_text(json.dumps({"cells": [_md("# y")], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    with pytest.raises(ValueError, match="no 20-minute path"):
        path_notebook(source)


@pytest.mark.parametrize("lesson", ["01", "05"])
def test_a_lesson_s_20_minute_path_runs_in_under_a_minute(lesson, tmp_path, capsys):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    assert lessons.main(["path", lesson, "--out", str(tmp_path)]) == 0
    written = re.search(r"wrote (\S+)", capsys.readouterr().out).group(1)
    notebook = nbformat.read(written, 4)
    tagged = [c for c in notebook.cells if "path" in c.metadata.get("tags", [])]
    assert len(tagged) >= 8  # the guide's steps, each a few cells
    assert missing_names(notebook.cells) == []
    assert notebook.cells[1].source == lessons.PRESENT_CELL
    start = time.monotonic()
    nbclient.NotebookClient(
        notebook,
        timeout=120,
        kernel_name="python3",
        resources={"metadata": {"path": str(lessons.lessons_dir())}},
    ).execute()
    seconds = time.monotonic() - start
    assert seconds < 60, f"the path of lesson {lesson} took {seconds:.0f} s"
    errors = [o for c in notebook.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert errors == []
    print(f"lesson {lesson}: {len(notebook.cells)} cells ({len(tagged)} on the path), {seconds:.1f} s")


def test_a_check_cell_shows_one_line_while_presenting():
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    sources = [
        "import gamekit\ngamekit.present()",
        "assert 1 == 1\nassert 2 == 2",
        "x = 3",
        "gamekit.present(False)",
        "assert x",
    ]
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in sources])
    nbclient.NotebookClient(notebook, timeout=60, kernel_name="python3").execute()
    shown = [[o.get("data", {}).get("text/plain") for o in c.outputs] for c in notebook.cells]
    assert shown[1] == ["✓ checked (2)"] and shown[2] == [] and shown[4] == []


LESSONS = ["01", "02", "03", "04", "05", "06", "07"]


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_lesson_has_a_20_minute_path_with_no_missing_name(lesson):
    notebook = path_notebook(lesson)
    tagged = [c for c in notebook["cells"] if "path" in c["metadata"].get("tags", [])]
    assert len(tagged) >= 5
    assert missing_names(notebook["cells"]) == []
    checks = [c for c in notebook["cells"] if "check" in c["metadata"].get("tags", [])]
    assert all(c["metadata"]["jupyter"]["source_hidden"] for c in checks)


def test_a_play_table_may_show_the_presentation_button():
    pytest.importorskip("ipywidgets")
    from gamekit.widgets import PlayTable

    table = PlayTable(gamekit.new_game("for_sale", 3, seed=1), humans=0, present_toggle=True)
    toggle = table.children[-1].children[0]
    assert toggle.description == "Presentation mode" and not toggle.value
    toggle.value = True
    try:
        assert lessons.presenting()
    finally:
        toggle.value = False
    assert not lessons.presenting()


def _measure(page_file) -> dict[str, float]:
    """Prose, code and output type sizes of an HTML page at 1920×1080, in headless Chromium."""
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1920, "height": 1080})
        page.goto(page_file.as_uri())
        sizes = page.evaluate(
            """() => ({
              body: parseFloat(getComputedStyle(document.querySelector('.jp-RenderedMarkdown p')).fontSize),
              code: parseFloat(getComputedStyle(document.querySelector('.jp-InputArea-editor pre')).fontSize),
              output: parseFloat(getComputedStyle(document.querySelector('.jp-OutputArea-output pre')).fontSize),
            })"""
        )
        browser.close()
    return sizes


def test_presentation_type_in_the_static_export_at_1920x1080(tmp_path):
    """The same measure as the JupyterLab browser test, on nbconvert's HTML (what the lessons'
    site and an exported lesson show): prose and code sizes before and after ``present()``."""
    from tests.browser.conftest import browser_available

    if not browser_available():
        pytest.skip("needs Chromium and playwright")
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nbconvert = pytest.importorskip("nbconvert")
    sizes = {}
    for on in (False, True):
        cells = [nbformat.v4.new_markdown_cell("# A lesson\n\nA paragraph the back row must read.")]
        cells.append(nbformat.v4.new_code_cell("import gamekit\n" + ("gamekit.present()" if on else "")))
        cells.append(nbformat.v4.new_code_cell("print('an output line')"))
        notebook = nbformat.v4.new_notebook(cells=cells)
        nbclient.NotebookClient(notebook, timeout=60, kernel_name="python3").execute()
        page_file = tmp_path / f"present_{on}.html"
        page_file.write_text(nbconvert.HTMLExporter().from_notebook_node(notebook)[0], encoding="utf-8")
        # In a thread of its own: the browser tests' session keeps Playwright's loop running in this one.
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            sizes[on] = pool.submit(_measure, page_file).result()
    print("static export, 1920x1080:", sizes)
    assert sizes[True]["body"] >= 24 and sizes[True]["code"] >= 20 and sizes[True]["output"] >= 20, sizes
    assert sizes[False]["body"] < 24, sizes
