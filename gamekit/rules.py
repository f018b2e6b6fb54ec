"""The project's own rules reference: every rule ID, what it says, and the document it rests on.

    from gamekit import rules
    rules.get(rule_id).statement      # what the rule says, in the project's words
    print(rules.get(rule_id))         # the same with its kind, source, quote and translation
    rules.cards(first_id, second_id)  # HTML cards in a notebook

A rule ID is its game's ``rule_prefix``, a letter and a number (the classroom's own: ``CL-``
and a number). The reference is data shipped with the package: each registered game's file
(``registry.rules_file``: ``data/rules/<game>.toml`` unless the game names its own, so a game
in a folder of its own brings its reference along), the classroom's ``data/rules/classroom.toml``
and the bibliography ``data/rules/sources.toml``; their format is ``data/rules/FORMAT.md``. Each
rule has a statement in the project's own words, a kind (``rule``: the document says it;
``reading``: the document is silent or loose and this is how gamekit reads it;
``convention``: how a computer settles what people settle at the table; ``example``: a
worked example), and where the document has one, the short original quote with a
translation. Error messages, the lessons' rule cards, the step-through player and
``gamekit rules`` all read it from here.
"""

from __future__ import annotations

import re
import textwrap
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache
from html import escape
from pathlib import Path
from typing import Any

from .core import registry
from .core.data import data_dir
from .core.errors import read_rules_from
from .core.i18n import N_, check_lang, domain, get_language
from .core.i18n import columns as i18n_columns

_ = domain("teaching")
KINDS = ("rule", "reading", "convention", "example")
# Each kind's name as a card shows it (translated where shown).
KIND_NAMES = {
    "rule": N_("rule"),
    "reading": N_("reading"),
    "convention": N_("convention"),
    "example": N_("example"),
}
# The shape of a rule ID; ``cited`` keeps those whose prefix is a registered game's or the classroom's.
RULE_ID = re.compile(r"\b(?:[A-Z]{2,4}-[A-Z]\d+|CL-\d+)\b")
# Beside the games: the classroom server's own rules (CL-1, CL-2, ...: gamekit.classroom).
OTHER_FILES = ("classroom",)
OTHER_PREFIXES = {"CL": "classroom"}
CUT = "…"
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
NO_LINE_START = "、。，．」』）)]！？…："


@dataclass(frozen=True)
class Source:
    """One source document, as the bibliography describes it."""

    key: str
    title: str
    original_title: str
    edition: str
    language: str
    games: tuple[str, ...]
    covers: str
    number: str

    def cite(self, *sections: str) -> str:
        """How the project names the document: its title (in Japanese its own, ``original_title``),
        the sections cited, its key."""
        quoted = (
            s if s[0] in "「《【" else f"「{s}」" for s in sections if s
        )  # some headings carry their own
        japanese = get_language() == "ja"
        title = self.original_title if japanese and self.original_title else self.title
        return title + "".join(f"{'、' if japanese else ', '}{s}" for s in quoted) + f" [{self.key}]"


@dataclass(frozen=True)
class Quote:
    """A passage of a source document (its original words, cuts marked with …) and our translation."""

    source: str
    text: str
    translation: str
    section: str = ""

    @property
    def document(self) -> Source:
        return sources()[self.source]

    def pieces(self) -> list[str]:
        """The quoted stretches between cut marks, in order."""
        return [piece.strip() for piece in self.text.split(CUT) if piece.strip()]


