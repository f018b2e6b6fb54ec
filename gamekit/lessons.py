"""The lessons that ship inside the package, and ``gamekit lessons DIR``, which copies them out.

A wheel carries the notebooks in ``gamekit/notebooks`` (a checkout has them in ``notebooks/``
beside the package), so a student with nothing but ``pip install "gamekit-edu[lessons]"`` (Colab,
VS Code) gets every lesson. Copying never loses a student's work: a lesson in ``DIR`` that the
student changed is replaced only when asked (``force``). A small record in ``DIR`` (``RECORD``)
remembers what was copied, so a lesson the student never touched is brought up to date freely.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from .core.errors import GamekitError

START_PAGE = "00_start_here.ipynb"
RECORD = ".gamekit-lessons.json"  # name → sha256 of each lesson as last copied here


class LessonsChanged(GamekitError):
    """``copy_lessons`` would overwrite lessons changed since they were copied; nothing was copied."""

    def __init__(self, target: Path, changed: list[str]) -> None:
        self.target, self.changed = target, changed
        super().__init__(
            f"{len(changed)} lesson(s) in {target} were changed since they were copied and differ from "
            f"this gamekit's: {', '.join(changed)}; nothing was copied. Move them away, choose another "
            "folder, or replace them (gamekit lessons --force; in Python force=True)"
        )


@dataclass(frozen=True)
class Copied:
    """One lesson and what ``copy_lessons`` did with it: ``copied`` (new), ``updated`` (the copy
    was untouched and out of date), ``replaced`` (changed, with ``force``) or ``unchanged``."""

    name: str
    status: str
    path: Path


def lessons_dir() -> Path:
    """The folder of the shipped lessons: inside an installed wheel, else ``notebooks/`` of a checkout."""
    package = Path(__file__).resolve().parent
    for candidate in (package / "notebooks", package.parent / "notebooks"):
        if (candidate / START_PAGE).is_file():
            return candidate
    raise FileNotFoundError("gamekit's lessons (notebooks/) are missing from this installation")


def lesson_files() -> list[Path]:
    """Every shipped lesson (``*.ipynb``), the start page first."""
    return sorted(lessons_dir().glob("*.ipynb"), key=lambda p: (p.name != START_PAGE, p.name))


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _read_record(target: Path) -> dict[str, str]:
    try:
        record = json.loads((target / RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(record, dict):
        return {}
    return {name: digest for name, digest in record.items() if isinstance(digest, str)}


def copy_lessons(target: str | Path, *, force: bool = False) -> list[Copied]:
    """Copy every lesson into the folder ``target`` (created if missing); returns what was done.

    A lesson already there and equal to the shipped one is left as it is; one that differs is
    updated if it is still exactly what an earlier copy put there, and otherwise (the student
    changed it) counts as changed: then nothing at all is copied and ``LessonsChanged`` names
    the files, unless ``force`` replaces them.
    """
    target = Path(target)
    if target.exists() and not target.is_dir():
        raise NotADirectoryError(f"{target} is a file, not a folder to copy the lessons into")
    record = _read_record(target)
    plan: list[tuple[Path, bytes, str]] = []
    changed: list[str] = []
    for source in lesson_files():
        data = source.read_bytes()
        dest = target / source.name
        if not dest.exists():
            plan.append((dest, data, "copied"))
            continue
        present = _digest(dest.read_bytes())
        if present == _digest(data):
            plan.append((dest, data, "unchanged"))
        elif record.get(source.name) == present:
            plan.append((dest, data, "updated"))
        else:
            changed.append(source.name)
            plan.append((dest, data, "replaced"))
    if changed and not force:
        raise LessonsChanged(target, changed)
    target.mkdir(parents=True, exist_ok=True)
    done = []
    for dest, data, status in plan:
        if status != "unchanged":
            tmp = dest.with_name(dest.name + ".part")
            tmp.write_bytes(data)
            tmp.replace(dest)
        record[dest.name] = _digest(data)
        done.append(Copied(dest.name, status, dest))
    (target / RECORD).write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return done
