"""Direct labels: a line's name written at its end, so a reader never matches colours to a legend.

A legend asks the eye to carry a colour from the key to the line; with colour-blind eyes, on a
projector or on paper that fails first. ``label_lines`` writes each line series' name beside its
last point, after a short stroke of its colour, nudges labels apart that would overlap, and
hides the legend when every series it listed is labelled.
"""

from __future__ import annotations

import math
import re
from typing import Any

from ..core.i18n import columns

WRAP = 24  # characters a label line holds before it wraps
CHAR_PX = 7.5  # average width of a character of the labels' 13 px font
GAP_PX = 17  # least vertical distance between two labels' middles, per line of text


def plain(text: str) -> str:
    """An annotation's text without its markup: what a reader sees, on one line."""
    return " ".join(re.sub(r"<[^>]+>", " ", text.replace("<br>", " ")).split())


def width(text: str) -> int:
    """Columns ``text`` takes: a wide (CJK) character counts two."""
    return columns(text)


def _pieces(word: str, size: int) -> list[str]:
    """A word too wide for a line (Japanese has no spaces) cut into pieces of ``size`` columns."""
    out = [""]
    for char in word:
        if out[-1] and width(out[-1] + char) > size:
            out.append("")
        out[-1] += char
    return out


def _wrap(text: str, size: int = WRAP) -> list[str]:
    lines: list[str] = []
    for word in str(text).split():
        first, *rest = _pieces(word, size)
        if lines and width(lines[-1]) + 1 + width(first) <= size:
            lines[-1] += " " + first
        else:
            lines.append(first)
        lines += rest
    return lines or [""]


def _finite(value: Any) -> bool:
    try:
        return value is not None and math.isfinite(float(value))
    except (TypeError, ValueError):
        return False


def _axis(fig: Any, ref: str, letter: str) -> Any:
    name = f"{letter}axis{ref[1:]}"
    try:
        return fig.layout[name]
    except (KeyError, ValueError):
        return None


def _coordinate(value: float, axis: Any) -> float:
    """Annotations on a log axis are placed in log10 units."""
    return math.log10(value) if axis is not None and axis.type == "log" and value > 0 else value


def _reach(trace: Any) -> list[float]:
    """The heights a trace reaches: its points and the ends of its error bars."""
    ys = [float(y) if _finite(y) else math.nan for y in trace.y]
    out = [y for y in ys if not math.isnan(y)]
    bars = trace.error_y
    if bars is not None and bars.array is not None:
        up = list(bars.array)
        down = list(bars.arrayminus) if bars.arrayminus is not None and not bars.symmetric else up
        for y, u, d in zip(ys, up, down, strict=False):
            if not math.isnan(y) and _finite(u) and _finite(d):
                out += [y + float(u), y - float(d)]
    return out


def _span(fig: Any, panel: tuple[str, str], reached: list[float]) -> tuple[float, float]:
    """The y range a panel shows: its axis's own range if set, else what its traces reach (from 0
    when the axis starts at zero)."""
    axis = _axis(fig, panel[1], "y")
    if axis is not None and axis.range is not None and None not in axis.range:
        low, high = (float(v) for v in axis.range)
        return (low, high) if axis.type != "log" else (10**low, 10**high)
    low, high = min(reached), max(reached)
    if axis is not None and axis.rangemode == "tozero":
        low, high = min(low, 0.0), max(high, 0.0)
    return low, high


def label_lines(fig: Any, names: set[str] | None = None, hide_legend: bool = True) -> Any:
    """Write the name of each line series of ``fig`` (or of those in ``names``) at its right end.

    Labels of one panel closer than ``GAP_PX`` are moved apart (the plot's height in pixels is
    estimated from the layout); the right margin grows to hold the longest label. With
    ``hide_legend`` the legend goes when every series it showed is labelled. Returns ``fig``."""
    layout = fig.layout
    height = (layout.height or 450) - (layout.margin.t or 80) - (layout.margin.b or 80)
    panels: dict[tuple[str, str], list[dict[str, Any]]] = {}
    spans: dict[tuple[str, str], list[float]] = {}
    labelled: set[str] = set()
    for trace in fig.data:
        panel = (trace.xaxis or "x", trace.yaxis or "y")
        if trace.type != "scatter" or trace.y is None:
            continue
        spans.setdefault(panel, []).extend(_reach(trace))
        if not trace.name or trace.showlegend is False or "lines" not in (trace.mode or "lines"):
            continue
        if names is not None and trace.name not in names:
            continue
        points = [
            (float(x), float(y)) for x, y in zip(trace.x, trace.y, strict=False) if _finite(x) and _finite(y)
        ]
        if not points:
            continue
        x_end, y_end = max(points)
        colour = trace.line.color or trace.marker.color or "#444444"
        lines = _wrap(trace.name)
        panels.setdefault(panel, []).append(
            {"x": x_end, "y": y_end, "colour": colour, "lines": lines, "name": trace.name}
        )
        labelled.add(trace.name)
    widest = 0
    for panel, labels in panels.items():
        low, high = _span(fig, panel, spans[panel])
        scale = height / (high - low) if high > low else 0.0
        labels.sort(key=lambda label: label["y"])
        placed: list[float] = []
        for label in labels:
            want = (label["y"] - low) * scale
            if placed:
                previous = labels[len(placed) - 1]
                need = GAP_PX * (len(previous["lines"]) + len(label["lines"])) / 2
                want = max(want, placed[-1] + need)
            placed.append(want)
        # centre the block of labels on the lines again when pushing moved it all upwards
        excess = max(0.0, placed[-1] - max((label["y"] - low) * scale for label in labels)) / 2
        for label, at in zip(labels, placed, strict=True):
            shift = at - excess - (label["y"] - low) * scale
            xaxis, yaxis = _axis(fig, panel[0], "x"), _axis(fig, panel[1], "y")
            fig.add_annotation(
                x=_coordinate(label["x"], xaxis),
                y=_coordinate(label["y"], yaxis),
                xref=panel[0],
                yref=panel[1],
                xanchor="left",
                yanchor="middle",
                xshift=10,
                yshift=shift,
                showarrow=False,
                align="left",
                font={"size": 13},
                text=f'<span style="color:{label["colour"]}">━━</span> ' + "<br>".join(label["lines"]),
            )
            widest = max(widest, max(width(line) for line in label["lines"]) + 3)
    if widest:
        right = layout.margin.r or 80
        fig.update_layout(margin={"r": max(right, int(widest * CHAR_PX) + 30)})
    if hide_legend:
        shown = {t.name for t in fig.data if t.name and t.showlegend is not False}
        if shown and shown <= labelled:
            fig.update_layout(showlegend=False)
    return fig


__all__ = ["label_lines", "plain"]