@dataclass(frozen=True)
class Rule:
    """One entry of the reference."""

    id: str
    game: str
    title: str
    kind: str
    statement: str
    quotes: tuple[Quote, ...] = ()
    options: tuple[str, ...] = ()
    reading: str | None = None
    why: str | None = None
    built_from: str | None = None
    # The project's words in Japanese (``[rule.ja]``: title, statement, reading, why, built_from).
    ja: tuple[tuple[str, str], ...] = ()

    def localized(self, lang: str | None = None) -> Rule:
        """This rule in ``lang`` (the current language by default): its title, statement and
        readings in that language where the reference has them; the quotes stay as they are."""
        lang = check_lang(lang or get_language())
        if lang != "ja" or not self.ja:
            return self
        return replace(self, **dict(self.ja))

    def _kind(self) -> str:
        """The card's kind line: "rule, partly our reading, option `x`", in the current language."""
        kind = str(_(KIND_NAMES[self.kind]))
        if self.reading:
            kind += str(_(", partly our reading"))
        kind += "".join(str(_(", option `{name}`", name=name)) for name in self.options)
        return kind

    def _labelled(self) -> list[tuple[str, str]]:
        """(label, text) of the readings the rule has, the labels in the current language."""
        pairs = ((_("our reading"), self.reading), (_("why"), self.why), (_("built from"), self.built_from))
        return [(str(label), value) for label, value in pairs if value]

    def text(self, quotes: bool = True) -> str:
        """The rule as plain text: ID, title, kind, statement, then its readings and quotes; in the
        current language (``localized``). In Japanese a quote is the document's own words, so the
        English translation under it is left out."""
        rule = self.localized()
        japanese = get_language() == "ja"
        lines = [f"{rule.id}  {rule.title}  ({rule._kind()})", *_wrap(rule.statement, "    ")]
        for label, value in rule._labelled():
            lines += _wrap(str(_("{label}: {value}", label=label, value=value)), "    ")
        if quotes:
            for quote in rule.quotes:
                lines.append(f"    {quote.document.cite(quote.section)}:")
                for line in quote.text.splitlines():  # the document's own line breaks stay
                    lines += _wrap(line, "      > ")
                if not japanese:
                    lines += _wrap(quote.translation, "      ")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def html(self, brief: bool = False) -> str:
        """The rule as an HTML card: title, statement, readings, and each quote with its translation
        (in Japanese the quote alone: it is the document's own words). ``brief`` (presentation
        mode) shows the title and statement, the rest folded in a ``<details>`` opened by a click."""
        rule = self.localized()
        japanese = get_language() == "ja"
        badge = {
            "rule": "#2b6cb0",
            "reading": "#b7791f",
            "convention": "#6b7280",
            "example": "#2f855a",
        }[rule.kind]
        kind = _inline(rule._kind())
        head = [
            f'<div><b>{rule.id}</b> {escape(rule.title)} <span style="color:{badge};font-size:85%">'
            f"{kind}</span></div>",
            f"<div>{_inline(rule.statement)}</div>",
        ]
        rest = []
        for label, value in rule._labelled():
            rest.append(f'<div style="font-size:90%"><i>{escape(label)}:</i> {_inline(value)}</div>')
        for quote in rule.quotes:
            where = escape(quote.document.cite(quote.section))
            translation = "" if japanese else f"<div><i>{escape(quote.translation)}</i></div>"
            rest.append(
                '<blockquote style="margin:4px 0 4px 8px;font-size:90%">'
                f'<div lang="ja">{"<br>".join(escape(line) for line in quote.text.splitlines())}</div>'
                f'{translation}<div style="color:#666;font-size:85%">{where}</div></blockquote>'
            )
        if brief and rest:
            more = escape(str(_("the whole card: readings and the document's words")))
            rest = [f'<details class="gk-rule-more"><summary>{more}</summary>{"".join(rest)}</details>']
        brief_class = " gk-rule-brief" if brief else ""
        return (
            f'<div class="gk-rule{brief_class}" lang="{get_language()}" '
            f'style="border-left:4px solid {badge};padding:4px 10px;margin:6px 0">'
            + "".join(head + rest)
            + "</div>"
        )

    def _repr_html_(self) -> str:
        from .lessons import presenting

        return self.html(brief=presenting())


def _inline(text: str) -> str:
    """Escaped text with `names` set as code."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", escape(text))


class RuleCards(tuple[Rule, ...]):
    """A few rules shown together: HTML cards in a notebook, plain text elsewhere."""

    def _repr_html_(self) -> str:
        from .lessons import presenting  # brief cards while a teacher presents

        return "".join(rule.html(brief=presenting()) for rule in self)

    def __str__(self) -> str:
        return "\n\n".join(rule.text() for rule in self)

    __repr__ = __str__


def _wrap(text: str, indent: str, width: int = 96) -> list[str]:
    """Lines of at most ``width`` columns; Japanese (no spaces to break at) by display width."""
    text = " ".join(text.split())
    if not JAPANESE.search(text):
        return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent) or [
            indent.rstrip()
        ]
    room, lines, line, columns = width - len(indent), [], "", 0
    for char in text:
        wide = i18n_columns(char)
        # A line may run one character long rather than start with closing punctuation.
        if columns + wide > room and line and char not in NO_LINE_START:
            cut = line.rfind(" ")
            if char.isascii() and char.isalnum() and line[-1].isascii() and line[-1].isalnum() and cut > 0:
                # An English word in Japanese text (a name, a reading not yet translated) is not split.
                lines.append(indent + line[:cut])
                line = line[cut + 1 :]
                columns = i18n_columns(line)
            else:
                lines.append(indent + line)
                line, columns = "", 0
        if not line and char == " ":  # no line starts with the space it broke at
            continue
        line += char
        columns += wide
    return [*lines, indent + line]


def _folder() -> Path:
    return data_dir() / "rules"


def games() -> tuple[str, ...]:
    """The games whose rules the reference holds: every registered game, in the registry's order."""
    return registry.registered()


def prefixes() -> dict[str, str]:
    """Each rule ID prefix and whose rules it names: the registered games', then the classroom's."""
    return {registry.game_class(name).rule_prefix: name for name in games()} | OTHER_PREFIXES


def __getattr__(name: str) -> Any:
    # ``GAME_FILES`` and ``PREFIXES`` as they were, read from the registry when asked for.
    if name == "GAME_FILES":
        return games()
    if name == "PREFIXES":
        return prefixes()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@cache
