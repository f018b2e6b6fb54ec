"""The classroom pages' words in Japanese and English, read from gettext-style ``.po`` catalogs.

The catalogs live in ``gamekit/classroom/locale/<lang>/LC_MESSAGES/classroom.po``. Their ``msgid``
is a short key (``join.title``, ``rule.CL-1``) rather than the English sentence, so the page asks
for a key and both languages are complete translations of it. A ``{name}`` in a message is a
placeholder the page fills in; both catalogs use the same placeholders for a key.

Only the standard library is used (gettext reads compiled ``.mo`` files, the catalogs here are
the ``.po`` text itself, so a small reader for the subset used is kept here).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from ..core.i18n import pick_language

LOCALE = Path(__file__).resolve().parent / "locale"
DOMAIN = "classroom"
LANGS = ("ja", "en")  # the source rule documents are Japanese: Japanese first
DEFAULT_LANG = "en"  # a phone set to a language the pages lack (zh, ko, fr) reads English, the wider second
_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def catalog_path(lang: str) -> Path:
    """Where the catalog of ``lang`` lives."""
    return LOCALE / check_lang(lang) / "LC_MESSAGES" / f"{DOMAIN}.po"


def check_lang(lang: str) -> str:
    """``lang`` itself if the pages have a catalog for it; otherwise a ValueError naming those there are."""
    if lang not in LANGS:
        raise ValueError(f"no classroom catalog for language {lang!r}: choose one of {', '.join(LANGS)}")
    return lang


def _unquote(text: str, where: str) -> str:
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"{where}: expected a quoted string, got {text!r}")
    body, out, i = text[1:-1], [], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            if i + 1 >= len(body) or body[i + 1] not in _ESCAPES:
                raise ValueError(f"{where}: unknown escape in {text!r}")
            out.append(_ESCAPES[body[i + 1]])
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def read_po(path: str | Path) -> dict[str, str]:
    """The messages of a ``.po`` file as ``{msgid: msgstr}``, the header entry (empty msgid) left out.

    Reads the subset of the format the catalogs use: comments, ``msgid``/``msgstr`` with strings
    continued on following lines. A key given twice or a malformed line raises ValueError naming
    the line.
    """
    path = Path(path)
    messages: dict[str, str] = {}
    entry: dict[str, str] = {}
    field = None

    def finish(lineno: int) -> None:
        if not entry:
            return
        if set(entry) != {"msgid", "msgstr"}:
            raise ValueError(f"{path}:{lineno}: an entry needs one msgid and one msgstr")
        key = entry["msgid"]
        if key in messages:
            raise ValueError(f"{path}:{lineno}: msgid {key!r} given twice")
        if key:
            messages[key] = entry["msgstr"]
        entry.clear()

    lines = path.read_text(encoding="utf-8").splitlines()
    for lineno, raw in enumerate(lines, 1):
        line = raw.strip()
        where = f"{path}:{lineno}"
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            if field is None:
                raise ValueError(f"{where}: a continued string outside an entry")
            entry[field] += _unquote(line, where)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword not in ("msgid", "msgstr"):
            raise ValueError(f"{where}: unknown keyword {keyword!r} (the catalogs use msgid and msgstr)")
        if keyword == "msgid":
            finish(lineno)
        elif "msgid" not in entry or "msgstr" in entry:
            raise ValueError(f"{where}: msgstr without its msgid")
        field = keyword
        entry[field] = _unquote(rest.strip(), where)
    finish(len(lines))
    return messages


@cache
def _catalog(lang: str) -> dict[str, str]:
    return read_po(catalog_path(lang))


def catalog(lang: str) -> dict[str, str]:
    """Every message of ``lang`` as ``{key: text}`` (a fresh dict; the page receives it as JSON)."""
    return dict(_catalog(check_lang(lang)))


def negotiate(lang: str | None = None, accept_language: str | None = None) -> str:
    """The language to show: ``lang`` if the pages have it, else the browser's ``Accept-Language``
    choice by weight (``gamekit.core.i18n.pick_language``), else English."""
    if lang in LANGS:
        return lang
    return pick_language(accept_language)


def placeholders(text: str) -> set[str]:
    """The ``{name}`` placeholders of a message."""
    return set(_PLACEHOLDER.findall(text))


def translate(key: str, lang: str = DEFAULT_LANG, **values: object) -> str:
    """The message ``key`` in ``lang`` with its placeholders filled; an unknown key or a missing
    value raises KeyError naming it."""
    messages = _catalog(check_lang(lang))
    if key not in messages:
        raise KeyError(f"no message {key!r} in the {lang} classroom catalog")
    text = messages[key]
    missing = placeholders(text) - set(values)
    if missing:
        raise KeyError(f"message {key!r} needs {', '.join(sorted(missing))}")
    return _PLACEHOLDER.sub(lambda m: str(values[m.group(1)]), text)


def problems() -> list[str]:
    """What is wrong between the catalogs: a key one has and another lacks, an empty translation,
    placeholders that differ. Empty when the catalogs agree (the test asserts so)."""
    found = []
    cats = {lang: _catalog(lang) for lang in LANGS}
    keys = set().union(*cats.values())
    for key in sorted(keys):
        for lang, messages in cats.items():
            if key not in messages:
                found.append(f"{key}: missing in {lang}")
            elif not messages[key].strip():
                found.append(f"{key}: empty in {lang}")
        present = [(lang, placeholders(m[key])) for lang, m in cats.items() if key in m]
        if len({frozenset(p) for _, p in present}) > 1:
            found.append(
                f"{key}: placeholders differ: " + "; ".join(f"{lang} {sorted(p)}" for lang, p in present)
            )
    return found
