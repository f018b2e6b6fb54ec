"""Drawing pieces shared by every game's picture: cards as SVG, seat labels, the style sheet."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..core.game import SEAT_NAMES
from ..core.i18n import columns, domain

_ = domain("teaching")

STYLE = """
<style>
.gk-picture { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; font-size: 16px;
  color: #1d1d24; background: #fbfaf6; border: 1px solid #d8d4c8; border-radius: 8px;
  padding: 10px 14px; margin: 6px 0; max-width: 1100px; }
.gk-heading { font-size: 19px; margin-bottom: 8px; }
.gk-table { margin: 6px 0 10px 0; }
.gk-label { color: #55524a; margin-right: 8px; vertical-align: middle; }
.gk-seats { border-collapse: collapse; width: 100%; table-layout: auto; }
.gk-seats td { text-align: left; }
.gk-seats th { text-align: left; font-weight: 600; color: #55524a; border-bottom: 1px solid #d8d4c8;
  padding: 3px 6px; }
.gk-seats td { padding: 4px 6px; vertical-align: middle; border-bottom: 1px solid #eeebe2; }
.gk-num, .gk-seats td.gk-num { font-variant-numeric: tabular-nums; font-size: 18px; text-align: right; }
.gk-active { background: #fff3c4; }
.gk-passed td { color: #8a877f; }
.gk-none { color: #a5a198; font-style: italic; }
.gk-foot { color: #55524a; font-size: 14px; margin-top: 8px; }
.gk-result { margin-top: 8px; font-size: 17px; }
.gk-card { vertical-align: middle; margin: 1px; }
</style>
"""


def card_svg(
    label: str, colour: str, size: int = 56, title: str = "", rounded: int = 6, pattern: bool = False
) -> str:
    """A playing card as inline SVG: ``size`` pixels high, its label large and centred."""
    width = round(size * 0.72)
    font = round(size * (0.42 if len(label) <= 2 else 0.32))
    stripes = (
        "".join(
            f'<line x1="{x}" y1="0" x2="{x + size}" y2="{size}" stroke="#8d8d9c" stroke-width="2"/>'
            for x in range(-size, width, 7)
        )
        if pattern
        else ""
    )
    return (
        f'<svg class="gk-card" width="{width}" height="{size}" viewBox="0 0 {width} {size}" role="img">'
        f"<title>{escape(title)}</title>"
        f'<clipPath id="c{width}{size}"><rect width="{width}" height="{size}" rx="{rounded}"/></clipPath>'
        f'<rect width="{width}" height="{size}" rx="{rounded}" fill="{colour}"/>'
        f'<g clip-path="url(#c{width}{size})">{stripes}</g>'
        f'<rect x="1" y="1" width="{width - 2}" height="{size - 2}" rx="{rounded}" fill="none" '
        'stroke="#1d1d24" stroke-opacity="0.35"/>'
        f'<text x="50%" y="54%" dominant-baseline="middle" text-anchor="middle" fill="white" '
        f'font-size="{font}" font-weight="700" font-family="system-ui, sans-serif">{escape(label)}</text>'
        "</svg>"
    )


def seat_label(seat: int, viewer: int | None) -> str:
    """A seat's letter, marked when it is the viewer's own seat."""
    name = SEAT_NAMES[seat]
    return "<b>" + escape(_("{name} (you)", name=name)) + "</b>" if seat == viewer else f"<b>{name}</b>"


def legend(text: str) -> str:
    return f"<span>{escape(text)}</span>"


def text_table(header: Sequence[str], rows: Sequence[Sequence[str]], left: Sequence[int] = (0,)) -> str:
    """An aligned plain-text table; columns in ``left`` align left, the others right, by display
    width (``core.i18n.columns``), so Japanese cells line up in a terminal."""
    widths = [max(columns(str(line[i])) for line in (header, *rows)) for i in range(len(header))]

    def fmt(line: Sequence[str]) -> str:
        cells = []
        for i, (cell, w) in enumerate(zip(line, widths, strict=True)):
            pad = " " * (w - columns(str(cell)))
            cells.append(f"{cell}{pad}" if i in left else f"{pad}{cell}")
        return "  ".join(cells).rstrip()

    return "\n".join(fmt(line) for line in (header, *rows))
