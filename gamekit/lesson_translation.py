"""Each lesson in Japanese, made from its English notebook and a catalogue of its words.

The English notebook (``notebooks/NN_name.ipynb``) is the one source of a lesson: its code, claims
and checks. Its words in Japanese are a gettext catalogue, ``data/lessons/ja/NN_name.po``: one
entry per markdown cell (the whole cell) and one per comment in a code cell. From the two,
``translate`` makes ``notebooks/ja/NN_name.ipynb``: the same cells with the same ids, markdown and
comments in Japanese, and one cell more at the top that sets gamekit's language to Japanese, so
narration, refusals, cards and figures speak Japanese too. Code is never translated, so both
lessons compute the same figures and run the same checks.

    python -m gamekit.lesson_translation update    # new English words → empty entries to fill in
                                                   # (a changed cell: its old translation, marked fuzzy)
    python -m gamekit.lesson_translation translate # the Japanese notebooks' cells from the two
    python -m gamekit.lesson_translation check     # what is missing or out of date (a test runs it)

``translate`` keeps the outputs of cells whose text did not change; ``make lessons`` executes
both languages afterwards.
"""

from __future__ import annotations

import io
import json
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .core.data import data_dir

LANG = "ja"
LANGUAGE_CELL_ID = "gamekit-language"
LANGUAGE_CELL = (
    'import gamekit\n\ngamekit.set_language("ja")  # この教材の出力（説明・図・エラー）を日本語にします'
)
_LINK = re.compile(r"(\]\()([^)\s]+)(\))")
_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
_ENGLISH_WORDS = re.compile(r"\b[A-Za-z]{3,}\b")


