"""Which language gamekit writes in, and the catalogues its words come from.

    import gamekit
    gamekit.set_language("ja")       # or GAMEKIT_LANG=ja, or the command line's --lang ja
    with gamekit.language("en"): ... # for a while, in this thread only

The source of every text is English, written in the code as a template with named placeholders
(``_("{name} bids {total}", name=..., total=...)``). Its translations are gettext ``.po``
catalogues, one per part of the package, kept in that part's folder: a game's in
``gamekit/games/<game>/locale/<lang>/LC_MESSAGES/<game>.po``, everything else's in
``gamekit/locale/<lang>/LC_MESSAGES/gamekit.po``. Babel reads them (``.po`` is the text a
translator edits; nothing is compiled). ``python -m gamekit.core.i18n update`` adds the texts the code
has that a catalogue lacks (empty, for a translator) and drops those the code no longer has;
``python -m gamekit.core.i18n check`` lists what is missing, and a test runs the same check.

Events and saves never hold language: narration, refusals and labels are rendered from data when
shown, in the language of that moment, so a game saved in one language replays in the other.
"""

from __future__ import annotations

import os
import re
import string
import unicodedata
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

LANGS = ("en", "ja")
SOURCE_LANG = "en"  # the language the code's templates are written in
ENV = "GAMEKIT_LANG"
PACKAGE = Path(__file__).resolve().parents[2]  # gamekit/ (this is gamekit/core/i18n/__init__.py)
# What Babel extracts as a text: _("..."), _n("one", "many", n), and N_("...") (a text kept for later).
KEYWORDS = {"_": None, "N_": None, "_n": (1, 2)}
_FIELD = string.Formatter()


def check_lang(lang: object) -> str:
    """``lang`` if gamekit writes in it ("en", "ja"; "ja-JP" and "en_US.UTF-8" read as theirs)."""
    if isinstance(lang, str):
        base = re.split(r"[-_.@]", lang.strip().lower(), maxsplit=1)[0]
        if base in LANGS:
            return base
    raise ValueError(f"gamekit writes in {' and '.join(LANGS)}, not {lang!r}")


def _from_env() -> str:
    value = os.environ.get(ENV, "").strip()
    if not value:
        return SOURCE_LANG
    try:
        return check_lang(value)
    except ValueError as error:
        raise ValueError(f"{ENV}={value!r}: {error}") from None


_default = [_from_env()]
_current: ContextVar[str | None] = ContextVar("gamekit_language", default=None)


def get_language() -> str:
    """The language gamekit writes in now: a ``language()`` block's, else ``set_language``'s."""
    return _current.get() or _default[0]


def set_language(lang: str) -> str:
    """Write in ``lang`` ("en" or "ja") from now on, everywhere; returns the language before."""
    before = get_language()
    _default[0] = check_lang(lang)
    _current.set(None)
    return before


@contextmanager
def language(lang: str) -> Iterator[str]:
    """Write in ``lang`` inside the block, in this thread or task only (a server's request)."""
    token = _current.set(check_lang(lang))
    try:
        yield get_language()
    finally:
        _current.reset(token)


def pick_language(accept: str | None) -> str:
    """The first of an HTTP ``Accept-Language`` header's languages gamekit writes in, by weight;
    English when there is none (a phone set to Korean or French reads English, the wider second)."""
    choices = []
    for index, part in enumerate((accept or "").split(",")):
        tag, _sep, params = part.strip().partition(";")
        weight = 1.0
        match = re.search(r"q=([0-9.]+)", params)
        if match:
            try:
                weight = float(match.group(1))
            except ValueError:
                weight = 0.0
        if weight <= 0:  # q=0: "not this one" (RFC 9110)
            continue
        try:
            choices.append((-weight, index, check_lang(tag)))
        except ValueError:
            continue
    return min(choices)[2] if choices else SOURCE_LANG


