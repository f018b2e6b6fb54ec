"""The same lesson in English and Japanese draws the same figures and passes the same checks: read
from the outputs both notebooks are committed with (``make lessons`` executes both)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamekit import lesson_translation as lt

PLOTLY = "application/vnd.plotly.v1+json"
WORDS = {"name", "text", "hovertemplate", "texttemplate", "legendgroup", "title", "hovertext", "meta"}


def _cells(path) -> dict[str, dict[str, Any]]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return {cell.get("id"): cell for cell in notebook["cells"] if cell["cell_type"] == "code"}


def numbers(value: Any) -> Any:
    """What a figure's trace computes, without its words: numbers, arrays (plain or binary), None;
    strings only where they stand for data (a list of categories is words: left out)."""
    if isinstance(value, dict):
        if "bdata" in value:
            return value
        return {k: numbers(v) for k, v in sorted(value.items()) if k not in WORDS and numbers(v) is not None}
    if isinstance(value, list):
        kept = [numbers(v) for v in value]
        return None if all(k is None for k in kept) else kept
    if isinstance(value, bool | int | float):
        return value
    return None


def _figures(cell: dict[str, Any]) -> list[Any]:
    out = []
    for output in cell.get("outputs", []):
        figure = output.get("data", {}).get(PLOTLY)
        if figure is not None:
            out.append([numbers(trace) for trace in figure["data"]])
    return out


def _errors(cell: dict[str, Any]) -> list[str]:
    return [o.get("ename", "") for o in cell.get("outputs", []) if o["output_type"] == "error"]


@pytest.mark.parametrize("stem", lt.lessons())
def test_both_languages_draw_the_same_figures_and_pass_the_same_checks(stem):
    english = _cells(lt.notebooks_dir() / f"{stem}.ipynb")
    japanese = _cells(lt.translated_path(stem))
    assert set(english) <= set(japanese)
    figures = 0
    for cell_id, cell in english.items():
        twin = japanese[cell_id]
        assert _errors(cell) == _errors(twin) == [], f"{stem} cell {cell_id}"
        assert (cell.get("execution_count") is None) == (twin.get("execution_count") is None), (
            f"{stem} {cell_id}"
        )
        assert _figures(cell) == _figures(twin), f"{stem} cell {cell_id}: the figures differ"
        figures += len(_figures(cell))
    if stem not in ("00_start_here", "teacher_guide", "06_classroom"):
        assert figures > 0, f"{stem} draws no figure to compare"


def test_numbers_keep_data_and_leave_out_words():
    trace = {
        "type": "scatter",
        "name": "平均",
        "x": [1, 2],
        "y": [0.5, None],
        "text": ["a", "b"],
        "marker": {"size": 8},
    }
    assert numbers(trace) == {"marker": {"size": 8}, "x": [1, 2], "y": [0.5, None]}
