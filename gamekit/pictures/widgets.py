"""A still picture of a widget, saved with it, so exports, GitHub and the static site show it.

A live widget's saved output is only a reference to a model in the kernel: without the kernel
(nbconvert's HTML, GitHub, the lessons' site) it shows nothing. ``bundle(widget)`` is the
widget's own output (the live view) plus ``text/html`` and ``text/plain`` drawn from its state at
the moment it is shown: the pictures and text it holds, its controls drawn disabled. Jupyter
still shows the live widget; anything that cannot shows the picture. ``install()`` (done when
gamekit is imported in IPython) makes every ipywidget shown in the session carry its picture,
those a lesson builds itself included. ``blank_widget_outputs`` counts the saved widget outputs
that have no picture.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from html import escape, unescape
from html.parser import HTMLParser
from typing import Any

from ..core.i18n import domain
from .base import STYLE
from .portable import portable

_ = domain("teaching")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
_CONTROL = 'style="font:inherit;margin:2px 4px 2px 0;opacity:0.75"'


def _hidden(widget: Any) -> bool:
    layout = getattr(widget, "layout", None)
    return getattr(layout, "display", None) == "none" or getattr(layout, "visibility", None) == "hidden"


def _label(widget: Any) -> str:
    text = getattr(widget, "description", "") or ""
    return f'<span class="gk-still-label" style="margin-right:4px">{escape(str(text))}</span>' if text else ""


def _output_html(output: Mapping[str, Any]) -> str:
    """One saved output of an Output widget as HTML (its HTML, else its text)."""
    data = output.get("data") or {}
    if "text/html" in data:
        html = data["text/html"]
        return "".join(html) if isinstance(html, list) else str(html)
    if output.get("output_type") == "stream":
        return f"<pre>{escape(str(output.get('text', '')))}</pre>"
    if "image/png" in data:
        return f'<img src="data:image/png;base64,{data["image/png"]}" alt="">'
    text = data.get("text/plain", "")
    text = "".join(text) if isinstance(text, list) else str(text)
    return f"<pre>{escape(text)}</pre>" if text else ""


def _item_html(item: Any) -> str:
    """Something an Output widget displayed (kept by the widget that displayed it) as HTML."""
    if _is_widget(item):
        return still_html(item, caption=False)
    bundle = getattr(item, "_repr_mimebundle_", None)
    if callable(bundle):
        try:
            data = bundle()
        except TypeError:
            data = None
        if isinstance(data, tuple):
            data = data[0]
        if isinstance(data, Mapping) and "text/html" in data:
            return str(data["text/html"])
    html = getattr(item, "_repr_html_", None)
    if callable(html):
        shown = html()
        if shown:
            return str(shown)
    return f"<pre>{escape(repr(item))}</pre>"


def _is_widget(obj: Any) -> bool:
    return any(c.__name__ == "Widget" and c.__module__.startswith("ipywidgets") for c in type(obj).__mro__)


def _control(widget: Any) -> str:
    """One widget (and its children) as disabled HTML controls."""
    if _hidden(widget):
        return ""
    kind = type(widget).__name__
    children = getattr(widget, "children", None)
    if children is not None:  # a box
        direction = "row" if "HBox" in {c.__name__ for c in type(widget).__mro__} else "column"
        wrap = "wrap" if direction == "row" else "nowrap"
        inner = "".join(_control(child) for child in children)
        return f'<div style="display:flex;flex-direction:{direction};flex-wrap:{wrap};gap:4px">{inner}</div>'
    if hasattr(widget, "outputs") and kind == "Output":
        shown = [_output_html(o) for o in widget.outputs]
        if not shown:
            shown = [_item_html(item) for item in getattr(widget, "_gk_items", ())]
        return "<div>" + "".join(shown) + "</div>"
    value = getattr(widget, "value", None)
    if kind in ("HTML", "HTMLMath", "Label"):
        return f"<div>{value if kind != 'Label' else escape(str(value))}</div>"
    if kind == "Button":
        return f"<button disabled {_CONTROL}>{escape(str(widget.description))}</button>"
    if kind in ("Checkbox", "ToggleButton"):
        checked = " checked" if value else ""
        return (
            f'<label style="margin-right:8px"><input type="checkbox" disabled{checked}> '
            f"{escape(str(widget.description))}</label>"
        )
    labels = getattr(widget, "_options_labels", None)
    if kind in ("ToggleButtons", "RadioButtons") and labels is not None:
        chosen = getattr(widget, "label", None)
        buttons = "".join(
            f"<button disabled {_CONTROL}>{'<b>' if label == chosen else ''}{escape(str(label))}"
            f"{'</b>' if label == chosen else ''}</button>"
            for label in labels
        )
        return f"<div>{_label(widget)}{buttons}</div>"
    if labels is not None:  # a menu
        chosen = getattr(widget, "label", None)
        options = "".join(
            f"<option{' selected' if label == chosen else ''}>{escape(str(label))}</option>"
            for label in labels
        )
        return f"<div>{_label(widget)}<select disabled {_CONTROL}>{options}</select></div>"
    if "Slider" in kind:
        low, high = getattr(widget, "min", ""), getattr(widget, "max", "")
        return (
            f'<div>{_label(widget)}<input type="range" disabled min="{low}" max="{high}" '
            f'value="{value}" {_CONTROL}> <span>{escape(str(value))}</span></div>'
        )
    if "Text" in kind:
        placeholder = escape(str(getattr(widget, "placeholder", "") or ""), quote=True)
        shown = escape("" if value is None else str(value), quote=True)
        return (
            f'<div>{_label(widget)}<input type="text" disabled value="{shown}" '
            f'placeholder="{placeholder}" {_CONTROL}></div>'
        )
    if value is not None:
        return f"<div>{_label(widget)}{escape(str(value))}</div>"
    return ""


def still_html(widget: Any, caption: bool = True) -> str:
    """The widget as it is now, as HTML that needs no kernel: its HTML and pictures as they are
    (SVGs as images, the style sheet inlined: ``portable``), controls disabled, and a caption
    saying it is a picture of the live widget."""
    inner = _control(widget)
    words = _("A picture of this widget as it first appeared: run the cell to use it.")
    note = (
        '<div class="gk-still-note" style="color:#666;font-size:85%;margin-top:4px">'
        + escape(words)
        + "</div>"
        if caption
        else ""
    )
    return portable(f'<div class="gk-still">{inner}{note}</div>', STYLE)


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self.skip += 1
        elif tag in ("div", "li", "tr", "br", "p", "h1", "h2", "h3", "table"):
            self.parts.append("\n")
        elif tag == "img":
            alt = dict(attrs).get("alt")
            if alt:
                self.parts.append(f"[{alt}]")
        elif tag in ("button", "td", "th", "option"):
            self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self.skip = max(0, self.skip - 1)

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


def plain_text(html: str, limit: int = 4000) -> str:
    """What a terminal or a plain-text reader shows for a picture: its words, line by line."""
    parser = _Text()
    parser.feed(html)
    lines = [" ".join(line.split()) for line in unescape("".join(parser.parts)).splitlines()]
    text = "\n".join(line for line in lines if line)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def bundle(widget: Any) -> dict[str, Any] | None:
    """The widget's own output (its live view) with its still picture as ``text/html`` and
    ``text/plain``; None for a closed widget (as ipywidgets does)."""
    method = getattr(widget, "_repr_mimebundle_", None)
    data = method() if callable(method) else None
    if not data or WIDGET_VIEW not in data:
        return data
    try:
        html = still_html(widget)
    except Exception:  # a picture that cannot be drawn must not cost the live widget its display
        return data
    return {**data, "text/html": html, "text/plain": plain_text(html)}


def _printer(widget: Any) -> dict[str, Any] | None:
    return bundle(widget)


def install(shell: Any = None) -> bool:
    """Make every ipywidget shown in this IPython session carry its still picture (registered by
    name, so ipywidgets is not imported until a widget is shown). False outside IPython."""
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:  # pragma: no cover - gamekit without IPython
            return False
        shell = get_ipython()
    if shell is None:
        return False
    formatter = shell.display_formatter.mimebundle_formatter
    formatter.for_type_by_name("ipywidgets.widgets.widget", "Widget", _printer)
    return True


def _outputs(notebook: Mapping[str, Any]) -> Iterable[tuple[int, Mapping[str, Any]]]:
    for index, cell in enumerate(notebook.get("cells", ())):
        for output in cell.get("outputs", ()) or ():
            yield index, output


def blank_widget_outputs(notebook: Mapping[str, Any]) -> list[int]:
    """The cells (by index) of a saved notebook with a widget output that shows nothing without
    the kernel: a live-widget view with no ``text/html`` picture, or an empty one."""
    blank = []
    for index, output in _outputs(notebook):
        data = output.get("data") or {}
        if WIDGET_VIEW not in data:
            continue
        html = data.get("text/html", "")
        html = "".join(html) if isinstance(html, list) else str(html)
        if not re.sub(r"<[^>]*>|\s", "", html):
            blank.append(index)
    return blank
