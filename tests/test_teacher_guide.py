"""The teacher's guide: a section for every lesson with what a teacher needs, linked both ways.

Issue 13: time per section, a 20-minute path and a full path through each lesson, an answer for
every question for students, and what to ask next; students' lessons link to it but do not show
the answers.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .guide_text import guide_sections

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
GUIDE = NOTEBOOKS / "teacher_guide.ipynb"
LESSONS = sorted(p for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb") if not p.name.startswith("00_"))


def markdown(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def test_every_lesson_has_a_section_in_the_guide_and_nothing_else_does():
    assert LESSONS, "no lessons found"
    assert sorted(guide_sections()) == [p.name for p in LESSONS]


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_each_section_has_times_two_paths_answers_and_what_to_ask_next(lesson):
    part = guide_sections()[lesson.name].lower()
    for needed in ("time per section", "20-minute path", "full path", "answer", "what to ask next"):
        assert needed in part, f"{lesson.name}: the guide's section has no {needed!r}"
    assert re.search(r"\d+\s*min|\|\s*\d+(–\d+)?\s*\|", part), f"{lesson.name}: no minutes given"


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_each_lesson_links_to_the_guide(lesson):
    assert "(teacher_guide.ipynb)" in markdown(lesson)


def test_the_guide_links_only_to_files_that_exist():
    links = re.findall(r"\]\(([^)#:]+\.ipynb)\)", markdown(GUIDE))
    assert links
    missing = sorted({link for link in links if not (NOTEBOOKS / link).exists()})
    assert not missing, missing


def test_the_guide_is_for_the_teacher_and_the_site_leaves_it_out():
    config = (NOTEBOOKS.parent / "book" / "mkdocs.yml").read_text(encoding="utf-8")
    assert "teacher_guide.ipynb" in config.split("exclude_docs:")[1]


def test_the_guide_is_committed_executed_so_its_figures_are_there():
    """The answers' figures are the outputs of the guide's own cells (claims shown, runs computed):
    a guide committed unexecuted, or with an error, would show none of them."""
    cells = json.loads(GUIDE.read_text(encoding="utf-8"))["cells"]
    code = [c for c in cells if c["cell_type"] == "code"]
    assert code, "the guide computes or shows its figures in code cells"
    assert all(c.get("execution_count") for c in code), "run the guide top to bottom before committing it"
    errors = [o for c in code for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors, errors
    shown = "".join(json.dumps(c.get("outputs", [])) for c in code)
    assert shown.count("claimed:") >= 20, "the answers show their registered claims with their evidence"
