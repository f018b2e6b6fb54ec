"""``gamekit lessons DIR``: the shipped lessons copied out without losing a student's work, and a
start page that works on its own (links stay in the lessons' folder; it runs with no other file)."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from gamekit.cli import main
from gamekit.lessons import RECORD, START_PAGE, LessonsChanged, copy_lessons, lesson_files, lessons_dir

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
JAPANESE = sorted(f"ja/{p.name}" for p in (ROOT / "notebooks" / "ja").glob("*.ipynb"))
SHIPPED = LESSONS + JAPANESE


def test_every_lesson_of_the_checkout_is_shipped_start_page_first():
    assert lesson_files()[0].name == START_PAGE
    assert sorted(p.relative_to(lessons_dir()).as_posix() for p in lesson_files()) == sorted(SHIPPED)
    assert len(LESSONS) >= 7 and len(JAPANESE) == len(LESSONS)


def test_gamekit_lessons_copies_every_lesson_and_says_what_it_copied(tmp_path, capsys):
    target = tmp_path / "new" / "folder"
    assert main(["lessons", str(target)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"copied {len(SHIPPED)}: {START_PAGE}, ")
    assert f"open {target / START_PAGE} first" in out
    for name in SHIPPED:
        assert (target / name).read_bytes() == (ROOT / "notebooks" / name).read_bytes()
    # Again: nothing to do.
    assert main(["lessons", str(target)]) == 0
    assert capsys.readouterr().out.startswith(f"unchanged {len(SHIPPED)}: ")


def test_a_changed_lesson_stops_the_copy_unless_forced_and_nothing_is_copied(tmp_path, capsys):
    copy_lessons(tmp_path)
    mine = tmp_path / "01_for_sale.ipynb"
    mine.write_text('{"my": "answers"}', encoding="utf-8")
    (tmp_path / "teacher_guide.ipynb").unlink()
    assert main(["lessons", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "01_for_sale.ipynb" in err and "--force" in err and "nothing was copied" in err
    assert mine.read_text(encoding="utf-8") == '{"my": "answers"}'
    assert not (tmp_path / "teacher_guide.ipynb").exists()  # refused as a whole
    with pytest.raises(LessonsChanged) as refused:
        copy_lessons(tmp_path)
    assert refused.value.changed == ["01_for_sale.ipynb"]
    done = {c.name: c.status for c in copy_lessons(tmp_path, force=True)}
    assert done["01_for_sale.ipynb"] == "replaced" and done["teacher_guide.ipynb"] == "copied"
    assert mine.read_bytes() == (lessons_dir() / "01_for_sale.ipynb").read_bytes()


def test_a_file_from_an_earlier_copy_that_nobody_changed_is_updated_freely(tmp_path):
    old = '{"an": "older lesson"}'
    (tmp_path / "02_money_monsoon.ipynb").write_text(old, encoding="utf-8")
    record = {"02_money_monsoon.ipynb": hashlib.sha256(old.encode()).hexdigest()}
    (tmp_path / RECORD).write_text(json.dumps(record), encoding="utf-8")
    done = {c.name: c.status for c in copy_lessons(tmp_path)}
    assert done["02_money_monsoon.ipynb"] == "updated"
    assert json.loads((tmp_path / RECORD).read_text(encoding="utf-8")).keys() == set(SHIPPED)


def test_a_file_in_place_of_the_folder_is_refused(tmp_path, capsys):
    (tmp_path / "lessons").write_text("", encoding="utf-8")
    assert main(["lessons", str(tmp_path / "lessons")]) == 1
    assert "is a file, not a folder" in capsys.readouterr().err


LINK = re.compile(r"\]\(([^)\s]+)\)|(?:href|src)=[\"']([^\"']+)[\"']")


@pytest.mark.parametrize("name", LESSONS)
def test_every_link_of_a_lesson_stays_in_the_lessons_folder(name):
    nb = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        assert "../" not in cell.source, f"{name} reaches outside the lessons' folder"
        for match in LINK.finditer(cell.source):
            link = match.group(1) or match.group(2)
            if link.startswith(("https://", "#", "data:")):
                continue
            assert (ROOT / "notebooks" / link.split("#")[0]).is_file(), f"{name} links to {link}"


def test_the_start_page_runs_alone_in_an_empty_folder(tmp_path):
    nb = nbformat.read(lessons_dir() / START_PAGE, as_version=4)
    (tmp_path / START_PAGE).write_text(nbformat.writes(nb), encoding="utf-8")
    NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors
    assert sorted(p.name for p in tmp_path.iterdir()) == [START_PAGE]