# ------------------------------------------------------------------------------ catalogues
class Catalogue:
    """One part's texts in one language, read from its ``.po`` file: ``{msgid: msgstr}``; a
    plural text's msgid is its singular and its value the tuple of forms."""

    def __init__(self, path: Path, lang: str) -> None:
        from babel.messages.pofile import read_po

        self.path = path
        self.lang = lang
        self.messages: dict[str, str | tuple[str, ...]] = {}
        if path.is_file():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=lang)
            for message in catalog:
                if not message.id or message.fuzzy:
                    continue
                key = message.id[0] if isinstance(message.id, tuple | list) else message.id
                value = message.string
                if isinstance(value, tuple | list):
                    if all(value):
                        self.messages[key] = tuple(value)
                elif value:
                    self.messages[key] = value

    def plural_index(self, n: int) -> int:
        """Which plural form ``n`` takes: Japanese has one, English two (one, other)."""
        if self.lang == "ja":
            return 0
        return 0 if n == 1 else 1


class Domain:
    """The texts of one part of gamekit (a game, or the rest): ``_(template, **values)``.

    ``_`` renders now, in the current language; the result is a ``Text``, a str that remembers
    its template and values, so an error made in one language can be shown in another
    (``Text.render``).
    """

    def __init__(self, name: str, folder: str | Path) -> None:
        self.name = name
        self.folder = Path(folder)

    def catalogue_path(self, lang: str) -> Path:
        """``<folder>/locale/<lang>/LC_MESSAGES/<name>.po``: a game's in its folder, the rest in ``gamekit/locale``."""
        return self.folder / "locale" / check_lang(lang) / "LC_MESSAGES" / f"{self.name}.po"

    def catalogue(self, lang: str) -> Catalogue:
        return _catalogue(self.catalogue_path(lang), lang)

    def template(self, msgid: str, lang: str | None = None) -> str:
        """``msgid`` in ``lang`` (now's by default); the English itself where no translation is."""
        lang = lang or get_language()
        if lang == SOURCE_LANG:
            return msgid
        found = self.catalogue(lang).messages.get(msgid, msgid)
        return found[0] if isinstance(found, tuple) else found

    def __call__(self, msgid: str, /, **values: Any) -> Text:
        return Text(self, msgid, values)

    def plural(self, singular: str, plural: str, n: int, /, **values: Any) -> Text:
        """One of two English forms by ``n`` (``{n}`` is filled in), its translation's by its rule."""
        return Text(self, singular, {"n": n, **values}, plural=plural)

    def __repr__(self) -> str:
        return f"Domain({self.name!r})"


@cache
def _catalogue(path: Path, lang: str) -> Catalogue:
    return Catalogue(path, lang)


class Text(str):
    """A text rendered in the language of the moment it was made; ``render(lang)`` makes it again
    in another. Its values may be Texts themselves (a card's name): they follow the language."""

    __slots__ = ("domain", "msgid", "plural_form", "values")

    domain: Domain
    msgid: str
    values: Mapping[str, Any]
    plural_form: str | None

    def __new__(
        cls, domain: Domain, msgid: str, values: Mapping[str, Any], plural: str | None = None
    ) -> Text:
        self = super().__new__(cls, _render(domain, msgid, values, plural, get_language()))
        self.domain, self.msgid, self.values, self.plural_form = domain, msgid, values, plural
        return self

    def render(self, lang: str | None = None) -> str:
        """This text in ``lang`` (the current language by default)."""
        return _render(
            self.domain, self.msgid, self.values, self.plural_form, check_lang(lang or get_language())
        )

    def __reduce__(self) -> tuple[Any, ...]:  # pickles (worker processes) as the plain text
        return (str, (str(self),))


def _render(domain: Domain, msgid: str, values: Mapping[str, Any], plural: str | None, lang: str) -> str:
    if plural is None:
        template = domain.template(msgid, lang)
    else:
        n = values["n"]
        if lang == SOURCE_LANG:
            template = msgid if n == 1 else plural
        else:
            catalogue = domain.catalogue(lang)
            forms = catalogue.messages.get(msgid)
            if isinstance(forms, tuple):
                template = forms[min(catalogue.plural_index(n), len(forms) - 1)]
            else:
                template = msgid if n == 1 else plural
    if not values:
        return template
    shown = {key: value.render(lang) if isinstance(value, Text) else value for key, value in values.items()}
    return template.format_map(shown)


