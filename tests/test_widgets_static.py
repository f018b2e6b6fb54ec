"""Widgets leave a still picture of their first state in the saved output (issue 26, item 5):
nbconvert's HTML, GitHub and the lessons' site show it where the live widget cannot appear."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
import ipywidgets as w

import gamekit
from gamekit import auction_lab
from gamekit.lessons import drop_widget_state, present_button
from gamekit.pictures.widgets import WIDGET_VIEW, blank_widget_outputs, bundle, plain_text
from gamekit.widgets import PlayTable, RuleExplorer, StepPlayer, YourMove


def _words(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]*>", " ", html))


def widgets() -> dict[str, object]:
    return {
        "step player": StepPlayer("FS-X1"),
        "your move": YourMove("FS-X1", step=1, bots="random"),
        "play table": PlayTable(gamekit.new_game("for_sale", 3, seed=1), humans=0, bots="random"),
        "sandbox": RuleExplorer(
            lambda n: w.HTML(f"<b>n is {n}</b>"), {"n": w.IntSlider(value=3, description="n")}, live=True
        ),
        "auction lab": auction_lab.BidFunctionLab(auctions=500).widget,
        "presentation toggle": present_button(),
        "a lesson's own box": w.VBox([w.HTML("<i>made in a lesson</i>"), w.Button(description="Go")]),
    }


def test_every_kind_of_widget_carries_a_still_picture_and_its_live_view():
    for name, widget in widgets().items():
        data = bundle(widget)
        assert data is not None and WIDGET_VIEW in data, name
        assert data["text/html"].strip() and data["text/plain"].strip(), name
        assert "gk-still" in data["text/html"], name


def test_the_picture_is_the_first_state_with_its_controls_disabled():
    player = StepPlayer("FS-X1")
    html = bundle(player)["text/html"]
    words = _words(html)
    assert "step 0 of" in words and "Starting position" in words
    assert "<svg" not in html  # portable: SVG cards travel as images with alt text
    assert re.search(r"<button disabled[^>]*>\s*Next ▶", html)
    table = PlayTable(gamekit.new_game("for_sale", 3, seed=1), humans=0, bots="random")
    html = bundle(table)["text/html"]
    assert "your move" in _words(html) and "<button disabled" in html
    assert "or type an action" in html  # the typed action's box, disabled
    sandbox = RuleExplorer(
        lambda n: w.HTML(f"<b>n is {n}</b>"), {"n": w.IntSlider(value=3, description="n")}, live=True
    )
    assert "n is 3" in bundle(sandbox)["text/html"]  # what the Output widget showed


def test_hidden_parts_stay_out_of_the_picture():
    box = w.VBox([w.HTML("shown"), w.HTML("secret")])
    box.children[1].layout.display = "none"
    text = plain_text(bundle(box)["text/html"])
    assert "shown" in text and "secret" not in text


def test_a_closed_widget_has_no_output():
    widget = w.HTML("gone")
    widget.close()
    assert bundle(widget) is None


def test_blank_widget_outputs_counts_widget_views_without_a_picture():
    view = {WIDGET_VIEW: {"model_id": "abc", "version_major": 2, "version_minor": 0}}
    notebook = {
        "cells": [
            {"cell_type": "markdown", "source": "# x"},
            {"cell_type": "code", "outputs": [{"output_type": "display_data", "data": dict(view)}]},
            {
                "cell_type": "code",
                "outputs": [{"output_type": "display_data", "data": {**view, "text/html": "<div> </div>"}}],
            },
            {
                "cell_type": "code",
                "outputs": [{"output_type": "display_data", "data": {**view, "text/html": ["<b>", "B</b>"]}}],
            },
            {"cell_type": "code", "outputs": [{"output_type": "stream", "text": "no widget"}]},
        ]
    }
    assert blank_widget_outputs(notebook) == [1, 2]


def test_an_executed_notebook_exports_every_widget_as_its_picture(tmp_path):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nbconvert = pytest.importorskip("nbconvert")
    cells = [
        "import gamekit\nimport ipywidgets as w\nfrom gamekit.widgets import StepPlayer, YourMove, PlayTable, RuleExplorer\n"
        "from gamekit import auction_lab",
        "StepPlayer('FS-X1')",
        "YourMove('FS-X1', step=1, bots='random')",
        "PlayTable(gamekit.new_game('for_sale', 3, seed=1), humans=0, bots='random')",
        "RuleExplorer(lambda n: w.HTML(f'<b>n is {n}</b>'), {'n': w.IntSlider(value=3, description='n')}, live=True)",
        "auction_lab.BidFunctionLab(auctions=500)",
        "w.VBox([w.HTML('<i>made in a lesson</i>'), w.Button(description='Go')])",
    ]
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    assert blank_widget_outputs(notebook) == []
    views = [o for c in notebook.cells for o in c.outputs if WIDGET_VIEW in o.get("data", {})]
    assert len(views) == len(cells) - 1
    # With the widgets' state saved, nbconvert (and the site) would draw each widget with JavaScript
    # from a CDN instead of its picture: the lessons drop it (``gamekit.lessons.drop_widget_state``;
    # executing with store_widget_state=False fails on Output widgets in nbclient).
    saved = tmp_path / "widgets.ipynb"
    nbformat.write(notebook, saved)
    assert drop_widget_state(saved) and not drop_widget_state(saved)
    notebook = nbformat.read(saved, 4)
    html, _resources = nbconvert.HTMLExporter().from_notebook_node(notebook)
    words = _words(html)
    for expected in (
        "step 0 of 4",
        "Play it out",
        "your move",
        "n is 3",
        "Your expected payoff",
        "made in a lesson",
    ):
        assert expected in words, expected
    assert html.count("gk-still-note") >= len(cells) - 1


def test_a_widget_whose_picture_fails_still_shows_its_live_view(monkeypatch):
    from gamekit.pictures import widgets as still

    def broken(widget, caption=True):
        raise RuntimeError("no picture")

    monkeypatch.setattr(still, "still_html", broken)
    data = bundle(w.HTML("live"))
    assert WIDGET_VIEW in data and "text/html" not in data


def test_no_committed_lesson_saves_a_widget_without_its_picture():
    """Every widget output of the lessons as committed, in both languages, carries its picture."""
    root = Path(__file__).resolve().parents[1] / "notebooks"
    lessons = sorted([*root.glob("*.ipynb"), *root.glob("ja/*.ipynb")])
    blank = {p.relative_to(root).as_posix(): blank_widget_outputs(json.loads(p.read_text())) for p in lessons}
    assert {name: cells for name, cells in blank.items() if cells} == {}
    assert any(WIDGET_VIEW in json.dumps(json.loads(p.read_text())["cells"]) for p in lessons)
