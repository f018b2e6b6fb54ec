"""How far apart a figure's series look to readers with a colour vision deficiency.

``simulate`` shows a colour as a dichromat sees it (Machado, Oliveira & Fernandes 2009, "A
Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE TVCG 15(6): the
severity-1 matrices of protanopia, deuteranopia and tritanopia, applied to linear sRGB and clipped
to the gamut); ``delta_e`` is the CIE76 distance of two colours in CIELAB (D65 white) after
that simulation. ``series_of`` reads the series of a plotly figure (a named trace in its legend,
with its legend group) and their colours and marks, ``closest`` the two series of one figure that
come nearest under any of the three simulations. ``tests/test_cvd.py`` holds every figure of the
package to ``MIN_DELTA_E``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .labels import plain

# Machado et al. 2009, severity 1.0 (their Table; in linear RGB).
MACHADO_2009: dict[str, np.ndarray] = {
    "protanopia": np.array(
        [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
    ),
    "deuteranopia": np.array(
        [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
    ),
    "tritanopia": np.array(
        [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]
    ),
}
VISIONS: tuple[str | None, ...] = (None, "protanopia", "deuteranopia", "tritanopia")

# Two series closer than this (CIE76 ΔE*ab, under normal vision or any of the three simulations)
# fail. 2.3 is a just-noticeable difference for large patches side by side (Sharma 2003); a
# series is a thin line or a small marker read against a legend or a label, where differences
# shrink (Stone, Szafir & Setlur 2014), so we ask for several times that. 15 is the largest round
# number the whole Okabe-Ito palette meets under all three simulations (its closest pair, sky blue
# and bluish green under tritanopia, is 16.1), and it fails every pair the issue measured
# (1.2, 4.7, 7.7).
MIN_DELTA_E = 15.0

# sRGB (D65) to CIE XYZ, IEC 61966-2-1; the D65 white of CIELAB.
_SRGB_TO_XYZ = np.array(
    [[0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750], [0.0193339, 0.1191920, 0.9503041]]
)
_WHITE = np.array([0.95047, 1.0, 1.08883])
_NAMED = {"white": "#ffffff", "black": "#000000", "grey": "#808080", "gray": "#808080"}


def parse(colour: str, background: str = "#ffffff") -> np.ndarray:
    """A plotly colour (``#rgb``, ``#rrggbb``, ``rgb(...)``, ``rgba(...)``, a few names) as sRGB in
    [0, 1]; a translucent colour is composited over ``background`` (the page it is seen on)."""
    text = _NAMED.get(colour.strip().lower(), colour.strip())
    if text.startswith("#"):
        digits = text[1:]
        if len(digits) == 3:
            digits = "".join(c * 2 for c in digits)
        if len(digits) != 6:
            raise ValueError(f"not a colour: {colour!r}")
        return np.array([int(digits[k : k + 2], 16) / 255 for k in (0, 2, 4)])
    match = re.fullmatch(r"rgba?\(\s*([^)]*)\)", text)
    if not match:
        raise ValueError(f"not a colour gamekit reads: {colour!r}")
    parts = [float(p) for p in match.group(1).split(",")]
    rgb = np.array(parts[:3]) / 255
    alpha = parts[3] if len(parts) == 4 else 1.0
    return alpha * rgb + (1 - alpha) * parse(background)


def to_linear(srgb: np.ndarray) -> np.ndarray:
    return np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)


def from_linear(linear: np.ndarray) -> np.ndarray:
    return np.where(linear <= 0.0031308, 12.92 * linear, 1.055 * np.power(linear, 1 / 2.4) - 0.055)


def simulate(srgb: np.ndarray, vision: str | None) -> np.ndarray:
    """``srgb`` as seen with ``vision`` ("protanopia", "deuteranopia", "tritanopia"; None: as is)."""
    if vision is None:
        return np.asarray(srgb, dtype=float)
    return from_linear(np.clip(MACHADO_2009[vision] @ to_linear(np.asarray(srgb, dtype=float)), 0, 1))


def lab(srgb: np.ndarray) -> np.ndarray:
    """CIELAB (L*, a*, b*) of an sRGB colour, D65 white."""
    xyz = _SRGB_TO_XYZ @ to_linear(np.asarray(srgb, dtype=float)) / _WHITE
    delta = 6 / 29
    f = np.where(xyz > delta**3, np.cbrt(xyz), xyz / (3 * delta**2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def delta_e(first: str, second: str, vision: str | None = None) -> float:
    """CIE76 ΔE*ab of two plotly colours as seen with ``vision``."""
    a, b = (lab(simulate(parse(c), vision)) for c in (first, second))
    return float(np.linalg.norm(a - b))


# ------------------------------------------------------------------------------ a figure's series
@dataclass
class Series:
    """One legend entry of a figure: its traces' colours and marks, and the panels it is drawn in."""

    name: str
    colours: set[str] = field(default_factory=set)
    marks: set[tuple[str, str, str, str]] = field(default_factory=set)  # (kind, symbol, dash, pattern)
    panels: set[tuple[str, str]] = field(default_factory=set)


def _first(value: Any) -> Any:
    """A plotly property that may be one value or one per point: its values, as a list."""
    if value is None:
        return []
    if isinstance(value, str) or not isinstance(value, Iterable):
        return [value]
    return list(value)


def _trace_colours(trace: Any, default: str) -> tuple[list[str], tuple[str, str, str, str]]:
    """The colours a trace is drawn in and its mark (kind, symbol, dash, bar pattern)."""
    kind = trace.type
    colours: list[str] = []
    symbol = dash = pattern = ""
    if kind == "scatter":
        mode = trace.mode or "lines+markers"
        fill = getattr(trace, "fill", None)
        if fill and fill != "none":
            colours += _first(trace.fillcolor) or [default]
            kind = "area"
        if "lines" in mode and (trace.line.width is None or trace.line.width > 0):
            colours += _first(trace.line.color) or [default]
            dash = trace.line.dash or "solid"
            kind = "line" if kind == "scatter" else kind
        if "markers" in mode:
            colours += [c for c in _first(trace.marker.color) if isinstance(c, str)] or [default]
            symbol = str(trace.marker.symbol or "circle")
            kind = "markers" if kind == "scatter" else kind + "+markers"
        if "text" in mode and not colours:
            kind = "text"
    elif kind in ("bar", "box", "histogram", "violin"):
        colours += [c for c in _first(trace.marker.color) if isinstance(c, str)] or [default]
        if kind == "bar" and trace.marker.pattern is not None:
            pattern = trace.marker.pattern.shape or ""
            pattern = pattern if isinstance(pattern, str) else ",".join(pattern)
    else:
        colours += [c for c in _first(getattr(trace.marker, "color", None)) if isinstance(c, str)] or [
            default
        ]
    return colours, (kind, symbol, dash, pattern)


def series_of(fig: Any) -> list[Series]:
    """The series of a figure: each named trace shown in its legend or named by a direct label
    (``labels.label_lines``), with the traces of its legend group; a trace without an explicit colour takes the template's colourway by its index
    (as plotly.js does)."""
    colourway = list(fig.layout.colorway or fig.layout.template.layout.colorway or ["#444444"])
    legend = fig.layout.showlegend is not False
    written = [plain(a.text or "") for a in fig.layout.annotations]
    found: dict[str, Series] = {}
    members: dict[str, list[Any]] = {}
    for index, trace in enumerate(fig.data):
        key = trace.legendgroup or trace.name
        if not key:
            continue
        members.setdefault(key, []).append((index, trace))
    for key, traces in members.items():
        shown = any(t.name and t.showlegend is not False for _i, t in traces)
        labelled = any(t.name and any(text.endswith(plain(t.name)) for text in written) for _i, t in traces)
        if not ((legend and shown) or labelled):
            continue
        entry = found.setdefault(key, Series(str(key)))
        for index, trace in traces:
            colours, mark = _trace_colours(trace, colourway[index % len(colourway)])
            entry.colours.update(colours)
            entry.marks.add(mark)
            entry.panels.add((trace.xaxis or "x", trace.yaxis or "y"))
    return list(found.values())


@dataclass
class Closest:
    """The nearest two series of a figure, how near (ΔE) and under which vision."""

    delta_e: float
    first: str = ""
    second: str = ""
    vision: str | None = None


def closest(fig: Any, visions: Sequence[str | None] = VISIONS) -> Closest:
    """The two series of ``fig`` that share a panel and come nearest in colour under any of
    ``visions`` (ΔE of their nearest colours); ``inf`` when no two series share a panel.

    Two series drawn in one same colour are one family on purpose (a format's bids, its
    equilibrium line and its means), told apart by their marks (``colour_only``), not compared."""
    best = Closest(float("inf"))
    for a, b in itertools.combinations(series_of(fig), 2):
        if not a.panels & b.panels or _same(a.colours) & _same(b.colours):
            continue
        for vision in visions:
            for x, y in itertools.product(sorted(a.colours), sorted(b.colours)):
                d = delta_e(x, y, vision)
                if d < best.delta_e:
                    best = Closest(d, a.name, b.name, vision)
    return best


def _same(colours: set[str]) -> set[tuple[float, ...]]:
    return {tuple(np.round(parse(c), 4)) for c in colours}


def colour_only(fig: Any) -> list[tuple[str, str]]:
    """Pairs of series of one panel told apart by colour alone: the same kind of mark, marker
    symbol, dash and bar pattern."""
    return [
        (a.name, b.name)
        for a, b in itertools.combinations(series_of(fig), 2)
        if a.panels & b.panels and a.marks & b.marks
    ]


__all__ = [
    "MACHADO_2009",
    "MIN_DELTA_E",
    "VISIONS",
    "Closest",
    "Series",
    "closest",
    "colour_only",
    "delta_e",
    "lab",
    "parse",
    "series_of",
    "simulate",
]