def N_(msgid: str) -> str:
    """Mark a text for translation where it is defined (a name in a table); translate it where it is
    shown, with its part's ``_``. Returns it unchanged."""
    return msgid


def columns(text: str) -> int:
    """How many columns a terminal or a fixed-width line gives ``text``: a wide (Japanese) character
    takes two, so tables and wrapped lines of Japanese text line up."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def placeholders(template: str) -> set[str]:
    """The named fields of a template: ``{name} bids {total}`` → {"name", "total"}."""
    return {field.split(".")[0].split("[")[0] for _t, field, _s, _c in _FIELD.parse(template) if field}


# The parts of the package that are not a game, each with its own catalogue in ``gamekit/locale``:
# the texts a lesson shows around a game (rule cards, play tables, widgets, pictures), the figures,
# and everything else (the core, the command line, bots, simulation, claims, theory, agents,
# the classroom's server). A game's part is its folder (``gamekit/games/<game>/i18n.py``).
PARTS: dict[str, tuple[str, ...]] = {
    "teaching": (
        "teach.py",
        "rules.py",
        "lessons.py",
        "lesson_translation.py",
        "widgets.py",
        "auction_lab.py",
        "pictures",
    ),
    "plots": ("plots",),
}
_domains: dict[str, Domain] = {}


def domain(name: str) -> Domain:
    """The part ``name``'s texts: "gamekit" (the rest), "teaching", "plots", or a game's."""
    if name not in _domains:
        if name == "gamekit" or name in PARTS:
            _domains[name] = Domain(name, PACKAGE)
        elif (PACKAGE / "games" / name / "i18n.py").is_file():
            _domains[name] = Domain(name, PACKAGE / "games" / name)
        else:
            raise ValueError(f"no part of gamekit called {name!r} has texts")
    return _domains[name]


def domain_of(module: str) -> Domain:
    """The part whose catalogue translates module ``module``'s texts (``gamekit.games.<game>.claims``)."""
    parts = module.split(".")
    if parts[:2] == ["gamekit", "games"] and len(parts) > 2:
        return domain(parts[2])
    for name, members in PARTS.items():
        for member in members:
            stem = member.removesuffix(".py")
            if parts[1:2] == [stem]:
                return domain(name)
    return domain("gamekit")


gamekit_domain = domain("gamekit")
_ = gamekit_domain
_n = gamekit_domain.plural


def domains() -> list[Domain]:
    """Every part's catalogue: the package's parts, then each game's."""
    found = [domain("gamekit"), *(domain(name) for name in PARTS)]
    games = PACKAGE / "games"
    found += [domain(p.name) for p in sorted(games.iterdir()) if (p / "i18n.py").is_file()]
    return found


def _sources(part: Domain) -> Iterator[Path]:
    """The Python files whose texts go into ``part``'s catalogue."""
    if part.folder != PACKAGE:
        yield from sorted(part.folder.rglob("*.py"))
        return
    claimed = {PACKAGE / member for members in PARTS.values() for member in members}
    mine = {PACKAGE / member for member in PARTS.get(part.name, ())}
    skip = {PACKAGE / "games", PACKAGE / "classroom" / "static"}
    for path in sorted(PACKAGE.rglob("*.py")):
        if any(parent in skip for parent in path.parents):
            continue
        owner = next((c for c in claimed if path == c or c in path.parents), None)
        if (part.name == "gamekit" and owner is None) or (owner is not None and owner in mine):
            yield path