def notebooks_dir() -> Path:
    """The English lessons: ``notebooks/`` beside ``data/`` (a checkout) or inside the wheel."""
    data = data_dir()
    for candidate in (data.parent / "notebooks", data.parent / "gamekit" / "notebooks"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("the lessons' notebooks/ folder is missing from this installation")


def lessons() -> list[str]:
    """The lessons' names (``01_for_sale``, ...), the start page and the teacher's guide included."""
    return sorted(path.stem for path in notebooks_dir().glob("*.ipynb"))


def catalogue_path(stem: str, lang: str = LANG) -> Path:
    return data_dir() / "lessons" / lang / f"{stem}.po"


def translated_path(stem: str, lang: str = LANG) -> Path:
    return notebooks_dir() / lang / f"{stem}.ipynb"


def _read_notebook(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _source(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else source


def _comments(code: str) -> Iterator[tuple[tuple[int, int], tuple[int, int], str]]:
    """The comments of a code cell: (start, end, text without ``#`` and the space after it)."""
    for start, end, kind, text in _words(code):
        if kind == "comment":
            yield start, end, text


# A string in code that a reader sees as words (a label, a title, a sentence it prints): two words
# or more, or a word and a colon. Identifiers, paths, URLs and rule IDs are never words.
_PHRASE = re.compile(r"[A-Za-z]{2,}[^\n]*?\s+[A-Za-z(]|[A-Za-z]{2,}\s*:\s*$")
_NOT_WORDS = re.compile(r"^[\w.\-/]*$|://|^[A-Z]{2,4}-[A-Z]\d+$")
_STRING = re.compile(r"^([A-Za-z]*)('''|\"\"\"|'|\")(.*)\2$", re.S)


def _words(code: str) -> Iterator[tuple[tuple[int, int], tuple[int, int], str, str]]:
    """What a translator may see in a code cell, in order: ``(start, end, kind, text)`` with kind
    "comment" (text after ``#``) or "string" (a one-line string literal's body as typed, for the
    strings that read as words: labels, titles, printed sentences)."""
    try:
        for token in tokenize.generate_tokens(io.StringIO(code).readline):
            if token.type == tokenize.COMMENT:
                text = token.string[1:].strip()
                if text and not text.startswith(("noqa", "type:", "NBVAL", "!")):
                    yield token.start, token.end, "comment", text
            elif token.type == tokenize.STRING and token.start[0] == token.end[0]:
                found = _STRING.match(token.string)
                if found and "b" not in found.group(1).lower():
                    body = found.group(3)
                    if _PHRASE.search(body) and not _NOT_WORDS.search(body.strip()):
                        yield token.start, token.end, "string", body
    except (tokenize.TokenError, IndentationError, SyntaxError):  # IPython magics: read no further
        return


CODE = "code"  # the context of a string in code in a catalogue (a comment or a cell has none)
Key = str | tuple[str, str]  # an entry: its text, or (context, text) for a string in code


def _key(text: str, context: str | None) -> Key:
    return (context, text) if context else text


def texts(stem: str) -> list[tuple[str, str, str | None]]:
    """What a translator translates in lesson ``stem``: ``(text, where, context)`` in the lesson's
    order; context ``"code"`` for a string in code (its translation may be the same text where the
    string is not words for a reader: a key, an action text)."""
    out: list[tuple[str, str, str | None]] = []
    for cell in _read_notebook(notebooks_dir() / f"{stem}.ipynb")["cells"]:
        text = _source(cell)
        if cell["cell_type"] == "markdown" and text.strip():
            out.append((text, f"markdown cell {cell.get('id')}", None))
        elif cell["cell_type"] == "code":
            for _s, _e, kind, words in _words(text):
                where = f"{kind} in code cell {cell.get('id')}"
                out.append((words, where, CODE if kind == "string" else None))
    return out


def read_catalogue(stem: str, lang: str = LANG) -> dict[Key, str]:
    """The lesson's translations, ``{English: translation}`` (``("code", English)`` for a string
    in code); empty and fuzzy entries left out."""
    from babel.messages.pofile import read_po

    path = catalogue_path(stem, lang)
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    return {
        _key(m.id, m.context): m.string
        for m in catalog
        if m.id and m.string and not m.fuzzy and isinstance(m.id, str)
    }


def update(stem: str, lang: str = LANG) -> Path:
    """Bring the lesson's catalogue up to its English: new texts added empty, dropped ones removed."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    known = read_catalogue(stem, lang)
    by_place = _by_place(stem, lang)
    catalog = Catalog(locale=lang, domain=stem, project="gamekit lessons", fuzzy=False)
    for text, where, context in texts(stem):
        if catalog.get(text, context=context) is not None:
            continue
        translation = known.get(_key(text, context))
        if translation is None and where in by_place:  # the English of this place changed
            previous, translation = by_place[where]
            catalog.add(
                text,
                translation,
                auto_comments=[where],
                context=context,
                flags=["fuzzy"],
                previous_id=previous,
            )
            continue
        catalog.add(text, translation or "", auto_comments=[where], context=context)
    path = catalogue_path(stem, lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, sort_output=False, include_previous=False)
    return path


def _by_place(stem: str, lang: str) -> dict[str, tuple[str, str]]:
    """The catalogue's translations by where their English stands (``markdown cell ID``), for a
    cell whose English changed: its old translation comes back marked fuzzy, for a translator to
    check against the new English (a fuzzy entry counts as missing until the mark is removed)."""
    from babel.messages.pofile import read_po

    path = catalogue_path(stem, lang)
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    return {m.auto_comments[0]: (m.id, m.string) for m in catalog if m.id and m.string and m.auto_comments}


def _relink(markdown: str, names: set[str]) -> str:
    """Links of a lesson moved one folder down: another lesson stays beside it (it is translated
    too), a link the translation makes to an English lesson (``../01_for_sale.ipynb``) stays, and
    anything else relative (a data file, a picture) is reached one folder up."""

    def fix(match: re.Match[str]) -> str:
        target = match.group(2)
        bare = target.split("#", 1)[0]
        if not bare or re.match(r"^[a-z]+:", target) or target.startswith("/") or bare in names:
            return match.group(0)
        if bare.startswith("../") and bare[3:] in names:  # the English twin, named as such
            return match.group(0)
        return f"{match.group(1)}../{target}{match.group(3)}"

    return _LINK.sub(fix, markdown)


def _translate_code(code: str, catalogue: dict[Key, str], missing: list[str], where: str) -> str:
    lines = code.split("\n")
    for (row, col), (_erow, ecol), kind, text in reversed(list(_words(code))):
        translated = catalogue.get(_key(text, CODE if kind == "string" else None))
        if translated is None:
            missing.append(f"{where}: {kind} {text!r}")
            continue
        line = lines[row - 1]
        if kind == "comment":
            lines[row - 1] = line[:col] + "# " + translated + line[ecol:]
        else:
            found = _STRING.match(line[col:ecol])
            assert found is not None  # _words found this string here
            prefix, quote = found.group(1), found.group(2)
            lines[row - 1] = line[:col] + prefix + quote + translated + quote + line[ecol:]
    return "\n".join(lines)


def build(stem: str, lang: str = LANG) -> tuple[dict[str, Any], list[str]]:
    """The translated notebook of lesson ``stem`` (outputs of unchanged cells kept from the one on
    disk) and what has no translation yet (an empty list: complete)."""
    source = _read_notebook(notebooks_dir() / f"{stem}.ipynb")
    catalogue = read_catalogue(stem, lang)
    names = {f"{name}.ipynb" for name in lessons()}
    path = translated_path(stem, lang)
    before = {c.get("id"): c for c in _read_notebook(path)["cells"]} if path.is_file() else {}
    missing: list[str] = []
    cells = []
    for cell in source["cells"]:
        text, where = _source(cell), f"{stem} cell {cell.get('id')}"
        new = {key: value for key, value in cell.items() if key not in ("outputs", "execution_count")}
        if cell["cell_type"] == "markdown" and text.strip():
            translated = catalogue.get(text)
            if translated is None:
                missing.append(f"{where}: markdown cell {text[:60]!r}…")
                translated = text
            new["source"] = _relink(translated, names)
        elif cell["cell_type"] == "code":
            new["source"] = _translate_code(text, catalogue, missing, where)
        cells.append(_keep_outputs(new, before.get(cell.get("id"))))
    language = {"cell_type": "code", "id": LANGUAGE_CELL_ID, "metadata": {}, "source": LANGUAGE_CELL}
    cells.insert(0, _keep_outputs(language, before.get(LANGUAGE_CELL_ID)))
    metadata = {key: value for key, value in source["metadata"].items() if key != "widgets"}
    metadata["gamekit"] = {"language": lang, "source": f"../{stem}.ipynb"}
    notebook = {**source, "metadata": metadata, "cells": cells}
    return notebook, missing


def _keep_outputs(cell: dict[str, Any], before: dict[str, Any] | None) -> dict[str, Any]:
    if cell["cell_type"] != "code":
        return cell
    if before is not None and _source(before) == cell["source"]:
        return {
            **cell,
            "outputs": before.get("outputs", []),
            "execution_count": before.get("execution_count"),
        }
    return {**cell, "outputs": [], "execution_count": None}


def translate(stem: str, lang: str = LANG) -> list[str]:
    """Write ``notebooks/<lang>/<stem>.ipynb`` from the English lesson and its catalogue; returns
    what has no translation yet (written in English meanwhile)."""
    notebook, missing = build(stem, lang)
    path = translated_path(stem, lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return missing


def problems(stem: str, lang: str = LANG) -> list[str]:
    """What keeps lesson ``stem``'s translation from being whole and current, one line each:
    an English text with no translation, a translation that is still English, an entry the lesson
    no longer has, and a translated notebook whose cells differ from what ``translate`` makes."""
    notebook, out = build(stem, lang)
    catalogue = read_catalogue(stem, lang)
    wanted = {_key(text, context) for text, _where, context in texts(stem)}
    for key, translated in catalogue.items():
        english = key if isinstance(key, str) else key[1]
        if key not in wanted:
            out.append(f"{stem}: the catalogue has {english[:60]!r}…, which the lesson no longer has")
        elif isinstance(key, str) and not _JAPANESE.search(translated):
            if len(_ENGLISH_WORDS.findall(translated)) >= 3:
                out.append(f"{stem}: {english[:60]!r}… is 'translated' into English")
        elif not isinstance(key, str) and _breaks_string(translated, english):
            out.append(f"{stem}: the translation of the string {english[:40]!r} has a bare quote")
    path = translated_path(stem, lang)
    if not path.is_file():
        return [
            *out,
            f"{stem}: {path.name} in notebooks/{lang}/ is missing (python -m gamekit.lesson_translation translate)",
        ]
    on_disk = _read_notebook(path)["cells"]
    made = [
        (c.get("id"), c["cell_type"], _source(c) if isinstance(c["source"], str) else "".join(c["source"]))
        for c in notebook["cells"]
    ]
    have = [(c.get("id"), c["cell_type"], _source(c)) for c in on_disk]
    if made != have:
        out.append(
            f"{stem}: notebooks/{lang}/{stem}.ipynb is out of date (python -m gamekit.lesson_translation translate)"
        )
    return out


def _breaks_string(translated: str, english: str) -> bool:
    """Whether a string's translated body could end the string early: a quote the English body did
    not have (the catalogue holds bodies as typed, escapes included)."""
    return any(translated.count(q) > english.count(q) for q in ("'", '"'))


def main(argv: list[str] | None = None) -> int:
    """``python -m gamekit.lesson_translation update|translate|check [LESSON ...]``."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m gamekit.lesson_translation", description=__doc__.split("\n")[0]
    )
    parser.add_argument("command", choices=("update", "translate", "check"))
    parser.add_argument("lessons", nargs="*", help="01_for_sale, ... (all by default)")
    args = parser.parse_args(argv)
    chosen = args.lessons or lessons()
    found: list[str] = []
    for stem in chosen:
        if args.command == "update":
            print("updated", update(stem))
        elif args.command == "translate":
            missing = translate(stem)
            print(f"{stem}: written, {len(missing)} text(s) without translation")
            found += missing
        else:
            found += problems(stem)
    if args.command == "check":
        print("\n".join(found) if found else "every lesson is translated and up to date")
    return 1 if args.command == "check" and found else 0


if __name__ == "__main__":
    raise SystemExit(main())