def sources() -> dict[str, Source]:
    """The bibliography: every source document by its key."""
    data = tomllib.loads((_folder() / "sources.toml").read_text(encoding="utf-8"))
    return {
        entry["key"]: Source(
            key=entry["key"],
            title=entry["title"],
            original_title=entry["original_title"],
            edition=entry["edition"],
            language=entry["language"],
            games=tuple(entry["games"]),
            covers=" ".join(entry["covers"].split()),
            number=entry["number"],
        )
        for entry in data["source"]
    }


def _rule(game: str, entry: dict[str, Any]) -> Rule:
    quotes = tuple(
        Quote(
            source=q["source"],
            text=q["text"].strip(),
            translation=" ".join(q["translation"].split()),
            section=q.get("section", ""),
        )
        for q in entry.get("quotes", ())
    )

    def prose(key: str) -> str | None:
        value = entry.get(key)
        return " ".join(value.split()) if value else None

    return Rule(
        id=entry["id"],
        game=game,
        title=entry["title"],
        kind=entry["kind"],
        statement=" ".join(entry["statement"].split()),
        quotes=quotes,
        options=(entry["option"],)
        if isinstance(entry.get("option"), str)
        else tuple(entry.get("option", ())),
        reading=prose("reading"),
        why=prose("why"),
        built_from=prose("built_from"),
        ja=tuple((key, _join_ja(value)) for key, value in entry.get("ja", {}).items()),
    )


def _join_ja(text: str) -> str:
    """Japanese prose from a TOML string wrapped over lines: lines joined without the space that
    English needs, except where a line ends or starts with a Latin letter or digit."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    out = lines[0] if lines else ""
    for line in lines[1:]:
        latin = re.match(r"[A-Za-z0-9`(]", line) and re.search(r"[A-Za-z0-9`),.]$", out)
        out += (" " if latin else "") + line
    return out


@cache
def _game_rules(game: str) -> dict[str, Rule]:
    """One game's entries, read from its file (``registry.rules_file``) on first use."""
    file = _folder() / f"{game}.toml" if game in OTHER_FILES else registry.rules_file(game)
    data = tomllib.loads(file.read_text(encoding="utf-8"))
    return {entry["id"]: _rule(game, entry) for entry in data["rule"]}


def _reference() -> dict[str, Rule]:
    return {rule_id: rule for game in games() + OTHER_FILES for rule_id, rule in _game_rules(game).items()}


def all_rules(game: str | None = None) -> list[Rule]:
    """Every rule of the reference (of one game, or of all, the classroom's CL-* last), in order."""
    if game is None:
        return list(_reference().values())
    if game not in games() + OTHER_FILES:
        known = ", ".join(games() + OTHER_FILES)
        raise KeyError(
            _("no game named {game!r} in the rules reference; games: {known}", game=game, known=known)
        )
    return list(_game_rules(game).values())


def ids() -> list[str]:
    """Every rule ID of the reference, in order."""
    return list(_reference())


def get(rule_id: str) -> Rule:
    """One rule by its ID (any case)."""
    wanted = rule_id.strip().upper()
    known_prefixes = prefixes()
    game = known_prefixes.get(wanted.split("-")[0])
    rule = _game_rules(game).get(wanted) if game else None
    if rule is None:
        known = [r.id for r in all_rules(game)] if game else [f"{p}-..." for p in known_prefixes]
        raise KeyError(
            _(
                "no rule {rule!r} in gamekit's rules reference; known: {known}",
                rule=rule_id,
                known=", ".join(known),
            )
        )
    return rule


read_rules_from(get)  # IllegalAction.rule reads this reference


def cards(*rule_ids: str | Iterable[str]) -> RuleCards:
    """Rules to show in a lesson: ``cards(first_id, second_id)`` displays one card each."""
    flat: list[str] = []
    for item in rule_ids:
        flat.extend([item] if isinstance(item, str) else item)
    return RuleCards(get(rule_id) for rule_id in flat)


def cited(text: str) -> list[str]:
    """The rule IDs a text cites, in order of first appearance (``"... (CL-12)"`` → ``["CL-12"]``):
    those of ``RULE_ID``'s shape whose prefix is a registered game's or the classroom's."""
    known = prefixes()
    found = (match.group(0) for match in RULE_ID.finditer(text))
    return list(dict.fromkeys(i for i in found if i.split("-")[0] in known))


def bibliography() -> str:
    """The source documents as plain text, one paragraph each."""
    blocks = []
    for source in sources().values():
        blocks.append(
            "\n".join(
                [
                    f"[{source.key}] {source.title} ({source.original_title}; {source.language})",
                    *_wrap(str(_("Edition: {edition}.", edition=source.edition)), "    "),
                    *_wrap(source.covers, "    "),
                ]
            )
        )
    return "\n\n".join(blocks)