def extract(domain: Domain) -> dict[str, tuple[str, str | None, list[str]]]:
    """The texts ``domain``'s code marks: ``{msgid: (msgid, plural or None, [where, ...])}``."""
    from babel.messages.extract import extract_python

    found: dict[str, tuple[str, str | None, list[str]]] = {}
    for path in _sources(domain):
        with path.open("rb") as handle:
            for lineno, funcname, messages, _comments in extract_python(handle, list(KEYWORDS), [], {}):
                spec = KEYWORDS[funcname]
                items = messages if isinstance(messages, tuple | list) else (messages,)
                first = items[0] if items else None
                if not isinstance(first, str) or not first:
                    continue
                plural = items[1] if spec == (1, 2) and len(items) > 1 and isinstance(items[1], str) else None
                where = f"{path.relative_to(PACKAGE.parent)}:{lineno}"
                entry = found.setdefault(first, (first, plural, []))
                entry[2].append(where)
    return found


def problems(domain: Domain, lang: str = "ja") -> list[str]:
    """What ``domain``'s ``lang`` catalogue lacks or gets wrong, one line each (empty: complete).

    A text the code has and the catalogue has not (or has empty or fuzzy), a translation whose
    placeholders differ from its English, and an entry the code no longer has."""
    out: list[str] = []
    wanted = extract(domain)
    catalogue = _fresh(domain, lang)
    for msgid, (_m, plural, where) in wanted.items():
        got = catalogue.messages.get(msgid)
        if got is None:
            out.append(f"{domain.name}/{lang}: no translation of {msgid!r} ({where[0]})")
            continue
        forms = got if isinstance(got, tuple) else (got,)
        expected = placeholders(msgid) | (placeholders(plural) if plural else set())
        for form in forms:
            if placeholders(form) - expected - {"n"} or (not plural and placeholders(form) != expected):
                out.append(
                    f"{domain.name}/{lang}: {msgid!r} → {form!r}: placeholders "
                    f"{sorted(placeholders(form))} differ from {sorted(expected)} ({where[0]})"
                )
    for msgid in catalogue.messages:
        if msgid not in wanted:
            out.append(f"{domain.name}/{lang}: {msgid!r} is in the catalogue but no longer in the code")
    return out


def _fresh(domain: Domain, lang: str) -> Catalogue:
    return Catalogue(domain.catalogue_path(lang), lang)


def update(domain: Domain, lang: str = "ja") -> Path:
    """Bring ``domain``'s ``lang`` catalogue up to its code: new texts added untranslated (for a
    translator to fill in), texts the code dropped removed, translations kept. Returns its path."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    path = domain.catalogue_path(lang)
    if path.is_file():
        with path.open("rb") as handle:
            old = read_po(handle, locale=lang)
    else:
        old = Catalog(locale=lang, domain=domain.name)
    new = Catalog(locale=lang, domain=domain.name, project="gamekit", fuzzy=False)
    for msgid, (_m, plural, where) in sorted(extract(domain).items(), key=lambda kv: kv[1][2][0]):
        key = (msgid, plural) if plural else msgid
        previous = old.get(msgid)
        value: Any = previous.string if previous is not None else (("",) if plural else "")
        if plural and not isinstance(value, tuple | list):
            value = (value,)
        if not plural and isinstance(value, tuple | list):
            value = value[0]
        new.add(key, value, locations=[(w.rsplit(":", 1)[0], int(w.rsplit(":", 1)[1])) for w in where[:3]])
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, new, width=100, omit_header=False, sort_output=False, include_previous=False)
    _catalogue.cache_clear()
    return path


def main(argv: list[str] | None = None) -> int:
    """``python -m gamekit.core.i18n check|update [PART ...]``: check or update the Japanese catalogues."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m gamekit.core.i18n", description=main.__doc__)
    parser.add_argument("command", choices=("check", "update"))
    parser.add_argument("parts", nargs="*", help="gamekit, teaching, plots or a game (all by default)")
    args = parser.parse_args(argv)
    chosen = [d for d in domains() if not args.parts or d.name in args.parts]
    if args.command == "update":
        for domain in chosen:
            print("updated", update(domain))
        return 0
    lines = [line for domain in chosen for line in problems(domain)]
    print("\n".join(lines) if lines else "every text has its translation")
    return 1 if lines else 0
