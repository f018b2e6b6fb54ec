"""The teacher's guide (notebooks/teacher_guide.ipynb) read per lesson, for the lessons' tests."""

from __future__ import annotations

import json
import re
from pathlib import Path

GUIDE = Path(__file__).resolve().parents[1] / "notebooks" / "teacher_guide.ipynb"


def guide_markdown() -> str:
    cells = json.loads(GUIDE.read_text(encoding="utf-8"))["cells"]
    return "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def guide_sections() -> dict[str, str]:
    """Each lesson's section of the guide, keyed by the lesson's file name, from its
    ``## Lesson NN: … (NN_name.ipynb)`` heading to the next such heading."""
    parts = re.split(r"^## Lesson ", guide_markdown(), flags=re.M)[1:]
    found = {}
    for part in parts:
        link = re.search(r"\((\d\d_\w+\.ipynb)\)", part.splitlines()[0])
        if link is None:
            raise AssertionError(f"a guide section without its lesson's link: {part.splitlines()[0]!r}")
        found[link.group(1)] = part
    return found


def guide_section(lesson: str) -> str:
    """The guide's section for ``lesson`` (e.g. "01_for_sale"), its headings one level up, as a
    lesson's own notes are written (``## Answers``, ``### Phase 1``)."""
    part = guide_sections()[f"{lesson}.ipynb"]
    return re.sub(r"^#(#{2,5}) ", r"\1 ", part, flags=re.M)
