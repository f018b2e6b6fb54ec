"""Lesson 01 (For Sale): what a teacher relies on, checked on the notebook file itself.

The notebook's own check cells assert each claim when it runs (nbval); these tests hold the shape:
the theory is named with its references, the claims use the strongest bots with paired intervals,
checks are collapsed, the guide exists with answers to every part's questions.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ..guide_text import guide_section

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "notebooks" / "01_for_sale.ipynb"


@pytest.fixture(scope="module")
def cells() -> list[dict]:
    return json.loads(LESSON.read_text())["cells"]


def _source(cell: dict) -> str:
    return "".join(cell["source"])


def _markdown(cells: list[dict]) -> str:
    return "\n".join(_source(c) for c in cells if c["cell_type"] == "markdown")


def _code(cells: list[dict]) -> str:
    return "\n".join(_source(c) for c in cells if c["cell_type"] == "code")


def test_the_lesson_links_to_the_teacher_guide_once_at_the_top(cells):
    assert "teacher_guide.ipynb" in _source(cells[0])
    assert _markdown(cells).count("teacher_guide.ipynb") == 1


def test_the_theory_is_named_with_its_references(cells):
    text = _markdown(cells)
    for reference in (
        "Bulow and Klemperer (1999",
        "The generalized war of attrition",
        "89(1)",
        "Ross (1971",
        "Goofspiel",
        "Borel 1921",
        "Roberson 2006",
        "Blotto",
        "dissipation",
    ):
        assert reference in text, reference


def test_the_experiments_the_teacher_asked_for_are_run(cells):
    code = _code(cells)
    assert 'seat_experiment("for_sale", 4, "house_value"' in code  # position, not seat numbers
    assert "plots.position_advantage" in code and "plots.seat_advantage" not in code
    assert "what_if_playouts(" in code  # the what-if judged over many deals
    assert "compare_to_baseline(" in code  # phase 2's selling rules compared
    assert 'experiments.sweep("for_sale", 4, "spread", FRACTIONS, ["house_value"] * 3' in code
    assert "rent_dissipation(" in code and "value_against_price(" in code and "one_round_values(4)" in code
    # dissipation against the contested prize, with the budget cap drawn (issue 2)
    assert "contested_dissipation(" in code and "burnt_against_contested(" in code
    assert "decisions(BOTS" in code  # what each seller does, measured against rank matching (issue 1)
    assert "paired_difference(" in code


def test_the_old_claims_are_gone(cells):
    text = _markdown(cells)
    assert "Cheap houses are taken free by whoever passes first in both editions" not in text
    assert "Seat advantage" not in text
    code = _code(cells)
    assert ".to_string(" not in code and "print(pd.DataFrame" not in code


def test_every_assert_cell_is_a_collapsed_check_and_every_check_asserts(cells):
    code_cells = [c for c in cells if c["cell_type"] == "code"]
    checks = [c for c in code_cells if "check" in c["metadata"].get("tags", [])]
    assert len(checks) >= 10
    for cell in checks:
        assert cell["metadata"]["jupyter"]["source_hidden"] is True
        assert "assert" in _source(cell)
    # every assert lives in a check cell, none in a cell students read
    for cell in code_cells:
        if cell not in checks:
            assert "assert " not in _source(cell), _source(cell)[:80]


def test_every_part_ends_with_questions_for_students(cells):
    assert _markdown(cells).count("**Questions for students (") == 3  # phase 1, phase 2, experiments
    assert _source(cells[-1]).startswith("## 9. Questions for students")


def test_the_notebook_is_committed_executed_without_errors(cells):
    code_cells = [c for c in cells if c["cell_type"] == "code"]
    assert all(c.get("execution_count") for c in code_cells)
    for cell in code_cells:
        assert not [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]


def test_the_guide_answers_each_part_and_gives_times_and_paths():
    guide = guide_section("01_for_sale")
    for heading in (
        "## Time per section",
        "## A 20-minute path",
        "## The full path",
        "## Answers",
        "## What to ask next",
    ):
        assert heading in guide, heading
    # an answer for every question of every part: phase 1 (3), phase 2 (2), experiments (4), closing (6)
    for part, count in (("Phase 1", 3), ("Phase 2", 2), ("Experiments", 4), ("Section 9", 6)):
        section = guide.split(f"### {part}")[1].split("###")[0]
        assert len(re.findall(r"^\d+\. ", section, flags=re.M)) == count, part
