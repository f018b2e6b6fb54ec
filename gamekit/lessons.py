"""The lessons that ship inside the package, and ``gamekit lessons DIR``, which copies them out.

A wheel carries the notebooks in ``gamekit/notebooks`` (a checkout has them in ``notebooks/``
beside the package), so a student with nothing but the wheel installed with ``[lessons]`` (Colab,
VS Code; README, "Installing") gets every lesson. Copying never loses a student's work: a lesson in ``DIR`` that the
student changed is replaced only when asked (``force``). A small record in ``DIR`` (``RECORD``)
remembers what was copied, so a lesson the student never touched is brought up to date freely.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from .core.errors import GamekitError
from .core.i18n import domain

_ = domain("teaching")
_n = _.plural

START_PAGE = "00_start_here.ipynb"
RECORD = ".gamekit-lessons.json"  # name → sha256 of each lesson as last copied here


class LessonsChanged(GamekitError):
    """``copy_lessons`` would overwrite lessons changed since they were copied; nothing was copied."""

    def __init__(self, target: Path, changed: list[str]) -> None:
        self.target, self.changed = target, changed
        super().__init__(
            _n(
                "{n} lesson in {target} was changed since it was copied and differs from this gamekit's: "
                "{names}; nothing was copied. Move it away, choose another folder, or replace it "
                "(gamekit lessons --force; in Python force=True)",
                "{n} lessons in {target} were changed since they were copied and differ from this "
                "gamekit's: {names}; nothing was copied. Move them away, choose another folder, or replace "
                "them (gamekit lessons --force; in Python force=True)",
                len(changed),
                target=str(target),
                names=", ".join(changed),
            )
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
    raise FileNotFoundError(_("gamekit's lessons (notebooks/) are missing from this installation"))


def lesson_files() -> list[Path]:
    """Every shipped lesson (``*.ipynb``), the start page first, then the Japanese ones (``ja/``)."""
    folder = lessons_dir()
    found = [*folder.glob("*.ipynb"), *folder.glob("ja/*.ipynb")]
    return sorted(found, key=lambda p: (p.parent != folder, p.name != START_PAGE, p.name))


def _name(source: Path) -> str:
    """A lesson's name as copied: its path below the lessons' folder (``ja/01_for_sale.ipynb``)."""
    return source.relative_to(lessons_dir()).as_posix()


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
        raise NotADirectoryError(
            _("{target} is a file, not a folder to copy the lessons into", target=str(target))
        )
    record = _read_record(target)
    plan: list[tuple[Path, str, bytes, str]] = []
    changed: list[str] = []
    for source in lesson_files():
        data, name = source.read_bytes(), _name(source)
        dest = target / name
        if not dest.exists():
            plan.append((dest, name, data, "copied"))
            continue
        present = _digest(dest.read_bytes())
        if present == _digest(data):
            plan.append((dest, name, data, "unchanged"))
        elif record.get(name) == present:
            plan.append((dest, name, data, "updated"))
        else:
            changed.append(name)
            plan.append((dest, name, data, "replaced"))
    if changed and not force:
        raise LessonsChanged(target, changed)
    target.mkdir(parents=True, exist_ok=True)
    done = []
    for dest, name, data, status in plan:
        if status != "unchanged":
            dest.parent.mkdir(parents=True, exist_ok=True)
            tmp = dest.with_name(dest.name + ".part")
            tmp.write_bytes(data)
            tmp.replace(dest)
        record[name] = _digest(data)
        done.append(Copied(name, status, dest))
    (target / RECORD).write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return done


# ------------------------------------------------------------------ presentation mode
# Type readable from the back of a room at 1920×1080 (JupyterLab, Notebook 7, the classic
# notebook and nbconvert's HTML export): prose 26 px, code and outputs 22 px, long outputs
# folded into a scrolling box, and the lessons' check cells' notes on one line.
BODY_PX = 26
CODE_PX = 22
PRESENT_CSS = f"""
<style class="gk-present">
.jp-Notebook, .jp-RenderedMarkdown, .jp-RenderedHTMLCommon, .jp-RenderedText,
.rendered_html, .text_cell_render, .jp-MarkdownOutput, .gk-picture, .widget-label, .widget-html,
.jupyter-widgets, .widget-button, .widget-toggle-button, .widget-readout, .widget-dropdown select,
.widget-text input, .gk-rule, .gk-narration, .gk-narration li, .gk-position span, .gk-story div,
.gk-message div, .gk-what-if div, .gk-lab-payoff div, .gk-picture td, .gk-picture th, .gk-heading,
.gk-foot, .gk-result, .gk-rule-id {{ font-size: {BODY_PX}px !important; line-height: 1.45 !important; }}
.jp-RenderedMarkdown h1, .text_cell_render h1 {{ font-size: {round(BODY_PX * 1.6)}px !important; }}
.jp-RenderedMarkdown h2, .text_cell_render h2 {{ font-size: {round(BODY_PX * 1.35)}px !important; }}
.jp-RenderedMarkdown h3, .text_cell_render h3 {{ font-size: {round(BODY_PX * 1.15)}px !important; }}
.jp-Notebook .cm-editor, .jp-Notebook .cm-content, .jp-Notebook .cm-line, .jp-InputArea-editor,
.jp-Notebook pre, .jp-Notebook code, .jp-RenderedText pre, .jp-OutputArea-output pre,
.CodeMirror, div.input_area pre, div.output_area pre, .highlight pre,
.jp-InputPrompt, .jp-OutputPrompt {{ font-size: {CODE_PX}px !important; line-height: 1.35 !important; }}
.jp-RenderedHTMLCommon table, .rendered_html table, .gk-seats {{ font-size: {CODE_PX}px !important; }}
.jp-OutputArea-output, div.output_area {{ max-height: 70vh; overflow-y: auto; }}
.gk-rule-brief details > summary {{ cursor: pointer; color: #2b6cb0; }}
.gk-checked {{ color: #2f6b3b; font-size: {CODE_PX}px; }}
</style>
"""
_OFF_SCRIPT = (
    '<script class="gk-present-off">'
    "document.querySelectorAll('style.gk-present').forEach(function (s) { s.remove(); });"
    "</script>"
)
_presenting = [False]


def presenting() -> bool:
    """True while presentation mode is on (``present()``): rule cards brief, check cells quiet."""
    return _presenting[0]


class Presentation:
    """What ``present()`` displays: the style sheet that turns the mode on (or the script that
    removes it). Its plain text says what happened, so a terminal or a saved notebook reads it."""

    def __init__(self, on: bool) -> None:
        self.on = on

    def _repr_html_(self) -> str:
        if self.on:
            note = _("Presentation mode: large type, brief rule cards, check cells out of sight.")
            return PRESENT_CSS + f'<div class="gk-present-note" style="color:#666">{escape(str(note))}</div>'
        note = _("Presentation mode off.")
        return _OFF_SCRIPT + f'<div class="gk-present-note" style="color:#666">{escape(str(note))}</div>'

    def __repr__(self) -> str:
        return str(_("Presentation mode on.") if self.on else _("Presentation mode off."))


def present(on: bool = True) -> Presentation:
    """Turn presentation mode on (or off with ``present(False)``), for a teacher at a projector.

    Large type in the notebook (prose 26 px, code and outputs 22 px: ``BODY_PX``, ``CODE_PX``), rule cards
    brief (title and statement; the whole card on a click), each check cell's output one line
    ("✓ checked (N)"), long outputs folded into a scrolling box. Returns what a notebook shows
    (the style sheet), so ``gamekit.present()`` as a cell's last line is all it takes."""
    _presenting[0] = bool(on)
    _watch_check_cells(bool(on))
    return Presentation(bool(on))


def check_count(source: str) -> int:
    """How many checks a check cell makes (``assert`` statements and ``claims.check`` calls at its
    top level), 0 for a cell that does anything else (so only pure check cells are folded)."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return 0
    count = 0
    for node in tree.body:
        if isinstance(node, ast.Assert):
            count += 1
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            func = node.value.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name != "check":
                return 0
            count += 1
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.Import | ast.ImportFrom | ast.For):
            continue  # a check cell may name what it checks, or loop over it
        else:
            return 0
    return count


def checked_line(count: int) -> str:
    """The one line a check cell shows in presentation mode."""
    return str(_n("✓ checked ({n})", "✓ checked ({n})", count))


class _CheckedLine:
    def __init__(self, count: int) -> None:
        self.count = count

    def _repr_html_(self) -> str:
        return f'<div class="gk-checked">{escape(checked_line(self.count))}</div>'

    def __repr__(self) -> str:
        return checked_line(self.count)


def _after_cell(result: Any) -> None:
    """IPython's ``post_run_cell``: a check cell that passed says so in one line."""
    info = getattr(result, "info", None)
    if not presenting() or info is None or not getattr(result, "success", False):
        return
    count = check_count(info.raw_cell or "")
    if count:
        from IPython.display import display

        display(_CheckedLine(count))


def _watch_check_cells(on: bool) -> None:
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - gamekit without IPython
        return
    shell = get_ipython()
    if shell is None:
        return
    callbacks = shell.events.callbacks["post_run_cell"]
    if on and _after_cell not in callbacks:
        shell.events.register("post_run_cell", _after_cell)
    elif not on and _after_cell in callbacks:
        shell.events.unregister("post_run_cell", _after_cell)


def present_button() -> Any:
    """A toggle button that turns presentation mode on and off (for a play table or a card)."""
    import ipywidgets as w
    from IPython.display import display

    button = w.ToggleButton(
        value=presenting(),
        description=str(_("Presentation mode")),
        icon="desktop",
        layout=w.Layout(width="auto"),
    )
    button.add_class("gk-present-toggle")
    out = w.Output(layout=w.Layout(display="none"))

    def toggled(change: dict[str, Any]) -> None:
        with out:
            out.clear_output()
            display(present(change["new"]))

    button.observe(toggled, names="value")
    return w.HBox([button, out])


# ------------------------------------------------------------------ the 20-minute path
# The teacher's guide gives each lesson a 20-minute path; the lesson's cells on it carry the tag
# "path" (cell metadata). ``path_notebook`` makes a runnable notebook of those cells and of the
# earlier code cells that define the names they use (imports, a seed, a run they read), with
# presentation mode on and check cells folded.
PATH_TAG = "path"
CHECK_TAG = "check"


def _names(source: str) -> tuple[set[str], set[str]]:
    """(defined, used) top-level names of a code cell; (empty, empty) if it does not parse."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set(), set()
    defined: set[str] = set()
    used: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (defined if isinstance(node.ctx, ast.Store | ast.Del) else used).add(node.id)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            for alias in node.names:
                defined.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            defined.add(node.name)
            if not isinstance(node, ast.ClassDef):
                args = node.args
                for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
                    if arg is not None:
                        defined.add(arg.arg)
        elif isinstance(node, ast.arg):
            defined.add(node.arg)
        elif isinstance(node, ast.comprehension | ast.ExceptHandler):
            name = getattr(node, "name", None)
            if isinstance(name, str):
                defined.add(name)
    return defined, used


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def path_indices(cells: list[dict[str, Any]]) -> list[int]:
    """The indices of a lesson's cells on its 20-minute path (tagged "path", and the check cells
    right after them), with the earlier code cells they need: for each name a path cell uses, the
    last earlier code cell that defines it, and so on for that cell's own names. In the lesson's order."""
    import builtins

    known = set(dir(builtins)) | {"display", "get_ipython"}
    tags = [c.get("metadata", {}).get("tags", []) for c in cells]
    tagged = [i for i, t in enumerate(tags) if PATH_TAG in t]
    # The check cells right after a path cell come along (folded): the path asserts what it shows.
    for index in list(tagged):
        after = index + 1
        while after < len(cells) and CHECK_TAG in tags[after]:
            tagged.append(after)
            after += 1
    names = {i: _names(_source(c)) for i, c in enumerate(cells) if c.get("cell_type") == "code"}
    chosen: set[int] = set()
    todo = list(tagged)
    while todo:
        index = todo.pop()
        if index in chosen:
            continue
        chosen.add(index)
        if index not in names:
            continue
        _defined, used = names[index]
        for name in sorted(used - known):
            definers = [j for j in names if j < index and name in names[j][0]]
            if definers and definers[-1] not in chosen:
                todo.append(definers[-1])
    return sorted(chosen)


def missing_names(cells: list[dict[str, Any]]) -> list[str]:
    """Names a notebook's code cells use before any earlier cell (or the cell itself) defines them:
    what a path notebook must not have (``"cell 3: house_value"``)."""
    import builtins

    known = set(dir(builtins)) | {"display", "get_ipython"}
    defined: set[str] = set()
    out = []
    for index, cell in enumerate(cells):
        if cell.get("cell_type") != "code":
            continue
        own, used = _names(_source(cell))
        out += [f"cell {index}: {name}" for name in sorted(used - known - defined - own)]
        defined |= own
    return out


def find_lesson(lesson: str, lang: str = "en") -> Path:
    """A lesson's notebook by number or name ("01", "01_for_sale"), English or its Japanese twin."""
    folder = lessons_dir() if lang == "en" else lessons_dir() / lang
    found = sorted(p for p in folder.glob("*.ipynb") if p.stem == lesson or p.stem.split("_")[0] == lesson)
    if not found:
        known = ", ".join(p.stem for p in sorted(folder.glob("*.ipynb")))
        raise FileNotFoundError(
            _(
                "no lesson {lesson!r} in {folder}; lessons: {known}",
                lesson=lesson,
                folder=str(folder),
                known=known,
            )
        )
    return found[0]


PRESENT_CELL = "import gamekit\n\ngamekit.present()"


def path_notebook(lesson: str | Path, lang: str = "en") -> dict[str, Any]:
    """A lesson's 20-minute path as a notebook (a dict in nbformat 4): the title cell, the cells
    tagged "path" and those they need, outputs cleared, presentation mode on in a first cell,
    check cells folded (``metadata.jupyter.source_hidden``)."""
    source_path = Path(lesson) if str(lesson).endswith(".ipynb") else find_lesson(str(lesson), lang)
    notebook = json.loads(source_path.read_text(encoding="utf-8"))
    cells = notebook["cells"]
    keep = path_indices(cells)
    if not any(PATH_TAG in cells[i].get("metadata", {}).get("tags", []) for i in keep):
        raise ValueError(
            _("{name} has no cell tagged {tag!r}: no 20-minute path yet", name=source_path.name, tag=PATH_TAG)
        )
    from .lesson_translation import LANGUAGE_CELL_ID

    # The lesson's title, and in a translated lesson the cell that sets its language.
    title = next((i for i, c in enumerate(cells) if c.get("cell_type") == "markdown"), None)
    language = [i for i, c in enumerate(cells) if c.get("id") == LANGUAGE_CELL_ID]
    keep = sorted({*keep, *language, *([title] if title is not None else [])})
    out = []
    for index in keep:
        cell = json.loads(json.dumps(cells[index]))
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
            tags = cell.get("metadata", {}).get("tags", [])
            if CHECK_TAG in tags:
                cell["metadata"].setdefault("jupyter", {})["source_hidden"] = True
        out.append(cell)
    first = {
        "cell_type": "code",
        "execution_count": None,
        "id": "gk-present",
        "metadata": {"tags": ["presentation"]},
        "outputs": [],
        "source": PRESENT_CELL,
    }
    heading = len(language) + (title is not None)  # presentation mode on right after them
    out.insert(heading, first)
    return {**notebook, "cells": out}


def write_path(lesson: str, lang: str = "en", out: str | Path | None = None) -> Path:
    """Write a lesson's 20-minute path notebook (``<lesson>_path.ipynb``) into ``out`` (default:
    the current folder) and return its path."""
    source_path = find_lesson(lesson, lang)
    notebook = path_notebook(source_path)
    folder = Path(out or ".")
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{source_path.stem}_path.ipynb"
    target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return target


def drop_widget_state(path: str | Path) -> bool:
    """Remove the widgets' saved state (``metadata.widgets``) from an executed notebook; True if it
    had one. With the state, nbconvert (the lessons' site) and other viewers draw each widget with
    JavaScript fetched from a CDN (nothing offline) instead of its saved picture
    (``gamekit.pictures.widgets``); without it they show the picture. Run after executing a lesson
    for committing (executing with ``store_widget_state=False`` fails on Output widgets in nbclient)."""
    path = Path(path)
    notebook = json.loads(path.read_text(encoding="utf-8"))
    if "widgets" not in notebook.get("metadata", {}):
        return False
    del notebook["metadata"]["widgets"]
    path.write_text(
        json.dumps(notebook, sort_keys=True, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    return True


def main(argv: list[str] | None = None) -> int:
    """``python -m gamekit.lessons path NN [--lang ja] [--out DIR]``: write a lesson's 20-minute path;
    ``python -m gamekit.lessons drop-widget-state NN ...``: keep the widgets' pictures for exports."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m gamekit.lessons",
        description=str(_("A lesson's 20-minute path as a notebook of its own.")),
    )
    parser.add_argument("command", choices=("path", "drop-widget-state"))
    parser.add_argument("lesson", nargs="+", help=str(_("the lesson's number or name (01, 01_for_sale)")))
    parser.add_argument("--lang", default="en", choices=("en", "ja"))
    parser.add_argument("--out", default=".", help=str(_("the folder to write it in")))
    args = parser.parse_args(argv)
    if args.command == "drop-widget-state":
        for name in args.lesson:
            path = Path(name) if name.endswith(".ipynb") else find_lesson(name, args.lang)
            if drop_widget_state(path):
                print(_("dropped the widgets' state from {path}", path=str(path)))
        return 0
    target = write_path(args.lesson[0], args.lang, args.out)
    print(_("wrote {path}", path=str(target)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
