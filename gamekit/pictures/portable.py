"""A picture's HTML in a form that renders where inline SVG and style sheets do not.

JupyterLab sanitizes the HTML of an untrusted notebook (one opened before it is run): it drops
``<svg>`` and ``<style>`` and keeps ``<img>`` (a data-URI ``src`` included) and ``style``
attributes. GitHub likewise drops ``<style>`` and ``<script>``. So ``portable(html)``

* turns each inline ``<svg>`` into ``<img src="data:image/svg+xml;base64,...">`` whose ``alt`` is
  the SVG's ``<title>`` (what a screen reader read before), keeping its class and size, and
* copies the rules of the style sheet onto the elements they match (``style`` attributes), so
  the picture keeps its layout when the ``<style>`` block is removed.
"""

from __future__ import annotations

import base64
import re
from html import escape, unescape
from html.parser import HTMLParser

_SVG = re.compile(r"<svg\b(?P<attrs>[^>]*)>(?P<body>.*?)</svg>", re.S)
_TITLE = re.compile(r"<title>(.*?)</title>", re.S)
_ATTR = re.compile(r'\b(class|width|height|style|aria-label)="([^"]*)"')
_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def svg_to_img(html: str) -> str:
    """Each inline ``<svg>...</svg>`` of ``html`` as an ``<img>`` with a data URI and alt text."""

    def replace(match: re.Match) -> str:
        svg = match.group(0)
        if "xmlns=" not in match.group("attrs"):
            svg = svg.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1)
        attrs = dict(_ATTR.findall(match.group("attrs")))
        title = _TITLE.search(match.group("body"))
        alt = unescape(title.group(1)).strip() if title else attrs.get("aria-label", "")
        data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
        extra = "".join(f' {k}="{attrs[k]}"' for k in ("class", "width", "height", "style") if k in attrs)
        return (
            f'<img src="data:image/svg+xml;base64,{data}" alt="{escape(unescape(alt), quote=True)}"{extra}>'
        )

    return _SVG.sub(replace, html)


def _rules(css: str) -> list[tuple[list[tuple[str, set[str]]], str]]:
    """The style sheet's rules as (selector as [(tag, classes), ...] from outer to inner, declarations)."""
    css = re.sub(r"</?style>", "", css)
    rules = []
    for selectors, body in _RULE.findall(css):
        declarations = " ".join(body.split()).strip().rstrip(";")
        for selector in selectors.split(","):
            parts = []
            for simple in selector.split():
                tag, *classes = simple.split(".")
                parts.append((tag, set(classes)))
            if parts:
                rules.append((parts, declarations))
    return rules


def _matches(part: tuple[str, set[str]], tag: str, classes: set[str]) -> bool:
    want_tag, want_classes = part
    return (not want_tag or want_tag == tag) and want_classes <= classes


def _selector_matches(parts: list[tuple[str, set[str]]], stack: list[tuple[str, set[str]]]) -> bool:
    """Does a descendant selector match the last element of ``stack`` (its ancestors before it)?"""
    if not _matches(parts[-1], *stack[-1]):
        return False
    i = len(stack) - 2
    for part in reversed(parts[:-1]):
        while i >= 0 and not _matches(part, *stack[i]):
            i -= 1
        if i < 0:
            return False
        i -= 1
    return True


class _Inliner(HTMLParser):
    def __init__(self, rules: list) -> None:
        super().__init__(convert_charrefs=False)
        self.rules = rules
        self.stack: list[tuple[str, set[str]]] = []
        self.edits: list[tuple[int, int, str]] = []  # (line, column, new start tag) in source order
        self.originals: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = set((dict(attrs).get("class") or "").split())
        self.stack.append((tag, classes))
        declarations = [body for parts, body in self.rules if _selector_matches(parts, self.stack)]
        if tag in _VOID:
            self.stack.pop()
        if not declarations:
            return
        original = self.get_starttag_text() or ""
        own = dict(attrs).get("style")
        style = "; ".join([*declarations, *([own] if own else [])])  # the element's own style wins
        rest = re.sub(r'\sstyle="[^"]*"', "", original[len(tag) + 1 :])
        self.edits.append((*self.getpos(), f'<{tag} style="{escape(style, quote=True)}"{rest}'))
        self.originals.append(original)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in _VOID:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):  # tolerate unclosed inner elements
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break


def inline_styles(html: str, css: str) -> str:
    """``html`` with the declarations of each rule of ``css`` that matches an element copied into
    its ``style`` attribute (selectors: tag, ``.class``, ``tag.class`` and descendants of these)."""
    parser = _Inliner(_rules(css))
    parser.feed(html)
    parser.close()
    lines = html.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    out, last = [], 0
    for (line, column, new), original in zip(parser.edits, parser.originals, strict=True):
        start = offsets[line - 1] + column
        assert html.startswith(original, start), "start tag not found where the parser saw it"
        out += [html[last:start], new]
        last = start + len(original)
    out.append(html[last:])
    return "".join(out)


def portable(html: str, css: str = "") -> str:
    """``html`` as it should travel in a notebook: SVGs as images, and the rules of ``css`` and of
    the ``<style>`` blocks inside ``html`` also inlined."""
    css += "".join(re.findall(r"<style>(.*?)</style>", html, re.S))
    return svg_to_img(inline_styles(html, css) if css.strip() else html)
